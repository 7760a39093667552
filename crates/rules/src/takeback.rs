//! How far undo and redo go: "back to the person's turn". The web server and the terminal
//! game both ask [`Takeback`], so a game's undo button means the same everywhere.

use crate::game::Game;
use crate::types::Color;

/// Who plays each colour (a person or the computer), and what undo and redo do with that.
///
/// Undo ([`Takeback::undo_count`]):
/// - nothing played: 0 (nothing to take back);
/// - person against person: one move;
/// - computer against computer: one move (no side has a turn to go back to);
/// - person against computer, either colour: the fewest moves (at least one) after which
///   the person is to move: their last move and the computer's reply when they are to
///   move, their last move alone while the computer is to move;
/// - person against computer before the person's first move (the computer opened): 0,
///   unless the front end can hold the computer ([`Takeback::computer_can_wait`]); then
///   the computer's opening move, which it plays again when told to.
///
/// Redo ([`Takeback::redo_count`]):
/// - nothing to redo: 0;
/// - person against person, computer against computer: one move;
/// - person against computer: the fewest moves (at least one) after which the person is
///   to move: the person's move and the computer's reply, or the computer's move alone
///   when it is to move; fewer when the redo list is shorter (one move left: that one).
///
/// Games from a set-up position count from their first side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeback {
    black_is_person: bool,
    white_is_person: bool,
    computer_can_wait: bool,
}

impl Takeback {
    /// The policy for a game whose black and white are played by a person or not.
    pub fn new(black_is_person: bool, white_is_person: bool) -> Takeback {
        Takeback {
            black_is_person,
            white_is_person,
            computer_can_wait: false,
        }
    }

    /// For a front end that can keep a computer from moving until it is told (the terminal
    /// game's pause): an undo may take back the computer's opening move. A front end whose
    /// computer moves at once would only see it played again.
    pub fn computer_can_wait(self) -> Takeback {
        Takeback {
            computer_can_wait: true,
            ..self
        }
    }

    fn is_person(&self, color: Color) -> bool {
        match color {
            Color::Black => self.black_is_person,
            Color::White => self.white_is_person,
        }
    }

    /// Exactly one side is a person: undo and redo go back to that person's turn.
    fn one_person(&self) -> bool {
        self.black_is_person != self.white_is_person
    }

    /// How many moves an undo takes back (see the rules above).
    pub fn undo_count(&self, game: &Game) -> usize {
        let n = game.move_count();
        if !self.one_person() {
            return n.min(1);
        }
        // After taking back k moves, the side to move is the one that played move n - k.
        let persons_turn = (1..=n).find(|k| self.is_person(mover(game, n - k)));
        match persons_turn {
            Some(k) => k,
            None if self.computer_can_wait => n,
            None => 0,
        }
    }

    /// How many moves a redo replays (see the rules above).
    pub fn redo_count(&self, game: &Game) -> usize {
        let available = game.redo_len();
        if !self.one_person() {
            return available.min(1);
        }
        // After replaying k moves, the side to move is the one that plays move n + k.
        let n = game.move_count();
        (1..=available)
            .find(|k| self.is_person(mover(game, n + k)))
            .unwrap_or(available)
    }
}

