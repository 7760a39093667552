//! Transposition table shared by all search threads, lock-free: each entry is two atomic
//! words, the key stored XOR the data so that a torn write reads as a miss.
//!
//! Entries live in buckets of [`BUCKET`], one cache line each: a probe reads one line,
//! and a store picks within it. Replacement: the same position's entry is rewritten; else
//! the bucket's least valuable entry goes, valued by its depth less
//! [`AGE_WEIGHT`] plies per search (generation) since it was written.
//!
//! Besides the score, bound, depth and best move an entry keeps the node's static
//! evaluation (so that a revisit need not evaluate again) and whether the node was ever
//! on a principal variation (the search reduces such nodes less).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use fiveinrow_rules::layout::CELLS;

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

/// The static evaluation of an entry that has none (a forced block, a quiescence node).
pub const NO_EVAL: i32 = i32::MIN;

#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub mv: Option<usize>,
    pub score: i32,
    /// The node's static evaluation, or [`NO_EVAL`]; kept within ±32767.
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The node is on, or was once on, a principal variation (the search's judgement: it
    /// reads the flag and writes it back).
    pub pv: bool,
}

struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// Entries per bucket: four 16-byte entries fill a 64-byte cache line.
pub const BUCKET: usize = 4;

#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

pub struct Table {
    buckets: Box<[Bucket]>,
    generation: AtomicU8,
}

/// How many plies of depth one search of age costs an entry when a store looks for the
/// entry to replace.
pub const AGE_WEIGHT: i32 = 8;

// The data word: move 10 bits, score 16, eval 16, depth 8, bound 2, PV 1, generation 8,
// and bit 63 set in every written entry (an all-zero word is an empty slot).
const MOVE_BITS: u32 = 10;
const NO_MOVE: u64 = (1 << MOVE_BITS) - 1;
const SCORE_AT: u32 = 10;
const EVAL_AT: u32 = 26;
const DEPTH_AT: u32 = 42;
const BOUND_AT: u32 = 50;
const PV_AT: u32 = 52;
const GEN_AT: u32 = 53;
const USED: u64 = 1 << 63;
/// Stored depths are offset by this to fit a byte.
const DEPTH_OFFSET: i32 = 32;
/// The stored eval that stands for [`NO_EVAL`].
const EVAL_NONE: i16 = i16::MIN;

// Every cell index fits the move field, and the last one (a wall cell, never a move)
// is free to mean "no move".
const _: () = assert!(CELLS as u64 == NO_MOVE + 1);

fn pack(e: &Entry, generation: u8) -> u64 {
    let mv = e.mv.map_or(NO_MOVE, |m| m as u64 & NO_MOVE);
    let score = (e.score as i16 as u16) as u64;
    let eval = if e.eval == NO_EVAL {
        EVAL_NONE
    } else {
        e.eval.clamp(-i16::MAX as i32, i16::MAX as i32) as i16
    };
    // Depths below the horizon (the quiescence's fours) down to -DEPTH_OFFSET.
    let depth = (e.depth.clamp(-DEPTH_OFFSET, 255 - DEPTH_OFFSET) + DEPTH_OFFSET) as u64;
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | score << SCORE_AT
        | (eval as u16 as u64) << EVAL_AT
        | depth << DEPTH_AT
        | bound << BOUND_AT
        | u64::from(e.pv) << PV_AT
        | (generation as u64) << GEN_AT
        | USED
}

fn field(d: u64, at: u32, bits: u32) -> u64 {
    (d >> at) & ((1 << bits) - 1)
}

fn depth_of(d: u64) -> i32 {
    field(d, DEPTH_AT, 8) as i32 - DEPTH_OFFSET
}

fn generation_of(d: u64) -> u8 {
    field(d, GEN_AT, 8) as u8
}

