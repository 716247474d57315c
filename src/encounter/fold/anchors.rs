//! Durations anchored to a combatant's turns in the fold: each start or end of the anchor's turn
//! counts one down (the engine ends the condition when its count reaches 0), and alerts set,
//! fired and dropped.

use super::{ApplyError, LogEntry};
use crate::encounter::Encounter;
use crate::encounter::alerts::Alert;
use crate::rules::conditions::{Anchor, Edge};

impl Encounter {
    /// Change every duration anchored to `of`'s turns.
    fn each_anchored(&mut self, of: &str, change: impl Fn(&mut Anchor)) {
        let anchored = |c: &&mut std::sync::Arc<crate::encounter::Combatant>| {
            c.conditions.iter().any(|k| k.until.as_ref().is_some_and(|a| a.of == of))
        };
        for c in self.combatants.iter_mut().filter(anchored).map(std::sync::Arc::make_mut) {
            for anchor in c.conditions.iter_mut().filter_map(|k| k.until.as_mut()) {
                if anchor.of == of {
                    change(anchor);
                }
            }
        }
    }

    /// `of` begins a turn: durations counted at its starts count one down, and any turn it was
    /// given in is over.
    pub(super) fn anchored_turn_began(&mut self, of: &str) {
        self.each_anchored(of, |a| {
            a.skip_current = false;
            if a.edge == Edge::Start {
                a.turns = a.turns.saturating_sub(1);
            }
        });
    }

    /// `of`'s turn ended: durations counted at its ends count one down, except the turn they
    /// were given in.
    pub(super) fn apply_turn_ended(&mut self, of: &str) -> Result<LogEntry, ApplyError> {
        self.index(of)?;
        self.each_anchored(of, |a| {
            if a.edge == Edge::End {
                if a.skip_current {
                    a.skip_current = false;
                } else {
                    a.turns = a.turns.saturating_sub(1);
                }
            }
        });
        // Bookkeeping: the conditions it ends leave their own lines.
        Ok(self.line(String::new(), None, None))
    }

    pub(super) fn apply_alert_set(&mut self, alert: &Alert) -> Result<LogEntry, ApplyError> {
        if self.alerts.iter().any(|a| a.number == alert.number) {
            return Err(ApplyError(format!("alert {} is set already", alert.number)));
        }
        self.alerts_made = self.alerts_made.max(alert.number);
        let text = format!("alert set: {}", alert.line(self));
        self.alerts.push(alert.clone());
        Ok(self.line(text, None, None))
    }

    pub(super) fn apply_alert_fired(
        &mut self,
        number: u32,
        text: &str,
    ) -> Result<LogEntry, ApplyError> {
        let Some(i) = self.alerts.iter().position(|a| a.number == number) else {
            return Err(ApplyError(format!("no alert {number}")));
        };
        match self.alerts[i].every {
            Some(k) => self.alerts[i].round = self.round.saturating_add(k),
            None => {
                self.alerts.remove(i);
            }
        }
        Ok(self.line(format!("⚑ {text}"), None, None))
    }

    pub(super) fn apply_alert_dropped(&mut self, number: u32) -> Result<LogEntry, ApplyError> {
        let Some(i) = self.alerts.iter().position(|a| a.number == number) else {
            return Err(ApplyError(format!("no alert {number}")));
        };
        let gone = self.alerts.remove(i);
        Ok(self.line(format!("alert #{number} dropped: {}", gone.text), None, None))
    }
}
