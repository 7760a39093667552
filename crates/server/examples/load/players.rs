//! The simulated players: a person against the computer at level 1 (moves over HTTP, the
//! computer's replies read from the game's WebSocket, as the page does), computer games
//! at full strength that keep long searches running, and two people moving quickly, to
//! time moves that need no search while the computer is busy.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::http::Http;
use crate::report::Report;

/// A game against the computer is resigned past this many moves.
const MOST_MOVES: usize = 120;

/// xorshift64*: where to play.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

fn points(state: &Value, key: &str) -> Vec<(i64, i64)> {
    state[key]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p["x"].as_i64()?, p["y"].as_i64()?)))
        .collect()
}

fn move_count(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

/// Stones in a row through `p` along `(dx, dy)` if `p` held one of `stones`.
fn run_through(stones: &[(i64, i64)], p: (i64, i64), (dx, dy): (i64, i64)) -> i64 {
    let count = |sign: i64| {
        (1..5)
            .take_while(|k| stones.contains(&(p.0 + sign * k * dx, p.1 + sign * k * dy)))
            .count() as i64
    };
    1 + count(1) + count(-1)
}

/// Where a player who looks one move ahead plays: the free point near the stones that
/// makes its longest line or blocks the opponent's (the centre on an empty board). Never
/// a forbidden point the state lists, nor one in `avoid`.
fn choose(state: &Value, avoid: &[(i64, i64)], rng: &mut Rng) -> Option<(i64, i64)> {
    let size = state["size"].as_i64().unwrap_or(15);
    let moves = points(state, "moves");
    if moves.is_empty() {
        return Some((size / 2, size / 2));
    }
    // Whoever is to move played the moves of the same parity.
    let mine: Vec<_> = moves.iter().rev().skip(1).step_by(2).copied().collect();
    let theirs: Vec<_> = moves.iter().rev().step_by(2).copied().collect();
    let banned = points(state, "forbidden");
    let near = |x: i64, y: i64| {
        moves
            .iter()
            .any(|&(a, b)| (a - x).abs() <= 2 && (b - y).abs() <= 2)
    };
    let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for p in (0..size).flat_map(|y| (0..size).map(move |x| (x, y))) {
        if moves.contains(&p) || banned.contains(&p) || avoid.contains(&p) || !near(p.0, p.1) {
            continue;
        }
        let own = dirs
            .iter()
            .map(|&d| run_through(&mine, p, d))
            .max()
            .unwrap_or(1);
        let block = dirs
            .iter()
            .map(|&d| run_through(&theirs, p, d))
            .max()
            .unwrap_or(1);
        // Make five first, then stop their five, then the longer of the two lines.
        let score = 11 * own * own + 10 * block * block;
        if score > best_score {
            (best_score, best) = (score, vec![p]);
        } else if score == best_score {
            best.push(p);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len())])
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads the socket until a state with more than `after` moves, or the end of the game.
async fn reply(ws: &mut Socket, after: usize, until: Instant) -> Result<Value, String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next())
            .await
            .map_err(|_| "no reply before the deadline".to_string())?
            .ok_or("socket closed")?
            .map_err(|e| format!("socket: {e}"))?;
        let Message::Text(text) = msg else { continue };
        let event: Value = serde_json::from_str(&text).map_err(|e| format!("event: {e}"))?;
        if event["type"] == "state"
            && (move_count(&event["game"]) > after || event["game"]["over"] == true)
        {
            return Ok(event["game"].clone());
        }
    }
}

