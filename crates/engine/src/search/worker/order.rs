//! Move ordering: the ordering keys of a node's moves (policy prior or cell values,
//! killers, counter move, history), the hash move staged ahead of them, the pick of the
//! next best, and the history scores the cut-offs and failures update.

use fiveinrow_rules::{Color, CELLS};

use super::Worker;
use crate::board::pattern_board::PatternBoard;
use crate::eval::policy::Prior;
use crate::params::SearchParams;
use crate::search::learned::{cont_index, NO_COUNTER};

/// Bound of a history score: a quiet move's cut-offs raise it, its failures lower it.
const HISTORY_MAX: i32 = 1 << 16;

impl Worker<'_> {
    /// Moves a history score toward +-[`HISTORY_MAX`] by `bonus` ("gravity": the nearer
    /// the bound, the smaller the step, so old successes fade as new results come in);
    /// the continuation scores after the last two moves too, where those tables are in
    /// use.
    #[inline]
    pub(super) fn update_history(&mut self, me: Color, m: usize, bonus: i32) {
        let step = |h: &mut i32| *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        step(&mut self.history[me.index()][m]);
        for (own, prev, _) in self.continuations() {
            step(&mut self.cont[cont_index(me, own, prev, m)]);
        }
    }

    /// Whether moves are ordered by a continuation history too.
    #[inline]
    fn uses_continuations(&self) -> bool {
        self.shared.params.continuations_on()
    }

    /// The continuation tables in use here: (our own move or not, the previous move's
    /// cell, its weight in %).
    #[inline]
    fn continuations(&self) -> impl Iterator<Item = (bool, usize, i32)> {
        let p = &self.shared.params;
        let b = &self.board;
        let theirs = b.last_move().map(|c| (false, c, p.cont_history));
        let ours = b.move_before(1).map(|c| (true, c, p.cont_own_history));
        theirs.into_iter().chain(ours).filter(|t| t.2 != 0)
    }

    /// The history scores that order `me`'s moves here: each cell's history, plus its
    /// continuation scores after the last two moves (`cont_history`,
    /// `cont_own_history`, in %).
    #[inline]
    fn order_history(&self, me: Color) -> impl Fn(usize) -> i32 + '_ {
        let hist = &self.history[me.index()];
        let mut rows: [(&[i32], i32); 2] = [(&[], 0), (&[], 0)];
        let mut used = 0;
        for (own, prev, weight) in self.continuations() {
            rows[used] = (&self.cont[cont_index(me, own, prev, 0)..][..CELLS], weight);
            used += 1;
        }
        move |m| {
            let mut h = hist[m];
            for &(row, w) in &rows[..used] {
                h += row[m] * w / 100;
            }
            h
        }
    }

    /// Ordering keys of `moves` (see [`next_best`]): policy prior (or own and opponent's
    /// cell values), killers and history; ties by cell index. A table's move among them
    /// is staged instead ([`Self::stage`]).
    pub(super) fn order(&self, moves: &[usize], keys: &mut Vec<u64>, ply: usize, me: Color) {
        let keyer = Keyer::new(self, ply, me);
        keys.clear();
        // The plain history alone is looked up directly: the common case stays as fast.
        if self.uses_continuations() {
            let hist = self.order_history(me);
            keys.extend(moves.iter().map(|&m| keyer.key(m, hist(m))));
        } else {
            let hist = &self.history[me.index()];
            keys.extend(moves.iter().map(|&m| keyer.key(m, hist[m])));
        }
    }

    /// The table's move staged ahead of the others' ordering: its key first, then each
    /// other move with its history score as it is now (not yet its key). A cut on the
    /// table's move, the common case, then saves working out the others' keys; if it
    /// does not cut, [`Self::finish_staged`] turns the rest into the keys [`Self::order`]
    /// would have given (the search below the table's move changes the history, but the
    /// order must not depend on that).
    pub(super) fn stage(&self, moves: &[usize], keys: &mut Vec<u64>, tt: usize, me: Color) {
        keys.clear();
        keys.push(key_of(TT_SCORE, tt));
        let others = moves.iter().filter(|&&m| m != tt);
        let saved = |m: usize, h: i32| u64::from(h as u32) << 11 | m as u64;
        if self.uses_continuations() {
            let hist = self.order_history(me);
            keys.extend(others.map(|&m| saved(m, hist(m))));
        } else {
            let hist = &self.history[me.index()];
            keys.extend(others.map(|&m| saved(m, hist[m])));
        }
    }

    /// The staged moves' keys (see [`Self::stage`]), from their saved history scores.
    pub(super) fn finish_staged(&self, staged: &mut [u64], ply: usize, me: Color) {
        let keyer = Keyer::new(self, ply, me);
        for k in staged {
            let (m, h) = ((*k & 0x7FF) as usize, (*k >> 11) as u32 as i32);
            *k = keyer.key(m, h);
        }
    }
}

