//! Strength levels, shown by games: the maximum level beats the beginner in every game,
//! and each low level beats the one below by a clear score. (The whole ladder is in the
//! ignored test `full_ladder`: `cargo test --release -p fiveinrow-engine --test levels -- --ignored`.)

mod support;

use fiveinrow_engine::selfplay::{parse_offset_opening, play_game, Outcome};
use fiveinrow_engine::{Engine, Level, Limits, Options};
use fiveinrow_rules::{Color, Pos, Rule};

fn openings(n: usize) -> Vec<Vec<Pos>> {
    let text = support::read_data("openings/freestyle-offset-15.txt");
    let list: Vec<Vec<Pos>> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_offset_opening(l, 15).expect("opening line"))
        .collect();
    assert!(list.len() >= n, "need {n} openings, have {}", list.len());
    list.into_iter().take(n).collect()
}

fn engine(level: u8, seed: u64) -> Engine {
    Engine::new(Options {
        hash_mb: 8,
        level: Some(Level::new(level)),
        seed: Some(seed),
        ..Options::default()
    })
}

/// Plays `games` games (each opening twice, colours swapped); returns the score of
/// `strong` in points (win 1, draw 0.5) and the outcomes.
fn score(strong: u8, weak: u8, games: usize, limits: &Limits) -> (f64, Vec<String>) {
    let mut points = 0.0;
    let mut log = Vec::new();
    for (k, opening) in openings(games.div_ceil(2)).iter().enumerate() {
        for strong_is_black in [true, false] {
            if log.len() == games {
                break;
            }
            let seed = (k * 2 + usize::from(strong_is_black)) as u64;
            let (mut s, mut w) = (engine(strong, seed), engine(weak, seed + 100));
            let (outcome, game) = if strong_is_black {
                play_game(Rule::Freestyle, 15, opening, &mut s, &mut w, limits)
            } else {
                play_game(Rule::Freestyle, 15, opening, &mut w, &mut s, limits)
            };
            let strong_color = if strong_is_black {
                Color::Black
            } else {
                Color::White
            };
            let p = match &outcome {
                Outcome::Win(c) if *c == strong_color => 1.0,
                Outcome::Draw => 0.5,
                Outcome::Win(_) => 0.0,
                Outcome::Illegal(c, why) => panic!("{c} made an illegal move: {why}"),
            };
            points += p;
            log.push(format!(
                "opening {k} strong={strong_color} -> {outcome:?} after {} moves",
                game.move_count()
            ));
        }
    }
    (points, log)
}

#[test]
fn maximum_level_beats_the_beginner_every_game() {
    // The maximum level at a modest node budget per move (to keep the test quick) is
    // still far above level 1.
    let (points, log) = score(Level::MAX, 1, 20, &Limits::nodes(30_000));
    assert_eq!(points, 20.0, "{}", log.join("\n"));
}

#[test]
fn each_low_level_beats_the_one_below() {
    for weak in 1..=3u8 {
        let (points, log) = score(weak + 1, weak, 10, &Limits::default());
        assert!(
            points >= 7.0,
            "level {} vs {weak}: {points}/10\n{}",
            weak + 1,
            log.join("\n")
        );
        eprintln!("level {} vs {weak}: {points}/10", weak + 1);
    }
}

#[test]
#[ignore = "long: the whole ladder of levels"]
fn full_ladder() {
    for weak in 1..Level::MAX {
        let limits = Limits::move_time(std::time::Duration::from_millis(500));
        let (points, log) = score(weak + 1, weak, 10, &limits);
        eprintln!("level {} vs {weak}: {points}/10", weak + 1);
        assert!(
            points >= 6.0,
            "level {} vs {weak}: {points}/10\n{}",
            weak + 1,
            log.join("\n")
        );
    }
}
