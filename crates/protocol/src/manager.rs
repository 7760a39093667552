//! The manager side: starts any Gomocup engine as a child process, talks to it, times
//! it, and says what went wrong (crash, timeout, protocol error) as a typed error.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use fiveinrow_rules::Pos;

/// What went wrong with an engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineFault {
    #[error("could not start '{command}': {reason}")]
    Spawn { command: String, reason: String },
    #[error("crashed ({status})")]
    Crash { status: String },
    #[error("timeout: no answer within {waited_ms} ms")]
    Timeout { waited_ms: u64 },
    #[error("protocol error: {0}")]
    Protocol(String),
}

/// A running engine.
pub struct EngineProcess {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    /// MESSAGE lines seen since the last move (its search info).
    pub messages: Vec<String>,
    /// When the engine's last answer came.
    answered: Option<Instant>,
}

/// The least time between an engine's answer and the next command that asks it to think.
/// Some engines print their move a moment before they read input again: Rapfi 0.43 read
/// a `TURN` sent right after its move as a command to a search still running, dropped it,
/// and answered `ERROR Unknown command: X,Y` (4 of 92 games at 1 s a move, each scored as
/// its loss). Waiting this long costs nothing measurable and spares such engines.
pub const ANSWER_GAP: Duration = Duration::from_millis(20);

/// An answer to SWAP2BOARD: take the other side, or stones (three, one or two).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swap2Answer {
    Swap,
    Stones(Vec<(i64, i64)>),
}

/// A reply with how long it took.
#[derive(Debug, Clone, Copy)]
pub struct Timed<T> {
    pub value: T,
    pub elapsed: Duration,
}

