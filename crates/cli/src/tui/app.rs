//! The terminal game's state, and where each input goes: the set-up form, a file-name
//! prompt, or the game's keys. Nothing here touches the terminal, so tests drive it
//! key by key. What the moves, the engine and the prompts do lives in the `app_*` files.

use std::cell::RefCell;

use fiveinrow_engine::Info;
use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::{Color, Game, Pos};

use crate::tui::input::{Input, Key};
use crate::tui::keymap::{game_action, Action};
use crate::tui::layout::Layout;
use crate::tui::point_entry::{PointEntry, Typed};
use crate::tui::settings::{Seat, Settings};
use crate::tui::setup::{FormAnswer, SetupForm};
use crate::tui::thinker::Thinker;

/// The line under the board: the last answer, in words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    /// A refusal or an error (shown in red).
    pub warn: bool,
}

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A suggestion for the person to move.
    Hint,
}

/// A search and what it last reported.
#[derive(Clone, Debug)]
pub struct Search {
    pub purpose: Purpose,
    /// The side the search is for.
    pub color: Color,
    pub progress: Option<Info>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    Save,
    Load,
}

/// A file name being typed.
#[derive(Clone, Debug)]
pub struct Prompt {
    pub kind: PromptKind,
    pub text: String,
}

pub struct App {
    pub(super) settings: Settings,
    pub(super) game: Game,
    /// The opening rule's decisions; the game's first stones are its stones.
    pub(super) opening: Option<Opening>,
    pub(super) cursor: Pos,
    pub(super) entry: PointEntry,
    pub(super) message: Message,
    pub(super) hint: Option<Pos>,
    pub(super) show_forbidden: bool,
    /// Who resigned; the rules core knows no resignation, so the app keeps it.
    pub(super) resigned: Option<Color>,
    /// The computer waits for Enter (after undo, redo or a load left it to move).
    pub(super) paused: bool,
    pub(super) search: Option<Search>,
    /// The last finished search, shown until the next one reports.
    pub(super) last_search: Option<Search>,
    pub(super) setup: Option<SetupForm>,
    pub(super) prompt: Option<Prompt>,
    /// Whether a game has started (the set-up form can go back to it).
    pub(super) started: bool,
    /// Terminal size (columns, rows).
    pub(super) size: (u16, u16),
    pub(super) quit: bool,
    /// Why the game had to end, if it was not the player's choice.
    pub(super) failure: Option<String>,
    pub(super) thinker: Thinker,
    pub(super) last_file: String,
    /// Black's forbidden points by position hash: the board is drawn many times a second.
    forbidden_cache: RefCell<Option<(u64, usize, Vec<Pos>)>>,
}

