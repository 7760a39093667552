//! `fiveinrow fake-brain MODE`: a deliberately broken Gomocup engine for the match
//! runner's tests (hidden from help). Modes: `crash` exits at its first move, `timeout`
//! never answers a move, `occupied` answers with a point that already holds a stone,
//! `garbage` answers a move request with nonsense, `busy` plays the first empty point but
//! is still busy for 10 ms after each move and answers a move request in that time with
//! `ERROR` (as Rapfi 0.43 did: the match runner must leave it that moment), `late`
//! plays the first empty point 600 ms after each request.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Result;

#[derive(clap::Args, Debug)]
pub struct Args {
    mode: String,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut last: Option<String> = None;
    let mut own: Vec<String> = Vec::new();
    // `busy`: every stone seen, and when the last move was printed.
    let mut taken: std::collections::HashSet<(u32, u32)> = Default::default();
    let mut moved: Option<std::time::Instant> = None;
    let mut size = 15;
    for line in stdin.lock().lines() {
        let line = line?;
        let t = line.trim();
        let word = t
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        let answer = match word.as_str() {
            "START" => {
                size = t
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(15);
                Some("OK".to_string())
            }
            "ABOUT" => Some(format!("name=\"fake-brain {}\"", args.mode)),
            "END" => return Ok(ExitCode::SUCCESS),
            "BEGIN" | "TURN" | "DONE" => {
                if word == "TURN" {
                    last = t.split_whitespace().nth(1).map(str::to_string);
                    if let Some(p) = last.as_deref().and_then(point) {
                        taken.insert(p);
                    }
                }
                match args.mode.as_str() {
                    "busy" if moved.is_some_and(|m| m.elapsed().as_millis() < 10) => {
                        Some(format!("ERROR still busy: {t}"))
                    }
                    "busy" | "late" => {
                        if args.mode == "late" {
                            std::thread::sleep(std::time::Duration::from_millis(600));
                        }
                        let p = (0..size * size)
                            .map(|k| (k % size, k / size))
                            .find(|p| !taken.contains(p))
                            .unwrap_or((0, 0));
                        taken.insert(p);
                        moved = Some(std::time::Instant::now());
                        Some(format!("{},{}", p.0, p.1))
                    }
                    "crash" => std::process::exit(3),
                    "timeout" => {
                        std::thread::sleep(std::time::Duration::from_secs(3600));
                        None
                    }
                    "garbage" => Some("hello there".to_string()),
                    _ => {
                        // `occupied`: the opponent's last point, or our own first one.
                        let p = last
                            .clone()
                            .or_else(|| own.first().cloned())
                            .unwrap_or_else(|| "7,7".into());
                        own.push(p.clone());
                        Some(p)
                    }
                }
            }
            _ => {
                // BOARD body lines: remember the last stone.
                if let Some(p) = point(t) {
                    taken.insert(p);
                }
                if t.contains(',') && t.split(',').count() == 3 {
                    let mut parts = t.split(',');
                    last = Some(format!(
                        "{},{}",
                        parts.next().unwrap_or("0"),
                        parts.next().unwrap_or("0")
                    ));
                }
                None
            }
        };
        if let Some(a) = answer {
            writeln!(out, "{a}")?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The point of an `X,Y` or `X,Y,FIELD` text.
fn point(t: &str) -> Option<(u32, u32)> {
    let mut parts = t.split(',');
    let x = parts.next()?.trim().parse().ok()?;
    let y = parts.next()?.trim().parse().ok()?;
    Some((x, y))
}
