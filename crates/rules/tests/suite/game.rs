//! The game model: answers of `play`, undo/redo, set-up positions, draws.

use fiveinrow_rules::notation::{parse_human, parse_moves};
use fiveinrow_rules::{Color, ForbiddenKind, Game, MoveError, Pos, Rule, SetupError, Status};

fn p(s: &str) -> Pos {
    parse_human(s, 15).unwrap()
}

fn game(rule: Rule, moves: &str) -> Game {
    Game::from_moves(rule, 15, &parse_moves(moves, 15).unwrap()).unwrap()
}

#[test]
fn win_returns_the_five_cells() {
    let mut g = game(Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4");
    let s = g.play(p("l8")).unwrap();
    assert_eq!(
        s,
        Status::Won {
            winner: Color::Black,
            line: ["h8", "i8", "j8", "k8", "l8"].map(p).to_vec()
        }
    );
    assert_eq!(g.play(p("m8")), Err(MoveError::GameOver));
    assert_eq!(g.play(p("h8")), Err(MoveError::Occupied { pos: p("h8") }));
}

#[test]
fn refusals_say_why_and_change_nothing() {
    let mut g = game(Rule::Renju, "h8 a1");
    let before = g.clone();
    assert_eq!(
        g.play_xy(15, 3),
        Err(MoveError::OutOfBoard {
            x: 15,
            y: 3,
            size: 15
        })
    );
    assert_eq!(
        g.play_xy(-1, 3),
        Err(MoveError::OutOfBoard {
            x: -1,
            y: 3,
            size: 15
        })
    );
    assert_eq!(
        g.play(Pos::new(21, 0).unwrap()),
        Err(MoveError::OutOfBoard {
            x: 21,
            y: 0,
            size: 15
        })
    );
    assert_eq!(g.play(p("a1")), Err(MoveError::Occupied { pos: p("a1") }));
    assert_eq!(g, before);
}

#[test]
fn renju_refuses_forbidden_black_moves_with_their_kind() {
    // Black: h8 i9 h10 g9 around the centre i.. a double-three at h9 (classic cross).
    let mut g = game(Rule::Renju, "g8 a1 i8 a3 h7 a5 h9 a7");
    let before = g.clone();
    assert_eq!(
        g.play(p("h8")),
        Err(MoveError::Forbidden {
            pos: p("h8"),
            kind: ForbiddenKind::DoubleThree
        })
    );
    assert_eq!(g, before);
    assert_eq!(
        g.forbidden_points(),
        vec![(p("h8"), ForbiddenKind::DoubleThree)]
    );
    // White may play there.
    g.play(p("b2")).unwrap();
    assert!(g.play(p("c3")).is_ok());
    g.undo(2);
    // Under freestyle the same point is fine.
    let mut free = game(Rule::Freestyle, "g8 a1 i8 a3 h7 a5 h9 a7");
    assert_eq!(free.play(p("h8")), Ok(Status::Ongoing));
    assert!(free.forbidden_points().is_empty());
}

#[test]
fn renju_overline_is_forbidden_for_black_and_wins_for_white() {
    let mut g = game(Rule::Renju, "a8 a1 b8 a2 c8 a3 e8 o1 f8 o2");
    assert_eq!(
        g.play(p("d8")),
        Err(MoveError::Forbidden {
            pos: p("d8"),
            kind: ForbiddenKind::Overline
        })
    );
    let mut g = game(Rule::Renju, "h8 a8 h9 b8 h10 c8 h12 e8 h13 f8 o1");
    let s = g.play(p("d8")).unwrap();
    assert_eq!(s.winner(), Some(Color::White));
    if let Status::Won { line, .. } = s {
        assert_eq!(line.len(), 6);
    }
}

#[test]
fn standard_overline_is_neither_win_nor_forbidden() {
    let mut g = game(Rule::Standard, "a8 a1 b8 a2 c8 a3 e8 o1 f8 o2");
    assert_eq!(g.play(p("d8")), Ok(Status::Ongoing));
    let mut g = game(Rule::Freestyle, "a8 a1 b8 a2 c8 a3 e8 o1 f8 o2");
    assert_eq!(g.play(p("d8")).unwrap().winner(), Some(Color::Black));
}

#[test]
fn renju_five_wins_first_even_when_it_is_also_a_double_four() {
    // d8 makes an exact five in the row (b8 c8 _ e8 f8) and fours in the column
    // (d9 d10 d11) and the diagonal (e9 f10 g11).
    let moves = "b8 a1 c8 a3 e8 a5 f8 a7 d9 a9 d10 a11 d11 a13 e9 o1 f10 o3 g11 o5";
    let mut g = game(Rule::Renju, moves);
    // Without the row's five, d8 would be a double-four.
    let mut no_five = g.board().clone();
    no_five.remove_unchecked(p("f8"));
    assert_eq!(
        no_five.forbidden_kind(p("d8")),
        Some(ForbiddenKind::DoubleFour)
    );
    assert_eq!(g.board().forbidden_kind(p("d8")), None);
    let s = g.play(p("d8")).unwrap();
    assert_eq!(s.winner(), Some(Color::Black));
}

#[test]
fn full_board_is_a_draw() {
    // 5x5, columns filled in the pattern BBWWB / WWBBW alternating so no line has five.
    let mut g = Game::new(Rule::Freestyle, 5).unwrap();
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            let q = Pos::new(x as u8, y as u8).unwrap();
            if c == 'X' {
                black.push(q)
            } else {
                white.push(q)
            }
        }
    }
    // Interleave black and white moves; the last one (black, 13th) fills the board.
    let mut last = Status::Ongoing;
    for i in 0..13 {
        last = g.play(black[i]).unwrap();
        if i < 12 {
            assert_eq!(g.play(white[i]), Ok(Status::Ongoing));
        }
    }
    assert_eq!(last, Status::Draw);
    assert!(g.is_over());
    assert_eq!(g.undo(1), 1);
    assert_eq!(g.status(), &Status::Ongoing);
}

