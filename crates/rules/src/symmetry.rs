//! The eight symmetries of a square board (rotations and reflections about the centre),
//! the ones that keep a set of stones in place, and the classes of points they make: two
//! candidate moves are equivalent when a symmetry that maps the stones onto themselves
//! maps one onto the other. Opening rules that offer several 5th moves (Soosõrv-8,
//! Taraguchi-10) must offer moves of different classes, and the 26 canonical renju
//! openings are told apart up to these symmetries.

use crate::types::{Color, Pos};

/// One of the eight symmetries of a square board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Left and right swapped.
    MirrorX,
    /// Top and bottom swapped.
    MirrorY,
    /// About the diagonal from the top left.
    Transpose,
    /// About the diagonal from the top right.
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The image of `p` on a board of side `size` (`p` must be on it).
    pub fn apply(self, p: Pos, size: u8) -> Pos {
        let (x, y) = (p.x(), p.y());
        let m = size - 1;
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (m - y, x),
            Symmetry::Rotate180 => (m - x, m - y),
            Symmetry::Rotate270 => (y, m - x),
            Symmetry::MirrorX => (m - x, y),
            Symmetry::MirrorY => (x, m - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (m - y, m - x),
        };
        Pos::at(nx, ny)
    }
}

/// The symmetries that map `stones` (points with their colours) onto themselves.
pub fn keeping(stones: &[(Pos, Color)], size: u8) -> Vec<Symmetry> {
    Symmetry::ALL
        .into_iter()
        .filter(|&s| {
            stones
                .iter()
                .all(|&(p, c)| stones.contains(&(s.apply(p, size), c)))
        })
        .collect()
}

/// For every point of the board (index `y * size + x`), the least index of its class:
/// the points a symmetry keeping `stones` in place maps it to.
pub fn classes(stones: &[(Pos, Color)], size: u8) -> Vec<usize> {
    let keep = keeping(stones, size);
    let n = usize::from(size);
    let mut class = vec![usize::MAX; n * n];
    for y in 0..size {
        for x in 0..size {
            let p = Pos::at(x, y);
            let i = usize::from(y) * n + usize::from(x);
            if class[i] != usize::MAX {
                continue;
            }
            // `p` is the first point of its class in reading order: every image is later.
            for s in &keep {
                let q = s.apply(p, size);
                class[usize::from(q.y()) * n + usize::from(q.x())] = i;
            }
        }
    }
    class
}

/// Whether the moves `a` and `b` are the same move up to a symmetry keeping `stones`.
pub fn equivalent(stones: &[(Pos, Color)], size: u8, a: Pos, b: Pos) -> bool {
    keeping(stones, size).iter().any(|s| s.apply(a, size) == b)
}

/// Whether `p` lies in the central `k` x `k` square of a board of side `size` (`k` odd).
pub fn in_centre(p: Pos, size: u8, k: u8) -> bool {
    let c = i16::from(Pos::centre(size).x());
    let r = i16::from(k / 2);
    (i16::from(p.x()) - c).abs() <= r && (i16::from(p.y()) - c).abs() <= r
}

