//! What the evaluation-fitting tool (`examples/fit_eval.rs`) needs from the engine: the
//! features of positions as the evaluation sees them, the weights in use, and the
//! source text of a new weights file. Nothing in the search uses this module.

use fiveinrow_rules::layout::index;
use fiveinrow_rules::{Color, Pos, Rule};

use crate::board::pattern::{
    class_patterns, combine, Combo, COMBOS, PATTERNS, SHAPES, SHAPE_CLASSES,
};
use crate::board::pattern_board::PatternBoard;
use crate::eval::{weights, WEIGHT_SCALE};
use crate::search::movegen::{generate_into, Kind};

pub use crate::eval::Weights;

/// Length of a position's feature vector: colour x role x cell shape ([`SHAPES`]), then
/// the two tempo constants (black to move, white to move).
pub const FEATURES: usize = 4 * SHAPES + 2;

/// A position's features, sparse: (feature, count) for the features that are not zero.
pub type Features = Vec<(u32, f32)>;

/// Where colour `c`'s shapes in `role` start in a feature vector.
fn offset(c: usize, role: usize) -> usize {
    (c * 2 + role) * SHAPES
}

impl Weights {
    /// The weights as a flat vector in feature order, in evaluation units.
    pub fn to_vec(&self) -> Vec<f64> {
        let mut v = vec![0.0; FEATURES];
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..SHAPES {
                    v[offset(c, role) + k] = f64::from(self.shape[c][role][k]);
                }
            }
            v[4 * SHAPES + c] = f64::from(self.tempo[c]);
        }
        v.iter().map(|w| w / f64::from(WEIGHT_SCALE)).collect()
    }

    /// Weights from a flat vector in evaluation units (rounded to the stored precision).
    pub fn from_vec(v: &[f64]) -> Weights {
        let q = |w: f64| (w * f64::from(WEIGHT_SCALE)).round() as i32;
        let mut w = Weights {
            shape: [[[0; SHAPES]; 2]; 2],
            tempo: [0; 2],
        };
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..SHAPES {
                    w.shape[c][role][k] = q(v[offset(c, role) + k]);
                }
            }
            w.tempo[c] = q(v[4 * SHAPES + c]);
        }
        w
    }
}

/// Length of the linear features: colour x role x (the line patterns, then the combos),
/// then the two tempo constants. A shape's weight can be read as the sum of its four
/// patterns' and its combo's (a forbidden cell's combo being `Forbid`): fitting only that
/// sum needs far fewer positions than a weight per shape.
pub const LINEAR_FEATURES: usize = 4 * (PATTERNS + COMBOS) + 2;

/// The linear features a shape feature is the sum of (see [`LINEAR_FEATURES`]).
pub fn linear_parts(j: usize) -> Vec<usize> {
    let (block, shape) = (j / SHAPES, j % SHAPES);
    if block >= 4 {
        return vec![4 * (PATTERNS + COMBOS) + shape];
    }
    let p = class_patterns()[shape % SHAPE_CLASSES];
    let combo = if shape >= SHAPE_CLASSES {
        Combo::Forbid
    } else {
        combine(p)
    };
    let at = block * (PATTERNS + COMBOS);
    let mut parts: Vec<usize> = p.iter().map(|&x| at + x as usize).collect();
    parts.push(at + PATTERNS + combo as usize);
    parts
}

/// The weights the engine plays with under `rule`.
pub fn current(rule: Rule) -> &'static Weights {
    weights(rule)
}

/// The features of the position (on a `size` board) before each move of `moves` and
/// after the last (so
/// `moves.len() + 1` entries), `None` where the evaluation would not be asked (someone
/// has a four on the board, or the side to move can make an open four) or the moves
/// stop being legal.
pub fn game_features(rule: Rule, size: u8, moves: &[Pos]) -> Vec<Option<Features>> {
    let mut b = PatternBoard::new(rule, size);
    let mut out = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        out.push(features(&b));
        let Some(&p) = moves.get(ply) else { break };
        let i = index(p);
        if !b.is_empty(i) || !b.is_legal(i) {
            break;
        }
        b.make(i);
    }
    out
}

