//! Durations anchored to turns: `cond … until=start|end of=NAME turns=N` read, the turn's end
//! recorded when a duration counts it, and conditions ended as their count runs out or their
//! anchor leaves the fight.

use super::*;
use crate::rules::conditions::{Anchor, Edge};

/// The most turns a duration may count.
const MAX_TURNS: u32 = 1000;

impl Planner<'_> {
    /// The anchor `until=`, `of=` and `turns=` describe for a condition on `bearer`; `None`
    /// without `until=`.
    pub(super) fn anchor_from(
        &self,
        bearer: &str,
        until: Option<&str>,
        of: Option<&str>,
        turns: Option<&str>,
    ) -> Result<Option<Anchor>, EngineError> {
        let Some(until) = until else {
            if of.is_some() || turns.is_some() {
                return refuse("of= and turns= count a duration given with until=start|end");
            }
            return Ok(None);
        };
        let edge = Edge::parse(until).ok_or_else(|| {
            EngineError::Refused(format!("until={until}: expected start or end (of a turn)"))
        })?;
        let of = match of {
            Some(name) => self.who(name)?.id.to_string(),
            None => bearer.to_string(),
        };
        let turns = match turns {
            Some(n) => {
                n.parse::<u32>().ok().filter(|n| (1..=MAX_TURNS).contains(n)).ok_or_else(|| {
                    EngineError::Refused(format!("turns={n}: expected 1 to {MAX_TURNS}"))
                })?
            }
            None => 1,
        };
        // Given during the anchor's own turn (under way, interrupted, or held from it), that
        // turn's end is not the one counted.
        let enc = &self.scratch;
        let open = enc.turn.as_ref().is_some_and(|t| t.id == of)
            || enc.interrupted.as_ref().is_some_and(|t| t.id == of)
            || enc.get(&of).is_some_and(|c| c.held && enc.done.iter().any(|d| d.is(&of, 0)));
        Ok(Some(Anchor { of, edge, turns, skip_current: open && edge == Edge::End }))
    }

    /// Whether anyone carries a duration counted at this edge of `of`'s turns.
    fn anchored_to(&self, of: &str, edge: Edge) -> bool {
        self.scratch.combatants.iter().any(|c| {
            c.conditions
                .iter()
                .any(|k| k.until.as_ref().is_some_and(|a| a.of == of && a.edge == edge))
        })
    }

    /// End every duration at this edge of `of`'s turns whose count has run out.
    pub(super) fn expire_anchored(&mut self, of: &str, edge: Edge) -> Result<(), EngineError> {
        self.expire_where(|k| {
            k.until.as_ref().is_some_and(|a| a.of == of && a.edge == edge && a.turns == 0)
        })
    }

    /// End, as expired, every condition on anyone that `done` says has run its course.
    pub(super) fn expire_where(
        &mut self,
        done: impl Fn(&Condition) -> bool,
    ) -> Result<(), EngineError> {
        let ending: Vec<(CombatantId, String)> = self
            .scratch
            .combatants
            .iter()
            .flat_map(|c| {
                c.conditions.iter().filter(|k| done(k)).map(|k| (c.id.clone(), k.name.clone()))
            })
            .collect();
        for (id, name) in ending {
            self.emit(Event::ConditionEnded { id, name, why: Ended::Expired })?;
        }
        Ok(())
    }

    /// `id`'s turn ends: durations counted at its end count down (and those run out end), then
    /// the alerts that wait for it fire.
    pub(super) fn turn_ended(&mut self, id: &str) -> Result<(), EngineError> {
        if self.anchored_to(id, Edge::End) {
            self.emit(Event::TurnEnded { id: id.into() })?;
            self.expire_anchored(id, Edge::End)?;
        }
        self.fire_after(id)
    }

    /// The turn under way ends as play moves on, unless its combatant is holding (its turn
    /// waits in the hold and ends when it acts, or when the hold lapses).
    pub(super) fn end_current_turn(&mut self) -> Result<(), EngineError> {
        let Some(turn) = self.scratch.turn.as_ref() else { return Ok(()) };
        let id = turn.id.to_string();
        if self.scratch.get(&id).is_none_or(|c| c.held) {
            return Ok(());
        }
        self.turn_ended(&id)
    }

    /// `id` leaves the fight: the durations counted in its turns end with it.
    pub(super) fn anchor_leaves(&mut self, id: &str) -> Result<(), EngineError> {
        let bound: Vec<(CombatantId, String)> = self
            .scratch
            .combatants
            .iter()
            .filter(|c| c.id != id)
            .flat_map(|c| {
                c.conditions
                    .iter()
                    .filter(|k| k.until.as_ref().is_some_and(|a| a.of == id))
                    .map(|k| (c.id.clone(), k.name.clone()))
            })
            .collect();
        for (bearer, name) in bound {
            self.emit(Event::ConditionEnded { id: bearer, name, why: Ended::AnchorLeft })?;
        }
        Ok(())
    }
}
