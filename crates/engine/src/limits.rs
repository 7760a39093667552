//! What bounds a search (depth, nodes, time) and the time plan that never overruns.

use std::time::{Duration, Instant};

/// Limits of one search; unset fields are unbounded. With no limit at all the search
/// runs until stopped.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<i32>,
    /// Most nodes (all threads together).
    pub nodes: Option<u64>,
    /// Time for this move (a hard cap: a tournament's turn limit).
    pub move_time: Option<Duration>,
    /// Time left on the clock for the whole game.
    pub time_left: Option<Duration>,
    /// Time added after each move.
    pub increment: Duration,
    /// Root moves the search must not choose (the Yixin protocol's YXBLOCK).
    pub exclude: Vec<fiveinrow_rules::Pos>,
    /// When the clock started for this move (e.g. when the protocol line arrived);
    /// the search's own start if unset.
    pub started: Option<std::time::Instant>,
}

impl Limits {
    pub fn depth(d: i32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    pub fn move_time(t: Duration) -> Limits {
        Limits {
            move_time: Some(t),
            ..Limits::default()
        }
    }
}

/// Safety margin kept from any hard limit: thread start/stop, the reply's I/O, a
/// loaded machine.
const MARGIN: Duration = Duration::from_millis(60);

/// The time plan of one search.
#[derive(Debug, Clone, Copy)]
pub struct TimePlan {
    /// When the clock started for this move.
    start: Instant,
    /// Whether the soft time is a share of a match clock, which stability may scale
    /// (a turn limit alone is used whole).
    clock: bool,
    /// Stop the search at once when reached.
    pub hard: Option<Instant>,
    /// Do not start a new iteration after this.
    pub soft: Option<Instant>,
}

impl TimePlan {
    pub fn new(limits: &Limits, start: Instant) -> TimePlan {
        let mut hard: Option<Duration> = None;
        let mut soft: Option<Duration> = None;
        let shrink = |t: Duration| {
            // Keep a margin that grows with the budget but never eats it all.
            let m = MARGIN.min(t / 4) + t / 40;
            t.saturating_sub(m)
        };
        if let Some(t) = limits.move_time {
            // A turn limit alone: nothing is saved for later moves, so the whole turn is
            // used (an interrupted iteration still gives its best line).
            let h = shrink(t);
            hard = Some(h);
            soft = Some(h);
        }
        if let Some(left) = limits.time_left {
            // Spend about 1/25 of the clock plus most of the increment on a move, never
            // more than 1/5 of what is left.
            let share = left / 25 + limits.increment.mul_f64(0.8);
            let cap = shrink(left / 5 + limits.increment / 2);
            let h = cap.min(share * 3);
            hard = Some(hard.map_or(h, |x| x.min(h)));
            let s = share.min(h).mul_f64(0.6);
            soft = Some(soft.map_or(s, |x| x.min(s)));
        }
        TimePlan {
            start,
            clock: limits.time_left.is_some(),
            hard: hard.map(|d| start + d),
            soft: soft.map(|d| start + d),
        }
    }

    /// A plan that stops at `at` (never, with `None`) and starts no iteration after it.
    pub fn stop_at(start: Instant, at: Option<Instant>) -> TimePlan {
        TimePlan {
            start,
            clock: false,
            hard: at,
            soft: at,
        }
    }

    /// This plan with both its moments brought to `share` of their time from the start
    /// (a first phase of a search that keeps the rest for later phases).
    pub fn share(&self, share: f64) -> TimePlan {
        let scale = |t: Instant| self.start + (t - self.start).mul_f64(share.clamp(0.0, 1.0));
        TimePlan {
            hard: self.hard.map(scale),
            soft: self.soft.map(scale),
            ..*self
        }
    }

