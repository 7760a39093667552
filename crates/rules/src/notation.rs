//! Human notation (`h8`: column letter, row counted from the bottom), move strings
//! (`h8i9j10`, separators allowed) and Gomocup-style `x,y` lists.

use crate::error::ParseError;
use crate::types::Pos;

/// `h8`-style name of a point on a board of side `size`.
pub fn to_human(p: Pos, size: u8) -> String {
    format!("{}{}", (b'a' + p.x()) as char, size - p.y())
}

/// Reads one `h8`-style point (case-insensitive); `None` if malformed or off the board.
pub fn parse_human(s: &str, size: u8) -> Option<Pos> {
    let moves = parse_move_string(s, size).ok()?;
    match moves.as_slice() {
        [p] => Some(*p),
        _ => None,
    }
}

/// A move string: the moves' human names concatenated (`h8i9j10`).
pub fn format_move_string(moves: &[Pos], size: u8) -> String {
    moves.iter().map(|&p| to_human(p, size)).collect()
}

/// An `x,y` list: `7,7 8,8 9,9`.
pub fn format_xy_list(moves: &[Pos]) -> String {
    moves
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a list of moves in either form: a move string when the text holds a letter,
/// otherwise an `x,y` list.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Pos>, ParseError> {
    if text.bytes().any(|b| b.is_ascii_alphabetic()) {
        parse_move_string(text, size)
    } else {
        parse_xy_list(text, size)
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

/// Line and column (1-based) of byte offset `at` in `text`.
pub(crate) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn error_at(text: &str, at: usize, token: &str, message: impl Into<String>) -> ParseError {
    let (line, column) = line_col(text, at);
    ParseError::new(line, column, Some(token), message)
}

/// Reads a move string: `h8i9j10`, `H8 i9, j10` (letters any case; whitespace, `,`, `;`
/// between moves).
pub fn parse_move_string(text: &str, size: u8) -> Result<Vec<Pos>, ParseError> {
    let mut moves = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if is_separator(c) {
            chars.next();
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(error_at(
                text,
                start,
                &c.to_string(),
                "expected a column letter",
            ));
        }
        chars.next();
        let mut end = start + 1;
        while let Some(&(i, d)) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            end = i + 1;
            chars.next();
        }
        let token = &text[start..end];
        let digits = &token[1..];
        if digits.is_empty() {
            return Err(error_at(
                text,
                start,
                token,
                "a column letter needs a row number",
            ));
        }
        let col = c.to_ascii_lowercase() as u32 - 'a' as u32;
        let row: u32 = digits.parse().unwrap_or(u32::MAX);
        if col >= u32::from(size) || row == 0 || row > u32::from(size) {
            return Err(error_at(
                text,
                start,
                token,
                format!("off the {size}x{size} board"),
            ));
        }
        moves.push(Pos::at(col as u8, (u32::from(size) - row) as u8));
    }
    Ok(moves)
}

/// Reads an `x,y` list: numbers in pairs, separated by commas, semicolons or whitespace
/// (`7,7 8,8` or `7,7,8,8`).
pub fn parse_xy_list(text: &str, size: u8) -> Result<Vec<Pos>, ParseError> {
    let mut numbers: Vec<(usize, &str, i64)> = Vec::new();
    let mut rest = text.char_indices().peekable();
    while let Some(&(start, c)) = rest.peek() {
        if is_separator(c) {
            rest.next();
            continue;
        }
        let mut end = start;
        while let Some(&(i, d)) = rest.peek() {
            if is_separator(d) {
                break;
            }
            end = i + d.len_utf8();
            rest.next();
        }
        let token = &text[start..end];
        let value: i64 = token
            .parse()
            .map_err(|_| error_at(text, start, token, "expected a whole number"))?;
        numbers.push((start, token, value));
    }
    if numbers.len() % 2 == 1 {
        let (at, token, _) = numbers[numbers.len() - 1];
        return Err(error_at(text, at, token, "an x without its y"));
    }
    numbers
        .chunks(2)
        .map(|pair| {
            let (at, tx, x) = pair[0];
            let (_, ty, y) = pair[1];
            Pos::on_board(x, y, size).ok_or_else(|| {
                error_at(
                    text,
                    at,
                    &format!("{tx},{ty}"),
                    format!("off the {size}x{size} board"),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_names() {
        assert_eq!(to_human(Pos::at(7, 7), 15), "h8");
        assert_eq!(to_human(Pos::at(0, 14), 15), "a1");
        assert_eq!(parse_human("H8", 15), Some(Pos::at(7, 7)));
        assert_eq!(parse_human("a1", 15), Some(Pos::at(0, 14)));
        assert_eq!(parse_human("p1", 15), None);
        assert_eq!(parse_human("a16", 15), None);
        assert_eq!(parse_human("a0", 15), None);
    }

    #[test]
    fn move_strings() {
        let m = parse_moves("h8i9j10", 15).unwrap();
        assert_eq!(m, vec![Pos::at(7, 7), Pos::at(8, 6), Pos::at(9, 5)]);
        assert_eq!(parse_moves("h8 i9, J10", 15).unwrap(), m);
        assert_eq!(format_move_string(&m, 15), "h8i9j10");
    }

    #[test]
    fn xy_lists() {
        let m = parse_moves("7,7 8,6", 15).unwrap();
        assert_eq!(m, vec![Pos::at(7, 7), Pos::at(8, 6)]);
        assert_eq!(parse_moves("7,7,8,6", 15).unwrap(), m);
        assert_eq!(format_xy_list(&m), "7,7 8,6");
        assert_eq!(parse_moves("", 15).unwrap(), vec![]);
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse_moves("h8 i9 #", 15).unwrap_err();
        assert_eq!((e.line, e.column), (1, 7));
        let e = parse_moves("h8 z9", 15).unwrap_err();
        assert_eq!((e.column, e.token.as_deref()), (4, Some("z9")));
        assert!(e.message.contains("off the 15x15 board"));
        let e = parse_moves("h8 i", 15).unwrap_err();
        assert_eq!(e.column, 4);
        let e = parse_moves("7,7 8", 15).unwrap_err();
        assert_eq!(e.column, 5);
        let e = parse_moves("7,7 15,3", 15).unwrap_err();
        assert_eq!(e.token.as_deref(), Some("15,3"));
        let e = parse_moves("7,7 -1,3", 15).unwrap_err();
        assert!(e.message.contains("off"));
        assert!(parse_moves("h99999999999999999999", 15).is_err());
        assert!(parse_moves("7,7 é,1", 15).is_err());
    }
}
