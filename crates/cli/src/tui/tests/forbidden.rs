//! Renju's forbidden points: shown, refused in words, toggled; not under other rules.

use fiveinrow_rules::Rule;

use super::driver::{at, settings, Driver};
use crate::tui::input::Key;
use crate::tui::screen::Style;
use crate::tui::settings::Seat;

/// Black g8 i8 h7 h9 around h8: a double-three there.
const CROSS: &str = "g8 a1 i8 a3 h7 a5 h9 a7";

#[test]
fn a_double_three_is_refused_and_nothing_changes() {
    let mut d = Driver::people();
    d.play(CROSS);
    assert_eq!(d.stones(), 8);
    let h8 = d.cell(at("h8"));
    assert_eq!((h8.ch, h8.style), ('*', Style::Forbidden));
    let before = d.app.game.clone();
    d.play("h8");
    assert_eq!(
        d.message(),
        "refused: h8 is forbidden for black: double-three"
    );
    assert!(d.app.message.warn);
    assert_eq!(d.app.game, before);
    assert!(d
        .text()
        .contains("refused: h8 is forbidden for black: double-three"));
    // The same through the cursor: it stands on h8 after typing; move away and back.
    d.key(Key::Left);
    d.key(Key::Char('l'));
    assert_eq!(d.app.cursor, at("h8"));
    d.key(Key::Char(' '));
    assert_eq!(d.app.game, before);
    assert!(d.message().contains("double-three"));
    // Occupied points are refused too.
    d.play("g8");
    assert_eq!(d.message(), "refused: g8 is occupied");
    // Black plays elsewhere; white may play h8.
    d.play("o15 h8");
    assert_eq!(d.stones(), 10);
    assert_eq!(d.cell(at("h8")).ch, 'O');
}

#[test]
fn the_forbidden_marks_can_be_hidden() {
    let mut d = Driver::people();
    d.play(CROSS);
    d.key(Key::Char('*'));
    assert_eq!(d.cell(at("h8")).ch, '.');
    assert_eq!(d.message(), "forbidden points hidden");
    d.key(Key::Char('F'));
    assert_eq!(d.cell(at("h8")).ch, '*');
    // Hidden or not, the rules core still refuses the point.
    d.key(Key::Char('*'));
    d.play("h8");
    assert!(d.message().contains("forbidden for black: double-three"));
}

#[test]
fn other_rules_have_no_forbidden_points() {
    let mut d = Driver::new(settings(Seat::Person, Seat::Person, Rule::Freestyle, 15));
    d.play(CROSS);
    assert_eq!(d.cell(at("h8")).ch, '.');
    d.play("h8");
    assert_eq!(d.message(), "black played h8");
    assert_eq!(d.cell(at("h8")).ch, 'X');
}