/// A 9x9 position from a computer-against-computer renju game: two empty points, f1 and
/// f4, where f4 is forbidden for black; `f1` says whether f1 holds white's stone.
fn nearly_full_9x9(rule: Rule, to_move: Color, f1: bool) -> Result<Game, SetupError> {
    // Row 9 first (y = 0 is the top row); `.` is empty, `f` is f1.
    let rows = [
        "XXOOOOXOX",
        "OOXOOXXOX",
        "XXXXOXXXO",
        "XOOOOXOXX",
        "OOOOXXXOO",
        "XOOXO.XOO",
        "XXOOOXOXX",
        "OXXXXOOXX",
        "XOXOXfOXO",
    ];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (row, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            let q = Pos::new(x as u8, row as u8).unwrap();
            match c {
                'X' => black.push(q),
                'O' => white.push(q),
                'f' if f1 => white.push(q),
                _ => {}
            }
        }
    }
    Game::from_setup(rule, 9, &black, &white, Some(to_move))
}

#[test]
fn renju_black_with_only_forbidden_points_left_is_a_draw() {
    let (f1, f4) = (parse_human("f1", 9).unwrap(), parse_human("f4", 9).unwrap());
    let mut g = nearly_full_9x9(Rule::Renju, Color::White, false).unwrap();
    assert!(g.board().forbidden_kind(f4).is_some());
    assert_eq!(g.board().forbidden_kind(f1), None);
    assert_eq!(g.status(), &Status::Ongoing);
    // White fills f1: black's only point left is forbidden, so nothing can be played.
    assert_eq!(g.play(f1), Ok(Status::Draw));
    assert!(g.is_over());
    assert!(g.legal_moves().is_empty());
    assert!(!g.board().is_full());
    assert_eq!(g.undo(1), 1);
    assert_eq!(g.status(), &Status::Ongoing);
    // White filling f4 instead leaves black f1: the game goes on.
    assert_eq!(g.play(f4), Ok(Status::Ongoing));
    assert_eq!(g.legal_moves(), vec![f1]);
    // Set up with black to move and only f4 left: a draw from the start.
    let stuck = nearly_full_9x9(Rule::Renju, Color::Black, true).unwrap();
    assert_eq!(stuck.status(), &Status::Draw);
    // White to move there, or under freestyle, f4 is playable: the game goes on.
    for (rule, to_move) in [(Rule::Renju, Color::White), (Rule::Freestyle, Color::Black)] {
        let g = nearly_full_9x9(rule, to_move, true).unwrap();
        assert_eq!(g.status(), &Status::Ongoing, "{rule:?} {to_move:?}");
        assert_eq!(g.legal_moves(), vec![f4]);
    }
}

