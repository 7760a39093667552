//! The real binary, run the way users and scripts run it.

use std::process::Output;

use crate::common::run_fiveinrow as run;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn forbidden_prints_points_sorted_by_y_then_x() {
    // g8 i8 h7 h9: the classic cross, a double-three at h8 (7,7).
    let o = run(
        &["forbidden", "--rule", "renju", "g8 a1 i8 a3 h7 a5 h9 a7"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "7,7 double-three\n");
    // Two points: sorted by y, then x.
    let two_crosses = "g8 a1 i8 a3 h7 a5 h9 a7 c13 o1 e13 o3 d12 o5 d14 o7";
    let o = run(&["forbidden", "--rule", "renju", two_crosses], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, ["3,2 double-three", "7,7 double-three"]);
    let keys: Vec<(u32, u32)> = lines
        .iter()
        .map(|l| {
            let (xy, kind) = l.split_once(' ').unwrap();
            assert!(
                ["overline", "double-four", "double-three"].contains(&kind),
                "{l}"
            );
            let (x, y) = xy.split_once(',').unwrap();
            (y.parse().unwrap(), x.parse().unwrap())
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn forbidden_prints_nothing_when_there_are_none() {
    let o = run(&["forbidden", "--rule", "renju", "h8"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    // Forbidden points are black's whichever side is to move.
    let a = run(&["forbidden", "g8 a1 i8 a3 h7 a5 h9 a7"], "");
    let b = run(&["forbidden", "g8 a1 i8 a3 h7 a5 h9 a7 o15"], "");
    assert_eq!(stdout(&a), stdout(&b));
    // No forbidden points under other rules.
    let o = run(
        &[
            "forbidden",
            "--rule",
            "freestyle",
            "g8 a1 i8 a3 h7 a5 h9 a7",
        ],
        "",
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn forbidden_reads_positions_from_stdin_and_goes_on_after_errors() {
    let input = "g8 a1 i8 a3 h7 a5 h9 a7\n\
                 h8\n\
                 h8 h8\n\
                 7,7 0,0 8,7 0,1 9,7 0,2 10,7 0,3 11,7\n\
                 7,7 99,3\n\
                 g8 a1 i8 a3 h7 a5 h9 a7 h8\n\
                 6,7 0,0 8,7 0,2 7,6 0,4 7,8 0,6\n";
    let o = run(&["forbidden", "--rule", "renju"], input);
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert_eq!(lines[0], "7,7:double-three");
    assert_eq!(lines[1], "-");
    assert!(
        lines[2].starts_with("error:") && lines[2].contains("occupied"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("error:") && lines[3].contains("already won"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("error:") && lines[4].contains("off the 15x15 board"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with("error:") && lines[5].contains("forbidden"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[6], "7,7:double-three");
}

#[test]
fn forbidden_errors_are_one_line_on_stderr() {
    let o = run(&["forbidden", "--rule", "renju", "h8 h8"], "");
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error:") && err.contains("occupied"),
        "{err}"
    );
    let o = run(&["forbidden", "--size", "30", "h8"], "");
    assert!(!o.status.success());
    let o = run(&["forbidden", "--rule", "caro", "h8"], "");
    assert!(!o.status.success());
}

#[test]
fn forbidden_on_a_20x20_board() {
    let o = run(
        &["forbidden", "--size", "20", "g8 a1 i8 a3 h7 a5 h9 a7"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "7,12 double-three\n");
}

#[test]
fn show_draws_the_board_with_coordinates() {
    let o = run(&["show", "h8i9"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("a b c d e f g h i j k l m n o"));
    let row8 = lines.iter().find(|l| l.starts_with(" 8 ")).unwrap();
    assert_eq!(row8.chars().nth(4 + 2 * 7), Some('X'), "{row8}");
    let row9 = lines.iter().find(|l| l.starts_with(" 9 ")).unwrap();
    assert!(row9.contains("(O)"), "last move marked: {row9}");
    assert!(text.contains("black to move"));
    // A won game is shown with its line.
    let o = run(&["show", "--rule", "freestyle", "h8a1i8a2j8a3k8a4l8"], "");
    assert!(o.status.success());
    assert!(stdout(&o).contains("black wins with h8 i8 j8 k8 l8"));
    let o = run(&["show", "h8 zz"], "");
    assert!(!o.status.success());
}

#[test]
fn play_takes_moves_and_answers_in_words() {
    let input = "g8\na1\ni8\na3\nh7\na5\nh9\na7\nh8\ng8\nundo\nredo\nquit\n";
    let o = run(&["play", "--rule", "renju"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("refused: g8 is occupied"), "{text}");
    assert!(
        text.contains("refused: h8 is forbidden for black: double-three"),
        "{text}"
    );
    assert!(text.contains("took back 1 move(s)"));
    assert!(text.contains("replayed 1 move(s)"));
}

/// Plays `line` (human notation, space separated) after `position` (x,y list) under renju
/// and returns the game's status.
fn replay(position: &str, line: &str) -> fiveinrow_rules::Status {
    use fiveinrow_rules::notation::{parse_human, parse_xy_list};
    let moves = parse_xy_list(position, 15).unwrap();
    let mut game =
        fiveinrow_rules::Game::from_moves(fiveinrow_rules::Rule::Renju, 15, &moves).unwrap();
    let mut status = game.status().clone();
    for m in line.split_whitespace() {
        let p = parse_human(m, 15).unwrap_or_else(|| panic!("{m}: not a move"));
        status = game
            .play(p)
            .unwrap_or_else(|e| panic!("{m} in {line:?}: {e}"));
    }
    status
}

#[test]
fn solve_vct_finds_the_quiet_threat_win_and_vcf_says_none_where_there_is_none() {
    // VC10 of data/vcf-puzzles.txt: black wins, starting with a quiet move.
    let vc10 = "7,7 7,6 6,7 8,6 7,5 5,7 9,6 6,6 6,5 8,5 7,4 5,6 7,3 9,5 4,6 6,4 8,4 3,7 5,5 8,2";
    let o = run(&["solve", "--vct", vc10], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o).trim().to_string();
    assert_ne!(line, "none");
    assert_eq!(
        replay(vc10, &line).winner(),
        Some(fiveinrow_rules::Color::Black),
        "{line}"
    );
    // VC29: white to move has no VCF.
    let vc29 = "7,7 8,6 7,6 5,7 8,7 6,6 7,5 7,9 4,7 8,5 8,9 6,5 4,8 7,3 6,4 4,6 3,6 8,2 3,5 4,4 \
                2,6 1,5 5,2";
    let o = run(&["solve", "--vcf", vc29], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "none\n");
}

/// Renju: white's four g9 can only be blocked on h8, a double-three for black. The line
/// ends with the four and says why black cannot block; it never shows black on h8.
#[test]
fn solve_names_a_block_black_may_not_play_instead_of_playing_it() {
    let position = "5,7 3,3 6,7 4,4 7,5 5,5 2,2 12,12 7,6";
    let o = run(&["solve", "--vcf", position], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "g9  (black may not block at h8: double-three; five there next)\n"
    );
}

#[test]
fn analyze_prints_progress_and_a_legal_best_move() {
    let o = run(
        &["analyze", "--depth", "5", "--multipv", "2", "h8 h9 i8"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    for d in 1..=5 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("depth {d} ")) && l.contains(" pv ")),
            "no depth {d} line in\n{out}"
        );
    }
    assert!(lines.iter().any(|l| l.contains("multipv 2")), "{out}");
    let last = lines.last().unwrap();
    let best = last
        .strip_prefix("bestmove ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("last line {last:?}"));
    let mut game = fiveinrow_rules::Game::from_moves(
        fiveinrow_rules::Rule::Renju,
        15,
        &fiveinrow_rules::notation::parse_moves("h8h9i8", 15).unwrap(),
    )
    .unwrap();
    let p = fiveinrow_rules::notation::parse_human(best, 15).unwrap();
    assert!(game.play(p).is_ok(), "{best} is not legal");
}

/// A reader that stops reading (`analyze ... | head -1`) ends a long analysis at once and
/// quietly: no panic on the closed pipe, no search left running for its whole time.
#[test]
fn analyze_ends_quietly_when_its_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args(["analyze", "--time", "60000", "h8 h9 i8"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("depth "), "{first:?}");
    drop(out);
    // The search reports each finished depth; the next report meets the closed pipe.
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{:?} {}", o.status, stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn analyze_takes_search_parameters_by_name() {
    let o = run(
        &["analyze", "--depth", "4", "--param", "qvcf=1", "h8 h9 i8"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bestmove "), "{}", stdout(&o));
    for bad in ["nosuch=1", "qvcf", "qvcf=maybe"] {
        let o = run(&["analyze", "--depth", "2", "--param", bad, "h8"], "");
        assert!(!o.status.success(), "--param {bad} was taken");
        assert!(stderr(&o).contains("--param"), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn bench_prints_the_same_signature_every_run() {
    let sig = || {
        let o = run(&["bench", "4"], "");
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        out.lines()
            .find_map(|l| l.strip_prefix("Bench: "))
            .unwrap_or_else(|| panic!("no signature in\n{out}"))
            .trim()
            .parse::<u64>()
            .unwrap()
    };
    let first = sig();
    assert!(first > 0);
    assert_eq!(sig(), first);
}

/// `fiveinrow bench | head -1`: the reader leaves after one line; the bench ends without
/// a panic (it used to die on "failed printing to stdout: Broken pipe").
#[test]
fn a_report_ends_quietly_when_its_reader_leaves() {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args(["bench", "6"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fiveinrow");
    // Close the reading end at once: every line the bench prints goes nowhere.
    let mut child = child;
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("output");
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.status.success(), "{:?}: {err}", o.status);
}

/// A renju game from a balanced opening (black +208 for white before move 10) in which
/// white's 10th move, d3, ignores black's open three f5-f6-f7: black's f8 makes a four
/// that cannot be stopped.
const PLANTED: &str = "h8i8f6g6j6h7f5i7f7d3f8f9f4";

#[test]
fn review_marks_a_planted_blunder_and_the_move_that_stops_it() {
    use fiveinrow_engine::{solve, SolveKind, SolveLimits};
    use fiveinrow_rules::notation::{parse_moves, to_human};
    use fiveinrow_rules::{Game, Rule};

    let sgf = std::env::temp_dir().join(format!("fiveinrow-review-{}.sgf", std::process::id()));
    let sgf_arg = sgf.to_string_lossy().to_string();
    let o = run(
        &[
            "review", "-", "--rule", "renju", "--nodes", "100000", "--sgf", &sgf_arg,
        ],
        PLANTED,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(lines.len(), 13, "{text}");
    let blunder: Vec<&str> = lines[9].split_whitespace().collect();
    assert_eq!(&blunder[..4], ["move", "10", "white", "d3"], "{text}");
    assert_eq!(blunder.last(), Some(&"blunder"), "{text}");
    assert_eq!(blunder[7], "loss:2", "after d3 black wins: {text}");
    let best = blunder[9];

    // The planted move lets black win by fours; the review's best move does not.
    let moves = parse_moves(PLANTED, 15).unwrap();
    let vcf_after = |reply: &str| {
        let mut game = Game::from_moves(Rule::Renju, 15, &moves[..9]).unwrap();
        game.play(parse_moves(reply, 15).unwrap()[0]).unwrap();
        let limits = SolveLimits {
            depth: 30,
            nodes: 2_000_000,
            time: None,
        };
        solve(&game, SolveKind::Vcf, &limits).line
    };
    assert!(vcf_after("d3").is_some());
    assert_eq!(vcf_after(best), None, "best {best} must stop the fours");
    assert_ne!(best, to_human(moves[9], 15));

    let white = text
        .lines()
        .find(|l| l.starts_with("summary white"))
        .unwrap();
    assert!(
        white.contains("blunders 1") || white.contains("blunders 2"),
        "{white}"
    );
    // The SGF carries the review: the blunder is a very bad move with its best move named.
    let written = std::fs::read_to_string(&sgf).unwrap();
    let _ = std::fs::remove_file(&sgf);
    assert!(
        written.contains("W[dm]BM[2]"),
        "d3 is marked very bad: {written}"
    );
    assert!(written.contains(&format!("best {best}")), "{written}");
    assert!(
        written.contains("RE[B+]") && written.contains("RU[renju]"),
        "{written}"
    );
}

#[test]
fn review_refuses_empty_and_broken_games() {
    for (input, why) in [
        ("", "empty"),
        ("h8 h8", "not a legal game"),
        ("(;GM[4]SZ[15]", "not a readable game"),
    ] {
        let o = run(&["review", "-"], input);
        assert!(!o.status.success(), "{input:?}");
        assert!(stderr(&o).contains(why), "{input:?}: {}", stderr(&o));
    }
}