fn unpack(d: u64) -> Entry {
    let mv = field(d, 0, MOVE_BITS);
    let eval = field(d, EVAL_AT, 16) as u16 as i16;
    Entry {
        mv: (mv != NO_MOVE).then_some(mv as usize),
        score: field(d, SCORE_AT, 16) as u16 as i16 as i32,
        eval: if eval == EVAL_NONE {
            NO_EVAL
        } else {
            eval as i32
        },
        depth: depth_of(d),
        bound: match field(d, BOUND_AT, 2) {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        pv: field(d, PV_AT, 1) == 1,
    }
}

/// Asks the kernel to back `len` bytes from `start`, not yet touched, with 2 MB pages
/// where it can (Linux, transparent huge pages in `madvise` mode): every probe lands on
/// a random bucket, and with 4 KB pages most of them also missed the TLB. Only the 2
/// MB-aligned inside of the range is advised. It must come before the memory is first
/// written: pages already there stay 4 KB (measured: with the zeroing first, as the
/// allocator's zeroed allocation does for an alignment of 64, none came in 2 MB pages).
#[cfg(target_os = "linux")]
fn ask_for_huge_pages(start: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    let (from, to) = (start.next_multiple_of(HUGE), (start + len) / HUGE * HUGE);
    if to > from {
        // SAFETY: the caller's range is one live allocation; the advice only changes how
        // the kernel backs it, never its contents. A refusal is harmless.
        unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn ask_for_huge_pages(_: usize, _: usize) {}

impl Table {
    /// A table of at most `mb` megabytes (the largest power-of-two bucket count that
    /// fits; at least 256 buckets), zeroed here, after the request for 2 MB pages.
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let fit = bytes / std::mem::size_of::<Bucket>();
        let n = (1usize << fit.ilog2()).max(256);
        let mut raw = Box::<[Bucket]>::new_uninit_slice(n);
        ask_for_huge_pages(raw.as_ptr() as usize, std::mem::size_of_val(&*raw));
        // SAFETY: every byte is written (zero) before `assume_init`, and a Bucket is
        // AtomicU64s only, for which all-zero bytes are a valid value.
        let buckets = unsafe {
            std::ptr::write_bytes(raw.as_mut_ptr(), 0, n);
            raw.assume_init()
        };
        Table {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// How many entries the table holds.
    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become replaceable first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Entries written in the current search, per mille, from the first 1000 buckets
    /// (the `hashfull` that engines report).
    pub fn permille_full(&self) -> usize {
        let gen = self.generation.load(Ordering::Relaxed);
        let sample = &self.buckets[..self.buckets.len().min(1000)];
        let used = sample
            .iter()
            .flat_map(|b| &b.0)
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == gen
            })
            .count();
        used * 1000 / (sample.len() * BUCKET)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key as usize) & (self.buckets.len() - 1)]
    }

    /// Starts loading `key`'s bucket into the cache: called before a move is made, the
    /// load overlaps the board's update instead of stalling the child's probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = std::ptr::from_ref(self.bucket(key)).cast::<i8>();
            // SAFETY: a prefetch is only a hint; `p` points into the table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|s| {
            let data = s.data.load(Ordering::Relaxed);
            (data != 0 && s.key.load(Ordering::Relaxed) ^ data == key).then(|| unpack(data))
        })
    }

    pub fn store(&self, key: u64, e: Entry) {
        let gen = self.generation.load(Ordering::Relaxed);
        let slots = &self.bucket(key).0;
        let mut victim = &slots[0];
        let mut victim_value = i32::MAX;
        let mut old = 0;
        for s in slots {
            let d = s.data.load(Ordering::Relaxed);
            if d != 0 && s.key.load(Ordering::Relaxed) ^ d == key {
                (victim, old) = (s, d);
                break;
            }
            // An empty slot is worth least; else depth, less the age in searches.
            let value = if d == 0 {
                i32::MIN
            } else {
                let age = i32::from(gen.wrapping_sub(generation_of(d)));
                depth_of(d) - AGE_WEIGHT * age
            };
            if value < victim_value {
                (victim, victim_value) = (s, value);
            }
        }
        let mut e = e;
        if old != 0 {
            // The same position: what the new result lacks, the old entry may still say.
            let oe = unpack(old);
            if e.mv.is_none() {
                e.mv = oe.mv;
            }
            if e.eval == NO_EVAL {
                e.eval = oe.eval;
            }
        }
        let d = pack(&e, gen);
        // Another thread may have stored the very same result: leave the cache line
        // unwritten then (shared lines are what slows threads on one table down).
        if d == old && victim.key.load(Ordering::Relaxed) == key ^ d {
            return;
        }
        victim.key.store(key ^ d, Ordering::Relaxed);
        victim.data.store(d, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mv: Option<usize>, depth: i32) -> Entry {
        Entry {
            mv,
            score: -29_950,
            eval: -1234,
            depth,
            bound: Bound::Lower,
            pv: false,
        }
    }

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let e = Entry {
            pv: true,
            ..entry(Some(300), 7)
        };
        t.store(0xDEAD_BEEF, e);
        let got = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(
            (got.mv, got.score, got.eval, got.depth, got.bound, got.pv),
            (Some(300), -29_950, -1234, 7, Bound::Lower, true)
        );
        assert!(t.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn every_field_round_trips() {
        for mv in [None, Some(0), Some(37), Some(CELLS - 2)] {
            for score in [-30_000, -1, 0, 1, 29_999] {
                for eval in [NO_EVAL, -32_767, 0, 500, 32_767] {
                    for depth in [-DEPTH_OFFSET, -3, 0, 1, 60, 255 - DEPTH_OFFSET] {
                        for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                            for pv in [false, true] {
                                let e = Entry {
                                    mv,
                                    score,
                                    eval,
                                    depth,
                                    bound,
                                    pv,
                                };
                                let d = pack(&e, 201);
                                assert_ne!(d, 0);
                                assert_eq!(generation_of(d), 201);
                                let got = unpack(d);
                                assert_eq!(
                                    (got.mv, got.score, got.eval, got.depth, got.bound, got.pv),
                                    (mv, score, eval, depth, bound, pv)
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_same_position_keeps_what_the_new_result_lacks() {
        let t = Table::new(1);
        t.store(
            99,
            Entry {
                pv: true,
                ..entry(Some(40), 5)
            },
        );
        t.store(
            99,
            Entry {
                eval: NO_EVAL,
                ..entry(None, 2)
            },
        );
        let got = t.probe(99).unwrap();
        assert_eq!(
            (got.mv, got.eval, got.depth, got.pv),
            (Some(40), -1234, 2, false)
        );
    }

    #[test]
    fn a_full_bucket_gives_up_its_least_valuable_entry() {
        let t = Table::new(1);
        let n = t.buckets.len() as u64;
        // Keys k + i * n share a bucket.
        let key = |i: u64| 5 + i * n;
        for (i, depth) in [(0, 9), (1, 3), (2, 12), (3, 6)] {
            t.store(key(i), entry(Some(40), depth));
        }
        for i in 0..4 {
            assert!(t.probe(key(i)).is_some());
        }
        // A fifth position replaces the shallowest (depth 3).
        t.store(key(4), entry(Some(41), 1));
        assert!(t.probe(key(1)).is_none());
        assert!(t.probe(key(4)).is_some());
        // Two searches later even the depth-12 entry is worth less than a fresh depth-0
        // one (12 - 2 * 8 < 0): four fresh positions replace the old four, the deepest last.
        t.new_search();
        t.new_search();
        for i in 5..8 {
            t.store(key(i), entry(Some(42), 0));
        }
        assert!(
            t.probe(key(2)).is_some(),
            "the deepest old entry went first"
        );
        t.store(key(8), entry(Some(42), 0));
        assert!(t.probe(key(2)).is_none(), "the aged deep entry was kept");
        assert!((5..9).all(|i| t.probe(key(i)).is_some()));
    }

    #[test]
    fn size_fits_the_request() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(Table::new(1).capacity(), 1 << 16);
        assert_eq!(Table::new(16).capacity(), 1 << 20);
        assert_eq!(Table::new(24).capacity(), 1 << 20);
        let t = Table::new(64);
        assert!(t
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .all(|s| s.data.load(Ordering::Relaxed) == 0));
        assert!(t.probe(12345).is_none());
        assert_eq!(t.permille_full(), 0);
    }
}
