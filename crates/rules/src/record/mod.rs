//! Game records: what a saved game holds, and its text formats (SGF, PSQ, move strings).

mod format;
mod info;
mod psq;
mod sgf;

pub use format::{read_record, read_record_with_info, Format};
pub use info::{today, Judgement, MoveNote, RecordInfo, RecordResult, WinBy};
pub use psq::{read_psq, write_psq, write_psq_with_info};
pub use sgf::{read_sgf, read_sgf_with_info, write_sgf, write_sgf_annotated, write_sgf_with_info};

use crate::error::RecordError;
use crate::game::Game;
use crate::types::{check_size, Color, Pos, Rule};

/// A game as a record: rule, size, optional start position, moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub rule: Rule,
    pub size: u8,
    /// Black stones of the start position (empty for a normal game).
    pub setup_black: Vec<Pos>,
    /// White stones of the start position.
    pub setup_white: Vec<Pos>,
    /// Who plays the first of `moves`.
    pub first_to_move: Color,
    pub moves: Vec<Pos>,
}

impl Record {
    /// A record of a normal game (no set-up stones).
    pub fn new(rule: Rule, size: u8, moves: Vec<Pos>) -> Record {
        Record {
            rule,
            size,
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            first_to_move: Color::Black,
            moves,
        }
    }

    /// The record of a game (its start position and the moves played, not redo moves).
    pub fn from_game(game: &Game) -> Record {
        let pick = |color| {
            game.setup()
                .iter()
                .filter(|&&(_, c)| c == color)
                .map(|&(p, _)| p)
                .collect()
        };
        Record {
            rule: game.rule(),
            size: game.size(),
            setup_black: pick(Color::Black),
            setup_white: pick(Color::White),
            first_to_move: game.first_to_move(),
            moves: game.moves(),
        }
    }

    /// Whether the record starts from a set-up position.
    pub fn has_setup(&self) -> bool {
        !self.setup_black.is_empty() || !self.setup_white.is_empty()
    }

    /// Replays the record: the set-up and every move are checked by the rules core.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let size = u32::from(self.size);
        check_size(size)?;
        let mut game = if self.has_setup() || self.first_to_move != Color::Black {
            Game::from_setup(
                self.rule,
                size,
                &self.setup_black,
                &self.setup_white,
                Some(self.first_to_move),
            )?
        } else {
            Game::new(self.rule, size)?
        };
        game.replay(&self.moves)?;
        Ok(game)
    }
}
