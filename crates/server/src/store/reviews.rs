//! A game's review as stored: the moves it judged, the budget per position, and one line
//! per position, `ply kind value pv` (`12 eval -340 j10k11`, `13 win 3 k11`, `19 loss 0 -`).
//! The marks and losses are not stored: they follow from the verdicts.

use fiveinrow_engine::review::PositionVerdict;
use fiveinrow_engine::Score;
use fiveinrow_rules::notation::{format_move_string, parse_move_string};

/// A review as a row of the `reviews` table.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredReview {
    pub created_at: i64,
    /// Nodes per position.
    pub nodes: u64,
    /// The move string of the game the review is about (a review of other moves is stale).
    pub moves: String,
    pub positions: Vec<PositionVerdict>,
}

/// The `positions` column of a review.
pub fn encode(positions: &[PositionVerdict], size: u8) -> String {
    let mut out = String::new();
    for p in positions {
        let (kind, value) = match p.score {
            Score::Eval(v) => ("eval", i64::from(v)),
            Score::WinIn(n) => ("win", i64::from(n)),
            Score::LossIn(n) => ("loss", i64::from(n)),
        };
        let pv = if p.pv.is_empty() {
            "-".to_string()
        } else {
            format_move_string(&p.pv, size)
        };
        out.push_str(&format!("{} {kind} {value} {pv}\n", p.ply));
    }
    out
}

/// Reads the `positions` column back; the reason when a line is not one of [`encode`]'s.
pub fn decode(text: &str, size: u8) -> Result<Vec<PositionVerdict>, String> {
    text.lines()
        .map(|line| {
            let bad = || {
                format!(
                    "bad review line '{}'",
                    line.chars().take(60).collect::<String>()
                )
            };
            let parts: Vec<&str> = line.split(' ').collect();
            let [ply, kind, value, pv] = parts[..] else {
                return Err(bad());
            };
            let ply: usize = ply.parse().map_err(|_| bad())?;
            let score = match (kind, value.parse::<i64>().map_err(|_| bad())?) {
                ("eval", v) => Score::Eval(i32::try_from(v).map_err(|_| bad())?),
                ("win", n) => Score::WinIn(u32::try_from(n).map_err(|_| bad())?),
                ("loss", n) => Score::LossIn(u32::try_from(n).map_err(|_| bad())?),
                _ => return Err(bad()),
            };
            let pv = if pv == "-" {
                Vec::new()
            } else {
                parse_move_string(pv, size).map_err(|_| bad())?
            };
            Ok(PositionVerdict { ply, score, pv })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::Pos;

    #[test]
    fn positions_round_trip_and_bad_lines_are_refused() {
        let p = |x, y| Pos::new(x, y).unwrap();
        let positions = vec![
            PositionVerdict {
                ply: 0,
                score: Score::Eval(-340),
                pv: vec![p(7, 7), p(8, 8)],
            },
            PositionVerdict {
                ply: 1,
                score: Score::WinIn(3),
                pv: vec![p(0, 14)],
            },
            PositionVerdict {
                ply: 2,
                score: Score::LossIn(0),
                pv: Vec::new(),
            },
        ];
        let text = encode(&positions, 15);
        assert_eq!(text, "0 eval -340 h8i7\n1 win 3 a1\n2 loss 0 -\n");
        assert_eq!(decode(&text, 15).unwrap(), positions);
        for bad in [
            "0 eval",
            "x eval 1 -",
            "0 draw 1 -",
            "0 eval 1 zz99",
            "0 win -1 -",
        ] {
            assert!(decode(bad, 15).is_err(), "{bad}");
        }
    }
}
