//! Two runs of a match over the same openings, compared game by game. Engines that are
//! deterministic (fixed nodes, on both sides) play the same game wherever a change to the
//! first engine alters no move, so only the games whose result differs carry
//! information: the difference of the two scores has a far smaller error than either
//! score, and a short screen can tell what an unpaired match needs many more games for.

use std::path::Path;

use fiveinrow_rules::record::{read_sgf_with_info, RecordResult};
use fiveinrow_rules::Color;

use super::records::record_name;
use super::{black_of, GameResult};

/// The first engine's points in a finished game: 1, 0.5 or 0.
pub fn points(r: &GameResult) -> f64 {
    match r.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The first engine's points in game `index` of the records in `dir` (a match's `--out`),
/// or None where that record is missing, unreadable or has no result.
pub fn recorded_points(dir: &Path, index: usize) -> Option<f64> {
    let text = std::fs::read_to_string(dir.join(record_name(index, "sgf"))).ok()?;
    let (_, info) = read_sgf_with_info(&text).ok()?;
    let first = if black_of(index) == 0 {
        Color::Black
    } else {
        Color::White
    };
    match info.result? {
        RecordResult::Win { winner, .. } => Some(if winner == first { 1.0 } else { 0.0 }),
        RecordResult::Draw => Some(0.5),
        RecordResult::Unknown => None,
    }
}

/// The paired tally: games both runs finished, each run's points over them, and the
/// games this run scored more or less in.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Paired {
    pub games: u32,
    pub base: f64,
    pub this: f64,
    pub better: u32,
    pub worse: u32,
    /// Sum of the squared per-game differences (for the error bar).
    sum_sq: f64,
}

impl Paired {
    /// Counts one game: the base run's points and this run's.
    pub fn add(&mut self, base: f64, this: f64) {
        let d = this - base;
        self.games += 1;
        self.base += base;
        self.this += this;
        self.sum_sq += d * d;
        if d > 0.0 {
            self.better += 1;
        } else if d < 0.0 {
            self.worse += 1;
        }
    }

    /// This run's score less the base's (a share: 0.05 is five points in a hundred
    /// games) and the 95% error bar of that difference.
    pub fn difference(&self) -> (f64, f64) {
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let n = f64::from(self.games);
        let mean = (self.this - self.base) / n;
        let var = (self.sum_sq / n - mean * mean).max(0.0);
        (mean, 1.96 * (var / n).sqrt())
    }
}

/// Pairs this run's `games` with the records of an earlier run in `base_dir`; games the
/// base does not have are left out.
pub fn compare(base_dir: &Path, games: &[GameResult]) -> Paired {
    let mut p = Paired::default();
    for r in games {
        if let Some(base) = recorded_points(base_dir, r.index) {
            p.add(base, points(r));
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_games_that_differ_move_the_difference() {
        let mut p = Paired::default();
        for _ in 0..40 {
            p.add(1.0, 1.0);
            p.add(0.0, 0.0);
        }
        assert_eq!(p.difference(), (0.0, 0.0));
        for _ in 0..10 {
            p.add(0.0, 1.0);
        }
        p.add(1.0, 0.5);
        assert_eq!((p.games, p.better, p.worse), (91, 10, 1));
        assert_eq!(p.this - p.base, 9.5);
        let (d, err) = p.difference();
        assert!((d - 9.5 / 91.0).abs() < 1e-12);
        // Ten games better and one worse in 91: clear of zero.
        assert!(err > 0.0 && d - err > 0.0, "{d} {err}");
    }

    #[test]
    fn nothing_paired_says_nothing() {
        let p = compare(Path::new("/no/such/folder"), &[]);
        assert_eq!(p, Paired::default());
        assert_eq!(p.difference(), (0.0, 0.0));
    }
}
