//! Evaluation. Two parts with two jobs:
//!
//! - the *cell value* (hand-set, [`crate::params`]): what an empty cell is worth to a
//!   colour, used to order and prune moves;
//! - the *position evaluation*: a weighted count of the line patterns and combos on the
//!   empty cells of both colours, with weights per colour and per role (to move or
//!   waiting) fitted to game results by logistic regression (the weights live in the
//!   generated `weights.rs`; `examples/fit_eval.rs` regenerates it).

pub mod fit;
pub(crate) mod weights;

use fiveinrow_rules::{Color, Rule};

use crate::board::pattern::{Combo, Pattern, COMBOS, PATTERNS};
use crate::board::pattern_board::PatternBoard;
use crate::params::{combo_value, pattern_value};

/// Value of an empty cell to a colour, for move ordering and pruning.
#[inline]
pub fn cell_value(combo: Combo, p: [Pattern; 4]) -> i32 {
    if combo == Combo::Forbid {
        return 0;
    }
    combo_value(combo) + p.iter().map(|&x| pattern_value(x)).sum::<i32>()
}

/// Features of one colour in one role: the count of each line pattern, then of each combo.
pub const COLOR_FEATURES: usize = PATTERNS + COMBOS;

/// The evaluation's weights for one rule, in 1/[`WEIGHT_SCALE`] evaluation units:
/// `by[colour][role][feature]` (role 0: the side to move, 1: the side waiting), and a
/// constant per colour to move.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    pub by: [[[i32; COLOR_FEATURES]; 2]; 2],
    pub tempo: [i32; 2],
}

/// Weights are stored this many times finer than the evaluation's unit.
pub const WEIGHT_SCALE: i32 = 16;

/// The weights the engine plays with under `rule` (standard uses freestyle's).
pub fn weights(rule: Rule) -> &'static Weights {
    match rule {
        Rule::Renju => &crate::eval::weights::RENJU,
        Rule::Freestyle | Rule::Standard => &crate::eval::weights::FREESTYLE,
    }
}

/// The features of colour `c`: its pattern counts, then its combo counts.
#[inline]
pub fn color_features(b: &PatternBoard, c: Color) -> [u16; COLOR_FEATURES] {
    let mut x = [0u16; COLOR_FEATURES];
    x[..PATTERNS].copy_from_slice(b.pattern_counts(c));
    x[PATTERNS..].copy_from_slice(b.combo_counts(c));
    x
}

/// Static evaluation from the side to move's point of view.
#[inline]
pub fn evaluate(b: &PatternBoard) -> i32 {
    let w = weights(b.rule());
    let me = b.side_to_move();
    let op = me.opponent();
    let dot = |c: Color, role: usize| -> i32 {
        let ws = &w.by[c.index()][role];
        color_features(b, c)
            .iter()
            .zip(ws)
            .map(|(&n, &w)| i32::from(n) * w)
            .sum::<i32>()
    };
    (w.tempo[me.index()] + dot(me, 0) + dot(op, 1)) / WEIGHT_SCALE
}

#[cfg(test)]
mod tests {
    use fiveinrow_rules::layout::index;
    use fiveinrow_rules::Color;

    use super::*;
    use crate::bench::{game_of, POSITIONS};

    /// The evaluation the slow way: every empty cell's patterns and combo, weighed one by one.
    fn by_scan(b: &PatternBoard) -> i32 {
        let w = weights(b.rule());
        let me = b.side_to_move();
        let mut s = w.tempo[me.index()];
        for c in [Color::Black, Color::White] {
            let ws = &w.by[c.index()][usize::from(c != me)];
            for i in b.empty_cells() {
                for d in 0..4 {
                    s += ws[b.pattern(c, i, d) as usize];
                }
                let combo = b.combo(c, i);
                if combo != Combo::None {
                    s += ws[PATTERNS + combo as usize];
                }
            }
        }
        s / WEIGHT_SCALE
    }

    /// Every position along every bench game, each rule's weights.
    fn each_position(mut f: impl FnMut(&PatternBoard)) {
        for &line in POSITIONS {
            let game = game_of(line).expect("a bench position");
            let mut b = PatternBoard::new(game.rule(), game.size());
            f(&b);
            for p in game.moves() {
                b.make(index(p));
                f(&b);
            }
        }
    }

    #[test]
    fn the_evaluation_from_counts_equals_a_scan_of_the_cells() {
        let mut n = 0;
        each_position(|b| {
            assert_eq!(evaluate(b), by_scan(b));
            n += 1;
        });
        assert!(n > 50, "{n} positions");
    }

    #[test]
    fn the_fitting_tools_features_give_the_evaluation() {
        use crate::eval::fit::{game_features, FEATURES};
        for &line in POSITIONS {
            let game = game_of(line).expect("a bench position");
            let w = weights(game.rule()).to_vec();
            let moves = game.moves();
            let feats = game_features(game.rule(), game.size(), &moves);
            assert_eq!(feats.len(), moves.len() + 1);
            let mut b = PatternBoard::new(game.rule(), game.size());
            for (ply, x) in feats.iter().enumerate() {
                if let Some(x) = x {
                    let e: f64 = (0..FEATURES).map(|k| f64::from(x[k]) * w[k]).sum();
                    assert!(
                        (e - f64::from(evaluate(&b))).abs() < 1.0,
                        "{line} ply {ply}: features say {e}, the evaluation {}",
                        evaluate(&b)
                    );
                }
                if let Some(&p) = moves.get(ply) {
                    b.make(index(p));
                }
            }
        }
    }

    #[test]
    fn weights_survive_the_flat_form() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let w = weights(rule);
            assert_eq!(&Weights::from_vec(&w.to_vec()), w);
        }
    }
}
