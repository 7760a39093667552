//! Helpers shared by the integration tests: the reference rules, the project data
//! directory and a driver for random legal games.
#![allow(dead_code)]

pub mod random_game;
pub mod reference;

use std::path::PathBuf;

/// `data/` at the repository root (or `$FIVEINROW_DATA`). A missing file fails the
/// test that needs it: no test skips silently.
pub fn data_file(name: &str) -> PathBuf {
    let dir = std::env::var_os("FIVEINROW_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"));
    dir.join(name)
}

pub fn read_data(name: &str) -> String {
    let path = data_file(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read test data {}: {e}", path.display()))
}

pub use fiveinrow_testkit::seeded;
