//! Fits the evaluation's weights to game results (logistic regression), and writes them
//! into `crates/engine/src/eval/weights.rs`. Two steps:
//!
//! ```text
//! # self-play games from random short openings, fixed nodes a move, one line a game
//! cargo run --release -p fiveinrow-engine --example fit_eval -- games renju 3000 6000 1 > /tmp/renju.games
//! cargo run --release -p fiveinrow-engine --example fit_eval -- games freestyle 3000 6000 1 > /tmp/free.games
//! # fit both rules (9/10 of the games to fit, 1/10 held out by their first moves), write the table
//! cargo run --release -p fiveinrow-engine --example fit_eval -- fit /tmp/free.games /tmp/renju.games
//! ```
//!
//! `games RULE N NODES SEED` plays N games (two threads) and prints `rule result moves`
//! lines (`result` is `B`, `W` or `D`; moves as `x,y` pairs, `x,y,score` where the
//! engine chose the move: its search score from the mover's view). `fit FREESTYLE RENJU` reads
//! both files (`-` keeps that rule's weights), fits each position's evaluation to a mix
//! of the game's result and the search's score there (`--lambda=` the result's share,
//! default 0.5; `--l2=` the pull toward the current weights; `--scored-only` fits only
//! the positions with a score, as in a file scored by a teacher engine; `--threat-only`
//! fits only the weights of the threat masks, `eval::threat_mask`; `--linear` fits a
//! change per line pattern and combo, added to every shape made of them), prints each
//! rule's held-out loss for the current weights and for the fitted ones, and rewrites the
//! weights file (`--dry-run` only prints). `--from-zero` starts from zero weights
//! instead of the ones in use (a fit that depends on its data and flags alone; README,
//! "The evaluation's weights are fitted", says how such fits played), `--scale=` fixes
//! the units (evaluation units per logit; by default the scale that fits the starting
//! weights best against the results), `--steps=` (600), `--lr=` (2 units) and `--cosine`
//! (the step decayed along a half cosine to a twentieth) run the descent, and
//! `--shapes-l2=X` (with `--linear`) follows the linear fit with a weight per shape
//! pulled toward it by X (what a shape is worth beyond its parts, where the data shows
//! it); `scripts/regen-eval.sh` makes freestyle's weights in use this way. A flag written
//! `--renju-scale=` (or `--freestyle-...`) applies to one rule only. The rules fit side
//! by side, a thread each (`net` too).
//!
//! `walks GAMES RULE SEED` prints positions off the games the way the search's leaves
//! look (from every 5th position, 1 to 5 moves the search would consider, a late one now
//! and then, then 3 more), as lines with no result (`?`) for
//! `scripts/teacher-scores.py --last` to score; the fit uses their score alone.
//!
//! `net FREESTYLE RENJU` fits the evaluation's network (`eval::net`, a hidden layer's
//! correction on top of the linear weights in use, which stay as they are) to the scored
//! positions of a teacher's file (as `fit --scored-only`; `-` keeps a rule's network),
//! prints the held-out losses without it, with the network in use and with the new one
//! (the same positions: whether the refit beats what it replaces), and rewrites
//! `eval/net_weights.rs` (`--dry-run` only prints). Files joined by `+` are read as one;
//! a file named `*.xz` is read through `xz -dc` (the teacher data kept in
//! `data/teacher/`). Full-batch Adam with a cosine-decayed rate: `--steps=` (300),
//! `--lr=` (0.01), `--l2=` (weight decay on the first layer, 1e-4; `--pair-l2=` on the
//! pairs' rows, the same by default), `--lambda=` (the
//! result's share of the target, 0.3), `--scale=` (fixed units, as `fit`'s; by default
//! the scale that suits the linear weights best); a flag written `--renju-l2=` (or
//! `--freestyle-steps=`, ...) applies to one rule only. A cell shape's first-layer row is
//! fitted as the sum of its coarse shape's row and one row per finer line pattern it has
//! (`fit::coarse_shape`, `fit::fine_kinds`), and written folded, one row per shape; the
//! cells' pairs (`eval::pair_feature`) have a row each (`--pairs=0`: none). Refit it after refitting the
//! linear weights: it corrects those. See README.md, "Signature and strength".
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

use fiveinrow_engine::fit::{self, Features, Weights};
use fiveinrow_engine::{Engine, Limits, Options, Score};
use fiveinrow_rules::{Color, Game, Pos, Rule, Status};

