//! Threat-space search: VCF (victory by continuous fours) and VCT (by threes and fours)
//! for the side to move. Renju-aware on both sides: black's threats only count through
//! legal cells, and a black defender cannot block on a forbidden cell.
//!
//! A solution is the list of plies from the attacker's first move: attacker, defender's
//! reply, attacker, ... ending with the attacker's five. Where the defender had several
//! replies (VCT after a three), the line shows one of them; every reply was refuted.

pub(crate) mod solve;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use fiveinrow_rules::layout::{Cell, DIR_STEP};
use fiveinrow_rules::line_code::REACH;
use fiveinrow_rules::Color;

use crate::board::pattern::Combo;
use crate::board::pattern_board::PatternBoard;
use crate::search::movegen::{find_five, has_four_line};

/// The usual longest VCF a quiet VCT move may threaten (see
/// [`ThreatSearch::with_quiet_threats`]).
pub const QUIET_THREAT_DEPTH: u32 = 3;

/// Most quiet moves on one VCT line: each multiplies the tree by the candidates and
/// the defender's replies.
const MAX_QUIET_ON_LINE: u32 = 2;

/// Limits of one threat search.
#[derive(Debug, Clone, Copy)]
pub struct ThreatLimits {
    /// Most attacker moves in the sequence.
    pub depth: u32,
    /// Most nodes before giving up (an answer of "none" then means "none found").
    pub nodes: u64,
}

/// The threat searcher: its own memo of refuted positions.
pub struct ThreatSearch<'a> {
    pub nodes: u64,
    limits: ThreatLimits,
    stop: Option<&'a AtomicBool>,
    /// Positions (hash) known to have no win within the remaining depth stored.
    refuted: HashMap<u64, u32>,
    deadline: Option<std::time::Instant>,
    /// Longest VCF (attacker fours) a quiet VCT move may threaten; 0: no quiet moves.
    quiet_depth: u32,
    /// Quiet moves on the current line (each multiplies the tree).
    quiet_on_line: u32,
}

impl<'a> ThreatSearch<'a> {
    pub fn new(limits: ThreatLimits, stop: Option<&'a AtomicBool>) -> Self {
        ThreatSearch {
            nodes: 0,
            limits,
            stop,
            refuted: HashMap::new(),
            deadline: None,
            quiet_depth: 0,
            quiet_on_line: 0,
        }
    }

    /// Lets the VCT also try quiet moves that threaten a VCF of at most `depth` fours
    /// (the defender then gets every reply that can spoil that VCF).
    pub fn with_quiet_threats(mut self, depth: u32) -> Self {
        self.quiet_depth = depth;
        self
    }

