//! Health and conditions: `damage`, `heal`, `cond`, `shake`, and the one way a condition is given.

use super::*;
use crate::rules::dice::question::RollAsk;
use crate::rules::request::{Arrival, Landing};

/// What [`Planner::give_condition`] is asked to give.
pub(super) struct Give<'n> {
    /// The catalogue name, exactly.
    pub(super) name: &'n str,
    pub(super) severe: bool,
    pub(super) rounds: Option<u32>,
    pub(super) source: Source,
    pub(super) persistent: bool,
    pub(super) needs_six: bool,
    pub(super) detail: Option<String>,
    /// Only when it is not there already (a damage model's Shaken).
    pub(super) if_absent: bool,
    /// Typed by the GM: refusals are explained rather than skipped.
    pub(super) by_hand: bool,
    /// Ends at the start or end of a combatant's turn.
    pub(super) until: Option<crate::rules::conditions::Anchor>,
}

impl<'n> Give<'n> {
    pub(super) fn new(name: &'n str) -> Give<'n> {
        Give {
            name,
            severe: false,
            rounds: None,
            source: Source::Manual,
            persistent: false,
            needs_six: false,
            detail: None,
            if_absent: false,
            by_hand: false,
            until: None,
        }
    }
}

impl Planner<'_> {
    pub(super) fn damage(
        &mut self,
        who: &str,
        amount: &Amount,
        kind: Option<&str>,
        raw: bool,
    ) -> Result<(), EngineError> {
        let id = self.who(who)?.id.to_string();
        // SW-NONLETHAL-1: `damage NAME 9 nonlethal`.
        let nonlethal = kind.is_some_and(|k| k.eq_ignore_ascii_case("nonlethal"));
        let roll = match amount {
            Amount::Fixed(_) => None,
            Amount::Dice(expr) => {
                let expr = DiceExpr::parse(expr)?;
                let name =
                    self.scratch.get(&CombatantId::from(id.as_str())).map(|c| c.name.clone());
                let label = format!("damage to {}", name.unwrap_or_else(|| id.clone()));
                self.dice.before_roll(&RollAsk::of(label, &expr))?;
                Some(expr.roll(self.dice)?)
            }
        };
        let total = match (amount, &roll) {
            (Amount::Fixed(n), _) => *n,
            (_, Some(r)) => r.total.max(0),
            (_, None) => 0,
        };
        if !raw {
            // The same pipeline as an attack's hits.
            let hit = crate::rules::effect::Hit {
                amount: total,
                roll,
                kind: kind.map(str::to_string),
                nonlethal,
                ..Default::default()
            };
            return self.apply_effects(&id, &[], vec![Effect::Hit(hit)]);
        }
        let Some(c) = self.scratch.get(&id) else {
            return refuse("no such combatant");
        };
        let was_down = self.scratch.is_down(c);
        self.emit(Event::Damaged {
            id: id.clone().into(),
            amount: total,
            roll: roll.map(Box::new),
            kind: kind.map(str::to_string),
            loss: total,
            explain: "raw".to_string(),
        })?;
        self.after_damage(
            &id,
            was_down,
            crate::rules::effect::HitKind { nonlethal, ..Default::default() },
        )?;
        Ok(())
    }

