//! The search board: stones, and for every empty cell the line pattern of each colour
//! in each direction, the combined shape, and its score, all kept up to date on
//! make/undo from precomputed tables (only the up to 40 cells whose lines changed are
//! touched). A rules-crate board is kept in step for the hash and for the exact renju
//! forbidden check.

use fiveinrow_rules::layout::{index, pos_of, Cell, CELLS, DIR_STEP, STRIDE};
use fiveinrow_rules::line_code::{weight, BLOCKED, EMPTY, OWN, REACH, WEIGHTS};
use fiveinrow_rules::{side_key, Board as RulesBoard, Color, Game, Rule};

use crate::board::pattern::{
    cell_index, cell_table, line_table, CellShape, Combo, LinePattern, Pattern, COMBOS, COMBO_LIST,
    SHAPES, SHAPE_CLASSES,
};
use crate::eval::net::{self, NetSums, Sums};
use crate::eval::role_pairs;
use crate::params::combo_value;

#[derive(Clone)]
pub struct PatternBoard {
    rule: Rule,
    size: u8,
    cells: Box<[Cell; CELLS]>,
    rules_board: RulesBoard,
    /// Per cell, its line codes and (empty cells) each colour's scores.
    state: Box<[CellState; CELLS]>,
    /// Per empty cell and colour, its shape class with the renju suspicion bit
    /// ([`ShapeMemo`]): what the shape table said when the cell's patterns last changed,
    /// so that reading a cell's shape (the sums' old shape on every change, the move
    /// ordering's prior) does not look the 154 KB table up again.
    memo: Box<[[ShapeMemo; 2]; CELLS]>,
    /// Number of empty cells with each combo, per colour.
    combo_counts: [[u16; COMBOS]; 2],
    /// The evaluation's sum over the empty cells of each cell shape's weight, per colour
    /// and role (to move, waiting): kept here so that evaluating is a lookup.
    shape_sums: [[i32; 2]; 2],
    /// The evaluation's shape weights for this rule, both roles side by side
    /// ([`role_pairs`]).
    shape_weights: &'static [[i32; 2]],
    /// The evaluation network's first-layer rows summed the same way (neither kept nor
    /// read where the board has no network).
    net_sums: NetSums,
    /// The evaluation's network for this rule, if it has one.
    net: Option<&'static net::Table>,
    /// Stones within two cells (the 5x5 square), per cell.
    near: Box<[u8; CELLS]>,
    /// The empty cells with a stone within two (the search's candidates), one bit each,
    /// so that move generation walks a few words instead of every cell.
    near_empty: [u64; CELLS / 64],
    side: Color,
    history: Vec<usize>,
    /// What each move changed, so that undo restores instead of recomputing: the cells'
    /// old scores, and per move where its entries start and the old counts.
    saved_cells: Vec<SavedCell>,
    saved_moves: Vec<SavedMove>,
    /// The network sums before each move, kept apart from [`SavedMove`] and only where
    /// the board has a network: without one, make and undo copy no network bytes.
    saved_net_sums: Vec<NetSums>,
    tables: [&'static [LinePattern]; 2],
    shapes: &'static [CellShape],
    /// On-board cell indices in reading order (shared by clones).
    on_board: std::sync::Arc<[usize]>,
}

impl PatternBoard {
    /// An empty board.
    pub fn new(rule: Rule, size: u8) -> PatternBoard {
        let rules_board = RulesBoard::new(size);
        let size = rules_board.size();
        let exact = |c: Color| match rule {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => c == Color::Black,
        };
        let mut b = PatternBoard {
            rule,
            size,
            cells: Box::new([Cell::Wall; CELLS]),
            rules_board,
            state: Box::new([CellState::BLANK; CELLS]),
            memo: Box::new([[ShapeMemo(0); 2]; CELLS]),
            combo_counts: [[0; COMBOS]; 2],
            shape_sums: [[0; 2]; 2],
            shape_weights: role_pairs(rule),
            net_sums: NetSums::default(),
            net: net::table(rule, size),
            near: Box::new([0; CELLS]),
            near_empty: [0; CELLS / 64],
            side: Color::Black,
            history: Vec::with_capacity(size as usize * size as usize),
            saved_cells: Vec::with_capacity(64 * 64),
            saved_moves: Vec::with_capacity(size as usize * size as usize),
            saved_net_sums: Vec::with_capacity(size as usize * size as usize),
            tables: [
                line_table(exact(Color::Black)),
                line_table(exact(Color::White)),
            ],
            shapes: cell_table(),
            on_board: rules_points(size),
        };
        for p in b.rules_board.points().collect::<Vec<_>>() {
            b.cells[index(p)] = Cell::Empty;
        }
        b.rebuild_keys();
        for i in 0..CELLS {
            if b.cells[i] == Cell::Empty {
                b.refresh(i);
            }
        }
        b
    }

