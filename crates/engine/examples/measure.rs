//! Figures for the notes: nodes per second on 1 and 2 threads, depth reached in 1 s.
//! `cargo run --release -p fiveinrow-engine --example measure`
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fiveinrow_engine::bench::{game_of, POSITIONS};
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::{Game, Rule};

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
            let (n, t, d) = run(&game_of(p), threads, 1000);
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
    let mid = game_of(POSITIONS[8]);
    let (_, _, d) = run(&mid, 1, 1000);
    println!("depth in 1 s, renju midgame (bench position 9): {d}");
    let mid = game_of(POSITIONS[3]);
    let (_, _, d) = run(&mid, 1, 1000);
    println!("depth in 1 s, freestyle midgame (bench position 4): {d}");
}
