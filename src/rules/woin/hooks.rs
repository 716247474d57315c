//! WOIN's rules behind its [`Rules`](crate::rules::typed::Rules) methods: budgets, conditions arriving and shaken off, names checked, turn starts and ends, the moments of the fight, attack guides.

use super::*;
use prepared::asked;

impl Woin {
    pub(crate) fn order_of_dice(
        &self,
        request: AttackRequest<'_, WoinState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    // Exact odds (fractions) for the pool as it stands, before rolling.
    pub(crate) fn odds_now(
        &self,
        request: AttackRequest<'_, WoinState>,
    ) -> Result<Option<String>, RulesError> {
        let p = attack::prepare(request)?;
        // Past the pools counted exactly, a correct value marked as rounded, never a clamped
        // pool (issue 11 item 6).
        let dice = u32::try_from(p.pool.max(0)).unwrap_or(0);
        if dice > crate::rules::odds::MAX_DICE {
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

    pub(crate) fn heal_room(&self, health: Health, conditions: &[Condition]) -> Healing {
        Healing {
            max: self.max_health(health, conditions),
            refused: self.can_heal(conditions).err().map(|e| e.to_string()),
        }
    }

    // WOIN-INIT-3: the actions of this pass, plus a free action and a reaction on the main turn.
    // WOIN-ACT-2: conditions take actions away.
    pub(crate) fn budget(
        &self,
        _stats: &Stats,
        conditions: &[Condition],
        pass: Pass,
    ) -> Vec<ActionPool> {
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

    pub(crate) fn immune_to(&self, stats: &Stats, condition: &str) -> bool {
        attack::immune(stats, condition)
    }

    // WOIN-COND-1: a second application makes a condition severe; a third changes nothing.
    pub(crate) fn condition_level(
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

    // WOIN-COND-11: severe Sick takes 2d6 off the attribute check (the d6 roll is no check).
    pub(crate) fn shake_in(
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
            let label = format!("{}'s attribute check against {}", who.name, condition.name);
            let expr = DiceExpr::parse(&format!("{pool}+{bonus}"))?;
            let roll = asked(label, &expr, Some("10 or more".into()), dice)?;
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
        let label = format!("{} shakes off {}", who.name, condition.name);
        let roll = asked(label, &DiceExpr::parse(expr)?, Some(format!("{need} or more")), dice)?;
        let success = roll.total >= need;
        let explain = format!(
            "needs {need}+{}: {}",
            if bonus > 0 { " (human +1)" } else { "" },
            if success { "shaken off" } else { "still there" }
        );
        Ok(ShakeOutcome { roll, success, explain })
    }

    // WOIN-TYPE-1: `immune=` names damage types and conditions, kept canonical.
    pub(crate) fn names_in_stats(
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
    pub(crate) fn names_in_weapon(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
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

    // Poisoned: wounds cannot be healed.
    pub(crate) fn can_heal(&self, conditions: &[Condition]) -> Result<(), RulesError> {
        if conditions.iter().any(|c| c.name == "Poisoned") {
            return Err(RulesError::Invalid(
                "Poisoned: wounds cannot be healed until it ends".into(),
            ));
        }
        Ok(())
    }

    // WOIN-COND-9: severe Fatigued halves max HEALTH.
    pub(crate) fn max_health(&self, health: Health, conditions: &[Condition]) -> i64 {
        if conditions.iter().any(|c| c.name == "Fatigued" && c.level == Level::Severe) {
            health.max / 2
        } else {
            health.max
        }
    }

    // WOIN-COND-8: Bleeding, Burning and severe Poisoned hurt as the turn begins (not SOAKed);
    // WOIN-COND-10: severe Confused rolls what it does this turn.
    pub(crate) fn start_of_turn(
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
                    let label = format!("{} is Confused (severe): how it acts", who.name);
                    let roll = asked(label, &DiceExpr::parse("1d6")?, None, dice)?;
                    let face = usize::try_from(roll.total.clamp(1, 6) - 1).unwrap_or(0);
                    let acts = tables::CONFUSED[face];
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
            let label = format!("{}'s {} ({})", who.name, c.name, c.level);
            let roll = asked(label, &DiceExpr::parse(expr)?, None, dice)?;
            effects.push(TurnStartEffect::Damage {
                amount: roll.total,
                kind: kind.map(str::to_string),
                explain: format!("{} ({}), not SOAKed", c.name, c.level),
                roll,
            });
        }
        Ok(effects)
    }

    // WOIN-AMBUSH-1: ambush checks come before initiative (seed 001, step 1).
    pub(crate) fn before_start(
        &self,
        state: &WoinState,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::resolve_ambushes(state, dice)
    }
}
