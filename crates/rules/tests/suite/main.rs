//! All integration tests of this crate in one binary (one link instead of one per
//! file). Each module is one former test file; shared helpers are modules too.

mod game;
mod properties;
mod records;
mod renju_cases;
mod support;
