//! The rules core's and the engine's answers in words, with points in `h8` notation.

use fiveinrow_engine::Info;
use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::{MoveError, Status};

/// Why a move was refused (the rules core's words; off the board needs no coordinates
/// here: the cursor cannot leave it).
pub fn refusal(e: &MoveError, size: u8) -> String {
    match e {
        MoveError::OutOfBoard { .. } => "that point is off the board".to_string(),
        _ => e.in_words(size),
    }
}

/// How a finished game ended; `None` while it goes on.
pub fn outcome(status: &Status, size: u8) -> Option<String> {
    match status {
        Status::Ongoing => None,
        Status::Draw => Some("draw: the board is full".to_string()),
        Status::Won { winner, line } => Some(format!(
            "{winner} wins with {}",
            points(line, size, usize::MAX)
        )),
    }
}

/// Points in `h8` notation, space separated, cut to at most `width` characters.
pub fn points(line: &[fiveinrow_rules::Pos], size: u8, width: usize) -> String {
    let mut out = String::new();
    for &p in line {
        let name = to_human(p, size);
        let sep = usize::from(!out.is_empty());
        if out.len() + sep + name.len() > width {
            break;
        }
        if sep == 1 {
            out.push(' ');
        }
        out.push_str(&name);
    }
    out
}

/// `12.3k`: a node count people can read at a glance.
pub fn count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// `depth 7  score +35  12.4k nodes`.
pub fn progress(info: &Info) -> String {
    format!(
        "depth {}  score {}  {} nodes",
        info.depth,
        info.score,
        count(info.nodes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::{Color, ForbiddenKind, Pos};

    #[test]
    fn answers_read_as_sentences() {
        let h8 = Pos::new(7, 7).unwrap();
        let forbidden = MoveError::Forbidden {
            pos: h8,
            kind: ForbiddenKind::DoubleThree,
        };
        assert_eq!(
            refusal(&forbidden, 15),
            "h8 is forbidden for black: double-three"
        );
        assert_eq!(
            refusal(&MoveError::Occupied { pos: h8 }, 15),
            "h8 is occupied"
        );
        let won = Status::Won {
            winner: Color::White,
            line: vec![Pos::new(0, 14).unwrap(), Pos::new(1, 14).unwrap()],
        };
        assert_eq!(outcome(&won, 15).as_deref(), Some("white wins with a1 b1"));
        assert_eq!(outcome(&Status::Ongoing, 15), None);
        assert_eq!(points(&[h8, h8, h8], 15, 6), "h8 h8");
        assert_eq!(count(12_345), "12.3k");
    }
}
