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
/// Number of [`Pattern`]s.
pub const PATTERNS: usize = 11;

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
/// Packed: value in bits 0..16, combo in bits 16..20, suspicious in bit 20, class in bits
/// 21..32 (4 bytes an entry keeps the table small enough for the cache).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellShape(u32);

impl CellShape {
    fn new(combo: Combo, suspicious: bool, value: i32, class: usize) -> CellShape {
        debug_assert!((0..65536).contains(&value));
        debug_assert!(class < SHAPE_CLASSES);
        CellShape(
            value as u32
                | (combo as u32) << 16
                | u32::from(suspicious) << 20
                | (class as u32) << 21,
        )
    }
    #[inline]
    pub fn value(self) -> i32 {
        (self.0 & 0xFFFF) as i32
    }
    #[inline]
    pub fn combo(self) -> Combo {
        COMBO_LIST[((self.0 >> 16) & 0xF) as usize]
    }
    #[inline]
    pub fn suspicious(self) -> bool {
        self.0 & (1 << 20) != 0
    }
    /// The [`shape_class`] of the four patterns.
    #[inline]
    pub fn class(self) -> usize {
        (self.0 >> 21) as usize
    }
}

/// Number of shape classes: the multisets of four line patterns (direction order does
/// not matter to what a cell is worth), C(11 + 3, 4).
pub const SHAPE_CLASSES: usize = 1001;
/// Number of cell shapes the evaluation weighs: the classes, then the same classes on a
/// cell forbidden for black (renju), which black cannot play.
pub const SHAPES: usize = 2 * SHAPE_CLASSES;

/// The class of four patterns: the rank of their multiset among all multisets, listed
/// as non-decreasing tuples in lexicographic order (the board reads it from
/// [`CellShape::class`]).
#[cfg(test)]
pub fn shape_class(p: [Pattern; 4]) -> usize {
    cell_table()[cell_index(p)].class()
}

/// The four patterns of each shape class (in non-decreasing order), by class.
pub fn class_patterns() -> &'static [[Pattern; 4]] {
    static TABLE: OnceLock<Box<[[Pattern; 4]]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all: Vec<Pattern> = (0..11u8).map(unsafe_from).collect();
        let mut t = Vec::with_capacity(SHAPE_CLASSES);
        for a in 0..11 {
            for b in a..11 {
                for c in b..11 {
                    for d in c..11 {
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
    let mut ids = vec![u16::MAX; 11 * 11 * 11 * 11];
    let mut next = 0u16;
    for a in 0..11 {
        for b in a..11 {
            for c in b..11 {
                for d in c..11 {
                    ids[((a * 11 + b) * 11 + c) * 11 + d] = next;
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

/// Index of four patterns in [`cell_table`].
#[inline]
pub fn cell_index(p: [Pattern; 4]) -> usize {
    ((p[0] as usize * 11 + p[1] as usize) * 11 + p[2] as usize) * 11 + p[3] as usize
}

/// The table of [`CellShape`] by [`cell_index`] (11^4 entries of 4 bytes).
pub fn cell_table() -> &'static [CellShape] {
    static TABLE: OnceLock<Box<[CellShape]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all = (0..11u8).map(unsafe_from).collect::<Vec<_>>();
        let classes = sorted_classes();
        let mut t = Vec::with_capacity(11 * 11 * 11 * 11);
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    for &d in &all {
                        let p = [a, b, c, d];
                        let combo = combine(p);
                        let mut sorted = p;
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
        let all: Vec<Pattern> = (0..11u8).map(unsafe_from).collect();
        let mut by_multiset: HashMap<[u8; 11], usize> = HashMap::new();
        let mut seen = vec![false; SHAPE_CLASSES];
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    for &d in &all {
                        let mut n = [0u8; 11];
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
