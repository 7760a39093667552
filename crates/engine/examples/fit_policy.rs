//! Fits the move-ordering policy (`crates/engine/src/eval/policy.rs`) to a teacher
//! engine's moves and writes it into `crates/engine/src/eval/policy_weights.rs`:
//!
//! ```text
//! # positions: self-play games, and positions off them the way the search wanders
//! cargo run --release -p fiveinrow-engine --example fit_eval -- games renju 1600 4000 77 > /tmp/renju.games
//! cargo run --release -p fiveinrow-engine --example fit_eval -- walks /tmp/renju.games renju 5 > /tmp/renju.walks
//! # the teacher's move in each (any Gomocup engine; Rapfi from a folder without config.toml)
//! scripts/teacher-scores.py rapfi.sh renju 1 /tmp/renju.games --best-move > /tmp/renju.moves
//! scripts/teacher-scores.py rapfi.sh renju 1 /tmp/renju.walks --last --best-move >> /tmp/renju.moves
//! # (the same for freestyle), then fit both rules and write the table
//! cargo run --release -p fiveinrow-engine --example fit_policy -- fit /tmp/free.moves /tmp/renju.moves --shapes
//! ```
//!
//! `fit FREESTYLE RENJU` reads `RULE MOVES... -> x,y` lines (`-` keeps that rule's
//! policy; the two rules fit on a thread each), and fits, per rule, the score of each
//! candidate the search would consider (the defences against a threat, or every
//! candidate of a quiet node) so that a softmax over them predicts the teacher's move: a
//! weight per line pattern and per combo of the mover's shape and of the opponent's at
//! the cell, per pair of the two combos (per mover's colour), and per kind of distance to
//! the last two moves; `--shapes` adds a weight per whole shape on top; those and the
//! pairs are pulled toward zero by `--l2=X` (default 0.001). With `--games=N` the files
//! are instead `fit_eval games` files of the teacher against itself (`.xz`, `A+B`), and
//! the positions every one of their games reaches from ply N on, with the move played
//! there (`fit::played_moves`; `data/teacher/*-rapfi-games*` with `--games=7`, past
//! their openings of up to 6 stones: README, "Signature and strength", says how such a
//! policy played). One position in ten is held out (by its first eight moves, so that a
//! game's positions stay together), and the ranking of the teacher's held-out moves by
//! the hand-set cell values and by the policy in use is printed beside the fitted
//! policy's. `--dry-run` only prints.
use fiveinrow_engine::fit::{self, PolicySample};
use fiveinrow_engine::policy::{Policy, COMBOS, NEAR_KINDS, POLICY_SCALE};
use fiveinrow_rules::{Pos, Rule};

const LINEAR: usize = 11 + COMBOS; // line patterns and combos, per block
const BLOCKS: usize = 4; // mover's colour x (own shape, opponent's shape)
const NEAR_AT: usize = BLOCKS * LINEAR;
const PAIR_AT: usize = NEAR_AT + 2 * 2 * NEAR_KINDS;
const SHAPE_AT: usize = PAIR_AT + 2 * COMBOS * COMBOS;

/// How many first moves of a line decide whether it is held out.
const HELD_OUT_PREFIX: usize = 8;

fn parse_pos(s: &str) -> Option<Pos> {
    let mut it = s.split(',');
    let x: u8 = it.next()?.parse().ok()?;
    let y: u8 = it.next()?.parse().ok()?;
    Pos::new(x, y)
}

