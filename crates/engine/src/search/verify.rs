//! The check of the chosen move: the opponent's own search of the position after it.
//!
//! Inside the root search each root move's reply gets only a share of the nodes, and a
//! late reply there (a quiet move that starts a long attack) is reduced like any late
//! move. Searched as the root of its own search, the same reply is ordered by its own
//! iterations and found far sooner: on positions of games lost to Rapfi-classical, our
//! move that walked into a forced loss was mostly seen to lose by a search of the
//! position after it, in the time the root search had spent missing it. So the search
//! splits its budget (`SearchParams::verify_share`): the root search, then the
//! opponent's search after the best move, then, when that proves a win for the
//! opponent, the root search again without the refuted move.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use crate::board::pattern_board::PatternBoard;
use crate::engine::Info;
use crate::limits::Limits;
use crate::limits::TimePlan;
use crate::params::SearchParams;
use crate::score::{WIN, WIN_BOUND};
use crate::search::deepen::Deepened;
use crate::search::deepen::Deepening;
use crate::search::root::{root_moves, threat_presearch, RootChoice};
use crate::search::tt::Table;
use crate::search::worker::{Shared, MAX_PLY};

/// One phase's limits: a moment to stop at, nodes to spend (each optional).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    pub until: Option<Instant>,
    pub nodes: Option<u64>,
}

impl Budget {
    /// Whether the phase has anything to spend: a deadline still ahead, or nodes.
    pub fn has_room(&self) -> bool {
        self.until.is_none_or(|t| Instant::now() < t) && self.nodes.is_none_or(|n| n > 0)
    }

    /// The time plan of a phase: stop at its deadline, no iteration after it.
    pub fn plan(&self, start: Instant) -> TimePlan {
        TimePlan::stop_at(start, self.until)
    }
}

/// The score of root move `m` for the side to move on `board`, and the nodes spent: the
/// opponent's search of the position after `m` within `budget` (its own threat
/// pre-search first), negated; `None` when the opponent has no move there.
pub(crate) fn score_after(
    board: &PatternBoard,
    m: usize,
    tt: &Table,
    stop: &AtomicBool,
    params: &SearchParams,
    budget: Budget,
    threads: usize,
) -> Option<(i32, u64)> {
    let mut child = board.clone();
    child.make(m);
    let moves = match root_moves(&mut child, &[]) {
        RootChoice::Search(moves) => moves,
        RootChoice::Decided(_, score) => return Some((-score, 0)),
        RootChoice::NoMove => return None,
    };
    let start = Instant::now();
    let mut spent = 0;
    if moves.len() > 1 {
        let (found, nodes) = threat_presearch(&mut child, params, stop, budget.until);
        spent = nodes;
        if let Some(line) = found {
            return Some((-(WIN - line.len() as i32), spent));
        }
    }
    let shared = Shared {
        tt,
        external_stop: stop,
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(spent),
        plan: budget.plan(start),
        node_limit: budget.nodes.map(|n| n.max(spent + 1)),
        params: params.clone(),
    };
    let out = Deepening {
        shared: &shared,
        board: &child,
        root_moves: &moves,
        multipv: 1,
        max_depth: MAX_PLY as i32 - 4,
        threads,
        start,
    }
    .run(Vec::new(), &mut |_| {});
    let nodes = shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
    out.lines.first().map(|l| (-l.score, nodes))
}

/// What the check needs of the search it follows.
pub(crate) struct Check<'a> {
    pub board: &'a PatternBoard,
    pub root_moves: &'a [usize],
    pub tt: &'a Table,
    pub stop: &'a AtomicBool,
    pub params: &'a SearchParams,
    pub threads: usize,
    /// The whole search's plan and node limit, and when it started.
    pub plan: TimePlan,
    pub nodes: Option<u64>,
    pub start: Instant,
    /// The deepest iteration the root search may run (a level's cap).
    pub max_depth: i32,
}

