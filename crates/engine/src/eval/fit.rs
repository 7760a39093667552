//! What the evaluation-fitting tool (`examples/fit_eval.rs`) needs from the engine: the
//! features of positions as the evaluation sees them, the weights in use, and the
//! source text of a new weights file. Nothing in the search uses this module.

use fiveinrow_rules::layout::index;
use fiveinrow_rules::{Color, Pos, Rule};

use crate::board::pattern::{Combo, Pattern, PATTERNS};
use crate::board::pattern_board::PatternBoard;
use crate::eval::{color_features, weights, COLOR_FEATURES, WEIGHT_SCALE};

pub use crate::eval::Weights;

/// Length of a position's feature vector: colour x role x [`COLOR_FEATURES`], then the
/// two tempo constants (black to move, white to move).
pub const FEATURES: usize = 4 * COLOR_FEATURES + 2;

/// Where colour `c`'s features in `role` start in a feature vector.
fn offset(c: usize, role: usize) -> usize {
    (c * 2 + role) * COLOR_FEATURES
}

impl Weights {
    /// The weights as a flat vector in feature order, in evaluation units.
    pub fn to_vec(&self) -> Vec<f64> {
        let mut v = vec![0.0; FEATURES];
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..COLOR_FEATURES {
                    v[offset(c, role) + k] = f64::from(self.by[c][role][k]);
                }
            }
            v[4 * COLOR_FEATURES + c] = f64::from(self.tempo[c]);
        }
        v.iter().map(|w| w / f64::from(WEIGHT_SCALE)).collect()
    }

    /// Weights from a flat vector in evaluation units (rounded to the stored precision).
    pub fn from_vec(v: &[f64]) -> Weights {
        let q = |w: f64| (w * f64::from(WEIGHT_SCALE)).round() as i32;
        let mut w = Weights {
            by: [[[0; COLOR_FEATURES]; 2]; 2],
            tempo: [0; 2],
        };
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..COLOR_FEATURES {
                    w.by[c][role][k] = q(v[offset(c, role) + k]);
                }
            }
            w.tempo[c] = q(v[4 * COLOR_FEATURES + c]);
        }
        w
    }
}

/// The weights the engine plays with under `rule`.
pub fn current(rule: Rule) -> &'static Weights {
    weights(rule)
}

/// Features whose weight stays as it is: the dead pattern and the empty combo are on
/// nearly every cell, so they only measure how full the board is.
pub fn frozen_features() -> Vec<bool> {
    let mut f = vec![false; FEATURES];
    for c in 0..2 {
        for role in 0..2 {
            f[offset(c, role) + Pattern::Dead as usize] = true;
            f[offset(c, role) + PATTERNS + Combo::None as usize] = true;
        }
    }
    f
}

/// The features of the position (on a `size` board) before each move of `moves` and
/// after the last (so
/// `moves.len() + 1` entries), `None` where the evaluation would not be asked (someone
/// has a four on the board, or the side to move can make an open four) or the moves
/// stop being legal.
pub fn game_features(rule: Rule, size: u8, moves: &[Pos]) -> Vec<Option<[f32; FEATURES]>> {
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
fn features(b: &PatternBoard) -> Option<[f32; FEATURES]> {
    let me = b.side_to_move();
    let op = me.opponent();
    if b.combo_count(me, Combo::Five) > 0
        || b.combo_count(op, Combo::Five) > 0
        || b.combo_count(me, Combo::Flex4) > 0
    {
        return None;
    }
    let mut x = [0f32; FEATURES];
    for c in [Color::Black, Color::White] {
        let role = usize::from(c != me);
        for (k, &n) in color_features(b, c).iter().enumerate() {
            x[offset(c.index(), role) + k] = f32::from(n);
        }
    }
    x[4 * COLOR_FEATURES + me.index()] = 1.0;
    Some(x)
}

/// The source of `eval/weights.rs` holding these weights; `command` is how they were made.
pub fn weights_source(freestyle: &Weights, renju: &Weights, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The evaluation's weights, fitted to game results. Generated; do not edit.\n");
    s.push_str("//! Regenerate: `cargo run --release -p fiveinrow-engine --example fit_eval --\n");
    s.push_str(&format!("//! {command}` (see that example's header).\n\n"));
    s.push_str("use crate::eval::Weights;\n\n");
    for (name, w) in [("FREESTYLE", freestyle), ("RENJU", renju)] {
        s.push_str(&format!("pub(crate) const {name}: Weights = Weights {{\n"));
        s.push_str("    // [colour][role][patterns Dead..Overline, combos None..Forbid]\n");
        s.push_str("    by: [\n");
        for c in 0..2 {
            s.push_str("        [\n");
            for role in 0..2 {
                let row = &w.by[c][role];
                let pats: Vec<String> = row[..PATTERNS].iter().map(i32::to_string).collect();
                let combos: Vec<String> = row[PATTERNS..].iter().map(i32::to_string).collect();
                s.push_str(&format!(
                    "            [\n                {},\n                {},\n            ],\n",
                    pats.join(", "),
                    combos.join(", ")
                ));
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
