//! The engine's decisions in an opening rule ([`fiveinrow_rules::opening`]): swap or stay
//! and which colour to take (from a search of the position: the side ahead), where to
//! place a stone that the other player will choose a side for (the point that leaves the
//! position nearest to balance), which N to declare, which 5th moves to offer and which
//! offer to pick. Each search takes a share of the budget (nodes, time) it is given.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fiveinrow_rules::opening::{Action, Opening, Step, Swap2Choice, TaraguchiChoice};
use fiveinrow_rules::{Color, Game, Pos};

use crate::engine::Engine;
use crate::limits::Limits;
use crate::score::Score;

/// Nodes per position judged when the caller gives no node budget.
const DEFAULT_NODES: u64 = 50_000;
/// Fewest nodes per candidate, however many candidates share the budget.
const MIN_NODES: u64 = 2_000;
/// Least time per candidate, however many candidates share the budget.
const MIN_TIME: Duration = Duration::from_millis(5);
/// A proven result as an evaluation, beyond any real one.
const DECIDED: i32 = 100_000;
/// Soosõrv-8: one more 5th move to offer per this much of black's edge.
const N_PER_EDGE: i32 = 150;
/// Taraguchi-10: black offers ten 5th moves (no swap for white) when ahead by this.
const TEN_ABOVE: i32 = 100;
/// Balancing stones within this much of the most balanced one are equally good: the
/// seed chooses among them (variety between games).
const BALANCE_MARGIN: i32 = 40;
/// A stone with more of the same player's stones to follow goes this close (Chebyshev
/// distance) to a stone already placed.
const SHAPE_DISTANCE: i16 = 2;

