//! Helpers shared by the integration tests that drive the real binaries.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Runs `fiveinrow ARGS` with `input` on its stdin and waits for it. A command refused at
/// start-up reads nothing: a closed pipe is then its answer, not an error.
pub fn run_fiveinrow(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fiveinrow");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("output")
}

/// A running `pbrain-fiveinrow`, talked to line by line.
pub struct Brain {
    pub child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
}

impl Brain {
    pub fn start() -> Brain {
        let (child, stdin, rx) = spawn_brain();
        Brain { child, stdin, rx }
    }

    pub fn send(&mut self, line: &str) {
        send_line(&mut self.stdin, line);
    }

    /// The next reply that is not a MESSAGE/DEBUG line.
    pub fn reply(&mut self, within: Duration) -> String {
        self.first_line(within, "a reply", |l| {
            !l.starts_with("MESSAGE") && !l.starts_with("DEBUG")
        })
    }

    /// Reads lines until one starts with `prefix` (skipping the rest) and returns it.
    pub fn wait_for(&mut self, prefix: &str, within: Duration) -> String {
        self.first_line(within, prefix, |l| l.starts_with(prefix))
    }

    /// The first line that `wanted` accepts, the others skipped; fails the test if none
    /// comes `within` the time (a hang guard, not a speed check).
    fn first_line(
        &mut self,
        within: Duration,
        what: &str,
        wanted: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what:?} within {within:?}"));
            if wanted(&line) {
                return line;
            }
        }
    }

    /// The next line of any kind.
    pub fn any_line(&mut self, within: Duration) -> String {
        self.rx
            .recv_timeout(within)
            .unwrap_or_else(|_| panic!("no line within {within:?}"))
    }
}

/// An `x,y` reply as numbers.
pub fn xy(s: &str) -> (i64, i64) {
    let (x, y) = s
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {s}"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

/// Starts `pbrain-fiveinrow`; its output lines arrive on the receiver.
pub fn spawn_brain() -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-fiveinrow"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the brain");
    let stdin = child.stdin.take().expect("brain stdin");
    let stdout = child.stdout.take().expect("brain stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, rx)
}

/// Sends one line the way managers do (CR LF), flushed.
pub fn send_line(stdin: &mut ChildStdin, line: &str) {
    write!(stdin, "{line}\r\n").expect("write to the brain");
    stdin.flush().expect("flush to the brain");
}

pub use fiveinrow_testkit::test_seed;
