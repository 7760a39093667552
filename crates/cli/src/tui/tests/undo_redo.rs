//! Undo and redo: one move between people, the pair against the computer, and a
//! search cancelled by undo.

use std::time::Duration;

use fiveinrow_rules::{Color, Rule};

use super::driver::{at, settings, Driver};
use crate::tui::input::Key;
use crate::tui::settings::Seat;

#[test]
fn between_people_undo_and_redo_go_one_move_at_a_time() {
    let mut d = Driver::people();
    d.play("h8 i9 j10");
    assert_eq!(d.cell(at("j10")).ch, 'X');
    d.key(Key::Char('U'));
    assert_eq!(d.message(), "took back 1 move(s)");
    assert_eq!(d.stones(), 2);
    assert_eq!(d.cell(at("j10")).ch, '.');
    // Small `u` and `r` work too: they name no column on 15x15.
    d.key(Key::Char('u'));
    assert_eq!(d.stones(), 1);
    assert!(d.text().contains("move 2: white (person) to move"));
    d.key(Key::Char('R'));
    assert_eq!(d.message(), "replayed 1 move(s)");
    d.key(Key::Char('r'));
    assert_eq!(d.stones(), 3);
    assert_eq!(d.cell(at("j10")).ch, 'X');
    d.key(Key::Char('R'));
    assert_eq!(d.message(), "nothing to redo");
    // A new move ends the redo list.
    d.key(Key::Char('U'));
    d.play("a1");
    d.key(Key::Char('R'));
    assert_eq!(d.message(), "nothing to redo");
    for _ in 0..3 {
        d.key(Key::Char('U'));
    }
    assert_eq!(d.stones(), 0);
    d.key(Key::Char('U'));
    assert_eq!(d.message(), "nothing to take back");
}

#[test]
fn against_the_computer_undo_and_redo_take_the_pair() {
    let mut d = Driver::new(settings(Seat::Person, Seat::Computer, Rule::Renju, 15));
    d.play("h8");
    d.settle();
    assert_eq!(d.stones(), 2);
    let reply = d.app.game.last_move().expect("the computer answered");
    d.key(Key::Char('U'));
    assert_eq!(d.message(), "took back 2 move(s)");
    assert_eq!(d.stones(), 0);
    assert_eq!(d.app.game.to_move(), Color::Black);
    d.key(Key::Char('R'));
    assert_eq!(d.message(), "replayed 2 move(s)");
    assert_eq!(d.app.game.last_move(), Some(reply));
    // The person is to move: the computer does not start thinking.
    assert!(d.app.search.is_none());
    assert!(!d.app.paused);
}

#[test]
fn undo_while_the_computer_thinks_cancels_its_search() {
    let mut s = settings(Seat::Person, Seat::Computer, Rule::Renju, 15);
    s.nodes = None;
    s.move_time = Duration::from_secs(60);
    s.level = fiveinrow_engine::Level::new(8);
    let mut d = Driver::new(s);
    d.play("h8");
    assert!(d.app.search.is_some(), "the computer thinks");
    d.key(Key::Char('U'));
    assert!(d.app.search.is_none());
    assert_eq!(d.message(), "took back 1 move(s)");
    assert_eq!(d.stones(), 0);
    // Nothing of the cancelled search arrives later.
    std::thread::sleep(Duration::from_millis(100));
    d.app.poll();
    assert_eq!(d.stones(), 0);
}

#[test]
fn a_computer_left_to_move_by_undo_waits_for_enter() {
    let mut d = Driver::new(settings(Seat::Computer, Seat::Person, Rule::Renju, 15));
    d.settle();
    assert_eq!(d.stones(), 1, "the computer opened");
    d.key(Key::Char('U'));
    assert_eq!(d.stones(), 0);
    assert!(d.app.paused && d.app.search.is_none());
    assert!(d
        .text()
        .contains("black (computer) to move (Enter: let it play)"));
    d.key(Key::Enter);
    d.settle();
    assert_eq!(d.stones(), 1);
}
