//! The evaluation's network: a correction added to the linear evaluation, one hidden
//! layer of [`HIDDEN`] ReLU units over the same features (each colour's cell shapes in
//! its role, the tempo, the threat mask; [`crate::eval::FEATURES`]) and one more kind,
//! the cells both sides want ([`crate::eval::pair_feature`]). The linear sums see each
//! cell alone; the hidden units see the whole position's mix of shapes at once (two
//! open threes for the side to move, a four against a three), which is what the linear
//! evaluation missed most against a teacher's verdicts.
//!
//! Evaluating stays cheap: the board keeps each colour's sum of first-layer rows over
//! its empty cells, per role, as it keeps the linear sums, and the pairs' rows summed as
//! seen by either side to move ([`NetSums`]), so an evaluation adds five rows, applies
//! the ReLU and takes one dot product. Integers throughout: the same position gets the
//! same score on every machine.
//!
//! The weights are fitted by `examples/fit_eval.rs net` and generated into
//! `net_weights.rs`.

use std::borrow::Cow;
use std::sync::OnceLock;

use fiveinrow_rules::Rule;

use crate::board::pattern::{Combo, SHAPES};
use crate::eval::{pair_feature, PAIRS, PAIR_FEATURES};

/// Hidden units.
pub const HIDDEN: usize = 16;

/// A first-layer row, in 1/[`ROW_SCALE`] units.
pub type Row = [i16; HIDDEN];

/// A colour's rows summed over its empty cells, in 1/[`ROW_SCALE`] units. Kept in 16
/// bits with wrapping adds: a sum is the same whatever order the cells came and went in,
/// so it is exact whenever the position's true sum fits, which the fitting tool checks
/// on every position it fits (and the tests on every bench position, against sums in
/// 32 bits).
pub type Sums = [i16; HIDDEN];

/// What a board keeps of the network: each colour's shape rows summed over its empty
/// cells per role (`shapes[colour][role]`), and the cells' pair rows summed as seen with
/// each colour to move (`pairs[colour]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NetSums {
    pub shapes: [[Sums; 2]; 2],
    pub pairs: [Sums; 2],
}

/// The first layer's weights are stored this many times finer than their value.
pub const ROW_SCALE: i32 = 1024;

/// The output weights are stored this many times finer than evaluation units.
pub const OUT_SCALE: i32 = 256;

/// A network as generated: the first layer as (feature, row) for the features that have
/// a row (the others are zero), the hidden biases (in 1/[`ROW_SCALE`]), the output
/// weights and bias (in 1/[`OUT_SCALE`] evaluation units per hidden unit's value).
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    pub rows: Cow<'static, [(u16, Row)]>,
    pub bias: [i32; HIDDEN],
    pub out: [i32; HIDDEN],
    pub out_bias: i32,
}

/// A network laid out for evaluating: a cell shape's rows of both roles side by side
/// (64 bytes together: the board updates both at once), the tempo and threat rows, and
/// the cell pairs' rows ([`crate::eval::pair_feature`], less its offset).
pub struct Table {
    shapes: Vec<[Row; 2]>,
    others: Vec<Row>,
    pairs: Vec<Row>,
    /// Whether any pair row is not zero: without, the board keeps no pair sums.
    has_pairs: bool,
    bias: [i32; HIDDEN],
    out: [i32; HIDDEN],
    out_bias: i32,
}

/// No rows: a cell that is not there.
const NO_ROWS: [Row; 2] = [[0; HIDDEN]; 2];

impl Table {
    fn new(net: &Net) -> Table {
        let mut shapes = vec![NO_ROWS; 2 * SHAPES];
        let mut others = vec![[0; HIDDEN]; PAIR_FEATURES - 4 * SHAPES];
        let mut pairs = vec![[0; HIDDEN]; PAIRS];
        for &(f, row) in net.rows.iter() {
            let f = usize::from(f);
            if f < 4 * SHAPES {
                let (block, shape) = (f / SHAPES, f % SHAPES);
                shapes[block / 2 * SHAPES + shape][block % 2] = row;
            } else if f < PAIR_FEATURES {
                others[f - 4 * SHAPES] = row;
            } else {
                pairs[f - PAIR_FEATURES] = row;
            }
        }
        let has_pairs = pairs.iter().any(|r| *r != [0; HIDDEN]);
        Table {
            shapes,
            others,
            pairs,
            has_pairs,
            bias: net.bias,
            out: net.out,
            out_bias: net.out_bias,
        }
    }

