//! What one line through an empty point means for black if black plays there.
//!
//! The eleven cells centred on the point (five each side) decide everything a renju
//! line can hold through that point: five, overline, fours, and the points that would
//! turn it into a straight four. Each of the ten neighbours is empty, black or blocked
//! (white or wall), so a line has one of 3^10 codes; the table is built once, at first
//! use, by [`analyze_line`], the plain definition applied to one line.

use std::sync::OnceLock;

use crate::layout::{Cell, CELLS};
use crate::line_code::{self, decode, CODES, EMPTY, OWN as BLACK, REACH, WIDTH};
use crate::types::Color;

/// The meaning of one line for black: packed as three-point offsets (bits 0..6), four
/// count (bits 6..8), five (bit 8), overline (bit 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct LineShape(u16);

impl LineShape {
    /// Playing here makes exactly five in this line.
    #[inline]
    pub fn five(self) -> bool {
        self.0 & (1 << 8) != 0
    }
    /// Playing here makes six or more in this line.
    #[inline]
    pub fn overline(self) -> bool {
        self.0 & (1 << 9) != 0
    }
    /// How many distinct fours (through this point) playing here makes in this line.
    #[inline]
    pub fn fours(self) -> u32 {
        u32::from((self.0 >> 6) & 3)
    }
    /// Bit set of the offsets (see [`three_offset`]) where one more black stone would
    /// make a straight four through this point. Non-zero means "a three, if one of those
    /// points is legal".
    #[inline]
    pub fn three_mask(self) -> u16 {
        self.0 & 0x3f
    }
}

/// Offset along the line (-3..=3, not 0) of bit `bit` of a three mask.
#[inline]
pub(crate) fn three_offset(bit: u32) -> isize {
    let b = bit as isize;
    if b < 3 {
        b - 3
    } else {
        b - 2
    }
}

fn three_bit(offset: isize) -> u16 {
    let b = if offset < 0 { offset + 3 } else { offset + 2 };
    1 << b
}

/// The line code (for black) of the point at padded `index` along index step `step`.
#[inline]
pub(crate) fn line_key(cells: &[Cell; CELLS], index: usize, step: isize) -> usize {
    line_code::read(cells, index, step, Color::Black)
}

/// First and last index of the black run through the centre.
fn centre_run(line: &[u8; WIDTH]) -> (usize, usize) {
    let mut a = REACH;
    while a > 0 && line[a - 1] == BLACK {
        a -= 1;
    }
    let mut b = REACH;
    while b + 1 < WIDTH && line[b + 1] == BLACK {
        b += 1;
    }
    (a, b)
}

/// Whether filling empty index `e` would make the centre's run exactly five.
fn fill_makes_exact_five(line: &mut [u8; WIDTH], e: usize) -> bool {
    line[e] = BLACK;
    let (a, b) = centre_run(line);
    line[e] = EMPTY;
    b - a + 1 == 5 && (a..=b).contains(&e)
}

/// The definition of RULES.md applied to one line whose centre black just played.
/// Runs of exactly five never touch the line's ends, so the eleven cells suffice.
pub(crate) fn analyze_line(mut line: [u8; WIDTH]) -> LineShape {
    let (a, b) = centre_run(&line);
    let len = b - a + 1;
    let mut bits = 0u16;
    if len == 5 {
        bits |= 1 << 8;
    }
    if len >= 6 {
        bits |= 1 << 9;
    }
    // Fours: each empty point that completes an exact five through the centre; two such
    // points that complete the same four stones (a straight four) are one four.
    let mut four_sets: Vec<u16> = Vec::new();
    for q in 0..WIDTH {
        if line[q] != EMPTY || !fill_makes_exact_five(&mut line, q) {
            continue;
        }
        line[q] = BLACK;
        let (a, b) = centre_run(&line);
        line[q] = EMPTY;
        let stones: u16 = (a..=b).filter(|&i| i != q).map(|i| 1u16 << i).sum();
        if !four_sets.contains(&stones) {
            four_sets.push(stones);
        }
    }
    bits |= (four_sets.len().min(3) as u16) << 6;
    // Three points: one more stone makes a straight four through the centre, i.e. a run
    // of exactly four with an empty end on each side, each completing an exact five.
    if len < 5 && four_sets.is_empty() {
        for q in 0..WIDTH {
            if line[q] != EMPTY {
                continue;
            }
            line[q] = BLACK;
            let (a, b) = centre_run(&line);
            let straight = b - a + 1 == 4
                && (a..=b).contains(&q)
                && a >= 1
                && b + 1 < WIDTH
                && line[a - 1] == EMPTY
                && line[b + 1] == EMPTY
                && fill_makes_exact_five(&mut line, a - 1)
                && fill_makes_exact_five(&mut line, b + 1);
            line[q] = EMPTY;
            if straight {
                bits |= three_bit(q as isize - REACH as isize);
            }
        }
    }
    LineShape(bits)
}

/// The table of all line codes.
pub(crate) fn table() -> &'static [LineShape; CODES] {
    static TABLE: OnceLock<Box<[LineShape; CODES]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([LineShape::default(); CODES]);
        for (key, slot) in t.iter_mut().enumerate() {
            *slot = analyze_line(decode(key));
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line_code::BLOCKED;

    fn shape(s: &str) -> LineShape {
        // 'x' black, 'o' blocked, '.' empty; the centre (index 5) must be 'x'.
        let cells: Vec<u8> = s
            .bytes()
            .map(|c| match c {
                b'x' => BLACK,
                b'o' => BLOCKED,
                _ => EMPTY,
            })
            .collect();
        analyze_line(cells.try_into().unwrap())
    }

    #[test]
    fn five_and_overline() {
        assert!(shape("...xxxxx...").five());
        assert!(shape("..xxxxxx...").overline());
        assert!(!shape("..xxxxxx...").five());
    }

    #[test]
    fn straight_four_is_one_four() {
        assert_eq!(shape("....xxxx...").fours(), 1);
        assert_eq!(shape("...oxxxx...").fours(), 1);
    }

    #[test]
    fn two_fours_in_one_line() {
        // x x x . X . x x x : the centre makes a four on each side.
        assert_eq!(shape(".xxx.x.xxx.").fours(), 2);
    }

    #[test]
    fn four_that_would_be_an_overline_is_no_four() {
        // Filling the gap makes six.
        assert_eq!(shape("..xx.xxx...").fours(), 0);
    }

    #[test]
    fn open_and_closed_threes() {
        assert_ne!(shape("....xxx....").three_mask(), 0);
        assert_ne!(shape("...x.xx....").three_mask(), 0);
        // Blocked on one side two cells away: xxx can't become a straight four there.
        assert_eq!(shape("...oxxx.o..").three_mask(), 0);
        // Blocked two cells away on both sides: no straight four can come of it.
        assert_eq!(shape("..o.xxx.o..").three_mask(), 0);
        assert_eq!(three_offset(0), -3);
        assert_eq!(three_offset(5), 3);
    }
}
