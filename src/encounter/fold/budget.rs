//! What a turn allows as the fold keeps it: the system's budget for a turn, and the current turn's
//! budget redone when its combatant's conditions change.

use crate::encounter::Encounter;
use crate::rules::ActionPool;
use crate::rules::Pass;
use crate::rules::initiative::{InitValue, Initiative};

impl Encounter {
    /// A condition gained by the combatant whose turn it is: what the turn allows may shrink with
    /// it (WOIN-ACT-2, WOIN-COND-10), keeping what was already spent; a gained condition never
    /// gives back what the turn already lost to another.
    pub(super) fn rebudget(&mut self, id: &str) {
        let Some(turn) = self.turn.as_ref().filter(|t| t.id == id) else { return };
        let Some(i) = self.index_of(id) else { return };
        let mut budget = self.budget_for(i, turn.pass);
        for pool in &mut budget {
            if let Some(old) = turn.budget.iter().find(|p| p.name == pool.name) {
                pool.used = old.used;
                if old.total < pool.total {
                    pool.total = old.total;
                    pool.note.clone_from(&old.note);
                }
            }
        }
        if let Some(turn) = self.turn.as_mut() {
            turn.budget = budget;
        }
    }

    /// What a combatant has to spend: this turn's budget if the turn is its own, else what its
    /// next turn will give.
    pub fn budget(&self, id: &str) -> Vec<ActionPool> {
        match (self.turn.as_ref().filter(|t| t.id == id), self.index_of(id)) {
            (Some(turn), _) => turn.budget.clone(),
            (None, Some(i)) => self.budget_for(i, 0),
            (None, None) => Vec::new(),
        }
    }

    /// What a combatant's turn allows: its system's budget for that pass (WOIN-INIT-3..5).
    pub(super) fn budget_for(&self, index: usize, pass: u8) -> Vec<ActionPool> {
        let rules = self.system.rules();
        let c = &self.combatants[index];
        // A surprise turn before round 1 (WOIN-AMBUSH-1: one action).
        if self.round == 0 && self.surprise.contains(&c.id) {
            return rules.spec().surprise_budget();
        }
        // Without an initiative yet, a turn is what its own count would give.
        let none = Initiative::new(InitValue::Count(0));
        let passes = rules.passes(&c.stats, c.initiative.as_ref().unwrap_or(&none));
        let this = passes.get(usize::from(pass)).copied().unwrap_or(Pass::main(0, 1));
        rules.turn_budget(self.subject(c), this)
    }
}
