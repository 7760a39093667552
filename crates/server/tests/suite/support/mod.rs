//! A real server on a free port of 127.0.0.1 in its own thread, and a small blocking HTTP
//! client, so the tests speak to it exactly as a browser does.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fiveinrow_server::{Server, ServerConfig};
use serde_json::Value;

pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// Small search budgets: the tests check behaviour, not strength.
pub fn test_config(data_dir: &Path) -> ServerConfig {
    let mut config = ServerConfig::new(data_dir);
    config.port = 0;
    config.hint_nodes = 20_000;
    config.move_time = Duration::from_secs(5);
    config.analysis_time = Duration::from_millis(1500);
    config.hash_mb = 4;
    config
}

impl TestServer {
    pub fn start(data_dir: &Path) -> TestServer {
        TestServer::with_config(test_config(data_dir))
    }

    pub fn with_config(config: ServerConfig) -> TestServer {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let server = Server::bind(config).await.expect("bind");
                addr_tx.send(server.local_addr()).expect("send address");
                server
                    .run(async {
                        let _ = stop_rx.await;
                    })
                    .await
                    .expect("serve");
            });
            rt.shutdown_timeout(Duration::from_secs(10));
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("server started");
        TestServer {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// Stops the server and waits until it has let go of everything.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            t.join().expect("server thread");
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        request(self.addr, "GET", path, None)
    }

    pub fn post(&self, path: &str, body: &str) -> Reply {
        request(self.addr, "POST", path, Some(body))
    }

    pub fn delete(&self, path: &str) -> Reply {
        request(self.addr, "DELETE", path, None)
    }

    /// Creates a game; panics unless the answer is 201.
    pub fn create(&self, body: &str) -> Value {
        let r = self.post("/api/games", body);
        assert_eq!(r.status, 201, "{}", r.body);
        r.json()
    }

    /// Polls the game until `done` holds (or fails after `secs`).
    pub fn wait_for(&self, id: i64, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let g = self.get(&format!("/api/games/{id}")).json();
            if done(&g) {
                return g;
            }
            assert!(Instant::now() < until, "timed out waiting; game: {g}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl TestServer {
    /// Polls `/api/stats` until the number of searches running satisfies `done` (or fails
    /// after `secs`): a condition to wait for instead of a fixed sleep.
    pub fn wait_for_searches(&self, secs: u64, done: impl Fn(u64) -> bool) {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.get("/api/stats").json();
            if s["searches"]["running"].as_u64().is_some_and(&done) {
                return;
            }
            assert!(Instant::now() < until, "timed out waiting; stats: {s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.shutdown();
    }
}

pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
}

/// One HTTP/1.1 request on a fresh connection.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Reply {
    request_raw(
        addr,
        method,
        path,
        body.map(str::as_bytes),
        "application/json",
    )
}

pub fn request_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    content_type: &str,
) -> Reply {
    request_with(addr, method, path, body, content_type, &[])
}

/// A request with extra header lines (`("X-Seat-Token", token)`).
pub fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    content_type: &str,
    extra: &[(&str, &str)],
) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or(b"");
    let extra: String = extra.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n{extra}\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server may refuse a large body before reading it all; that is its answer.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        headers: head.to_string(),
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A fresh folder under the target directory.
pub fn temp_dir(name: &str) -> PathBuf {
    fiveinrow_testkit::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// The points of a state's move list as names (`h8`).
pub fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}
