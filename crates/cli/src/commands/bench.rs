//! `fiveinrow bench [DEPTH]`: fixed positions, fixed depth, one thread: nodes, time,
//! nodes per second, and the node-count signature.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use fiveinrow_engine::bench;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search depth
    #[arg(default_value_t = bench::DEPTH)]
    depth: i32,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let lines = bench::run(args.depth, |l| {
        eprintln!(
            "{:>10} nodes {:>7} ms  best {:<6} {}",
            l.nodes, l.time_ms, l.best, l.position
        );
    });
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let ms: u64 = lines.iter().map(|l| l.time_ms).sum::<u64>().max(1);
    let mut out = io::stdout().lock();
    writeln!(out, "positions: {}", lines.len())?;
    writeln!(out, "depth:     {}", args.depth)?;
    writeln!(out, "nodes:     {nodes}")?;
    writeln!(out, "time ms:   {ms}")?;
    writeln!(out, "nps:       {}", nodes * 1000 / ms)?;
    writeln!(out, "Bench: {nodes}")?;
    Ok(ExitCode::SUCCESS)
}
