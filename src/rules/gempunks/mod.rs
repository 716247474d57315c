//! Gempunks (seed 002, spec rules/gempunks.md): initiative (GEM-INIT), turns (GEM-ACT), attack
//! sets with crit chains and hits shared among targets (`attack`, `set`, `split`), damage by type
//! and wounds (`damage`), regiments (GEM-REG), its own state (`state`), exact odds (`odds`), the
//! guards' reactions (`guard`) and Tie Up's knots with `escape` (`tieup`).
//! All of Gempunks' numbers live in this folder.

mod attack;
mod commands;
mod damage;
mod dice_order;
mod group;
mod guard;
mod items;
pub mod odds;
mod options;
mod prepare;
mod proposal;
mod set;
mod shots;
mod split;
pub mod state;
mod tables;
mod tieup;
mod turns;
mod weapon;

use super::conditions::{Catalogue, Condition};
use super::dice::{DiceExpr, DiceSource};
use super::effect::{Effect, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome,
};
use super::ruleset::{Ruleset, option};
use super::stats::{FieldError, FieldSpec, StatValue, Stats};
use super::types::{
    ActionPool, ActionSpec, Derived, Health, OptionSpec, Options, Pass, RulesError, Strength,
};

/// The Gempunks ruleset.
pub struct Gempunks;

const DEFAULT_HP: i64 = 3;
/// A typed initiative count: far past any roll, and near enough to zero that counting down
/// from it stays exact.
const TYPED_INIT: std::ops::RangeInclusive<i64> = -1000..=1000;

