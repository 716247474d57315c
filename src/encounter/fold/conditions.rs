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
        let c = self.combatant_mut(i);
        let before = c.conditions.len();
        c.conditions.retain(|x| x.name != *name);
        if c.conditions.len() == before {
            return Err(ApplyError(format!("{} has no condition {name}", c.name)));
        }
        let c = &self.combatants[i];
        let how = match why {
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
