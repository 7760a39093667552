//! The move-ordering prior: how likely a candidate is the best move, as a score per
//! move from what the move makes for the mover (its cell shape), what it takes from the
//! opponent (the opponent's shape there) and how near it lies to the last two moves.
//! The weights are fitted to a teacher engine's choices (softmax regression over each
//! position's candidates, `examples/fit_policy.rs`) and generated into
//! `policy_weights.rs`; [`crate::params::SearchParams::policy_weight`] sets their share in
//! the ordering beside the hand-set cell values.

use fiveinrow_rules::layout::STRIDE;
use fiveinrow_rules::{Color, Rule};

pub use crate::board::pattern::COMBOS;
use crate::board::pattern::SHAPES;
use crate::board::pattern_board::PatternBoard;

/// Kinds of distance from a candidate to an earlier move ([`near_kind`]).
pub const NEAR_KINDS: usize = 4;

/// A rule's policy weights, in 1/[`POLICY_SCALE`] of a logit:
/// `shape[mover's colour][0: the mover's shape, 1: the opponent's][shape]`,
/// `near[mover's colour][0: the last move (the opponent's), 1: the mover's previous][kind]`
/// and `pair[mover's colour][the mover's combo][the opponent's combo]` (a cell that both
/// attacks and defends is worth more than the two apart).
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub shape: [[[i16; SHAPES]; 2]; 2],
    pub near: [[[i16; NEAR_KINDS]; 2]; 2],
    pub pair: [[[i16; COMBOS]; COMBOS]; 2],
}

/// Weights are stored in these units of a logit (the ordering's units: a killer's bonus
/// of 20 is worth about two thirds of a logit).
pub const POLICY_SCALE: i32 = 32;

/// The policy of `rule` (standard uses freestyle's).
pub fn policy(rule: Rule) -> &'static Policy {
    match rule {
        Rule::Renju => &crate::eval::policy_weights::RENJU,
        Rule::Freestyle | Rule::Standard => &crate::eval::policy_weights::FREESTYLE,
    }
}

/// How far cell `m` lies from an earlier move `at`: 0 next to it, 1 two cells away, 2
/// three or four away on one of its lines, 3 farther (or no such move).
#[inline]
pub fn near_kind(m: usize, at: Option<usize>) -> usize {
    let Some(at) = at else { return 3 };
    let (dx, dy) = (
        (m % STRIDE).abs_diff(at % STRIDE),
        (m / STRIDE).abs_diff(at / STRIDE),
    );
    match dx.max(dy) {
        1 => 0,
        2 => 1,
        3 | 4 if dx == 0 || dy == 0 || dx == dy => 2,
        _ => 3,
    }
}

/// The prior of the side to move `me` playing `m`, in the ordering's units.
#[inline]
pub fn move_prior(b: &PatternBoard, me: Color, m: usize) -> i32 {
    Prior::new(b, me).of(b, m)
}

/// [`move_prior`] for many moves of one node: what they share looked up once.
pub struct Prior {
    shape: &'static [[i16; SHAPES]; 2],
    near: &'static [[i16; NEAR_KINDS]; 2],
    pair: &'static [[i16; COMBOS]; COMBOS],
    me: Color,
    last: Option<usize>,
    own: Option<usize>,
}

impl Prior {
    #[inline]
    pub fn new(b: &PatternBoard, me: Color) -> Prior {
        let w = policy(b.rule());
        let c = me.index();
        Prior {
            shape: &w.shape[c],
            near: &w.near[c],
            pair: &w.pair[c],
            me,
            last: b.last_move(),
            own: b.move_before(1),
        }
    }

    /// The prior of playing `m` on `b`, the board this was made for.
    #[inline]
    pub fn of(&self, b: &PatternBoard, m: usize) -> i32 {
        let op = self.me.opponent();
        i32::from(self.shape[0][b.shape(self.me, m)])
            + i32::from(self.shape[1][b.shape(op, m)])
            + i32::from(self.near[0][near_kind(m, self.last)])
            + i32::from(self.near[1][near_kind(m, self.own)])
            + i32::from(self.pair[b.combo(self.me, m) as usize][b.combo(op, m) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::layout::index;
    use fiveinrow_rules::Pos;

    #[test]
    fn near_kinds_by_distance_and_line() {
        let at = |x, y| index(Pos::new(x, y).unwrap());
        let c = Some(at(7, 7));
        assert_eq!(near_kind(at(8, 8), c), 0);
        assert_eq!(near_kind(at(6, 7), c), 0);
        assert_eq!(near_kind(at(9, 8), c), 1);
        assert_eq!(near_kind(at(7, 10), c), 2);
        assert_eq!(near_kind(at(11, 3), c), 2);
        assert_eq!(near_kind(at(10, 8), c), 3);
        assert_eq!(near_kind(at(7, 12), c), 3);
        assert_eq!(near_kind(at(7, 12), None), 3);
    }

    /// What the fitting tool weighs for a candidate is what the search's prior adds up,
    /// along every bench game, and the teacher's move is found among the candidates.
    #[test]
    fn the_fitting_tools_features_give_the_prior() {
        use crate::bench::{game_of, POSITIONS};
        use crate::eval::fit::policy_sample;
        use crate::search::movegen::{generate_into, Kind};
        let mut n = 0;
        for &line in POSITIONS {
            let game = game_of(line).expect("a bench position");
            let moves = game.moves();
            let mut b = PatternBoard::new(game.rule(), game.size());
            for (ply, &next) in moves.iter().enumerate() {
                let mut list = Vec::new();
                let kind = generate_into(&mut b, &mut list);
                let sample = policy_sample(game.rule(), game.size(), &moves[..ply], next);
                let choice = matches!(kind, Kind::Quiet | Kind::Defend { .. }) && list.len() > 1;
                if let Some(s) = sample {
                    assert!(choice);
                    assert_eq!(list[s.target], index(next));
                    let w = policy(game.rule());
                    let me = b.side_to_move();
                    for (f, &m) in s.moves.iter().zip(&list) {
                        let c = s.mover;
                        let want = i32::from(w.shape[c][0][usize::from(f[0])])
                            + i32::from(w.shape[c][1][usize::from(f[1])])
                            + i32::from(w.near[c][0][usize::from(f[2])])
                            + i32::from(w.near[c][1][usize::from(f[3])])
                            + i32::from(w.pair[c][usize::from(f[4])][usize::from(f[5])]);
                        assert_eq!(move_prior(&b, me, m), want, "{line} ply {ply}");
                        assert_eq!(c, me.index());
                    }
                    n += 1;
                } else {
                    assert!(!choice || !list.contains(&index(next)), "{line} ply {ply}");
                }
                b.make(index(next));
            }
        }
        assert!(n > 50, "{n} samples");
    }
}
