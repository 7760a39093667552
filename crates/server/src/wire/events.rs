//! The events a game's WebSocket carries, `{"type": ..., ...}` (typedef `GameEvent` in
//! `web/js/types.js`, one typedef per variant: `StateEvent`, `InfoEvent`...).

use serde::Serialize;

use super::game::{AnalysisLine, GameView, Point, Score};
use super::review::ReviewView;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The game's whole state, after each change and first on every socket.
    State { game: Box<GameView> },
    /// A search ("move", "hint" or "analysis") started or ended.
    Thinking { kind: &'static str, active: bool },
    /// A search's progress.
    Info(InfoEvent),
    /// The result of "analyse this position".
    Analysis(AnalysisEvent),
    /// A hint found for the person to move.
    Hint { point: Point },
    /// The game ended (five, full board or resignation).
    End {
        result: &'static str,
        winner: Option<&'static str>,
        resigned: Option<&'static str>,
    },
    /// Something the page should show: a computer move that failed, a search error.
    Error { message: String },
    /// The game was deleted; the page closes it.
    Deleted,
    /// A review searched one more position (`done` of `total`).
    ReviewProgress { done: usize, total: usize },
    /// A review finished (and was stored).
    Reviewed { review: Box<ReviewView> },
    /// A review ended without a result: cancelled, or the game changed under it.
    ReviewEnded { reason: String },
    /// A line of an online game's chat.
    Chat(super::online::ChatMessage),
}

impl Event {
    /// The event as the text frame sent to each socket.
    pub fn to_text(&self) -> String {
        // Nothing here can fail to serialize (string keys, no maps); still no panic.
        serde_json::to_string(self).unwrap_or_else(|e| {
            serde_json::json!({ "type": "error", "message": e.to_string() }).to_string()
        })
    }
}

/// One progress report of a search; `for` is the side whose view the score takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InfoEvent {
    pub kind: &'static str,
    #[serde(rename = "for")]
    pub mover: &'static str,
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<Point>,
}

/// The best lines of a finished analysis, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnalysisEvent {
    #[serde(rename = "for")]
    pub mover: &'static str,
    pub depth: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub lines: Vec<AnalysisLine>,
}
