//! Engine-vs-engine games in one process (tests, tuning): every move goes through the
//! rules core, so an illegal move is caught as a loss for the side that made it.

use std::sync::atomic::AtomicBool;

use fiveinrow_rules::{Color, Game, Pos, Rule, Status};

use crate::engine::Engine;
use crate::limits::Limits;

/// How a game ended, from black's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    /// `Color` tried an illegal move (a bug): it loses.
    Illegal(Color, String),
}

/// Parses one line of an offset opening file (`dx,dy, dx,dy, ...` from the centre).
pub fn parse_offset_opening(line: &str, size: u8) -> Option<Vec<Pos>> {
    let nums: Vec<i64> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    if !nums.len().is_multiple_of(2) || nums.is_empty() {
        return None;
    }
    let c = i64::from(size / 2);
    nums.chunks(2)
        .map(|p| Pos::on_board(c + p[0], c + p[1], size))
        .collect()
}

/// Plays one game from `opening` (moves already made), `black` and `white` moving in
/// turn under `limits` per move.
pub fn play_game(
    rule: Rule,
    size: u8,
    opening: &[Pos],
    black: &mut Engine,
    white: &mut Engine,
    limits: &Limits,
) -> (Outcome, Game) {
    let mut game = match Game::from_moves(rule, size.into(), opening) {
        Ok(g) => g,
        Err(e) => {
            return (
                Outcome::Illegal(Color::Black, format!("opening: {e}")),
                Game::default(),
            )
        }
    };
    let stop = AtomicBool::new(false);
    loop {
        match game.status() {
            Status::Won { winner, .. } => return (Outcome::Win(*winner), game),
            Status::Draw => return (Outcome::Draw, game),
            Status::Ongoing => {}
        }
        let mover = game.to_move();
        let engine = if mover == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let result = match engine.search(&game, limits, &stop, &mut |_| {}) {
            Ok(r) => r,
            Err(e) => return (Outcome::Illegal(mover, e.to_string()), game),
        };
        if let Err(e) = game.play(result.best) {
            return (
                Outcome::Illegal(mover, format!("{}: {e}", result.best)),
                game,
            );
        }
    }
}
