//! What the page is sent about an online game: seats, clocks, and the answers that hand
//! out a seat token (typedefs of the same names in `web/js/types.js`).

use serde::Serialize;

use super::game::GameView;

/// An online game's seats and clocks, inside [`GameView`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnlineView {
    /// The id of the game's link.
    pub public_id: String,
    pub black: SeatView,
    pub white: SeatView,
    pub clock: Option<ClockView>,
    /// The colour that ran out of time (and lost).
    pub lost_on_time: Option<&'static str>,
    /// Offers waiting for an answer, by the colour that made them.
    pub undo_request: Option<&'static str>,
    pub draw_offer: Option<&'static str>,
    pub rematch_offer: Option<&'static str>,
    /// The rematch's public id, once both players asked for one.
    pub rematch_id: Option<String>,
    /// The server's time (Unix ms) when this was sent, to run the clock shown.
    pub server_time: i64,
}

/// One seat: taken by someone, and whether that person's page is connected now.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeatView {
    pub taken: bool,
    pub connected: bool,
}

/// The clocks, as of `server_time`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClockView {
    /// "fischer" (main time and increment) or "move" (a fixed time per move).
    pub control: &'static str,
    pub main_ms: i64,
    pub increment_ms: i64,
    pub move_ms: i64,
    /// Time left now (the running side's turn charged up to `server_time`).
    pub black_ms: i64,
    pub white_ms: i64,
    /// The colour whose clock runs.
    pub running: Option<&'static str>,
}

/// `GET /api/online/{id}/seat`: the colour the request's token holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SeatOf {
    pub seat: &'static str,
}

/// One line of an online game's chat: the `chat` event, and the log's lines.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatMessage {
    /// The seat that wrote it.
    pub color: &'static str,
    pub text: String,
    /// Unix ms.
    pub at: i64,
}

/// `GET /api/online/{id}/chat`: the last lines, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatLog {
    pub messages: Vec<ChatMessage>,
}

/// `POST /api/online` and `POST /api/online/{id}/join`: the game and the seat it gave,
/// with the seat's token (shown once; the server keeps only its hash).
#[derive(Debug, Clone, Serialize)]
pub struct SeatGranted {
    pub game: GameView,
    /// "black" or "white".
    pub seat: &'static str,
    pub token: String,
    /// The link's path (`/#online=ID`), for the invitation.
    pub path: String,
    /// The whole link when the server knows its public address (`--public-url`).
    pub link: Option<String>,
}
