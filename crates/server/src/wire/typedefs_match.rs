//! The page's typedefs (`web/js/types.js`) and these structs describe the same JSON: one
//! value of each struct (and each event and refusal kind) is serialized here and its keys
//! compared with the `@property` names of the typedef of the same name, so a field added
//! or renamed on one side only fails this test.

use std::collections::{BTreeMap, BTreeSet};

use fiveinrow_engine::Score as EngineScore;
use fiveinrow_rules::notation::parse_moves;
use fiveinrow_rules::{Color, Game, Pos, Rule};
use serde::Serialize;
use serde_json::Value;

use super::*;
use crate::demos::DEMOS;
use crate::model::{GameEntry, Player, Players, Settings};
use crate::slots::SearchStats;
use crate::store::GameSummary;
use crate::view;

/// A property of a typedef: its name and its JSDoc type.
type Properties = BTreeMap<String, String>;

/// The object typedefs of types.js (those with `@property` lines), by name.
fn typedefs(source: &str) -> BTreeMap<String, Properties> {
    let mut out = BTreeMap::new();
    for block in source.split("/**").skip(1) {
        let block = block.split("*/").next().unwrap_or_default();
        let mut name = None;
        let mut props = Properties::new();
        for line in block.lines() {
            let line = line.trim().trim_start_matches('*').trim();
            if let Some(rest) = line.strip_prefix("@typedef") {
                let (_, after) = split_type(rest);
                name = after.split_whitespace().next().map(str::to_string);
            } else if let Some(rest) = line.strip_prefix("@property") {
                let (ty, after) = split_type(rest);
                let word = after.split_whitespace().next().unwrap_or_default();
                let word = word.trim_start_matches('[').trim_end_matches(']');
                let word = word.split('=').next().unwrap_or_default();
                props.insert(word.to_string(), ty.to_string());
            }
        }
        if let (Some(name), false) = (name, props.is_empty()) {
            out.insert(name, props);
        }
    }
    out
}

/// `{type} rest` -> (type, rest), braces nested.
fn split_type(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    if !s.starts_with('{') {
        return ("", s);
    }
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return (&s[1..i], &s[i + 1..]);
                }
            }
            _ => {}
        }
    }
    (s, "")
}

/// Whether a value fits the plain part of a JSDoc type: number, string, boolean, arrays
/// and `| null`; names of other typedefs and literal unions are taken as given.
fn fits(ty: &str, v: &Value) -> bool {
    let alternatives: Vec<&str> = ty.split('|').map(str::trim).collect();
    alternatives.iter().any(|t| match (*t, v) {
        ("null", Value::Null) => true,
        ("number", Value::Number(_)) => true,
        ("string", Value::String(_)) => true,
        ("boolean", Value::Bool(_)) => true,
        (t, Value::String(s)) if t.starts_with('"') => t.trim_matches('"') == s,
        (t, Value::Array(_)) if t.ends_with("[]") => true,
        (t, Value::Object(_)) => t.chars().next().is_some_and(char::is_uppercase),
        (t, Value::String(_)) => t.chars().next().is_some_and(char::is_uppercase),
        _ => false,
    })
}

fn json(v: impl Serialize) -> Value {
    serde_json::to_value(v).expect("wire values serialize")
}

/// Each variant's typedef; a new variant does not compile until it is named here.
fn event_typedef(e: &Event) -> &'static str {
    match e {
        Event::State { .. } => "StateEvent",
        Event::Thinking { .. } => "ThinkingEvent",
        Event::Info(_) => "InfoEvent",
        Event::Analysis(_) => "AnalysisEvent",
        Event::Hint { .. } => "HintEvent",
        Event::End { .. } => "EndEvent",
        Event::Error { .. } => "ErrorEvent",
        Event::Deleted => "DeletedEvent",
        Event::ReviewProgress { .. } => "ReviewProgressEvent",
        Event::Reviewed { .. } => "ReviewedEvent",
        Event::ReviewEnded { .. } => "ReviewEndedEvent",
        Event::Chat(_) => "ChatEvent",
    }
}

fn refusal_typedef(r: &Refusal) -> &'static str {
    match r {
        Refusal::OutOfBoard { .. } => "OutOfBoard",
        Refusal::Occupied { .. } => "Occupied",
        Refusal::GameOver => "GameOver",
        Refusal::Forbidden { .. } => "Forbidden",
    }
}

