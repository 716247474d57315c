//! The `:` command line: typing, history with ↑/↓, and Tab completion that cycles through the
//! candidates.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use super::{App, Mode};
use crate::command::{self, complete::CompletionContext};

impl App {
    pub(super) fn command_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => {
                self.mode = Mode::Normal;
                self.hint("? help · : command · q quit");
            }
            KeyCode::Enter => {
                let line = self.input.value().to_string();
                self.mode = Mode::Normal;
                if !line.trim().is_empty() {
                    if self.history.last() != Some(&line) {
                        self.history.push(line.clone());
                    }
                    // A line missing answers goes on in a dialog, one question at a time.
                    if !self.open_verb_dialog(&line) {
                        self.start_live(&line, "answers");
                    }
                }
            }
            KeyCode::Up | KeyCode::Down => {
                self.completion = None;
                if self.history.is_empty() {
                    return;
                }
                let last = self.history.len() - 1;
                self.history_at = match (key.code, self.history_at) {
                    (KeyCode::Up, None) => Some(last),
                    (KeyCode::Up, Some(i)) => Some(i.saturating_sub(1)),
                    (_, Some(i)) if i < last => Some(i + 1),
                    _ => None,
                };
                let value = self.history_at.map(|i| self.history[i].clone()).unwrap_or_default();
                self.input = Input::new(value);
            }
            KeyCode::Tab => self.complete(),
            _ => {
                self.completion = None;
                self.input.handle_event(&Event::Key(key));
            }
        }
    }

    /// Tab: complete the word under the cursor, cycling through the candidates.
    fn complete(&mut self) {
        if let Some((base, options, at)) = &mut self.completion {
            *at = (*at + 1) % options.len().max(1);
            let value = format!("{base}{}{}", options[*at], after(&options[*at]));
            self.input = Input::new(value);
            return;
        }
        let line = self.input.value().to_string();
        let enc = self.session.encounter();
        let ctx = CompletionContext {
            system: Some(enc.system),
            combatants: enc.combatants.iter().map(|c| c.name.clone()).collect(),
            conditions: self
                .session
                .assets()
                .catalogue_ref(enc.system)
                .map(|c| c.names().map(str::to_string).collect())
                .unwrap_or_default(),
            weapons: enc
                .combatants
                .iter()
                .flat_map(|c| c.weapons.iter().map(|w| w.name.clone()))
                .collect(),
            creatures: self
                .session
                .assets()
                .creatures(enc.system)
                .iter()
                .map(|c| c.name.clone())
                .collect(),
            paths: Some(crate::save::paths_like),
        };
        let options = command::complete(&line, &ctx);
        if options.is_empty() {
            self.error("no completions here");
            return;
        }
        let base = line[..word_start(&line)].to_string();
        self.input = Input::new(format!("{base}{}{}", options[0], after(&options[0])));
        if options.len() > 1 {
            self.hint(&format!("Tab again: {}", options.join("  ")));
            self.completion = Some((base, options, 0));
        }
    }
}

/// Where the word being completed starts: just after the last whitespace outside quotes, as
/// the tokenizer splits words. A byte index on a character boundary, whatever the whitespace
/// (a no-break space is two bytes).
fn word_start(line: &str) -> usize {
    let (mut start, mut in_quote, mut escaped) = (0, false, false);
    for (at, c) in line.char_indices() {
        if escaped {
            escaped = false;
        } else if in_quote && c == '\\' {
            escaped = true;
        } else if c == '"' {
            in_quote = !in_quote;
        } else if c.is_whitespace() && !in_quote {
            start = at + c.len_utf8();
        }
    }
    start
}

/// What follows a completed word: a space, but nothing after a folder, which is gone on into.
fn after(word: &str) -> &'static str {
    if word.ends_with('/') { "" } else { " " }
}
