//! Speed and depth figures for the notes, over the engine's public API only. Run it on an
//! otherwise idle machine:
//!
//! ```text
//! cargo run --release -p fiveinrow-engine --example measure [MODE] [NAME=VALUE ...]
//! ```
//!
//! - `speed` (default, about 25 s): nodes per second on 1 and 2 threads over the bench
//!   positions (1 s a position), and the depth reached in 1 s on an opening and two
//!   middle games.
//! - `depth [MS]`: one thread, `MS` (default 1000) per bench position: depth and nodes
//!   per position and the median depth per rule family (the issue's "depth in 1 s").
//! - `tree DEPTH`: nodes needed to finish each depth up to `DEPTH` on every bench
//!   position, one thread: a deterministic picture of the tree's growth per ply, for
//!   comparing pruning settings without a clock.
//! - `wins [NODES]`: one thread, up to `NODES` (default 2,000,000) on every position of
//!   `data/missed-wins.txt` (the side to move has a forced win our search found late in
//!   games): the nodes at which the search first reports the win, and how many it finds.
//!   Deterministic, so a pruning setting's cost or gain on deep forced wins shows without
//!   a clock.
//!
//! `NAME=VALUE` arguments set search parameters (`SearchParams::set` names).
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fiveinrow_engine::bench::{game_of, position_lines, POSITIONS};
use fiveinrow_engine::{Engine, Limits, Options, Score, SearchParams};
use fiveinrow_rules::{Game, Rule};

/// A bench position as a game (they are tested to be legal).
fn bench_game(line: &str) -> Game {
    game_of(line).expect("a bench position")
}

fn engine(threads: usize, params: &SearchParams) -> Engine {
    Engine::new(Options {
        threads,
        hash_mb: 64,
        root_threats: false,
        params: params.clone(),
        ..Options::default()
    })
}

fn run(game: &Game, threads: usize, ms: u64, params: &SearchParams) -> (u64, u64, i32) {
    let mut e = engine(threads, params);
    let stop = AtomicBool::new(false);
    let r = e
        .search(
            game,
            &Limits::move_time(Duration::from_millis(ms)),
            &stop,
            &mut |_| {},
        )
        .unwrap();
    (r.nodes, r.time_ms.max(1), r.depth)
}

fn speed(params: &SearchParams) {
    for threads in [1, 2] {
        let (mut nodes, mut ms) = (0, 0);
        for &p in POSITIONS {
            let (n, t, d) = run(&bench_game(p), threads, 1000, params);
            println!("  {n:>8} nodes {t:>5} ms depth {d:>2}  {p}");
            nodes += n;
            ms += t;
        }
        println!(
            "threads {threads}: {nodes} nodes in {ms} ms = {} nps",
            nodes * 1000 / ms
        );
    }
    let opening = Game::from_moves(
        Rule::Freestyle,
        15,
        &fiveinrow_rules::notation::parse_moves("h8", 15).unwrap(),
    )
    .unwrap();
    let (_, _, d) = run(&opening, 1, 1000, params);
    println!("depth in 1 s after h8 (freestyle): {d}");
    let mid = bench_game(POSITIONS[8]);
    let (_, _, d) = run(&mid, 1, 1000, params);
    println!("depth in 1 s, renju midgame (bench position 9): {d}");
    let mid = bench_game(POSITIONS[3]);
    let (_, _, d) = run(&mid, 1, 1000, params);
    println!("depth in 1 s, freestyle midgame (bench position 4): {d}");
}

