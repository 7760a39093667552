//! Which key does what during a game. Small letters that name a column of the board
//! (and the digits) type a point, so every command has a key that never does: a capital
//! letter, punctuation, Enter, Space, the arrows. A small command letter still works
//! where it names no column (`u`, `r`, `q` on 15x15).

use crate::tui::input::Key;
use crate::tui::point_entry::column_of;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor by (dx, dy), y downwards.
    Cursor(i8, i8),
    /// A character of a point; `h`, `j`, `k`, `l` also move the cursor.
    Type(char, Option<(i8, i8)>),
    /// Enter or Space: play at the cursor, or let the computer move now.
    Play,
    /// Stop the search and take its best move so far.
    MoveNow,
    Undo,
    Redo,
    Hint,
    ToggleForbidden,
    NewGame,
    Resign,
    Save,
    Load,
    Quit,
    /// Esc: drop what is being typed, the hint and the message.
    Cancel,
    /// Backspace: take back a typed character.
    Erase,
    Nothing,
}

/// The keys listed on the screen, in the order shown.
pub const HELP: &[&str] = &[
    "arrows/hjkl  cursor",
    "Enter/Space  play there",
    "h8 or a click  play it",
    "U undo  R redo  ? hint",
    "* forbidden  M move now",
    "N new  X resign  Q quit",
    "S save  L load",
];

pub fn game_action(key: Key, size: u8) -> Action {
    match key {
        Key::Up => Action::Cursor(0, -1),
        Key::Down => Action::Cursor(0, 1),
        Key::Left => Action::Cursor(-1, 0),
        Key::Right => Action::Cursor(1, 0),
        Key::Enter => Action::Play,
        Key::Esc => Action::Cancel,
        Key::Backspace => Action::Erase,
        Key::Ctrl('c') => Action::Quit,
        Key::Ctrl(_) | Key::Tab => Action::Nothing,
        Key::Char(c) => char_action(c, size),
    }
}

fn char_action(c: char, size: u8) -> Action {
    let vi_move = match c {
        'h' => Some((-1, 0)),
        'j' => Some((0, 1)),
        'k' => Some((0, -1)),
        'l' => Some((1, 0)),
        _ => None,
    };
    if column_of(c, size).is_some() || c.is_ascii_digit() {
        return Action::Type(c, vi_move);
    }
    if let Some((dx, dy)) = vi_move {
        return Action::Cursor(dx, dy);
    }
    match c {
        ' ' => Action::Play,
        '?' => Action::Hint,
        '*' => Action::ToggleForbidden,
        '!' => Action::MoveNow,
        _ => command_letter(c.to_ascii_uppercase()),
    }
}

fn command_letter(c: char) -> Action {
    match c {
        'U' => Action::Undo,
        'R' => Action::Redo,
        'H' => Action::Hint,
        'F' => Action::ToggleForbidden,
        'M' => Action::MoveNow,
        'N' => Action::NewGame,
        'X' => Action::Resign,
        'S' => Action::Save,
        'L' => Action::Load,
        'Q' => Action::Quit,
        _ => Action::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters_type_and_capitals_command() {
        assert_eq!(game_action(Key::Char('a'), 15), Action::Type('a', None));
        assert_eq!(
            game_action(Key::Char('h'), 15),
            Action::Type('h', Some((-1, 0)))
        );
        assert_eq!(game_action(Key::Char('U'), 15), Action::Undo);
        assert_eq!(game_action(Key::Char('u'), 15), Action::Undo);
        // On 22x22 `u` is a column; the capital still undoes.
        assert_eq!(game_action(Key::Char('u'), 22), Action::Type('u', None));
        assert_eq!(game_action(Key::Char('U'), 22), Action::Undo);
        // `n` is a column on 15x15, `N` never is.
        assert_eq!(game_action(Key::Char('n'), 15), Action::Type('n', None));
        assert_eq!(game_action(Key::Char('N'), 15), Action::NewGame);
        // On a small board `l` names no column but still moves the cursor.
        assert_eq!(game_action(Key::Char('l'), 9), Action::Cursor(1, 0));
        assert_eq!(game_action(Key::Char('8'), 9), Action::Type('8', None));
        assert_eq!(game_action(Key::Ctrl('c'), 15), Action::Quit);
        assert_eq!(game_action(Key::Char(' '), 15), Action::Play);
    }
}
