//! Evaluation. Two parts with two jobs:
//!
//! - the *cell value* (hand-set, [`crate::params`]): what an empty cell is worth to a
//!   colour, used to order and prune moves;
//! - the *position evaluation*: a weight per cell shape (the multiset of a cell's four
//!   line patterns, [`crate::board::pattern::shape_class`], and whether black may play
//!   there), summed over the empty cells of both colours, with weights per colour and
//!   per role (to move or waiting), plus a weight for which threats each side could make
//!   ([`threat_mask`]), fitted by logistic regression to game results and a
//!   teacher engine's scores (the weights live in the generated `weights.rs`;
//!   `examples/fit_eval.rs` regenerates it). The board keeps the sums up to date, so
//!   evaluating is a lookup.
//!
//! On 15x15 a small network ([`net`]) adds a correction to the position evaluation from
//! the same features seen together, fitted on top of the linear weights.

pub mod fit;
pub mod net;
pub(crate) mod net_weights;
pub mod policy;
pub(crate) mod policy_weights;
pub(crate) mod weights;

use std::sync::OnceLock;

use fiveinrow_rules::Rule;

use crate::board::pattern::{Combo, Pattern, COMBOS, SHAPES};
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

/// The evaluation's weights for one rule, in 1/[`WEIGHT_SCALE`] evaluation units:
/// `shape[colour][role][cell shape]` (role 0: the side to move, 1: the side waiting),
/// a constant per colour to move, and a weight per [`threat_mask`].
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    pub shape: [[[i32; SHAPES]; 2]; 2],
    pub tempo: [i32; 2],
    pub threat: [i32; THREATS],
}

/// Number of [`threat_mask`] values.
pub const THREATS: usize = 1 << 9;

/// Number of the evaluation's features, one index each: colour x role x cell shape
/// ([`shape_feature`]), then the tempo per colour to move ([`tempo_feature`]), then the
/// threat masks (from [`THREAT_FEATURES`]), then the cell pairs ([`pair_feature`], the
/// network's alone: the linear weights have none). The fit's weight vector and the
/// network's inputs both use this layout.
pub const FEATURES: usize = 4 * SHAPES + 2 + THREATS + PAIRS;

/// Where the threat masks start among the features.
pub const THREAT_FEATURES: usize = 4 * SHAPES + 2;

/// Number of [`pair_feature`] values.
pub const PAIRS: usize = COMBOS * COMBOS;

/// Where the cell pairs start among the features.
pub const PAIR_FEATURES: usize = THREAT_FEATURES + THREATS;

/// The pair feature of an empty cell where the side to move has combo `mine` and the
/// side waiting `theirs`, or `None` unless both have one. A point both sides want (a
/// three's extension that also blocks the opponent's, a four on a cell forbidden for
/// black) is worth another amount than the two shapes apart, and the shape sums see
/// each colour's cells alone: the network reads these counts beside them.
#[inline]
pub fn pair_feature(mine: Combo, theirs: Combo) -> Option<usize> {
    (mine != Combo::None && theirs != Combo::None)
        .then(|| PAIR_FEATURES + mine as usize * COMBOS + theirs as usize)
}

/// The feature of an empty cell of colour index `c` in `role` (0: to move, 1: waiting)
/// with cell shape `shape`.
#[inline]
pub const fn shape_feature(c: usize, role: usize, shape: usize) -> usize {
    (c * 2 + role) * SHAPES + shape
}

/// The feature of colour index `c` being to move.
#[inline]
pub const fn tempo_feature(c: usize) -> usize {
    4 * SHAPES + c
}

