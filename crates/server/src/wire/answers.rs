//! The JSON answers of the HTTP API besides a game's state (typedefs of the same names
//! in `web/js/types.js`).

use serde::Serialize;

use super::game::Point;
use crate::demos::Demo;
use crate::slots::SearchStats;
use crate::store::GameSummary;

/// `GET /api/server`: what the server offers this client.
#[derive(Debug, Clone, Serialize)]
pub struct ServerInfo {
    /// Games against the computer and on one device (this machine's own games).
    pub local_games: bool,
    /// The address others reach the server at, when it has one.
    pub public_url: Option<String>,
}

/// `GET /api/demos`.
#[derive(Debug, Clone, Serialize)]
pub struct DemoList {
    pub demos: &'static [Demo],
}

/// `GET /api/games`: the saved games, newest first.
#[derive(Debug, Clone, Serialize)]
pub struct GameList {
    pub games: Vec<GameSummary>,
}

/// `DELETE /api/games/{id}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Deleted {
    pub deleted: bool,
}

/// `POST /api/games/{id}/hint`.
#[derive(Debug, Clone, Serialize)]
pub struct HintAnswer {
    pub hint: Point,
}

/// `POST /api/games/{id}/stop`: whether a search was running.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Stopped {
    pub stopped: bool,
}

/// `POST /api/games/{id}/analyse`: started, for this many lines.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct AnalysisStarted {
    pub started: bool,
    pub lines: usize,
}

/// `GET /api/stats`: load figures.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Stats {
    pub searches: SearchStats,
    pub games_loaded: usize,
    pub sockets_open: usize,
}
