//! The main search of one thread: iterative deepening, principal variation search with
//! aspiration windows, transposition table, pruning, extensions, late-move reductions,
//! and the forced-move rules of [`crate::search::movegen`]. Its move ordering (keys,
//! killers, history) is in `order`, the quiescence below the horizon in `quiesce`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use fiveinrow_rules::{Color, CELLS};

use crate::board::pattern::Combo;
use crate::board::pattern_board::PatternBoard;
use crate::eval::policy::{Prior, POLICY_SCALE};
use crate::eval::{evaluate, evaluate_smoothed, threat_mask};
use crate::limits::TimePlan;
use crate::params::{SearchParams, ONE_PLY};
use crate::score::{from_tt, to_tt, INFINITE, WIN, WIN_BOUND};
use crate::search::correction::Correction;
use crate::search::learned::Learned;
use crate::search::movegen::{candidates_into, generate_with, wins_in_five, Kind};
use crate::search::tt::{Bound, Entry, Table, NO_EVAL};
use crate::threat::{ThreatLimits, ThreatSearch};

mod order;
mod quiesce;

use order::next_best;

pub const MAX_PLY: usize = 96;

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tt: &'a Table,
    /// Set by the caller to stop the search from outside.
    pub external_stop: &'a AtomicBool,
    /// Set when the search itself decides to stop (limits reached, main thread done).
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    pub plan: TimePlan,
    pub node_limit: Option<u64>,
    pub params: SearchParams,
}

/// One finished (or interrupted) iteration's line.
#[derive(Debug, Clone)]
pub struct Line {
    pub score: i32,
    pub pv: Vec<usize>,
}

/// A searching thread.
pub struct Worker<'a> {
    pub board: PatternBoard,
    shared: &'a Shared<'a>,
    nodes: u64,
    flushed: u64,
    aborted: bool,
    killers: Vec<[Option<usize>; 2]>,
    /// The quiet move that last cut off right after the opponent's move to each cell,
    /// per colour to move (the counter-move heuristic).
    counters: Box<[[u16; CELLS]; 2]>,
    history: Box<[[i32; CELLS]; 2]>,
    /// History per opponent's last move and per our own one before it
    /// ([`Learned::cont`]; empty unless `SearchParams::continuations_on`).
    cont: Vec<i32>,
    /// The static evaluation's corrections (`SearchParams::corr_weight`).
    corr: Correction,
    /// Static evaluation per ply ([`NO_EVAL`] at forced blocks).
    evals: Vec<i32>,
    /// Per ply: the node is or was on a principal variation (the table's PV flag).
    tt_pvs: Vec<bool>,
    /// The move a singular-extension search leaves out, per ply.
    skip: Vec<Option<usize>>,
    /// Plies of extension beyond one a ply that the line to each ply has taken
    /// (double singular extensions are allowed while it stays small).
    extra: Vec<i32>,
    /// What the move made at each ply built for its mover (an attack followed by another
    /// attack is reduced less: [`SearchParams::lmr_attack_less`]).
    played: Vec<Combo>,
    pv: Vec<Vec<usize>>,
    pub seldepth: usize,
    /// Root moves not to search (multi-PV: the lines already found).
    pub excluded: Vec<usize>,
    /// Root moves with their last scores, best first.
    root_moves: Vec<(usize, i32)>,
    /// Best root move of the current iteration so far, found with a full window.
    iter_best: Option<Line>,
    /// Move lists per ply, reused so that nodes do not allocate.
    move_bufs: Vec<Vec<usize>>,
    /// Ordering keys per ply (score and move packed in a u64), reused.
    key_bufs: Vec<Vec<u64>>,
}

