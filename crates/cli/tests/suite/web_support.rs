//! Shared by the web tests: the real `fiveinrow serve` on a free port, stopped (killed)
//! when dropped, and a tiny HTTP client.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct ServeProcess {
    pub child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    pub addr: String,
}

impl ServeProcess {
    /// Starts `fiveinrow serve --port 0 --data-dir DIR` and reads the address it prints.
    pub fn start(data_dir: &Path) -> ServeProcess {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fiveinrow"));
        command
            .args(["serve", "--port", "0", "--data-dir"])
            .arg(data_dir);
        ServeProcess::spawn(command)
    }

    /// Starts `command` (a `fiveinrow` that serves the web app) and reads the address it
    /// prints on its first line.
    pub fn spawn(mut command: Command) -> ServeProcess {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start fiveinrow serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines
            .next()
            .expect("fiveinrow serve printed nothing")
            .expect("read stdout");
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in '{first}'"))
            .to_string();
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        ServeProcess { child, url, addr }
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request; returns the status and the body.
pub fn http(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).expect("read answer");
    let (head, rest) = raw.split_once("\r\n\r\n").expect("HTTP answer");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, rest.to_string())
}

/// A fresh folder under the target directory.
pub fn temp_dir(name: &str) -> PathBuf {
    fiveinrow_testkit::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}
