//! Plays a candidate `SearchParams` (the defaults with `key=value` overrides) against the
//! defaults over the freestyle or renju openings at a fixed node budget per move, and
//! prints the candidate's score and Elo:
//! `cargo run --release -p fiveinrow-protocol --example tune [GAMES] [NODES] [OVERRIDES] [RULE]`
//! Games beyond two per opening replay the openings at a 7% larger budget per pass. The
//! error bar is given by games and by each opening's pair of games (`stats::Pairs`).
use fiveinrow_engine::SearchParams;
use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_protocol::matches::selfplay::{play_game, Outcome};
use fiveinrow_protocol::matches::stats::{elo, Pairs};
use fiveinrow_rules::openings::parse_offset_opening;
use fiveinrow_rules::{Color, Rule};

/// The candidate: the defaults with `key=value` overrides separated by commas
/// (`move_cap=20/14/6,null_move_depth=3`); "default" plays itself.
fn candidate(variant: &str) -> SearchParams {
    let mut p = SearchParams::default();
    for kv in variant.split(',').filter(|kv| kv.contains('=')) {
        let (k, v) = kv.split_once('=').expect("key=value");
        p.set(k, v).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let nodes: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(50_000);
    let variant = args.get(3).map_or("default", String::as_str);
    let rule: Rule = args
        .get(4)
        .map_or("freestyle", String::as_str)
        .parse()
        .unwrap();
    let file = match rule {
        Rule::Renju => "renju-26-offset.txt",
        _ => "freestyle-offset-15.txt",
    };
    let text = std::fs::read_to_string(format!(
        "{}/../../data/openings/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let openings: Vec<_> = text
        .lines()
        .filter_map(|l| parse_offset_opening(l, 15))
        .collect();
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut pairs = Pairs::default();
    // The candidate's points in the first game of the opening being played.
    let mut first_points = 0.0;
    for g in 0..games {
        let opening = &openings[(g / 2) % openings.len()];
        let mut new = Engine::new(Options {
            hash_mb: 16,
            params: candidate(variant),
            ..Options::default()
        });
        let mut old = Engine::new(Options {
            hash_mb: 16,
            ..Options::default()
        });
        let new_black = g % 2 == 0;
        // The engines are deterministic: each pass over the openings gets a budget 7% larger
        // than the last, so that later passes play new games instead of repeating.
        let pass = (g / (2 * openings.len())) as u64;
        let limits = Limits::nodes(nodes + nodes * 7 * pass / 100);
        let (o, _) = if new_black {
            play_game(rule, 15, opening, &mut new, &mut old, &limits)
        } else {
            play_game(rule, 15, opening, &mut old, &mut new, &limits)
        };
        let new_color = if new_black {
            Color::Black
        } else {
            Color::White
        };
        let points = match o {
            Outcome::Win(c) if c == new_color => {
                w += 1;
                1.0
            }
            Outcome::Win(_) => {
                l += 1;
                0.0
            }
            Outcome::Draw => {
                d += 1;
                0.5
            }
            Outcome::Illegal(c, why) => panic!("{c}: {why}"),
        };
        if g % 2 == 0 {
            first_points = points;
        } else {
            pairs.add(first_points + points);
        }
        let (e, err) = elo(w, d, l);
        let (_, pair_err) = pairs.elo();
        eprintln!(
            "game {}: +{w} ={d} -{l}  elo {e:+.0} ± {err:.0} (± {pair_err:.0} by {} pairs)",
            g + 1,
            pairs.len()
        );
    }
}
