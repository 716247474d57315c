//! What a turn allows: budget checks, spending actions, and `do` actions.

use super::*;
use crate::rules::signature::{FORCE, FieldArg};

impl Planner<'_> {
    /// Refuse unless `id` may spend `cost` from `pool` now. Off-turn spending and overspending
    /// are refused with what is left, unless forced.
    pub(super) fn check_budget(
        &self,
        id: &str,
        pool: &str,
        cost: u8,
        what: &str,
        force: bool,
    ) -> Result<(), EngineError> {
        if force || cost == 0 || (self.scratch.round == 0 && self.scratch.surprise.is_empty()) {
            return Ok(());
        }
        let rules = self.scratch.system.rules();
        // A pool the system never declared is a bug in its tables, never a free action.
        if !rules.spec().pools.contains(&pool) {
            return Err(EngineError::Apply(ApplyError(format!(
                "{} has no action pool '{pool}'",
                self.scratch.system
            ))));
        }
        let name = self.scratch.get(id).map_or(id, |c| c.name.as_str()).to_string();
        let Some(turn) = self.scratch.turn.as_ref().filter(|t| t.id == id) else {
            let why = BudgetError::NotTheirTurn { name };
            return Err(EngineError::Budget { why, forceable: true });
        };
        // A declared pool this turn does not have (the free action of a WOIN extra pass).
        let Some(budget) = turn.budget.iter().find(|p| p.name == pool) else {
            return Ok(());
        };
        if budget.left() < cost {
            let why = BudgetError::TooFew {
                what: what.to_string(),
                name,
                cost,
                pool: pool.to_string(),
                left: budget.left(),
                total: budget.total,
            };
            return Err(EngineError::Budget { why, forceable: true });
        }
        Ok(())
    }

    /// Spend from the current turn, if it is `id`'s.
    pub(super) fn spend(
        &mut self,
        id: &str,
        pool: &str,
        cost: u8,
        what: &str,
    ) -> Result<(), EngineError> {
        if self.scratch.turn.as_ref().is_some_and(|t| t.id == id) {
            self.emit(Event::Spent {
                id: id.into(),
                pool: pool.into(),
                amount: cost,
                what: what.into(),
            })?;
        }
        Ok(())
    }

    pub(super) fn do_action(
        &mut self,
        who: &str,
        action: &str,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let (id, name) = (c.id.to_string(), c.name.clone());
        let actions = self.scratch.system.rules().spec().actions;
        // An exact key, else a unique beginning of one.
        let exact: Vec<_> = actions.iter().filter(|a| a.key == action).collect();
        let found: Vec<_> = if exact.is_empty() {
            actions.iter().filter(|a| a.key.starts_with(action)).collect()
        } else {
            exact
        };
        let spec = match found.as_slice() {
            [one] => **one,
            [] => {
                let keys: Vec<&str> = actions.iter().map(|a| a.key).collect();
                return refuse(format!("no action '{action}'; actions: {}", keys.join(", ")));
            }
            many => {
                let keys: Vec<&str> = many.iter().map(|a| a.key).collect();
                return refuse(format!("'{action}' could be {}", keys.join(", ")));
            }
        };
        if spec.key == "shake" {
            return refuse(format!("shaking off rolls dice: use `shake {name} CONDITION`"));
        }
        let pairs = field_pairs(fields);
        let typed = crate::rules::request::FieldReader(&pairs);
        let force_only: &[FieldArg] = &[FORCE];
        if let Some(other) = typed.undeclared(&[force_only, spec.fields]) {
            let allowed: Vec<&str> = force_only.iter().chain(spec.fields).map(|f| f.name).collect();
            return refuse(format!(
                "`do {}` takes {}, not '{other}'",
                spec.key,
                allowed.join(", ")
            ));
        }
        typed.check_values(force_only)?;
        typed.check_values(spec.fields)?;
        let force = typed.flag("force");
        self.require_started("do")?;
        let costs = self.scratch.system.rules().spec().action_costs(&spec);
        for &(pool, cost) in &costs {
            self.check_budget(&id, pool, cost, spec.label, force)?;
        }
        let effects = {
            let ids = [id.clone()];
            let request = special_request(&self.scratch, spec.key, &ids, &[], &pairs);
            let mut effects = self.scratch.system.rules().do_action(&spec, request)?;
            // What this action does beyond its cost, by its own entry's function.
            if let Some(run) = spec.run {
                effects.extend(run(request, self.dice)?);
            }
            effects
        };
        for effect in effects {
            self.apply_effect(&id, &[], effect)?;
        }
        if self.scratch.turn.as_ref().is_some_and(|t| t.id == id) {
            for (pool, cost) in costs {
                self.spend(&id, pool, cost, spec.key)?;
            }
            Ok(())
        } else {
            self.emit(Event::Logged {
                text: format!("{name}: {} (forced, off turn)", spec.label),
                roll: None,
                who: Some(id.into()),
                attempt: None,
            })
        }
    }
}
