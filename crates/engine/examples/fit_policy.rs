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
//! cargo run --release -p fiveinrow-engine --example fit_policy -- fit /tmp/free.moves /tmp/renju.moves
//! ```
//!
//! `fit FREESTYLE RENJU` reads `RULE MOVES... -> x,y` lines (`-` keeps that rule's
//! policy), and fits, per rule, the score of each candidate the search would consider
//! (the defences against a threat, or every candidate of a quiet node) so that a softmax
//! over them predicts the teacher's move: a weight per line pattern and per combo of the
//! mover's shape and of the opponent's at the cell, per pair of the two combos (per
//! mover's colour), and per kind of distance to the last two moves; `--shapes` adds a
//! weight per whole shape on top; those and the pairs are pulled toward zero by `--l2=X`
//! (default 0.001). One line in ten is held out (by its first
//! eight moves, so that a game's positions stay together) and the hand-set cell values'
//! ranking of the teacher's move is printed beside the fitted policy's. `--dry-run` only
//! prints.
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

/// The samples of `rule` in `path`, split into (fit, held out).
fn read(path: &str, rule: Rule) -> (Vec<PolicySample>, Vec<PolicySample>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    let mut skipped = 0;
    for line in text.lines() {
        let Some((left, best)) = line.split_once(" -> ") else {
            continue;
        };
        let mut parts = left.split_whitespace();
        if parts.next().and_then(|r| r.parse::<Rule>().ok()) != Some(rule) {
            continue;
        }
        let moves: Option<Vec<Pos>> = parts.map(parse_pos).collect();
        let (Some(moves), Some(best)) = (moves, parse_pos(best.trim())) else {
            skipped += 1;
            continue;
        };
        let Some(s) = fit::policy_sample(rule, 15, &moves, best) else {
            skipped += 1;
            continue;
        };
        let prefix: String = left
            .split_whitespace()
            .skip(1)
            .take(HELD_OUT_PREFIX)
            .collect();
        if fnv(&prefix).is_multiple_of(10) {
            held.push(s);
        } else {
            fit.push(s);
        }
    }
    eprintln!(
        "{rule}: {} positions to fit, {} held out, {skipped} skipped (no choice, or the teacher's move not a candidate)",
        fit.len(),
        held.len()
    );
    (fit, held)
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The parameter indices a candidate's score sums (with `shapes`, the per-shape ones too).
fn indices(mover: usize, f: &fit::MoveFeatures, shapes: bool, out: &mut Vec<usize>) {
    out.clear();
    for (role, &shape) in f[..2].iter().enumerate() {
        let block = mover * 2 + role;
        let shape = usize::from(shape);
        // `linear_parts` lays blocks out as the evaluation's features do: the same
        // per-block ranges of line patterns and combos.
        out.extend(fit::linear_parts(block * SHAPES + shape));
        if shapes {
            out.push(SHAPE_AT + block * SHAPES + shape);
        }
    }
    for which in 0..2 {
        out.push(NEAR_AT + (mover * 2 + which) * NEAR_KINDS + usize::from(f[2 + which]));
    }
    out.push(PAIR_AT + (mover * COMBOS + usize::from(f[4])) * COMBOS + usize::from(f[5]));
}

use fiveinrow_engine::fit::SHAPES;

/// Mean log-loss of the samples under weights `w`, and with `grad` its gradient added.
fn loss(samples: &[PolicySample], w: &[f64], shapes: bool, mut grad: Option<&mut [f64]>) -> f64 {
    let mut total = 0.0;
    let mut idx = Vec::new();
    let mut cand: Vec<Vec<usize>> = Vec::new();
    let mut z = Vec::new();
    for s in samples {
        cand.clear();
        z.clear();
        for f in &s.moves {
            indices(s.mover, f, shapes, &mut idx);
            z.push(idx.iter().map(|&k| w[k]).sum::<f64>());
            cand.push(idx.clone());
        }
        let top = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - top).exp()).sum();
        total += -(z[s.target] - top - sum.ln());
        if let Some(g) = grad.as_deref_mut() {
            for (j, ks) in cand.iter().enumerate() {
                let p = (z[j] - top).exp() / sum - f64::from(u8::from(j == s.target));
                for &k in ks {
                    g[k] += p / samples.len() as f64;
                }
            }
        }
    }
    total / samples.len().max(1) as f64
}

/// Top-1, top-3 and mean rank of the teacher's move among candidates scored by `score`
/// (ties count half).
fn ranks(samples: &[PolicySample], score: impl Fn(&PolicySample, usize) -> i64) -> (f64, f64, f64) {
    let (mut top1, mut top3, mut sum) = (0.0, 0.0, 0.0);
    for s in samples {
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

fn old_ranks(samples: &[PolicySample]) -> (f64, f64, f64) {
    let n = samples.len().max(1) as f64;
    let top1 = samples.iter().filter(|s| s.old_rank == 0).count() as f64 / n;
    let top3 = samples.iter().filter(|s| s.old_rank < 3).count() as f64 / n;
    let mean = samples.iter().map(|s| s.old_rank as f64).sum::<f64>() / n;
    (top1, top3, mean)
}

/// Adam over the whole batch, L2 `l2` on the per-shape weights and a light one elsewhere.
fn train(samples: &[PolicySample], shapes: bool, l2: f64) -> Vec<f64> {
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
            eprintln!("  epoch {t}: loss {l:.4}");
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

fn fit_rule(path: &str, rule: Rule, shapes: bool, l2: f64) -> Policy {
    let current = fiveinrow_engine::policy::policy(rule).clone();
    if path == "-" {
        return current;
    }
    let (fit_set, held) = read(path, rule);
    let w = train(&fit_set, shapes, l2);
    let p = table(&w, shapes);
    let show = |name: &str, (t1, t3, r): (f64, f64, f64)| {
        eprintln!(
            "  {name:<28} top-1 {:5.1}%  top-3 {:5.1}%  mean rank {r:.2}",
            t1 * 100.0,
            t3 * 100.0
        );
    };
    eprintln!(
        "{rule}: held-out log-loss {:.4} (fit set {:.4}); the teacher's move among the candidates:",
        loss(&held, &w, shapes, None),
        loss(&fit_set, &w, shapes, None)
    );
    show("hand-set cell values", old_ranks(&held));
    show("policy in use", ranks(&held, table_score(&current)));
    show("fitted policy", ranks(&held, table_score(&p)));
    p
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
            let free = fit_rule(plain[1], Rule::Freestyle, shapes, l2);
            let renju = fit_rule(plain[2], Rule::Renju, shapes, l2);
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
                "usage: fit_policy fit FREESTYLE_MOVES RENJU_MOVES [--shapes] [--l2=X] [--dry-run]"
            );
            std::process::exit(2);
        }
    }
}
