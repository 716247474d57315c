//! The questions a [`super::DiceSource`] may be asked while the rules plan: a named roll about
//! to be made, and a decision the command does not carry (see [`crate::rules::ask`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A roll about to be made: what it is for, its dice, and the number to beat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollAsk {
    /// Who rolls what, as the GM reads it: `Thug's Parry 8`.
    pub label: String,
    /// The dice, as written: `3d6`.
    pub dice: String,
    /// How many dice it takes at least (faces a GM types for it).
    pub count: usize,
    /// What it needs, when it needs something: `8 or less`.
    pub beat: Option<String>,
}

impl RollAsk {
    /// A roll of `expr` for `label`, with no number to beat: `Aria's roll: 4d6kh3`.
    pub fn of(label: impl Into<String>, expr: &super::DiceExpr) -> RollAsk {
        let count = usize::try_from(expr.dice_count()).unwrap_or(usize::MAX);
        RollAsk { label: label.into(), dice: expr.to_string(), count, beat: None }
    }
}

/// A decision the rules reach: its options, each with what it adds to the command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// What is decided: `Thug's defense`.
    pub label: String,
    /// The command field that carries the answer (`defense`).
    pub field: &'static str,
    pub options: Vec<Pick>,
    /// The option a source that plays on by itself takes (the rules' default). `None`: the rules
    /// have no default, so a command without the answer is incomplete (`skirmish run` refuses it
    /// and says what is missing).
    pub suggested: Option<usize>,
    /// The GM may also type the field's value (`split=Ann:2,Bo:1`) instead of picking an option:
    /// what to type, as a hint. The answer is then `FIELD=TYPED`.
    pub typed: Option<String>,
}

impl Decision {
    /// A decision between `options`, the first of them the rules' default.
    pub fn new(label: impl Into<String>, field: &'static str, options: Vec<Pick>) -> Decision {
        Decision { label: label.into(), field, options, suggested: Some(0), typed: None }
    }

    /// The option a source that plays on by itself takes, if the rules have a default.
    pub fn default_pick(&self) -> Option<&Pick> {
        self.suggested.and_then(|i| self.options.get(i)).filter(|p| p.refused.is_none())
    }
}

impl Pick {
    /// An option open now.
    pub fn open(label: impl Into<String>, text: impl Into<String>) -> Pick {
        Pick { label: label.into(), text: text.into(), refused: None }
    }

    /// An option the rules do not allow now, shown dimmed with `why`.
    pub fn refused(
        label: impl Into<String>,
        text: impl Into<String>,
        why: impl Into<String>,
    ) -> Pick {
        Pick { label: label.into(), text: text.into(), refused: Some(why.into()) }
    }
}

/// One option of a [`Decision`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    /// As the GM reads it, with its odds where they exist: `Parry (broadsword) 9: 37.5%`.
    pub label: String,
    /// The field text that answers with it (`defense=parry:broadsword`).
    pub text: String,
    /// Why the rules do not allow it now, if so: shown dimmed with its reason, never taken.
    pub refused: Option<String>,
}

/// The label of a [`RollMark`] that holds a card drawn, not a die: the log leaves it out.
pub const CARD_MARK: &str = "card";

/// How the faces of one roll came: typed at the table or rolled by the tracker on the GM's
/// word, for the log. A run of faces no roll named has an empty label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollMark {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    pub faces: Vec<u32>,
    pub typed: bool,
}

impl fmt::Display for RollMark {
    /// `attack 14 typed 3 3 4`, `rolled 5 2` for faces no roll named.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = if self.typed { "typed" } else { "rolled" };
        let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
        match self.label.is_empty() {
            true => write!(f, "{how} {}", faces.join(" ")),
            false => write!(f, "{} {how} {}", self.label, faces.join(" ")),
        }
    }
}

/// What planning stopped to ask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Need {
    Roll(RollAsk),
    Decide(Decision),
}

impl fmt::Display for RollAsk {
    /// `Thug's Parry 8: 3d6, needs 8 or less`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label, self.dice)?;
        match &self.beat {
            Some(beat) => write!(f, ", needs {beat}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Need {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Need::Roll(roll) => write!(f, "{roll}"),
            Need::Decide(d) => {
                let options: Vec<&str> = d
                    .options
                    .iter()
                    .filter(|p| p.refused.is_none())
                    .map(|p| p.text.as_str())
                    .filter(|t| !t.is_empty())
                    .collect();
                write!(f, "{}: {}", d.label, options.join(" | "))?;
                match &d.typed {
                    Some(hint) => write!(f, " (or {}=…: {hint})", d.field),
                    None => Ok(()),
                }
            }
        }
    }
}
