//! Helpers shared by the integration tests that drive the real brain binary.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

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
