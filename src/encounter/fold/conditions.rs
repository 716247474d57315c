//! Condition events in the fold: conditions gained and ended, and attempts to shake one off.

use super::{ApplyError, LogEntry};
use crate::encounter::{Encounter, Ended};
use crate::rules::conditions::Condition;
use crate::rules::dice::RollRecord;
use crate::rules::ruleset::Fact;

impl Encounter {
    pub(super) fn apply_condition_added(
        &mut self,
        id: &str,
        condition: &Condition,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let c = self.combatant_mut(i);
        match c.conditions.iter_mut().find(|x| x.name == condition.name) {
            Some(existing) => *existing = condition.clone(),
            None => c.conditions.push(condition.clone()),
        }
        self.rebudget(id);
        self.observe(Fact::ConditionAdded { id, condition });
        let c = &self.combatants[i];
        let mut text = format!("{} {condition}", self.named(c).does("gains"));
        if let Some(n) = condition.rounds {
            text.push_str(&format!(" for {n} round(s)"));
        }
        if let Some(a) = &condition.until {
            let anchor = self.get(&a.of).map_or_else(|| a.of.clone(), |o| o.name.clone());
            text.push_str(&format!(" {}", a.describe(&anchor)));
        }
        if condition.persistent {
            text.push_str(&format!(" (persistent, {})", condition.source));
        }
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_condition_ended(
        &mut self,
        id: &str,
        name: &str,
        why: Ended,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let anchor = self.combatants[i].condition(name).and_then(|k| k.until.clone());
        let c = self.combatant_mut(i);
        let before = c.conditions.len();
        c.conditions.retain(|x| x.name != *name);
        if c.conditions.len() == before {
            return Err(ApplyError(format!("{} has no condition {name}", c.name)));
        }
        let c = &self.combatants[i];
        let anchor_name = |a: &crate::rules::conditions::Anchor| {
            self.get(&a.of).map_or_else(|| a.of.clone(), |o| o.name.clone())
        };
        match (why, &anchor) {
            (Ended::Expired, Some(a)) => {
                let text = format!(
                    "{}'s {name} ends: the {} of {}'s turn",
                    c.name,
                    a.edge,
                    anchor_name(a)
                );
                return Ok(self.line(text, None, Some(id)));
            }
            (Ended::AnchorLeft, Some(a)) => {
                let text = format!("{}'s {name} ends: {} left the fight", c.name, anchor_name(a));
                return Ok(self.line(text, None, Some(id)));
            }
            _ => {}
        }
        let how = match why {
            Ended::AnchorLeft => " (its anchor left)".to_string(),
            Ended::Removed => String::new(),
            Ended::ShakenOff => format!(" ({})", self.system.rules().spec().words.shaken),
            Ended::Expired => " (expired)".to_string(),
            Ended::Cancelled => format!(" ({})", self.system.rules().spec().words.cancelled),
        };
        let text = format!("{} is no longer {name}{how}", c.name);
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_shake_rolled(
        &mut self,
        id: &str,
        name: &str,
        roll: &RollRecord,
        explain: &str,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id) {
            turn.tried.push(name.to_string());
        }
        let text = format!("{} tries to shake off {name}: {explain}", self.combatants[i].name);
        Ok(self.line(text, Some(roll.clone()), Some(id)))
    }
}
