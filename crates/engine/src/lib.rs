//! FiveInRow's engine: an incremental pattern board, evaluation, threat search (VCF and
//! VCT), and an alpha-beta search with iterative deepening, transposition table, move
//! ordering, threads, time control, strength levels and multi-PV analysis.
//!
//! The engine never prints: progress goes to a callback.

// Board code indexes parallel arrays (cells, directions) by the same loop index.
#![allow(clippy::needless_range_loop)]

pub mod board;
pub mod engine;
pub mod eval;
pub mod level;
pub mod limits;
pub mod movegen;
pub mod params;
pub mod pattern;
pub mod score;
pub mod search;
pub mod threat;
pub mod tt;

pub use engine::{AnalysedLine, Engine, EngineError, Info, Options, SearchResult};
pub use level::Level;
pub use limits::Limits;
pub use score::Score;
pub mod bench;
