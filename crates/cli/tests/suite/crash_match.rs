//! `fiveinrow match --out DIR` killed without warning (SIGKILL) at random moments, over
//! and over on the same folder: every record left there reads back (PSQ and SGF) and
//! replays through the rules core, and the engines it started do not outlive it.
//!
//! The kill moments come from a seed printed at the start; `FIVEINROW_SEED=N`
//! replays a run.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fiveinrow_rules::record::{read_psq, read_sgf};
use fiveinrow_rules::Rule;

const KILLS: usize = 6;

/// xorshift64*: enough to spread kill moments.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("crash-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Eight short games (four openings, colours swapped), two at a time.
fn start_match(out: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args([
            "match",
            "--engine1",
            "self:level=1",
            "--engine2",
            "self:level=1",
            "--rule",
            "freestyle",
            "--tc-move",
            "200",
            "--rounds",
            "4",
            "--concurrency",
            "2",
            "--max-moves",
            "40",
            "--out",
        ])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start fiveinrow match")
}

fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| entries.count())
}

/// Every record in `dir` reads and replays; returns (records, temporary files left).
fn check_records(dir: &Path) -> (usize, usize) {
    let (mut records, mut temps) = (0, 0);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0); // killed before the first game ended
    };
    for entry in entries {
        let path = entry.expect("list the records").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with('.') && name.ends_with(".tmp") {
            temps += 1; // a write cut short: never under a record's name
            continue;
        }
        assert!(name.starts_with("game-"), "unexpected file {name}");
        let text = std::fs::read_to_string(&path).expect("read a record");
        let record = if name.ends_with(".sgf") {
            read_sgf(&text)
        } else if name.ends_with(".psq") {
            read_psq(&text, Rule::Freestyle)
        } else {
            panic!("unexpected file {name}")
        }
        .unwrap_or_else(|e| panic!("{name} does not read back ({e}):\n{text}"));
        let game = record
            .to_game()
            .unwrap_or_else(|e| panic!("{name} does not replay ({e}):\n{text}"));
        // At least the three stones of the opening.
        assert!(game.move_count() >= 3, "{name}:\n{text}");
        records += 1;
    }
    (records, temps)
}

/// The processes whose parent is `pid` (the engines a match runner started), read from
/// Linux's /proc; none elsewhere.
fn children_of(pid: u32) -> Vec<u32> {
    let mut kids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // "pid (name) state ppid ...": the name may hold spaces, so read after ')'.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(pid) {
            kids.push(child);
        }
    }
    kids
}

/// Gone, or a zombie waiting for a parent to reap it.
fn has_exited(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state == "Z" || state == "X"),
    }
}

#[test]
fn records_left_by_a_killed_match_all_read_back() {
    let seed = crate::common::test_seed();
    let mut rng = Rng(seed);
    for kill in 0..KILLS {
        let out = out_dir(&format!("killed-{kill}"));
        let mut runner = start_match(&out);
        let pid = runner.id();
        // Kill just as the n-th file appears, when the next write is most likely under
        // way; n = 0 kills during start-up.
        let files = rng.below(15) as usize;
        let until = Instant::now() + Duration::from_secs(30);
        while count_files(&out) < files && runner.try_wait().expect("poll the match").is_none() {
            assert!(Instant::now() < until, "the match wrote no record in 30 s");
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(rng.below(if files == 0 {
            300
        } else {
            3
        })));
        let engines = children_of(pid);
        runner.kill().expect("SIGKILL the match");
        runner.wait().expect("reap the match");
        let (records, temps) = check_records(&out);
        println!(
            "kill {kill}: at {files} files; {records} records read back, {temps} cut writes \
             left aside"
        );

        // Its engines see their input close and quit.
        let until = Instant::now() + Duration::from_secs(10);
        while !engines.iter().all(|&e| has_exited(e)) {
            assert!(
                Instant::now() < until,
                "engines {engines:?} outlived the match"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        println!("  and the {} engines it ran quit", engines.len());
    }

    // A match left to finish leaves its sixteen records and nothing else.
    let out = out_dir("whole");
    let started = Instant::now();
    let status = start_match(&out).wait().expect("run the match");
    assert!(status.success(), "{status}");
    let (records, temps) = check_records(&out);
    assert_eq!((records, temps), (16, 0), "after a whole match");
    println!(
        "a whole match: {records} records in {:?}",
        started.elapsed()
    );
}
