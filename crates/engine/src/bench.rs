//! `bench`: fixed positions of every rule on 15x15 and 20x20 searched to a fixed depth on
//! one thread. The total node count is the engine's signature: a change that should not
//! alter the search must not alter it.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use fiveinrow_rules::{notation::parse_xy_list, Game, Rule};

use crate::engine::{Engine, Options};
use crate::limits::Limits;

/// The bench positions (a copy of `data/bench-positions.txt`, taken from a public
/// engine's benchmark set): rule ; size ; moves as x,y, black first.
pub const POSITIONS: &[&str] = &[
    "freestyle ; 15 ; 7,7 6,6 5,5 6,7 6,8",
    "freestyle ; 15 ; 7,1 7,4 7,3 5,5",
    "freestyle ; 20 ; 4,1 5,1 7,2 6,2 6,5 7,4 5,8",
    "freestyle ; 20 ; 5,4 4,2 1,6 7,4 6,2 6,3 8,5 4,3 7,3 3,3 5,1 8,4 5,3 5,5 4,4 3,5 3,6 4,6 5,7",
    "standard ; 15 ; 7,7 7,6 9,5 8,6 5,6",
    "standard ; 15 ; 5,5 8,8 7,7",
    "standard ; 15 ; 1,2 10,9 6,1 5,5",
    "renju ; 15 ; 7,7 8,8 9,9 8,7 8,6 6,8",
    "renju ; 15 ; 7,7 7,8 9,8 9,7 5,7 8,6 6,6 8,8 7,5 4,8 5,5 10,6 11,5 8,9 8,5 5,8 6,8 6,10 7,9 8,10 8,7",
    "renju ; 15 ; 7,7 7,8 7,5 8,9 8,5 8,8 6,8 6,7 9,10 8,6",
];

/// The default bench depth.
pub const DEPTH: i32 = 10;

/// One position's bench result.
#[derive(Debug, Clone)]
pub struct BenchLine {
    pub position: &'static str,
    pub nodes: u64,
    pub time_ms: u64,
    pub best: String,
}

/// Parses a bench line (`rule ; size ; moves`) into a game; says what is wrong with a
/// line that is not one.
pub fn game_of(line: &str) -> Result<Game, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let [rule, size, moves] = fields[..] else {
        return Err(format!("not `rule ; size ; moves`: {line}"));
    };
    let rule: Rule = rule.parse().map_err(|e| format!("{e}"))?;
    let size: u8 = size.parse().map_err(|e| format!("size {size}: {e}"))?;
    let moves = parse_xy_list(moves, size).map_err(|e| format!("{e}"))?;
    Game::from_moves(rule, size.into(), &moves).map_err(|e| format!("{e}"))
}

/// The position lines of a file in the bench format: the lines that are neither empty nor
/// `#` comments, trimmed.
pub fn position_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Searches every position to `depth` on one thread with a fresh table each.
pub fn run(depth: i32, mut each: impl FnMut(&BenchLine)) -> Vec<BenchLine> {
    let mut out = Vec::new();
    for &position in POSITIONS {
        let game = game_of(position).expect("the bench positions are tested to be legal");
        let mut engine = Engine::new(Options {
            threads: 1,
            hash_mb: 16,
            ..Options::default()
        });
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        let r = engine
            .search(&game, &Limits::depth(depth), &stop, &mut |_| {})
            .expect("bench positions are not over");
        let line = BenchLine {
            position,
            nodes: r.nodes,
            time_ms: t.elapsed().as_millis() as u64,
            best: r.best.to_string(),
        };
        each(&line);
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copy in [`POSITIONS`] lists exactly the data file's positions, in order.
    #[test]
    fn positions_are_the_data_file() {
        let text = fiveinrow_testkit::read_data("bench-positions.txt");
        let listed: Vec<&str> = position_lines(&text).collect();
        assert_eq!(listed, POSITIONS);
    }

    #[test]
    fn every_position_is_a_game_and_bad_lines_are_errors() {
        for &position in POSITIONS {
            assert!(game_of(position).is_ok(), "{position}");
        }
        for bad in [
            "",
            "renju ; 15",
            "chess ; 15 ; 7,7",
            "renju ; 99 ; 7,7",
            "renju ; 15 ; 7,7 7,7",
        ] {
            assert!(game_of(bad).is_err(), "{bad}");
        }
    }
}
