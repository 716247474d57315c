//! WOIN-COND-6 inside an attack: a LUC die, spent as the target's reaction, cancels a condition
//! as the hit applies it. Asked once the hit's conditions are known (issue 24), of a target with
//! LUC dice left; `luck=CONDITION` or `luck=no` carries the answer, and without it a source that
//! plays on takes `no`, as attacks did before (the `luck` verb still cancels one afterwards).
//! LUC added to the pool (WOIN-ATK-4) is chosen before the roll, with `luc=N`, not asked here.

use super::state::{WoinEvent, WoinState};
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::effect::{AttackOutcome, ConditionChange, Effect, Ending, Who};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// `luck=` as given: `None` unsaid, `Some(None)` for `no`, else the condition named.
fn answered<'a>(f: &'a FieldReader<'a>) -> Option<Option<&'a str>> {
    f.value("luck").map(|v| (!v.eq_ignore_ascii_case("no")).then_some(v))
}

/// Why the target cannot spend a LUC die as a reaction now, if it cannot (WOIN-COND-6).
fn refused(req: AttackRequest<'_, WoinState>) -> Option<String> {
    let target = req.target;
    if target.conditions.iter().any(|c| c.name == "Cursed") {
        return Some(format!("{} is Cursed and may not spend LUC", target.name));
    }
    if req.state.reactions.iter().any(|r| r == req.target_id) {
        return Some(format!("{} has used its reaction this round", target.name));
    }
    (target.stats.int_or("luc", 0) < 1).then(|| format!("{} has no LUC dice left", target.name))
}

/// Conditions an attack's hit may bring besides the critical table's: called shots, darts,
/// grabs and the weapon traits (see `hit_effects`).
const FROM_HITS: [&str; 10] = [
    "Prone",
    "Disarmed",
    "Slowed",
    "Restrained",
    "Sleeping",
    "Sick",
    "Pain",
    "Confused",
    "Burning",
    "Poisoned",
];

/// Whether `name` is a condition an attack can bring (so `luck=` may name it).
fn inflictable(name: &str) -> bool {
    let crit = super::tables::CRIT_TABLE.iter().flat_map(|(_, row)| row.iter());
    FROM_HITS.iter().chain(crit).any(|c| c.eq_ignore_ascii_case(name))
}

/// Legality before dice: `luck=CONDITION` names a condition an attack can bring, and only from a
/// target that may spend a LUC die now.
pub(super) fn check(req: AttackRequest<'_, WoinState>) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    if let Some(Some(name)) = answered(&f)
        && !inflictable(name)
    {
        return Err(RulesError::Invalid(format!(
            "luck={name}: expected no, or a condition the hit brings (Bleeding, Prone …)"
        )));
    }
    match (answered(&f), refused(req)) {
        (Some(Some(name)), Some(why)) => {
            Err(RulesError::Invalid(format!("luck={name}: {why} (WOIN-COND-6)")))
        }
        _ => Ok(()),
    }
}

/// The hit's conditions the target does not have yet, each once, in the order inflicted.
fn new_conditions(req: AttackRequest<'_, WoinState>, out: &AttackOutcome) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for c in &out.conditions {
        let had = req.target.conditions.iter().any(|have| have.name == c.name);
        if !had && !names.contains(&c.name) {
            names.push(c.name.clone());
        }
    }
    names
}

/// WOIN-COND-6: once the hit's conditions are known, the target may cancel one of them with a
/// LUC die (its reaction). Never asked of a target without LUC dice, nor when the hit brings no
/// new condition.
pub(super) fn react(
    req: AttackRequest<'_, WoinState>,
    out: &AttackOutcome,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let names = new_conditions(req, out);
    let target = req.target;
    let luc = target.stats.int_or("luc", 0);
    let f = FieldReader(req.fields);
    let chosen = match answered(&f) {
        Some(None) => return Ok(Vec::new()),
        Some(Some(name)) => {
            let found = names.iter().find(|n| n.eq_ignore_ascii_case(name));
            found.cloned().ok_or_else(|| {
                RulesError::Invalid(format!(
                    "luck={name}: the hit brings no {name} to cancel (it brings {})",
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                ))
            })?
        }
        None if names.is_empty() || luc < 1 => return Ok(Vec::new()),
        None => {
            let why = refused(req);
            let mut options = vec![Pick::open("Keep them", "luck=no")];
            for name in &names {
                let label = format!("Spend a LUC die ({luc} left): cancel {name}");
                let text = format!("luck={name}");
                options.push(match &why {
                    Some(why) => Pick::refused(label, text, why.clone()),
                    None => Pick::open(label, text),
                });
            }
            let decision = Decision::new(
                format!("{} is {}: cancel one with a LUC die?", target.name, names.join(", ")),
                "luck",
                options,
            );
            let i = dice.decide(&decision)?;
            match decision.options.get(i).and_then(|p| p.text.strip_prefix("luck=")) {
                Some(name) if name != "no" => name.to_string(),
                _ => return Ok(Vec::new()),
            }
        }
    };
    Ok(vec![
        Effect::System(
            WoinEvent::LucSpent { id: req.target_id.to_string(), amount: 1, reaction: true }.wrap(),
        ),
        Effect::Condition {
            who: Who::TARGET,
            change: ConditionChange::End { name: chosen, why: Ending::Cancelled },
        },
    ])
}
