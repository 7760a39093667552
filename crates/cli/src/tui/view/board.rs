//! The board: letters above and below, row numbers on both sides, `X` and `O` stones,
//! the last move in brackets, the winning line highlighted, black's forbidden points as
//! `*` (renju, while shown), the hint as `+`, an opening's offered 5th moves as `5`, and
//! the cursor in reverse video.

use fiveinrow_rules::{Color, Pos, Status};

use crate::tui::app::App;
use crate::tui::layout::Layout;
use crate::tui::screen::{Screen, Style};

pub fn draw(screen: &mut Screen, app: &App, layout: &Layout) {
    let game = &app.game;
    let n = game.size();
    let bottom = u16::from(n) + 1;
    for x in 0..n {
        let letter = ((b'a' + x) as char).to_string();
        let (col, _) = layout.cell_of(Pos::new(x, 0).expect("a point of the board"));
        screen.put(col, 0, &letter, Style::Dim);
        screen.put(col, bottom, &letter, Style::Dim);
    }
    let right = 5 + 2 * u16::from(n);
    for y in 0..n {
        let label = format!("{:>2}", n - y);
        screen.put(0, 1 + u16::from(y), &label, Style::Dim);
        screen.put(right, 1 + u16::from(y), label.trim_start(), Style::Dim);
    }
    let win: &[Pos] = match game.status() {
        Status::Won { line, .. } => line,
        _ => &[],
    };
    let forbidden = if app.show_forbidden {
        app.forbidden_points()
    } else {
        Vec::new()
    };
    let offers = app.opening_in_progress().map_or(&[][..], |o| o.offers());
    for p in game.board().points() {
        let (ch, style) = match game.board().get(p) {
            Some(color) => {
                let ch = if color == Color::Black { 'X' } else { 'O' };
                let style = match color {
                    _ if win.contains(&p) => Style::Win,
                    Color::Black => Style::BlackStone,
                    Color::White => Style::WhiteStone,
                };
                (ch, style)
            }
            None if app.hint == Some(p) => ('+', Style::Hint),
            None if offers.contains(&p) => ('5', Style::Offer),
            None if forbidden.contains(&p) => ('*', Style::Forbidden),
            None => ('.', Style::Dim),
        };
        let (col, row) = layout.cell_of(p);
        screen.put(col, row, &ch.to_string(), style);
    }
    if let Some(p) = game.last_move() {
        let (col, row) = layout.cell_of(p);
        screen.put(col - 1, row, "(", Style::LastMove);
        screen.put(col + 1, row, ")", Style::LastMove);
    }
    let (col, row) = layout.cell_of(app.cursor);
    screen.set_reverse(col, row);
}