/// A small deterministic generator (splitmix64): the games only need variety.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random short opening: 2 to 6 stones, the first in the central 5x5, the others
/// within two cells of a stone, every one legal.
fn random_opening(rule: Rule, rng: &mut Rng) -> Game {
    let mut game = Game::new(rule, 15).expect("15x15");
    let stones = 2 + rng.below(5) as usize;
    let c = 7i64;
    game.play_xy(c - 2 + rng.below(5) as i64, c - 2 + rng.below(5) as i64)
        .expect("an empty board takes any point");
    while game.move_count() < stones {
        let moves = game.moves();
        let anchor = moves[rng.below(moves.len() as u64) as usize];
        let x = i64::from(anchor.x()) - 2 + rng.below(5) as i64;
        let y = i64::from(anchor.y()) - 2 + rng.below(5) as i64;
        let _ = game.play_xy(x, y);
        if game.is_over() {
            return random_opening(rule, rng);
        }
    }
    game
}

/// One self-play game from a random opening: `result moves` as a line.
fn play(rule: Rule, nodes: u64, seed: u64, engine: &mut Engine) -> String {
    let mut rng = Rng(seed);
    let mut game = random_opening(rule, &mut rng);
    engine.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(nodes);
    let opening = game.move_count();
    // The search's score before each move, from the mover's view (a proven result as
    // +-WIN_SCORE).
    let mut scores = Vec::new();
    while !game.is_over() {
        let r = match engine.search(&game, &limits, &stop, &mut |_| {}) {
            Ok(r) => r,
            Err(_) => break,
        };
        scores.push(match r.score {
            Score::Eval(v) => v,
            Score::WinIn(_) => WIN_SCORE,
            Score::LossIn(_) => -WIN_SCORE,
        });
        if game.play(r.best).is_err() {
            break;
        }
    }
    let result = match game.status() {
        Status::Won { winner, .. } if *winner == Color::Black => "B",
        Status::Won { .. } => "W",
        _ => "D",
    };
    let moves: Vec<String> = game
        .moves()
        .iter()
        .enumerate()
        .map(
            |(ply, p)| match ply.checked_sub(opening).and_then(|k| scores.get(k)) {
                Some(s) => format!("{},{},{s}", p.x(), p.y()),
                None => format!("{},{}", p.x(), p.y()),
            },
        )
        .collect();
    format!("{rule} {result} {}", moves.join(" "))
}

fn games(args: &[String]) {
    let rule: Rule = args[0].parse().expect("a rule");
    let n: u64 = args[1].parse().expect("a number of games");
    let nodes: u64 = args[2].parse().expect("nodes a move");
    let seed: u64 = args[3].parse().expect("a seed");
    let (tx, rx) = mpsc::channel();
    let threads = 2;
    for t in 0..threads {
        let tx = tx.clone();
        std::thread::spawn(move || {
            let mut engine = Engine::new(Options {
                hash_mb: 16,
                seed: Some(seed),
                ..Options::default()
            });
            let mut g = t;
            while g < n {
                let line = play(rule, nodes, seed.wrapping_mul(1_000_003) + g, &mut engine);
                if tx.send(line).is_err() {
                    return;
                }
                g += threads;
            }
        });
    }
    drop(tx);
    let mut out = std::io::stdout().lock();
    for (i, line) in rx.into_iter().enumerate() {
        writeln!(out, "{line}").expect("stdout");
        if (i + 1) % 100 == 0 {
            eprintln!("{} games", i + 1);
        }
    }
}

/// Positions the search's leaves look like: from every 5th position of each game of `path`
/// (from ply 8), a walk of 1 to 5 moves the way the search wanders (`fit::walk`, a late
/// move now and then), then 3 more moves so that the teacher script's `--last` scores the
/// walk's end as it scores any position (a line ends two moves after its scored move).
/// The lines have no result (`?`).
fn walks(args: &[String]) {
    let path = &args[0];
    let rule: Rule = args[1].parse().expect("a rule");
    let mut rng = Rng(args[2].parse().expect("a seed"));
    let text = fit::read_games_text(path);
    let mut out = std::io::stdout().lock();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        if parts.next().and_then(|r| r.parse::<Rule>().ok()) != Some(rule) {
            continue;
        }
        let (moves, _) = fit::parse_moves(parts.skip(1));
        for k in (8..moves.len().saturating_sub(4)).step_by(5) {
            let plies = 1 + rng.below(5) as usize;
            // Mostly the first moves, sometimes a late one (the square of a uniform draw).
            let mut pick = |n: usize| {
                let u = rng.below(1 << 20) as f64 / f64::from(1 << 20);
                (u * u * n as f64) as usize
            };
            let walked = fit::walk(rule, 15, &moves[..k], plies + 3, &mut pick);
            if walked.len() < plies + 3 {
                continue;
            }
            let all: Vec<String> = moves[..k]
                .iter()
                .chain(&walked)
                .map(|p| format!("{},{}", p.x(), p.y()))
                .collect();
            writeln!(out, "{rule} ? {}", all.join(" ")).expect("stdout");
        }
    }
}

