//! The protocol crate's one error type. Its `Display` is the reason the brain puts after
//! `ERROR`, so every message is a readable sentence part.

use fiveinrow_engine::EngineError;
use fiveinrow_rules::SetupError;

use crate::manager::EngineFault;

/// What went wrong in a protocol line, an engine spec, a match setting or a search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A field of a line is not a whole number.
    #[error("'{0}' is not a whole number")]
    NotANumber(String),
    /// A line that should be `X,Y` is not.
    #[error("expected X,Y, got '{0}'")]
    ExpectedXy(String),
    /// A body line that should be `X,Y,F` (or `X,Y`) is not.
    #[error("expected X,Y,F, got '{0}'")]
    ExpectedXyf(String),
    /// The third field of a BOARD body line.
    #[error("field {0} is not 1, 2 or 3")]
    BadField(i64),
    /// A command given arguments it does not take.
    #[error("{0} takes no arguments")]
    NoArguments(String),
    /// A command whose argument is missing or wrong.
    #[error("{command} needs {what}, got '{got}'")]
    BadArgument {
        command: String,
        what: &'static str,
        got: String,
    },
    /// A line that breaks a rule of its command, in words.
    #[error("{0}")]
    Invalid(&'static str),
    /// A line of a BOARD-like body, with why it could not be read.
    #[error("bad line '{line}': {reason}")]
    BadBodyLine {
        line: String,
        reason: Box<ProtocolError>,
    },
    /// A point of a body outside the board.
    #[error("{x},{y} is off the board")]
    OffBoard { x: i64, y: i64 },
    /// A stone of a BOARD body outside the board.
    #[error("{x},{y} is off the {size}x{size} board")]
    StoneOffBoard { x: i64, y: i64, size: u8 },
    /// A BOARD body that is no position (overlapping stones, two fives...).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An engine spec with nothing in it.
    #[error("empty engine spec")]
    EmptySpec,
    /// A `self:` option without `=`.
    #[error("'{0}' is not key=value")]
    NotKeyValue(String),
    /// A `self:` option the brain does not have.
    #[error("unknown self option '{0}' (level, threads, depth, nodes, hash)")]
    UnknownSelfOption(String),
    /// A `self:` option whose value is not a number.
    #[error("'{value}' is not a number for {key}")]
    NotANumberFor { key: String, value: String },
    /// A field of `--sprt` that is not a number.
    #[error("'{0}' is not a number")]
    NotAReal(String),
    /// `--sprt` values that make no test.
    #[error("--sprt needs elo0,elo1,alpha,beta with elo0 < elo1 and 0 < alpha, beta < 0.5")]
    BadSprt,
    /// An engine process that failed (start, crash, timeout, protocol).
    #[error(transparent)]
    Engine(#[from] EngineFault),
    /// Our own search had no answer.
    #[error(transparent)]
    Search(#[from] EngineError),
    /// Our own search thread panicked (a bug).
    #[error("search failed")]
    SearchFailed,
}
