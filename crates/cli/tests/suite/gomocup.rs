//! Scripted protocol sessions with the real brain binary, the way Gomocup managers and
//! Yixin-Board talk to it.

use std::time::{Duration, Instant};

use crate::common::{xy, Brain};

/// The session commands of these tests.
trait Session {
    fn ask(&mut self, line: &str) -> String;
    fn no_reply(&mut self, line: &str);
    fn trace(&mut self) -> String;
    fn end(self);
}

impl Session for Brain {
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply(Duration::from_secs(10))
    }

    /// Sends a line that must get no reply: the next line is TRACEBOARD's answer.
    fn no_reply(&mut self, line: &str) {
        self.send(line);
        self.send("TRACEBOARD");
        let l = self.any_line(Duration::from_secs(5));
        assert!(l.starts_with("MESSAGE board"), "{line} got a reply: {l}");
    }

    fn trace(&mut self) -> String {
        self.send("TRACEBOARD");
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let l = self.any_line(deadline.saturating_duration_since(Instant::now()));
            if l.starts_with("MESSAGE board") {
                return l;
            }
            assert!(
                l.starts_with("MESSAGE"),
                "unexpected reply before TRACEBOARD: {l}"
            );
        }
    }

    fn end(mut self) {
        self.send("END");
        // A hang guard (generous for a loaded machine), not a speed check.
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the brain did not exit within 10 s of END");
    }
}

#[test]
fn a_whole_game_against_a_scripted_opponent() {
    use fiveinrow_rules::{Game, Rule};
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 300");
    b.send("INFO timeout_match 100000");
    b.send("INFO rule 0");
    b.send("INFO time_left 100000");
    // The referee: every move of both sides goes through the rules core.
    let mut game = Game::new(Rule::Freestyle, 15).unwrap();
    let first = xy(&b.ask("BEGIN"));
    game.play_xy(first.0, first.1)
        .expect("the brain's first move is legal");
    // A weak opponent: the first empty point in reading order, away from the centre.
    while !game.is_over() {
        let ours = game.legal_moves()[0];
        game.play(ours).unwrap();
        if game.is_over() {
            break;
        }
        b.send(&format!(
            "INFO time_left {}",
            100000 - 300 * game.move_count()
        ));
        let reply = b.ask(&format!("TURN {},{}", ours.x(), ours.y()));
        let m = xy(&reply);
        game.play_xy(m.0, m.1)
            .unwrap_or_else(|e| panic!("brain played {reply}: {e}"));
        assert!(game.move_count() < 80, "no winner after 80 moves");
    }
    assert_eq!(
        game.status().winner(),
        Some(fiveinrow_rules::Color::Black),
        "the brain (black) wins"
    );
    b.end();
}

#[test]
fn board_with_every_field_type_and_takeback() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 200");
    b.send("BOARD");
    b.send("7,7,2");
    b.send("8,8,1");
    b.send("6,6,2");
    b.send("0,0,3");
    b.send("DONE");
    let m = xy(&b.reply(Duration::from_secs(5)));
    assert!(![(7, 7), (8, 8), (6, 6)].contains(&m));
    // The marker (field 3) is no stone; we are white here (black has one more stone).
    let t = b.trace();
    assert!(t.contains("tomove black"), "{t}");
    assert!(!t.contains("0,0"), "{t}");
    assert_eq!(b.ask(&format!("TAKEBACK {},{}", m.0, m.1)), "OK");
    let t = b.trace();
    assert!(t.contains("tomove white"), "{t}");
    assert!(b.ask("TAKEBACK 1,1").starts_with("ERROR"));
    b.end();
}

/// YXSTOP ends a search that would otherwise think for a minute: the answer comes long
/// before the turn is over. The wait is a hang guard, not a speed check; the time taken is
/// printed.
#[test]
fn stop_while_thinking_answers_at_once() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 60000");
    b.send("INFO time_left 2147483647");
    b.send("TURN 7,7");
    // The search has started once it reports a depth.
    b.wait_for("MESSAGE Depth", Duration::from_secs(30));
    let t = Instant::now();
    b.send("YXSTOP");
    let r = b.reply(Duration::from_secs(30));
    println!("answered {:?} after YXSTOP (turn: 60 s)", t.elapsed());
    let m = xy(&r);
    assert_ne!(m, (7, 7));
    b.end();
}

#[test]
fn end_while_thinking_exits() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 60000");
    b.send("TURN 7,7");
    b.wait_for("MESSAGE Depth", Duration::from_secs(30));
    b.end();
}

#[test]
fn swap2board() {
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 300");
    b.send("SWAP2BOARD");
    b.send("DONE");
    let r = b.reply(Duration::from_secs(5));
    let stones: Vec<_> = r.split_whitespace().map(xy).collect();
    assert_eq!(stones.len(), 3, "{r}");
    b.send("SWAP2BOARD");
    for s in ["7,7", "8,7", "8,10"] {
        b.send(s);
    }
    b.send("DONE");
    let r = b.reply(Duration::from_secs(5));
    assert!(
        r == "SWAP" || r.split_whitespace().all(|t| t.contains(',')),
        "{r}"
    );
    b.send("SWAP2BOARD");
    for s in ["7,7", "8,7", "8,10", "6,6", "9,9"] {
        b.send(s);
    }
    b.send("DONE");
    let r = b.reply(Duration::from_secs(5));
    assert!(r == "SWAP" || xy(&r) != (7, 7), "{r}");
    assert!(b.ask("SWAP2BOARD\r\n1,1\r\nDONE").starts_with("ERROR"));
    b.end();
}

