//! The match runner through the real binary, against misbehaving fake engines: every
//! fault loses the game, says why in the summary and the records, and the match goes on.

use std::path::PathBuf;
use std::process::Command;

fn exe() -> String {
    env!("CARGO_BIN_EXE_fiveinrow").to_string()
}

fn run_match(engine2: &str, extra: &[&str], out: &PathBuf) -> (String, String) {
    let _ = std::fs::remove_dir_all(out);
    let mut args = vec![
        "match".to_string(),
        "--engine1".into(),
        "self:level=1".into(),
        "--engine2".into(),
        engine2.to_string(),
        "--rounds".into(),
        "1".into(),
        "--out".into(),
        out.to_string_lossy().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    if !extra.contains(&"--rule") {
        args.extend(["--rule".into(), "freestyle".into()]);
    }
    let o = Command::new(exe()).args(&args).output().expect("run match");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (
        String::from_utf8_lossy(&o.stdout).to_string(),
        String::from_utf8_lossy(&o.stderr).to_string(),
    )
}

/// A test's scratch folder, removed when the test ends (passed or not: the assertions
/// print what they need).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tmp(name: &str) -> Scratch {
    Scratch(std::env::temp_dir().join(format!("fiveinrow-test-{}-{name}", std::process::id())))
}

fn records(dir: &PathBuf) -> String {
    let mut all = String::new();
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for p in names {
        all.push_str(&std::fs::read_to_string(p).unwrap());
    }
    all
}

#[test]
fn a_crashing_engine_loses_every_game_and_the_match_goes_on() {
    let out = tmp("crash");
    let (stdout, _) = run_match(
        &format!("{} fake-brain crash", exe()),
        &["--tc-move", "300"],
        &out,
    );
    assert!(
        stdout.contains("games: 2  wins: 2  draws: 0  losses: 0"),
        "{stdout}"
    );
    assert!(stdout.contains("crashed"), "{stdout}");
    // The reason is in both records (PSQ and SGF) of both games.
    for entry in std::fs::read_dir(&out).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert!(text.contains("crashed"), "{text}");
    }
    let rec = records(&out);
    assert!(rec.contains("RE[B+]") && rec.contains("RE[W+]"));
}

#[test]
fn a_slow_engine_loses_on_time() {
    let out = tmp("timeout");
    let (stdout, _) = run_match(
        &format!("{} fake-brain timeout", exe()),
        &["--tc-move", "200"],
        &out,
    );
    assert!(stdout.contains("wins: 2"), "{stdout}");
    assert!(stdout.contains("lost on time"), "{stdout}");
}

/// `--tolerance`: an answer past its limit but within the tolerance does not lose; it is
/// counted in the summary. Without it the same answers lose on time.
#[test]
fn a_late_answer_within_the_tolerance_is_counted_not_lost() {
    let out = tmp("late");
    let late = format!("{} fake-brain late", exe());
    let (strict, _) = run_match(&late, &["--tc-move", "300"], &out);
    assert!(strict.contains("wins: 2"), "{strict}");
    assert!(strict.contains("lost on time"), "{strict}");
    let (tolerant, _) = run_match(&late, &["--tc-move", "300", "--tolerance", "5000"], &out);
    assert!(tolerant.contains("games: 2"), "{tolerant}");
    assert!(!tolerant.contains("lost on time"), "{tolerant}");
    assert!(
        tolerant.contains("late answers (within --tolerance 5000 ms): engine1 0, engine2 "),
        "{tolerant}"
    );
}

/// An engine still busy for a moment after printing its move (Rapfi 0.43 dropped a TURN
/// sent then and answered ERROR): the runner leaves it that moment, so it is not scored
/// as a protocol fault against a fast opponent.
#[test]
fn an_engine_busy_just_after_its_move_gets_its_moment() {
    let out = tmp("busy");
    let (stdout, _) = run_match(
        &format!("{} fake-brain busy", exe()),
        &["--tc-move", "300"],
        &out,
    );
    assert!(stdout.contains("games: 2"), "{stdout}");
    assert!(!stdout.contains("protocol"), "{stdout}");
    assert!(!records(&out).contains("ERROR"), "{}", records(&out));
}

