//! `fiveinrow solve POSITION`: a VCF (or VCT) for the side to move, or `none`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use fiveinrow_engine::{solve, SolveKind, SolveLimits};
use fiveinrow_rules::notation::to_human;

use crate::position::{replay, RuleArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Moves as a move string (h8i9j10) or an x,y list (7,7 8,6), black first
    position: String,
    #[command(flatten)]
    rules: RuleArgs,
    /// Victory by continuous fours only (the default)
    #[arg(long, conflicts_with = "vct")]
    vcf: bool,
    /// Victory by threes and fours, and quiet moves that threaten a VCF of up to 3 fours
    #[arg(long)]
    vct: bool,
    /// Give up after this many milliseconds
    #[arg(long, default_value_t = 10_000)]
    time: u64,
    /// Most attacker moves (default 60 for VCF, 8 for VCT)
    #[arg(long)]
    depth: Option<u32>,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let game = replay(&args.position, &args.rules)?;
    let size = game.size();
    let kind = if args.vct {
        SolveKind::Vct
    } else {
        SolveKind::Vcf
    };
    let limits = SolveLimits {
        depth: args.depth.unwrap_or(SolveLimits::for_kind(kind).depth),
        nodes: u64::MAX,
        time: Some(Duration::from_millis(args.time)),
    };
    let start = Instant::now();
    let solution = solve(&game, kind, &limits);
    match solution.line {
        Some(line) => {
            let moves: Vec<String> = line.iter().map(|&p| to_human(p, size)).collect();
            let xy: Vec<String> = line.iter().map(|p| p.to_string()).collect();
            match solution.unstoppable {
                // The last four's only block is forbidden for black: say so instead of
                // showing black playing there.
                Some((p, why)) => writeln!(
                    io::stdout(),
                    "{}  (black may not block at {}: {}; five there next)",
                    moves.join(" "),
                    to_human(p, size),
                    why.name()
                )?,
                None => writeln!(io::stdout(), "{}", moves.join(" "))?,
            }
            eprintln!(
                "x,y: {}  ({} ms)",
                xy.join(" "),
                start.elapsed().as_millis()
            );
        }
        None => writeln!(io::stdout(), "none")?,
    }
    Ok(ExitCode::SUCCESS)
}
