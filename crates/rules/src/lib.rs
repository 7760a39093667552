//! FiveInRow's rules core: freestyle, standard and renju five-in-a-row, exactly as
//! `docs/RULES.md` defines them.
//!
//! - [`Board`]: stones on a padded array with an incremental Zobrist hash, win detection
//!   ([`Board::winning_line`]) and renju forbidden points ([`Board::forbidden_kind`],
//!   [`Board::forbidden_points`]).
//! - [`Game`]: rule, position, side to move, history, undo/redo; [`Game::play`] is the one
//!   entry point for a move and answers with a [`Status`] or a [`MoveError`].
//! - [`Takeback`]: how many moves undo and redo take when a person plays the computer.
//! - [`notation`] and [`record`]: move strings, `x,y` lists, PSQ and SGF.
//!
//! ```
//! use fiveinrow_rules::{Game, Rule, Status, notation};
//! let mut game = Game::new(Rule::Renju, 15).unwrap();
//! for p in notation::parse_moves("h8 h9 i8 i9 j8 j9 k8 k9", 15).unwrap() {
//!     assert_eq!(game.play(p), Ok(Status::Ongoing));
//! }
//! let win = game.play(notation::parse_human("l8", 15).unwrap()).unwrap();
//! assert_eq!(win.winner(), Some(fiveinrow_rules::Color::Black));
//! ```

#![forbid(unsafe_code)]

mod board;
mod error;
mod forbidden;
mod game;
pub mod layout;
pub mod line_code;
mod line_table;
pub mod notation;
pub mod opening;
pub mod openings;
pub mod record;
pub mod symmetry;
mod takeback;
mod types;
mod win;
mod zobrist;

pub use board::Board;
pub use error::{MoveError, ParseError, RecordError, ReplayError, SetupError, ValueError};
pub use forbidden::ForbiddenKind;
pub use game::{Game, Status};
pub use layout::{Cell, CELLS};
pub use record::Record;
pub use takeback::Takeback;
pub use types::{check_size, Color, Pos, Rule, DEFAULT_SIZE, DIRECTIONS, MAX_SIZE, MIN_SIZE};
pub use zobrist::side_key;
