//! The match runner: games between two engines (this program at some settings, or any
//! Gomocup engine binary) over openings, each opening twice with colours swapped, in
//! parallel; every move refereed by the rules core; records, Elo and SPRT.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;

use fiveinrow_engine::selfplay::elo;
use fiveinrow_rules::notation::format_xy_list;
use fiveinrow_rules::record::{write_psq, write_sgf};
use fiveinrow_rules::{Color, Game, Pos, Record, Rule, Status};

use crate::manager::{EngineFault, EngineProcess};

/// How to start an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    /// INFO lines sent after START.
    pub infos: Vec<(String, String)>,
}

impl EngineSpec {
    /// `self[:key=value,...]` (this program's brain; keys: level, threads, depth, nodes,
    /// hash) or a command line of an external engine (`path [args...]`).
    pub fn parse(spec: &str, self_exe: &str) -> Result<EngineSpec, String> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err("empty engine spec".into());
        }
        if spec == "self" || spec.starts_with("self:") {
            let mut infos = Vec::new();
            let opts = spec
                .strip_prefix("self")
                .unwrap_or("")
                .trim_start_matches(':');
            for kv in opts.split(',').filter(|s| !s.is_empty()) {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("'{kv}' is not key=value"))?;
                let v = v.trim();
                let key = match k.trim() {
                    "level" => "level",
                    "threads" => "thread_num",
                    "depth" => "max_depth",
                    "nodes" => "max_node",
                    "hash" => "hash_size",
                    other => {
                        return Err(format!(
                            "unknown self option '{other}' (level, threads, depth, nodes, hash)"
                        ))
                    }
                };
                let value = if key == "level" && v == "max" {
                    fiveinrow_engine::Level::MAX.to_string()
                } else {
                    v.parse::<u64>()
                        .map_err(|_| format!("'{v}' is not a number for {k}"))?
                        .to_string()
                };
                infos.push((key.to_string(), value));
            }
            return Ok(EngineSpec {
                name: spec.to_string(),
                command: self_exe.to_string(),
                args: vec!["gomocup".into()],
                infos,
            });
        }
        let mut parts = spec.split_whitespace().map(str::to_string);
        let command = parts.next().ok_or("empty engine spec")?;
        Ok(EngineSpec {
            name: spec.to_string(),
            command,
            args: parts.collect(),
            infos: Vec::new(),
        })
    }
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub engines: [EngineSpec; 2],
    pub rule: Rule,
    pub size: u8,
    /// Each opening is played twice, colours swapped.
    pub openings: Vec<Vec<Pos>>,
    /// Time per move (ms), if any.
    pub turn_ms: Option<u64>,
    /// Time per game (ms), if any, and increment per move.
    pub game_ms: Option<u64>,
    pub increment_ms: u64,
    pub concurrency: usize,
    /// Draw after this many moves on the board.
    pub max_moves: Option<usize>,
    /// Where to write the records (PSQ and SGF per game).
    pub out_dir: Option<PathBuf>,
    pub sprt: Option<Sprt>,
}

/// A sequential probability ratio test on the first engine's Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let v: Vec<f64> = s
            .split(',')
            .map(|t| {
                t.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("'{t}' is not a number"))
            })
            .collect::<Result<_, _>>()?;
        match v.as_slice() {
            [e0, e1, a, b]
                if e0 < e1
                    && (0.0..0.5).contains(a)
                    && (0.0..0.5).contains(b)
                    && *a > 0.0
                    && *b > 0.0 =>
            {
                Ok(Sprt {
                    elo0: *e0,
                    elo1: *e1,
                    alpha: *a,
                    beta: *b,
                })
            }
            _ => Err(
                "--sprt needs elo0,elo1,alpha,beta with elo0 < elo1 and 0 < alpha, beta < 0.5"
                    .into(),
            ),
        }
    }

    /// Log-likelihood ratio of the results (normal approximation of the game scores).
    pub fn llr(&self, w: u32, d: u32, l: u32) -> f64 {
        let n = f64::from(w + d + l);
        if n == 0.0 {
            return 0.0;
        }
        let s = (f64::from(w) + 0.5 * f64::from(d)) / n;
        let var = (f64::from(w) * (1.0 - s).powi(2)
            + f64::from(d) * (0.5 - s).powi(2)
            + f64::from(l) * s.powi(2))
            / n;
        // One-sided results have no spread; a floor keeps the ratio finite.
        let var = var.max(1e-3);
        let score = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let (s0, s1) = (score(self.elo0), score(self.elo1));
        n * (s1 - s0) * (s - (s0 + s1) / 2.0) / var
    }

    /// (lower, upper) decision bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Some(true) when H1 (elo1) is accepted, Some(false) for H0, None to go on.
    pub fn decide(&self, w: u32, d: u32, l: u32) -> Option<bool> {
        let llr = self.llr(w, d, l);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(true)
        } else if llr <= lo {
            Some(false)
        } else {
            None
        }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult {
    pub index: usize,
    /// Which engine (0 or 1) played black.
    pub black: usize,
    /// The winner's engine index, or None for a draw.
    pub winner: Option<usize>,
    /// How it ended, in words (five, draw, crash, timeout, illegal move...).
    pub reason: String,
    pub moves: Vec<Pos>,
    /// Longest answer time of each engine (ms).
    pub max_answer_ms: [u64; 2],
}