/// One value of every wire type, named by its typedef.
fn samples() -> Vec<(&'static str, Value)> {
    let game = Game::from_moves(Rule::Renju, 15, &parse_moves("h8i9", 15).unwrap()).unwrap();
    let entry = GameEntry {
        id: 7,
        game,
        players: Players {
            black: Player::Human,
            white: Player::Computer,
        },
        settings: Settings {
            level: 3,
            think_delay: true,
        },
        resigned: None,
        paused: false,
        opening: None,
        online: None,
        created_at: 1,
        updated_at: 2,
    };
    let game = view::game_view(&entry, Some("move"));
    let mut opening_entry = entry.clone();
    let mut o = fiveinrow_rules::opening::Opening::new(
        fiveinrow_rules::opening::OpeningRule::Soosorv8,
        Rule::Renju,
        15,
    )
    .unwrap();
    for w in ["h8", "h9", "h10", "stay", "h6", "n=2", "stay", "g8"] {
        o.act(fiveinrow_rules::opening::Action::from_word(w, 15).unwrap())
            .unwrap();
    }
    opening_entry.game = o.game().clone();
    opening_entry.opening = Some(o);
    let opening_view = view::game_view(&opening_entry, None)
        .opening
        .expect("an opening");
    let mut online_entry = entry.clone();
    let mut online = crate::online::Online::new(
        "0123456789abcdef0123456789abcdef".into(),
        Some(crate::online::clock::Clock::new(
            crate::online::clock::TimeControl::Fischer {
                main_ms: 60_000,
                increment_ms: 1_000,
            },
        )),
    );
    online.connect(Color::Black, true);
    online.take_seat(Color::Black, "00000000000000000000000000000001");
    online_entry.online = Some(online);
    let online_game = view::game_view(&online_entry, None);
    let online_view = online_game.online.clone().expect("online");
    let clock_view = online_view.clock.clone().expect("a clock");
    let chat_message = crate::wire::ChatMessage {
        color: "white",
        text: "gg".into(),
        at: 3,
    };
    let point = view::point(Pos::new(7, 7).unwrap(), 15);
    let score = view::score(EngineScore::Eval(42));
    let line = AnalysisLine {
        score: score.clone(),
        pv: vec![point.clone()],
    };
    let info = InfoEvent {
        kind: "analysis",
        mover: "black",
        depth: 4,
        seldepth: 6,
        multipv: 1,
        score: score.clone(),
        nodes: 100,
        nps: 1000,
        time_ms: 100,
        pv: vec![point.clone()],
    };
    let analysis = AnalysisEvent {
        mover: "black",
        depth: 4,
        nodes: 100,
        time_ms: 100,
        lines: vec![line.clone()],
    };
    let player = PlayerReview {
        moves: 1,
        average_loss: 0.1,
        inaccuracies: 0,
        mistakes: 1,
        blunders: 0,
    };
    let reviewed = ReviewedMove {
        number: 1,
        color: "black",
        point: point.clone(),
        best: Some(point.clone()),
        before: score.clone(),
        after: score.clone(),
        loss: 0.0,
        mark: Some("mistake"),
    };
    let review = ReviewView {
        nodes: 1000,
        created_at: 1,
        black_winrates: vec![0.5, 0.6],
        moves: vec![reviewed.clone()],
        summary: ReviewSummary {
            black: player,
            white: player,
        },
    };
    let events = [
        Event::State {
            game: Box::new(game.clone()),
        },
        Event::Thinking {
            kind: "move",
            active: true,
        },
        Event::Info(info),
        Event::Analysis(analysis),
        Event::Hint {
            point: point.clone(),
        },
        Event::End {
            result: "black",
            winner: Some("black"),
            resigned: None,
        },
        Event::Error {
            message: "no".into(),
        },
        Event::Deleted,
        Event::ReviewProgress { done: 1, total: 3 },
        Event::Reviewed {
            review: Box::new(review.clone()),
        },
        Event::ReviewEnded {
            reason: "cancelled".into(),
        },
        Event::Chat(chat_message.clone()),
    ];
    let refusals = [
        Refusal::OutOfBoard {
            x: -1,
            y: 3,
            size: 15,
        },
        Refusal::Occupied { x: 7, y: 7 },
        Refusal::GameOver,
        Refusal::Forbidden {
            forbidden: "double-three",
            x: 7,
            y: 7,
        },
    ];
    let stats = SearchStats {
        cap: 2,
        long_cap: 1,
        running: 0,
        waiting: 0,
        peak: 1,
        started: 3,
    };
    let summary = GameSummary {
        id: 7,
        created_at: 1,
        updated_at: 2,
        rule: "renju".into(),
        size: 15,
        black: "human".into(),
        white: "computer".into(),
        level: 3,
        result: "ongoing".into(),
        move_count: 2,
    };
    let mut out = vec![
        ("Point", json(&point)),
        (
            "SetupStone",
            json(SetupStone {
                at: point.clone(),
                color: "black",
            }),
        ),
        (
            "ForbiddenPoint",
            json(ForbiddenPoint {
                at: point.clone(),
                kind: "double-three",
            }),
        ),
        ("PlayersView", json(game.players)),
        ("GameView", json(&game)),
        ("OpeningView", json(&opening_view)),
        ("OnlineView", json(&online_view)),
        ("ChatMessage", json(&chat_message)),
        ("SeatOf", json(crate::wire::SeatOf { seat: "white" })),
        (
            "ServerInfo",
            json(crate::wire::ServerInfo {
                local_games: true,
                public_url: None,
            }),
        ),
        (
            "ChatLog",
            json(crate::wire::ChatLog {
                messages: vec![chat_message.clone()],
            }),
        ),
        ("SeatView", json(online_view.black)),
        ("ClockView", json(&clock_view)),
        (
            "SeatGranted",
            json(crate::wire::SeatGranted {
                game: online_game.clone(),
                seat: "black",
                token: "t".into(),
                path: "/#online=x".into(),
                link: None,
            }),
        ),
        ("Score", json(&score)),
        ("AnalysisLine", json(&line)),
        ("Demo", json(DEMOS[0])),
        ("DemoList", json(DemoList { demos: DEMOS })),
        ("GameSummary", json(&summary)),
        (
            "GameList",
            json(GameList {
                games: vec![summary],
            }),
        ),
        ("Deleted", json(Deleted { deleted: true })),
        ("HintAnswer", json(HintAnswer { hint: point })),
        ("Stopped", json(Stopped { stopped: false })),
        (
            "AnalysisStarted",
            json(AnalysisStarted {
                started: true,
                lines: 3,
            }),
        ),
        ("SearchStats", json(stats)),
        ("ReviewedMove", json(&reviewed)),
        ("PlayerReview", json(player)),
        (
            "ReviewSummary",
            json(ReviewSummary {
                black: player,
                white: player,
            }),
        ),
        ("ReviewView", json(&review)),
        (
            "ReviewState",
            json(ReviewState {
                status: "done",
                done: 0,
                total: 0,
                review: Some(review.clone()),
            }),
        ),
        (
            "Stats",
            json(Stats {
                searches: stats,
                games_loaded: 1,
                sockets_open: 0,
            }),
        ),
        (
            "ErrorBody",
            json(ErrorBody {
                error: "move_refused",
                message: "move refused".into(),
                reason: Some(Refusal::GameOver),
                limit: Some(1),
            }),
        ),
    ];
    out.extend(events.iter().map(|e| (event_typedef(e), json(e))));
    out.extend(refusals.iter().map(|r| (refusal_typedef(r), json(r))));
    out
}

