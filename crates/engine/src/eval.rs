//! Evaluation: every empty cell is worth something to each colour (its four line
//! patterns and their combination); a position is the sum for the side to move minus
//! the sum for the opponent, with the side to move weighted up for having the move.

use fiveinrow_rules::Color;

use crate::params::{combo_value, pattern_value, OPPONENT_WEIGHT};
use crate::pattern::{Combo, Pattern};
use crate::pattern_board::PatternBoard;

/// Value of an empty cell to a colour.
#[inline]
pub fn cell_value(combo: Combo, p: [Pattern; 4]) -> i32 {
    if combo == Combo::Forbid {
        return 0;
    }
    combo_value(combo) + p.iter().map(|&x| pattern_value(x)).sum::<i32>()
}

/// Static evaluation from the side to move's point of view, the side to move's cells
/// weighted by `self_weight` (/16).
#[inline]
pub fn evaluate_weighted(b: &PatternBoard, self_weight: i32) -> i32 {
    let me = b.side_to_move();
    let opp: Color = me.opponent();
    (b.total(me) * self_weight - b.total(opp) * OPPONENT_WEIGHT) / 16
}
