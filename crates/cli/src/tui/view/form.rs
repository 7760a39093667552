//! The set-up screen: the choices for a new game and the keys that change them.

use crate::tui::layout::TooSmall;
use crate::tui::screen::{Screen, Style};
use crate::tui::setup::{SetupForm, FORM_HELP};
use crate::tui::view::{too_small_words, wrap_into};

const WIDTH: u16 = 70;
const HEIGHT: u16 = 14;

pub fn draw(screen: &mut Screen, form: &SetupForm, started: bool) {
    if screen.width() < WIDTH || screen.height() < HEIGHT {
        let need = TooSmall {
            need_width: WIDTH,
            need_height: HEIGHT,
        };
        let have = (screen.width(), screen.height());
        let text = too_small_words("the set-up screen", need, have) + " Enlarge it; Q quits.";
        wrap_into(screen, &text, Style::Warn);
        return;
    }
    let title = if started {
        "FiveInRow: a new game (Esc: back to the game)"
    } else {
        "FiveInRow: a new game"
    };
    screen.put(2, 1, title, Style::Title);
    for (i, (label, value, selected)) in form.lines().into_iter().enumerate() {
        let row = 3 + i as u16;
        let style = if selected {
            Style::Selected
        } else {
            Style::Plain
        };
        let mark = if selected { ">" } else { " " };
        screen.put(2, row, &format!("{mark} {label:<6} < {value} >"), style);
    }
    screen.put(2, 10, FORM_HELP, Style::Dim);
    screen.put(
        2,
        12,
        "Level and time are for the computer's moves.",
        Style::Dim,
    );
}
