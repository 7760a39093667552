//! Progress of a long command on stderr: a redrawn bar (done/total, rate, ETA and a
//! message) on a terminal; where stderr is not one (logs, CI) the bar hides itself and
//! plain lines are printed instead, one every `every` steps and at the last.

use indicatif::{ProgressBar, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
    total: u64,
    every: u64,
}

impl Progress {
    /// A bar of `total` steps; plain output prints a line every `every` steps.
    pub fn new(total: u64, every: u64) -> Progress {
        let bar = ProgressBar::new(total);
        let style =
            ProgressStyle::with_template("[{bar:30}] {pos}/{len}  {per_sec}  eta {eta}  {msg}")
                .map(|s| s.progress_chars("=> "))
                .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress {
            bar,
            total,
            every: every.max(1),
        }
    }

    /// `done` steps are finished; `message` says where things stand.
    pub fn update(&self, done: u64, message: String) {
        if self.bar.is_hidden() {
            if done.is_multiple_of(self.every) || done == self.total {
                eprintln!("{done}/{}  {message}", self.total);
            }
        } else {
            self.bar.set_position(done);
            self.bar.set_message(message);
        }
    }

    /// A line of its own (above the bar on a terminal).
    pub fn note(&self, line: &str) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    /// Leaves the bar drawn as it ends.
    pub fn finish(&self) {
        self.bar.abandon();
    }
}