/// The positions of `rule` in `path` with the teacher's move: `RULE MOVES... -> x,y`
/// lines, or with `games_from` the moves played from that ply on in a games file of
/// the teacher against itself (`fit::played_moves`; `.xz` files and `A+B` joins read as
/// `fit_eval` reads them).
fn positions(path: &str, rule: Rule, games_from: Option<usize>) -> (Vec<(Vec<Pos>, Pos)>, usize) {
    if let Some(from) = games_from {
        return (
            fit::played_moves(&fit::read_games_text(path), rule, from),
            0,
        );
    }
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut out, mut bad) = (Vec::new(), 0);
    for line in text.lines() {
        let Some((left, best)) = line.split_once(" -> ") else {
            continue;
        };
        let mut parts = left.split_whitespace();
        if parts.next().and_then(|r| r.parse::<Rule>().ok()) != Some(rule) {
            continue;
        }
        let moves: Option<Vec<Pos>> = parts.map(parse_pos).collect();
        match (moves, parse_pos(best.trim())) {
            (Some(moves), Some(best)) => out.push((moves, best)),
            _ => bad += 1,
        }
    }
    (out, bad)
}

/// The samples of `rule` in `path`, split into (fit, held out).
fn read(path: &str, rule: Rule, games_from: Option<usize>) -> (Vec<Sample>, Vec<Sample>) {
    let (lines, mut skipped) = positions(path, rule, games_from);
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (moves, best) in lines {
        let Some(s) = fit::policy_sample(rule, 15, &moves, best) else {
            skipped += 1;
            continue;
        };
        // One line in ten is held out by its first moves, so that a game's positions
        // stay together.
        let prefix: String = moves
            .iter()
            .take(HELD_OUT_PREFIX)
            .map(|p| format!("{},{}", p.x(), p.y()))
            .collect();
        if fnv(&prefix).is_multiple_of(10) {
            held.push(Sample::new(s));
        } else {
            fit.push(Sample::new(s));
        }
    }
    eprintln!(
        "{rule}: {} positions to fit, {} held out, {skipped} skipped (no choice, or the teacher's move not a candidate)",
        fit.len(),
        held.len()
    );
    (fit, held)
}

/// A policy sample with each candidate's parameter indices worked out once: the descent
/// reads them hundreds of times.
struct Sample {
    s: PolicySample,
    /// Candidate `j`'s indices are `idx[ends[j - 1]..ends[j]]`.
    idx: Vec<u32>,
    ends: Vec<u32>,
}

impl Sample {
    fn new(s: PolicySample) -> Sample {
        let (mut idx, mut ends, mut one) = (Vec::new(), Vec::new(), Vec::new());
        for f in &s.moves {
            indices(s.mover, f, &mut one);
            idx.extend(one.iter().map(|&k| k as u32));
            ends.push(idx.len() as u32);
        }
        Sample { s, idx, ends }
    }

    /// Candidate `j`'s indices; without `shapes`, less the per-shape ones.
    fn candidate(&self, j: usize, shapes: bool) -> impl Iterator<Item = usize> + '_ {
        let start = if j == 0 { 0 } else { self.ends[j - 1] as usize };
        self.idx[start..self.ends[j] as usize]
            .iter()
            .map(|&k| k as usize)
            .filter(move |&k| shapes || k < SHAPE_AT)
    }
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The parameter indices a candidate's score sums, the per-shape ones (from `SHAPE_AT`)
/// included: [`Sample::candidate`] leaves them out of a fit without `--shapes`.
fn indices(mover: usize, f: &fit::MoveFeatures, out: &mut Vec<usize>) {
    out.clear();
    for (role, &shape) in f[..2].iter().enumerate() {
        let block = mover * 2 + role;
        let shape = usize::from(shape);
        // `linear_parts` lays blocks out as the evaluation's features do: the same
        // per-block ranges of line patterns and combos.
        out.extend(fit::linear_parts(block * SHAPES + shape));
        out.push(SHAPE_AT + block * SHAPES + shape);
    }
    for which in 0..2 {
        out.push(NEAR_AT + (mover * 2 + which) * NEAR_KINDS + usize::from(f[2 + which]));
    }
    out.push(PAIR_AT + (mover * COMBOS + usize::from(f[4])) * COMBOS + usize::from(f[5]));
}

use fiveinrow_engine::fit::SHAPES;

