//! The JSON API's handlers: parse the request, call [`crate::actions`], answer JSON.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use fiveinrow_rules::opening::{Opening, OpeningRule};
use fiveinrow_rules::{check_size, Game, RecordError};

use super::client::ClientIp;
use super::json::{ApiJson, OptionalJson};
use super::requests::{Analyse, Decision, Import, NewGame, Pause, Play, StartReview, REVIEW_NODES};
use crate::actions;
use crate::app::App;
use crate::demos;
use crate::error::ApiError;
use crate::records::{self, Format};
use crate::reviews;
use crate::view;
use crate::wire::{
    AnalysisStarted, Deleted, DemoList, GameList, GameView, HintAnswer, ReviewState, ServerInfo,
    Stats, Stopped,
};

type Answer<T> = Result<Json<T>, ApiError>;

pub async fn demos() -> Json<DemoList> {
    Json(DemoList {
        demos: demos::DEMOS,
    })
}

pub async fn list(State(app): State<Arc<App>>) -> Answer<GameList> {
    Ok(Json(GameList {
        games: app.store.list()?,
    }))
}

/// What this server offers the asking client: its own games (this machine's, or all
/// when allowed) and online games, and the public address of links.
pub async fn server_info(State(app): State<Arc<App>>, ClientIp(ip): ClientIp) -> Json<ServerInfo> {
    Json(ServerInfo {
        local_games: app.config.local_games_for(ip),
        public_url: app.config.public_url.clone(),
    })
}

/// Load figures (searches running and their cap, games loaded, sockets open); read only.
pub async fn stats(State(app): State<Arc<App>>) -> Json<Stats> {
    Json(app.stats())
}

pub async fn create(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let ticket = app.admit_game(ip)?;
    let players = req.setup.players()?;
    let settings = req.setup.settings()?;
    let game = match (&req.demo, &req.moves) {
        (Some(id), _) => {
            let demo = demos::find(id).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "no demo '{}'",
                    id.chars().take(40).collect::<String>()
                ))
            })?;
            let rule = demo.rule.parse().map_err(RecordError::from)?;
            records::import(demo.moves, Format::Moves, rule, demo.size.into())?
        }
        (None, Some(moves)) => {
            records::check_length(moves, app.config.max_record_bytes)?;
            records::import(moves, Format::Moves, req.setup.rule()?, req.setup.size())?
        }
        (None, None) => {
            let size = check_size(req.setup.size()).map_err(RecordError::from)?;
            Game::new(req.setup.rule()?, size.into()).map_err(RecordError::from)?
        }
    };
    let opening = new_opening(req.opening.as_deref(), &game)?;
    let state = actions::create(&app, game, players, settings, opening, ticket)?;
    Ok((StatusCode::CREATED, Json(state)))
}

/// The opening rule a new game asks for by name (`none`, `swap1`, `swap2`, `soosorv8`,
/// `taraguchi10`); it starts from an empty board and plays its steps first.
pub(super) fn new_opening(name: Option<&str>, game: &Game) -> Result<Option<Opening>, ApiError> {
    Ok(match name {
        None | Some("none") => None,
        Some(name) => {
            let rule = OpeningRule::parse(name).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "opening '{}' is not valid (none, swap1, swap2, soosorv8 or taraguchi10)",
                    name.chars().take(20).collect::<String>()
                ))
            })?;
            if game.move_count() > 0 {
                return Err(ApiError::bad_request(
                    "an opening rule starts from an empty board",
                ));
            }
            Some(Opening::new(rule, game.rule(), game.size()).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "the {name} opening is not played under {}",
                    game.rule().name()
                ))
            })?)
        }
    })
}

/// An opening decision of the person: `{"decision": "swap"}` (a word of an opening record).
pub async fn decide(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<Decision>,
) -> Answer<GameView> {
    Ok(Json(actions::decide(&app, &id, &req.decision)?))
}