impl Check<'_> {
    /// Whether a search with these limits and `lines` wanted is checked at all: only
    /// one line, a real choice, and a time or node limit to share out (a search to a
    /// fixed depth, the bench's, is left as it was).
    pub fn applies(params: &SearchParams, limits: &Limits, multipv: usize, moves: usize) -> bool {
        params.verify_share > 0
            && multipv == 1
            && moves > 1
            && limits.exclude.is_empty()
            && (limits.move_time.is_some() || limits.time_left.is_some() || limits.nodes.is_some())
    }

    /// The share (in %) of the budget the root search gets first.
    pub fn first_share(params: &SearchParams) -> u64 {
        100 - u64::from(params.verify_share.min(60) + params.verify_reserve.min(30))
    }

    /// `pct` percent of a node budget, exact for any budget (an unlimited one is
    /// `u64::MAX`, which a plain product would overflow).
    pub fn percent_of(nodes: u64, pct: u64) -> u64 {
        (u128::from(nodes) * u128::from(pct) / 100) as u64
    }

    /// The root search's result `first` (with `nodes` spent), checked: the opponent
    /// searches the position after its best move, and when that proves the move worse
    /// than the root search said, the root search runs again without it and the better
    /// of the two is kept. Progress of that second root search goes to `on_info`.
    pub fn run(
        &self,
        first: Deepened,
        nodes: u64,
        on_info: &mut dyn FnMut(&Info),
    ) -> (Deepened, u64) {
        let p = self.params;
        let share = u64::from(p.verify_share.min(60));
        let first_pct = Self::first_share(p);
        let Some(best) = first.lines.first().cloned() else {
            return (first, nodes);
        };
        let Some(&m) = best.pv.first() else {
            return (first, nodes);
        };
        // A proven result needs no check.
        if best.score.abs() >= WIN_BOUND {
            return (first, nodes);
        }
        // The phases end where the whole search would at the root search's pace: the
        // check at `first_pct + share` of it, the second root search at the end (never
        // past the hard stop); nodes: the check its share, the second search the rest.
        let used = self.start.elapsed();
        let phase = |upto: u64, nodes_pct: u64, spent: u64| Budget {
            until: self
                .plan
                .hard
                .map(|h| h.min(self.start + used.mul_f64(upto as f64 / first_pct as f64))),
            nodes: self
                .nodes
                .map(|n| Self::percent_of(n, nodes_pct).min(n.saturating_sub(spent))),
        };
        let budget = phase(first_pct + share, share, nodes);
        if !budget.has_room() || self.stopped() {
            return (first, nodes);
        }
        let Some((checked, spent)) =
            score_after(self.board, m, self.tt, self.stop, p, budget, self.threads)
        else {
            return (first, nodes);
        };
        let nodes = nodes + spent;
        let refuted = if p.verify_margin > 0 {
            checked < best.score - p.verify_margin
        } else {
            checked <= -WIN_BOUND
        };
        // The rest goes to the root search again: without the move when it was refuted,
        // else on where the first one stopped (the table makes the early iterations cheap).
        let moves: Vec<usize> = if refuted {
            self.root_moves
                .iter()
                .copied()
                .filter(|&x| x != m)
                .collect()
        } else {
            self.root_moves.to_vec()
        };
        let budget = phase(100, 100, nodes);
        if moves.is_empty() || !budget.has_room() || self.stopped() {
            return (with_score(first, refuted.then_some(checked)), nodes);
        }
        let shared = Shared {
            tt: self.tt,
            external_stop: self.stop,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            plan: budget.plan(self.start),
            node_limit: budget.nodes.map(|n| n.max(1)),
            params: p.clone(),
        };
        let again = Deepening {
            shared: &shared,
            board: self.board,
            root_moves: &moves,
            multipv: 1,
            max_depth: self.max_depth,
            threads: self.threads,
            start: self.start,
        }
        .run(Vec::new(), &mut |info| {
            // Going on from the first search: only what is new is reported.
            if refuted || info.depth > first.depth_done {
                on_info(info)
            }
        });
        let nodes = nodes + shared.nodes.load(std::sync::atomic::Ordering::Relaxed);
        let better = match again.lines.first() {
            Some(l) if refuted => l.score > checked,
            Some(_) => again.depth_done >= first.depth_done,
            None => false,
        };
        if better {
            (again, nodes)
        } else {
            (with_score(first, refuted.then_some(checked)), nodes)
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The first search's result, its best line's score brought down to what the check
/// found when it refuted the move.
fn with_score(mut first: Deepened, checked: Option<i32>) -> Deepened {
    if let (Some(l), Some(s)) = (first.lines.first_mut(), checked) {
        l.score = s;
    }
    first
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use fiveinrow_rules::layout::index;
    use fiveinrow_rules::Pos;

    use super::*;
    use crate::bench::game_of;
    use crate::engine::{Engine, Options};
    use crate::score::Score;
    use crate::threat::{ThreatLimits, ThreatSearch};

    /// A freestyle position of a game lost to Rapfi-classical: black played 5,9 there,
    /// the root search scoring it positive, and white wins by threats after it.
    const WALKED_INTO_A_VCT: &str = "freestyle; 15; 7,7 7,9 5,7 8,9 8,10 7,10 6,11 6,9";
    fn played() -> Pos {
        Pos::new(5, 9).expect("on the board")
    }

    fn search(limits: &Limits, verify_share: u32) -> crate::engine::SearchResult {
        let mut options = Options::default();
        options.params.verify_share = verify_share;
        let game = game_of(WALKED_INTO_A_VCT).expect("a position");
        Engine::new(options)
            .search(&game, limits, &AtomicBool::new(false), &mut |_| {})
            .expect("a move")
    }

    #[test]
    fn a_checked_move_that_walks_into_a_threat_win_is_not_played_as_safe() {
        // The premise, by the threat search itself: after 5,9 white wins by threats.
        let game = game_of(WALKED_INTO_A_VCT).expect("a position");
        let mut after = PatternBoard::from_game(&game);
        after.make(index(played()));
        let limits = ThreatLimits {
            depth: 5,
            nodes: 100_000,
        };
        assert!(ThreatSearch::new(limits, None).vct(&mut after).is_some());
        let r = search(&Limits::nodes(300_000), 20);
        assert!(
            r.best != played() || matches!(r.score, Score::LossIn(_)),
            "checked: {} scored {}",
            r.best,
            r.score
        );
    }

    #[test]
    fn the_check_leaves_depth_limited_searches_alone() {
        let p = SearchParams {
            verify_share: 20,
            ..SearchParams::default()
        };
        assert!(!Check::applies(&p, &Limits::depth(8), 1, 30));
        assert!(Check::applies(&p, &Limits::nodes(1000), 1, 30));
        assert!(!Check::applies(&p, &Limits::nodes(1000), 2, 30));
        assert!(!Check::applies(&p, &Limits::nodes(1000), 1, 1));
        // A fixed depth searches the same with the check on or off.
        let a = search(&Limits::depth(6), 0);
        let b = search(&Limits::depth(6), 20);
        assert_eq!((a.best, a.nodes), (b.best, b.nodes));
    }

    #[test]
    fn shares_of_an_unlimited_node_budget_do_not_overflow() {
        assert_eq!(Check::percent_of(u64::MAX, 100), u64::MAX);
        assert_eq!(Check::percent_of(u64::MAX, 50), u64::MAX / 2);
        assert_eq!(Check::percent_of(1000, 60), 600);
        // An unlimited search, with the check off or on, gets its shares without a panic.
        let mut limits = Limits::nodes(u64::MAX);
        limits.depth = Some(4);
        for share in [0, 20] {
            assert!(search(&limits, share).nodes > 0);
        }
    }
}
