//! WOIN (What's O.L.D. is N.E.W.): initiative (WOIN-INIT-*), action schedules and costs, SOAK,
//! conditions and their effects, and attacks. All of WOIN's numbers live in this folder.

pub mod attack;
pub mod commands;
mod damage_roll;
mod dice_order;
mod hit_effects;
pub mod odds;
mod pool;
mod prepared;
mod restrictions;
pub mod state;
pub mod tables;
pub mod verbs;

use super::conditions::{Catalogue, Condition, ConditionSpec, Level};
use super::dice::{DiceExpr, DiceSource};
use super::effect::{Effect, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome, SpecialRequest,
};
use super::ruleset::{Ruleset, option};
use super::state::SystemState;
use super::stats::{FieldError, FieldKind, FieldSpec, StatValue, Stats};
use super::types::{
    ActionPool, ActionSpec, Derived, Health, OptionSpec, Options, Pass, RulesError,
};

/// The WOIN ruleset.
pub struct Woin;

use crate::rules::stats::int_field as int;

static FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "init",
        kind: FieldKind::Dice,
        help: "INITIATIVE pool (INTUITION + skill dice), e.g. 4d6",
    },
    int("agi", 0, 99, "AGILITY score, breaks initiative ties"),
    int("intuition", 0, 99, "INTUITION score: most targets an overwatch can fire on (default 3)"),
    int("health", 1, 100_000, "maximum HEALTH"),
    int("soak", 0, 1000, "SOAK subtracted from each hit's damage"),
    int("melee", 0, 99, "MELEE DEFENSE"),
    int("ranged", 0, 99, "RANGED DEFENSE"),
    int("mental", 0, 99, "MENTAL DEFENSE"),
    int("vital", 0, 99, "VITAL DEFENSE"),
    int("actions", 1, 20, "actions per turn (2 normally; 3+ act again later in the round)"),
    int("luc", 0, 99, "LUC dice left"),
    int("max_pool", 1, 99, "largest dice pool allowed (grade)"),
    int("speed", 0, 999, "SPEED in squares"),
    FieldSpec {
        name: "size",
        kind: FieldKind::Text,
        help: "size category: small, medium, large …",
    },
    FieldSpec { name: "human", kind: FieldKind::Flag, help: "human: +1 to shake off conditions" },
    FieldSpec {
        name: "immune",
        kind: FieldKind::List,
        help: "damage types and conditions it ignores",
    },
    FieldSpec {
        name: "will",
        kind: FieldKind::Dice,
        help: "attribute pool for shake-off checks (option shake_off=attribute)",
    },
    int("legs", 0, 100, "legs (called push or trip: +1d6 for more than two or none)"),
];

/// Initiative pool when none is given: an average INTUITION of 2d6.
const DEFAULT_INIT: &str = "2d6";
const DEFAULT_ACTIONS: i64 = 2;
const DEFAULT_HEALTH: i64 = 10;
/// A typed initiative count: far past any roll, and near enough to zero that counting down
/// from it stays exact.
const TYPED_INIT: std::ops::RangeInclusive<i64> = -1000..=1000;

/// WOIN-COND-11: the d6 severe Sick takes off an attribute check (initiative, a shake-off by
/// attribute check, an ambush check).
pub(crate) fn sick_dice(conditions: &[Condition]) -> u32 {
    if conditions.iter().any(|c| c.name == "Sick" && c.level == Level::Severe) { 2 } else { 0 }
}

/// A pool `Nd6…` with `lost` fewer d6, never below one; another shape is left as it is.
pub(crate) fn fewer_d6(text: &str, lost: u32) -> String {
    match text.split_once("d6") {
        Some((count, rest)) if lost > 0 => match count.parse::<u32>() {
            Ok(n) => format!("{}d6{rest}", n.saturating_sub(lost).max(1)),
            Err(_) => text.to_string(),
        },
        _ => text.to_string(),
    }
}

impl Woin {
    /// The INITIATIVE pool, less a d6 for Deaf and two for severe Deaf (never below one die).
    fn init_pool(stats: &Stats, conditions: &[Condition]) -> Result<DiceExpr, RulesError> {
        let text = stats.dice("init").unwrap_or(DEFAULT_INIT);
        let lost = match conditions.iter().find(|c| c.name == "Deaf").map(|c| c.level) {
            Some(Level::Severe) => 2,
            Some(Level::First) => 1,
            None => 0,
        };
        // WOIN-COND-11: initiative is an attribute check; severe Sick takes 2d6 off it too.
        let lost = lost + sick_dice(conditions);
        DiceExpr::parse(&fewer_d6(text, lost)).map_err(RulesError::from)
    }