    /// The position of a game (its start position and moves), side to move included.
    pub fn from_game(game: &Game) -> PatternBoard {
        let mut b = PatternBoard::new(game.rule(), game.size());
        for &(p, c) in game.setup() {
            b.side = c;
            b.make(index(p));
        }
        b.side = game.first_to_move();
        // The set-up stones are not moves: they cannot be taken back.
        b.history.clear();
        b.saved_cells.clear();
        b.saved_moves.clear();
        b.saved_net_sums.clear();
        for p in game.moves() {
            b.make(index(p));
        }
        b
    }

    /// Line codes computed from the cells (walls and stones as they stand).
    fn rebuild_keys(&mut self) {
        for i in 0..CELLS {
            for d in 0..4 {
                self.state[i].keys[d] =
                    self.key_from_scratch(i, d, 0) | self.key_from_scratch(i, d, 1) << 16;
            }
        }
    }

    /// The line code of cell `i` in direction `d` for colour index `c`, in the rules
    /// crate's [`fiveinrow_rules::line_code`] order. Unlike `line_code::read` it takes
    /// any cell of the array: neighbours past the array's ends count as blocked.
    fn key_from_scratch(&self, i: usize, d: usize, c: usize) -> u32 {
        let own = if c == 0 { Cell::Black } else { Cell::White };
        let mut key = 0u32;
        for o in -(REACH as isize)..=REACH as isize {
            if o == 0 {
                continue;
            }
            let j = i as isize + o * DIR_STEP[d];
            if !(0..CELLS as isize).contains(&j) {
                key += u32::from(BLOCKED) * weight(o);
                continue;
            }
            let digit = match self.cells[j as usize] {
                Cell::Empty => u32::from(EMPTY),
                x if x == own => u32::from(OWN),
                _ => u32::from(BLOCKED),
            };
            key += digit * weight(o);
        }
        key
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline]
    pub fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }
    #[inline]
    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == Cell::Empty
    }
    #[inline]
    pub fn pattern(&self, c: Color, i: usize, d: usize) -> Pattern {
        self.state[i].scores.pats[c.index()][d].coarse()
    }
    /// [`Self::pattern`] as the evaluation tells them apart.
    #[inline]
    pub fn line_pattern(&self, c: Color, i: usize, d: usize) -> LinePattern {
        self.state[i].scores.pats[c.index()][d]
    }
    #[inline]
    pub fn combo(&self, c: Color, i: usize) -> Combo {
        self.state[i].scores.combos[c.index()]
    }
    #[inline]
    pub fn value(&self, c: Color, i: usize) -> i32 {
        i32::from(self.state[i].scores.values[c.index()])
    }
    /// The shape of empty cell `i` for `c`: the class of its four patterns
    /// ([`CellShape::class`]), moved past the classes when the cell is forbidden for black.
    #[inline]
    pub fn shape(&self, c: Color, i: usize) -> usize {
        self.shape_at(c.index(), i)
    }

    #[inline]
    fn shape_at(&self, c: usize, i: usize) -> usize {
        let s = &self.state[i].scores;
        let class = self.memo[i][c].class();
        if s.combos[c] == Combo::Forbid {
            class + SHAPE_CLASSES
        } else {
            class
        }
    }

    /// The sum of the evaluation's shape weights of `c` in `role` (0: to move, 1:
    /// waiting) over the empty cells, in the weights' units.
    #[inline]
    pub fn shape_sum(&self, c: Color, role: usize) -> i32 {
        self.shape_sums[c.index()][role]
    }

    /// [`Self::shape_sum`] before the last move (now, when no move was made).
    #[inline]
    pub fn prev_shape_sum(&self, c: Color, role: usize) -> i32 {
        self.saved_moves
            .last()
            .map_or(self.shape_sums, |s| s.shape_sums)[c.index()][role]
    }

    /// The network's first-layer rows of `c`'s cell shapes in `role` summed over the
    /// empty cells (see [`Self::shape_sum`]).
    #[inline]
    pub fn net_sum(&self, c: Color, role: usize) -> &Sums {
        &self.net_sums.shapes[c.index()][role]
    }

    /// The network's rows of the empty cells' pairs ([`crate::eval::pair_feature`])
    /// summed, as seen with `mover` to move (zero where the network has none).
    #[inline]
    pub fn net_pair_sum(&self, mover: Color) -> &Sums {
        &self.net_sums.pairs[mover.index()]
    }

    /// The evaluation's network for this board's rule, if it has one.
    #[inline]
    pub fn net(&self) -> Option<&'static net::Table> {
        self.net
    }

    /// The board without the evaluation's network: its sums are no longer kept and the
    /// evaluation leaves out its correction (`SearchParams::eval_net` off).
    pub fn without_net(mut self) -> PatternBoard {
        self.net = None;
        self.saved_net_sums = Vec::new();
        self
    }

    /// Moves one empty cell of colour index `c` from shape `old` to `new` in the sums
    /// (`None`: no cell, as when a cell is filled or first counted).
    #[inline]
    fn move_shape(&mut self, c: usize, old: Option<usize>, new: Option<usize>) {
        let at = |s: Option<usize>| s.map_or([0; 2], |s| self.shape_weights[c * SHAPES + s]);
        let (o, n) = (at(old), at(new));
        for role in 0..2 {
            self.shape_sums[c][role] += n[role] - o[role];
        }
        if let Some(net) = self.net {
            net.move_shape(&mut self.net_sums.shapes[c], c, old, new);
        }
    }

    /// Moves one empty cell where colour index `c`'s combo goes from `old` to `new` (the
    /// other colour's being `other`) in the network's pair sums.
    #[inline]
    fn move_pair(&mut self, c: usize, other: Combo, old: Combo, new: Combo) {
        if let Some(net) = self.net.filter(|n| n.has_pairs()) {
            net.move_pair(&mut self.net_sums.pairs, c, other, old, new);
        }
    }

    /// How many empty cells hold `combo` for `c`.
    #[inline]
    pub fn combo_count(&self, c: Color, combo: Combo) -> u16 {
        self.combo_counts[c.index()][combo as usize]
    }
    /// Whether `c` has a cell that makes a four or an open three.
    pub fn has_threat(&self, c: Color) -> bool {
        self.combo_counts[c.index()]
            .iter()
            .enumerate()
            .any(|(k, &n)| n > 0 && COMBO_LIST[k].is_threat())
    }
    #[inline]
    pub fn near(&self, i: usize) -> u8 {
        self.near[i]
    }
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.rules_board.stone_count()
    }
    /// The cell of the last move made (none on a fresh position).
    #[inline]
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// The cell of the move `back` moves before the last one (0: the last move).
    #[inline]
    pub fn move_before(&self, back: usize) -> Option<usize> {
        self.history
            .len()
            .checked_sub(back + 1)
            .map(|k| self.history[k])
    }

    /// Moves made since the set-up (tests).
    #[cfg(test)]
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    #[inline]
    pub fn is_full(&self) -> bool {
        self.rules_board.is_full()
    }

    /// Hash of stones and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.rules_board.hash() ^ side_key(self.side)
    }

    /// [`Self::hash`] after the side to move plays the empty cell `i`.
    #[inline]
    pub fn hash_after(&self, i: usize) -> u64 {
        self.rules_board.hash_with(pos_of(i), self.side) ^ side_key(self.side.opponent())
    }

    /// All empty on-board cell indices in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.on_board
            .iter()
            .copied()
            .filter(|&i| self.cells[i] == Cell::Empty)
    }

    /// Whether black may not play cell `i` under renju (exact check, for legality).
    #[inline]
    pub fn is_forbidden(&self, i: usize) -> bool {
        // Always the exact check: a cached Forbid may be stale when a far stone changed
        // whether one of its threes is real.
        self.rule == Rule::Renju
            && self.shape_suspicious(i)
            && self.rules_board.is_forbidden(pos_of(i))
    }

    /// Whether the side to move may play empty cell `i`.
    #[inline]
    pub fn is_legal(&self, i: usize) -> bool {
        self.cells[i] == Cell::Empty && !(self.side == Color::Black && self.is_forbidden(i))
    }

    /// Renju: whether a white stone on the empty cell `w` would make the empty cell `p`
    /// forbidden for black (it can turn a false three through `p` into a real one).
    /// Asks the rules board alone, which is left as it was.
    pub fn white_stone_forbids(&mut self, w: usize, p: usize) -> bool {
        if self.cells[w] != Cell::Empty || self.cells[p] != Cell::Empty {
            return false;
        }
        self.rules_board.place_unchecked(pos_of(w), Color::White);
        let forbidden = self.rules_board.is_forbidden(pos_of(p));
        self.rules_board.remove_unchecked(pos_of(w));
        forbidden
    }

    /// Whether the last move made a winning line (checked by the rules board; tests).
    #[cfg(test)]
    pub fn last_move_won(&self) -> bool {
        match self.history.last() {
            Some(&i) => {
                let c = self.side.opponent();
                self.rules_board.makes_win(pos_of(i), c, self.rule)
            }
            None => false,
        }
    }

    /// Plays empty cell `i` for the side to move.
    pub fn make(&mut self, i: usize) {
        debug_assert_eq!(self.cells[i], Cell::Empty);
        self.make_no_check(i);
        #[cfg(debug_assertions)]
        self.sampled_check();
    }

    /// In debug builds, a full rebuild check every 512th make/undo: often enough to catch a
    /// drift, rare enough that debug searches stay usable. Tests check every move.
    #[cfg(debug_assertions)]
    fn sampled_check(&self) {
        use std::sync::atomic::{AtomicU32, Ordering};
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        if COUNTER.fetch_add(1, Ordering::Relaxed).is_multiple_of(512) {
            self.debug_check();
        }
    }

    /// Takes back the last move: line codes shift back, and the scores of every cell the
    /// move changed are restored from what it saved (no pattern is recomputed).
    pub fn undo(&mut self) {
        let Some(i) = self.history.pop() else { return };
        let c = self.side.opponent();
        self.cells[i] = Cell::Empty;
        self.rules_board.remove_unchecked(pos_of(i));
        self.shift_keys(i, c, false);
        let saved = self
            .saved_moves
            .pop()
            .expect("every move saves its changes");
        for e in self.saved_cells.drain(saved.first..).rev() {
            self.state[usize::from(e.cell)].scores = e.scores;
            self.memo[usize::from(e.cell)] = e.memo;
        }
        self.combo_counts = saved.combo_counts;
        self.shape_sums = saved.shape_sums;
        if self.net.is_some() {
            self.net_sums = self
                .saved_net_sums
                .pop()
                .expect("every move saves the network sums");
        }
        self.bump_near(i, false);
        if self.near[i] > 0 {
            self.near_empty[i / 64] |= 1 << (i % 64);
        }
        self.side = c;
        #[cfg(debug_assertions)]
        self.sampled_check();
    }

    /// Saves cell `t`'s scores before a move changes them.
    #[inline]
    fn save_cell(&mut self, t: usize) {
        self.saved_cells.push(SavedCell {
            cell: t as u16,
            scores: self.state[t].scores,
            memo: self.memo[t],
        });
    }

    /// Shifts the line codes of the cells whose lines run through `i` (no pattern work).
    fn shift_keys(&mut self, i: usize, c: Color, add: bool) {
        for d in 0..4 {
            for k in LINE_SLOTS {
                let t = line_cell(i, d, k);
                let delta = key_delta(c, k);
                if add {
                    self.state[t].keys[d] += delta;
                } else {
                    self.state[t].keys[d] -= delta;
                }
            }
        }
    }

    /// Passes the turn (null move; only for set-ups and search tricks).
    pub fn flip_side(&mut self) {
        self.side = self.side.opponent();
    }

    /// Shifts the line codes of the cells whose lines run through `i` (a stone of `c`
    /// placed there) and refreshes those cells' patterns in that direction, saving what
    /// it changes for [`PatternBoard::undo`].
    fn update_lines(&mut self, i: usize, c: Color) {
        for d in 0..4 {
            for k in LINE_SLOTS {
                let t = line_cell(i, d, k);
                let key = self.state[t].keys[d] + key_delta(c, k);
                self.state[t].keys[d] = key;
                if self.cells[t] == Cell::Empty {
                    let pb = self.tables[0][(key & 0xFFFF) as usize];
                    let pw = self.tables[1][(key >> 16) as usize];
                    let [old_b, old_w] = self.state[t].scores.pats.map(|p| p[d]);
                    // Most far cells keep their patterns: nothing else to update then. A
                    // black renju cell is always reshaped (its forbidden status may change).
                    let black =
                        pb != old_b || (self.rule == Rule::Renju && self.shape_suspicious(t));
                    let white = pw != old_w;
                    if black || white {
                        // Each cell lies on one line through `i`: saved once per move.
                        self.save_cell(t);
                    }
                    if black {
                        let old = self.shape_at(0, t);
                        self.state[t].scores.pats[0][d] = pb;
                        let new = self.reshape_color(t, 0);
                        if new != old {
                            self.move_shape(0, Some(old), Some(new));
                        }
                    }
                    if white {
                        let old = self.shape_at(1, t);
                        self.state[t].scores.pats[1][d] = pw;
                        let new = self.reshape_color(t, 1);
                        if new != old {
                            self.move_shape(1, Some(old), Some(new));
                        }
                    }
                }
            }
        }
    }

    /// Counts a stone placed on (or taken from) `i` in the near counts of its 5x5
    /// square, and keeps the candidate bits in step: set when an empty cell gets its first
    /// stone near, cleared when it loses its last. The cell `i` itself is the caller's.
    fn bump_near(&mut self, i: usize, add: bool) {
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let t = (i as isize + dy * STRIDE as isize + dx) as usize;
                if add {
                    self.near[t] += 1;
                    if self.near[t] == 1 && self.cells[t] == Cell::Empty {
                        self.near_empty[t / 64] |= 1 << (t % 64);
                    }
                } else {
                    self.near[t] -= 1;
                    if self.near[t] == 0 {
                        self.near_empty[t / 64] &= !(1 << (t % 64));
                    }
                }
            }
        }
    }

    /// The empty cells where either colour may hold a five, a four, an open three or (renju)
    /// a forbidden point, in index order: these always have a stone within two (a four
    /// or three needs the point's stones within a window of five around it), so they are
    /// among [`Self::near_empty_cells`], and scans for them need not walk the whole board
    /// (`rebuild_check` checks it).
    #[inline]
    pub fn threat_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.near_empty_cells()
    }

    /// The empty cells with a stone within two, in index (reading) order.
    pub fn near_empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.near_empty
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| BitIter(bits).map(move |b| w * 64 + b))
    }

    /// Removes an about-to-be-occupied cell's scores from the counts.
    fn clear_cell_scores(&mut self, i: usize) {
        for c in 0..2 {
            let shape = self.shape_at(c, i);
            self.move_shape(c, Some(shape), None);
            let scores = &mut self.state[i].scores;
            let old = scores.combos[c];
            let other = scores.combos[1 - c];
            if old != Combo::None {
                self.combo_counts[c][old as usize] -= 1;
            }
            scores.combos[c] = Combo::None;
            scores.values[c] = 0;
            self.move_pair(c, other, old, Combo::None);
        }
    }

    /// Recomputes patterns, combo and value of empty cell `i` for both colours.
    /// Only for a new board: the cell's shapes are added to the sums, not replaced.
    fn refresh(&mut self, i: usize) {
        for d in 0..4 {
            let k = self.state[i].keys[d];
            self.state[i].scores.pats[0][d] = self.tables[0][(k & 0xFFFF) as usize];
            self.state[i].scores.pats[1][d] = self.tables[1][(k >> 16) as usize];
        }
        for c in 0..2 {
            let shape = self.reshape_color(i, c);
            self.move_shape(c, None, Some(shape));
        }
    }

    #[inline]
    fn shape_suspicious(&self, i: usize) -> bool {
        self.memo[i][0].suspicious()
    }

    /// Recomputes combo and value of empty cell `i` for colour index `c`, and says its
    /// shape (as [`PatternBoard::shape`]).
    #[inline]
    fn reshape_color(&mut self, i: usize, c: usize) -> usize {
        {
            let p = self.state[i].scores.pats[c];
            let shape = self.shapes[cell_index(p)];
            self.memo[i][c] = ShapeMemo::of(shape);
            let mut combo = shape.combo();
            let mut v = shape.value();
            let mut class = shape.class();
            // Overlines and double-fours depend only on these lines, so they can be cached;
            // a double-three can hinge on stones far away (false threes), so it is left to
            // the exact check at move generation and keeps its shape here.
            if c == 0 && self.rule == Rule::Renju {
                if shape.suspicious() && self.rules_board.forbidden_by_lines(pos_of(i)).is_some() {
                    combo = Combo::Forbid;
                    v = 0;
                    class += SHAPE_CLASSES;
                } else if combo == Combo::Flex3x2 {
                    // Black's double three is forbidden unless a three is false: worth no
                    // more to black than one open three with support.
                    v -= combo_value(Combo::Flex3x2) - combo_value(Combo::Flex3Plus);
                }
            }
            let scores = &mut self.state[i].scores;
            let old = scores.combos[c];
            let other = scores.combos[1 - c];
            debug_assert!(i16::try_from(v).is_ok(), "a cell value fits 16 bits");
            scores.values[c] = v as i16;
            if old != combo {
                scores.combos[c] = combo;
                if old != Combo::None {
                    self.combo_counts[c][old as usize] -= 1;
                }
                if combo != Combo::None {
                    self.combo_counts[c][combo as usize] += 1;
                }
                self.move_pair(c, other, old, combo);
            }
            class
        }
    }

    /// Every incremental field equals a from-scratch rebuild; panics if not (debug
    /// builds, tests).
    #[cfg(any(debug_assertions, test))]
    pub fn debug_check(&self) {
        if let Err(e) = self.rebuild_check() {
            panic!("{e}");
        }
    }

    /// Whether every incremental field equals a from-scratch rebuild, and if not, which.
    pub fn rebuild_check(&self) -> Result<(), String> {
        let mut fresh = PatternBoard::new(self.rule, self.size);
        for &(p, c) in self.rules_board.stones().collect::<Vec<_>>().iter() {
            fresh.side = c;
            fresh.make_no_check(index(p));
        }
        if (0..CELLS).any(|i| fresh.state[i].keys != self.state[i].keys) {
            return Err("line codes differ from a rebuild".into());
        }
        if *fresh.near != *self.near {
            return Err("near counts differ from a rebuild".into());
        }
        if fresh.near_empty != self.near_empty {
            return Err("candidate bits differ from a rebuild".into());
        }
        let threat = |k: Combo| k.is_threat() || k == Combo::Five || k == Combo::Forbid;
        let far_threat =
            |i: usize| self.near[i] == 0 && self.state[i].scores.combos.iter().any(|&k| threat(k));
        if let Some(i) = self.empty_cells().find(|&i| far_threat(i)) {
            return Err(format!("cell {i} holds a threat with no stone within two"));
        }
        if fresh.combo_counts != self.combo_counts {
            return Err("combo counts differ from a rebuild".into());
        }
        if fresh.shape_sums != self.shape_sums {
            return Err("shape sums differ from a rebuild".into());
        }
        if self.net.is_some() && fresh.net_sums != self.net_sums {
            return Err("network sums differ from a rebuild".into());
        }
        for i in (0..CELLS).filter(|&i| self.cells[i] == Cell::Empty) {
            for c in 0..2 {
                let (new, old) = (&fresh.state[i].scores, &self.state[i].scores);
                let what = if new.pats[c] != old.pats[c] {
                    "patterns"
                } else if fresh.memo[i][c] != self.memo[i][c] {
                    "shape class"
                } else if new.values[c] != old.values[c] {
                    "value"
                } else if new.combos[c] != old.combos[c] {
                    "combo"
                } else {
                    continue;
                };
                return Err(format!("{what} at {} differ from a rebuild", pos_of(i)));
            }
        }
        Ok(())
    }

    /// [`PatternBoard::make`] without the debug-build rebuild check (the check itself uses it).
    fn make_no_check(&mut self, i: usize) {
        let c = self.side;
        self.saved_moves.push(SavedMove {
            first: self.saved_cells.len(),
            combo_counts: self.combo_counts,
            shape_sums: self.shape_sums,
        });
        if self.net.is_some() {
            self.saved_net_sums.push(self.net_sums);
        }
        self.save_cell(i);
        self.clear_cell_scores(i);
        self.cells[i] = Cell::stone(c);
        self.rules_board.place_unchecked(pos_of(i), c);
        self.update_lines(i, c);
        self.bump_near(i, true);
        self.near_empty[i / 64] &= !(1 << (i % 64));
        self.history.push(i);
        self.side = c.opponent();
    }
}

