//! `/api/online`: games between two people on two devices. A seat's token travels in the
//! `X-Seat-Token` header (never in a URL, so never in a log); the WebSocket gets it in
//! its first message to show the seat as connected.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use fiveinrow_rules::{check_size, Game};
use serde::Deserialize;

use super::client::ClientIp;
use super::games::new_opening;
use super::json::ApiJson;
use super::requests::{Decision, Play};
use crate::app::App;
use crate::error::ApiError;
use crate::online::actions::{self, ColourChoice, NewOnline};
use crate::online::clock::TimeControl;
use crate::online::tokens::TokenHash;
use crate::rate::Kind;
use crate::wire::{ChatLog, ChatMessage, GameView, SeatGranted, SeatOf};
use fiveinrow_rules::RecordError;

type Answer<T> = Result<Json<T>, ApiError>;

/// The header that carries a seat's token.
pub const SEAT_HEADER: &str = "x-seat-token";

/// `POST /api/online`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewOnlineGame {
    /// "freestyle", "standard" or "renju" (default).
    pub rule: Option<String>,
    /// 5..=22, default 15.
    pub size: Option<u32>,
    /// An opening rule ("none" by default).
    pub opening: Option<String>,
    /// The creator's colour: "black", "white" or "random" (default).
    pub color: Option<String>,
    /// The clocks; none by default.
    pub clock: Option<ClockRequest>,
}

/// Fischer (`main_ms` and `increment_ms`) or a fixed `move_ms` per move.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    pub main_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub move_ms: Option<i64>,
}

impl ClockRequest {
    fn control(&self) -> Result<TimeControl, ApiError> {
        let within = |v: i64, lo: i64, hi: i64, what: &str| {
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(ApiError::bad_request(format!(
                    "{what} must be {lo} to {hi} ms, not {v}"
                )))
            }
        };
        match (self.main_ms, self.increment_ms, self.move_ms) {
            (Some(main), inc, None) => Ok(TimeControl::Fischer {
                main_ms: within(main, 1_000, 3 * 3_600_000, "main_ms")?,
                increment_ms: within(inc.unwrap_or(0), 0, 600_000, "increment_ms")?,
            }),
            (None, None, Some(ms)) => Ok(TimeControl::PerMove {
                move_ms: within(ms, 1_000, 3_600_000, "move_ms")?,
            }),
            _ => Err(ApiError::bad_request(
                "a clock is main_ms (with increment_ms) or move_ms",
            )),
        }
    }
}

fn token(headers: &HeaderMap) -> Option<&str> {
    headers.get(SEAT_HEADER).and_then(|v| v.to_str().ok())
}

/// Counts one request of `kind` (moves or chat) against the seat it names (by the
/// token's hash: the limiter keeps no token) and, more loosely, against the client.
fn limit(app: &App, kind: Kind, ip: IpAddr, headers: &HeaderMap) -> Result<(), ApiError> {
    let per_client = if kind == Kind::Chat {
        Kind::ClientChat
    } else {
        Kind::ClientMoves
    };
    app.rate(per_client, &ip.to_string())?;
    if let Some(t) = token(headers) {
        app.rate(kind, &TokenHash::of(t).0)?;
    }
    Ok(())
}

/// A seat's request (a move, a decision, an offer or its answer): the game's public id
/// and the `X-Seat-Token`, counted against the move limits of the seat and the client.
pub struct Seated {
    id: String,
    token: Option<String>,
}

impl Seated {
    fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }
}

impl FromRequestParts<Arc<App>> for Seated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, ApiError> {
        let ClientIp(ip) = ClientIp::from_request_parts(parts, app).await?;
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|e| ApiError::bad_request(e.body_text()))?;
        limit(app, Kind::Move, ip, &parts.headers)?;
        let token = token(&parts.headers).map(str::to_string);
        Ok(Seated { id, token })
    }
}