/// The colour that plays move `index` (0-based) of `game`'s history.
fn mover(game: &Game, index: usize) -> Color {
    let first = game.first_to_move();
    if index.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::types::Rule;

    const PERSON: bool = true;
    const COMPUTER: bool = false;

    fn game(moves: &str) -> Game {
        Game::from_moves(Rule::Renju, 15, &parse_moves(moves, 15).unwrap()).unwrap()
    }

    fn undo(moves: &str, black: bool, white: bool) -> usize {
        Takeback::new(black, white).undo_count(&game(moves))
    }

    #[test]
    fn undo_goes_back_to_the_persons_turn() {
        let (h, c) = (PERSON, COMPUTER);
        // Between people: one move.
        assert_eq!(undo("h8i9j10", h, h), 1);
        assert_eq!(undo("", h, h), 0);
        // Person black, to move again: their move and the reply.
        assert_eq!(undo("h8i9", h, c), 2);
        // Person black just moved, computer thinking: that move only.
        assert_eq!(undo("h8i9j10", h, c), 1);
        // Person white after the computer's opening move: nothing of theirs yet.
        assert_eq!(undo("h8", c, h), 0);
        assert_eq!(undo("h8i9j10", c, h), 2);
        // Person white just moved, computer thinking: that move only.
        assert_eq!(undo("h8i9", c, h), 1);
        // Nothing played against the computer: nothing to take back.
        assert_eq!(undo("", h, c), 0);
        assert_eq!(undo("", c, h), 0);
    }

    #[test]
    fn between_computers_undo_goes_one_move() {
        assert_eq!(undo("h8i9j10", COMPUTER, COMPUTER), 1);
        assert_eq!(undo("", COMPUTER, COMPUTER), 0);
    }

    #[test]
    fn a_computer_that_can_wait_has_its_opening_taken_back() {
        let waits = Takeback::new(COMPUTER, PERSON).computer_can_wait();
        assert_eq!(waits.undo_count(&game("h8")), 1);
        assert_eq!(waits.undo_count(&game("")), 0);
        // Once the person has moved, it is the same as without waiting.
        assert_eq!(waits.undo_count(&game("h8i9j10")), 2);
        assert_eq!(waits.undo_count(&game("h8i9")), 1);
        let person_black = Takeback::new(PERSON, COMPUTER).computer_can_wait();
        assert_eq!(person_black.undo_count(&game("h8i9")), 2);
    }

    #[test]
    fn redo_replays_up_to_the_persons_turn() {
        let policy = Takeback::new(PERSON, COMPUTER);
        let mut g = game("h8i9j10k11");
        g.undo(2);
        assert_eq!(policy.redo_count(&g), 2);
        g.undo(1);
        // White (computer) to move next: only its move, then the person is to move.
        assert_eq!(policy.redo_count(&g), 1);
        let mut p = game("h8i9");
        p.undo(2);
        assert_eq!(Takeback::new(PERSON, PERSON).redo_count(&p), 1);
    }

    #[test]
    fn redo_stops_at_the_end_of_the_redo_list() {
        let policy = Takeback::new(COMPUTER, PERSON);
        let mut g = game("h8i9");
        assert_eq!(policy.redo_count(&g), 0);
        // Only the person's move is left to redo: that one, though the computer is to
        // move after it.
        g.undo(1);
        assert_eq!(policy.redo_count(&g), 1);
        // The computer's opening: its move, then the person is to move.
        let mut opened = game("h8");
        opened.undo(1);
        assert_eq!(policy.redo_count(&opened), 1);
        // Between computers: one at a time.
        let mut cc = game("h8i9j10");
        cc.undo(3);
        assert_eq!(Takeback::new(COMPUTER, COMPUTER).redo_count(&cc), 1);
        assert_eq!(Takeback::new(COMPUTER, COMPUTER).redo_count(&game("")), 0);
    }

    #[test]
    fn a_set_up_position_counts_from_its_first_side_to_move() {
        let stones = parse_moves("h8", 15).unwrap();
        // Black's stone given, white (the person) to move first.
        let mut g = Game::from_setup(Rule::Freestyle, 15, &stones, &[], None).unwrap();
        let policy = Takeback::new(COMPUTER, PERSON);
        assert_eq!(policy.undo_count(&g), 0, "the set-up stone is not a move");
        for p in parse_moves("i9j10", 15).unwrap() {
            g.play(p).unwrap();
        }
        assert_eq!(policy.undo_count(&g), 2);
        g.undo(2);
        assert_eq!(policy.redo_count(&g), 2);
    }
}
