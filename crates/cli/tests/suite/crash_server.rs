//! `fiveinrow serve` killed without warning (SIGKILL) at random moments while several
//! players make moves (against the computer, on one device, and online with seat tokens),
//! then started again on the same data folder, several times over: every move the
//! server acknowledged (a whole 200 answer received) is still there, and the SQLite
//! database passes `PRAGMA integrity_check` after every kill.
//!
//! The kill moments come from a seed printed at the start; `FIVEINROW_SEED=N`
//! replays a run.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::web_support::{temp_dir, ServeProcess};
use serde_json::Value;

const ROUNDS: usize = 6;
const PLAYERS: usize = 4;
/// A game is resigned for a new one after this many moves (more games, more inserts).
const MOVES_PER_GAME: usize = 30;

/// xorshift64*: enough to spread kill moments and moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One request on a fresh connection. Any failure (the server died) is an error; a 200
/// counts only if its whole JSON body arrived.
fn request(addr: &str, method: &str, path: &str, body: &str) -> std::io::Result<(u16, Value)> {
    request_as(addr, method, path, body, None)
}

/// A request with an online game's seat token.
fn request_as(
    addr: &str,
    method: &str,
    path: &str,
    body: &str,
    seat: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    let seat = seat.map_or(String::new(), |t| format!("X-Seat-Token: {t}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n{seat}\r\n{body}",
        body.len()
    )?;
    let mut raw = String::new();
    s.read_to_string(&mut raw)?;
    let broken = || std::io::Error::other(format!("a cut answer: {raw:?}"));
    let (head, rest) = raw.split_once("\r\n\r\n").ok_or_else(broken)?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(broken)?;
    let json = serde_json::from_str(rest).map_err(|_| broken())?;
    Ok((status, json))
}

/// The moves of a game state, as names.
fn names(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|ms| {
            ms.iter()
                .filter_map(|m| m["name"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What the server has acknowledged about one game.
#[derive(Debug, Clone)]
struct Acked {
    moves: Vec<String>,
    /// Moves that may have landed after the last acknowledged answer: one person's move
    /// in flight, plus the computer's reply in a game against it.
    slack: usize,
}

#[derive(Default)]
struct Shared {
    /// By the path that reads the game (`/api/games/7`, `/api/online/ID`).
    games: Mutex<HashMap<String, Acked>>,
    /// Answers no crash explains (a 500, a wrong state): the test fails on any.
    faults: Mutex<Vec<String>>,
    acked_moves: AtomicUsize,
}

impl Shared {
    fn ack(&self, id: &str, moves: Vec<String>, slack: usize) {
        let mut games = self.games.lock().unwrap();
        if let Some(old) = games.get(id) {
            if !moves.starts_with(&old.moves) {
                self.fault(format!(
                    "game {id}: {moves:?} does not extend {:?}",
                    old.moves
                ));
            }
        }
        games.insert(id.to_string(), Acked { moves, slack });
        self.acked_moves.fetch_add(1, Ordering::Relaxed);
    }

    fn fault(&self, what: String) {
        self.faults.lock().unwrap().push(what);
    }
}

/// Plays games until the server dies: between people (`vs_computer` false) or against
/// the computer at level 1.
fn player(addr: String, shared: Arc<Shared>, vs_computer: bool, mut rng: Rng) {
    let create = if vs_computer {
        r#"{"mode":"pvc","human":"black","level":1,"think_delay":false,"rule":"freestyle"}"#
    } else {
        r#"{"mode":"pvp","rule":"freestyle"}"#
    };
    let slack = if vs_computer { 2 } else { 1 };
    loop {
        let Ok((status, game)) = request(&addr, "POST", "/api/games", create) else {
            return;
        };
        if status != 201 {
            shared.fault(format!("create answered {status}: {game}"));
            return;
        }
        let Some(id) = game["id"].as_i64() else {
            shared.fault(format!("no id in {game}"));
            return;
        };
        let read = format!("/api/games/{id}");
        shared.ack(&read, Vec::new(), slack);
        let mut state = game;
        while state["status"] == "ongoing" && names(&state).len() < MOVES_PER_GAME {
            let taken: Vec<(i64, i64)> = state["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| Some((m["x"].as_i64()?, m["y"].as_i64()?)))
                .collect();
            let (x, y) = loop {
                let p = (rng.below(15) as i64, rng.below(15) as i64);
                if !taken.contains(&p) {
                    break p;
                }
            };
            let body = format!(r#"{{"x":{x},"y":{y}}}"#);
            let Ok((status, answer)) =
                request(&addr, "POST", &format!("/api/games/{id}/play"), &body)
            else {
                return;
            };
            if status != 200 {
                shared.fault(format!(
                    "game {id}: move {x},{y} answered {status}: {answer}"
                ));
                return;
            }
            shared.ack(&read, names(&answer), slack);
            state = answer;
            if vs_computer {
                // Wait for the computer's reply; each state read is acknowledged too.
                while state["status"] == "ongoing" && state["player_to_move"] == "computer" {
                    std::thread::sleep(Duration::from_millis(5));
                    let Ok((status, now)) = request(&addr, "GET", &format!("/api/games/{id}"), "")
                    else {
                        return;
                    };
                    if status != 200 {
                        shared.fault(format!("game {id}: read answered {status}: {now}"));
                        return;
                    }
                    shared.ack(&read, names(&now), slack);
                    state = now;
                }
            }
        }
        // Resigned, so that it stops counting against this client's games in play.
        if state["status"] == "ongoing" {
            let path = format!("/api/games/{id}/resign");
            match request(&addr, "POST", &path, "") {
                Ok((200, _)) => {}
                Ok((status, answer)) => {
                    shared.fault(format!("game {id}: resign answered {status}: {answer}"));
                    return;
                }
                Err(_) => return,
            }
        }
    }
}

/// Plays online games (two seats, their tokens) until the server dies.
fn online_player(addr: String, shared: Arc<Shared>, mut rng: Rng) {
    loop {
        let Ok((status, made)) = request(&addr, "POST", "/api/online", r#"{"color":"black"}"#)
        else {
            return;
        };
        if status != 201 {
            shared.fault(format!("online create answered {status}: {made}"));
            return;
        }
        let id = made["game"]["online"]["public_id"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let read = format!("/api/online/{id}");
        let Ok((status, joined)) = request(&addr, "POST", &format!("{read}/join"), "") else {
            return;
        };
        if status != 200 {
            shared.fault(format!("join answered {status}: {joined}"));
            return;
        }
        let tokens = [
            made["token"].as_str().unwrap_or_default().to_string(),
            joined["token"].as_str().unwrap_or_default().to_string(),
        ];
        shared.ack(&read, Vec::new(), 1);
        let mut taken: Vec<(u64, u64)> = Vec::new();
        for n in 0..MOVES_PER_GAME {
            let p = loop {
                let p = (rng.below(15), rng.below(15));
                if !taken.contains(&p) {
                    break p;
                }
            };
            let body = format!(r#"{{"x":{},"y":{}}}"#, p.0, p.1);
            let Ok((status, answer)) = request_as(
                &addr,
                "POST",
                &format!("{read}/play"),
                &body,
                Some(&tokens[n % 2]),
            ) else {
                return;
            };
            if status != 200 {
                shared.fault(format!("{read}: move answered {status}: {answer}"));
                return;
            }
            shared.ack(&read, names(&answer), 1);
            taken.push(p);
            if answer["over"] == true {
                break;
            }
            // Within the server's rate limit for one seat (two moves a second).
            std::thread::sleep(Duration::from_millis(300));
        }
    }
}

/// After a kill: the database file is whole.
fn check_integrity(data_dir: &Path) {
    let conn = rusqlite::Connection::open(data_dir.join("games.sqlite3")).expect("open database");
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity_check");
    assert_eq!(check, "ok", "the database is damaged");
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("journal_mode");
    assert_eq!(mode, "wal");
}

/// After a restart: every acknowledged move is there, and at most the unacknowledged
/// slack beyond it. What the server has now becomes the acknowledged state.
fn check_games(server: &ServeProcess, shared: &Shared) -> usize {
    let mut games = shared.games.lock().unwrap();
    for (id, acked) in games.iter_mut() {
        let (status, state) = request(&server.addr, "GET", id, "")
            .unwrap_or_else(|e| panic!("game {id} after restart: {e}"));
        assert_eq!(status, 200, "game {id} lost after restart: {state}");
        let kept = names(&state);
        assert!(
            kept.starts_with(&acked.moves),
            "game {id}: acknowledged {:?}, kept {kept:?}",
            acked.moves
        );
        assert!(
            kept.len() <= acked.moves.len() + acked.slack,
            "game {id}: acknowledged {:?}, kept more than could be in flight: {kept:?}",
            acked.moves
        );
        acked.moves = kept;
    }
    games.len()
}

#[test]
fn acknowledged_moves_survive_sigkill_and_the_database_stays_whole() {
    let seed = crate::common::test_seed();
    let mut rng = Rng(seed);
    let dir = temp_dir("crash-serve");
    let shared = Arc::new(Shared::default());
    for round in 0..ROUNDS {
        let mut server = ServeProcess::start(&dir);
        let before = shared.acked_moves.load(Ordering::Relaxed);
        let players: Vec<_> = (0..PLAYERS)
            .map(|k| {
                let (addr, shared) = (server.addr.clone(), shared.clone());
                let rng = Rng(rng.next() | 1);
                // One player of four plays the computer, whose moves are saved off the
                // request path; one plays online games with seat tokens.
                std::thread::spawn(move || match k {
                    1 => online_player(addr, shared, rng),
                    _ => player(addr, shared, k == 0, rng),
                })
            })
            .collect();
        // Kill at a random moment once play is under way.
        let started = Instant::now();
        while shared.acked_moves.load(Ordering::Relaxed) == before {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "no move in round {round}"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(50 + rng.below(600)));
        server.child.kill().expect("SIGKILL the server");
        server.child.wait().expect("reap the server");
        for p in players {
            p.join().expect("a player thread panicked");
        }
        let faults = shared.faults.lock().unwrap().clone();
        assert!(faults.is_empty(), "round {round}: {faults:#?}");

        check_integrity(&dir);
        let server = ServeProcess::start(&dir);
        let games = check_games(&server, &shared);
        println!(
            "round {round}: killed after {:?}, {} answers acknowledged, {games} games checked",
            started.elapsed(),
            shared.acked_moves.load(Ordering::Relaxed) - before
        );
    }
    assert!(shared.acked_moves.load(Ordering::Relaxed) >= ROUNDS * 5);
}
