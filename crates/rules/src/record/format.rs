//! The three text formats a game record comes in, told apart by their first characters,
//! and one reader for all of them.

use super::{read_psq, read_sgf_with_info, Record, RecordInfo};
use crate::error::RecordError;
use crate::notation::parse_moves;
use crate::types::{check_size, Rule};

/// A record's text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `h8i9j10`, or an `x,y` list on reading.
    Moves,
    Psq,
    Sgf,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Moves, Format::Psq, Format::Sgf];

    /// The name a user or a request gives (`moves`, `psq`, `sgf`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Moves => "moves",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
        }
    }

    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Guesses the format of a text: SGF opens with `(`, PSQ with `Piskvorky`; anything
    /// else is read as moves.
    pub fn detect(text: &str) -> Format {
        let t = text.trim_start();
        if t.starts_with('(') {
            Format::Sgf
        } else if t.starts_with("Piskvorky") {
            Format::Psq
        } else {
            Format::Moves
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Moves => "txt",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
        }
    }
}

/// Reads a record in `format`; `rule` and `size` are used where the format does not
/// carry them (a move string has neither; PSQ has no rule).
pub fn read_record(
    text: &str,
    format: Format,
    rule: Rule,
    size: u32,
) -> Result<Record, RecordError> {
    read_record_with_info(text, format, rule, size).map(|(record, _)| record)
}

/// Like [`read_record`], with what the record says besides its moves (SGF's root
/// properties, the opening's decisions among them; nothing for the other formats).
pub fn read_record_with_info(
    text: &str,
    format: Format,
    rule: Rule,
    size: u32,
) -> Result<(Record, RecordInfo), RecordError> {
    Ok(match format {
        Format::Sgf => read_sgf_with_info(text)?,
        Format::Psq => (read_psq(text, rule)?, RecordInfo::default()),
        Format::Moves => {
            let size = check_size(size)?;
            let record = Record::new(rule, size, parse_moves(text, size)?);
            (record, RecordInfo::default())
        }
    })
}
