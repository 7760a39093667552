//! Transposition table shared by all search threads, lock-free: each slot is two atomic
//! words, the key stored XOR the data so that a torn write reads as a miss.
//!
//! Replacement: a slot is overwritten by a deeper search of any position, by any search
//! from a newer generation (an older move's search), or by the same position.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a search result `score` within the window (`alpha`, `beta`) says.
    #[inline]
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` of this kind settles a node searched with (`alpha`, `beta`).
    #[inline]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub mv: Option<usize>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Box<[Slot]>,
    generation: AtomicU8,
}

const NO_MOVE: u64 = 0xFFFF;
/// Stored depths are offset by this to fit a byte.
const DEPTH_OFFSET: i32 = 32;

fn pack(e: &Entry, generation: u8) -> u64 {
    let mv = e.mv.map_or(NO_MOVE, |m| m as u64);
    let score = (e.score as i16 as u16) as u64;
    // Depths below the horizon (the quiescence's fours) down to -DEPTH_OFFSET.
    let depth = (e.depth.clamp(-DEPTH_OFFSET, 255 - DEPTH_OFFSET) + DEPTH_OFFSET) as u64;
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | score << 16 | depth << 32 | bound << 40 | (generation as u64) << 48
}

fn unpack(d: u64) -> (Entry, u8) {
    let mv = d & 0xFFFF;
    let score = ((d >> 16) & 0xFFFF) as u16 as i16 as i32;
    let depth = ((d >> 32) & 0xFF) as i32 - DEPTH_OFFSET;
    let bound = match (d >> 40) & 0xFF {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    (
        Entry {
            mv: (mv != NO_MOVE).then_some(mv as usize),
            score,
            depth,
            bound,
        },
        (d >> 48) as u8,
    )
}

impl Table {
    /// A table of at most `mb` megabytes (the largest power-of-two slot count that fits;
    /// at least 1024 slots). The memory comes zeroed from the allocator, so a large table
    /// costs nothing until it is used.
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let fit = bytes / std::mem::size_of::<Slot>();
        let n = (1usize << fit.ilog2()).max(1024);
        let zeroed = Box::<[Slot]>::new_zeroed_slice(n);
        // SAFETY: a Slot is two AtomicU64, for which all-zero bytes are a valid value (0).
        let slots = unsafe { zeroed.assume_init() };
        Table {
            slots,
            generation: AtomicU8::new(0),
        }
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become replaceable first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let data = s.data.load(Ordering::Relaxed);
        if data == 0 || s.key.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Some(unpack(data).0)
    }

    pub fn store(&self, key: u64, e: Entry) {
        let s = self.slot(key);
        let gen = self.generation.load(Ordering::Relaxed);
        let old = s.data.load(Ordering::Relaxed);
        if old != 0 {
            let same = s.key.load(Ordering::Relaxed) ^ old == key;
            let (oe, og) = unpack(old);
            if !same && og == gen && oe.depth > e.depth + 1 {
                return;
            }
            // Keep the old move when the new entry has none for the same position.
            if same && e.mv.is_none() && oe.mv.is_some() {
                let e = Entry { mv: oe.mv, ..e };
                let d = pack(&e, gen);
                s.key.store(key ^ d, Ordering::Relaxed);
                s.data.store(d, Ordering::Relaxed);
                return;
            }
        }
        let d = pack(&e, gen);
        // Another thread may have stored the very same result: leave the cache line
        // unwritten then (shared lines are what slows threads on one table down).
        if d == old && s.key.load(Ordering::Relaxed) == key ^ d {
            return;
        }
        s.key.store(key ^ d, Ordering::Relaxed);
        s.data.store(d, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let e = Entry {
            mv: Some(300),
            score: -29_950,
            depth: 7,
            bound: Bound::Lower,
        };
        t.store(0xDEAD_BEEF, e);
        let got = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(
            (got.mv, got.score, got.depth, got.bound),
            (Some(300), -29_950, 7, Bound::Lower)
        );
        assert!(t.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn size_fits_the_request() {
        assert_eq!(Table::new(1).slots.len(), 1 << 16);
        assert_eq!(Table::new(16).slots.len(), 1 << 20);
        assert_eq!(Table::new(24).slots.len(), 1 << 20);
        let t = Table::new(64);
        assert!(t.slots.iter().all(|s| s.data.load(Ordering::Relaxed) == 0));
        assert!(t.probe(12345).is_none());
    }
}
