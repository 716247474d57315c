//! Roster events in the fold: combatants joining and leaving, and what they carry (notes,
//! weapons, stats changed in play).

use super::{ApplyError, LogEntry};
use crate::encounter::{Combatant, CombatantId, Encounter};
use crate::rules::Health;
use crate::rules::ruleset::Fact;
use crate::rules::stats::{Stats, Weapon};
use crate::rules::types::Side;

impl Encounter {
    pub(super) fn apply_added(&mut self, combatant: &Combatant) -> Result<LogEntry, ApplyError> {
        if self.index_of(&combatant.id).is_some() {
            return Err(ApplyError(format!("id '{}' is used twice", combatant.id)));
        }
        self.combatants.push(std::sync::Arc::new(combatant.clone()));
        let joins = self.named(combatant).does("joins");
        let text = match self.system.rules().unit(combatant.view()).kind {
            Some(kind) => format!("{joins} ({}, {kind})", combatant.side),
            None => format!("{joins} ({})", combatant.side),
        };
        Ok(self.line(text, None, Some(&combatant.id)))
    }

    pub(super) fn apply_removed(&mut self, id: &str) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let gone = self.combatants.remove(i);
        if self.turn.as_ref().is_some_and(|t| t.id == *id) {
            self.turn = None;
        }
        self.observe(Fact::Removed { id });
        Ok(self.line(format!("{} the fight", self.named(&gone).does("leaves")), None, None))
    }

    pub(super) fn apply_noted(&mut self, id: &str, text: &str) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.combatant_mut(i).notes.push(text.to_string());
        let line = format!("note on {}: {text}", self.combatants[i].name);
        Ok(self.line(line, None, Some(id)))
    }

    /// `hide` and `reveal`: whether the players' view shows them.
    pub(super) fn apply_hidden(
        &mut self,
        ids: &[CombatantId],
        hidden: bool,
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(ids)?;
        for c in
            self.combatants.iter_mut().filter(|c| ids.contains(&c.id)).map(std::sync::Arc::make_mut)
        {
            c.hidden = hidden;
        }
        let who = self.holder_name(ids);
        let line = if hidden {
            format!("{who} hidden from the players")
        } else {
            format!("{who} shown to the players")
        };
        Ok(self.line(line, None, ids.first().map(|id| id.as_str())))
    }

    pub(super) fn apply_weapon_set(
        &mut self,
        id: &str,
        weapon: &Weapon,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let c = self.combatant_mut(i);
        c.weapons.retain(|w| !w.name.eq_ignore_ascii_case(&weapon.name));
        c.weapons.push(weapon.clone());
        let line = format!("{} {}", self.named(&self.combatants[i]).does("readies"), weapon.name);
        Ok(self.line(line, None, Some(id)))
    }

    pub(super) fn apply_edited(
        &mut self,
        id: &str,
        side: Side,
        stats: &Stats,
        health: Health,
        dropped: &[String],
        changes: &[String],
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let c = self.combatant_mut(i);
        for name in dropped {
            if !c.weapons.iter().any(|w| w.name.eq_ignore_ascii_case(name)) {
                return Err(ApplyError(format!("{} has no weapon '{name}'", c.name)));
            }
            c.weapons.retain(|w| !w.name.eq_ignore_ascii_case(name));
        }
        c.side = side;
        c.stats = stats.clone();
        c.health = health;
        let line = format!("{} edited: {}", c.name, changes.join(", "));
        Ok(self.line(line, None, Some(id)))
    }

    pub(super) fn apply_stat_changed(
        &mut self,
        id: &str,
        field: &str,
        value: i64,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        let c = self.combatant_mut(i);
        c.stats.set_int(field, value);
        let text = format!("{}: {field} now {value}", c.name);
        Ok(self.line(text, None, Some(id)))
    }
}
