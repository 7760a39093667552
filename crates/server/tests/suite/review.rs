//! Game review over the API: start, progress over the WebSocket, the result, stored and
//! shown again after a restart, cancel; and the refusals.

use std::time::{Duration, Instant};

use crate::support::{temp_dir, TestServer};
use futures_util::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// White's 10th move, d3, ignores black's open three; black wins with fours.
const PLANTED: &str = "h8i8f6g6j6h7f5i7f7d3f8f9f4";

fn import(server: &TestServer, moves: &str) -> i64 {
    let r = server.post(
        "/api/import",
        &format!(r#"{{"text":"{moves}","mode":"pvp","rule":"renju"}}"#),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

fn wait_review(server: &TestServer, n: i64, secs: u64) -> Value {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let r = server.get(&format!("/api/games/{n}/review")).json();
        if r["status"] != "running" {
            return r;
        }
        assert!(Instant::now() < until, "review still running: {r}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_review_runs_in_the_background_is_stored_and_survives_a_restart() {
    let dir = temp_dir("review");
    let server = TestServer::start(&dir);
    let n = import(&server, PLANTED);
    assert_eq!(
        server.get(&format!("/api/games/{n}/review")).json()["status"],
        "none"
    );

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let events: Vec<Value> = rt.block_on(async {
        let url = format!("ws://{}/api/games/{n}/ws", server.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connect");
        // The socket's first message (the game's state) is sent once it listens: the
        // review starts only then, or its first progress event can come before the
        // socket hears anything (seen on a loaded machine).
        let hello = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("the state on connecting")
            .expect("open")
            .expect("ok");
        let Message::Text(hello) = hello else {
            panic!("a text message first: {hello:?}")
        };
        let hello: Value = serde_json::from_str(&hello).unwrap();
        assert_eq!(hello["type"], "state", "{hello}");
        let addr = server.addr;
        let started = tokio::task::spawn_blocking(move || {
            crate::support::request(
                addr,
                "POST",
                &format!("/api/games/{n}/review"),
                Some(r#"{"nodes":20000}"#),
            )
        })
        .await
        .unwrap();
        assert_eq!(started.status, 202, "{}", started.body);
        let s = started.json();
        assert_eq!(
            (s["status"].as_str(), s["total"].as_u64()),
            (Some("running"), Some(14))
        );
        let mut seen = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = tokio::time::timeout(left, ws.next())
                .await
                .unwrap_or_else(|_| panic!("no review event; seen {seen:?}"))
                .expect("open")
                .expect("ok");
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(&t).unwrap();
                let end = v["type"] == "reviewed" || v["type"] == "review_ended";
                seen.push(v);
                if end {
                    return seen;
                }
            }
        }
    });
    let progress: Vec<u64> = events
        .iter()
        .filter(|e| e["type"] == "review_progress")
        .map(|e| e["done"].as_u64().unwrap())
        .collect();
    assert_eq!(
        progress,
        (1..=14).collect::<Vec<u64>>(),
        "one event per position"
    );
    let last = events.last().unwrap();
    assert_eq!(last["type"], "reviewed", "{last}");
    let review = &last["review"];
    check_review(review);

    // Stored: the same review answers GET, and again after a restart.
    let got = server.get(&format!("/api/games/{n}/review")).json();
    assert_eq!(got["status"], "done");
    assert_eq!(&got["review"], review);
    // The SGF export carries the players, result, date, rule, size and the review.
    let sgf = server
        .get(&format!("/api/games/{n}/export?format=sgf"))
        .body;
    for part in [
        "SZ[15]",
        "RU[renju]",
        "PB[person]",
        "PW[person]",
        "RE[B+]",
        "DT[",
        "W[dm]BM[2]V[",
        "FiveInRow review",
    ] {
        assert!(sgf.contains(part), "{part} in {sgf}");
    }
    server.stop();
    let server = TestServer::start(&dir);
    let again = server.get(&format!("/api/games/{n}/review")).json();
    assert_eq!(again["status"], "done");
    assert_eq!(&again["review"], review);

    // A review is about the moves it judged: after an undo it no longer fits.
    let r = server.post(&format!("/api/games/{n}/undo"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        server.get(&format!("/api/games/{n}/review")).json()["status"],
        "none"
    );
    // Deleting the game deletes its review with it.
    assert_eq!(server.delete(&format!("/api/games/{n}")).status, 200);
    assert_eq!(server.get(&format!("/api/games/{n}/review")).status, 404);
}

fn check_review(review: &Value) {
    let moves = review["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 13);
    assert_eq!(review["black_winrates"].as_array().unwrap().len(), 14);
    assert_eq!(review["black_winrates"][13], 1.0, "black won");
    let d3 = &moves[9];
    assert_eq!(
        (d3["number"].as_u64(), d3["color"].as_str()),
        (Some(10), Some("white"))
    );
    assert_eq!(d3["point"]["name"], "d3");
    assert_eq!(d3["mark"], "blunder", "{d3}");
    assert_eq!(d3["after"]["kind"], "loss");
    assert_ne!(d3["best"]["name"], "d3");
    assert!(review["summary"]["white"]["blunders"].as_u64().unwrap() >= 1);
    assert_eq!(review["summary"]["black"]["moves"], 7);
}

#[test]
fn a_review_can_be_cancelled_and_bad_requests_are_refused() {
    let server = TestServer::start(&temp_dir("review-cancel"));
    let n = import(&server, PLANTED);
    let r = server.post(&format!("/api/games/{n}/review"), r#"{"nodes":5000000}"#);
    assert_eq!(r.status, 202, "{}", r.body);
    // Asking again while it runs answers where it stands, not a second review.
    let again = server.post(&format!("/api/games/{n}/review"), r#"{"nodes":5000000}"#);
    assert_eq!(again.json()["status"], "running");
    let c = server.post(&format!("/api/games/{n}/review/cancel"), "");
    assert_eq!(c.json()["stopped"], true);
    assert_eq!(wait_review(&server, n, 30)["status"], "none");
    server.wait_for_searches(30, |running| running == 0);
    let c = server.post(&format!("/api/games/{n}/review/cancel"), "");
    assert_eq!(c.json()["stopped"], false, "nothing left to cancel");

    // Play goes on beside a review: a game against the computer gets its move.
    let long = server.post(&format!("/api/games/{n}/review"), r#"{"nodes":2000000}"#);
    assert_eq!(long.status, 202);
    let pvc = server.create(r#"{"mode":"pvc","human":"white","level":1,"think_delay":false}"#);
    let p = pvc["id"].as_i64().unwrap();
    server.wait_for(p, 30, |g| g["moves"].as_array().unwrap().len() == 1);
    server.post(&format!("/api/games/{n}/review/cancel"), "");

    for (body, why) in [
        (r#"{"nodes":10}"#, "nodes must be"),
        (r#"{"nodes":"many"}"#, "invalid type"),
        (r#"{"depth":3}"#, "unknown field"),
    ] {
        let r = server.post(&format!("/api/games/{n}/review"), body);
        assert_eq!(r.status, 400, "{body}");
        assert!(r.body.contains(why), "{body}: {}", r.body);
    }
    let empty = server.create(r#"{"mode":"pvp"}"#)["id"].as_i64().unwrap();
    let r = server.post(&format!("/api/games/{empty}/review"), "");
    assert_eq!(r.status, 400);
    assert!(r.body.contains("no moves"), "{}", r.body);
    assert_eq!(server.post("/api/games/999/review", "").status, 404);
}
