//! Opening rules over the API: the steps' refusals with their reasons, and a whole
//! computer-against-computer game under each rule whose record replays.

use crate::support::{temp_dir, TestServer};
use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::record::read_sgf_with_info;
use serde_json::Value;

fn play(server: &TestServer, n: i64, point: &str) -> (u16, Value) {
    let r = server.post(
        &format!("/api/games/{n}/play"),
        &format!(r#"{{"move":"{point}"}}"#),
    );
    (r.status, r.json())
}

fn decide(server: &TestServer, n: i64, word: &str) -> (u16, Value) {
    let r = server.post(
        &format!("/api/games/{n}/opening"),
        &format!(r#"{{"decision":"{word}"}}"#),
    );
    (r.status, r.json())
}

#[test]
fn taraguchi_and_soosorv_refuse_what_their_rules_refuse() {
    let server = TestServer::start(&temp_dir("opening-refusals"));
    let g = server.create(r#"{"mode":"pvp","opening":"taraguchi10"}"#);
    let n = g["id"].as_i64().unwrap();
    assert_eq!(g["opening"]["step"], "place");
    assert_eq!(g["opening"]["area"], 1);
    let (status, e) = play(&server, n, "h9");
    assert_eq!(status, 422, "{e}");
    assert_eq!(e["error"], "opening_refused");
    assert!(
        e["message"].as_str().unwrap().contains("central 1x1"),
        "{e}"
    );
    assert_eq!(play(&server, n, "h8").0, 200);
    assert_eq!(decide(&server, n, "stay").1["opening"]["step"], "place");
    let (status, e) = play(&server, n, "k8");
    assert_eq!(status, 422, "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("central 3x3"),
        "{e}"
    );
    let (status, v) = play(&server, n, "i9");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    assert_eq!(decide(&server, n, "maybe").0, 400);

    let g = server.create(r#"{"mode":"pvp","opening":"soosorv8"}"#);
    let n = g["id"].as_i64().unwrap();
    for step in ["h8", "h9", "h10"] {
        assert_eq!(play(&server, n, step).0, 200, "{step}");
    }
    for word in ["stay", "h6", "n=2", "stay", "g8"] {
        let (status, v) = decide(&server, n, word);
        assert_eq!(status, 200, "{word}: {v}");
    }
    // All four stones on the h file: i8 mirrors g8.
    let (status, e) = play(&server, n, "i8");
    assert_eq!(status, 422, "{e}");
    assert!(e["message"].as_str().unwrap().contains("symmetry"), "{e}");
    let v = server.get(&format!("/api/games/{n}")).json();
    assert_eq!(v["opening"]["step"], "offer");
    assert_eq!(v["opening"]["offers"][0]["name"], "g8");

    // Refused at creation: an unknown rule, or one not played under the board's rule.
    for body in [
        r#"{"mode":"pvp","opening":"swap9"}"#,
        r#"{"mode":"pvp","opening":"swap2","rule":"renju"}"#,
    ] {
        assert_eq!(server.post("/api/games", body).status, 400, "{body}");
    }
}

#[test]
fn computer_against_computer_plays_every_opening_rule_to_a_finished_game() {
    let server = TestServer::start(&temp_dir("opening-cvc"));
    for (opening, rule) in [
        ("swap1", "renju"),
        ("swap2", "freestyle"),
        ("soosorv8", "renju"),
        ("taraguchi10", "renju"),
    ] {
        let g = server.create(&format!(
            r#"{{"mode":"cvc","level":1,"think_delay":false,"opening":"{opening}","rule":"{rule}"}}"#
        ));
        let n = g["id"].as_i64().unwrap();
        let done = server.wait_for(n, 180, |v| v["over"] == true);
        assert_eq!(done["opening"]["step"], "done", "{opening}: {done}");
        let sgf = server
            .get(&format!("/api/games/{n}/export?format=sgf"))
            .body;
        let (record, info) = read_sgf_with_info(&sgf).unwrap_or_else(|e| panic!("{e}: {sgf}"));
        let game = record.to_game().expect("the record replays");
        assert!(game.is_over(), "{opening}: {sgf}");
        let text = info
            .opening
            .unwrap_or_else(|| panic!("{opening}: no OPENING in {sgf}"));
        assert!(text.starts_with(opening), "{text}");
        let replayed = Opening::from_record(&text, record.rule, record.size).expect("replays");
        assert!(replayed.is_done());
        assert!(
            record.moves.starts_with(&replayed.game().moves()),
            "{opening}"
        );
        // Imported again, the game keeps its opening's decisions and all its moves.
        let back = import(&server, &sgf);
        assert_eq!(back["opening"]["record"], text.as_str(), "{opening}");
        assert_eq!(back["opening"]["step"], "done");
        assert_eq!(back["moves"].as_array().unwrap().len(), record.moves.len());
    }
}

fn import(server: &TestServer, text: &str) -> Value {
    let body = serde_json::json!({ "text": text, "mode": "pvp" }).to_string();
    let r = server.post("/api/import", &body);
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

#[test]
fn an_imported_game_goes_on_with_its_opening_where_it_stood() {
    let server = TestServer::start(&temp_dir("opening-import"));
    let g = server.create(r#"{"mode":"pvp","opening":"taraguchi10"}"#);
    let n = g["id"].as_i64().unwrap();
    assert_eq!(play(&server, n, "h8").0, 200);
    assert_eq!(decide(&server, n, "swap").0, 200);
    let sgf = server
        .get(&format!("/api/games/{n}/export?format=sgf"))
        .body;
    let back = import(&server, &sgf);
    assert_eq!(back["opening"]["record"], "taraguchi10 h8 swap", "{back}");
    assert_eq!(back["opening"]["step"], "place");
    assert_eq!(back["opening"]["area"], 3);
    // An opening that does not match the moves is refused with its reason.
    let forged = sgf.replace("taraguchi10 h8 swap", "taraguchi10 h8 swap i9");
    let r = server.post(
        "/api/import",
        &serde_json::json!({ "text": forged, "mode": "pvp" }).to_string(),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("opening"), "{}", r.body);
}
