//! Property tests over random legal games of every rule, on 15x15 and 20x20.

use crate::support::random_game::play_random;
use crate::support::reference::Grid;
use fiveinrow_rules::notation::{format_move_string, format_xy_list, parse_moves};
use fiveinrow_rules::record::{read_psq, read_sgf, write_psq, write_sgf};
use fiveinrow_rules::{Board, Color, Game, Pos, Record, Rule, Status};
use proptest::prelude::*;

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

fn size_strategy() -> impl Strategy<Value = u32> {
    prop_oneof![Just(15u32), Just(20u32)]
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 1..120)
}

proptest! {
    #![proptest_config(crate::support::seeded(64))]

    /// Undo restores position, hash and side to move exactly, move by move; redo replays.
    #[test]
    fn undo_restores_every_bit_and_redo_replays(rule in rule_strategy(), size in size_strategy(), ch in choices()) {
        let mut states: Vec<(Board, u64, Color, Status)> = Vec::new();
        let empty = Game::new(rule, size).unwrap();
        states.push((empty.board().clone(), empty.hash(), empty.to_move(), empty.status().clone()));
        let mut game = play_random(rule, size, &ch, |g| {
            states.push((g.board().clone(), g.hash(), g.to_move(), g.status().clone()));
        });
        let end = game.clone();
        let n = game.move_count();
        for k in (0..n).rev() {
            prop_assert_eq!(game.undo(1), 1);
            let (board, hash, side, status) = &states[k];
            prop_assert_eq!(game.board(), board);
            prop_assert_eq!(game.hash(), *hash);
            prop_assert_eq!(game.hash(), game.hash_from_scratch());
            prop_assert_eq!(game.to_move(), *side);
            prop_assert_eq!(game.status(), status);
            prop_assert_eq!(game.move_count(), k);
        }
        prop_assert_eq!(game.undo(1), 0);
        prop_assert_eq!(game.redo(usize::MAX), n);
        prop_assert_eq!(game.board(), end.board());
        prop_assert_eq!(game.hash(), end.hash());
        prop_assert_eq!(game.status(), end.status());
        prop_assert_eq!(game.moves(), end.moves());
    }

    /// The incremental hash equals one computed from scratch after every move.
    #[test]
    fn incremental_hash_equals_scratch(rule in rule_strategy(), size in size_strategy(), ch in choices()) {
        let mut seen = std::collections::HashMap::new();
        play_random(rule, size, &ch, |g| {
            assert_eq!(g.hash(), g.hash_from_scratch());
            assert_eq!(g.board().hash(), g.board().hash_from_scratch());
            // Distinct positions along one game get distinct hashes.
            assert!(seen.insert(g.hash(), g.move_count()).is_none());
        });
    }

    /// Win detection at the last move agrees with a plain full-board scan.
    #[test]
    fn win_detection_agrees_with_full_scan(rule in rule_strategy(), size in size_strategy(), ch in choices()) {
        play_random(rule, size, &ch, |g| {
            let winners = Grid::from_board(g.board()).winners(rule);
            match g.status() {
                Status::Won { winner, line } => {
                    assert!(!winners.is_empty(), "status says won, the scan finds no line");
                    assert!(winners.iter().all(|(c, _)| c == winner));
                    let cells: Vec<(i32, i32)> = line.iter().map(|p| (p.x() as i32, p.y() as i32)).collect();
                    assert!(winners.iter().any(|(_, l)| *l == cells), "line {cells:?} not in {winners:?}");
                    assert_eq!(Some(*winner), g.board().get(g.last_move().unwrap()));
                }
                Status::Draw => {
                    assert!(winners.is_empty());
                    // Full, or black to move under renju with every empty point forbidden.
                    let stuck = rule == Rule::Renju
                        && g.to_move() == Color::Black
                        && g.board().points().all(|q| {
                            g.board().get(q).is_some() || g.board().forbidden_kind(q).is_some()
                        });
                    assert!(g.board().is_full() || stuck);
                }
                Status::Ongoing if rule == Rule::Renju && g.to_move() == Color::Black => {
                    assert!(winners.is_empty());
                    assert!(g.board().points().any(|q| {
                        g.board().get(q).is_none() && g.board().forbidden_kind(q).is_none()
                    }), "black to move has no legal point, status says ongoing");
                }
                Status::Ongoing => assert!(winners.is_empty(), "scan finds {winners:?}, status says ongoing"),
            }
        });
    }

    /// A refused move changes nothing: occupied points, off-board points, forbidden points
    /// and any move after the end.
    #[test]
    fn refused_moves_change_nothing(rule in rule_strategy(), size in size_strategy(), ch in choices(), probes in prop::collection::vec((0i64..24, 0i64..24), 8)) {
        let mut game = play_random(rule, size, &ch, |_| {});
        for (x, y) in probes {
            let before = game.clone();
            if game.play_xy(x, y).is_err() {
                prop_assert_eq!(&game, &before);
            } else {
                game.undo(1);
            }
        }
        for &p in &game.moves() {
            let before = game.clone();
            prop_assert!(game.play(p).is_err());
            prop_assert_eq!(&game, &before);
        }
    }

    /// A game rebuilt from its move string, its x,y list, its SGF or its PSQ is identical;
    /// writing the read record again gives the same text.
    #[test]
    fn records_round_trip(rule in rule_strategy(), size in size_strategy(), ch in choices()) {
        let game = play_random(rule, size, &ch, |_| {});
        let moves = game.moves();
        let n = size as u8;
        for text in [format_move_string(&moves, n), format_xy_list(&moves)] {
            let parsed = parse_moves(&text, n).unwrap();
            prop_assert_eq!(&parsed, &moves);
            let rebuilt = Game::from_moves(rule, size, &parsed).unwrap();
            prop_assert_eq!(&rebuilt, &game);
        }
        let record = Record::from_game(&game);
        let sgf = write_sgf(&record);
        let back = read_sgf(&sgf).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(write_sgf(&back), sgf);
        prop_assert_eq!(&back.to_game().unwrap(), &game);
        let psq = write_psq(&record).unwrap();
        let back = read_psq(&psq, Rule::Freestyle).unwrap();
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(write_psq(&back).unwrap(), psq);
    }
}

