//! `fiveinrow show POSITION`: the board drawn in the terminal.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::board_view::draw;
use crate::position::{replay, RuleArgs};
use fiveinrow_rules::notation::parse_moves;
use fiveinrow_rules::Game;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Moves as a move string (h8i9j10) or an x,y list (7,7 8,6), black first
    #[arg(default_value = "")]
    position: String,
    #[command(flatten)]
    rules: RuleArgs,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    // A finished game can be shown (with its winning line); only illegal ones are refused.
    let game = match replay(&args.position, &args.rules) {
        Ok(g) => g,
        Err(e) => {
            let moves = parse_moves(&args.position, args.rules.size)?;
            match Game::from_moves(args.rules.rule, args.rules.size.into(), &moves) {
                Ok(g) if g.is_over() => g,
                _ => return Err(e),
            }
        }
    };
    write!(io::stdout(), "{}", draw(&game))?;
    Ok(ExitCode::SUCCESS)
}
