//! Round and turn events in the fold: new rounds, turns begun, passed and resumed, holding and
//! acting from hold, and actions spent from the turn.

use super::{ApplyError, LogEntry};
use crate::encounter::{Combatant, CombatantId};
use crate::encounter::{Encounter, Turn, TurnSlot};
use crate::rules::ruleset::Fact;

impl Encounter {
    fn mark_done(&mut self, id: &str, pass: u8) {
        if !self.done.iter().any(|d| d.is(id, pass)) {
            self.done.push(TurnSlot::new(id, pass));
        }
    }

    pub(super) fn apply_round_started(&mut self, round: u32) -> LogEntry {
        self.round = round;
        self.turn = None;
        self.resume = None;
        self.interrupted = None;
        self.done.clear();
        self.surprise.clear();
        self.observe(Fact::RoundStarted { round });
        // Rounds count from round 1: one set up before the fight loses nothing as it starts.
        if round > 1 {
            let timed = |c: &&mut std::sync::Arc<Combatant>| {
                c.conditions.iter().any(|x| x.rounds.is_some())
            };
            for c in self.combatants.iter_mut().filter(timed).map(std::sync::Arc::make_mut) {
                for cond in &mut c.conditions {
                    if let Some(n) = &mut cond.rounds {
                        *n = n.saturating_sub(1);
                    }
                }
            }
        }
        self.line(format!("Round {round}"), None, None)
    }

    pub(super) fn apply_turn_started(
        &mut self,
        id: &str,
        pass: u8,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.observe(Fact::TurnStarted { id });
        let whose = self.named(&self.combatants[i]).possessive();
        let budget = self.budget_for(i, pass);
        self.turn = Some(Turn { id: id.into(), pass, budget, tried: Vec::new() });
        self.resume = None;
        self.interrupted = None;
        self.mark_done(id, pass);
        self.anchored_turn_began(id);
        let text = match pass {
            0 => format!("{whose} turn"),
            _ => format!("{whose} turn again (extra action)"),
        };
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_held(&mut self, id: &str) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.combatant_mut(i).held = true;
        let who = self.named(&self.combatants[i]);
        let text = format!("{} {} action", who.does("holds"), who.its());
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_acted(
        &mut self,
        id: &str,
        interrupted: Option<&(CombatantId, u8)>,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.combatant_mut(i).held = false;
        let budget = self.budget_for(i, 0);
        self.observe(Fact::Acted { id });
        let previous =
            self.turn.replace(Turn { id: id.into(), pass: 0, budget, tried: Vec::new() });
        self.resume = interrupted.map(|(id, pass)| TurnSlot::new(id.as_str(), *pass));
        self.interrupted = if interrupted.is_some() { previous } else { None };
        // Held from before its turn, acting now begins it; held from its own turn, it goes on.
        if !self.done.iter().any(|d| d.is(id, 0)) {
            self.anchored_turn_began(id);
        }
        self.mark_done(id, 0);
        let text = format!("{} from hold", self.named(&self.combatants[i]).does("acts"));
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_turn_passed(&mut self, id: &str, pass: u8) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.mark_done(id, pass);
        let who = self.named(&self.combatants[i]);
        let text = format!(
            "{} joined after {} count and {} from next round",
            who.name,
            who.its(),
            who.verb("acts")
        );
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_turn_resumed(&mut self) -> Result<LogEntry, ApplyError> {
        let Some(turn) = self.interrupted.take() else {
            return Err(ApplyError("no interrupted turn to resume".into()));
        };
        self.resume = None;
        let text = match self.get(&turn.id) {
            Some(c) => format!("back to {} turn", self.named(c).possessive()),
            None => "back to the interrupted turn".to_string(),
        };
        let who = turn.id.to_string();
        self.turn = Some(turn);
        Ok(self.line(text, None, Some(&who)))
    }

    pub(super) fn apply_hold_lapsed(&mut self, id: &str) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        self.combatant_mut(i).held = false;
        let text = format!("{} held action lapses", self.named(&self.combatants[i]).possessive());
        Ok(self.line(text, None, Some(id)))
    }

    /// Actions spent this turn come back (a Savage Worlds benny after a failed Spirit roll).
    pub(super) fn apply_refunded(
        &mut self,
        id: &str,
        amount: u8,
        why: &str,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id)
            && let Some(pool) = turn.budget.first_mut()
        {
            pool.used = pool.used.saturating_sub(amount);
        }
        let text = format!("{}: {why} gives back {amount} action(s)", self.combatants[i].name);
        Ok(self.line(text, None, Some(id)))
    }

    pub(super) fn apply_spent(
        &mut self,
        id: &str,
        pool: &str,
        amount: u8,
        what: &str,
    ) -> Result<LogEntry, ApplyError> {
        let i = self.index(id)?;
        if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id)
            && let Some(p) = turn.budget.iter_mut().find(|p| p.name == *pool)
        {
            p.used = p.used.saturating_add(amount);
        }
        self.observe(Fact::Spent { id, what });
        let text = match amount {
            0 => format!("{}: {what} (free)", self.combatants[i].name),
            1 => format!("{}: {what}, −1 of {pool}", self.combatants[i].name),
            n => format!("{}: {what}, −{n} {pool}", self.combatants[i].name),
        };
        Ok(self.line(text, None, Some(id)))
    }
}
