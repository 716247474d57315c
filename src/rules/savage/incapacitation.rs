//! Past the last wound: the Incapacitation roll and its Injury (SW-INC-1, SW-INJ-1), and Bleeding
//! Out as each round begins (SW-INC-2).

use super::{
    DEFAULT_DIE, Savage, TN, TraitRoll, asked_plain, asked_trait_roll, attack, needs, tables,
};
use crate::rules::dice::{DiceSource, RollRecord};
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, HitKind, Who};
use crate::rules::request::CombatantView;
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

/// SW-INC-1: the four outcomes of the Incapacitation roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Incap {
    Stunned,
    Unconscious,
    BleedingOut,
    Dead,
}

impl Incap {
    fn describe(self, nonlethal: bool) -> &'static str {
        match (self, nonlethal) {
            (Incap::Stunned, _) => "only stunned: Shaken, three wounds",
            (Incap::Unconscious, true) => "knocked out for hours (non-lethal)",
            (Incap::Unconscious, false) => "unconscious for an hour, or until healed",
            (Incap::BleedingOut, _) => "bleeding out",
            (Incap::Dead, _) => "dead",
        }
    }
}

fn add(name: &str) -> Effect {
    Effect::Condition {
        who: Who::Actor,
        change: ConditionChange::Add {
            name: name.into(),
            rounds: None,
            detail: None,
            persistent: false,
        },
    }
}

/// SW-INC-1: a Wild Card that goes past its last wound rolls Vigor at once; an Extra is out.
pub(super) fn after_damage(
    who: CombatantView<'_>,
    was_down: bool,
    hit: HitKind<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let nonlethal = hit.nonlethal;
    if was_down || who.health.current >= 0 {
        return Ok(Vec::new());
    }
    if !Savage::is_wild(who.stats) {
        let text = if nonlethal {
            format!("{} is knocked out (for 1d6 hours)", who.name)
        } else {
            format!("{} is out of the fight", who.name)
        };
        return Ok(vec![Effect::Log { text, roll: None }]);
    }
    let vigor = who.stats.die("vigor").unwrap_or(DEFAULT_DIE);
    let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
    let label = format!("{}'s Vigor, incapacitated", who.name);
    let beat = Some(needs(TN, "TN", penalty + vigor.bonus));
    let roll = asked_trait_roll(label, vigor, true, penalty, beat, dice)?;
    let outcome = incapacitation(&roll, nonlethal);
    let mut effects = vec![Effect::Log {
        text: format!(
            "{} is incapacitated: Vigor {} → {}",
            who.name,
            roll.total,
            outcome.describe(nonlethal)
        ),
        roll: Some(roll.record.clone()),
    }];
    // Non-lethal: a failure counts as a success, out for 1d6 hours (2d6 on snake eyes).
    if nonlethal && (roll.critical_failure || roll.total < TN) {
        let expr = if roll.critical_failure { "2d6" } else { "1d6" };
        let hours = asked_plain(format!("{}'s hours out", who.name), expr, dice)?;
        effects.push(Effect::Log {
            text: format!("{} is out for {} hours", who.name, hours.total),
            roll: Some(hours),
        });
    }
    match outcome {
        Incap::Dead => effects.push(add("Dead")),
        Incap::BleedingOut => effects.extend([add("Incapacitated"), add("Bleeding-Out")]),
        Incap::Unconscious => effects.extend([add("Incapacitated"), add("Unconscious")]),
        Incap::Stunned => {
            // Only stunned: back to three wounds, Shaken, not incapacitated.
            effects.push(Effect::Restore { who: Who::Actor, amount: -who.health.current });
            effects.push(add("Shaken"));
        }
    }
    // SW-INJ-1: an Injury, lasting by how the roll went (none on death, none when non-lethal).
    if !matches!(outcome, Incap::Dead) {
        effects.extend(injury(who.name, outcome, hit.called, dice)?);
    }
    Ok(effects)
}

