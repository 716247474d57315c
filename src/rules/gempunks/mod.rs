//! Gempunks (seed 002, spec rules/gempunks.md): initiative (GEM-INIT), turns (GEM-ACT), attack
//! sets with crit chains and hits shared among targets (`attack`, `set`, `split`), damage by type
//! and wounds (`damage`), regiments (GEM-REG), its own state (`state`), exact odds (`odds`), the
//! guards' reactions (`guard`) and Tie Up's knots with `escape` (`tieup`).
//! All of Gempunks' numbers live in this folder.

mod asks;
mod attack;
mod attack_option;
mod commands;
mod damage;
mod dice_order;
mod group;
mod guard;
mod hooks;
mod items;
pub mod odds;
mod options;
mod prepare;
mod proposal;
mod reload;
mod set;
mod sheet;
mod shots;
pub mod spec;
mod split;
mod stance;
pub mod state;
mod tables;
mod tieup;
mod turns;
mod weapon;
use crate::rules::effect::{ConditionChange, Ending};
use spec::SPEC;
use state::{GemEvent, GemState};

use super::conditions::{Catalogue, Condition};
use super::dice::{DiceExpr, DiceSource};
use super::effect::{Effect, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome,
};
use super::ruleset::{Line, Roster, option};
use super::stats::{FieldError, StatValue, Stats};
use super::typed::Rules;
use super::types::{ActionPool, Derived, Health, Options, Pass, RulesError, Strength};
use crate::rules::request::AttackGuide;
use crate::rules::request::{FieldOf, Newcomer, Sheet, Subject, Unit};

/// The Gempunks ruleset.
pub struct Gempunks;

const DEFAULT_HP: i64 = 3;
/// A typed initiative count: far past any roll, and near enough to zero that counting down
/// from it stays exact.
const TYPED_INIT: std::ops::RangeInclusive<i64> = -1000..=1000;

impl Rules for Gempunks {
    type State = GemState;
    type Event = GemEvent;

