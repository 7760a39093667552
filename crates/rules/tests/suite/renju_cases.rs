//! Every case of `data/renju-cases.txt`, checked against the fast forbidden
//! check and the word-by-word reference.

use crate::support::reference::Grid;
use fiveinrow_rules::{Board, ForbiddenKind, Pos};

struct Case {
    name: String,
    board: Board,
    /// Expected points; `None` kind = "forbidden, kind not stated".
    expected: Vec<(Pos, Option<ForbiddenKind>)>,
    complete: bool,
    not_forbidden: Vec<Pos>,
}

fn pos(s: &str) -> Pos {
    let (x, y) = s.split_once(',').unwrap_or_else(|| panic!("bad point {s}"));
    Pos::new(x.trim().parse().unwrap(), y.trim().parse().unwrap()).unwrap()
}

fn stones(field: &str, prefix: &str) -> Vec<Pos> {
    let list = field
        .trim()
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("expected {prefix} in {field}"));
    list.split_whitespace().map(pos).collect()
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(id) = comment
                .split_whitespace()
                .next()
                .filter(|w| w.starts_with("RF"))
            {
                name = id.to_string();
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 4, "{name}: expected 4 fields in {line}");
        let mut board = Board::new(15);
        for p in stones(fields[0], "B:") {
            board.place_unchecked(p, fiveinrow_rules::Color::Black);
        }
        for p in stones(fields[1], "W:") {
            board.place_unchecked(p, fiveinrow_rules::Color::White);
        }
        let expected = if fields[2].trim() == "-" {
            Vec::new()
        } else {
            fields[2]
                .split_whitespace()
                .map(|item| {
                    let (p, kind) = item.split_once(':').expect("x,y:kind");
                    let kind = match kind {
                        "33" => Some(ForbiddenKind::DoubleThree),
                        "44" => Some(ForbiddenKind::DoubleFour),
                        "6+" => Some(ForbiddenKind::Overline),
                        "F" => None,
                        k => panic!("{name}: unknown kind {k}"),
                    };
                    (pos(p), kind)
                })
                .collect()
        };
        let scope = fields[3].trim();
        let (scope_word, rest) = scope.split_once(' ').unwrap_or((scope, ""));
        let complete = match scope_word {
            "all" => true,
            "checked-only" => false,
            s => panic!("{name}: unknown scope {s}"),
        };
        let not_forbidden = rest
            .trim()
            .strip_prefix("not=")
            .map(|l| l.split_whitespace().map(pos).collect())
            .unwrap_or_default();
        cases.push(Case {
            name: name.clone(),
            board,
            expected,
            complete,
            not_forbidden,
        });
    }
    cases
}

fn cases() -> Vec<Case> {
    let cases = parse_cases(&crate::support::read_data("renju-cases.txt"));
    assert!(
        cases.len() >= 60,
        "expected the whole file, read {} cases",
        cases.len()
    );
    cases
}

fn check(case: &Case, found: &[(Pos, ForbiddenKind)], who: &str) -> Result<(), String> {
    let kind_of = |p: Pos| found.iter().find(|f| f.0 == p).map(|f| f.1);
    for &(p, kind) in &case.expected {
        match (kind_of(p), kind) {
            (None, _) => {
                return Err(format!(
                    "{}: {who} says {p} is legal, expected forbidden",
                    case.name
                ))
            }
            (Some(k), Some(e)) if k != e => {
                return Err(format!(
                    "{}: {who} says {p} is {k}, expected {e}",
                    case.name
                ))
            }
            _ => {}
        }
    }
    for &p in &case.not_forbidden {
        if let Some(k) = kind_of(p) {
            return Err(format!(
                "{}: {who} says {p} is {k}, expected legal",
                case.name
            ));
        }
    }
    if case.complete {
        for &(p, k) in found {
            if !case.expected.iter().any(|e| e.0 == p) {
                return Err(format!("{}: {who} says {p} is {k}, the case lists every forbidden point and not this one", case.name));
            }
        }
    }
    Ok(())
}

#[test]
fn every_case_passes_the_fast_check() {
    let failures: Vec<String> = cases()
        .iter()
        .filter_map(|c| check(c, &c.board.forbidden_points(), "fast check").err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_case_passes_the_reference() {
    let failures: Vec<String> = cases()
        .iter()
        .filter_map(|c| {
            check(
                c,
                &Grid::from_board(&c.board).forbidden_points(),
                "reference",
            )
            .err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fast_check_agrees_with_reference_on_every_point_of_every_case() {
    for case in cases() {
        let fast = case.board.forbidden_points();
        let slow = Grid::from_board(&case.board).forbidden_points();
        assert_eq!(fast, slow, "{}", case.name);
        for p in case.board.points() {
            let single = case.board.forbidden_kind(p);
            assert_eq!(
                single,
                fast.iter().find(|f| f.0 == p).map(|f| f.1),
                "{} at {p}",
                case.name
            );
        }
    }
}

#[test]
fn line_only_verdict_is_the_overline_and_double_four_part_of_the_full_check() {
    for case in cases() {
        for p in case.board.points() {
            let full = case.board.forbidden_kind(p);
            let lines = case.board.forbidden_by_lines(p);
            match full {
                Some(ForbiddenKind::Overline | ForbiddenKind::DoubleFour) => {
                    assert_eq!(lines, full, "{} at {p}", case.name)
                }
                _ => assert_eq!(lines, None, "{} at {p}", case.name),
            }
        }
    }
}
