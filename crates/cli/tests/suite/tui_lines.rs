//! `fiveinrow play` with its input from a pipe: one command per line, and a computer
//! seat that answers each move.

use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (bool, String) {
    let all: Vec<&str> = std::iter::once("play")
        .chain(args.iter().copied())
        .collect();
    let out = crate::common::run_fiveinrow(&all, input);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.success(), text)
}

#[test]
fn a_computer_seat_answers_each_line() {
    let (ok, text) = play(
        &["--white", "computer", "--level", "1", "--nodes", "500"],
        "h8\nundo 2\nquit\n",
    );
    assert!(ok, "{text}");
    assert_eq!(text.matches("white plays ").count(), 1, "{text}");
    assert!(text.contains("took back 2 move(s)"), "{text}");
}

#[test]
fn two_computers_play_a_whole_game_from_no_input() {
    let (ok, text) = play(
        &[
            "--black", "computer", "--white", "computer", "--size", "9", "--level", "1", "--nodes",
            "300",
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(text.contains("black plays "), "{text}");
    assert!(
        text.contains(" wins with ") || text.contains("draw"),
        "{text}"
    );
}

#[test]
fn bad_options_are_one_line_errors() {
    for args in [["--level", "9"], ["--time", "0"], ["--black", "robot"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
            .arg("play")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run");
        assert!(!out.status.success(), "{args:?}");
    }
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args(["play", "--white", "person"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fiveinrow");
    let input = b"\xff\xfe h8\nh8\n";
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input).expect("input");
    // The input ends without `quit`: that ends the game too.
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("not a move"), "{text}");
    assert!(
        text.contains("white> "),
        "h8 was played after the refusal: {text}"
    );
}