    pub(super) fn heal(&mut self, who: &str, amount: &Amount) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let rules = self.scratch.system.rules();
        if let Some(why) = rules.vitals(c.health, &c.conditions).healing.refused {
            return Err(RulesError::Invalid(why).into());
        }
        // Dice are rolled once healing is allowed, and the roll logged before the healing.
        let amount = match amount {
            Amount::Fixed(n) => *n,
            Amount::Dice(expr) => {
                let id = c.id.clone();
                let expr = DiceExpr::parse(expr)?;
                self.dice.before_roll(&RollAsk::of(format!("healing for {}", c.name), &expr))?;
                let roll = expr.roll(self.dice)?;
                let total = roll.total.max(0);
                self.emit(Event::Rolled { roll: Box::new(roll), by: Some(id) })?;
                total
            }
        };
        let c = self.who(who)?;
        let room = rules
            .vitals(c.health, &c.conditions)
            .healing
            .max
            .saturating_sub(c.health.current)
            .max(0);
        let id = c.id.to_string();
        self.emit(Event::Healed { id: id.into(), amount: amount.min(room), within_hit: false })
    }

    pub(super) fn condition(
        &mut self,
        who: &str,
        name: &str,
        severe: bool,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let catalogue = self
            .assets
            .catalogue_ref(system)
            .ok_or_else(|| EngineError::Refused(format!("no condition catalogue for {system}")))?;
        let spec = catalogue.find(name).map_err(EngineError::Refused)?.clone();
        let (mut rounds, mut source, mut detail) = (None, Source::Manual, None);
        let (mut until, mut of, mut turns) = (None, None, None);
        for field in fields {
            let value = field.value.as_deref().unwrap_or("");
            match field.key.as_str() {
                "until" => until = Some(value),
                "of" => of = Some(value),
                "turns" => turns = Some(value),
                "rounds" => {
                    rounds = Some(
                        value.parse::<u32>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(
                            || EngineError::Refused(format!("rounds={value}: expected 1 to 1000")),
                        )?,
                    );
                }
                "source" => {
                    source = Source::parse(value).ok_or_else(|| {
                        EngineError::Refused(format!(
                            "source={value}: expected manual, spell, environment, crit, exploit or damage"
                        ))
                    })?;
                }
                // Who caused it (a Charmed combatant's charmer, WOIN-COND-11).
                "by" => detail = Some(format!("by {}", self.who(value)?.name)),
                "spell" | "environment" | "crit" | "exploit" if field.value.is_none() => {
                    source = Source::parse(&field.key).unwrap_or(Source::Manual);
                }
                other => {
                    return refuse(format!(
                        "unknown cond option '{other}'; expected severe, rounds=N, \
                         until=start|end [of=NAME] [turns=N], source=… or by=NAME"
                    ));
                }
            }
        }
        // WOIN-COND-5: spell and environment conditions persist.
        let persistent = matches!(source, Source::Spell | Source::Environment);
        let id = self.who(who)?.id.to_string();
        let until = self.anchor_from(&id, until, of, turns)?;
        if until.is_some() && rounds.is_some() {
            return refuse("rounds= and until= are two durations: give one");
        }
        let give = Give {
            until,
            severe,
            rounds,
            source,
            persistent,
            by_hand: true,
            detail,
            ..Give::new(&spec.name)
        };
        self.give_condition(&id, give)
    }

    /// The one way a condition is given, whether typed (`cond`), rolled by an attack, or brought
    /// by a rule or a turn: the catalogue entry by its exact name, immunity, the level the
    /// system's rules give it (a second application is severe in WOIN), its duration and
    /// persistence, then the health clamp a lower maximum brings (WOIN-COND-9).
    pub(super) fn give_condition(&mut self, id: &str, give: Give<'_>) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let Some(spec) = self.assets.catalogue_ref(system).and_then(|c| c.get(give.name)) else {
            return refuse(format!("no condition {} in {system}", give.name));
        };
        let Some(c) = self.scratch.get(id) else {
            return refuse(format!("no combatant with id '{id}'"));
        };
        let existing = c.condition(&spec.name);
        if give.if_absent && existing.is_some() {
            return Ok(());
        }
        // Conditions it is immune to never land from the rules; typed by hand, the GM is told.
        let arrival = Arrival { stats: &c.stats, spec, existing, severe: give.severe };
        let Landing::Lands { level, ends } = rules.arrival(arrival)? else {
            if give.by_hand {
                return refuse(format!("{} is immune to {}", c.name, spec.name));
            }
            return Ok(());
        };
        // WOIN-COND-5: Bleeding and Burning are never persistent.
        if give.persistent && spec.never_persistent {
            return refuse(format!("{} can never be persistent", spec.name));
        }
        // A condition with no severe level typed again as it stands (same duration): nothing
        // changes, and the log says so rather than that it was gained twice.
        if give.by_hand
            && spec.severe.is_none()
            && let Some(e) = existing
            && e.level == level
            && e.rounds == give.rounds
            && e.until == give.until
        {
            let text = format!("{} is {} already", c.name, spec.name);
            let who = Some(c.id.clone());
            return self.emit(Event::Logged { text, roll: None, who, attempt: None });
        }
        // What this one ends as it lands (a GURPS posture the one before).
        let ended: Vec<String> = ends
            .into_iter()
            .filter(|name| c.condition(name).is_some())
            .map(str::to_string)
            .collect();
        let condition = Condition {
            name: spec.name.clone(),
            level,
            source: give.source,
            rounds: give.rounds,
            persistent: give.persistent,
            since: self.scratch.round,
            needs_six: give.needs_six || existing.is_some_and(|e| e.needs_six),
            detail: give.detail,
            until: give.until,
        };
        for name in ended {
            self.emit(Event::ConditionEnded { id: id.into(), name, why: Ended::Removed })?;
        }
        self.emit(Event::ConditionAdded { id: id.into(), condition })?;
        self.clamp_health(id)
    }

    pub(super) fn shake(&mut self, who: &str, condition: &str) -> Result<(), EngineError> {
        let index = self.scratch.resolve(who)?;
        let c = &self.scratch.combatants[index];
        let name = own_condition(c, condition)?;
        let Some(cond) = c.condition(&name).cloned() else {
            return refuse(format!("{} is not {name}", c.name));
        };
        let rules = self.scratch.system.rules();
        let (pool, cost) = rules.spec().shake_cost;
        let id = c.id.to_string();
        // WOIN-COND-2: once per turn per condition (SW-SHAKEN-1: the Spirit roll as the turn
        // begins is that try), one action each where the system charges one.
        let tried =
            self.scratch.turn.as_ref().is_some_and(|t| t.id == id && t.tried.contains(&name));
        if tried {
            return refuse(format!("{} already tried to shake off {name} this turn", c.name));
        }
        if cost > 0 {
            // WOIN-COND-2: conditions that take every action still allow the attempt.
            let no_actions = self
                .scratch
                .turn
                .as_ref()
                .filter(|t| t.id == id)
                .and_then(|t| t.budget.iter().find(|p| p.name == pool))
                .is_some_and(|p| p.total == 0);
            if !no_actions {
                // `shake` takes no `force`: the refusal does not offer it.
                self.check_budget(&id, pool, cost, "shaking off a condition", false).map_err(
                    |err| match err {
                        EngineError::Budget { why, .. } => {
                            EngineError::Budget { why, forceable: false }
                        }
                        other => other,
                    },
                )?;
            }
        }
        let c = &self.scratch.combatants[index];
        let outcome = rules.shake_off(self.scratch.subject(c), &cond, self.dice)?;
        self.emit(Event::ShakeRolled {
            id: id.clone().into(),
            name: name.clone(),
            roll: Box::new(outcome.roll),
            success: outcome.success,
            explain: outcome.explain,
        })?;
        let can_pay = self
            .scratch
            .turn
            .as_ref()
            .filter(|t| t.id == id)
            .and_then(|t| t.budget.iter().find(|p| p.name == pool).map(|p| p.left() >= cost));
        if cost > 0 && can_pay == Some(true) {
            self.emit(Event::Spent {
                id: id.clone().into(),
                pool: pool.into(),
                amount: cost,
                what: "shake".into(),
            })?;
        }
        if outcome.success {
            self.emit(Event::ConditionEnded { id: id.into(), name, why: Ended::ShakenOff })?;
        }
        Ok(())
    }

    /// Conditions the damage model gives (a Savage Worlds Shaken), unless already there.
    pub(super) fn damage_conditions(
        &mut self,
        id: &str,
        names: &[String],
    ) -> Result<(), EngineError> {
        for name in names {
            let give = Give { source: Source::Damage, if_absent: true, ..Give::new(name) };
            self.give_condition(id, give)?;
        }
        Ok(())
    }

    /// A condition an attack or a turn brings, through the system's level rules.
    pub(super) fn inflict(
        &mut self,
        id: &str,
        what: &crate::rules::effect::Inflicted,
        rounds: Option<u32>,
    ) -> Result<(), EngineError> {
        // Until the start or end of its bearer's next turn.
        let edge = what.until.map(|edge| edge.to_string());
        let until = self.anchor_from(id, edge.as_deref(), None, None)?;
        let give = Give {
            source: what.source,
            needs_six: what.needs_six,
            rounds,
            until,
            ..Give::new(&what.name)
        };
        self.give_condition(id, give)
    }

    /// WOIN-COND-9: when the highest health drops (severe Fatigued), current health follows.
    pub(super) fn clamp_health(&mut self, id: &str) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let max = self.scratch.health_now(c).max;
        if c.health.current > max {
            let loss = c.health.current.saturating_sub(max);
            self.emit(Event::Damaged {
                id: id.into(),
                amount: loss,
                roll: None,
                kind: None,
                loss,
                explain: format!(
                    "max {} lowered to {max}",
                    self.scratch.system.rules().spec().health.label
                ),
            })?;
        }
        Ok(())
    }
}

/// The name of one of `c`'s conditions matching `query` (exact or unique prefix, any case).
pub(super) fn own_condition(c: &Combatant, query: &str) -> Result<String, EngineError> {
    crate::rules::conditions::own(&c.name, &c.conditions, query).map_err(EngineError::Refused)
}
