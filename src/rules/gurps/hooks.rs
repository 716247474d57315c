//! GURPS's rules behind its [`Rules`](crate::rules::typed::Rules) methods: budgets, conditions arriving and shaken off, names checked, turn starts and ends, the moments of the fight, attack guides.

use super::*;
use crate::rules::effect::{ConditionChange, Ending};

impl Gurps {
    pub(crate) fn order_of_dice(
        &self,
        request: AttackRequest<'_, GurpsState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    pub(crate) fn odds_now(
        &self,
        request: AttackRequest<'_, GurpsState>,
    ) -> Result<Option<String>, RulesError> {
        attack::odds(request).map(Some)
    }

    pub(crate) fn band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        if self.is_down(health, conditions) {
            HealthBand::Down
        } else {
            HealthBand::from_share(health.current, health.max)
        }
    }

    // GURPS-MAN-1: one maneuver per turn.
    pub(crate) fn budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("maneuver", 1)]
    }

    // GURPS-HP-3, GURPS-HP-4: dead at −5 × max HP; unconscious, mortally wounded and dead ones
    // are skipped.
    pub(crate) fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= health.max.saturating_mul(-5)
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Dead" | "Unconscious" | "Mortally-Wounded"))
    }

    // GURPS-POST-1: one posture at a time; a new one (typed, or a knockdown's Prone) ends the
    // one before.
    pub(crate) fn ends_on_arrival(&self, condition: &str) -> Vec<&'static str> {
        let postures = tables::POSTURES.iter().filter_map(|p| p.condition);
        match postures.clone().any(|p| p == condition) {
            true => postures.filter(|p| *p != condition).collect(),
            false => Vec::new(),
        }
    }

    pub(crate) fn next_flag(&self, flag: &str, id: &str) -> Vec<Effect> {
        match flag {
            "skip_ht" => vec![Effect::System(state::GurpsEvent::SkipHt { id: id.into() }.wrap())],
            _ => Vec::new(),
        }
    }

    // GURPS-STUN-2: a stunned character rolls HT to recover (also by hand with `shake`).
    pub(crate) fn shake(
        &self,
        who: CombatantView<'_>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let stats = who.stats;
        if condition.name != "Stunned" {
            return Err(RulesError::Invalid(format!(
                "only Stunned is rolled off in GURPS (HT roll); end {} with `uncond`",
                condition.name
            )));
        }
        let ht = stats.int_or("ht", DEFAULT_ATTRIBUTE);
        let r = roll::roll_by(who.name, ht, "HT (stun)", dice)?;
        let success = r.verdict.success();
        Ok(ShakeOutcome {
            explain: format!(
                "HT {ht}: {}",
                if success { "recovers from Stunned" } else { "still stunned" }
            ),
            roll: r.roll,
            success,
        })
    }

    // A weapon's `type=` is one of the wound-modifier types, checked as it is set.
    pub(crate) fn names_in_weapon(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
        if field == "rof" {
            return super::rapid::check_rof_field(stats);
        }
        let Some(text) = stats.text(field).filter(|_| field == "type").map(str::to_string) else {
            return Ok(());
        };
        let refuse =
            |why: String| FieldError::UnknownName { field: field.into(), value: text.clone(), why };
        let kind = injury::damage_type(text.trim()).map_err(|err| refuse(err.to_string()))?;
        if kind == "tbb" {
            return Err(refuse("write type=burn and the tbb flag".into()));
        }
        stats.put(field, StatValue::Text(kind.to_string()));
        Ok(())
    }

    // GURPS-HP-2, GURPS-STUN-1: the HT roll at 0 HP or less as its turn begins; stunned, it
    // Does Nothing; Lost Balance ends.
    pub(crate) fn start_of_turn_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let me = state::person(st, id);
        let mut out = Vec::new();
        // GURPS-HP-1: healed back to a third of its HP, it is no longer reeling.
        if has(who, "Reeling") && who.health.current.saturating_mul(3) >= who.health.max {
            out.push(TurnStartEffect::Effect(Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::End { name: "Reeling".into(), why: Ending::Removed },
            }));
        }
        if has(who, "Lost-Balance") {
            out.push(TurnStartEffect::Effect(Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::End { name: "Lost-Balance".into(), why: Ending::Removed },
            }));
        }
        let do_nothing = |out: &mut Vec<TurnStartEffect>| {
            let maneuver = maneuver::Maneuver::new(maneuver::Kind::DoNothing);
            out.push(TurnStartEffect::Effect(Effect::System(
                state::GurpsEvent::Maneuver { id: id.into(), maneuver }.wrap(),
            )));
            out.push(TurnStartEffect::Effect(Effect::Spend {
                who: Who::Actor,
                amount: 1,
                what: "do nothing".into(),
            }));
        };
        let stunned = has(who, "Stunned");
        if stunned || me.skip_ht {
            do_nothing(&mut out);
        }
        let on_turn_start = option(self, options, "gurps_zero_hp_check") == "turn_start";
        let owes = who.health.current <= 0 && on_turn_start && !has(who, "Unconscious");
        // GURPS-HP-2: Do Nothing, a stunned one's included, makes no roll; a defense roll
        // before its next turn makes it then (defend.rs).
        if owes && (stunned || me.skip_ht) {
            out.push(TurnStartEffect::Effect(Effect::System(
                state::GurpsEvent::HtOwed { id: id.into() }.wrap(),
            )));
        }
        if owes && stunned && !me.skip_ht {
            out.push(TurnStartEffect::Effect(Effect::Log {
                text: format!(
                    "{} is stunned and does nothing: no HT roll at 0 HP unless it defends",
                    who.name
                ),
                roll: None,
            }));
        }
        if owes && !me.skip_ht && !stunned {
            let max = who.health.max.max(1);
            let penalty = who.health.current.saturating_neg() / max;
            let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
            // Hard to Subdue adds its level to the roll to stay conscious.
            let modifier = who.stats.int_or("hts", 0).saturating_sub(penalty);
            let r = roll::roll_by(who.name, ht.saturating_add(modifier), "HT (0 HP)", dice)?;
            let stays = r.verdict.success();
            out.push(TurnStartEffect::Roll {
                text: format!(
                    "{} at {} HP rolls HT {} to stay conscious: {}; {}",
                    who.name,
                    who.health.current,
                    injury::describe(ht, modifier),
                    r.text(),
                    if stays { "stays up" } else { "falls unconscious" }
                ),
                roll: r.roll,
                attempt: None,
            });
            if !stays {
                out.push(TurnStartEffect::Effect(Effect::Condition {
                    who: Who::Actor,
                    change: ConditionChange::Inflict(Inflicted::new(
                        "Unconscious",
                        crate::rules::conditions::Source::Damage,
                    )),
                }));
            }
        }
        Ok(out)
    }

    // GURPS-STUN-2, GURPS-SHOCK-1: at the end of a turn spent stunned, an HT roll; shock clears.
    pub(crate) fn turn_end(
        &self,
        who: CombatantView<'_>,
        id: &str,
        _state: &GurpsState,
        _options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let mut out = Vec::new();
        if has(who, "Stunned") && !has(who, "Unconscious") && !has(who, "Dead") {
            let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
            let r = roll::roll_by(who.name, ht, "HT (stun)", dice)?;
            let ok = r.verdict.success();
            out.push(Effect::Note {
                who: Who::Actor,
                text: format!(
                    "{} rolls HT {ht} to shake off Stunned: {}; {}",
                    who.name,
                    r.text(),
                    if ok { "recovers" } else { "still stunned" }
                ),
                roll: r.roll,
            });
            if ok {
                out.push(Effect::Condition {
                    who: Who::Actor,
                    change: ConditionChange::End { name: "Stunned".into(), why: Ending::Removed },
                });
            }
        }
        out.push(Effect::System(state::GurpsEvent::TurnEnded { id: id.into() }.wrap()));
        Ok(out)
    }

    pub(crate) fn after_damage(
        &self,
        who: CombatantView<'_>,
        _was_down: bool,
        hit: HitKind<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        injury::after_damage(who, hit, dice)
    }
}