/// Which threats each side could make, from the side to move's view, one bit each: the
/// opponent's open four; our four with a three or two (or a four-three), our plain four,
/// our open three with more, our plain open three; then the opponent's same four kinds.
/// Who may play first decides what a threat is worth, and the shape sums, one cell at a
/// time, cannot see that: the mask's weight adds it (the side to move's open four or five
/// never reaches the evaluation: the search sees the win first).
#[inline]
pub fn threat_mask(b: &PatternBoard) -> usize {
    let me = b.side_to_move();
    let op = me.opponent();
    let has = |c, k| b.combo_count(c, k) > 0;
    let kinds = |c| {
        usize::from(has(c, Combo::Block4Flex3) || has(c, Combo::Block4Plus))
            | usize::from(has(c, Combo::Block4)) << 1
            | usize::from(has(c, Combo::Flex3Plus) || has(c, Combo::Flex3x2)) << 2
            | usize::from(has(c, Combo::Flex3)) << 3
    };
    usize::from(has(op, Combo::Flex4)) | kinds(me) << 1 | kinds(op) << 5
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

/// The shape weights of `rule` as the board updates its sums: per colour and cell
/// shape (`colour * SHAPES + shape`), the weights of both roles side by side, so that a
/// cell changing shape reads one place instead of two tables apart.
pub fn role_pairs(rule: Rule) -> &'static [[i32; 2]] {
    static FREESTYLE: OnceLock<Box<[[i32; 2]]>> = OnceLock::new();
    static RENJU: OnceLock<Box<[[i32; 2]]>> = OnceLock::new();
    let cell = match rule {
        Rule::Renju => &RENJU,
        Rule::Freestyle | Rule::Standard => &FREESTYLE,
    };
    cell.get_or_init(|| {
        let w = weights(rule);
        (0..2)
            .flat_map(|c| (0..SHAPES).map(move |s| [w.shape[c][0][s], w.shape[c][1][s]]))
            .collect()
    })
}

/// Static evaluation from the side to move's point of view: the linear sums plus the
/// network's correction ([`net`]).
#[inline]
pub fn evaluate(b: &PatternBoard) -> i32 {
    let me = b.side_to_move();
    let w = weights(b.rule());
    let mask = threat_mask(b);
    let tempo = w.tempo[me.index()] + w.threat[mask];
    (tempo + b.shape_sum(me, 0) + b.shape_sum(me.opponent(), 1)) / WEIGHT_SCALE
        + net_correction(b, mask)
}

/// The network's share of the evaluation (0 where the rule has no network), given the
/// position's [`threat_mask`].
#[inline]
fn net_correction(b: &PatternBoard, mask: usize) -> i32 {
    let Some(t) = b.net() else { return 0 };
    let me = b.side_to_move();
    t.output(
        [
            b.net_sum(me, 0),
            b.net_sum(me.opponent(), 1),
            b.net_pair_sum(me),
        ],
        [tempo_feature(me.index()), THREAT_FEATURES + mask],
    )
}

/// [`evaluate`] averaged with the position before the last move (seen from the same
/// side): the swing between the side that just moved and the side to move cancels out
/// ([`crate::params::SearchParams::eval_smooth`]). The threat mask's weight and the
/// network's correction are this position's alone.
#[inline]
pub fn evaluate_smoothed(b: &PatternBoard) -> i32 {
    let me = b.side_to_move();
    let op = me.opponent();
    let w = weights(b.rule());
    let tempo = &w.tempo;
    let now = tempo[me.index()] + b.shape_sum(me, 0) + b.shape_sum(op, 1);
    let before = tempo[op.index()] + b.prev_shape_sum(op, 0) + b.prev_shape_sum(me, 1);
    let mask = threat_mask(b);
    (now - before + 2 * w.threat[mask]) / (2 * WEIGHT_SCALE) + net_correction(b, mask)
}

#[cfg(test)]
mod tests {
    use fiveinrow_rules::layout::index;
    use fiveinrow_rules::Color;

    use super::*;
    use crate::bench::{game_of, POSITIONS};

    /// The evaluation the slow way: every empty cell's shape from its four patterns and
    /// its combo, weighed one by one, and the network's output from those shapes.
    fn by_scan(b: &PatternBoard) -> i32 {
        (raw_scan(b) + weights(b.rule()).threat[mask_by_scan(b)]) / WEIGHT_SCALE + net_by_scan(b)
    }

    /// A cell's shape from its four patterns and whether it is forbidden.
    fn shape_by_scan(b: &PatternBoard, c: Color, i: usize) -> usize {
        use crate::board::pattern::{shape_class, SHAPE_CLASSES};
        let p = std::array::from_fn(|d| b.line_pattern(c, i, d));
        let forbidden = b.combo(c, i) == Combo::Forbid;
        shape_class(p) + usize::from(forbidden) * SHAPE_CLASSES
    }

