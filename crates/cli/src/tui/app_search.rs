//! The engine's part of the game: the computer's moves, hints, and stopping a search
//! to take its best move so far. Searches run in the thinker's thread; their reports
//! are picked up by `poll`, which the event loop calls many times a second.

use std::time::Duration;

use fiveinrow_engine::{EngineError, Info, SearchResult};
use fiveinrow_rules::notation::to_human;
use fiveinrow_rules::opening::Action;

use crate::tui::app::{App, Purpose, Search};
use crate::tui::thinker::Report;
use crate::tui::words;

impl App {
    /// Takes in what the engine reported, then starts the computer's move if it is due.
    pub fn poll(&mut self) {
        self.poll_wait(Duration::ZERO);
    }

    /// Like `poll`, waiting up to `wait` for the first report.
    pub(super) fn poll_wait(&mut self, wait: Duration) {
        let mut wait = wait;
        loop {
            match self.thinker.next_report(wait) {
                Ok(Some(Report::Progress(info))) => {
                    if let Some(s) = self.search.as_mut() {
                        // With several candidate lines, the first one is the best.
                        if info.multipv <= 1 {
                            s.progress = Some(info);
                        }
                    }
                }
                Ok(Some(Report::Done(result))) => self.finish_search(result),
                Ok(Some(Report::Decided(action))) => self.finish_decision(action),
                Ok(None) => break,
                Err(_) => {
                    self.search = None;
                    self.failure = Some("the engine stopped unexpectedly".to_string());
                    self.quit = true;
                    break;
                }
            }
            wait = Duration::ZERO;
        }
        self.start_computer_if_due();
    }

    /// Starts the computer's search when it is to move and nothing holds it back.
    pub(super) fn start_computer_if_due(&mut self) {
        if !self.started
            || self.setup.is_some()
            || self.paused
            || self.search.is_some()
            || self.failure.is_some()
            || !self.computer_to_move()
        {
            return;
        }
        let color = self.acting_color();
        match self.opening_in_progress().cloned() {
            Some(o) => {
                let limits = self.settings.decision_limits();
                self.thinker.decide(&o, limits, self.settings.level);
            }
            None => self.thinker.start(
                &self.game,
                self.settings.limits(),
                Some(self.settings.level),
            ),
        }
        self.search = Some(Search {
            purpose: Purpose::Move,
            color,
            progress: None,
        });
    }

    /// A hint for the person to move: a full-strength search within the move's limits.
    pub(super) fn ask_hint(&mut self) {
        if self.game.is_over() || self.resigned.is_some() {
            self.warn("no hint: the game is over".to_string());
            return;
        }
        if self.computer_to_move() {
            self.warn("no hint: it is the computer's move".to_string());
            return;
        }
        let color = self.acting_color();
        match self.opening_in_progress().cloned() {
            // Full strength: the level's nodes do not cap a hint.
            Some(o) => {
                self.thinker
                    .decide(&o, self.settings.limits(), fiveinrow_engine::Level::new(8))
            }
            None => self.thinker.start(&self.game, self.settings.limits(), None),
        }
        self.search = Some(Search {
            purpose: Purpose::Hint,
            color,
            progress: None,
        });
        self.say("looking for a hint (M: stop and show it)".to_string());
    }

    /// Stops the search; its best move so far is played (or shown, for a hint).
    pub(super) fn move_now(&mut self) {
        if self.search.is_some() {
            self.thinker.stop();
        } else {
            self.warn("nothing is being searched".to_string());
        }
    }

    /// The engine's opening decision: taken for the computer, shown for a hint.
    fn finish_decision(&mut self, action: Option<Action>) {
        let Some(search) = self.search.take() else {
            return;
        };
        let size = self.game.size();
        match (search.purpose, action) {
            (Purpose::Move, Some(a)) => {
                let who = self.settings.player(search.color);
                match self.take_decision(a.clone()) {
                    Ok(()) => {
                        self.hint = None;
                        let text = self.decided(&who, &a);
                        self.say(text);
                    }
                    Err(e) => {
                        self.paused = true;
                        self.warn(format!("the computer's decision was refused: {e}"));
                    }
                }
            }
            (Purpose::Move, None) => {
                self.paused = true;
                self.warn("the computer found no opening decision".to_string());
            }
            (Purpose::Hint, Some(a)) => {
                if let Action::Place(p) | Action::Pick(p) = a {
                    self.hint = Some(p);
                    self.cursor = p;
                }
                let words = crate::tui::app_opening::action_words(&a, size);
                self.say(format!("hint: {words}"));
            }
            (Purpose::Hint, None) => self.warn("no hint for this step".to_string()),
        }
        // A decision has no line to show, and the seats may have changed colours since.
        self.last_search = None;
        drop(search);
    }

    /// Stops and forgets any search (undo, a new game, the person moved).
    pub(super) fn cancel_search(&mut self) {
        self.thinker.cancel();
        self.search = None;
    }

    fn finish_search(&mut self, result: Result<SearchResult, EngineError>) {
        let Some(mut search) = self.search.take() else {
            return;
        };
        if let Ok(r) = &result {
            // The panel shows what was chosen (a level may pick a line other than the
            // last reported best), and a move found without a report at all.
            search.progress = Some(Info {
                depth: r.depth,
                seldepth: 0,
                multipv: 1,
                score: r.score,
                nodes: r.nodes,
                nps: 0,
                hashfull: 0,
                time_ms: r.time_ms,
                pv: r.pv.clone(),
            });
        }
        let size = self.game.size();
        match (search.purpose, result) {
            (Purpose::Move, Ok(r)) => match self.game.play(r.best) {
                Ok(_) => {
                    self.hint = None;
                    let text = self.played(search.color, r.best);
                    self.say(format!("{text}  (score {})", r.score));
                }
                Err(e) => {
                    // The rules core has the last word even over the engine.
                    self.paused = true;
                    let why = words::refusal(&e, size);
                    self.warn(format!("the computer's move was refused: {why}"));
                }
            },
            (Purpose::Move, Err(e)) => {
                self.paused = true;
                self.warn(format!("the computer found no move: {e}"));
            }
            (Purpose::Hint, Ok(r)) => {
                self.hint = Some(r.best);
                self.cursor = r.best;
                self.say(format!(
                    "hint: {} (score {}; Enter plays it)",
                    to_human(r.best, size),
                    r.score
                ));
            }
            (Purpose::Hint, Err(e)) => self.warn(format!("no hint: {e}")),
        }
        self.last_search = Some(search);
    }

    /// Waits until no search runs (a computer-only game: until it ends). Tests only.
    #[cfg(test)]
    pub(super) fn wait_idle(&mut self, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            self.poll();
            if self.search.is_none() {
                return true;
            }
            if std::time::Instant::now() >= deadline {
                return false;
            }
            self.poll_wait(Duration::from_millis(20));
        }
    }
}