#[test]
fn an_engine_that_plays_an_occupied_point_loses() {
    let out = tmp("occupied");
    let (stdout, _) = run_match(
        &format!("{} fake-brain occupied", exe()),
        &["--tc-move", "300"],
        &out,
    );
    assert!(stdout.contains("wins: 2"), "{stdout}");
    assert!(
        stdout.contains("illegal move") && stdout.contains("occupied"),
        "{stdout}"
    );
    let (stdout, _) = run_match(
        &format!("{} fake-brain garbage", exe()),
        &["--tc-move", "300"],
        &out,
    );
    assert!(
        stdout.contains("wins: 2") && stdout.contains("protocol"),
        "{stdout}"
    );
    let (stdout, _) = run_match("/nonexistent/pbrain-nothing", &["--tc-move", "300"], &out);
    assert!(
        stdout.contains("wins: 2") && stdout.contains("failed to start"),
        "{stdout}"
    );
}

#[test]
fn a_real_match_with_sprt_and_records() {
    let out = tmp("real");
    let _ = std::fs::remove_dir_all(&out);
    let o = Command::new(exe())
        .args([
            "match",
            "--engine1",
            "self:level=4",
            "--engine2",
            "self:level=1",
            "--rule",
            "renju",
            "--tc-move",
            "500",
            "--rounds",
            "3",
            "--concurrency",
            "2",
            "--sprt",
            "0,200,0.1,0.1",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout.contains("elo:") && stdout.contains("sprt: llr"),
        "{stdout}"
    );
    // The openings' pairs of games are counted too, and the SPRT judged on them.
    let pairs = stdout
        .lines()
        .find_map(|l| l.strip_prefix("pairs: "))
        .unwrap_or_else(|| panic!("no pairs line: {stdout}"));
    let n: u32 = pairs.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        (1..=3).contains(&n) && pairs.contains("pentanomial"),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("({n} pairs)")), "{stdout}");
    // Every game's record is there and replays under the rules core.
    for entry in std::fs::read_dir(&out).unwrap() {
        let p = entry.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        if p.extension().is_some_and(|e| e == "sgf") {
            let r = fiveinrow_rules::record::read_sgf(&text).unwrap();
            assert_eq!(r.rule, fiveinrow_rules::Rule::Renju);
            r.to_game().unwrap();
        } else {
            let r =
                fiveinrow_rules::record::read_psq(&text, fiveinrow_rules::Rule::Freestyle).unwrap();
            assert_eq!(r.rule, fiveinrow_rules::Rule::Renju);
            r.to_game().unwrap();
        }
    }
}

