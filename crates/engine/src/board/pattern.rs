//! Line patterns: what one line through an empty cell is worth to a colour, and what the
//! four lines together make (four-three, double three, ...).
//!
//! A line is the ten cells around the cell (five each side), each empty, own or blocked
//! (opponent or wall): one of 3^10 codes (the rules crate's `line_code`, which owns the
//! digit order), kept incrementally by the board. The table from code to [`Pattern`] is
//! built once per "exact five or not" by [`classify`], which is the plain definition with
//! memoisation: a five-point makes a four, a four-point makes a three, and so on down.

use std::sync::OnceLock;

use fiveinrow_rules::line_code::{decode, weight, CODES, EMPTY, OWN, REACH, WIDTH};

/// One line through an empty cell, as if the colour played there. Ordered by strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing can come of it (or an overline where six does not win).
    #[default]
    Dead,
    B1,
    F1,
    /// Two that can become a (blocked) three.
    B2,
    /// Two that can become an open three.
    F2,
    /// Three that can become a four with one five-point.
    B3,
    /// Three that can become an open four.
    F3,
    /// Four: one five-point.
    B4,
    /// Open four (or two fours in the line): two five-points.
    F4,
    /// Five (a win under the rule).
    F5,
    /// Six or more where that is no win (exact-five rules).
    Overline,
}

impl Pattern {
    pub fn is_four(self) -> bool {
        matches!(self, Pattern::B4 | Pattern::F4)
    }
}

/// A line pattern as the evaluation tells them apart: [`Pattern`], with the open twos
/// and open threes split by how many ways they grow. An open three that two points turn
/// into an open four leaves the defender less choice than one that only one point does;
/// an open two with room for four ways to an open three is more than a cramped one.
/// Stored per cell and direction by the board; everything but the evaluation's cell
/// shapes reads the coarse [`Pattern`] ([`LinePattern::coarse`]). Ordered by strength
/// within each coarse pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum LinePattern {
    #[default]
    Dead,
    B1,
    F1,
    B2,
    /// An open two with two points that make an open three (the fewest an open two has).
    F2,
    /// An open two with three such points.
    F2Wide,
    /// An open two with four.
    F2Widest,
    B3,
    /// An open three with one point that makes an open four.
    F3,
    /// An open three with two or more.
    F3Two,
    B4,
    F4,
    F5,
    Overline,
}

/// Number of [`LinePattern`]s.
pub const LINE_PATTERNS: usize = 14;

/// Every line pattern by its number.
const LINE_LIST: [LinePattern; LINE_PATTERNS] = [
    LinePattern::Dead,
    LinePattern::B1,
    LinePattern::F1,
    LinePattern::B2,
    LinePattern::F2,
    LinePattern::F2Wide,
    LinePattern::F2Widest,
    LinePattern::B3,
    LinePattern::F3,
    LinePattern::F3Two,
    LinePattern::B4,
    LinePattern::F4,
    LinePattern::F5,
    LinePattern::Overline,
];

/// The coarse pattern of each line pattern, by number.
const COARSE: [Pattern; LINE_PATTERNS] = [
    Pattern::Dead,
    Pattern::B1,
    Pattern::F1,
    Pattern::B2,
    Pattern::F2,
    Pattern::F2,
    Pattern::F2,
    Pattern::B3,
    Pattern::F3,
    Pattern::F3,
    Pattern::B4,
    Pattern::F4,
    Pattern::F5,
    Pattern::Overline,
];

impl LinePattern {
    #[inline]
    pub fn coarse(self) -> Pattern {
        COARSE[self as usize]
    }
}

/// The coarse patterns of four line patterns.
#[inline]
pub fn coarse4(p: [LinePattern; 4]) -> [Pattern; 4] {
    p.map(LinePattern::coarse)
}

/// What the four lines of a cell make together, for one colour. Ordered by strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Combo {
    #[default]
    None,
    Flex2,
    Block3,
    Flex2x2,
    Block3Plus,
    Flex3,
    Flex3Plus,
    /// Two open threes (forbidden for black under renju when both are real).
    Flex3x2,
    Block4,
    Block4Plus,
    /// A four and an open three: wins unless the four's reply defends.
    Block4Flex3,
    /// An open four or two fours: wins next move.
    Flex4,
    Five,
    /// Renju: black may not play here.
    Forbid,
}