/// The running or final score, from the first engine's side.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub games: Vec<GameResult>,
    pub sprt: Option<(f64, Option<bool>)>,
}

impl Tally {
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn score(&self) -> f64 {
        let n = self.played();
        if n == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    pub fn elo(&self) -> (f64, f64) {
        elo(self.wins, self.draws, self.losses)
    }
}

/// Plays the match. `progress` is called after every game with the tally so far; the
/// match stops early when the SPRT decides.
pub fn run_match(config: &MatchConfig, mut progress: impl FnMut(&Tally, &GameResult)) -> Tally {
    let total = config.openings.len().max(1) * 2;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<GameResult>();
    let mut tally = Tally::default();
    std::thread::scope(|s| {
        for _ in 0..config.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            s.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let r = play_one(config, i);
                if tx.send(r).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for r in rx {
            match r.winner {
                Some(0) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            if let Some(sprt) = &config.sprt {
                let decision = sprt.decide(tally.wins, tally.draws, tally.losses);
                tally.sprt = Some((sprt.llr(tally.wins, tally.draws, tally.losses), decision));
                if decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if let Some(dir) = &config.out_dir {
                write_records(dir, config, &r);
            }
            tally.games.push(r.clone());
            progress(&tally, &r);
        }
    });
    tally.games.sort_by_key(|g| g.index);
    tally
}

fn write_records(dir: &std::path::Path, config: &MatchConfig, r: &GameResult) {
    // A record appears whole or not at all: written under a temporary name in the same
    // folder, flushed, then renamed to its name (atomic on one file system), so a match
    // killed at any moment never leaves a half-written record.
    fn write_whole(path: &std::path::Path, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        let result = written.and_then(|()| std::fs::rename(&tmp, path));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
    let _ = std::fs::create_dir_all(dir);
    let black = &config.engines[r.black].name;
    let white = &config.engines[1 - r.black].name;
    let record = Record::new(config.rule, config.size, r.moves.clone());
    let result = match r.winner {
        Some(w) if w == r.black => "B+",
        Some(_) => "W+",
        None => "0",
    };
    // The reason goes into the records too: SGF RE/C and player names in the root,
    // PSQ's player lines and a final comment line.
    let sgf = write_sgf(&record).replacen(
        "RU[",
        &format!(
            "PB[{}]PW[{}]RE[{result}]C[{}]RU[",
            esc(black),
            esc(white),
            esc(&r.reason)
        ),
        1,
    );
    let _ = write_whole(&dir.join(format!("game-{:04}.sgf", r.index + 1)), &sgf);
    if let Ok(psq) = write_psq(&record) {
        let psq = psq.replacen("-1\n", &format!("{black}\n{white}\n-1\n"), 1)
            + &format!("{result} {}\n", r.reason);
        let _ = write_whole(&dir.join(format!("game-{:04}.psq", r.index + 1)), &psq);
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// Plays game `index`: opening `index / 2`, engine `index % 2` as black.
pub fn play_one(config: &MatchConfig, index: usize) -> GameResult {
    let opening = config.openings.get(index / 2).cloned().unwrap_or_default();
    let black = index % 2;
    let mut result = GameResult {
        index,
        black,
        winner: None,
        reason: String::new(),
        moves: Vec::new(),
        max_answer_ms: [0; 2],
    };
    let mut game = match Game::from_moves(config.rule, config.size.into(), &opening) {
        Ok(g) => g,
        Err(e) => {
            result.reason = format!("bad opening: {e}");
            return result;
        }
    };
    result.moves = game.moves();
    let engine_of = |c: Color| if c == Color::Black { black } else { 1 - black };
    // Start both engines.
    let mut procs: Vec<Option<EngineProcess>> = Vec::new();
    for (k, spec) in config.engines.iter().enumerate() {
        match start_engine(spec, config) {
            Ok(p) => procs.push(Some(p)),
            Err(e) => {
                result.winner = Some(1 - k);
                result.reason = format!("{} failed to start: {e}", spec.name);
                return result;
            }
        }
    }
    let tolerance = Duration::from_millis(1000);
    let mut clock: [Option<i64>; 2] = [config.game_ms.map(|t| t as i64); 2];
    let mut seen = [false; 2];
    loop {
        match game.status() {
            Status::Won { winner, .. } => {
                result.winner = Some(engine_of(*winner));
                result.reason = format!(
                    "{} ({}) made five",
                    config.engines[engine_of(*winner)].name,
                    winner
                );
                break;
            }
            Status::Draw => {
                result.reason = "draw: board full".into();
                break;
            }
            Status::Ongoing => {}
        }
        if config
            .max_moves
            .is_some_and(|m| game.board().stone_count() >= m)
        {
            result.reason = format!("draw: move cap {} reached", game.board().stone_count());
            break;
        }
        let mover = game.to_move();
        let e = engine_of(mover);
        let Some(proc) = procs[e].as_mut() else { break };
        let mut limit = Duration::from_millis(config.turn_ms.unwrap_or(u64::MAX / 4));
        if let Some(left) = clock[e] {
            let _ = proc.info("time_left", &left.max(0).to_string());
            limit = limit.min(Duration::from_millis(left.max(0) as u64));
        }
        let answer = if !seen[e] {
            seen[e] = true;
            if game.board().stone_count() == 0 {
                proc.begin(limit + tolerance)
            } else {
                let stones: Vec<(Pos, bool)> = game
                    .moves()
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| {
                        let c = if k % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        (p, c == mover)
                    })
                    .collect();
                proc.board(&stones, limit + tolerance)
            }
        } else {
            let last = game.last_move().expect("the opponent moved");
            proc.turn(last, limit + tolerance)
        };
        let name = &config.engines[e].name;
        let loses = |reason: String, result: &mut GameResult| {
            result.winner = Some(1 - e);
            result.reason = reason;
        };
        match answer {
            Err(fault) => {
                let what = match &fault {
                    EngineFault::Timeout { .. } => "lost on time",
                    EngineFault::Crash { .. } => "crashed",
                    _ => "broke the protocol",
                };
                loses(format!("{name} ({mover}) {what}: {fault}"), &mut result);
                procs[e] = None;
                break;
            }
            Ok(t) => {
                let ms = t.elapsed.as_millis() as u64;
                result.max_answer_ms[e] = result.max_answer_ms[e].max(ms);
                if t.elapsed > limit {
                    loses(
                        format!(
                            "{name} ({mover}) lost on time: answered after {ms} ms (limit {} ms)",
                            limit.as_millis()
                        ),
                        &mut result,
                    );
                    break;
                }
                if let Some(left) = clock[e].as_mut() {
                    *left = *left - ms as i64 + config.increment_ms as i64;
                }
                let (x, y) = t.value;
                if let Err(err) = game.play_xy(x, y) {
                    loses(
                        format!("{name} ({mover}) played an illegal move {x},{y}: {err}"),
                        &mut result,
                    );
                    break;
                }
                result.moves = game.moves();
            }
        }
    }
    for p in procs.into_iter().flatten() {
        p.end();
    }
    result
}

fn start_engine(spec: &EngineSpec, config: &MatchConfig) -> Result<EngineProcess, EngineFault> {
    let mut p = EngineProcess::spawn(&spec.name, &spec.command, &spec.args)?;
    p.start(config.size, Duration::from_secs(10))?;
    p.info("rule", &config.rule.gomocup_code().to_string())?;
    if let Some(t) = config.turn_ms {
        p.info("timeout_turn", &t.to_string())?;
    }
    p.info("timeout_match", &config.game_ms.unwrap_or(0).to_string())?;
    if config.increment_ms > 0 {
        p.info("time_increment", &config.increment_ms.to_string())?;
    }
    p.info("max_memory", &(350u64 * 1024 * 1024).to_string())?;
    p.info("game_type", "1")?;
    for (k, v) in &spec.infos {
        p.info(k, v)?;
    }
    Ok(p)
}

/// The moves of a game as an `x,y` list (for summaries).
pub fn moves_text(r: &GameResult) -> String {
    format_xy_list(&r.moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let s = EngineSpec::parse("self:level=max,threads=1", "/bin/fiveinrow").unwrap();
        assert_eq!(s.args, vec!["gomocup"]);
        assert_eq!(
            s.infos,
            vec![
                ("level".into(), "8".into()),
                ("thread_num".into(), "1".into())
            ]
        );
        let s = EngineSpec::parse("/opt/pbrain-x --fast", "x").unwrap();
        assert_eq!(
            (s.command.as_str(), s.args.clone()),
            ("/opt/pbrain-x", vec!["--fast".to_string()])
        );
        assert!(EngineSpec::parse("self:speed=3", "x").is_err());
        assert!(EngineSpec::parse("", "x").is_err());
    }

    #[test]
    fn sprt_decides() {
        let t = Sprt::parse("0,10,0.05,0.05").unwrap();
        assert_eq!(t.decide(10, 0, 10), None);
        assert_eq!(t.decide(900, 0, 100), Some(true));
        assert_eq!(t.decide(300, 0, 700), Some(false));
        assert_eq!(t.decide(30, 0, 0), Some(true), "all wins decide too");
        assert!(Sprt::parse("10,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,10,0.05").is_err());
    }
}
