//! Basic value types: colours, rules, points and board sizes.

use std::fmt;
use std::str::FromStr;

use crate::error::ValueError;

/// Smallest supported board side.
pub const MIN_SIZE: u8 = 5;
/// Largest supported board side.
pub const MAX_SIZE: u8 = 22;
/// The default board side (renju's 15x15).
pub const DEFAULT_SIZE: u8 = 15;

/// A stone colour. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule a game is played under (see `docs/RULES.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins, for either colour.
    #[default]
    Freestyle,
    /// Exactly five wins, for either colour; six or more is neither a win nor forbidden.
    Standard,
    /// Black: exactly five, and no overline, double-four or double-three. White: five or more.
    Renju,
}

impl Rule {
    /// All rules, in the order of their Gomocup flag values.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// Gomocup `INFO rule` value (a sum of flags: 1 exact five, 4 renju).
    pub fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// Reads a Gomocup `INFO rule` value, a sum of flags: 1 exact five, 2 continuous game,
    /// 4 renju, 8 caro. Renju wins over exact five; 2 alone is renju (Yixin-Board sends
    /// it so), otherwise 2 does not change the rule of one game. Caro (8) is not played
    /// here: an error. Other bits are not defined by the protocol and are ignored.
    pub fn from_gomocup_code(code: u32) -> Result<Rule, ValueError> {
        if code & 8 != 0 {
            return Err(ValueError::UnknownRule(format!("{code} (caro)")));
        }
        Ok(if code == 2 || code & 4 != 0 {
            Rule::Renju
        } else if code & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        })
    }

    /// Whether a line of `len` stones of `color` is a win under this rule.
    #[inline]
    pub fn is_win_length(self, color: Color, len: usize) -> bool {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => len == 5,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = ValueError;

    fn from_str(s: &str) -> Result<Rule, ValueError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "gomoku" | "free" | "0" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exact5" | "1" => Ok(Rule::Standard),
            "renju" | "4" => Ok(Rule::Renju),
            _ => Err(ValueError::UnknownRule(s.to_string())),
        }
    }
}

/// Checks a board side: 5 to 22 inclusive.
pub fn check_size(size: u32) -> Result<u8, ValueError> {
    if (MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
        Ok(size as u8)
    } else {
        Err(ValueError::BadSize(size))
    }
}

/// A point `(x, y)`: x = column from the left, y = row from the top, both 0-based.
///
/// A `Pos` is only a pair of coordinates below [`MAX_SIZE`]; whether it lies on a given
/// board is checked by the board (or [`Pos::on_board`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    x: u8,
    y: u8,
}

impl Pos {
    /// The column, from the left (0-based).
    #[inline]
    pub const fn x(self) -> u8 {
        self.x
    }

    /// The row, from the top (0-based).
    #[inline]
    pub const fn y(self) -> u8 {
        self.y
    }

    /// A point the rules crate knows to be in range (a board's own loops, a cell index):
    /// the invariant is checked in debug builds.
    #[inline]
    pub(crate) const fn at(x: u8, y: u8) -> Pos {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Pos { x, y }
    }

    /// The centre point of a board of side `size` (the middle one for odd sides, the one
    /// right and below the middle for even sides).
    pub fn centre(size: u8) -> Pos {
        let c = size.min(MAX_SIZE) / 2;
        Pos::at(c.min(MAX_SIZE - 1), c.min(MAX_SIZE - 1))
    }

    /// A point; `None` when a coordinate is not below [`MAX_SIZE`].
    pub fn new(x: u8, y: u8) -> Option<Pos> {
        (x < MAX_SIZE && y < MAX_SIZE).then_some(Pos { x, y })
    }

    /// A point from any integers, checked against a board side.
    pub fn on_board(x: i64, y: i64, size: u8) -> Option<Pos> {
        let s = i64::from(size);
        ((0..s).contains(&x) && (0..s).contains(&y)).then_some(Pos {
            x: x as u8,
            y: y as u8,
        })
    }

    /// Whether the point lies on a board of side `size`.
    #[inline]
    pub fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// Sort key "by y then x" (reading order).
    #[inline]
    pub fn reading_key(self) -> (u8, u8) {
        (self.y, self.x)
    }
}

impl fmt::Display for Pos {
    /// Gomocup `x,y` form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The four line directions as (dx, dy): horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomocup_rule_codes_read_back() {
        for rule in Rule::ALL {
            assert_eq!(Rule::from_gomocup_code(rule.gomocup_code()), Ok(rule));
        }
        assert_eq!(Rule::from_gomocup_code(2), Ok(Rule::Renju), "Yixin-Board");
        assert_eq!(Rule::from_gomocup_code(3), Ok(Rule::Standard));
        assert_eq!(Rule::from_gomocup_code(6), Ok(Rule::Renju));
        assert!(Rule::from_gomocup_code(8).is_err(), "caro");
        assert!(Rule::from_gomocup_code(9).is_err(), "caro");
    }
}
