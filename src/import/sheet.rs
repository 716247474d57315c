//! What an import reads from a file, before any system checks it: a [`Sheet`] per character,
//! its [`Report`], and the [`ImportError`] that refuses a file whole.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::{Side, System};

/// One character read from a file, in the words of skirmish's own commands. A party's roster
/// keeps its members as sheets too.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    pub name: String,
    /// The system whose fields `fields` and `weapons` use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<System>,
    /// The side the file says (a Savaged.us ally); `None` leaves it to the command (`side=`,
    /// else pc).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Fields as typed after `add NAME`, in the system's field names: `("st", "12")`; a flag
    /// is `("hpt", "on")`.
    pub fields: Vec<(String, String)>,
    #[serde(default)]
    pub weapons: Vec<SheetWeapon>,
    /// Health already lost, in the system's own count: GURPS HP lost, Savage Worlds wounds
    /// taken, WOIN HEALTH lost.
    #[serde(default)]
    pub taken: i64,
    /// Conditions it starts with, as `cond NAME …` takes them: the catalogue name, then `severe`
    /// for the severe level (Savage Worlds `Fatigued`, and `Fatigued severe` for Exhausted).
    #[serde(default)]
    pub conditions: Vec<String>,
    /// A line for the combatant's notes (where it came from), empty for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// What reading it found; not kept in a roster.
    #[serde(skip)]
    pub report: Report,
}

/// One weapon as `weapon NAME WEAPON FIELD=VALUE …` takes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetWeapon {
    pub name: String,
    pub fields: Vec<(String, String)>,
}

/// What an import says it did, a line per item: read into a field, ignored because skirmish has
/// no field for it, and odd (read, but worth a look: an unusual value, a guess made).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub read: Vec<String>,
    pub ignored: Vec<String>,
    pub odd: Vec<String>,
}

impl Report {
    /// The report as lines under headings, for the tracker's overlay and `run`'s output.
    pub fn lines(&self, name: &str) -> Vec<String> {
        let (read, ignored, odd) = (self.read.len(), self.ignored.len(), self.odd.len());
        let name = crate::printable::escaped(name);
        let mut out = vec![format!("{name}: {read} read, {ignored} ignored, {odd} odd")];
        for (heading, items) in
            [("read", &self.read), ("ignored (no field for it)", &self.ignored), ("odd", &self.odd)]
        {
            if items.is_empty() {
                continue;
            }
            out.push(format!("  {heading}:"));
            // Text from the file: its control characters shown, never sent to a terminal.
            out.extend(items.iter().map(|item| format!("    {}", crate::printable::escaped(item))));
        }
        out
    }
}

/// Why a file could not be imported: the file, the field or line where it went wrong, and what
/// was expected. Nothing of the file is imported then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub file: String,
    /// Where in the file: a JSON path (`rows[2].calc.damage`) or `line 4`; empty for the file
    /// as a whole.
    pub at: String,
    pub message: String,
}

impl ImportError {
    pub fn new(file: &str, at: impl Into<String>, message: impl Into<String>) -> ImportError {
        ImportError { file: file.to_string(), at: at.into(), message: message.into() }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.at, self.message)
        }
    }
}

impl std::error::Error for ImportError {}
