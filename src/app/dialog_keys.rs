//! Keys while a dialog is open: moving through its steps, then running the command it wrote; and
//! the odds preview an attack dialog shows before its dice step.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::backend::crossterm::EventHandler;

use super::dialog::{Step, Template};
use super::{App, Mode};
use crate::command;

impl App {
    pub(super) fn dialog_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Esc {
            self.mode = Mode::Normal;
            self.hint("cancelled; nothing changed");
            return;
        }
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step_mut() else { return };
        match key.code {
            KeyCode::Enter | KeyCode::Tab => {
                let Some(answer) = step.answer() else {
                    let label = step.label();
                    self.error(format!("{label}: nothing chosen yet"));
                    return;
                };
                dialog.answers.push(answer);
                dialog.at += 1;
                if dialog.at >= dialog.steps.len() {
                    let (text, faces) = dialog.command();
                    let Mode::Dialog(mut dialog) = std::mem::replace(&mut self.mode, Mode::Normal)
                    else {
                        return;
                    };
                    // Faces the rules could not use (too few, wrong die): back to that step, with
                    // everything else kept, to type them again.
                    if !self.run_line(&text, faces.as_deref()) && faces.is_some() {
                        dialog.at -= 1;
                        dialog.answers.pop();
                        self.mode = Mode::Dialog(dialog);
                    }
                }
            }
            KeyCode::Up | KeyCode::Down => {
                let n = match step {
                    Step::Toggles { options, .. } => options.len(),
                    _ => step.visible().len(),
                };
                if let Step::Pick { cursor, .. } | Step::Toggles { cursor, .. } = step {
                    *cursor = if key.code == KeyCode::Up {
                        cursor.saturating_sub(1)
                    } else {
                        (*cursor + 1).min(n.saturating_sub(1))
                    };
                }
            }
            _ => match step {
                Step::Pick { filter, cursor, .. } => {
                    filter.handle_event(&Event::Key(key));
                    *cursor = 0;
                }
                Step::Text { input, .. } => {
                    input.handle_event(&Event::Key(key));
                }
                Step::Toggles { on, cursor, .. } => {
                    if key.code == KeyCode::Char(' ')
                        && let Some(flag) = on.get_mut(*cursor)
                    {
                        *flag = !*flag;
                    }
                }
            },
        }
        self.refresh_preview();
    }

    /// When an attack dialog reaches its dice step, show the odds of the attack as chosen.
    fn refresh_preview(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack || dialog.at + 1 != dialog.steps.len() {
            return;
        }
        let (text, _) = dialog.command();
        dialog.preview = match command::parse_in(&text, Some(self.session.encounter().system)) {
            Ok(Some(cmd)) => {
                match crate::encounter::engine::attack_preview(self.session.encounter(), &cmd) {
                    Ok(odds) => odds,
                    Err(err) => Some(format!("cannot attack like this: {err}")),
                }
            }
            Ok(None) => None,
            Err(err) => Some(format!("cannot attack like this: {err}")),
        };
    }
}
