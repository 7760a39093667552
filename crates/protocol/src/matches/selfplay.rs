//! Engine-vs-engine games in one process (tests, tuning): every move goes through the
//! rules core, so an illegal move is caught as a loss for the side that made it. Scores
//! and Elo come from [`super::stats`], as for matches between processes.

use std::sync::atomic::AtomicBool;

use fiveinrow_engine::{Engine, Limits};
use fiveinrow_rules::{Color, Game, Pos, Rule, Status};

/// How a game ended, from black's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    /// `Color` tried an illegal move (a bug): it loses.
    Illegal(Color, String),
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
        // As the referee: black without a legal point (renju, nearly full board) draws.
        if game.legal_moves().is_empty() {
            return (Outcome::Draw, game);
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
