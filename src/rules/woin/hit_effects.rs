//! What a WOIN hit inflicts besides its damage: the critical condition table (WOIN-CRIT-3), weapon
//! traits and darts, called shots (WOIN-CALL-1) and grabs (WOIN-GRAB-1).

use super::Woin;
use super::prepared::{Prepared, immune};
use super::tables::crit_row;
use crate::rules::conditions::Source;
use crate::rules::dice::{DiceSource, DieRoll, RollRecord};
use crate::rules::effect::{AttackOutcome, Inflicted};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// Everything a hit inflicts after its damage, in this order: the condition table (one d6 per
/// damage type from `dice`), weapon traits, a dart, a called shot, a grab. `loss` is the health
/// the hit takes off, for a special called shot.
pub(super) fn inflict(
    req: AttackRequest<'_, WoinState>,
    p: &Prepared,
    critical: bool,
    loss: i64,
    out: &mut AttackOutcome,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    if critical {
        condition_table(req, &p.types, out, dice)?;
    }
    weapon_traits(req, &p.traits, critical, out);
    if let Some(conditions) = p.dart {
        dart(req, conditions, out);
    }
    called_shot(req, p.called.as_deref(), loss, out);
    grab(&f, out);
    Ok(())
}

fn has_trait(traits: &[String], name: &str) -> bool {
    traits.iter().any(|x| x == name)
}

/// WOIN-CRIT-3: one d6 per damage type on the condition table (simple mode: the first column).
fn condition_table(
    req: AttackRequest<'_, WoinState>,
    types: &[String],
    out: &mut AttackOutcome,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let simple = option(&Woin, req.options, "simple_crits") == "on";
    for kind in types {
        if immune(req.target.stats, kind) {
            continue;
        }
        let Some(row) = crit_row(kind) else { continue };
        let face = if simple {
            1
        } else {
            let label = format!("critical hit: condition table ({kind})");
            super::prepared::ask_d6s(label, 1, None, dice)?;
            dice.roll(6)?
        };
        let condition = row[face as usize - 1];
        if !simple {
            let roll = RollRecord {
                expr: format!("d6 ({kind})"),
                dice: vec![DieRoll { sides: 6, face, kept: true, exploded: false }],
                total: i64::from(face),
            };
            out.rolls.push(roll.clone());
            out.table.push(("critical hit: condition table".to_string(), roll));
        }
        if !immune(req.target.stats, condition) {
            out.conditions.push(Inflicted::new(condition, Source::Crit));
        }
    }
    Ok(())
}

/// Weapon traits (seed 000): combust sets a crit's target severely on fire; the Cortex emitter
/// poisons and sickens on a hit, severely on a crit.
fn weapon_traits(
    req: AttackRequest<'_, WoinState>,
    traits: &[String],
    critical: bool,
    out: &mut AttackOutcome,
) {
    // Both need a 6 to shake off when severe, whatever the option (WOIN-COND-4).
    let weapon_condition =
        |name: &str| Inflicted { needs_six: true, ..Inflicted::new(name, Source::Exploit) };
    if critical && has_trait(traits, "combust") && !immune(req.target.stats, "burning") {
        out.conditions.extend([weapon_condition("Burning"), weapon_condition("Burning")]);
    }
    if has_trait(traits, "cortex") {
        let times = if critical { 2 } else { 1 };
        for name in ["Poisoned", "Sick"] {
            if !immune(req.target.stats, &name.to_ascii_lowercase()) {
                out.conditions.extend(std::iter::repeat_n(weapon_condition(name), times));
            }
        }
    }
}

/// What a hit's extras need, checked when the attack is prepared, before any die: a dart
/// (seed 000: the dart loaded decides the conditions a hit inflicts) needs a dartgun, and only
/// an unarmed attack can grab (WOIN-GRAB-1). Returns the dart's conditions.
pub(super) fn check(
    req: AttackRequest<'_, WoinState>,
    f: &FieldReader<'_>,
    traits: &[String],
) -> Result<Option<&'static [&'static str]>, RulesError> {
    if f.flag("grab") && !(has_trait(traits, "unarmed") || req.weapon.is_none()) {
        return Err(RulesError::Invalid("only an unarmed attack can grab".into()));
    }
    let Some(dart) = f.value("dart") else { return Ok(None) };
    if !has_trait(traits, "dart") {
        return Err(RulesError::Invalid("dart= needs a weapon with traits=dart".into()));
    }
    let conditions: &'static [&'static str] = match dart.to_ascii_lowercase().as_str() {
        "sleeping" => &["Sleeping"],
        "deep_sleep" | "sleeping_severe" => &["Sleeping", "Sleeping"],
        "sick" => &["Sick"],
        "restrained" => &["Restrained"],
        "pain" => &["Pain"],
        "confused" => &["Confused"],
        other => {
            return Err(RulesError::Invalid(format!(
                "dart={other}: expected sleeping, deep_sleep, sick, restrained, pain or confused"
            )));
        }
    };
    Ok(Some(conditions))
}

/// A dart's conditions on a hit, but those the target is immune to.
fn dart(req: AttackRequest<'_, WoinState>, conditions: &[&str], out: &mut AttackOutcome) {
    out.conditions.extend(
        conditions
            .iter()
            .filter(|c| !immune(req.target.stats, c))
            .map(|c| Inflicted::new(c, Source::Exploit)),
    );
}

/// WOIN-CALL-1: what a called shot does on a hit.
fn called_shot(
    req: AttackRequest<'_, WoinState>,
    called: Option<&str>,
    loss: i64,
    out: &mut AttackOutcome,
) {
    match called {
        Some("trip") => out.conditions.push(Inflicted::new("Prone", Source::Exploit)),
        Some("disarm") => out.conditions.push(Inflicted::new("Disarmed", Source::Exploit)),
        Some("slow") => out.conditions.push(Inflicted::new("Slowed", Source::Exploit)),
        Some("push") => out.summary.push_str("; pushed one square"),
        Some("special") => {
            let quarter = req.target.health.max.saturating_add(3) / 4;
            out.summary.push_str(if loss >= quarter {
                "; the stat block's called-shot effect applies (25% of HEALTH reached)"
            } else {
                "; too little damage for the stat block's called-shot effect (needs 25% of HEALTH)"
            });
        }
        _ => {}
    }
}

/// WOIN-GRAB-1: a grab restrains on a hit (only an unarmed attack can grab: see `check`).
fn grab(f: &FieldReader<'_>, out: &mut AttackOutcome) {
    if f.flag("grab") {
        out.conditions.push(Inflicted::new("Restrained", Source::Exploit));
    }
}
