//! Applying one event to the encounter (the pure fold), and the log line each event leaves.
//! `apply` only dispatches: each family of events is applied in its own file.
// Every event is named, so a new one must say what it does to the state and the log.
#![warn(clippy::wildcard_enum_match_arm)]

mod anchors;
mod budget;
mod conditions;
mod health;
mod initiative;
mod records;
mod roster;
mod turns;

use crate::rules::dice::question::{CARD_MARK, RollMark};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::CombatantId;
use super::Encounter;
use super::event::Event;
use crate::rules::dice::RollRecord;
use crate::rules::ruleset::{Fact, Roster};
use crate::rules::stats::Stats;

/// A line of the encounter's log, derived from an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub round: u32,
    pub text: String,
    /// The dice behind the line, if any.
    pub roll: Option<Box<RollRecord>>,
    /// Who the line is about.
    pub who: Option<String>,
    /// Whether the line opens a round or a turn, so a report can head its lines with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<Opens>,
}

/// What a log line opens: the lines after it, up to the next such line, belong to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opens {
    /// `Round 2`.
    Round,
    /// A turn begun (`Rook's turn`, `Ogre's turn again (extra action)`), taken from hold
    /// (`Aria acts from hold`) or resumed (`back to Goblin 2's turn`); `who` is its combatant.
    Turn,
}

impl Opens {
    /// What the line an event leaves opens.
    fn of(event: &Event) -> Option<Opens> {
        match event {
            Event::RoundStarted { .. } => Some(Opens::Round),
            Event::TurnStarted { .. } | Event::Acted { .. } | Event::TurnResumed => {
                Some(Opens::Turn)
            }
            // Listed, so a new event is a decision here too.
            Event::Added { .. }
            | Event::Removed { .. }
            | Event::InitiativeSet { .. }
            | Event::InitiativeCleared { .. }
            | Event::RolledOff { .. }
            | Event::Swapped { .. }
            | Event::Held { .. }
            | Event::TurnPassed { .. }
            | Event::HoldLapsed { .. }
            | Event::Damaged { .. }
            | Event::Healed { .. }
            | Event::ConditionAdded { .. }
            | Event::ConditionEnded { .. }
            | Event::ShakeRolled { .. }
            | Event::Rolled { .. }
            | Event::Noted { .. }
            | Event::Hidden { .. }
            | Event::Revealed { .. }
            | Event::Shown { .. }
            | Event::Edited { .. }
            | Event::WeaponSet { .. }
            | Event::OptionSet { .. }
            | Event::Spent { .. }
            | Event::Refunded { .. }
            | Event::Attacked { .. }
            | Event::SurpriseTurn { .. }
            | Event::StatChanged { .. }
            | Event::System(_)
            | Event::FightOver { .. }
            | Event::FacesTyped { .. }
            | Event::Logged { .. }
            | Event::TurnEnded { .. }
            | Event::AlertSet { .. }
            | Event::AlertFired { .. }
            | Event::AlertDropped { .. } => None,
        }
    }
}

/// An event that does not fit the state it is applied to (a damaged or hand-edited save).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyError(pub String);

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApplyError {}

impl Roster for Encounter {
    fn name_of(&self, id: &str) -> Option<&str> {
        self.get(id).map(|c| c.name.as_str())
    }

    fn stats_mut(&mut self, id: &str) -> Option<&mut Stats> {
        self.combatants
            .iter_mut()
            .find(|c| c.id == id)
            .map(|c| &mut std::sync::Arc::make_mut(c).stats)
    }

    fn round(&self) -> u32 {
        self.round
    }
}

impl Encounter {
    /// Let the system follow a core event in its own state.
    fn observe(&mut self, fact: Fact<'_>) {
        self.system.rules().observe(&mut self.state, fact);
    }

    fn index(&self, id: &str) -> Result<usize, ApplyError> {
        self.index_of(id).ok_or_else(|| ApplyError(format!("no combatant with id '{id}'")))
    }

    fn check_all(&self, ids: &[CombatantId]) -> Result<(), ApplyError> {
        ids.iter().try_for_each(|id| self.index(id).map(|_| ()))
    }

    fn line(&self, text: String, roll: Option<RollRecord>, who: Option<&str>) -> LogEntry {
        LogEntry {
            round: self.round,
            text,
            roll: roll.map(Box::new),
            who: who.map(str::to_string),
            opens: None,
        }
    }

    /// Apply one event and return the log line it leaves. Pure: the same events always build
    /// the same encounter.
    pub fn apply(&mut self, event: &Event) -> Result<LogEntry, ApplyError> {
        self.check_bounds(event)?;
        self.forget_order();
        let mut line = self.apply_checked(event)?;
        line.opens = Opens::of(event);
        Ok(line)
    }

