//! What the evaluation-fitting tool (`examples/fit_eval.rs`) needs from the engine: the
//! features of positions as the evaluation sees them, the weights in use, and the
//! source text of a new weights file. Nothing in the search uses this module.

use fiveinrow_rules::layout::index;
use fiveinrow_rules::{Color, Pos, Rule};

pub use crate::board::pattern::SHAPES;
use crate::board::pattern::{
    class_patterns, coarse4, combine, Combo, COMBOS, LINE_PATTERNS as PATTERNS, SHAPE_CLASSES,
};
use crate::board::pattern_board::PatternBoard;
pub use crate::eval::net::Net;
pub use crate::eval::net::HIDDEN;
use crate::eval::net::{Row, OUT_SCALE, ROW_SCALE};
use crate::eval::{
    pair_feature, shape_feature, tempo_feature, threat_mask, weights, THREATS, WEIGHT_SCALE,
};
pub use crate::eval::{FEATURES, PAIR_FEATURES, THREAT_FEATURES};
use crate::search::movegen::{generate_into, Kind};

pub use crate::eval::Weights;

/// A position's features, sparse: (feature, count) for the features that are not zero.
pub type Features = Vec<(u32, f32)>;

/// Where colour `c`'s shapes in `role` start in a feature vector.
fn offset(c: usize, role: usize) -> usize {
    shape_feature(c, role, 0)
}

impl Weights {
    /// The weights as a flat vector in feature order, in evaluation units.
    pub fn to_vec(&self) -> Vec<f64> {
        let mut v = vec![0.0; FEATURES];
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..SHAPES {
                    v[offset(c, role) + k] = f64::from(self.shape[c][role][k]);
                }
            }
            v[tempo_feature(c)] = f64::from(self.tempo[c]);
        }
        for (t, &x) in self.threat.iter().enumerate() {
            v[THREAT_FEATURES + t] = f64::from(x);
        }
        v.iter().map(|w| w / f64::from(WEIGHT_SCALE)).collect()
    }

    /// Weights from a flat vector in evaluation units (rounded to the stored precision).
    pub fn from_vec(v: &[f64]) -> Weights {
        let q = |w: f64| (w * f64::from(WEIGHT_SCALE)).round() as i32;
        let mut w = Weights {
            shape: [[[0; SHAPES]; 2]; 2],
            tempo: [0; 2],
            threat: [0; THREATS],
        };
        for c in 0..2 {
            for role in 0..2 {
                for k in 0..SHAPES {
                    w.shape[c][role][k] = q(v[offset(c, role) + k]);
                }
            }
            w.tempo[c] = q(v[tempo_feature(c)]);
        }
        for t in 0..THREATS {
            w.threat[t] = q(v[THREAT_FEATURES + t]);
        }
        w
    }
}

/// Length of the linear features: colour x role x (the line patterns, then the combos),
/// then the two tempo constants and the threat masks (as they are). A shape's weight can be read as the sum of its four
/// patterns' and its combo's (a forbidden cell's combo being `Forbid`): fitting only that
/// sum needs far fewer positions than a weight per shape.
pub const LINEAR_FEATURES: usize = 4 * (PATTERNS + COMBOS) + 2 + THREATS;

/// Where the threat masks start among the linear features.
pub const LINEAR_THREAT_FEATURES: usize = 4 * (PATTERNS + COMBOS) + 2;

/// The linear features a shape feature is the sum of (see [`LINEAR_FEATURES`]).
pub fn linear_parts(j: usize) -> Vec<usize> {
    if j >= PAIR_FEATURES {
        return Vec::new();
    }
    let (block, shape) = (j / SHAPES, j % SHAPES);
    if block >= 4 {
        return vec![4 * (PATTERNS + COMBOS) + shape];
    }
    let p = class_patterns()[shape % SHAPE_CLASSES];
    let combo = if shape >= SHAPE_CLASSES {
        Combo::Forbid
    } else {
        combine(coarse4(p))
    };
    let at = block * (PATTERNS + COMBOS);
    let mut parts: Vec<usize> = p.iter().map(|&x| at + x as usize).collect();
    parts.push(at + PATTERNS + combo as usize);
    parts
}