/// Mean log-loss of the samples under weights `w`, and with `grad` its gradient added.
fn loss(samples: &[Sample], w: &[f64], shapes: bool, mut grad: Option<&mut [f64]>) -> f64 {
    let mut total = 0.0;
    let mut z = Vec::new();
    for s in samples {
        z.clear();
        z.extend((0..s.ends.len()).map(|j| s.candidate(j, shapes).map(|k| w[k]).sum::<f64>()));
        let top = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - top).exp()).sum();
        let target = s.s.target;
        total += -(z[target] - top - sum.ln());
        if let Some(g) = grad.as_deref_mut() {
            for (j, v) in z.iter().enumerate() {
                let p = (v - top).exp() / sum - f64::from(u8::from(j == target));
                for k in s.candidate(j, shapes) {
                    g[k] += p / samples.len() as f64;
                }
            }
        }
    }
    total / samples.len().max(1) as f64
}

/// Top-1, top-3 and mean rank of the teacher's move among candidates scored by `score`
/// (ties count half).
fn ranks(samples: &[Sample], score: impl Fn(&PolicySample, usize) -> i64) -> (f64, f64, f64) {
    let (mut top1, mut top3, mut sum) = (0.0, 0.0, 0.0);
    for s in samples.iter().map(|s| &s.s) {
        let t = score(s, s.target);
        let (mut above, mut tied) = (0.0, 0.0);
        for j in 0..s.moves.len() {
            let v = score(s, j);
            if j != s.target && v > t {
                above += 1.0;
            } else if j != s.target && v == t {
                tied += 1.0;
            }
        }
        let rank: f64 = above + tied / 2.0;
        top1 += f64::from(u8::from(rank < 1.0));
        top3 += f64::from(u8::from(rank < 3.0));
        sum += rank;
    }
    let n = samples.len().max(1) as f64;
    (top1 / n, top3 / n, sum / n)
}

fn old_ranks(samples: &[Sample]) -> (f64, f64, f64) {
    let n = samples.len().max(1) as f64;
    let top1 = samples.iter().filter(|s| s.s.old_rank == 0).count() as f64 / n;
    let top3 = samples.iter().filter(|s| s.s.old_rank < 3).count() as f64 / n;
    let mean = samples.iter().map(|s| s.s.old_rank as f64).sum::<f64>() / n;
    (top1, top3, mean)
}

/// Adam over the whole batch, L2 `l2` on the per-shape weights and a light one elsewhere.
fn train(rule: Rule, samples: &[Sample], shapes: bool, l2: f64) -> Vec<f64> {
    let n = SHAPE_AT + if shapes { BLOCKS * SHAPES } else { 0 };
    let mut w = vec![0.0; n];
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr) = (0.9, 0.999, 0.05);
    let epochs = if shapes { 600 } else { 400 };
    for t in 1..=epochs {
        let mut g = vec![0.0; n];
        let l = loss(samples, &w, shapes, Some(&mut g));
        for k in 0..n {
            let reg = if k >= PAIR_AT { l2 } else { 1e-5 };
            g[k] += 2.0 * reg * w[k];
            m[k] = b1 * m[k] + (1.0 - b1) * g[k];
            v[k] = b2 * v[k] + (1.0 - b2) * g[k] * g[k];
            let mh = m[k] / (1.0 - f64::powi(b1, t));
            let vh = v[k] / (1.0 - f64::powi(b2, t));
            w[k] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if t % 100 == 0 {
            eprintln!("  {rule} epoch {t}: loss {l:.4}");
        }
    }
    w
}

/// The fitted weights as the engine's table.
fn table(w: &[f64], shapes: bool) -> Policy {
    let q = |x: f64| {
        (x * f64::from(POLICY_SCALE))
            .round()
            .clamp(-32000.0, 32000.0) as i16
    };
    let mut p = Policy {
        shape: [[[0; SHAPES]; 2]; 2],
        near: [[[0; NEAR_KINDS]; 2]; 2],
        pair: [[[0; COMBOS]; COMBOS]; 2],
    };
    for c in 0..2 {
        for role in 0..2 {
            let block = c * 2 + role;
            for shape in 0..SHAPES {
                let mut x: f64 = fit::linear_parts(block * SHAPES + shape)
                    .iter()
                    .map(|&k| w[k])
                    .sum();
                if shapes {
                    x += w[SHAPE_AT + block * SHAPES + shape];
                }
                p.shape[c][role][shape] = q(x);
            }
            for kind in 0..NEAR_KINDS {
                p.near[c][role][kind] = q(w[NEAR_AT + block * NEAR_KINDS + kind]);
            }
        }
        for a in 0..COMBOS {
            for o in 0..COMBOS {
                p.pair[c][a][o] = q(w[PAIR_AT + (c * COMBOS + a) * COMBOS + o]);
            }
        }
    }
    p
}

