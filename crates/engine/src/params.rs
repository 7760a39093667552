//! Every tuning number of the engine in one place: evaluation weights, search margins,
//! reductions. Change them here and prove the change in games.

use crate::pattern::{Combo, Pattern, COMBOS};

/// Value of one line pattern of a cell, for the colour that could play there.
pub const PATTERN_VALUE: [i32; 11] = [
    0,   // Dead
    1,   // B1
    3,   // F1
    4,   // B2
    12,  // F2
    14,  // B3
    40,  // F3
    40,  // B4
    120, // F4
    600, // F5
    0,   // Overline
];

/// Extra value of a cell's combined shape.
pub const COMBO_VALUE: [i32; COMBOS] = [
    0,    // None
    0,    // Flex2
    0,    // Block3
    10,   // Flex2x2
    12,   // Block3Plus
    20,   // Flex3
    30,   // Flex3Plus
    150,  // Flex3x2
    15,   // Block4
    40,   // Block4Plus
    250,  // Block4Flex3
    400,  // Flex4
    1000, // Five
    0,    // Forbid: black cannot play it; it is worth nothing to black
];

/// Weight (/16) of the side to move's cell values: having the move is worth more.
pub const SELF_WEIGHT: i32 = 20;
/// Weight (/16) of the opponent's.
pub const OPPONENT_WEIGHT: i32 = 16;

/// Late-move reductions: moves after this index at depth >= 3 are searched one ply less.
pub const LMR_MIN_INDEX: usize = 4;
pub const LMR_MIN_DEPTH: i32 = 3;

/// Aspiration window half-width at the root.
pub const ASPIRATION: i32 = 40;

/// Futility: at depth 1, quiet moves of a node whose eval is this far below alpha are skipped.
pub const FUTILITY_MARGIN: i32 = 150;

/// Most candidate moves searched at a quiet node, by depth (wider near the root).
pub fn move_cap(depth: i32) -> usize {
    match depth {
        d if d >= 8 => 30,
        d if d >= 4 => 22,
        _ => 16,
    }
}

#[inline]
pub fn pattern_value(p: Pattern) -> i32 {
    PATTERN_VALUE[p as usize]
}

#[inline]
pub fn combo_value(c: Combo) -> i32 {
    COMBO_VALUE[c as usize]
}
