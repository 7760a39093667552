//! Helpers for the tests of every crate (a dev-dependency only, never shipped): the
//! project's test data, fresh folders, and the seed of randomised tests.
//!
//! One convention for randomised tests: the seed is fixed by default, so that every run of
//! the suite is the same run; `FIVEINROW_SEED=N` replays or varies it, and
//! `FIVEINROW_SEED=random` draws a fresh one. The seed is printed, so the output of a
//! failing test names the seed that replays it.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};

/// A file of the project's test data: `data/` at the repository root, or the folder
/// `$FIVEINROW_DATA` names. The path is not checked here (see [`read_data`]).
pub fn data_file(name: &str) -> PathBuf {
    std::env::var_os("FIVEINROW_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data"))
        .join(name)
}

/// The text of a test data file. A missing file fails the test that needs it: no test
/// skips silently.
pub fn read_data(name: &str) -> String {
    let path = data_file(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read test data {}: {e}", path.display()))
}

/// A new, empty folder `NAME-PID-NANOS` under `base` (a test's `CARGO_TARGET_TMPDIR`).
pub fn fresh_dir(base: &Path, name: &str) -> PathBuf {
    let dir = base.join(format!(
        "{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// The seed when `FIVEINROW_SEED` is not set.
pub const DEFAULT_SEED: u64 = 0x5EED_F1FE;

/// The seed of a randomised test (see the crate docs), printed on stderr.
pub fn test_seed() -> u64 {
    let seed = parse_seed(std::env::var("FIVEINROW_SEED").ok().as_deref())
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("FIVEINROW_SEED={seed}");
    seed
}

/// Reads a `FIVEINROW_SEED` value: none gives the default, `random` a fresh seed.
pub fn parse_seed(value: Option<&str>) -> Result<u64, String> {
    match value {
        None => Ok(DEFAULT_SEED),
        Some("random") => Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            | 1),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("FIVEINROW_SEED must be a number or 'random', not {v:?}")),
    }
}

/// A proptest configuration with `cases` cases and the seed of [`test_seed`].
pub fn seeded(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(test_seed()),
        ..proptest::test_runner::Config::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_fixed_unless_asked() {
        assert_eq!(parse_seed(None), Ok(DEFAULT_SEED));
        assert_eq!(parse_seed(Some("42")), Ok(42));
        assert!(parse_seed(Some("random")).is_ok());
        assert!(parse_seed(Some("soon")).is_err());
        let config = seeded(7);
        assert_eq!(config.cases, 7);
    }

    #[test]
    fn the_data_is_in_the_repository_and_fresh_dirs_are_new() {
        assert!(read_data("renju-cases.txt").contains("B:"));
        let base = std::env::temp_dir();
        let (a, b) = (fresh_dir(&base, "testkit"), fresh_dir(&base, "testkit"));
        assert!(a.is_dir() && b.is_dir() && a != b);
        let _ = (std::fs::remove_dir(a), std::fs::remove_dir(b));
    }
}