fn median(mut v: Vec<i32>) -> f64 {
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        f64::from(v[n / 2])
    } else {
        f64::from(v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn depth(ms: u64, params: &SearchParams) {
    let (mut renju, mut other) = (Vec::new(), Vec::new());
    for &p in POSITIONS {
        let game = bench_game(p);
        let (n, t, d) = run(&game, 1, ms, params);
        println!("depth {d:>2} {n:>9} nodes {t:>5} ms  {p}");
        if game.rule() == Rule::Renju {
            renju.push(d);
        } else {
            other.push(d);
        }
    }
    println!(
        "median depth in {ms} ms: renju {} ({} positions), freestyle/standard {} ({} positions)",
        median(renju.clone()),
        renju.len(),
        median(other.clone()),
        other.len()
    );
}

fn tree(max_depth: i32, params: &SearchParams) {
    let mut totals = vec![0u64; max_depth as usize + 1];
    for &p in POSITIONS {
        let game = bench_game(p);
        let mut e = engine(1, params);
        let stop = AtomicBool::new(false);
        let mut per_depth = vec![0u64; max_depth as usize + 1];
        e.search(&game, &Limits::depth(max_depth), &stop, &mut |info| {
            if let Some(slot) = per_depth.get_mut(info.depth.max(0) as usize) {
                *slot = info.nodes;
            }
        })
        .unwrap();
        let cells: Vec<String> = per_depth[1..].iter().map(|n| n.to_string()).collect();
        println!("{}  {p}", cells.join(" "));
        for (t, n) in totals.iter_mut().zip(&per_depth) {
            *t += n;
        }
    }
    let cells: Vec<String> = totals[1..].iter().map(|n| n.to_string()).collect();
    println!(
        "total nodes to finish depth 1..{max_depth}: {}",
        cells.join(" ")
    );
    let growth: Vec<String> = totals[1..]
        .windows(2)
        .filter(|w| w[0] > 0)
        .map(|w| format!("{:.2}", w[1] as f64 / w[0] as f64))
        .collect();
    println!("growth per ply: {}", growth.join(" "));
}

fn wins(max_nodes: u64, params: &SearchParams) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/missed-wins.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut firsts = Vec::new();
    for line in position_lines(&text) {
        let game = game_of(line).unwrap_or_else(|e| panic!("{path}: {e}"));
        // As in play: the root's threat pre-search on.
        let mut e = Engine::new(Options {
            threads: 1,
            hash_mb: 64,
            params: params.clone(),
            ..Options::default()
        });
        let stop = AtomicBool::new(false);
        let mut first = None;
        e.search(&game, &Limits::nodes(max_nodes), &stop, &mut |info| {
            if first.is_none() && matches!(info.score, Score::WinIn(_)) {
                first = Some((info.nodes, info.depth));
            }
        })
        .unwrap();
        match first {
            Some((n, d)) => println!("{n:>9} nodes depth {d:>2}  {line}"),
            None => println!("{:>9}                  {line}", "-"),
        }
        firsts.push(first.map_or(max_nodes, |(n, _)| n));
    }
    let found = firsts.iter().filter(|&&n| n < max_nodes).count();
    firsts.sort_unstable();
    let mean = firsts.iter().sum::<u64>() / firsts.len().max(1) as u64;
    println!(
        "wins shown: {found} / {}, median nodes {} and mean {mean} (a miss counts {max_nodes})",
        firsts.len(),
        firsts.get(firsts.len() / 2).copied().unwrap_or(0),
    );
}

fn main() {
    let mut params = SearchParams::default();
    let mut words = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.split_once('=') {
            Some((k, v)) => {
                if let Err(e) = params.set(k, v) {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
            }
            None => words.push(arg),
        }
    }
    let number = |i: usize, default: u64| {
        words
            .get(i)
            .map_or(default, |w| w.parse().expect("a number"))
    };
    match words.first().map(String::as_str) {
        None | Some("speed") => speed(&params),
        Some("depth") => depth(number(1, 1000), &params),
        Some("tree") => tree(number(1, 10) as i32, &params),
        Some("wins") => wins(number(1, 2_000_000), &params),
        Some(other) => {
            panic!("unknown mode {other}: speed, depth [MS], tree DEPTH or wins [NODES]")
        }
    }
}