    /// Gives up at this instant (the caller's time plan).
    pub fn with_deadline(mut self, deadline: Option<std::time::Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.limits.nodes
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || (self.nodes & 127 == 0
                && self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d))
    }

    /// A VCF for the side to move, or `None`.
    pub fn vcf(&mut self, b: &mut PatternBoard) -> Option<Vec<usize>> {
        let mut line = Vec::new();
        self.vcf_node(b, self.limits.depth, &mut line)
            .then_some(line)
    }

    /// A VCT for the side to move (a VCF counts), or `None`.
    pub fn vct(&mut self, b: &mut PatternBoard) -> Option<Vec<usize>> {
        let mut line = Vec::new();
        for depth in 1..=self.limits.depth {
            if self.vct_node(b, depth, &mut line) {
                return Some(line);
            }
            line.clear();
            if self.out_of_budget() {
                break;
            }
        }
        None
    }

    fn vcf_node(&mut self, b: &mut PatternBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let me = b.side_to_move();
        if let Some(f) = find_five(b, me) {
            line.push(f);
            return true;
        }
        if depth == 0 || self.out_of_budget() {
            return false;
        }
        let key = b.hash() ^ 0x5643_4600; // "VCF"
        if self.refuted.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        let moves = match forced_block(b) {
            Forced::Lost => return false,
            // Blocking keeps the initiative only if the block is itself a four.
            Forced::Block(x) if b.combo(me, x).is_four() => vec![x],
            Forced::Block(_) => return false,
            Forced::Free => attacker_fours(b),
        };
        for m in moves {
            if self.try_four(b, m, depth, line, Self::vcf_node) {
                return true;
            }
        }
        self.refuted.insert(key, depth);
        false
    }

    /// Plays attacker four `m`, the defender's forced block, and continues with `next`.
    fn try_four(
        &mut self,
        b: &mut PatternBoard,
        m: usize,
        depth: u32,
        line: &mut Vec<usize>,
        next: fn(&mut Self, &mut PatternBoard, u32, &mut Vec<usize>) -> bool,
    ) -> bool {
        let me = b.side_to_move();
        b.make(m);
        let fives = fives_around(b, me, m);
        let won = match fives.as_slice() {
            [] => false, // not a four after all (cannot happen for a four combo)
            [f] => {
                let f = *f;
                if !b.is_legal(f) {
                    // The defender (black) may not block: any move, then the five.
                    line.extend([m, f]);
                    b.undo();
                    return true;
                }
                b.make(f);
                let len = line.len();
                line.extend([m, f]);
                let ok = next(self, b, depth - 1, line);
                if !ok {
                    line.truncate(len);
                }
                b.undo();
                ok
            }
            [f1, f2, ..] => {
                // Two five-points: the defender blocks one, the attacker plays the other.
                line.extend([m, *f1, *f2]);
                true
            }
        };
        b.undo();
        won
    }

    fn vct_node(&mut self, b: &mut PatternBoard, depth: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let me = b.side_to_move();
        let op = me.opponent();
        if let Some(f) = find_five(b, me) {
            line.push(f);
            return true;
        }
        if depth == 0 || self.out_of_budget() {
            return false;
        }
        // Lines that have used their quiet move search less: a separate memo.
        let key = b.hash() ^ 0x5643_5400 ^ u64::from(self.quiet_on_line) << 40; // "VCT"
        if self.refuted.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        let blocked = match forced_block(b) {
            Forced::Lost => return false,
            Forced::Block(x) if b.combo(me, x).is_four() => Some(x),
            // A block that makes an open three keeps the initiative too.
            Forced::Block(x) if b.combo(me, x).is_threat() => {
                let ok = self.try_three(b, x, depth, line);
                if !ok {
                    self.refuted.insert(key, depth);
                }
                return ok;
            }
            Forced::Block(_) => return false,
            Forced::Free => None,
        };
        // Fours first (cheap, and they keep every reply forced).
        let fours = match blocked {
            Some(x) => vec![x],
            None => attacker_fours(b),
        };
        for &m in &fours {
            if self.try_four(b, m, depth, line, Self::vct_node) {
                return true;
            }
        }
        // Threes: only when the opponent has no open-four threat of its own (it would
        // answer a three with an open four).
        if blocked.is_none() && b.combo_count(op, Combo::Flex4) == 0 {
            for m in attacker_threes(b) {
                if self.try_three(b, m, depth, line) {
                    return true;
                }
                if self.out_of_budget() {
                    break;
                }
            }
            // Quiet moves that threaten a VCF: last, they are the most expensive.
            if self.quiet_depth > 0 && depth >= 2 && self.quiet_on_line < MAX_QUIET_ON_LINE {
                for m in attacker_quiet(b) {
                    if self.out_of_budget() {
                        break;
                    }
                    if self.try_quiet(b, m, depth, line) {
                        return true;
                    }
                }
            }
        }
        if !self.out_of_budget() {
            self.refuted.insert(key, depth);
        }
        false
    }

    /// Plays attacker quiet move `m`; if it threatens a VCF, wins when every reply that
    /// could spoil that VCF loses to a VCT of depth - 1.
    fn try_quiet(
        &mut self,
        b: &mut PatternBoard,
        m: usize,
        depth: u32,
        line: &mut Vec<usize>,
    ) -> bool {
        b.make(m);
        // The threat: the attacker's VCF if the defender passed.
        b.flip_side();
        let mut threat = Vec::new();
        let threatens = self.vcf_node(b, self.quiet_depth.min(depth - 1), &mut threat);
        b.flip_side();
        if !threatens {
            b.undo();
            return false;
        }
        let defences = threat_defences(b, &threat);
        self.quiet_on_line += 1;
        let refuted = self.every_reply_loses(b, &defences, depth);
        self.quiet_on_line -= 1;
        b.undo();
        self.record(m, refuted, line)
    }

    /// Whether each of the defender's `replies` loses to a VCT of depth - 1; if so, the
    /// line after the first reply (empty when there was no legal reply at all).
    fn every_reply_loses(
        &mut self,
        b: &mut PatternBoard,
        replies: &[usize],
        depth: u32,
    ) -> Option<Vec<usize>> {
        let mut first_line: Option<Vec<usize>> = None;
        for &r in replies {
            b.make(r);
            let mut sub = Vec::new();
            let lost = self.vct_node(b, depth - 1, &mut sub);
            b.undo();
            if !lost {
                return None;
            }
            if first_line.is_none() {
                let mut l = vec![r];
                l.extend(sub);
                first_line = Some(l);
            }
        }
        Some(first_line.unwrap_or_default())
    }

    /// Appends attacker move `m` and the refuted defence's line when the threat won.
    fn record(&self, m: usize, refuted: Option<Vec<usize>>, line: &mut Vec<usize>) -> bool {
        match refuted {
            Some(rest) => {
                line.push(m);
                line.extend(rest);
                true
            }
            None => false,
        }
    }

    /// Plays attacker three `m`; wins if every defence loses to a VCT of depth - 1.
    fn try_three(
        &mut self,
        b: &mut PatternBoard,
        m: usize,
        depth: u32,
        line: &mut Vec<usize>,
    ) -> bool {
        let me = b.side_to_move();
        b.make(m);
        // A three is a threat only if it can become an open four on a legal cell.
        let threat = b
            .empty_cells()
            .any(|i| b.combo(me, i) == Combo::Flex4 && is_legal_for(b, me, i));
        if !threat {
            b.undo();
            return false;
        }
        // Defences: the defender's own fours, and every cell where the attacker could
        // make a four (which includes every cell that breaks the threat).
        let op = me.opponent();
        let defences: Vec<usize> = b
            .empty_cells()
            .filter(|&i| b.combo(op, i).is_four() || has_four_line(b, me, i))
            .filter(|&i| b.is_legal(i))
            .collect();
        let refuted = self.every_reply_loses(b, &defences, depth);
        b.undo();
        // With no legal defence at all (black hemmed in by forbidden cells) the line is
        // the three alone.
        self.record(m, refuted, line)
    }
}

