//! Running commands through the session: typed lines, dialog commands and key actions, the status
//! they leave, and the writes (autosave, `save PATH`) handed to the runtime as [`Effect`]s.

use std::path::PathBuf;

use super::probe::is_about_faces;
use super::{App, Effect, Mode, Ran, SaveState, branches_answer};
use crate::command::{self, Command};
use crate::encounter::engine::EngineError;
use crate::encounter::{Event, Outcome};
use crate::rules::dice::{ScriptedDice, TypedFirst};
use crate::save::import::Prepared;

/// What a command came to, and the faces typed for it that no die needed, in words.
type Executed = (Result<Outcome, EngineError>, Option<String>);

/// The start of the question `next` asks once the fight has ended.
const OVER_WARNING: &str = "the fight is over";

impl App {
    /// The runtime reports how a write went.
    pub fn written(&mut self, effect: &Effect, result: Result<(), String>) {
        if effect.report {
            match result {
                Ok(()) => self.hint(&format!("report written to {}", effect.path.display())),
                Err(err) => self.error(format!("could not write {}: {err}", effect.path.display())),
            }
            return;
        }
        match result {
            Ok(()) => {
                if effect.switch_to {
                    self.save_path = Some(effect.path.clone());
                    self.hint(&format!("saved to {}", effect.path.display()));
                }
                if Some(&effect.path) == self.save_path.as_ref() {
                    self.journal = Some(effect.journal.clone());
                }
                self.save_state = SaveState::Saved;
            }
            Err(err) => {
                // The next write rewrites the whole file, mending a half-written record.
                self.journal = None;
                self.save_state = SaveState::Failed(err.clone());
                self.error(format!("could not save {}: {err}", effect.path.display()));
            }
        }
    }

