//! The WebSocket of a game: the state on connect, then every change, the computer's
//! thinking and progress, and an analysis of the best moves.

use std::time::{Duration, Instant};

use crate::support::{temp_dir, TestServer};
use futures_util::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads events until one satisfies `want`; returns every event read.
async fn until(ws: &mut Socket, secs: u64, want: impl Fn(&Value) -> bool) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no matching event; seen: {seen:?}"))
            .expect("socket open")
            .expect("socket ok");
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).expect("JSON event");
            let done = want(&v);
            seen.push(v);
            if done {
                return seen;
            }
        }
    }
}

#[test]
fn events_follow_the_game() {
    let server = TestServer::start(&temp_dir("ws"));
    let g = server.create(r#"{"mode":"pvc","human":"black","level":2,"think_delay":false}"#);
    let n = g["id"].as_i64().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let url = format!("ws://{}/api/games/{n}/ws", server.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connect");
        let first = until(&mut ws, 5, |_| true).await;
        assert_eq!(first[0]["type"], "state");
        assert_eq!(first[0]["game"]["id"], n);

        // A person's move (over HTTP, from a blocking thread), then the computer's.
        let addr = server.addr;
        tokio::task::spawn_blocking(move || {
            crate::support::request(
                addr,
                "POST",
                &format!("/api/games/{n}/play"),
                Some(r#"{"move":"h8"}"#),
            )
        })
        .await
        .unwrap();
        let seen = until(&mut ws, 30, |v| {
            v["type"] == "state" && v["game"]["moves"].as_array().unwrap().len() == 2
        })
        .await;
        let kinds: Vec<&str> = seen.iter().filter_map(|v| v["type"].as_str()).collect();
        assert!(kinds.contains(&"thinking"), "{kinds:?}");
        assert!(
            seen.iter()
                .any(|v| v["type"] == "info" && v["kind"] == "move" && v["depth"].is_i64()),
            "{seen:?}"
        );

        // Analysis of the two best moves: progress, then the final lines.
        tokio::task::spawn_blocking(move || {
            crate::support::request(
                addr,
                "POST",
                &format!("/api/games/{n}/analyse"),
                Some(r#"{"lines":2}"#),
            )
        })
        .await
        .unwrap();
        let seen = until(&mut ws, 30, |v| v["type"] == "analysis").await;
        let last = seen.last().unwrap();
        assert_eq!(last["lines"].as_array().unwrap().len(), 2, "{last}");
        assert!(last["lines"][0]["score"]["winrate"].is_f64());
        assert!(seen
            .iter()
            .any(|v| v["type"] == "info" && v["kind"] == "analysis"));

        // The end of the game is announced.
        tokio::task::spawn_blocking(move || {
            crate::support::request(addr, "POST", &format!("/api/games/{n}/resign"), Some(""))
        })
        .await
        .unwrap();
        let seen = until(&mut ws, 10, |v| v["type"] == "end").await;
        assert_eq!(seen.last().unwrap()["winner"], "white");
    });
}
