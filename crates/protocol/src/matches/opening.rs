//! A match game's opening rule, played before the engines' moves: each decision is taken
//! by this program's engine in process, at the budget of the engine whose seat decides
//! (its `level` or `nodes`). Engines of other programs take no opening decisions here
//! (`SWAP2BOARD` is not wired into the runner yet), so a match with an opening rule needs
//! `self` engines on both sides.

use fiveinrow_engine::{Engine, Level, Limits, Options};
use fiveinrow_rules::opening::{Opening, OpeningRule, Seat};
use fiveinrow_rules::{Game, Rule};

use super::spec::EngineSpec;

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

/// The opening of one game, `first` being the engine index that opens.
pub struct Played {
    pub game: Game,
    /// The engine index that plays black after the opening.
    pub black: usize,
    /// The decisions (`Opening::record`).
    pub record: String,
}

/// Plays the opening rule to its end; the reason when an engine found no decision.
pub fn play(
    rule: OpeningRule,
    board: Rule,
    size: u8,
    engines: &[EngineSpec; 2],
    first: usize,
) -> Result<Played, String> {
    let mut o = Opening::new(rule, board, size).ok_or_else(|| {
        format!(
            "the {} opening is not played under {}",
            rule.name(),
            board.name()
        )
    })?;
    let engine_of = |seat: Seat| {
        if seat == Seat::First {
            first
        } else {
            1 - first
        }
    };
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
        let action = fiveinrow_engine::opening::decide(&mut searchers[e], &o, &limits)
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
