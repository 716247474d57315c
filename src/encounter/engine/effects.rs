//! Turning the rules' effects into events: system verbs, the damage pipeline every hit goes through, and the after-damage hooks.

use super::*;
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::request::Moment;
use crate::rules::signature::{FORCE, FieldArg};

/// Someone a hit landed on during the effects being applied, waiting for the after-damage hooks.
pub(super) struct Struck {
    pub(super) id: String,
    pub(super) was_down: bool,
    pub(super) nonlethal: bool,
    pub(super) location: Option<String>,
}

impl Planner<'_> {
    /// A system verb: combatant arguments become the actor and the target, the rest are words;
    /// the verb's own entry answers it.
    pub(super) fn special(&mut self, invocation: &Invocation) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let verb = invocation.name();
        let own = system.rules().spec().commands.iter().find(|v| invocation.is(&v.spec));
        let Some(entry) = own else {
            return refuse(match crate::command::table::owner(verb) {
                Some(owner) => {
                    format!("`{verb}` is a {owner} command; this encounter runs {system}")
                }
                None => format!("`{verb}` is not a {system} command"),
            });
        };
        let spec = &entry.spec;
        let fields = invocation.args.last_fields();
        let mut ids: Vec<String> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        for (arg, value) in spec.args.iter().zip(&invocation.args.0) {
            let crate::command::Value::Word(word) = value else { continue };
            match arg.kind {
                crate::command::table::ArgKind::Combatant => {
                    ids.push(self.who(word)?.id.to_string())
                }
                _ => words.push(word.to_lowercase()),
            }
        }
        let pairs = field_pairs(fields);
        // Legality before dice: the verb takes the fields its signature declares and `force`
        // (the engine's, on every verb), and each switch among them only on or off.
        let typed = crate::rules::request::FieldReader(&pairs);
        let force: &[FieldArg] = &[FORCE];
        if let Some(unknown) = typed.undeclared(&[spec.fields, force]) {
            let names: Vec<String> = spec.fields.iter().chain(force).map(FieldArg::usage).collect();
            return refuse(format!("`{verb}` takes {}, not '{unknown}'", names.join(", ")));
        }
        typed.check_values(force)?;
        typed.check_values(spec.fields)?;
        let request = special_request(&self.scratch, spec.name, &ids, &words, &pairs);
        let effects = (entry.run)(request, self.dice)?;
        let actor = ids.first().cloned().unwrap_or_default();
        // What a verb costs is spent under the verb's name (GEM-ACT-6 `escape`), after its effects.
        let (costs, effects): (Vec<Effect>, Vec<Effect>) =
            effects.into_iter().partition(|e| matches!(e, Effect::Pay { .. }));
        self.apply_effects(&actor, ids.get(1..).unwrap_or_default(), effects)?;
        for cost in costs {
            if let Effect::Pay { pool, amount } = cost {
                self.spend(&actor, pool, amount, spec.name)?;
            }
        }
        Ok(())
    }

    /// Apply a list of effects in order, then the after-damage hooks of everyone they hit.
    pub(super) fn apply_effects(
        &mut self,
        actor: &str,
        targets: &[String],
        effects: Vec<Effect>,
    ) -> Result<(), EngineError> {
        let before = self.struck.len();
        for effect in effects {
            self.apply_effect(actor, targets, effect)?;
        }
        let struck: Vec<Struck> = self.struck.drain(before..).collect();
        for hit in struck {
            let kind = crate::rules::effect::HitKind {
                nonlethal: hit.nonlethal,
                called: hit.location.as_deref(),
                ..Default::default()
            };
            self.after_damage(&hit.id, hit.was_down, kind)?;
        }
        Ok(())
    }

    /// One hit through the pipeline: the system's damage model, the damage event, the conditions
    /// the model gives. The after-damage hooks wait for the end of the attack ([`Self::apply_effects`]).
    pub(super) fn land_hit(
        &mut self,
        id: &str,
        hit: &crate::rules::effect::Hit,
    ) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else {
            return refuse(format!("no combatant with id '{id}'"));
        };
        let was_down = self.scratch.is_down(c);
        let outcome = self.scratch.system.rules().damage(DamageRequest {
            stats: &c.stats,
            health: c.health,
            conditions: &c.conditions,
            amount: hit.amount,
            roll: hit.roll.as_ref(),
            kind: hit.kind.as_deref(),
            armor_ignored: hit.armor_ignored,
            armor_added: hit.armor_added,
            parts: &hit.parts,
            location: hit.location.as_deref(),
            id,
            state: &self.scratch.state,
            options: &self.scratch.options,
        })?;
        self.emit(Event::Damaged {
            id: id.into(),
            amount: hit.amount,
            roll: hit.roll.clone().map(Box::new),
            // The damage type as the system names it (WOIN-TYPE-1: `fire` is `heat`).
            kind: hit.kind.as_deref().map(|k| (self.scratch.system.rules().spec().damage_kind)(k)),
            loss: outcome.loss,
            explain: outcome.explain,
        })?;
        for event in outcome.events {
            self.emit(Event::System(event))?;
        }
        self.damage_conditions(id, &outcome.conditions)?;
        if !self.struck.iter().any(|s| s.id == id) {
            self.struck.push(Struck {
                id: id.into(),
                was_down,
                nonlethal: hit.nonlethal,
                location: hit.location.clone(),
            });
        }
        Ok(())
    }

    /// Turn a rules effect into events. `actor` and `target` are ids.
    pub(super) fn apply_effect(
        &mut self,
        actor: &str,
        targets: &[String],
        effect: Effect,
    ) -> Result<(), EngineError> {
        let pick = |who| pick(actor, targets, who);
        match effect {
            Effect::Attacked { target, summary, rolls, hit, critical, defended } => {
                self.emit(Event::Attacked {
                    attacker: actor.into(),
                    target: pick(target)?,
                    summary,
                    rolls,
                    hit,
                    critical,
                    defended,
                })
            }
            Effect::Hit(hit) => self.land_hit(&pick(hit.target)?, &hit),
            Effect::Pay { pool, amount } => self.spend(actor, pool, amount, "attack"),
            Effect::Condition { who, change: ConditionChange::Inflict(what) } => {
                self.inflict(&pick(who)?, &what, None)
            }
            Effect::Note { who, text, roll } => self.emit(Event::Logged {
                text,
                roll: Some(Box::new(roll)),
                who: Some(pick(who)?),
                attempt: None,
            }),
            Effect::System(event) => self.emit(Event::System(event)),
            Effect::Surprise { ids } => {
                let ids = ids.into_iter().map(CombatantId::from).collect();
                self.emit(Event::SurpriseTurn { ids })
            }
            Effect::Condition {
                who,
                change: ConditionChange::End { name, why: Ending::Cancelled },
            } => {
                let id = pick(who)?;
                self.emit(Event::ConditionEnded { id, name, why: Ended::Cancelled })
            }
            Effect::Log { text, roll } => {
                let who = (!actor.is_empty()).then(|| actor.to_string());
                self.emit(Event::Logged {
                    text,
                    roll: roll.map(Box::new),
                    who: who.map(CombatantId::from),
                    attempt: None,
                })
            }
            Effect::Condition {
                who,
                change: ConditionChange::Add { name, rounds, detail, persistent },
            } => {
                let give = Give { rounds, detail, persistent, ..Give::new(&name) };
                self.give_condition(&pick(who)?, give)
            }
            Effect::Condition {
                who,
                change: ConditionChange::End { name, why: Ending::Removed },
            } => self.remove_condition(pick(who)?, &name),
            Effect::Damage { who, loss, explain } => self.lose_health(pick(who)?, loss, explain),
            Effect::Restore { who, amount } => {
                self.emit(Event::Healed { id: pick(who)?, amount, within_hit: true })
            }
            Effect::Stat { who, field, delta } => {
                let id = pick(who)?;
                let value = self
                    .scratch
                    .get(&id)
                    .map_or(0, |c| c.stats.int_or(field, 0))
                    .saturating_add(delta);
                // The rules refuse spending what is not there; a stat such as Charisma may go below 0.
                self.emit(Event::StatChanged { id, field: field.to_string(), value })
            }
            Effect::Spend { who, amount, what } => self.spend_in_turn(pick(who)?, amount, what),
            Effect::Continue { .. } => Err(EngineError::Apply(ApplyError(
                "a further strike was asked for outside an attack".into(),
            ))),
            Effect::TypedAfter { field, faces, used } => {
                let left = ScriptedDice::new(faces).in_field(field).after(used);
                self.typed_after = Some((field, left));
                Ok(())
            }
            Effect::ActNow { who } => {
                let id = pick(who)?;
                self.act(&id)
            }
            Effect::Refund { who, why } => self.refund(pick(who)?, why),
            Effect::SpendAll { who, why } => self.spend_all(pick(who)?, why),
        }
    }

    /// A condition ended by an effect, when the combatant has it.
    fn remove_condition(&mut self, id: CombatantId, name: &str) -> Result<(), EngineError> {
        let present = self.scratch.get(&id).and_then(|c| c.condition(name)).map(|c| c.name.clone());
        match present {
            Some(name) => self.emit(Event::ConditionEnded { id, name, why: Ended::Removed }),
            None => Ok(()),
        }
    }

    /// Health lost (or, below 0, healed) by an effect rather than a hit, with its after-damage
    /// hooks.
    fn lose_health(
        &mut self,
        id: CombatantId,
        loss: i64,
        explain: String,
    ) -> Result<(), EngineError> {
        if loss < 0 {
            return self.emit(Event::Healed { id, amount: -loss, within_hit: false });
        }
        let was_down = self.scratch.get(&id).is_some_and(|c| self.scratch.is_down(c));
        self.emit(Event::Damaged {
            id: id.clone(),
            amount: loss,
            roll: None,
            kind: None,
            loss,
            explain,
        })?;
        self.after_damage(&id, was_down, crate::rules::effect::HitKind::default())
    }

    /// Actions spent from the first pool of `id`'s turn, when it is `id`'s turn.
    fn spend_in_turn(
        &mut self,
        id: CombatantId,
        amount: u8,
        what: String,
    ) -> Result<(), EngineError> {
        let pool = self
            .scratch
            .turn
            .as_ref()
            .filter(|t| t.id == id)
            .and_then(|t| t.budget.first())
            .map(|p| p.name.clone());
        match pool {
            Some(pool) => self.emit(Event::Spent { id, pool, amount, what }),
            None => Ok(()),
        }
    }

    /// The actions spent from the first pool of `id`'s turn come back.
    fn refund(&mut self, id: CombatantId, why: String) -> Result<(), EngineError> {
        let used = self
            .scratch
            .turn
            .as_ref()
            .filter(|t| t.id == id)
            .and_then(|t| t.budget.first().map(|p| p.used));
        match used {
            Some(amount) if amount > 0 => self.emit(Event::Refunded { id, amount, why }),
            _ => Ok(()),
        }
    }

    /// Every action left in the first pool of `id`'s turn is spent.
    fn spend_all(&mut self, id: CombatantId, why: String) -> Result<(), EngineError> {
        let left = self
            .scratch
            .turn
            .as_ref()
            .filter(|t| t.id == id)
            .and_then(|t| t.budget.first().map(|p| (p.name.clone(), p.left())));
        match left {
            Some((pool, n)) if n > 0 => self.emit(Event::Spent { id, pool, amount: n, what: why }),
            _ => Ok(()),
        }
    }

    /// After damage lands: the system's reaction to it (SW-INC-1, the Incapacitation roll).
    pub(super) fn after_damage(
        &mut self,
        id: &str,
        was_down: bool,
        hit: crate::rules::effect::HitKind<'_>,
    ) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let hit = crate::rules::effect::HitKind {
            id,
            state: Some(&self.scratch.state),
            options: Some(&self.scratch.options),
            ..hit
        };
        let effects = self
            .scratch
            .system
            .rules()
            .moment(Moment::AfterDamage { who: c.view(), was_down, hit }, self.dice)?;
        // Through the same door: a hit these bring gets its own after-damage hooks.
        self.apply_effects(id, &[], effects)
    }
}

