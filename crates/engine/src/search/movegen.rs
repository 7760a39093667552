//! Move generation with the forced-move rules of five-in-a-row:
//!
//! 1. If the side to move has a five-point, play it.
//! 2. If the opponent has a five-point, block it (two of them: lost).
//! 3. If the side to move can make an open four (or two fours), it wins in three plies.
//! 4. If the opponent can make an open four next move, only our own fours and the cells
//!    that break the opponent's threat (cells where it could make a four) are worth trying.
//! 5. Otherwise every empty cell within two of a stone.
//!
//! And one rule the search may apply before generating ([`wins_in_five`]): a four-three
//! or a double open three against an opponent who cannot make a four wins in five plies.
//!
//! Black under renju never gets a forbidden cell from here.

use fiveinrow_rules::layout::{index, DIR_STEP};
use fiveinrow_rules::{Color, Rule};

use crate::board::pattern::{Combo, Pattern};
use crate::board::pattern_board::PatternBoard;

/// What a node's generator found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gen {
    /// The side to move makes five on this cell.
    WinNow(usize),
    /// The side to move makes an open four (or double four) here and wins in three plies.
    WinSoon(usize),
    /// The opponent has two five-points (or one we may not block): lost; the cell is a
    /// move to play anyway (a block if there is one).
    Lost(Option<usize>),
    /// The only move: block the opponent's five-point.
    Block(usize),
    /// The opponent threatens to win: these moves (our fours, their threat breakers), and
    /// whether no other move can defend (see [`Kind::Defend`]).
    Defend(Vec<usize>, bool),
    /// A quiet node: all candidates.
    All(Vec<usize>),
}

/// The first empty cell where `color` has a five.
pub fn find_five(b: &PatternBoard, color: Color) -> Option<usize> {
    if b.combo_count(color, Combo::Five) == 0 {
        return None;
    }
    b.threat_cells().find(|&i| b.combo(color, i) == Combo::Five)
}

/// Whether `color`'s line pattern at `i` holds a four or better in some direction.
#[inline]
pub fn has_four_line(b: &PatternBoard, color: Color, i: usize) -> bool {
    (0..4).any(|d| {
        b.pattern(color, i, d) >= Pattern::B4 && b.pattern(color, i, d) != Pattern::Overline
    })
}

/// What a node's generator found, the moves themselves written to a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// See [`Gen::WinNow`].
    WinNow(usize),
    /// See [`Gen::WinSoon`].
    WinSoon(usize),
    /// See [`Gen::Lost`].
    Lost(Option<usize>),
    /// The one forced reply: the block of the opponent's five-point.
    Forced,
    /// The defences against a threat to win (an open four or a four-three next move):
    /// our fours and the cells that spoil the threat. `complete` when no other move can
    /// defend (an open-four threat outside renju, or white's in renju); otherwise a search
    /// that finds them all lost must try the rest (renju has indirect defences, and the
    /// four-three list is drawn wide but not proven).
    Defend { complete: bool },
    /// A quiet node: all candidates.
    Quiet,
}

/// The candidate moves of the side to move.
pub fn generate(b: &mut PatternBoard) -> Gen {
    let mut moves = Vec::new();
    match generate_into(b, &mut moves) {
        Kind::WinNow(i) => Gen::WinNow(i),
        Kind::WinSoon(i) => Gen::WinSoon(i),
        Kind::Lost(i) => Gen::Lost(i),
        Kind::Forced => Gen::Block(moves[0]),
        Kind::Defend { complete } => Gen::Defend(moves, complete),
        Kind::Quiet => Gen::All(moves),
    }
}

/// [`generate`] into a caller's buffer (cleared first): the search reuses one per ply.
pub fn generate_into(b: &mut PatternBoard, moves: &mut Vec<usize>) -> Kind {
    generate_with(b, moves, false)
}

