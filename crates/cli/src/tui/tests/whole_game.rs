//! Whole games: two people typing points, a person clicking against the computer, and
//! the computer against itself.

use std::time::Duration;

use fiveinrow_rules::{Color, Pos, Rule, Status};

use super::driver::{at, settings, Driver};
use crate::tui::input::Key;
use crate::tui::screen::Style;
use crate::tui::settings::Seat;

#[test]
fn two_people_play_to_a_five_by_typing_points() {
    let mut d = Driver::people();
    d.play("h8 a1 i8 a3 j8 a5 k8 a7");
    assert_eq!(d.stones(), 8);
    assert!(d.text().contains("move 9: black (person) to move"));
    d.play("l8");
    let text = d.text();
    assert!(text.contains("black wins with h8 i8 j8 k8 l8"), "{text}");
    assert!(d.message().contains("black played l8: black wins"));
    for name in ["h8", "i8", "j8", "k8", "l8"] {
        let cell = d.cell(at(name));
        assert_eq!((cell.ch, cell.style), ('X', Style::Win), "{name}");
    }
    assert_eq!(d.cell(at("a1")).style, Style::WhiteStone);
    // The last move is bracketed.
    let row = d.screen().line(8);
    assert!(row.contains("X X X X(X)"), "{row}");
    // The game is over: a further move is refused, in words.
    d.play("m9");
    assert_eq!(d.message(), "refused: the game is over");
    assert_eq!(d.stones(), 9);
}

#[test]
fn a_person_clicks_through_a_whole_game_against_the_computer() {
    let mut d = Driver::new(settings(Seat::Person, Seat::Computer, Rule::Renju, 9));
    let mut clicks = 0;
    while !d.app.game.is_over() {
        assert_eq!(d.app.game.to_move(), Color::Black);
        // The legal point nearest the centre.
        let p = *d
            .app
            .game
            .legal_moves()
            .iter()
            .min_by_key(|p| (i32::from(p.x()) - 4).pow(2) + (i32::from(p.y()) - 4).pow(2))
            .expect("a legal move while the game goes on");
        d.click(p);
        assert_eq!(d.app.game.board().get(p), Some(Color::Black));
        d.settle();
        clicks += 1;
        assert!(clicks <= 41, "a 9x9 game has at most 41 black moves");
    }
    let status = d.app.game.status().clone();
    let line = d.screen().line(22);
    match status {
        Status::Won { winner, .. } => assert!(line.contains(&format!("{winner} wins")), "{line}"),
        Status::Draw => assert!(line.contains("draw"), "{line}"),
        Status::Ongoing => unreachable!(),
    }
}

#[test]
fn the_computer_plays_itself_to_the_end() {
    let mut d = Driver::new(settings(Seat::Computer, Seat::Computer, Rule::Renju, 9));
    assert!(
        d.app.wait_idle(Duration::from_secs(120)),
        "game did not end"
    );
    assert!(d.app.game.is_over(), "{}", d.text());
    assert!(d.app.game.move_count() >= 9);
    // Every stone got there through the rules core: the game replays from its moves.
    let moves: Vec<Pos> = d.app.game.moves();
    let replayed = fiveinrow_rules::Game::from_moves(Rule::Renju, 9, &moves).expect("legal");
    assert_eq!(replayed.status(), d.app.game.status());
    // Keys still work after the end; Q quits.
    d.key(Key::Char('Q'));
    assert!(d.app.should_quit());
}

#[test]
fn resigning_ends_the_game_and_undo_takes_it_back() {
    let mut d = Driver::new(settings(Seat::Person, Seat::Computer, Rule::Renju, 15));
    d.play("h8");
    d.settle();
    d.key(Key::Char('X'));
    assert!(d.text().contains("black resigned: white wins"));
    d.play("a1");
    assert!(d.message().starts_with("refused: the game is over"));
    d.key(Key::Char('U'));
    assert!(d.app.resigned.is_none());
    assert_eq!(d.stones(), 2);
}