fn table_score(p: &Policy) -> impl Fn(&PolicySample, usize) -> i64 + '_ {
    move |s, j| {
        let f = &s.moves[j];
        let c = s.mover;
        i64::from(p.shape[c][0][usize::from(f[0])])
            + i64::from(p.shape[c][1][usize::from(f[1])])
            + i64::from(p.near[c][0][usize::from(f[2])])
            + i64::from(p.near[c][1][usize::from(f[3])])
            + i64::from(p.pair[c][usize::from(f[4])][usize::from(f[5])])
    }
}

/// `rule`'s policy fitted to the positions of `path` (`-`: the one in use), and a report
/// of how each ordering ranks the teacher's held-out moves.
fn fit_rule(
    path: &str,
    rule: Rule,
    shapes: bool,
    l2: f64,
    games_from: Option<usize>,
) -> (Policy, String) {
    let current = fiveinrow_engine::policy::policy(rule).clone();
    if path == "-" {
        return (current, String::new());
    }
    let (fit_set, held) = read(path, rule, games_from);
    let w = train(rule, &fit_set, shapes, l2);
    let p = table(&w, shapes);
    let mut report = format!(
        "{rule}: held-out log-loss {:.4} (fit set {:.4}); the teacher's move among the candidates:\n",
        loss(&held, &w, shapes, None),
        loss(&fit_set, &w, shapes, None)
    );
    for (name, (t1, t3, r)) in [
        ("hand-set cell values", old_ranks(&held)),
        ("policy in use", ranks(&held, table_score(&current))),
        ("fitted policy", ranks(&held, table_score(&p))),
    ] {
        report += &format!(
            "  {name:<28} top-1 {:5.1}%  top-3 {:5.1}%  mean rank {r:.2}\n",
            t1 * 100.0,
            t3 * 100.0
        );
    }
    (p, report)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let l2 = args
        .iter()
        .find_map(|a| a.strip_prefix("--l2="))
        .map_or(0.001, |v| v.parse().expect("--l2=X: a number"));
    let plain: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    match plain.first().map(|s| s.as_str()) {
        Some("fit") if plain.len() == 3 => {
            let shapes = flag("--shapes");
            let games_from = args
                .iter()
                .find_map(|a| a.strip_prefix("--games="))
                .map(|v| v.parse().expect("--games=N: a ply"));
            // The two rules' fits share nothing: one thread each.
            let ((free, free_report), (renju, renju_report)) = std::thread::scope(|scope| {
                let free =
                    scope.spawn(|| fit_rule(plain[1], Rule::Freestyle, shapes, l2, games_from));
                let renju = scope.spawn(|| fit_rule(plain[2], Rule::Renju, shapes, l2, games_from));
                (
                    free.join().expect("freestyle fit"),
                    renju.join().expect("renju fit"),
                )
            });
            eprint!("{free_report}{renju_report}");
            if flag("--dry-run") {
                return;
            }
            let command = args.join(" ");
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/policy_weights.rs");
            std::fs::write(path, fit::policy_source(&free, &renju, &command))
                .expect("write policy_weights.rs");
            eprintln!("wrote {path}");
        }
        _ => {
            eprintln!(
                "usage: fit_policy fit FREESTYLE RENJU [--games=N] [--shapes] [--l2=X] [--dry-run]"
            );
            std::process::exit(2);
        }
    }
}
