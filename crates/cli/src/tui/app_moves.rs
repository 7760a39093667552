//! A person's move, undo, redo and resigning. Every move goes through `Game::play`;
//! its answer is what the message line says.

use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::{Color, Pos};

use crate::tui::app::App;
use crate::tui::settings::Seat;
use crate::tui::words;

impl App {
    /// Plays `p` for the person to move, or says why not.
    pub(super) fn play_person(&mut self, p: Pos) {
        if let Some(loser) = self.resigned {
            self.warn(format!("refused: the game is over ({loser} resigned)"));
            return;
        }
        if self.computer_to_move() {
            let who = self.settings.player(self.acting_color());
            self.warn(format!("{who} is to move: Space makes it move now"));
            return;
        }
        if self.opening_in_progress().is_some() {
            self.opening_point(p);
            return;
        }
        // A hint still being looked for is no use once the person has moved.
        self.cancel_search();
        let color = self.game.to_move();
        match self.game.play(p) {
            Ok(_) => {
                self.hint = None;
                self.paused = false;
                let text = self.played(color, p);
                self.say(text);
            }
            Err(e) => {
                let why = words::refusal(&e, self.game.size());
                self.warn(format!("refused: {why}"));
            }
        }
    }

    /// `black played h8`, and the end of the game if the move ended it.
    pub(super) fn played(&self, color: Color, p: Pos) -> String {
        let point = to_human(p, self.game.size());
        let who = match self.settings.seat(color) {
            Seat::Person => color.to_string(),
            Seat::Computer => self.settings.player(color),
        };
        match words::outcome(&self.game) {
            Some(end) => format!("{who} played {point}: {end}"),
            None => format!("{who} played {point}"),
        }
    }

    /// Takes back one move, or against the computer the pair (its reply and the
    /// person's move), so that the person is to move again (see `Settings::takeback`).
    pub(super) fn undo(&mut self) {
        self.cancel_search();
        if let Some(c) = self.resigned.take() {
            self.say(format!("{c}'s resignation taken back"));
            return;
        }
        let k = self.settings.takeback().undo_count(&self.game);
        if let Some(answer) = self.undo_in_opening(k) {
            self.history_answer(answer);
            return;
        }
        let n = self.game.undo(k);
        if n == 0 {
            self.warn("nothing to take back".to_string());
            return;
        }
        self.after_history_change();
        self.say(format!("took back {n} move(s)"));
    }

    /// Replays what undo took back: one move, or against the computer up to the
    /// person's next turn (see `Settings::takeback`).
    pub(super) fn redo(&mut self) {
        if self.resigned.is_some() {
            self.warn("the game is over: U takes the resignation back".to_string());
            return;
        }
        self.cancel_search();
        if let Some(answer) = self.redo_in_opening() {
            self.history_answer(answer);
            return;
        }
        let k = self.settings.takeback().redo_count(&self.game);
        let n = self.game.redo(k);
        if n == 0 {
            self.warn("nothing to redo".to_string());
            return;
        }
        self.after_history_change();
        self.say(format!("replayed {n} move(s)"));
    }

    /// The words of an undo or redo through an opening's decisions.
    fn history_answer(&mut self, answer: Result<String, String>) {
        match answer {
            Ok(text) => {
                self.after_history_change();
                self.say(text);
            }
            Err(text) => self.warn(text),
        }
    }

    /// After undo, redo or a load: no hint, and a computer left to move waits for Enter
    /// instead of playing at once what was just taken back.
    pub(super) fn after_history_change(&mut self) {
        self.hint = None;
        self.paused = self.computer_to_move();
        if let Some(p) = self.game.last_move() {
            self.cursor = p;
        }
    }

    /// The person gives up (the side to move when two people play).
    pub(super) fn resign(&mut self) {
        if self.game.is_over() || self.resigned.is_some() {
            self.warn("the game is already over".to_string());
            return;
        }
        let color = match (self.settings.person_color(), self.settings.black) {
            (Some(c), _) => c,
            (None, Seat::Person) => self.game.to_move(),
            (None, Seat::Computer) => {
                self.warn("no person plays: nobody to resign".to_string());
                return;
            }
        };
        self.cancel_search();
        self.resigned = Some(color);
        self.say(format!("{color} resigned: {} wins", color.opponent()));
    }
}
