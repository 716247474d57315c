//! Running commands through the session: typed lines, dialog commands and key actions, the status
//! they leave, and the writes (autosave, `save PATH`) handed to the runtime as [`Effect`]s.

use std::path::PathBuf;

use super::probe::is_about_faces;
use super::{App, Effect, Mode, SaveState};
use crate::command::{self, Command};
use crate::encounter::Outcome;
use crate::rules::dice::ScriptedDice;

/// How a command went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ran {
    Applied,
    Refused,
    /// Refused for the faces typed at the table: too few, one the die does not have, or text
    /// that is not faces. Typing them again may work.
    BadFaces,
}

impl App {
    /// The runtime reports how a write went.
    pub fn written(&mut self, effect: &Effect, result: Result<(), String>) {
        match result {
            Ok(()) => {
                if effect.switch_to {
                    self.save_path = Some(effect.path.clone());
                    self.hint(&format!("saved to {}", effect.path.display()));
                }
                self.save_state = SaveState::Saved;
            }
            Err(err) => {
                self.save_state = SaveState::Failed(err.clone());
                self.error(format!("could not save {}: {err}", effect.path.display()));
            }
        }
    }

    /// Parse and run a line, as the command line and dialogs do.
    pub fn run_line(&mut self, line: &str, faces: Option<&str>) -> Ran {
        // `help` is the tracker's own: the help screen, or one command's usage.
        let mut words = line.split_whitespace();
        if words.next() == Some("help") {
            match words.next() {
                None => self.mode = Mode::Help { scroll: 0 },
                Some(name) => {
                    match command::table::find(name, Some(self.session.encounter().system)) {
                        Some(spec) => self.hint(&format!("{} · {}", spec.usage(), spec.summary)),
                        None => self.error(format!("no command '{name}'; `help` lists them all")),
                    }
                }
            }
            return Ran::Applied;
        }
        match command::parse_in(line, Some(self.session.encounter().system)) {
            Ok(Some(command)) => self.run_command(command, faces),
            Ok(None) => Ran::Applied,
            Err(err) => {
                self.error(err.to_string());
                Ran::Refused
            }
        }
    }

    /// Run a command through the session. `faces` are dice rolled at the table.
    pub fn run_command(&mut self, command: Command, faces: Option<&str>) -> Ran {
        let turn_before = self.session.encounter().turn.clone();
        // Faces typed but not needed: reported after the command's own message.
        let mut spare = None;
        let result = match faces {
            Some(text) => {
                let mut scripted = match ScriptedDice::parse(text) {
                    Ok(s) => s,
                    Err(err) => {
                        self.error(format!("dice faces: {err}"));
                        return Ran::BadFaces;
                    }
                };
                let result = self.session.execute(&command, &mut scripted);
                if result.is_ok() && scripted.remaining() > 0 {
                    spare = Some(format!(
                        "{} of the faces typed were not needed",
                        scripted.remaining()
                    ));
                }
                result
            }
            None => self.session.execute(&command, &mut *self.dice),
        };
        let ran = match &result {
            Ok(_) => Ran::Applied,
            Err(err) if faces.is_some() && is_about_faces(err) => Ran::BadFaces,
            Err(_) => Ran::Refused,
        };
        match result {
            Ok(Outcome::Applied { .. }) => {
                let last = self.session.log().last().map(|l| l.text.clone()).unwrap_or_default();
                self.hint(&last);
                self.changed();
            }
            Ok(Outcome::Undone { command }) => {
                self.hint(&format!("undone: {command}"));
                self.changed();
            }
            Ok(Outcome::Redone { command }) => {
                self.hint(&format!("redone: {command}"));
                self.changed();
            }
            Ok(Outcome::Started) => {
                let name = self.session.encounter().name.clone();
                self.save_path = self.new_files.next(&name);
                self.unfolded.clear();
                self.selected = 0;
                self.hint(&format!("new encounter: {name}; add combatants with :add NAME"));
                self.changed();
            }
            Ok(Outcome::SaveRequested { path }) => {
                let path = path.map(PathBuf::from).or_else(|| self.save_path.clone());
                match path {
                    Some(path) => self.effects.push(Effect {
                        path,
                        text: crate::save::to_ron(&self.session),
                        switch_to: true,
                    }),
                    None => self.error("save needs a file name here: s, then type one"),
                }
            }
            Err(err) if faces.is_some() => {
                // The faces were typed, not scripted: say so in those words.
                self.error(err.to_string().replace("the dice script", "the faces typed"));
            }
            Err(err) => self.error(err.to_string()),
        }
        if let Some(spare) = spare {
            self.error(spare);
        }
        if self.session.encounter().turn != turn_before {
            self.follow_turn();
        }
        self.clamp_selection();
        ran
    }

    fn changed(&mut self) {
        self.log_scroll = 0;
        self.autosave();
    }

    pub(super) fn autosave(&mut self) {
        match &self.save_path {
            Some(path) => {
                self.save_state = SaveState::Unsaved;
                self.effects.push(Effect {
                    path: path.clone(),
                    text: crate::save::to_ron(&self.session),
                    switch_to: false,
                });
            }
            None => self.save_state = SaveState::Unsaved,
        }
    }
}