/// One person against the computer at level 1, to the end of the game (or the deadline),
/// thinking about `think` (half to one and a half times) before each move.
pub async fn beginner(
    addr: String,
    report: Arc<Report>,
    mut rng: Rng,
    think: Duration,
    until: Instant,
) {
    let mut http = Http::new(&addr);
    let setup = json!({ "mode": "pvc", "human": "black", "level": 1, "think_delay": false });
    let started = Instant::now();
    let (id, mut state) = match http.request("POST", "/api/games", &setup.to_string()).await {
        Ok((201, g)) => (g["id"].as_i64().unwrap_or(0), g),
        Ok((status, e)) => return report.error(format!("create: {status} {}", e["error"])),
        Err(e) => return report.error(format!("create: {e}")),
    };
    report.time("create game", started.elapsed());
    let started = Instant::now();
    let mut ws =
        match tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await {
            Ok((ws, _)) => ws,
            Err(e) => return report.error(format!("socket: {e}")),
        };
    report.time("open socket", started.elapsed());
    let mut avoid = Vec::new();
    while Instant::now() < until {
        if state["over"] == true {
            report.games_finished.fetch_add(1, Ordering::Relaxed);
            break;
        }
        if move_count(&state) >= MOST_MOVES {
            let _ = http
                .request("POST", &format!("/api/games/{id}/resign"), "")
                .await;
            report.games_finished.fetch_add(1, Ordering::Relaxed);
            break;
        }
        let Some((x, y)) = choose(&state, &avoid, &mut rng) else {
            return report.error(format!("game {id}: no point to play"));
        };
        let jitter = 500 + rng.below(1001) as u32;
        tokio::time::sleep(think * jitter / 1000).await;
        let started = Instant::now();
        let body = json!({ "x": x, "y": y }).to_string();
        match http
            .request("POST", &format!("/api/games/{id}/play"), &body)
            .await
        {
            Ok((200, s)) => {
                report.time("move vs level 1", started.elapsed());
                state = s;
                avoid.clear();
            }
            Ok((422, _)) => {
                report.refusals.fetch_add(1, Ordering::Relaxed);
                avoid.push((x, y));
                continue;
            }
            Ok((status, e)) => return report.error(format!("move: {status} {}", e["error"])),
            Err(e) => return report.error(format!("move: {e}")),
        }
        if state["over"] == true {
            continue;
        }
        let asked = Instant::now();
        match reply(&mut ws, move_count(&state), until).await {
            Ok(s) => {
                report.time("computer reply", asked.elapsed());
                state = s;
            }
            Err(e) if Instant::now() >= until => drop(e),
            Err(e) => return report.error(format!("reply: {e}")),
        }
    }
    let _ = ws.close(None).await;
}

/// A computer-against-computer game at full strength, past the opening so that every
/// move is a long search. Returns its id, to delete it at the end.
pub async fn strong(addr: &str, report: &Report) -> Option<i64> {
    let mut http = Http::new(addr);
    let setup = json!({ "mode": "cvc", "level": 8, "think_delay": false, "moves": "h8i9h10" });
    match http.request("POST", "/api/games", &setup.to_string()).await {
        Ok((201, g)) => g["id"].as_i64(),
        Ok((status, e)) => {
            report.error(format!("strong game: {status} {}", e["error"]));
            None
        }
        Err(e) => {
            report.error(format!("strong game: {e}"));
            None
        }
    }
}

/// Two people on one device, a move every `pause`: games resigned after 40 moves.
pub async fn people(addr: String, report: Arc<Report>, mut rng: Rng, stop: Arc<AtomicBool>) {
    let mut http = Http::new(&addr);
    let pause = Duration::from_millis(100);
    while !stop.load(Ordering::Relaxed) {
        let (id, mut state) = match http
            .request("POST", "/api/games", r#"{"mode":"pvp"}"#)
            .await
        {
            Ok((201, g)) => (g["id"].as_i64().unwrap_or(0), g),
            Ok((status, e)) => return report.error(format!("pvp create: {status} {}", e["error"])),
            Err(e) => return report.error(format!("pvp create: {e}")),
        };
        while !stop.load(Ordering::Relaxed) && state["over"] != true && move_count(&state) < 40 {
            tokio::time::sleep(pause).await;
            let Some((x, y)) = choose(&state, &[], &mut rng) else {
                break;
            };
            let started = Instant::now();
            let body = json!({ "x": x, "y": y }).to_string();
            match http
                .request("POST", &format!("/api/games/{id}/play"), &body)
                .await
            {
                Ok((200, s)) => {
                    report.time("move pvp", started.elapsed());
                    state = s;
                }
                Ok((422, _)) => {
                    report.refusals.fetch_add(1, Ordering::Relaxed);
                }
                Ok((status, e)) => {
                    return report.error(format!("pvp move: {status} {}", e["error"]))
                }
                Err(e) => return report.error(format!("pvp move: {e}")),
            }
        }
        if state["over"] != true {
            let _ = http
                .request("POST", &format!("/api/games/{id}/resign"), "")
                .await;
        }
    }
}
