//! The limits a client meets, each answered with a JSON error that names the limit:
//! games in play and WebSockets per client (429), record size (413), request body size
//! (413), board size (422).

use crate::support::{temp_dir, test_config, TestServer};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite;

fn id(g: &Value) -> i64 {
    g["id"].as_i64().expect("game id")
}

#[test]
fn a_client_may_hold_only_so_many_games_in_play() {
    let mut config = test_config(&temp_dir("limits-games"));
    config.max_games_per_client = 3;
    let server = TestServer::with_config(config);
    let games: Vec<i64> = (0..3)
        .map(|_| id(&server.create(r#"{"mode":"pvp"}"#)))
        .collect();

    let r = server.post("/api/games", r#"{"mode":"pvp"}"#);
    assert_eq!(r.status, 429, "{}", r.body);
    let e = r.json();
    assert_eq!(
        (e["error"].as_str(), e["limit"].as_i64()),
        (Some("too_many_games"), Some(3))
    );
    assert!(
        e["message"].as_str().unwrap().contains("3 games in play"),
        "{e}"
    );
    // Import makes a game too.
    let r = server.post("/api/import", r#"{"text":"h8","mode":"pvp"}"#);
    assert_eq!(r.status, 429, "{}", r.body);

    // A finished game (resigned) frees a place, and so does a deleted one.
    let r = server.post(&format!("/api/games/{}/resign", games[0]), "");
    assert_eq!(r.status, 200, "{}", r.body);
    let fourth = id(&server.create(r#"{"mode":"pvp"}"#));
    assert_eq!(server.post("/api/games", r#"{"mode":"pvp"}"#).status, 429);
    assert_eq!(
        server.delete(&format!("/api/games/{}", games[1])).status,
        200
    );
    let fifth = id(&server.create(r#"{"mode":"pvp","rule":"freestyle"}"#));
    // Won by five: over, so it frees a place as well.
    for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        let r = server.post(
            &format!("/api/games/{fifth}/play"),
            &json!({ "move": m }).to_string(),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    server.create(r#"{"mode":"pvp"}"#);
    assert_eq!(server.post("/api/games", r#"{"mode":"pvp"}"#).status, 429);

    // Games already held keep working at the limit.
    let r = server.post(&format!("/api/games/{fourth}/play"), r#"{"move":"h8"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn a_client_may_hold_only_so_many_sockets() {
    let mut config = test_config(&temp_dir("limits-sockets"));
    config.max_sockets_per_client = 2;
    let server = TestServer::with_config(config);
    let n = id(&server.create(r#"{"mode":"pvp"}"#));
    let url = format!("ws://{}/api/games/{n}/ws", server.addr);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (first, _) = tokio_tungstenite::connect_async(&url).await.expect("first");
        let (_second, _) = tokio_tungstenite::connect_async(&url)
            .await
            .expect("second");
        match tokio_tungstenite::connect_async(&url).await {
            Err(tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status().as_u16(), 429);
                let body: Value =
                    serde_json::from_slice(answer.body().as_deref().unwrap_or_default())
                        .expect("a JSON error");
                assert_eq!(body["error"], "too_many_sockets", "{body}");
                assert_eq!(body["limit"], 2, "{body}");
            }
            other => panic!("a third socket was not refused: {other:?}"),
        }
        // Closing one gives its place back (once the server has seen it close).
        drop(first);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            match tokio_tungstenite::connect_async(&url).await {
                Ok(_) => break,
                Err(e) => {
                    assert!(std::time::Instant::now() < deadline, "never freed: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
        }
    });
    let stats = server.get("/api/stats").json();
    assert!(stats["sockets_open"].as_i64().unwrap() <= 2, "{stats}");
}

#[test]
fn records_and_bodies_over_their_limits_are_refused_before_parsing() {
    let server = TestServer::start(&temp_dir("limits-records"));
    let limit = test_config(std::path::Path::new(".")).max_record_bytes;
    // Over the record limit but well inside the body limit.
    let text = "h8".repeat(limit / 2 + 1);
    for (path, body) in [
        ("/api/import", json!({ "text": text, "mode": "pvp" })),
        ("/api/games", json!({ "moves": text, "mode": "pvp" })),
    ] {
        let r = server.post(path, &body.to_string());
        assert_eq!(r.status, 413, "{path}: {}", r.body);
        let e = r.json();
        assert_eq!(e["error"], "record_too_large", "{path}");
        assert_eq!(e["limit"].as_u64(), Some(limit as u64), "{path}");
        assert!(e["message"].as_str().unwrap().contains("bytes"), "{e}");
    }
    // At the limit it is read (and refused for what it says, not for its size).
    let r = server.post(
        "/api/import",
        &json!({ "text": "h8".repeat(limit / 2) }).to_string(),
    );
    assert_eq!(
        (r.status, r.json()["error"].as_str()),
        (422, Some("bad_record"))
    );
    // A body over its own cap: 413 as JSON too.
    let r = server.post(
        "/api/import",
        &json!({ "text": "x".repeat(300 * 1024) }).to_string(),
    );
    assert_eq!(r.status, 413, "{}", r.body);
    let e = r.json();
    assert!(e["message"].is_string());
    assert_eq!(e["error"], "body_too_large");
    assert_eq!(
        e["limit"].as_u64(),
        Some(256 * 1024),
        "the cap README names"
    );
}

#[test]
fn board_sizes_outside_5_to_22_are_refused_with_the_range() {
    let server = TestServer::start(&temp_dir("limits-size"));
    for body in [
        json!({ "size": 4 }),
        json!({ "size": 23 }),
        json!({ "size": 0 }),
        json!({ "moves": "h8", "size": 30 }),
        json!({ "text": "Piskvorky 30x30, 11:11, 0\n15,15,1000\n-1\n", "format": "psq" }),
        json!({ "text": "(;GM[4]FF[4]SZ[23];B[kk])" }),
    ] {
        let path = if body.get("text").is_some() {
            "/api/import"
        } else {
            "/api/games"
        };
        let r = server.post(path, &body.to_string());
        assert_eq!(r.status, 422, "{body}: {}", r.body);
        let message = r.json()["message"].as_str().unwrap().to_string();
        assert!(message.contains("5 to 22"), "{body}: {message}");
    }
    // Not a size at all: still a JSON 4xx.
    for body in [r#"{"size":-1}"#, r#"{"size":1e12}"#, r#"{"size":"big"}"#] {
        let r = server.post("/api/games", body);
        assert!((400..500).contains(&r.status), "{body}: {}", r.status);
        assert!(r.json()["message"].is_string(), "{body}");
    }
    for size in [5, 22] {
        let g = server.create(&json!({ "mode": "pvp", "size": size }).to_string());
        assert_eq!(g["size"], size);
    }
}