    /// Parse and run a line, as the command line and dialogs do.
    pub fn run_line(&mut self, line: &str, faces: Option<&str>) -> Ran {
        // `help` is answered, not recorded: the help screen, or one command's usage.
        if let Some(topic) = command::help::help_topic(line) {
            match topic {
                None => self.mode = Mode::Help { scroll: 0 },
                Some(name) => {
                    match command::help::help_for(name, Some(self.session.encounter().system)) {
                        Ok(text) => self.hint(&text),
                        Err(why) => self.error(why),
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
        if let Some(why) = self.waits_for_history(&command) {
            self.error(why);
            return Ran::Refused;
        }
        if let Some(why) = self.frozen.clone() {
            self.error(why);
            return Ran::Refused;
        }
        if let Command::Export { path, players } = &command {
            return self.export(path.as_deref(), *players);
        }
        let (command, report) = match self.read_files(command) {
            Ok(ready) => ready,
            Err(ran) => return ran,
        };
        if command.is(&command::table::NEXT) && !self.confirmed_next() {
            return Ran::Refused;
        }
        let over_before = self.session.encounter().over;
        let turn_before = self.session.encounter().turn.clone();
        let (result, spare) = match self.execute_with(&command, faces) {
            Ok(done) => done,
            Err(ran) => return ran,
        };
        let ran = match &result {
            Ok(_) => Ran::Applied,
            Err(err) if faces.is_some() && is_about_faces(err) => Ran::BadFaces,
            Err(_) => Ran::Refused,
        };
        match result {
            Ok(Outcome::Applied { .. }) => {
                // What the command did, not the closing word on which faces were typed.
                let log = self.session.log();
                let skip = usize::from(typed_mark_last(&self.session));
                // With its dice, as the log shows them (`roll 2d6 [3, 4] = 7`).
                let last = log.iter().rev().nth(skip).map_or_else(String::new, |l| match &l.roll {
                    Some(roll) => format!("{} {roll}", l.text),
                    None => l.text.clone(),
                });
                self.hint(&last);
                self.changed();
            }
            Ok(Outcome::Undone { command }) => {
                self.hint(&format!("undone: {command}{}", self.forks_here()));
                self.changed();
            }
            Ok(Outcome::Redone { command }) => {
                self.hint(&format!("redone: {command}{}", self.forks_here()));
                self.changed();
            }
            Ok(Outcome::Branches { branches }) => self.hint(&branches_answer(&branches)),
            Ok(Outcome::Alerts(lines)) if lines.is_empty() => {
                self.hint("no alerts set: :alert TEXT round=N schedules one");
            }
            Ok(Outcome::Alerts(lines)) => {
                self.mode = Mode::Report { title: "alerts".into(), lines, scroll: 0 };
            }
            Ok(Outcome::Branched { number, steps }) => {
                let unit = if steps == 1 { "command" } else { "commands" };
                self.hint(&format!("on branch {number}: {steps} {unit} replayed"));
                self.changed();
            }
            Ok(Outcome::Started) => {
                let name = self.session.encounter().name.clone();
                self.save_path = self.new_files.next(&name);
                // A new file: its first write is the whole journal, never an append.
                self.journal = None;
                self.unfolded.clear();
                self.selected = 0;
                self.hint(&format!("new encounter: {name}; add combatants with :add NAME"));
                self.changed();
            }
            Ok(Outcome::SaveRequested { path, overwrite }) => {
                if !self.save_as(path, overwrite) {
                    return Ran::Refused;
                }
            }
            Err(err) if faces.is_some() => {
                // The faces were typed, not scripted: say so in those words.
                self.error(err.to_string().replace("the dice script", "the faces typed"));
            }
            Err(err) => self.error(err.to_string()),
        }
        self.banner = if ran == Ran::Applied { self.alerts_here() } else { None };
        if !over_before && self.session.encounter().over {
            self.summary = self.ending_here();
        }
        if let Some(spare) = spare {
            self.error(spare);
        }
        if ran == Ran::Applied && !report.is_empty() {
            self.mode = Mode::Report { title: "imported".into(), lines: report, scroll: 0 };
            self.hint("what was read, ignored and odd · Esc closes");
        }
        if self.session.encounter().turn != turn_before {
            self.follow_turn();
        }
        self.clamp_selection();
        ran
    }

    /// Execute `command` with the cards a dialog's probe drew first (so the deal is the one it
    /// showed) and `faces` typed at the table before the tracker's dice; with the faces typed
    /// but not needed, reported after the command's own message. `Err` when the faces do not
    /// read.
    fn execute_with(&mut self, command: &Command, faces: Option<&str>) -> Result<Executed, Ran> {
        let made = self.clock_now();
        // The header's timer reads the same time as the command's record.
        self.now = made;
        let deck = &mut *self.dice;
        if let Some(answered) = self.answered.take() {
            // Answered roll by roll: each roll marked typed or rolled in the log.
            let mut dice = TypedFirst::marked(answered, deck);
            return Ok((self.session.execute_at(command, &mut dice, made), None));
        }
        let Some(text) = faces else {
            return Ok((self.session.execute_at(command, deck, made), None));
        };
        let scripted = match ScriptedDice::parse(text) {
            Ok(s) => s,
            Err(err) => {
                self.error(format!("dice faces: {err}"));
                return Err(Ran::BadFaces);
            }
        };
        // The faces typed first; any die past them the tracker rolls (the log says so).
        let mut dice = TypedFirst::new(scripted, deck);
        let result = self.session.execute_at(command, &mut dice, made);
        let mut spare = None;
        if result.is_ok() && dice.unused() > 0 {
            let faces: Vec<String> = dice.unused_faces().iter().map(u32::to_string).collect();
            spare = Some(match faces.len() {
                1 => format!("the last face typed, {}, was not needed", faces[0]),
                n => format!("the last {n} faces typed, {}, were not needed", faces.join(" ")),
            });
        }
        Ok((result, spare))
    }

    /// An import's file read (or the box to paste a block into opened), a party's roster read
    /// or written, before the engine plans: the command to run and the report to show once it
    /// has, or what it came to already.
    fn read_files(&mut self, command: Command) -> Result<(Command, Vec<String>), Ran> {
        // `import - --text`: the block is pasted into the tracker, not read from a file.
        if let Command::Verb(verb) = &command
            && verb.is(&command::table::IMPORT.spec)
            && verb.args.sheets().is_none()
            && verb.args.word(0) == super::paste::PASTED
        {
            self.open_paste();
            return Err(Ran::Applied);
        }
        let saves = self.new_files.dir.as_deref();
        match crate::save::import::prepare(command, &self.session, saves) {
            Ok(Prepared::Run { command, report }) => Ok((command, report)),
            Ok(Prepared::Done(text)) => {
                self.show_report("party", &text);
                Err(Ran::Applied)
            }
            Err(why) => {
                self.error(why);
                Err(Ran::Refused)
            }
        }
    }

    /// A party's answer: a line in the status bar, more in a closable overlay.
    fn show_report(&mut self, title: &str, text: &str) {
        if text.contains('\n') {
            let lines = text.lines().map(str::to_string).collect();
            self.mode = Mode::Report { title: title.to_string(), lines, scroll: 0 };
        } else {
            self.hint(text);
        }
    }

    /// `save [PATH]`: the whole journal written to the path given or the fight's own file, unless
    /// that file holds something else and `overwrite` was not given. False when refused.
    fn save_as(&mut self, path: Option<String>, overwrite: bool) -> bool {
        let path = path.map(PathBuf::from).or_else(|| self.save_path.clone());
        let allowed = path
            .as_deref()
            .map(|path| crate::save::may_save_over(path, self.save_path.as_deref(), overwrite));
        match path {
            _ if let Some(Err(refused)) = allowed => {
                self.error(refused);
                return false;
            }
            Some(path) => match crate::save::journal::write_full(&self.session) {
                Ok((text, journal)) => self.effects.push(Effect {
                    path,
                    text,
                    switch_to: true,
                    append: false,
                    journal,
                    report: false,
                }),
                Err(err) => self.error(format!("could not save {}: {err}", path.display())),
            },
            None => self.error("save needs a file name here: s, then type one"),
        }
        true
    }

    /// While a long fight's history is still being read, why `command` must wait for it: it
    /// needs the commands before the snapshot on screen (undo past it; redo, `branches` or
    /// `branch` there, where lines of play made before it may leave), the whole history (`save`
    /// writes it, a report is made from it) or another fight (`new`). Every other command runs
    /// on the snapshot at once.
    fn waits_for_history(&self, command: &Command) -> Option<String> {
        self.loading.as_ref()?;
        let at_snapshot = self.session.depth() == 0;
        let what = match command {
            Command::Undo if at_snapshot => "undo past the point it was opened at",
            Command::Redo if at_snapshot && !self.session.can_redo() => "redo from here",
            Command::Branches | Command::Branch { .. } if at_snapshot => "the lines of play here",
            Command::Save { .. } => "save",
            Command::Export { .. } => "export",
            Command::New { .. } => "new",
            _ => return None,
        };
        Some(format!(
            "{what} needs this long fight's whole history, still being read and checked; a \
             moment, then try again"
        ))
    }

    /// `:export [PATH]`: a report beside the save file (`fight.ron` → `fight.md`), or to PATH;
    /// JSON when PATH ends in `.json`.
    fn export(&mut self, path: Option<&str>, players: bool) -> Ran {
        use crate::export::{Format, render, report};
        let path = match path {
            Some(p) => PathBuf::from(p),
            None => match &self.save_path {
                Some(save) => save.with_extension(Format::Markdown.extension()),
                None => {
                    self.error("export needs a file name here: :export PATH");
                    return Ran::Refused;
                }
            },
        };
        if Some(&path) == self.save_path.as_ref() {
            self.error("that is the fight's own file; the report needs another name");
            return Ran::Refused;
        }
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("json") => Format::Json,
            _ => Format::Markdown,
        };
        let date = Some(crate::export::date_of(self.new_files.stamp));
        let mut made = report(&self.session, date);
        if players {
            made = crate::export::players_only(made, &self.session);
        }
        let text = render(&made, format);
        self.effects.push(Effect {
            path,
            text,
            switch_to: false,
            append: false,
            journal: crate::save::journal::Written::default(),
            report: true,
        });
        Ran::Applied
    }

    /// After the fight has ended, the first `next` asks first: it says so, and the same command
    /// again plays on. Later turns go on without asking.
    fn confirmed_next(&mut self) -> bool {
        if !self.session.encounter().over || self.played_on() {
            return true;
        }
        let warned = self.status.error && self.status.text.starts_with(OVER_WARNING);
        if !warned {
            let key = self.keymap.first_key_of(crate::app::keymap::Action::NextTurn);
            self.error(format!(
                "{OVER_WARNING}: {key} again (or :next) plays on; :undo takes the ending back"
            ));
        }
        warned
    }

    /// Whether a turn has started since the fight ended, or anyone joined, along the current
    /// line of play.
    fn played_on(&self) -> bool {
        let nodes = self.session.nodes();
        let mut at = self.session.head();
        while let Some(i) = at {
            for event in nodes[i].entry.events.iter().rev() {
                match event {
                    Event::FightOver { .. } => return false,
                    // A turn begun since, or someone joining (reinforcements): the fight goes on.
                    Event::TurnStarted { .. }
                    | Event::RoundStarted { .. }
                    | Event::Added { .. } => {
                        return true;
                    }
                    _ => {}
                }
            }
            at = nodes[i].parent;
        }
        false
    }

    /// The summary the current command logged when it ended the fight.
    /// The alerts the command just made fired, a line each.
    fn alerts_here(&self) -> Option<String> {
        let node = self.session.nodes().get(self.session.head()?)?;
        let texts: Vec<String> = (node.entry.events.iter())
            .filter_map(|e| match e {
                Event::AlertFired { text, .. } => Some(format!("⚑ {text}")),
                _ => None,
            })
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    }

    fn ending_here(&self) -> Option<String> {
        let node = self.session.nodes().get(self.session.head()?)?;
        node.entry.events.iter().find_map(|e| match e {
            Event::FightOver { text } => Some(text.clone()),
            _ => None,
        })
    }

    /// " · redo has N ways: :branches" when more than one line of play goes on from here.
    fn forks_here(&self) -> String {
        match self.session.forks_here() {
            0 | 1 => String::new(),
            n => format!(" · redo has {n} ways: :branches"),
        }
    }

    fn changed(&mut self) {
        self.log_scroll = 0;
        self.autosave();
    }

    /// Write what changed: the new records appended to the journal (and synced) when the file is
    /// known to hold the rest, else the whole journal, rewritten atomically (also when it has
    /// grown long with moves of the current point).
    pub(crate) fn autosave(&mut self) {
        use crate::save::journal;
        // The history failed: nothing is written, and nothing may be lost by writing.
        if self.frozen.is_some() {
            return;
        }
        // The history is not all here yet: the records are held, to be appended once it has
        // come and agrees with the snapshot they were made on.
        if self.loading.is_some() {
            if let Some(written) = self.journal.as_ref() {
                match journal::tail(&self.session, written) {
                    Ok((text, journal)) => {
                        self.held.push_str(&text);
                        self.journal = Some(journal);
                    }
                    Err(err) => {
                        self.journal = None;
                        self.save_state = SaveState::Failed(err.to_string());
                        self.error(format!("could not save: {err}"));
                        return;
                    }
                }
            }
            self.save_state = SaveState::Unsaved;
            return;
        }
        let Some(path) = self.save_path.clone() else {
            self.save_state = SaveState::Unsaved;
            return;
        };
        self.save_state = SaveState::Unsaved;
        // Append what the file lacks, or write it whole when it asks to be compacted.
        let written = self.journal.as_ref().filter(|w| !w.wants_compacting());
        let append = written.is_some();
        let made = match written {
            Some(written) => journal::tail(&self.session, written),
            None => journal::write_full(&self.session),
        };
        let effect = made.map(|(text, journal)| Effect {
            path: path.clone(),
            text,
            switch_to: false,
            append,
            journal,
            report: false,
        });
        match effect {
            Ok(effect) if effect.append && effect.text.is_empty() => {
                self.save_state = SaveState::Saved;
            }
            Ok(effect) => self.effects.push(effect),
            // Nothing is written and the file stays as it was; the next write is a whole one.
            Err(err) => {
                self.journal = None;
                self.save_state = SaveState::Failed(err.to_string());
                self.error(format!("could not save {}: {err}", path.display()));
            }
        }
    }

    /// Rewrite the whole journal (compaction), as on quit. A long fight's history still being
    /// read is waited for first: what was made on its snapshot is written, not lost.
    pub fn compact(&mut self) {
        if self.save_path.is_some() {
            self.wait_loading();
        }
        // Quitting from the timeline (Ctrl-C): the fight is saved as it is now, not at the step
        // on screen.
        if let Some(present) = self.timeline.take().and_then(|t| t.present) {
            self.session = *present;
        }
        self.journal = None;
        if self.save_path.is_some() {
            self.autosave();
        }
    }
}

/// The current command ended with the log's word on faces typed at the table.
fn typed_mark_last(session: &crate::encounter::Session) -> bool {
    session
        .head()
        .and_then(|i| session.nodes().get(i))
        .is_some_and(|node| matches!(node.entry.events.last(), Some(Event::FacesTyped { .. })))
}
