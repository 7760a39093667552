//! PSQ, Piskvork's game file:
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0          one line per move: x,y (1-based) and the time it took in ms
//! 9,7,0
//! -1             end of moves (Piskvork may put player names before it)
//! Renju          FiveInRow's trailer: the rule (PSQ has no field for it)
//! B+ black made five   and the result with the comment, when known
//! ```

use super::info::RecordInfo;
use super::Record;
use crate::error::{ParseError, RecordError};
use crate::types::{check_size, Pos, Rule};

/// Writes a record as PSQ. PSQ has no set-up stones: a record with some is refused.
pub fn write_psq(record: &Record) -> Result<String, RecordError> {
    write_psq_with_info(record, &RecordInfo::default())
}

/// Writes a record as PSQ with what PSQ can hold of its metadata: the players' names
/// before `-1` (a name that would read as a move, or is not one line, is left out), and
/// the result (SGF's `RE` notation) with the comment after the rule.
pub fn write_psq_with_info(record: &Record, info: &RecordInfo) -> Result<String, RecordError> {
    if record.has_setup() || record.first_to_move != crate::Color::Black {
        return Err(RecordError::Unsupported(
            "PSQ cannot hold a set-up position; use SGF".into(),
        ));
    }
    let n = record.size;
    let mut out = format!("Piskvorky {n}x{n}, 11:11, 0\n");
    for p in &record.moves {
        out.push_str(&format!("{},{},0\n", p.x() + 1, p.y() + 1));
    }
    for name in [&info.black, &info.white].into_iter().flatten() {
        let reads_as_move = name.starts_with(|c: char| c.is_ascii_digit() || c == '-');
        if !name.is_empty() && !reads_as_move && !name.contains(['\n', '\r']) {
            out.push_str(name);
            out.push('\n');
        }
    }
    out.push_str("-1\n");
    let rule = record.rule.name();
    out.push_str(&rule[..1].to_ascii_uppercase());
    out.push_str(&rule[1..]);
    out.push('\n');
    let result = info.result.map(|r| r.to_sgf());
    let last: Vec<&str> = [result.as_deref(), info.comment.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    if !last.is_empty() {
        out.push_str(&last.join(" ").replace(['\n', '\r'], " "));
        out.push('\n');
    }
    Ok(out)
}

/// Reads PSQ text. The rule comes from FiveInRow's trailer line when there is one
/// (a line that names a rule, alone or as `N,Rule`), else it is `default_rule`.
pub fn read_psq(text: &str, default_rule: Rule) -> Result<Record, RecordError> {
    let mut lines = text.lines().enumerate();
    let (_, header) = lines
        .next()
        .ok_or_else(|| ParseError::new(1, 1, None, "empty PSQ file"))?;
    let size = parse_header(header)?;
    let mut moves = Vec::new();
    let mut rule = default_rule;
    let mut in_moves = true;
    for (i, line) in lines {
        let line_no = i + 1;
        let t = line.trim();
        if in_moves {
            if t == "-1" || t.is_empty() {
                in_moves = false;
                continue;
            }
            if t.starts_with(|c: char| c.is_ascii_digit()) {
                moves.push(parse_move(t, line_no, size)?);
                continue;
            }
            // Player names or other trailer text end the moves.
            in_moves = false;
        }
        let name = t.rsplit(',').next().unwrap_or("");
        if let Ok(r) = name.parse::<Rule>() {
            if name.chars().all(|c| c.is_ascii_alphabetic()) {
                rule = r;
            }
        }
    }
    Ok(Record::new(rule, size, moves))
}

fn parse_header(header: &str) -> Result<u8, ParseError> {
    let bad = |msg: &str| ParseError::new(1, 1, Some(header.trim()), msg.to_string());
    let rest = header
        .trim_start()
        .strip_prefix("Piskvorky")
        .ok_or_else(|| bad("expected the header 'Piskvorky NxN, ...'"))?;
    let dims = rest.trim_start().split(',').next().unwrap_or("").trim();
    let (w, h) = dims
        .split_once(['x', 'X'])
        .ok_or_else(|| bad("expected the board size as NxN"))?;
    let (w, h): (u32, u32) = match (w.trim().parse(), h.trim().parse()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(bad("expected the board size as NxN")),
    };
    if w != h {
        return Err(bad("only square boards are supported"));
    }
    check_size(w).map_err(|e| bad(&e.to_string()))
}

fn parse_move(t: &str, line: usize, size: u8) -> Result<Pos, ParseError> {
    let fields: Vec<&str> = t.split(',').map(str::trim).collect();
    let bad = |msg: String| ParseError::new(line, 1, Some(t), msg);
    if !(2..=3).contains(&fields.len()) {
        return Err(bad("expected a move as x,y,time".into()));
    }
    let mut nums = [0i64; 3];
    for (k, f) in fields.iter().enumerate() {
        nums[k] = f
            .parse()
            .map_err(|_| bad(format!("'{f}' is not a whole number")))?;
    }
    Pos::on_board(nums[0] - 1, nums[1] - 1, size)
        .ok_or_else(|| bad(format!("off the {size}x{size} board (PSQ counts from 1)")))
}
