//! What the server keeps about one game besides the rules core's [`Game`]: who plays each
//! colour, the computer's settings, a resignation, and when it was made and changed.

use fiveinrow_rules::opening::{Action, Opening, OpeningError, Seat};
use fiveinrow_rules::{Color, Game, Status, Takeback};
use serde::{Deserialize, Serialize};

use crate::online::Online;

/// Who plays a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Computer,
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
        }
    }

    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "human" => Some(Player::Human),
            "computer" => Some(Player::Computer),
            _ => None,
        }
    }
}

/// The two players, black first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Players {
    pub black: Player,
    pub white: Player,
}

impl Players {
    pub fn of(&self, color: Color) -> Player {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// How far undo and redo go in this game. The page's computer moves at once, so an
    /// undo never takes back its opening move alone.
    pub fn takeback(&self) -> Takeback {
        Takeback::new(self.black == Player::Human, self.white == Player::Human)
    }

    /// "pvp", "pvc" or "cvc", the page's names for the three kinds of game.
    pub fn mode(&self) -> &'static str {
        match (self.black, self.white) {
            (Player::Human, Player::Human) => "pvp",
            (Player::Computer, Player::Computer) => "cvc",
            _ => "pvc",
        }
    }
}

/// Lowest and highest computer level (the engine's [`fiveinrow_engine::Level`]).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=fiveinrow_engine::Level::MAX;

/// How the computer plays in this game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// 1..=8.
    pub level: u8,
    /// Wait a little before a fast reply so that it feels like a move, not a flash.
    pub think_delay: bool,
}

/// One game as saved: the rules core's game and what the server adds to it.
#[derive(Debug, Clone)]
pub struct GameEntry {
    pub id: i64,
    pub game: Game,
    pub players: Players,
    pub settings: Settings,
    /// The colour that resigned, if one did.
    pub resigned: Option<Color>,
    /// Computer against computer, held between moves by the person watching.
    pub paused: bool,
    /// The opening rule's steps, when the game started with one; `game` holds its stones.
    pub opening: Option<Opening>,
    /// Seats, clocks and the public id of a game played online.
    pub online: Option<Online>,
    /// Unix time in milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

impl GameEntry {
    /// Over by the rules (five, full board), by resignation or on time.
    pub fn is_over(&self) -> bool {
        self.resigned.is_some()
            || self.lost_on_time().is_some()
            || self.draw_agreed()
            || self.game.is_over()
    }

    /// Both players of an online game agreed to a draw.
    pub fn draw_agreed(&self) -> bool {
        self.online.as_ref().is_some_and(|o| o.draw_agreed)
    }

    pub fn winner(&self) -> Option<Color> {
        match (self.resigned, self.lost_on_time()) {
            (Some(c), _) | (None, Some(c)) => Some(c.opponent()),
            (None, None) => self.game.status().winner(),
        }
    }

    /// The side whose clock ran out (online games).
    pub fn lost_on_time(&self) -> Option<Color> {
        self.online.as_ref().and_then(|o| o.lost_on_time)
    }

    /// "ongoing", "black", "white" or "draw": the result as listed.
    pub fn result(&self) -> &'static str {
        match (self.winner(), self.game.status()) {
            (Some(c), _) => c.name(),
            (None, _) if self.draw_agreed() => "draw",
            (None, Status::Draw) => "draw",
            _ => "ongoing",
        }
    }

    /// The player to move now.
    pub fn player_to_move(&self) -> Player {
        self.players.of(self.game.to_move())
    }

    /// The opening, while it still asks for decisions.
    pub fn opening_in_progress(&self) -> Option<&Opening> {
        self.opening.as_ref().filter(|o| !o.is_done())
    }

    /// The player who acts now: the one to move, or during an opening the one to decide.
    pub fn player_deciding(&self) -> Player {
        self.players.of(self.acting_color())
    }

    /// The colour that acts now: the one to move, or during an opening the colour of
    /// the player deciding.
    pub fn acting_color(&self) -> Color {
        match self.opening_in_progress() {
            Some(o) if o.decider() == o.black_seat() => Color::Black,
            Some(_) => Color::White,
            None => self.game.to_move(),
        }
    }

    /// Keeps an online game's clocks with the game: stopped once it is over, running for
    /// the colour that acts once both seats are taken (handed over when that changes).
    pub fn keep_clock(&mut self, now: i64) {
        let over = self.is_over();
        let acting = self.acting_color();
        let Some(o) = self.online.as_mut() else {
            return;
        };
        let seated = o.both_seated();
        let Some(c) = o.clock.as_mut() else {
            return;
        };
        if over {
            c.stop(now);
        } else if seated && c.running.map(|(colour, _)| colour) != Some(acting) {
            // A flag that fell is the keeper's to call; here the turn just changes hands.
            let _ = c.hand_over(acting, now);
        }
    }

    /// Whether the computer should be searching a move (or an opening decision) now.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && !self.paused && self.player_deciding() == Player::Computer
    }

    /// Takes an opening decision; the stones follow and, after a swap, the players
    /// change colours. A refusal changes nothing.
    pub fn decide(&mut self, action: Action) -> Result<(), OpeningError> {
        let mut outcome = Err(OpeningError::Over);
        self.change_opening(|o| {
            outcome = o.act(action);
            outcome.is_ok()
        });
        outcome
    }

    /// Takes back the opening's last decision; false when there is none.
    pub fn undo_decision(&mut self) -> bool {
        self.change_opening(Opening::undo)
    }

    /// Takes the opening's last undone decision again; false when there is none.
    pub fn redo_decision(&mut self) -> bool {
        self.change_opening(Opening::redo)
    }

    /// Runs `change` on the opening and, when it changed something, brings the game's
    /// stones and the players' colours along; false without an opening or a change.
    fn change_opening(&mut self, change: impl FnOnce(&mut Opening) -> bool) -> bool {
        let Some(o) = self.opening.as_mut() else {
            return false;
        };
        let black_before = o.black_seat();
        let changed = change(o);
        if changed {
            self.sync_opening(black_before);
        }
        changed
    }

    /// The game's stones from the opening, and the players swapped if the seat with
    /// black changed.
    fn sync_opening(&mut self, black_before: Seat) {
        if let Some(o) = &self.opening {
            self.game = o.game().clone();
            if o.black_seat() != black_before {
                std::mem::swap(&mut self.players.black, &mut self.players.white);
                if let Some(online) = self.online.as_mut() {
                    online.swap_colours();
                }
            }
        }
    }
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
