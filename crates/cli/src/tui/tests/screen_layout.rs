//! What the screen shows: coordinates, the cursor, the status lines, clicks, and a
//! clear message when the terminal is too small.

use fiveinrow_rules::Rule;

use super::driver::{at, settings, Driver};
use crate::tui::app::App;
use crate::tui::input::{Input, Key};
use crate::tui::settings::{Seat, Settings};
use crate::tui::view;

/// The screen's words on one line: wrapped messages read whole.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_board_has_coordinates_and_a_cursor() {
    let mut d = Driver::people();
    let screen = d.screen();
    assert!(screen
        .line(0)
        .starts_with("    a b c d e f g h i j k l m n o"));
    assert!(screen.line(1).starts_with("15  . ."), "{}", screen.line(1));
    assert!(screen.line(1).contains(". .  15"), "{}", screen.line(1));
    assert!(screen.line(15).starts_with(" 1  . ."));
    assert!(screen.line(15).contains(". .  1"));
    assert!(screen
        .line(16)
        .starts_with("    a b c d e f g h i j k l m n o"));
    assert!(d.cell(at("h8")).reverse, "the cursor starts in the centre");
    d.key(Key::Down);
    d.key(Key::Char('j'));
    assert!(d.cell(at("h6")).reverse);
    assert!(!d.cell(at("h8")).reverse);
    // The cursor stays on the board.
    for _ in 0..20 {
        d.key(Key::Left);
    }
    assert_eq!(d.app.cursor, at("a6"));
    d.key(Key::Enter);
    assert_eq!(d.message(), "black played a6");
    let text = d.text();
    assert!(text.contains("FiveInRow  renju 15x15"), "{text}");
    assert!(text.contains("move 2: white (person) to move"), "{text}");
    assert!(text.contains("U undo  R redo  ? hint"), "{text}");
}

#[test]
fn a_point_being_typed_shows_and_can_be_erased() {
    let mut d = Driver::people();
    d.type_text("a1");
    assert_eq!(d.app.cursor, at("a1"));
    assert!(d.text().contains("point: a1_"));
    d.key(Key::Char('2'));
    assert_eq!(d.message(), "black played a12");
    d.type_text("c");
    d.key(Key::Backspace);
    d.type_text("5");
    assert!(d.message().contains("column letter first"));
    d.type_text("b0");
    assert_eq!(d.message(), "b0 is not a point of this board");
    assert_eq!(d.stones(), 1);
}

#[test]
fn a_click_plays_the_point_under_it() {
    let mut d = Driver::people();
    d.click(at("c3"));
    assert_eq!(d.cell(at("c3")).ch, 'X');
    // A click off the board does nothing.
    d.app.handle(Input::Click { column: 79, row: 3 });
    assert_eq!(d.stones(), 1);
}

#[test]
fn a_small_terminal_gets_a_message_not_a_broken_board() {
    let mut d = Driver::people();
    d.app.handle(Input::Resize {
        width: 50,
        height: 12,
    });
    let text = flat(&d.text());
    assert!(
        text.contains(
            "The terminal is too small for the 15x15 board: it needs 65x19, this one is 50x12."
        ),
        "{text}"
    );
    assert!(!text.contains(". . ."), "{text}");
    // Keys still work: back to a normal size and the game is there.
    d.app.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    assert!(d.text().contains("a b c d e f g"));

    // 22x22 does not fit 80x24 and says so.
    let d = Driver::new(settings(Seat::Person, Seat::Person, Rule::Renju, 22));
    let text = flat(&d.text());
    assert!(
        text.contains("22x22 board: it needs 79x26, this one is 80x24"),
        "{text}"
    );
    // 20x20 does.
    let d = Driver::new(settings(Seat::Person, Seat::Person, Rule::Renju, 20));
    assert!(d.text().contains("a b c d e f g h i j k l m n o p q r s t"));
}

#[test]
fn the_setup_screen_comes_first_and_sets_the_game() {
    let mut app = App::new(Settings::default(), true);
    app.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    let text = view::render(&app).text();
    assert!(text.contains("> Black  < person >"), "{text}");
    assert!(text.contains("White  < computer >"), "{text}");
    // White: person; board 9x9 (below the rule and the opening rule).
    app.handle(Input::Key(Key::Down));
    app.handle(Input::Key(Key::Right));
    for _ in 0..3 {
        app.handle(Input::Key(Key::Down));
    }
    for _ in 0..6 {
        app.handle(Input::Key(Key::Left));
    }
    app.handle(Input::Key(Key::Enter));
    assert_eq!(app.game.size(), 9);
    assert_eq!(app.settings.white, Seat::Person);
    assert!(view::render(&app).text().contains("FiveInRow  renju 9x9"));
    // Too small for the form: a message.
    app.handle(Input::Key(Key::Char('N')));
    app.handle(Input::Resize {
        width: 40,
        height: 10,
    });
    let text = flat(&view::render(&app).text());
    assert!(
        text.contains("too small for the set-up screen: it needs 70x14"),
        "{text}"
    );
    // Esc goes back to the game.
    app.handle(Input::Key(Key::Esc));
    assert!(app.setup.is_none());
}