pub const COMBOS: usize = 14;

impl Combo {
    /// Makes a four (so the opponent must answer).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(
            self,
            Combo::Block4 | Combo::Block4Plus | Combo::Block4Flex3 | Combo::Flex4
        )
    }

    /// Makes a four or an open three: a threat.
    #[inline]
    pub fn is_threat(self) -> bool {
        self.is_four() || matches!(self, Combo::Flex3 | Combo::Flex3Plus | Combo::Flex3x2)
    }
}

/// Combines four line patterns (renju forbidden points are decided by the board).
pub fn combine(p: [Pattern; 4]) -> Combo {
    let mut n = [0u8; 11];
    for x in p {
        n[x as usize] += 1;
    }
    let c = |x: Pattern| n[x as usize];
    let fours = c(Pattern::B4) + c(Pattern::F4);
    if c(Pattern::F5) > 0 {
        Combo::Five
    } else if c(Pattern::F4) > 0 || fours >= 2 {
        Combo::Flex4
    } else if fours == 1 && c(Pattern::F3) > 0 {
        Combo::Block4Flex3
    } else if fours == 1 && (c(Pattern::B3) + c(Pattern::F2)) > 0 {
        Combo::Block4Plus
    } else if fours == 1 {
        Combo::Block4
    } else if c(Pattern::F3) >= 2 {
        Combo::Flex3x2
    } else if c(Pattern::F3) == 1 && (c(Pattern::B3) + c(Pattern::F2)) > 0 {
        Combo::Flex3Plus
    } else if c(Pattern::F3) == 1 {
        Combo::Flex3
    } else if c(Pattern::B3) + c(Pattern::F2) >= 2 && c(Pattern::B3) > 0 {
        Combo::Block3Plus
    } else if c(Pattern::F2) >= 2 {
        Combo::Flex2x2
    } else if c(Pattern::B3) > 0 {
        Combo::Block3
    } else if c(Pattern::F2) > 0 {
        Combo::Flex2
    } else {
        Combo::None
    }
}

/// Combo, cell value, renju suspicion and shape class of four line patterns, precomputed
/// for every combination so a cell update is one lookup.
/// Packed: value in bits 0..15, combo in bits 15..19, suspicious in bit 19, class in bits
/// 20..32 (4 bytes an entry: the 14^4 entries take 154 KB, within the second-level cache).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellShape(u32);

impl CellShape {
    fn new(combo: Combo, suspicious: bool, value: i32, class: usize) -> CellShape {
        debug_assert!((0..1 << 15).contains(&value));
        debug_assert!(class < SHAPE_CLASSES && SHAPE_CLASSES <= 1 << 12);
        CellShape(
            value as u32
                | (combo as u32) << 15
                | u32::from(suspicious) << 19
                | (class as u32) << 20,
        )
    }
    #[inline]
    pub fn value(self) -> i32 {
        (self.0 & 0x7FFF) as i32
    }
    #[inline]
    pub fn combo(self) -> Combo {
        COMBO_LIST[((self.0 >> 15) & 0xF) as usize]
    }
    #[inline]
    pub fn suspicious(self) -> bool {
        self.0 & (1 << 19) != 0
    }
    /// The [`shape_class`] of the four patterns.
    #[inline]
    pub fn class(self) -> usize {
        (self.0 >> 20) as usize
    }
}

/// Number of shape classes: the multisets of four line patterns (direction order does
/// not matter to what a cell is worth), C(14 + 3, 4).
pub const SHAPE_CLASSES: usize = 2380;
/// Number of cell shapes the evaluation weighs: the classes, then the same classes on a
/// cell forbidden for black (renju), which black cannot play.
pub const SHAPES: usize = 2 * SHAPE_CLASSES;

/// The class of four patterns: the rank of their multiset among all multisets, listed
/// as non-decreasing tuples in lexicographic order (the board reads it from
/// [`CellShape::class`]).
#[cfg(test)]
pub fn shape_class(p: [LinePattern; 4]) -> usize {
    cell_table()[cell_index(p)].class()
}

/// The four patterns of each shape class (in non-decreasing order), by class.
pub fn class_patterns() -> &'static [[LinePattern; 4]] {
    static TABLE: OnceLock<Box<[[LinePattern; 4]]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all = LINE_LIST;
        let n = LINE_PATTERNS;
        let mut t = Vec::with_capacity(SHAPE_CLASSES);
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        t.push([all[a], all[b], all[c], all[d]]);
                    }
                }
            }
        }
        t.into_boxed_slice()
    })
}

