//! The set-up screen's form: one line per choice (who plays each colour, rule, opening
//! rule, board, level, time per move), changed with the arrow keys. It starts from the
//! flags.

use std::time::Duration;

use fiveinrow_engine::Level;
use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::{Rule, MAX_SIZE, MIN_SIZE};

use crate::tui::input::Key;
use crate::tui::settings::Settings;

/// Times per move offered on the form, in seconds.
const TIMES: &[f64] = &[0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Black,
    White,
    Rule,
    Opening,
    Size,
    Level,
    Time,
}

const FIELDS: [Field; 7] = [
    Field::Black,
    Field::White,
    Field::Rule,
    Field::Opening,
    Field::Size,
    Field::Level,
    Field::Time,
];

/// What a key on the form asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormAnswer {
    Stay,
    Start,
    /// Back to the game that was going on.
    Back,
    Quit,
}

#[derive(Clone, Debug)]
pub struct SetupForm {
    pub settings: Settings,
    selected: usize,
}

/// The keys listed under the form.
pub const FORM_HELP: &str = "up/down choose  left/right change  Enter start  Esc back  Q quit";

impl SetupForm {
    pub fn new(settings: Settings) -> SetupForm {
        SetupForm {
            settings,
            selected: 0,
        }
    }

    pub fn handle(&mut self, key: Key) -> FormAnswer {
        match key {
            Key::Up | Key::Char('k') => self.select(-1),
            Key::Down | Key::Char('j') | Key::Tab => self.select(1),
            Key::Left | Key::Char('h') | Key::Char('-') => self.change(-1),
            Key::Right | Key::Char('l') | Key::Char('+') => self.change(1),
            Key::Enter | Key::Char(' ') => return FormAnswer::Start,
            Key::Esc => return FormAnswer::Back,
            Key::Char('q') | Key::Char('Q') | Key::Ctrl('c') => return FormAnswer::Quit,
            _ => {}
        }
        FormAnswer::Stay
    }

    fn select(&mut self, step: isize) {
        let n = FIELDS.len() as isize;
        self.selected = (self.selected as isize + step).rem_euclid(n) as usize;
    }

    fn change(&mut self, step: i32) {
        let s = &mut self.settings;
        match FIELDS[self.selected] {
            Field::Black => s.black = s.black.other(),
            Field::White => s.white = s.white.other(),
            Field::Rule => {
                let i = Rule::ALL.iter().position(|&r| r == s.rule).unwrap_or(0) as i32;
                s.rule = Rule::ALL[(i + step).rem_euclid(Rule::ALL.len() as i32) as usize];
                // An opening rule of another game goes with the rule it was chosen for.
                if s.opening.is_some_and(|o| !o.fits(s.rule)) {
                    s.opening = None;
                }
            }
            Field::Opening => {
                let choices: Vec<Option<OpeningRule>> = std::iter::once(None)
                    .chain(
                        OpeningRule::ALL
                            .into_iter()
                            .filter(|o| o.fits(s.rule))
                            .map(Some),
                    )
                    .collect();
                let i = choices.iter().position(|&o| o == s.opening).unwrap_or(0) as i32;
                s.opening = choices[(i + step).rem_euclid(choices.len() as i32) as usize];
            }
            Field::Size => {
                let n = i32::from(s.size) + step;
                s.size = n.clamp(i32::from(MIN_SIZE), i32::from(MAX_SIZE)) as u8;
            }
            Field::Level => {
                let n = i32::from(s.level.number()) + step;
                s.level = Level::new(n.clamp(1, i32::from(Level::MAX)) as u8);
            }
            Field::Time => {
                let now = s.move_time.as_secs_f64();
                let next = if step > 0 {
                    TIMES.iter().find(|&&t| t > now + 1e-9)
                } else {
                    TIMES.iter().rev().find(|&&t| t < now - 1e-9)
                };
                if let Some(&t) = next {
                    s.move_time = Duration::from_secs_f64(t);
                }
            }
        }
    }

    /// The form's lines: label, value, and whether it is the selected one.
    pub fn lines(&self) -> Vec<(&'static str, String, bool)> {
        let s = &self.settings;
        FIELDS
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let (label, value) = match f {
                    Field::Black => ("Black", s.black.name().to_string()),
                    Field::White => ("White", s.white.name().to_string()),
                    Field::Rule => ("Rule", s.rule.to_string()),
                    Field::Opening => ("Opening", s.opening_name().to_string()),
                    Field::Size => ("Board", format!("{0}x{0}", s.size)),
                    Field::Level => ("Level", format!("{} of {}", s.level.number(), Level::MAX)),
                    Field::Time => ("Time", format!("{} per move", s.time_words())),
                };
                (label, value, i == self.selected)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::settings::Seat;

    #[test]
    fn arrows_choose_and_change() {
        let mut form = SetupForm::new(Settings::default());
        assert_eq!(form.handle(Key::Right), FormAnswer::Stay);
        assert_eq!(form.settings.black, Seat::Computer);
        form.handle(Key::Down);
        form.handle(Key::Down);
        form.handle(Key::Left);
        assert_eq!(form.settings.rule, Rule::Standard);
        form.handle(Key::Down);
        // Standard gomoku offers swap1 and swap2, not renju's opening rules.
        form.handle(Key::Right);
        assert_eq!(form.settings.opening, Some(OpeningRule::Swap1));
        form.handle(Key::Right);
        assert_eq!(form.settings.opening, Some(OpeningRule::Swap2));
        form.handle(Key::Right);
        assert_eq!(form.settings.opening, None);
        form.handle(Key::Left);
        assert_eq!(form.settings.opening, Some(OpeningRule::Swap2));
        // Back to renju: swap2 is not played there.
        form.handle(Key::Up);
        form.handle(Key::Right);
        assert_eq!(form.settings.rule, Rule::Renju);
        assert_eq!(form.settings.opening, None);
        form.handle(Key::Down);
        form.handle(Key::Left);
        assert_eq!(form.settings.opening, Some(OpeningRule::Taraguchi10));
        form.handle(Key::Down);
        for _ in 0..20 {
            form.handle(Key::Right);
        }
        assert_eq!(form.settings.size, MAX_SIZE);
        form.handle(Key::Down);
        form.handle(Key::Left);
        assert_eq!(form.settings.level.number(), 5);
        form.handle(Key::Down);
        form.handle(Key::Right);
        assert_eq!(form.settings.move_time, Duration::from_secs(5));
        // Up from the first line wraps to the last.
        form.handle(Key::Down);
        form.handle(Key::Up);
        assert!(form.lines()[6].2);
        assert_eq!(form.handle(Key::Enter), FormAnswer::Start);
        assert_eq!(form.handle(Key::Char('q')), FormAnswer::Quit);
    }
}
