//! The wire format: every JSON value the page reads, as typed structs. One owner for the
//! shape of the server's answers and events; `view` and the handlers fill them in.
//!
//! The page's copy of these shapes is `web/js/types.js` (JSDoc typedefs of the same
//! names and fields); the test in `typedefs_match.rs` checks that the two agree. The list
//! of saved games ([`crate::store::GameSummary`]), the demos ([`crate::demos::Demo`]) and
//! the search figures ([`crate::slots::SearchStats`]) are serialized as their owners
//! define them, and checked the same way.

mod answers;
mod errors;
mod events;
mod game;
mod online;
mod review;
#[cfg(test)]
mod typedefs_match;

pub use answers::{
    AnalysisStarted, Deleted, DemoList, GameList, HintAnswer, ServerInfo, Stats, Stopped,
};
pub use errors::{ErrorBody, Refusal};
pub use events::{AnalysisEvent, Event, InfoEvent};
pub use game::{
    AnalysisLine, ForbiddenPoint, GameView, OpeningView, PlayersView, Point, Score, SetupStone,
};
pub use online::{ChatLog, ChatMessage, ClockView, OnlineView, SeatGranted, SeatOf, SeatView};
pub use review::{PlayerReview, ReviewState, ReviewSummary, ReviewView, ReviewedMove};
