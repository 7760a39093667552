//! `fiveinrow solve POSITION`: a VCF (or VCT) for the side to move, or `none`.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::Result;
use fiveinrow_engine::board::{pos, Board};
use fiveinrow_engine::threat::{ThreatLimits, ThreatSearch, QUIET_THREAT_DEPTH};
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
    let mut board = Board::from_game(&game);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let limit = Duration::from_millis(args.time);
    let found = std::thread::scope(|s| {
        // A watchdog stops the search when the time is up.
        let stop = &stop;
        let watchdog = s.spawn(move || {
            while start.elapsed() < limit && !stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let depth = args.depth.unwrap_or(if args.vct { 8 } else { 60 });
        let mut ts = ThreatSearch::new(
            ThreatLimits {
                depth,
                nodes: u64::MAX,
            },
            Some(stop),
        )
        .with_quiet_threats(QUIET_THREAT_DEPTH);
        let r = if args.vct {
            ts.vct(&mut board)
        } else {
            ts.vcf(&mut board)
        };
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let _ = watchdog.join();
        r
    });
    match found {
        Some(line) => {
            let moves: Vec<String> = line.iter().map(|&i| to_human(pos(i), size)).collect();
            let xy: Vec<String> = line.iter().map(|&i| pos(i).to_string()).collect();
            println!("{}", moves.join(" "));
            eprintln!(
                "x,y: {}  ({} ms)",
                xy.join(" "),
                start.elapsed().as_millis()
            );
        }
        None => println!("none"),
    }
    Ok(ExitCode::SUCCESS)
}