/// Whether three stones (black, white, black) form one of the 26 canonical renju
/// openings: the first on the centre, the second next to it (orthogonally: the 13
/// "direct" openings; diagonally: the 13 "indirect" ones), the third in the central 5x5.
pub fn is_canonical_opening(stones: [Pos; 3], size: u8) -> bool {
    let [first, second, third] = stones;
    let centre = Pos::centre(size);
    let dx = i16::from(second.x()) - i16::from(centre.x());
    let dy = i16::from(second.y()) - i16::from(centre.y());
    first == centre
        && dx.abs() <= 1
        && dy.abs() <= 1
        && (dx, dy) != (0, 0)
        && in_centre(third, size, 5)
        && third != first
        && third != second
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Pos {
        Pos::at(x, y)
    }

    #[test]
    fn the_eight_symmetries_are_a_group_of_distinct_maps() {
        let q = p(3, 1);
        let images: std::collections::BTreeSet<(u8, u8)> = Symmetry::ALL
            .iter()
            .map(|s| {
                let r = s.apply(q, 15);
                (r.x(), r.y())
            })
            .collect();
        assert_eq!(images.len(), 8, "a point off every axis has eight images");
        for s in Symmetry::ALL {
            assert_eq!(s.apply(Pos::centre(15), 15), Pos::centre(15));
            // Each map is a bijection of the board.
            let all: std::collections::BTreeSet<(u8, u8)> = (0..15)
                .flat_map(|y| (0..15).map(move |x| s.apply(p(x, y), 15)))
                .map(|r| (r.x(), r.y()))
                .collect();
            assert_eq!(all.len(), 225, "{s:?}");
        }
    }

    /// The reference: a class is, for each point, the set of its images under every
    /// symmetry found (by trying all eight on every stone) to keep the stones.
    fn brute_force_class_of(stones: &[(Pos, Color)], size: u8, a: Pos) -> Vec<Pos> {
        let mut out = Vec::new();
        for s in Symmetry::ALL {
            let mut mapped: Vec<(u8, u8, Color)> = stones
                .iter()
                .map(|&(q, c)| {
                    let r = s.apply(q, size);
                    (r.x(), r.y(), c)
                })
                .collect();
            let mut original: Vec<(u8, u8, Color)> =
                stones.iter().map(|&(q, c)| (q.x(), q.y(), c)).collect();
            mapped.sort_by_key(|&(x, y, c)| (x, y, c as u8));
            original.sort_by_key(|&(x, y, c)| (x, y, c as u8));
            if mapped == original {
                out.push(s.apply(a, size));
            }
        }
        out
    }

    #[test]
    fn classes_agree_with_brute_force_on_every_4th_stone_of_the_26_openings() {
        let size = 15;
        let c = Pos::centre(size);
        let mut openings = 0;
        let mut positions = 0;
        for (dx, dy) in [(0i16, -1i16), (1, -1)] {
            let second = p((i16::from(c.x()) + dx) as u8, (i16::from(c.y()) + dy) as u8);
            for ty in c.y() - 2..=c.y() + 2 {
                for tx in c.x() - 2..=c.x() + 2 {
                    let third = p(tx, ty);
                    if !is_canonical_opening([c, second, third], size) {
                        continue;
                    }
                    openings += 1;
                    for fy in c.y() - 4..=c.y() + 4 {
                        for fx in c.x() - 4..=c.x() + 4 {
                            let fourth = p(fx, fy);
                            if [c, second, third].contains(&fourth) {
                                continue;
                            }
                            positions += 1;
                            let stones = [
                                (c, Color::Black),
                                (second, Color::White),
                                (third, Color::Black),
                                (fourth, Color::White),
                            ];
                            let class = classes(&stones, size);
                            let mut members = vec![Vec::new(); 225];
                            for (j, &k) in class.iter().enumerate() {
                                members[k].push(j);
                            }
                            for y in 0..size {
                                for x in 0..size {
                                    let a = p(x, y);
                                    let mine =
                                        &members[class[usize::from(y) * 15 + usize::from(x)]];
                                    let mut reference: Vec<usize> =
                                        brute_force_class_of(&stones, size, a)
                                            .iter()
                                            .map(|q| usize::from(q.y()) * 15 + usize::from(q.x()))
                                            .collect();
                                    reference.sort_unstable();
                                    reference.dedup();
                                    assert_eq!(mine, &reference, "{stones:?} at {a:?}");
                                    for &j in &reference {
                                        let b = p((j % 15) as u8, (j / 15) as u8);
                                        assert!(equivalent(&stones, size, a, b));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Every 3rd stone in the 5x5 is one of the 26, counted once per representative
        // second stone: 23 thirds each, which fall into 13 classes each.
        assert_eq!(openings, 46);
        assert!(positions > 3000);
    }

    #[test]
    fn the_26_openings_are_13_direct_and_13_indirect_up_to_symmetry() {
        let size = 15;
        let c = Pos::centre(size);
        for second in [p(c.x(), c.y() - 1), p(c.x() + 1, c.y() - 1)] {
            let stones = [(c, Color::Black), (second, Color::White)];
            let class = classes(&stones, size);
            let mut seen = std::collections::BTreeSet::new();
            for y in c.y() - 2..=c.y() + 2 {
                for x in c.x() - 2..=c.x() + 2 {
                    let third = p(x, y);
                    if is_canonical_opening([c, second, third], size) {
                        seen.insert(class[usize::from(y) * 15 + usize::from(x)]);
                    }
                }
            }
            assert_eq!(seen.len(), 13, "second stone {second:?}");
        }
        assert!(
            !is_canonical_opening([p(7, 7), p(7, 5), p(8, 8)], size),
            "2nd not adjacent"
        );
        assert!(
            !is_canonical_opening([p(7, 7), p(7, 6), p(10, 7)], size),
            "3rd outside 5x5"
        );
        assert!(
            !is_canonical_opening([p(6, 7), p(7, 7), p(8, 8)], size),
            "1st off centre"
        );
        assert!(in_centre(p(4, 4), 15, 7) && !in_centre(p(3, 7), 15, 7));
    }
}