#[test]
fn yxshowforbid_on_renju_cases() {
    let text = fiveinrow_testkit::read_data("renju-cases.txt");
    let mut b = Brain::start();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO rule 4");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("B:")) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        if !fields[3].starts_with("all") {
            continue;
        }
        let black: Vec<&str> = fields[0]
            .trim_start_matches("B:")
            .split_whitespace()
            .collect();
        let white: Vec<&str> = fields[1]
            .trim_start_matches("W:")
            .split_whitespace()
            .collect();
        // Black as our stones (1), white as the opponent's (2): black has more stones, so
        // it is black.
        if black.len() < white.len() {
            continue;
        }
        b.send("YXBOARD");
        for s in &black {
            b.send(&format!("{s},1"));
        }
        for s in &white {
            b.send(&format!("{s},2"));
        }
        b.send("DONE");
        let r = b.ask("YXSHOWFORBID");
        let mut expected: Vec<(u32, u32)> = if fields[2] == "-" {
            Vec::new()
        } else {
            fields[2]
                .split_whitespace()
                .map(|t| {
                    let (p, _) = t.split_once(':').unwrap();
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        };
        expected.sort_by_key(|&(x, y)| (y, x));
        let want: String = expected
            .iter()
            .map(|(x, y)| format!("{x:02}{y:02}"))
            .collect();
        assert_eq!(r, format!("FORBID {want}."), "{line}");
        checked += 1;
    }
    assert!(checked >= 15, "checked {checked}");
    b.end();
}

#[test]
fn malformed_lines_get_errors_and_change_nothing() {
    let mut b = Brain::start();
    assert!(b.ask("TURN 7,7").starts_with("ERROR"), "before START");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 100");
    let _ = b.ask("TURN 7,7");
    let before = b.trace();
    for bad in [
        "TURN",
        "TURN 7",
        "TURN a,b",
        "TURN 7,7",
        "TURN 15,3",
        "TURN -1,0",
        "TURN 99999999999999999999,1",
        "START 4",
        "START 30",
        "START x",
        "RECTSTART 15,20",
        "TAKEBACK 3,3",
        "TAKEBACK x",
        "YXNBEST 0",
        "BEGIN",
        "BEGIN now",
    ] {
        let r = b.ask(bad);
        assert!(r.starts_with("ERROR"), "{bad} -> {r}");
        assert_eq!(b.trace(), before, "after {bad}");
    }
    // A bad body line spoils the whole body; nothing changes.
    b.send("BOARD");
    b.send("7,7,1");
    b.send("7,x,2");
    b.send("DONE");
    assert!(b.reply(Duration::from_secs(5)).starts_with("ERROR"));
    assert_eq!(b.trace(), before);
    b.send("BOARD");
    b.send("7,7,1");
    b.send("7,7,2");
    b.send("DONE");
    assert!(
        b.reply(Duration::from_secs(5)).starts_with("ERROR"),
        "overlap"
    );
    assert_eq!(b.trace(), before);
    assert!(b.ask("FROBNICATE 1 2").starts_with("UNKNOWN"));
    assert!(b.ask("ABOUT").contains("name=\"FiveInRow\""));
    assert_eq!(b.trace(), before);
    b.no_reply("INFO nonsense_key 5");
    b.end();
}

#[test]
fn yixin_extensions() {
    let mut b = Brain::start();
    assert_eq!(b.ask("start 15"), "OK");
    b.send("info timeout_turn 300");
    b.send("yxshowinfo");
    assert!(b
        .any_line(Duration::from_secs(5))
        .starts_with("MESSAGE INFO MAX_THREAD_NUM"));
    assert!(b
        .any_line(Duration::from_secs(5))
        .starts_with("MESSAGE INFO MAX_HASH_SIZE"));
    b.send("yxboard");
    b.send("7,7,2");
    b.send("8,8,1");
    b.send("done");
    // Blocked moves are never chosen.
    b.send("YXBLOCK");
    b.send("7,8");
    b.send("8,7");
    b.send("6,6");
    b.send("9,9");
    b.send("DONE");
    b.send("YXNBEST 3");
    let mut nbest = 0;
    let mv = loop {
        let l = b.any_line(Duration::from_secs(10));
        if l.starts_with("MESSAGE NBEST") {
            nbest += 1;
        } else if !l.starts_with("MESSAGE") {
            break xy(&l);
        }
    };
    assert_eq!(nbest, 3);
    assert!(
        ![(7, 8), (8, 7), (6, 6), (9, 9), (7, 7), (8, 8)].contains(&mv),
        "{mv:?}"
    );
    b.send("YXBLOCKRESET");
    b.send("YXHASHCLEAR");
    assert!(b.trace().contains("blocked 0"));
    b.end();
}
