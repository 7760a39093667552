//! A narrow checking entry for fuzzing: an engine pattern board that follows a game
//! point by point, so that a check can compare it with the rules core (legality, hash)
//! and with its own from-scratch rebuild without seeing cell indices.

use fiveinrow_rules::layout::index;
use fiveinrow_rules::{Pos, Rule};

use crate::board::pattern_board::PatternBoard;

/// The engine's board of a game, moved along with it.
#[derive(Clone)]
pub struct Mirror {
    board: PatternBoard,
}

impl Mirror {
    /// An empty board (`size` is clamped to the supported range).
    pub fn new(rule: Rule, size: u8) -> Mirror {
        Mirror {
            board: PatternBoard::new(rule, size),
        }
    }

    /// Whether the engine lets the side to move play `p`: on the board, empty and, for
    /// black under renju, not forbidden.
    pub fn is_legal(&self, p: Pos) -> bool {
        p.is_on(self.board.size()) && self.board.is_legal(index(p))
    }

    /// Plays `p` for the side to move; refuses a point the engine finds illegal.
    pub fn play(&mut self, p: Pos) -> Result<(), String> {
        if !self.is_legal(p) {
            return Err(format!("the engine board refuses {p}"));
        }
        self.board.make(index(p));
        Ok(())
    }

    /// Takes back the last move (nothing when there is none).
    pub fn undo(&mut self) {
        self.board.undo();
    }

    /// Hash of the stones and the side to move, as the rules core computes it.
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }

    /// Whether every incremental field equals a from-scratch rebuild, and if not, which.
    pub fn check(&self) -> Result<(), String> {
        self.board.rebuild_check()
    }
}
