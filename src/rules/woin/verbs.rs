//! WOIN's own verbs: `luck` (a LUC die cancels a condition, WOIN-COND-6), `ambush` and its
//! resolution at `start` (WOIN-AMBUSH-1), and suppressive fire for `do … suppress` (WOIN-SUPP-1).

use super::state::WoinEvent;
use crate::rules::conditions::own;
use crate::rules::dice::{DiceExpr, DiceSource};
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{CombatantView, FieldReader, SpecialRequest};
use crate::rules::types::RulesError;
use crate::rules::verb::ActionSpec;
use crate::rules::woin::state::WoinState;

fn invalid<T>(text: impl Into<String>) -> Result<T, RulesError> {
    Err(RulesError::Invalid(text.into()))
}

/// `luck NAME CONDITION` (WOIN-COND-6): a LUC die, spent as the reaction, cancels a condition
/// as it is applied.
pub(super) fn luck(
    req: SpecialRequest<'_, WoinState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(who), Some(id)) = (req.actor, req.actor_id) else {
        return invalid("`luck` needs a NAME");
    };
    let query = req.words.first().map_or("", String::as_str);
    let name = own(who.name, who.conditions, query).map_err(RulesError::Invalid)?;
    let Some(condition) = who.conditions.iter().find(|c| c.name == name) else {
        return invalid(format!("{} is not {name}", who.name));
    };
    if condition.since != req.round {
        return invalid(format!(
            "a LUC die cancels a condition only as it is applied; {name} came in round {}",
            condition.since
        ));
    }
    if req.state.reactions.iter().any(|r| r == id) {
        return invalid(format!("{} has used its reaction this round", who.name));
    }
    if who.conditions.iter().any(|c| c.name == "Cursed") {
        return invalid(format!("{} is Cursed and may not spend LUC", who.name));
    }
    if who.stats.int_or("luc", 0) < 1 {
        return invalid(format!("{} has no LUC dice left", who.name));
    }
    Ok(vec![
        Effect::System(
            WoinEvent::LucSpent { id: id.to_string(), amount: 1, reaction: true }.wrap(),
        ),
        Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name, why: Ending::Cancelled },
        },
    ])
}

/// `ambush ATTACKER TARGET [pool=DICE] [vs=DICE]` (WOIN-AMBUSH-1): declared before the fight;
/// `start` rolls it.
pub(super) fn declare_ambush(
    req: SpecialRequest<'_, WoinState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    if req.started {
        return invalid("ambushes are declared before `start`; the fight is already on");
    }
    let (Some(attacker), Some(target)) = (req.actor_id, req.target_id) else {
        return invalid("`ambush` needs an ATTACKER and a TARGET");
    };
    if attacker == target {
        return invalid("a combatant cannot ambush itself");
    }
    if req.state.ambushes.iter().any(|a| a.attacker == attacker && a.target == target) {
        let names = (req.actor.map_or(attacker, |a| a.name), req.target.map_or(target, |t| t.name));
        return invalid(format!("{} already tries to ambush {}", names.0, names.1));
    }
    // The engine has refused any field `ambush` does not declare (pool=, vs=).
    let f = FieldReader(req.fields);
    let pool = |key: &str| match f.0.iter().find(|(k, _)| k == key) {
        None => Ok("2d6".to_string()),
        Some((_, value)) => {
            let value = value.as_deref().unwrap_or_default();
            DiceExpr::parse(value)
                .map(|e| e.to_string())
                .map_err(|e| RulesError::Invalid(format!("{key}={value}: {e}")))
        }
    };
    let pools = (pool("pool")?, pool("vs")?);
    // WOIN-COND-11: an ambush check is an attribute check, so severe Sick takes 2d6 off either
    // side's pool, as the sides stand when it is declared.
    let sick = |view: Option<CombatantView<'_>>| view.map_or(0, |v| super::sick_dice(v.conditions));
    Ok(vec![Effect::System(
        WoinEvent::AmbushDeclared {
            attacker: attacker.to_string(),
            target: target.to_string(),
            pool: super::fewer_d6(&pools.0, sick(req.actor)),
            vs: super::fewer_d6(&pools.1, sick(req.target)),
        }
        .wrap(),
    )])
}

