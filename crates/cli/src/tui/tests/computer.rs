//! The computer thinks in the background: keys still work, its progress shows in the
//! panel, and a key makes it play its best move so far.

use std::time::{Duration, Instant};

use fiveinrow_engine::Level;
use fiveinrow_rules::{Color, Rule};

use super::driver::{settings, Driver};
use crate::tui::input::Key;
use crate::tui::settings::Seat;

/// The computer at full strength with a minute per move, as white after the person's
/// h8: it is still thinking when the test looks. (Not on an empty board: there the
/// centre is the only move and the search ends within milliseconds, maybe before the
/// test looks.)
fn slow_computer_thinking() -> Driver {
    let mut s = settings(Seat::Person, Seat::Computer, Rule::Renju, 15);
    s.level = Level::new(8);
    s.nodes = None;
    s.move_time = Duration::from_secs(60);
    let mut d = Driver::new(s);
    d.play("h8");
    d
}

#[test]
fn keys_work_while_the_computer_thinks_and_space_makes_it_move() {
    let mut d = slow_computer_thinking();
    assert!(d.app.search.is_some(), "the computer starts at once");
    let start = d.app.cursor;
    d.key(Key::Up);
    d.key(Key::Char('l'));
    assert_eq!(
        (d.app.cursor.x(), d.app.cursor.y()),
        (start.x() + 1, start.y() - 1)
    );
    d.app.search.as_ref().expect("still thinking");
    // Wait until it has reported at least one depth (a bound only against a hang: a
    // loaded machine may take long before the engine's thread runs).
    let deadline = Instant::now() + Duration::from_secs(120);
    while d
        .app
        .search
        .as_ref()
        .and_then(|s| s.progress.as_ref())
        .is_none()
    {
        assert!(Instant::now() < deadline, "no progress reported");
        d.app.poll_wait(Duration::from_millis(20));
    }
    let text = d.text();
    assert!(text.contains("white (computer) is thinking"), "{text}");
    assert!(text.contains("depth "), "{text}");
    assert!(text.contains("pv: "), "{text}");
    let status = d.screen().line(22);
    assert!(status.contains("is thinking, depth "), "{status}");
    assert!(status.contains("(Space: move now)"), "{status}");
    d.key(Key::Char(' '));
    d.settle();
    // It stopped on request, well before its minute was up (its own clock says so).
    let took = d
        .app
        .last_search
        .as_ref()
        .and_then(|s| s.progress.as_ref())
        .map_or(u64::MAX, |i| i.time_ms);
    assert!(took < 50_000, "it searched {took} ms of its 60 s");
    assert_eq!(d.stones(), 2);
    assert_eq!(d.app.game.to_move(), Color::Black);
    assert!(
        d.message().starts_with("white (computer) played "),
        "{}",
        d.message()
    );
    assert!(d.text().contains("white (computer)'s last search"));
}

#[test]
fn a_person_cannot_move_for_the_computer() {
    let mut d = slow_computer_thinking();
    d.play("i9");
    assert_eq!(d.stones(), 1);
    assert_eq!(
        d.message(),
        "white (computer) is to move: Space makes it move now"
    );
    d.key(Key::Char('M'));
    d.settle();
    assert_eq!(d.stones(), 2);
}

#[test]
fn quitting_while_the_computer_thinks_is_immediate() {
    let mut d = slow_computer_thinking();
    d.key(Key::Ctrl('c'));
    assert!(d.app.should_quit());
}
