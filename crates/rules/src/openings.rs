//! Opening files in the Gomocup offset format: one opening a line, `dx,dy, dx,dy, ...`
//! counted from the centre of the board, black first.

use crate::types::Pos;

/// Parses one line of an offset opening file (`dx,dy, dx,dy, ...` from the centre).
/// `None` when a field is not a number, a pair is cut short, or a point is off the board.
pub fn parse_offset_opening(line: &str, size: u8) -> Option<Vec<Pos>> {
    let nums: Vec<i64> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    if !nums.len().is_multiple_of(2) || nums.is_empty() {
        return None;
    }
    let c = i64::from(size / 2);
    nums.chunks(2)
        .map(|p| Pos::on_board(c + p[0], c + p[1], size))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_openings() {
        let o = parse_offset_opening("0,0, 1,0, -1,3", 15).unwrap();
        assert_eq!(o, vec![Pos::at(7, 7), Pos::at(8, 7), Pos::at(6, 10)]);
        assert!(parse_offset_opening("0,0, 1", 15).is_none());
        assert!(parse_offset_opening("9,9", 15).is_none());
    }
}
