//! Online games ("play a friend"): a game between two people on two devices, reached by
//! an unguessable public id. Each seat (colour) is held by whoever holds its token; the
//! server keeps only the tokens' hashes. Moves and decisions go through the same actions
//! as every game, with the seat's colour checked first; the clocks are the server's.
//!
//! - `tokens.rs`: random ids and seat tokens, their hashes, the constant-time check.
//! - `clock.rs`: Fischer and per-move clocks, restarts.
//! - `keeper.rs`: the task that ends games whose time ran out and checkpoints clocks.

pub mod actions;
pub mod clock;
pub mod keeper;
pub mod tokens;

use fiveinrow_rules::Color;

use clock::Clock;
use tokens::TokenHash;

/// What an online game adds to a game.
#[derive(Debug, Clone)]
pub struct Online {
    /// The id in the link (32 hex digits); the game's number is never shown for it.
    pub public_id: String,
    /// The seats' token hashes, black's then white's; `None`: the seat is free.
    pub seats: [Option<TokenHash>; 2],
    pub clock: Option<Clock>,
    /// The side whose time ran out: it lost.
    pub lost_on_time: Option<Color>,
    /// Both players agreed to a draw.
    pub draw_agreed: bool,
    /// Offers waiting for the other player's answer, by the colour that made them.
    pub undo_request: Option<Color>,
    pub draw_offer: Option<Color>,
    /// After the game: who asked for a rematch, and the rematch once both did.
    pub rematch_offer: Option<Color>,
    pub rematch_id: Option<String>,
    /// Sockets that showed each seat's token, open now (not stored).
    pub connected: [u32; 2],
}

fn index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Online {
    /// A new online game's part, no seat taken yet.
    pub fn new(public_id: String, clock: Option<Clock>) -> Online {
        Online {
            public_id,
            seats: [None, None],
            clock,
            lost_on_time: None,
            draw_agreed: false,
            undo_request: None,
            draw_offer: None,
            rematch_offer: None,
            rematch_id: None,
            connected: [0, 0],
        }
    }

    /// The colour whose seat `token` holds.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        if !tokens::well_formed(token) {
            return None;
        }
        // Both seats are checked, whatever the first answer, so the time says nothing.
        let black = self.seats[0].as_ref().is_some_and(|h| h.matches(token));
        let white = self.seats[1].as_ref().is_some_and(|h| h.matches(token));
        match (black, white) {
            (true, _) => Some(Color::Black),
            (_, true) => Some(Color::White),
            _ => None,
        }
    }

    /// A free seat, black's first.
    pub fn free_seat(&self) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| self.seats[index(c)].is_none())
    }

    pub fn take_seat(&mut self, color: Color, token: &str) {
        self.seats[index(color)] = Some(TokenHash::of(token));
    }

    pub fn both_seated(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    pub fn is_connected(&self, color: Color) -> bool {
        self.connected[index(color)] > 0
    }

    pub fn connect(&mut self, color: Color, open: bool) {
        let n = &mut self.connected[index(color)];
        *n = if open { *n + 1 } else { n.saturating_sub(1) };
    }

    /// The seats change colours (an opening's swap): each person keeps seat and time.
    pub fn swap_colours(&mut self) {
        self.seats.swap(0, 1);
        self.connected.swap(0, 1);
        self.undo_request = self.undo_request.map(Color::opponent);
        self.draw_offer = self.draw_offer.map(Color::opponent);
        if let Some(c) = self.clock.as_mut() {
            c.left_ms.swap(0, 1);
            if let Some((colour, since)) = c.running {
                c.running = Some((colour.opponent(), since));
            }
        }
    }
}