enum Forced {
    /// The opponent has no five-point.
    Free,
    /// One five-point, legal for us to block.
    Block(usize),
    /// Two or more, or one we may not block.
    Lost,
}

fn forced_block(b: &PatternBoard) -> Forced {
    let op = b.side_to_move().opponent();
    if b.combo_count(op, Combo::Five) == 0 {
        return Forced::Free;
    }
    let fives: Vec<usize> = b
        .empty_cells()
        .filter(|&i| b.combo(op, i) == Combo::Five)
        .collect();
    match fives.as_slice() {
        [x] if b.is_legal(*x) => Forced::Block(*x),
        _ => Forced::Lost,
    }
}

fn is_legal_for(b: &PatternBoard, c: Color, i: usize) -> bool {
    b.is_empty(i) && (c == Color::White || !b.is_forbidden(i))
}

/// The attacker's legal four moves, open fours first, then by cell value.
fn attacker_fours(b: &PatternBoard) -> Vec<usize> {
    strongest_first(b, Combo::is_four)
}

/// The attacker's legal open-three moves, strongest first.
fn attacker_threes(b: &PatternBoard) -> Vec<usize> {
    strongest_first(b, |c| {
        matches!(c, Combo::Flex3 | Combo::Flex3Plus | Combo::Flex3x2)
    })
}

