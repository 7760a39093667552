//! Opening rules in the terminal game: the steps with their keys, the rules core's
//! refusals on the message line, offered 5th moves on the board, the seats following a
//! swap, undo and redo through the decisions, and a saved opening loading back.

use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::{Color, Rule};

use super::driver::{at, settings, Driver};
use crate::tui::input::Key;
use crate::tui::settings::Seat;

fn opening_game(black: Seat, white: Seat, rule: Rule, opening: OpeningRule) -> Driver {
    let mut s = settings(black, white, rule, 15);
    s.opening = Some(opening);
    Driver::new(s)
}

fn record(d: &Driver) -> String {
    d.app.opening.as_ref().expect("an opening").record()
}

#[test]
fn two_people_play_soosorv8_with_its_keys_and_refusals() {
    let mut d = opening_game(
        Seat::Person,
        Seat::Person,
        Rule::Renju,
        OpeningRule::Soosorv8,
    );
    assert!(d.message().contains("soosorv8 opening"), "{}", d.message());
    assert!(d.text().contains("opening: soosorv8"), "{}", d.text());
    d.play("h8 h9");
    // The third stone makes no canonical opening far from the centre.
    d.play("a1");
    assert!(
        d.message().contains("26 canonical openings"),
        "{}",
        d.message()
    );
    assert_eq!(d.stones(), 2);
    d.play("h10");
    assert!(
        d.message().contains("swap colours or keep them"),
        "{}",
        d.message()
    );
    // A stone is no answer to the swap option; the keys are.
    d.key(Key::Enter);
    assert!(d.message().contains("W swap, K keep"), "{}", d.message());
    d.key(Key::Char('K'));
    d.play("h6");
    assert!(d.message().contains("declare"), "{}", d.message());
    d.key(Key::Char('9'));
    assert!(d.message().contains("N is 1 to 8"), "{}", d.message());
    d.key(Key::Char('2'));
    d.key(Key::Char('W'));
    assert!(
        d.message()
            .contains("to offer 2 fifth moves: 0 of 2 placed"),
        "{}",
        d.message()
    );
    d.play("g8");
    assert_eq!(d.cell(at("g8")).ch, '5');
    // i8 is g8's mirror image across the h column, which holds all four stones.
    d.play("i8");
    assert!(d.message().contains("symmetry"), "{}", d.message());
    d.play("k11");
    assert!(
        d.message().contains("pick one of the offered"),
        "{}",
        d.message()
    );
    d.play("j12");
    assert!(
        d.message().contains("not one of the offered"),
        "{}",
        d.message()
    );
    d.play("k11");
    assert_eq!(
        record(&d),
        "soosorv8 h8 h9 h10 stay h6 n=2 swap g8 k11 pick-k11"
    );
    assert!(
        d.message().contains("the opening is over"),
        "{}",
        d.message()
    );
    assert_eq!(d.app.game.moves().len(), 5);
    assert_eq!(d.cell(at("g8")).ch, '.');
    // The game goes on: white's 6th move.
    d.play("j9");
    assert_eq!(d.app.game.moves().len(), 6);

    // Undo takes back the move after the opening, then its decisions one by one.
    d.key(Key::Char('U'));
    assert_eq!(d.app.game.moves().len(), 5);
    d.key(Key::Char('U'));
    assert!(d.message().contains("pick-k11") || d.message().contains("picked k11"));
    assert_eq!(record(&d), "soosorv8 h8 h9 h10 stay h6 n=2 swap g8 k11");
    assert_eq!(d.cell(at("k11")).ch, '5');
    d.key(Key::Char('U'));
    d.key(Key::Char('U'));
    assert_eq!(record(&d), "soosorv8 h8 h9 h10 stay h6 n=2 swap");
    d.key(Key::Char('R'));
    d.key(Key::Char('R'));
    d.key(Key::Char('R'));
    assert_eq!(
        record(&d),
        "soosorv8 h8 h9 h10 stay h6 n=2 swap g8 k11 pick-k11"
    );
    assert!(d.app.opening_in_progress().is_none());
}

#[test]
fn a_swap_moves_the_person_and_the_computer_to_the_other_colours() {
    // The person opens swap1 with black far ahead: black h8 i8 j8 against a1. The
    // computer, choosing a colour, takes black; the person plays white from then on.
    let mut d = opening_game(
        Seat::Person,
        Seat::Computer,
        Rule::Freestyle,
        OpeningRule::Swap1,
    );
    d.app.settings.nodes = Some(20_000);
    d.play("h8 a1 i8");
    d.settle();
    let o = d.app.opening.as_ref().unwrap();
    assert!(o.is_done(), "{}", o.record());
    assert!(o.record().ends_with("swap"), "{}", o.record());
    assert_eq!(d.app.settings.seat(Color::Black), Seat::Computer);
    assert_eq!(d.app.settings.seat(Color::White), Seat::Person);
    assert!(d.message().contains("swapped"), "{}", d.message());
    // White (the person) is to move: the 4th stone.
    assert_eq!(d.app.game.to_move(), Color::White);
    d.play("j9");
    d.settle();
    assert_eq!(
        d.app.game.moves().len(),
        5,
        "the computer answered as black"
    );
    assert_eq!(
        d.app.game.board().get(d.app.game.last_move().unwrap()),
        Some(Color::Black)
    );
}

#[test]
fn the_computer_takes_every_decision_of_each_opening_rule() {
    for (rule, opening) in [
        (Rule::Renju, OpeningRule::Taraguchi10),
        (Rule::Freestyle, OpeningRule::Swap2),
        (Rule::Renju, OpeningRule::Soosorv8),
    ] {
        let mut d = opening_game(Seat::Computer, Seat::Computer, rule, opening);
        let mut steps = 0;
        while d.app.opening_in_progress().is_some() {
            d.settle();
            steps += 1;
            assert!(steps < 30, "{opening:?} does not end: {}", record(&d));
        }
        assert!(!d.app.message.warn, "{}", d.message());
        let o = d.app.opening.as_ref().unwrap();
        assert!(d.app.game.moves().starts_with(&o.game().moves()));
    }
}

#[test]
fn a_saved_opening_loads_back_at_its_step() {
    let file = std::env::temp_dir()
        .join(format!("fiveinrow-tui-{}-opening.sgf", std::process::id()))
        .to_string_lossy()
        .into_owned();
    let mut d = opening_game(
        Seat::Person,
        Seat::Person,
        Rule::Renju,
        OpeningRule::Taraguchi10,
    );
    d.play("h8");
    d.key(Key::Char('W'));
    d.play("i9");
    d.key(Key::Char('S'));
    d.key(Key::Ctrl('u'));
    d.type_text(&file);
    d.key(Key::Enter);
    assert!(d.message().starts_with("saved"), "{}", d.message());
    let mut e = Driver::people();
    e.key(Key::Char('L'));
    e.key(Key::Ctrl('u'));
    e.type_text(&file);
    e.key(Key::Enter);
    assert!(e.message().starts_with("loaded"), "{}", e.message());
    assert_eq!(record(&e), "taraguchi10 h8 swap i9");
    assert_eq!(e.app.step_words(), d.app.step_words());
    // The next step goes on from there: a swap option after the 2nd stone.
    e.key(Key::Char('K'));
    e.play("j10");
    assert_eq!(record(&e), "taraguchi10 h8 swap i9 stay j10");
    let _ = std::fs::remove_file(&file);
}
