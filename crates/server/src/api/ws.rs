//! One WebSocket per open game: the server sends the game's events (state after each
//! change, thinking on/off, search progress, hint, analysis, end) as JSON text; the page
//! sends nothing but pings.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::response::Response;
use tokio::sync::broadcast::error::RecvError;

use crate::app::App;
use crate::error::ApiError;
use crate::live::LiveGame;

pub async fn connect(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let live = app.game(&id)?;
    let limit = app.config.max_sockets_per_client;
    let ticket = app.clients.admit_socket(peer.ip(), limit)?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        run(app, live, socket).await;
        // Counted as open until here; also freed if the upgrade never completes.
        drop(ticket);
    }))
}

async fn run(app: Arc<App>, live: Arc<LiveGame>, mut socket: WebSocket) {
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
                Some(Ok(_)) => {}
            },
            _ = shutdown.changed() => break,
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}
