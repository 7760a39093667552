//! `fiveinrow play`: the game in a terminal (board, cursor, mouse, the computer
//! thinking in its own thread), and the plain line-by-line game used when the input is
//! not a terminal.
//!
//! The pieces: `App` holds the game and turns inputs into actions (`app*.rs`, with
//! `keymap`, `point_entry` and `setup`); `thinker` runs the engine; `view` draws the
//! app into a `screen`; `terminal` shows screens and restores the terminal; `events`
//! reads the terminal in a thread, so a closed terminal or a signal ends the game at once.

mod app;
mod app_moves;
mod app_opening;
mod app_prompt;
mod app_search;
mod events;
mod input;
mod keymap;
mod layout;
mod line_mode;
mod point_entry;
mod record_file;
mod screen;
mod settings;
mod setup;
mod terminal;
mod thinker;
mod view;
mod words;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};

pub use line_mode::run_lines;
pub use settings::{Seat, Settings};

use app::App;
use events::{Events, Next};
use input::Input;
use terminal::Terminal;

/// How long the loop waits for a key before it looks at the engine, the signals and the
/// terminal again.
const TICK: Duration = Duration::from_millis(30);

/// Plays in the terminal until the player quits (Q, Ctrl-C), a signal asks to stop
/// (SIGINT, SIGTERM, SIGHUP) or the terminal goes away: on the set-up screen, in a game
/// and while the computer thinks, the loop never waits more than a tick.
pub fn run_terminal(settings: Settings, show_setup: bool) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop)).context("listening for signals")?;
    }
    let mut app = App::new(settings, show_setup);
    let (width, height) = Terminal::size().context("reading the terminal size")?;
    app.handle(Input::Resize { width, height });
    let mut term = Terminal::enter().context("setting up the terminal")?;
    let events = Events::start().context("reading the terminal")?;
    let mut trouble = None;
    while !app.should_quit() && !stop.load(Ordering::Relaxed) && !Terminal::is_gone() {
        app.poll();
        if let Err(e) = term.draw(&view::render(&app)) {
            // A terminal that went away while drawing is an end, not a failure.
            if !Terminal::is_gone() {
                trouble = Some(e);
            }
            break;
        }
        match events.next(TICK) {
            Next::Event(event) => {
                if let Some(input) = input::from_event(event) {
                    if matches!(input, Input::Resize { .. }) {
                        term.invalidate();
                    }
                    app.handle(input);
                }
            }
            Next::Quiet => {}
            Next::Closed => break,
        }
    }
    // Nothing is left thinking, then the terminal is put back as far as it still exists
    // (writes to a closed one fail at once and are ignored).
    app.cancel_search();
    drop(term);
    if let Some(e) = trouble {
        return Err(e).context("drawing the game");
    }
    if let Some(why) = app.failure() {
        bail!("{why}");
    }
    Ok(())
}
