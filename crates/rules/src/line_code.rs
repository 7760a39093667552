//! The line code: the ten neighbours of a cell in one direction (five each side), each
//! empty, own or blocked (the other colour or a wall), as one base-3 number below
//! [`CODES`]. The rules crate's forbidden-point table and the engine's pattern tables
//! are both indexed by it, so this module is the one owner of the digit order.
//!
//! Digit order: the neighbour `k`-th from the left end of the line (offset `k - 5`
//! for `k < 5`, `k - 4` past the centre) has weight `3^k`, i.e. least significant first
//! from the left. A board can then move one code by adding or subtracting a weight.

use crate::layout::{Cell, CELLS};
use crate::types::Color;

/// Neighbours looked at on each side of the cell.
pub const REACH: usize = 5;
/// Cells of a line, the centre included.
pub const WIDTH: usize = 2 * REACH + 1;
/// Number of line codes (3^10).
pub const CODES: usize = 59049;

/// Digit of an empty neighbour.
pub const EMPTY: u8 = 0;
/// Digit of a stone of the line's own colour.
pub const OWN: u8 = 1;
/// Digit of a stone of the other colour or a wall.
pub const BLOCKED: u8 = 2;

/// Weight in a code of the neighbour at `offset` (-5..=5, not 0) from the centre.
#[inline]
pub const fn weight(offset: isize) -> u32 {
    let k = if offset < 0 {
        offset + REACH as isize
    } else {
        offset + REACH as isize - 1
    };
    let mut w = 1u32;
    let mut i = 0;
    while i < k {
        w *= 3;
        i += 1;
    }
    w
}

/// Weights by position in the line (index `offset + 5`; the centre's is 0).
pub const WEIGHTS: [u32; WIDTH] = {
    let mut w = [0u32; WIDTH];
    let mut k = 0;
    while k < WIDTH {
        if k != REACH {
            w[k] = weight(k as isize - REACH as isize);
        }
        k += 1;
    }
    w
};

/// The eleven digits of a code, the centre (index [`REACH`]) set to [`OWN`].
pub fn decode(mut code: usize) -> [u8; WIDTH] {
    let mut line = [EMPTY; WIDTH];
    for slot in (0..WIDTH).filter(|&k| k != REACH) {
        line[slot] = (code % 3) as u8;
        code /= 3;
    }
    line[REACH] = OWN;
    line
}

/// The code of eleven digits (the centre is ignored).
pub fn encode(line: &[u8; WIDTH]) -> usize {
    (0..WIDTH)
        .filter(|&k| k != REACH)
        .map(|k| usize::from(line[k]) * WEIGHTS[k] as usize)
        .sum()
}

/// The code of the line through padded `index` along index step `step`, for `own`'s
/// stones. The whole line must lie in the array (true for every on-board cell).
#[inline]
pub fn read(cells: &[Cell; CELLS], index: usize, step: isize, own: Color) -> usize {
    // Digit of a cell by `own` and the cell: empty, black, white, wall.
    const DIGIT: [[usize; 4]; 2] = [
        [
            EMPTY as usize,
            OWN as usize,
            BLOCKED as usize,
            BLOCKED as usize,
        ],
        [
            EMPTY as usize,
            BLOCKED as usize,
            OWN as usize,
            BLOCKED as usize,
        ],
    ];
    let digit = &DIGIT[own.index()];
    // From the right end down, so that the left end ends least significant.
    let mut code = 0;
    let mut i = index as isize + REACH as isize * step;
    let mut k = WIDTH;
    while k > 0 {
        k -= 1;
        if k != REACH {
            code = code * 3 + digit[cells[i as usize] as usize];
        }
        i -= step;
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{index, DIR_STEP};
    use crate::types::Pos;

    #[test]
    fn every_code_round_trips() {
        for code in 0..CODES {
            assert_eq!(encode(&decode(code)), code);
        }
    }

    #[test]
    fn weights_count_from_the_left() {
        assert_eq!(weight(-5), 1);
        assert_eq!(weight(-1), 81);
        assert_eq!(weight(1), 243);
        assert_eq!(weight(5), 19683);
        assert_eq!(WEIGHTS.iter().sum::<u32>() * 2, CODES as u32 - 1);
    }

    /// Every code, written on a board in every direction and read back for both
    /// colours, gives itself: [`read`] and [`decode`] agree digit for digit.
    #[test]
    fn reading_a_board_gives_the_written_code() {
        let centre = index(Pos::at(10, 10));
        for (d, &step) in DIR_STEP.iter().enumerate() {
            for own in [Color::Black, Color::White] {
                let other = own.opponent();
                let mut cells = [Cell::Empty; CELLS];
                for code in (0..CODES).filter(|c| d == 0 || c % 7 == 0) {
                    for (k, &digit) in decode(code).iter().enumerate() {
                        let i = centre as isize + (k as isize - REACH as isize) * step;
                        cells[i as usize] = match digit {
                            EMPTY => Cell::Empty,
                            OWN => Cell::stone(own),
                            _ if code % 2 == 0 => Cell::stone(other),
                            _ => Cell::Wall,
                        };
                    }
                    assert_eq!(read(&cells, centre, step, own), code);
                }
            }
        }
    }
}
