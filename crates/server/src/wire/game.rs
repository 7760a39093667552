//! A game's state as the page sees it (typedef `GameView` and its parts in
//! `web/js/types.js`).

use serde::Serialize;

use crate::model::Player;

/// A point: 0-based column and row from the top left, and its name (`h8`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
    pub name: String,
}

/// A stone placed before the first move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetupStone {
    #[serde(flatten)]
    pub at: Point,
    /// "black" or "white".
    pub color: &'static str,
}

/// A point black may not play, and why ("overline", "double-four", "double-three").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ForbiddenPoint {
    #[serde(flatten)]
    pub at: Point,
    pub kind: &'static str,
}

/// Who plays each colour.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlayersView {
    pub black: Player,
    pub white: Player,
}

/// The whole state of a game: the answer of `GET /api/games/{id}` and of every action,
/// and the `state` event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameView {
    pub id: i64,
    pub rule: &'static str,
    pub size: u8,
    /// "pvp", "pvc" or "cvc".
    pub mode: &'static str,
    pub players: PlayersView,
    pub level: u8,
    pub think_delay: bool,
    pub setup: Vec<SetupStone>,
    pub first_to_move: &'static str,
    pub moves: Vec<Point>,
    pub move_string: String,
    /// Moves taken back that redo can replay, next first.
    pub redo: Vec<Point>,
    pub to_move: &'static str,
    pub player_to_move: Player,
    /// "ongoing", "won", "draw" or "resigned".
    pub status: &'static str,
    pub over: bool,
    pub winner: Option<&'static str>,
    pub resigned: Option<&'static str>,
    /// "ongoing", "black", "white" or "draw".
    pub result: &'static str,
    pub win_line: Vec<Point>,
    pub forbidden: Vec<ForbiddenPoint>,
    /// The search running now: "move", "hint" or "analysis".
    pub thinking: Option<&'static str>,
    /// Computer against computer, held by the person watching.
    pub paused: bool,
    /// The opening rule, when the game has one (its steps go first).
    pub opening: Option<OpeningView>,
    /// Seats and clocks of a game played online.
    pub online: Option<super::online::OnlineView>,
    /// Unix time in milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

/// Where a game's opening rule stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpeningView {
    /// "swap1", "swap2", "soosorv8" or "taraguchi10".
    pub rule: &'static str,
    /// "place", "swap_option", "choose_color", "swap2_choice", "declare",
    /// "taraguchi_choice", "offer", "pick" or "done".
    pub step: &'static str,
    /// The colour of the stone to place ("place").
    pub color: Option<&'static str>,
    /// The central square the stone must go in ("place"), in points per side.
    pub area: Option<u8>,
    /// Who decides now, and the colour that player holds now.
    pub decider: Player,
    pub decider_color: &'static str,
    /// 5th moves to offer in all and so far ("offer").
    pub wanted: u8,
    pub placed: u8,
    pub offers: Vec<Point>,
    /// The decisions so far (`Opening::record`).
    pub record: String,
}

/// An engine score for people: "eval", "win" or "loss", its value, the engine's words,
/// and the side to move's chance of winning (0..1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    pub kind: &'static str,
    pub value: i64,
    pub text: String,
    pub winrate: f64,
}

/// One of the best lines of a finished analysis.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnalysisLine {
    pub score: Score,
    pub pv: Vec<Point>,
}
