//! All integration tests of this crate in one binary (one link instead of one per
//! file). Each module is one former test file; shared helpers are modules too.

mod api;
mod fuzz_regressions;
mod limits;
mod online;
mod opening;
mod review;
mod searches;
mod support;
mod ws;
