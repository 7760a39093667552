//! A test driver: an `App` at 80x24 with keys typed as text, and the screen as text.

use std::time::Duration;

use fiveinrow_engine::Level;
use fiveinrow_rules::{Pos, Rule};

use crate::tui::app::App;
use crate::tui::input::{Input, Key};
use crate::tui::layout::Layout;
use crate::tui::screen::{Cell, Screen};
use crate::tui::settings::{Seat, Settings};
use crate::tui::view;

pub struct Driver {
    pub app: App,
}

/// Settings for quick tests: a weak, fast computer.
pub fn settings(black: Seat, white: Seat, rule: Rule, size: u8) -> Settings {
    Settings {
        black,
        white,
        rule,
        size,
        level: Level::new(2),
        move_time: Duration::from_secs(10),
        nodes: Some(2_000),
        opening: None,
    }
}

impl Driver {
    pub fn new(settings: Settings) -> Driver {
        let mut app = App::new(settings, false);
        app.handle(Input::Resize {
            width: 80,
            height: 24,
        });
        Driver { app }
    }

    /// Two people, renju, 15x15.
    pub fn people() -> Driver {
        Driver::new(settings(Seat::Person, Seat::Person, Rule::Renju, 15))
    }

    pub fn key(&mut self, key: Key) {
        self.app.handle(Input::Key(key));
        self.app.poll();
    }

    /// Types each character as a key (`\n` is Enter).
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            let key = if c == '\n' { Key::Enter } else { Key::Char(c) };
            self.key(key);
        }
    }

    /// Types points one after the other (`h8 a1`); Enter ends one that could go on.
    pub fn play(&mut self, points: &str) {
        for point in points.split_whitespace() {
            self.type_text(point);
            if !self.app.entry.is_empty() {
                self.key(Key::Enter);
            }
        }
    }

    pub fn click(&mut self, p: Pos) {
        let (column, row) = self.layout().cell_of(p);
        self.app.handle(Input::Click { column, row });
        self.app.poll();
    }

    /// Waits for the engine to finish what it is doing.
    pub fn settle(&mut self) {
        assert!(
            self.app.wait_idle(Duration::from_secs(60)),
            "the engine did not finish"
        );
    }

    pub fn layout(&self) -> Layout {
        let (w, h) = self.app.size;
        Layout::fit(self.app.game.size(), w, h).expect("the board fits")
    }

    pub fn screen(&self) -> Screen {
        view::render(&self.app)
    }

    pub fn text(&self) -> String {
        self.screen().text()
    }

    /// The screen cell showing point `p`.
    pub fn cell(&self, p: Pos) -> Cell {
        let (c, r) = self.layout().cell_of(p);
        self.screen().cell(c, r).expect("on screen")
    }

    pub fn message(&self) -> String {
        self.app.message.text.clone()
    }

    pub fn stones(&self) -> usize {
        self.app.game.board().stone_count()
    }
}

/// A point from its `h8` name on 15x15.
pub fn at(name: &str) -> Pos {
    fiveinrow_rules::notation::parse_human(name, 15).expect("a point")
}
