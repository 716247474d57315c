//! GURPS critical results inside an attack: the critical miss table for an attacker or a
//! parrying defender and its mechanical results (GURPS-CRIT-1, GURPS-CRIT-3), and the words for
//! a critical hit's result (GURPS-ATK-3, GURPS-CRIT-2).

use super::Gurps;
use super::roll;
use super::roll::Sources;
use super::state::GurpsEvent;
use super::tables::{self, CritHit, CritMiss};
use super::weapon::Arms;
use crate::rules::conditions::Source;
use crate::rules::dice::{DiceSource, RollRecord};
use crate::rules::effect::ConditionChange;
use crate::rules::effect::{Effect, Inflicted, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::AttackRequest;
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

pub(super) fn crit_words(crit: CritHit) -> String {
    match crit {
        CritHit::Normal => "normal damage".into(),
        CritHit::Times(n) => format!("damage ×{n}"),
        CritHit::Maximum => "maximum damage".into(),
        CritHit::HalfDr(_) => "DR halved".into(),
        CritHit::Major => "a major wound if anything penetrates".into(),
        CritHit::ShockAndCripple => "shock doubled, a hit limb crippled".into(),
        CritHit::Drop => "normal damage, the victim drops what it holds".into(),
        CritHit::MaxNoDr => "maximum damage, DR ignored".into(),
        CritHit::HalfDrMajor => "DR halved, a major wound if anything penetrates".into(),
        CritHit::Daze => "normal damage, Do Nothing next turn".into(),
        CritHit::Scar => "normal damage and a lasting mark".into(),
    }
}

/// GURPS-CRIT-1: the critical miss table rolled again for `name` (`sturdy`, `again`).
fn again(name: &str, why: &str, dice: &mut dyn DiceSource) -> Result<RollRecord, RulesError> {
    let asked = format!("{name}'s critical miss table ({why})");
    roll::table(&asked, &format!("critical miss ({why})"), dice)
}

/// GURPS-CRIT-1: the critical miss table for `name` (the attacker, or a parrying defender).
pub(super) fn critical_miss(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    name: &str,
    who: Who,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let auto = option(&Gurps, req.options, "gurps_crit_reroll") == "auto";
    let mut src = super::roll::with(&mut srcs.crit, dice);
    let first = roll::table(&format!("{name}'s critical miss table"), "critical miss", &mut src)?;
    let mut result = tables::critical_miss(first.total);
    let mut rolls = vec![first];
    // GURPS-CRIT-1, GURPS-CRIT-3: an impaling or piercing melee weapon, or any ranged one,
    // rolls a 5–6 again and takes the second roll's result, whatever it is.
    let pointed = matches!(arms.kind, "imp" | "pi-" | "pi" | "pi+" | "pi++");
    if matches!(result, CritMiss::HitsSelf(_)) && (pointed || !arms.melee()) && auto {
        let second = again(name, "again", &mut src)?;
        result = tables::critical_miss(second.total);
        rolls.push(second);
    }
    let (text, lost) = outcome(result, arms, name, auto, &mut src, &mut rolls)?;
    srcs.crit = src.typed;
    let last = rolls.len() - 1;
    for (i, roll) in rolls.into_iter().enumerate() {
        effects.push(Effect::Note {
            who,
            text: if i == last {
                format!("{name}: critical miss, {text}")
            } else {
                format!("{name}: critical miss, roll again")
            },
            roll,
        });
    }
    // GURPS-CRIT-3: the mechanical results.
    let id = match who {
        Who::Actor => req.attacker_id,
        Who::Target(_) => req.target_id,
    };
    if let (Some(broken), Some(w)) = (lost, arms.name.clone()) {
        let event = GurpsEvent::Unready { id: id.into(), weapon: w, broken };
        effects.push(Effect::System(event.wrap()));
    }
    // 15: the weapon arm is strained for the fight, so the weapon it wields is out of it too.
    if result == CritMiss::Strained {
        let weapon = arms.name.clone();
        effects.push(Effect::System(GurpsEvent::Strained { id: id.into(), weapon }.wrap()));
    }
    let condition = match result {
        CritMiss::LostBalance => Some("Lost-Balance"),
        CritMiss::Falls if arms.melee() => Some("Prone"),
        CritMiss::Falls => Some("Lost-Balance"),
        _ => None,
    };
    if let Some(name) = condition {
        effects.push(Effect::Condition {
            who,
            change: ConditionChange::Inflict(Inflicted::new(name, Source::Crit)),
        });
    }
    Ok(())
}

/// GURPS-CRIT-1: what a critical miss's result says, and the weapon lost by it (`Some(true)`
/// broken, `Some(false)` dropped or unready); a sturdy weapon's break rolls again.
fn outcome(
    result: CritMiss,
    arms: &Arms,
    name: &str,
    auto: bool,
    src: &mut dyn DiceSource,
    rolls: &mut Vec<RollRecord>,
) -> Result<(String, Option<bool>), RulesError> {
    let weapon = arms.name.clone().unwrap_or_else(|| "its weapon".into());
    let mut lost: Option<bool> = None;
    let text = match result {
        CritMiss::Breaks if arms.sturdy && auto => {
            let again = again(name, "sturdy", src)?;
            let broke = tables::critical_miss(again.total) == CritMiss::Breaks;
            rolls.push(again);
            lost = Some(broke);
            if broke { format!("{weapon} breaks") } else { format!("drops {weapon} (sturdy)") }
        }
        CritMiss::Breaks => {
            lost = Some(true);
            format!("{weapon} breaks")
        }
        CritMiss::HitsSelf(full) => {
            format!("hits itself in an arm or leg ({} damage)", if full { "full" } else { "half" })
        }
        CritMiss::LostBalance => {
            "loses its balance: no more actions, defenses −2 until its next turn".into()
        }
        CritMiss::Unready => {
            lost = Some(false);
            format!("{weapon} turns in its hand: unready")
        }
        CritMiss::Dropped if arms.cheap => {
            lost = Some(true);
            format!("{weapon} breaks (cheap)")
        }
        CritMiss::Flies if arms.cheap && !arms.melee() => {
            lost = Some(true);
            format!("{weapon} breaks (cheap)")
        }
        CritMiss::Dropped => {
            lost = Some(false);
            format!("drops {weapon}")
        }
        CritMiss::Flies => {
            lost = Some(false);
            match arms.melee() {
                true => format!("{weapon} flies 1d yards away"),
                false => format!("drops {weapon}"),
            }
        }
        CritMiss::Strained => "strains its weapon arm: unusable for the fight".into(),
        CritMiss::Falls if arms.melee() => "falls down".into(),
        CritMiss::Falls => {
            "loses its balance: no more actions, defenses −2 until its next turn".into()
        }
    };
    Ok((text, lost))
}
