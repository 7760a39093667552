//! SGF (FF[4]) for five-in-a-row: `GM[4]`, the size in `SZ`, the rule in `RU`, set-up
//! stones in `AB`/`AW` with `PL` for the side to move, then one node per move
//! (`;B[hh]` with x then y as letters from the top-left). Only the main line is read;
//! other variations are checked for syntax and skipped; unknown properties are ignored.
//! The root node carries the [`RecordInfo`]: `PB`, `PW`, `RE`, `DT`, `C` and `OPENING`
//! (the opening rule's decisions, ours).

use super::info::{Judgement, MoveNote, RecordInfo, RecordResult};
use super::Record;
use crate::error::{ParseError, RecordError};
use crate::notation::line_col;
use crate::types::{check_size, Color, Pos, Rule, DEFAULT_SIZE};

/// Writes a record as SGF.
pub fn write_sgf(record: &Record) -> String {
    write_sgf_with_info(record, &RecordInfo::default())
}

/// Writes a record and its metadata as SGF.
pub fn write_sgf_with_info(record: &Record, info: &RecordInfo) -> String {
    write_sgf_annotated(record, info, &[])
}

/// Writes a record, its metadata and what is said of each move (`notes[i]` for the
/// `i`-th move; missing notes are none) as SGF.
pub fn write_sgf_annotated(record: &Record, info: &RecordInfo, notes: &[MoveNote]) -> String {
    let mut out = format!(
        "(;GM[4]FF[4]CA[UTF-8]AP[FiveInRow]SZ[{}]RU[{}]",
        record.size,
        record.rule.name()
    );
    let result = info.result.map(RecordResult::to_sgf);
    for (ident, value) in [
        ("PB", info.black.as_deref()),
        ("PW", info.white.as_deref()),
        ("RE", result.as_deref()),
        ("DT", info.date.as_deref()),
        ("C", info.comment.as_deref()),
        ("OPENING", info.opening.as_deref()),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{ident}[{}]", escape(v)));
        }
    }
    for (ident, stones) in [("AB", &record.setup_black), ("AW", &record.setup_white)] {
        if !stones.is_empty() {
            out.push_str(ident);
            for &p in stones {
                out.push_str(&format!("[{}]", coord(p)));
            }
        }
    }
    if record.has_setup() || record.first_to_move != Color::Black {
        out.push_str(match record.first_to_move {
            Color::Black => "PL[B]",
            Color::White => "PL[W]",
        });
    }
    let mut color = record.first_to_move;
    for (i, &p) in record.moves.iter().enumerate() {
        let c = if color == Color::Black { 'B' } else { 'W' };
        out.push_str(&format!(";{c}[{}]", coord(p)));
        if let Some(note) = notes.get(i) {
            write_note(&mut out, note);
        }
        color = color.opponent();
    }
    out.push_str(")\n");
    out
}

/// A move's judgement (`DO[]`, `BM[1]`, `BM[2]`), value (`V`) and comment (`C`).
fn write_note(out: &mut String, note: &MoveNote) {
    match note.judgement {
        Some(Judgement::Doubtful) => out.push_str("DO[]"),
        Some(Judgement::Bad) => out.push_str("BM[1]"),
        Some(Judgement::VeryBad) => out.push_str("BM[2]"),
        None => {}
    }
    if let Some(v) = note.value {
        out.push_str(&format!("V[{v}]"));
    }
    if let Some(c) = &note.comment {
        out.push_str(&format!("C[{}]", escape(c)));
    }
}

/// A text value with SGF's escapes: a backslash before each `]` and backslash.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn coord(p: Pos) -> String {
    format!("{}{}", (b'a' + p.x()) as char, (b'a' + p.y()) as char)
}

/// One property as read: name, values and where it started.
struct Prop {
    ident: String,
    values: Vec<(usize, String)>,
    at: usize,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Parser<'a> {
    fn error(&self, at: usize, token: Option<&str>, message: impl Into<String>) -> ParseError {
        let (line, column) = line_col(self.text, at);
        ParseError::new(line, column, token, message)
    }

    fn skip_ws(&mut self) {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn token_here(&self) -> String {
        self.text[self.at..].chars().take(12).collect()
    }

    /// Reads a node's properties (after its ';').
    fn node(&mut self) -> Result<Vec<Prop>, ParseError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {}
                _ => return Ok(props),
            }
            let at = self.at;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                self.at += 1;
            }
            let ident = self.text[at..self.at].to_string();
            let mut values = Vec::new();
            loop {
                self.skip_ws();
                if self.peek() != Some(b'[') {
                    break;
                }
                values.push((self.at + 1, self.value()?));
            }
            if values.is_empty() {
                return Err(self.error(at, Some(&ident), "a property needs a [value]"));
            }
            props.push(Prop { ident, values, at });
        }
    }

    /// Reads a `[value]` with SGF escapes.
    fn value(&mut self) -> Result<String, ParseError> {
        let open = self.at;
        self.at += 1;
        let mut v = String::new();
        let mut chars = self.text[self.at..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                ']' => {
                    self.at += i + 1;
                    return Ok(v);
                }
                '\\' => {
                    if let Some((_, e)) = chars.next() {
                        if e != '\n' {
                            v.push(e);
                        }
                    }
                }
                _ => v.push(c),
            }
        }
        Err(self.error(open, Some("["), "value not closed by ']'"))
    }

    /// The nodes of the main line: the first game tree, following the first variation
    /// at each branch; the rest is read for syntax only.
    fn main_line(&mut self) -> Result<Vec<Vec<Prop>>, ParseError> {
        self.skip_ws();
        if self.peek() != Some(b'(') {
            return Err(self.error(
                self.at,
                Some(&self.token_here()),
                "expected '(' to start the game",
            ));
        }
        self.at += 1;
        let mut depth = 1usize;
        let mut on_main = true;
        let mut nodes = Vec::new();
        while depth > 0 {
            self.skip_ws();
            match self.peek() {
                Some(b';') => {
                    self.at += 1;
                    let node = self.node()?;
                    if on_main {
                        nodes.push(node);
                    }
                }
                Some(b'(') => {
                    self.at += 1;
                    depth += 1;
                }
                Some(b')') => {
                    self.at += 1;
                    depth -= 1;
                    on_main = false;
                }
                Some(_) => {
                    return Err(self.error(
                        self.at,
                        Some(&self.token_here()),
                        "expected ';', '(' or ')'",
                    ))
                }
                None => return Err(self.error(self.at, None, "the game is not closed by ')'")),
            }
        }
        if nodes.is_empty() {
            return Err(self.error(0, None, "the game has no node"));
        }
        Ok(nodes)
    }
}

