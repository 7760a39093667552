//! Typed errors of the rules crate. Every error says what was wrong and, for text input,
//! where.

use thiserror::Error;

use crate::forbidden::ForbiddenKind;
use crate::notation::to_human;
use crate::types::Pos;

/// A bad value (rule name, board size, point).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ValueError {
    #[error("unknown rule '{0}' (expected freestyle, standard or renju)")]
    UnknownRule(String),
    #[error("board size {0} is not supported (5 to 22)")]
    BadSize(u32),
}

/// Why a move was refused. A refused move changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// x or y is outside `0..size`.
    #[error("({x},{y}) is off the {size}x{size} board")]
    OutOfBoard { x: i64, y: i64, size: u8 },
    /// The point already holds a stone.
    #[error("{pos} is occupied")]
    Occupied { pos: Pos },
    /// The game has already ended (a win or a full board).
    #[error("the game is over")]
    GameOver,
    /// Renju: the point is forbidden for black.
    #[error("{pos} is forbidden for black ({kind})")]
    Forbidden { pos: Pos, kind: ForbiddenKind },
}

/// Why a set-up position was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("board size {0} is not supported (5 to 22)")]
    BadSize(u32),
    #[error("stone at ({x},{y}) is off the {size}x{size} board")]
    OutOfBoard { x: i64, y: i64, size: u8 },
    #[error("two stones on {pos}")]
    Overlap { pos: Pos },
    #[error("cannot infer the side to move from {black} black and {white} white stones")]
    CannotInferSide { black: usize, white: usize },
    #[error("both colours have a winning line")]
    BothWon,
}

/// A malformed record or move list: where (line and column, 1-based) and what.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}{}", token_suffix(.token))]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    /// The offending token, when there is one.
    pub token: Option<String>,
    pub message: String,
}

fn token_suffix(token: &Option<String>) -> String {
    match token {
        Some(t) => format!(" (at '{t}')"),
        None => String::new(),
    }
}

impl ParseError {
    pub(crate) fn new(
        line: usize,
        column: usize,
        token: Option<&str>,
        message: impl Into<String>,
    ) -> Self {
        ParseError {
            line,
            column,
            token: token.map(str::to_string),
            message: message.into(),
        }
    }
}

impl MoveError {
    /// The refusal in words for people, points named as the board shows them (`h8`):
    /// the one wording of the terminal game, the web app's import and the command line.
    pub fn in_words(&self, size: u8) -> String {
        match self {
            MoveError::OutOfBoard { x, y, size } => {
                format!("({x},{y}) is off the {size}x{size} board")
            }
            MoveError::Occupied { pos } => format!("{} is occupied", to_human(*pos, size)),
            MoveError::GameOver => "the game is over".to_string(),
            MoveError::Forbidden { pos, kind } => {
                format!("{} is forbidden for black: {kind}", to_human(*pos, size))
            }
        }
    }
}

/// A move that a replay refused: which one (0-based), on which board, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("move {}: {}", .index + 1, .error.in_words(*.size))]
pub struct ReplayError {
    pub index: usize,
    pub pos: Pos,
    pub size: u8,
    pub error: MoveError,
}

/// Anything that can go wrong turning text or a record into a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Value(#[from] ValueError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The format cannot hold what was asked of it.
    #[error("{0}")]
    Unsupported(String),
}
