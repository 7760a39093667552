//! Saving and loading from inside the game: a file name typed on the message line.

use crate::tui::app::{App, Prompt, PromptKind};
use crate::tui::input::Key;
use crate::tui::record_file;

impl App {
    pub(super) fn open_prompt(&mut self, kind: PromptKind) {
        self.prompt = Some(Prompt {
            kind,
            text: self.last_file.clone(),
        });
    }

    pub(super) fn prompt_key(&mut self, key: Key) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match key {
            Key::Char(c) => prompt.text.push(c),
            Key::Backspace => {
                prompt.text.pop();
            }
            Key::Ctrl('u') => prompt.text.clear(),
            Key::Esc => self.prompt = None,
            Key::Ctrl('c') => self.quit = true,
            Key::Enter => {
                let kind = prompt.kind;
                let file = prompt.text.trim().to_string();
                self.prompt = None;
                if file.is_empty() {
                    self.warn("no file name given".to_string());
                    return;
                }
                self.last_file.clone_from(&file);
                match kind {
                    PromptKind::Save => self.save(&file),
                    PromptKind::Load => self.load(&file),
                }
            }
            _ => {}
        }
    }

    fn save(&mut self, file: &str) {
        match record_file::save(&self.game, self.opening.as_ref(), file) {
            Ok(()) => self.say(format!(
                "saved {} move(s) to {file}",
                self.game.move_count()
            )),
            Err(e) => self.warn(format!("cannot save: {e:#}")),
        }
    }

    fn load(&mut self, file: &str) {
        match record_file::load(file, self.settings.rule, self.settings.size) {
            Ok((game, opening)) => {
                self.cancel_search();
                self.thinker.clear();
                self.settings.rule = game.rule();
                self.settings.size = game.size();
                self.settings.opening = opening.as_ref().map(|o| o.rule());
                self.game = game;
                self.opening = opening;
                self.resigned = None;
                self.last_search = None;
                self.entry.clear();
                self.cursor = fiveinrow_rules::Pos::centre(self.game.size());
                self.after_history_change();
                self.say(format!("loaded {file}: {} move(s)", self.game.move_count()));
            }
            Err(e) => self.warn(format!("cannot load: {e:#}")),
        }
    }
}