/// [`generate_into`], with the counter-attacks among the defences against a four-three
/// or not (`counters`, see [`four_three_defences_into`]).
pub fn generate_with(b: &mut PatternBoard, moves: &mut Vec<usize>, counters: bool) -> Kind {
    moves.clear();
    let me = b.side_to_move();
    let op = me.opponent();
    if let Some(i) = find_five(b, me) {
        return Kind::WinNow(i);
    }
    if b.combo_count(op, Combo::Five) > 0 {
        let mut fives = b.threat_cells().filter(|&i| b.combo(op, i) == Combo::Five);
        let block = fives.next().expect("a five-point is counted");
        let legal = b.is_legal(block);
        if fives.next().is_some() || !legal {
            let any = if legal {
                Some(block)
            } else {
                b.empty_cells().find(|&i| b.is_legal(i))
            };
            return Kind::Lost(any);
        }
        moves.push(block);
        return Kind::Forced;
    }
    if b.combo_count(me, Combo::Flex4) > 0 {
        if let Some(i) = b
            .threat_cells()
            .find(|&i| b.combo(me, i) == Combo::Flex4 && b.is_legal(i))
        {
            return Kind::WinSoon(i);
        }
    }
    if b.combo_count(op, Combo::Flex4) > 0 {
        defences_into(b, me, moves);
        if !moves.is_empty() {
            let complete = !(b.rule() == Rule::Renju && op == Color::Black);
            return Kind::Defend { complete };
        }
    }
    if b.combo_count(me, Combo::Block4Flex3) == 0 && b.combo_count(op, Combo::Block4Flex3) > 0 {
        four_three_defences_into(b, me, moves, counters);
        if !moves.is_empty() {
            return Kind::Defend { complete: false };
        }
    }
    candidates_into(b, moves);
    Kind::Quiet
}

/// Whether the side to move wins in five plies by a four-three or a double open three,
/// seen from the counts alone: the opponent holds no five-point and no cell where it could
/// make a four (a four is the only move that could interrupt: after a four-three the
/// forced block cannot touch the three's line, after a double three one stone cannot stop
/// two lines that cross on ours, and an open four then wins before anything else can).
/// Not for black under renju (its threes and open fours may be forbidden), nor where
/// black defends holding a forbidden point (a cached one may hide a four).
pub fn wins_in_five(b: &PatternBoard) -> bool {
    let me = b.side_to_move();
    let op = me.opponent();
    if b.rule() == Rule::Renju
        && (me == Color::Black || b.combo_count(Color::Black, Combo::Forbid) > 0)
    {
        return false;
    }
    let attack = b.combo_count(me, Combo::Block4Flex3) > 0 || b.combo_count(me, Combo::Flex3x2) > 0;
    attack
        && [
            Combo::Five,
            Combo::Flex4,
            Combo::Block4Flex3,
            Combo::Block4Plus,
            Combo::Block4,
        ]
        .iter()
        .all(|&c| b.combo_count(op, c) == 0)
}

/// Every legal cell within two of a stone (the centre on an empty board), appended.
pub fn candidates_into(b: &PatternBoard, moves: &mut Vec<usize>) {
    let start = moves.len();
    moves.extend(b.near_empty_cells().filter(|&i| b.is_legal(i)));
    if moves.len() == start {
        // Empty board (or no stone near any legal cell): the centre, else anything legal.
        let centre = index(fiveinrow_rules::Pos::centre(b.size()));
        if b.is_legal(centre) {
            moves.push(centre);
        } else {
            moves.extend(b.empty_cells().filter(|&i| b.is_legal(i)));
        }
    }
}

