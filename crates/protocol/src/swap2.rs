//! The swap2 opening over the Gomocup protocol (SWAP2BOARD). The stones given are
//! replayed as a swap2 opening of the rules core, and the engine's opening decisions
//! ([`fiveinrow_engine::opening`]) answer: the same decisions the web app, the terminal
//! game and the match runner take, so there is one owner of "what to do in swap2".

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fiveinrow_engine::opening::decide;
use fiveinrow_engine::{Engine, Limits};
use fiveinrow_rules::opening::{Action, Opening, OpeningRule, Step, Swap2Choice};
use fiveinrow_rules::{Game, Pos};

/// Which decision SWAP2BOARD asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swap2Step {
    /// No stones: propose three (black, white, black).
    Propose,
    /// Three stones: SWAP (we take black), the fourth stone (we play white), or two
    /// more stones (the opponent chooses).
    AfterThree,
    /// Five stones: SWAP (we take black) or the sixth stone (we play white).
    AfterFive,
}

/// Decisions one answer may take at most (three stones to propose): each gets this
/// share of the turn.
const PARTS: u32 = 3;

/// The answer line to SWAP2BOARD with the stones of `game` (0, 3 or 5, in move order),
/// within `limits` for the whole answer; an `ERROR` line when the stones are no swap2
/// opening.
pub fn answer(engine: &mut Engine, game: &Game, limits: &Limits) -> String {
    match try_answer(engine, game, &share(limits)) {
        Ok(line) => line,
        Err(e) => format!("ERROR {e}"),
    }
}

fn try_answer(engine: &mut Engine, game: &Game, each: &Limits) -> Result<String, String> {
    let mut o = Opening::new(OpeningRule::Swap2, game.rule(), game.size())
        .ok_or_else(|| format!("swap2 is not played under {}", game.rule().name()))?;
    let stones = game.moves();
    for (k, &p) in stones.iter().enumerate() {
        if k == 3 {
            o.act(Action::Swap2(Swap2Choice::PlaceTwo))
                .map_err(|e| e.to_string())?;
        }
        o.act(Action::Place(p)).map_err(|e| e.to_string())?;
    }
    let mut placed: Vec<Pos> = Vec::new();
    let me = o.decider();
    while !o.is_done() && o.decider() == me {
        let action = decide(engine, &o, each).ok_or("no decision found")?;
        match (&action, o.step()) {
            (Action::Swap2(Swap2Choice::TakeBlack), _) | (Action::Swap, Step::ChooseColor) => {
                return Ok("SWAP".to_string());
            }
            (Action::Place(p), _) => placed.push(*p),
            _ => {}
        }
        o.act(action).map_err(|e| e.to_string())?;
    }
    if o.is_done() && placed.is_empty() {
        // We kept white after five stones: the sixth stone is our move.
        let stop = AtomicBool::new(false);
        let r = engine
            .search(o.game(), each, &stop, &mut |_| {})
            .map_err(|e| e.to_string())?;
        placed.push(r.best);
    }
    Ok(placed
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

/// The limits of one decision: a [`PARTS`] share of the turn (its nodes, its time or, with
/// a match clock only, a small part of what is left).
fn share(limits: &Limits) -> Limits {
    let turn = limits
        .move_time
        .map(|t| t.mul_f64(0.8))
        .or(limits.time_left.map(|left| left / 25));
    Limits {
        nodes: limits.nodes.map(|n| (n / u64::from(PARTS)).max(1)),
        move_time: Some(turn.unwrap_or(Duration::from_secs(1)) / PARTS),
        ..Limits::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_engine::Options;
    use fiveinrow_rules::notation::parse_moves;
    use fiveinrow_rules::Rule;

    fn answer_to(moves: &str) -> String {
        let game = Game::from_moves(Rule::Freestyle, 15, &parse_moves(moves, 15).expect("moves"))
            .expect("legal");
        let mut engine = Engine::new(Options {
            hash_mb: 8,
            ..Options::default()
        });
        answer(&mut engine, &game, &Limits::nodes(30_000))
    }

    fn points(line: &str) -> Vec<(u32, u32)> {
        line.split_whitespace()
            .map(|t| {
                let (x, y) = t.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn three_proposed_stones_start_on_the_centre() {
        let stones = points(&answer_to(""));
        assert_eq!(stones.len(), 3);
        assert_eq!(stones[0], (7, 7));
        assert!(stones[1] != stones[2] && stones[0] != stones[2]);
    }

    #[test]
    fn the_side_far_ahead_is_taken() {
        // Black h8 i8 against a white stone in the corner: take black.
        assert_eq!(answer_to("h8a1i8"), "SWAP");
        // Five stones with black's open three: take black.
        assert_eq!(answer_to("h8a1i8a3j8"), "SWAP");
        // Five stones where white has two together and black is scattered: play white,
        // and the answer is the 6th stone.
        let r = answer_to("a1h8a15i8o15");
        assert_eq!(points(&r).len(), 1, "{r}");
    }

    #[test]
    fn swap2_under_renju_is_an_error() {
        let game = Game::new(Rule::Renju, 15).unwrap();
        let mut engine = Engine::new(Options::default());
        assert!(answer(&mut engine, &game, &Limits::nodes(1_000)).starts_with("ERROR"));
    }
}
