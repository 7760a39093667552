//! Online games over the API: a link's two seats and its watchers, the seat tokens'
//! checks, renju refereed as everywhere, and the server's clocks (a flag that falls, the
//! increment, a restart that keeps both clocks).

use std::time::{Duration, Instant};

use crate::support::{request_with, temp_dir, Reply, TestServer};
use serde_json::Value;

/// A call with a seat token (or none).
fn call(server: &TestServer, method: &str, path: &str, body: &str, token: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = token.map(|t| ("X-Seat-Token", t)).into_iter().collect();
    request_with(
        server.addr,
        method,
        path,
        Some(body.as_bytes()),
        "application/json",
        &headers,
    )
}

/// Creates an online game; returns its public id, the creator's token and the answer.
fn create(server: &TestServer, body: &str) -> (String, String, Value) {
    let r = server.post("/api/online", body);
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let id = v["game"]["online"]["public_id"]
        .as_str()
        .unwrap()
        .to_string();
    let token = v["token"].as_str().unwrap().to_string();
    (id, token, v)
}

fn join(server: &TestServer, id: &str) -> (String, Value) {
    let r = server.post(&format!("/api/online/{id}/join"), "");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    (v["token"].as_str().unwrap().to_string(), v)
}

fn play(server: &TestServer, id: &str, token: Option<&str>, point: &str) -> Reply {
    call(
        server,
        "POST",
        &format!("/api/online/{id}/play"),
        &format!(r#"{{"move":"{point}"}}"#),
        token,
    )
}

fn state(server: &TestServer, id: &str) -> Value {
    let r = server.get(&format!("/api/online/{id}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

#[test]
fn a_link_seats_two_players_and_everyone_else_watches() {
    let server = TestServer::start(&temp_dir("online-seats"));
    let (id, black, created) = create(&server, r#"{"rule":"renju","color":"black"}"#);
    assert_eq!(created["seat"], "black");
    assert_eq!(created["path"], format!("/#online={id}"));
    assert_eq!(id.len(), 32);
    assert_eq!(black.len(), 32);
    assert_ne!(id, black);
    // The game is in no list and not reachable by its number.
    let n = created["game"]["id"].as_i64().unwrap();
    assert_eq!(server.get(&format!("/api/games/{n}")).status, 404);
    let list = server.get("/api/games").json();
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["id"] != n));
    // Nothing moves before the second player is there.
    let r = play(&server, &id, Some(&black), "h8");
    assert_eq!(r.status, 403, "{}", r.body);
    let (white, joined) = join(&server, &id);
    assert_eq!(joined["seat"], "white");
    assert_ne!(white, black);
    // A third visitor gets no seat: it watches.
    let r = server.post(&format!("/api/online/{id}/join"), "");
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["error"], "seats_taken");
    let watched = state(&server, &id);
    assert!(
        watched["online"]["black"]["taken"] == true && watched["online"]["white"]["taken"] == true
    );
    assert!(
        !watched.to_string().contains(&black),
        "a token in the game's state"
    );
    // No token, a malformed one, a guessed one, the other seat's: refused, nothing moves.
    for (token, status, code) in [
        (None, 403, "not_your_seat"),
        (Some("not-a-token"), 403, "not_your_seat"),
        (
            Some("0123456789abcdef0123456789abcdef"),
            403,
            "not_your_seat",
        ),
        (Some(white.as_str()), 409, "opponents_turn"),
    ] {
        let r = play(&server, &id, token, "h8");
        assert_eq!(r.status, status, "{token:?}: {}", r.body);
        assert_eq!(r.json()["error"], code);
    }
    assert_eq!(state(&server, &id)["moves"].as_array().unwrap().len(), 0);
    // Renju as everywhere: black's double-three at i8 is refused with its reason.
    for (k, p) in ["h8", "a1", "j8", "a3", "i9", "a5", "i10", "a7"]
        .iter()
        .enumerate()
    {
        let t = if k % 2 == 0 { &black } else { &white };
        let r = play(&server, &id, Some(t), p);
        assert_eq!(r.status, 200, "{p}: {}", r.body);
    }
    let r = play(&server, &id, Some(&black), "i8");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["reason"]["forbidden"], "double-three");
    // White resigns out of turn: the game is over, black won, and nothing more moves.
    let r = call(
        &server,
        "POST",
        &format!("/api/online/{id}/resign"),
        "",
        Some(&white),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let end = r.json();
    assert_eq!(end["over"], true);
    assert_eq!(end["winner"], "black");
    assert_eq!(play(&server, &id, Some(&black), "k8").status, 422);
    // Over, and nobody has it open: it leaves memory (and comes back from the store).
    let until = Instant::now() + Duration::from_secs(30);
    while server.get("/api/stats").json()["games_loaded"] != 0 {
        assert!(Instant::now() < until, "the finished game stayed loaded");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(state(&server, &id)["winner"], "black");
    // Unknown and malformed ids are unknown games.
    assert_eq!(
        server
            .get("/api/online/0123456789abcdef0123456789abcdef")
            .status,
        404
    );
    assert_eq!(server.get("/api/online/1").status, 404);
}

/// Polls the online game until `done` holds.
fn wait_for(server: &TestServer, id: &str, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let g = state(server, id);
        if done(&g) {
            return g;
        }
        assert!(Instant::now() < until, "timed out waiting; game: {g}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_player_out_of_time_loses_and_the_increment_is_added() {
    let server = TestServer::start(&temp_dir("online-flag"));
    let (id, black, _) = create(
        &server,
        r#"{"rule":"freestyle","color":"black","clock":{"main_ms":2000,"increment_ms":1000}}"#,
    );
    let (white, joined) = join(&server, &id);
    assert_eq!(joined["game"]["online"]["clock"]["running"], "black");
    let r = play(&server, &id, Some(&black), "h8");
    assert_eq!(r.status, 200, "{}", r.body);
    // Black used a little of its 2 s and got 1 s more: between 2 and 3 s left.
    let clock = &r.json()["online"]["clock"];
    let left = clock["black_ms"].as_i64().unwrap();
    assert!((2_000..=3_000).contains(&left), "{clock}");
    assert_eq!(clock["running"], "white");
    // White does not move: its flag falls, shown without any move.
    let end = wait_for(&server, &id, 10, |g| g["over"] == true);
    assert_eq!(end["status"], "time");
    assert_eq!(end["winner"], "black");
    assert_eq!(end["online"]["lost_on_time"], "white");
    assert_eq!(end["online"]["clock"]["white_ms"], 0);
    assert_eq!(end["online"]["clock"]["running"], Value::Null);
    assert_eq!(play(&server, &id, Some(&white), "i9").status, 422);
    // The record says how it ended.
    let sgf = server
        .get(&format!("/api/online/{id}/export?format=sgf"))
        .body;
    assert!(sgf.contains("RE[B+T]"), "{sgf}");
    // A fixed time per move is refused outside its bounds.
    let r = server.post("/api/online", r#"{"clock":{"move_ms":10}}"#);
    assert_eq!(r.status, 400, "{}", r.body);
}

#[test]
fn a_restart_restores_both_clocks() {
    let dir = temp_dir("online-restart");
    let server = TestServer::start(&dir);
    let (id, black, _) = create(
        &server,
        r#"{"rule":"freestyle","color":"black","clock":{"main_ms":60000,"increment_ms":0}}"#,
    );
    join(&server, &id);
    assert_eq!(play(&server, &id, Some(&black), "h8").status, 200);
    // White thinks for a while; the server checkpoints its clock every second.
    std::thread::sleep(Duration::from_millis(2_300));
    let before = state(&server, &id);
    let clock = &before["online"]["clock"];
    let (b, w) = (
        clock["black_ms"].as_i64().unwrap(),
        clock["white_ms"].as_i64().unwrap(),
    );
    server.stop();
    // Down for two seconds: not charged.
    std::thread::sleep(Duration::from_secs(2));
    let server = TestServer::start(&dir);
    let after = state(&server, &id);
    let clock = &after["online"]["clock"];
    assert_eq!(clock["running"], "white");
    assert_eq!(clock["black_ms"].as_i64().unwrap(), b);
    let w2 = clock["white_ms"].as_i64().unwrap();
    assert!(
        (w - w2).abs() <= 1_000,
        "white had {w} ms, has {w2} after the restart"
    );
}

#[test]
fn every_answer_carries_the_security_headers_and_foreign_sockets_are_refused() {
    let server = TestServer::start(&temp_dir("online-security"));
    for path in [
        "/",
        "/api/games",
        "/api/online/0123456789abcdef0123456789abcdef",
    ] {
        let r = server.get(path);
        let head = r.headers.to_ascii_lowercase();
        for h in [
            "content-security-policy: default-src 'self'; script-src 'self'",
            "frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(h), "{path}: no {h} in {head}");
        }
        assert!(!head.contains("unsafe-inline"), "{head}");
    }
    let (id, _, _) = create(&server, r#"{"color":"white"}"#);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let upgrade = |origin: Option<&str>| -> u16 {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::Error;
        let url = format!("ws://{}/api/online/{id}/ws", server.addr);
        let mut req = url.into_client_request().unwrap();
        if let Some(o) = origin {
            let o = o.replace("HOST", &server.addr.to_string());
            req.headers_mut().insert("Origin", o.parse().unwrap());
        }
        rt.block_on(async {
            match tokio_tungstenite::connect_async(req).await {
                Ok((_, r)) => r.status().as_u16(),
                Err(Error::Http(r)) => r.status().as_u16(),
                Err(e) => panic!("{e}"),
            }
        })
    };
    assert_eq!(upgrade(Some("http://evil.example")), 403);
    assert_eq!(upgrade(Some("http://HOST.evil.example")), 403);
    assert_eq!(upgrade(Some("http://HOST")), 101);
    assert_eq!(upgrade(None), 101);
}

fn post(server: &TestServer, id: &str, what: &str, body: &str, token: &str) -> Reply {
    call(
        server,
        "POST",
        &format!("/api/online/{id}/{what}"),
        body,
        Some(token),
    )
}

#[test]
fn undo_requests_draw_offers_rematch_and_chat() {
    let server = TestServer::start(&temp_dir("online-offers"));
    let (id, black, _) = create(&server, r#"{"rule":"freestyle","color":"black"}"#);
    let (white, _) = join(&server, &id);
    for (t, p) in [(&black, "h8"), (&white, "i9"), (&black, "j10")] {
        assert_eq!(play(&server, &id, Some(t), p).status, 200);
    }
    // Black asks to take j10 back; white declines, then accepts a second request.
    let r = post(&server, &id, "undo", "", &black);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["online"]["undo_request"], "black");
    // Nobody answers their own request.
    let r = post(&server, &id, "undo/answer", r#"{"accept":true}"#, &black);
    assert_eq!(r.status, 409, "{}", r.body);
    let r = post(&server, &id, "undo/answer", r#"{"accept":false}"#, &white);
    assert_eq!(r.json()["online"]["undo_request"], Value::Null);
    assert_eq!(r.json()["moves"].as_array().unwrap().len(), 3);
    post(&server, &id, "undo", "", &black);
    let r = post(&server, &id, "undo/answer", r#"{"accept":true}"#, &white);
    let g = r.json();
    assert_eq!(g["moves"].as_array().unwrap().len(), 2, "{g}");
    assert_eq!(g["to_move"], "black");
    assert_eq!(g["redo"].as_array().unwrap().len(), 0);
    // A draw offer declined, then one accepted.
    let r = post(&server, &id, "draw", "", &white);
    assert_eq!(r.json()["online"]["draw_offer"], "white");
    let r = post(&server, &id, "draw/answer", r#"{"accept":false}"#, &black);
    assert_eq!(r.json()["over"], false);
    assert_eq!(r.json()["online"]["draw_offer"], Value::Null);
    post(&server, &id, "draw", "", &black);
    let r = post(&server, &id, "draw/answer", r#"{"accept":true}"#, &white);
    let end = r.json();
    assert_eq!(end["over"], true);
    assert_eq!(end["status"], "agreed");
    assert_eq!(end["result"], "draw");
    let sgf = server
        .get(&format!("/api/online/{id}/export?format=sgf"))
        .body;
    assert!(sgf.contains("RE[0]"), "{sgf}");
    // Chat: the seats write, with a length limit; anyone reads.
    let r = post(&server, &id, "chat", r#"{"text":"good game"}"#, &black);
    assert_eq!(r.status, 200, "{}", r.body);
    let long = format!(r#"{{"text":"{}"}}"#, "x".repeat(301));
    assert_eq!(post(&server, &id, "chat", &long, &white).status, 400);
    let r = call(
        &server,
        "POST",
        &format!("/api/online/{id}/chat"),
        r#"{"text":"hi"}"#,
        None,
    );
    assert_eq!(r.status, 403);
    let log = server.get(&format!("/api/online/{id}/chat")).json();
    assert_eq!(log["messages"].as_array().unwrap().len(), 1);
    assert_eq!(log["messages"][0]["color"], "black");
    assert_eq!(log["messages"][0]["text"], "good game");
    // Rematch: both ask; the new game has the colours swapped, each keeping their token.
    let r = post(&server, &id, "rematch", "", &black);
    assert_eq!(r.json()["online"]["rematch_offer"], "black");
    let r = post(&server, &id, "rematch", "", &white);
    let next = r.json()["online"]["rematch_id"]
        .as_str()
        .expect("a rematch")
        .to_string();
    assert_ne!(next, id);
    assert_eq!(play(&server, &next, Some(&black), "h8").status, 409);
    assert_eq!(play(&server, &next, Some(&white), "h8").status, 200);
    assert_eq!(play(&server, &next, Some(&black), "i9").status, 200);
}

#[test]
fn rate_limits_answer_429_with_the_time_to_wait() {
    use crate::support::test_config;
    use fiveinrow_server::Limit;
    let mut config = test_config(&temp_dir("online-rates"));
    config.rates.create_game = Limit {
        burst: 2.0,
        per_minute: 1.0,
    };
    config.rates.chat = Limit {
        burst: 3.0,
        per_minute: 1.0,
    };
    config.public_url = Some("https://five.example.org".into());
    let server = TestServer::with_config(config);
    let (id, black, created) = create(&server, r#"{"color":"black"}"#);
    assert_eq!(
        created["link"],
        format!("https://five.example.org/#online={id}")
    );
    create(&server, "{}");
    let r = server.post("/api/online", "{}");
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(r.json()["error"], "rate_limited");
    assert!(r.json()["message"]
        .as_str()
        .unwrap()
        .contains("try again in"));
    assert!(
        r.headers.to_ascii_lowercase().contains("retry-after: "),
        "{}",
        r.headers
    );
    // Chat: three lines, then the fourth waits.
    for k in 0..3 {
        let r = post(
            &server,
            &id,
            "chat",
            &format!(r#"{{"text":"line {k}"}}"#),
            &black,
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    assert_eq!(
        post(&server, &id, "chat", r#"{"text":"more"}"#, &black).status,
        429
    );
    // Games against the computer are not online games: their creation is not limited.
    for _ in 0..3 {
        server.create(r#"{"mode":"pvp"}"#);
    }
}

#[test]
fn an_exposed_server_keeps_its_own_games_to_its_machine() {
    use crate::support::test_config;
    let mut config = test_config(&temp_dir("online-exposed"));
    // Behind a proxy: the client is the last X-Forwarded-For address.
    config.trust_proxy = true;
    let server = TestServer::with_config(config);
    let local = server.create(r#"{"mode":"pvp"}"#);
    let n = local["id"].as_i64().unwrap();
    let from = |path: &str, method: &str, body: &str| {
        request_with(
            server.addr,
            method,
            path,
            Some(body.as_bytes()),
            "application/json",
            &[("X-Forwarded-For", "203.0.113.9")],
        )
    };
    // Someone on the internet: no list, no game by number, no new local game.
    for (method, path, body) in [
        ("GET", "/api/games".to_string(), ""),
        ("GET", format!("/api/games/{n}"), ""),
        ("POST", format!("/api/games/{n}/play"), r#"{"move":"h8"}"#),
        ("POST", "/api/games".to_string(), r#"{"mode":"pvp"}"#),
    ] {
        let r = from(&path, method, body);
        assert_eq!(r.status, 403, "{method} {path}: {}", r.body);
        assert_eq!(r.json()["error"], "local_only");
    }
    assert_eq!(from("/api/server", "GET", "").json()["local_games"], false);
    // Online games are theirs to play.
    let r = from("/api/online", "POST", "{}");
    assert_eq!(r.status, 201, "{}", r.body);
    // The machine itself still has its games.
    assert_eq!(server.get(&format!("/api/games/{n}")).status, 200);
    assert_eq!(server.get("/api/server").json()["local_games"], true);
}

#[test]
fn an_opening_rule_online_moves_the_seats_with_the_swap() {
    let server = TestServer::start(&temp_dir("online-opening"));
    let (id, opener, _) = create(
        &server,
        r#"{"rule":"freestyle","opening":"swap1","color":"black"}"#,
    );
    let (other, _) = join(&server, &id);
    // The opener places three stones; the other may not.
    assert_eq!(play(&server, &id, Some(&other), "h8").status, 409);
    for p in ["h8", "i9", "j10"] {
        let r = play(&server, &id, Some(&opener), p);
        assert_eq!(r.status, 200, "{p}: {}", r.body);
    }
    // The other player takes black: the seats change colours.
    let r = call(
        &server,
        "POST",
        &format!("/api/online/{id}/opening"),
        r#"{"decision":"swap"}"#,
        Some(&other),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let g = r.json();
    assert_eq!(g["opening"]["step"], "done", "{g}");
    assert_eq!(g["to_move"], "white");
    let seat = |t: &str| {
        call(
            &server,
            "GET",
            &format!("/api/online/{id}/seat"),
            "",
            Some(t),
        )
        .json()["seat"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(seat(&other), "black");
    assert_eq!(seat(&opener), "white");
    // White (the opener now) plays the 4th stone; black's token may not.
    assert_eq!(play(&server, &id, Some(&other), "k11").status, 409);
    assert_eq!(play(&server, &id, Some(&opener), "k11").status, 200);
}