    /// The network's output (0 without one) from the features counted cell by cell.
    fn net_by_scan(b: &PatternBoard) -> i32 {
        let Some(n) = net::net_on(b.rule(), b.size()) else {
            return 0;
        };
        let me = b.side_to_move();
        let mut x = std::collections::BTreeMap::<u32, f32>::new();
        for c in [Color::Black, Color::White] {
            for i in b.empty_cells() {
                let f = shape_feature(c.index(), usize::from(c != me), shape_by_scan(b, c, i));
                *x.entry(f as u32).or_default() += 1.0;
            }
        }
        x.insert(tempo_feature(me.index()) as u32, 1.0);
        x.insert((THREAT_FEATURES + mask_by_scan(b)) as u32, 1.0);
        for i in b.empty_cells() {
            if let Some(f) = pair_feature(b.combo(me, i), b.combo(me.opponent(), i)) {
                *x.entry(f as u32).or_default() += 1.0;
            }
        }
        fit::net_output_of(n, &x.into_iter().collect())
    }

    /// [`threat_mask`] from every empty cell's combo, one by one.
    fn mask_by_scan(b: &PatternBoard) -> usize {
        let me = b.side_to_move();
        let combos = |c: Color| -> Vec<Combo> { b.empty_cells().map(|i| b.combo(c, i)).collect() };
        let kinds = |c: Color| {
            let cs = combos(c);
            let any = |ks: &[Combo]| usize::from(cs.iter().any(|k| ks.contains(k)));
            any(&[Combo::Block4Flex3, Combo::Block4Plus])
                + 2 * any(&[Combo::Block4])
                + 4 * any(&[Combo::Flex3Plus, Combo::Flex3x2])
                + 8 * any(&[Combo::Flex3])
        };
        let op_flex4 = usize::from(combos(me.opponent()).contains(&Combo::Flex4));
        op_flex4 + 2 * kinds(me) + 32 * kinds(me.opponent())
    }

