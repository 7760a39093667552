//! What the game reacts to, independent of the terminal library: keys, clicks and size
//! changes. The terminal's events are translated here, so tests can type without one.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    /// A letter typed with Ctrl held (lower case).
    Ctrl(char),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Backspace,
    Tab,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A left click at a terminal cell (0-based column and row).
    Click {
        column: u16,
        row: u16,
    },
    Resize {
        width: u16,
        height: u16,
    },
}

/// The input a terminal event stands for; `None` for events the game ignores.
pub fn from_event(event: Event) -> Option<Input> {
    match event {
        Event::Key(key) => from_key(key).map(Input::Key),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Input::Click {
                column: m.column,
                row: m.row,
            })
        }
        Event::Resize(width, height) => Some(Input::Resize { width, height }),
        _ => None,
    }
}

fn from_key(key: KeyEvent) -> Option<Key> {
    // Terminals that report releases would otherwise act twice.
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};

    #[test]
    fn terminal_events_become_inputs() {
        let key = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
        assert_eq!(
            from_event(key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Input::Key(Key::Ctrl('c')))
        );
        assert_eq!(
            from_event(key(KeyCode::Char('U'), KeyModifiers::SHIFT)),
            Some(Input::Key(Key::Char('U')))
        );
        let release = KeyEvent {
            code: KeyCode::Char('h'),
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        };
        assert_eq!(from_event(Event::Key(release)), None);
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 18,
            row: 8,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(
            from_event(Event::Mouse(click)),
            Some(Input::Click { column: 18, row: 8 })
        );
        assert_eq!(
            from_event(Event::Resize(80, 24)),
            Some(Input::Resize {
                width: 80,
                height: 24
            })
        );
    }
}