/// Roll every declared ambush's opposed check; mutual successes cancel out. The winners take the
/// surprise turn.
pub fn resolve_ambushes(
    state: &WoinState,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let ambushes = state.ambushes.clone();
    let mut results = Vec::new();
    for amb in &ambushes {
        let attack = super::prepared::asked(
            format!("{}'s ambush", amb.attacker),
            &DiceExpr::parse(&amb.pool)?,
            None,
            dice,
        )?;
        let defense = super::prepared::asked(
            format!("{}'s notice against the ambush", amb.target),
            &DiceExpr::parse(&amb.vs)?,
            Some(format!("{} or more", attack.total)),
            dice,
        )?;
        results.push((amb, attack.total > defense.total, attack, defense));
    }
    let mut effects = Vec::new();
    let mut winners: Vec<String> = Vec::new();
    for (amb, won, attack, defense) in &results {
        let mutual = results.iter().any(|(other, other_won, ..)| {
            *won && *other_won && other.attacker == amb.target && other.target == amb.attacker
        });
        let won = *won && !mutual;
        let note = if mutual {
            " (but they ambushed each other: neither gets it)".to_string()
        } else {
            String::new()
        };
        effects.push(Effect::System(
            WoinEvent::AmbushRolled {
                attacker: amb.attacker.clone(),
                target: amb.target.clone(),
                attack: attack.clone(),
                defense: defense.clone(),
                won,
                note,
            }
            .wrap(),
        ));
        if won && !winners.contains(&amb.attacker) {
            winners.push(amb.attacker.clone());
        }
    }
    if !winners.is_empty() {
        effects.push(Effect::Surprise { ids: winners });
    }
    Ok(effects)
}

/// Any `do` action: what the actor's conditions forbid (WOIN-COND-11). What overwatch and
/// suppressive fire do besides is their own entries' functions (`tables::ACTIONS`).
pub fn do_action(
    action: &ActionSpec,
    req: SpecialRequest<'_, WoinState>,
) -> Result<Vec<Effect>, RulesError> {
    if let Some(who) = req.actor {
        super::restrictions::check_action(who, action.key, FieldReader(req.fields).flag("force"))?;
    }
    Ok(Vec::new())
}

/// WOIN-OVER-1: a forced overwatch off the combatant's turn spends nothing, so its own event
/// puts it on overwatch.
pub(super) fn overwatch_off_turn(
    req: SpecialRequest<'_, WoinState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(who), Some(id)) = (req.actor, req.actor_id) else {
        return Ok(Vec::new());
    };
    if req.current.is_some_and(|c| c.name == who.name) {
        return Ok(Vec::new());
    }
    Ok(vec![Effect::System(WoinEvent::OverwatchTaken { id: id.to_string() }.wrap())])
}

/// WOIN-SUPP-1: an ally counts as in cover until the end of its next turn; "auto" weapons add a
/// die of cover, "single" ones cannot suppress.
pub(super) fn suppress(
    req: SpecialRequest<'_, WoinState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let f = FieldReader(req.fields);
    let Some(ally) = f.value("ally") else {
        return invalid("suppressive fire covers an ally: `do NAME suppress ally=ALLY`");
    };
    let (ally, _) = req.lookup.find(ally).map_err(RulesError::Invalid)?;
    let (Some(shooter), Some(by)) = (req.actor, req.actor_id) else {
        return invalid("suppressive fire needs a shooter");
    };
    let weapon = match f.value("weapon") {
        Some(w) => shooter.weapons.iter().find(|x| x.name.eq_ignore_ascii_case(w)),
        None => shooter.weapons.iter().find(|x| x.stats.flag("ranged")).or(shooter.weapons.first()),
    };
    let traits = weapon.map(|w| w.stats.list("traits").to_vec()).unwrap_or_default();
    if traits.iter().any(|t| t == "single") {
        return invalid(format!(
            "{} is a single-shot weapon and cannot suppress",
            weapon.map_or("it", |w| w.name.as_str())
        ));
    }
    let dice = 2 + i64::from(traits.iter().any(|t| t == "auto"));
    Ok(vec![Effect::System(
        WoinEvent::Suppressed { by: by.to_string(), ally: ally.to_string(), dice }.wrap(),
    )])
}