    /// SOAK after Disarmored (WOIN-DMG-2): halved rounding up, none when severe.
    pub fn effective_soak(stats: &Stats, conditions: &[Condition]) -> i64 {
        let soak = stats.int_or("soak", 0);
        match conditions.iter().find(|c| c.name == "Disarmored").map(|c| c.level) {
            Some(Level::Severe) => 0,
            Some(Level::First) => (soak + 1) / 2,
            None => soak,
        }
    }
}

impl Woin {
    /// WOIN-ACT-2: Dazed, Fatigued, Sick and severe Slowed cost an action each; Sleeping leaves
    /// one; severe Dazed, Sleeping, Manic or Restrained leave none. Reading: losses stack, floor 0.
    pub fn actions_after_conditions(actions: u8, conditions: &[Condition]) -> (u8, String) {
        Self::pass_actions(actions, conditions, true)
    }

    /// WOIN-ACT-2 for one pass of a turn. The −1 losses come off the combatant's own count (a
    /// 3-action creature Dazed keeps its later action), after the caps, so the order conditions
    /// arrived in does not matter; "none" empties every pass.
    pub fn pass_actions(actions: u8, conditions: &[Condition], main: bool) -> (u8, String) {
        let mut loss = 0u8;
        let mut cap: Option<u8> = None;
        let mut why = Vec::new();
        for c in conditions {
            let severe = c.level == Level::Severe;
            match (c.name.as_str(), severe) {
                ("Dazed" | "Sleeping" | "Manic" | "Restrained", true) => {
                    cap = Some(0);
                    why.push(format!("none: severe {}", c.name));
                }
                ("Dazed" | "Fatigued" | "Sick", _) | ("Slowed", true) => {
                    loss += 1;
                    why.push(format!("−1 {}", c.name));
                }
                ("Sleeping", false) => {
                    cap = Some(cap.map_or(1, |c| c.min(1)));
                    why.push("1 at most: Sleeping".to_string());
                }
                _ => {}
            }
        }
        // Reading: the caps first (Sleeping leaves one, the severe ones none), then the losses stack
        // on what is left, floor 0; "1 at most" is for the round, so later passes get nothing.
        let mut left = actions;
        if let Some(cap) = cap {
            left = if main { left.min(cap) } else { 0 };
        }
        if main {
            left = left.saturating_sub(loss);
        }
        (left, if main || cap.is_some() { why.join(", ") } else { String::new() })
    }
}