    /// The moment after which no new iteration starts, with the planned time scaled by
    /// `factor` (see [`Stability`]), never past the hard stop.
    pub fn soft_scaled(&self, factor: f64) -> Option<Instant> {
        let soft = self.soft?;
        if !self.clock {
            return Some(soft);
        }
        let at = self.start + (soft - self.start).mul_f64(factor.max(0.0));
        Some(self.hard.map_or(at, |h| at.min(h)))
    }
}

/// How settled the root is from one iteration to the next. An unsettled root (the best
/// move changed, the score fell) gets more of the clock, a settled one less: the factor
/// scales the planned ("soft") time of a search with a match clock. With a turn limit
/// alone the soft time is already the hard stop, so the factor changes nothing there.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stability {
    best: Option<usize>,
    score: Option<i32>,
    /// Iterations in a row with the same best move.
    same_best: u32,
    /// Grows by one with each change of the best move, halves with each iteration.
    changes: f64,
    /// How far the score fell in the last iteration (internal units, 0 if it rose).
    drop: i32,
}

/// Iterations below this depth say little about stability.
const STABILITY_FROM_DEPTH: i32 = 5;
/// A score fall of this much (internal units) counts as a full "drop".
const SCORE_DROP_UNIT: i32 = 60;

impl Stability {
    /// Records the best move and score of a finished iteration.
    pub fn update(&mut self, depth: i32, best: usize, score: i32) {
        self.changes *= 0.5;
        if self.best == Some(best) {
            self.same_best += 1;
        } else {
            if depth >= STABILITY_FROM_DEPTH && self.best.is_some() {
                self.changes += 1.0;
            }
            self.same_best = 0;
        }
        self.drop = self.score.map_or(0, |s| (s - score).max(0));
        self.best = Some(best);
        self.score = Some(score);
    }

    /// The factor for [`TimePlan::soft_scaled`]: about 0.6 for a long-settled root, up
    /// to 2.5 for one whose best move keeps changing and whose score falls.
    pub fn factor(&self) -> f64 {
        let change = 1.0 + 0.8 * self.changes;
        let fall = 1.0 + 0.5 * (f64::from(self.drop) / f64::from(SCORE_DROP_UNIT)).min(2.0);
        let settled = if self.same_best >= 4 { 0.65 } else { 1.0 };
        (change * fall * settled).clamp(0.5, 2.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_stay_inside_the_limits() {
        let now = Instant::now();
        let p = TimePlan::new(&Limits::move_time(Duration::from_millis(1000)), now);
        let hard = p.hard.unwrap() - now;
        assert!(hard < Duration::from_millis(1000) && hard > Duration::from_millis(900));
        let p = TimePlan::new(&Limits::move_time(Duration::from_millis(20)), now);
        assert!(p.hard.unwrap() - now < Duration::from_millis(20));
        let l = Limits {
            time_left: Some(Duration::from_secs(60)),
            increment: Duration::from_secs(1),
            ..Limits::default()
        };
        let p = TimePlan::new(&l, now);
        assert!(p.hard.unwrap() - now <= Duration::from_secs(13));
        assert!(p.soft.unwrap() <= p.hard.unwrap());
        // Scaling never passes the hard stop.
        assert!(p.soft_scaled(10.0).unwrap() <= p.hard.unwrap());
        assert!(p.soft_scaled(0.5).unwrap() < p.soft.unwrap());
    }

    #[test]
    fn a_turn_limit_alone_uses_the_whole_turn() {
        let now = Instant::now();
        let p = TimePlan::new(&Limits::move_time(Duration::from_millis(1000)), now);
        assert_eq!(p.soft, p.hard);
        assert_eq!(p.soft_scaled(0.6), p.hard);
    }

    #[test]
    fn an_unsettled_root_gets_more_time_and_a_settled_one_less() {
        let mut s = Stability::default();
        for d in 1..=8 {
            s.update(d, 7, 100);
        }
        let settled = s.factor();
        assert!(settled < 1.0, "{settled}");
        s.update(9, 8, 20);
        let unsettled = s.factor();
        assert!(unsettled > 1.5, "{unsettled}");
        s.update(10, 8, 20);
        assert!(s.factor() < unsettled);
    }
}
