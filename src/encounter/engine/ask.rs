//! Planning that stops to ask: a command planned with the answers so far either gives its
//! events, or stops at the first roll or decision it has no answer for, with what happened
//! before it. The caller asks the GM and plans again with one more answer.

use super::{EngineError, plan};
use crate::command::Invocation;
use crate::encounter::event::Event;
use crate::encounter::{Assets, Encounter};
use crate::rules::RulesError;
use crate::rules::ask::{Asking, Asks, Need};
use crate::rules::dice::{DiceError, DiceSource};

/// What planning with the answers so far came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Planned {
    /// Every answer was there: the events, as [`plan`] gives them.
    Done(Vec<Event>),
    /// Planning stopped at a question.
    Asks(Question),
}

/// A question planning stopped at, with what led to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub need: Need,
    /// The named rolls made before it, as the GM reads them (`attack 14: 3d6 rolled 4, 2, 3
    /// (9)`).
    pub so_far: Vec<String>,
    /// Every face handed out before it, in order: the answers to plan with next, with the
    /// faces of a roll asked appended.
    pub faces: Vec<u32>,
}

/// Plan `command` with `faces` answered so far; a roll the rules do not name takes its face from
/// `rest` (and keeps it with the answers). A decision is answered by the command's own field:
/// the caller adds the chosen option's text to the command and plans again.
pub fn plan_asking(
    encounter: &Encounter,
    command: &Invocation,
    assets: &Assets,
    faces: Vec<u32>,
    rest: &mut dyn DiceSource,
) -> Result<Planned, EngineError> {
    plan_asking_for(Asks::RollsAndDecisions, encounter, command, assets, faces, rest)
}

/// As [`plan_asking`], stopping only for what `asks` names: with [`Asks::Decisions`], `rest`
/// rolls every die (the tracker's dice) and the faces it gives are kept with the answers.
pub fn plan_asking_for(
    asks: Asks,
    encounter: &Encounter,
    command: &Invocation,
    assets: &Assets,
    faces: Vec<u32>,
    rest: &mut dyn DiceSource,
) -> Result<Planned, EngineError> {
    let mut asking = Asking::with(asks, faces, rest);
    match plan(encounter, command, assets, &mut asking) {
        Ok(events) => Ok(Planned::Done(events)),
        Err(EngineError::Rules(RulesError::Dice(DiceError::Stopped(need)))) => {
            Ok(Planned::Asks(Question {
                need: *need,
                so_far: asking.made().iter().map(ToString::to_string).collect(),
                faces: asking.faces().to_vec(),
            }))
        }
        Err(other) => Err(other),
    }
}