impl App {
    /// A game with these settings; with `show_setup` the set-up form comes first.
    pub fn new(settings: Settings, show_setup: bool) -> App {
        let mut app = App {
            game: Game::default(),
            opening: None,
            cursor: Pos::centre(15),
            entry: PointEntry::default(),
            message: Message::default(),
            hint: None,
            show_forbidden: true,
            resigned: None,
            paused: false,
            search: None,
            last_search: None,
            setup: None,
            prompt: None,
            started: false,
            size: (80, 24),
            quit: false,
            failure: None,
            thinker: Thinker::new(),
            last_file: "game.sgf".to_string(),
            forbidden_cache: RefCell::new(None),
            settings: settings.clone(),
        };
        if show_setup {
            app.setup = Some(SetupForm::new(settings));
        } else {
            app.start_game(settings);
        }
        app
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    pub fn handle(&mut self, input: Input) {
        match input {
            Input::Resize { width, height } => self.size = (width, height),
            Input::Key(key) if self.setup.is_some() => self.form_key(key),
            Input::Key(key) if self.prompt.is_some() => self.prompt_key(key),
            Input::Key(key) => self.game_key(key),
            Input::Click { column, row } => {
                if self.setup.is_none() && self.prompt.is_none() {
                    self.click(column, row);
                }
            }
        }
        self.start_computer_if_due();
    }

    fn form_key(&mut self, key: Key) {
        let Some(form) = self.setup.as_mut() else {
            return;
        };
        match form.handle(key) {
            FormAnswer::Stay => {}
            FormAnswer::Start => {
                let settings = form.settings.clone();
                self.setup = None;
                self.start_game(settings);
            }
            FormAnswer::Back if self.started => self.setup = None,
            FormAnswer::Back => {}
            FormAnswer::Quit => self.quit = true,
        }
    }

    fn game_key(&mut self, key: Key) {
        // During an opening, capitals and digits may be the step's choice keys.
        if let Key::Char(c) = key {
            if (c.is_ascii_uppercase() || c.is_ascii_digit()) && self.opening_key(c) {
                self.entry.clear();
                return;
            }
        }
        let action = game_action(key, self.game.size());
        if !matches!(action, Action::Type(..) | Action::Erase) {
            self.entry.clear();
        }
        match action {
            Action::Cursor(dx, dy) => self.move_cursor(dx, dy),
            Action::Type(c, vi_move) => {
                if let Some((dx, dy)) = vi_move {
                    self.move_cursor(dx, dy);
                }
                self.type_char(c);
            }
            Action::Play => self.enter(),
            Action::MoveNow => self.move_now(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::ToggleForbidden => {
                self.show_forbidden = !self.show_forbidden;
                let state = if self.show_forbidden {
                    "shown"
                } else {
                    "hidden"
                };
                self.say(format!("forbidden points {state}"));
            }
            Action::NewGame => {
                self.cancel_search();
                self.setup = Some(SetupForm::new(self.settings.clone()));
            }
            Action::Resign => self.resign(),
            Action::Save => self.open_prompt(PromptKind::Save),
            Action::Load => self.open_prompt(PromptKind::Load),
            Action::Quit => self.quit = true,
            Action::Cancel => {
                self.hint = None;
                self.message = Message::default();
            }
            Action::Erase => {
                self.entry.erase();
            }
            Action::Nothing => {}
        }
    }

    fn type_char(&mut self, c: char) {
        match self.entry.push(c, self.game.size()) {
            Typed::Column => {}
            Typed::Aim(p) => self.cursor = p,
            Typed::Complete(p) => {
                self.cursor = p;
                self.play_person(p);
            }
            Typed::NoSuchRow(text) => self.warn(format!("{text} is not a point of this board")),
            Typed::Ignored if c.is_ascii_digit() => {
                self.warn("type the column letter first, then the row: h8".to_string());
            }
            Typed::Ignored => {}
        }
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let last = i16::from(self.game.size()) - 1;
        let step = |v: u8, d: i8| (i16::from(v) + i16::from(d)).clamp(0, last) as u8;
        self.cursor =
            Pos::new(step(self.cursor.x(), dx), step(self.cursor.y(), dy)).unwrap_or(self.cursor);
    }

    fn click(&mut self, column: u16, row: u16) {
        let (w, h) = self.size;
        let Ok(layout) = Layout::fit(self.game.size(), w, h) else {
            return;
        };
        if let Some(p) = layout.point_at(column, row) {
            self.entry.clear();
            self.cursor = p;
            self.play_person(p);
        }
    }

    /// Enter or Space: the computer's move now, or let a waiting computer play, or
    /// play at the cursor.
    fn enter(&mut self) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Move)
        {
            self.move_now();
        } else if self.paused && self.computer_to_move() {
            self.paused = false;
            self.say(format!(
                "{} plays on",
                self.settings.player(self.game.to_move())
            ));
        } else {
            self.play_person(self.cursor);
        }
    }

    /// A fresh game with these settings (the set-up form's Enter, and the start).
    pub(super) fn start_game(&mut self, settings: Settings) {
        self.cancel_search();
        self.thinker.clear();
        self.game = Game::new(settings.rule, settings.size.into()).unwrap_or_default();
        self.opening = settings
            .opening
            .and_then(|o| Opening::new(o, self.game.rule(), self.game.size()));
        self.settings = settings;
        self.cursor = Pos::centre(self.game.size());
        self.entry.clear();
        self.hint = None;
        self.resigned = None;
        self.paused = false;
        self.last_search = None;
        self.started = true;
        let n = self.game.size();
        let opening = match (&self.opening, self.step_words()) {
            (Some(o), Some(step)) => format!(", {} opening: {step}", o.rule().name()),
            _ => String::new(),
        };
        self.say(format!(
            "new game: {} {n}x{n}, {} against {}{opening}",
            self.game.rule(),
            self.settings.player(Color::Black),
            self.settings.player(Color::White)
        ));
    }

    /// Whether the side to act (to move, or to decide the opening's step) is the
    /// computer and the game goes on.
    pub(super) fn computer_to_move(&self) -> bool {
        !self.game.is_over()
            && self.resigned.is_none()
            && self.settings.seat(self.acting_color()) == Seat::Computer
    }

    /// Black's forbidden points now (empty unless renju).
    pub(super) fn forbidden_points(&self) -> Vec<Pos> {
        let key = (self.game.hash(), self.game.move_count());
        let mut cache = self.forbidden_cache.borrow_mut();
        match cache.as_ref() {
            Some((h, n, points)) if (*h, *n) == key => points.clone(),
            _ => {
                let points: Vec<Pos> = self
                    .game
                    .forbidden_points()
                    .into_iter()
                    .map(|(p, _)| p)
                    .collect();
                *cache = Some((key.0, key.1, points.clone()));
                points
            }
        }
    }

    pub(super) fn say(&mut self, text: String) {
        self.message = Message { text, warn: false };
    }

    pub(super) fn warn(&mut self, text: String) {
        self.message = Message { text, warn: true };
    }
}
