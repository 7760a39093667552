//! How much of its turn an engine uses: under the Gomocup protocol with `timeout_turn`
//! (default 1000 ms) and `timeout_match 0`, each midgame position is sent with BOARD and
//! the time to the answer is printed as a share of the turn.
//! `cargo run --release -p fiveinrow-protocol --example time_use -- [ENGINE COMMAND...] [--turn MS]`
//! (default engine: `target/release/fiveinrow gomocup`). Any Gomocup engine can be
//! measured the same way.

use std::time::Duration;

use fiveinrow_protocol::manager::EngineProcess;
use fiveinrow_rules::notation::parse_xy_list;
use fiveinrow_rules::{Color, Game, Rule};

/// Midgame positions with no forced win for the side to move (rule, x,y moves).
const POSITIONS: &[(Rule, &str)] = &[
    (
        Rule::Renju,
        "7,7 7,8 9,8 9,7 5,7 8,6 6,6 8,8 7,5 4,8 5,5 10,6 11,5 8,9 8,5 5,8 6,8 6,10 7,9 8,10 8,7",
    ),
    (Rule::Renju, "7,7 7,8 7,5 8,9 8,5 8,8 6,8 6,7 9,10 8,6"),
    (Rule::Renju, "7,7 8,8 9,9 8,7 8,6 6,8"),
    (Rule::Freestyle, "7,7 6,6 5,5 6,7 6,8"),
    (Rule::Standard, "7,7 7,6 9,5 8,6 5,6"),
];

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut turn_ms = 1000u64;
    if let Some(i) = args.iter().position(|a| a == "--turn") {
        turn_ms = args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .expect("--turn MS");
        args.drain(i..=i + 1);
    }
    if args.is_empty() {
        args = vec!["target/release/fiveinrow".into(), "gomocup".into()];
    }
    let (command, rest) = args.split_first().expect("an engine command");
    println!(
        "engine: {} | timeout_turn {turn_ms} ms, timeout_match 0",
        args.join(" ")
    );
    let (mut low, mut high) = (f64::MAX, 0.0f64);
    for (rule, moves) in POSITIONS {
        let stones = parse_xy_list(moves, 15).expect("a position");
        let game = Game::from_moves(*rule, 15, &stones).expect("a legal position");
        let me = game.to_move();
        let mut e = EngineProcess::spawn("engine", command, rest).expect("start the engine");
        e.start(15, Duration::from_secs(10)).expect("START");
        e.info("rule", &rule.gomocup_code().to_string())
            .expect("INFO");
        e.info("timeout_turn", &turn_ms.to_string()).expect("INFO");
        e.info("timeout_match", "0").expect("INFO");
        e.info("time_left", "2147483647").expect("INFO");
        let board: Vec<_> = stones
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                let color = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (p, color == me)
            })
            .collect();
        let answer = e
            .board(&board, Duration::from_millis(turn_ms * 3))
            .expect("an answer");
        e.end();
        let share = answer.elapsed.as_secs_f64() * 1000.0 / turn_ms as f64 * 100.0;
        low = low.min(share);
        high = high.max(share);
        println!(
            "{:<9} {:>3} stones: answered {:?} after {:>4} ms = {share:5.1}% of the turn",
            rule.name(),
            stones.len(),
            answer.value,
            answer.elapsed.as_millis()
        );
    }
    println!("range: {low:.1}% .. {high:.1}% of the turn");
}
