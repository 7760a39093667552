//! What one thread's search learnt that the next search of the same game starts from:
//! the history and counter-move tables of the move ordering and the static
//! evaluation's corrections. The positions of a game's next search share all but a
//! stone or two with this one's, so its cut-off moves and the evaluation's errors mostly
//! still hold; they are kept at a share (`SearchParams::carry_history`,
//! `carry_corr`) so that the new search's own results soon outweigh them. Anything
//! else (a new game, an analysed position elsewhere) starts afresh.

use fiveinrow_rules::{Cell, Color, Rule, CELLS};

use crate::params::SearchParams;
use crate::search::correction::Correction;

/// No counter-move recorded.
pub const NO_COUNTER: u16 = u16::MAX;

/// Where the continuation score of `me`'s move `m` after the move to `prev` lies in
/// [`Learned::cont`]: `own` false for the opponent's last move, true for our own one
/// before it.
#[inline]
pub fn cont_index(me: Color, own: bool, prev: usize, m: usize) -> usize {
    ((usize::from(own) * 2 + me.index()) * CELLS + prev) * CELLS + m
}

/// One thread's tables.
pub struct Learned {
    /// The quiet move that last cut off right after the opponent's move to each cell,
    /// per colour to move (the counter-move heuristic).
    pub counters: Box<[[u16; CELLS]; 2]>,
    /// Per colour to move and cell: cut-offs raise it, failures lower it.
    pub history: Box<[[i32; CELLS]; 2]>,
    /// The same per colour to move, the opponent's last move or our own one before it,
    /// and the move (`SearchParams::cont_history`, `cont_own_history`; [`cont_index`]):
    /// empty until a search uses it (zeroing it costs a short search several percent).
    pub cont: Vec<i32>,
    /// The static evaluation's corrections (`SearchParams::corr_weight`).
    pub corr: Correction,
}

impl Default for Learned {
    fn default() -> Learned {
        Learned {
            counters: Box::new([[NO_COUNTER; CELLS]; 2]),
            history: Box::new([[0; CELLS]; 2]),
            cont: Vec::new(),
            corr: Correction::new(),
        }
    }
}

impl Learned {
    /// Makes room for the continuation histories, where they are still empty.
    pub fn with_continuations(&mut self) {
        if self.cont.is_empty() {
            self.cont = vec![0; 4 * CELLS * CELLS];
        }
    }

    /// Keeps `history`% of the history scores and `corr`% of the corrections.
    fn fade(&mut self, history: i32, corr: i32) {
        for h in self
            .history
            .iter_mut()
            .flatten()
            .chain(self.cont.iter_mut())
        {
            *h = *h * history / 100;
        }
        self.corr.scale(corr);
    }
}

/// The engine's tables between searches, with the position they were learnt on.
#[derive(Default)]
pub struct Carried {
    threads: Vec<Learned>,
    from: Option<(Rule, Box<[Cell; CELLS]>)>,
}

/// Whether `now` goes on from `before`: every stone of `before` is still there, and at
/// most two more have been played (a reply and our move, or one of them).
fn goes_on(before: &[Cell; CELLS], now: &[Cell; CELLS]) -> bool {
    let mut added = 0;
    for (b, n) in before.iter().zip(now.iter()) {
        if b != n {
            if *b != Cell::Empty {
                return false;
            }
            added += 1;
        }
    }
    added <= 2
}

impl Carried {
    /// The tables for a search of `cells` under `rule` with `threads` threads: the last
    /// search's, faded, where this position goes on from its one (and carrying is on),
    /// else fresh ones.
    pub fn take(
        &mut self,
        rule: Rule,
        cells: &[Cell; CELLS],
        threads: usize,
        p: &SearchParams,
    ) -> Vec<Learned> {
        let from = self.from.take();
        let mut tables = std::mem::take(&mut self.threads);
        let carry = p.carry_history > 0 || p.carry_corr > 0;
        let same_game = from.is_some_and(|(r, before)| r == rule && goes_on(&before, cells));
        if !(carry && same_game) {
            tables.clear();
        }
        for t in tables.iter_mut() {
            t.fade(p.carry_history, p.carry_corr);
        }
        tables.resize_with(threads, Learned::default);
        tables
    }

    /// Keeps the tables a search of `cells` under `rule` ended with.
    pub fn put(&mut self, rule: Rule, cells: &[Cell; CELLS], tables: Vec<Learned>) {
        self.threads = tables;
        self.from = Some((rule, Box::new(*cells)));
    }

    /// Forgets them (a new game).
    pub fn clear(&mut self) {
        *self = Carried::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(history: i32, corr: i32) -> SearchParams {
        SearchParams {
            carry_history: history,
            carry_corr: corr,
            ..SearchParams::default()
        }
    }

    fn learnt() -> Vec<Learned> {
        let mut t = Learned::default();
        t.history[0][7] = 1000;
        t.corr
            .update(Color::Black, Some(3), Some(4), None, None, 200, 8);
        vec![t]
    }

    #[test]
    fn a_continuation_of_the_same_game_starts_from_the_faded_tables() {
        let mut before = [Cell::Empty; CELLS];
        before[10] = Cell::Black;
        let mut now = before;
        now[11] = Cell::White;
        now[12] = Cell::Black;
        let mut c = Carried::default();
        let learnt_corr = learnt()[0].corr.of(Color::Black, Some(3), Some(4), 100);
        assert!(learnt_corr > 0);

        c.put(Rule::Renju, &before, learnt());
        let t = c.take(Rule::Renju, &now, 2, &params(50, 100));
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].history[0][7], 500);
        assert_eq!(
            t[0].corr.of(Color::Black, Some(3), Some(4), 100),
            learnt_corr
        );
        assert_eq!(t[1].history[0][7], 0);

        // Another rule, a stone gone, three stones more, or carrying off: fresh tables.
        let mut moved = now;
        moved[10] = Cell::Empty;
        let mut three_more = now;
        three_more[13] = Cell::White;
        for (rule, cells, p) in [
            (Rule::Freestyle, &now, params(50, 100)),
            (Rule::Renju, &moved, params(50, 100)),
            (Rule::Renju, &three_more, params(50, 100)),
            (Rule::Renju, &now, params(0, 0)),
        ] {
            let mut c = Carried::default();
            c.put(Rule::Renju, &before, learnt());
            let t = c.take(rule, cells, 1, &p);
            assert_eq!(t[0].history[0][7], 0);
            assert_eq!(t[0].corr.of(Color::Black, Some(3), Some(4), 100), 0);
        }
        // Nothing kept yet, or cleared: fresh.
        let mut c = Carried::default();
        assert_eq!(
            c.take(Rule::Renju, &now, 1, &params(50, 100))[0].history[0][7],
            0
        );
        c.put(Rule::Renju, &before, learnt());
        c.clear();
        assert_eq!(
            c.take(Rule::Renju, &now, 1, &params(50, 100))[0].history[0][7],
            0
        );
    }
}
