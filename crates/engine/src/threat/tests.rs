//! The quiet-threat VCT on the pattern board (moved here from the puzzle tests: it
//! looks at combos and cell indices, which the crate does not export).

#[path = "../../tests/suite/support/mod.rs"]
mod support;

use fiveinrow_rules::layout::pos_of as pos;

use crate::board::pattern_board::PatternBoard as Board;
use crate::threat::{ThreatLimits, ThreatSearch, QUIET_THREAT_DEPTH};
use support::puzzles;

/// The quiet-threat VCT enumerates only the defender replies that can spoil the
/// threatened VCF. Checks that on VC10 against every legal reply near the stones: after
/// the solver's quiet first move, each one still loses to a VCT.
#[test]
fn quiet_threat_beats_every_reply() {
    let pz = puzzles().into_iter().find(|p| p.name == "VC10").unwrap();
    let mut board = Board::from_game(&pz.game());
    let limits = ThreatLimits {
        depth: 8,
        nodes: 3_000_000,
    };
    let line = ThreatSearch::new(limits, None)
        .with_quiet_threats(QUIET_THREAT_DEPTH)
        .vct(&mut board)
        .expect("VC10 is solved");
    let first = line[0];
    assert!(
        !board.combo(board.side_to_move(), first).is_threat(),
        "the solution should start with a quiet move (it is a 'fukumi' puzzle)"
    );
    board.make(first);
    let replies: Vec<usize> = board
        .empty_cells()
        .filter(|&i| board.near(i) > 0 && board.is_legal(i))
        .collect();
    assert!(replies.len() > 30, "{} replies", replies.len());
    let mut saved = Vec::new();
    for &r in &replies {
        board.make(r);
        let found = ThreatSearch::new(limits, None)
            .with_quiet_threats(QUIET_THREAT_DEPTH)
            .vct(&mut board);
        board.undo();
        if found.is_none() {
            saved.push(pos(r));
        }
    }
    assert!(saved.is_empty(), "replies that hold: {saved:?}");
}