impl Ruleset for Gempunks {
    fn key(&self) -> &'static str {
        "gempunks"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["gem"]
    }

    fn name(&self) -> &'static str {
        "Gempunks"
    }

    fn tag(&self) -> &'static str {
        state::TAG
    }

    fn pools(&self) -> &'static [&'static str] {
        &["standard", "move"]
    }

    // GEM-ACT-6: `escape`, the tied creature's way out.
    fn commands(&self) -> &'static [crate::rules::verb::Verb] {
        commands::COMMANDS
    }

    fn fields(&self) -> &'static [FieldSpec] {
        tables::FIELDS
    }

    fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &super::state::SystemState,
    ) -> Vec<(&'static str, String)> {
        let s = who.stats;
        // GEM-MOD-4: down, Unconscious or Stationary, both defenses are 2.
        let defense = |name| if prepare::stationary(&who) { 2 } else { s.int_or(name, 5) };
        vec![
            ("ad", defense("ad").to_string()),
            ("gd", defense("gd").to_string()),
            ("toughness", s.int_or("toughness", damage::DEFAULT_TOUGHNESS).to_string()),
            ("armor", s.int_or("armor", 0).to_string()),
            ("muscle", s.int_or("muscle", 0).to_string()),
            ("magic", s.int_or("magic", 0).to_string()),
        ]
    }

    // GEM-DMG-1: armor and vulnerability by type are kept under the type's canonical word
    // (`armor.crushing` is `armor.blunt`), so a hit of that type finds them.
    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        _catalogue: &Catalogue,
    ) -> Result<(), FieldError> {
        for prefix in ["armor.", "vuln."] {
            if let Some(kind) = field.strip_prefix(prefix) {
                let canonical = format!("{prefix}{}", tables::canonical_type(kind));
                if canonical != field
                    && let Some(value) = stats.take(field)
                {
                    stats.put(&canonical, value);
                }
            }
        }
        Ok(())
    }

    // GEM-DMG-1: a weapon's `type=` is kept as its canonical word.
    fn check_weapon_names(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
        if field == "type"
            && let Some(kind) = stats.text(field).map(tables::canonical_type)
        {
            stats.put(field, StatValue::Text(kind));
        }
        // GEM-DMG-1, GEM-WPN: damage and range increments are read as a set is made; their
        // numbers are held to range here, where a weapon enters (a command, a bestiary).
        let bad = |expected: String| FieldError::BadValue {
            field: field.into(),
            value: stats.text(field).unwrap_or_default().into(),
            expected,
        };
        match (field, stats.text(field)) {
            ("dmg", Some(dmg)) if weapon::parse_parts(dmg, None).is_err() => Err(bad(format!(
                "damage such as 1d6-1 or 1d6+2:cutting,1d6:fire: 1 to {} dice of 1 to {} sides \
                 and bonuses from -{bonus} to {bonus}",
                weapon::MAX_PART_DICE,
                weapon::MAX_SIDES,
                bonus = weapon::MAX_BONUS,
            ))),
            ("range", Some(range)) if weapon::parse_increments(range).is_err() => {
                Err(bad("range increments in m, each from 1 to 1000000, such as 10/20/40".into()))
            }
            _ => Ok(()),
        }
    }

    fn weapon_fields(&self) -> &'static [FieldSpec] {
        tables::WEAPON_FIELDS
    }

    fn options(&self) -> &'static [OptionSpec] {
        tables::OPTIONS
    }

    // GEM-REG-1: `add Bandit x20 regiment` is one combatant of twenty members.
    fn one_unit(
        &self,
        name: &str,
        count: Option<u32>,
        stats: &mut Stats,
        options: &Options,
    ) -> Result<Option<String>, RulesError> {
        if !stats.flag("regiment") {
            return Ok(None);
        }
        let min = option(self, options, "gem_regiment_min").parse::<u32>().unwrap_or(5).max(2);
        let Some(n) = count else {
            return Err(RulesError::Invalid(format!(
                "a regiment needs its members counted: add {name} x20 regiment"
            )));
        };
        if n < min {
            return Err(RulesError::Invalid(format!(
                "a regiment has at least {min} members (gem_regiment_min), not {n}; without \
                 `regiment`, x{n} adds {n} separate creatures"
            )));
        }
        stats.set_int("members", i64::from(n));
        Ok(Some(plural(name)))
    }

    // GEM-REG-5: members standing and the wound pool, from the regiment's HP pool.
    fn strength(&self, who: CombatantView<'_>) -> Option<Strength> {
        let total = regiment_members(who.stats)?;
        let h = member_hp(who.stats);
        let (standing, pool) = damage::regiment_strength(who.health.current, h);
        Some(Strength { standing, total, pool, per_member: h })
    }

    fn kind_of(&self, stats: &Stats) -> Option<&'static str> {
        regiment_members(stats).map(|_| "regiment")
    }

    // A regiment's HP pool: members × each member's HP (issue 11, JSON `health`).
    fn health(&self, stats: &Stats) -> Health {
        let hp = member_hp(stats);
        Health::full(regiment_members(stats).map_or(hp, |n| n.saturating_mul(hp)))
    }

    fn health_label(&self) -> &'static str {
        "HP"
    }

    // GEM-INIT-1: each controller rolls one d6 for everyone it controls, once per combat;
    // each character adds its Agility. Ties are broken by a random roll-off.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let controller = who
            .stats
            .text("controller")
            .map_or_else(|| who.side.key().to_string(), str::to_ascii_lowercase);
        let roll = match ctx.shared.iter().find(|(key, _)| *key == controller) {
            Some((_, roll)) => roll.clone(),
            None => {
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

    fn typed_init_hint(&self) -> &'static str {
        "the total rolled at the table (d6 + Agility), such as 7"
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

    // GEM-INIT-2: one standard action and one move action; GEM-INIT-3 (a), GEM-OPT-2: a pending
    // Incapacitate skip takes them away.
    // GEM-ACT-9: immediate-action debts are paid from the move action, then the standard
    // (Reading `gem_debt_from=move_first`).
    fn turn_budget(&self, stats: &Stats, conditions: &[Condition], pass: Pass) -> Vec<ActionPool> {
        let view = CombatantView {
            name: "",
            stats,
            health: self.health(stats),
            conditions,
            weapons: &[],
            initiative: None,
        };
        self.turn_budget_in(view, pass, &Options::default())
    }

    // GEM-INIT-2, GEM-INIT-3 (a), GEM-OPT-2: a regiment loses an action only when every member
    // standing skips it; GEM-INIT-3 (b), GEM-ACT-9: debts from the move action first, or the
    // standard first (`gem_debt_from=standard_first`).
    fn turn_budget_in(
        &self,
        who: CombatantView<'_>,
        _pass: Pass,
        options: &Options,
    ) -> Vec<ActionPool> {
        let skips = turns::skips(who);
        let mut standard: u8 = if skips.standard { 0 } else { 1 };
        let mut moves: u8 = if skips.moves { 0 } else { 1 };
        let standard_first = option(self, options, "gem_debt_from") == "standard_first";
        for _ in 0..turns::debts(who.conditions) {
            let (first, second) = if standard_first {
                (&mut standard, &mut moves)
            } else {
                (&mut moves, &mut standard)
            };
            if *first > 0 {
                *first -= 1;
            } else {
                *second = second.saturating_sub(1);
            }
        }
        vec![ActionPool::new("standard", standard), ActionPool::new("move", moves)]
    }

    // GEM-INIT-1: roll-offs break ties, or the order added (`gem_init_tie=list`).
    fn rolls_off_ties(&self, options: &Options) -> bool {
        option(self, options, "gem_init_tie") != "list"
    }

    // GEM-ACT-8: Melee Guard costs the move action as well as the standard.
    fn action_costs(&self, action: &ActionSpec) -> Vec<(&'static str, u8)> {
        std::iter::once((action.pool, action.cost))
            .chain(
                tables::MORE_COSTS
                    .iter()
                    .filter(|(key, _, _)| *key == action.key)
                    .map(|&(_, pool, amount)| (pool, amount)),
            )
            .collect()
    }

    // GEM-ACT-4, GEM-ACT-7, GEM-ACT-8: Cower and the guards last until the creature next acts.
    fn do_action(
        &self,
        action: &ActionSpec,
        request: super::request::SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        let condition = match action.key {
            "pickup" => return items::pickup(request),
            "cower" => "Cowering",
            "rguard" | "mguard" => "Guarding",
            _ => return Ok(Vec::new()),
        };
        let detail = match action.key {
            "rguard" => Some("ranged, a 90° cone".to_string()),
            "mguard" => Some("melee".to_string()),
            _ => None,
        };
        let _ = request;
        Ok(vec![Effect::AddCondition {
            who: super::effect::Who::Actor,
            name: condition.into(),
            rounds: None,
            detail,
            persistent: true,
        }])
    }

    // GEM-INIT-3: the skips spent, debts paid, Cower and guards ended as the turn begins.
    fn turn_start_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        state: &super::state::SystemState,
        options: &Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let gem = state::of(state);
        // GEM-INIT-2: a standard action spent ahead in another member's set is gone, if this
        // turn has one.
        let standard = self
            .turn_budget_in(who, Pass::main(0, 0), options)
            .iter()
            .any(|p| p.name == "standard" && p.total > 0);
        let ahead = gem.ahead_of(id).filter(|_| standard);
        Ok(turns::start(who, id, ahead))
    }

    fn actions(&self) -> &'static [ActionSpec] {
        tables::ACTIONS
    }

    // GEM-DMG-1, GEM-DMG-2, GEM-REG-5: net damage by type, wounds, a regiment's pool.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
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

    // Issue 11 item 8: the defenses, Toughness, armor by type, a regiment's strength and the
    // state attack options leave.
    fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let s = who.stats;
        let mut out = vec![
            ("ad", Derived::Int(s.int_or("ad", 5))),
            ("gd", Derived::Int(s.int_or("gd", 5))),
            ("toughness", Derived::Int(s.int_or("toughness", damage::DEFAULT_TOUGHNESS))),
        ];
        let armor: Vec<(String, i64)> = std::iter::once(("*".to_string(), s.int_or("armor", 0)))
            .chain(s.iter().filter_map(|(k, _)| {
                k.strip_prefix("armor.").map(|t| (t.to_string(), s.int_or(k, 0)))
            }))
            .collect();
        out.push(("armor", Derived::Map(armor)));
        let vuln: Vec<(String, i64)> = std::iter::once(("*".to_string(), s.int_or("vuln", 0)))
            .chain(s.iter().filter_map(|(k, _)| {
                k.strip_prefix("vuln.").map(|t| (t.to_string(), s.int_or(k, 0)))
            }))
            .collect();
        out.push(("vuln", Derived::Map(vuln)));
        if let Some(total) = regiment_members(s) {
            let (standing, pool) = damage::regiment_strength(who.health.current, member_hp(s));
            out.push(("members.standing", Derived::Int(standing)));
            out.push(("members.total", Derived::Int(total)));
            out.push(("wound_pool", Derived::Int(pool)));
        }
        let has = |n: &str| who.conditions.iter().find(|c| c.name == n);
        let skips: Vec<String> = [("Skip-Move", "move"), ("Skip-Standard", "standard")]
            .iter()
            .filter(|(n, _)| has(n).is_some())
            .map(|(_, w)| w.to_string())
            .collect();
        out.push(("pending_skips", Derived::List(skips)));
        if regiment_members(s).is_some() {
            // GEM-OPT-2: a regiment's skips, counted in members.
            let count = |name| turns::count(who.conditions, name);
            out.push((
                "pending_skip_members",
                Derived::Map(vec![
                    ("move".into(), count(turns::SKIP_MOVE)),
                    ("standard".into(), count(turns::SKIP_STANDARD)),
                ]),
            ));
        }
        let grappled: Vec<String> = who
            .conditions
            .iter()
            .filter(|c| c.name == "Grappled")
            .filter_map(|c| c.detail.as_deref())
            .map(|d| d.trim_start_matches("with ").to_string())
            .collect();
        out.push(("grappled_with", Derived::List(grappled)));
        out.push(("prone", Derived::Bool(has("Prone").is_some())));
        out.push(("cannot_breathe", Derived::Bool(has("Strangled").is_some())));
        // GEM-ACT-6: the knots' DC, while tied up.
        if let Some(dc) = has(tieup::TIED).and_then(|c| tieup::written_dc(c.detail.as_deref())) {
            out.push(("tied_up_dc", Derived::Int(dc)));
        }
        out
    }

    fn health_text(&self, health: Health) -> String {
        format!("HP {}/{}", health.current, health.max)
    }

    fn attack_fields(&self) -> &'static [crate::rules::signature::FieldArg] {
        tables::ATTACK_FIELDS
    }

    // GEM-ATK-6, GEM-ATK-7: the hits rolled ahead of damage, with their proposed sharing.
    fn attack_proposal(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<super::effect::Proposal>, RulesError> {
        proposal::proposal(request, dice)
    }

    // GEM-ATK-3: a set may name several targets.
    fn several_targets(&self) -> bool {
        true
    }

    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        tables::TOGGLES
    }

    fn attack_hint(&self) -> &'static str {
        "blank, or n=12 option=trip split=ogre:3,troll:2 far=1 willing=NAME lower=NAME …"
    }

    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give acc= and dmg= below (dmg=1d6+2:cutting,1d6:fire)"
    }

    // GEM-INIT-2: an attack set is the standard action (a reaction is paid for by its guard,
    // GEM-ACT-7, GEM-ACT-8);
    // GEM-REG-3: a regiment rolls at most 3 sets between its turns.
    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let f = super::request::FieldReader(request.fields);
        let gem = state::of(request.state);
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
        items::check_weapon(request, &gem)?;
        // GEM-ACT-7, GEM-ACT-8: a reaction is a guard's attack.
        guard::check(request, &p, &gem)?;
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

    fn dice_order(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    // Issue 11 item 6: the exact distribution of hits and crits before rolling.
    fn attack_odds(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        let p = prepare::prepare(request)?;
        let f = super::request::FieldReader(request.fields);
        let auto = f.flag("auto") || f.value("willing").is_some();
        let need = p.dice.first().map_or(0, |d| d.need);
        let same = p.dice.iter().all(|d| d.need == need);
        if !same {
            return Ok(Some(format!("{} dice, each against its own target's need", p.dice.len())));
        }
        let n = u32::try_from(p.dice.len()).unwrap_or(u32::MAX);
        Ok(Some(odds::summary(n, need, p.heavy, auto)))
    }

    fn odds_report(&self, args: &[String]) -> Result<String, String> {
        odds::report(args)
    }

    fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        Some((odds::USAGE, "hits and crits expected of N dice, and the chance of each count"))
    }

    fn attack(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let mut effects = vec![];
        let f = super::request::FieldReader(request.fields);
        if f.flag("immediate") {
            let owed = turns::debts(request.attacker.conditions) + 1;
            effects.push(Effect::RemoveCondition {
                who: super::effect::Who::Actor,
                name: "Owes Action".into(),
            });
            effects.push(Effect::AddCondition {
                who: super::effect::Who::Actor,
                name: "Owes Action".into(),
                rounds: None,
                detail: Some(owed.to_string()),
                persistent: true,
            });
        } else if f.flag("reaction") {
            // GEM-ACT-8: the guard's reactions counted.
            let p = prepare::prepare(request)?;
            effects.extend(guard::counted(request, &p));
        } else {
            // GEM-ACT-1: an Assault spread over the turn: its first set pays for the rest.
            let p = prepare::prepare(request)?;
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

    crate::rules::ruleset::own_state!(state, GemState, GemEvent);

    fn shake_off(
        &self,
        _stats: &Stats,
        _health: Health,
        condition: &Condition,
        _options: &crate::rules::types::Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        Err(RulesError::Invalid(format!(
            "Gempunks has no roll to shake off {}; end it with `uncond`",
            condition.name
        )))
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
