//! `fiveinrow analyze POSITION`: progress lines and the best move.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
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
    let mut engine = Engine::new(Options {
        threads: args.threads.max(1),
        multipv: args.multipv.max(1),
        hash_mb: args.hash.max(1),
        ..Options::default()
    });
    let stop = AtomicBool::new(false);
    let r = engine.search(&game, &limits, &stop, &mut |info| {
        let pv: Vec<String> = info.pv.iter().map(|&p| to_human(p, size)).collect();
        println!(
            "depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score,
            info.nodes,
            info.nps,
            info.time_ms,
            pv.join(" ")
        );
    })?;
    if r.lines.len() > 1 {
        for (k, l) in r.lines.iter().enumerate() {
            let pv: Vec<String> = l.pv.iter().map(|&p| to_human(p, size)).collect();
            println!("line {} score {} pv {}", k + 1, l.score, pv.join(" "));
        }
    }
    println!(
        "bestmove {} ({}) score {} depth {} nodes {} time {}",
        to_human(r.best, size),
        r.best,
        r.score,
        r.depth,
        r.nodes,
        r.time_ms
    );
    Ok(ExitCode::SUCCESS)
}
