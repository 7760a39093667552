//! Where things go on the screen for a board size and a terminal size, and which point
//! a click falls on. The board sits top left (letters above and below, row numbers on
//! both sides, two columns per point), the panel on its right, and the last two lines
//! of the terminal hold the status and the last answer, across the whole width.

use fiveinrow_rules::Pos;

/// The narrowest panel that still holds the engine's report.
pub const PANEL_MIN_WIDTH: u16 = 26;
/// The fewest panel lines: the players and the engine's report (the key list may be cut).
pub const PANEL_MIN_ROWS: u16 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: u8,
    pub panel_x: u16,
    pub panel_width: u16,
    /// Panel lines: rows `0..panel_rows`.
    pub panel_rows: u16,
    pub status_row: u16,
    pub message_row: u16,
}

/// The terminal is smaller than the board needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    pub need_width: u16,
    pub need_height: u16,
}

/// Columns the board takes: row numbers, the points, row numbers again.
pub fn board_width(size: u8) -> u16 {
    7 + 2 * u16::from(size)
}

/// The smallest terminal that shows a board of side `size`.
pub fn needed(size: u8) -> (u16, u16) {
    let rows = (u16::from(size) + 2).max(PANEL_MIN_ROWS);
    (board_width(size) + 2 + PANEL_MIN_WIDTH, rows + 2)
}

impl Layout {
    pub fn fit(size: u8, width: u16, height: u16) -> Result<Layout, TooSmall> {
        let (need_width, need_height) = needed(size);
        if width < need_width || height < need_height {
            return Err(TooSmall {
                need_width,
                need_height,
            });
        }
        let panel_x = board_width(size) + 2;
        Ok(Layout {
            size,
            panel_x,
            panel_width: width - panel_x,
            panel_rows: height - 2,
            status_row: height - 2,
            message_row: height - 1,
        })
    }

    /// The screen cell of a point's stone (column, row).
    pub fn cell_of(&self, p: Pos) -> (u16, u16) {
        (4 + 2 * u16::from(p.x()), 1 + u16::from(p.y()))
    }

    /// The point under a screen cell: the stone's cell or the gap on its left.
    pub fn point_at(&self, column: u16, row: u16) -> Option<Pos> {
        let y = row.checked_sub(1)?;
        let x = column.checked_sub(3)? / 2;
        let (x, y) = (u8::try_from(x).ok()?, u8::try_from(y).ok()?);
        Pos::new(x, y).filter(|p| p.is_on(self.size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifteen_fits_eighty_by_twenty_four_and_twenty_two_does_not() {
        let l = Layout::fit(15, 80, 24).expect("15x15 fits 80x24");
        assert_eq!(l.cell_of(Pos::new(7, 7).unwrap()), (18, 8));
        assert_eq!((l.status_row, l.message_row), (22, 23));
        assert!(Layout::fit(20, 80, 24).is_ok());
        assert_eq!(
            Layout::fit(22, 80, 24),
            Err(TooSmall {
                need_width: 79,
                need_height: 26
            })
        );
        assert!(Layout::fit(15, 60, 24).is_err());
        assert_eq!(needed(5), (45, 12));
    }

    #[test]
    fn clicks_fall_on_the_nearest_point() {
        let l = Layout::fit(15, 80, 24).expect("fits");
        for p in [
            Pos::new(0, 0).unwrap(),
            Pos::new(14, 14).unwrap(),
            Pos::new(7, 3).unwrap(),
        ] {
            let (c, r) = l.cell_of(p);
            assert_eq!(l.point_at(c, r), Some(p));
            assert_eq!(l.point_at(c - 1, r), Some(p));
        }
        assert_eq!(l.point_at(0, 5), None);
        assert_eq!(l.point_at(10, 0), None);
        assert_eq!(l.point_at(10, 16), None);
        assert_eq!(l.point_at(70, 5), None);
    }
}
