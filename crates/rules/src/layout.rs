//! The padded board layout that the rules board and the engine's pattern board share:
//! rows of [`STRIDE`] cells with [`PAD`] wall cells around the playable area, so that
//! reading up to five cells beyond any point in any direction needs no bounds check.
//! Both boards index cells the same way, so this module is the one owner of it.

use crate::types::{Color, Pos, MAX_SIZE};

/// Wall cells around the playable area: enough to read five cells past any edge.
pub const PAD: usize = 5;
/// Row length of the padded array (22 + 2 * 5 rounded up to a power of two).
pub const STRIDE: usize = 32;
/// Cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions of [`crate::DIRECTIONS`].
pub const DIR_STEP: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];

const _: () = assert!(MAX_SIZE as usize + 2 * PAD <= STRIDE);

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    /// Outside the board.
    Wall = 3,
}

impl Cell {
    /// The cell holding a stone of `color`.
    #[inline]
    pub fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of the stone in the cell, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Padded index of a point (which must be below [`MAX_SIZE`]).
#[inline]
pub fn index(p: Pos) -> usize {
    (p.y() as usize + PAD) * STRIDE + p.x() as usize + PAD
}

/// The point of a padded index (which must be on the board).
#[inline]
pub fn pos_of(index: usize) -> Pos {
    Pos::at((index % STRIDE - PAD) as u8, (index / STRIDE - PAD) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_point_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Pos::at(x, y);
                assert_eq!(pos_of(index(p)), p);
            }
        }
        let a = index(Pos::at(0, 0));
        for (d, &(dx, dy)) in crate::DIRECTIONS.iter().enumerate() {
            let q = Pos::at((1 + dx) as u8, (1 + dy) as u8);
            let p = Pos::at(1, 1);
            assert_eq!(index(q) as isize - index(p) as isize, DIR_STEP[d]);
        }
        assert_eq!(index(Pos::at(0, 1)) - a, STRIDE);
    }
}