/// Moves against an opponent that can make a four and an open three at once next move
/// (and has no open four to make): the four-three points themselves, the cells of the
/// four's line where it could make a four, the cells of the three's line where it could
/// make a three, our own fours, and (renju, black threatening) the cells that make a
/// four-three point forbidden. Appended to a caller's buffer.
///
/// With `counters`, also our moves that make an open three or better: a four-three is
/// also met by a counter-attack that turns our forced block of its four into a four of
/// our own (a freestyle game against Rapfi was lost to one: our search never tried the
/// move that won, so it played into the attack as if it were safe).
pub fn four_three_defences_into(
    b: &mut PatternBoard,
    me: Color,
    out: &mut Vec<usize>,
    counters: bool,
) {
    let op = me.opponent();
    let mut mark = [0u64; fiveinrow_rules::CELLS / 64];
    let mut set = |t: usize| mark[t / 64] |= 1 << (t % 64);
    let renju_traps = b.rule() == Rule::Renju && op == Color::Black;
    let mut next = 0;
    while let Some(f) = next_threat(b, op, Combo::Block4Flex3, next) {
        next = f + 1;
        set(f);
        for d in 0..4 {
            let least = match b.pattern(op, f, d) {
                Pattern::B4 => Pattern::B4,
                Pattern::F3 => Pattern::B3,
                _ => continue,
            };
            let step = DIR_STEP[d];
            for o in -5..=5isize {
                let t = f as isize + o * step;
                let Ok(t) = usize::try_from(t) else { continue };
                if t < fiveinrow_rules::CELLS
                    && b.is_empty(t)
                    && b.pattern(op, t, d) >= least
                    && b.pattern(op, t, d) != Pattern::Overline
                {
                    set(t);
                }
            }
        }
        if renju_traps {
            mark_renju_traps(b, f, &mut set);
        }
    }
    out.extend(
        b.empty_cells()
            .filter(|&i| {
                let mine = b.combo(me, i);
                mark[i / 64] >> (i % 64) & 1 == 1
                    || if counters {
                        mine.is_threat()
                    } else {
                        mine.is_four()
                    }
            })
            .filter(|&i| b.is_legal(i)),
    );
}

/// The first empty cell from index `from` on where `op` holds `combo` (a threat point):
/// the defence generators walk the threat points this way, without collecting them
/// first, since their loops borrow the board mutably (the renju checks).
fn next_threat(b: &PatternBoard, op: Color, combo: Combo, from: usize) -> Option<usize> {
    b.threat_cells()
        .find(|&i| i >= from && b.combo(op, i) == combo)
}

/// Renju: marks the empty cells on the lines through black's threat point `f` where a
/// white stone would make `f` forbidden (checked by the rules core).
fn mark_renju_traps(b: &mut PatternBoard, f: usize, set: &mut impl FnMut(usize)) {
    // A white stone cannot give black a four or an overline; it can only make one of
    // black's false threes real. So `f` can become a double-three only if black's lines
    // through it already hold two threes by shape.
    let threes = (0..4)
        .filter(|&d| b.pattern(Color::Black, f, d) == Pattern::F3)
        .count();
    if threes < 2 {
        return;
    }
    for step in DIR_STEP {
        for o in (-5..=5isize).filter(|&o| o != 0) {
            let t = f as isize + o * step;
            let Ok(t) = usize::try_from(t) else { continue };
            if t < fiveinrow_rules::CELLS && b.is_empty(t) && b.white_stone_forbids(t, f) {
                set(t);
            }
        }
    }
}

