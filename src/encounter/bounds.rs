//! The ranges an event's numbers must lie in, checked before the fold applies it: a command cannot
//! make a number out of range, and a save holding one is refused (issue 8, item 7).
// Every event is named, so a new one must say whether it has numbers to check.
#![warn(clippy::wildcard_enum_match_arm)]

use super::Encounter;
use super::event::Event;
use super::fold::ApplyError;
use crate::command::parse::MAX_AMOUNT;
use crate::rules::dice::{MAX_SIDES, MAX_TOTAL, RollRecord};
use crate::rules::initiative::{InitValue, Initiative};
use crate::rules::request::FieldOf;
use crate::rules::stats::{FieldSpec, MAX_STAT, Stats, format_hundredths};
use crate::rules::{Health, Ruleset};

/// The last round a fight can reach.
pub const MAX_ROUND: u32 = 100_000;

/// The largest initiative either way: a roll plus a stat (a Gempunks d6 plus Agility).
const MAX_INITIATIVE: i64 = MAX_TOTAL + MAX_STAT;

impl Encounter {
    /// Refuse an event whose numbers lie outside what the commands can make.
    pub(super) fn check_bounds(&self, event: &Event) -> Result<(), ApplyError> {
        let rules = self.system.rules();
        let checked = match event {
            Event::Added { combatant: c } => health(c.health)
                .and_then(|()| stats(rules.spec().fields, &c.stats))
                .and_then(|()| c.weapons.iter().try_for_each(|w| weapon(rules, &w.stats)))
                .and_then(|()| {
                    c.initiative.as_ref().map_or(Ok(()), |init| self.initiative(&c.stats, init))
                })
                .map_err(|err| format!("{}: {err}", c.name)),
            Event::InitiativeSet { ids, initiative } => {
                let none = Stats::default();
                let holder = ids.first().and_then(|id| self.get(id));
                self.initiative(holder.map_or(&none, |c| &c.stats), initiative)
            }
            Event::RoundStarted { round } => {
                within("round", i64::from(*round), 0, i64::from(MAX_ROUND))
            }
            Event::Damaged { amount, roll, loss, .. } => within("damage", *amount, 0, MAX_AMOUNT)
                // A system may multiply a hit (GURPS impaling), never past the largest roll.
                .and_then(|()| within("health lost", *loss, 0, MAX_TOTAL))
                .and_then(|()| roll.iter().try_for_each(|r| dice(r))),
            Event::Healed { amount, .. } => within("healing", *amount, 0, MAX_AMOUNT),
            Event::StatChanged { field, value, .. } => within(field, *value, -MAX_STAT, MAX_STAT),
            Event::Edited { stats: s, health: h, .. } => {
                health(*h).and_then(|()| stats(rules.spec().fields, s))
            }
            Event::WeaponSet { weapon: w, .. } => weapon(rules, &w.stats),
            Event::Rolled { roll, .. } | Event::ShakeRolled { roll, .. } => dice(roll),
            Event::Logged { roll, .. } => roll.iter().try_for_each(|r| dice(r)),
            Event::Attacked { rolls, .. } => rolls.iter().try_for_each(dice),
            Event::ConditionAdded { condition, .. } => condition
                .until
                .as_ref()
                .map_or(Ok(()), |a| within("turns", i64::from(a.turns), 0, 1000)),
            Event::AlertSet { alert } => alert_numbers(alert),
            // Listed, not left to a catch-all, so a new event is a decision here. These hold no
            // number a command takes from a person (their faces and counts come from the dice
            // and the budget, already checked), or only names and words; a system's own event
            // is the system's.
            Event::Removed { .. }
            | Event::InitiativeCleared { .. }
            | Event::RolledOff { .. }
            | Event::Swapped { .. }
            | Event::TurnStarted { .. }
            | Event::Held { .. }
            | Event::Acted { .. }
            | Event::TurnPassed { .. }
            | Event::TurnResumed
            | Event::HoldLapsed { .. }
            | Event::ConditionEnded { .. }
            | Event::TurnEnded { .. }
            | Event::AlertFired { .. }
            | Event::AlertDropped { .. }
            | Event::Noted { .. }
            | Event::Hidden { .. }
            | Event::Revealed { .. }
            | Event::Shown { .. }
            | Event::OptionSet { .. }
            | Event::Spent { .. }
            | Event::Refunded { .. }
            | Event::SurpriseTurn { .. }
            | Event::FightOver { .. }
            | Event::FacesTyped { .. } => Ok(()),
            // Each system checks the numbers of its own events.
            Event::System(event) => event.check_bounds(),
        };
        checked.map_err(ApplyError)
    }

