//! `fiveinrow forbidden`: black's forbidden points of a renju position.
//!
//! With POSITION: one point per line, `x,y kind`, in reading order (by y then x); nothing
//! when there are none. Without: one position per line from stdin, one answer line per
//! position (`x,y:kind ...`, `-` for none, or `error: ...`), so answers stay aligned
//! with their positions; a bad position does not stop the run.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::Result;
use fiveinrow_rules::{ForbiddenKind, Pos};

use crate::position::{replay, RuleArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Moves as a move string (h8i9j10) or an x,y list (7,7 8,6), black first
    position: Option<String>,
    #[command(flatten)]
    rules: RuleArgs,
}

fn points(text: &str, rules: &RuleArgs) -> Result<Vec<(Pos, ForbiddenKind)>> {
    Ok(replay(text, rules)?.forbidden_points())
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(position) = &args.position {
        for (p, kind) in points(position, &args.rules)? {
            writeln!(out, "{p} {kind}")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    for line in io::stdin().lock().lines() {
        let line = line?;
        let answer = match points(line.trim(), &args.rules) {
            Ok(list) if list.is_empty() => "-".to_string(),
            Ok(list) => list
                .iter()
                .map(|(p, k)| format!("{p}:{k}"))
                .collect::<Vec<_>>()
                .join(" "),
            Err(e) => format!("error: {e:#}"),
        };
        writeln!(out, "{answer}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
