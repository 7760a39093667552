//! `fiveinrow fake-brain MODE`: a deliberately broken Gomocup engine for the match
//! runner's tests (hidden from help). Modes: `crash` exits at its first move, `timeout`
//! never answers a move, `occupied` answers with a point that already holds a stone,
//! `garbage` answers a move request with nonsense.

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
    for line in stdin.lock().lines() {
        let line = line?;
        let t = line.trim();
        let word = t
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        let answer = match word.as_str() {
            "START" => Some("OK".to_string()),
            "ABOUT" => Some(format!("name=\"fake-brain {}\"", args.mode)),
            "END" => return Ok(ExitCode::SUCCESS),
            "BEGIN" | "TURN" | "DONE" => {
                if word == "TURN" {
                    last = t.split_whitespace().nth(1).map(str::to_string);
                }
                match args.mode.as_str() {
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
