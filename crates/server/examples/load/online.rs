//! Online games under load (`--online N`): N games between two simulated people, each
//! with its own kept-alive HTTP connection and its own WebSocket (2N sockets), playing
//! random legal moves near the centre at a human pace with bursts of quick moves. For
//! every move the time from sending it to the opponent's socket receiving the state
//! with it is measured ("move to opponent"); a move the opponent's socket never shows,
//! or shows out of order, is an error, and each game's final move list must be the one
//! played.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use crate::http::Http;
use crate::players::Rng;
use crate::report::Report;

/// How long a move may take to reach the opponent before it counts as lost.
const LOST_AFTER: Duration = Duration::from_secs(10);

/// What a player's socket saw: the number of moves of each state, in order.
struct Seen {
    moves: usize,
    at: Instant,
}

/// Opens a seat's socket and shows its token; reports every state's move count.
async fn socket(
    addr: &str,
    id: &str,
    token: &str,
    report: Arc<Report>,
) -> Result<
    (
        mpsc::UnboundedReceiver<Seen>,
        tokio::sync::oneshot::Sender<()>,
    ),
    String,
> {
    let url = format!("ws://{addr}/api/online/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| format!("socket: {e}"))?;
    let hello = serde_json::json!({ "seat": token }).to_string();
    ws.send(Message::Text(hello.into()))
        .await
        .map_err(|e| format!("socket hello: {e}"))?;
    let (tx, rx) = mpsc::unbounded_channel();
    let (close, mut closed) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        let mut last = 0usize;
        loop {
            let msg = tokio::select! {
                m = ws.next() => match m {
                    Some(Ok(m)) => m,
                    _ => break,
                },
                _ = &mut closed => {
                    let _ = ws.close(None).await;
                    break;
                }
            };
            let Message::Text(text) = msg else { continue };
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                report.error("online: an event that is not JSON".into());
                continue;
            };
            if v["type"] != "state" {
                continue;
            }
            let n = v["game"]["moves"].as_array().map_or(0, Vec::len);
            if n > last + 1 {
                report.error(format!("online: a state skipped from {last} to {n} moves"));
            }
            if n < last {
                report.error(format!("online: moves went back from {last} to {n}"));
            }
            last = n;
            if tx
                .send(Seen {
                    moves: n,
                    at: Instant::now(),
                })
                .is_err()
            {
                break;
            }
        }
    });
    Ok((rx, close))
}

/// Waits until `rx` reports a state with `n` moves; when it arrived.
async fn wait_moves(rx: &mut mpsc::UnboundedReceiver<Seen>, n: usize) -> Option<Instant> {
    let deadline = tokio::time::Instant::now() + LOST_AFTER;
    loop {
        let seen = tokio::time::timeout_at(deadline, rx.recv()).await.ok()??;
        if seen.moves >= n {
            return Some(seen.at);
        }
    }
}

/// One online game from creation to `moves` moves (or the end of the game, or `until`).
pub async fn game(addr: String, report: Arc<Report>, mut rng: Rng, moves: usize, until: Instant) {
    if let Err(e) = play(&addr, &report, &mut rng, moves, until).await {
        report.error(format!("online: {e}"));
    }
}

async fn play(
    addr: &str,
    report: &Arc<Report>,
    rng: &mut Rng,
    moves: usize,
    until: Instant,
) -> Result<(), String> {
    let mut http = [Http::new(addr), Http::new(addr)];
    let (status, made) = http[0]
        .request(
            "POST",
            "/api/online",
            r#"{"rule":"freestyle","color":"black"}"#,
        )
        .await?;
    if status != 201 {
        return Err(format!("create: {status} {made}"));
    }
    let id = made["game"]["online"]["public_id"]
        .as_str()
        .ok_or("no public id")?
        .to_string();
    let black = made["token"].as_str().ok_or("no token")?.to_string();
    let (status, joined) = http[1]
        .request("POST", &format!("/api/online/{id}/join"), "")
        .await?;
    if status != 200 {
        return Err(format!("join: {status} {joined}"));
    }
    let white = joined["token"].as_str().ok_or("no token")?.to_string();
    let tokens = [black, white];
    let (mut seen, closers): (Vec<_>, Vec<_>) = [
        socket(addr, &id, &tokens[0], report.clone()).await?,
        socket(addr, &id, &tokens[1], report.clone()).await?,
    ]
    .into_iter()
    .unzip();
    let mut taken: Vec<(i64, i64)> = Vec::new();
    for n in 0..moves {
        if Instant::now() >= until {
            break;
        }
        let side = n % 2;
        // A person's pace: one to three seconds, with bursts of quick replies.
        let think = if rng.below(5) == 0 {
            50 + rng.below(150)
        } else {
            1_000 + rng.below(2_000)
        };
        tokio::time::sleep(Duration::from_millis(think as u64)).await;
        let (x, y) = loop {
            let p = (3 + rng.below(9) as i64, 3 + rng.below(9) as i64);
            if !taken.contains(&p) {
                break p;
            }
        };
        let sent = Instant::now();
        let (status, g) = http[side]
            .request_as(
                "POST",
                &format!("/api/online/{id}/play"),
                &format!(r#"{{"x":{x},"y":{y}}}"#),
                Some(&tokens[side]),
            )
            .await?;
        if status != 200 {
            return Err(format!("move {}: {status} {g}", n + 1));
        }
        report.time("online move (answer)", sent.elapsed());
        taken.push((x, y));
        match wait_moves(&mut seen[1 - side], n + 1).await {
            Some(at) => report.time("move to opponent", at.duration_since(sent)),
            None => report.error(format!("online: move {} never reached the opponent", n + 1)),
        }
        if g["over"] == true {
            report
                .games_finished
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            break;
        }
    }
    // The game ends (a resignation if no five came): finished games leave memory.
    let (status, _) = http[1]
        .request_as(
            "POST",
            &format!("/api/online/{id}/resign"),
            "",
            Some(&tokens[1]),
        )
        .await?;
    if status != 200 && status != 422 {
        return Err(format!("resign: {status}"));
    }
    // The game as the server keeps it: exactly the moves played, in order.
    let (status, g) = http[0]
        .request("GET", &format!("/api/online/{id}"), "")
        .await?;
    if status != 200 {
        return Err(format!("get: {status}"));
    }
    let kept: Vec<(i64, i64)> = g["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .map(|p| (p["x"].as_i64().unwrap_or(-1), p["y"].as_i64().unwrap_or(-1)))
        .collect();
    if kept != taken {
        report.error(format!(
            "online: the server kept {} moves, {} were played",
            kept.len(),
            taken.len()
        ));
    }
    // The players leave: their sockets close.
    for c in closers {
        let _ = c.send(());
    }
    Ok(())
}
