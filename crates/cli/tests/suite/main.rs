//! All integration tests of this crate in one binary (one link instead of one per
//! file). Each module is one former test file; shared helpers are modules too.

mod brain_endurance;
mod browser_support;
mod cli;
mod common;
mod crash_match;
mod crash_server;
mod gomocup;
mod limits_files;
mod limits_serve;
mod matches;
mod tui_lines;
mod tui_pty;
mod web_browser;
mod web_online;
mod web_opening;
mod web_review;
mod web_serve;
mod web_support;