impl Ruleset for Woin {
    fn key(&self) -> &'static str {
        "woin"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["new", "old"]
    }

    fn name(&self) -> &'static str {
        "WOIN"
    }

    fn tag(&self) -> &'static str {
        state::TAG
    }

    fn odds_report(&self, args: &[String]) -> Result<String, String> {
        let _ = args;
        Ok(odds::report())
    }

    fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        Some(("woin", "seed 000's critical-hit tables beside the exact values, misprints marked"))
    }

    fn commands(&self) -> &'static [crate::rules::verb::Verb] {
        commands::COMMANDS
    }

    fn pools(&self) -> &'static [&'static str] {
        &["actions", "free", "reaction"]
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
    }

    fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SystemState,
    ) -> Vec<(&'static str, String)> {
        let defense = |which| attack::effective_defense(who.stats, who.conditions, which);
        vec![
            ("melee def", defense("melee").to_string()),
            ("ranged def", defense("ranged").to_string()),
            ("mental def", defense("mental").to_string()),
            ("vital def", defense("vital").to_string()),
            ("soak", Self::effective_soak(who.stats, who.conditions).to_string()),
            ("luc", who.stats.int_or("luc", 0).to_string()),
        ]
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int_or("health", DEFAULT_HEALTH))
    }

    fn health_label(&self) -> &'static str {
        "HEALTH"
    }

    // WOIN-INIT-1: an INTUITION check with the INITIATIVE pool; AGILITY is the first tie-break.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        _ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        // WOIN-INIT-1, with Deaf's lost dice.
        let roll = Self::init_pool(who.stats, who.conditions)?.roll(dice)?;
        let mut init = Initiative::new(InitValue::Count(roll.total))
            .with_ties(vec![who.stats.int_or("agi", 0)]);
        init.roll = Some(roll);
        Ok(init)
    }

    fn typed_init_hint(&self) -> &'static str {
        "the total rolled at the table, such as 17 (ties go to AGI)"
    }

    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let total =
            text.trim().parse().ok().filter(|n| TYPED_INIT.contains(n)).ok_or_else(|| {
                RulesError::Invalid(format!(
                    "WOIN initiative is a whole number from {} to {} such as 17, not '{text}'",
                    TYPED_INIT.start(),
                    TYPED_INIT.end()
                ))
            })?;
        let mut init =
            Initiative::new(InitValue::Count(total)).with_ties(vec![stats.int_or("agi", 0)]);
        init.typed = true;
        Ok(init)
    }

    // WOIN-INIT-3..5: two actions on the count; a third at −10; a fourth and more every 5 counts.
    fn passes(&self, stats: &Stats, init: &Initiative) -> Vec<Pass> {
        let count = init.value.rank();
        let actions = stats.int_or("actions", DEFAULT_ACTIONS).clamp(1, 20) as u8;
        match actions {
            0..=2 => vec![Pass::main(count, actions)],
            3 => vec![Pass::main(count, 2), Pass::extra(count.saturating_sub(10), 1)],
            n => std::iter::once(Pass::main(count, 2))
                .chain((1..=i64::from(n - 2)).map(|k| Pass::extra(count.saturating_sub(5 * k), 1)))
                .collect(),
        }
    }

    // WOIN-INIT-3: the actions of this pass, plus a free action and a reaction on the main turn.
    // WOIN-ACT-2: conditions take actions away.
    fn turn_budget(&self, _stats: &Stats, conditions: &[Condition], pass: Pass) -> Vec<ActionPool> {
        let (actions, note) = Self::pass_actions(pass.actions, conditions, pass.main);
        let mut actions_pool = ActionPool::new("actions", actions);
        actions_pool.note = note;
        let mut pools = vec![actions_pool];
        if pass.main {
            pools.push(ActionPool::new("free", 1));
            pools.push(ActionPool::new("reaction", 1));
        }
        pools
    }

    // WOIN-DMG-1: SOAK reduces damage, but every 6 on the damage dice still does 1.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        // WOIN-TYPE-1: an unknown type is refused; immunity compares canonical types.
        let kind = hit.kind.map(tables::damage_type).transpose()?;
        if let Some(kind) = kind
            && attack::immune(hit.stats, kind)
        {
            return Ok(DamageOutcome {
                loss: 0,
                conditions: vec![],
                explain: format!("immune to {kind}"),
                events: vec![],
            });
        }
        let soak = Self::effective_soak(hit.stats, hit.conditions);
        let sixes = hit.roll.map_or(0, |r| r.count_faces(6)) as i64;
        let after_soak = hit.amount.saturating_sub(soak).max(0);
        let loss = after_soak.max(sixes);
        let explain = if soak == 0 {
            format!("{} damage", hit.amount)
        } else if loss > after_soak {
            format!("{} − SOAK {soak}, but {sixes} six(es) still do {sixes}", hit.amount)
        } else {
            format!("{} − SOAK {soak} = {loss}", hit.amount)
        };
        Ok(DamageOutcome { loss, conditions: vec![], explain, events: vec![] })
    }

    // WOIN-ACT-1: costs in actions.
    fn actions(&self) -> &'static [ActionSpec] {
        tables::ACTIONS
    }

    // WOIN-CRIT-1: sixes are what matter on a WOIN roll.
    fn notable(&self, roll: &super::dice::RollRecord) -> Vec<bool> {
        roll.dice.iter().map(|d| d.sides == 6 && d.face == 6).collect()
    }

    fn immune_to(&self, stats: &Stats, condition: &str) -> bool {
        attack::immune(stats, condition)
    }

    // WOIN-COND-1: a second application makes a condition severe; a third changes nothing.
    fn condition_level(
        &self,
        spec: &ConditionSpec,
        existing: Option<&Condition>,
        severe: bool,
    ) -> Result<Level, RulesError> {
        let has_severe = spec.severe.is_some();
        if severe && !has_severe {
            return Err(RulesError::Invalid(format!("{} has no severe level", spec.name)));
        }
        Ok(match existing {
            Some(_) if has_severe => Level::Severe,
            Some(c) => c.level,
            None if severe => Level::Severe,
            None => Level::First,
        })
    }

    // WOIN-COND-2, WOIN-COND-4, WOIN-COND-5: 1d6, 5–6 removes it, humans +1, severe needs a 6,
    // persistent conditions cannot be shaken off.
    fn shake_off(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let who = CombatantView {
            name: "",
            stats,
            health,
            conditions: &[],
            weapons: &[],
            initiative: None,
        };
        self.shake_off_in(who, condition, options, dice)
    }

    // WOIN-COND-11: severe Sick takes 2d6 off the attribute check (the d6 roll is no check).
    fn shake_off_in(
        &self,
        who: CombatantView<'_>,
        condition: &Condition,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let stats = who.stats;
        if condition.persistent {
            return Err(RulesError::Invalid(format!(
                "{} is persistent ({}) and cannot be shaken off",
                condition.name, condition.source
            )));
        }
        let bonus = i64::from(stats.flag("human"));
        // WOIN-COND-7: the attribute-check option rolls a pool against 10 instead.
        if option(self, options, "shake_off") == "attribute" {
            let pool =
                fewer_d6(stats.dice("will").unwrap_or(DEFAULT_INIT), sick_dice(who.conditions));
            let roll = DiceExpr::parse(&format!("{pool}+{bonus}"))?.roll(dice)?;
            let success = roll.total >= 10;
            let explain = format!(
                "attribute check needs 10: {}",
                if success { "shaken off" } else { "still there" }
            );
            return Ok(ShakeOutcome { roll, success, explain });
        }
        // WOIN-COND-4: severe needs a 6 (option); severe Disarmed and the weapons' severe
        // conditions say so themselves.
        let severe_six = condition.level == Level::Severe
            && (option(self, options, "severe_needs_six") == "on"
                || condition.needs_six
                || condition.name == "Disarmed");
        let need = if severe_six { 6 } else { 5 };
        let expr = if bonus > 0 { "1d6+1" } else { "1d6" };
        let roll = DiceExpr::parse(expr)?.roll(dice)?;
        let success = roll.total >= need;
        let explain = format!(
            "needs {need}+{}: {}",
            if bonus > 0 { " (human +1)" } else { "" },
            if success { "shaken off" } else { "still there" }
        );
        Ok(ShakeOutcome { roll, success, explain })
    }

    // Effective SOAK (WOIN-DMG-2) and DEFENSEs (Slowed, Downed, Restrained), and LUC dice left.
    fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let defense = |which| attack::effective_defense(who.stats, who.conditions, which);
        vec![
            ("soak", Derived::Int(Self::effective_soak(who.stats, who.conditions))),
            ("defenses.melee", Derived::Int(defense("melee"))),
            ("defenses.ranged", Derived::Int(defense("ranged"))),
            ("defenses.mental", Derived::Int(defense("mental"))),
            ("defenses.vital", Derived::Int(defense("vital"))),
            ("luc", Derived::Int(who.stats.int_or("luc", 0))),
        ]
    }

    // WOIN-TYPE-1: `immune=` names damage types and conditions, kept canonical.
    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        catalogue: &Catalogue,
    ) -> Result<(), FieldError> {
        if field != "immune" {
            return Ok(());
        }
        let entries = stats.list(field).to_vec();
        let conditions: Vec<&str> = catalogue.names().collect();
        let kept = tables::immunities(&entries, &conditions).map_err(|why| {
            FieldError::UnknownName { field: field.into(), value: entries.join(","), why }
        })?;
        stats.put(field, StatValue::List(kept));
        Ok(())
    }

    // WOIN-TYPE-1: a weapon's `type=` names damage types, kept canonical.
    fn check_weapon_names(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
        if field != "type" {
            return Ok(());
        }
        let entries = stats.list(field).to_vec();
        let mut kept: Vec<String> = Vec::new();
        for entry in &entries {
            let kind = tables::damage_type(entry).map_err(|err| FieldError::UnknownName {
                field: field.into(),
                value: entries.join(","),
                why: err.to_string(),
            })?;
            if !kept.iter().any(|k| k == kind) {
                kept.push(kind.to_string());
            }
        }
        stats.put(field, StatValue::List(kept));
        Ok(())
    }

    fn weapon_fields(&self) -> &'static [FieldSpec] {
        tables::WEAPON_FIELDS
    }

    fn options(&self) -> &'static [OptionSpec] {
        tables::OPTIONS
    }

    // WOIN-COND-2: one action per attempt.
    fn shake_cost(&self) -> (&'static str, u8) {
        ("actions", 1)
    }

    // Poisoned: wounds cannot be healed.
    fn can_heal(&self, conditions: &[Condition]) -> Result<(), RulesError> {
        if conditions.iter().any(|c| c.name == "Poisoned") {
            return Err(RulesError::Invalid(
                "Poisoned: wounds cannot be healed until it ends".into(),
            ));
        }
        Ok(())
    }

    // WOIN-COND-9: severe Fatigued halves max HEALTH.
    fn max_health(&self, health: Health, conditions: &[Condition]) -> i64 {
        if conditions.iter().any(|c| c.name == "Fatigued" && c.level == Level::Severe) {
            health.max / 2
        } else {
            health.max
        }
    }

    // WOIN-TYPE-1: the log names each damage type by its canonical name (`fire` → `heat`).
    fn damage_kind(&self, kind: &str) -> String {
        kind.split(',')
            .map(|k| tables::canonical_type(k).unwrap_or(k))
            .collect::<Vec<_>>()
            .join(",")
    }

    // WOIN-COND-11: Pain hurts 1d6 (not SOAKed) as its second action of a turn is spent; severe,
    // as the first is. Only the turn's actions count, not free actions or reactions; crossing
    // that line once, it hurts at most once a turn (the spec's Reading).
    fn actions_spent(
        &self,
        who: CombatantView<'_>,
        before: &[ActionPool],
        after: &[ActionPool],
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let Some(pain) = who.conditions.iter().find(|c| c.name == "Pain") else {
            return Ok(Vec::new());
        };
        let used =
            |pools: &[ActionPool]| pools.iter().find(|p| p.name == "actions").map_or(0, |p| p.used);
        let line = if pain.level == Level::Severe { 1 } else { 2 };
        if used(before) >= line || used(after) < line {
            return Ok(Vec::new());
        }
        let roll = DiceExpr::parse("1d6")?.roll(dice)?;
        let which = if line == 1 { "an action" } else { "a second action" };
        Ok(vec![TurnStartEffect::Damage {
            amount: roll.total,
            kind: None,
            explain: format!("Pain ({}) on {which} this turn, not SOAKed", pain.level),
            roll,
        }])
    }

    // WOIN-COND-8: Bleeding, Burning and severe Poisoned hurt as the turn begins (not SOAKed);
    // WOIN-COND-10: severe Confused rolls what it does this turn.
    fn turn_start(
        &self,
        who: CombatantView<'_>,
        _options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let mut effects = Vec::new();
        for c in who.conditions {
            let severe = c.level == Level::Severe;
            let (expr, kind) = match (c.name.as_str(), severe) {
                ("Bleeding", false) => ("1d6", None),
                ("Bleeding", true) => ("2d6", None),
                ("Burning", false) => ("1d6", Some("heat")),
                ("Burning", true) => ("2d6", Some("heat")),
                ("Poisoned", true) => ("1d6", Some("poison")),
                ("Confused", true) => {
                    let roll = DiceExpr::parse("1d6")?.roll(dice)?;
                    let acts = tables::CONFUSED[(roll.total.clamp(1, 6) - 1) as usize];
                    let text =
                        format!("{} is Confused: acts {acts} (first level) this turn", who.name);
                    effects.push(TurnStartEffect::Roll { roll, text, attempt: None });
                    effects.push(TurnStartEffect::Condition { name: acts.to_string() });
                    continue;
                }
                _ => continue,
            };
            if kind.is_some_and(|k| attack::immune(who.stats, k)) {
                continue;
            }
            let roll = DiceExpr::parse(expr)?.roll(dice)?;
            effects.push(TurnStartEffect::Damage {
                amount: roll.total,
                kind: kind.map(str::to_string),
                explain: format!("{} ({}), not SOAKed", c.name, c.level),
                roll,
            });
        }
        Ok(effects)
    }

    // WOIN-CALL-1: a called shot takes two actions; an overwatch shot was paid for already.
    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let fields = crate::rules::request::FieldReader(request.fields);
        Ok(if fields.flag("overwatch") {
            Vec::new()
        } else if fields.value("called").is_some() {
            vec![("actions", 2)]
        } else {
            vec![("actions", 1)]
        })
    }

    fn attack_fields(&self) -> &'static [crate::rules::signature::FieldArg] {
        attack::ATTACK_FIELDS
    }

    fn attack_hint(&self) -> &'static str {
        "blank, or spend=N luc=N range=N pinned=N crossfire=N called=trip …"
    }

    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give pool= and dmg= below"
    }

    // WOIN-ATK-2: the positional modifiers that are simply on or off.
    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("higher", "higher ground +1d6"),
            ("cover", "target in cover −2d6"),
            ("flank", "flanking (melee) +1d6"),
            ("into_melee", "shooting into melee −2d6"),
            ("dark", "darkness, fog or smoke −2d6"),
            ("prone", "prone target −1d6 ranged, +2d6 melee (auto when lying)"),
            ("aim", "aimed or feinted +1d6"),
        ]
    }

    fn dice_order(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    // Exact odds (fractions) for the pool as it stands, before rolling.
    fn attack_odds(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        let p = attack::prepare(request)?;
        // Past the pools counted exactly, a correct value marked as rounded, never a clamped
        // pool (issue 11 item 6).
        let dice = u32::try_from(p.pool.max(0)).unwrap_or(0);
        if dice > super::odds::MAX_DICE {
            let (hit, critical) = odds::attack_rounded(dice, p.defense, p.crit_sixes)
                .map_err(|e| RulesError::Invalid(e.to_string()))?;
            let cursed = request
                .target
                .conditions
                .iter()
                .any(|c| c.name == "Cursed" && c.level == Level::Severe);
            let critical = if cursed { hit } else { critical };
            return Ok(Some(format!(
                "{}d6 vs {} {}: hit ≈{:.1}%, critical ≈{:.1}% (rounded)",
                p.pool,
                p.vs.to_uppercase(),
                p.defense,
                hit * 100.0,
                critical * 100.0
            )));
        }
        let odds = odds::attack(dice, p.defense, p.crit_sixes)
            .map_err(|e| RulesError::Invalid(e.to_string()))?;
        let cursed = request
            .target
            .conditions
            .iter()
            .any(|c| c.name == "Cursed" && c.level == Level::Severe);
        let critical = if cursed { odds.hit } else { odds.critical };
        Ok(Some(format!(
            "{}d6 vs {} {}: hit {:.1}%, critical {:.1}%",
            p.pool,
            p.vs.to_uppercase(),
            p.defense,
            odds.hit.percent(),
            critical.percent()
        )))
    }

    fn attack(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        if let [first, _, ..] = request.members {
            return Err(RulesError::Invalid(format!(
                "a WOIN attack comes from one combatant: name one ({} …)",
                first.view.name
            )));
        }
        if request.targets.len() > 1 {
            return Err(RulesError::Invalid(
                "a WOIN attack has one target; attack each in turn".into(),
            ));
        }
        let before = attack::check_overwatch(request)?;
        let (mut outcome, left) = attack::resolve(request, dice)?;
        outcome.before = before;
        let mut effects = outcome.into_effects();
        // Faces `dmgroll=` typed beyond the attack's own rolls: Pain's d6 (WOIN-COND-11).
        if let Some((faces, used)) = left {
            effects.push(Effect::TypedAfter { field: "dmgroll", faces, used });
        }
        Ok(effects)
    }

    crate::rules::ruleset::own_state!(state, WoinState, WoinEvent);

    fn surprise_label(&self) -> &'static str {
        "Ambush turn"
    }

    // WOIN-AMBUSH-1: ambush checks come before initiative (seed 001, step 1).
    fn before_start(
        &self,
        state: &SystemState,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::resolve_ambushes(state, dice)
    }

    fn cancel_phrase(&self) -> &'static str {
        "cancelled with a LUC die"
    }

    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::do_action(action, request)
    }
}
