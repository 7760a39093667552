// Record parsers on arbitrary text: move strings, x,y lists, PSQ and SGF never panic;
// what they accept replays or fails with an error, and what they write reads back.
// Shared by the fuzz target and the regression test that replays fuzz/regressions.

use fiveinrow_rules::notation::{format_move_string, parse_moves};
use fiveinrow_rules::record::{read_psq, read_sgf, write_psq, write_sgf};
use fiveinrow_rules::Rule;

/// Runs the checks on one input; panics on a violation.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for size in [5u8, 15, 22] {
        if let Ok(moves) = parse_moves(text, size) {
            let again = parse_moves(&format_move_string(&moves, size), size)
                .expect("written moves read back");
            assert_eq!(again, moves);
        }
    }
    if let Ok(r) = read_sgf(text) {
        let written = write_sgf(&r);
        assert_eq!(read_sgf(&written).expect("written SGF reads back"), r);
        let _ = r.to_game();
    }
    if let Ok(r) = read_psq(text, Rule::Renju) {
        if let Ok(written) = write_psq(&r) {
            assert_eq!(
                read_psq(&written, Rule::Freestyle).expect("written PSQ reads back"),
                r
            );
        }
        let _ = r.to_game();
    }
}
