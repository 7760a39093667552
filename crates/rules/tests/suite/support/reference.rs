//! A slow, obviously-correct reading of docs/RULES.md, word by word, on a plain grid:
//! whole lines are scanned, nothing is cached, no table is used. The fast code in the
//! crate is checked against it.

use fiveinrow_rules::{Board, Color, ForbiddenKind, Pos, Rule};

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

#[derive(Clone)]
pub struct Grid {
    pub size: i32,
    cells: Vec<Option<Color>>,
}

impl Grid {
    pub fn from_board(board: &Board) -> Grid {
        let size = board.size() as i32;
        let mut cells = vec![None; (size * size) as usize];
        for (p, c) in board.stones() {
            cells[(p.y() as i32 * size + p.x() as i32) as usize] = Some(c);
        }
        Grid { size, cells }
    }

    fn on(&self, x: i32, y: i32) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y)
    }

    /// `None` off the board, `Some(None)` for an empty point.
    pub fn at(&self, x: i32, y: i32) -> Option<Option<Color>> {
        self.on(x, y)
            .then(|| self.cells[(y * self.size + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, c: Option<Color>) {
        self.cells[(y * self.size + x) as usize] = c;
    }

    /// Cells of the unbroken run of `color` through (x, y) along `d`, in the order of
    /// `d`; (x, y) itself counts as `color`.
    fn run(&self, x: i32, y: i32, d: (i32, i32), color: Color) -> Vec<(i32, i32)> {
        let (mut sx, mut sy) = (x, y);
        while self.at(sx - d.0, sy - d.1) == Some(Some(color)) {
            sx -= d.0;
            sy -= d.1;
        }
        let mut cells = vec![(sx, sy)];
        let (mut cx, mut cy) = (sx + d.0, sy + d.1);
        while (cx, cy) == (x, y) || self.at(cx, cy) == Some(Some(color)) {
            cells.push((cx, cy));
            cx += d.0;
            cy += d.1;
        }
        cells
    }

    /// Every point of the whole line through (x, y) along `d`.
    fn line(&self, x: i32, y: i32, d: (i32, i32)) -> Vec<(i32, i32)> {
        let mut pts = Vec::new();
        for k in -self.size..=self.size {
            let (cx, cy) = (x + k * d.0, y + k * d.1);
            if self.on(cx, cy) {
                pts.push((cx, cy));
            }
        }
        pts
    }

    // ---- the definitions, black only, for a black stone standing on (x, y) ----

    /// five: exactly five black stones in an unbroken row (through the stone).
    fn five(&self, x: i32, y: i32) -> bool {
        DIRS.iter()
            .any(|&d| self.run(x, y, d, Color::Black).len() == 5)
    }

    /// overline: six or more black stones in an unbroken row.
    fn overline(&self, x: i32, y: i32) -> bool {
        DIRS.iter()
            .any(|&d| self.run(x, y, d, Color::Black).len() >= 6)
    }

    /// four: one more black stone on some empty point makes a five (exactly five) with
    /// this stone; fours are told apart by their four stones, so a straight four (two
    /// completing points, same stones) is one four.
    fn fours_in_line(&mut self, x: i32, y: i32, d: (i32, i32)) -> usize {
        let mut fours: Vec<Vec<(i32, i32)>> = Vec::new();
        for (qx, qy) in self.line(x, y, d) {
            if self.at(qx, qy) != Some(None) {
                continue;
            }
            self.set(qx, qy, Some(Color::Black));
            let run = self.run(x, y, d, Color::Black);
            self.set(qx, qy, None);
            if run.len() == 5 && run.contains(&(qx, qy)) {
                let stones: Vec<_> = run.into_iter().filter(|&c| c != (qx, qy)).collect();
                if !fours.contains(&stones) {
                    fours.push(stones);
                }
            }
        }
        fours.len()
    }

    /// straight four: four black stones in a row (through the stone and the one just
    /// added, `q`) with an empty point at each end, each of which makes exactly five.
    fn straight_four(&mut self, x: i32, y: i32, d: (i32, i32), q: (i32, i32)) -> bool {
        let run = self.run(x, y, d, Color::Black);
        if run.len() != 4 || !run.contains(&q) {
            return false;
        }
        let (first, last) = (run[0], run[3]);
        let ends = [(first.0 - d.0, first.1 - d.1), (last.0 + d.0, last.1 + d.1)];
        let mut both = true;
        for (ex, ey) in ends {
            if self.at(ex, ey) != Some(None) {
                return false;
            }
            self.set(ex, ey, Some(Color::Black));
            both &= self.run(x, y, d, Color::Black).len() == 5;
            self.set(ex, ey, None);
        }
        both
    }

    /// three: one more black stone on some empty point makes a straight four, and that
    /// stone is itself legal for black (recursively).
    fn three_in_line(&mut self, x: i32, y: i32, d: (i32, i32)) -> bool {
        for (qx, qy) in self.line(x, y, d) {
            if self.at(qx, qy) != Some(None) {
                continue;
            }
            self.set(qx, qy, Some(Color::Black));
            let straight = self.straight_four(x, y, d, (qx, qy));
            self.set(qx, qy, None);
            if straight && self.forbidden(qx, qy).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether black may not play the empty point (x, y): place, judge, take back.
    pub fn forbidden(&mut self, x: i32, y: i32) -> Option<ForbiddenKind> {
        if self.at(x, y) != Some(None) {
            return None;
        }
        self.set(x, y, Some(Color::Black));
        let verdict = if self.five(x, y) {
            None // five wins first
        } else if self.overline(x, y) {
            Some(ForbiddenKind::Overline)
        } else if DIRS
            .iter()
            .map(|&d| self.fours_in_line(x, y, d))
            .sum::<usize>()
            >= 2
        {
            Some(ForbiddenKind::DoubleFour)
        } else if DIRS
            .iter()
            .filter(|&&d| self.three_in_line(x, y, d))
            .count()
            >= 2
        {
            Some(ForbiddenKind::DoubleThree)
        } else {
            None
        };
        self.set(x, y, None);
        verdict
    }

    /// All of black's forbidden points in reading order.
    pub fn forbidden_points(&mut self) -> Vec<(Pos, ForbiddenKind)> {
        let mut out = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if let Some(k) = self.forbidden(x, y) {
                    out.push((Pos::new(x as u8, y as u8).unwrap(), k));
                }
            }
        }
        out
    }

    /// Every winning line on the board under `rule` (maximal runs), by full scan.
    pub fn winners(&self, rule: Rule) -> Vec<(Color, Vec<(i32, i32)>)> {
        let mut out = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                let Some(Some(c)) = self.at(x, y) else {
                    continue;
                };
                for d in DIRS {
                    // Count each maximal run once, from its first cell.
                    if self.at(x - d.0, y - d.1) == Some(Some(c)) {
                        continue;
                    }
                    let mut len = 0;
                    let mut cells = Vec::new();
                    while self.at(x + len * d.0, y + len * d.1) == Some(Some(c)) {
                        cells.push((x + len * d.0, y + len * d.1));
                        len += 1;
                    }
                    let wins = match (rule, c) {
                        (Rule::Freestyle, _) | (Rule::Renju, Color::White) => len >= 5,
                        _ => len == 5,
                    };
                    if wins {
                        out.push((c, cells));
                    }
                }
            }
        }
        out
    }
}