/// The weights the engine plays with under `rule`.
pub fn current(rule: Rule) -> &'static Weights {
    weights(rule)
}

/// Number of coarse shapes: cell shapes as the coarse line patterns ([`Pattern`]) tell
/// them apart (the multisets of four of them, on a cell black may or may not play).
///
/// [`Pattern`]: crate::board::pattern::Pattern
pub const COARSE_SHAPES: usize = 2 * 1001;

/// The coarse shape of cell shape `shape` (below [`SHAPES`]): the fit shares what the
/// shapes of one coarse shape have in common, so that a rare fine shape borrows from its
/// coarse one.
pub fn coarse_shape(shape: usize) -> usize {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut rank = HashMap::new();
        for p in class_patterns() {
            let mut c = coarse4(*p);
            c.sort();
            let next = rank.len();
            rank.entry(c).or_insert(next);
        }
        assert_eq!(2 * rank.len(), COARSE_SHAPES);
        (0..SHAPES)
            .map(|k| {
                let mut c = coarse4(class_patterns()[k % SHAPE_CLASSES]);
                c.sort();
                (rank[&c] + usize::from(k >= SHAPE_CLASSES) * COARSE_SHAPES / 2) as u16
            })
            .collect()
    });
    usize::from(table[shape])
}

/// The finer line patterns of cell shape `shape` (below [`SHAPES`]): for each of its four
/// line patterns that the coarse patterns do not tell apart (a wider open two, an open
/// three with two ways to an open four), its number among [`FINE_KINDS`].
pub fn fine_kinds(shape: usize) -> impl Iterator<Item = usize> {
    use crate::board::pattern::LinePattern;
    class_patterns()[shape % SHAPE_CLASSES]
        .into_iter()
        .filter_map(|p| match p {
            LinePattern::F2Wide => Some(0),
            LinePattern::F2Widest => Some(1),
            LinePattern::F3Two => Some(2),
            _ => None,
        })
}

/// Number of [`fine_kinds`].
pub const FINE_KINDS: usize = 3;

/// The network the engine plays with under `rule`, if any.
pub fn current_net(rule: Rule) -> Option<&'static Net> {
    crate::eval::net::net(rule)
}

/// The features of the position (on a `size` board) before each move of `moves` and
/// after the last (so
/// `moves.len() + 1` entries), `None` where the evaluation would not be asked (someone
/// has a four on the board, or the side to move can make an open four) or the moves
/// stop being legal.
pub fn game_features(rule: Rule, size: u8, moves: &[Pos]) -> Vec<Option<Features>> {
    let mut b = PatternBoard::new(rule, size);
    let mut out = Vec::with_capacity(moves.len() + 1);
    for ply in 0..=moves.len() {
        out.push(features(&b));
        let Some(&p) = moves.get(ply) else { break };
        let i = index(p);
        if !b.is_empty(i) || !b.is_legal(i) {
            break;
        }
        b.make(i);
    }
    out
}

/// One position's features, or `None` if the evaluation would not be asked there.
fn features(b: &PatternBoard) -> Option<Features> {
    let me = b.side_to_move();
    let op = me.opponent();
    if b.combo_count(me, Combo::Five) > 0
        || b.combo_count(op, Combo::Five) > 0
        || b.combo_count(me, Combo::Flex4) > 0
    {
        return None;
    }
    let mut counts = std::collections::BTreeMap::<u32, f32>::new();
    for c in [Color::Black, Color::White] {
        let at = offset(c.index(), usize::from(c != me));
        for i in b.empty_cells() {
            *counts.entry((at + b.shape(c, i)) as u32).or_default() += 1.0;
        }
    }
    counts.insert(tempo_feature(me.index()) as u32, 1.0);
    counts.insert((THREAT_FEATURES + threat_mask(b)) as u32, 1.0);
    for i in b.empty_cells() {
        if let Some(f) = pair_feature(b.combo(me, i), b.combo(op, i)) {
            *counts.entry(f as u32).or_default() += 1.0;
        }
    }
    Some(counts.into_iter().collect())
}

