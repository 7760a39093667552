//! The brain's state machine: board, rule, settings and the answers to every command.
//! It never does I/O and never searches itself: a command that needs thinking becomes a
//! [`ThinkJob`] for the session to run, and its result comes back through
//! [`Brain::finish`]. A bad line gets `ERROR <reason>` and changes nothing.
//!
//! This file is the state machine and the dispatch of one-line commands; INFO settings
//! are in `settings`, BOARD-like bodies in `rebuild`, answers to searches in `answer`.

mod answer;
mod rebuild;
mod settings;

pub use answer::Outcome;

use fiveinrow_engine::{Engine, Limits, Options};
use fiveinrow_rules::{check_size, Color, Game, Pos, Rule};

use crate::command::{parse_command, Command};
use crate::swap2::Swap2Step;
use rebuild::Body;
use settings::Settings;

pub const NAME: &str = "FiveInRow";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What the brain asks its session to do.
#[derive(Debug)]
pub enum Output {
    /// Print this line (and flush).
    Line(String),
    /// Search, then call [`Brain::finish`] with the result.
    Think(Box<ThinkJob>),
    /// Stop reading input and exit.
    Exit,
}

/// A search the session runs on another thread.
#[derive(Debug, Clone)]
pub struct ThinkJob {
    pub game: Game,
    pub limits: Limits,
    pub options: Options,
    pub kind: ThinkKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThinkKind {
    /// Our move: play it on our board and print it.
    Move,
    /// YXNBEST: print the lines, then the best move (not played).
    NBest,
    /// SWAP2BOARD: an opening decision.
    Swap2(Swap2Step),
}

pub struct Brain {
    size: u8,
    rule: Rule,
    started: bool,
    game: Game,
    settings: Settings,
    blocked: Vec<Pos>,
    body: Option<Body>,
    /// The engine, made at the first search (so START/INFO come first and no table is
    /// allocated for nothing); `None` before that and while a search thread has it.
    engine: Option<Engine>,
    busy: bool,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

impl Brain {
    pub fn new() -> Brain {
        Brain {
            size: 15,
            rule: Rule::Freestyle,
            started: false,
            game: Game::default(),
            settings: Settings::default(),
            blocked: Vec::new(),
            body: None,
            engine: None,
            busy: false,
        }
    }

    /// The game as the brain sees it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Takes the engine for a search thread (`None` while one has it already).
    pub fn take_engine(&mut self) -> Option<Engine> {
        if self.busy {
            return None;
        }
        self.busy = true;
        Some(
            self.engine
                .take()
                .unwrap_or_else(|| Engine::new(Options::default())),
        )
    }

    /// Gives the engine back after a search.
    pub fn return_engine(&mut self, engine: Engine) {
        self.engine = Some(engine);
        self.busy = false;
    }

    /// Handles one input line.
    pub fn feed(&mut self, line: &str) -> Vec<Output> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        if self.body.is_some() {
            return self.feed_body(line);
        }
        match parse_command(line) {
            Ok(cmd) if cmd.has_body() => {
                self.body = Some(Body::new(cmd));
                Vec::new()
            }
            Ok(cmd) => self.handle(cmd),
            Err(e) => self::line(format!("ERROR {e}")),
        }
    }

