//! SW-FEAR-1: fear. Guts against the sight; a 1 on the Guts die brings on a grotesque sight's
//! sickness, or a Wild Card's roll on the Fear table (Heart Attack at its top).

use super::{add, field, log, need, roll_trait, typed};
use crate::rules::dice::DiceSource;
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{CombatantView, SpecialRequest};
use crate::rules::savage::state::SavageState;
use crate::rules::savage::tables::MAX_FIELD;
use crate::rules::savage::{Savage, TN, asked_plain, tables};
use crate::rules::types::RulesError;

/// SW-FEAR-1: the sights, as `fear NAME SIGHT` takes them (horrific is the same as grotesque).
const SIGHTS: [&str; 3] = ["grotesque", "horrific", "terror"];

/// SW-FEAR-1: Guts; failure Shakes; a 1 on the Guts die brings on the sight's effect.
pub(in crate::rules::savage) fn fear(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let who = need(req.actor, "a NAME", "fear")?;
    let kind = req.words.first().map_or("grotesque", String::as_str);
    if !SIGHTS.contains(&kind) {
        return Err(RulesError::Invalid(format!(
            "fear is grotesque, horrific or terror, not '{kind}'"
        )));
    }
    let penalty: i64 = field(&req, "penalty")
        .map(|p| {
            p.trim_start_matches(['+', '-']).parse().ok().filter(|n| *n <= MAX_FIELD).ok_or_else(
                || RulesError::Invalid(format!("penalty={p}: expected a number up to {MAX_FIELD}")),
            )
        })
        .transpose()?
        .unwrap_or(0);
    let guts = roll_trait(who, "guts", -penalty, typed(&req, "roll")?, dice)?;
    let failed = guts.total < TN || guts.critical_failure;
    let mut effects = vec![log(
        format!(
            "{} faces a {kind} sight: Guts {}, {}",
            who.name,
            guts.total,
            if failed { "fails" } else { "holds" }
        ),
        &guts,
    )];
    if failed {
        effects.push(add(Who::Actor, "Shaken", None));
    }
    if guts.trait_faces.first() == Some(&1) {
        if kind == "terror" {
            if !Savage::is_wild(who.stats) {
                effects.push(add(Who::Actor, "Panicked", None));
            } else {
                effects.extend(fear_table(who, penalty, dice)?);
            }
        } else {
            effects.extend(grotesque_sight(who, dice)?);
        }
    }
    Ok(effects)
}

/// SW-FEAR-1: a Wild Card's terror: 1d20 plus the penalty on the Fear table.
fn fear_table(
    who: CombatantView<'_>,
    penalty: i64,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let mut effects = Vec::new();
    let d20 = asked_plain(format!("{}'s Fear table", who.name), "1d20", dice)?;
    let fear_total = d20.total + penalty;
    let (text, condition) = tables::fear(d20.total + penalty);
    effects.push(Effect::Log {
        text: format!("Fear table {}: {text}", d20.total + penalty),
        roll: Some(d20),
    });
    if fear_total >= 21 {
        effects.extend(heart_attack(who, dice)?);
    } else if let Some(c) = condition {
        effects.push(add(Who::Actor, c, None));
    }
    if (19..=20).contains(&fear_total) {
        effects.push(Effect::Stat { who: Who::Actor, field: "charisma", delta: -1 });
    }
    Ok(effects)
}

/// SW-FEAR-1: Heart Attack: Vigor at −2; success leaves it Shaken and unable to recover for 1d4
/// rounds, failure incapacitates it, dying in 2d6 rounds unless a Healing roll at −4 saves it.
fn heart_attack(
    who: CombatantView<'_>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let vigor = roll_trait(who, "vigor", -2, None, dice)?;
    if vigor.total >= TN && !vigor.critical_failure {
        let rounds = asked_plain(format!("{}'s rounds unable to recover", who.name), "1d4", dice)?;
        let n = u32::try_from(rounds.total).unwrap_or(1);
        Ok(vec![
            log(
                format!(
                    "Heart attack, Vigor {}: survives, Shaken and cannot recover for {} rounds",
                    vigor.total, rounds.total
                ),
                &vigor,
            ),
            add(Who::Actor, "Shaken", None),
            add(Who::Actor, "Shaken-Locked", Some(n)),
        ])
    } else {
        let rounds = asked_plain(format!("{}'s rounds to live", who.name), "2d6", dice)?;
        Ok(vec![
            log(
                format!(
                    "Heart attack, Vigor {}: incapacitated, dies in {} rounds unless a Healing roll at −4 saves it",
                    vigor.total, rounds.total
                ),
                &vigor,
            ),
            add(Who::Actor, "Incapacitated", None),
        ])
    }
}

/// SW-FEAR-1: a grotesque sight: Shaken, and Vigor or −1 for the rest of the encounter.
fn grotesque_sight(
    who: CombatantView<'_>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let mut effects = vec![add(Who::Actor, "Shaken", None)];
    let vigor = roll_trait(who, "vigor", 0, None, dice)?;
    let sick = vigor.total < TN || vigor.critical_failure;
    effects.push(log(
        format!(
            "Vigor against the sight {}: {}",
            vigor.total,
            if sick { "−1 for the rest of the encounter" } else { "steady" }
        ),
        &vigor,
    ));
    if sick {
        effects.push(add(Who::Actor, "Frightened", None));
    }
    Ok(effects)
}