/// The first lines of a generated file: what it holds (`what`), and the example and
/// `command` that regenerate it.
fn generated_header(what: &str, example: &str, command: &str) -> String {
    format!(
        "//! {what}\n//! Generated; do not edit. Regenerate: `cargo run --release -p fiveinrow-engine\n\
         //! --example {example} -- {command}` (see that example's header).\n"
    )
}

/// The source of `eval/weights.rs` holding these weights; `command` is how they were made.
pub fn weights_source(freestyle: &Weights, renju: &Weights, command: &str) -> String {
    let mut s = generated_header(
        "The evaluation's weights, fitted to game results and a teacher's scores.",
        "fit_eval",
        command,
    );
    s.push_str("//! Each row: one colour in one role, a weight per cell shape (`SHAPES`).\n\n");
    s.push_str("use crate::eval::Weights;\n\n");
    for (name, w) in [("FREESTYLE", freestyle), ("RENJU", renju)] {
        s.push_str("#[rustfmt::skip]\n");
        s.push_str(&format!("pub(crate) static {name}: Weights = Weights {{\n"));
        push_shape_field(&mut s, &w.shape, 16, |c, role| {
            format!("{} {}", ["black", "white"][c], ["to move", "waiting"][role])
        });
        s.push_str(&format!("    tempo: [{}, {}],\n", w.tempo[0], w.tempo[1]));
        s.push_str("    // by threat mask (`eval::threat_mask`)\n    threat: [\n");
        for chunk in w.threat.chunks(16) {
            let line: Vec<String> = chunk.iter().map(i32::to_string).collect();
            s.push_str(&format!("        {},\n", line.join(", ")));
        }
        s.push_str("    ],\n};\n\n");
    }
    s.pop();
    s
}

/// Writes the `shape` field of a generated table (two colours, two roles, a value per
/// cell shape), `per_line` values a line, each row under the comment `label(colour, role)`.
fn push_shape_field<T: ToString>(
    s: &mut String,
    shape: &[[[T; SHAPES]; 2]; 2],
    per_line: usize,
    label: impl Fn(usize, usize) -> String,
) {
    s.push_str("    shape: [\n");
    for (c, rows) in shape.iter().enumerate() {
        s.push_str("        [\n");
        for (role, row) in rows.iter().enumerate() {
            s.push_str(&format!("            // {}\n", label(c, role)));
            s.push_str("            [\n");
            for chunk in row.chunks(per_line) {
                let line: Vec<String> = chunk.iter().map(T::to_string).collect();
                s.push_str(&format!("                {},\n", line.join(", ")));
            }
            s.push_str("            ],\n");
        }
        s.push_str("        ],\n");
    }
    s.push_str("    ],\n");
}

/// The evaluation network in floating point, as the fit works on it: a first-layer row
/// per feature ([`FEATURES`]), the hidden biases, the output weights and bias (in
/// evaluation units per unit of a hidden value).
#[derive(Clone)]
pub struct NetFloat {
    pub w1: Vec<[f64; HIDDEN]>,
    pub b1: [f64; HIDDEN],
    pub w2: [f64; HIDDEN],
    pub b2: f64,
}

impl NetFloat {
    /// All zero: no correction.
    pub fn zero() -> NetFloat {
        NetFloat {
            w1: vec![[0.0; HIDDEN]; FEATURES],
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
        }
    }

