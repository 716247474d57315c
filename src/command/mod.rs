//! The command language: the [`Command`] type every input becomes, its parser, its canonical text,
//! and the table that documents it. Pure: no terminal, no files.

pub mod display;
pub mod parse;
pub mod table;

pub use parse::{
    MAX_NAME, MAX_NOTE, MAX_TEXT, ParseError, parse, parse_fields, parse_in, tokenize,
};
pub use table::{COMMANDS, CommandSpec, complete};

use crate::rules::{Side, System};

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

/// Everything a GM can do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    New {
        system: System,
        name: Option<String>,
    },
    Add {
        name: String,
        count: Option<u32>,
        side: Option<Side>,
        fields: Vec<Field>,
    },
    Remove {
        who: String,
    },
    Start,
    Init {
        who: String,
        value: String,
    },
    Swap {
        first: String,
        second: String,
    },
    /// End the turn; `roll` holds faces typed at the table for the rolls the next turn's start
    /// makes (ongoing damage, a recovery roll), used first, the rest rolled.
    /// `flags` are the system's words for the turn that begins (GURPS `skip_ht`).
    Next {
        roll: Vec<u32>,
        flags: Vec<String>,
    },
    Hold {
        who: Option<String>,
    },
    Act {
        who: String,
    },
    Damage {
        who: String,
        amount: Amount,
        kind: Option<String>,
        raw: bool,
    },
    Heal {
        who: String,
        amount: Amount,
    },
    Cond {
        who: String,
        condition: String,
        severe: bool,
        fields: Vec<Field>,
    },
    Uncond {
        who: String,
        condition: String,
    },
    Shake {
        who: String,
        condition: String,
    },
    /// An attacker (or a whole group, by its id) against one or more targets.
    Attack {
        attacker: String,
        targets: Vec<String>,
        weapon: Option<String>,
        fields: Vec<Field>,
    },
    Roll {
        expr: String,
        by: Option<String>,
    },
    Note {
        who: String,
        text: String,
    },
    /// Keep a combatant (or a whole group, by its id) off the players' view.
    Hide {
        who: String,
    },
    /// Show a hidden combatant (or group) on the players' view.
    Reveal {
        who: String,
    },
    /// Put the fight on the players' view before it starts (`show`), or take it back off until
    /// it starts (`show off`).
    Show {
        on: bool,
    },
    /// Give a combatant a weapon (replacing one of the same name).
    Weapon {
        who: String,
        name: String,
        fields: Vec<Field>,
    },
    /// Change a combatant's stats, side or weapons (`edit Aria agi=5 side=ally drop=club`).
    Edit {
        who: String,
        side: Option<Side>,
        fields: Vec<Field>,
    },
    /// Spend actions on something that is not an attack (`do Aria aim`).
    Do {
        who: String,
        action: String,
        fields: Vec<Field>,
    },
    /// Set an option of the system's rules (`set severe_needs_six off`).
    Set {
        option: String,
        value: String,
    },
    /// A system's own command (`soak Jessa`, `luck Aria bleeding`, `fear Cole terror`): positional
    /// words as the system's declaration orders them, then fields.
    Special {
        verb: &'static str,
        args: Vec<String>,
        fields: Vec<Field>,
    },
    /// End the fight deliberately, with its summary in the log.
    End,
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
}

impl Command {
    /// The command's name as typed (its first word).
    pub fn name(&self) -> &'static str {
        match self {
            Command::New { .. } => "new",
            Command::Add { .. } => "add",
            Command::Remove { .. } => "remove",
            Command::Start => "start",
            Command::Init { .. } => "init",
            Command::Swap { .. } => "swap",
            Command::Next { .. } => "next",
            Command::Hold { .. } => "hold",
            Command::Act { .. } => "act",
            Command::Damage { .. } => "damage",
            Command::Heal { .. } => "heal",
            Command::Cond { .. } => "cond",
            Command::Uncond { .. } => "uncond",
            Command::Shake { .. } => "shake",
            Command::Attack { .. } => "attack",
            Command::Roll { .. } => "roll",
            Command::Note { .. } => "note",
            Command::Hide { .. } => "hide",
            Command::Reveal { .. } => "reveal",
            Command::Show { .. } => "show",
            Command::Weapon { .. } => "weapon",
            Command::Edit { .. } => "edit",
            Command::Do { .. } => "do",
            Command::Set { .. } => "set",
            Command::Special { verb, .. } => verb,
            Command::End => "end",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Branches => "branches",
            Command::Branch { .. } => "branch",
            Command::Save { .. } => "save",
            Command::Export { .. } => "export",
        }
    }
}
