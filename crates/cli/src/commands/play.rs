//! `fiveinrow play`: a game between two people in the terminal, one line per command.
//! Every move goes through the rules core; its answer is shown in words.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use fiveinrow_rules::notation::{format_move_string, parse_moves};
use fiveinrow_rules::record::{read_psq, read_sgf, write_psq, write_sgf};
use fiveinrow_rules::{Game, MoveError, Record, Rule, Status};

use crate::board_view::{draw, status_line};
use crate::position::RuleArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    rules: RuleArgs,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            rules: RuleArgs {
                rule: Rule::Renju,
                size: 15,
            },
        }
    }
}

const HELP: &str = "commands: a move (h8 or 7,7), undo [N], redo [N], new, \
save FILE (.sgf, .psq or a move string), load FILE, show, help, quit";

pub fn run(args: &Args) -> Result<ExitCode> {
    let mut game = Game::new(args.rules.rule, args.rules.size.into())?;
    let stdin = io::stdin();
    let mut out = io::stdout();
    writeln!(out, "{HELP}")?;
    write!(out, "{}", draw(&game))?;
    prompt(&mut out, &game)?;
    for line in stdin.lock().lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            prompt(&mut out, &game)?;
            continue;
        };
        let arg = words.next();
        let count = || arg.and_then(|a| a.parse().ok()).unwrap_or(1);
        let redraw = match cmd.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => break,
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                false
            }
            "show" => true,
            "new" => {
                game = Game::new(game.rule(), game.size().into())?;
                true
            }
            "undo" | "u" => {
                let n = game.undo(count());
                writeln!(out, "took back {n} move(s)")?;
                true
            }
            "redo" | "r" => {
                let n = game.redo(count());
                writeln!(out, "replayed {n} move(s)")?;
                true
            }
            "save" => {
                match arg.map(|f| save(&game, f)) {
                    Some(Ok(())) => writeln!(out, "saved")?,
                    Some(Err(e)) => writeln!(out, "cannot save: {e:#}")?,
                    None => writeln!(out, "save FILE")?,
                }
                false
            }
            "load" => match arg.map(|f| load(f, &game)) {
                Some(Ok(g)) => {
                    game = g;
                    true
                }
                Some(Err(e)) => {
                    writeln!(out, "cannot load: {e:#}")?;
                    false
                }
                None => {
                    writeln!(out, "load FILE")?;
                    false
                }
            },
            _ => play_text(&mut game, line.trim(), &mut out)?,
        };
        if redraw {
            write!(out, "{}", draw(&game))?;
        }
        prompt(&mut out, &game)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn prompt(out: &mut impl Write, game: &Game) -> io::Result<()> {
    if !game.is_over() {
        write!(out, "{}> ", game.to_move())?;
    } else {
        write!(out, "> ")?;
    }
    out.flush()
}

/// Plays a typed move; says what the rules core answered. Returns whether to redraw.
fn play_text(game: &mut Game, text: &str, out: &mut impl Write) -> Result<bool> {
    let moves = match parse_moves(text, game.size()) {
        Ok(m) if m.len() == 1 => m,
        Ok(_) => {
            writeln!(out, "one move at a time, please ({HELP})")?;
            return Ok(false);
        }
        Err(e) => {
            writeln!(out, "not a move: {e} ({HELP})")?;
            return Ok(false);
        }
    };
    match game.play(moves[0]) {
        Ok(Status::Ongoing) => Ok(true),
        Ok(_) => {
            write!(out, "{}", draw(game))?;
            writeln!(out, "{}", status_line(game))?;
            Ok(false)
        }
        Err(e) => {
            let why = match e {
                MoveError::Forbidden { kind, .. } => format!("forbidden for black: {kind}"),
                other => other.to_string(),
            };
            writeln!(out, "refused: {why}")?;
            Ok(false)
        }
    }
}

fn save(game: &Game, file: &str) -> Result<()> {
    let record = Record::from_game(game);
    let text = if file.ends_with(".sgf") {
        write_sgf(&record)
    } else if file.ends_with(".psq") {
        write_psq(&record)?
    } else {
        format_move_string(&game.moves(), game.size()) + "\n"
    };
    std::fs::write(file, text).with_context(|| format!("writing {file}"))
}

fn load(file: &str, current: &Game) -> Result<Game> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
    let record = if file.ends_with(".sgf") {
        read_sgf(&text)?
    } else if file.ends_with(".psq") {
        read_psq(&text, current.rule())?
    } else {
        Record::new(
            current.rule(),
            current.size(),
            parse_moves(&text, current.size())?,
        )
    };
    Ok(record.to_game()?)
}
