//! Initiative events in the fold: values rolled, dealt or typed, cleared for a round, tie
//! roll-offs and swaps, and a surprise turn before round 1.

use std::sync::Arc;

use super::{ApplyError, LogEntry};
use crate::encounter::CombatantId;
use crate::encounter::Encounter;
use crate::rules::initiative::Initiative;
use crate::rules::ruleset::Fact;

impl Encounter {
    pub(super) fn apply_initiative_set(
        &mut self,
        ids: &[CombatantId],
        initiative: &Initiative,
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(ids)?;
        self.observe(Fact::InitiativeSet { drawn: &initiative.drawn });
        for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)).map(Arc::make_mut) {
            c.initiative = Some(initiative.clone());
        }
        let who = self.holder_name(ids);
        let text = match (&initiative.roll, initiative.typed, initiative.drawn.len()) {
            (_, true, _) => format!("{who}: initiative {} (typed)", initiative.value),
            (Some(_), _, _) => format!("{who}: initiative {}", initiative.value),
            (None, _, n) if n > 1 => {
                let cards: Vec<String> = initiative.drawn.iter().map(ToString::to_string).collect();
                format!("{who}: drew {}, keeps {}", cards.join(", "), initiative.value)
            }
            (None, _, 1) => format!("{who}: dealt {}", initiative.value),
            (None, _, _) => format!("{who}: initiative {}", initiative.value),
        };
        Ok(self.line(text, initiative.roll.clone(), ids.first().map(CombatantId::as_str)))
    }

    pub(super) fn apply_initiative_cleared(
        &mut self,
        ids: &[CombatantId],
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(ids)?;
        for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)).map(Arc::make_mut) {
            c.initiative = None;
        }
        let one = ids.first().is_some_and(|first| self.holder_ids(first) == *ids);
        let text = if one {
            format!("{}: no card this round", self.holder_name(ids))
        } else {
            "last round's cards go back for a new deal".to_string()
        };
        Ok(self.line(text, None, ids.first().filter(|_| one).map(CombatantId::as_str)))
    }

    pub(super) fn apply_rolled_off(
        &mut self,
        ids: &[CombatantId],
        faces: &[u32],
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(ids)?;
        for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)).map(Arc::make_mut) {
            if let Some(init) = &mut c.initiative {
                init.rolloff.extend(faces);
            }
        }
        let shown: Vec<String> = faces.iter().map(ToString::to_string).collect();
        let text = format!("{}: tie roll-off d6 [{}]", self.holder_name(ids), shown.join(", "));
        Ok(self.line(text, None, ids.first().map(CombatantId::as_str)))
    }

    pub(super) fn apply_swapped(
        &mut self,
        first: &[CombatantId],
        second: &[CombatantId],
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(first)?;
        self.check_all(second)?;
        let rolloff_of = |enc: &Encounter, ids: &[CombatantId]| {
            ids.first()
                .and_then(|id| enc.get(id))
                .and_then(|c| c.initiative.as_ref())
                .map(|i| i.rolloff.clone())
                .unwrap_or_default()
        };
        let (a, b) = (rolloff_of(self, first), rolloff_of(self, second));
        for c in &mut self.combatants {
            let new = if first.contains(&c.id) {
                &b
            } else if second.contains(&c.id) {
                &a
            } else {
                continue;
            };
            if let Some(init) = &mut Arc::make_mut(c).initiative {
                init.rolloff.clone_from(new);
            }
        }
        let text =
            format!("{} and {} swap places", self.holder_name(first), self.holder_name(second));
        Ok(self.line(text, None, None))
    }

    pub(super) fn apply_surprise_turn(
        &mut self,
        ids: &[CombatantId],
    ) -> Result<LogEntry, ApplyError> {
        self.check_all(ids)?;
        self.surprise = ids.to_vec();
        let names = self.holder_name(ids);
        let label = self.system.rules().spec().initiative.surprise_label;
        Ok(self.line(format!("{label}: one action each for {names}, before round 1"), None, None))
    }
}