    /// Every weight, the first layer first (row by row), then the hidden biases, the
    /// output weights and the output bias.
    pub fn params_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.w1
            .iter_mut()
            .flatten()
            .chain(self.b1.iter_mut())
            .chain(self.w2.iter_mut())
            .chain(std::iter::once(&mut self.b2))
    }

    /// A stored network back in floating point (the inverse of [`NetFloat::quantize`],
    /// exact: every stored weight is a multiple of its unit).
    pub fn from_stored(net: &Net) -> NetFloat {
        let mut n = NetFloat::zero();
        let row_unit = f64::from(ROW_SCALE);
        for &(f, row) in net.rows.iter() {
            n.w1[usize::from(f)] = row.map(|w| f64::from(w) / row_unit);
        }
        n.b1 = net.bias.map(|b| f64::from(b) / row_unit);
        n.w2 = net.out.map(|w| f64::from(w) / f64::from(OUT_SCALE));
        n.b2 = f64::from(net.out_bias) / f64::from(OUT_SCALE);
        n
    }

    /// The network as the engine stores it (rows that round to zero are left out).
    /// Panics if a weight does not fit its stored width.
    pub fn quantize(&self) -> Net {
        let q = |w: f64, scale: i32| (w * f64::from(scale)).round();
        let rows = self
            .w1
            .iter()
            .enumerate()
            .filter_map(|(f, row)| {
                let r: Row = std::array::from_fn(|u| {
                    let v = q(row[u], ROW_SCALE);
                    assert!(
                        v.abs() <= f64::from(i16::MAX),
                        "feature {f}: weight {}",
                        row[u]
                    );
                    v as i16
                });
                (r != [0; HIDDEN]).then_some((f as u16, r))
            })
            .collect::<Vec<_>>();
        Net {
            rows: rows.into(),
            bias: std::array::from_fn(|u| q(self.b1[u], ROW_SCALE) as i32),
            out: std::array::from_fn(|u| q(self.w2[u], OUT_SCALE) as i32),
            out_bias: q(self.b2, OUT_SCALE) as i32,
        }
    }
}

/// The stored network's output for a position given by its features, the slow way: the
/// hidden layer from every feature's row times its count, in 32 bits.
pub fn net_output_of(net: &Net, x: &Features) -> i32 {
    let mut sums = [0i32; HIDDEN];
    for &(f, n) in x {
        if let Some((_, row)) = net.rows.iter().find(|(g, _)| u32::from(*g) == f) {
            for u in 0..HIDDEN {
                sums[u] += n as i32 * i32::from(row[u]);
            }
        }
    }
    let mut total = i64::from(net.out_bias) * i64::from(ROW_SCALE);
    for u in 0..HIDDEN {
        total += i64::from((net.bias[u] + sums[u]).max(0)) * i64::from(net.out[u]);
    }
    (total / (i64::from(ROW_SCALE) * i64::from(OUT_SCALE))) as i32
}

/// The source of `eval/net_weights.rs` holding these networks (`None`: a rule without
/// one); `command` is how they were made.
pub fn net_source(freestyle: Option<&Net>, renju: Option<&Net>, command: &str) -> String {
    let mut s = generated_header(
        "The evaluation network's weights, fitted to a teacher's scores.",
        "fit_eval",
        command,
    );
    s.push_str("//! `rows`: (feature, first-layer row) for every feature with a row.\n\n");
    s.push_str("use crate::eval::net::Net;\n\n");
    for (name, net) in [("FREESTYLE", freestyle), ("RENJU", renju)] {
        s.push_str("#[rustfmt::skip]\n");
        let Some(net) = net else {
            s.push_str(&format!(
                "pub(crate) static {name}: Option<Net> = None;\n\n"
            ));
            continue;
        };
        s.push_str(&format!(
            "pub(crate) static {name}: Option<Net> = Some(Net {{\n"
        ));
        s.push_str("    rows: std::borrow::Cow::Borrowed(&[\n");
        for (f, row) in net.rows.iter() {
            s.push_str(&format!("        ({f}, {row:?}),\n"));
        }
        s.push_str("    ]),\n");
        s.push_str(&format!("    bias: {:?},\n", net.bias));
        s.push_str(&format!("    out: {:?},\n", net.out));
        s.push_str(&format!("    out_bias: {},\n}});\n\n", net.out_bias));
    }
    s.pop();
    s
}

