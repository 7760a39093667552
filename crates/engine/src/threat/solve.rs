//! The solver's entry: a VCF or VCT for the side to move of a game, found by the threat
//! search and answered as points, so that callers never see the pattern board's cell
//! indices.

use std::time::{Duration, Instant};

use fiveinrow_rules::layout::pos_of;
use fiveinrow_rules::{ForbiddenKind, Game, MoveError, Pos};

use crate::board::pattern_board::PatternBoard;
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
    /// Wall time before giving up; `None` (or a time too long to matter): no limit.
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
    /// The winning line, attacker first, defender replies in between, every move legal;
    /// it ends with the attacker's five, or with a four whose only block black may not
    /// play (see `unstoppable`). `None` when no win was found within the limits (which is
    /// not a proof that there is none).
    pub line: Option<Vec<Pos>>,
    /// Renju: the line's last four can only be blocked on this point, which is forbidden
    /// for black (and why); the attacker makes five there next.
    pub unstoppable: Option<(Pos, ForbiddenKind)>,
    /// Nodes searched.
    pub nodes: u64,
}

/// A threat line as the threat search writes it (a defender "move" on a point it may not
/// play stands for "any move, then the attacker plays there") turned into moves a reader
/// can replay: the line stops at the attacker's four and names the forbidden block.
pub(crate) fn legal_line(game: &Game, raw: &[Pos]) -> (Vec<Pos>, Option<(Pos, ForbiddenKind)>) {
    let mut g = game.clone();
    let attacker = g.to_move();
    let mut line = Vec::with_capacity(raw.len());
    for &p in raw {
        if g.to_move() != attacker {
            if let Err(MoveError::Forbidden { pos, kind }) = g.check(p) {
                return (line, Some((pos, kind)));
            }
        }
        if g.play(p).is_err() {
            break;
        }
        line.push(p);
    }
    (line, None)
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
    // A time too far ahead to write as an instant is no limit (never an overflow panic).
    .with_deadline(limits.time.and_then(|t| Instant::now().checked_add(t)));
    let found = match kind {
        SolveKind::Vcf => search.vcf(&mut board),
        SolveKind::Vct => search.vct(&mut board),
    };
    let (line, unstoppable) = match found {
        Some(raw) => {
            let raw: Vec<Pos> = raw.into_iter().map(pos_of).collect();
            let (line, unstoppable) = legal_line(game, &raw);
            (Some(line), unstoppable)
        }
        None => (None, None),
    };
    Solution {
        line,
        unstoppable,
        nodes: search.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::notation::parse_moves;
    use fiveinrow_rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_moves(Rule::Freestyle, 15, &parse_moves(moves, 15).expect("moves"))
            .expect("a legal game")
    }

    /// Renju: white's four can only be blocked on a point where black would make a
    /// double-three. The line ends with that four and names the point; black is never
    /// shown playing it.
    #[test]
    fn a_block_forbidden_for_black_ends_the_line_and_is_named() {
        let moves =
            fiveinrow_rules::notation::parse_xy_list("5,7 3,3 6,7 4,4 7,5 5,5 2,2 12,12 7,6", 15)
                .unwrap();
        let game = Game::from_moves(fiveinrow_rules::Rule::Renju, 15, &moves).unwrap();
        let s = solve(
            &game,
            SolveKind::Vcf,
            &SolveLimits::for_kind(SolveKind::Vcf),
        );
        assert_eq!(s.line, Some(vec![Pos::new(6, 6).unwrap()]));
        assert_eq!(
            s.unstoppable,
            Some((Pos::new(7, 7).unwrap(), ForbiddenKind::DoubleThree))
        );
        let (legal, _) = legal_line(&game, &[Pos::new(6, 6).unwrap(), Pos::new(7, 7).unwrap()]);
        let mut g = game.clone();
        for p in legal {
            g.play(p).unwrap();
        }
    }

    #[test]
    fn finds_a_four_and_answers_points() {
        // Black h8 i8 j8 k8 against scattered white: l8 or g8 wins at once.
        let g = game("h8 a1 i8 a3 j8 a5 k8 a7");
        let s = solve(&g, SolveKind::Vcf, &SolveLimits::for_kind(SolveKind::Vcf));
        let line = s.line.expect("a win in one");
        assert_eq!(line.len(), 1);
        assert!(s.nodes > 0);
    }

    #[test]
    fn no_win_and_a_huge_time_do_not_panic() {
        let g = game("h8");
        let limits = SolveLimits {
            time: Some(Duration::MAX),
            ..SolveLimits::for_kind(SolveKind::Vct)
        };
        assert_eq!(solve(&g, SolveKind::Vct, &limits).line, None);
    }
}
