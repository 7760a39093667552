//! All integration tests of this crate in one binary (one link instead of one per
//! file). Each module is one former test file; shared helpers are modules too.

mod carry;
mod puzzles;
mod support;
mod tactics;
