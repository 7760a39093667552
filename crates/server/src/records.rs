//! Import and export of games as move strings, PSQ and SGF, all read and written by the
//! rules core's record module.

use fiveinrow_rules::notation::{format_move_string, parse_moves};
use fiveinrow_rules::record::{
    read_psq, read_sgf, today, write_psq_with_info, write_sgf_with_info, RecordInfo, RecordResult,
    WinBy,
};
use fiveinrow_rules::{check_size, Game, Record, RecordError, Rule};

use crate::error::ApiError;
use crate::model::{GameEntry, Player};

/// A record format the page can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `h8i9j10`, or an `x,y` list on import.
    Moves,
    Psq,
    Sgf,
}

impl Format {
    pub fn parse(name: &str) -> Result<Format, ApiError> {
        match name {
            "moves" => Ok(Format::Moves),
            "psq" => Ok(Format::Psq),
            "sgf" => Ok(Format::Sgf),
            _ => Err(ApiError::bad_request(format!(
                "unknown format '{}' (moves, psq or sgf)",
                name.chars().take(20).collect::<String>()
            ))),
        }
    }

    /// Guesses the format of pasted text.
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

/// Refuses a record longer than `limit` bytes before any parsing.
pub fn check_length(text: &str, limit: usize) -> Result<(), ApiError> {
    if text.len() > limit {
        return Err(ApiError::RecordTooLarge {
            bytes: text.len(),
            limit,
        });
    }
    Ok(())
}

/// Reads a game; `rule` and `size` are used where the format does not carry them (a move
/// string has neither; PSQ has no rule).
pub fn import(text: &str, format: Format, rule: Rule, size: u32) -> Result<Game, ApiError> {
    let record = match format {
        Format::Sgf => read_sgf(text)?,
        Format::Psq => read_psq(text, rule)?,
        Format::Moves => {
            let size = check_size(size).map_err(RecordError::from)?;
            let moves = parse_moves(text, size).map_err(RecordError::from)?;
            Record::new(rule, size, moves)
        }
    };
    Ok(record.to_game()?)
}

/// What an exported record says about a saved game besides its moves: the players
/// ("person", "computer (level N)"), the result (a resignation included) and today's date.
pub fn record_info(entry: &GameEntry) -> RecordInfo {
    let name = |player| match player {
        Player::Human => "person".to_string(),
        Player::Computer => format!("computer (level {})", entry.settings.level),
    };
    let result = match entry.resigned {
        Some(loser) => RecordResult::Win {
            winner: loser.opponent(),
            by: WinBy::Resign,
        },
        None => RecordResult::of_game(&entry.game),
    };
    RecordInfo {
        black: Some(name(entry.players.black)),
        white: Some(name(entry.players.white)),
        result: Some(result),
        date: Some(today()),
        comment: None,
    }
}

/// Writes a game's played moves (not the redo list) in `format`, with as much of `info`
/// as the format holds (SGF all of it, PSQ the names and the result, a move string none).
pub fn export(game: &Game, info: &RecordInfo, format: Format) -> Result<String, ApiError> {
    let record = Record::from_game(game);
    Ok(match format {
        Format::Sgf => write_sgf_with_info(&record, info),
        Format::Psq => write_psq_with_info(&record, info)?,
        Format::Moves if record.has_setup() => {
            return Err(RecordError::Unsupported(
                "a move string cannot hold a set-up position; use SGF".into(),
            )
            .into())
        }
        Format::Moves => format_move_string(&record.moves, record.size) + "\n",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_round_trips() {
        let game = import("h8i9j10", Format::Moves, Rule::Renju, 15).unwrap();
        let info = RecordInfo {
            black: Some("person".into()),
            white: Some("computer (level 5)".into()),
            result: Some(RecordResult::of_game(&game)),
            date: Some(today()),
            comment: None,
        };
        for f in [Format::Moves, Format::Psq, Format::Sgf] {
            let text = export(&game, &info, f).unwrap();
            assert_eq!(Format::detect(&text), f, "{text}");
            let back = import(&text, f, Rule::Renju, 15).unwrap();
            assert_eq!(back.moves(), game.moves(), "{text}");
            assert_eq!(back.rule(), Rule::Renju);
        }
    }

    #[test]
    fn bad_records_are_refused_with_the_reason() {
        assert!(import("h8 h8", Format::Moves, Rule::Renju, 15).is_err());
        assert!(import("(;GM[1]", Format::Sgf, Rule::Renju, 15).is_err());
        assert!(import("h8", Format::Moves, Rule::Renju, 99).is_err());
        assert!(Format::parse("doc").is_err());
    }
}
