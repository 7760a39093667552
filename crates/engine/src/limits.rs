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
            let h = shrink(t);
            hard = Some(h);
            soft = Some(h.mul_f64(0.5));
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
            hard: hard.map(|d| start + d),
            soft: soft.map(|d| start + d),
        }
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
    }
}
