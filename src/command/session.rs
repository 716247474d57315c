//! The session's own operations (`new`, `undo`, `redo`, `branches`, `branch`, `save`, `export`):
//! each entry's builder from the values read, and the values back for its canonical text.

use super::Command;
use super::invocation::{Args, Value};
use super::table::{self, Entry};

pub(super) fn new(args: &Args) -> Option<Command> {
    let name = args.optional(1).map(str::to_string);
    Some(Command::New { system: args.system(0)?, name })
}

pub(super) fn undo(_: &Args) -> Option<Command> {
    Some(Command::Undo)
}

pub(super) fn redo(_: &Args) -> Option<Command> {
    Some(Command::Redo)
}

pub(super) fn branches(_: &Args) -> Option<Command> {
    Some(Command::Branches)
}

pub(super) fn branch(args: &Args) -> Option<Command> {
    Some(Command::Branch { number: args.number(0)? })
}

pub(super) fn save(args: &Args) -> Option<Command> {
    Some(Command::Save { path: args.optional(0).map(str::to_string), overwrite: args.flag(1) })
}

pub(super) fn export(args: &Args) -> Option<Command> {
    Some(Command::Export { path: args.optional(0).map(str::to_string), players: args.flag(1) })
}

/// A session operation's entry and its values, for its name and canonical text (`None` for a
/// verb, which has its own).
pub(super) fn entry(command: &Command) -> Option<(&'static Entry, Args)> {
    let word = |w: &Option<String>| w.clone().map_or(Value::Absent, Value::Word);
    let (entry, values) = match command {
        Command::New { system, name } => (&table::NEW, vec![Value::System(*system), word(name)]),
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
        Command::Verb(_) => return None,
    };
    Some((entry, Args(values)))
}