    fn apply_checked(&mut self, event: &Event) -> Result<LogEntry, ApplyError> {
        match event {
            Event::Added { combatant } => self.apply_added(combatant),
            Event::Removed { id } => self.apply_removed(id),
            Event::InitiativeSet { ids, initiative } => self.apply_initiative_set(ids, initiative),
            Event::InitiativeCleared { ids } => self.apply_initiative_cleared(ids),
            Event::RolledOff { ids, faces } => self.apply_rolled_off(ids, faces),
            Event::Swapped { first, second } => self.apply_swapped(first, second),
            Event::RoundStarted { round } => Ok(self.apply_round_started(*round)),
            Event::TurnStarted { id, pass } => self.apply_turn_started(id, *pass),
            Event::Held { id } => self.apply_held(id),
            Event::Acted { id, interrupted } => self.apply_acted(id, interrupted.as_ref()),
            Event::TurnPassed { id, pass } => self.apply_turn_passed(id, *pass),
            Event::TurnResumed => self.apply_turn_resumed(),
            Event::HoldLapsed { id } => self.apply_hold_lapsed(id),
            Event::Damaged { id, amount, roll, kind, loss, explain } => {
                self.apply_damaged(id, *amount, roll.as_deref(), kind.as_deref(), *loss, explain)
            }
            Event::Healed { id, amount, within_hit } => self.apply_healed(id, *amount, *within_hit),
            Event::ConditionAdded { id, condition } => self.apply_condition_added(id, condition),
            Event::ConditionEnded { id, name, why } => self.apply_condition_ended(id, name, *why),
            Event::ShakeRolled { id, name, roll, success: _, explain } => {
                self.apply_shake_rolled(id, name, roll, explain)
            }
            Event::Rolled { roll, by } => self.apply_rolled(roll, by.as_deref()),
            Event::Noted { id, text } => self.apply_noted(id, text),
            Event::Hidden { ids } => self.apply_hidden(ids, true),
            Event::Revealed { ids } => self.apply_hidden(ids, false),
            Event::Shown { on } => {
                self.shown = *on;
                let line = if *on {
                    "the fight is shown to the players"
                } else {
                    "the fight is off the players' view until it starts"
                };
                Ok(self.line(line.to_string(), None, None))
            }
            Event::WeaponSet { id, weapon } => self.apply_weapon_set(id, weapon),
            Event::Edited { id, side, stats, health, dropped, changes } => {
                self.apply_edited(id, *side, stats, *health, dropped, changes)
            }
            Event::OptionSet { name, value } => Ok(self.apply_option_set(name, value)),
            Event::Spent { id, pool, amount, what } => self.apply_spent(id, pool, *amount, what),
            Event::Refunded { id, amount, why } => self.apply_refunded(id, *amount, why),
            Event::Attacked { attacker, target, summary, rolls, .. } => {
                self.apply_attacked(attacker, target, summary, rolls)
            }
            Event::SurpriseTurn { ids } => self.apply_surprise_turn(ids),
            Event::StatChanged { id, field, value } => self.apply_stat_changed(id, field, *value),
            Event::System(event) => self.apply_system(event),
            Event::FightOver { text } => {
                self.over = true;
                Ok(self.line(text.clone(), None, None))
            }
            Event::FacesTyped { typed, rolled, marks } => {
                Ok(self.line(faces_typed(typed, rolled, marks), None, None))
            }
            Event::Logged { text, roll, who, attempt } => {
                self.apply_logged(text, roll.as_deref(), who.as_deref(), attempt.as_deref())
            }
            Event::TurnEnded { id } => self.apply_turn_ended(id),
            Event::AlertSet { alert } => self.apply_alert_set(alert),
            Event::AlertFired { number, text, players: _ } => self.apply_alert_fired(*number, text),
            Event::AlertDropped { number } => self.apply_alert_dropped(*number),
        }
    }
}

/// The log's word on faces typed at the table: all of them, or which were typed and which the
/// tracker rolled after them.
fn faces_typed(typed: &[u32], rolled: &[u32], marks: &[RollMark]) -> String {
    let list = |faces: &[u32]| faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    // Roll by roll only when some were typed and some rolled: all typed says it in one word.
    let dice = || marks.iter().filter(|m| m.label != CARD_MARK);
    if dice().any(|m| !m.typed) {
        let each: Vec<String> = dice().map(ToString::to_string).collect();
        return format!("dice: {}", each.join(" · "));
    }
    if !marks.is_empty() {
        let faces: Vec<u32> = dice().flat_map(|m| m.faces.iter().copied()).collect();
        return format!("dice typed at the table: {}", list(&faces));
    }
    match rolled {
        [] => format!("dice typed at the table: {}", list(typed)),
        _ => format!(
            "dice typed at the table: {} · rolled by the tracker: {}",
            list(typed),
            list(rolled)
        ),
    }
}
