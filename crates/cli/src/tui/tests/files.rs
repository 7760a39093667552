//! Saving and loading a game from inside it, in each format.

use fiveinrow_rules::{Pos, Rule};

use super::driver::{at, Driver};
use crate::tui::input::Key;

/// A file name in the temporary folder, unique to this test process and `tag`.
fn temp_file(tag: &str, ending: &str) -> String {
    let dir = std::env::temp_dir();
    let name = format!("fiveinrow-tui-{}-{tag}{ending}", std::process::id());
    dir.join(name).to_string_lossy().into_owned()
}

fn type_file(d: &mut Driver, command: char, file: &str) {
    d.key(Key::Char(command));
    // The prompt offers the last file name: clear it first.
    d.key(Key::Ctrl('u'));
    d.type_text(file);
    d.key(Key::Enter);
}

#[test]
fn a_game_saved_in_each_format_loads_back() {
    for ending in [".sgf", ".psq", ".txt"] {
        let file = temp_file("round", ending);
        let mut d = Driver::people();
        d.play("h8 i9 j10");
        type_file(&mut d, 'S', &file);
        assert_eq!(d.message(), format!("saved 3 move(s) to {file}"));
        // A new game from the set-up screen, then load.
        d.key(Key::Char('N'));
        assert!(d.text().contains("FiveInRow: a new game"));
        d.key(Key::Enter);
        assert_eq!(d.stones(), 0);
        type_file(&mut d, 'L', &file);
        assert_eq!(d.message(), format!("loaded {file}: 3 move(s)"));
        let moves: Vec<Pos> = ["h8", "i9", "j10"].iter().map(|n| at(n)).collect();
        assert_eq!(d.app.game.moves(), moves, "{ending}");
        assert_eq!(d.app.game.rule(), Rule::Renju);
        assert_eq!(d.cell(at("j10")).ch, 'X');
        let _ = std::fs::remove_file(&file);
    }
}

#[test]
fn a_bad_file_is_an_answer_not_a_crash() {
    let mut d = Driver::people();
    d.play("h8");
    let missing = temp_file("missing", ".sgf");
    type_file(&mut d, 'L', &missing);
    assert!(
        d.message().starts_with("cannot load: reading"),
        "{}",
        d.message()
    );
    assert!(d.app.message.warn);
    let bad = temp_file("bad", ".txt");
    std::fs::write(&bad, "h8 h8").expect("write");
    type_file(&mut d, 'L', &bad);
    assert!(d.message().contains("occupied"), "{}", d.message());
    assert_eq!(d.stones(), 1, "the game is unchanged");
    let _ = std::fs::remove_file(&bad);
    // Esc leaves the prompt without doing anything.
    d.key(Key::Char('S'));
    assert!(d.text().contains("save to"));
    d.key(Key::Esc);
    assert!(d.app.prompt.is_none());
}
