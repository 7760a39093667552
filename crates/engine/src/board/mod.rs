//! The search board: line patterns per cell and direction (`pattern`), kept up to date
//! on every make and undo with each colour's combined shapes and their counts
//! (`pattern_board`).

pub(crate) mod pattern;
pub(crate) mod pattern_board;