    fn handle(&mut self, cmd: Command) -> Vec<Output> {
        match cmd {
            Command::Start(n) => match check_size(n) {
                Ok(size) => {
                    self.size = size;
                    self.started = true;
                    self.new_game();
                    // Make the engine (and its table) now: START is not on the clock,
                    // the first TURN is.
                    if self.engine.is_none() && !self.busy {
                        self.engine = Some(Engine::new(Options::default()));
                    }
                    ok()
                }
                Err(e) => line(format!("ERROR {e}")),
            },
            Command::RectStart(w, h) => {
                if w == h {
                    self.handle(Command::Start(w))
                } else {
                    line("ERROR rectangular boards are not supported")
                }
            }
            Command::Restart => {
                if !self.started {
                    return line("ERROR RESTART before START");
                }
                self.new_game();
                ok()
            }
            Command::Begin => {
                if let Some(e) = self.not_ready() {
                    return e;
                }
                if self.game.move_count() > 0 || !self.game.setup().is_empty() {
                    return line("ERROR BEGIN on a board that is not empty");
                }
                self.think(ThinkKind::Move)
            }
            Command::Turn(x, y) => {
                if let Some(e) = self.not_ready() {
                    return e;
                }
                match self.game.play_xy(x, y) {
                    Ok(_) if self.game.is_over() => line(format!("ERROR the game is over after {x},{y}")),
                    Ok(_) => self.think(ThinkKind::Move),
                    Err(e) => line(format!("ERROR {e}")),
                }
            }
            Command::Play(x, y) => {
                if let Some(e) = self.not_ready() {
                    return e;
                }
                match self.game.play_xy(x, y) {
                    Ok(_) => line(format!("{x},{y}")),
                    Err(e) => line(format!("ERROR {e}")),
                }
            }
            Command::Takeback(x, y) => {
                if let Some(e) = self.not_ready() {
                    return e;
                }
                match self.game.last_move() {
                    Some(p) if i64::from(p.x()) == x && i64::from(p.y()) == y => {
                        self.game.undo(1);
                        ok()
                    }
                    Some(p) => line(format!("ERROR the last move is {p}, not {x},{y}")),
                    None => line("ERROR no move to take back"),
                }
            }
            Command::Info(key, value) => {
                self.info(&key, &value);
                Vec::new()
            }
            Command::End => vec![Output::Exit],
            Command::About => line(format!(
                "name=\"{NAME}\", version=\"{VERSION}\", author=\"FiveInRow team\", country=\"-\", www=\"https://github.com/fiveinrow\""
            )),
            Command::ShowInfo => vec![
                Output::Line(format!("MESSAGE INFO MAX_THREAD_NUM {}", max_threads())),
                Output::Line("MESSAGE INFO MAX_HASH_SIZE 30".to_string()),
            ],
            Command::Stop => Vec::new(), // nothing to stop when idle
            Command::NBest(n) => {
                if let Some(e) = self.not_ready() {
                    return e;
                }
                let mut out = self.think(ThinkKind::NBest);
                if let Some(Output::Think(job)) = out.first_mut() {
                    job.options.multipv = n;
                }
                out
            }
            Command::ShowForbid => {
                let mut s = String::from("FORBID ");
                if self.game.rule() == Rule::Renju {
                    for (p, _) in self.game.board().forbidden_points() {
                        s.push_str(&format!("{:02}{:02}", p.x(), p.y()));
                    }
                }
                s.push('.');
                line(s)
            }
            Command::HashClear => {
                if let Some(e) = self.engine.as_mut() {
                    e.clear();
                }
                Vec::new()
            }
            Command::BlockReset => {
                self.blocked.clear();
                Vec::new()
            }
            Command::TraceBoard => {
                let moves: Vec<String> = self.game.moves().iter().map(|p| p.to_string()).collect();
                let setup: Vec<String> = self
                    .game
                    .setup()
                    .iter()
                    .map(|(p, c)| format!("{p}{}", if *c == Color::Black { "b" } else { "w" }))
                    .collect();
                line(format!(
                    "MESSAGE board size {} rule {} tomove {} setup [{}] moves [{}] blocked {}",
                    self.size,
                    self.rule,
                    self.game.to_move(),
                    setup.join(" "),
                    moves.join(" "),
                    self.blocked.len()
                ))
            }
            Command::Unknown(w) => line(format!("UNKNOWN command '{w}'")),
            // Bodies are collected first; the parser never hands these here.
            Command::Board { .. } | Command::Swap2Board | Command::Block { .. } => {
                line("ERROR unexpected body")
            }
        }
    }

    fn not_ready(&self) -> Option<Vec<Output>> {
        if !self.started {
            return Some(line("ERROR START first"));
        }
        if self.settings.caro {
            return Some(line("ERROR rule 8 (caro) is not supported"));
        }
        None
    }

    fn new_game(&mut self) {
        self.game = Game::new(self.rule, self.size.into()).expect("checked size");
        self.blocked.clear();
    }

    fn info(&mut self, key: &str, value: &str) {
        let Some(rule) = self.settings.apply(key, value) else {
            return;
        };
        if rule != self.rule {
            self.rule = rule;
            // The rule applies to the game in progress too (usually sent before BEGIN).
            let moves = self.game.moves();
            self.game = Game::from_moves(rule, self.size.into(), &moves)
                .unwrap_or_else(|_| Game::new(rule, self.size.into()).expect("checked size"));
        }
    }

    /// A search of the position now, under the limits of the settings.
    fn think(&mut self, kind: ThinkKind) -> Vec<Output> {
        vec![Output::Think(Box::new(ThinkJob {
            game: self.game.clone(),
            limits: self.settings.limits(self.blocked.clone()),
            options: self.settings.options(),
            kind,
        }))]
    }
}

fn ok() -> Vec<Output> {
    line("OK")
}

fn line(s: impl Into<String>) -> Vec<Output> {
    vec![Output::Line(s.into())]
}

fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
