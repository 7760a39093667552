//! A match game's opening rule, played before the engines' moves. Between two `self`
//! engines each decision is taken by this program's engine in process, at the budget of
//! the engine whose seat decides (its `level` or `nodes`), any rule. With an engine of
//! another program, swap2 goes through the protocol's `SWAP2BOARD`: each process takes
//! its own decisions and the rules core referees them; the other rules have no Gomocup
//! command and need `self` engines.

use std::time::Duration;

use fiveinrow_engine::{Engine, Level, Limits, Options};
use fiveinrow_rules::opening::{Action, Opening, OpeningRule, Seat, Step, Swap2Choice};
use fiveinrow_rules::{Game, Pos, Rule};

use super::spec::EngineSpec;
use crate::manager::{EngineProcess, Swap2Answer};

/// Node budget of a decision when the spec sets none.
const DEFAULT_NODES: u64 = 50_000;

/// Whether every engine can take opening decisions (this program's brain).
pub fn all_self(engines: &[EngineSpec; 2]) -> bool {
    engines.iter().all(|e| e.args == ["gomocup"])
}

/// The node budget a spec's settings give one decision.
fn nodes_of(spec: &EngineSpec) -> u64 {
    for (k, v) in &spec.infos {
        match k.as_str() {
            "max_node" => return v.parse().unwrap_or(DEFAULT_NODES),
            "level" => {
                return v
                    .parse::<u8>()
                    .map_or(DEFAULT_NODES, |l| Level::new(l).params().nodes)
            }
            _ => {}
        }
    }
    DEFAULT_NODES
}

/// The engine index in `seat` when engine `first` opens.
fn engine_at(seat: Seat, first: usize) -> usize {
    if seat == Seat::First {
        first
    } else {
        1 - first
    }
}

/// The opening of one game, `first` being the engine index that opens.
pub struct Played {
    pub game: Game,
    /// The engine index that plays black after the opening.
    pub black: usize,
    /// The decisions (`Opening::record`).
    pub record: String,
}

/// Plays the opening rule to its end; the reason when an engine found no decision.
/// `seed` varies the opener's stones between rounds (see `decide_varied`).
pub fn play(
    rule: OpeningRule,
    board: Rule,
    size: u8,
    engines: &[EngineSpec; 2],
    first: usize,
    seed: u64,
) -> Result<Played, String> {
    let mut o = Opening::new(rule, board, size).ok_or_else(|| {
        format!(
            "the {} opening is not played under {}",
            rule.name(),
            board.name()
        )
    })?;
    let engine_of = |seat| engine_at(seat, first);
    let mut searchers = [
        Engine::new(Options {
            hash_mb: 16,
            ..Options::default()
        }),
        Engine::new(Options {
            hash_mb: 16,
            ..Options::default()
        }),
    ];
    while !o.is_done() {
        let e = engine_of(o.decider());
        let limits = Limits::nodes(nodes_of(&engines[e]));
        let action = fiveinrow_engine::opening::decide_varied(&mut searchers[e], &o, &limits, seed)
            .ok_or_else(|| format!("{} found no decision at {:?}", engines[e].name, o.step()))?;
        o.act(action)
            .map_err(|err| format!("{}: {err}", engines[e].name))?;
    }
    Ok(Played {
        game: o.game().clone(),
        black: engine_of(o.black_seat()),
        record: o.record(),
    })
}

/// Why a SWAP2BOARD opening ended the game: the engine at fault and what it did.
#[derive(Debug)]
pub struct Fault {
    pub engine: usize,
    pub reason: String,
}

/// Swap2 through SWAP2BOARD, engine `first` opening: it proposes three stones; the other
/// engine answers `SWAP`, the 4th stone, or two more stones; then, after two more, the
/// opener answers `SWAP` or the 6th stone. Every answer must come within `limit` and be
/// one the rules core's opening accepts; otherwise the engine that gave it loses.
pub fn play_swap2_board(
    board: Rule,
    size: u8,
    procs: &mut [Option<EngineProcess>],
    first: usize,
    limit: Duration,
) -> Result<Played, Fault> {
    let mut o = Opening::new(OpeningRule::Swap2, board, size).ok_or_else(|| Fault {
        engine: first,
        reason: format!("swap2 is not played under {}", board.name()),
    })?;
    let engine_of = |seat| engine_at(seat, first);
    let mut sixth: Option<Pos> = None;
    while !o.is_done() {
        let e = engine_of(o.decider());
        let fault = |reason: String| Fault { engine: e, reason };
        let proc = procs[e]
            .as_mut()
            .ok_or_else(|| fault("is not running".into()))?;
        let stones = o.game().moves();
        let answer = proc
            .swap2board(&stones, limit)
            .map_err(|f| fault(format!("SWAP2BOARD with {} stones: {f}", stones.len())))?;
        let actions = swap2_actions(&o, &answer.value, size)
            .map_err(|why| fault(format!("SWAP2BOARD with {} stones: {why}", stones.len())))?;
        for a in actions {
            if o.is_done() {
                // The opener kept white after five stones: its stone is the 6th move.
                if let Action::Place(p) = a {
                    sixth = Some(p);
                }
                break;
            }
            o.act(a.clone())
                .map_err(|err| fault(format!("{a:?} refused: {err}")))?;
        }
    }
    let mut game = o.game().clone();
    let black = engine_of(o.black_seat());
    if let Some(p) = sixth {
        game.play(p).map_err(|err| Fault {
            engine: 1 - black,
            reason: format!("the 6th stone is illegal: {err}"),
        })?;
    }
    Ok(Played {
        game,
        black,
        record: o.record(),
    })
}

/// The opening's decisions that a SWAP2BOARD answer stands for at `o`'s step.
fn swap2_actions(o: &Opening, answer: &Swap2Answer, size: u8) -> Result<Vec<Action>, String> {
    let place = |stones: &[(i64, i64)]| -> Result<Vec<Action>, String> {
        stones
            .iter()
            .map(|&(x, y)| {
                let on = |v: i64| u8::try_from(v).ok().filter(|&v| v < size);
                match (on(x), on(y)) {
                    (Some(x), Some(y)) => Pos::new(x, y)
                        .map(Action::Place)
                        .ok_or_else(|| format!("{x},{y} is off the board")),
                    _ => Err(format!("{x},{y} is off the board")),
                }
            })
            .collect()
    };
    Ok(match (o.step(), answer) {
        (Step::Place { .. }, Swap2Answer::Stones(s)) if s.len() == 3 => place(s)?,
        (Step::Swap2Choice, Swap2Answer::Swap) => vec![Action::Swap2(Swap2Choice::TakeBlack)],
        (Step::Swap2Choice, Swap2Answer::Stones(s)) if s.len() == 1 => {
            let mut a = vec![Action::Swap2(Swap2Choice::PlayWhite)];
            a.extend(place(s)?);
            a
        }
        (Step::Swap2Choice, Swap2Answer::Stones(s)) if s.len() == 2 => {
            let mut a = vec![Action::Swap2(Swap2Choice::PlaceTwo)];
            a.extend(place(s)?);
            a
        }
        (Step::ChooseColor, Swap2Answer::Swap) => vec![Action::Swap],
        (Step::ChooseColor, Swap2Answer::Stones(s)) if s.len() == 1 => {
            let mut a = vec![Action::Stay];
            a.extend(place(s)?);
            a
        }
        (step, answer) => return Err(format!("{answer:?} is no answer at {step:?}")),
    })
}
