//! Typed errors of the server and how each one answers an HTTP request: a status code and
//! a small JSON object `{"error": code, "message": text, ...}` ([`ErrorBody`]) the page
//! can show.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fiveinrow_rules::{MoveError, RecordError};
use thiserror::Error;

use crate::wire::{ErrorBody, Refusal};

/// Anything that went wrong storing or loading games.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("data folder {path}: {source}")]
    DataDir {
        path: String,
        source: std::io::Error,
    },
    #[error("the database is newer than this program (schema version {found}, known {known})")]
    TooNew { found: i64, known: i64 },
    #[error("saved game {id} cannot be replayed: {reason}")]
    Corrupt { id: i64, reason: String },
}

/// Why an API request failed.
#[derive(Debug, Error)]
pub enum ApiError {
    /// No game has this id (or it was deleted).
    #[error("no game with id {0}")]
    UnknownGame(String),
    /// The request is malformed: bad JSON, a missing field, a bad value.
    #[error("{message}")]
    BadRequest { status: StatusCode, message: String },
    /// The rules core refused the move; nothing changed.
    #[error("move refused: {0}")]
    Refused(#[from] MoveError),
    /// A person tried to move for the computer.
    #[error("it is the computer's turn")]
    NotYourTurn,
    /// The computer is searching a move; wait or stop it.
    #[error("the computer is thinking")]
    Busy,
    #[error("there is no move to take back")]
    NothingToUndo,
    #[error("there is no move to replay")]
    NothingToRedo,
    /// A record or move list could not be read or replayed.
    #[error("{0}")]
    Record(#[from] RecordError),
    /// The engine had no answer (game over, no legal move) or was interrupted.
    #[error("no suggestion: {0}")]
    NoSuggestion(String),
    /// A pasted or uploaded record over [`crate::ServerConfig::max_record_bytes`].
    #[error("the record is {bytes} bytes; the most accepted is {limit} bytes")]
    RecordTooLarge { bytes: usize, limit: usize },
    /// A request body over [`crate::ServerConfig::max_body_bytes`].
    #[error("the request body is over {limit} bytes, the most accepted")]
    BodyTooLarge { limit: usize },
    /// The client already has [`crate::ServerConfig::max_games_per_client`] games in play.
    #[error(
        "this client already has {limit} games in play, the most allowed; \
         finish, resign or delete one first"
    )]
    TooManyGames { limit: usize },
    /// The client already has [`crate::ServerConfig::max_sockets_per_client`] sockets open.
    #[error(
        "this client already has {limit} live connections open, the most allowed; \
         close a tab first"
    )]
    TooManySockets { limit: usize },
    #[error("no such page or API route")]
    NoRoute,
    #[error("method not allowed here")]
    BadMethod,
    /// An opening decision the opening rule refuses.
    #[error("{0}")]
    Opening(fiveinrow_rules::opening::OpeningError),
    #[error("{0}")]
    Store(#[from] StoreError),
    /// An online game's action without the token of the seat that may take it.
    #[error("this request holds no seat of this game (a seat's token is needed)")]
    NotYourSeat,
    /// An online game's seat that is not to act now.
    #[error("it is your opponent's turn")]
    OpponentsTurn,
    /// Both seats of the online game are taken: the visitor can watch.
    #[error("both seats are taken: you can watch the game")]
    SeatsTaken,
    /// The action is not part of an online game (undo, hints and analysis while playing).
    #[error("{0}")]
    NotOnline(&'static str),
    /// Too many requests of one kind from one client or seat.
    #[error("too many {what}: try again in {retry_after} s")]
    RateLimited {
        what: &'static str,
        retry_after: u64,
    },
    /// A client of an exposed server asked for this machine's own games.
    #[error("games against the computer and on one device are private to the machine running this server; online games are played by their link")]
    LocalOnly,
    /// An answer to an offer that nobody made (or made by the one answering).
    #[error("{0}")]
    NoOffer(&'static str),
    /// A WebSocket opened from a page of another site.
    #[error("this server's games are not opened from another site")]
    ForeignOrigin,
    /// No random bits for a token: no seat is handed out.
    #[error("the server could not make a secure token")]
    NoRandomness,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame(_) | ApiError::NoRoute => StatusCode::NOT_FOUND,
            ApiError::BadRequest { status, .. } => *status,
            ApiError::Refused(_) | ApiError::Record(_) | ApiError::Opening(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::NotYourTurn
            | ApiError::Busy
            | ApiError::NothingToUndo
            | ApiError::NothingToRedo
            | ApiError::NoSuggestion(_) => StatusCode::CONFLICT,
            ApiError::BadMethod => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::RecordTooLarge { .. } | ApiError::BodyTooLarge { .. } => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            ApiError::TooManyGames { .. }
            | ApiError::TooManySockets { .. }
            | ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Store(_) | ApiError::NoRandomness => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::NotYourSeat
            | ApiError::NotOnline(_)
            | ApiError::ForeignOrigin
            | ApiError::LocalOnly => StatusCode::FORBIDDEN,
            ApiError::OpponentsTurn | ApiError::SeatsTaken | ApiError::NoOffer(_) => {
                StatusCode::CONFLICT
            }
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::BadRequest { .. } => "bad_request",
            ApiError::Refused(_) => "move_refused",
            ApiError::NotYourTurn => "not_your_turn",
            ApiError::Busy => "busy",
            ApiError::NothingToUndo => "nothing_to_undo",
            ApiError::NothingToRedo => "nothing_to_redo",
            ApiError::Record(_) => "bad_record",
            ApiError::Opening(_) => "opening_refused",
            ApiError::NoSuggestion(_) => "no_suggestion",
            ApiError::NoRoute => "not_found",
            ApiError::BadMethod => "method_not_allowed",
            ApiError::RecordTooLarge { .. } => "record_too_large",
            ApiError::BodyTooLarge { .. } => "body_too_large",
            ApiError::TooManyGames { .. } => "too_many_games",
            ApiError::TooManySockets { .. } => "too_many_sockets",
            ApiError::Store(_) => "storage",
            ApiError::NotYourSeat => "not_your_seat",
            ApiError::OpponentsTurn => "opponents_turn",
            ApiError::SeatsTaken => "seats_taken",
            ApiError::NotOnline(_) => "not_in_online_games",
            ApiError::NoRandomness => "no_randomness",
            ApiError::ForeignOrigin => "foreign_origin",
            ApiError::NoOffer(_) => "no_offer",
            ApiError::LocalOnly => "local_only",
            ApiError::RateLimited { .. } => "rate_limited",
        }
    }

    /// The JSON body: code and message, plus the rules core's reason for a refused move
    /// and the number for a limit reached.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code(),
            message: self.to_string(),
            reason: match self {
                ApiError::Refused(e) => Some(refusal(e)),
                _ => None,
            },
            limit: match self {
                ApiError::RecordTooLarge { limit, .. }
                | ApiError::BodyTooLarge { limit }
                | ApiError::TooManyGames { limit }
                | ApiError::TooManySockets { limit } => Some(*limit),
                _ => None,
            },
        }
    }
}

/// The rules core's reason for a refused move, as the page reads it.
fn refusal(e: &MoveError) -> Refusal {
    match *e {
        MoveError::OutOfBoard { x, y, size } => Refusal::OutOfBoard { x, y, size },
        MoveError::Occupied { pos } => Refusal::Occupied {
            x: pos.x(),
            y: pos.y(),
        },
        MoveError::GameOver => Refusal::GameOver,
        MoveError::Forbidden { pos, kind } => Refusal::Forbidden {
            forbidden: kind.name(),
            x: pos.x(),
            y: pos.y(),
        },
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.status(), Json(self.body())).into_response();
        if let ApiError::RateLimited { retry_after, .. } = self {
            if let Ok(v) = retry_after.to_string().parse() {
                res.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        res
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(r: axum::extract::rejection::JsonRejection) -> ApiError {
        ApiError::BadRequest {
            status: r.status(),
            message: r.body_text(),
        }
    }
}
