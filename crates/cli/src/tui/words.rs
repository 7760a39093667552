//! The rules core's and the engine's answers in words, with points in `h8` notation.

use fiveinrow_engine::Info;
use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::{Game, MoveError, Status};

/// Why a move was refused (the rules core's words; off the board needs no coordinates
/// here: the cursor cannot leave it).
pub fn refusal(e: &MoveError, size: u8) -> String {
    match e {
        MoveError::OutOfBoard { .. } => "that point is off the board".to_string(),
        _ => e.in_words(size),
    }
}

/// How a finished game ended; `None` while it goes on.
pub fn outcome(game: &Game) -> Option<String> {
    let size = game.size();
    match game.status() {
        Status::Ongoing => None,
        Status::Draw if game.board().is_full() => Some("draw: the board is full".to_string()),
        Status::Draw => Some("draw: every point left is forbidden for black".to_string()),
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
    use fiveinrow_rules::notation::parse_moves;
    use fiveinrow_rules::{ForbiddenKind, Pos, Rule};

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
        let moves = parse_moves("a1 h8 b1 h9 c1 h10 d1 h11", 15).unwrap();
        let mut game = Game::from_moves(Rule::Freestyle, 15, &moves).unwrap();
        assert_eq!(outcome(&game), None);
        game.play(Pos::new(4, 14).unwrap()).unwrap();
        assert_eq!(
            outcome(&game).as_deref(),
            Some("black wins with a1 b1 c1 d1 e1")
        );
        assert_eq!(points(&[h8, h8, h8], 15, 6), "h8 h8");
        assert_eq!(count(12_345), "12.3k");
    }
}
