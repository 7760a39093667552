//! POSITION arguments: a move string (`h8i9`) or an `x,y` list, black first, replayed
//! through the rules core so that only legal games are accepted.

use anyhow::{bail, Context, Result};
use clap::Args;
use fiveinrow_rules::notation::{parse_moves, to_human};
use fiveinrow_rules::{check_size, Game, Rule, Status};

/// `--rule` and `--size`, shared by the commands that take a position.
#[derive(Args, Clone, Debug)]
pub struct RuleArgs {
    /// freestyle, standard or renju
    #[arg(long, default_value = "renju", value_parser = parse_rule)]
    pub rule: Rule,
    /// Board size, 5 to 22
    #[arg(long, default_value_t = 15, value_parser = parse_size)]
    pub size: u8,
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    s.parse()
        .map_err(|e: fiveinrow_rules::ValueError| e.to_string())
}

fn parse_size(s: &str) -> Result<u8, String> {
    let n: u32 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    check_size(n).map_err(|e| e.to_string())
}

/// Replays a position given as text. A game that has already been won is refused too:
/// it has no next move to judge.
pub fn replay(text: &str, rules: &RuleArgs) -> Result<Game> {
    let moves = parse_moves(text, rules.size).context("bad position")?;
    let game =
        Game::from_moves(rules.rule, rules.size.into(), &moves).context("not a legal game")?;
    if let Status::Won { winner, line } = game.status() {
        let cells: Vec<String> = line.iter().map(|&p| to_human(p, rules.size)).collect();
        bail!(
            "not a legal game: {winner} has already won ({})",
            cells.join(" ")
        );
    }
    Ok(game)
}
