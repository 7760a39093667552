//! Parsing of one protocol line from a manager or GUI into a typed command. Keywords are
//! case-insensitive (Yixin-Board sends lower case); a bad argument is an error that says
//! what is wrong, never a panic.

use crate::error::ProtocolError;

/// A command line (bodies of BOARD-like commands come as separate [`BodyLine`]s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Start(u32),
    RectStart(u32, u32),
    Restart,
    Begin,
    Turn(i64, i64),
    /// BOARD (think after DONE) or YXBOARD (set only).
    Board {
        think: bool,
    },
    Info(String, String),
    End,
    About,
    Play(i64, i64),
    Takeback(i64, i64),
    Swap2Board,
    ShowInfo,
    Stop,
    NBest(usize),
    ShowForbid,
    HashClear,
    /// YXBLOCK (add) or YXBLOCKUNDO (remove) ... DONE.
    Block {
        add: bool,
    },
    BlockReset,
    TraceBoard,
    Unknown(String),
}

impl Command {
    /// Whether a body of lines up to DONE follows.
    pub fn has_body(&self) -> bool {
        matches!(
            self,
            Command::Board { .. } | Command::Swap2Board | Command::Block { .. }
        )
    }
}

/// Reads `X,Y` (spaces allowed around the comma).
pub fn parse_xy(s: &str) -> Result<(i64, i64), ProtocolError> {
    let nums = parse_numbers(s)?;
    match nums.as_slice() {
        [x, y] => Ok((*x, *y)),
        _ => Err(ProtocolError::ExpectedXy(s.trim().to_string())),
    }
}

fn parse_numbers(s: &str) -> Result<Vec<i64>, ProtocolError> {
    s.split(',')
        .map(|t| {
            t.trim()
                .parse::<i64>()
                .map_err(|_| ProtocolError::NotANumber(t.trim().to_string()))
        })
        .collect()
}

/// One line of a BOARD/YXBOARD body: `X,Y,F` (F = 1 own, 2 opponent, 3 continuous
/// marker); of a SWAP2BOARD or YXBLOCK body: `X,Y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLine {
    pub x: i64,
    pub y: i64,
    pub field: Option<u8>,
}

pub fn parse_body_line(s: &str) -> Result<BodyLine, ProtocolError> {
    let nums = parse_numbers(s)?;
    match nums.as_slice() {
        [x, y] => Ok(BodyLine {
            x: *x,
            y: *y,
            field: None,
        }),
        [x, y, f] if (1..=3).contains(f) => Ok(BodyLine {
            x: *x,
            y: *y,
            field: Some(*f as u8),
        }),
        [_, _, f] => Err(ProtocolError::BadField(*f)),
        _ => Err(ProtocolError::ExpectedXyf(s.trim().to_string())),
    }
}

/// Parses a command line (not a body line).
pub fn parse_command(line: &str) -> Result<Command, ProtocolError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let word_uc = word.to_ascii_uppercase();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(ProtocolError::NoArguments(word_uc.clone()))
        }
    };
    let bad_argument = |what: &'static str| ProtocolError::BadArgument {
        command: word_uc.clone(),
        what,
        got: rest.to_string(),
    };
    let number = |what: &'static str| -> Result<u32, ProtocolError> {
        rest.parse::<u32>().map_err(|_| bad_argument(what))
    };
    match word_uc.as_str() {
        "START" => Ok(Command::Start(number("a board size")?)),
        "RECTSTART" => {
            let nums = parse_numbers(rest)?;
            match nums.as_slice() {
                [w, h] if *w >= 0 && *h >= 0 => Ok(Command::RectStart(*w as u32, *h as u32)),
                _ => Err(bad_argument("W,H")),
            }
        }
        "RESTART" => no_args(Command::Restart),
        "BEGIN" => no_args(Command::Begin),
        "TURN" => {
            let (x, y) = parse_xy(rest)?;
            Ok(Command::Turn(x, y))
        }
        "BOARD" => no_args(Command::Board { think: true }),
        "YXBOARD" => no_args(Command::Board { think: false }),
        "INFO" => {
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if key.is_empty() {
                return Err(ProtocolError::Invalid("INFO needs a key"));
            }
            Ok(Command::Info(
                key.to_ascii_lowercase(),
                value.trim().to_string(),
            ))
        }
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "PLAY" => {
            let (x, y) = parse_xy(rest)?;
            Ok(Command::Play(x, y))
        }
        "TAKEBACK" => {
            let (x, y) = parse_xy(rest)?;
            Ok(Command::Takeback(x, y))
        }
        "SWAP2BOARD" => no_args(Command::Swap2Board),
        "YXSHOWINFO" => Ok(Command::ShowInfo),
        "YXSTOP" | "STOP" => Ok(Command::Stop),
        "YXNBEST" => {
            let n = number("a number of moves")?;
            if n == 0 || n > 64 {
                return Err(ProtocolError::Invalid("YXNBEST needs 1 to 64"));
            }
            Ok(Command::NBest(n as usize))
        }
        "YXSHOWFORBID" => Ok(Command::ShowForbid),
        "YXHASHCLEAR" => Ok(Command::HashClear),
        "YXBLOCK" => Ok(Command::Block { add: true }),
        "YXBLOCKUNDO" => Ok(Command::Block { add: false }),
        "YXBLOCKRESET" => Ok(Command::BlockReset),
        "TRACEBOARD" => Ok(Command::TraceBoard),
        _ => Ok(Command::Unknown(word.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse_command("START 15"), Ok(Command::Start(15)));
        assert_eq!(parse_command("start 20\r"), Ok(Command::Start(20)));
        assert_eq!(parse_command("TURN 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse_command("turn -1,3"), Ok(Command::Turn(-1, 3)));
        assert_eq!(
            parse_command("INFO timeout_turn 1000"),
            Ok(Command::Info("timeout_turn".into(), "1000".into()))
        );
        assert_eq!(parse_command("yxnbest 3"), Ok(Command::NBest(3)));
        assert_eq!(parse_command("FOO"), Ok(Command::Unknown("FOO".into())));
        assert!(parse_command("START").is_err());
        assert!(parse_command("START x").is_err());
        assert!(parse_command("TURN 7").is_err());
        assert!(parse_command("TURN a,b").is_err());
        assert!(parse_command("TURN 99999999999999999999,1").is_err());
        assert!(parse_command("BEGIN now").is_err());
        assert!(parse_command("INFO").is_err());
    }

    #[test]
    fn bodies() {
        assert_eq!(
            parse_body_line("7,7,1"),
            Ok(BodyLine {
                x: 7,
                y: 7,
                field: Some(1)
            })
        );
        assert_eq!(
            parse_body_line("7,7"),
            Ok(BodyLine {
                x: 7,
                y: 7,
                field: None
            })
        );
        assert!(parse_body_line("7,7,4").is_err());
        assert!(parse_body_line("7").is_err());
        assert!(parse_body_line("a,b,c").is_err());
    }
}
