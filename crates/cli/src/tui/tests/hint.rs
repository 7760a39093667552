//! The hint: searched in the background, marked on the board, played with Enter.

use fiveinrow_rules::Color;

use super::driver::{at, Driver};
use crate::tui::input::Key;
use crate::tui::screen::Style;

#[test]
fn the_hint_marks_a_legal_point_and_enter_plays_it() {
    let mut d = Driver::people();
    // Black to move with h8 forbidden: the hint must not be h8.
    d.play("g8 a1 i8 a3 h7 a5 h9 a7");
    d.key(Key::Char('?'));
    assert!(d.message().starts_with("looking for a hint"));
    d.settle();
    let hint = d.app.hint.expect("a hint");
    assert_ne!(hint, at("h8"));
    assert_eq!(d.app.game.check(hint), Ok(()));
    let cell = d.cell(hint);
    assert_eq!((cell.ch, cell.style), ('+', Style::Hint));
    assert!(cell.reverse, "the cursor moved onto the hint");
    let name = fiveinrow_rules::notation::to_human(hint, 15);
    assert!(
        d.message().starts_with(&format!("hint: {name}")),
        "{}",
        d.message()
    );
    assert!(d.text().contains("the last hint's search"));
    d.key(Key::Enter);
    assert_eq!(d.app.game.board().get(hint), Some(Color::Black));
    assert_eq!(d.app.hint, None);
}

#[test]
fn the_hint_finds_the_winning_point() {
    let mut d = Driver::people();
    d.play("h8 a1 i8 a3 j8 a5 k8 a7");
    d.key(Key::Char('H'));
    d.settle();
    let hint = d.app.hint.expect("a hint");
    assert!(hint == at("g8") || hint == at("l8"), "{hint:?}");
}

#[test]
fn no_hint_once_the_game_is_over() {
    let mut d = Driver::people();
    d.play("h8 a1 i8 a3 j8 a5 k8 a7 l8");
    d.key(Key::Char('?'));
    assert_eq!(d.message(), "no hint: the game is over");
    assert!(d.app.search.is_none());
}
