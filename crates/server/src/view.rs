//! What the page is sent: a game's whole state as JSON, and the engine's progress.
//! Everything here is read from the rules core and the engine, never recomputed.

use fiveinrow_engine::{Info, Score};
use fiveinrow_rules::notation::{format_move_string, to_human};
use fiveinrow_rules::{Color, Pos, Status};
use serde_json::{json, Value};

use crate::model::GameEntry;

pub fn point(p: Pos, size: u8) -> Value {
    json!({ "x": p.x, "y": p.y, "name": to_human(p, size) })
}

fn points(ps: &[Pos], size: u8) -> Vec<Value> {
    ps.iter().map(|&p| point(p, size)).collect()
}

/// The whole state of a game. `thinking` names the search running now, if any.
pub fn game_view(e: &GameEntry, thinking: Option<&str>) -> Value {
    let g = &e.game;
    let size = g.size();
    let setup: Vec<Value> = g
        .setup()
        .iter()
        .map(|&(p, c)| {
            let mut v = point(p, size);
            v["color"] = json!(c.name());
            v
        })
        .collect();
    let win_line = match g.status() {
        Status::Won { line, .. } if e.resigned.is_none() => points(line, size),
        _ => Vec::new(),
    };
    let forbidden: Vec<Value> = g
        .forbidden_points()
        .into_iter()
        .map(|(p, kind)| {
            let mut v = point(p, size);
            v["kind"] = json!(kind.name());
            v
        })
        .collect();
    let status = if e.resigned.is_some() {
        "resigned"
    } else {
        match g.status() {
            Status::Ongoing => "ongoing",
            Status::Won { .. } => "won",
            Status::Draw => "draw",
        }
    };
    json!({
        "id": e.id,
        "rule": g.rule().name(),
        "size": size,
        "mode": e.players.mode(),
        "players": { "black": e.players.black.name(), "white": e.players.white.name() },
        "level": e.settings.level,
        "think_delay": e.settings.think_delay,
        "setup": setup,
        "first_to_move": g.first_to_move().name(),
        "moves": points(&g.moves(), size),
        "move_string": format_move_string(&g.moves(), size),
        "redo": points(&g.redo_moves(), size),
        "to_move": g.to_move().name(),
        "player_to_move": e.player_to_move().name(),
        "status": status,
        "over": e.is_over(),
        "winner": e.winner().map(Color::name),
        "resigned": e.resigned.map(Color::name),
        "result": e.result(),
        "win_line": win_line,
        "forbidden": forbidden,
        "thinking": thinking,
        "created_at": e.created_at,
        "updated_at": e.updated_at,
    })
}

/// A score for people: the engine's words and a 0..1 chance of winning for the side
/// to move (a logistic curve over the evaluation; certain for a proven result).
pub fn score(s: Score) -> Value {
    match s {
        Score::Eval(v) => json!({
            "kind": "eval", "value": v, "text": s.to_string(),
            "winrate": 1.0 / (1.0 + (-f64::from(v) / 300.0).exp()),
        }),
        Score::WinIn(n) => {
            json!({ "kind": "win", "value": n, "text": s.to_string(), "winrate": 1.0 })
        }
        Score::LossIn(n) => {
            json!({ "kind": "loss", "value": n, "text": s.to_string(), "winrate": 0.0 })
        }
    }
}

/// One progress report of a search, for the side `mover` (whose view the score takes).
pub fn info(i: &Info, kind: &str, mover: Color, size: u8) -> Value {
    json!({
        "type": "info",
        "kind": kind,
        "for": mover.name(),
        "depth": i.depth,
        "seldepth": i.seldepth,
        "multipv": i.multipv,
        "score": score(i.score),
        "nodes": i.nodes,
        "nps": i.nps,
        "time_ms": i.time_ms,
        "pv": points(&i.pv, size),
    })
}
