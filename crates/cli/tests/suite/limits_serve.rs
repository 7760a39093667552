//! The limits of `fiveinrow serve` as started by users (its default settings), each
//! answered with a JSON error naming the limit: 100 games in play and 64 WebSockets per
//! client (429), records over 128 KiB and bodies over 256 KiB (413), board sizes outside
//! 5..22 (422).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::web_support::{http, temp_dir, ServeProcess};
use serde_json::{json, Value};

fn post(server: &ServeProcess, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = http(&server.addr, "POST", path, &body.to_string());
    let answer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, answer)
}

/// Opens a WebSocket by hand; returns the socket (kept open) and the answer's status.
fn open_socket(addr: &str, id: i64) -> (TcpStream, u16) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    .unwrap();
    // The status line is enough: "HTTP/1.1 101 ..." or "HTTP/1.1 429 ...".
    let mut head = [0u8; 12];
    s.read_exact(&mut head).expect("an answer");
    let status = String::from_utf8_lossy(&head[9..12])
        .parse()
        .expect("status");
    (s, status)
}

#[test]
fn the_served_app_answers_each_limit_with_a_json_error() {
    let server = ServeProcess::start(&temp_dir("limits-serve"));

    // Records over 128 KiB, inside the 256 KiB body cap.
    let (status, e) = post(
        &server,
        "/api/import",
        &json!({ "text": "h8".repeat(70_000) }),
    );
    assert_eq!(
        (status, e["error"].as_str()),
        (413, Some("record_too_large")),
        "{e}"
    );
    assert_eq!(e["limit"], 128 * 1024);
    // Bodies over 256 KiB.
    let (status, e) = post(
        &server,
        "/api/import",
        &json!({ "text": "h8".repeat(140_000) }),
    );
    assert_eq!(status, 413, "{e}");
    assert!(e["message"].is_string());
    // Board sizes.
    let (status, e) = post(&server, "/api/games", &json!({ "size": 23 }));
    assert_eq!(status, 422, "{e}");
    assert!(e["message"].as_str().unwrap().contains("5 to 22"), "{e}");

    // 100 games in play per client.
    let mut first = None;
    for k in 0..100 {
        let (status, g) = post(&server, "/api/games", &json!({ "mode": "pvp" }));
        assert_eq!(status, 201, "game {k}: {g}");
        first.get_or_insert(g["id"].as_i64().unwrap());
    }
    let (status, e) = post(&server, "/api/games", &json!({ "mode": "pvp" }));
    assert_eq!(
        (status, e["error"].as_str()),
        (429, Some("too_many_games")),
        "{e}"
    );
    assert_eq!(e["limit"], 100);

    // 64 WebSockets per client.
    let id = first.unwrap();
    let open: Vec<TcpStream> = (0..64)
        .map(|k| {
            let (s, status) = open_socket(&server.addr, id);
            assert_eq!(status, 101, "socket {k}");
            s
        })
        .collect();
    let (_, status) = open_socket(&server.addr, id);
    assert_eq!(status, 429, "a 65th socket");
    drop(open);

    let (status, stats) = http(&server.addr, "GET", "/api/stats", "");
    assert_eq!(status, 200);
    let stats: Value = serde_json::from_str(&stats).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(stats["searches"]["cap"], cores, "{stats}");
}
