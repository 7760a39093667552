//! Renju forbidden points for black: overline, double-four, double-three, with the
//! recursive "false three" rule and "five wins first" (see `docs/RULES.md`).
//!
//! The fast path reads the four line codes of a point from the padded board and looks
//! them up in [`crate::line_table`]; only a point with candidate threes in two lines or
//! more needs the recursive check of the points that would complete those threes.

use std::fmt;

use crate::board::Board;
use crate::layout::{index, Cell, CELLS, DIR_STEP};
use crate::line_table::{line_key, table, three_offset, LineShape};
use crate::types::Pos;

/// Why a point is forbidden for black under renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ForbiddenKind {
    /// Six or more black stones in a row.
    Overline,
    /// Two or more fours at once (in one line or in several).
    DoubleFour,
    /// Two or more real threes at once, in different lines.
    DoubleThree,
}

impl ForbiddenKind {
    /// The name used on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::DoubleThree => "double-three",
        }
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Board {
    /// Whether black may not play on `p` under renju, and why. `None` for a legal point,
    /// and also for a point that is occupied or off the board (it is not a "forbidden
    /// point", it is no move at all).
    pub fn forbidden_kind(&self, p: Pos) -> Option<ForbiddenKind> {
        if !self.is_empty_at(p) {
            return None;
        }
        let i = index(p);
        match quick_verdict(self.cells(), i) {
            Verdict::Decided(kind) => kind,
            Verdict::NeedsThrees(shapes) => {
                let mut scratch = *self.cells();
                double_three(&mut scratch, i, &shapes)
            }
        }
    }

    /// The part of the check that the lines through `p` decide alone: an overline or a
    /// double-four (`None` also when only the recursive double-three check could tell).
    /// Cheap, and it depends on nothing beyond five cells along each line.
    pub fn forbidden_by_lines(&self, p: Pos) -> Option<ForbiddenKind> {
        if !self.is_empty_at(p) {
            return None;
        }
        match quick_verdict(self.cells(), index(p)) {
            Verdict::Decided(Some(kind)) => Some(kind),
            _ => None,
        }
    }

    /// Whether black may not play on `p` under renju.
    #[inline]
    pub fn is_forbidden(&self, p: Pos) -> bool {
        self.forbidden_kind(p).is_some()
    }

    /// Every forbidden point of the position with its kind, in reading order (by y then x).
    pub fn forbidden_points(&self) -> Vec<(Pos, ForbiddenKind)> {
        let mut out = Vec::new();
        // The least a forbidden point needs is a double-three: four black stones.
        if self.count(crate::Color::Black) < 4 {
            return out;
        }
        let mut scratch: Option<Box<[Cell; CELLS]>> = None;
        for p in self.points() {
            let i = index(p);
            if self.cell(i) != Cell::Empty {
                continue;
            }
            let kind = match quick_verdict(self.cells(), i) {
                Verdict::Decided(kind) => kind,
                Verdict::NeedsThrees(shapes) => {
                    let s = scratch.get_or_insert_with(|| Box::new(*self.cells()));
                    double_three(s, i, &shapes)
                }
            };
            if let Some(kind) = kind {
                out.push((p, kind));
            }
        }
        out
    }
}

enum Verdict {
    Decided(Option<ForbiddenKind>),
    /// Two or more lines hold candidate threes: their completing points must be checked.
    NeedsThrees([LineShape; 4]),
}

/// Everything that the four line codes decide alone.
#[inline]
fn quick_verdict(cells: &[Cell; CELLS], i: usize) -> Verdict {
    let t = table();
    let mut shapes = [LineShape::default(); 4];
    let (mut five, mut over, mut fours, mut threes) = (false, false, 0, 0);
    for d in 0..4 {
        let s = t[line_key(cells, i, DIR_STEP[d])];
        five |= s.five();
        over |= s.overline();
        fours += s.fours();
        threes += u32::from(s.three_mask() != 0);
        shapes[d] = s;
    }
    if five {
        // Five wins first, whatever else the move makes.
        Verdict::Decided(None)
    } else if over {
        Verdict::Decided(Some(ForbiddenKind::Overline))
    } else if fours >= 2 {
        Verdict::Decided(Some(ForbiddenKind::DoubleFour))
    } else if threes < 2 {
        Verdict::Decided(None)
    } else {
        Verdict::NeedsThrees(shapes)
    }
}

/// The full check of an empty point on a scratch copy of the cells (left as found).
fn kind_at(cells: &mut [Cell; CELLS], i: usize) -> Option<ForbiddenKind> {
    match quick_verdict(cells, i) {
        Verdict::Decided(kind) => kind,
        Verdict::NeedsThrees(shapes) => double_three(cells, i, &shapes),
    }
}

/// Counts the real threes (those with at least one legal completing point, judged with
/// black standing on `i`) and says whether there are two or more.
fn double_three(
    cells: &mut [Cell; CELLS],
    i: usize,
    shapes: &[LineShape; 4],
) -> Option<ForbiddenKind> {
    cells[i] = Cell::Black;
    let mut real = 0;
    for (d, shape) in shapes.iter().enumerate() {
        let mut mask = shape.three_mask();
        while mask != 0 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let q = (i as isize + three_offset(bit) * DIR_STEP[d]) as usize;
            if kind_at(cells, q).is_none() {
                real += 1;
                break;
            }
        }
        if real >= 2 {
            break;
        }
    }
    cells[i] = Cell::Empty;
    (real >= 2).then_some(ForbiddenKind::DoubleThree)
}
