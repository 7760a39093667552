//! An opening rule in the terminal game (swap1, swap2, Soosõrv-8, Taraguchi-10): the
//! rules core's [`Opening`] says whose decision it is and refuses what its rule refuses;
//! here a person's points and keys become its decisions, the stones follow on the board,
//! and a swap moves the seats (person, computer) to the other colours, as in the web app.

use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::opening::{Action, Opening, OpeningError, Step, Swap2Choice, TaraguchiChoice};
use fiveinrow_rules::{Color, Pos};

use crate::tui::app::App;
use crate::tui::words;

impl App {
    /// The opening, while it still asks for decisions.
    pub(super) fn opening_in_progress(&self) -> Option<&Opening> {
        self.opening.as_ref().filter(|o| !o.is_done())
    }

    /// The colour that acts now: the one deciding the opening's step, or the one to move.
    pub(super) fn acting_color(&self) -> Color {
        match self.opening_in_progress() {
            Some(o) if o.decider() == o.black_seat() => Color::Black,
            Some(_) => Color::White,
            None => self.game.to_move(),
        }
    }

    /// A point chosen by the person during the opening: a stone, an offer, or the pick.
    pub(super) fn opening_point(&mut self, p: Pos) {
        let Some(o) = self.opening_in_progress() else {
            return;
        };
        let action = match o.step() {
            Step::Place { .. } | Step::Offer { .. } => Action::Place(p),
            Step::Pick => Action::Pick(p),
            _ => {
                let keys = step_keys(o.step()).unwrap_or_default();
                self.warn(format!("no stone now: {keys}"));
                return;
            }
        };
        self.decide_person(action);
    }

    /// A choice key (`B`, `W`, `K`, `T`, `O`) or a digit of N, read for the step asked.
    /// Returns false when the step takes no such key (the key then does what it
    /// otherwise does).
    pub(super) fn opening_key(&mut self, c: char) -> bool {
        let Some(o) = self.opening_in_progress() else {
            return false;
        };
        let action = match (o.step(), c) {
            (Step::SwapOption, 'W') => Action::Swap,
            (Step::SwapOption, 'K') => Action::Stay,
            (Step::ChooseColor, 'B') => Action::Swap,
            (Step::ChooseColor, 'W') => Action::Stay,
            (Step::Swap2Choice, 'W') => Action::Swap2(Swap2Choice::PlayWhite),
            (Step::Swap2Choice, 'B') => Action::Swap2(Swap2Choice::TakeBlack),
            (Step::Swap2Choice, 'T') => Action::Swap2(Swap2Choice::PlaceTwo),
            (Step::TaraguchiChoice, 'O') => Action::Taraguchi(TaraguchiChoice::One),
            (Step::TaraguchiChoice, 'T') => Action::Taraguchi(TaraguchiChoice::Ten),
            (Step::Declare, d) if d.is_ascii_digit() => {
                Action::Declare(d.to_digit(10).unwrap_or(0) as u8)
            }
            _ => return false,
        };
        if self.settings.seat(self.acting_color()) == crate::tui::settings::Seat::Computer {
            let who = self.settings.player(self.acting_color());
            self.warn(format!("{who} decides this step: Space lets it"));
            return true;
        }
        self.decide_person(action);
        true
    }

    /// Takes the person's decision, or says why the rule refuses it.
    fn decide_person(&mut self, action: Action) {
        self.cancel_search();
        let who = self.settings.player(self.acting_color());
        match self.take_decision(action.clone()) {
            Ok(()) => {
                self.hint = None;
                self.paused = false;
                let text = self.decided(&who, &action);
                self.say(text);
            }
            Err(e) => {
                let why = match &e {
                    OpeningError::Move(m) => words::refusal(m, self.game.size()),
                    other => other.to_string(),
                };
                self.warn(format!("refused: {why}"));
            }
        }
    }

    /// Takes a decision (the person's or the computer's) and brings the stones and seats
    /// along; a refusal changes nothing.
    pub(super) fn take_decision(&mut self, action: Action) -> Result<(), OpeningError> {
        let mut outcome = Err(OpeningError::Over);
        self.change_opening(|o| {
            outcome = o.act(action);
            outcome.is_ok()
        });
        outcome
    }

    /// The message after `who` took `action`: what was decided, then what comes next.
    pub(super) fn decided(&self, who: &str, action: &Action) -> String {
        let done = format!("{who} {}", action_words(action, self.game.size()));
        match self.step_words() {
            Some(next) => format!("{done}; {next}"),
            None => format!(
                "{done}; the opening is over, {} to move",
                self.settings.player(self.game.to_move())
            ),
        }
    }

