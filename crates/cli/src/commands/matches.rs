//! `fiveinrow match`: engine against engine over an openings file, with a progress bar,
//! records, Elo and an optional SPRT.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use fiveinrow_protocol::matches::{all_self, paired, run_match, EngineSpec, MatchConfig, Sprt};
use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::openings::parse_offset_opening;

use crate::position::RuleArgs;
use crate::progress::Progress;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// First engine: `self[:level=N|max,threads=N,depth=N,nodes=N,hash=MB,param_NAME=V,bin=PATH]` (bin: another build of fiveinrow) or an engine command line
    #[arg(long)]
    engine1: String,
    /// Second engine (same forms)
    #[arg(long)]
    engine2: String,
    /// Openings file (Gomocup offset format: `dx,dy, dx,dy, ...` from the centre, one a line)
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Use only the first N openings (each is played twice)
    #[arg(long)]
    rounds: Option<usize>,
    #[command(flatten)]
    rules: RuleArgs,
    /// Time per move in ms
    #[arg(long)]
    tc_move: Option<u64>,
    /// Time per game in ms
    #[arg(long)]
    tc_game: Option<u64>,
    /// Increment per move in ms
    #[arg(long, default_value_t = 0)]
    inc: u64,
    /// An answer up to this many ms past its limit does not lose; late answers are counted
    /// in the summary (Gomocup's manager has such a tolerance; 0: strict)
    #[arg(long, default_value_t = 0)]
    tolerance: u64,
    /// Games played at once
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Draw once this many stones are on the board
    #[arg(long)]
    max_moves: Option<usize>,
    /// Folder for the records (PSQ and SGF of every game)
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop when decided: elo0,elo1,alpha,beta (judged on finished pairs of games, an
    /// opening's two)
    #[arg(long)]
    sprt: Option<String>,
    /// Compare game by game with an earlier run's records (its --out folder) over the same
    /// openings: the games whose result differs, and the score difference with its error
    /// bar (for deterministic engines: fixed nodes on both sides)
    #[arg(long, value_name = "DIR")]
    paired_with: Option<PathBuf>,
    /// Play an opening rule first (swap1, swap2, soosorv8, taraguchi10): the engines take
    /// its decisions themselves (self engines only) instead of starting from an opening of
    /// the file; --rounds N plays 2N games
    #[arg(long, value_parser = parse_opening_rule, conflicts_with = "openings")]
    opening_rule: Option<OpeningRule>,
}

fn parse_opening_rule(s: &str) -> Result<OpeningRule, String> {
    OpeningRule::parse(s).ok_or_else(|| {
        format!("'{s}' is not an opening rule (swap1, swap2, soosorv8, taraguchi10)")
    })
}

/// A few near-balanced openings for when no file is given.
const BUILTIN_OPENINGS: &[&str] = &[
    "0,0, 1,0, 1,3",
    "0,0, 1,1, 0,3",
    "0,0, 1,0, 0,3",
    "0,0, 1,1, 1,3",
];

