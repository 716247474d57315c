//! Command signatures: a command's name, aliases, arguments, help and example, declared once. The
//! core commands and each system's own are declared with these; the parser, help, completion and
//! docs/commands.md all read them.

/// What an argument holds; drives completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    System,
    Combatant,
    Condition,
    Weapon,
    /// A name for a newcomer: a bestiary creature's, or any other.
    Creature,
    Number,
    Dice,
    Text,
    /// `FIELD=VALUE` and flags.
    Fields,
    /// A fixed word such as `severe` or `raw`.
    Word(&'static str),
    Path,
}

/// One argument in a command's signature.
#[derive(Debug, Clone, Copy)]
pub struct Arg {
    pub name: &'static str,
    pub kind: ArgKind,
    pub optional: bool,
}

pub const fn req(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: false }
}

pub const fn opt(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: true }
}

/// A command as documented.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub args: &'static [Arg],
    /// One line for menus and the help screen.
    pub summary: &'static str,
    /// A paragraph for `docs/commands.md`.
    pub help: &'static str,
    pub example: &'static str,
}

impl CommandSpec {
    /// `damage NAME AMOUNT|DICE [TYPE] [raw]`, built from the arguments.
    pub fn usage(&self) -> String {
        let mut out = self.name.to_string();
        for arg in self.args {
            out.push(' ');
            if arg.optional {
                out.push_str(&format!("[{}]", arg.name));
            } else {
                out.push_str(arg.name);
            }
        }
        out
    }
}
