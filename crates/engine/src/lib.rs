//! FiveInRow's engine: an incremental pattern board, evaluation, threat search (VCF and
//! VCT), and an alpha-beta search with iterative deepening, transposition table, move
//! ordering, threads, time control, strength levels and multi-PV analysis.
//!
//! The engine never prints: progress goes to a callback. Its public surface is narrow:
//! [`Engine`] and its types, [`solve`] for forced wins, [`bench`] and
//! [`consistency::Mirror`] for checks, [`review`] for a whole game's verdicts; everything speaks in [`fiveinrow_rules::Pos`].

// Board code indexes parallel arrays (cells, directions) by the same loop index.
#![allow(clippy::needless_range_loop)]

pub mod bench;
mod board;
pub mod consistency;
mod engine;
mod eval;
mod level;
mod limits;
pub mod opening;
mod params;
pub mod review;
mod score;
mod search;
mod threat;

pub use engine::{AnalysedLine, Engine, EngineError, Info, Options, SearchResult};
pub use eval::fit;
pub use eval::policy;
pub use level::Level;
pub use limits::Limits;
pub use params::{PerRule, SearchParams};
pub use score::{Score, WIN_RATE_SCALE};
#[doc(hidden)]
pub use search::worker::horizon_score;
pub use threat::solve::{solve, Solution, SolveKind, SolveLimits};
