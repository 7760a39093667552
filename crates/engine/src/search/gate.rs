//! Where helper threads wait for the main thread: until it has finished the depth they
//! join at, or the search is over. The main thread wakes them; nobody polls.

use std::sync::{Condvar, Mutex, MutexGuard};

/// The main thread's progress as the helpers see it.
#[derive(Debug, Default)]
pub(crate) struct Gate {
    /// The deepest finished iteration, and whether the search is over.
    state: Mutex<(i32, bool)>,
    changed: Condvar,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, (i32, bool)> {
        // A panicking thread cannot leave the pair half-written: use it as it is.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The main thread finished `depth`.
    pub fn finished(&self, depth: i32) {
        self.lock().0 = depth;
        self.changed.notify_all();
    }

    /// The search is over: every waiting helper returns.
    pub fn close(&self) {
        self.lock().1 = true;
        self.changed.notify_all();
    }

    /// Waits until the main thread has finished `depth` (true) or the search is over
    /// (false).
    pub fn wait_for(&self, depth: i32) -> bool {
        let mut state = self.lock();
        while state.0 < depth && !state.1 {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        !state.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_wake_on_depth_or_on_close() {
        let gate = Gate::default();
        std::thread::scope(|s| {
            let waiting = s.spawn(|| gate.wait_for(8));
            gate.finished(5);
            gate.finished(8);
            assert!(waiting.join().unwrap());
            let closed = s.spawn(|| gate.wait_for(20));
            gate.close();
            assert!(!closed.join().unwrap());
        });
        assert!(!gate.wait_for(1), "a closed gate never blocks");
    }
}