/// The slots of a line code other than the centre: 0..REACH and REACH+1..=2*REACH.
const LINE_SLOTS: [usize; 2 * REACH] = {
    let mut out = [0; 2 * REACH];
    let mut k = 0;
    while k < 2 * REACH {
        out[k] = if k < REACH { k } else { k + 1 };
        k += 1;
    }
    out
};

/// The cell whose line code in direction `d` has `i` in slot `k`.
#[inline]
fn line_cell(i: usize, d: usize, k: usize) -> usize {
    let o = k as isize - REACH as isize;
    (i as isize - o * DIR_STEP[d]) as usize
}

/// What a stone of `c` in slot `k` adds to a packed line code: digit 1 in its own
/// colour's code (low 16 bits for black), digit 2 (blocked) in the other's.
#[inline]
fn key_delta(c: Color, k: usize) -> u32 {
    let w = WEIGHTS[k];
    match c {
        Color::Black => w | ((2 * w) << 16),
        Color::White => (w << 16) | (2 * w),
    }
}

/// What the board keeps for one cell, together so that a move's update touches one
/// place per cell (32 bytes: two cells to a cache line): its line codes per direction
/// (black's in the low 16 bits, white's above) and each colour's scores.
#[derive(Clone, Copy)]
struct CellState {
    keys: [u32; 4],
    scores: Scores,
}

