//! A system's verbs and `do` actions, each one table entry: its signature (name, aliases, arguments, fields, help) and
//! the function that answers it, declared together as helix declares its typable commands.

use std::fmt;

use super::dice::DiceSource;
use super::effect::Effect;
use super::request::SpecialRequest;
use super::signature::{CommandSpec, FieldArg};
use super::state::SystemState;
use super::types::RulesError;

/// What a verb does: the effects it asks of the engine, or why it is refused.
pub type VerbFn<S = SystemState> =
    fn(SpecialRequest<'_, S>, &mut dyn DiceSource) -> Result<Vec<Effect>, RulesError>;

/// One of a system's own verbs (`soak`, `luck`, `maneuver` …).
#[derive(Clone, Copy)]
pub struct Verb {
    pub spec: CommandSpec,
    pub run: VerbFn,
}

impl fmt::Debug for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verb").field("name", &self.spec.name).finish_non_exhaustive()
    }
}

/// The same entry of a table (entries live in statics, so each has one address).
impl PartialEq for Verb {
    fn eq(&self, other: &Verb) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Verb {}

/// An action a turn can spend, with its cost, for `do` and the action menu.
#[derive(Debug, Clone, Copy)]
pub struct ActionSpec {
    /// The word typed after `do`.
    pub key: &'static str,
    pub label: &'static str,
    /// The budget pool it spends from, and how much; 0 is free.
    pub pool: &'static str,
    pub cost: u8,
    /// Fields it takes besides `force`, each with its kind (a switch takes only on or off).
    pub fields: &'static [FieldArg],
    /// What doing it does beyond spending its cost, when it does more (WOIN suppressive fire).
    pub run: Option<VerbFn>,
}
