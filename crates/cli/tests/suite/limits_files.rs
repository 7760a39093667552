//! Limits met from the command line, each answered in words: a record file over the size
//! limit (the terminal game's `load`), and board sizes outside 5..22 (flags and files).

use std::path::{Path, PathBuf};

/// The terminal game's limit (`tui::record_file::MAX_RECORD_BYTES`).
const MAX_RECORD_BYTES: usize = 128 * 1024;

fn fiveinrow(args: &[&str], input: &str) -> (bool, String, String) {
    let out = crate::common::run_fiveinrow(args, input);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("limits-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_terminal_game_refuses_a_record_file_over_the_limit_and_goes_on() {
    let d = dir();
    // Long enough by its comment alone; otherwise a good record.
    let big = d.join("big.sgf");
    let comment = "x".repeat(MAX_RECORD_BYTES);
    std::fs::write(&big, format!("(;GM[4]SZ[15]C[{comment}];B[hh];W[ii])")).unwrap();
    let small = d.join("small.sgf");
    std::fs::write(&small, "(;GM[4]SZ[15];B[hh];W[ii])").unwrap();
    let input = format!(
        "load {}\nload {}\nshow\nquit\n",
        big.display(),
        small.display()
    );
    let (ok, out, err) = fiveinrow(&["play", "--lines", "--white", "person"], &input);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("cannot load: {} is over 128 KiB", big.display())),
        "{out}"
    );
    assert!(
        out.contains(&format!("at most {MAX_RECORD_BYTES} bytes")),
        "{out}"
    );
    // The game went on: the small file loaded after the refusal.
    assert!(
        !out.contains(&format!("cannot load: {}", small.display())),
        "{out}"
    );
    assert!(
        out.contains("(") && out.matches("cannot load").count() == 1,
        "{out}"
    );
}

#[test]
fn board_sizes_outside_5_to_22_are_refused_in_words() {
    for args in [
        &["show", "h8", "--size", "23"][..],
        &["show", "h8", "--size", "4"],
        &["forbidden", "h8", "--size", "0"],
        &["play", "--lines", "--size", "99"],
    ] {
        let (ok, _, err) = fiveinrow(args, "quit\n");
        assert!(!ok, "{args:?} was accepted");
        assert!(
            err.contains("is not supported (5 to 22)"),
            "{args:?}: {err}"
        );
    }
    let (ok, _, err) = fiveinrow(&["show", "h8", "--size", "big"], "");
    assert!(!ok && err.contains("'big' is not a number"), "{err}");
    for size in ["5", "22"] {
        let (ok, out, err) = fiveinrow(&["show", "c3", "--size", size], "");
        assert!(ok, "--size {size}: {out}{err}");
    }
    // A record of another size: refused when loaded, with the range.
    let d = dir();
    let wide = d.join("wide.sgf");
    std::fs::write(&wide, "(;GM[4]SZ[23];B[aa])").unwrap();
    let (ok, out, err) = fiveinrow(
        &["play", "--lines"],
        &format!("load {}\nquit\n", wide.display()),
    );
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("cannot load") && out.contains("5 to 22"),
        "{out}"
    );
}