pub async fn import(
    State(app): State<Arc<App>>,
    ClientIp(ip): ClientIp,
    ApiJson(req): ApiJson<Import>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let ticket = app.admit_game(ip)?;
    records::check_length(&req.text, app.config.max_record_bytes)?;
    if req.text.trim().is_empty() {
        return Err(ApiError::bad_request(
            "nothing to import: paste a move string, PSQ or SGF",
        ));
    }
    let format = match req.format.as_deref() {
        None | Some("auto") => Format::detect(&req.text),
        Some(name) => records::parse_format(name)?,
    };
    let (game, opening) =
        records::import_with_opening(&req.text, format, req.setup.rule()?, req.setup.size())?;
    let players = req.setup.players()?;
    let settings = req.setup.settings()?;
    let state = actions::create(&app, game, players, settings, opening, ticket)?;
    Ok((StatusCode::CREATED, Json(state)))
}

pub async fn get(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    let live = app.game(&id)?;
    let st = live.lock();
    Ok(Json(st.view()))
}

pub async fn delete(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Deleted> {
    actions::delete(&app, &id)?;
    Ok(Json(Deleted { deleted: true }))
}

pub async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<Play>,
) -> Answer<GameView> {
    Ok(Json(actions::play(&app, &id, req.target()?)?))
}

pub async fn undo(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    Ok(Json(actions::undo(&app, &id)?))
}

pub async fn redo(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    Ok(Json(actions::redo(&app, &id)?))
}

pub async fn resign(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    Ok(Json(actions::resign(&app, &id)?))
}

pub async fn hint(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<HintAnswer> {
    let p = actions::hint(&app, &id).await?;
    let size = app.game(&id)?.lock().entry.game.size();
    Ok(Json(HintAnswer {
        hint: view::point(p, size),
    }))
}

pub async fn stop(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Stopped> {
    Ok(Json(Stopped {
        stopped: actions::stop(&app, &id)?,
    }))
}

pub async fn analyse(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    OptionalJson(req): OptionalJson<Analyse>,
) -> Result<(StatusCode, Json<AnalysisStarted>), ApiError> {
    let lines = req.lines.unwrap_or(3);
    actions::analyse(&app, &id, lines)?;
    Ok((
        StatusCode::ACCEPTED,
        Json(AnalysisStarted {
            started: true,
            lines,
        }),
    ))
}

pub async fn pause(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<Pause>,
) -> Answer<GameView> {
    Ok(Json(actions::pause(&app, &id, req.paused)?))
}

/// Where the game's review stands (and the review itself once stored).
pub async fn review(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<ReviewState> {
    Ok(Json(reviews::get(&app, &id)?))
}

/// Starts a review in the background; progress and the result come over the socket.
pub async fn start_review(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    OptionalJson(req): OptionalJson<StartReview>,
) -> Result<(StatusCode, Json<ReviewState>), ApiError> {
    let state = reviews::start(&app, &id, req.nodes.unwrap_or(REVIEW_NODES))?;
    Ok((StatusCode::ACCEPTED, Json(state)))
}

pub async fn cancel_review(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Stopped> {
    Ok(Json(Stopped {
        stopped: reviews::cancel(&app, &id)?,
    }))
}

pub async fn export(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let live = app.game(&id)?;
    export_answer(&app, &live, &query)
}

/// A game's record as a text download, in `?format=` (SGF by default); for the numbered
/// games and the online ones alike.
pub(super) fn export_answer(
    app: &Arc<App>,
    live: &crate::live::LiveGame,
    query: &HashMap<String, String>,
) -> Result<Response, ApiError> {
    let format = records::parse_format(query.get("format").map_or("sgf", String::as_str))?;
    let (text, n) = {
        let st = live.lock();
        let review = match format {
            Format::Sgf => reviews::stored(app, &st.entry)?,
            _ => None,
        };
        let info = records::record_info(&st.entry);
        (
            records::export(&st.entry.game, &info, format, review.as_ref())?,
            st.entry.id,
        )
    };
    let disposition = format!("inline; filename=\"fiveinrow-{n}.{}\"", format.extension());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}