/// The ordering score of the hash move, above any other move's.
const TT_SCORE: i32 = 1 << 30;

/// One u64 per move: the score in the high bits (inverted so that an ascending sort puts
/// the best first) and the cell index in the low 11 bits.
#[inline]
fn key_of(score: i32, m: usize) -> u64 {
    const BIAS: i64 = 1 << 40;
    let inverted = (BIAS - 1 - (i64::from(score) + BIAS / 2)) as u64;
    inverted << 11 | m as u64
}

/// What a node's ordering keys are made of, looked up once: the prior, the killers, the
/// counter move and the ordering settings.
struct Keyer<'w> {
    board: &'w PatternBoard,
    params: &'w SearchParams,
    prior: Prior,
    killers: [Option<usize>; 2],
    counter: u16,
    me: Color,
}

impl<'w> Keyer<'w> {
    fn new(w: &'w Worker<'_>, ply: usize, me: Color) -> Keyer<'w> {
        let b = &w.board;
        Keyer {
            board: b,
            params: &w.shared.params,
            prior: Prior::new(b, me),
            killers: w.killers[ply],
            counter: b
                .last_move()
                .map_or(NO_COUNTER, |prev| w.counters[me.index()][prev]),
            me,
        }
    }

    /// The key of move `m` (not the hash move) whose history score is `hist`.
    #[inline]
    fn key(&self, m: usize, hist: i32) -> u64 {
        let (b, params, me) = (self.board, self.params, self.me);
        let hand = || params.order_value(b.value(me, m), b.value(me.opponent(), m));
        let base = match params.policy_weight.get(b.rule()) {
            0 => hand(),
            16 => self.prior.of(b, m),
            w => (self.prior.of(b, m) * w + hand() * (16 - w)) / 16,
        };
        let k = if self.killers[0] == Some(m) {
            params.killer_bonus[0]
        } else if self.killers[1] == Some(m) {
            params.killer_bonus[1]
        } else {
            0
        };
        let c = if usize::from(self.counter) == m {
            params.counter_bonus
        } else {
            0
        };
        key_of(
            base * 64 + (k + c) * 64 + hist / params.history_divisor.max(1),
            m,
        )
    }
}

/// The `i`-th best move of a node whose keys are ordered up to `i`: the first few are
/// picked by selection (most nodes cut off on one of them), the rest sorted once. The
/// order is that of a full sort: keys are distinct.
#[inline]
pub(super) fn next_best(keys: &mut [u64], i: usize) -> usize {
    const PICKED: usize = 3;
    if i < PICKED {
        let mut best = i;
        for j in i + 1..keys.len() {
            if keys[j] < keys[best] {
                best = j;
            }
        }
        keys.swap(i, best);
    } else if i == PICKED {
        keys[PICKED..].sort_unstable();
    }
    (keys[i] & 0x7FF) as usize
}
