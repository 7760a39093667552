//! The clocks of an online game, kept by the server: Fischer (main time plus an
//! increment after each move) or a fixed time per move. Pure arithmetic on
//! milliseconds; the caller gives the time, so tests and a restart use the same code.
//!
//! A restart charges the time used in the current turn up to the last checkpoint (the
//! server writes one every second) and not the seconds it was down.

use fiveinrow_rules::Color;

/// The time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// `main_ms` for the game, `increment_ms` added after each move.
    Fischer { main_ms: i64, increment_ms: i64 },
    /// At most `move_ms` for each move.
    PerMove { move_ms: i64 },
}

impl TimeControl {
    /// `fischer:MAIN:INC` or `move:MS`, as stored.
    pub fn to_text(self) -> String {
        match self {
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => format!("fischer:{main_ms}:{increment_ms}"),
            TimeControl::PerMove { move_ms } => format!("move:{move_ms}"),
        }
    }

    pub fn from_text(text: &str) -> Option<TimeControl> {
        let parts: Vec<&str> = text.split(':').collect();
        match parts.as_slice() {
            ["fischer", main, inc] => Some(TimeControl::Fischer {
                main_ms: main.parse().ok()?,
                increment_ms: inc.parse().ok()?,
            }),
            ["move", ms] => Some(TimeControl::PerMove {
                move_ms: ms.parse().ok()?,
            }),
            _ => None,
        }
    }

    fn start_ms(self) -> i64 {
        match self {
            TimeControl::Fischer { main_ms, .. } => main_ms,
            TimeControl::PerMove { move_ms } => move_ms,
        }
    }
}

/// Both clocks: what each side has left at the start of its turn, and when the turn of
/// the side to move began (`None` before the first move and after the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Black's and white's time left, as of the start of their current or next turn.
    pub left_ms: [i64; 2],
    /// When the running turn started (Unix ms), and for whom.
    pub running: Option<(Color, i64)>,
}

fn index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left_ms: [control.start_ms(); 2],
            running: None,
        }
    }

    /// Stops the clocks (the game ended), charging the running turn.
    pub fn stop(&mut self, now: i64) {
        if let Some((c, since)) = self.running.take() {
            self.left_ms[index(c)] -= (now - since).max(0);
        }
    }

    /// `color`'s time left at `now` (its running turn charged); may be negative.
    pub fn left(&self, color: Color, now: i64) -> i64 {
        let base = self.left_ms[index(color)];
        match self.running {
            Some((c, since)) if c == color => base - (now - since).max(0),
            _ => base,
        }
    }

    /// The side whose time ran out by `now`, if any.
    pub fn flagged(&self, now: i64) -> Option<Color> {
        let (c, _) = self.running?;
        (self.left(c, now) <= 0).then_some(c)
    }

    /// The running turn ended at `now` (a move, or an opening decision): its side is
    /// charged (a turn that ended after its time ran out is `Err` with the colour that
    /// lost on time), gets the increment or the next move's time, and `next`'s turn
    /// starts (the first call just starts it).
    pub fn hand_over(&mut self, next: Color, now: i64) -> Result<(), Color> {
        if let Some(loser) = self.flagged(now) {
            return Err(loser);
        }
        if let Some((c, since)) = self.running {
            let i = index(c);
            let used = (now - since).max(0);
            self.left_ms[i] = match self.control {
                TimeControl::Fischer { increment_ms, .. } => self.left_ms[i] - used + increment_ms,
                TimeControl::PerMove { move_ms } => move_ms,
            };
        }
        self.running = Some((next, now));
        Ok(())
    }

    /// After a restart at `now`: the running turn keeps what it had used up to the last
    /// `checkpoint` (Unix ms) and is not charged for the time the server was down.
    pub fn resume(&mut self, checkpoint: i64, now: i64) {
        if let Some((c, since)) = self.running {
            let used = (checkpoint - since).max(0);
            self.running = Some((c, now - used));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FISCHER: TimeControl = TimeControl::Fischer {
        main_ms: 10_000,
        increment_ms: 2_000,
    };

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let mut c = Clock::new(FISCHER);
        c.hand_over(Color::Black, 0).unwrap();
        assert_eq!(c.left(Color::Black, 3_000), 7_000);
        assert_eq!(c.left(Color::White, 3_000), 10_000);
        c.hand_over(Color::White, 3_000).unwrap();
        assert_eq!(c.left(Color::Black, 3_000), 9_000);
        assert_eq!(c.flagged(12_999), None);
        assert_eq!(c.flagged(13_000), Some(Color::White));
        // A move after the flag fell is no move: white lost on time.
        assert_eq!(c.hand_over(Color::Black, 13_500), Err(Color::White));
    }

    #[test]
    fn a_fixed_time_per_move_starts_over_each_move() {
        let mut c = Clock::new(TimeControl::PerMove { move_ms: 5_000 });
        c.hand_over(Color::Black, 0).unwrap();
        c.hand_over(Color::White, 4_900).unwrap();
        c.hand_over(Color::Black, 5_000).unwrap();
        assert_eq!(c.left(Color::White, 5_000), 5_000);
        assert_eq!(c.left(Color::Black, 9_000), 1_000);
        assert_eq!(c.flagged(10_000), Some(Color::Black));
    }

    #[test]
    fn a_restart_charges_up_to_the_checkpoint_and_not_the_downtime() {
        let mut c = Clock::new(FISCHER);
        c.hand_over(Color::Black, 1_000).unwrap();
        // 4 s used, last checkpoint at 5 s, the server back at 60 s.
        c.resume(5_000, 60_000);
        assert_eq!(c.left(Color::Black, 60_000), 6_000);
        c.stop(61_000);
        assert_eq!(c.left_ms[0], 5_000);
        assert_eq!(c.running, None);
    }

    #[test]
    fn time_controls_read_back_as_written() {
        for t in [FISCHER, TimeControl::PerMove { move_ms: 30_000 }] {
            assert_eq!(TimeControl::from_text(&t.to_text()), Some(t));
        }
        assert_eq!(TimeControl::from_text("fischer:1"), None);
        assert_eq!(TimeControl::from_text("move:x"), None);
    }
}