/// The combatant an effect names. A verb without a second name answers `Target(0)` with its
/// actor; past the targets named, an effect is a bug in the system, never a hit on the attacker.
fn pick(
    actor: &str,
    targets: &[String],
    who: crate::rules::effect::Who,
) -> Result<CombatantId, EngineError> {
    use crate::rules::effect::Who;
    match who {
        Who::Actor => Ok(CombatantId::from(actor)),
        Who::Target(0) if targets.is_empty() => Ok(CombatantId::from(actor)),
        Who::Target(n) => targets.get(usize::from(n)).map(CombatantId::from).ok_or_else(|| {
            EngineError::Apply(ApplyError(format!(
                "an effect names target {} of {}",
                usize::from(n) + 1,
                targets.len()
            )))
        }),
    }
}

/// What a system verb (or a `do` action) sees: the actor and the target by id, the words and
/// fields, and the encounter around them.
pub(super) fn special_request<'s>(
    enc: &'s Encounter,
    verb: &'s str,
    ids: &'s [String],
    words: &'s [String],
    pairs: &'s [(String, Option<String>)],
) -> crate::rules::request::SpecialRequest<'s> {
    let actor = ids.first().and_then(|id| enc.get(id));
    let target = ids.get(1).and_then(|id| enc.get(id));
    let actions_taken = actor
        .and_then(|a| enc.turn.as_ref().filter(|t| t.id == a.id))
        .and_then(|t| t.budget.first())
        .map_or(0, |p| p.used);
    crate::rules::request::SpecialRequest {
        verb,
        actor: actor.map(Combatant::view),
        target: target.map(Combatant::view),
        actor_id: ids.first().map(String::as_str),
        target_id: ids.get(1).map(String::as_str),
        words,
        fields: pairs,
        options: &enc.options,
        round: enc.round,
        started: enc.round > 0 || !enc.surprise.is_empty(),
        state: &enc.state,
        lookup: enc,
        current: enc.current().map(Combatant::view),
        tried: actor
            .and_then(|a| enc.turn.as_ref().filter(|t| t.id == a.id))
            .map_or(&[], |t| t.tried.as_slice()),
        actions_taken,
        held: actor.is_some_and(|a| a.held),
    }
}
