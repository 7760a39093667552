//! The root of a search: which moves it chooses among (the forced-move rules, blocked
//! moves), and the threat pre-search that ends it at once when the side to move has a
//! forced win.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::board::pattern_board::PatternBoard;
use crate::params::SearchParams;
use crate::score::WIN;
use crate::search::movegen::{candidates_into, generate, Gen};
use crate::threat::{ThreatLimits, ThreatSearch};

/// What the root generation decided.
pub(crate) enum RootChoice {
    /// Search these moves.
    Search(Vec<usize>),
    /// Settled without a search: this move, this score.
    Decided(usize, i32),
    /// No legal move.
    NoMove,
}

/// The root moves of `board` with `excluded` cells blocked (the Yixin protocol's YXBLOCK).
pub(crate) fn root_moves(board: &mut PatternBoard, excluded: &[usize]) -> RootChoice {
    let moves = match generate(board) {
        _ if !excluded.is_empty() => {
            // Some moves are blocked: a plain search over every other legal move.
            let v: Vec<usize> = board
                .empty_cells()
                .filter(|&i| board.is_legal(i) && !excluded.contains(&i))
                .filter(|&i| board.near(i) > 0 || board.stone_count() == 0)
                .collect();
            if v.is_empty() {
                board
                    .empty_cells()
                    .filter(|&i| board.is_legal(i) && !excluded.contains(&i))
                    .collect()
            } else {
                v
            }
        }
        Gen::WinNow(i) => return RootChoice::Decided(i, WIN - 1),
        Gen::WinSoon(i) => return RootChoice::Decided(i, WIN - 3),
        Gen::Lost(Some(i)) => return RootChoice::Decided(i, -WIN + 2),
        Gen::Lost(None) => return RootChoice::NoMove,
        Gen::Block(x) => vec![x],
        Gen::Defend(v, true) => v,
        Gen::Defend(mut v, false) => {
            // The listed defences first, then every other candidate: a list that is not
            // proven complete is never the root's whole choice.
            let mut rest = Vec::new();
            candidates_into(board, &mut rest);
            rest.retain(|m| !v.contains(m));
            v.extend(rest);
            v
        }
        Gen::All(v) => v,
    };
    if moves.is_empty() {
        RootChoice::NoMove
    } else {
        RootChoice::Search(moves)
    }
}

/// A VCF, else a short VCT, for the side to move, within the root's threat budget and
/// `deadline`: the winning line (cells) if found, and the nodes spent either way.
pub(crate) fn threat_presearch(
    board: &mut PatternBoard,
    params: &SearchParams,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> (Option<Vec<usize>>, u64) {
    let searcher = |depth| {
        ThreatSearch::new(
            ThreatLimits {
                depth,
                nodes: params.root_threat_nodes,
            },
            Some(stop),
        )
        .with_deadline(deadline)
    };
    let mut vcf = searcher(params.root_vcf_depth);
    if let Some(line) = vcf.vcf(board) {
        return (Some(line), vcf.nodes);
    }
    let mut vct = searcher(params.root_vct_depth);
    let found = vct.vct(board);
    (found, vcf.nodes + vct.nodes)
}