/// A search score that stands for a proven win (the mover's view) in a games file.
const WIN_SCORE: i32 = 30_000;

/// How many first moves of a game decide whether it is held out.
const HELD_OUT_PREFIX: usize = 8;

/// One position's features, the game's result from the side to move's view (1 win, 0
/// loss; none for a position off the game, as from `walks`), and the search's score there
/// (if the file has one).
struct Sample {
    x: Features,
    /// A fixed part of the evaluation, outside the weights being fitted (the current
    /// weights' share when only the linear part is fitted).
    base: f64,
    result: Option<f32>,
    score: Option<i32>,
    held_out: bool,
}

/// Every position of every game in `path` that the evaluation judges (no four on the
/// board, no open four to make).
fn read_samples(path: &str, rule: Rule, scored_only: bool) -> Vec<Sample> {
    let text = fit::read_games_text(path);
    let mut out = Vec::new();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        let (Some(r), Some(result)) = (parts.next(), parts.next()) else {
            continue;
        };
        if r.parse::<Rule>().ok() != Some(rule) {
            continue;
        }
        let (moves, scores) = fit::parse_moves(parts);
        // A teacher's file has a line per position, several from each game: holding out
        // lines would leave the other positions of a held-out game in the fit (which a
        // model with many weights can memorise). So a game is held out, or fitted, by its
        // first moves.
        let held_out = moves
            .iter()
            .take(HELD_OUT_PREFIX)
            .fold(0xcbf2_9ce4_8422_2325u64, |h, p| {
                (h ^ u64::from(p.x()) << 8 ^ u64::from(p.y())).wrapping_mul(0x100_0000_01b3)
            })
            % 10
            == 9;
        let winner = match result {
            "B" => Some(Color::Black),
            "W" => Some(Color::White),
            _ => None,
        };
        // `?`: positions off the game (`walks`), known only by their score.
        let known = result != "?";
        for (ply, x) in fit::game_features(rule, 15, &moves).into_iter().enumerate() {
            let Some(x) = x else { continue };
            let score = scores.get(ply).copied().flatten();
            if scored_only && score.is_none() {
                continue;
            }
            // Too early to say anything; the last plies are decided.
            if ply < 4 || ply + 2 >= moves.len() {
                continue;
            }
            let mover = if ply % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let result = match winner {
                _ if !known => None,
                Some(w) if w == mover => Some(1.0),
                Some(_) => Some(0.0),
                None => Some(0.5),
            };
            if result.is_none() && score.is_none() {
                continue;
            }
            out.push(Sample {
                x,
                base: 0.0,
                result,
                score,
                held_out,
            });
        }
    }
    out
}

/// A position's evaluation under flat weights `w`.
fn dot(s: &Sample, w: &[f64]) -> f64 {
    s.base
        + s.x
            .iter()
            .map(|&(k, n)| f64::from(n) * w[k as usize])
            .sum::<f64>()
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// How the fit is run: the share of the game result in the target (the rest is the
/// search's score at the position, where the games file has it), and the pull toward
/// the starting weights.
#[derive(Clone, Copy)]
struct Fit {
    lambda: f64,
    l2: f64,
    /// Only the positions that carry a score (a teacher's file: positions scored by
    /// another engine, each written as a line that ends two moves after it).
    scored_only: bool,
    /// Fit only the linear part: a change per line pattern and combo, added to every
    /// shape made of them (see `fit::LINEAR_FEATURES`).
    linear: bool,
    /// Fit only the threat masks' weights, every other weight kept (`--threat-only`).
    threat_only: bool,
    /// Start from zero weights instead of the ones in use (`--from-zero`): the fit then
    /// depends on its data and flags alone (weights that `data/teacher/` regenerates).
    from_zero: bool,
    /// The scale (evaluation units per logit) to fit at (`--scale=`); by default the one
    /// that fits the starting weights best against the results.
    scale: Option<f64>,
    /// Adam steps (`--steps=`, 600) and the step size in evaluation units (`--lr=`, 2),
    /// decayed along a half cosine to a twentieth with `--cosine` (from zero the weights
    /// of the fours must travel thousands of units, then settle).
    steps: i32,
    lr: f64,
    cosine: bool,
    /// After a linear fit, fit a weight per shape from it, pulled toward it this hard
    /// (`--shapes-l2=`).
    shapes_l2: Option<f64>,
    /// Whose fit this is (for the progress lines).
    rule: Rule,
}

/// What a sample's evaluation should predict: a mix of the game's result and the
/// search's verdict (its score through the same sigmoid).
fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    match (s.result.map(f64::from), s.score) {
        (Some(r), Some(v)) => lambda * r + (1.0 - lambda) * sigmoid(f64::from(v) / k),
        (Some(r), None) => r,
        (None, Some(v)) => sigmoid(f64::from(v) / k),
        (None, None) => 0.5,
    }
}

