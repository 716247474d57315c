//! The builders of the session's own operations (`new`, `undo`, `redo`, `branches`, `branch`,
//! `save`, `export`, `alerts`) from the values read; the table names them, `Command` gives the values back.

use super::Command;
use super::invocation::Args;

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

pub(super) fn alerts(_: &Args) -> Option<Command> {
    Some(Command::Alerts)
}