pub async fn create(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<NewOnlineGame>,
) -> Result<(StatusCode, Json<SeatGranted>), ApiError> {
    app.rate(Kind::CreateGame, &ip.to_string())?;
    let ticket = app.admit_game(ip)?;
    let rule = match req.rule.as_deref() {
        None => fiveinrow_rules::Rule::Renju,
        Some(name) => name
            .parse()
            .map_err(|e| ApiError::bad_request(format!("{e}")))?,
    };
    let size = check_size(req.size.unwrap_or(15)).map_err(RecordError::from)?;
    let game = Game::new(rule, size.into()).map_err(RecordError::from)?;
    let opening = new_opening(req.opening.as_deref(), &game)?;
    let colour = match req.color.as_deref() {
        None | Some("random") => ColourChoice::Random,
        Some("black") => ColourChoice::Black,
        Some("white") => ColourChoice::White,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "color '{}' is not valid (black, white or random)",
                other.chars().take(20).collect::<String>()
            )))
        }
    };
    let clock = req.clock.as_ref().map(ClockRequest::control).transpose()?;
    let new = NewOnline {
        game,
        opening,
        colour,
        clock,
    };
    let granted = actions::create(&app, new, ticket)?;
    Ok((StatusCode::CREATED, Json(granted)))
}

pub async fn join(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Answer<SeatGranted> {
    app.rate(Kind::Join, &ip.to_string())?;
    Ok(Json(actions::join(&app, &id)?))
}

pub async fn get(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    Ok(Json(actions::view(&app, &id)?))
}

pub async fn play(
    State(app): State<Arc<App>>,
    seat: Seated,
    ApiJson(req): ApiJson<Play>,
) -> Answer<GameView> {
    Ok(Json(actions::play(
        &app,
        &seat.id,
        seat.token(),
        req.target()?,
    )?))
}

pub async fn decide(
    State(app): State<Arc<App>>,
    seat: Seated,
    ApiJson(req): ApiJson<Decision>,
) -> Answer<GameView> {
    Ok(Json(actions::decide(
        &app,
        &seat.id,
        seat.token(),
        &req.decision,
    )?))
}

pub async fn resign(State(app): State<Arc<App>>, seat: Seated) -> Answer<GameView> {
    Ok(Json(actions::resign(&app, &seat.id, seat.token())?))
}

/// `POST /api/online/{id}/undo/answer` and `.../draw/answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    pub accept: bool,
}

/// `POST /api/online/{id}/chat`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatLine {
    pub text: String,
}

pub async fn request_undo(State(app): State<Arc<App>>, seat: Seated) -> Answer<GameView> {
    Ok(Json(actions::request_undo(&app, &seat.id, seat.token())?))
}

pub async fn answer_undo(
    State(app): State<Arc<App>>,
    seat: Seated,
    ApiJson(req): ApiJson<Reply>,
) -> Answer<GameView> {
    Ok(Json(actions::answer_undo(
        &app,
        &seat.id,
        seat.token(),
        req.accept,
    )?))
}

pub async fn offer_draw(State(app): State<Arc<App>>, seat: Seated) -> Answer<GameView> {
    Ok(Json(actions::offer_draw(&app, &seat.id, seat.token())?))
}

pub async fn answer_draw(
    State(app): State<Arc<App>>,
    seat: Seated,
    ApiJson(req): ApiJson<Reply>,
) -> Answer<GameView> {
    Ok(Json(actions::answer_draw(
        &app,
        &seat.id,
        seat.token(),
        req.accept,
    )?))
}

pub async fn rematch(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    seat: Seated,
) -> Answer<GameView> {
    let ticket = app.admit_game(ip)?;
    Ok(Json(actions::rematch(
        &app,
        &seat.id,
        seat.token(),
        ticket,
    )?))
}

pub async fn chat(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ChatLine>,
) -> Answer<ChatMessage> {
    limit(&app, Kind::Chat, ip, &headers)?;
    Ok(Json(actions::chat(&app, &id, token(&headers), &req.text)?))
}

pub async fn seat(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Answer<SeatOf> {
    limit(&app, Kind::Join, ip, &headers)?;
    Ok(Json(actions::seat_of(&app, &id, token(&headers))?))
}

/// `GET /api/online/{id}/export?format=`: the game's record, for anyone with the link.
pub async fn export(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<std::collections::HashMap<String, String>>,
) -> Result<axum::response::Response, ApiError> {
    let live = app.online_game(&id)?;
    super::games::export_answer(&app, &live, &query)
}

pub async fn chat_log(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<ChatLog> {
    Ok(Json(actions::chat_log(&app, &id)?))
}
