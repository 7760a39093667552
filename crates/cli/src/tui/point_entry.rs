//! A point typed on the keyboard: a column letter, then the row's digits (`h8`). The
//! cursor follows what is typed; the point is played as soon as no further digit could
//! keep it on the board (`h8` on 15x15 at once, `h1` waits for a `0`..`5` or Enter).

use fiveinrow_rules::Pos;

/// What one typed character did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A column letter: waiting for the row.
    Column,
    /// A point that a further digit could still change: aim the cursor there.
    Aim(Pos),
    /// A finished point: play it.
    Complete(Pos),
    /// The digits name no row of this board; the entry is cleared.
    NoSuchRow(String),
    /// Not part of a point (a digit with no column before it, another key).
    Ignored,
}

#[derive(Clone, Debug, Default)]
pub struct PointEntry {
    text: String,
}

/// The column a lower-case letter names on a board of side `size`.
pub fn column_of(c: char, size: u8) -> Option<u8> {
    if !c.is_ascii_lowercase() {
        return None;
    }
    let x = c as u8 - b'a';
    (x < size).then_some(x)
}

impl PointEntry {
    /// What has been typed so far (empty when nothing is).
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Takes back the last character typed; whether there was one.
    pub fn erase(&mut self) -> bool {
        self.text.pop().is_some()
    }

    pub fn push(&mut self, c: char, size: u8) -> Typed {
        if column_of(c, size).is_some() {
            // A new letter starts a new point, whatever was typed before.
            self.text = c.to_string();
            return Typed::Column;
        }
        if !c.is_ascii_digit() || self.text.is_empty() {
            return Typed::Ignored;
        }
        let candidate = format!("{}{c}", self.text);
        let mut chars = candidate.chars();
        let column = chars.next().and_then(|l| column_of(l, size));
        let row: Option<u32> = chars.as_str().parse().ok();
        let (Some(x), Some(row)) = (column, row) else {
            self.text.clear();
            return Typed::Ignored;
        };
        if row == 0 || row > u32::from(size) {
            self.text.clear();
            return Typed::NoSuchRow(candidate);
        }
        let pos = Pos::new(x, size - row as u8).expect("a point of the board");
        if row * 10 > u32::from(size) {
            self.text.clear();
            Typed::Complete(pos)
        } else {
            self.text = candidate;
            Typed::Aim(pos)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str, size: u8) -> Vec<Typed> {
        let mut e = PointEntry::default();
        text.chars().map(|c| e.push(c, size)).collect()
    }

    #[test]
    fn a_point_is_complete_when_no_digit_could_follow() {
        let h8 = Pos::new(7, 7).unwrap();
        assert_eq!(typed("h8", 15), [Typed::Column, Typed::Complete(h8)]);
        let a1 = Pos::new(0, 14).unwrap();
        let a15 = Pos::new(0, 0).unwrap();
        assert_eq!(
            typed("a15", 15),
            [Typed::Column, Typed::Aim(a1), Typed::Complete(a15)]
        );
        // On 9x9 every row is one digit.
        assert_eq!(
            typed("a1", 9),
            [Typed::Column, Typed::Complete(Pos::new(0, 8).unwrap())]
        );
    }

    #[test]
    fn rows_and_columns_off_the_board_are_not_points() {
        assert_eq!(
            typed("h0", 15),
            [Typed::Column, Typed::NoSuchRow("h0".into())]
        );
        assert_eq!(
            typed("a16", 15)[2],
            Typed::NoSuchRow("a16".into()),
            "a1 then 6 is row 16"
        );
        assert_eq!(typed("p", 15), [Typed::Ignored]);
        assert_eq!(typed("8", 15), [Typed::Ignored]);
        assert_eq!(typed("H8", 15), [Typed::Ignored, Typed::Ignored]);
    }

    #[test]
    fn a_new_letter_starts_again() {
        let mut e = PointEntry::default();
        e.push('a', 15);
        e.push('1', 15);
        assert_eq!(e.text(), "a1");
        assert_eq!(e.push('c', 15), Typed::Column);
        assert_eq!(e.text(), "c");
        assert!(e.erase());
        assert!(e.is_empty());
    }
}
