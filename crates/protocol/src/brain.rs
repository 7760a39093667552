//! The brain's state machine: board, rule, settings and the answers to every command.
//! It never does I/O and never searches itself: a command that needs thinking becomes a
//! [`ThinkJob`] for the session to run, and its result comes back through
//! [`Brain::finish`]. A bad line gets `ERROR <reason>` and changes nothing.

use std::time::Duration;

use fiveinrow_engine::{Engine, Level, Limits, Options, SearchResult};
use fiveinrow_rules::{check_size, Color, Game, Pos, Rule};

use crate::command::{parse_body_line, parse_command, BodyLine, Command, LineError};
use crate::swap2::Swap2Step;

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

/// Limits and settings from INFO lines.
#[derive(Debug, Clone, Default)]
struct Settings {
    timeout_turn: Option<u64>,
    timeout_match: Option<u64>,
    time_left: Option<i64>,
    max_memory: Option<u64>,
    threads: Option<usize>,
    max_depth: Option<i32>,
    max_node: Option<u64>,
    increment: Option<u64>,
    level: Option<u8>,
    hash_mb: Option<usize>,
    folder: Option<String>,
    caro: bool,
}

/// A BOARD-like body being collected until DONE.
struct Body {
    command: Command,
    lines: Vec<BodyLine>,
    error: Option<String>,
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
                self.body = Some(Body {
                    command: cmd,
                    lines: Vec::new(),
                    error: None,
                });
                Vec::new()
            }
            Ok(cmd) => self.handle(cmd),
            Err(e) => error(e),
        }
    }

    fn feed_body(&mut self, line: &str) -> Vec<Output> {
        if line.eq_ignore_ascii_case("DONE") {
            let body = self.body.take().expect("body");
            if let Some(e) = body.error {
                return vec![Output::Line(format!("ERROR {e}"))];
            }
            return self.finish_body(body.command, body.lines);
        }
        let body = self.body.as_mut().expect("body");
        match parse_body_line(line) {
            Ok(b) if body.error.is_none() => body.lines.push(b),
            Ok(_) => {}
            Err(e) => {
                if body.error.is_none() {
                    body.error = Some(format!("bad line '{line}': {e}"));
                }
            }
        }
        Vec::new()
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
                    Some(p) if i64::from(p.x) == x && i64::from(p.y) == y => {
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
                        s.push_str(&format!("{:02}{:02}", p.x, p.y));
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
            Command::Board { .. } | Command::Swap2Board | Command::Block { .. } => {
                unreachable!("bodies are collected first")
            }
        }
    }

    fn finish_body(&mut self, cmd: Command, lines: Vec<BodyLine>) -> Vec<Output> {
        match cmd {
            Command::Board { think } => {
                if !self.started {
                    return line("ERROR BOARD before START");
                }
                match self.position_from_board(&lines) {
                    Ok(game) => {
                        self.game = game;
                        if !think {
                            return Vec::new();
                        }
                        if let Some(e) = self.not_ready() {
                            return e;
                        }
                        self.think(ThinkKind::Move)
                    }
                    Err(e) => line(format!("ERROR {e}")),
                }
            }
            Command::Block { add } => {
                let mut points = Vec::new();
                for b in &lines {
                    match Pos::on_board(b.x, b.y, self.size) {
                        Some(p) => points.push(p),
                        None => return line(format!("ERROR {},{} is off the board", b.x, b.y)),
                    }
                }
                for p in points {
                    if add {
                        if !self.blocked.contains(&p) {
                            self.blocked.push(p);
                        }
                    } else {
                        self.blocked.retain(|&q| q != p);
                    }
                }
                Vec::new()
            }
            Command::Swap2Board => {
                if !self.started {
                    return line("ERROR SWAP2BOARD before START");
                }
                let mut moves = Vec::new();
                for b in &lines {
                    match Pos::on_board(b.x, b.y, self.size) {
                        Some(p) => moves.push(p),
                        None => return line(format!("ERROR {},{} is off the board", b.x, b.y)),
                    }
                }
                let step = match moves.len() {
                    0 => Swap2Step::Propose,
                    3 => Swap2Step::AfterThree,
                    5 => Swap2Step::AfterFive,
                    n => return line(format!("ERROR SWAP2BOARD needs 0, 3 or 5 stones, got {n}")),
                };
                let game = match Game::from_moves(self.rule, self.size.into(), &moves) {
                    Ok(g) => g,
                    Err(e) => return line(format!("ERROR {e}")),
                };
                self.game = game;
                if step == Swap2Step::Propose {
                    // The proposal is a fixed balanced opening; no search needed.
                    return line(crate::swap2::proposal(self.size));
                }
                self.think(ThinkKind::Swap2(step))
            }
            _ => line("ERROR unexpected body"),
        }
    }

    /// The position of a BOARD body. Own stones (1) belong to the side to move. Stones in
    /// an order that alternates colours are replayed as a game (renju: so forbidden
    /// moves are judged); otherwise they are a set-up. The colour with more stones is
    /// black (equal counts: we are black).
    fn position_from_board(&self, lines: &[BodyLine]) -> Result<Game, String> {
        let stones: Vec<(Pos, u8)> = lines
            .iter()
            .filter(|b| b.field != Some(3))
            .map(|b| {
                Pos::on_board(b.x, b.y, self.size)
                    .map(|p| (p, b.field.unwrap_or(1)))
                    .ok_or_else(|| {
                        format!(
                            "{},{} is off the {}x{} board",
                            b.x, b.y, self.size, self.size
                        )
                    })
            })
            .collect::<Result<_, _>>()?;
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let opp = stones.len() - own;
        let own_color = if opp > own {
            Color::White
        } else {
            Color::Black
        };
        let color_of = |f: u8| {
            if f == 1 {
                own_color
            } else {
                own_color.opponent()
            }
        };
        let alternating = stones.iter().enumerate().all(|(k, s)| {
            color_of(s.1)
                == if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                }
        });
        if alternating && (own == opp || opp == own + 1) {
            let moves: Vec<Pos> = stones.iter().map(|s| s.0).collect();
            if let Ok(g) = Game::from_moves(self.rule, self.size.into(), &moves) {
                if !g.is_over() {
                    return Ok(g);
                }
            }
        }
        let black: Vec<Pos> = stones
            .iter()
            .filter(|s| color_of(s.1) == Color::Black)
            .map(|s| s.0)
            .collect();
        let white: Vec<Pos> = stones
            .iter()
            .filter(|s| color_of(s.1) == Color::White)
            .map(|s| s.0)
            .collect();
        let game = Game::from_setup(self.rule, self.size.into(), &black, &white, Some(own_color))
            .map_err(|e| e.to_string())?;
        Ok(game)
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
        let num = value.trim().parse::<i64>().ok();
        let s = &mut self.settings;
        match (key, num) {
            ("timeout_turn", Some(v)) => s.timeout_turn = Some(v.max(0) as u64),
            ("timeout_match", Some(v)) => s.timeout_match = Some(v.max(0) as u64),
            ("time_left", Some(v)) => s.time_left = Some(v),
            ("max_memory", Some(v)) => s.max_memory = Some(v.max(0) as u64),
            ("thread_num", Some(v)) => s.threads = Some(v.clamp(1, 64) as usize),
            ("max_depth", Some(v)) => s.max_depth = (v > 0).then_some(v.min(90) as i32),
            ("max_node", Some(v)) => s.max_node = (v > 0).then_some(v as u64),
            ("time_increment", Some(v)) => s.increment = Some(v.max(0) as u64),
            ("strength" | "level", Some(v)) => s.level = (v > 0).then_some(v.clamp(1, 255) as u8),
            ("hash_size", Some(v)) => s.hash_mb = (v > 0).then_some((v as usize).min(4096)),
            ("folder", _) => s.folder = Some(value.to_string()),
            ("rule", Some(v)) => {
                // Gomocup flags (1 exact five, 2 continuous, 4 renju, 8 caro); Yixin-Board
                // sends 2 for renju.
                s.caro = v & 8 != 0;
                let rule = if v == 2 || v & 4 != 0 {
                    Rule::Renju
                } else if v & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                if rule != self.rule {
                    self.rule = rule;
                    // The rule applies to the game in progress too (usually sent before BEGIN).
                    let moves = self.game.moves();
                    self.game =
                        Game::from_moves(rule, self.size.into(), &moves).unwrap_or_else(|_| {
                            Game::new(rule, self.size.into()).expect("checked size")
                        });
                }
            }
            _ => {} // game_type, evaluate, unknown keys: ignored
        }
    }

    /// The limits and options of a search now.
    fn think(&mut self, kind: ThinkKind) -> Vec<Output> {
        let s = &self.settings;
        let mut limits = Limits {
            started: Some(std::time::Instant::now()),
            depth: s.max_depth,
            nodes: s.max_node,
            increment: Duration::from_millis(s.increment.unwrap_or(0)),
            exclude: self.blocked.clone(),
            ..Limits::default()
        };
        match s.timeout_turn {
            Some(0) => limits.depth = Some(limits.depth.map_or(4, |d| d.min(4))),
            Some(t) => limits.move_time = Some(Duration::from_millis(t)),
            None => {}
        }
        if let Some(left) = s.time_left {
            if left < i64::from(i32::MAX) && s.timeout_match != Some(0) {
                limits.time_left = Some(Duration::from_millis(left.max(1) as u64));
            }
        }
        if limits.move_time.is_none()
            && limits.time_left.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            limits.move_time = Some(Duration::from_millis(5000));
        }
        let mut hash_mb = s.hash_mb.unwrap_or(64);
        if let Some(mem) = s.max_memory.filter(|&m| m > 0) {
            // Keep the table under half the memory limit.
            hash_mb = hash_mb.min((mem / 2 / (1024 * 1024)).max(1) as usize);
        }
        let options = Options {
            threads: s.threads.unwrap_or(1),
            hash_mb,
            multipv: 1,
            level: s.level.map(Level::new),
            ..Options::default()
        };
        vec![Output::Think(Box::new(ThinkJob {
            game: self.game.clone(),
            limits,
            options,
            kind,
        }))]
    }

    /// Completes a search: prints the answer and, for our move, plays it.
    pub fn finish(&mut self, job: &ThinkJob, result: Result<SearchResult, String>) -> Vec<Output> {
        match &job.kind {
            ThinkKind::Swap2(step) => crate::swap2::decide(*step, &job.game, result),
            ThinkKind::NBest => match result {
                Ok(r) => {
                    let mut out: Vec<Output> = r
                        .lines
                        .iter()
                        .enumerate()
                        .map(|(k, l)| {
                            let pv: Vec<String> = l.pv.iter().map(|p| p.to_string()).collect();
                            Output::Line(format!(
                                "MESSAGE NBEST {} {} {} PV {}",
                                k + 1,
                                l.pv.first().map_or("-".into(), |p| p.to_string()),
                                l.score,
                                pv.join(" ")
                            ))
                        })
                        .collect();
                    out.push(Output::Line(r.best.to_string()));
                    out
                }
                Err(e) => line(format!("ERROR {e}")),
            },
            ThinkKind::Move => {
                let mv = match result {
                    Ok(r) if self.game.check(r.best).is_ok() => Some(r.best),
                    // Never an illegal move: fall back to any legal one.
                    _ => self.game.legal_moves().first().copied(),
                };
                match mv {
                    Some(p) => {
                        let _ = self.game.play(p);
                        line(p.to_string())
                    }
                    None => line("ERROR no legal move"),
                }
            }
        }
    }
}

fn ok() -> Vec<Output> {
    line("OK")
}

fn line(s: impl Into<String>) -> Vec<Output> {
    vec![Output::Line(s.into())]
}

fn error(e: LineError) -> Vec<Output> {
    line(format!("ERROR {e}"))
}

fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