/// Each non-decreasing pattern tuple's class, by [`cell_index`] (other entries unused).
fn sorted_classes() -> Vec<u16> {
    let n = LINE_PATTERNS;
    let mut ids = vec![u16::MAX; CELL_INDICES];
    let mut next = 0u16;
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                for d in c..n {
                    ids[((a * n + b) * n + c) * n + d] = next;
                    next += 1;
                }
            }
        }
    }
    debug_assert_eq!(usize::from(next), SHAPE_CLASSES);
    ids
}

/// Every combo by its number (the last two numbers are unused).
pub const COMBO_LIST: [Combo; 16] = [
    Combo::None,
    Combo::Flex2,
    Combo::Block3,
    Combo::Flex2x2,
    Combo::Block3Plus,
    Combo::Flex3,
    Combo::Flex3Plus,
    Combo::Flex3x2,
    Combo::Block4,
    Combo::Block4Plus,
    Combo::Block4Flex3,
    Combo::Flex4,
    Combo::Five,
    Combo::Forbid,
    Combo::None,
    Combo::None,
];

/// Number of [`cell_index`] values.
const CELL_INDICES: usize = LINE_PATTERNS * LINE_PATTERNS * LINE_PATTERNS * LINE_PATTERNS;

/// Index of four line patterns in [`cell_table`].
#[inline]
pub fn cell_index(p: [LinePattern; 4]) -> usize {
    const N: usize = LINE_PATTERNS;
    ((p[0] as usize * N + p[1] as usize) * N + p[2] as usize) * N + p[3] as usize
}

/// The table of [`CellShape`] by [`cell_index`] (14^4 entries of 4 bytes). Combo, value
/// and renju suspicion come from the coarse patterns; only the class sees the fine ones.
pub fn cell_table() -> &'static [CellShape] {
    static TABLE: OnceLock<Box<[CellShape]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let classes = sorted_classes();
        let mut t = Vec::with_capacity(CELL_INDICES);
        for a in LINE_LIST {
            for b in LINE_LIST {
                for c in LINE_LIST {
                    for d in LINE_LIST {
                        let fine = [a, b, c, d];
                        let p = coarse4(fine);
                        let combo = combine(p);
                        let mut sorted = fine;
                        sorted.sort();
                        t.push(CellShape::new(
                            combo,
                            renju_suspicious(p),
                            crate::eval::cell_value(combo, p),
                            usize::from(classes[cell_index(sorted)]),
                        ));
                    }
                }
            }
        }
        t.into_boxed_slice()
    })
}

/// Whether a black cell under renju needs the exact forbidden check: an overline, two
/// fours, any open four (it may be two fours in one line) or two open threes.
#[inline]
pub fn renju_suspicious(p: [Pattern; 4]) -> bool {
    let mut fours = 0;
    let mut threes = 0;
    for x in p {
        match x {
            Pattern::F5 => return false, // five wins first
            Pattern::Overline | Pattern::F4 => return true,
            Pattern::B4 => fours += 1,
            Pattern::F3 => threes += 1,
            _ => {}
        }
    }
    fours >= 2 || threes >= 2
}

fn run(line: &[u8; WIDTH]) -> (usize, usize) {
    let mut a = REACH;
    while a > 0 && line[a - 1] == OWN {
        a -= 1;
    }
    let mut b = REACH;
    while b < 2 * REACH && line[b + 1] == OWN {
        b += 1;
    }
    (a, b)
}

const UNSET: u8 = u8::MAX;

