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

/// Elo difference and its 95% error bar from wins, draws and losses (of the first side).
pub fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let to_elo = |s: f64| {
        let s = s.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    // Variance of one game's result around the mean score.
    let var = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(draws) * (0.5 - score).powi(2)
        + f64::from(losses) * score.powi(2))
        / n;
    let margin = 1.96 * (var / n).sqrt();
    let e = to_elo(score);
    let err = (to_elo(score + margin) - to_elo(score - margin)) / 2.0;
    (e, err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_winning_scores() {
        assert_eq!(elo(5, 0, 5).0.round(), 0.0);
        let (e, err) = elo(75, 0, 25);
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(err > 50.0 && err < 100.0, "{err}");
    }

    #[test]
    fn offset_openings() {
        let o = parse_offset_opening("0,0, 1,0, -1,3", 15).unwrap();
        assert_eq!(
            o,
            vec![Pos { x: 7, y: 7 }, Pos { x: 8, y: 7 }, Pos { x: 6, y: 10 }]
        );
        assert!(parse_offset_opening("0,0, 1", 15).is_none());
        assert!(parse_offset_opening("9,9", 15).is_none());
    }
}
