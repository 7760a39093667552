//! The JSON body of every failed request (typedefs `ErrorBody` and `Refusal` in
//! `web/js/types.js`).

use serde::Serialize;

/// `{"error": code, "message": text}`, with the rules core's reason for a refused move
/// and the number for a limit reached.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorBody {
    pub error: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
}

/// Why the rules core refused a move: `{"kind": "forbidden", "forbidden": "double-three",
/// "x": .., "y": ..}` and the like.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    OutOfBoard {
        x: i64,
        y: i64,
        size: u8,
    },
    Occupied {
        x: u8,
        y: u8,
    },
    GameOver,
    Forbidden {
        forbidden: &'static str,
        x: u8,
        y: u8,
    },
}
