//! Random legal games, focused around the stones so that real shapes (threes, fours,
//! forbidden points) appear often. Driven by a list of choices so proptest can shrink.

use fiveinrow_rules::{Game, Pos, Rule};

/// Empty points within distance 2 of a stone (the centre on an empty board).
pub fn candidates(game: &Game) -> Vec<Pos> {
    let b = game.board();
    let n = b.size() as i64;
    if b.stone_count() == 0 {
        return vec![Pos::new((n / 2) as u8, (n / 2) as u8).unwrap()];
    }
    b.points()
        .filter(|&p| b.get(p).is_none())
        .filter(|&p| {
            (-2..=2i64).any(|dy| {
                (-2..=2i64).any(|dx| {
                    Pos::on_board(p.x() as i64 + dx, p.y() as i64 + dy, b.size())
                        .is_some_and(|q| b.get(q).is_some())
                })
            })
        })
        .collect()
}

/// Plays one move per choice (choice modulo the legal candidates) until the game ends
/// or the choices run out. Calls `each` after every move.
pub fn play_random(rule: Rule, size: u32, choices: &[u16], mut each: impl FnMut(&Game)) -> Game {
    let mut game = Game::new(rule, size).expect("valid size");
    for &c in choices {
        if game.is_over() {
            break;
        }
        let legal: Vec<Pos> = candidates(&game)
            .into_iter()
            .filter(|&p| game.check(p).is_ok())
            .collect();
        let moves = if legal.is_empty() {
            game.legal_moves()
        } else {
            legal
        };
        if moves.is_empty() {
            break;
        }
        let p = moves[c as usize % moves.len()];
        game.play(p).expect("a legal move is played");
        each(&game);
    }
    game
}
