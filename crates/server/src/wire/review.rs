//! A game's review as the page sees it (typedefs of the same names in `web/js/types.js`).

use serde::Serialize;

use super::game::{Point, Score};

/// One move as the review judges it; scores from the mover's view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedMove {
    /// 1-based.
    pub number: usize,
    /// "black" or "white".
    pub color: &'static str,
    pub point: Point,
    /// The engine's best move in the position before (none where it had no move).
    pub best: Option<Point>,
    pub before: Score,
    pub after: Score,
    /// Share of the mover's win rate given away against the best move, 0..1.
    pub loss: f64,
    /// "inaccuracy", "mistake", "blunder" or none.
    pub mark: Option<&'static str>,
}

/// A player's moves in sum.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlayerReview {
    pub moves: usize,
    pub average_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// Both players' sums.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ReviewSummary {
    pub black: PlayerReview,
    pub white: PlayerReview,
}

/// A finished review.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewView {
    /// Nodes searched per position.
    pub nodes: u64,
    /// Unix time in milliseconds.
    pub created_at: i64,
    /// Black's chance of winning at each position, the start to the end (the graph).
    pub black_winrates: Vec<f64>,
    pub moves: Vec<ReviewedMove>,
    pub summary: ReviewSummary,
}

/// `GET /api/games/{id}/review` and `POST .../review`: where the game's review stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewState {
    /// "none", "running" or "done".
    pub status: &'static str,
    /// Positions searched so far and in all (while running).
    pub done: usize,
    pub total: usize,
    pub review: Option<ReviewView>,
}
