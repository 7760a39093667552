//! Plays two search settings against each other over the freestyle openings at a fixed
//! node budget per move and prints the score and Elo of the candidate. Edit `candidate`
//! to try a change: `cargo run --release -p fiveinrow-engine --example tune [GAMES] [NODES]`
use fiveinrow_engine::params::SearchParams;
use fiveinrow_engine::selfplay::{elo, parse_offset_opening, play_game, Outcome};
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::{Color, Rule};

fn candidate() -> SearchParams {
    // The change under test goes here; the default plays itself.
    SearchParams {
        ..SearchParams::default()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let nodes: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(50_000);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/openings/freestyle-offset-15.txt"
    ))
    .unwrap();
    let openings: Vec<_> = text
        .lines()
        .filter_map(|l| parse_offset_opening(l, 15))
        .collect();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in 0..games {
        let opening = &openings[(g / 2) % openings.len()];
        let mut new = Engine::new(Options {
            hash_mb: 16,
            params: candidate(),
            ..Options::default()
        });
        let mut old = Engine::new(Options {
            hash_mb: 16,
            ..Options::default()
        });
        let new_black = g % 2 == 0;
        let limits = Limits::nodes(nodes);
        let (o, _) = if new_black {
            play_game(Rule::Freestyle, 15, opening, &mut new, &mut old, &limits)
        } else {
            play_game(Rule::Freestyle, 15, opening, &mut old, &mut new, &limits)
        };
        let new_color = if new_black {
            Color::Black
        } else {
            Color::White
        };
        match o {
            Outcome::Win(c) if c == new_color => w += 1,
            Outcome::Win(_) => l += 1,
            Outcome::Draw => d += 1,
            Outcome::Illegal(c, why) => panic!("{c}: {why}"),
        }
        let (e, err) = elo(w, d, l);
        eprintln!("game {}: +{w} ={d} -{l}  elo {e:+.0} ± {err:.0}", g + 1);
    }
}
