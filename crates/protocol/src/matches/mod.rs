//! The match runner: games between two engines (this program at some settings, or any
//! Gomocup engine binary) over openings, each opening twice with colours swapped, in
//! parallel; every move refereed by the rules core; records, Elo and SPRT.
//!
//! This file holds the match config, the tally and the scheduler; `spec` says how to
//! start an engine, `referee` plays one game, `records` writes it, `stats` has Elo and
//! the SPRT; `selfplay` plays engines against each other in one process; `paired`
//! compares two runs over the same openings game by game.

mod opening;
pub mod paired;
mod records;
mod referee;
pub mod selfplay;
pub mod spec;
pub mod stats;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use fiveinrow_rules::notation::format_xy_list;
use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::{Pos, Rule};

pub use opening::all_self;
use records::write_records;
pub use referee::{black_of, opening_of, play_one};
pub use spec::EngineSpec;
pub use stats::{elo, Pairs, Sprt};

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub engines: [EngineSpec; 2],
    pub rule: Rule,
    pub size: u8,
    /// Each opening is played twice, colours swapped.
    pub openings: Vec<Vec<Pos>>,
    /// Time per move (ms), if any.
    pub turn_ms: Option<u64>,
    /// Time per game (ms), if any, and increment per move.
    pub game_ms: Option<u64>,
    pub increment_ms: u64,
    /// An answer up to this many ms past its limit is not a loss, only counted as late
    /// (the "tolerance" of Gomocup's manager; 0: every late answer loses).
    pub tolerance_ms: u64,
    pub concurrency: usize,
    /// Draw after this many moves on the board.
    pub max_moves: Option<usize>,
    /// Where to write the records (PSQ and SGF per game).
    pub out_dir: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    /// An opening rule played before each game (then `openings` only counts the games:
    /// each entry is played twice, each engine opening once).
    pub opening_rule: Option<OpeningRule>,
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult {
    pub index: usize,
    /// Which engine (0 or 1) played black.
    pub black: usize,
    /// The winner's engine index, or None for a draw.
    pub winner: Option<usize>,
    /// How it ended, in words (five, draw, crash, timeout, illegal move...).
    pub reason: String,
    /// The loser ran out of time (the records say `+T`).
    pub on_time: bool,
    pub moves: Vec<Pos>,
    /// Longest answer time of each engine (ms).
    pub max_answer_ms: [u64; 2],
    /// Answers of each engine past their limit but within the tolerance.
    pub late: [u32; 2],
    /// The opening rule's decisions, when the match has one (`Opening::record`).
    pub opening: Option<String>,
}

/// The running or final score, from the first engine's side.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The openings whose two games are both finished, by the first engine's points.
    pub pairs: Pairs,
    pub games: Vec<GameResult>,
    /// The SPRT's log-likelihood ratio over the finished pairs, and its decision.
    pub sprt: Option<(f64, Option<bool>)>,
}

impl Tally {
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn score(&self) -> f64 {
        let n = self.played();
        if n == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    pub fn elo(&self) -> (f64, f64) {
        elo(self.wins, self.draws, self.losses)
    }

    /// Elo and its error bar from the finished pairs of games (see [`Pairs`]).
    pub fn pair_elo(&self) -> (f64, f64) {
        self.pairs.elo()
    }
}

/// Plays the match. `progress` is called after every game with the tally so far; the
/// match stops early when the SPRT decides. The SPRT counts pairs of games (an opening's
/// two), since games over one opening are not independent.
pub fn run_match(config: &MatchConfig, mut progress: impl FnMut(&Tally, &GameResult)) -> Tally {
    let total = config.openings.len().max(1) * 2;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<GameResult>();
    let mut tally = Tally::default();
    // Each opening's first finished game's points, until its other game ends.
    let mut half_pairs = std::collections::HashMap::new();
    std::thread::scope(|s| {
        for _ in 0..config.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            s.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let r = play_one(config, i);
                if tx.send(r).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for r in rx {
            match r.winner {
                Some(0) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            let points = paired::points(&r);
            if let Some(other) = half_pairs.remove(&opening_of(r.index)) {
                tally.pairs.add(points + other);
                if let Some(sprt) = &config.sprt {
                    let llr = sprt.llr_pairs(&tally.pairs);
                    let decision = sprt.verdict(llr);
                    tally.sprt = Some((llr, decision));
                    if decision.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            } else {
                half_pairs.insert(opening_of(r.index), points);
            }
            if let Some(dir) = &config.out_dir {
                write_records(dir, config, &r);
            }
            tally.games.push(r.clone());
            progress(&tally, &r);
        }
    });
    tally.games.sort_by_key(|g| g.index);
    tally
}

/// The moves of a game as an `x,y` list (for summaries).
pub fn moves_text(r: &GameResult) -> String {
    format_xy_list(&r.moves)
}
