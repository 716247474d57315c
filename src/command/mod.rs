//! The command language: the [`Command`] type every input becomes, its parser, its canonical text,
//! and the table that documents it. Pure: no terminal, no files.

pub mod complete;
pub mod display;
pub mod help;
pub mod invocation;
pub mod parse;
mod session;
pub mod table;

pub use complete::complete;
pub use invocation::{Args, Invocation, Value};
pub use parse::{
    MAX_NAME, MAX_NOTE, MAX_TEXT, ParseError, parse, parse_fields, parse_in, tokenize,
};
pub use table::{COMMANDS, CommandSpec, Entry};

use crate::rules::System;

/// A `FIELD=VALUE` pair, or a bare `FLAG` (value `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub key: String,
    pub value: Option<String>,
}

impl Field {
    pub fn new(key: &str, value: Option<&str>) -> Field {
        Field { key: key.to_string(), value: value.map(str::to_string) }
    }
}

/// How much damage: a number, or dice to roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Amount {
    Fixed(i64),
    /// A dice expression in canonical form.
    Dice(String),
}

/// Everything a GM can do: the session's own operations, a small set the session and the app
/// carry out, and everything else, which the engine plans ([`Invocation`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    New {
        system: System,
        name: Option<String>,
    },
    Undo,
    Redo,
    /// List the lines of play that start at the current point.
    Branches,
    /// Move onto one of them and along it to its end.
    Branch {
        number: usize,
    },
    Save {
        path: Option<String>,
        /// Replace a file that holds something else (without it, such a file is refused).
        overwrite: bool,
    },
    /// Write a report of the fight (the tracker's; `skirmish export` in a shell).
    Export {
        path: Option<String>,
        /// The players' copy (through the players' view, as `watch` shows the fight).
        players: bool,
    },
    /// A core verb or one of the system's, planned by the engine.
    Verb(Invocation),
    /// List the alerts waiting in the turn order.
    Alerts,
}

impl Command {
    /// The command's name as typed (its first word).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Verb(verb) => verb.name(),
            session => session.session_entry().map_or("", |(entry, _)| entry.name),
        }
    }

    /// A core verb with the values for its arguments, in the order its signature declares them.
    pub fn verb(entry: &'static table::Entry, args: Vec<Value>) -> Command {
        Command::Verb(Invocation::new(&entry.spec, args))
    }

    /// The verb, when the engine plans this command.
    pub fn invocation(&self) -> Option<&Invocation> {
        match self {
            Command::Verb(verb) => Some(verb),
            _ => None,
        }
    }

    /// Whether this is a use of that core entry.
    pub fn is(&self, entry: &table::Entry) -> bool {
        self.invocation().is_some_and(|verb| verb.is(&entry.spec))
    }

    /// A session operation's entry and its values, for its name and canonical text (`None` for a
    /// verb, which has its own): the way back from the builders in `session.rs`.
    fn session_entry(&self) -> Option<(&'static Entry, Args)> {
        let word = |w: &Option<String>| w.clone().map_or(Value::Absent, Value::Word);
        let (entry, values) = match self {
            Command::New { system, name } => {
                (&table::NEW, vec![Value::System(*system), word(name)])
            }
            Command::Undo => (&table::UNDO, vec![]),
            Command::Redo => (&table::REDO, vec![]),
            Command::Branches => (&table::BRANCHES, vec![]),
            Command::Branch { number } => (&table::BRANCH, vec![Value::Number(*number)]),
            Command::Save { path, overwrite } => {
                (&table::SAVE, vec![word(path), Value::Flag(*overwrite)])
            }
            Command::Export { path, players } => {
                (&table::EXPORT, vec![word(path), Value::Flag(*players)])
            }
            Command::Alerts => (&table::ALERTS, vec![]),
            Command::Verb(_) => return None,
        };
        Some((entry, Args(values)))
    }
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Verb(verb) => verb.fmt(f),
            session => match session.session_entry() {
                Some((entry, args)) => display::write(f, &entry.spec, &args),
                None => Ok(()),
            },
        }
    }
}
