//! Keys while a dialog is open: moving through its steps (and back), running the command it
//! wrote through the questions the rules ask ([`super::live`]) or showing its refusal; and the
//! attack odds preview.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use tui_input::backend::crossterm::EventHandler;

use super::dialog::{Step, Template};
use super::{App, Mode};
use crate::command;
use crate::rules::ask::Need;

impl App {
    pub(super) fn dialog_key(&mut self, key: KeyEvent) {
        if let Mode::Dialog(dialog) = &self.mode
            && dialog.refused.is_some()
        {
            // The refusal stays in the status line after the dialog closes.
            if matches!(key.code, KeyCode::Enter | KeyCode::Esc) {
                self.mode = Mode::Normal;
            }
            return;
        }
        if key.code == KeyCode::Esc {
            return self.leave_dialog();
        }
        if let Mode::Dialog(dialog) = &mut self.mode {
            dialog.leaving = false;
        }
        let blank = matches!(&self.mode, Mode::Dialog(d) if d.step().is_some_and(Step::is_blank));
        if key.code == KeyCode::BackTab || (key.code == KeyCode::Backspace && blank) {
            self.step_back();
            return;
        }
        if let Some(need) = self.in_live_step().cloned() {
            match key.code {
                KeyCode::Enter | KeyCode::Tab => self.answer_live(&need),
                KeyCode::Char('r') if blank && matches!(need, Need::Roll(_)) => self.advance(true),
                _ => self.edit_step(key),
            }
            return;
        }
        let at_path = matches!(&self.mode, Mode::Dialog(d) if d.path_step == Some(d.at));
        match key.code {
            KeyCode::Tab if at_path => self.complete_path(),
            KeyCode::Enter | KeyCode::Tab => self.answer_own_step(),
            _ => self.edit_step(key),
        }
        self.refresh_preview();
    }

    /// Esc: the dialog closes, nothing changed; with faces typed at the table, only once asked
    /// twice.
    fn leave_dialog(&mut self) {
        if self.typed_faces_at_stake()
            && let Mode::Dialog(dialog) = &mut self.mode
            && !dialog.leaving
        {
            dialog.leaving = true;
            self.hint("the faces typed would be lost: Esc again leaves, any other key goes on");
            return;
        }
        self.mode = Mode::Normal;
        self.hint("cancelled; nothing changed");
    }

    /// Enter at one of the dialog's own steps: its answer kept, on to the next, or the command
    /// run once the last is answered.
    fn answer_own_step(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step() else { return };
        let Some(answer) = step.answer() else {
            let label = step.label().to_string();
            self.error(format!("{label}: nothing chosen yet"));
            return;
        };
        dialog.answers.push(answer);
        dialog.fix = None;
        dialog.at += 1;
        // The step is answered: a complaint about it is over.
        if self.status.error {
            self.status = super::Status::default();
        }
        if dialog.at >= dialog.steps.len() {
            self.finish_dialog();
            return;
        }
        self.refresh_attack_choice();
        self.refresh_attack_toggles();
        self.refresh_other_targets();
        self.refresh_attack_hint();
    }

    /// A key typed into the step: the filter, the text, or a switch.
    fn edit_step(&mut self, key: KeyEvent) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step_mut() else { return };
        match key.code {
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
    }

    /// The next-turn key: the turn passes, asking first what its start needs (the faces of an
    /// ongoing damage or recovery roll with `set typed_dice ask`, a decision).
    pub(super) fn next_turn(&mut self) {
        self.start_live("next", "next turn");
    }

    /// The last of the dialog's own answers is in: a command that may roll or decide goes on
    /// through the questions the rules ask; any other runs now.
    fn finish_dialog(&mut self) {
        // The odds of the attack as written, every answer in, above its questions.
        self.refresh_preview();
        let Mode::Dialog(dialog) = &self.mode else { return };
        if dialog.rolls {
            self.advance(false);
            return;
        }
        let text = dialog.command();
        let refused = match self.run_line(&text, None) {
            super::Ran::Applied => None,
            super::Ran::Refused | super::Ran::BadFaces => Some(self.status.text.clone()),
        };
        self.settle_dialog(refused);
    }