    /// A rolled initiative within a roll plus a stat; any other (typed, dealt or worked out from
    /// the stats) one the system would take typed, read back as the system reads it.
    fn initiative(&self, stats: &Stats, init: &Initiative) -> Result<(), String> {
        let value = init.value;
        within("initiative", value.rank(), -MAX_INITIATIVE, MAX_INITIATIVE)?;
        init.ties.iter().try_for_each(|&tie| within("tie-break", tie, -MAX_STAT, MAX_STAT))?;
        if let Some(roll) = &init.roll {
            return dice(roll);
        }
        let text = match value {
            InitValue::Count(n) => n.to_string(),
            InitValue::Speed(h) => format_hundredths(h),
            InitValue::Card(card) => card.code(),
        };
        let again =
            self.system.rules().typed_initiative(stats, &text).map_err(|e| e.to_string())?;
        if again.value == value {
            Ok(())
        } else {
            Err(format!("initiative {value} reads back as {}", again.value))
        }
    }
}

/// `n` lies within `min..=max`, or the refusal names what and the range.
fn within(what: &str, n: i64, min: i64, max: i64) -> Result<(), String> {
    if (min..=max).contains(&n) {
        Ok(())
    } else {
        Err(format!("{what} {n} is out of range; expected {min} to {max}"))
    }
}

fn health(health: Health) -> Result<(), String> {
    within("health", health.current, -MAX_STAT, MAX_STAT)?;
    within("maximum health", health.max, -MAX_STAT, MAX_STAT)
}

/// Each stat read back through the system's table, as `add` read it: the table's own range.
fn stats(table: &[FieldSpec], stats: &Stats) -> Result<(), String> {
    stats.iter().try_for_each(|(field, value)| {
        let text = value.to_string();
        Stats::default().set(table, field, Some(&text)).map_err(|err| err.to_string())
    })
}

/// A weapon's fields read back as `weapon` reads them: the table's ranges, then what the
/// system checks in them (a Gempunks weapon's damage parts and range increments).
fn weapon(rules: &dyn Ruleset, fields: &Stats) -> Result<(), String> {
    stats(rules.spec().weapon_fields, fields)?;
    let mut again = fields.clone();
    fields.iter().try_for_each(|(field, _)| {
        rules.check_names(&mut again, field, FieldOf::Weapon).map_err(|err| err.to_string())
    })
}

/// A roll's dice and total, as the dice module makes them.
fn dice(roll: &RollRecord) -> Result<(), String> {
    for die in &roll.dice {
        let sides = i64::from(die.sides);
        within("dice sides", sides, 1, i64::from(MAX_SIDES))?;
        within(&format!("a d{sides} face"), i64::from(die.face), 1, sides)?;
    }
    within("roll total", roll.total, -MAX_TOTAL, MAX_TOTAL)
}

/// An alert's rounds, count and reinforcements within what `alert` takes.
fn alert_numbers(alert: &crate::encounter::alerts::Alert) -> Result<(), String> {
    let max = i64::from(MAX_ROUND);
    within("alert round", i64::from(alert.round), 1, max)?;
    alert.every.map_or(Ok(()), |k| within("alert every", i64::from(k), 1, max))?;
    if let crate::encounter::alerts::AlertAt::Count { rank, .. } = &alert.at {
        within("alert count", *rank, -MAX_INITIATIVE, MAX_INITIATIVE)?;
    }
    alert.add.iter().try_for_each(|r| within("reinforcements", i64::from(r.count), 1, 100))
}
