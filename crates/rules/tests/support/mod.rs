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

/// The seed of the randomised tests: fixed by default so that every run is the same,
/// `FIVEINROW_SEED=N` to replay or vary a run, `FIVEINROW_SEED=random` for a fresh one.
/// Printed, so a failing test's output names it.
pub fn test_seed() -> u64 {
    const DEFAULT: u64 = 0x5EED_F1FE;
    let seed = match std::env::var("FIVEINROW_SEED").as_deref() {
        Err(_) => DEFAULT,
        Ok("random") => {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        }
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("FIVEINROW_SEED must be a number or 'random', not {v:?}")),
    };
    eprintln!("FIVEINROW_SEED={seed}");
    seed
}

/// A proptest configuration with `cases` cases and the seed of [`test_seed`].
pub fn seeded(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(test_seed()),
        ..proptest::test_runner::Config::default()
    }
}