/// Reads SGF text (the first game of a collection, its main line).
pub fn read_sgf(text: &str) -> Result<Record, RecordError> {
    read_sgf_with_info(text).map(|(record, _)| record)
}

/// Reads SGF text and the metadata of its root node.
pub fn read_sgf_with_info(text: &str) -> Result<(Record, RecordInfo), RecordError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let nodes = parser.main_line()?;
    let err = |at: usize, token: &str, msg: String| -> RecordError {
        parser.error(at, Some(token), msg).into()
    };

    let mut size = DEFAULT_SIZE;
    let mut rule = Rule::Freestyle;
    let mut setup: [Vec<(usize, String)>; 2] = [Vec::new(), Vec::new()];
    let mut player: Option<Color> = None;
    let mut moves: Vec<(usize, Color, String)> = Vec::new();
    let mut info = RecordInfo::default();
    for (k, node) in nodes.iter().enumerate() {
        for prop in node {
            let (vat, first) = &prop.values[0];
            match prop.ident.as_str() {
                "PB" if k == 0 => info.black = Some(first.clone()),
                "PW" if k == 0 => info.white = Some(first.clone()),
                "RE" if k == 0 => info.result = Some(RecordResult::from_sgf(first)),
                "DT" if k == 0 => info.date = Some(first.clone()),
                "C" if k == 0 => info.comment = Some(first.clone()),
                "OPENING" if k == 0 => info.opening = Some(first.clone()),
                "GM" if first.trim() != "4" => {
                    return Err(err(
                        *vat,
                        first,
                        "not a five-in-a-row record (GM must be 4)".into(),
                    ))
                }
                "SZ" => {
                    let n: u32 = first.trim().parse().map_err(|_| {
                        err(
                            *vat,
                            first,
                            "SZ must be one number (square boards only)".into(),
                        )
                    })?;
                    size = check_size(n).map_err(|e| err(*vat, first, e.to_string()))?;
                }
                "RU" => {
                    rule = first
                        .parse()
                        .map_err(|e: crate::ValueError| err(*vat, first, e.to_string()))?
                }
                "AB" | "AW" if !moves.is_empty() => {
                    return Err(err(
                        prop.at,
                        &prop.ident,
                        "set-up stones after the moves are not supported".into(),
                    ))
                }
                "AB" => setup[0].extend(prop.values.iter().cloned()),
                "AW" => setup[1].extend(prop.values.iter().cloned()),
                "PL" => {
                    player = Some(match first.trim() {
                        "B" | "b" | "1" => Color::Black,
                        "W" | "w" | "2" => Color::White,
                        _ => return Err(err(*vat, first, "PL must be B or W".into())),
                    })
                }
                "B" | "W" => {
                    if prop.values.len() != 1 {
                        return Err(err(prop.at, &prop.ident, "a move takes one value".into()));
                    }
                    let c = if prop.ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    moves.push((*vat, c, first.clone()));
                }
                _ => {}
            }
        }
    }

    let to_pos = |(at, v): &(usize, String)| -> Result<Pos, RecordError> {
        let b = v.trim().as_bytes();
        if b.is_empty() || b == b"tt" && size <= 19 {
            return Err(err(
                *at,
                v,
                "pass moves are not part of five-in-a-row".into(),
            ));
        }
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return Err(err(
                *at,
                v,
                "expected a point as two letters (x then y)".into(),
            ));
        }
        Pos::on_board(i64::from(b[0] - b'a'), i64::from(b[1] - b'a'), size)
            .ok_or_else(|| err(*at, v, format!("off the {size}x{size} board")))
    };
    let setup_black = setup[0].iter().map(to_pos).collect::<Result<Vec<_>, _>>()?;
    let setup_white = setup[1].iter().map(to_pos).collect::<Result<Vec<_>, _>>()?;
    let first_to_move = player.unwrap_or_else(|| moves.first().map_or(Color::Black, |m| m.1));
    let mut expected = first_to_move;
    let mut points = Vec::with_capacity(moves.len());
    for (at, c, v) in &moves {
        if *c != expected {
            return Err(err(*at, v, format!("expected {expected} to move here")));
        }
        points.push(to_pos(&(*at, v.clone()))?);
        expected = expected.opponent();
    }
    let record = Record {
        rule,
        size,
        setup_black,
        setup_white,
        first_to_move,
        moves: points,
    };
    Ok((record, info))
}
