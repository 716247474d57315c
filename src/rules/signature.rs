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
    /// One of the system's actions (`Spec::actions`: `do`'s ACTION, a GURPS maneuver's KIND),
    /// read as text for the system to check; completion offers the actions' keys.
    Action,
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
            ArgKind::Action => "ACTION",
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

/// How the parser reads an argument from the words typed, and how the canonical text writes it
/// back. Positional reads take the next word in order; the ones marked *anywhere* share the words
/// left after the positional ones, in any order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read {
    /// One word (a name, a condition, a value), quoted when written if it needs to be. An optional
    /// one is left out when the next word is a field of a command that takes fields, or a later
    /// flag's word (`save overwrite`), and is then written quoted when it spells that word.
    Word,
    /// One word, read in lower case (`do NAME ACTION`).
    Lower,
    /// The rest of the line as free text (a note; a required one may not be blank, an optional one
    /// is left out when blank).
    Text,
    /// A system's key (`new woin`).
    System,
    /// A whole number or dice (`damage`, `heal`); the word names the amount in errors.
    Amount(&'static str),
    /// Names separated by commas with no spaces (`attack`'s targets).
    Names,
    /// A quoted word, or a bare word that is none of the attack's fields; always written quoted.
    Weapon,
    /// A dice expression: the words up to `for`, written in canonical form.
    Dice,
    /// `for NAME`, when the next word is `for`.
    ForName,
    /// `OPTION VALUE` or `OPTION=VALUE`, in lower case: fills this argument and the next.
    Option,
    /// Nothing or `on` for on, `off` for off; written `off` alone.
    OnOff,
    /// A branch number, 1 to 100,000.
    Branch,
    /// *Anywhere*: `xN`, how many members join at once.
    Count,
    /// *Anywhere*: `side=pc|ally|enemy|neutral`.
    Side,
    /// *Anywhere*: this word alone, unquoted (`raw`, `severe`).
    Flag(&'static str),
    /// *Anywhere*: the first word no other argument takes, in lower case (`damage`'s TYPE).
    Kind,
    /// *Anywhere*: `FIELD=VALUE` and flags, every word left; the text, when given, is what is
    /// expected if there are none and no side either (`edit`).
    Fields(Option<&'static str>),
    /// *Anywhere*: `roll=FACES` and the system's words for the turn that begins (`next`).
    TurnStart,
    /// For the usage line only: what the fields before it also take (`drop=WEAPON`).
    Shown,
}

impl Read {
    /// Read from the words left after the positional arguments, in any order.
    pub fn anywhere(self) -> bool {
        matches!(
            self,
            Read::Count
                | Read::Side
                | Read::Flag(_)
                | Read::Kind
                | Read::Fields(_)
                | Read::TurnStart
                | Read::Shown
        )
    }

    /// How an argument of `kind` is read unless its declaration says otherwise.
    pub const fn of(kind: ArgKind) -> Read {
        match kind {
            ArgKind::Fields => Read::Fields(None),
            ArgKind::Word(word) => Read::Flag(word),
            ArgKind::System => Read::System,
            _ => Read::Word,
        }
    }
}

/// One argument in a command's signature.
#[derive(Debug, Clone, Copy)]
pub struct Arg {
    pub name: &'static str,
    pub kind: ArgKind,
    pub optional: bool,
    /// How it is read and written.
    pub read: Read,
    /// What a refusal says was expected (`a combatant NAME`); the name when not given.
    pub what: &'static str,
}

pub const fn req(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: false, read: Read::of(kind), what: name }
}

pub const fn opt(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: true, read: Read::of(kind), what: name }
}

impl Arg {
    /// The same argument read another way.
    pub const fn reads(self, read: Read) -> Arg {
        Arg { read, ..self }
    }

    /// The same argument, with what a refusal says was expected.
    pub const fn expects(self, what: &'static str) -> Arg {
        Arg { what, ..self }
    }
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
