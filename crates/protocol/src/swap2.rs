//! The swap2 opening (SWAP2BOARD): propose three stones, or choose a colour / add
//! stones, from the engine's evaluation of the position with white to move.

use fiveinrow_engine::{Score, SearchResult};
use fiveinrow_rules::Game;

use crate::brain::Output;
use crate::error::ProtocolError;

/// Which decision SWAP2BOARD asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swap2Step {
    /// No stones: propose three (black, white, black).
    Propose,
    /// Three stones: SWAP (we take black) or the fourth stone (we play white).
    AfterThree,
    /// Five stones: SWAP (we take black) or the sixth stone (we play white).
    AfterFive,
}

/// White is worth keeping unless its evaluation is below this.
const SWAP_BELOW: i32 = -60;

/// Three opening stones around the centre: a near-balanced shape of the freestyle
/// opening set (centre, its right neighbour, and a black stone three rows down).
pub fn proposal(size: u8) -> String {
    let c = i64::from(size / 2);
    format!("{},{} {},{} {},{}", c, c, c + 1, c, c + 1, c + 3)
}

/// The answer to the step from a search of the position (white to move).
pub fn decide(
    step: Swap2Step,
    game: &Game,
    result: Result<SearchResult, ProtocolError>,
) -> Vec<Output> {
    let r = match result {
        Ok(r) => r,
        Err(e) => return vec![Output::Line(format!("ERROR {e}"))],
    };
    let white_ok = match r.score {
        Score::Eval(v) => v >= SWAP_BELOW,
        Score::WinIn(_) => true,
        Score::LossIn(_) => false,
    };
    let legal = game.check(r.best).is_ok();
    let answer = match step {
        Swap2Step::Propose => proposal(game.size()),
        Swap2Step::AfterThree | Swap2Step::AfterFive if white_ok && legal => r.best.to_string(),
        _ => "SWAP".to_string(),
    };
    vec![Output::Line(answer)]
}