/// A walk of up to `plies` moves from the position after `moves` (on a `size` board), the
/// way the search wanders: at each step the moves it would consider there (a forced block,
/// the defences against a threat, or every candidate), best first by the ordering's cell
/// values as the search orders them, and `pick(n)` chooses the index among the `n` of them. Stops early where the
/// side to move wins or has lost at once. Returns the moves played.
pub fn walk(
    rule: Rule,
    size: u8,
    moves: &[Pos],
    plies: usize,
    pick: &mut impl FnMut(usize) -> usize,
) -> Vec<Pos> {
    let mut b = PatternBoard::new(rule, size);
    for &p in moves {
        let i = index(p);
        if !b.is_empty(i) || !b.is_legal(i) {
            return Vec::new();
        }
        b.make(i);
    }
    let order = crate::params::SearchParams::default();
    let mut out = Vec::new();
    let mut list = Vec::new();
    for _ in 0..plies {
        match generate_into(&mut b, &mut list) {
            Kind::Forced | Kind::Defend { .. } | Kind::Quiet if !list.is_empty() => {}
            _ => break,
        }
        let me = b.side_to_move();
        let value = |m: usize| order.order_value(b.value(me, m), b.value(me.opponent(), m));
        list.sort_by_key(|&m| (std::cmp::Reverse(value(m)), m));
        let m = list[pick(list.len()).min(list.len() - 1)];
        b.make(m);
        out.push(fiveinrow_rules::layout::pos_of(m));
    }
    out
}

/// One candidate move's policy features ([`crate::eval::policy::move_prior`]): the
/// mover's shape there, the opponent's, the near kinds of the last move and of the
/// mover's previous one, and the mover's and the opponent's combo there.
pub type MoveFeatures = [u16; 6];

/// A position for the policy fit: its candidates as the search would order them, and
/// which of them the teacher played.
pub struct PolicySample {
    /// The side to move (0 black, 1 white).
    pub mover: usize,
    pub moves: Vec<MoveFeatures>,
    /// The teacher's move among `moves`.
    pub target: usize,
    /// Where the hand-set cell values rank the teacher's move (0: first), ties by cell
    /// index as in the search.
    pub old_rank: usize,
}

/// The policy sample of the position after `moves` (on a `size` board) whose teacher
/// move is `best`; `None` where the moves are not a legal game, the node has one move
/// or none to choose from, or the teacher's move is not among the search's candidates.
pub fn policy_sample(rule: Rule, size: u8, moves: &[Pos], best: Pos) -> Option<PolicySample> {
    use crate::eval::policy::near_kind;
    let mut b = PatternBoard::new(rule, size);
    for &p in moves {
        let i = index(p);
        if !b.is_empty(i) || !b.is_legal(i) {
            return None;
        }
        b.make(i);
    }
    let mut list = Vec::new();
    match generate_into(&mut b, &mut list) {
        Kind::Defend { .. } | Kind::Quiet if list.len() > 1 => {}
        _ => return None,
    }
    let target = list.iter().position(|&m| m == index(best))?;
    let me = b.side_to_move();
    let op = me.opponent();
    let order = crate::params::SearchParams::default();
    let value = |m: usize| order.order_value(b.value(me, m), b.value(op, m));
    let key = |m: usize| (std::cmp::Reverse(value(m)), m);
    let old_rank = list.iter().filter(|&&m| key(m) < key(list[target])).count();
    let (last, own) = (b.last_move(), b.move_before(1));
    let feats = list
        .iter()
        .map(|&m| {
            [
                b.shape(me, m) as u16,
                b.shape(op, m) as u16,
                near_kind(m, last) as u16,
                near_kind(m, own) as u16,
                b.combo(me, m) as u16,
                b.combo(op, m) as u16,
            ]
        })
        .collect();
    Some(PolicySample {
        mover: me.index(),
        moves: feats,
        target,
        old_rank,
    })
}

/// The moves of a games line after its rule and result (`x,y` or `x,y,score`, up to the
/// first word that is not one), and the score written with each.
pub fn parse_moves<'a>(words: impl Iterator<Item = &'a str>) -> (Vec<Pos>, Vec<Option<i32>>) {
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    for m in words {
        let mut f = m.split(',');
        let (Some(Ok(x)), Some(Ok(y))) = (f.next().map(str::parse), f.next().map(str::parse))
        else {
            break;
        };
        let Some(p) = Pos::new(x, y) else { break };
        moves.push(p);
        scores.push(f.next().and_then(|s| s.parse::<i32>().ok()));
    }
    (moves, scores)
}

/// The text of a games file, or of several joined by `+` (`A.xz+B`), one after the
/// other; a file ending in `.xz` (as the teacher data kept in `data/teacher/`) is read
/// through the system's `xz -dc`. The fitting tools stop on a file they cannot read:
/// this panics with its path.
pub fn read_games_text(path: &str) -> String {
    path.split('+')
        .map(|p| {
            let mut text = read_games_file(p);
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text
        })
        .collect()
}