pub fn run(args: &Args) -> Result<ExitCode> {
    let exe = std::env::current_exe().context("locating this program")?;
    let exe = exe.to_string_lossy().to_string();
    let e1 = EngineSpec::parse(&args.engine1, &exe)?;
    let e2 = EngineSpec::parse(&args.engine2, &exe)?;
    let size = args.rules.size;
    let text = match &args.openings {
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
        None => BUILTIN_OPENINGS.join("\n"),
    };
    let mut openings = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match parse_offset_opening(t, size) {
            Some(o) => openings.push(o),
            None => bail!(
                "openings line {}: '{t}' is not an offset opening on {size}x{size}",
                k + 1
            ),
        }
    }
    if let Some(rule) = args.opening_rule {
        if !rule.fits(args.rules.rule) {
            bail!(
                "the {} opening is not played under {}",
                rule.name(),
                args.rules.rule
            );
        }
        if rule != OpeningRule::Swap2 && !all_self(&[e1.clone(), e2.clone()]) {
            bail!(
                "--opening-rule {} needs self engines on both sides (only swap2 has a Gomocup command, SWAP2BOARD)",
                rule.name()
            );
        }
        // The rule makes each start: the list only counts the games.
        openings = vec![Vec::new(); args.rounds.unwrap_or(4)];
    }
    if let Some(n) = args.rounds {
        openings.truncate(n);
    }
    if openings.is_empty() {
        bail!("no openings");
    }
    if args.tc_move.is_none() && args.tc_game.is_none() {
        bail!("give a time control: --tc-move MS and/or --tc-game MS");
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if let Some(dir) = &args.paired_with {
        if !dir.is_dir() {
            bail!("--paired-with {}: not a folder of records", dir.display());
        }
    }
    let config = MatchConfig {
        engines: [e1, e2],
        rule: args.rules.rule,
        size,
        openings,
        turn_ms: args.tc_move,
        game_ms: args.tc_game,
        increment_ms: args.inc,
        tolerance_ms: args.tolerance,
        concurrency: args.concurrency.max(1),
        max_moves: args.max_moves,
        out_dir: args.out.clone(),
        sprt,
        opening_rule: args.opening_rule,
    };
    let total = config.openings.len() * 2;
    eprintln!(
        "{} vs {}: {} games, {} {}x{}",
        config.engines[0].name, config.engines[1].name, total, config.rule, size, size
    );
    // Plain output (not a terminal): a line a game, or one every tenth of a long match.
    let progress = Progress::new(total as u64, (total as u64 / 10).clamp(1, 20));
    let tally = run_match(&config, |t, g| {
        let (e, err) = t.elo();
        let pairs = match t.pairs.len() {
            0 => String::new(),
            n => format!(" (± {:.0} by {n} pairs)", t.pair_elo().1),
        };
        progress.update(
            u64::from(t.played()),
            format!(
                "+{} ={} -{}  {:.1}%  Elo {e:+.0} ± {err:.0}{pairs}",
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score()
            ),
        );
        if g.reason.contains("crash")
            || g.reason.contains("time")
            || g.reason.contains("illegal")
            || g.reason.contains("protocol")
        {
            progress.note(&format!("game {}: {}", g.index + 1, g.reason));
        }
    });
    progress.finish();
    let (e, err) = tally.elo();
    println!("engine1: {}", config.engines[0].name);
    println!("engine2: {}", config.engines[1].name);
    println!(
        "games: {}  wins: {}  draws: {}  losses: {}",
        tally.played(),
        tally.wins,
        tally.draws,
        tally.losses
    );
    println!("score: {:.1}%", 100.0 * tally.score());
    println!("elo: {e:+.1} ± {err:.1} (95%)");
    if !tally.pairs.is_empty() {
        // Each opening's two games as one observation: the error bar that holds when
        // the colour decides much of a game (stats::Pairs).
        let (pe, perr) = tally.pair_elo();
        let [p0, p1, p2, p3, p4] = tally.pairs.counts;
        println!(
            "pairs: {}  by points 0/0.5/1/1.5/2: {p0} {p1} {p2} {p3} {p4}  elo: {pe:+.1} ± {perr:.1} (95%, pentanomial)",
            tally.pairs.len()
        );
    }
    if let Some((llr, decision)) = tally.sprt {
        let (lo, hi) = config.sprt.map(|s| s.bounds()).unwrap_or_default();
        let verdict = match decision {
            Some(true) => "H1 accepted (engine1 is stronger by at least elo1)",
            Some(false) => "H0 accepted (not stronger by elo1)",
            None => "undecided",
        };
        println!(
            "sprt: llr {llr:.2} [{lo:.2}, {hi:.2}] {verdict} ({} pairs)",
            tally.pairs.len()
        );
    }
    let max_ms = tally
        .games
        .iter()
        .map(|g| g.max_answer_ms)
        .fold([0u64; 2], |a, b| [a[0].max(b[0]), a[1].max(b[1])]);
    println!(
        "longest answer: engine1 {} ms, engine2 {} ms",
        max_ms[0], max_ms[1]
    );
    let late = tally
        .games
        .iter()
        .fold([0u32; 2], |a, g| [a[0] + g.late[0], a[1] + g.late[1]]);
    if late != [0, 0] {
        println!(
            "late answers (within --tolerance {} ms): engine1 {}, engine2 {}",
            config.tolerance_ms, late[0], late[1]
        );
    }
    if config.opening_rule.is_some() {
        // What the engines decided in each opening (the records keep it too).
        let mut swaps = 0;
        for g in &tally.games {
            let text = g.opening.as_deref().unwrap_or("-");
            swaps += text
                .split_whitespace()
                .filter(|w| *w == "swap" || *w == "take-black")
                .count();
            println!("game {} opening: {text}", g.index + 1);
        }
        println!(
            "opening decisions: {swaps} swaps in {} games",
            tally.games.len()
        );
    }
    for g in &tally.games {
        let bad = ["crash", "time", "illegal", "protocol", "failed"];
        if bad.iter().any(|b| g.reason.contains(b)) {
            println!("game {}: {}", g.index + 1, g.reason);
        }
    }
    if let Some(dir) = &args.paired_with {
        let p = paired::compare(dir, &tally.games);
        let (d, err) = p.difference();
        println!(
            "paired with {}: {} games, {:.1} against {:.1} ({:+.1}), {} better, {} worse; score {:+.1}% ± {:.1}%",
            dir.display(),
            p.games,
            p.this,
            p.base,
            p.this - p.base,
            p.better,
            p.worse,
            100.0 * d,
            100.0 * err
        );
    }
    if let Some(dir) = &args.out {
        println!("records: {}", dir.display());
    }
    Ok(ExitCode::SUCCESS)
}
