//! Win detection at the last move.

use crate::board::Board;
use crate::layout::{index, pos_of, Cell, DIR_STEP};
use crate::types::{Color, Pos, Rule};

impl Board {
    /// The winning line that a stone of `color` on `p` makes under `rule`, as its cells in
    /// order along the line from its left end, or top end for a column (five, or more for an overline that wins), or `None`.
    /// `p` is counted as `color` whatever it holds.
    pub fn winning_line(&self, p: Pos, color: Color, rule: Rule) -> Option<Vec<Pos>> {
        let i = index(p);
        for (d, &step) in DIR_STEP.iter().enumerate() {
            let (lo, hi) = self.run_bounds(i, d, Cell::stone(color));
            let len = (hi - lo) / step.unsigned_abs() + 1;
            if rule.is_win_length(color, len) {
                let mut line: Vec<Pos> = (0..len)
                    .map(|k| pos_of(lo + k * step.unsigned_abs()))
                    .collect();
                // Along the direction (dx, dy): from the left end, or the top one.
                line.sort();
                return Some(line);
            }
        }
        None
    }

    /// Whether a stone of `color` on `p` wins under `rule`.
    #[inline]
    pub fn makes_win(&self, p: Pos, color: Color, rule: Rule) -> bool {
        let i = index(p);
        (0..4).any(|d| {
            let (lo, hi) = self.run_bounds(i, d, Cell::stone(color));
            rule.is_win_length(color, (hi - lo) / DIR_STEP[d].unsigned_abs() + 1)
        })
    }

    /// Any winning line of `color` on the whole board (for set-up positions).
    pub fn find_winning_line(&self, color: Color, rule: Rule) -> Option<Vec<Pos>> {
        self.stones()
            .filter(|&(_, c)| c == color)
            .find_map(|(p, _)| self.winning_line(p, color, rule))
    }
}