    /// The shapes and the tempo of [`by_scan`] in the weights' own units.
    fn raw_scan(b: &PatternBoard) -> i32 {
        let w = weights(b.rule());
        let me = b.side_to_move();
        let mut s = w.tempo[me.index()];
        for c in [Color::Black, Color::White] {
            let ws = &w.shape[c.index()][usize::from(c != me)];
            for i in b.empty_cells() {
                s += ws[shape_by_scan(b, c, i)];
            }
        }
        s
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
    fn the_evaluation_from_sums_equals_a_scan_of_the_cells() {
        let (mut n, mut corrected, mut paired) = (0, 0, 0);
        each_position(|b| {
            assert_eq!(evaluate(b), by_scan(b));
            paired += usize::from(*b.net_pair_sum(b.side_to_move()) != [0; net::HIDDEN]);
            // Without the network: the linear part alone.
            let linear = evaluate(&b.clone().without_net());
            assert_eq!(linear, by_scan(b) - net_by_scan(b));
            corrected += usize::from(linear != evaluate(b));
            n += 1;
        });
        assert!(n > 50, "{n} positions");
        // The bench's 15x15 freestyle and standard positions have a network.
        assert!(
            corrected > 20,
            "{corrected} positions changed by the network"
        );
        // ...and the networks weigh the cells both sides want, which the board sums.
        assert!(paired > 20, "{paired} positions with pair sums");
    }

    #[test]
    fn the_threat_mask_equals_a_scan_of_the_cells() {
        let mut seen = std::collections::HashSet::new();
        each_position(|b| {
            assert_eq!(threat_mask(b), mask_by_scan(b));
            seen.insert(threat_mask(b));
        });
        // The bench games make threats of every kind on both sides.
        let bits = seen.iter().fold(0, |acc, m| acc | m);
        assert_eq!(bits, THREATS - 1, "{seen:?}");
    }

    #[test]
    fn the_smoothed_evaluation_is_the_mean_of_two_scans() {
        for &line in POSITIONS {
            let game = game_of(line).expect("a bench position");
            let mut b = PatternBoard::new(game.rule(), game.size());
            for p in game.moves() {
                let before = raw_scan(&b);
                b.make(index(p));
                let threat = weights(b.rule()).threat[mask_by_scan(&b)];
                let want =
                    (raw_scan(&b) - before + 2 * threat) / (2 * WEIGHT_SCALE) + net_by_scan(&b);
                assert_eq!(evaluate_smoothed(&b), want, "{line} after {p}");
            }
        }
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
                    assert!(x.iter().all(|&(k, _)| (k as usize) < FEATURES));
                    let net = net::net_on(game.rule(), game.size())
                        .map_or(0, |n| fit::net_output_of(n, x));
                    let e: f64 = x
                        .iter()
                        .map(|&(k, n)| f64::from(n) * w[k as usize])
                        .sum::<f64>()
                        + f64::from(net);
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

    /// What the fitting tool's linear mode adds to a shape is the cell's four patterns and
    /// its combo as the board sees them.
    #[test]
    fn a_shapes_linear_parts_are_its_cells_patterns_and_combo() {
        use crate::board::pattern::{COMBOS, LINE_PATTERNS as PATTERNS};
        use crate::eval::fit::linear_parts;
        let mut n = 0;
        each_position(|b| {
            for c in [Color::Black, Color::White] {
                let block = c.index() * 2;
                let at = block * (PATTERNS + COMBOS);
                for i in b.empty_cells() {
                    let mut want: Vec<usize> = (0..4)
                        .map(|d| at + b.line_pattern(c, i, d) as usize)
                        .collect();
                    want.push(at + PATTERNS + b.combo(c, i) as usize);
                    want.sort();
                    let mut got = linear_parts(block * SHAPES + b.shape(c, i));
                    got.sort();
                    assert_eq!(got, want, "{c:?} at cell {i}");
                    n += 1;
                }
            }
        });
        assert!(n > 10_000, "{n} cells");
        // The tempo constants and the threat masks are their own linear features.
        use crate::eval::fit::{LINEAR_FEATURES, LINEAR_THREAT_FEATURES, THREAT_FEATURES};
        for t in 0..THREATS {
            let got = linear_parts(THREAT_FEATURES + t);
            assert_eq!(got, vec![LINEAR_THREAT_FEATURES + t], "threat mask {t}");
        }
        assert_eq!(LINEAR_THREAT_FEATURES + THREATS, LINEAR_FEATURES);
    }

    /// The fitting tool's walks play legal moves only, take a forced block when there is
    /// one, and follow `pick` (index 0: the best by the ordering's cell values).
    #[test]
    fn walks_are_legal_and_follow_the_pick() {
        use crate::eval::fit::walk;
        use crate::search::movegen::{generate, Gen};
        let mut walked = 0;
        for &line in POSITIONS {
            let game = game_of(line).expect("a bench position");
            let moves = game.moves();
            for (n, pick) in [(6, 0usize), (6, 3), (9, 100)] {
                let mut choose = |len: usize| pick.min(len - 1);
                let path = walk(game.rule(), game.size(), &moves, n, &mut choose);
                let mut g = game.clone();
                let mut b = PatternBoard::from_game(&game);
                for &p in &path {
                    match generate(&mut b) {
                        Gen::Block(i) => assert_eq!(index(p), i, "{line}: a forced block"),
                        Gen::All(list) | Gen::Defend(list, _) => {
                            assert!(list.contains(&index(p)), "{line}: a move the search has")
                        }
                        other => panic!("{line}: walked on after {other:?}"),
                    }
                    g.play(p).expect("a walked move is legal");
                    b.make(index(p));
                    walked += 1;
                }
                if pick == 0 && path.len() == n {
                    // The first pick is the move with the best cell value.
                    let b = PatternBoard::from_game(&game);
                    let me = b.side_to_move();
                    let order = crate::params::SearchParams::default();
                    let v = |i: usize| order.order_value(b.value(me, i), b.value(me.opponent(), i));
                    if let Gen::All(list) = generate(&mut b.clone()) {
                        let best = list.iter().map(|&i| v(i)).max();
                        assert_eq!(Some(v(index(path[0]))), best, "{line}");
                    }
                }
            }
        }
        assert!(walked > 100, "{walked} moves walked");
    }

    #[test]
    fn weights_survive_the_flat_form() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let w = weights(rule);
            assert_eq!(&Weights::from_vec(&w.to_vec()), w);
        }
    }
}
