//! A session: the encounter's setup, the commands applied so far with their events (what a save
//! stores), the redo stack, and the state and log folded from them.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::engine::{EngineError, plan};
use super::event::Event;
use super::fold::{ApplyError, LogEntry};
use super::{Assets, Encounter};
use crate::command::Command;
use crate::rules::System;
use crate::rules::dice::DiceSource;

/// One command as applied: its canonical text and every event it caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub command: String,
    pub events: Vec<Event>,
}

/// Fold entries into an encounter and its log. On failure, the 1-based entry that did not fit.
pub fn replay(
    system: System,
    name: &str,
    entries: &[Entry],
) -> Result<(Encounter, Vec<LogEntry>), (usize, ApplyError)> {
    let mut encounter = Encounter::new(system, name);
    let mut log = Vec::with_capacity(entries.iter().map(|e| e.events.len()).sum());
    for (n, entry) in entries.iter().enumerate() {
        for event in &entry.events {
            log.push(encounter.apply(event).map_err(|err| (n + 1, err))?);
        }
    }
    Ok((encounter, log))
}

/// What executing a command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Events were applied; the number of log lines they added.
    Applied {
        lines: usize,
    },
    Undone {
        command: String,
    },
    Redone {
        command: String,
    },
    /// A fresh encounter replaced the old one.
    Started,
    /// The caller should write the encounter (to this path, or its own file).
    SaveRequested {
        path: Option<String>,
    },
}

/// An encounter being run: history plus the state folded from it.
#[derive(Debug, Clone)]
pub struct Session {
    encounter: Encounter,
    log: Vec<LogEntry>,
    entries: Vec<Entry>,
    redo: Vec<Entry>,
    assets: Arc<Assets>,
}

impl Session {
    pub fn new(system: System, name: &str, assets: Arc<Assets>) -> Session {
        Session {
            encounter: Encounter::new(system, name),
            log: Vec::new(),
            entries: Vec::new(),
            redo: Vec::new(),
            assets,
        }
    }

    /// Rebuild a session from saved history by folding every event.
    pub fn from_history(
        system: System,
        name: &str,
        entries: Vec<Entry>,
        redo: Vec<Entry>,
        assets: Arc<Assets>,
    ) -> Result<Session, (usize, ApplyError)> {
        let mut session = Session::new(system, name, assets);
        session.entries = entries;
        session.redo = redo;
        session.refold()?;
        Ok(session)
    }

    /// Fold all entries from an empty encounter.
    fn refold(&mut self) -> Result<(), (usize, ApplyError)> {
        let (encounter, log) = replay(self.encounter.system, &self.encounter.name, &self.entries)?;
        self.encounter = encounter;
        self.log = log;
        Ok(())
    }

    pub fn encounter(&self) -> &Encounter {
        &self.encounter
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn redo_entries(&self) -> &[Entry] {
        &self.redo
    }

    pub fn assets(&self) -> &Assets {
        &self.assets
    }

    pub fn can_undo(&self) -> bool {
        !self.entries.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Run one command. A refused command changes nothing.
    pub fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Outcome, EngineError> {
        match command {
            Command::New { system, name } => {
                let name = name.clone().unwrap_or_else(|| format!("{system} encounter"));
                *self = Session::new(*system, &name, self.assets.clone());
                Ok(Outcome::Started)
            }
            Command::Undo => {
                let Some(entry) = self.entries.pop() else {
                    return Err(EngineError::Refused("nothing to undo: this is the start".into()));
                };
                let command = entry.command.clone();
                self.redo.push(entry);
                self.refold().map_err(|(_, err)| EngineError::Apply(err))?;
                Ok(Outcome::Undone { command })
            }
            Command::Redo => {
                let Some(entry) = self.redo.pop() else {
                    return Err(EngineError::Refused("nothing to redo".into()));
                };
                let command = entry.command.clone();
                self.push(entry).map_err(EngineError::Apply)?;
                Ok(Outcome::Redone { command })
            }
            Command::Save { path } => Ok(Outcome::SaveRequested { path: path.clone() }),
            _ => {
                let events = plan(&self.encounter, command, &self.assets, dice)?;
                let before = self.log.len();
                self.push(Entry { command: command.to_string(), events })
                    .map_err(EngineError::Apply)?;
                self.redo.clear();
                Ok(Outcome::Applied { lines: self.log.len() - before })
            }
        }
    }

    fn push(&mut self, entry: Entry) -> Result<(), ApplyError> {
        let mut next = self.encounter.clone();
        let mut lines = Vec::with_capacity(entry.events.len());
        for event in &entry.events {
            lines.push(next.apply(event)?);
        }
        self.encounter = next;
        self.log.extend(lines);
        self.entries.push(entry);
        Ok(())
    }
}