impl EngineProcess {
    /// Starts `command` with `args`.
    pub fn spawn(name: &str, command: &str, args: &[String]) -> Result<EngineProcess, EngineFault> {
        let mut child = Command::new(command)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineFault::Spawn {
                command: command.to_string(),
                reason: e.to_string(),
            })?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| EngineFault::Protocol("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineFault::Protocol("no stdout".into()))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            name: name.to_string(),
            child,
            stdin,
            rx,
            messages: Vec::new(),
            answered: None,
        })
    }

    /// Sends one line (CR LF, as managers do).
    pub fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        let ok = write!(self.stdin, "{line}\r\n").and_then(|()| self.stdin.flush());
        if ok.is_err() {
            return Err(self.crash());
        }
        Ok(())
    }

    fn crash(&mut self) -> EngineFault {
        // Give the process a moment to finish dying so its status is known.
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return EngineFault::Crash {
                    status: status.to_string(),
                };
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        EngineFault::Crash {
            status: "output closed".into(),
        }
    }

    /// The next line that is not MESSAGE/DEBUG, within `limit`.
    pub fn reply(&mut self, limit: Duration) -> Result<Timed<String>, EngineFault> {
        let start = Instant::now();
        loop {
            let left = limit.saturating_sub(start.elapsed());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    let t = line.trim();
                    let upper = t.to_ascii_uppercase();
                    if upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                        self.messages.push(t.to_string());
                        continue;
                    }
                    if t.is_empty() {
                        continue;
                    }
                    self.answered = Some(Instant::now());
                    return Ok(Timed {
                        value: t.to_string(),
                        elapsed: start.elapsed(),
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineFault::Timeout {
                        waited_ms: start.elapsed().as_millis() as u64,
                    })
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crash()),
            }
        }
    }

    /// START: expects OK.
    pub fn start(&mut self, size: u8, limit: Duration) -> Result<(), EngineFault> {
        self.send(&format!("START {size}"))?;
        let r = self.reply(limit)?;
        if r.value.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            Err(EngineFault::Protocol(format!(
                "START {size} answered '{}'",
                r.value
            )))
        }
    }

    pub fn info(&mut self, key: &str, value: &str) -> Result<(), EngineFault> {
        self.send(&format!("INFO {key} {value}"))
    }

    /// Waits until [`ANSWER_GAP`] has passed since the engine's last answer.
    fn after_answer_gap(&self) {
        if let Some(t) = self.answered {
            let since = t.elapsed();
            if since < ANSWER_GAP {
                std::thread::sleep(ANSWER_GAP - since);
            }
        }
    }

    /// BEGIN: the engine's first move on an empty board.
    pub fn begin(&mut self, limit: Duration) -> Result<Timed<(i64, i64)>, EngineFault> {
        self.messages.clear();
        self.after_answer_gap();
        self.send("BEGIN")?;
        self.read_move(limit)
    }

    /// TURN: the opponent's move; the engine's answer.
    pub fn turn(&mut self, p: Pos, limit: Duration) -> Result<Timed<(i64, i64)>, EngineFault> {
        self.messages.clear();
        self.after_answer_gap();
        self.send(&format!("TURN {},{}", p.x(), p.y()))?;
        self.read_move(limit)
    }

    /// BOARD: the whole position in move order, `own` marks the engine's stones.
    pub fn board(
        &mut self,
        stones: &[(Pos, bool)],
        limit: Duration,
    ) -> Result<Timed<(i64, i64)>, EngineFault> {
        self.messages.clear();
        self.after_answer_gap();
        self.send("BOARD")?;
        for (p, own) in stones {
            self.send(&format!("{},{},{}", p.x(), p.y(), if *own { 1 } else { 2 }))?;
        }
        self.send("DONE")?;
        self.read_move(limit)
    }

    /// SWAP2BOARD with the opening's stones so far (in move order): `SWAP` or stones.
    /// Each line carries BOARD's field (1: the side to move's stone, 2: the other's),
    /// which engines such as Rapfi require and engines reading `X,Y` ignore.
    pub fn swap2board(
        &mut self,
        stones: &[Pos],
        limit: Duration,
    ) -> Result<Timed<Swap2Answer>, EngineFault> {
        self.messages.clear();
        self.after_answer_gap();
        self.send("SWAP2BOARD")?;
        let to_move = stones.len() % 2;
        for (k, p) in stones.iter().enumerate() {
            let field = if k % 2 == to_move { 1 } else { 2 };
            self.send(&format!("{},{},{field}", p.x(), p.y()))?;
        }
        self.send("DONE")?;
        let r = self.reply(limit)?;
        let value = if r.value.eq_ignore_ascii_case("SWAP") {
            Swap2Answer::Swap
        } else {
            let stones: Option<Vec<(i64, i64)>> = r
                .value
                .split_whitespace()
                .map(|t| {
                    let (x, y) = t.split_once(',')?;
                    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
                })
                .collect();
            match stones {
                Some(s) if !s.is_empty() => Swap2Answer::Stones(s),
                _ => {
                    return Err(EngineFault::Protocol(format!(
                        "expected SWAP or stones X,Y, got '{}'",
                        r.value
                    )))
                }
            }
        };
        Ok(Timed {
            value,
            elapsed: r.elapsed,
        })
    }

    fn read_move(&mut self, limit: Duration) -> Result<Timed<(i64, i64)>, EngineFault> {
        let r = self.reply(limit)?;
        let parsed = r
            .value
            .split_once(',')
            .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
        match parsed {
            Some(xy) => Ok(Timed {
                value: xy,
                elapsed: r.elapsed,
            }),
            None => Err(EngineFault::Protocol(format!(
                "expected a move X,Y, got '{}'",
                r.value
            ))),
        }
    }

    /// ABOUT: the engine's self-description.
    pub fn about(&mut self, limit: Duration) -> Result<String, EngineFault> {
        self.send("ABOUT")?;
        Ok(self.reply(limit)?.value)
    }

    /// END, then kill the process if it does not exit within a second.
    pub fn end(mut self) {
        let _ = self.send("END");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
