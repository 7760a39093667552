//! The shapes of request bodies, and how they become the server's types.

use fiveinrow_rules::{Color, Rule};
use serde::Deserialize;

use crate::error::ApiError;
use crate::model::{Player, Players, Settings, LEVELS};

/// Who plays and how: shared by "new game" and "import".
#[derive(Debug, Default, Deserialize)]
pub struct GameSetup {
    /// "pvc" (default), "pvp" or "cvc".
    pub mode: Option<String>,
    /// The person's colour against the computer: "black" (default) or "white".
    pub human: Option<String>,
    /// "freestyle", "standard" or "renju" (default).
    pub rule: Option<String>,
    /// 5..=22, default 15.
    pub size: Option<u32>,
    /// 1..=8, default 3.
    pub level: Option<u8>,
    pub think_delay: Option<bool>,
}

impl GameSetup {
    pub fn players(&self) -> Result<Players, ApiError> {
        use Player::{Computer, Human};
        let human = match self.human.as_deref() {
            None | Some("black") => Color::Black,
            Some("white") => Color::White,
            Some(other) => return Err(bad("human", other, "black or white")),
        };
        Ok(match self.mode.as_deref() {
            None | Some("pvc") if human == Color::Black => Players {
                black: Human,
                white: Computer,
            },
            None | Some("pvc") => Players {
                black: Computer,
                white: Human,
            },
            Some("pvp") => Players {
                black: Human,
                white: Human,
            },
            Some("cvc") => Players {
                black: Computer,
                white: Computer,
            },
            Some(other) => return Err(bad("mode", other, "pvc, pvp or cvc")),
        })
    }

    pub fn settings(&self) -> Result<Settings, ApiError> {
        let level = self.level.unwrap_or(3);
        if !LEVELS.contains(&level) {
            return Err(bad("level", &level.to_string(), "1 to 8"));
        }
        Ok(Settings {
            level,
            think_delay: self.think_delay.unwrap_or(true),
        })
    }

    pub fn rule(&self) -> Result<Rule, ApiError> {
        match self.rule.as_deref() {
            None => Ok(Rule::Renju),
            Some(name) => name
                .parse()
                .map_err(|e| ApiError::bad_request(format!("{e}"))),
        }
    }

    pub fn size(&self) -> u32 {
        self.size.unwrap_or(15)
    }
}

fn bad(field: &str, value: &str, expected: &str) -> ApiError {
    let value: String = value.chars().take(20).collect();
    ApiError::bad_request(format!("{field} '{value}' is not valid ({expected})"))
}

/// `POST /api/games`.
#[derive(Debug, Default, Deserialize)]
pub struct NewGame {
    #[serde(flatten)]
    pub setup: GameSetup,
    /// Start from a demo position (its rule and size win).
    pub demo: Option<String>,
    /// Start from these moves (move string or x,y list).
    pub moves: Option<String>,
    /// An opening rule to play first: "none" (default), "swap1", "swap2", "soosorv8",
    /// "taraguchi10".
    pub opening: Option<String>,
}

/// `POST /api/games/{id}/opening`: one decision, as a word of an opening record.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    pub decision: String,
}

/// `POST /api/import`.
#[derive(Debug, Deserialize)]
pub struct Import {
    #[serde(flatten)]
    pub setup: GameSetup,
    pub text: String,
    /// "auto" (default), "moves", "psq" or "sgf".
    pub format: Option<String>,
}

/// `POST /api/games/{id}/play`: either `{"x": 7, "y": 7}` or `{"move": "h8"}`.
#[derive(Debug, Deserialize)]
pub struct Play {
    pub x: Option<i64>,
    pub y: Option<i64>,
    #[serde(rename = "move")]
    pub name: Option<String>,
}

impl Play {
    /// Where the move goes: a point's name, else coordinates.
    pub fn target(self) -> Result<crate::actions::Target, ApiError> {
        use crate::actions::Target;
        match (self.name, self.x, self.y) {
            (Some(name), _, _) => Ok(Target::Name(name)),
            (None, Some(x), Some(y)) => Ok(Target::Xy(x, y)),
            _ => Err(ApiError::bad_request(
                "a move needs x and y, or a point's name as \"move\"",
            )),
        }
    }
}

/// `POST /api/games/{id}/analyse`.
/// `POST /api/games/{id}/review`: nodes per position (default [`REVIEW_NODES`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartReview {
    pub nodes: Option<u64>,
}

pub const REVIEW_NODES: u64 = 200_000;

/// `POST /api/games/{id}/pause`: hold or go on.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pause {
    pub paused: bool,
}

#[derive(Debug, Default, Deserialize)]
pub struct Analyse {
    /// How many best moves to find, 1..=10 (default 3).
    pub lines: Option<usize>,
}
