//! Health events in the fold: damage and healing, each line ending with the health left.

use super::{ApplyError, LogEntry};
use crate::encounter::Encounter;
use crate::rules::dice::RollRecord;
use crate::rules::ruleset::Fact;

impl Encounter {
    pub(super) fn apply_damaged(
        &mut self,
        id: &str,
        amount: i64,
        roll: Option<&RollRecord>,
        kind: Option<&str>,
        loss: i64,
        explain: &str,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let round = self.round;
        self.observe(Fact::Damaged { id, loss, round });
        let rules = self.system.rules();
        let c = self.combatant_mut(i);
        c.health.current =
            c.health.current.checked_sub(loss).ok_or_else(|| {
                ApplyError(format!("{}'s health cannot fall by {loss} more", c.name))
            })?;
        let kind = kind.map(|k| format!(" {k}")).unwrap_or_default();
        let text = format!(
            "{} takes {amount}{kind}: {explain} → {}",
            c.name,
            rules.spec().health.text(c.health)
        );
        let down = self.is_down(&self.combatants[i]);
        let text = if down { format!("{text}, down") } else { text };
        Ok(self.line(text, roll.cloned(), Some(id)))
    }

    pub(super) fn apply_healed(
        &mut self,
        id: &str,
        amount: i64,
        within_hit: bool,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.observe(Fact::Healed { id, amount, within_hit });
        let rules = self.system.rules();
        let c = self.combatant_mut(i);
        c.health.current = c.health.current.checked_add(amount).ok_or_else(|| {
            ApplyError(format!("{}'s health cannot rise by {amount} more", c.name))
        })?;
        let text = format!("{} recovers {amount} → {}", c.name, rules.spec().health.text(c.health));
        Ok(self.line(text, None, Some(id)))
    }
}
