//! One WebSocket per open game: the server sends the game's events (state after each
//! change, thinking on/off, search progress, hint, analysis, end) as JSON text. The page
//! sends nothing but pings, except in an online game, where a player's page sends
//! `{"seat": TOKEN}` once so that the seat shows as connected while the socket is open.
//! A socket opened from a page of another site (its `Origin` is not this server) is
//! refused: another site must not watch or act with a visitor's browser.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::Response;
use fiveinrow_rules::Color;
use tokio::sync::broadcast::error::RecvError;

use super::client::ClientIp;
use crate::app::App;
use crate::error::ApiError;
use crate::live::LiveGame;
use crate::rate::Kind;

pub async fn connect(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    let live = app.game(&id)?;
    open(app, live, ip, upgrade)
}

/// `GET /api/online/{id}/ws`.
pub async fn connect_online(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    app.rate(Kind::Socket, &ip.to_string())?;
    let live = app.online_game(&id)?;
    open(app, live, ip, upgrade)
}

fn open(
    app: Arc<App>,
    live: Arc<LiveGame>,
    ip: IpAddr,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let limit = app.config.max_sockets_per_client;
    let ticket = app.clients.admit_socket(ip, limit)?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        run(app, live, socket).await;
        // Counted as open until here; also freed if the upgrade never completes.
        drop(ticket);
    }))
}

/// Refuses a socket whose `Origin` names another host than the one it was opened on.
/// Programs that send no `Origin` (the load tool, tests) are not browsers of another
/// site and are let in.
fn check_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    match (origin_host, host) {
        (Some(o), Some(h)) if o.eq_ignore_ascii_case(h) => Ok(()),
        _ => Err(ApiError::ForeignOrigin),
    }
}

async fn run(app: Arc<App>, live: Arc<LiveGame>, mut socket: WebSocket) {
    // The seat this socket showed, if any: connected until it closes.
    let mut seat: Option<Color> = None;
    let mut events = live.subscribe();
    let mut shutdown = app.shutdown.subscribe();
    // The state first, so that a page that (re)connects is up to date.
    let hello = {
        let st = live.lock();
        st.state_event().to_text()
    };
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text,
                    // Too far behind: a fresh state replaces the missed events.
                    Err(RecvError::Lagged(_)) => {
                        live.lock().state_event().to_text()
                    }
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(Message::Text(text))) if seat.is_none() => {
                    seat = show_seat(&app, &live, &text);
                }
                Some(Ok(_)) => {}
            },
            _ = shutdown.changed() => break,
        }
    }
    if let Some(colour) = seat {
        let mut st = live.lock();
        if let Some(o) = st.entry.online.as_mut() {
            o.connect(colour, false);
            app.announce(&live, &mut st);
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// `{"seat": TOKEN}` from a player's page: its seat shows as connected. Anything else
/// (a wrong token, another message) is ignored.
fn show_seat(app: &Arc<App>, live: &Arc<LiveGame>, text: &str) -> Option<Color> {
    #[derive(serde::Deserialize)]
    struct Hello {
        seat: String,
    }
    let hello: Hello = serde_json::from_str(text).ok()?;
    let mut st = live.lock();
    let o = st.entry.online.as_mut()?;
    let colour = o.seat_of(&hello.seat)?;
    o.connect(colour, true);
    app.announce(live, &mut st);
    Some(colour)
}