const _: () = assert!(std::mem::size_of::<CellState>() == 32);

impl CellState {
    const BLANK: CellState = CellState {
        keys: [0; 4],
        scores: Scores {
            pats: [[LinePattern::Dead; 4]; 2],
            combos: [Combo::None; 2],
            values: [0; 2],
        },
    };
}

/// An empty cell's scores per colour: line pattern per direction, combined shape, and
/// value for move ordering (zero on a stone). Aligned to 8 bytes so that it is copied
/// as whole words: as 14 packed bytes its copy into the undo stack was two overlapping
/// 8-byte moves, the second read back across both stores (a failed store forwarding,
/// a fifth of `make`'s time in a profile of the bench).
#[derive(Clone, Copy)]
#[repr(align(8))]
struct Scores {
    pats: [[LinePattern; 4]; 2],
    combos: [Combo; 2],
    values: [i16; 2],
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(b)
    }
}

/// A cell's scores before a move changed them.
#[derive(Clone, Copy)]
struct SavedCell {
    cell: u16,
    memo: [ShapeMemo; 2],
    scores: Scores,
}

/// What [`PatternBoard`] keeps of an empty cell's [`crate::board::pattern::CellShape`]
/// for one colour: its class in the low 12 bits, the renju suspicion bit above.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct ShapeMemo(u16);

const _: () = assert!(SHAPE_CLASSES <= 1 << 12);

impl ShapeMemo {
    const SUSPICIOUS: u16 = 1 << 15;

    #[inline]
    fn of(shape: CellShape) -> ShapeMemo {
        let suspicious = if shape.suspicious() {
            Self::SUSPICIOUS
        } else {
            0
        };
        ShapeMemo(shape.class() as u16 | suspicious)
    }
    #[inline]
    fn class(self) -> usize {
        usize::from(self.0 & !Self::SUSPICIOUS)
    }
    #[inline]
    fn suspicious(self) -> bool {
        self.0 & Self::SUSPICIOUS != 0
    }
}

/// Where a move's saved cells start, and the counts before it.
#[derive(Clone)]
struct SavedMove {
    first: usize,
    combo_counts: [[u16; COMBOS]; 2],
    shape_sums: [[i32; 2]; 2],
}

fn rules_points(size: u8) -> std::sync::Arc<[usize]> {
    RulesBoard::new(size).points().map(index).collect()
}

#[cfg(test)]
#[path = "pattern_board_tests.rs"]
mod tests;