    /// Close the dialog once its command ran. A refusal one of its switches or optional fields
    /// causes takes it back to that step; any other stays in it until Enter or Esc.
    pub(super) fn settle_dialog(&mut self, refused: Option<String>) {
        if let Some(why) = &refused
            && self.back_to_the_cause(why)
        {
            return;
        }
        // A line that does not read (an amount typed wrong), or a file name save as refuses:
        // the last answer typed is there again, as typed, to change.
        let system = self.session.encounter().system;
        if let (Some(why), Mode::Dialog(dialog)) = (&refused, &mut self.mode)
            && (dialog.template == Template::Save
                || command::parse_in(&dialog.command(), Some(system)).is_err())
            && let Some(at) = (0..dialog.answers.len().min(dialog.own_steps())).rev().find(|&i| {
                matches!(dialog.steps.get(i), Some(Step::Text { .. }))
                    && !dialog.answers[i].is_empty()
            })
        {
            dialog.answers.truncate(at);
            dialog.steps.truncate(dialog.own_steps());
            dialog.live = None;
            dialog.at = at;
            dialog.fix = Some(why.clone());
            (dialog.preview, dialog.refused) = (None, None);
            return;
        }
        match (refused, &mut self.mode) {
            (Some(why), Mode::Dialog(dialog)) => dialog.refused = Some(why),
            // What the command opened stays: an import's report, the box to paste a block in.
            (_, Mode::Report { .. } | Mode::Paste { .. }) => {}
            _ => self.mode = Mode::Normal,
        }
    }

    /// A refusal the answer at one step causes, whatever the dice show (a modifier the rules
    /// refuse for this roll, an option misspelt): the dialog goes back to that step, with it and
    /// every earlier answer kept, and shows why there. The step is the last switches or optional
    /// field whose answer, left blank, changes the refusal. Whether it went back.
    fn back_to_the_cause(&mut self, why: &str) -> bool {
        let Mode::Dialog(dialog) = &self.mode else { return false };
        if dialog.live.as_ref().is_some_and(|l| !l.asked.is_empty()) {
            return false;
        }
        let (encounter, assets) = (self.session.encounter(), self.session.assets());
        let refusal = |answers: &[String]| {
            let mut asked = (**dialog).clone();
            asked.answers = answers.to_vec();
            super::probe::refusal(encounter, assets, &asked.command())
        };
        let Some(refused) = refusal(&dialog.answers) else { return false };
        let fixable = |i: &usize| {
            matches!(
                dialog.steps.get(*i),
                Some(Step::Toggles { .. } | Step::Text { optional: true, .. })
            )
        };
        let cause = (0..dialog.answers.len()).rev().filter(fixable).find(|&i| {
            let mut without = dialog.answers.clone();
            without[i] = String::new();
            refusal(&without).as_ref() != Some(&refused)
        });
        let (Some(at), Mode::Dialog(dialog)) = (cause, &mut self.mode) else { return false };
        dialog.answers.truncate(at);
        dialog.steps.truncate(dialog.own_steps());
        dialog.live = None;
        dialog.at = at;
        dialog.fix = Some(why.to_string());
        (dialog.preview, dialog.refused) = (None, None);
        true
    }

    /// When an attack dialog reaches its dice step, show the odds of the attack as chosen.
    fn refresh_preview(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        // From the last of its own steps on, the attack as chosen.
        if dialog.template != Template::Attack || dialog.at + 1 < dialog.own_steps() {
            return;
        }
        if dialog.live.is_some() {
            return;
        }
        let text = dialog.command();
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

impl App {
    /// Tab in a file's path: the path completed as far as the files that begin with it agree,
    /// the candidates named when there are several.
    fn complete_path(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(Step::Text { input, .. }) = dialog.step_mut() else { return };
        let found = crate::save::paths_like(input.value());
        let Some(first) = found.first() else {
            return self.error("no file begins so");
        };
        let common = found.iter().fold(first.clone(), |common, path| {
            common.chars().zip(path.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a).collect()
        });
        if common.len() > input.value().len() {
            *input = tui_input::Input::new(common);
        }
        if found.len() > 1 {
            let names: Vec<&str> =
                found.iter().map(|p| p.rsplit('/').find(|s| !s.is_empty()).unwrap_or(p)).collect();
            self.hint(&names.join("  "));
        }
    }
}
