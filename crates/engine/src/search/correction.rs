//! Correction of the static evaluation by what the search found (`SearchParams::corr_weight`).
//!
//! The static evaluation is wrong the same way in many positions of one search: they
//! share most of their stones, and an attack the evaluation misjudges near one move is
//! misjudged in every line that has it. Each searched node whose result says where the
//! truth lies (an exact score, or a bound beyond the static evaluation) moves two
//! entries in the direction of the error it saw, as history scores move (a step that
//! grows with the error and the depth and shrinks near the limit, so an entry settles
//! where the errors' signs balance): one for the opponent's last move's cell, one for
//! that cell with the mover's own move before it. Later nodes with the same last
//! moves add the entries' mean to their evaluation. A third table, keyed by the
//! position's threat mask ([`crate::eval::threat_mask`]: which fours and threes each
//! side could make), learns how this game's threats of each kind are misjudged
//! (`SearchParams::corr_mask_weight`). A fourth, keyed by the opponent's last two moves,
//! learns how the attack those two stones build is misjudged
//! (`SearchParams::corr_theirs_weight`).

use fiveinrow_rules::{Color, CELLS};

/// Entries are kept this many times finer than evaluation units.
const GRAIN: i32 = 16;

/// An entry stays within this many evaluation units (times [`GRAIN`]).
const LIMIT: i32 = 400 * GRAIN;

/// The tables, per colour to move: by the last move, by the last two, by the threat mask,
/// by the opponent's last two.
pub struct Correction {
    last: Box<[[i32; CELLS]; 2]>,
    pair: Vec<i32>,
    mask: Box<[[i32; MASKS]; 2]>,
    theirs: Vec<i32>,
}

/// Threat masks.
const MASKS: usize = 512;

impl Correction {
    pub fn new() -> Correction {
        Correction {
            last: Box::new([[0; CELLS]; 2]),
            pair: vec![0; 2 * CELLS * CELLS],
            mask: Box::new([[0; MASKS]; 2]),
            theirs: vec![0; 2 * CELLS * CELLS],
        }
    }

    fn pair_index(me: Color, last: usize, before: usize) -> usize {
        (me.index() * CELLS + last) * CELLS + before
    }

    /// The correction, in evaluation units times `weight`/100, for `me` to move after
    /// the opponent's `last` move and our own `before` it.
    #[inline]
    pub fn of(&self, me: Color, last: Option<usize>, before: Option<usize>, weight: i32) -> i32 {
        let Some(last) = last else {
            return 0;
        };
        let a = self.last[me.index()][last];
        let b = before.map_or(a, |p| self.pair[Self::pair_index(me, last, p)]);
        (a + b) * weight / (2 * 100 * GRAIN)
    }

    /// The threat mask's correction, in evaluation units times `weight`/100.
    #[inline]
    pub fn of_mask(&self, me: Color, mask: usize, weight: i32) -> i32 {
        self.mask[me.index()][mask] * weight / (100 * GRAIN)
    }

    /// The correction by the opponent's `last` move and their move `earlier` (three plies
    /// back), in evaluation units times `weight`/100.
    #[inline]
    pub fn of_theirs(
        &self,
        me: Color,
        last: Option<usize>,
        earlier: Option<usize>,
        weight: i32,
    ) -> i32 {
        match (last, earlier) {
            (Some(l), Some(e)) => self.theirs[Self::pair_index(me, l, e)] * weight / (100 * GRAIN),
            _ => 0,
        }
    }

    /// Keeps `percent`% of every entry (a later search of the same game starts from them).
    pub fn scale(&mut self, percent: i32) {
        let tables = self.last.iter_mut().flatten();
        let tables = tables
            .chain(self.pair.iter_mut())
            .chain(self.theirs.iter_mut());
        for e in tables.chain(self.mask.iter_mut().flatten()) {
            *e = *e * percent / 100;
        }
    }

    /// Moves the entries in the direction of `error` (search result less static
    /// evaluation, in evaluation units), by more the larger the error and the deeper the
    /// search: the nearer an entry is to its limit, the smaller the step. The threat
    /// mask's entry only where `mask` is given, the opponent's pair's only where
    /// `earlier` is (their tables in use).
    #[allow(clippy::too_many_arguments)]
    pub fn update(
        &mut self,
        me: Color,
        last: Option<usize>,
        before: Option<usize>,
        mask: Option<usize>,
        earlier: Option<usize>,
        error: i32,
        depth: i32,
    ) {
        let bonus = (error * GRAIN * depth.min(16) / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let step = |e: &mut i32| *e += bonus - *e * bonus.abs() / LIMIT;
        if let Some(mask) = mask {
            step(&mut self.mask[me.index()][mask]);
        }
        let Some(last) = last else {
            return;
        };
        if let Some(e) = earlier {
            step(&mut self.theirs[Self::pair_index(me, last, e)]);
        }
        step(&mut self.last[me.index()][last]);
        if let Some(p) = before {
            step(&mut self.pair[Self::pair_index(me, last, p)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_follow_the_errors_and_stay_bounded() {
        let mut c = Correction::new();
        let (me, op) = (Color::Black, Color::White);
        assert_eq!(c.of(me, Some(10), Some(20), 100), 0);
        c.update(me, Some(10), Some(20), Some(7), Some(30), 80, 8);
        let first = c.of(me, Some(10), Some(20), 100);
        assert!(first > 0 && first <= 80, "{first}");
        // The other colour, another pair and another mask are untouched; the cell's own
        // entry is shared by every move before it.
        assert_eq!(c.of(op, Some(10), Some(20), 100), 0);
        assert_eq!(c.of_mask(me, 8, 100), 0);
        assert!(c.of_mask(me, 7, 100) > 0);
        // The opponent's pair: only its own entry, and none without their earlier move.
        let theirs = c.of_theirs(me, Some(10), Some(30), 100);
        assert!(theirs > 0 && theirs <= 80, "{theirs}");
        assert_eq!(c.of_theirs(me, Some(10), Some(31), 100), 0);
        assert_eq!(c.of_theirs(me, Some(10), None, 100), 0);
        assert_eq!(c.of_theirs(op, Some(10), Some(30), 100), 0);
        let half = c.of(me, Some(10), Some(21), 100);
        assert!(half > 0 && half < first, "{half} {first}");
        // Errors of one sign drive the entries toward the limit, never past it.
        for _ in 0..200 {
            c.update(me, Some(10), Some(20), Some(7), None, 100_000, 16);
        }
        let most = c.of(me, Some(10), Some(20), 100);
        assert!(most > 300 && most <= LIMIT / GRAIN, "{most}");
        for _ in 0..200 {
            c.update(me, Some(10), Some(20), Some(7), None, -50, 16);
        }
        let back = c.of(me, Some(10), Some(20), 100);
        assert!((-LIMIT / GRAIN..0).contains(&back), "{back}");
        // No last move (the empty board): no entry but the mask's.
        assert_eq!(c.of(me, None, None, 100), 0);
        // The weight scales the correction.
        assert_eq!(c.of(me, Some(10), Some(20), 0), 0);
    }
}
