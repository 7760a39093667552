//! Draws the app into a screen: the set-up form, or the board with its panel and the
//! two status lines, or, when the terminal is too small, a message saying so.

mod board;
mod form;
mod panel;

use fiveinrow_rules::Status;

use crate::tui::app::{App, PromptKind, Purpose};
use crate::tui::layout::{Layout, TooSmall};
use crate::tui::screen::{Screen, Style};
use crate::tui::words;

pub fn render(app: &App) -> Screen {
    let (width, height) = app.size;
    let mut screen = Screen::new(width, height);
    if let Some(f) = &app.setup {
        form::draw(&mut screen, f, app.started);
        return screen;
    }
    match Layout::fit(app.game.size(), width, height) {
        Ok(layout) => {
            board::draw(&mut screen, app, &layout);
            panel::draw(&mut screen, app, &layout);
            screen.put(0, layout.status_row, &status_line(app), Style::Title);
            let (text, style) = message_line(app);
            screen.put(0, layout.message_row, &text, style);
        }
        Err(too_small) => {
            let n = app.game.size();
            let text = too_small_words(&format!("the {n}x{n} board"), too_small, app.size)
                + " Enlarge the window, or press N for a smaller board; Q quits.";
            wrap_into(&mut screen, &text, Style::Warn);
        }
    }
    screen
}

/// Whose turn it is and the move number, or how the game ended.
pub fn status_line(app: &App) -> String {
    let game = &app.game;
    if let Some(loser) = app.resigned {
        return format!("{loser} resigned: {} wins", loser.opponent());
    }
    if let Some(end) = words::outcome(game) {
        return end;
    }
    debug_assert_eq!(game.status(), &Status::Ongoing);
    if let Some(step) = app.step_words() {
        let who = app.settings.player(app.acting_color());
        return if app
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Move)
        {
            format!("opening: {who} is deciding")
        } else if app.paused && app.computer_to_move() {
            format!("opening: {step} (Enter: let it decide)")
        } else {
            format!("opening: {step}")
        };
    }
    let number = game.board().stone_count() + 1;
    let who = app.settings.player(game.to_move());
    let thinking = app.search.as_ref().filter(|s| s.purpose == Purpose::Move);
    if let Some(search) = thinking {
        let progress = search.progress.as_ref().map_or(String::new(), |i| {
            format!(", depth {} score {}", i.depth, i.score)
        });
        format!("move {number}: {who} is thinking{progress} (Space: move now)")
    } else if app.paused && app.computer_to_move() {
        format!("move {number}: {who} to move (Enter: let it play)")
    } else {
        format!("move {number}: {who} to move")
    }
}

/// The bottom line: a file name being typed, a point being typed, or the last answer.
fn message_line(app: &App) -> (String, Style) {
    if let Some(p) = &app.prompt {
        let verb = match p.kind {
            PromptKind::Save => "save to",
            PromptKind::Load => "load from",
        };
        return (
            format!(
                "{verb} (.sgf, .psq, else a move string; Esc cancels): {}_",
                p.text
            ),
            Style::Plain,
        );
    }
    if !app.entry.is_empty() {
        let text = format!(
            "point: {}_  (the row's digits; Enter plays the cursor)",
            app.entry.text()
        );
        return (text, Style::Plain);
    }
    let style = if app.message.warn {
        Style::Warn
    } else {
        Style::Plain
    };
    (app.message.text.clone(), style)
}

/// `The terminal is too small for X: it needs 67x19, this one is 60x15.`
pub fn too_small_words(what: &str, t: TooSmall, have: (u16, u16)) -> String {
    format!(
        "The terminal is too small for {what}: it needs {}x{}, this one is {}x{}.",
        t.need_width, t.need_height, have.0, have.1
    )
}

/// Writes `text` word-wrapped from the top left, as far as the screen goes.
pub fn wrap_into(screen: &mut Screen, text: &str, style: Style) {
    let width = usize::from(screen.width()).max(1);
    let mut row = 0;
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            screen.put(0, row, &line, style);
            row += 1;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    screen.put(0, row, &line, style);
}