fn read_games_file(path: &str) -> String {
    if !path.ends_with(".xz") {
        return std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{path}: {e} (a games file)"));
    }
    let out = std::process::Command::new("xz")
        .args(["-dc", path])
        .output()
        .unwrap_or_else(|e| panic!("xz -dc {path}: {e} (is xz installed?)"));
    assert!(
        out.status.success(),
        "xz -dc {path}: {}",
        String::from_utf8_lossy(&out.stderr).trim()
    );
    String::from_utf8(out.stdout).unwrap_or_else(|_| panic!("{path}: not text"))
}

/// The moves an engine chose in games against itself, from `rule`'s lines of a games
/// text (the `fit_eval games` format, as the teacher files `data/teacher/*-rapfi-games*`
/// hold): each position from ply `from` on (an opening's stones were set, not chosen),
/// with the move played there. Such a file has a line per scored position, each the game
/// up to a little past it, so a line that extends the one before it is the same game;
/// a position met more than once (two games through one opening) comes once, with the
/// first move seen there.
pub fn played_moves(text: &str, rule: Rule, from: usize) -> Vec<(Vec<Pos>, Pos)> {
    let mut games: Vec<Vec<Pos>> = Vec::new();
    let mut extends_last = false;
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        if parts.next().and_then(|r| r.parse::<Rule>().ok()) != Some(rule) {
            extends_last = false;
            continue;
        }
        let (moves, _) = parse_moves(parts.skip(1));
        match games.last_mut() {
            Some(last) if extends_last && moves.starts_with(last) => *last = moves,
            _ => games.push(moves),
        }
        extends_last = true;
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for game in &games {
        for k in from..game.len() {
            if seen.insert(&game[..k]) {
                out.push((game[..k].to_vec(), game[k]));
            }
        }
    }
    out
}

