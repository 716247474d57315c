//! Gempunks's rules behind its [`Rules`](crate::rules::typed::Rules) methods: budgets, conditions arriving and shaken off, names checked, turn starts and ends, the moments of the fight, attack guides.

use super::*;

impl Gempunks {
    pub(crate) fn order_of_dice(
        &self,
        request: AttackRequest<'_, GemState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    // Issue 11 item 6: the exact distribution of hits and crits before rolling.
    pub(crate) fn odds_now(
        &self,
        request: AttackRequest<'_, GemState>,
    ) -> Result<Option<String>, RulesError> {
        let p = prepare::prepare(request)?;
        let f = crate::rules::request::FieldReader(request.fields);
        let auto = f.flag("auto") || f.value("willing").is_some();
        let need = p.dice.first().map_or(0, |d| d.need);
        let same = p.dice.iter().all(|d| d.need == need);
        if !same {
            return Ok(Some(format!("{} dice, each against its own target's need", p.dice.len())));
        }
        let n = u32::try_from(p.dice.len()).unwrap_or(u32::MAX);
        Ok(Some(odds::summary(n, need, p.heavy, auto)))
    }

    // GEM-REG-1: `add Bandit x20 regiment` is one combatant of twenty members.
    pub(crate) fn one_unit(
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

    // GEM-INIT-2, GEM-INIT-3 (a), GEM-OPT-2: a regiment loses an action only when every member
    // standing skips it; GEM-INIT-3 (b), GEM-ACT-9: debts from the move action first, or the
    // standard first (`gem_debt_from=standard_first`).
    pub(crate) fn budget_in(
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

    pub(crate) fn shake(
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

    // GEM-DMG-1: armor and vulnerability by type are kept under the type's canonical word
    // (`armor.crushing` is `armor.blunt`), so a hit of that type finds them.
    pub(crate) fn names_in_stats(
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
    pub(crate) fn names_in_weapon(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
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
        // GEM-WPN-2: an attribute the tracker has nothing to apply to is refused, not kept.
        if stats.flag(field)
            && let Some(why) = super::prepare::untracked(field)
        {
            return Err(FieldError::UnknownName {
                field: field.into(),
                value: "on".into(),
                why: why.into(),
            });
        }
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

    // GEM-INIT-3: the skips spent, debts paid, Cower and guards ended as the turn begins.
    pub(crate) fn start_of_turn_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        state: &GemState,
        options: &Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let gem = state;
        // GEM-INIT-2: a standard action spent ahead in another member's set is gone, if this
        // turn has one.
        let standard = self
            .budget_in(who, Pass::main(0, 0), options)
            .iter()
            .any(|p| p.name == "standard" && p.total > 0);
        let ahead = gem.ahead_of(id).filter(|_| standard);
        Ok(turns::start(who, id, ahead))
    }
}
