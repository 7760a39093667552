//! The solver's entry: a VCF or VCT for the side to move of a game, found by the threat
//! search and answered as points, so that callers never see the pattern board's cell
//! indices.

use std::time::{Duration, Instant};

use fiveinrow_rules::layout::pos_of;
use fiveinrow_rules::{Game, Pos};

use crate::pattern_board::PatternBoard;
use crate::threat::{ThreatLimits, ThreatSearch, QUIET_THREAT_DEPTH};

/// What kind of forced win to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveKind {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by threes and fours, and quiet moves that threaten a short VCF.
    Vct,
}

/// The budget of one solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveLimits {
    /// Most attacker moves on the winning line.
    pub depth: u32,
    /// Most nodes before giving up.
    pub nodes: u64,
    /// Wall time before giving up; `None`: no limit.
    pub time: Option<Duration>,
}

impl SolveLimits {
    /// The usual depth of a kind (60 fours for a VCF, 8 threats for a VCT), with no node
    /// or time limit.
    pub fn for_kind(kind: SolveKind) -> SolveLimits {
        SolveLimits {
            depth: match kind {
                SolveKind::Vcf => 60,
                SolveKind::Vct => 8,
            },
            nodes: u64::MAX,
            time: None,
        }
    }
}

/// What a solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The winning line, attacker first, defender replies in between; `None` when no win
    /// was found within the limits (which is not a proof that there is none).
    pub line: Option<Vec<Pos>>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Looks for a forced win of `kind` for the side to move of `game`.
pub fn solve(game: &Game, kind: SolveKind, limits: &SolveLimits) -> Solution {
    let mut board = PatternBoard::from_game(game);
    let mut search = ThreatSearch::new(
        ThreatLimits {
            depth: limits.depth,
            nodes: limits.nodes,
        },
        None,
    )
    .with_quiet_threats(QUIET_THREAT_DEPTH)
    .with_deadline(limits.time.map(|t| Instant::now() + t));
    let found = match kind {
        SolveKind::Vcf => search.vcf(&mut board),
        SolveKind::Vct => search.vct(&mut board),
    };
    Solution {
        line: found.map(|line| line.into_iter().map(pos_of).collect()),
        nodes: search.nodes,
    }
}
