//! FiveInRow's engine: an incremental pattern board, evaluation, threat search (VCF and
//! VCT), and an alpha-beta search with iterative deepening, transposition table, move
//! ordering, threads, time control, strength levels and multi-PV analysis.
//!
//! The engine never prints: progress goes to a callback. Its public surface is narrow:
//! [`Engine`] and its types, [`solve`] for forced wins, [`bench`] and
//! [`consistency::Mirror`] for checks; everything speaks in [`fiveinrow_rules::Pos`].

// Board code indexes parallel arrays (cells, directions) by the same loop index.
#![allow(clippy::needless_range_loop)]

pub mod bench;
pub mod consistency;
mod deepen;
mod engine;
mod eval;
mod eval_weights;
pub mod fit;
mod gate;
mod level;
mod limits;
mod movegen;
mod params;
mod pattern;
mod pattern_board;
mod root;
mod score;
mod search;
mod solve;
mod threat;
mod tt;

#[cfg(test)]
mod threat_tests;

pub use engine::{AnalysedLine, Engine, EngineError, Info, Options, SearchResult};
pub use level::Level;
pub use limits::Limits;
pub use params::SearchParams;
pub use score::Score;
pub use solve::{solve, Solution, SolveKind, SolveLimits};
