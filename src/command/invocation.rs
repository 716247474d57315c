//! A parsed command: the table entry it names and the values read for its arguments, one per
//! argument in the order the signature declares them, with typed accessors.

use super::{Amount, Field};
use crate::import::Sheet;
use crate::rules::signature::CommandSpec;
use crate::rules::{Side, System};

/// What one argument was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// An optional argument left out.
    Absent,
    Word(String),
    Flag(bool),
    Count(u32),
    Side(Side),
    Fields(Vec<Field>),
    Amount(Amount),
    Names(Vec<String>),
    Number(usize),
    System(System),
    /// `next`'s faces typed at the table and the system's words for the turn that begins.
    TurnStart {
        roll: Vec<u32>,
        flags: Vec<String>,
    },
    /// The characters an `import` or `party join` read from their files, put after the
    /// signature's values by whoever read them (never typed, never written in the command's
    /// text: the `Added` events carry what they hold).
    Sheets(Vec<Sheet>),
}

/// The values read for a command's arguments, by position; a system verb has one more, its fields.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Args(pub Vec<Value>);

impl Args {
    fn at(&self, i: usize) -> &Value {
        self.0.get(i).unwrap_or(&Value::Absent)
    }

    /// A word given, or `""` when left out.
    pub fn word(&self, i: usize) -> &str {
        self.optional(i).unwrap_or_default()
    }

    pub fn optional(&self, i: usize) -> Option<&str> {
        match self.at(i) {
            Value::Word(word) => Some(word),
            _ => None,
        }
    }

    pub fn flag(&self, i: usize) -> bool {
        matches!(self.at(i), Value::Flag(true))
    }

    pub fn count(&self, i: usize) -> Option<u32> {
        match self.at(i) {
            Value::Count(n) => Some(*n),
            _ => None,
        }
    }

    pub fn side(&self, i: usize) -> Option<Side> {
        match self.at(i) {
            Value::Side(side) => Some(*side),
            _ => None,
        }
    }

    pub fn fields(&self, i: usize) -> &[Field] {
        match self.at(i) {
            Value::Fields(fields) => fields,
            _ => &[],
        }
    }

    pub fn amount(&self, i: usize) -> Option<&Amount> {
        match self.at(i) {
            Value::Amount(amount) => Some(amount),
            _ => None,
        }
    }

    pub fn names(&self, i: usize) -> &[String] {
        match self.at(i) {
            Value::Names(names) => names,
            _ => &[],
        }
    }

    pub fn number(&self, i: usize) -> Option<usize> {
        match self.at(i) {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn system(&self, i: usize) -> Option<System> {
        match self.at(i) {
            Value::System(system) => Some(*system),
            _ => None,
        }
    }

    /// `next`'s faces typed at the table.
    pub fn faces(&self, i: usize) -> &[u32] {
        match self.at(i) {
            Value::TurnStart { roll, .. } => roll,
            _ => &[],
        }
    }

    /// `next`'s words for the turn that begins (GURPS `skip_ht`).
    pub fn turn_flags(&self, i: usize) -> &[String] {
        match self.at(i) {
            Value::TurnStart { flags, .. } => flags,
            _ => &[],
        }
    }

    /// The characters read for an `import` or `party join` (none when no file was read).
    pub fn sheets(&self) -> Option<&[Sheet]> {
        self.0.iter().find_map(|v| match v {
            Value::Sheets(sheets) => Some(sheets.as_slice()),
            _ => None,
        })
    }

    /// The same values with the characters read put after them, in place of any read before.
    pub fn with_sheets(&self, sheets: Vec<Sheet>) -> Args {
        let mut values: Vec<Value> =
            self.0.iter().filter(|v| !matches!(v, Value::Sheets(_))).cloned().collect();
        values.push(Value::Sheets(sheets));
        Args(values)
    }

    /// A system verb's words, in order (its fields aside).
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.0.iter().filter_map(|v| match v {
            Value::Word(word) => Some(word.as_str()),
            _ => None,
        })
    }

    /// A system verb's fields (its last value).
    pub fn last_fields(&self) -> &[Field] {
        match self.0.last() {
            Some(Value::Fields(fields)) => fields,
            _ => &[],
        }
    }
}

/// A command the engine plans: the entry's signature and what was given for it.
#[derive(Debug, Clone)]
pub struct Invocation {
    pub spec: &'static CommandSpec,
    pub args: Args,
}

impl Invocation {
    pub fn new(spec: &'static CommandSpec, args: Vec<Value>) -> Invocation {
        Invocation { spec, args: Args(args) }
    }

    /// The command's name as typed (its first word).
    pub fn name(&self) -> &'static str {
        self.spec.name
    }

    /// Whether this is a use of that entry (an entry is one static, so one address).
    pub fn is(&self, spec: &CommandSpec) -> bool {
        std::ptr::eq(self.spec, spec)
    }
}

impl PartialEq for Invocation {
    fn eq(&self, other: &Invocation) -> bool {
        self.is(other.spec) && self.args == other.args
    }
}

impl Eq for Invocation {}
