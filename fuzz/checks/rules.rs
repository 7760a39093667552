// Random move sequences (including refused ones) on every rule: a refused move leaves
// the game identical; the incremental hash equals one from scratch; the engine's
// pattern board agrees with the rules core on legality and equals its own rebuild.
// Shared by the fuzz target and the regression test that replays fuzz/regressions.

use fiveinrow_engine::consistency::Mirror;
use fiveinrow_rules::{Game, Rule};

/// Runs the checks on one input; panics on a violation.
pub fn check(data: &[u8]) {
    if data.len() < 2 {
        return;
    }
    let rule = Rule::ALL[data[0] as usize % 3];
    let size = 5 + u32::from(data[1] % 18);
    let mut game = Game::new(rule, size).expect("size in range");
    let mut board = Mirror::new(rule, size as u8);
    for chunk in data[2..].chunks(2) {
        if chunk.len() < 2 {
            break;
        }
        let (x, y) = (i64::from(chunk[0] % 24) - 1, i64::from(chunk[1] % 24) - 1);
        if chunk[0] == 255 {
            if game.undo(1) == 1 {
                board.undo();
            }
            continue;
        }
        let before = game.clone();
        match game.play_xy(x, y) {
            Ok(_) => {
                let p = game.last_move().expect("just played");
                if let Err(e) = board.play(p) {
                    panic!("engine board refuses a legal move: {e}");
                }
            }
            Err(_) => {
                assert_eq!(game, before, "a refused move changed the game");
                if let Some(p) = fiveinrow_rules::Pos::on_board(x, y, size as u8) {
                    if !game.is_over() && game.board().get(p).is_none() {
                        assert!(!board.is_legal(p), "engine board accepts a refused move");
                    }
                }
            }
        }
        assert_eq!(game.hash(), game.hash_from_scratch());
        assert_eq!(board.hash(), game.hash());
    }
    if let Err(e) = board.check() {
        panic!("engine board differs from its rebuild: {e}");
    }
}
