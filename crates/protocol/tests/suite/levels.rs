//! Strength levels, shown by games: the maximum level beats the beginner in every game,
//! and each low level beats the one below by a clear score. The upper levels (5 to 8) are
//! ignored tests, minutes each:
//! `cargo test --release -p fiveinrow-protocol --test suite levels:: -- --ignored --nocapture
//! --test-threads=1` (each plays two games at a time).

use fiveinrow_engine::{Engine, Level, Limits, Options};
use fiveinrow_protocol::matches::selfplay::{play_game, Outcome};
use fiveinrow_rules::openings::parse_offset_opening;
use fiveinrow_rules::{Color, Pos, Rule};
use fiveinrow_testkit::read_data;

fn openings(rule: Rule, n: usize) -> Vec<Vec<Pos>> {
    let file = match rule {
        Rule::Renju => "openings/renju-26-offset.txt",
        _ => "openings/freestyle-offset-15.txt",
    };
    openings_from(file, n)
}

/// The first `n` openings of a data file of 15x15 offset openings.
fn openings_from(file: &str, n: usize) -> Vec<Vec<Pos>> {
    let list: Vec<Vec<Pos>> = read_data(file)
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
    score_rule(Rule::Freestyle, strong, weak, games, limits)
}

/// [`score`] under `rule`, over that rule's openings.
fn score_rule(
    rule: Rule,
    strong: u8,
    weak: u8,
    games: usize,
    limits: &Limits,
) -> (f64, Vec<String>) {
    let mut points = 0.0;
    let mut log = Vec::new();
    for (k, opening) in openings(rule, games.div_ceil(2)).iter().enumerate() {
        for strong_is_black in [true, false] {
            if log.len() == games {
                break;
            }
            let seed = (k * 2 + usize::from(strong_is_black)) as u64;
            let (p, text) =
                play_pair_game(rule, opening, (strong, weak), strong_is_black, seed, limits);
            points += p;
            log.push(format!("opening {k} {text}"));
        }
    }
    (points, log)
}

/// One game between levels `(strong, weak)` from `opening`: the strong level's points
/// (win 1, draw 0.5) and a line saying how it went.
fn play_pair_game(
    rule: Rule,
    opening: &[Pos],
    (strong, weak): (u8, u8),
    strong_is_black: bool,
    seed: u64,
    limits: &Limits,
) -> (f64, String) {
    let (mut s, mut w) = (engine(strong, seed), engine(weak, seed + 100));
    let (outcome, game) = if strong_is_black {
        play_game(rule, 15, opening, &mut s, &mut w, limits)
    } else {
        play_game(rule, 15, opening, &mut w, &mut s, limits)
    };
    let strong_color = if strong_is_black {
        Color::Black
    } else {
        Color::White
    };
    let points = match &outcome {
        Outcome::Win(c) if *c == strong_color => 1.0,
        Outcome::Draw => 0.5,
        Outcome::Win(_) => 0.0,
        Outcome::Illegal(c, why) => panic!("{c} made an illegal move: {why}"),
    };
    let text = format!(
        "strong={strong_color} -> {outcome:?} after {} moves",
        game.move_count()
    );
    (points, text)
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

/// One upper pair of the ladder: each side gets three times the weaker level's node cap
/// per move, so the weaker searches to its cap and the stronger three times as much (its
/// own cap, 3.5 times, lies just past the budget).
/// Renju over the first 40 balanced openings (the engine's own score within +-150 after
/// them), each twice with colours swapped: the canonical openings, many decided for one
/// colour, left too few games to separate two close levels (20 of them gave 12/20 both
/// to a level 6 and a level 8 that were stronger), and 40 games at 60% failed a level 6
/// that scored 56% (three times the nodes scored 56-71% in the pairs). Two games at a
/// time.
fn upper_pair(weak: u8) {
    const GAMES: usize = 80;
    let budget = Level::new(weak).params().nodes * 3;
    let limits = Limits::nodes(budget);
    let openings = openings_from("openings/renju-balanced-15.txt", GAMES / 2);
    let results: Vec<(f64, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2usize)
            .map(|w| {
                let (openings, limits) = (&openings, &limits);
                scope.spawn(move || {
                    (0..GAMES)
                        .filter(|g| g % 2 == w)
                        .map(|g| {
                            let (k, strong_is_black) = (g / 2, g % 2 == 0);
                            let seed = g as u64;
                            let (points, text) = play_pair_game(
                                Rule::Renju,
                                &openings[k],
                                (weak + 1, weak),
                                strong_is_black,
                                seed,
                                limits,
                            );
                            let line = format!("opening {k}: {text}");
                            // A line per game as it ends: 7-6 and 8-7 run for an hour
                            // or more, and `--nocapture` shows how far they are.
                            eprintln!("level {} vs {weak}, game {}: {line}", weak + 1, g + 1);
                            (points, line)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().expect("a ladder game panicked"))
            .collect()
    });
    let points: f64 = results.iter().map(|(p, _)| p).sum();
    let log: Vec<&str> = results.iter().map(|(_, t)| t.as_str()).collect();
    eprintln!("level {} vs {weak}: {points}/{GAMES}", weak + 1);
    // 55% of 80 games (+35 Elo): a stronger level that only matched the weaker one would
    // score this much by chance about once in six times, one at the 64% its three times
    // the nodes averaged fails it about once in twenty.
    assert!(
        points >= GAMES as f64 * 0.55,
        "level {} vs {weak}: {points}/{GAMES}\n{}",
        weak + 1,
        log.join("\n")
    );
}

#[test]
#[ignore = "long (minutes): level 5 against level 4"]
fn ladder_5_over_4() {
    upper_pair(4);
}

#[test]
#[ignore = "long (minutes): level 6 against level 5"]
fn ladder_6_over_5() {
    upper_pair(5);
}

#[test]
#[ignore = "long (minutes): level 7 against level 6"]
fn ladder_7_over_6() {
    upper_pair(6);
}

#[test]
#[ignore = "long (minutes): level 8 (no caps) against level 7"]
fn ladder_8_over_7() {
    upper_pair(7);
}
