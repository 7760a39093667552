//! Below the horizon: the quiescence a node at depth zero runs, by default [`Worker::qvcf`]
//! (our fours near our last stone, each answered by its one block, with the table).

use fiveinrow_rules::CELLS;

use super::{close, Worker, MAX_PLY, NEAR};
use crate::board::pattern::Combo;
use crate::params::ONE_PLY;
use crate::score::{from_tt, to_tt, WIN};
use crate::search::movegen::wins_in_five;
use crate::search::tt::{Bound, Entry};

impl Worker<'_> {
    /// Below the horizon: [`Self::qvcf`], or with it off the older quiescence: the static
    /// evaluation, unless one of our fours (the opponent's block is forced and costs no
    /// depth) does better, down to `qsearch_fours` fours.
    pub(super) fn quiesce(&mut self, mut alpha: i32, beta: i32, depth: i32, ply: usize) -> i32 {
        if self.shared.params.qvcf {
            return self.qvcf(alpha, beta, depth.min(0), ply);
        }
        let me = self.board.side_to_move();
        let op = me.opponent();
        let stand = self.eval();
        let p = &self.shared.params;
        if p.leaf_vcf_nodes > 0
            && self.board.combo_count(op, Combo::Flex4) == 0
            && self.has_four(me)
            && self.quick_vcf()
        {
            return WIN - ply as i32 - 5;
        }
        if stand >= beta || depth <= -p.qsearch_fours || !self.has_four(me) {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut fours = std::mem::take(&mut self.move_bufs[ply]);
        fours.clear();
        // Local: near the mover's previous stone (the one before the opponent's reply),
        // and past the first ply only fours that build something more.
        let near = if p.qsearch_local {
            self.board.move_before(1)
        } else {
            None
        };
        let first = depth == 0;
        let b = &self.board;
        fours.extend(b.empty_cells().filter(|&i| {
            let c = b.combo(me, i);
            c.is_four()
                && near.is_none_or(|n| close(n, i) && (first || c != Combo::Block4))
                && b.is_legal(i)
        }));
        // Strongest first.
        fours.sort_by_key(|&i| std::cmp::Reverse(b.combo(me, i)));
        for &m in &fours {
            self.board.make(m);
            let s = -self.search(-beta, -alpha, (depth - 1) * ONE_PLY, ply + 1, false, false);
            self.board.undo();
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[ply] = fours;
        best
    }

    /// The quiescence of [`crate::params::SearchParams::qvcf`]: the static evaluation,
    /// or better where our fours near our previous stone lead somewhere (each answered
    /// by its one block, which costs nothing); a four against us is blocked first. `qd`
    /// counts our fours down from 0: the first two may be plain fours, later ones must
    /// build something more (a three or two with them) unless our last two were such
    /// fours. Results go into the table at depth `qd` (never over a deeper entry of the
    /// same position).
    fn qvcf(&mut self, mut alpha: i32, beta: i32, qd: i32, ply: usize) -> i32 {
        // The caller counted this node.
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let me = self.board.side_to_move();
        let op = me.opponent();
        if self.board.combo_count(me, Combo::Five) > 0 {
            return WIN - ply as i32 - 1;
        }
        if ply >= MAX_PLY || self.board.is_full() {
            return self.eval();
        }
        if self.board.combo_count(op, Combo::Five) > 0 {
            return self.qvcf_block(alpha, beta, qd, ply);
        }
        if self.board.combo_count(me, Combo::Flex4) > 0 && self.has_legal_flex4(me) {
            return WIN - ply as i32 - 3;
        }
        if self.shared.params.quick_win && wins_in_five(&self.board) {
            return WIN - ply as i32 - 5;
        }
        let key = self.board.hash();
        let tt = self.shared.tt.probe(key);
        let mut tt_move = None;
        if let Some(e) = tt {
            let s = from_tt(e.score, ply);
            if e.depth >= qd && e.bound.cuts(s, alpha, beta) {
                return s;
            }
            tt_move = e.mv;
        }
        let raw_eval = self.eval_of(tt);
        let stand = self.corrected(raw_eval);
        if stand >= beta {
            return stand;
        }
        let orig_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move = None;
        let mut fours = std::mem::take(&mut self.move_bufs[ply]);
        fours.clear();
        let plain_ok = qd >= -1
            || (ply >= 4
                && self.played[ply - 2] >= Combo::Block4Plus
                && self.played[ply - 4] >= Combo::Block4Plus
                && self.played[ply - 2] != Combo::Forbid
                && self.played[ply - 4] != Combo::Forbid);
        let b = &self.board;
        let wanted = |i: usize| {
            let c = b.combo(me, i);
            c.is_four() && (plain_ok || c != Combo::Block4) && b.is_legal(i)
        };
        match b.move_before(1) {
            Some(own) => fours.extend(
                NEAR.iter()
                    .map(|&d| own.wrapping_add_signed(d))
                    .filter(|&i| i < CELLS && b.is_empty(i) && wanted(i)),
            ),
            None => fours.extend(b.empty_cells().filter(|&i| wanted(i))),
        }
        // The table's move first, then the strongest fours.
        fours.sort_by_key(|&i| (Some(i) != tt_move, std::cmp::Reverse(b.combo(me, i))));
        for k in 0..fours.len() {
            let m = fours[k];
            self.played[ply] = self.board.combo(me, m);
            self.shared.tt.prefetch(self.board.hash_after(m));
            self.board.make(m);
            self.nodes += 1;
            let s = -self.qvcf(-beta, -alpha, qd - 1, ply + 1);
            self.board.undo();
            if self.aborted {
                self.move_bufs[ply] = fours;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[ply] = fours;
        if tt.is_none_or(|e| e.depth <= qd) {
            self.shared.tt.store(
                key,
                Entry {
                    mv: best_move.or(tt_move),
                    score: to_tt(best, ply),
                    eval: raw_eval,
                    depth: qd,
                    bound: Bound::of(best, orig_alpha, beta),
                    pv: false,
                },
            );
        }
        best
    }

    /// A four against the side to move inside [`Self::qvcf`]: its one block (a loss where
    /// there are two five-points, or the only one is forbidden for black).
    fn qvcf_block(&mut self, alpha: i32, beta: i32, qd: i32, ply: usize) -> i32 {
        let me = self.board.side_to_move();
        let op = me.opponent();
        if self.board.combo_count(op, Combo::Five) > 1 {
            return -WIN + ply as i32 + 2;
        }
        // The five-point is on a line of the opponent's last stone, within four.
        let b = &self.board;
        let five = |i: usize| i < CELLS && b.is_empty(i) && b.combo(op, i) == Combo::Five;
        let near = b.last_move().and_then(|last| {
            NEAR.iter()
                .map(|&d| last.wrapping_add_signed(d))
                .find(|&i| five(i))
        });
        let Some(block) = near.or_else(|| b.threat_cells().find(|&i| five(i))) else {
            return self.eval();
        };
        if !self.board.is_legal(block) {
            return -WIN + ply as i32 + 2;
        }
        self.played[ply] = self.board.combo(me, block);
        self.board.make(block);
        self.nodes += 1;
        let s = -self.qvcf(-beta, -alpha, qd, ply + 1);
        self.board.undo();
        s
    }
}