/// The attacker's legal cells whose combo `keep` accepts, by combo, then cell value,
/// then index.
fn strongest_first(b: &PatternBoard, keep: impl Fn(Combo) -> bool) -> Vec<usize> {
    let me = b.side_to_move();
    let mut moves: Vec<usize> = b
        .empty_cells()
        .filter(|&i| keep(b.combo(me, i)) && is_legal_for(b, me, i))
        .collect();
    moves.sort_by_key(|&i| {
        (
            std::cmp::Reverse(b.combo(me, i)),
            std::cmp::Reverse(b.value(me, i)),
            i,
        )
    });
    moves
}

/// The attacker's quiet candidates (an own shape of at least an open two, no threat
/// yet), strongest first.
fn attacker_quiet(b: &PatternBoard) -> Vec<usize> {
    let me = b.side_to_move();
    let mut moves: Vec<usize> = b
        .empty_cells()
        .filter(|&i| {
            let c = b.combo(me, i);
            c >= Combo::Flex2 && !c.is_threat() && c != Combo::Forbid && is_legal_for(b, me, i)
        })
        .collect();
    moves.sort_by_key(|&i| (std::cmp::Reverse(b.value(me, i)), i));
    moves
}

/// The defender's replies to a threatened VCF `threat` (the attacker's plies from a pass,
/// ending with the five): every cell of the sequence, the defender's own fours, the cells
/// where a stone would turn one of the defender's forced blocks into a four, and under
/// renju the cells around a block black may not play (a black stone there can change
/// that). Any other reply leaves the whole sequence working.
fn threat_defences(b: &mut PatternBoard, threat: &[usize]) -> Vec<usize> {
    let defender = b.side_to_move();
    let mut mark = vec![false; fiveinrow_rules::CELLS];
    for &t in threat {
        mark[t] = true;
    }
    // Replay the sequence (attacker first, from a pass) to see the blocks in place.
    b.flip_side();
    let mut played = 0;
    for (k, &t) in threat.iter().enumerate() {
        if !b.is_empty(t) {
            break;
        }
        let is_block = k % 2 == 1;
        if is_block && !b.is_legal(t) {
            // Black may not block here: the cells whose stones could change that.
            for d in 0..4 {
                for o in -5..=5isize {
                    let c = (t as isize + o * DIR_STEP[d]) as usize;
                    if b.cell(c) != Cell::Wall {
                        mark[c] = true;
                    }
                }
            }
            break;
        }
        b.make(t);
        played += 1;
        if is_block {
            for d in 0..4 {
                for o in -4..=4isize {
                    let c = (t as isize + o * DIR_STEP[d]) as usize;
                    if b.is_empty(c) && b.pattern(defender, c, d).is_four() {
                        mark[c] = true;
                    }
                }
            }
        }
    }
    for _ in 0..played {
        b.undo();
    }
    b.flip_side();
    let mut out: Vec<usize> = threat
        .iter()
        .copied()
        .filter(|&t| b.is_empty(t) && b.is_legal(t))
        .collect();
    for i in b.empty_cells().collect::<Vec<_>>() {
        if (mark[i] || b.combo(defender, i).is_four()) && !out.contains(&i) && b.is_legal(i) {
            out.push(i);
        }
    }
    out
}

/// `color`'s five-points on the lines through `i` (after a move on `i`), distinct.
fn fives_around(b: &PatternBoard, color: Color, i: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for d in 0..4 {
        for o in -(REACH as isize)..=REACH as isize {
            let t = (i as isize + o * DIR_STEP[d]) as usize;
            if o != 0 && b.is_empty(t) && b.combo(color, t) == Combo::Five && !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}
