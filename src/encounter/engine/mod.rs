//! Turning a verb ([`Invocation`]) into [`Event`]s: checks it against the encounter, rolls what the rules
//! call for through a [`DiceSource`], and plans the events on a scratch copy so a refused command
//! changes nothing.

mod alerts;
mod anchors;
mod ask;
mod attack;
mod budget;
mod effects;
mod health;
mod import;
mod initiative;
mod roster;
mod turns;
mod verbs;

pub use ask::{Planned, Question, plan_asking, plan_asking_for};
pub use attack::{attack_choice, attack_dice_order, attack_guide, attack_preview, attack_proposal};
use effects::{Struck, special_request};
use health::Give;

use std::fmt;

use super::combatant::{Combatant, CombatantId, slug};
use super::event::{Ended, Event};
use super::{ApplyError, Assets, Encounter, TurnSlot};
use crate::command::{Amount, Field, Invocation};
use crate::rules::conditions::{Condition, Source};
use crate::rules::dice::{DiceExpr, DiceSource, ScriptedDice, TypedFirst};
use crate::rules::effect::Effect;
use crate::rules::initiative::break_ties_by;
use crate::rules::request::{DamageRequest, InitContext, InitRequest};
use crate::rules::stats::{FieldError, Stats};
use crate::rules::{RulesError, Side};

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// An unknown or ambiguous combatant name.
    Name(String),
    Field(FieldError),
    Rules(RulesError),
    /// Not possible now (the text says why and what would work).
    Refused(String),
    /// A bug or a damaged save: an event that does not fit.
    Apply(ApplyError),
    /// The turn's budget does not allow it; `force` overrides it when `forceable`.
    Budget {
        why: BudgetError,
        forceable: bool,
    },
}

/// Why a turn's budget refuses an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BudgetError {
    NotTheirTurn { name: String },
    TooFew { what: String, name: String, cost: u8, pool: String, left: u8, total: u8 },
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BudgetError::NotTheirTurn { name } => write!(f, "it is not {name}'s turn"),
            BudgetError::TooFew { what, name, cost, pool, left, total } => {
                // "1 action", "2 actions".
                let unit = if *cost == 1 { pool.strip_suffix('s').unwrap_or(pool) } else { pool };
                write!(f, "{what} costs {cost} {unit}; {name} has {left} of {total} left this turn")
            }
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Name(msg) | EngineError::Refused(msg) => f.write_str(msg),
            EngineError::Field(err) => write!(f, "{err}"),
            EngineError::Rules(err) => write!(f, "{err}"),
            EngineError::Apply(err) => write!(f, "internal: {err}"),
            EngineError::Budget { why, forceable: false } => write!(f, "{why}"),
            EngineError::Budget {
                why: why @ BudgetError::NotTheirTurn { .. },
                forceable: true,
            } => {
                write!(f, "{why}; add `force` to do it anyway")
            }
            EngineError::Budget { why, forceable: true } => {
                write!(f, "{why} (add `force` to do it anyway)")
            }
        }
    }
}

impl std::error::Error for EngineError {}

impl From<RulesError> for EngineError {
    fn from(err: RulesError) -> Self {
        EngineError::Rules(err)
    }
}

impl From<crate::rules::dice::DiceError> for EngineError {
    fn from(err: crate::rules::dice::DiceError) -> Self {
        EngineError::Rules(RulesError::Dice(err))
    }
}

impl From<ApplyError> for EngineError {
    fn from(err: ApplyError) -> Self {
        EngineError::Apply(err)
    }
}

pub(super) fn refuse<T>(msg: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::Refused(msg.into()))
}

/// Fields every system accepts on `add`, besides its own.
pub(super) const COMMON_FIELDS: &[&str] = &["side", "hidden"];
/// Longest note or name accepted.
pub(super) const MAX_TEXT: usize = 1000;

/// Plans events against a scratch copy of the encounter.
pub(super) struct Planner<'a> {
    scratch: Encounter,
    events: Vec<Event>,
    /// Hits landed whose after-damage hooks have not run yet.
    struck: Vec<Struck>,
    assets: &'a Assets,
    dice: &'a mut dyn DiceSource,
    /// The system's words typed after `next`, for the first turn it begins (GURPS `skip_ht`).
    next_flags: Vec<String>,
    /// Faces an attack's own field typed beyond its rolls, for what its cost brings (WOIN Pain).
    typed_after: Option<(&'static str, ScriptedDice)>,
}

