//! The incremental pattern board equals a from-scratch rebuild after every make and
//! undo, and agrees with the rules core on legality and wins.

use fiveinrow_engine::board::{index, pos, Board};
use fiveinrow_rules::{Game, Pos, Rule};
use proptest::prelude::*;

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

#[test]
fn layout_matches_the_rules_crate() {
    let a = index(Pos { x: 0, y: 0 });
    assert_eq!(index(Pos { x: 0, y: 1 }) - a, 32);
    assert_eq!(pos(index(Pos { x: 21, y: 21 })), Pos { x: 21, y: 21 });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn incremental_state_equals_rebuild(rule in rule(), big in any::<bool>(), choices in prop::collection::vec(any::<u16>(), 1..70)) {
        let size = if big { 20 } else { 15 };
        let mut game = Game::new(rule, size).unwrap();
        let mut board = Board::new(rule, size as u8);
        for c in choices {
            if game.is_over() {
                break;
            }
            // Moves near the stones, so shapes form.
            let legal: Vec<Pos> = game.legal_moves().into_iter()
                .filter(|&p| game.board().stone_count() == 0 || board.near(index(p)) > 0)
                .collect();
            if legal.is_empty() {
                break;
            }
            let p = legal[c as usize % legal.len()];
            // The engine's legality agrees with the rules core on every empty point.
            for q in game.board().points() {
                if game.board().get(q).is_none() {
                    prop_assert_eq!(board.is_legal(index(q)), game.check(q).is_ok(), "at {}", q);
                }
            }
            game.play(p).unwrap();
            board.make(index(p));
            board.debug_check();
            prop_assert_eq!(board.hash(), game.hash());
            prop_assert_eq!(board.last_move_won(), game.is_over() && game.status().winner().is_some());
        }
        // Undo all the way back, checking each step.
        while board.ply() > 0 {
            board.undo();
            game.undo(1);
            board.debug_check();
            prop_assert_eq!(board.hash(), game.hash());
        }
    }
}