    fn spec(&self) -> &'static crate::rules::spec::Spec {
        &SPEC
    }

    fn attack_guide(&self, request: AttackRequest<'_, GemState>) -> AttackGuide {
        AttackGuide {
            dice_order: self.order_of_dice(request),
            odds: self.odds_now(request),
            ..AttackGuide::default()
        }
    }

    fn sheet(&self, who: Subject<'_, GemState>) -> Sheet {
        Sheet {
            glance: self.glance(who.view, who.id, who.state),
            derived: self.derived(who.view),
            status: Vec::new(),
        }
    }

    fn enter(&self, newcomer: Newcomer<'_>) -> Result<Option<String>, RulesError> {
        let unit =
            self.one_unit(newcomer.name, newcomer.count, newcomer.stats, newcomer.options)?;
        Ok(unit)
    }

    fn unit(&self, who: CombatantView<'_>) -> Unit {
        Unit { kind: self.kind_of(who.stats), strength: self.strength(who) }
    }

    fn turn_budget(&self, who: Subject<'_, GemState>, pass: Pass) -> Vec<ActionPool> {
        self.budget_in(who.view, pass, who.options)
    }

    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        of: FieldOf<'_>,
    ) -> Result<(), FieldError> {
        match of {
            FieldOf::Stats { catalogue } => self.names_in_stats(stats, field, catalogue),
            FieldOf::Weapon => self.names_in_weapon(stats, field),
        }
    }

    fn shake_off(
        &self,
        who: Subject<'_, GemState>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        self.shake(who.view.stats, who.view.health, condition, who.options, dice)
    }

    fn turn_start(
        &self,
        who: Subject<'_, GemState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        self.start_of_turn_in(who.view, who.id, who.state, who.options, dice)
    }

    // A regiment's HP pool: members × each member's HP (issue 11, JSON `health`).
    fn health(&self, stats: &Stats) -> Health {
        let hp = member_hp(stats);
        Health::full(regiment_members(stats).map_or(hp, |n| n.saturating_mul(hp)))
    }

    // GEM-INIT-1: each controller rolls one d6 for everyone it controls, once per combat;
    // each character adds its Agility. Ties are broken by a random roll-off.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext<GemState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let controller = who
            .stats
            .text("controller")
            .map_or_else(|| who.side.key().to_string(), str::to_ascii_lowercase);
        let roll = match ctx.shared.iter().find(|(key, _)| *key == controller) {
            Some((_, roll)) => roll.clone(),
            None => {
                dice.before_roll(&super::dice::question::RollAsk {
                    label: format!("initiative for {controller}'s side"),
                    dice: "1d6".into(),
                    count: 1,
                    beat: None,
                })?;
                let roll = DiceExpr::parse("1d6")?.roll(dice)?;
                ctx.shared.push((controller.clone(), roll.clone()));
                roll
            }
        };
        let mut init =
            Initiative::new(InitValue::Count(roll.total + who.stats.int_or("agility", 0)));
        init.roll = Some(roll);
        init.shared = Some(controller);
        Ok(init)
    }

    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let total = text.trim().parse().ok().filter(|n| TYPED_INIT.contains(n)).ok_or_else(|| {
            RulesError::Invalid(format!(
                "Gempunks initiative is a whole number (d6 + Agility) from {} to {}, not '{text}'",
                TYPED_INIT.start(),
                TYPED_INIT.end()
            ))
        })?;
        let mut init = Initiative::new(InitValue::Count(total));
        init.typed = true;
        Ok(init)
    }

    // GEM-DMG-1, GEM-DMG-2, GEM-REG-5: net damage by type, wounds, a regiment's pool.
    fn damage(&self, hit: DamageRequest<'_, GemState>) -> Result<DamageOutcome, RulesError> {
        let parts: Vec<(Option<String>, i64)> = if hit.parts.is_empty() {
            vec![(hit.kind.map(tables::canonical_type), hit.amount)]
        } else {
            hit.parts
                .iter()
                .map(|(k, a)| ((!k.is_empty()).then(|| tables::canonical_type(k)), *a))
                .collect()
        };
        let double = option(self, hit.options, "gem_vuln") == "double";
        let (net, how) = damage::net(hit.stats, &parts, hit.armor_ignored, double);
        let net = net.saturating_sub(hit.armor_added).max(0);
        let toughness = hit.stats.int_or("toughness", damage::DEFAULT_TOUGHNESS).max(1);
        let wounds = damage::wounds(net, toughness);
        let less =
            if hit.armor_added > 0 { format!(" − {}", hit.armor_added) } else { String::new() };
        let mut explain = if parts.len() == 1 {
            format!("({how}{less}) / Toughness {toughness} = {wounds} wound(s)")
        } else {
            format!("({how} = {net}{less}) / Toughness {toughness} = {wounds} wound(s)")
        };
        let mut conditions = Vec::new();
        let loss = match regiment_members(hit.stats) {
            Some(_) => {
                let h = member_hp(hit.stats);
                let pool = option(self, hit.options, "gem_reg_overflow") == "pool";
                let mut loss = damage::regiment_loss(wounds, h, pool);
                let (before, _) = damage::regiment_strength(hit.health.current, h);
                // Reading `gem_reg_break=below_min`: a regiment below its minimum breaks.
                let min = option(self, hit.options, "gem_regiment_min").parse::<i64>().unwrap_or(5);
                let (left, _) = damage::regiment_strength(hit.health.current - loss, h);
                if option(self, hit.options, "gem_reg_break") == "below_min"
                    && left > 0
                    && left < min
                {
                    loss = hit.health.current.max(0);
                    explain.push_str(&format!("; {left} left, below {min}: the regiment breaks"));
                }
                let (after, w) = damage::regiment_strength(hit.health.current - loss, h);
                if loss < wounds {
                    explain.push_str(&format!("; a member drops, {} lost", wounds - loss));
                }
                if after < before {
                    explain.push_str(&format!(
                        "; {} member(s) down, {after} left, W {w}",
                        before - after
                    ));
                }
                loss
            }
            None => {
                if wounds > 0
                    && hit.health.current - wounds <= 0
                    && !hit.conditions.iter().any(|c| c.name == "Unconscious")
                {
                    conditions.push("Unconscious".to_string());
                }
                wounds
            }
        };
        Ok(DamageOutcome { loss, conditions, explain, events: Vec::new() })
    }

    // GEM-ATK-6, GEM-ATK-7: the hits rolled ahead of damage, with their proposed sharing.
    fn attack_proposal(
        &self,
        request: AttackRequest<'_, GemState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<super::effect::Proposal>, RulesError> {
        proposal::proposal(request, dice)
    }

    // GEM-INIT-2: an attack set is the standard action (a reaction is paid for by its guard,
    // GEM-ACT-7, GEM-ACT-8);
    // GEM-REG-3: a regiment rolls at most 3 sets between its turns.
    fn attack_cost(
        &self,
        request: AttackRequest<'_, GemState>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let f = super::request::FieldReader(request.fields);
        let gem = request.state;
        for m in request.members {
            if regiment_members(m.view.stats).is_some()
                && gem.sets_of(m.id) >= 3
                && !f.flag("force")
            {
                return Err(RulesError::Invalid(format!(
                    "{} has rolled 3 attack sets since its turn began: a 4th waits for its next turn (GEM-REG-3)",
                    m.view.name
                )));
            }
        }
        let p = prepare::prepare(request)?;
        items::check_weapon(request, gem)?;
        // GEM-ACT-7, GEM-ACT-8: a reaction is a guard's attack.
        guard::check(request, &p, gem)?;
        // GEM-ACT-9: an immediate action costs nothing now; at most two are owed.
        if f.flag("immediate") && turns::debts(request.attacker.conditions) >= 2 {
            return Err(RulesError::Invalid(format!(
                "{} already owes 2 immediate actions (GEM-ACT-9)",
                request.attacker.name
            )));
        }
        let paid = p.assault.is_some_and(|a| a.paid);
        Ok(if f.flag("reaction") || f.flag("immediate") || paid {
            Vec::new()
        } else {
            vec![("standard", 1)]
        })
    }

    fn attack(
        &self,
        request: AttackRequest<'_, GemState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let mut effects = vec![];
        let f = super::request::FieldReader(request.fields);
        if f.flag("immediate") {
            let owed = turns::debts(request.attacker.conditions) + 1;
            effects.push(Effect::Condition {
                who: super::effect::Who::Actor,
                change: ConditionChange::End { name: "Owes Action".into(), why: Ending::Removed },
            });
            effects.push(Effect::Condition {
                who: super::effect::Who::Actor,
                change: ConditionChange::Add {
                    name: "Owes Action".into(),
                    rounds: None,
                    detail: Some(owed.to_string()),
                    persistent: true,
                },
            });
        } else if f.flag("reaction") {
            // GEM-ACT-8: the guard's reactions counted.
            let p = prepare::prepare(request)?;
            effects.extend(guard::counted(request, &p));
        } else {
            // GEM-ACT-1: an Assault spread over the turn: its first set pays for the rest.
            let p = prepare::prepare(request)?;
            // GEM-ACT-1, GEM-WPN-1: the round's weapons named on the Assault's first set.
            if let Some((weapons, attacks)) = p.declared.clone() {
                let penalty = p
                    .mods
                    .iter()
                    .filter(|(m, _)| m.starts_with("multiweapon"))
                    .map(|(_, v)| v)
                    .sum();
                effects.push(Effect::System(state::event(state::GemEvent::Declared {
                    id: request.attacker_id.to_string(),
                    weapons,
                    attacks: u8::try_from(attacks).unwrap_or(u8::MAX),
                    penalty,
                })));
            }
            if let Some(a) = p.assault.filter(|a| a.paid || a.left_after > 0) {
                effects.push(Effect::System(state::event(state::GemEvent::AssaultSets {
                    id: request.attacker_id.to_string(),
                    left: a.left_after,
                })));
            }
            if !p.assault.is_some_and(|a| a.paid) {
                effects.push(Effect::Pay { pool: "standard", amount: 1 });
            }
        }
        effects.extend(items::used(request));
        effects.extend(attack::resolve(request, dice)?);
        Ok(effects)
    }

    fn apply(
        &self,
        state: &mut GemState,
        event: &GemEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        state::apply(state, event, roster)
    }

    fn observe(&self, state: &mut GemState, fact: crate::rules::ruleset::Fact<'_>) {
        state::observe(state, fact);
    }
}

/// A regiment's member count (GEM-REG-1), or `None` for a single creature.
pub fn regiment_members(stats: &Stats) -> Option<i64> {
    stats.flag("regiment").then(|| stats.int_or("members", 1))
}

/// Each member's HP (a single creature's HP).
pub fn member_hp(stats: &Stats) -> i64 {
    stats.int_or("hp", DEFAULT_HP).max(1)
}

/// A regiment's name from its member's: `Bandit` → `Bandits`, `Crossbowman` → `Crossbowmen`.
fn plural(name: &str) -> String {
    let n = name.trim();
    if n.ends_with('s') {
        n.to_string()
    } else if let Some(stem) = n.strip_suffix("man") {
        format!("{stem}men")
    } else {
        format!("{n}s")
    }
}