/// Turn a verb into the events it causes (the session's own operations never come here).
pub fn plan(
    encounter: &Encounter,
    command: &Invocation,
    assets: &Assets,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, EngineError> {
    // Faces the command itself types (`next roll=…`) come before the source's.
    let mut typed;
    // `next roll=…`: the only verb whose text types faces for the rolls it makes.
    let roll = command.args.faces(0);
    let is_next = command.is(&crate::command::table::NEXT.spec);
    let dice: &mut dyn DiceSource = if is_next && !roll.is_empty() {
        typed = TypedFirst::new(ScriptedDice::new(roll.iter().copied()), dice);
        &mut typed
    } else {
        dice
    };
    let mut planner = Planner {
        scratch: encounter.clone(),
        events: Vec::new(),
        struck: Vec::new(),
        assets,
        dice,
        next_flags: Vec::new(),
        typed_after: None,
    };
    // A turn's actions as the command found them, for what spending them brings (Pain).
    let turn_before = if is_next { None } else { encounter.turn.clone() };
    planner.verb(command)?;
    planner.actions_spent(turn_before.as_ref())?;
    if let Some((field, left)) = &planner.typed_after
        && left.remaining() > 0
    {
        return Err(EngineError::Refused(format!(
            "{field}= gave {} more face(s) than the rolls need ({} used)",
            left.remaining(),
            left.used()
        )));
    }
    if is_next
        && !roll.is_empty()
        && planner.dice.typed_split().is_none_or(|(typed, _)| typed.is_empty())
    {
        return Err(EngineError::Refused(format!(
            "roll= typed {} faces but the turn's start rolls no dice",
            roll.len()
        )));
    }
    // A command that leaves one side with no one standing ends the fight, once.
    if !planner.scratch.over
        && let Some(end) = super::fight_end::fight_end(&planner.scratch)
    {
        planner.emit(Event::FightOver { text: end.summary(false) })?;
    }
    // The log says which faces were typed at the table and which the tracker rolled.
    if let Some((typed, rolled)) = planner.dice.typed_split()
        && !typed.is_empty()
    {
        if is_next && typed.len() < roll.len() {
            return Err(EngineError::Refused(format!(
                "roll= typed {} faces but the turn's start rolled {} of them; type only the \
                 faces it rolls",
                roll.len(),
                typed.len()
            )));
        }
        let marks = planner.dice.roll_marks().to_vec();
        let event = Event::FacesTyped { typed: typed.to_vec(), rolled: rolled.to_vec(), marks };
        planner.emit(event)?;
    }
    Ok(planner.events)
}

impl Planner<'_> {
    fn emit(&mut self, event: Event) -> Result<(), EngineError> {
        // A number out of range is the command's to answer for, not a bug in the fold.
        self.scratch.check_bounds(&event).map_err(|err| EngineError::Refused(err.0))?;
        self.scratch.apply(&event)?;
        self.events.push(event);
        Ok(())
    }

    fn who(&self, query: &str) -> Result<&Combatant, EngineError> {
        let i = self.scratch.resolve(query)?;
        Ok(&self.scratch.combatants[i])
    }

    /// `end`: the GM ends the fight, whoever still stands.
    fn end(&mut self) -> Result<(), EngineError> {
        self.require_started("end")?;
        if self.scratch.over {
            return refuse(
                "the fight is already over (the log has its summary); `undo` reopens it",
            );
        }
        let text = super::fight_end::standing(&self.scratch).summary(true);
        self.emit(Event::FightOver { text })
    }

    /// `show` / `show off`: the fight on the players' view before it starts, or off it again.
    fn show(&mut self, on: bool) -> Result<(), EngineError> {
        let enc = &self.scratch;
        if enc.under_way() {
            return refuse(if on {
                "the fight is under way: the players already see it"
            } else {
                "the fight is under way: the players see it; `hide NAME` keeps a combatant off \
                 their view"
            });
        }
        match (on, enc.shown) {
            (true, true) => refuse("the players already see this fight; `show off` takes it back"),
            (false, false) => refuse(
                "the fight is not shown to the players yet; they see it at `start`, or now with \
                 `show`",
            ),
            _ => self.emit(Event::Shown { on }),
        }
    }

    fn require_started(&self, what: &str) -> Result<(), EngineError> {
        if self.scratch.round == 0 && self.scratch.surprise.is_empty() {
            return refuse(format!("`{what}` needs a fight under way; `start` rolls initiative"));
        }
        Ok(())
    }
}

/// `FIELD=VALUE` pairs as the rules read them.
pub(super) fn field_pairs(fields: &[Field]) -> Vec<(String, Option<String>)> {
    fields.iter().map(|f| (f.key.clone(), f.value.clone())).collect()
}

impl crate::rules::request::Lookup for Encounter {
    fn find<'s>(
        &'s self,
        query: &str,
    ) -> Result<(&'s str, crate::rules::request::CombatantView<'s>), String> {
        let c = &self.combatants[self.resolve(query).map_err(|e| e.to_string())?];
        Ok((&c.id, c.view()))
    }
}