impl<'a> Worker<'a> {
    pub fn new(board: PatternBoard, shared: &'a Shared<'a>) -> Worker<'a> {
        Worker::with_learned(board, shared, Learned::default())
    }

    /// A thread that starts from the tables of an earlier search ([`Learned`]).
    pub fn with_learned(
        board: PatternBoard,
        shared: &'a Shared<'a>,
        learned: Learned,
    ) -> Worker<'a> {
        let mut learned = learned;
        if shared.params.continuations_on() {
            learned.with_continuations();
        }
        let Learned {
            counters,
            history,
            cont,
            corr,
        } = learned;
        Worker {
            board,
            shared,
            nodes: 0,
            flushed: 0,
            aborted: false,
            killers: vec![[None; 2]; MAX_PLY + 2],
            counters,
            history,
            cont,
            corr,
            evals: vec![NO_EVAL; MAX_PLY + 2],
            tt_pvs: vec![false; MAX_PLY + 2],
            skip: vec![None; MAX_PLY + 2],
            extra: vec![0; MAX_PLY + 2],
            played: vec![Combo::None; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            seldepth: 0,
            excluded: Vec::new(),
            root_moves: Vec::new(),
            iter_best: None,
            move_bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            key_bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// The tables this thread learnt, for the game's next search.
    pub fn into_learned(self) -> Learned {
        Learned {
            counters: self.counters,
            history: self.history,
            cont: self.cont,
            corr: self.corr,
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Root moves for this search (the forced-move rules applied); sets them up.
    pub fn prepare_root(&mut self, moves: Vec<usize>) {
        self.root_moves = moves.into_iter().map(|m| (m, -INFINITE)).collect();
    }

    /// Checks stop, time and node limits every 256 nodes.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 255 == 0 {
            let delta = self.nodes - self.flushed;
            self.flushed = self.nodes;
            let total = self.shared.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
            if self.shared.stop.load(Ordering::Relaxed)
                || self.shared.external_stop.load(Ordering::Relaxed)
            {
                self.aborted = true;
            } else if self.shared.node_limit.is_some_and(|n| total >= n)
                || self.shared.plan.hard.is_some_and(|h| Instant::now() >= h)
            {
                self.shared.stop.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub fn flush_nodes(&mut self) {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
    }

    /// One iteration at `depth` with an aspiration window around the line's scores of the
    /// iterations before (`prev`, the last one last).
    pub fn iterate(&mut self, depth: i32, prev: &[i32]) -> Option<Line> {
        self.iter_best = None;
        let (mut alpha, mut beta) = match prev {
            [.., s] if depth >= 4 && s.abs() < WIN_BOUND => {
                let before = prev.len().checked_sub(2).map(|k| prev[k]);
                let before = before.filter(|b| b.abs() < WIN_BOUND);
                self.shared.params.aspiration_window(*s, before)
            }
            _ => (-INFINITE, INFINITE),
        };
        let mut widen = self.shared.params.aspiration.max(1);
        loop {
            let score = self.root(depth, alpha, beta);
            if self.aborted {
                return self.iter_best.take();
            }
            if score <= alpha && alpha > -INFINITE {
                widen *= 4;
                alpha = (score - widen).max(-INFINITE);
                continue;
            }
            if score >= beta && beta < INFINITE {
                widen *= 4;
                beta = (score + widen).min(INFINITE);
                continue;
            }
            return Some(Line {
                score,
                pv: self.pv[0].clone(),
            });
        }
    }

    fn root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INFINITE;
        self.pv[0].clear();
        // Best first: the previous iteration's order (a stable sort keeps ties fixed).
        self.root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let moves: Vec<usize> = self
            .root_moves
            .iter()
            .map(|&(m, _)| m)
            .filter(|m| !self.excluded.contains(m))
            .collect();
        let me = self.board.side_to_move();
        for (i, &m) in moves.iter().enumerate() {
            // Late root moves are reduced like late moves anywhere (fours never are).
            let p = &self.shared.params;
            // The root is a PV node: `lmr_pv_less` applies here too.
            let reduction = if i == 0 || !p.root_lmr || self.board.combo(me, m).is_four() {
                0
            } else {
                (p.reduction(i, depth) - p.lmr_pv_less * ONE_PLY).max(0)
            };
            let next = (depth - 1) * ONE_PLY;
            self.played[0] = self.board.combo(me, m);
            self.board.make(m);
            self.nodes += 1;
            let mut s;
            if i == 0 {
                s = -self.search(-beta, -alpha, next, 1, true, false);
            } else {
                s = -self.search(-alpha - 1, -alpha, next - reduction, 1, false, true);
                if s > alpha && reduction > 0 && !self.aborted {
                    s = -self.search(-alpha - 1, -alpha, next, 1, false, true);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.search(-beta, -alpha, next, 1, true, false);
                }
            }
            self.board.undo();
            if self.aborted {
                break;
            }
            if let Some(slot) = self.root_moves.iter_mut().find(|(x, _)| *x == m) {
                slot.1 = s;
            }
            if s > best {
                best = s;
                let mut line = vec![m];
                line.extend_from_slice(&self.pv[1]);
                self.pv[0] = line;
                if s > alpha {
                    alpha = s;
                    self.iter_best = Some(Line {
                        score: s,
                        pv: self.pv[0].clone(),
                    });
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A node searched `units` deep ([`ONE_PLY`] a ply; its rules see the whole plies).
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut units: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        let mut depth = units.div_euclid(ONE_PLY);
        self.nodes += 1;
        self.tt_pvs[ply] = false;
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let me = self.board.side_to_move();
        let op = me.opponent();

        // A five for us ends it; a five for the opponent must be blocked (below).
        if self.board.combo_count(me, Combo::Five) > 0 {
            return WIN - ply as i32 - 1;
        }
        if self.board.is_full() {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-WIN + ply as i32);
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let opp_five = self.board.combo_count(op, Combo::Five) > 0;
        if !opp_five && self.board.combo_count(me, Combo::Flex4) > 0 && self.has_legal_flex4(me) {
            return WIN - ply as i32 - 3;
        }
        if !opp_five && self.shared.params.quick_win && wins_in_five(&self.board) {
            return WIN - ply as i32 - 5;
        }
        if ply >= MAX_PLY {
            return self.eval();
        }

        // Horizon: the quiescence (which blocks a four itself; the old one leaves that to
        // the search: a block costs no depth).
        if depth <= 0 && (!opp_five || self.shared.params.qvcf) {
            return self.quiesce(alpha, beta, depth, ply);
        }

        // A singular-extension search leaves one move out: the table's entry is about
        // all moves, so it neither cuts nor is written here.
        let skip = self.skip[ply];
        let key = self.board.hash();
        let tt = self.shared.tt.probe(key);
        let tt_move = tt.and_then(|e| e.mv).filter(|&m| self.board.is_legal(m));
        // A node once on a principal variation stays marked in the table (`lmr_ttpv_less`).
        let mut tt_pv = pv_node || tt.is_some_and(|e| e.pv);
        self.tt_pvs[ply] = tt_pv;
        if let Some(e) = tt.filter(|_| skip.is_none()) {
            let s = from_tt(e.score, ply);
            if !pv_node && e.depth >= depth && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // The static evaluation of every node that is not a forced block, kept per ply:
        // a side whose eval rose since its previous move is "improving" and is pruned less.
        let raw_eval = if opp_five { NO_EVAL } else { self.eval_of(tt) };
        let static_eval = self.corrected(raw_eval);
        self.evals[ply] = static_eval;
        let improving = static_eval != NO_EVAL
            && (ply < 2 || self.evals[ply - 2] == NO_EVAL || static_eval > self.evals[ply - 2]);
        // The eval the pruning below judges by: the table's score where its bound says
        // the truth lies beyond the static one (`tt_eval`; never a win or loss score).
        let prune_eval = match tt {
            Some(e) if self.shared.params.tt_eval && static_eval != NO_EVAL => {
                let s = from_tt(e.score, ply);
                let beyond = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > static_eval,
                    Bound::Upper => s < static_eval,
                };
                if beyond && s.abs() < WIN_BOUND {
                    s
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        if skip.is_none() {
            if let Some(s) = self.reverse_futility(beta, depth, pv_node, prune_eval, improving) {
                return s;
            }
            let p = &self.shared.params;
            if !pv_node
                && prune_eval != NO_EVAL
                && depth <= p.razor_depth
                && alpha.abs() < WIN_BOUND
                && prune_eval + p.razor_margin * depth < alpha
                && !self.opponent_threat_holds()
            {
                return self.quiesce(alpha, alpha + 1, 0, ply);
            }
            if let Some(s) = self.null_move(beta, depth, ply, pv_node, opp_five, cut_node) {
                return s;
            }
        }
        let p = &self.shared.params;
        if p.iir_depth > 0 && depth >= p.iir_depth && tt_move.is_none() && !opp_five {
            depth -= 1;
            units -= ONE_PLY;
        }
        // A PV node whose hash move's entry lags this search is searched shallower.
        let lagging = pv_node && p.pv_tt_lag > 0 && depth > 1 && tt_move.is_some();
        if let Some(e) = tt.filter(|_| lagging) {
            let lag = (depth - e.depth).max(0);
            units = (units - (lag * p.pv_tt_lag).min(p.pv_tt_lag_max)).max(ONE_PLY);
            depth = units.div_euclid(ONE_PLY);
        }
        let singular = match (tt, skip) {
            (Some(e), None) if !opp_five => {
                self.singular(e, tt_move, depth, ply, beta, pv_node, cut_node)
            }
            _ => Singular::No,
        };
        let (singular_move, singular_ext) = match singular {
            Singular::Cut(s) => return s,
            Singular::Extend(m, plies) => (Some(m), plies * ONE_PLY),
            Singular::No => (None, 0),
        };
        // The singular search ran at this ply: the node's own flag again.
        self.tt_pvs[ply] = tt_pv;

        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        // `forced`: only the generator's moves count (a block, or the defences against a
        // threat to win); `defending`: the latter; `fallback`: its list is not proven
        // complete (all of them lost: every other candidate is tried too).
        let counters = ply < self.shared.params.defend_counters.get(self.board.rule());
        let (forced, defending, mut fallback) =
            match generate_with(&mut self.board, &mut moves, counters) {
                Kind::WinNow(_) => return self.give_back(ply, moves, WIN - ply as i32 - 1),
                Kind::WinSoon(_) => return self.give_back(ply, moves, WIN - ply as i32 - 3),
                Kind::Lost(_) => return self.give_back(ply, moves, -WIN + ply as i32 + 2),
                Kind::Forced => (true, false, false),
                Kind::Defend { complete } => (true, true, !complete),
                Kind::Quiet => (false, false, false),
            };
        if let Some(s) = skip {
            moves.retain(|&m| m != s);
            if moves.is_empty() {
                return self.give_back(ply, moves, alpha);
            }
        }
        let mut keys = std::mem::take(&mut self.key_bufs[ply]);
        // The table's move goes first, searched before the others' keys are worked out.
        let mut staged = tt_move.filter(|m| moves.contains(m));
        match staged {
            Some(t) => self.stage(&moves, &mut keys, t, me),
            None => self.order(&moves, &mut keys, ply, me),
        }
        self.move_bufs[ply] = moves;
        if keys.is_empty() {
            return self.give_back_keys(ply, keys, 0);
        }
        // Late quiet moves are pruned by count, but only once a move that does not lose
        // is known: a node may return a proven loss only when every move was searched.
        let prune_from = if defending {
            self.shared.params.defend_prune_from(depth, improving)
        } else if forced {
            usize::MAX
        } else {
            self.shared.params.prune_from(depth, improving)
        };
        let mut pruned = false;
        // Fail-high reduction: a node expected to cut spends less on moves that make no four.
        let p = &self.shared.params;
        let likely_cut = p.fhr_margin > 0
            && !pv_node
            && prune_eval != NO_EVAL
            && beta.abs() < WIN_BOUND
            && prune_eval >= beta + p.fhr_margin + p.fhr_margin * depth / 8;
        let futility_eval =
            (!forced && depth >= 1 && depth <= p.futility_depth && !pv_node).then_some(static_eval);
        // The node's policy prior and its best value among the moves, for `lmr_policy`.
        let node_prior = (p.lmr_policy > 0).then(|| Prior::new(&self.board, me));
        let top_prior = node_prior.as_ref().map_or(0, |prior| {
            let b = &self.board;
            self.move_bufs[ply]
                .iter()
                .map(|&m| prior.of(b, m))
                .max()
                .unwrap_or(0)
        });

        let orig_alpha = alpha;
        // A four-three threat's defence list leaves out counter-attacks; with
        // `counter_phase` they get their own phase when the list fails low.
        let mut counters_left = defending
            && fallback
            && p.counter_phase.get(self.board.rule())
            && self.board.combo_count(op, Combo::Flex4) == 0;
        let mut best = -INFINITE;
        let mut best_move = None;
        // Quiet moves searched without a cut-off, to be marked down if another move cuts.
        let mut failed = [0u16; 32];
        let mut failed_len = 0;
        // The moves, then (a threat whose listed defences all lose) every other candidate.
        'phases: loop {
            for i in 0..keys.len() {
                let m = match staged {
                    Some(t) if i == 0 => t,
                    Some(_) => {
                        staged = None;
                        self.finish_staged(&mut keys[1..], ply, me);
                        next_best(&mut keys, i)
                    }
                    None => next_best(&mut keys, i),
                };
                let mine = self.board.combo(me, m);
                let own_four = mine.is_four();
                let quiet = self.shared.params.is_quiet(mine, self.board.combo(op, m));
                if i >= prune_from
                    && best > -WIN_BOUND
                    && self.shared.params.count_prunes(quiet, mine)
                {
                    pruned = true;
                    continue;
                }
                // Futility: a quiet move cannot lift a hopeless eval in the last plies.
                if let Some(se) = futility_eval {
                    if i > 0
                        && quiet
                        && se + self.shared.params.futility_margin * depth + self.board.value(me, m)
                            < alpha
                    {
                        pruned = true;
                        continue;
                    }
                }
                // History: a quiet move that keeps failing here is not worth a look.
                let p = &self.shared.params;
                if !forced
                    && !pv_node
                    && i > 0
                    && quiet
                    && depth <= p.history_prune_depth
                    && best > -WIN_BOUND
                    && self.history[me.index()][m] < -p.history_prune_margin * depth
                {
                    pruned = true;
                    continue;
                }
                // A forced block costs no depth (`block_ext`): chains of fours are
                // searched to their end.
                let p = &self.shared.params;
                let extension = if singular_move == Some(m) {
                    singular_ext
                } else if opp_five {
                    p.block_ext
                } else if tt_move == Some(m) {
                    if pv_node {
                        p.tt_move_ext_pv
                    } else {
                        p.tt_move_ext
                    }
                } else {
                    0
                };
                let next =
                    units - ONE_PLY + extension - ONE_PLY * i32::from(likely_cut && !own_four);
                // A plain four in a defence (no three with it) mostly delays: it may be
                // reduced like the other late defences (`defend_four_lmr`).
                let delaying_four = defending && p.defend_four_lmr && mine < Combo::Block4Flex3;
                // Fours are never reduced unless they count as quiet (`threat_prune`).
                let reduction = if (own_four && !quiet && !delaying_four)
                    || (forced && !(defending && p.defend_lmr))
                {
                    0
                } else if defending || quiet {
                    p.reduction(i, depth)
                } else if p.lmr_divisor > 0 {
                    (p.reduction(i, depth) - p.lmr_threat_less * ONE_PLY).max(0)
                } else {
                    0
                };
                // PV nodes and moves with a good history are reduced less.
                let reduction = if reduction > 0 {
                    // History and policy terms in units: whole plies (rounded toward
                    // zero) unless `lmr_fraction` keeps their fractions.
                    let whole = |u: i32| {
                        if p.lmr_fraction {
                            u
                        } else {
                            u / ONE_PLY * ONE_PLY
                        }
                    };
                    let h = if p.lmr_history_div > 0 {
                        whole(self.history[me.index()][m] * ONE_PLY / p.lmr_history_div)
                    } else {
                        0
                    };
                    let attack = i32::from(
                        p.lmr_attack_less > 0
                            && self.continues_attack(ply, me, m, opp_five, defending),
                    );
                    let by_policy = node_prior.as_ref().map_or(0, |prior| {
                        let gap = top_prior - prior.of(&self.board, m);
                        let u = whole(gap * ONE_PLY / (p.lmr_policy * POLICY_SCALE));
                        (u - ONE_PLY).min(2 * ONE_PLY)
                    });
                    // An expected cut node needs one move to cut: the others, bar the
                    // killers, are searched shallower (`lmr_cut_more`).
                    let by_cut = if cut_node && !self.killers[ply].contains(&Some(m)) {
                        p.lmr_cut_more
                    } else {
                        0
                    };
                    // A move that makes an open three, or takes the opponent's point for
                    // one, starts or stops an attack: searched deeper (`lmr_three_less`).
                    let three_less = p.lmr_three_less.get(self.board.rule());
                    let three =
                        three_less > 0 && (mine.is_threat() || self.board.combo(op, m).is_threat());
                    let by_trend = if !pv_node && !improving && reduction > ONE_PLY {
                        p.lmr_not_improving
                    } else {
                        0
                    };
                    let plies = by_cut + by_trend
                        - i32::from(three) * three_less
                        - i32::from(pv_node) * p.lmr_pv_less
                        - attack * p.lmr_attack_less;
                    let by_ttpv = if tt_pv && !pv_node {
                        p.lmr_ttpv_less.get(self.board.rule())
                    } else {
                        0
                    };
                    // A defence that blocks nothing, far from both last stones.
                    let by_far = if defending && p.defend_far_more > 0 && !own_four {
                        let b = &self.board;
                        let far = |n: Option<usize>| n.is_some_and(|n| !near(n, m, 4));
                        let theirs = b.combo(op, m);
                        let blocks = theirs >= Combo::Block4 && theirs != Combo::Forbid;
                        if blocks {
                            0
                        } else {
                            p.defend_far_more
                                * (i32::from(far(b.last_move())) + i32::from(far(b.move_before(1))))
                        }
                    } else {
                        0
                    };
                    (reduction + plies * ONE_PLY + by_policy - h - by_ttpv + by_far).max(0)
                } else {
                    0
                };
                // A reduced move keeps one full ply (the reply is searched, not only the
                // horizon's fours) when `lmr_keep_ply` is on.
                let reduction = if p.lmr_keep_ply && next >= ONE_PLY {
                    reduction.min(next - ONE_PLY)
                } else {
                    reduction
                };
                self.played[ply] = mine;
                self.extra[ply + 1] = self.extra[ply] + (extension - ONE_PLY).max(0);
                self.shared.tt.prefetch(self.board.hash_after(m));
                self.board.make(m);
                let mut s;
                if i == 0 {
                    s = -self.search(-beta, -alpha, next, ply + 1, pv_node, !pv_node && !cut_node);
                } else {
                    s = -self.search(-alpha - 1, -alpha, next - reduction, ply + 1, false, true);
                    if s > alpha && reduction > 0 && !self.aborted {
                        let margin = self.shared.params.lmr_research_margin;
                        let full = if margin > 0 && s.abs() < WIN_BOUND {
                            let deeper = s > alpha + margin + margin / 4 * reduction / ONE_PLY;
                            let shallower = s < best + 10;
                            let step = i32::from(deeper) - i32::from(shallower);
                            (next + step * ONE_PLY).min(units)
                        } else {
                            next
                        };
                        if full > next - reduction {
                            s = -self.search(-alpha - 1, -alpha, full, ply + 1, false, !cut_node);
                        }
                    }
                    if s > alpha && s < beta && pv_node && !self.aborted {
                        s = -self.search(-beta, -alpha, next, ply + 1, true, false);
                    }
                }
                self.board.undo();
                if self.aborted {
                    return self.give_back_keys(ply, keys, 0);
                }
                if s > best {
                    best = s;
                    best_move = Some(m);
                    if s > alpha {
                        alpha = s;
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(m);
                        line.extend_from_slice(&tail[0]);
                        if s >= beta {
                            if quiet {
                                let k = &mut self.killers[ply];
                                if k[0] != Some(m) {
                                    k[1] = k[0];
                                    k[0] = Some(m);
                                }
                                if let Some(prev) = self.board.last_move() {
                                    self.counters[me.index()][prev] = m as u16;
                                }
                                let bonus = depth * depth;
                                self.update_history(me, m, bonus);
                                for &f in &failed[..failed_len] {
                                    self.update_history(me, usize::from(f), -bonus);
                                }
                            }
                            break 'phases;
                        }
                        // A PV node whose alpha rose searches its other moves shallower.
                        let less = self.shared.params.alpha_raise_less;
                        if less > 0 && depth > 2 && depth < 12 && s.abs() < WIN_BOUND {
                            units -= less;
                            depth = units.div_euclid(ONE_PLY);
                        }
                    }
                }
                if quiet && failed_len < failed.len() {
                    failed[failed_len] = m as u16;
                    failed_len += 1;
                }
            }
            staged = None;
            let mut rest = Vec::new();
            if fallback && best <= -WIN_BOUND {
                fallback = false;
                counters_left = false;
                candidates_into(&self.board, &mut rest);
            } else if counters_left && best <= orig_alpha {
                // Every defence against the four-three failed low: our open threes may
                // still turn the attack (`counter_phase`), searched like late defences.
                counters_left = false;
                let b = &self.board;
                rest.extend(b.near_empty_cells().filter(|&i| {
                    let c = b.combo(me, i);
                    c.is_threat() && !c.is_four() && b.is_legal(i)
                }));
            } else {
                break;
            }
            let tried = &self.move_bufs[ply];
            rest.retain(|&m| !tried.contains(&m) && Some(m) != skip);
            if rest.is_empty() {
                break;
            }
            self.order(&rest, &mut keys, ply, me);
        }
        self.key_bufs[ply] = keys;
        if best == -INFINITE {
            // Every move was pruned: the static eval stands.
            return futility_eval.unwrap_or_else(|| self.eval());
        }
        if pruned && best <= -WIN_BOUND {
            // The searched moves lose, but pruned ones were only judged not to beat
            // alpha: a bound, never a proven loss.
            best = orig_alpha.max(-WIN_BOUND + 1);
        }
        if skip.is_some() {
            return best;
        }
        let bound = Bound::of(best, orig_alpha, beta);
        let p = &self.shared.params;
        if p.corrects()
            && !forced
            && static_eval != NO_EVAL
            && best.abs() < WIN_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            let b = &self.board;
            let (last, before) = (b.last_move(), b.move_before(1));
            let mask = (p.corr_mask_weight != 0).then(|| threat_mask(b));
            let earlier = b
                .move_before(2)
                .filter(|_| p.corr_theirs_weight.get(b.rule()) != 0);
            let error = best - static_eval;
            self.corr
                .update(me, last, before, mask, earlier, error, depth);
        }
        if self.shared.params.ttpv_spread && depth > 3 {
            // A node that fails low under a PV node joins the tree the PV flag marks (the
            // move into it was probably good); one refuted by a child off it leaves.
            if best <= orig_alpha {
                tt_pv |= ply > 0 && self.tt_pvs[ply - 1];
            } else {
                tt_pv &= self.tt_pvs[ply + 1];
            }
            self.tt_pvs[ply] = tt_pv;
        }
        self.shared.tt.store(
            key,
            Entry {
                mv: best_move,
                score: to_tt(best, ply),
                eval: raw_eval,
                depth,
                bound,
                pv: tt_pv,
            },
        );
        best
    }

    /// Singular extension: the hash move of a deep node whose entry is a lower bound (or
    /// exact) from nearly this depth is the one move to extend when every other move,
    /// searched to half depth, stays below the hash score less a margin; by two plies
    /// at a non-PV node when they stay far below (`singular_double`). When the others
    /// alone reach a bound at or above beta, the node cuts (`singular_multicut`); when
    /// they reach it and the hash score beats beta, the hash move is searched shallower
    /// (`singular_less`).
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        e: Entry,
        tt_move: Option<usize>,
        depth: i32,
        ply: usize,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> Singular {
        let p = &self.shared.params;
        let Some(m) = tt_move else {
            return Singular::No;
        };
        let score = from_tt(e.score, ply);
        if p.singular_depth == 0
            || depth < p.singular_depth
            || e.bound == Bound::Upper
            || e.depth < depth - p.singular_tt_lag
            || score.abs() >= WIN_BOUND
        {
            return Singular::No;
        }
        let sbeta = score - p.singular_margin * depth;
        self.skip[ply] = Some(m);
        let half = (depth - 1) / 2 * ONE_PLY;
        let s = self.search(sbeta - 1, sbeta, half, ply, false, cut_node);
        self.skip[ply] = None;
        if self.aborted {
            return Singular::No;
        }
        let p = &self.shared.params;
        if s < sbeta {
            let double = p.singular_double > 0
                && !pv_node
                && s < sbeta - p.singular_double
                && self.extra[ply] < p.singular_extra_max * ONE_PLY;
            Singular::Extend(m, 1 + i32::from(double))
        } else if p.singular_multicut && sbeta >= beta && s.abs() < WIN_BOUND {
            Singular::Cut(sbeta)
        } else if p.singular_less > 0 && score >= beta {
            Singular::Extend(m, -p.singular_less)
        } else {
            Singular::No
        }
    }

    /// Whether `m` goes on with an attack: our previous move made an open three or more,
    /// and `m` does too, or makes two twos near that move (a threat sequence's next step,
    /// which reductions would push past the horizon).
    fn continues_attack(
        &self,
        ply: usize,
        me: Color,
        m: usize,
        opp_five: bool,
        defending: bool,
    ) -> bool {
        if ply < 2 || opp_five || defending {
            return false;
        }
        let prev = self.played[ply - 2];
        if !prev.is_threat() || prev == Combo::Forbid {
            return false;
        }
        let c = self.board.combo(me, m);
        c.is_threat()
            || (c >= Combo::Flex2x2
                && c != Combo::Forbid
                && self.board.move_before(1).is_some_and(|own| close(own, m)))
    }

    /// Null-move pruning: if passing still fails high at a reduced depth, so will a move.
    /// Only where the opponent has no threat at all (a pass would hand it a four or an
    /// open three, which the reduced search could misjudge).
    fn null_move(
        &mut self,
        beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
        opp_five: bool,
        cut_node: bool,
    ) -> Option<i32> {
        let p = &self.shared.params;
        if p.null_move_depth == 0
            || pv_node
            || opp_five
            || depth < p.null_move_depth
            || beta.abs() >= WIN_BOUND
        {
            return None;
        }
        if self.opponent_threat_holds() || self.eval() < beta {
            return None;
        }
        let r = p.null_move_r + depth / 4;
        self.board.flip_side();
        let s = -self.search(
            -beta,
            -beta + 1,
            (depth - 1 - r) * ONE_PLY,
            ply + 1,
            false,
            !cut_node,
        );
        self.board.flip_side();
        (s >= beta && !self.aborted).then_some(s.min(WIN_BOUND - 1))
    }

    /// Reverse futility: at a shallow non-PV node whose static eval beats beta by a margin
    /// per ply of depth, and where the opponent has no four or open three to make, a move
    /// will not fall below beta either.
    fn reverse_futility(
        &self,
        beta: i32,
        depth: i32,
        pv_node: bool,
        se: i32,
        improving: bool,
    ) -> Option<i32> {
        let p = &self.shared.params;
        if pv_node || se == NO_EVAL || depth > p.rfp_depth || beta.abs() >= WIN_BOUND {
            return None;
        }
        if self.opponent_threat_holds() {
            return None;
        }
        let margin = p.rfp_margin * (depth - i32::from(improving));
        (se - margin >= beta).then_some(se.min(WIN_BOUND - 1))
    }

    /// Whether the opponent threatens enough that a pruning by the static evaluation
    /// (reverse futility, null move) could miss it ([`SearchParams::rfp_threat`]).
    fn opponent_threat_holds(&self) -> bool {
        let op = self.board.side_to_move().opponent();
        let b = &self.board;
        match self.shared.params.rfp_threat {
            0 => b.has_threat(op),
            1 => b.combo_count(op, Combo::Flex4) > 0 || b.combo_count(op, Combo::Block4Flex3) > 0,
            2 => b.combo_count(op, Combo::Flex4) > 0,
            _ => false,
        }
    }

    /// The static evaluation, taken from the table's entry `tt` when it has one; the
    /// smoothed eval depends on the move before, so it is always computed.
    #[inline]
    fn eval_of(&self, tt: Option<Entry>) -> i32 {
        match tt {
            Some(e) if e.eval != NO_EVAL && !self.shared.params.eval_smooth => e.eval,
            _ => self.eval(),
        }
    }

    /// A static evaluation `raw` plus what the search learned of its errors after the
    /// same last moves (`corr_weight`), kept short of a win or loss score.
    #[inline]
    fn corrected(&self, raw: i32) -> i32 {
        let p = &self.shared.params;
        if !p.corrects() || raw == NO_EVAL {
            return raw;
        }
        let b = &self.board;
        let me = b.side_to_move();
        let mut c = self
            .corr
            .of(me, b.last_move(), b.move_before(1), p.corr_weight);
        if p.corr_mask_weight != 0 {
            c += self.corr.of_mask(me, threat_mask(b), p.corr_mask_weight);
        }
        let w = p.corr_theirs_weight.get(b.rule());
        if w != 0 {
            c += self.corr.of_theirs(me, b.last_move(), b.move_before(2), w);
        }
        (raw + c).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    /// The static evaluation.
    #[inline]
    fn eval(&self) -> i32 {
        if self.shared.params.eval_smooth {
            evaluate_smoothed(&self.board)
        } else {
            evaluate(&self.board)
        }
    }

    fn has_legal_flex4(&self, me: Color) -> bool {
        if me == Color::White || self.board.rule() != fiveinrow_rules::Rule::Renju {
            return true;
        }
        self.board
            .threat_cells()
            .any(|i| self.board.combo(me, i) == Combo::Flex4 && self.board.is_legal(i))
    }

    fn has_four(&self, me: Color) -> bool {
        [Combo::Block4, Combo::Block4Plus, Combo::Block4Flex3]
            .iter()
            .any(|&c| self.board.combo_count(me, c) > 0)
    }

    /// A small VCF at the horizon (fours only, few nodes).
    fn quick_vcf(&mut self) -> bool {
        let mut ts = ThreatSearch::new(
            ThreatLimits {
                depth: 8,
                nodes: 200,
            },
            None,
        );
        let found = ts.vcf(&mut self.board).is_some();
        self.nodes += ts.nodes;
        found
    }

    /// Returns a node's move buffer to its ply and passes `score` through.
    #[inline]
    fn give_back(&mut self, ply: usize, moves: Vec<usize>, score: i32) -> i32 {
        self.move_bufs[ply] = moves;
        score
    }

    /// Returns a node's key buffer to its ply and passes `score` through.
    #[inline]
    fn give_back_keys(&mut self, ply: usize, keys: Vec<u64>, score: i32) -> i32 {
        self.key_bufs[ply] = keys;
        score
    }
}
/// The horizon's score of `game` for the side to move under `params` (the quiescence
/// alone, with a table of its own): what the search sees where its depth runs out. For
/// tests and tools that hold it against the threat solver.
#[doc(hidden)]
pub fn horizon_score(game: &fiveinrow_rules::Game, params: &SearchParams) -> crate::Score {
    let tt = Table::new(1);
    let external_stop = AtomicBool::new(false);
    let shared = Shared {
        tt: &tt,
        external_stop: &external_stop,
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        plan: TimePlan::new(&crate::Limits::default(), Instant::now()),
        node_limit: None,
        params: params.clone(),
    };
    let mut w = Worker::new(PatternBoard::from_game(game), &shared);
    crate::Score::from_internal(w.search(-INFINITE, INFINITE, 0, 0, true, false))
}

/// Offsets of the cells [`close`] to a cell: the 5x5 square around it and its four lines
/// out to four.
const NEAR: [isize; 40] = near_offsets();

const fn near_offsets() -> [isize; 40] {
    let stride = fiveinrow_rules::layout::STRIDE as isize;
    let mut out = [0isize; 40];
    let mut n = 0;
    let mut dy = -4;
    while dy <= 4 {
        let mut dx = -4;
        while dx <= 4 {
            let (ax, ay) = (if dx < 0 { -dx } else { dx }, if dy < 0 { -dy } else { dy });
            let d = if ax > ay { ax } else { ay };
            if d > 0 && (d <= 2 || dx == 0 || dy == 0 || ax == ay) {
                out[n] = dy * stride + dx;
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    out
}

/// Whether cells `a` and `b` are at most `d` apart along both axes.
#[inline]
fn near(a: usize, b: usize, d: usize) -> bool {
    use fiveinrow_rules::layout::STRIDE;
    (a % STRIDE).abs_diff(b % STRIDE) <= d && (a / STRIDE).abs_diff(b / STRIDE) <= d
}

/// Whether cells `a` and `b` are within two of each other, or on one line within four.
#[inline]
fn close(a: usize, b: usize) -> bool {
    use fiveinrow_rules::layout::STRIDE;
    let (ax, ay) = (a % STRIDE, a / STRIDE);
    let (bx, by) = (b % STRIDE, b / STRIDE);
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    let d = dx.max(dy);
    d <= 2 || (d <= 4 && (dx == 0 || dy == 0 || dx == dy))
}

/// What the singular test says of a node's hash move.
enum Singular {
    No,
    /// Search this move these plies deeper (less when negative).
    Extend(usize, i32),
    /// The other moves alone reach beta: the node cuts with this score.
    Cut(i32),
}
