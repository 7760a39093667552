//! The incremental pattern board equals a from-scratch rebuild after every make and
//! undo, agrees with the rules core on legality and wins, and reads the rules crate's
//! line codes.

use fiveinrow_rules::layout::{index, pos_of as pos, DIR_STEP};
use fiveinrow_rules::{line_code, Color, Game, Pos, Rule};
use proptest::prelude::*;

use super::PatternBoard as Board;
use crate::bench::{game_of, POSITIONS};

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

#[test]
fn layout_matches_the_rules_crate() {
    let a = index(Pos::new(0, 0).unwrap());
    assert_eq!(index(Pos::new(0, 1).unwrap()) - a, 32);
    assert_eq!(
        pos(index(Pos::new(21, 21).unwrap())),
        Pos::new(21, 21).unwrap()
    );
}

/// The packed line codes the board keeps equal the rules crate's reading of its cells,
/// for both colours, on every empty point of every bench position.
#[test]
fn line_codes_are_the_rules_crate_codes() {
    for &position in POSITIONS {
        let game = game_of(position).expect("a bench position");
        let board = Board::from_game(&game);
        let cells = board.rules_board.cells();
        for i in board.empty_cells() {
            for (d, &step) in DIR_STEP.iter().enumerate() {
                let key = board.state[i].keys[d];
                let black = line_code::read(cells, i, step, Color::Black);
                let white = line_code::read(cells, i, step, Color::White);
                assert_eq!(
                    (key & 0xFFFF) as usize,
                    black,
                    "black at {} dir {d}",
                    pos(i)
                );
                assert_eq!((key >> 16) as usize, white, "white at {} dir {d}", pos(i));
            }
        }
    }
}

proptest! {
    #![proptest_config(fiveinrow_testkit::seeded(48))]

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
            let predicted = board.hash_after(index(p));
            game.play(p).unwrap();
            board.make(index(p));
            board.debug_check();
            prop_assert_eq!(board.hash(), game.hash());
            prop_assert_eq!(predicted, game.hash(), "hash_after");
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
