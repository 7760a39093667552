//! The cap on searches running at once, read from `GET /api/stats`: never exceeded, and
//! long searches (level 8) leave a slot to the quick ones of level 1, so that a beginner
//! game answers at once while strong searches run.

use std::time::{Duration, Instant};

use crate::support::{temp_dir, test_config, TestServer};
use serde_json::Value;

fn id(g: &Value) -> i64 {
    g["id"].as_i64().expect("game id")
}

#[test]
fn long_searches_never_exceed_the_cap_nor_starve_quick_ones() {
    let mut config = test_config(&temp_dir("searches-cap"));
    config.max_searches = 2;
    config.move_time = Duration::from_secs(8);
    let server = TestServer::with_config(config);
    let stats = server.get("/api/stats").json();
    assert_eq!(stats["searches"]["cap"], 2, "{stats}");
    assert_eq!(stats["searches"]["long_cap"], 1, "{stats}");

    // Three computer-against-computer games at full strength, past the opening so that
    // each move is a real search: one searches, two wait.
    let strong: Vec<i64> = (0..3)
        .map(|_| {
            id(&server.create(r#"{"mode":"cvc","level":8,"think_delay":false,"moves":"h8i9h10"}"#))
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(5);
    let busy = loop {
        let s = server.get("/api/stats").json();
        if s["searches"]["running"] == 1 && s["searches"]["waiting"] == 2 {
            break s;
        }
        assert!(
            Instant::now() < until,
            "the strong searches never queued: {s}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };

    // A beginner game is answered while they run: had it queued behind them, the two
    // waiting strong searches (8 s each) would have played their moves first. Counting
    // moves instead of timing the answer keeps this true on a loaded machine.
    let strong_moves = |server: &TestServer| -> usize {
        strong
            .iter()
            .map(|g| {
                server.get(&format!("/api/games/{g}")).json()["moves"]
                    .as_array()
                    .map_or(0, Vec::len)
            })
            .sum()
    };
    let before = strong_moves(&server);
    let n = id(&server.create(r#"{"mode":"pvc","level":1,"think_delay":false}"#));
    let started = Instant::now();
    let r = server.post(&format!("/api/games/{n}/play"), r#"{"move":"h8"}"#);
    assert_eq!(r.status, 200, "{}", r.body);
    server.wait_for(n, 60, |g| g["moves"].as_array().unwrap().len() == 2);
    let reply = started.elapsed();
    let after = strong_moves(&server);
    println!("level 1 answered in {reply:?} beside the level 8 searches");
    assert!(
        after <= before + 1,
        "level 1 waited behind level 8: the strong games made {} moves meanwhile; stats before: {busy}",
        after - before
    );
    // ...and a move between people needs no search slot at all.
    let p = id(&server.create(r#"{"mode":"pvp"}"#));
    let started = Instant::now();
    assert_eq!(
        server
            .post(&format!("/api/games/{p}/play"), r#"{"move":"h8"}"#)
            .status,
        200
    );
    println!("a move between people answered in {:?}", started.elapsed());

    let s = server.get("/api/stats").json();
    let searches = &s["searches"];
    assert!(searches["peak"].as_u64().unwrap() <= 2, "{s}");
    assert!(searches["started"].as_u64().unwrap() >= 2, "{s}");
    assert!(s["games_loaded"].as_u64().unwrap() >= 5, "{s}");
    for g in strong {
        assert_eq!(server.delete(&format!("/api/games/{g}")).status, 200);
    }
}
