//! The HTTP side: the JSON API under `/api`, the WebSocket per game, and the page.

mod client;
mod games;
mod headers;
mod json;
mod online;
mod requests;
mod ws;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::app::App;
use crate::assets;
use crate::error::ApiError;

pub fn router(app: Arc<App>) -> Router {
    let limit = app.config.max_body_bytes;
    // This machine's own games: private to it when the server is exposed.
    let local = Router::new()
        .route("/api/games", get(games::list).post(games::create))
        .route("/api/import", post(games::import))
        .route("/api/games/{id}", get(games::get).delete(games::delete))
        .route("/api/games/{id}/play", post(games::play))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/redo", post(games::redo))
        .route("/api/games/{id}/hint", post(games::hint))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/stop", post(games::stop))
        .route("/api/games/{id}/analyse", post(games::analyse))
        .route("/api/games/{id}/export", get(games::export))
        .route("/api/games/{id}/pause", post(games::pause))
        .route("/api/games/{id}/opening", post(games::decide))
        .route(
            "/api/games/{id}/review",
            get(games::review).post(games::start_review),
        )
        .route("/api/games/{id}/review/cancel", post(games::cancel_review))
        .route("/api/games/{id}/ws", get(ws::connect))
        .route_layer(axum::middleware::from_fn_with_state(
            app.clone(),
            client::local_games_only,
        ));
    Router::new()
        .merge(local)
        .route("/api/server", get(games::server_info))
        .route("/api/demos", get(games::demos))
        .route("/api/stats", get(games::stats))
        .route("/api/online", post(online::create))
        .route("/api/online/{id}", get(online::get))
        .route("/api/online/{id}/join", post(online::join))
        .route("/api/online/{id}/seat", get(online::seat))
        .route("/api/online/{id}/play", post(online::play))
        .route("/api/online/{id}/opening", post(online::decide))
        .route("/api/online/{id}/resign", post(online::resign))
        .route("/api/online/{id}/undo", post(online::request_undo))
        .route("/api/online/{id}/undo/answer", post(online::answer_undo))
        .route("/api/online/{id}/draw", post(online::offer_draw))
        .route("/api/online/{id}/draw/answer", post(online::answer_draw))
        .route("/api/online/{id}/rematch", post(online::rematch))
        .route(
            "/api/online/{id}/chat",
            get(online::chat_log).post(online::chat),
        )
        .route("/api/online/{id}/export", get(online::export))
        .route("/api/online/{id}/ws", get(ws::connect_online))
        .fallback(assets::serve)
        .method_not_allowed_fallback(|| async { ApiError::BadMethod })
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::map_response(headers::add))
        .with_state(app)
}
