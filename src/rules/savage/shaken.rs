//! Shaken and the start of a turn (SW-SHAKEN-1): the Spirit roll to recover, as the turn begins or
//! when asked, and the end of what lasted "until its next action" (Defend, a Wild Attack's −2
//! Parry, a trick).

use super::{DEFAULT_DIE, Savage, TN, asked_trait_roll, attack, needs};
use crate::rules::conditions::Condition;
use crate::rules::dice::DiceSource;
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, TurnStartEffect, Who};
use crate::rules::request::{CombatantView, ShakeOutcome};
use crate::rules::ruleset::option;
use crate::rules::stats::Stats;
use crate::rules::types::{Health, Options, RulesError};

/// SW-SHAKEN-1: a Shaken character rolls Spirit as its turn begins; what lasted "until its next
/// action" ends.
pub(super) fn turn_start(
    who: CombatantView<'_>,
    options: &Options,
    dice: &mut dyn DiceSource,
) -> Result<Vec<TurnStartEffect>, RulesError> {
    // Defending, a Wild Attack's and a trick's −2 end as the turn begins: durations anchored to
    // it, ended by the engine.
    let mut effects = Vec::new();
    let locked = who.conditions.iter().any(|c| c.name == "Shaken-Locked");
    if locked && who.conditions.iter().any(|c| c.name == "Shaken") {
        let text = format!("{} cannot recover from Shaken yet: free actions only", who.name);
        effects.push(TurnStartEffect::Effect(Effect::Log { text, roll: None }));
        effects.push(TurnStartEffect::Effect(Effect::SpendAll {
            who: Who::Actor,
            why: "Shaken: free actions only".into(),
        }));
    } else if who.conditions.iter().any(|c| c.name == "Shaken") {
        effects.extend(recover_at_turn_start(who, options, dice)?);
    }
    Ok(effects)
}

/// The Spirit roll of a Shaken character as its turn begins: success recovers (acting only on a
/// raise unless `shaken_success_acts` is on); otherwise free actions only.
fn recover_at_turn_start(
    who: CombatantView<'_>,
    options: &Options,
    dice: &mut dyn DiceSource,
) -> Result<Vec<TurnStartEffect>, RulesError> {
    let mut effects = Vec::new();
    let spirit = who.stats.die("spirit").unwrap_or(DEFAULT_DIE);
    let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
    let label = format!("{}'s Spirit to recover from Shaken", who.name);
    let beat = Some(needs(TN, "TN", penalty + spirit.bonus));
    let roll = asked_trait_roll(label, spirit, Savage::is_wild(who.stats), penalty, beat, dice)?;
    let success = roll.total >= TN && !roll.critical_failure;
    let acts = roll.raises(TN) > 0 || option(&Savage, options, "shaken_success_acts") == "on";
    let text = match (success, acts) {
        (false, _) => {
            format!("{} stays Shaken (Spirit {}): free actions only", who.name, roll.total)
        }
        (true, false) => format!(
            "{} recovers from Shaken (Spirit {}): free actions only this turn",
            who.name, roll.total
        ),
        (true, true) => {
            format!("{} recovers from Shaken (Spirit {}) and acts", who.name, roll.total)
        }
    };
    let attempt = Some("Shaken".to_string());
    effects.push(TurnStartEffect::Roll { roll: roll.record, text, attempt });
    if success {
        effects.push(TurnStartEffect::Effect(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: "Shaken".into(), why: Ending::Removed },
        }));
    }
    if !acts || !success {
        effects.push(TurnStartEffect::Effect(Effect::SpendAll {
            who: Who::Actor,
            why: "Shaken: free actions only".into(),
        }));
    }
    Ok(effects)
}

/// SW-SHAKEN-1: a Spirit roll (with wound penalties); success recovers, a raise also acts.
pub(super) fn shake_off(
    stats: &Stats,
    health: Health,
    condition: &Condition,
    dice: &mut dyn DiceSource,
) -> Result<ShakeOutcome, RulesError> {
    if condition.name != "Shaken" {
        return Err(RulesError::Invalid(format!(
            "in Savage Worlds only Shaken is rolled off (Spirit); end {} with `uncond`",
            condition.name
        )));
    }
    let spirit = stats.die("spirit").unwrap_or(DEFAULT_DIE);
    let penalty = Savage::wound_penalty(health);
    let label = "Spirit to recover from Shaken".to_string();
    let beat = Some(needs(TN, "TN", penalty + spirit.bonus));
    let roll = asked_trait_roll(label, spirit, Savage::is_wild(stats), penalty, beat, dice)?;
    let success = roll.total >= TN && !roll.critical_failure;
    let explain = if !success {
        "Spirit failed: stays Shaken, free actions only".to_string()
    } else if roll.raises(TN) > 0 {
        "Spirit with a raise: recovers and acts normally".to_string()
    } else {
        "Spirit succeeds: recovers, free actions only this turn".to_string()
    };
    Ok(ShakeOutcome { roll: roll.record, success, explain })
}
