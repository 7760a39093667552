//! Speed figures for the notes, over the engine's public API only: nodes per second on
//! 1 and 2 threads over the bench positions (1 s a position), and the depth reached in
//! 1 s on an opening and two middle games. It takes about 25 seconds; run it on an
//! otherwise idle machine:
//!
//! ```text
//! cargo run --release -p fiveinrow-engine --example measure
//! ```
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fiveinrow_engine::bench::{game_of, POSITIONS};
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::{Game, Rule};

/// A bench position as a game (they are tested to be legal).
fn bench_game(line: &str) -> Game {
    game_of(line).expect("a bench position")
}

fn run(game: &Game, threads: usize, ms: u64) -> (u64, u64, i32) {
    let mut e = Engine::new(Options {
        threads,
        hash_mb: 64,
        root_threats: false,
        ..Options::default()
    });
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

fn main() {
    for threads in [1, 2] {
        let (mut nodes, mut ms) = (0, 0);
        for &p in POSITIONS {
            let (n, t, d) = run(&bench_game(p), threads, 1000);
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
    let (_, _, d) = run(&opening, 1, 1000);
    println!("depth in 1 s after h8 (freestyle): {d}");
    let mid = bench_game(POSITIONS[8]);
    let (_, _, d) = run(&mid, 1, 1000);
    println!("depth in 1 s, renju midgame (bench position 9): {d}");
    let mid = bench_game(POSITIONS[3]);
    let (_, _, d) = run(&mid, 1, 1000);
    println!("depth in 1 s, freestyle midgame (bench position 4): {d}");
}