/// What one decision may spend, shared among the positions it judges: the nodes and the
/// time of the caller's limits (an unbounded node count is none), or [`DEFAULT_NODES`].
#[derive(Clone, Copy, Debug)]
struct Budget {
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Budget {
    fn of(limits: &Limits) -> Budget {
        let nodes = limits.nodes.filter(|&n| n < u64::MAX);
        let time = limits.move_time;
        Budget {
            nodes: if nodes.is_none() && time.is_none() {
                Some(DEFAULT_NODES)
            } else {
                nodes
            },
            time,
        }
    }

    /// One of `parts` equal shares.
    fn share(self, parts: usize) -> Budget {
        let parts = parts.max(1);
        Budget {
            nodes: self.nodes.map(|n| (n / parts as u64).max(MIN_NODES)),
            time: self.time.map(|t| (t / parts as u32).max(MIN_TIME)),
        }
    }

    fn limits(self) -> Limits {
        Limits {
            nodes: self.nodes,
            move_time: self.time,
            ..Limits::default()
        }
    }
}

/// Black's edge in `game` (positive: black ahead), from a search within `limits` (its
/// nodes and time; [`DEFAULT_NODES`] without either).
pub fn black_edge(engine: &mut Engine, game: &Game, limits: &Limits) -> i32 {
    edge(engine, game, Budget::of(limits))
}

fn edge(engine: &mut Engine, game: &Game, budget: Budget) -> i32 {
    let stop = AtomicBool::new(false);
    let mover_view = match engine.search(game, &budget.limits(), &stop, &mut |_| {}) {
        Ok(r) => match r.score {
            Score::Eval(v) => v,
            Score::WinIn(n) => DECIDED - n as i32,
            Score::LossIn(n) => -DECIDED + n as i32,
        },
        // Over or no move: a won game is the last mover's.
        Err(_) => match game.status().winner() {
            Some(w) if w == game.to_move() => DECIDED,
            Some(_) => -DECIDED,
            None => 0,
        },
    };
    if game.to_move() == Color::Black {
        mover_view
    } else {
        -mover_view
    }
}

/// The colour to take in `game`: the one ahead.
pub fn choose_color(engine: &mut Engine, game: &Game, limits: &Limits) -> Color {
    if black_edge(engine, game, limits) > 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// White's pick among black's offered 5th moves (`game` is before the 5th, black to
/// move): the offer with black's smallest edge.
pub fn pick_offer(
    engine: &mut Engine,
    game: &Game,
    offers: &[Pos],
    limits: &Limits,
) -> Option<Pos> {
    let each = Budget::of(limits).share(offers.len());
    offers
        .iter()
        .filter_map(|&p| {
            let mut g = game.clone();
            g.play(p).ok()?;
            Some((edge(engine, &g, each), p))
        })
        .min_by_key(|&(edge, _)| edge)
        .map(|(_, p)| p)
}

/// The engine's decision for the step `opening` asks now (for whichever seat decides
/// it), within `limits` (its nodes and time, shared among the positions judged; without
/// either, [`DEFAULT_NODES`]).
/// Every action returned is one that `opening` accepts. Deterministic: the same as
/// [`decide_varied`] with seed 0.
pub fn decide(engine: &mut Engine, opening: &Opening, limits: &Limits) -> Option<Action> {
    decide_varied(engine, opening, limits, 0)
}

/// Like [`decide`]; where several stones are about as good for the opener's purpose
/// (the shape of the first stones, balance within [`BALANCE_MARGIN`]), `seed` picks one,
/// so that games between the same players do not all open alike.
pub fn decide_varied(
    engine: &mut Engine,
    opening: &Opening,
    limits: &Limits,
    seed: u64,
) -> Option<Action> {
    let budget = Budget::of(limits);
    let game = opening.game();
    let seat = opening.decider();
    let my_color = if seat == opening.black_seat() {
        Color::Black
    } else {
        Color::White
    };
    let accepted = |a: &Action| opening.clone().act(a.clone()).is_ok();
    let action = match opening.step() {
        Step::Done => return None,
        Step::SwapOption => {
            let edge = edge(engine, game, budget);
            let mine = if my_color == Color::Black {
                edge
            } else {
                -edge
            };
            if mine < 0 {
                Action::Swap
            } else {
                Action::Stay
            }
        }
        Step::ChooseColor => match choose_color(engine, game, &budget.limits()) {
            Color::Black => Action::Swap,
            Color::White => Action::Stay,
        },
        Step::Swap2Choice => {
            if edge(engine, game, budget) > 0 {
                Action::Swap2(Swap2Choice::TakeBlack)
            } else {
                Action::Swap2(Swap2Choice::PlayWhite)
            }
        }
        Step::Declare => {
            let edge = edge(engine, game, budget).max(0);
            Action::Declare((1 + edge / N_PER_EDGE).clamp(1, 8) as u8)
        }
        Step::TaraguchiChoice => {
            if edge(engine, game, budget) > TEN_ABOVE {
                Action::Taraguchi(TaraguchiChoice::Ten)
            } else {
                Action::Taraguchi(TaraguchiChoice::One)
            }
        }
        Step::Pick => Action::Pick(pick_offer(
            engine,
            game,
            opening.offers(),
            &budget.limits(),
        )?),
        Step::Offer { .. } => {
            // Black's best moves first; the first that is not the same as an offer.
            let ranked = rank(engine, opening, budget, |edge| -edge);
            return ranked
                .into_iter()
                .map(|(_, p)| Action::Place(p))
                .find(|a| accepted(a));
        }
        Step::Place { .. } => return place(engine, opening, budget, seed),
    };
    accepted(&action).then_some(action)
}

/// Where to place the next stone. After the stone the opening is over: the game's best
/// move. The same player places another stone next: a stone close to the others (the
/// shape; balance is judged on the last one). Otherwise the other player chooses a side
/// next (or soon): the most balanced stone, the seed choosing among the nearly equal.
fn place(engine: &mut Engine, opening: &Opening, budget: Budget, seed: u64) -> Option<Action> {
    let game = opening.game();
    let after = |p: Pos| {
        let mut o = opening.clone();
        o.act(Action::Place(p)).is_ok().then_some(o)
    };
    let allowed: Vec<Pos> = candidates(game)
        .into_iter()
        .filter(|&p| after(p).is_some())
        .collect();
    let next = after(*allowed.first()?)?;
    if next.is_done() {
        let stop = AtomicBool::new(false);
        if let Ok(r) = engine.search(game, &budget.limits(), &stop, &mut |_| {}) {
            if after(r.best).is_some() {
                return Some(Action::Place(r.best));
            }
        }
    }
    if matches!(next.step(), Step::Place { .. }) && next.decider() == opening.decider() {
        let shape = shape_points(game, &allowed);
        let pick = shape.get((seed % shape.len().max(1) as u64) as usize)?;
        return Some(Action::Place(*pick));
    }
    // Balance among the points close to the stones: a far stone would be balanced
    // only by taking no part in the game.
    let close = shape_points(game, &allowed);
    let ranked = rank_points(engine, game, close, budget, |edge| edge.abs());
    let best = ranked.first()?.0;
    let near_best: Vec<Pos> = ranked
        .iter()
        .take_while(|&&(k, _)| k <= best + BALANCE_MARGIN)
        .map(|&(_, p)| p)
        .collect();
    let pick = near_best[(seed % near_best.len() as u64) as usize];
    Some(Action::Place(pick))
}

/// The allowed points for a stone that more stones of the same player follow: the centre
/// on an empty board (or the points nearest it), else the points within
/// [`SHAPE_DISTANCE`] of a stone, nearest to the stones first.
fn shape_points(game: &Game, allowed: &[Pos]) -> Vec<Pos> {
    let stones = game.moves();
    let centre = Pos::centre(game.size());
    let dist = |a: Pos, b: Pos| {
        (i16::from(a.x()) - i16::from(b.x()))
            .abs()
            .max((i16::from(a.y()) - i16::from(b.y())).abs())
    };
    let to_stones = |p: Pos| {
        if stones.is_empty() {
            dist(p, centre)
        } else {
            stones.iter().map(|&s| dist(p, s)).min().unwrap_or(0)
        }
    };
    let limit = if stones.is_empty() { 0 } else { SHAPE_DISTANCE };
    let mut near: Vec<Pos> = allowed
        .iter()
        .copied()
        .filter(|&p| to_stones(p) <= limit)
        .collect();
    if near.is_empty() {
        near = allowed.to_vec();
    }
    near.sort_by_key(|&p| (to_stones(p), dist(p, centre), p.y(), p.x()));
    near
}

/// The points `opening` accepts for its next stone with their `key` of black's edge
/// after the stone, best (smallest) first, each judged with a share of `budget`.
fn rank(
    engine: &mut Engine,
    opening: &Opening,
    budget: Budget,
    key: impl Fn(i32) -> i32,
) -> Vec<(i32, Pos)> {
    let candidates: Vec<Pos> = candidates(opening.game())
        .into_iter()
        .filter(|&p| opening.clone().act(Action::Place(p)).is_ok())
        .collect();
    rank_points(engine, opening.game(), candidates, budget, key)
}

/// `points` with their `key` of black's edge after each, best (smallest) first.
fn rank_points(
    engine: &mut Engine,
    game: &Game,
    candidates: Vec<Pos>,
    budget: Budget,
    key: impl Fn(i32) -> i32,
) -> Vec<(i32, Pos)> {
    let each = budget.share(candidates.len());
    let mut scored: Vec<(i32, Pos)> = candidates
        .into_iter()
        .filter_map(|p| {
            let mut g = game.clone();
            g.play(p).ok()?;
            Some((key(edge(engine, &g, each)), p))
        })
        .collect();
    scored.sort_by_key(|&(k, p)| (k, p.y(), p.x()));
    scored
}

/// Candidate stones: empty points of the central 7x7 and within two of a stone.
fn candidates(game: &Game) -> Vec<Pos> {
    let size = game.size();
    let c = i16::from(Pos::centre(size).x());
    let stones = game.moves();
    let mut out = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let p = Pos::new(x, y).expect("on the board");
            if game.board().get(p).is_some() {
                continue;
            }
            let central = (i16::from(x) - c).abs() <= 3 && (i16::from(y) - c).abs() <= 3;
            let near = stones.iter().any(|s| {
                (i16::from(s.x()) - i16::from(x)).abs() <= 2
                    && (i16::from(s.y()) - i16::from(y)).abs() <= 2
            });
            if central || near {
                out.push(p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Options;
    use fiveinrow_rules::notation::parse_moves;
    use fiveinrow_rules::opening::OpeningRule;
    use fiveinrow_rules::Rule;

    fn game(moves: &str, rule: Rule) -> Game {
        Game::from_moves(rule, 15, &parse_moves(moves, 15).unwrap()).unwrap()
    }

    fn engine() -> Engine {
        Engine::new(Options {
            hash_mb: 8,
            ..Options::default()
        })
    }

    #[test]
    fn white_never_picks_an_offer_that_lets_black_win() {
        // Black h8 i8 j8 with white far away; black to place the 5th-move analogue.
        // k8 makes an open four (black wins), a1 does not: white takes a1, in either order.
        let g = game("h8a15i8b15j8c15", Rule::Freestyle);
        let (k8, a1) = (
            parse_moves("k8", 15).unwrap()[0],
            parse_moves("a1", 15).unwrap()[0],
        );
        let mut e = engine();
        assert_eq!(
            pick_offer(&mut e, &g, &[k8, a1], &Limits::nodes(20_000)),
            Some(a1)
        );
        assert_eq!(
            pick_offer(&mut e, &g, &[a1, k8], &Limits::nodes(20_000)),
            Some(a1)
        );
    }

    #[test]
    fn the_side_choosing_a_colour_takes_the_winning_side() {
        let mut e = engine();
        // Black to move with an open three: black wins.
        assert_eq!(
            choose_color(
                &mut e,
                &game("h8a15i8b15j8c15", Rule::Freestyle),
                &Limits::nodes(20_000)
            ),
            Color::Black
        );
        // White to move with an open three of its own and black scattered: white wins.
        assert_eq!(
            choose_color(
                &mut e,
                &game("a1h8a3i8a5j8a7", Rule::Freestyle),
                &Limits::nodes(20_000)
            ),
            Color::White
        );
    }

    #[test]
    fn the_opener_places_a_compact_shape_that_the_seed_varies() {
        let mut seen = Vec::new();
        for seed in 0..4 {
            let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
            let mut e = engine();
            for _ in 0..3 {
                let a = decide_varied(&mut e, &o, &Limits::nodes(6_000), seed).unwrap();
                o.act(a).unwrap();
            }
            let stones = o.game().moves();
            // The first stone on the centre, the others within two of a stone before them.
            assert_eq!(stones[0], Pos::centre(15));
            for (k, &p) in stones.iter().enumerate().skip(1) {
                let close = stones[..k].iter().any(|&q| {
                    (i16::from(p.x()) - i16::from(q.x())).abs() <= 2
                        && (i16::from(p.y()) - i16::from(q.y())).abs() <= 2
                });
                assert!(close, "seed {seed}: {stones:?}");
            }
            seen.push(stones);
        }
        seen.dedup();
        assert!(seen.len() > 1, "every seed opened alike: {seen:?}");
    }

    #[test]
    fn the_engine_plays_every_opening_rule_to_its_end() {
        for rule in OpeningRule::ALL {
            let board = if rule == OpeningRule::Swap2 {
                Rule::Freestyle
            } else {
                Rule::Renju
            };
            let mut o = Opening::new(rule, board, 15).unwrap();
            let mut e = engine();
            let mut steps = 0;
            while !o.is_done() {
                let a = decide(&mut e, &o, &Limits::nodes(4_000))
                    .unwrap_or_else(|| panic!("{rule:?}: no decision at {:?}", o.step()));
                o.act(a.clone())
                    .unwrap_or_else(|err| panic!("{rule:?}: {a:?} refused: {err}"));
                steps += 1;
                assert!(steps <= 20, "{rule:?} does not end");
            }
            let replayed = Game::from_moves(board, 15, &o.game().moves());
            assert!(replayed.is_ok(), "{rule:?}: {:?}", o.game().moves());
        }
    }
}