/// Mean cross-entropy of `w` (scaled by 1/k) against the targets at `lambda` (1: the
/// game results alone: the positions with one), over the held-out or the fitting samples.
fn loss(samples: &[Sample], w: &[f64], k: f64, lambda: f64, held_out: bool) -> f64 {
    let mut sum = 0.0;
    let mut n = 0usize;
    let wanted = |s: &&Sample| s.held_out == held_out && (lambda < 1.0 || s.result.is_some());
    for s in samples.iter().filter(wanted) {
        let p = sigmoid(dot(s, w) / k).clamp(1e-9, 1.0 - 1e-9);
        let y = target(s, k, lambda);
        sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        n += 1;
    }
    sum / n.max(1) as f64
}

/// The scale that fits the current weights best (a golden-section search).
fn best_scale(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (10.0f64, 5000.0f64);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if loss(samples, w, a, 1.0, false) < loss(samples, w, b, 1.0, false) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Logistic regression by Adam from `start`, at the fixed scale `k` (so the fitted
/// evaluation keeps the units the search's margins are written in).
/// Weights below index `first` stay at their start.
fn fit_weights(samples: &[Sample], start: &[f64], k: f64, fit: Fit, first: usize) -> Vec<f64> {
    let rule = fit.rule;
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2) = (0.9, 0.999);
    let fitting: Vec<(&Sample, f64)> = samples
        .iter()
        .filter(|s| !s.held_out)
        .map(|s| (s, target(s, k, fit.lambda)))
        .collect();
    let n = fitting.len() as f64;
    for step in 1..=fit.steps {
        let mut grad = vec![0.0; w.len()];
        for &(s, y) in &fitting {
            let d = (sigmoid(dot(s, &w) / k) - y) / k;
            for &(j, x) in &s.x {
                grad[j as usize] += d * f64::from(x);
            }
        }
        let lr = if fit.cosine {
            let t = f64::from(step) / f64::from(fit.steps);
            fit.lr * (0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * t).cos()))
        } else {
            fit.lr
        };
        for j in first..w.len() {
            // Pulled toward the starting weights, not toward zero: the features overlap
            // (a combo is made of patterns), and the pull keeps the shares plausible.
            let g = grad[j] / n + fit.l2 * (w[j] - start[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(step));
            let vh = v[j] / (1.0 - b2.powi(step));
            w[j] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if step % 100 == 0 {
            let l = loss(samples, &w, k, fit.lambda, false);
            eprintln!("  {rule} step {step}: fitting loss {l:.5}");
        }
    }
    w
}

/// Takes the cell pairs' features (`eval::pair_feature`) out of every sample: for the
/// linear weights, which have none, and for a network fitted without them.
fn drop_pairs(samples: &mut [Sample]) {
    for s in samples.iter_mut() {
        s.x.retain(|&(j, _)| (j as usize) < fit::PAIR_FEATURES);
    }
}

fn fit_rule(path: &str, rule: Rule, current: &Weights, fit: Fit) -> Weights {
    let mut samples = read_samples(path, rule, fit.scored_only);
    // The cell pairs are the network's features: the linear weights have none.
    drop_pairs(&mut samples);
    let held = samples.iter().filter(|s| s.held_out).count();
    eprintln!("{rule}: {} positions ({} held out)", samples.len(), held);
    let start = if fit.from_zero {
        vec![0.0; fit::FEATURES]
    } else {
        current.to_vec()
    };
    let k = fit.scale.unwrap_or_else(|| best_scale(&samples, &start));
    let w = if fit.linear {
        // The same positions in the linear features, the current weights as a fixed base.
        let linear: Vec<Sample> = samples
            .iter()
            .map(|s| {
                let mut x = std::collections::BTreeMap::<u32, f32>::new();
                for &(j, n) in &s.x {
                    for f in fit::linear_parts(j as usize) {
                        *x.entry(f as u32).or_default() += n;
                    }
                }
                Sample {
                    x: x.into_iter().collect(),
                    base: dot(s, &start),
                    result: s.result,
                    score: s.score,
                    held_out: s.held_out,
                }
            })
            .collect();
        let first = if fit.threat_only {
            fit::LINEAR_THREAT_FEATURES
        } else {
            0
        };
        let u = fit_weights(&linear, &vec![0.0; fit::LINEAR_FEATURES], k, fit, first);
        (0..start.len())
            .map(|j| start[j] + fit::linear_parts(j).iter().map(|&f| u[f]).sum::<f64>())
            .collect()
    } else {
        let first = if fit.threat_only {
            fit::THREAT_FEATURES
        } else {
            0
        };
        fit_weights(&samples, &start, k, fit, first)
    };
    // A second pass with a weight per shape, pulled toward the linear fit's: what a shape
    // is worth beyond the sum of its parts, where the data shows it.
    let w = match fit.shapes_l2 {
        Some(l2) => {
            eprintln!("{rule}: a weight per shape, pulled toward the linear fit by {l2}");
            fit_weights(&samples, &w, k, Fit { l2, ..fit }, 0)
        }
        None => w,
    };
    // The loss of always saying "who is to move wins half the time" as a yardstick.
    let zero = vec![0.0; w.len()];
    let in_use = current.to_vec();
    for (what, lambda) in [("game results", 1.0), ("fitted target", fit.lambda)] {
        let held = |w: &[f64]| loss(&samples, w, k, lambda, true);
        println!(
            "{rule}: scale {k:.0}; held-out loss against {what}: constant {:.5}, current {:.5}, fitted {:.5}",
            held(&zero),
            held(&in_use),
            held(&w)
        );
    }
    Weights::from_vec(&w)
}

/// The value of flag `name` (written `--name=`) for `rule`: `--renju-name=X` (or
/// `--freestyle-...`) where given, so that one command can set the rules apart, else
/// `--name=X`. A value that is not a number stops the tool, naming the flag, rather
/// than leaving the default in its place.
fn rule_flag(args: &[String], rule: Rule, name: &str) -> Option<f64> {
    let own = format!("--{rule}-{}", &name[2..]);
    let given = |name: &str| args.iter().find(|a| a.starts_with(name));
    let flag = given(&own).or_else(|| given(name))?;
    let value = &flag[flag.find('=').map_or(flag.len(), |i| i + 1)..];
    let Ok(number) = value.parse() else {
        eprintln!("fit_eval: {flag}: not a number");
        std::process::exit(2);
    };
    Some(number)
}

/// Runs `f` on the freestyle file (`args[1]`) and the renju file (`args[2]`): the
/// rules' fits share nothing, so one thread each.
fn both_rules<T: Send>(args: &[String], f: impl Fn(&str, Rule) -> T + Sync) -> (T, T) {
    std::thread::scope(|s| {
        let free = s.spawn(|| f(&args[1], Rule::Freestyle));
        let renju = f(&args[2], Rule::Renju);
        (free.join().expect("the freestyle fit"), renju)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") if args.len() == 5 => games(&args[1..]),
        Some("walks") if args.len() == 4 => walks(&args[1..]),
        Some("net") if args.len() >= 3 => {
            // `-` keeps a rule's network as it is.
            let fit_or_keep = |path: &str, rule: Rule| {
                if path == "-" {
                    fit::current_net(rule).cloned()
                } else {
                    Some(net_fit::fit_net(path, rule, &args))
                }
            };
            let (free, renju) = both_rules(&args, fit_or_keep);
            let source = fit::net_source(free.as_ref(), renju.as_ref(), &args.join(" "));
            write_source(
                "net_weights.rs",
                &source,
                args.iter().any(|a| a == "--dry-run"),
            );
        }
        Some("fit") if args.len() >= 3 => {
            let dry = args.iter().any(|a| a == "--dry-run");
            // The per-shape pass follows a linear fit of every weight: after a per-shape
            // fit it would do the same again, and it fits more than the threat masks.
            let has = |name: &str| args.iter().any(|a| a == name);
            let shapes = args.iter().any(|a| a.contains("shapes-l2="));
            if shapes && (!has("--linear") || has("--threat-only")) {
                eprintln!("fit_eval fit: --shapes-l2= goes with --linear, without --threat-only");
                std::process::exit(2);
            }
            // A flag written `--renju-scale=X` (or `--freestyle-...`) sets it for one rule.
            let fit_for = |rule: Rule| {
                let flag = |name: &str| rule_flag(&args, rule, name);
                Fit {
                    lambda: flag("--lambda=").unwrap_or(0.5),
                    l2: flag("--l2=").unwrap_or(1e-7),
                    scored_only: has("--scored-only"),
                    linear: has("--linear"),
                    threat_only: has("--threat-only"),
                    from_zero: has("--from-zero"),
                    scale: flag("--scale="),
                    steps: flag("--steps=").map_or(600, |v: f64| v as i32),
                    lr: flag("--lr=").unwrap_or(2.0),
                    cosine: has("--cosine"),
                    shapes_l2: flag("--shapes-l2="),
                    rule,
                }
            };
            // `-` keeps a rule's weights as they are.
            let fit_or_keep = |path: &str, rule: Rule| {
                if path == "-" {
                    fit::current(rule).clone()
                } else {
                    fit_rule(path, rule, fit::current(rule), fit_for(rule))
                }
            };
            let (free, renju) = both_rules(&args, fit_or_keep);
            let source = fit::weights_source(&free, &renju, &args.join(" "));
            write_source("weights.rs", &source, dry);
        }
        _ => {
            eprintln!(
                "usage: fit_eval games RULE N NODES SEED | walks GAMES_FILE RULE SEED | fit FREESTYLE.games RENJU.games [--lambda=X] [--l2=X] [--scored-only] [--linear] [--threat-only] [--from-zero] [--scale=X] [--steps=N] [--lr=X] [--cosine] [--shapes-l2=X] [--RULE-scale=X ...] [--dry-run] | net FREESTYLE.scored RENJU.scored [--steps=N] [--lr=X] [--l2=X] [--lambda=X] [--scale=X] [--RULE-l2=X ...] [--dry-run]"
            );
            std::process::exit(2);
        }
    }
}

/// Writes a generated table into `crates/engine/src/eval/NAME`, or prints it (`dry`).
fn write_source(name: &str, source: &str, dry: bool) {
    if dry {
        println!("{source}");
    } else {
        let path = format!("{}/src/eval/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(&path, source).expect("writing a generated table");
        println!("wrote {path}");
    }
}

/// `net FILE RULE`: fits the evaluation's network (`eval::net`): a correction on top of
/// the linear weights, one hidden layer over the same features, to a teacher's scores
/// (and the results) like `fit --scored-only`.
mod net_fit {
    use super::*;
    use fiveinrow_engine::fit::{
        coarse_shape, fine_kinds, Net, NetFloat, COARSE_SHAPES, FINE_KINDS, HIDDEN, SHAPES,
    };

    /// The network's output is this many evaluation units per unit of its output weights
    /// while fitting: the optimizer's steps are the same size for every weight, and the
    /// output needs far larger values than the hidden layer.
    const OUT: f64 = 100.0;

    /// Multiplies the output weights and bias by `by`: `OUT` takes a network from the
    /// fit's units to evaluation units (as stored), `1 / OUT` back.
    fn scale_output(net: &mut NetFloat, by: f64) {
        net.w2.iter_mut().for_each(|w| *w *= by);
        net.b2 *= by;
    }

    /// The network's output in evaluation units and its hidden layer before the ReLU,
    /// with the output weights in units of [`OUT`].
    fn forward(net: &NetFloat, s: &Sample) -> (f64, [f64; HIDDEN]) {
        let mut a = net.b1;
        for &(j, n) in &s.x {
            for (x, w) in a.iter_mut().zip(&net.w1[j as usize]) {
                *x += f64::from(n) * w;
            }
        }
        let o = net.b2
            + a.iter()
                .zip(&net.w2)
                .map(|(x, w)| x.max(0.0) * w)
                .sum::<f64>();
        (OUT * o, a)
    }

    /// Cross-entropy of base + network against the targets at `lambda`.
    fn loss(samples: &[Sample], net: &NetFloat, k: f64, lambda: f64, held: bool) -> f64 {
        let mut sum = 0.0;
        let mut n = 0usize;
        for s in samples
            .iter()
            .filter(|s| s.held_out == held && (lambda < 1.0 || s.result.is_some()))
        {
            let p = sigmoid((s.base + forward(net, s).0) / k).clamp(1e-9, 1.0 - 1e-9);
            let y = target(s, k, lambda);
            sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
            n += 1;
        }
        sum / n.max(1) as f64
    }

    /// The largest sum of one colour's rows in one role over a position's cells, among
    /// `positions`: the engine keeps these sums in 16 bits.
    fn largest_sum<'a>(net: &Net, positions: impl Iterator<Item = &'a Features>) -> i32 {
        let rows: std::collections::HashMap<u32, _> =
            net.rows.iter().map(|&(f, r)| (u32::from(f), r)).collect();
        let mut largest = 0;
        for x in positions {
            // Four shape sums (colour x role), then the pair sum.
            let mut sums = [[0i32; HIDDEN]; 5];
            let sum_of = |f: usize| match f {
                f if f < 4 * SHAPES => Some(f / SHAPES),
                f if f >= fit::PAIR_FEATURES => Some(4),
                _ => None,
            };
            for &(f, n) in x {
                if let (Some(r), Some(at)) = (rows.get(&f), sum_of(f as usize)) {
                    for u in 0..HIDDEN {
                        sums[at][u] += n as i32 * i32::from(r[u]);
                    }
                }
            }
            largest = sums.iter().flatten().fold(largest, |m, &v| m.max(v.abs()));
        }
        largest
    }

    /// Fits the network to the positions of `path`; returns it as the engine stores it.
    pub fn fit_net(path: &str, rule: Rule, args: &[String]) -> Net {
        // `--renju-l2=X` sets `--l2=` for one rule (the rules' data differ in size), so
        // that one command regenerates both networks.
        let flag = |name: &str, default: f64| rule_flag(args, rule, name).unwrap_or(default);
        let steps = flag("--steps=", 300.0) as i32;
        let lr = flag("--lr=", 0.01);
        let l2 = flag("--l2=", 1e-4);
        let pair_l2 = flag("--pair-l2=", l2);
        let lambda = flag("--lambda=", 0.3);
        let mut samples = read_samples(path, rule, true);
        // `--pairs=0`: a network without the cell pairs' rows (`eval::pair_feature`).
        if flag("--pairs=", 1.0) == 0.0 {
            drop_pairs(&mut samples);
        }
        let start = fit::current(rule).to_vec();
        // `--scale=` fits at fixed units (as `fit` does): fits on different linear
        // weights are then judged against the same targets.
        let k = rule_flag(args, rule, "--scale=").unwrap_or_else(|| best_scale(&samples, &start));
        for s in samples.iter_mut() {
            s.base = dot(s, &start);
        }
        let fitting: Vec<(&Sample, f64)> = samples
            .iter()
            .filter(|s| !s.held_out)
            .map(|s| (s, target(s, k, lambda)))
            .collect();
        eprintln!(
            "{rule}: {} positions ({} held out), scale {k:.0}",
            samples.len(),
            samples.len() - fitting.len()
        );
        // Small random first-layer weights for the features the positions have, zero
        // for the rest (they would never be fitted); the output starts at zero, so the
        // fit starts from the linear evaluation.
        let mut seen = vec![false; fit::FEATURES];
        for (s, _) in &fitting {
            for &(j, _) in &s.x {
                seen[j as usize] = true;
            }
        }
        // A cell shape's row is not fitted on its own: it is its coarse shape's row (the
        // shapes the coarse line patterns cannot tell apart share it) plus a row per
        // finer line pattern it has, in its colour and role. Few weights for what the
        // finer patterns add, so a rare shape is judged by what it is made of.
        // `--fine=0`: the coarse shapes' rows alone.
        let with_fine = flag("--fine=", 1.0) != 0.0;
        let parts = |j: usize| -> Vec<usize> {
            if j >= 4 * SHAPES {
                return Vec::new();
            }
            let block = j / SHAPES;
            let fine = 4 * COARSE_SHAPES + block * FINE_KINDS;
            std::iter::once(block * COARSE_SHAPES + coarse_shape(j % SHAPES))
                .chain(
                    fine_kinds(j % SHAPES)
                        .filter(|_| with_fine)
                        .map(|f| fine + f),
                )
                .collect()
        };
        let parts: Vec<Vec<usize>> = (0..fit::FEATURES).map(parts).collect();
        let mut rng = Rng(7);
        let mut net = NetFloat::zero();
        let mut shared = vec![[0.0f64; HIDDEN]; 4 * (COARSE_SHAPES + FINE_KINDS)];
        for j in (0..fit::FEATURES).filter(|&j| seen[j]) {
            let rows: Vec<&mut [f64; HIDDEN]> = if parts[j].is_empty() {
                vec![&mut net.w1[j]]
            } else {
                // (distinct indices: one coarse shape, then fine kinds)
                let mut v = Vec::new();
                for (p, row) in shared.iter_mut().enumerate() {
                    if parts[j].contains(&p) {
                        v.push(row);
                    }
                }
                v
            };
            for row in rows {
                for w in row.iter_mut().filter(|w| **w == 0.0) {
                    *w = (rng.below(2001) as f64 / 1000.0 - 1.0) * 0.01;
                }
            }
        }
        // The network as it evaluates: each shape's row made of its parts.
        let tied = |net: &NetFloat, shared: &[[f64; HIDDEN]]| {
            let mut t = net.clone();
            for (j, row) in t.w1.iter_mut().enumerate() {
                for &p in &parts[j] {
                    for (w, s) in row.iter_mut().zip(&shared[p]) {
                        *w += s;
                    }
                }
            }
            t
        };
        let first_layer = fit::FEATURES * HIDDEN;
        let mut adam = vec![(0.0f64, 0.0f64); first_layer + 2 * HIDDEN + 1];
        let mut adam_shared = vec![(0.0f64, 0.0f64); shared.len() * HIDDEN];
        let n = fitting.len() as f64;
        let adam_step = |p: &mut f64, gj: f64, (m, v): &mut (f64, f64), step: i32, rate: f64| {
            *m = 0.9 * *m + 0.1 * gj;
            *v = 0.999 * *v + 0.001 * gj * gj;
            let mh = *m / (1.0 - 0.9f64.powi(step));
            let vh = *v / (1.0 - 0.999f64.powi(step));
            *p -= rate * mh / (vh.sqrt() + 1e-12);
        };
        for step in 1..=steps {
            let eff = tied(&net, &shared);
            let mut g = NetFloat::zero();
            for &(s, y) in &fitting {
                let (o, a) = forward(&eff, s);
                let d = (sigmoid((s.base + o) / k) - y) / k * OUT;
                g.b2 += d;
                for u in (0..HIDDEN).filter(|&u| a[u] > 0.0) {
                    g.w2[u] += d * a[u];
                    let du = d * eff.w2[u];
                    g.b1[u] += du;
                    for &(j, x) in &s.x {
                        g.w1[j as usize][u] += du * f64::from(x);
                    }
                }
            }
            let mut g_shared = vec![[0.0f64; HIDDEN]; shared.len()];
            for (j, row) in g.w1.iter().enumerate() {
                for &p in &parts[j] {
                    for (a, b) in g_shared[p].iter_mut().zip(row) {
                        *a += b;
                    }
                }
            }
            // Cosine decay: the full-batch steps settle at the end instead of wandering.
            let t = f64::from(step) / f64::from(steps);
            let rate = lr * 0.5 * (1.0 + (std::f64::consts::PI * t).cos());
            for (j, (p, gj)) in net.params_mut().zip(g.params_mut()).enumerate() {
                // Weight decay on the first layer only; a shape's own row stays zero.
                let decay = match j < first_layer {
                    false => 0.0,
                    true if !parts[j / HIDDEN].is_empty() => continue,
                    true if j / HIDDEN >= fit::PAIR_FEATURES => pair_l2,
                    true => l2,
                };
                adam_step(p, *gj / n + decay * *p, &mut adam[j], step, rate);
            }
            for (j, (p, gj)) in shared
                .iter_mut()
                .flatten()
                .zip(g_shared.iter().flatten())
                .enumerate()
            {
                adam_step(p, *gj / n + l2 * *p, &mut adam_shared[j], step, rate);
            }
            if step % 25 == 0 || step == steps {
                let eff = tied(&net, &shared);
                eprintln!(
                    "  {rule} step {step}: fitting loss {:.5}, held-out {:.5}",
                    loss(&samples, &eff, k, lambda, false),
                    loss(&samples, &eff, k, lambda, true)
                );
            }
        }
        let mut net = tied(&net, &shared);
        let zero = NetFloat::zero();
        // The network in use, on the same held-out positions: whether the refit beats it.
        let in_use = fit::current_net(rule).map(|old| {
            let mut old = NetFloat::from_stored(old);
            scale_output(&mut old, 1.0 / OUT);
            old
        });
        for (what, lam) in [("game results", 1.0), ("fitted target", lambda)] {
            let before = in_use.as_ref().map_or(String::new(), |old| {
                let l = loss(&samples, old, k, lam, true);
                format!(", the network in use {l:.5}")
            });
            println!(
                "{rule}: scale {k:.0}; held-out loss against {what}: linear {:.5}{before}, with the network {:.5}",
                loss(&samples, &zero, k, lam, true),
                loss(&samples, &net, k, lam, true)
            );
        }
        scale_output(&mut net, OUT);
        let stored = net.quantize();
        // The sums are largest where the board is emptiest (every empty cell counts):
        // the fitted positions start at ply 4, so the empty board and the first stone
        // join them (the tests check the bench games from the empty board against sums
        // in 32 bits, after the table is written): a quarter of the range is margin.
        let centre = Pos::new(7, 7).expect("the centre of 15x15");
        let early: Vec<Features> = fit::game_features(rule, 15, &[centre])
            .into_iter()
            .flatten()
            .collect();
        let largest = largest_sum(&stored, samples.iter().map(|s| &s.x).chain(&early));
        println!("{rule}: largest sum of a colour's rows {largest} (16-bit sums hold 32767)");
        assert!(
            largest < 24576,
            "the sums would come too near the 16-bit limit"
        );
        stored
    }
}