/// What the Vigor roll of SW-INC-1 means.
fn incapacitation(roll: &TraitRoll, nonlethal: bool) -> Incap {
    if roll.critical_failure {
        if nonlethal { Incap::Unconscious } else { Incap::Dead }
    } else if roll.total < TN {
        if nonlethal { Incap::Unconscious } else { Incap::BleedingOut }
    } else if roll.raises(TN) > 0 {
        Incap::Stunned
    } else {
        Incap::Unconscious
    }
}

/// SW-INJ-1: the Injury a survivor takes, lasting by how the Incapacitation roll went.
fn injury(
    name: &str,
    outcome: Incap,
    called: Option<&str>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    // SW-INJ-1: a called shot names the location (a limb is taken as an arm); else 2d6.
    let location = match called.map(str::to_ascii_lowercase).as_deref() {
        Some("head") => {
            RollRecord { expr: "called shot: head".into(), dice: Vec::new(), total: 11 }
        }
        Some("limb" | "arm") => {
            RollRecord { expr: "called shot: arm".into(), dice: Vec::new(), total: 3 }
        }
        Some("leg") => RollRecord { expr: "called shot: leg".into(), dice: Vec::new(), total: 10 },
        _ => asked_plain(format!("{name}'s Injury"), "2d6", dice)?,
    };
    let detail = if tables::injury_needs_detail(location.total) {
        asked_plain(format!("{name}'s Injury, which"), "1d6", dice)?.total
    } else {
        0
    };
    let side = if matches!(location.total, 3 | 4 | 10) {
        let side = asked_plain(format!("{name}'s Injury side (1 left)"), "1d2", dice)?;
        if side.total == 1 { "left" } else { "right" }
    } else {
        ""
    };
    let injury = tables::injury(location.total, detail, side);
    let (lasts, persistent) = match outcome {
        Incap::Stunned => ("until the fight ends", false),
        Incap::Unconscious => ("until all wounds heal", false),
        _ => ("permanent", true),
    };
    Ok(vec![
        Effect::Log { text: format!("Injury: {injury} ({lasts})"), roll: Some(location) },
        Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::Add {
                name: "Injured".into(),
                rounds: None,
                detail: Some(format!("{injury} ({lasts})")),
                persistent,
            },
        },
    ])
}

/// SW-INC-2: Bleeding Out, a Vigor roll as each round begins: death at 1 or less, stabilised
/// (and unconscious) on a success.
pub(super) fn round_start(
    who: CombatantView<'_>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    if !who.conditions.iter().any(|c| c.name == "Bleeding-Out") {
        return Ok(Vec::new());
    }
    let vigor = who.stats.die("vigor").unwrap_or(DEFAULT_DIE);
    let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
    let label = format!("{}'s Vigor, bleeding out", who.name);
    let beat = Some(needs(TN, "TN", penalty + vigor.bonus));
    let roll = asked_trait_roll(label, vigor, Savage::is_wild(who.stats), penalty, beat, dice)?;
    let log = |text: String| Effect::Log { text, roll: Some(roll.record.clone()) };
    // Reading: "1 or less" is the kept total after penalties, or snake eyes.
    Ok(if roll.critical_failure || roll.total <= 1 {
        vec![
            log(format!("{} bleeds out: Vigor {} and dies", who.name, roll.total)),
            Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::End { name: "Bleeding-Out".into(), why: Ending::Removed },
            },
            Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::Add {
                    name: "Dead".into(),
                    rounds: None,
                    detail: None,
                    persistent: true,
                },
            },
        ]
    } else if roll.total >= TN {
        vec![
            log(format!("{} is stabilised: Vigor {}, unconscious", who.name, roll.total)),
            Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::End { name: "Bleeding-Out".into(), why: Ending::Removed },
            },
            add("Stabilised"),
            add("Unconscious"),
        ]
    } else {
        vec![log(format!("{} is still bleeding out: Vigor {}", who.name, roll.total))]
    })
}