/// Fixed nodes on both sides: the same match twice plays the same games, so the paired
/// comparison finds no game that differs; a changed first engine differs in some, and
/// the paired line adds them up exactly from the two runs' records. (A missing folder:
/// `bad_arguments_are_one_line_errors`.)
#[test]
fn a_rerun_pairs_game_by_game_with_the_first_run() {
    let (base, same, other) = (tmp("pair-base"), tmp("pair-same"), tmp("pair-other"));
    let play = |engine1: &str, out: &Scratch, paired: Option<&Scratch>| {
        let mut c = Command::new(exe());
        c.args([
            "match",
            "--engine1",
            engine1,
            "--engine2",
            "self:nodes=1500",
            "--rule",
            "freestyle",
            "--tc-move",
            "20000",
            "--rounds",
            "4",
            "--concurrency",
            "2",
            "--out",
        ])
        .arg(out);
        if let Some(p) = paired {
            c.arg("--paired-with").arg(p);
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    play("self:nodes=1500", &base, None);
    let again = play("self:nodes=1500", &same, Some(&base));
    assert!(
        again.contains("8 games, ") && again.contains("0 better, 0 worse; score +0.0% ± 0.0%"),
        "{again}"
    );
    let changed = play("self:nodes=6000", &other, Some(&base));
    let line = changed
        .lines()
        .find(|l| l.starts_with("paired with"))
        .unwrap_or_else(|| panic!("no paired line in\n{changed}"));
    // The line's counts agree with the records of both runs.
    let points = |dir: &Scratch, i: usize| {
        fiveinrow_protocol::matches::paired::recorded_points(dir, i).expect("a finished record")
    };
    let (mut better, mut worse) = (0, 0);
    for i in 0..8 {
        let d = points(&other, i) - points(&base, i);
        better += usize::from(d > 0.0);
        worse += usize::from(d < 0.0);
    }
    assert!(
        line.contains(&format!("{better} better, {worse} worse")),
        "{line}"
    );
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [
        vec!["match", "--engine1", "self", "--engine2", "self"],
        vec![
            "match",
            "--engine1",
            "self:bogus=1",
            "--engine2",
            "self",
            "--tc-move",
            "100",
        ],
        vec![
            "match",
            "--engine1",
            "self",
            "--engine2",
            "self",
            "--tc-move",
            "100",
            "--sprt",
            "1,2",
        ],
        // A paired run without the earlier run's folder is refused before any game.
        vec![
            "match",
            "--engine1",
            "self",
            "--engine2",
            "self",
            "--tc-move",
            "100",
            "--paired-with",
            "/no/such/folder",
        ],
        vec![
            "match",
            "--engine1",
            "self",
            "--engine2",
            "self",
            "--tc-move",
            "100",
            "--openings",
            "/nonexistent",
        ],
    ] {
        let o = Command::new(exe()).args(&args).output().unwrap();
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("error:") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// Renju: 224 stones, and the one empty point is forbidden for black, who is to move (a
/// position from a real match). The referee calls it a draw instead of asking an engine
/// for a move it cannot have (which it then counted as a protocol fault).
#[test]
fn black_without_a_legal_move_is_a_draw() {
    let out = tmp("no-legal");
    let dir = tmp("no-legal-openings");
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("full.txt");
    std::fs::write(&openings, NEARLY_FULL).unwrap();
    let (stdout, _) = run_match(
        "self:level=1",
        &[
            "--rule",
            "renju",
            "--tc-move",
            "300",
            "--openings",
            openings.to_str().unwrap(),
        ],
        &out,
    );
    assert!(stdout.contains("games: 2  wins: 0  draws: 2"), "{stdout}");
    assert!(
        records(&out).contains("every point left is forbidden for black"),
        "{}",
        records(&out)
    );
}

const NEARLY_FULL: &str = "0,0, 1,0, -1,-1, -2,-2, 1,-2, 0,-1, -1,-2, -1,-3, 1,-5, -2,0, 0,-4, 1,-3, 0,-3, -2,-1, -2,-3, -1,-4, 2,-4, 2,-2, 2,-3, 1,-4, 4,-5, 3,-4, 3,-3, 0,-6, -2,2, 4,-2, -1,1, -3,3, -1,2, -1,0, 1,2, 0,2, 2,-5, 3,-5, -1,4, -4,0, -3,-1, 1,1, -1,3, -1,5, 0,4, 3,-1, 2,0, 1,5, 2,1, -2,5, 0,5, 2,-1, 4,0, 1,-1, 4,-1, -3,4, -4,3, 0,6, -2,4, 2,4, 4,2, -3,2, -3,1, -3,-2, -4,-3, -3,-5, -2,-4, 3,-2, 4,-3, 5,-2, 6,-2, 5,-3, 4,1, 4,3, 3,1, 3,3, -1,7, 2,2, 5,-1, 7,-3, 2,-6, 2,-7, -4,1, -2,1, 2,3, 3,2, -4,5, -4,4, 4,4, 3,5, 3,6, 5,4, -3,-4, -5,-2, -2,-5, -4,-5, -3,5, 5,3, 3,4, -5,0, -3,0, 4,5, 5,5, -5,2, -4,-2, -1,-5, -1,-7, -5,-1, -5,1, -5,-3, -5,-4, 6,-4, 7,-5, -2,-6, -2,7, -4,-4, -6,-2, -6,1, -3,7, -7,2, -4,-1, -4,7, -6,4, 5,1, -1,-6, 0,-7, 4,6, 5,-4, 5,0, -5,-5, 3,0, 6,0, 1,7, 0,7, 5,6, 4,-4, 7,-4, 7,3, 6,3, 7,6, 6,5, 2,6, -6,3, -4,6, -4,2, -5,5, -1,6, 1,4, -6,6, -6,5, 7,4, 5,2, -5,4, -3,6, 4,-6, -7,1, -2,3, -7,5, -7,3, 6,-7, 6,4, 5,-6, 5,-5, 6,2, -6,-6, 2,7, 4,-7, 1,3, -7,-5, -6,-5, -3,-7, 7,0, -7,-6, 6,6, -6,0, -4,-6, 7,-1, -7,-3, 6,-6, -7,-2, -6,-1, -7,0, -7,-1, -6,-4, 3,7, 4,7, -3,-3, -5,-7, -7,-7, -6,-7, -4,-7, -2,-7, 1,-7, 3,-7, 5,-7, 7,-7, -5,-6, -3,-6, 1,-6, 3,-6, 7,-6, 0,-5, 6,-5, -7,-4, -6,-3, 6,-3, 0,-2, 7,-2, 6,-1, 0,1, 6,1, 7,1, -6,2, 7,2, -5,3, -7,4, 2,5, 7,5, -7,6, -5,6, -2,6, 1,6, -7,7, -6,7, -5,7, 5,7, 6,7, 7,7\n";

#[test]
fn engines_play_the_opening_rules_themselves_and_the_records_keep_the_steps() {
    use fiveinrow_rules::opening::Opening;
    use fiveinrow_rules::record::read_sgf_with_info;
    for (rule, board) in [
        ("soosorv8", "renju"),
        ("swap2", "freestyle"),
        ("taraguchi10", "renju"),
    ] {
        let out = tmp(&format!("opening-{rule}"));
        let (stdout, stderr) = run_match(
            "self:level=2",
            &[
                "--opening-rule",
                rule,
                "--rule",
                board,
                "--tc-move",
                "10000",
            ],
            &out,
        );
        assert!(stdout.contains("games: 2 "), "{stdout}{stderr}");
        assert_eq!(
            stdout.matches(&format!("opening: {rule} ")).count(),
            2,
            "{stdout}"
        );
        assert!(stdout.contains("opening decisions: "), "{stdout}");
        for k in 1..=2 {
            let sgf = std::fs::read_to_string(out.join(format!("game-000{k}.sgf"))).unwrap();
            let (record, info) = read_sgf_with_info(&sgf).unwrap();
            assert!(record.to_game().is_ok(), "{sgf}");
            let text = info.opening.unwrap_or_else(|| panic!("no OPENING: {sgf}"));
            let o = Opening::from_record(&text, record.rule, record.size).unwrap();
            assert!(o.is_done(), "{text}");
            assert!(record.moves.starts_with(&o.game().moves()), "{sgf}");
        }
        let _ = std::fs::remove_dir_all(&out);
    }
    // Rules without a Gomocup command need our engines on both sides: refused, with the
    // reason.
    let o = Command::new(exe())
        .args([
            "match",
            "--engine1",
            "self",
            "--engine2",
            "/bin/cat",
            "--opening-rule",
            "soosorv8",
            "--rule",
            "renju",
            "--tc-move",
            "1000",
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("self engines"));
}

#[test]
fn other_programs_play_swap2_through_swap2board() {
    use fiveinrow_rules::opening::Opening;
    use fiveinrow_rules::record::read_sgf_with_info;
    // pbrain-fiveinrow is a program like any other to the runner: its decisions come
    // back as SWAP2BOARD answers that the rules core referees.
    let out = tmp("swap2board");
    let brain = env!("CARGO_BIN_EXE_pbrain-fiveinrow");
    let (stdout, stderr) = run_match(
        brain,
        &[
            "--opening-rule",
            "swap2",
            "--tc-move",
            "300",
            "--max-moves",
            "14",
        ],
        &out,
    );
    assert!(stdout.contains("games: 2 "), "{stdout}{stderr}");
    assert!(!stdout.contains("lost in the swap2 opening"), "{stdout}");
    for k in 1..=2 {
        let sgf = std::fs::read_to_string(out.join(format!("game-000{k}.sgf"))).unwrap();
        let (record, info) = read_sgf_with_info(&sgf).unwrap();
        let text = info.opening.unwrap_or_else(|| panic!("no OPENING: {sgf}"));
        assert!(text.starts_with("swap2 "), "{text}");
        let o = Opening::from_record(&text, record.rule, record.size).unwrap();
        assert!(o.is_done(), "{text}");
        assert!(record.moves.starts_with(&o.game().moves()), "{sgf}");
    }
    let _ = std::fs::remove_dir_all(&out);
    // An engine whose SWAP2BOARD answer is nonsense loses the game in the opening.
    let out = tmp("swap2board-garbage");
    let (stdout, _) = run_match(
        &format!("{} fake-brain garbage", exe()),
        &["--opening-rule", "swap2", "--tc-move", "300"],
        &out,
    );
    assert_eq!(
        stdout.matches("lost in the swap2 opening").count(),
        2,
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&out);
}
