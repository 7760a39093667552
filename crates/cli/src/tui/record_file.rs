//! Saving and loading a game: the file's ending picks the format (`.sgf`, `.psq`,
//! anything else a move string). Loading replays every move through the rules core.

use anyhow::{Context, Result};
use fiveinrow_rules::notation::{format_move_string, parse_moves};
use fiveinrow_rules::record::{read_psq, read_sgf, write_psq, write_sgf};
use fiveinrow_rules::{Game, Record, Rule};

pub fn save(game: &Game, file: &str) -> Result<()> {
    let record = Record::from_game(game);
    let text = if file.ends_with(".sgf") {
        write_sgf(&record)
    } else if file.ends_with(".psq") {
        write_psq(&record)?
    } else {
        format_move_string(&game.moves(), game.size()) + "\n"
    };
    std::fs::write(file, text).with_context(|| format!("writing {file}"))
}

/// Reads a game; a PSQ file without a rule, or a move string, takes `rule` (and a move
/// string `size`).
pub fn load(file: &str, rule: Rule, size: u8) -> Result<Game> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
    let record = if file.ends_with(".sgf") {
        read_sgf(&text)?
    } else if file.ends_with(".psq") {
        read_psq(&text, rule)?
    } else {
        Record::new(rule, size, parse_moves(&text, size)?)
    };
    Ok(record.to_game()?)
}
