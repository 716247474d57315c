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
    /// A whole number; as a field, one within ±[`crate::rules::stats::MAX_STAT`], refused
    /// beyond that before the system reads it.
    Number,
    /// A whole number within its declared range (`mod=N`, −100 to 100), refused outside it
    /// before the system reads it.
    Int {
        min: i64,
        max: i64,
    },
    /// Dice as the system writes them; as a field, no number in it above
    /// [`crate::rules::dice::MAX_NUMBER`].
    Dice,
    Text,
    /// `FIELD=VALUE` and flags.
    Fields,
    /// A fixed word such as `severe` or `raw`; for a field, the words it takes (`light|heavy`).
    Word(&'static str),
    Path,
    /// A switch: written alone (or `=on`) for on, `=off` for off, and nothing else.
    Switch,
    /// Faces rolled at the table, in order (`roll=6,6,3`).
    Faces,
}

impl ArgKind {
    /// What a usage line writes for a value of this kind (`roll=FACES`).
    pub fn placeholder(self) -> &'static str {
        match self {
            ArgKind::System => "SYSTEM",
            ArgKind::Combatant | ArgKind::Creature => "NAME",
            ArgKind::Condition => "CONDITION",
            ArgKind::Weapon => "WEAPON",
            ArgKind::Number | ArgKind::Int { .. } => "N",
            ArgKind::Dice => "DICE",
            ArgKind::Text => "TEXT",
            ArgKind::Fields => "FIELD=VALUE",
            ArgKind::Word(word) => word,
            ArgKind::Path => "PATH",
            ArgKind::Switch => "on|off",
            ArgKind::Faces => "FACES",
        }
    }
}

/// One field a command or an attack takes, written `NAME=VALUE` or, for a switch, `NAME` alone:
/// declared once, so the engine knows every field and which are switches before any die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldArg {
    pub name: &'static str,
    pub kind: ArgKind,
}

/// A field holding a value of `kind`.
pub const fn field(name: &'static str, kind: ArgKind) -> FieldArg {
    FieldArg { name, kind }
}

/// A whole-number field that takes `min` to `max`.
pub const fn number(name: &'static str, min: i64, max: i64) -> FieldArg {
    FieldArg { name, kind: ArgKind::Int { min, max } }
}

/// A switch: on when written alone or `=on`, off when `=off` or left out.
pub const fn switch(name: &'static str) -> FieldArg {
    FieldArg { name, kind: ArgKind::Switch }
}

/// `force`, the engine's own switch on `attack` and on every system verb: do it off the actor's
/// turn or past its budget.
pub const FORCE: FieldArg = switch("force");

impl FieldArg {
    /// `roll=FACES`, or `braced` for a switch.
    pub fn usage(&self) -> String {
        match self.kind {
            ArgKind::Switch => self.name.to_string(),
            kind => format!("{}={}", self.name, kind.placeholder()),
        }
    }
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
    /// The fields it takes after its arguments (a system verb's; `force` is always one of them).
    pub fields: &'static [FieldArg],
    /// One line for menus and the help screen. `{systems}` stands for the built-in systems' keys
    /// (`woin, gempunks, savage or gurps`), written by the command layer, which knows the list.
    pub summary: &'static str,
    /// A paragraph for `docs/commands.md`; `{systems,}` stands for the same keys between commas.
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
        for field in self.fields {
            out.push_str(&format!(" [{}]", field.usage()));
        }
        out
    }
}
