//! The panel right of the board: the game's settings, what the engine is doing (depth,
//! score, nodes, principal variation), and the keys.

use fiveinrow_rules::{Color, Rule};

use crate::tui::app::{App, Purpose, Search};
use crate::tui::keymap::HELP;
use crate::tui::layout::Layout;
use crate::tui::screen::{Screen, Style};
use crate::tui::settings::Seat;
use crate::tui::words;

pub fn draw(screen: &mut Screen, app: &App, layout: &Layout) {
    let width = usize::from(layout.panel_width.saturating_sub(1));
    let mut lines: Vec<(String, Style)> = Vec::new();
    let s = &app.settings;
    let n = app.game.size();
    lines.push((
        format!("FiveInRow  {} {n}x{n}", app.game.rule()),
        Style::Title,
    ));
    for color in [Color::Black, Color::White] {
        let who = match s.seat(color) {
            Seat::Person => "person".to_string(),
            Seat::Computer => format!("computer, level {}, {}", s.level.number(), s.time_words()),
        };
        lines.push((format!("{color}: {who}"), Style::Plain));
    }
    if app.game.rule() == Rule::Renju {
        let state = if app.show_forbidden {
            "shown as *"
        } else {
            "hidden"
        };
        lines.push((format!("forbidden points {state}"), Style::Dim));
    }
    opening_lines(app, width, &mut lines);
    lines.push((String::new(), Style::Plain));
    engine_lines(app, width, &mut lines);
    lines.push((String::new(), Style::Plain));
    lines.push(("Keys".to_string(), Style::Title));
    lines.extend(HELP.iter().map(|h| (h.to_string(), Style::Plain)));
    for (row, (text, style)) in lines
        .iter()
        .enumerate()
        .take(usize::from(layout.panel_rows))
    {
        let cut: String = text.chars().take(width).collect();
        screen.put(layout.panel_x, row as u16, &cut, *style);
    }
}

/// The opening rule: its name, the step asked now and its keys, wrapped to the panel.
fn opening_lines(app: &App, width: usize, lines: &mut Vec<(String, Style)>) {
    let Some(o) = &app.opening else {
        return;
    };
    match (app.step_words(), app.step_key_words()) {
        (Some(step), keys) => {
            lines.push((format!("opening: {}", o.rule().name()), Style::Title));
            for part in wrap(&step, width) {
                lines.push((part, Style::Plain));
            }
            if let Some(keys) = keys {
                for part in wrap(keys, width) {
                    lines.push((part, Style::Selected));
                }
            }
        }
        (None, _) => lines.push((format!("opening: {}, over", o.rule().name()), Style::Dim)),
    }
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The running search, or the last one: who, depth, score, nodes and the line.
fn engine_lines(app: &App, width: usize, lines: &mut Vec<(String, Style)>) {
    let (search, running) = match (&app.search, &app.last_search) {
        (Some(s), _) => (s, true),
        (None, Some(s)) => (s, false),
        (None, None) => {
            lines.push(("engine: idle".to_string(), Style::Dim));
            return;
        }
    };
    lines.push((heading(app, search, running), Style::Title));
    let Some(info) = &search.progress else {
        lines.push(("searching...".to_string(), Style::Dim));
        return;
    };
    lines.push((words::progress(info), Style::Plain));
    let n = app.game.size();
    let first = words::points(&info.pv, n, width.saturating_sub(4));
    let shown = first.split_whitespace().count();
    lines.push((format!("pv: {first}"), Style::Plain));
    if shown < info.pv.len() {
        let rest = words::points(&info.pv[shown..], n, width.saturating_sub(4));
        lines.push((format!("    {rest}"), Style::Plain));
    }
    if running {
        let stop = match search.purpose {
            Purpose::Move => "Space or M: move now",
            Purpose::Hint => "M: stop and show the hint",
        };
        lines.push((stop.to_string(), Style::Dim));
    }
}

fn heading(app: &App, search: &Search, running: bool) -> String {
    let who = app.settings.player(search.color);
    match (search.purpose, running) {
        (Purpose::Move, true) => format!("{who} is thinking"),
        (Purpose::Move, false) => format!("{who}'s last search"),
        (Purpose::Hint, true) => "looking for a hint".to_string(),
        (Purpose::Hint, false) => "the last hint's search".to_string(),
    }
}