proptest! {
    // The reference is slow: fewer games, each checked on every point every few moves.
    #![proptest_config(crate::support::seeded(24))]

    /// The fast forbidden check agrees with the word-by-word reference on every empty
    /// point of positions from random renju games.
    #[test]
    fn forbidden_check_agrees_with_reference_in_games(size in size_strategy(), ch in prop::collection::vec(any::<u16>(), 20..90)) {
        play_random(Rule::Renju, size, &ch, |g| {
            if g.move_count() % 3 == 0 {
                let fast = g.board().forbidden_points();
                let slow = Grid::from_board(g.board()).forbidden_points();
                assert_eq!(fast, slow, "\n{:?}", g.board());
            }
        });
    }

    /// The same on dense random set-ups (black-heavy clusters), where false threes,
    /// nested double-threes and one-line double-fours are far more common than in games.
    #[test]
    fn forbidden_check_agrees_with_reference_on_dense_setups(
        cells in prop::collection::vec((0u8..9, 0u8..9, 0u8..10), 10..45),
    ) {
        let mut board = Board::new(15);
        for (x, y, c) in cells {
            let p = Pos::new(x + 3, y + 3).unwrap();
            if board.get(p).is_none() {
                board.place_unchecked(p, if c < 7 { Color::Black } else { Color::White });
            }
        }
        let fast = board.forbidden_points();
        let slow = Grid::from_board(&board).forbidden_points();
        prop_assert_eq!(fast, slow, "\n{:?}", board);
    }
}
