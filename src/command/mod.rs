//! The command language: the [`Command`] type every input becomes, its parser, its canonical text,
//! and the table that documents it. Pure: no terminal, no files.

mod complete;
pub mod display;
mod help;
pub mod invocation;
pub mod parse;
mod session;
pub mod table;

pub use invocation::{Args, Invocation, Value};
pub use parse::{
    MAX_NAME, MAX_NOTE, MAX_TEXT, ParseError, parse, parse_fields, parse_in, tokenize,
};
pub use table::{COMMANDS, CommandSpec, Entry, complete};

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
}

impl Command {
    /// The command's name as typed (its first word).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Verb(verb) => verb.name(),
            session => session::entry(session).map_or("", |(entry, _)| entry.name),
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
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Verb(verb) => verb.fmt(f),
            session => match session::entry(session) {
                Some((entry, args)) => display::write(f, &entry.spec, &args),
                None => Ok(()),
            },
        }
    }
}
