//! `fiveinrow analyze POSITION`: progress lines and the best move.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::notation::to_human;

use crate::position::{replay, RuleArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Moves as a move string (h8i9j10) or an x,y list (7,7 8,6), black first
    #[arg(default_value = "")]
    position: String,
    #[command(flatten)]
    rules: RuleArgs,
    /// Time for the move in milliseconds
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    time: Option<u64>,
    /// Fixed depth
    #[arg(long)]
    depth: Option<i32>,
    /// Fixed node count
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Number of best moves to show
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Transposition table size in MB
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// A search parameter, NAME=VALUE (repeatable; see the engine's `SearchParams`)
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let game = replay(&args.position, &args.rules)?;
    let size = game.size();
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        move_time: args.time.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
        limits.move_time = Some(Duration::from_millis(2000));
    }
    let mut options = Options {
        threads: args.threads.max(1),
        multipv: args.multipv.max(1),
        hash_mb: args.hash.max(1),
        ..Options::default()
    };
    for p in &args.params {
        let (name, value) = p
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("--param {p:?}: expected NAME=VALUE"))?;
        options
            .params
            .set(name.trim(), value)
            .map_err(|e| anyhow::anyhow!("--param: {e}"))?;
    }
    let mut engine = Engine::new(options);
    let stop = AtomicBool::new(false);
    // A reader that goes away (`| head`) stops the search and ends the command quietly.
    let mut closed = false;
    let r = engine.search(&game, &limits, &stop, &mut |info| {
        let pv: Vec<String> = info.pv.iter().map(|&p| to_human(p, size)).collect();
        let written = writeln!(
            std::io::stdout(),
            "depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score,
            info.nodes,
            info.nps,
            info.time_ms,
            info.hashfull,
            pv.join(" ")
        );
        if written.is_err() {
            closed = true;
            stop.store(true, Ordering::Relaxed);
        }
    })?;
    if closed {
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    if r.lines.len() > 1 {
        for (k, l) in r.lines.iter().enumerate() {
            let pv: Vec<String> = l.pv.iter().map(|&p| to_human(p, size)).collect();
            out += &format!("line {} score {} pv {}\n", k + 1, l.score, pv.join(" "));
        }
    }
    out += &format!(
        "bestmove {} ({}) score {} depth {} nodes {} time {}\n",
        to_human(r.best, size),
        r.best,
        r.score,
        r.depth,
        r.nodes,
        r.time_ms
    );
    // Nothing left to stop: a closed output only ends the command.
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(ExitCode::SUCCESS)
}
