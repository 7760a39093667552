//! A game's searches on one engine start from the tables the last one learnt
//! (`SearchParams::carry_history`, `carry_corr`): only where the position goes on from
//! the last one, never after `Engine::clear`, and the same way every time.

use std::sync::atomic::AtomicBool;

use fiveinrow_engine::{Engine, Limits, Options, SearchParams, SearchResult};
use fiveinrow_rules::notation::parse_moves;
use fiveinrow_rules::{Game, Rule};

fn engine(carry: bool) -> Engine {
    let mut params = SearchParams::default();
    if carry {
        params.set("carry_history", "50").unwrap();
        params.set("carry_corr", "100").unwrap();
    } else {
        params.set("carry_history", "0").unwrap();
        params.set("carry_corr", "0").unwrap();
    }
    Engine::new(Options {
        hash_mb: 8,
        params,
        ..Options::default()
    })
}

fn search(e: &mut Engine, g: &Game) -> SearchResult {
    let stop = AtomicBool::new(false);
    e.search(g, &Limits::depth(7), &stop, &mut |_| {}).unwrap()
}

/// The engine plays both sides for `plies` moves from `opening`: its moves and their
/// node counts.
fn self_play(e: &mut Engine, rule: Rule, opening: &str, plies: usize) -> Vec<(String, u64)> {
    let mut g = Game::from_moves(rule, 15, &parse_moves(opening, 15).unwrap()).unwrap();
    let mut out = Vec::new();
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let r = search(e, &g);
        g.play(r.best).unwrap();
        out.push((r.best.to_string(), r.nodes));
    }
    out
}

#[test]
fn a_game_carries_its_tables_the_same_way_every_time() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let opening = "h8 i9 g9 h10";
        let carried = self_play(&mut engine(true), rule, opening, 8);
        assert_eq!(
            carried,
            self_play(&mut engine(true), rule, opening, 8),
            "{rule}"
        );
        // The carried tables change the later searches (the first starts fresh).
        let fresh = self_play(&mut engine(false), rule, opening, 8);
        assert_eq!(carried[0], fresh[0], "{rule}");
        assert_ne!(carried, fresh, "{rule}");
    }
}

#[test]
fn a_new_game_or_another_position_starts_afresh() {
    let game =
        |moves: &str| Game::from_moves(Rule::Renju, 15, &parse_moves(moves, 15).unwrap()).unwrap();
    let first = game("h8 i9 g9 h10");
    let next = game("h8 i9 g9 h10 g10 g8");
    let elsewhere = game("d4 e5 c5 d6");
    let alone = search(&mut engine(true), &next).nodes;
    let mut e = engine(true);
    search(&mut e, &first);
    let went_on = search(&mut e, &next).nodes;
    assert_ne!(went_on, alone);
    // Cleared (a new game): as a fresh engine.
    let mut e = engine(true);
    search(&mut e, &first);
    e.clear();
    assert_eq!(search(&mut e, &next).nodes, alone);
    // Carrying is on, but a position that does not go on from the last search's gets
    // nothing from it: the same search as on an engine that carries nothing.
    let mut on = engine(true);
    let mut off = engine(false);
    for e in [&mut on, &mut off] {
        search(e, &first);
    }
    assert_eq!(
        search(&mut on, &elsewhere).nodes,
        search(&mut off, &elsewhere).nodes
    );
}
