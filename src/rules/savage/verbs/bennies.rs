//! Bennies: soaking the wounds of the last hit (SW-DMG-4) and buying off Shaken (SW-SHAKEN-1),
//! from the combatant's own bennies or the GM's pool.

use super::{D4, log, need, typed};
use crate::rules::dice::DiceSource;
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{CombatantView, SpecialRequest};
use crate::rules::savage::state::SavageState;
use crate::rules::savage::state::{self, LastHit};
use crate::rules::savage::{Savage, TN, asked_trait_roll, needs};
use crate::rules::types::{Health, RulesError};

/// SW-DMG-4: a benny and a Vigor roll; each success and raise cancels a wound of that hit.
pub(in crate::rules::savage) fn soak(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let who = need(req.actor, "a NAME", "soak")?;
    if !Savage::is_wild(who.stats) {
        return Err(RulesError::Invalid(format!("{} is an Extra: only Wild Cards soak", who.name)));
    }
    let last = req.actor_id.and_then(|id| state::last_hit(req.state, id, req.round));
    let Some(hit) = last.filter(|h| h.wounds > 0) else {
        return Err(RulesError::Invalid(format!("{} took no wounds this round to soak", who.name)));
    };
    if who.stats.int_or("bennies", 0) < 1 {
        return Err(RulesError::Invalid(format!("{} has no bennies left", who.name)));
    }
    // Reading: the roll carries the penalties of the wounds held before this hit.
    let before = Health {
        current: who.health.current.saturating_add(hit.wounds).saturating_sub(hit.restored),
        max: who.health.max,
    };
    let penalty = Savage::wound_penalty(before);
    let mut typed_roll = typed(&req, "roll")?;
    let source: &mut dyn DiceSource = match typed_roll.as_mut() {
        Some(s) => s,
        None => dice,
    };
    let vigor = who.stats.die("vigor").unwrap_or(D4);
    let joker = if Savage::holds_joker(who) { 2 } else { 0 };
    let label = format!("{}'s soak (Vigor)", who.name);
    let beat = Some(needs(TN, "TN", penalty + joker + vigor.bonus));
    let roll = asked_trait_roll(label, vigor, true, penalty + joker, beat, source)?;
    let saved = if roll.total >= TN && !roll.critical_failure { 1 + roll.raises(TN) } else { 0 };
    let cancelled = saved.min(hit.wounds);
    let mut effects = vec![
        Effect::Stat { who: Who::Actor, field: "bennies", delta: -1 },
        log(
            format!(
                "{} soaks: Vigor {}, {cancelled} of {} wound(s) cancelled",
                who.name, roll.total, hit.wounds
            ),
            &roll,
        ),
    ];
    if cancelled > 0 {
        effects.extend(wounds_soaked(who, hit, before, cancelled));
    }
    // The Shaken the hit caused, or that "only stunned" left, goes with all its wounds.
    if cancelled == hit.wounds && (hit.shaken || hit.restored > 0) {
        effects.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: "Shaken".into(), why: Ending::Removed },
        });
    }
    Ok(effects)
}

/// The wounds a soak cancelled given back, and, when that brings `who` back from beyond its
/// last wound, what the hit's Incapacitation roll brought taken away.
fn wounds_soaked(
    who: CombatantView<'_>,
    hit: LastHit,
    before: Health,
    cancelled: i64,
) -> Vec<Effect> {
    let mut effects = Vec::new();
    // What is left of the hit; an "only stunned" result already gave some back.
    let after = before.current.saturating_sub(hit.wounds - cancelled);
    let heal = after.saturating_sub(who.health.current).max(0);
    if heal > 0 {
        effects.push(Effect::Damage { who: Who::Actor, loss: -heal, explain: "soaked".into() });
    }
    // Back on its feet: no longer beyond its last wound. Reading: the soak comes before the
    // Incapacitation roll at the table, so whatever that roll brought with this hit (death, an
    // Injury) goes too; an older Injury stays.
    let was_out = who.health.current < 0 || hit.restored > 0;
    if was_out && after >= 0 {
        let injured_now =
            who.conditions.iter().any(|c| c.name == "Injured" && c.since == hit.round);
        let names = ["Incapacitated", "Unconscious", "Bleeding-Out", "Stunned", "Dead"];
        let names = names.into_iter().chain(injured_now.then_some("Injured"));
        for name in names {
            effects.push(Effect::Condition {
                who: Who::Actor,
                change: ConditionChange::End { name: name.into(), why: Ending::Removed },
            });
        }
    }
    effects
}

/// SW-SHAKEN-1: a benny removes Shaken at any time.
pub(in crate::rules::savage) fn benny(
    req: SpecialRequest<'_, SavageState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let who = need(req.actor, "a NAME", "benny")?;
    if !who.conditions.iter().any(|c| c.name == "Shaken") {
        return Err(RulesError::Invalid(format!("{} is not Shaken", who.name)));
    }
    // Its own benny first; a combatant without one draws on the GM's pool.
    let spend = if who.stats.int_or("bennies", 0) >= 1 {
        Effect::Stat { who: Who::Actor, field: "bennies", delta: -1 }
    } else {
        let pool = req.state.gm_bennies;
        if pool < 1 {
            return Err(RulesError::Invalid(format!(
                "{} has no bennies left, nor has the GM (`set gm_bennies N`)",
                who.name
            )));
        }
        Effect::System(state::SavageEvent::GmBennies { count: pool - 1 }.wrap())
    };
    let mut effects = vec![
        spend,
        Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: "Shaken".into(), why: Ending::Removed },
        },
    ];
    // SW-SHAKEN-1: on its own turn, after the Spirit roll failed, the benny gives the turn back.
    if req.tried.iter().any(|t| t == "Shaken") {
        effects.push(Effect::Refund { who: Who::Actor, why: "the benny".into() });
    }
    Ok(effects)
}