    /// Moves one empty cell of colour index `c` from shape `old` to `new` in that
    /// colour's sums of both roles (`None`: no cell).
    #[inline]
    pub fn move_shape(
        &self,
        sums: &mut [Sums; 2],
        c: usize,
        old: Option<usize>,
        new: Option<usize>,
    ) {
        let rows = |s: Option<usize>| s.map_or(&NO_ROWS, |s| &self.shapes[c * SHAPES + s]);
        let (o, n) = (rows(old), rows(new));
        for role in 0..2 {
            for u in 0..HIDDEN {
                let d = n[role][u].wrapping_sub(o[role][u]);
                sums[role][u] = sums[role][u].wrapping_add(d);
            }
        }
    }

    /// Whether the board keeps pair sums for this network.
    #[inline]
    pub fn has_pairs(&self) -> bool {
        self.has_pairs
    }

    /// Moves one empty cell where colour index `c`'s combo goes from `old` to `new` and
    /// the other colour's is `other` in the pair sums, `pairs[m]` being the sum over
    /// the cells as seen with colour index `m` to move.
    #[inline]
    pub fn move_pair(&self, pairs: &mut [Sums; 2], c: usize, other: Combo, old: Combo, new: Combo) {
        if other == Combo::None || old == new {
            return;
        }
        let row = |mine, theirs| {
            pair_feature(mine, theirs).map_or(&[0; HIDDEN], |f| &self.pairs[f - PAIR_FEATURES])
        };
        let moves = [
            (c, row(old, other), row(new, other)),
            (1 - c, row(other, old), row(other, new)),
        ];
        for (m, o, n) in moves {
            for u in 0..HIDDEN {
                pairs[m][u] = pairs[m][u].wrapping_add(n[u].wrapping_sub(o[u]));
            }
        }
    }

    /// The network's output in evaluation units for a position whose hidden layer is
    /// the biases, the side to move's sums as to move, the other's as waiting, the pair
    /// sums with the side to move to move, and the rows of the `extra` features (the
    /// tempo and the threat mask).
    #[inline]
    pub fn output(&self, sums: [&Sums; 3], extra: [usize; 2]) -> i32 {
        let (a, b) = (
            &self.others[extra[0] - 4 * SHAPES],
            &self.others[extra[1] - 4 * SHAPES],
        );
        let mut total = i64::from(self.out_bias) * i64::from(ROW_SCALE);
        for u in 0..HIDDEN {
            let h = self.bias[u]
                + i32::from(sums[0][u])
                + i32::from(sums[1][u])
                + i32::from(sums[2][u])
                + i32::from(a[u])
                + i32::from(b[u]);
            total += i64::from(h.max(0)) * i64::from(self.out[u]);
        }
        (total / (i64::from(ROW_SCALE) * i64::from(OUT_SCALE))) as i32
    }
}

/// The board size the networks were fitted on. Other sizes evaluate without one: the
/// sums count every empty cell, and a larger board's counts are unlike any position
/// the fit saw.
pub const BOARD: u8 = 15;

/// The network the engine plays with under `rule` on a `size` board (standard uses
/// freestyle's), if there is one.
pub fn table(rule: Rule, size: u8) -> Option<&'static Table> {
    static FREESTYLE: OnceLock<Option<Table>> = OnceLock::new();
    static RENJU: OnceLock<Option<Table>> = OnceLock::new();
    let cell = match rule {
        Rule::Renju => &RENJU,
        Rule::Freestyle | Rule::Standard => &FREESTYLE,
    };
    let net = net_on(rule, size)?;
    cell.get_or_init(|| Some(Table::new(net))).as_ref()
}

/// The generated network of `rule` on a `size` board (see [`BOARD`]).
pub fn net_on(rule: Rule, size: u8) -> Option<&'static Net> {
    if size != BOARD {
        return None;
    }
    net(rule)
}

/// The generated network of `rule`.
pub fn net(rule: Rule) -> Option<&'static Net> {
    match rule {
        Rule::Renju => crate::eval::net_weights::RENJU.as_ref(),
        Rule::Freestyle | Rule::Standard => crate::eval::net_weights::FREESTYLE.as_ref(),
    }
}