/// The pattern of line code `key`, with memo. `exact`: only exactly five wins.
fn classify(key: usize, exact: bool, memo: &mut [u8]) -> Pattern {
    if memo[key] != UNSET {
        return unsafe_from(memo[key]);
    }
    let mut line = decode(key);
    let (a, b) = run(&line);
    let len = b - a + 1;
    let wins = |len: usize| len == 5 || (!exact && len > 5);
    let p = if len >= 5 {
        if wins(len) {
            Pattern::F5
        } else {
            Pattern::Overline
        }
    } else {
        let mut five_points = 0;
        for q in REACH - 4..=REACH + 4 {
            if line[q] != EMPTY {
                continue;
            }
            line[q] = OWN;
            let (a, b) = run(&line);
            line[q] = EMPTY;
            if (a..=b).contains(&q) && wins(b - a + 1) {
                five_points += 1;
            }
        }
        match five_points {
            0 => {
                let mut best = Pattern::Dead;
                for q in REACH - 4..=REACH + 4 {
                    if line[q] != EMPTY {
                        continue;
                    }
                    let o = q as isize - REACH as isize;
                    let sub = classify(key + weight(o) as usize, exact, memo);
                    let down = match sub {
                        Pattern::F4 => Pattern::F3,
                        Pattern::B4 => Pattern::B3,
                        Pattern::F3 => Pattern::F2,
                        Pattern::B3 => Pattern::B2,
                        Pattern::F2 => Pattern::F1,
                        Pattern::B2 => Pattern::B1,
                        _ => Pattern::Dead,
                    };
                    best = best.max(down);
                }
                best
            }
            1 => Pattern::B4,
            _ => Pattern::F4,
        }
    };
    memo[key] = p as u8;
    p
}

fn unsafe_from(v: u8) -> Pattern {
    const ALL: [Pattern; 11] = [
        Pattern::Dead,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
        Pattern::Overline,
    ];
    ALL[v as usize]
}

fn build(exact: bool) -> Box<[Pattern]> {
    let mut memo = vec![UNSET; CODES];
    (0..CODES).map(|k| classify(k, exact, &mut memo)).collect()
}

/// The pattern table for "exactly five wins" (`exact`) or "five or more wins".
pub fn table(exact: bool) -> &'static [Pattern] {
    static EXACT: OnceLock<Box<[Pattern]>> = OnceLock::new();
    static FREE: OnceLock<Box<[Pattern]>> = OnceLock::new();
    if exact {
        EXACT.get_or_init(|| build(true))
    } else {
        FREE.get_or_init(|| build(false))
    }
}

/// The line pattern of every line code: the coarse pattern, with an open two or open
/// three told apart by how many empty points of its window raise it one step (to an
/// open three, or an open four).
fn build_lines(exact: bool) -> Box<[LinePattern]> {
    let coarse = table(exact);
    (0..CODES)
        .map(|key| {
            let p = coarse[key];
            let up = match p {
                Pattern::F2 => Pattern::F3,
                Pattern::F3 => Pattern::F4,
                // Not split: the one line pattern with that coarse pattern.
                _ => return LINE_LIST[COARSE.iter().position(|&c| c == p).expect("listed")],
            };
            let line = decode(key);
            let ways = (REACH - 4..=REACH + 4)
                .filter(|&q| line[q] == EMPTY)
                .filter(|&q| coarse[key + weight(q as isize - REACH as isize) as usize] == up)
                .count();
            match (p, ways) {
                (Pattern::F2, 0..=2) => LinePattern::F2,
                (Pattern::F2, 3) => LinePattern::F2Wide,
                (Pattern::F2, _) => LinePattern::F2Widest,
                (_, 0 | 1) => LinePattern::F3,
                _ => LinePattern::F3Two,
            }
        })
        .collect()
}

/// The line pattern table (as [`table`], finer: [`LinePattern`]).
pub fn line_table(exact: bool) -> &'static [LinePattern] {
    static EXACT: OnceLock<Box<[LinePattern]>> = OnceLock::new();
    static FREE: OnceLock<Box<[LinePattern]>> = OnceLock::new();
    if exact {
        EXACT.get_or_init(|| build_lines(true))
    } else {
        FREE.get_or_init(|| build_lines(false))
    }
}

