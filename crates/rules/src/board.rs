//! The board: stones on a padded array so that reading up to five cells beyond any
//! point in any direction needs no bounds check, plus an incremental Zobrist hash.

use crate::layout::{index, Cell, CELLS, DIR_STEP};
use crate::types::{Color, Pos, DEFAULT_SIZE, MAX_SIZE};
use crate::zobrist::STONE_KEYS;

/// A position: which stones stand where. It knows no rule and no history.
#[derive(Clone)]
pub struct Board {
    size: u8,
    cells: [Cell; CELLS],
    hash: u64,
    counts: [u16; 2],
}

impl Default for Board {
    fn default() -> Self {
        Board::new(DEFAULT_SIZE)
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}
impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}x{}:", self.size, self.size)?;
        for y in 0..self.size {
            for x in 0..self.size {
                let c = match self.get(Pos::at(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board. `size` must already be checked (5..=22); larger sizes are clamped.
    pub fn new(size: u8) -> Board {
        let size = size.min(MAX_SIZE);
        let mut cells = [Cell::Wall; CELLS];
        for y in 0..size {
            for x in 0..size {
                cells[index(Pos::at(x, y))] = Cell::Empty;
            }
        }
        Board {
            size,
            cells,
            hash: 0,
            counts: [0; 2],
        }
    }

    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The cell at a padded index.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    /// The padded cell array (walls included), for fast line reads.
    #[inline]
    pub fn cells(&self) -> &[Cell; CELLS] {
        &self.cells
    }

    /// The stone on `p`, or `None` for an empty point or a point off the board.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<Color> {
        if p.is_on(self.size) {
            self.cells[index(p)].color()
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    pub fn is_empty_at(&self, p: Pos) -> bool {
        p.is_on(self.size) && self.cells[index(p)] == Cell::Empty
    }

    /// Puts a stone on an empty on-board point with no legality check at all: the caller
    /// checks that the point is on the board and empty (a [`crate::Game`] checks the rule;
    /// the engine keeps this board in step with its own).
    #[inline]
    pub fn place_unchecked(&mut self, p: Pos, color: Color) {
        let i = index(p);
        debug_assert_eq!(self.cells[i], Cell::Empty, "place on a non-empty cell {p}");
        self.cells[i] = Cell::stone(color);
        self.hash ^= STONE_KEYS[color.index()][i];
        self.counts[color.index()] += 1;
    }

    /// Takes a stone off with no check: the caller checks that it is there.
    #[inline]
    pub fn remove_unchecked(&mut self, p: Pos) {
        let i = index(p);
        let color = self.cells[i].color();
        debug_assert!(color.is_some(), "remove from an empty cell {p}");
        if let Some(c) = color {
            self.cells[i] = Cell::Empty;
            self.hash ^= STONE_KEYS[c.index()][i];
            self.counts[c.index()] -= 1;
        }
    }

    /// Zobrist hash of the stones (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The stone hash once a stone of `color` stands on the empty point `p` (to look the
    /// position up before the move is made).
    #[inline]
    pub fn hash_with(&self, p: Pos, color: Color) -> u64 {
        self.hash ^ STONE_KEYS[color.index()][index(p)]
    }

    /// The stone hash computed from scratch (for checks of the incremental one).
    pub fn hash_from_scratch(&self) -> u64 {
        self.stones()
            .fold(0, |h, (p, c)| h ^ STONE_KEYS[c.index()][index(p)])
    }

    /// Number of stones of a colour.
    #[inline]
    pub fn count(&self, color: Color) -> usize {
        self.counts[color.index()] as usize
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        (self.counts[0] + self.counts[1]) as usize
    }

    /// Whether every point holds a stone.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.size as usize * self.size as usize
    }

    /// All on-board points in reading order (by y then x).
    pub fn points(&self) -> impl Iterator<Item = Pos> + '_ {
        let s = self.size;
        (0..s).flat_map(move |y| (0..s).map(move |x| Pos::at(x, y)))
    }

    /// All stones in reading order.
    pub fn stones(&self) -> impl Iterator<Item = (Pos, Color)> + '_ {
        self.points()
            .filter_map(move |p| self.get(p).map(|c| (p, c)))
    }

    /// Number of consecutive stones of `color` through `p` along direction `dir`
    /// (0..4), counting `p` itself as that colour whatever it holds.
    #[inline]
    pub fn run_through(&self, p: Pos, dir: usize, color: Color) -> usize {
        let (lo, hi) = self.run_bounds(index(p), dir, Cell::stone(color));
        ((hi - lo) / DIR_STEP[dir].unsigned_abs()) + 1
    }

    /// First and last padded index (in increasing index order) of the run of `cell`
    /// through `index` along `dir`, counting `index` itself as `cell`.
    #[inline]
    pub(crate) fn run_bounds(&self, index: usize, dir: usize, cell: Cell) -> (usize, usize) {
        let step = DIR_STEP[dir];
        let mut a = index as isize;
        while self.cells[(a - step) as usize] == cell {
            a -= step;
        }
        let mut b = index as isize;
        while self.cells[(b + step) as usize] == cell {
            b += step;
        }
        let (a, b) = (a as usize, b as usize);
        (a.min(b), a.max(b))
    }
}
