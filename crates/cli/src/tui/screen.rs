//! A screen as a grid of characters with a style each: the view draws into it, the
//! terminal shows it, and tests read it as text.

/// What a character means; the terminal picks colours for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Dim,
    Title,
    BlackStone,
    WhiteStone,
    /// The brackets around the last move.
    LastMove,
    /// A stone of the winning line.
    Win,
    /// The suggested point.
    Hint,
    /// An offered 5th move of an opening rule.
    Offer,
    Forbidden,
    /// A refused move, an error.
    Warn,
    /// The selected line of a menu.
    Selected,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub ch: char,
    pub style: Style,
    /// Shown in reverse video (the cursor).
    pub reverse: bool,
}

const BLANK: Cell = Cell {
    ch: ' ',
    style: Style::Plain,
    reverse: false,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    width: u16,
    height: u16,
    cells: Vec<Cell>,
}

impl Screen {
    pub fn new(width: u16, height: u16) -> Screen {
        Screen {
            width,
            height,
            cells: vec![BLANK; usize::from(width) * usize::from(height)],
        }
    }

    pub fn width(&self) -> u16 {
        self.width
    }

    pub fn height(&self) -> u16 {
        self.height
    }

    fn index(&self, x: u16, y: u16) -> Option<usize> {
        (x < self.width && y < self.height)
            .then(|| usize::from(y) * usize::from(self.width) + usize::from(x))
    }

    /// Writes `text` from (x, y) on one line, cut at the right edge; returns the column
    /// after it.
    pub fn put(&mut self, x: u16, y: u16, text: &str, style: Style) -> u16 {
        let mut col = x;
        for ch in text.chars() {
            if let Some(i) = self.index(col, y) {
                self.cells[i] = Cell {
                    ch,
                    style,
                    reverse: false,
                };
            }
            col = col.saturating_add(1);
        }
        col
    }

    pub fn set_reverse(&mut self, x: u16, y: u16) {
        if let Some(i) = self.index(x, y) {
            self.cells[i].reverse = true;
        }
    }

    #[cfg(test)]
    pub fn cell(&self, x: u16, y: u16) -> Option<Cell> {
        self.index(x, y).map(|i| self.cells[i])
    }

    pub fn row(&self, y: u16) -> &[Cell] {
        let w = usize::from(self.width);
        let start = usize::from(y.min(self.height)) * w;
        &self.cells[start..(start + w).min(self.cells.len())]
    }

    /// One line as text, without trailing blanks.
    #[cfg(test)]
    pub fn line(&self, y: u16) -> String {
        let s: String = self.row(y).iter().map(|c| c.ch).collect();
        s.trim_end().to_string()
    }

    /// The whole screen as text, one line each.
    #[cfg(test)]
    pub fn text(&self) -> String {
        (0..self.height).map(|y| self.line(y) + "\n").collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_at_the_edges() {
        let mut s = Screen::new(5, 2);
        assert_eq!(s.put(3, 0, "abc", Style::Plain), 6);
        s.put(0, 5, "never", Style::Plain);
        assert_eq!(s.text(), "   ab\n\n");
        s.set_reverse(3, 0);
        assert!(s.cell(3, 0).is_some_and(|c| c.reverse));
        assert_eq!(s.cell(9, 9), None);
    }
}
