//! Events the fold mostly records: rolls, options, attack lines, log lines, and the system's own
//! events, which its rules apply to their state.

use super::{ApplyError, LogEntry};
use crate::encounter::Encounter;
use crate::rules::dice::RollRecord;
use crate::rules::state::{SystemEvent, SystemState};

impl Encounter {
    pub(super) fn apply_rolled(
        &mut self,
        roll: &RollRecord,
        by: Option<&str>,
    ) -> Result<LogEntry, ApplyError> {
        let who = match by {
            Some(id) => Some(self.combatants[self.index(id)?].name.clone()),
            None => None,
        };
        let text = match who {
            Some(name) => format!("{name} rolls"),
            None => "roll".to_string(),
        };
        Ok(self.line(text, Some(roll.clone()), by))
    }

    pub(super) fn apply_option_set(&mut self, name: &str, value: &str) -> LogEntry {
        self.options.insert(name.to_string(), value.to_string());
        self.line(format!("option {name} = {value}"), None, None)
    }

    pub(super) fn apply_attacked(
        &mut self,
        attacker: &str,
        target: &str,
        summary: &str,
        rolls: &[RollRecord],
    ) -> Result<LogEntry, ApplyError> {
        self.index(attacker)?;
        self.index(target)?;
        self.observe(crate::rules::ruleset::Fact::Attacked { target });
        Ok(self.line(summary.to_string(), rolls.first().cloned(), Some(attacker)))
    }

    pub(super) fn apply_system(&mut self, event: &SystemEvent) -> Result<LogEntry, ApplyError> {
        let rules = self.system.rules();
        // The rules read the encounter as a roster while they change the state it holds.
        let mut state = std::mem::replace(&mut self.state, SystemState::none());
        let applied = rules.apply_event(&mut state, event, self);
        self.state = state;
        let line = applied.map_err(|err| ApplyError(err.to_string()))?;
        if let Some(id) = &line.who {
            self.index(id)?;
        }
        Ok(self.line(line.text, line.roll, line.who.as_deref()))
    }

    pub(super) fn apply_logged(
        &mut self,
        text: &str,
        roll: Option<&RollRecord>,
        who: Option<&str>,
        attempt: Option<&str>,
    ) -> Result<LogEntry, ApplyError> {
        if let Some(id) = who {
            self.index(id)?;
            if let (Some(name), Some(turn)) = (attempt, self.turn.as_mut().filter(|t| t.id == *id))
            {
                turn.tried.push(name.to_string());
            }
        }
        Ok(self.line(text.to_string(), roll.cloned(), who))
    }
}