/// The source of `eval/policy_weights.rs` holding these policies; `command` is how they
/// were made.
pub fn policy_source(
    freestyle: &crate::eval::policy::Policy,
    renju: &crate::eval::policy::Policy,
    command: &str,
) -> String {
    let mut s = generated_header(
        "The move-ordering policy's weights, fitted to a teacher engine's moves.",
        "fit_policy",
        command,
    );
    s.push_str("//! Each row: one mover's colour, a weight per cell shape (`SHAPES`) of the\n");
    s.push_str("//! mover's and of the opponent's, then the near kinds.\n\n");
    s.push_str("use crate::eval::policy::Policy;\n\n");
    for (name, w) in [("FREESTYLE", freestyle), ("RENJU", renju)] {
        s.push_str("#[rustfmt::skip]\n");
        s.push_str(&format!("pub(crate) static {name}: Policy = Policy {{\n"));
        push_shape_field(&mut s, &w.shape, 20, |c, role| {
            format!(
                "{} to move: {} shape",
                ["black", "white"][c],
                ["its own", "the opponent's"][role]
            )
        });
        s.push_str(&format!("    near: {:?},\n", w.near));
        s.push_str("    pair: [\n");
        for c in 0..2 {
            s.push_str(&format!(
                "        // {} to move: its combo by the opponent's\n",
                ["black", "white"][c]
            ));
            s.push_str("        [\n");
            for row in &w.pair[c] {
                s.push_str(&format!("            {row:?},\n"));
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n};\n\n");
    }
    s.pop();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command a generated file's header names (between `-- ` and the backquote).
    fn command_of<'a>(text: &'a str, example: &str) -> &'a str {
        let pattern = format!("--example {example} -- ");
        let from = text.find(&pattern).expect("a header") + pattern.len();
        let to = from + text[from..].find("` (see").expect("the command's end");
        &text[from..to]
    }

    /// The generators write exactly the files in the tree: what the engine reads is what
    /// the fitting tools would write for it.
    #[test]
    fn the_generated_tables_round_trip() {
        let weights = include_str!("weights.rs");
        let cmd = command_of(weights, "fit_eval");
        let again = weights_source(current(Rule::Freestyle), current(Rule::Renju), cmd);
        assert!(
            again == weights,
            "weights.rs differs from what fit_eval writes"
        );
        let net = include_str!("net_weights.rs");
        let cmd = command_of(net, "fit_eval");
        let again = net_source(current_net(Rule::Freestyle), current_net(Rule::Renju), cmd);
        assert!(
            again == net,
            "net_weights.rs differs from what fit_eval writes"
        );
        let policy = include_str!("policy_weights.rs");
        let cmd = command_of(policy, "fit_policy");
        let again = policy_source(
            crate::eval::policy::policy(Rule::Freestyle),
            crate::eval::policy::policy(Rule::Renju),
            cmd,
        );
        assert!(
            again == policy,
            "policy_weights.rs differs from what fit_policy writes"
        );
    }

    /// The stored network says what the fitted one says, to within rounding, and leaves
    /// out the rows that are zero.
    #[test]
    fn a_stored_network_gives_the_fitted_ones_output() {
        let mut n = NetFloat::zero();
        n.w1[3] = [0.25; HIDDEN];
        n.w1[3][1] = -0.5;
        n.w1[THREAT_FEATURES + 5] = std::array::from_fn(|u| u as f64 * 0.01 - 0.05);
        n.b1 = [0.1; HIDDEN];
        n.w2 = std::array::from_fn(|u| (u as f64 - 7.5) * 3.0);
        n.b2 = 12.0;
        let stored = n.quantize();
        assert_eq!(stored.rows.len(), 2);
        let x: Features = vec![(3, 4.0), (THREAT_FEATURES as u32 + 5, 1.0)];
        let fitted: f64 = n.b2
            + (0..HIDDEN)
                .map(|u| {
                    (n.b1[u] + 4.0 * n.w1[3][u] + n.w1[THREAT_FEATURES + 5][u]).max(0.0) * n.w2[u]
                })
                .sum::<f64>();
        let got = f64::from(net_output_of(&stored, &x));
        assert!((got - fitted).abs() <= 1.0, "stored {got}, fitted {fitted}");
        assert!(fitted.abs() > 10.0, "{fitted}: a test that says something");
    }

    /// A stored network read back into floating point stores as itself: the fit can
    /// score the network in use on its held-out positions.
    #[test]
    fn a_stored_network_reads_back_exactly() {
        let net = current_net(Rule::Freestyle).expect("freestyle has a network");
        assert_eq!(NetFloat::from_stored(net).quantize(), *net);
    }

    /// A games file's lines that extend the line before them make one game; a second
    /// game through the same opening starts again; every position from ply `from` on
    /// comes once, with the move played there, and other rules' lines are left out.
    #[test]
    fn played_moves_rebuild_the_games() {
        let text = "freestyle B 7,7 8,8 9,9,-5 6,6 5,5\n\
                    freestyle B 7,7 8,8 9,9 6,6 5,5 10,10,40 4,4 3,3\n\
                    renju W 7,7 8,8 9,9 1,1\n\
                    freestyle W 7,7 8,8 9,9 6,6 2,2,7 3,3 4,4\n";
        let p = |x, y| Pos::new(x, y).expect("on the board");
        let got = played_moves(text, Rule::Freestyle, 3);
        let game = [
            p(7, 7),
            p(8, 8),
            p(9, 9),
            p(6, 6),
            p(5, 5),
            p(10, 10),
            p(4, 4),
            p(3, 3),
        ];
        let mut want: Vec<(Vec<Pos>, Pos)> = (3..game.len())
            .map(|k| (game[..k].to_vec(), game[k]))
            .collect();
        // The second game: its first three positions were met in the first.
        let second = [
            p(7, 7),
            p(8, 8),
            p(9, 9),
            p(6, 6),
            p(2, 2),
            p(3, 3),
            p(4, 4),
        ];
        want.extend((5..second.len()).map(|k| (second[..k].to_vec(), second[k])));
        assert_eq!(got, want);
        // The first position after the opening: the fourth stone's cell, not earlier ones.
        assert_eq!(got[0], (game[..3].to_vec(), p(6, 6)));
    }
}