#[test]
fn undo_many_and_redo_until_a_new_move() {
    let mut g = game(Rule::Freestyle, "h8 i9 j10 k11 l12");
    assert_eq!(g.undo(3), 3);
    assert_eq!(g.move_count(), 2);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.redo_moves(), vec![p("j10"), p("k11"), p("l12")]);
    assert_eq!(g.redo(1), 1);
    assert_eq!(g.last_move(), Some(p("j10")));
    // Playing the move redo would play keeps the rest of the redo list.
    g.play(p("k11")).unwrap();
    assert_eq!(g.redo_len(), 1);
    // A different move ends it.
    g.play(p("a1")).unwrap();
    assert_eq!(g.redo_len(), 0);
    assert_eq!(g.redo(5), 0);
    assert_eq!(g.undo(100), 5);
    assert_eq!(g.move_count(), 0);
}

#[test]
fn setups_are_checked() {
    let b = [Pos::new(7, 7).unwrap(), Pos::new(8, 8).unwrap()];
    let w = [Pos::new(7, 8).unwrap()];
    let g = Game::from_setup(Rule::Renju, 15, &b, &w, None).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().stone_count(), 3);
    assert_eq!(
        Game::from_setup(Rule::Renju, 15, &b, &[Pos::new(7, 7).unwrap()], None),
        Err(SetupError::Overlap {
            pos: Pos::new(7, 7).unwrap()
        })
    );
    assert!(matches!(
        Game::from_setup(Rule::Renju, 15, &[Pos::new(15, 0).unwrap()], &[], None),
        Err(SetupError::OutOfBoard { .. })
    ));
    assert_eq!(
        Game::from_setup(Rule::Renju, 15, &b, &[], None),
        Err(SetupError::CannotInferSide { black: 2, white: 0 })
    );
    let g = Game::from_setup(Rule::Renju, 15, &b, &[], Some(Color::Black)).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(
        Game::from_setup(Rule::Renju, 4, &[], &[], None),
        Err(SetupError::BadSize(4))
    );
    assert!(Game::new(Rule::Renju, 23).is_err());
    // A set-up with a five starts won; undo cannot take the set-up back.
    let five: Vec<Pos> = (0..5).map(|x| Pos::new(x, 0).unwrap()).collect();
    let mut g = Game::from_setup(Rule::Freestyle, 15, &five, &[], Some(Color::White)).unwrap();
    assert_eq!(g.status().winner(), Some(Color::Black));
    assert_eq!(g.play(p("h8")), Err(MoveError::GameOver));
    assert_eq!(g.undo(1), 0);
    // Black's overline in a renju set-up is no win.
    let six: Vec<Pos> = (0..6).map(|x| Pos::new(x, 0).unwrap()).collect();
    let g = Game::from_setup(Rule::Renju, 15, &six, &[], Some(Color::White)).unwrap();
    assert_eq!(g.status(), &Status::Ongoing);
}

#[test]
fn forbidden_points_do_not_depend_on_the_side_to_move() {
    let black_to_move = game(Rule::Renju, "g8 a1 i8 a3 h7 a5 h9 a7");
    let white_to_move = game(Rule::Renju, "g8 a1 i8 a3 h7 a5 h9 a7 o15");
    assert_eq!(
        black_to_move.forbidden_points(),
        white_to_move.forbidden_points()
    );
}

#[test]
fn hash_depends_on_side_to_move() {
    let b = [Pos::new(7, 7).unwrap()];
    let w = [Pos::new(8, 8).unwrap()];
    let a = Game::from_setup(Rule::Renju, 15, &b, &w, Some(Color::Black)).unwrap();
    let c = Game::from_setup(Rule::Renju, 15, &b, &w, Some(Color::White)).unwrap();
    assert_ne!(a.hash(), c.hash());
    assert_eq!(a.board().hash(), c.board().hash());
}
