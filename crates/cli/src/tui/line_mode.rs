//! The game one line at a time, for input that is not a terminal (scripts, pipes) or
//! with `--lines`: a move (`h8` or `7,7`), `undo [N]`, `redo [N]`, `new`, `save FILE`,
//! `load FILE`, `show`, `help`, `quit`. A computer seat answers each move at once. The end
//! of the input ends the game like `quit`; a read error ends it with that error.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use fiveinrow_engine::{Engine, Options};
use fiveinrow_rules::notation::{parse_moves, to_human};
use fiveinrow_rules::{Game, Status};

use crate::board_view::{draw, status_line};
use crate::tui::record_file::{load, save};
use crate::tui::settings::{Seat, Settings};

const HELP: &str = "commands: a move (h8 or 7,7), undo [N], redo [N], new, \
save FILE (.sgf, .psq or a move string), load FILE, show, help, quit";

pub fn run_lines(settings: &Settings) -> Result<ExitCode> {
    if settings.opening.is_some() {
        anyhow::bail!(
            "opening rules are played in the full-screen game: run it in a terminal, without --lines"
        );
    }
    let mut game = Game::new(settings.rule, settings.size.into())?;
    let mut engine = Engine::new(Options {
        level: Some(settings.level),
        ..Options::default()
    });
    let mut input = io::stdin().lock();
    let mut out = io::stdout();
    writeln!(out, "{HELP}")?;
    computer_moves(&mut game, settings, &mut engine, &mut out)?;
    write!(out, "{}", draw(&game))?;
    prompt(&mut out, &game)?;
    while let Some(line) = next_line(&mut input).context("reading the input")? {
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
                engine.clear();
                computer_moves(&mut game, settings, &mut engine, &mut out)?;
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
                match arg.map(|f| save(&game, None, f)) {
                    Some(Ok(())) => writeln!(out, "saved")?,
                    Some(Err(e)) => writeln!(out, "cannot save: {e:#}")?,
                    None => writeln!(out, "save FILE")?,
                }
                false
            }
            "load" => match arg.map(|f| load(f, game.rule(), game.size())) {
                // A game still in its opening's steps needs the full-screen game.
                Some(Ok((_, Some(o)))) if !o.is_done() => {
                    writeln!(
                        out,
                        "cannot load: its {} opening is not over (play it without --lines)",
                        o.rule().name()
                    )?;
                    false
                }
                Some(Ok((g, _))) => {
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
            _ => {
                let played = play_text(&mut game, line.trim(), &mut out)?;
                if played {
                    computer_moves(&mut game, settings, &mut engine, &mut out)?;
                }
                played && !game.is_over()
            }
        };
        if redraw {
            write!(out, "{}", draw(&game))?;
        }
        prompt(&mut out, &game)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The next line of input; `None` at its end (a closed pipe or terminal). Bytes that are
/// not text are kept as replacement characters, so such a line is refused like any
/// other that is not a command, and a read error ends the game instead of being retried.
fn next_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.ends_with(b"\n") {
        bytes.pop();
        if bytes.ends_with(b"\r") {
            bytes.pop();
        }
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

fn prompt(out: &mut impl Write, game: &Game) -> io::Result<()> {
    if !game.is_over() {
        write!(out, "{}> ", game.to_move())?;
    } else {
        write!(out, "> ")?;
    }
    out.flush()
}

/// Plays a typed move and says what the rules core answered; whether it was played.
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
        Ok(status) => {
            announce_end(game, &status, out)?;
            Ok(true)
        }
        Err(e) => {
            writeln!(out, "refused: {}", e.in_words(game.size()))?;
            Ok(false)
        }
    }
}

/// The computer's moves while it is to move (both seats: until the game ends).
fn computer_moves(
    game: &mut Game,
    settings: &Settings,
    engine: &mut Engine,
    out: &mut impl Write,
) -> Result<()> {
    let never = AtomicBool::new(false);
    while !game.is_over() && settings.seat(game.to_move()) == Seat::Computer {
        let color = game.to_move();
        let result = engine.search(game, &settings.limits(), &never, &mut |_| {})?;
        let status = game.play(result.best)?;
        writeln!(out, "{color} plays {}", to_human(result.best, game.size()))?;
        announce_end(game, &status, out)?;
    }
    Ok(())
}

fn announce_end(game: &Game, status: &Status, out: &mut impl Write) -> io::Result<()> {
    if status.is_over() {
        write!(out, "{}", draw(game))?;
        writeln!(out, "{}", status_line(game))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_with_the_input_and_bytes_that_are_not_text_are_kept() {
        let mut input = io::Cursor::new(b"h8\r\n\xff\xfe\n\nquit".to_vec());
        let mut lines = std::iter::from_fn(|| next_line(&mut input).unwrap());
        assert_eq!(lines.next().as_deref(), Some("h8"));
        assert_eq!(lines.next().as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(lines.next().as_deref(), Some(""));
        assert_eq!(lines.next().as_deref(), Some("quit"));
        assert_eq!(lines.next(), None);
    }

    /// Input that fails like a terminal that has gone (EIO).
    struct Broken;

    impl io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(5))
        }
    }

    #[test]
    fn a_read_error_is_reported_not_retried() {
        let mut input = io::BufReader::new(Broken);
        assert!(next_line(&mut input).is_err());
    }
}