/// Line code of a written line (tests): 'x' own, 'o' blocked, '.' empty, centre at 5.
#[cfg(test)]
pub fn key_of(s: &str) -> usize {
    use fiveinrow_rules::line_code::{encode, BLOCKED};
    let line: Vec<u8> = s
        .bytes()
        .map(|c| match c {
            b'x' => OWN,
            b'o' => BLOCKED,
            _ => EMPTY,
        })
        .collect();
    encode(&line.try_into().expect("a written line has 11 cells"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(s: &str, exact: bool) -> Pattern {
        table(exact)[key_of(s)]
    }

    #[test]
    fn shapes() {
        assert_eq!(pat("...xxxxx...", true), Pattern::F5);
        assert_eq!(pat("..xxxxxx...", true), Pattern::Overline);
        assert_eq!(pat("..xxxxxx...", false), Pattern::F5);
        assert_eq!(pat("....xxxx...", true), Pattern::F4);
        assert_eq!(pat("...oxxxx...", true), Pattern::B4);
        assert_eq!(pat("...x.xxx...", true), Pattern::B4);
        assert_eq!(pat("....xxx....", true), Pattern::F3);
        assert_eq!(pat("...oxxx....", true), Pattern::B3);
        assert_eq!(pat("...x.xx....", true), Pattern::F3);
        assert_eq!(pat(".....xx....", true), Pattern::F2);
        assert_eq!(pat(".....x.....", true), Pattern::F1);
        assert_eq!(
            pat("oxxx.x.xxxo", true),
            Pattern::F4,
            "two fours in one line"
        );
        // Filling the gap would make six: under exact five that is no four.
        assert_eq!(pat("..xx.xxx...", true), Pattern::B3);
        assert_eq!(pat("..xx.xxx...", false), Pattern::B4);
        assert_eq!(pat("ooo.ox.oooo", true), Pattern::Dead);
    }

    #[test]
    fn line_patterns_count_the_ways_up() {
        let line = |s: &str| line_table(true)[key_of(s)];
        assert_eq!(
            line("....xxx...."),
            LinePattern::F3Two,
            "open four either side"
        );
        assert_eq!(
            line("..o.xxx..o."),
            LinePattern::F3,
            "only the right end opens"
        );
        assert_eq!(line("...x.xx...."), LinePattern::F3, "only the gap");
        assert_eq!(line(".....xx...."), LinePattern::F2Widest);
        assert_eq!(line("...o.xx...o"), LinePattern::F2, "the right side only");
        assert_eq!(line("..o..xx..o."), LinePattern::F2, "inner points only");
        assert_eq!(line("..o..x.x..o"), LinePattern::F2Wide);
        assert_eq!(line(".....xx...."), LinePattern::F2Widest);
        assert_eq!(
            line("...o.xx..o."),
            LinePattern::B2,
            "no room for an open three"
        );
        // The fine table agrees with the coarse one everywhere, and every line pattern
        // occurs (an overline only where six is no five).
        for exact in [false, true] {
            let mut seen = [false; LINE_PATTERNS];
            for (fine, coarse) in line_table(exact).iter().zip(table(exact).iter()) {
                assert_eq!(fine.coarse(), *coarse);
                seen[*fine as usize] = true;
            }
            seen[LinePattern::Overline as usize] |= !exact;
            assert!(seen.iter().all(|&s| s), "{seen:?}");
        }
    }

    #[test]
    fn combos() {
        use Pattern::*;
        assert_eq!(combine([F3, F3, Dead, Dead]), Combo::Flex3x2);
        assert_eq!(combine([B4, F3, Dead, Dead]), Combo::Block4Flex3);
        assert_eq!(combine([B4, B4, Dead, Dead]), Combo::Flex4);
        assert_eq!(combine([F5, B4, Dead, Dead]), Combo::Five);
        assert!(renju_suspicious([F3, F3, Dead, Dead]));
        assert!(!renju_suspicious([F5, F4, F4, Dead]));
        assert!(!renju_suspicious([B4, F3, Dead, Dead]));
    }

    /// The class table against the definition: two pattern tuples share a class exactly
    /// when they are the same multiset, and the classes are 0..SHAPE_CLASSES.
    #[test]
    fn shape_classes_are_the_multisets_of_patterns() {
        use std::collections::HashMap;
        let all = LINE_LIST;
        let mut by_multiset: HashMap<[u8; LINE_PATTERNS], usize> = HashMap::new();
        let mut seen = vec![false; SHAPE_CLASSES];
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    for &d in &all {
                        let mut n = [0u8; LINE_PATTERNS];
                        for x in [a, b, c, d] {
                            n[x as usize] += 1;
                        }
                        let class = shape_class([a, b, c, d]);
                        assert!(class < SHAPE_CLASSES);
                        seen[class] = true;
                        assert_eq!(*by_multiset.entry(n).or_insert(class), class);
                    }
                }
            }
        }
        assert_eq!(by_multiset.len(), SHAPE_CLASSES);
        assert!(seen.iter().all(|&s| s), "every class is used");
    }
}
