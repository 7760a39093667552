//! The JSON API against the real server on a free port: moves and refusals, the
//! computer's turn, undo / redo / hint / resign, records, bad requests, and games kept
//! across a restart.

use std::time::Duration;

use crate::support::{names, request_raw, temp_dir, TestServer};
use fiveinrow_rules::record::{read_sgf, read_sgf_with_info, RecordResult, WinBy};
use fiveinrow_rules::{Color, Rule};
use serde_json::Value;

fn id(g: &Value) -> i64 {
    g["id"].as_i64().expect("game id")
}

#[test]
fn moves_are_played_and_refusals_carry_the_rules_reason() {
    let server = TestServer::start(&temp_dir("api-moves"));
    let g = server.create(r#"{"mode":"pvp","rule":"renju","size":15}"#);
    let n = id(&g);
    assert_eq!(
        (g["status"].as_str(), g["to_move"].as_str()),
        (Some("ongoing"), Some("black"))
    );

    let r = server.post(&format!("/api/games/{n}/play"), r#"{"x":7,"y":7}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(names(&r.json()["moves"]), ["h8"]);

    // Occupied: 422 with the core's reason; nothing changes.
    let r = server.post(&format!("/api/games/{n}/play"), r#"{"move":"h8"}"#);
    assert_eq!(r.status, 422);
    let e = r.json();
    assert_eq!(e["error"], "move_refused");
    assert_eq!(e["reason"]["kind"], "occupied");
    assert_eq!(
        (e["reason"]["x"].as_i64(), e["reason"]["y"].as_i64()),
        (Some(7), Some(7))
    );

    // Off the board.
    let r = server.post(&format!("/api/games/{n}/play"), r#"{"x":15,"y":-3}"#);
    assert_eq!(
        (r.status, r.json()["reason"]["kind"].as_str()),
        (422, Some("out_of_board"))
    );
    let r = server.post(&format!("/api/games/{n}/play"), r#"{"move":"z99"}"#);
    assert_eq!(
        (r.status, r.json()["error"].as_str()),
        (400, Some("bad_request"))
    );

    // Renju: a double-three for black, from the demo position.
    let d = server.create(r#"{"mode":"pvp","demo":"renju-cross"}"#);
    let forbidden = d["forbidden"].as_array().unwrap();
    assert!(
        forbidden
            .iter()
            .any(|f| f["name"] == "h8" && f["kind"] == "double-three"),
        "{d}"
    );
    let r = server.post(&format!("/api/games/{}/play", id(&d)), r#"{"move":"h8"}"#);
    assert_eq!(r.status, 422);
    let reason = &r.json()["reason"];
    assert_eq!(
        (reason["kind"].as_str(), reason["forbidden"].as_str()),
        (Some("forbidden"), Some("double-three"))
    );
    let after = server.get(&format!("/api/games/{}", id(&d))).json();
    assert_eq!(after["moves"], d["moves"], "a refused move changes nothing");

    // A win is highlighted, and later moves are refused as "game over".
    let w = server.create(r#"{"mode":"pvp","rule":"freestyle","moves":"h8h9i8i9j8j9k8k9"}"#);
    let r = server
        .post(&format!("/api/games/{}/play", id(&w)), r#"{"move":"l8"}"#)
        .json();
    assert_eq!(
        (r["status"].as_str(), r["winner"].as_str()),
        (Some("won"), Some("black"))
    );
    assert_eq!(names(&r["win_line"]).len(), 5);
    let r = server.post(&format!("/api/games/{}/play", id(&w)), r#"{"move":"a1"}"#);
    assert_eq!(
        (r.status, r.json()["reason"]["kind"].as_str()),
        (422, Some("game_over"))
    );
}

#[test]
fn bad_requests_get_clear_json_errors() {
    let server = TestServer::start(&temp_dir("api-bad"));
    let n = id(&server.create(r#"{"mode":"pvp"}"#));
    let cases: &[(&str, &str, Option<&str>, u16)] = &[
        ("POST", "/api/games", Some("{not json"), 400),
        ("POST", "/api/games", Some(r#"{"size":4}"#), 422),
        ("POST", "/api/games", Some(r#"{"size":-1}"#), 422),
        ("POST", "/api/games", Some(r#"{"level":9}"#), 400),
        ("POST", "/api/games", Some(r#"{"mode":"robots"}"#), 400),
        ("POST", "/api/games", Some(r#"{"rule":"caro"}"#), 400),
        ("POST", "/api/games", Some(r#"{"demo":"nope"}"#), 400),
        ("GET", "/api/games/99999", None, 404),
        ("GET", "/api/games/abc", None, 404),
        (
            "POST",
            "/api/games/99999/play",
            Some(r#"{"x":1,"y":1}"#),
            404,
        ),
        (
            "POST",
            &format!("/api/games/{n}/play"),
            Some(r#"{"x":1}"#),
            400,
        ),
        (
            "POST",
            &format!("/api/games/{n}/play"),
            Some(r#"{"x":"a","y":1}"#),
            422,
        ),
        (
            "POST",
            &format!("/api/games/{n}/play"),
            Some(r#"{"x":99999999999999999999,"y":1}"#),
            422,
        ),
        ("POST", &format!("/api/games/{n}/undo"), Some(""), 409),
        (
            "POST",
            &format!("/api/games/{n}/analyse"),
            Some(r#"{"lines":0}"#),
            400,
        ),
        (
            "GET",
            &format!("/api/games/{n}/export?format=doc"),
            None,
            400,
        ),
        ("GET", "/api/nothing", None, 404),
        ("POST", "/", Some("{}"), 404),
        ("GET", &format!("/api/games/{n}/play"), None, 405),
    ];
    for &(method, path, body, status) in cases {
        let r = crate::support::request(server.addr, method, path, body);
        assert_eq!(r.status, status, "{method} {path} {body:?}: {}", r.body);
        let e = r.json();
        assert!(
            e["error"].is_string() && e["message"].is_string(),
            "{method} {path}: {e}"
        );
    }
    // Wrong content type and an oversized body.
    let r = request_raw(server.addr, "POST", "/api/games", Some(b"{}"), "text/plain");
    assert_eq!(r.status, 415);
    assert!(r.json()["error"].is_string());
    let big = format!(r#"{{"text":"{}"}}"#, "h8".repeat(300_000));
    let r = server.post("/api/import", &big);
    assert_eq!(r.status, 413, "{}", r.body);
    assert!(r.json()["message"].is_string());
    // The server is still fine.
    assert_eq!(server.get(&format!("/api/games/{n}")).status, 200);
}

#[test]
fn against_the_computer_undo_redo_hint_and_resign() {
    let server = TestServer::start(&temp_dir("api-computer"));
    let g = server
        .create(r#"{"mode":"pvc","human":"black","rule":"renju","level":1,"think_delay":false}"#);
    let n = id(&g);
    assert_eq!(g["players"]["white"], "computer");
    let r = server
        .post(&format!("/api/games/{n}/play"), r#"{"move":"h8"}"#)
        .json();
    assert_eq!(r["player_to_move"], "computer");
    let g = server.wait_for(n, 30, |g| g["moves"].as_array().unwrap().len() == 2);
    assert_eq!(
        (g["thinking"].as_str(), g["to_move"].as_str()),
        (None, Some("black"))
    );
    let reply = names(&g["moves"])[1].clone();
    // Every change raises updated_at: the page drops an answer older than what it has.
    assert!(
        g["updated_at"].as_i64() > r["updated_at"].as_i64(),
        "{g} {r}"
    );

    // Hint: a free point for black, not played.
    let h = server.post(&format!("/api/games/{n}/hint"), "");
    assert_eq!(h.status, 200, "{}", h.body);
    let hint = h.json()["hint"]["name"].as_str().unwrap().to_string();
    assert!(hint != "h8" && hint != reply);
    assert_eq!(
        server.get(&format!("/api/games/{n}")).json()["moves"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // Undo takes back the pair; redo brings both back.
    let u = server.post(&format!("/api/games/{n}/undo"), "").json();
    assert_eq!(u["moves"].as_array().unwrap().len(), 0);
    assert_eq!(names(&u["redo"]), ["h8", reply.as_str()]);
    let r = server.post(&format!("/api/games/{n}/redo"), "").json();
    assert_eq!(names(&r["moves"]), ["h8", reply.as_str()]);
    assert_eq!(server.post(&format!("/api/games/{n}/redo"), "").status, 409);

    // Resign: the person's colour loses; the game is over.
    let r = server.post(&format!("/api/games/{n}/resign"), "").json();
    assert_eq!(
        (r["status"].as_str(), r["winner"].as_str()),
        (Some("resigned"), Some("white"))
    );
    let p = server.post(&format!("/api/games/{n}/play"), r#"{"move":"a1"}"#);
    assert_eq!(
        (p.status, p.json()["reason"]["kind"].as_str()),
        (422, Some("game_over"))
    );
    let list = server.get("/api/games").json();
    assert_eq!(list["games"][0]["result"], "white");
}

#[test]
fn a_move_or_undo_while_the_computer_thinks_leaves_the_game_whole() {
    let mut config = crate::support::test_config(&temp_dir("api-thinking"));
    config.move_time = Duration::from_secs(30);
    let server = TestServer::with_config(config);
    // Level 8: the search runs until its time is up or it is stopped.
    let n =
        id(&server.create(r#"{"mode":"pvc","level":8,"think_delay":false,"rule":"freestyle"}"#));
    let r = server
        .post(&format!("/api/games/{n}/play"), r#"{"move":"h8"}"#)
        .json();
    assert_eq!(r["thinking"], "move");

    // A person's move now is the computer's turn: refused, nothing changes.
    let p = server.post(&format!("/api/games/{n}/play"), r#"{"move":"a1"}"#);
    assert_eq!(
        (p.status, p.json()["error"].as_str()),
        (409, Some("not_your_turn"))
    );
    let h = server.post(&format!("/api/games/{n}/hint"), "");
    assert_eq!(h.status, 409);

    // Undo stops the search and discards its result.
    let u = server.post(&format!("/api/games/{n}/undo"), "").json();
    assert_eq!(
        (u["moves"].as_array().unwrap().len(), u["thinking"].as_str()),
        (0, None)
    );
    // Once the stopped search has ended, its move was not played.
    server.wait_for_searches(10, |running| running == 0);
    let g = server.get(&format!("/api/games/{n}")).json();
    assert_eq!(g["moves"].as_array().unwrap().len(), 0, "{g}");

    // Stop ("move now"): the computer plays its best move so far.
    server.post(&format!("/api/games/{n}/play"), r#"{"move":"h8"}"#);
    server.wait_for_searches(10, |running| running == 1);
    let s = server.post(&format!("/api/games/{n}/stop"), "").json();
    assert_eq!(s["stopped"], true);
    let g = server.wait_for(n, 10, |g| g["moves"].as_array().unwrap().len() == 2);
    assert_eq!(g["to_move"], "black");
}

#[test]
fn records_import_and_export() {
    let server = TestServer::start(&temp_dir("api-records"));
    let g = server.create(r#"{"mode":"pvp","rule":"standard","moves":"h8i9j10"}"#);
    let n = id(&g);
    let mut texts = Vec::new();
    for format in ["moves", "psq", "sgf"] {
        let r = server.get(&format!("/api/games/{n}/export?format={format}"));
        assert_eq!(r.status, 200, "{}", r.body);
        texts.push(r.body.clone());
        let body = serde_json::json!({ "text": r.body, "mode": "pvp", "rule": "standard" });
        let back = server.post("/api/import", &body.to_string());
        assert_eq!(back.status, 201, "{format}: {}", back.body);
        let back = back.json();
        assert_eq!(back["move_string"], "h8i9j10", "{format}");
        assert_eq!(back["rule"], "standard", "{format}");
    }
    assert!(texts[0].starts_with("h8i9j10"));
    assert!(texts[1].starts_with("Piskvorky 15x15"));
    assert!(texts[1].contains("\nperson\nperson\n-1\n"), "{}", texts[1]);
    let sgf = &texts[2];
    for property in [
        "PB[person]",
        "PW[person]",
        "RE[?]",
        "DT[",
        "RU[standard]",
        "SZ[15]",
        ";B[hh]",
    ] {
        assert!(sgf.contains(property), "{property} missing from {sgf}");
    }
    let (record, info) = read_sgf_with_info(sgf).expect("the SGF export reads back");
    assert_eq!(record.rule, Rule::Standard);
    assert_eq!(record.size, 15);
    assert_eq!(record.moves.len(), 3);
    assert_eq!(read_sgf(sgf).expect("read_sgf"), record);
    assert_eq!(
        (info.black.as_deref(), info.white.as_deref()),
        (Some("person"), Some("person"))
    );
    assert_eq!(info.result, Some(RecordResult::Unknown));
    assert!(info.date.is_some_and(|d| d.len() == 10), "{sgf}");

    // Against the computer: its level is in its name, and a resignation is the result.
    let g = server.create(
        r#"{"mode":"pvc","human":"white","rule":"renju","level":3,"moves":"h8","think_delay":false}"#,
    );
    let m = id(&g);
    assert_eq!(
        server.post(&format!("/api/games/{m}/resign"), "").status,
        200
    );
    let r = server.get(&format!("/api/games/{m}/export?format=sgf"));
    assert_eq!(r.status, 200, "{}", r.body);
    let (_, info) = read_sgf_with_info(&r.body).expect("the SGF export reads back");
    assert_eq!(
        (info.black.as_deref(), info.white.as_deref()),
        (Some("computer (level 3)"), Some("person")),
        "{}",
        r.body
    );
    assert_eq!(
        info.result,
        Some(RecordResult::Win {
            winner: Color::Black,
            by: WinBy::Resign
        }),
        "{}",
        r.body
    );
    assert!(r.body.contains("RE[B+R]"), "{}", r.body);

    // A record that breaks a rule is refused with the reason.
    let r = server.post("/api/import", r#"{"text":"h8h8","rule":"renju"}"#);
    assert_eq!(r.status, 422);
    assert!(
        r.json()["message"].as_str().unwrap().contains("occupied"),
        "{}",
        r.body
    );
    let r = server.post("/api/import", r#"{"text":"(;GM[4]SZ[15];B[zz])"}"#);
    assert_eq!(r.status, 422, "{}", r.body);

    // Delete: gone from the list and from the API.
    assert_eq!(server.delete(&format!("/api/games/{n}")).status, 200);
    assert_eq!(server.get(&format!("/api/games/{n}")).status, 404);
    let list = server.get("/api/games").json();
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["id"] != n));
    let demos = server.get("/api/demos").json();
    assert!(demos["demos"].as_array().unwrap().len() >= 6);
}

#[test]
fn games_survive_a_restart_move_for_move() {
    let dir = temp_dir("api-restart");
    let server = TestServer::start(&dir);
    let n = id(&server.create(r#"{"mode":"pvp","rule":"renju","size":19}"#));
    for m in ["j10", "k11", "k10", "j11", "l10"] {
        let r = server.post(
            &format!("/api/games/{n}/play"),
            &format!(r#"{{"move":"{m}"}}"#),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    server.post(&format!("/api/games/{n}/undo"), "");
    let before = server.get(&format!("/api/games/{n}")).json();
    let other =
        id(&server.create(r#"{"mode":"pvc","human":"white","level":1,"think_delay":false}"#));
    // The computer (black) opens the second game.
    server.wait_for(other, 30, |g| g["moves"].as_array().unwrap().len() == 1);
    server.stop();
    assert!(dir.join(fiveinrow_server::DB_FILE).exists());

    let server = TestServer::start(&dir);
    let after = server.get(&format!("/api/games/{n}")).json();
    assert_eq!(names(&after["moves"]), ["j10", "k11", "k10", "j11"]);
    assert_eq!(names(&after["redo"]), ["l10"]);
    for key in [
        "rule",
        "size",
        "mode",
        "to_move",
        "status",
        "created_at",
        "forbidden",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    let second = server.get(&format!("/api/games/{other}")).json();
    assert_eq!(second["moves"].as_array().unwrap().len(), 1);
    assert_eq!(second["players"]["black"], "computer");
    // Play goes on where it stopped.
    let r = server.post(&format!("/api/games/{n}/redo"), "").json();
    assert_eq!(names(&r["moves"]).len(), 5);
    let list = server.get("/api/games").json();
    assert_eq!(list["games"].as_array().unwrap().len(), 2);
}

#[test]
fn the_computer_moves_again_after_a_restart_that_stopped_its_search() {
    let dir = temp_dir("api-restart-thinking");
    let server = TestServer::start(&dir);
    // Person (white) against the computer, and computer against computer: both wait for
    // the computer when the server stops in the middle of its search.
    // Two stones on the board: level 8 thinks for seconds (the empty board's h8 comes
    // at once).
    let pvc = id(&server
        .create(r#"{"mode":"pvc","human":"white","level":8,"think_delay":false,"moves":"h8i9"}"#));
    let cvc = id(&server.create(r#"{"mode":"cvc","level":8,"think_delay":false,"moves":"h8i9"}"#));
    for g in [pvc, cvc] {
        let v = server.get(&format!("/api/games/{g}")).json();
        assert_eq!(v["thinking"], "move", "{v}");
        assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    }
    server.stop();

    let server = TestServer::start(&dir);
    // Opening the game (or its socket) finds the computer to move and nobody searching:
    // the search starts again and the move comes.
    for g in [pvc, cvc] {
        let v = server.get(&format!("/api/games/{g}")).json();
        assert_eq!(v["thinking"], "move", "resumed on load: {v}");
        server.wait_for(g, 60, |v| v["moves"].as_array().unwrap().len() > 2);
    }
    let v = server.get(&format!("/api/games/{pvc}")).json();
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        3,
        "then the person's turn"
    );
    assert_eq!(v["player_to_move"], "human");
}

#[test]
fn undo_after_a_resignation_takes_back_the_resignation_alone() {
    let server = TestServer::start(&temp_dir("api-resign-undo"));
    let n = id(&server.create(r#"{"mode":"pvp"}"#));
    for m in ["h8", "i9", "j10"] {
        server.post(
            &format!("/api/games/{n}/play"),
            &format!(r#"{{"move":"{m}"}}"#),
        );
    }
    let r = server.post(&format!("/api/games/{n}/resign"), "").json();
    assert_eq!(
        (r["status"].as_str(), r["resigned"].as_str()),
        (Some("resigned"), Some("white"))
    );
    let r = server.post(&format!("/api/games/{n}/undo"), "").json();
    assert_eq!(r["status"], "ongoing");
    assert_eq!(
        names(&r["moves"]),
        ["h8", "i9", "j10"],
        "no move taken back"
    );
    let r = server.post(&format!("/api/games/{n}/undo"), "").json();
    assert_eq!(
        names(&r["moves"]),
        ["h8", "i9"],
        "then undo takes back moves again"
    );
}

#[test]
fn computer_against_computer_pauses_and_resumes_across_a_restart() {
    let dir = temp_dir("api-pause");
    let server = TestServer::start(&dir);
    let n = id(&server.create(r#"{"mode":"cvc","level":1,"think_delay":true}"#));
    server.wait_for(n, 30, |g| g["moves"].as_array().unwrap().len() >= 2);
    let r = server.post(&format!("/api/games/{n}/pause"), r#"{"paused":true}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["paused"], true);
    let held = server.wait_for(n, 10, |g| g["thinking"].is_null());
    let count = held["moves"].as_array().unwrap().len();
    server.wait_for_searches(10, |running| running == 0);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let still = server.get(&format!("/api/games/{n}")).json();
    assert_eq!(
        still["moves"].as_array().unwrap().len(),
        count,
        "no move while paused"
    );
    server.stop();

    let server = TestServer::start(&dir);
    let g = server.get(&format!("/api/games/{n}")).json();
    assert_eq!(
        (g["paused"].as_bool(), g["thinking"].as_str()),
        (Some(true), None),
        "{g}"
    );
    let r = server
        .post(&format!("/api/games/{n}/pause"), r#"{"paused":false}"#)
        .json();
    assert_eq!(r["paused"], false);
    server.wait_for(n, 30, |g| g["moves"].as_array().unwrap().len() > count);

    // Only a game between computers pauses.
    let pvp = id(&server.create(r#"{"mode":"pvp"}"#));
    let r = server.post(&format!("/api/games/{pvp}/pause"), r#"{"paused":true}"#);
    assert_eq!(r.status, 400, "{}", r.body);
    let r = server.post(&format!("/api/games/{n}/pause"), r#"{"paused":"yes"}"#);
    assert_eq!(r.status, 422, "{}", r.body);
}

#[test]
fn an_empty_import_is_refused_and_creates_no_game() {
    let server = TestServer::start(&temp_dir("api-empty-import"));
    for text in ["", "   \n "] {
        let body = serde_json::json!({ "text": text, "mode": "pvp" }).to_string();
        let r = server.post("/api/import", &body);
        assert_eq!(r.status, 400, "{}", r.body);
        assert!(r.body.contains("nothing to import"), "{}", r.body);
    }
    let list = server.get("/api/games").json();
    assert!(list["games"].as_array().unwrap().is_empty(), "{list}");
}