/// One position's features, or `None` if the evaluation would not be asked there.
fn features(b: &PatternBoard) -> Option<Features> {
    let me = b.side_to_move();
    let op = me.opponent();
    if b.combo_count(me, Combo::Five) > 0
        || b.combo_count(op, Combo::Five) > 0
        || b.combo_count(me, Combo::Flex4) > 0
    {
        return None;
    }
    let mut counts = std::collections::BTreeMap::<u32, f32>::new();
    for c in [Color::Black, Color::White] {
        let at = offset(c.index(), usize::from(c != me));
        for i in b.empty_cells() {
            *counts.entry((at + b.shape(c, i)) as u32).or_default() += 1.0;
        }
    }
    counts.insert((4 * SHAPES + me.index()) as u32, 1.0);
    Some(counts.into_iter().collect())
}

/// The source of `eval/weights.rs` holding these weights; `command` is how they were made.
pub fn weights_source(freestyle: &Weights, renju: &Weights, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The evaluation's weights, fitted to game results and a teacher's scores.\n");
    s.push_str(
        "//! Generated; do not edit. Regenerate: `cargo run --release -p fiveinrow-engine\n",
    );
    s.push_str(&format!(
        "//! --example fit_eval -- {command}` (see that example's header).\n"
    ));
    s.push_str("//! Each row: one colour in one role, a weight per cell shape (`SHAPES`).\n\n");
    s.push_str("use crate::eval::Weights;\n\n");
    for (name, w) in [("FREESTYLE", freestyle), ("RENJU", renju)] {
        s.push_str("#[rustfmt::skip]\n");
        s.push_str(&format!("pub(crate) static {name}: Weights = Weights {{\n"));
        s.push_str("    shape: [\n");
        for c in 0..2 {
            s.push_str("        [\n");
            for role in 0..2 {
                s.push_str(&format!(
                    "            // {} {}\n",
                    ["black", "white"][c],
                    ["to move", "waiting"][role]
                ));
                s.push_str("            [\n");
                for chunk in w.shape[c][role].chunks(16) {
                    let row: Vec<String> = chunk.iter().map(i32::to_string).collect();
                    s.push_str(&format!("                {},\n", row.join(", ")));
                }
                s.push_str("            ],\n");
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n");
        s.push_str(&format!(
            "    tempo: [{}, {}],\n}};\n\n",
            w.tempo[0], w.tempo[1]
        ));
    }
    s.pop();
    s
}

/// A walk of up to `plies` moves from the position after `moves` (on a `size` board), the
/// way the search wanders: at each step the moves it would consider there (a forced block,
/// the defences against a threat, or every candidate), best first by the ordering's cell
/// values as the search orders them, and `pick(n)` chooses the index among the `n` of them. Stops early where the
/// side to move wins or has lost at once. Returns the moves played.
pub fn walk(
    rule: Rule,
    size: u8,
    moves: &[Pos],
    plies: usize,
    pick: &mut impl FnMut(usize) -> usize,
) -> Vec<Pos> {
    let mut b = PatternBoard::new(rule, size);
    for &p in moves {
        let i = index(p);
        if !b.is_empty(i) || !b.is_legal(i) {
            return Vec::new();
        }
        b.make(i);
    }
    let order = crate::params::SearchParams::default();
    let mut out = Vec::new();
    let mut list = Vec::new();
    for _ in 0..plies {
        match generate_into(&mut b, &mut list) {
            Kind::Forced | Kind::Defend { .. } | Kind::Quiet if !list.is_empty() => {}
            _ => break,
        }
        let me = b.side_to_move();
        let value = |m: usize| order.order_value(b.value(me, m), b.value(me.opponent(), m));
        list.sort_by_key(|&m| (std::cmp::Reverse(value(m)), m));
        let m = list[pick(list.len()).min(list.len() - 1)];
        b.make(m);
        out.push(fiveinrow_rules::layout::pos_of(m));
    }
    out
}
