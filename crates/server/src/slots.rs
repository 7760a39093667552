//! The cap on computer searches running at once, over all games. A long search (a high
//! level, a hint, an analysis) may hold every slot but one, so that the quick searches of
//! the low levels never wait behind it. The searches running and waiting, and the most
//! ever seen running at once, are counted for `GET /api/stats`.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use fiveinrow_engine::Level;
use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Searches up to this many nodes, with no threat search, take milliseconds.
const QUICK_NODES: u64 = 20_000;

/// Transposition table of a quick search: it holds far more than QUICK_NODES positions,
/// and clearing it costs microseconds where the full table costs milliseconds, more than
/// the search itself.
const QUICK_HASH_MB: usize = 1;

/// How long a search may run, which decides the slots it may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    /// Bounded by a small node budget: any slot.
    Quick,
    /// Bounded only by time or a large budget: all slots but one.
    Long,
}

impl Length {
    /// The computer's move at `level`.
    pub fn of_level(level: u8) -> Length {
        let p = Level::new(level).params();
        if p.threats || p.nodes > QUICK_NODES {
            Length::Long
        } else {
            Length::Quick
        }
    }

    /// The table size for a search of this length, given the configured one.
    pub fn hash_mb(self, configured: usize) -> usize {
        match self {
            Length::Quick => configured.min(QUICK_HASH_MB),
            Length::Long => configured,
        }
    }
}

/// What `GET /api/stats` reports about searches.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SearchStats {
    /// Most searches allowed to run at once.
    pub cap: usize,
    /// Most long searches allowed to run at once.
    pub long_cap: usize,
    /// Searches running now (counted inside the search thread, not from the permits).
    pub running: usize,
    /// Searches waiting for a slot.
    pub waiting: usize,
    /// Most searches ever seen running at once.
    pub peak: usize,
    /// Searches started since the server started.
    pub started: u64,
}

pub struct SearchSlots {
    cap: usize,
    long_cap: usize,
    all: Arc<Semaphore>,
    long: Arc<Semaphore>,
    running: AtomicUsize,
    waiting: AtomicUsize,
    peak: AtomicUsize,
    started: AtomicU64,
}

/// The right to run one search; the slot frees when it is dropped.
pub struct Slot {
    _all: OwnedSemaphorePermit,
    _long: Option<OwnedSemaphorePermit>,
}

struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts one search as running while it lives.
pub struct Running {
    slots: Arc<SearchSlots>,
}

impl SearchSlots {
    pub fn new(cap: usize) -> SearchSlots {
        let cap = cap.max(1);
        // With one slot there is nothing to keep back.
        let long_cap = (cap - 1).max(1);
        SearchSlots {
            cap,
            long_cap,
            all: Arc::new(Semaphore::new(cap)),
            long: Arc::new(Semaphore::new(long_cap)),
            running: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            started: AtomicU64::new(0),
        }
    }

    /// Waits for a free slot, first in first served within each length. `None` only if
    /// the slots were closed, which they never are.
    pub async fn acquire(&self, length: Length) -> Option<Slot> {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        // Counted down even if the waiting task is dropped (the runtime shutting down).
        let _waiting = Waiting(&self.waiting);
        self.wait_for(length).await
    }

    async fn wait_for(&self, length: Length) -> Option<Slot> {
        // A long search takes its long permit first, so that it never sits on a general
        // slot while it waits.
        let long = match length {
            Length::Long => Some(self.long.clone().acquire_owned().await.ok()?),
            Length::Quick => None,
        };
        let all = self.all.clone().acquire_owned().await.ok()?;
        Some(Slot {
            _all: all,
            _long: long,
        })
    }

    /// Call at the start of the search itself; the search counts as running until the
    /// guard is dropped.
    pub fn enter(self: &Arc<Self>) -> Running {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
        self.started.fetch_add(1, Ordering::Relaxed);
        Running {
            slots: self.clone(),
        }
    }

    pub fn stats(&self) -> SearchStats {
        SearchStats {
            cap: self.cap,
            long_cap: self.long_cap,
            running: self.running.load(Ordering::SeqCst),
            waiting: self.waiting.load(Ordering::Relaxed),
            peak: self.peak.load(Ordering::SeqCst),
            started: self.started.load(Ordering::Relaxed),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.slots.running.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn only_low_levels_are_quick() {
        assert_eq!(Length::of_level(1), Length::Quick);
        assert_eq!(Length::of_level(3), Length::Quick);
        assert_eq!(Length::of_level(4), Length::Long);
        assert_eq!(Length::of_level(Level::MAX), Length::Long);
    }

    #[tokio::test]
    async fn long_searches_leave_a_slot_to_quick_ones() {
        let slots = Arc::new(SearchSlots::new(2));
        let first = slots.acquire(Length::Long).await.unwrap();
        // A second long search waits...
        let waiting = tokio::spawn({
            let slots = slots.clone();
            async move { slots.acquire(Length::Long).await.unwrap() }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished());
        assert_eq!(slots.stats().waiting, 1);
        // ...while a quick one gets the slot kept for it.
        let quick = tokio::time::timeout(Duration::from_secs(1), slots.acquire(Length::Quick))
            .await
            .expect("a quick search is never kept waiting by long ones")
            .unwrap();
        drop(first);
        let second = tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .expect("the long search starts once a long slot frees")
            .unwrap();
        drop((quick, second));
        assert_eq!(slots.stats().waiting, 0);
    }

    #[test]
    fn running_searches_are_counted_with_their_peak() {
        let slots = Arc::new(SearchSlots::new(3));
        let a = slots.enter();
        let b = slots.enter();
        drop(a);
        let s = slots.stats();
        assert_eq!((s.running, s.peak, s.started), (1, 2, 2));
        drop(b);
        assert_eq!(slots.stats().running, 0);
        // One slot: long searches may take it (nothing to keep back).
        assert_eq!(SearchSlots::new(1).stats().long_cap, 1);
    }
}