#[test]
fn every_wire_struct_matches_its_typedef_in_types_js() {
    let (_, source) = crate::assets::find("js/types.js").expect("web/js/types.js is embedded");
    let source = std::str::from_utf8(source).expect("types.js is UTF-8");
    let typedefs = typedefs(source);
    assert!(typedefs.len() > 20, "types.js parsed: {typedefs:?}");
    let mut seen = BTreeSet::new();
    for (name, value) in samples() {
        assert!(seen.insert(name), "two samples for {name}");
        let props = typedefs
            .get(name)
            .unwrap_or_else(|| panic!("no @typedef {{object}} {name} in web/js/types.js"));
        let Value::Object(fields) = &value else {
            panic!("{name} is not a JSON object: {value}");
        };
        let keys: BTreeSet<&str> = fields.keys().map(String::as_str).collect();
        let names: BTreeSet<&str> = props.keys().map(String::as_str).collect();
        assert_eq!(
            keys, names,
            "{name}: the struct's keys and the typedef's @property names"
        );
        for (key, v) in fields {
            assert!(
                fits(&props[key], v),
                "{name}.{key}: {v} does not fit the typedef's {{{}}}",
                props[key]
            );
        }
    }
    let untested: Vec<&String> = typedefs
        .keys()
        .filter(|n| !seen.contains(n.as_str()))
        .collect();
    assert!(
        untested.is_empty(),
        "typedefs in web/js/types.js with no wire struct here: {untested:?}"
    );
}

#[test]
fn the_typedef_parser_reads_names_optional_properties_and_nested_types() {
    let source = "/**\n * Doc.\n * @typedef {object} A\n * @property {{ x: number }} a\n \
                  * @property {string} [b] why\n */\n/** @typedef {\"x\" | \"y\"} B */";
    let t = typedefs(source);
    assert_eq!(t.len(), 1);
    assert_eq!(t["A"]["a"], "{ x: number }");
    assert_eq!(t["A"]["b"], "string");
}
