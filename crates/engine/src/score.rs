//! Scores: evaluation units, and wins/losses as "win in N plies" near [`WIN`].

use std::fmt;

/// A win at the root right now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
pub const INFINITE: i32 = WIN + 1;

/// Evaluation units per logistic unit of the win-rate curve (see [`Score::win_rate`]).
pub const WIN_RATE_SCALE: f64 = 900.0;

/// A search score as people read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Evaluation from the side to move's view (about 100 = a small edge).
    Eval(i32),
    /// The side to move wins with its `n`-th own move (1 = makes five now).
    WinIn(u32),
    /// The side to move loses after `n` own moves.
    LossIn(u32),
}

impl Score {
    /// The same score from the other side's view (the player who just moved).
    pub fn negate(self) -> Score {
        match self {
            Score::Eval(v) => Score::Eval(-v),
            Score::WinIn(n) => Score::LossIn(n),
            Score::LossIn(n) => Score::WinIn(n),
        }
    }

    /// The side to move's chance of winning, 0..1: certain for a proven result, else a
    /// logistic curve over the evaluation. [`WIN_RATE_SCALE`] comes from the evaluation
    /// fit (`fit_eval`): the scale at which our scores best predicted game results was
    /// 860 (renju) and 921 (freestyle).
    pub fn win_rate(self) -> f64 {
        match self {
            Score::Eval(v) => 1.0 / (1.0 + (-f64::from(v) / WIN_RATE_SCALE).exp()),
            Score::WinIn(_) => 1.0,
            Score::LossIn(_) => 0.0,
        }
    }

    pub fn from_internal(s: i32) -> Score {
        if s >= WIN_BOUND {
            let plies = (WIN - s).max(1) as u32;
            Score::WinIn(plies.div_ceil(2))
        } else if s <= -WIN_BOUND {
            let plies = (WIN + s).max(0) as u32;
            Score::LossIn(plies / 2)
        } else {
            Score::Eval(s)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v:+}"),
            // A game already decided (a review's last position): no moves left to count.
            Score::WinIn(0) => write!(f, "won"),
            Score::LossIn(0) => write!(f, "lost"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// A score to store in the table: wins relative to the node, not the root.
#[inline]
pub fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s + ply as i32
    } else if s <= -WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
pub fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s - ply as i32
    } else if s <= -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_distances() {
        assert_eq!(Score::from_internal(WIN - 1), Score::WinIn(1));
        assert_eq!(Score::from_internal(WIN - 3), Score::WinIn(2));
        assert_eq!(Score::from_internal(-(WIN - 2)), Score::LossIn(1));
        assert_eq!(Score::from_internal(35), Score::Eval(35));
        assert_eq!(from_tt(to_tt(WIN - 9, 4), 4), WIN - 9);
        assert_eq!(Score::WinIn(3).negate(), Score::LossIn(3));
        assert_eq!(Score::Eval(-40).negate(), Score::Eval(40));
    }

    #[test]
    fn win_rates_rise_with_the_score() {
        assert_eq!(Score::WinIn(5).win_rate(), 1.0);
        assert_eq!(Score::LossIn(0).win_rate(), 0.0);
        assert!((Score::Eval(0).win_rate() - 0.5).abs() < 1e-9);
        let rates: Vec<f64> = [-2000, -300, 0, 300, 2000]
            .map(|v| Score::Eval(v).win_rate())
            .to_vec();
        assert!(rates.windows(2).all(|w| w[0] < w[1]), "{rates:?}");
        assert!((Score::Eval(300).win_rate() + Score::Eval(-300).win_rate() - 1.0).abs() < 1e-9);
    }
}