/// Moves against an opponent that can make an open four (or two fours) next move: our
/// own fours, the opponent's threat cells, and the cells on the threatening lines where
/// the opponent could make a four (only a stone there can spoil the threat), appended to
/// a caller's buffer.
pub fn defences_into(b: &mut PatternBoard, me: Color, out: &mut Vec<usize>) {
    let op = me.opponent();
    let mut mark = [0u64; fiveinrow_rules::CELLS / 64];
    let mut set = |t: usize| mark[t / 64] |= 1 << (t % 64);
    // Renju: white also defends by making black's open-four point forbidden (a white
    // stone can turn one of black's false threes there into a real one). Such a stone
    // stands on a line through the point; each candidate is checked by the rules core.
    let renju_traps = b.rule() == Rule::Renju && op == Color::Black;
    let mut next = 0;
    while let Some(f) = next_threat(b, op, Combo::Flex4, next) {
        next = f + 1;
        set(f);
        if renju_traps {
            mark_renju_traps(b, f, &mut set);
        }
        for d in 0..4 {
            let p = b.pattern(op, f, d);
            if !(p == Pattern::B4 || p == Pattern::F4) {
                continue;
            }
            let step = DIR_STEP[d];
            for o in -4..=4isize {
                let t = (f as isize + o * step) as usize;
                if b.is_empty(t)
                    && b.pattern(op, t, d) >= Pattern::B4
                    && b.pattern(op, t, d) != Pattern::Overline
                {
                    set(t);
                }
            }
        }
    }
    out.extend(
        b.empty_cells()
            .filter(|&i| mark[i / 64] >> (i % 64) & 1 == 1 || b.combo(me, i).is_four())
            .filter(|&i| b.is_legal(i)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::Pos;

    fn board(rule: Rule, moves: &str) -> PatternBoard {
        let mut b = PatternBoard::new(rule, 15);
        for p in fiveinrow_rules::notation::parse_xy_list(moves, 15).expect("x,y list") {
            b.make(index(p));
        }
        b
    }

    fn cell(x: u8, y: u8) -> usize {
        index(Pos::new(x, y).expect("on the board"))
    }

    /// A freestyle game against Rapfi: white's 8,6 left black a four-three threat to meet
    /// and black won with the counter-attack 7,5 (an open three that makes black's block
    /// of the four a four of its own).
    const COUNTERED: &str = "7,7 6,8 4,7 9,7 8,5 7,9 5,7 6,7 6,9 8,8 6,10 5,8 7,8 9,6 9,5 8,6";

    #[test]
    fn a_four_three_threat_is_met_by_blocks_fours_and_with_counters_open_threes() {
        let mut b = board(Rule::Freestyle, COUNTERED);
        let me = b.side_to_move();
        let mut plain = Vec::new();
        assert_eq!(
            generate_with(&mut b, &mut plain, false),
            Kind::Defend { complete: false }
        );
        let mut wide = Vec::new();
        assert_eq!(
            generate_with(&mut b, &mut wide, true),
            Kind::Defend { complete: false }
        );
        // White's four-three point and the cells of its four's line are in both lists.
        assert!(plain.contains(&cell(10, 6)) && plain.contains(&cell(11, 5)));
        assert!(
            plain.iter().all(|m| wide.contains(m)),
            "counters only add moves"
        );
        assert!(!plain.contains(&cell(7, 5)) && wide.contains(&cell(7, 5)));
        // The added moves are exactly our open threes and better that were not listed.
        for &m in wide.iter().filter(|m| !plain.contains(m)) {
            assert!(b.combo(me, m).is_threat() && !b.combo(me, m).is_four());
        }
    }

    /// The slow reference for [`wins_in_five`], on the rules core alone: some cell makes
    /// the win for the side to move if after it, whatever legal reply the opponent makes
    /// (every empty cell is tried), the side to move has a five at once, or an open four
    /// (two five-points) on a line through the cell while the opponent has no five-point.
    fn wins_in_five_by_brute_force(rb: &fiveinrow_rules::Board, me: Color, rule: Rule) -> bool {
        let op = me.opponent();
        let empty: Vec<Pos> = rb.points().filter(|&p| rb.is_empty_at(p)).collect();
        let legal = |rb: &fiveinrow_rules::Board, p: Pos, c: Color| {
            rb.is_empty_at(p)
                && (rule != Rule::Renju
                    || c == Color::White
                    || rb.makes_win(p, c, rule)
                    || !rb.is_forbidden(p))
        };
        let fives = |rb: &fiveinrow_rules::Board, c: Color, cells: &[Pos]| {
            cells
                .iter()
                .filter(|&&p| rb.is_empty_at(p) && rb.makes_win(p, c, rule))
                .count()
        };
        // The cells within four of `p` along its lines.
        let around = |p: Pos| -> Vec<Pos> {
            let mut out = Vec::new();
            for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
                for k in (-4i64..=4).filter(|&k| k != 0) {
                    let (x, y) = (i64::from(p.x()) + k * dx, i64::from(p.y()) + k * dy);
                    if let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) {
                        out.extend(Pos::new(x, y).filter(|q| q.x() < 15 && q.y() < 15));
                    }
                }
            }
            out
        };
        let mut rb = rb.clone();
        for &m in &empty {
            if !legal(&rb, m, me) {
                continue;
            }
            rb.place_unchecked(m, me);
            let line = around(m);
            let all_replies_lose = empty.iter().filter(|&&r| r != m).all(|&r| {
                if !legal(&rb, r, op) {
                    return true;
                }
                if rb.makes_win(r, op, rule) {
                    return false;
                }
                rb.place_unchecked(r, op);
                let now = fives(&rb, me, &empty) > 0;
                let theirs = fives(&rb, op, &empty) > 0;
                let open_four = !theirs
                    && line.iter().any(|&a| {
                        if !legal(&rb, a, me) || rb.makes_win(a, me, rule) {
                            return false;
                        }
                        rb.place_unchecked(a, me);
                        let two = fives(&rb, me, &around(a)) >= 2;
                        rb.remove_unchecked(a);
                        two
                    });
                rb.remove_unchecked(r);
                now || open_four
            });
            rb.remove_unchecked(m);
            if all_replies_lose {
                return true;
            }
        }
        false
    }

    /// Seeded games of strong-looking moves under each rule: wherever [`wins_in_five`]
    /// says the side to move wins, the brute force confirms it.
    #[test]
    fn wins_in_five_agrees_with_a_brute_force_over_every_reply() {
        let mut fired = [0usize; 3];
        let mut refuted = [0usize; 3];
        for (k, rule) in [Rule::Freestyle, Rule::Standard, Rule::Renju]
            .into_iter()
            .enumerate()
        {
            let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ k as u64;
            for _game in 0..1000 {
                let mut b = PatternBoard::new(rule, 15);
                let mut rb = fiveinrow_rules::Board::new(15);
                b.make(index(Pos::new(7, 7).unwrap()));
                rb.place_unchecked(Pos::new(7, 7).unwrap(), Color::Black);
                for _ply in 0..60 {
                    let me = b.side_to_move();
                    if b.combo_count(me, Combo::Five) > 0
                        || b.combo_count(me.opponent(), Combo::Five) > 0
                    {
                        break;
                    }
                    if wins_in_five(&b) {
                        fired[k] += 1;
                        assert!(
                            wins_in_five_by_brute_force(&rb, me, rule),
                            "{rule:?}: no forced win by brute force in {rb:?}"
                        );
                    } else if refuted[k] < 3
                        && b.combo_count(me, Combo::Flex3x2) > 0
                        && b.combo_count(me.opponent(), Combo::Block4) > 0
                        && (rule != Rule::Renju || me == Color::White)
                        && !wins_in_five_by_brute_force(&rb, me, rule)
                    {
                        // The reference can say no: a double three against a four.
                        refuted[k] += 1;
                    }
                    // One of the few best cells by the ordering value, at random.
                    let mut cells: Vec<usize> =
                        b.near_empty_cells().filter(|&i| b.is_legal(i)).collect();
                    if cells.is_empty() {
                        break;
                    }
                    cells.sort_by_key(|&i| {
                        std::cmp::Reverse(b.value(me, i) + b.value(me.opponent(), i))
                    });
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let m = cells[(seed >> 33) as usize % cells.len().min(4)];
                    b.make(m);
                    rb.place_unchecked(fiveinrow_rules::layout::pos_of(m), me);
                }
            }
        }
        // Not vacuous: the rule fired in games of every rule, and the reference can refute.
        assert!(fired.iter().all(|&n| n >= 5), "fired {fired:?}");
        assert!(
            refuted.iter().sum::<usize>() > 0,
            "the brute force never said no"
        );
    }
}
