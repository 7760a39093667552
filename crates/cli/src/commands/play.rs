//! `fiveinrow play`: a game in the terminal against the computer or another person, or
//! between two computers. In a terminal it is the full-screen game of `crate::tui`;
//! when the input is not a terminal (a script, a pipe) it reads one command per line.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Result};
use fiveinrow_engine::Level;
use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::Rule;

use crate::position::RuleArgs;
use crate::tui::{self, Seat, Settings};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    rules: RuleArgs,
    /// Who plays black: person or computer [default: person]
    #[arg(long, value_enum)]
    black: Option<Seat>,
    /// Who plays white: person or computer [default: computer in the terminal game,
    /// person when reading lines]
    #[arg(long, value_enum)]
    white: Option<Seat>,
    /// The computer's strength, 1 (beginner) to 8 (full strength)
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: u8,
    /// Seconds the computer may think per move
    #[arg(long, default_value_t = 3.0, value_parser = parse_seconds)]
    time: f64,
    /// Most nodes the computer searches per move (quick games)
    #[arg(long)]
    nodes: Option<u64>,
    /// Open the game with an opening rule: swap1, swap2 (gomoku rules), soosorv8 or
    /// taraguchi10 (renju); black's seat at the start opens
    #[arg(long, value_parser = parse_opening_rule)]
    opening: Option<OpeningRule>,
    /// Start playing at once, without the set-up screen
    #[arg(long)]
    start: bool,
    /// Read one command per line even when the input is a terminal
    #[arg(long)]
    lines: bool,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            rules: RuleArgs {
                rule: Rule::Renju,
                size: 15,
            },
            black: None,
            white: None,
            level: 6,
            time: 3.0,
            nodes: None,
            opening: None,
            start: false,
            lines: false,
        }
    }
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    let t: f64 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if t.is_finite() && (0.01..=3600.0).contains(&t) {
        Ok(t)
    } else {
        Err(format!("{s} seconds is not a time per move (0.01 to 3600)"))
    }
}

fn parse_opening_rule(s: &str) -> Result<OpeningRule, String> {
    OpeningRule::parse(s).ok_or_else(|| {
        format!("'{s}' is not an opening rule (swap1, swap2, soosorv8, taraguchi10)")
    })
}

impl Args {
    /// The settings of the game; white defaults to `white` when not given.
    fn settings(&self, white: Seat) -> Settings {
        Settings {
            black: self.black.unwrap_or(Seat::Person),
            white: self.white.unwrap_or(white),
            rule: self.rules.rule,
            size: self.rules.size,
            level: Level::new(self.level),
            move_time: Duration::from_secs_f64(self.time),
            nodes: self.nodes,
            opening: self.opening,
        }
    }
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if let Some(o) = args.opening {
        if !o.fits(args.rules.rule) {
            bail!(
                "the {} opening is not played under {}",
                o.name(),
                args.rules.rule.name()
            );
        }
    }
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    if args.lines || !terminal {
        // Scripts that pipe moves in expect two people unless they say otherwise.
        return tui::run_lines(&args.settings(Seat::Person));
    }
    tui::run_terminal(args.settings(Seat::Computer), !args.start)?;
    Ok(ExitCode::SUCCESS)
}