    /// Runs `change` on the opening; when it changed something the board takes the
    /// opening's stones and, if the seat playing black changed, the seats swap colours.
    pub(super) fn change_opening(&mut self, change: impl FnOnce(&mut Opening) -> bool) -> bool {
        let Some(o) = self.opening.as_mut() else {
            return false;
        };
        let black_before = o.black_seat();
        if !change(o) {
            return false;
        }
        self.game = o.game().clone();
        if o.black_seat() != black_before {
            std::mem::swap(&mut self.settings.black, &mut self.settings.white);
        }
        if let Some(p) = self.game.last_move() {
            self.cursor = p;
        }
        true
    }

    /// The opening's step in words (`white (person) to offer 4 fifth moves: 1 of 4
    /// placed`), or `None` when there is no opening in progress.
    pub(super) fn step_words(&self) -> Option<String> {
        let o = self.opening_in_progress()?;
        let who = self.settings.player(self.acting_color());
        let nth = ordinal(self.game.move_count() + 1);
        Some(match o.step() {
            Step::Place { color, area } => {
                let area = area.map_or(String::new(), |a| format!(" in the central {a}x{a}"));
                format!("{who} to place the {nth} stone ({color}){area}")
            }
            Step::SwapOption => format!("{who} to swap colours or keep them"),
            Step::ChooseColor => format!("{who} to choose a colour"),
            Step::Swap2Choice => format!("{who} to choose: play white, take black, or two more"),
            Step::Declare => format!("{who} to declare how many 5th moves black offers"),
            Step::TaraguchiChoice => {
                format!("{who} to choose one 5th move in the centre or ten offers")
            }
            Step::Offer { wanted, placed } => {
                format!("{who} to offer {wanted} fifth moves: {placed} of {wanted} placed")
            }
            Step::Pick => format!("{who} to pick one of the offered 5th moves"),
            Step::Done => return None,
        })
    }

    /// The keys of the step asked now, when it takes keys.
    pub(super) fn step_key_words(&self) -> Option<&'static str> {
        step_keys(self.opening_in_progress()?.step())
    }

    /// Undo during or right after the opening: moves after it go back first (down to its
    /// end), then its decisions one at a time. Returns what was taken back in words, or
    /// `None` when the opening has nothing to do with this undo.
    pub(super) fn undo_in_opening(&mut self, wanted: usize) -> Option<Result<String, String>> {
        let stones = self.opening.as_ref()?.game().move_count();
        let after = self.game.move_count().saturating_sub(stones);
        if after > 0 {
            let n = self.game.undo(wanted.min(after));
            return Some(Ok(format!("took back {n} move(s)")));
        }
        // Into the opening: the moves undone after it cannot be redone from there.
        let word = self
            .opening
            .as_ref()
            .and_then(|o| o.actions().last().cloned())
            .map(|a| action_words(&a, self.game.size()));
        Some(match (self.change_opening(Opening::undo), word) {
            (true, Some(w)) => Ok(format!("took back the decision: {w}")),
            _ => Err("nothing to take back".to_string()),
        })
    }

    /// Redo while the opening is in progress: its next undone decision.
    pub(super) fn redo_in_opening(&mut self) -> Option<Result<String, String>> {
        self.opening_in_progress()?;
        Some(if self.change_opening(Opening::redo) {
            let last = self
                .opening
                .as_ref()
                .and_then(|o| o.actions().last().cloned());
            let w = last.map_or(String::new(), |a| action_words(&a, self.game.size()));
            Ok(format!("replayed the decision: {w}"))
        } else {
            Err("nothing to redo".to_string())
        })
    }
}

/// The keys a step takes, in words.
fn step_keys(step: &Step) -> Option<&'static str> {
    Some(match step {
        Step::Place { .. } | Step::Offer { .. } => "place it: h8, a click, or Enter",
        Step::Pick => "pick an offered 5 (h8, a click, or Enter)",
        Step::SwapOption => "W swap, K keep the colours",
        Step::ChooseColor => "B take black, W take white",
        Step::Swap2Choice => "W play white, B take black, T two more",
        Step::Declare => "type N, 1 to 8",
        Step::TaraguchiChoice => "O one 5th move, T ten offers",
        Step::Done => return None,
    })
}

/// A decision in words: `placed h8`, `swapped`, `declared N = 3`.
pub fn action_words(action: &Action, size: u8) -> String {
    match action {
        Action::Place(p) => format!("placed {}", to_human(*p, size)),
        Action::Swap => "swapped".into(),
        Action::Stay => "kept the colours".into(),
        Action::Swap2(Swap2Choice::PlayWhite) => "plays white".into(),
        Action::Swap2(Swap2Choice::TakeBlack) => "took black".into(),
        Action::Swap2(Swap2Choice::PlaceTwo) => "places two more stones".into(),
        Action::Declare(n) => format!("declared N = {n}"),
        Action::Taraguchi(TaraguchiChoice::One) => "chose one 5th move".into(),
        Action::Taraguchi(TaraguchiChoice::Ten) => "chose ten offers".into(),
        Action::Pick(p) => format!("picked {}", to_human(*p, size)),
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
