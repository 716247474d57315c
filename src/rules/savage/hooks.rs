//! Savage Worlds's rules behind its [`Rules`](crate::rules::typed::Rules) methods: budgets, conditions arriving and shaken off, names checked, turn starts and ends, the moments of the fight, attack guides.

use super::*;

impl Savage {
    pub(crate) fn hint_now(&self, request: AttackRequest<'_, SavageState>) -> Option<String> {
        attack::hint(request)
    }

    // SW-ATK-2: only the switches for the roll the weapon makes (a bare attack that has not
    // named its skill yet is offered them all).
    pub(crate) fn toggles_now(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Option<Vec<(&'static str, &'static str)>> {
        let skill = attack::known_skill(request)?;
        let toggles = SPEC.attack.toggles.iter();
        Some(toggles.filter(|(field, _)| tables::applies_to(field, &skill)).copied().collect())
    }

    pub(crate) fn order_of_dice(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    pub(crate) fn odds_now(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Result<Option<String>, RulesError> {
        attack::odds(request).map(Some)
    }

    pub(crate) fn band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        self.health_band(health, conditions)
    }

    // SW-DMG-3: a player character is a Wild Card unless the GM says `extra`; others are Extras
    // unless the GM says `wild`.
    pub(crate) fn settle(&self, stats: &mut Stats, side: Side) {
        if side == Side::Pc && stats.get("wild").is_none() {
            stats.set_flag("wild", true);
        }
    }

    // SW-ACT-1: one action; more are allowed at −2 each to that turn's trait rolls.
    pub(crate) fn budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        // Up to three actions; each after the first is −2 to every trait roll (SW-ACT-1).
        vec![ActionPool::new("actions", ACTIONS)]
    }

    pub(crate) fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current < 0
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Incapacitated" | "Dead" | "Unconscious"))
    }

    // The players' view counts wounds: none unhurt, 1 hurt, 2 badly hurt, 3 barely standing; an
    // Extra is unhurt until it is out.
    pub(crate) fn health_band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        if self.is_down(health, conditions) {
            return HealthBand::Down;
        }
        match health.max.saturating_sub(health.current) {
            ..=0 => HealthBand::Unhurt,
            1 => HealthBand::Hurt,
            2 => HealthBand::Bloodied,
            _ => HealthBand::Critical,
        }
    }

    pub(crate) fn shake(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        _options: &crate::rules::types::Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        shaken::shake_off(stats, health, condition, dice)
    }

    pub(crate) fn start_of_turn(
        &self,
        who: CombatantView<'_>,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        shaken::turn_start(who, options, dice)
    }

    // SW-INIT-3: after a Joker the deck is shuffled before the next deal.
    pub(crate) fn new_deal(&self, state: &SavageState, kept: &[Card]) -> Vec<SystemEvent> {
        if state.joker_out {
            vec![state::SavageEvent::DeckShuffled { kept: kept.to_vec() }.wrap()]
        } else {
            Vec::new()
        }
    }

    // The GM's benny pool is a counter in the state, not an option string.
    pub(crate) fn set_value(&self, name: &str, value: i64) -> Option<SystemEvent> {
        (name == "gm_bennies").then(|| state::SavageEvent::GmBennies { count: value }.wrap())
    }

    pub(crate) fn after_damage(
        &self,
        who: CombatantView<'_>,
        was_down: bool,
        hit: HitKind<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::after_damage(who, was_down, hit, dice)
    }

    pub(crate) fn round_start(
        &self,
        who: CombatantView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::round_start(who, dice)
    }
}
