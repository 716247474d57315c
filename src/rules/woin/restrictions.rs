//! What a combatant's conditions do to its attacks and actions (WOIN-COND-11): the attacks and
//! `do` actions they forbid (refused with the reason, before any die, unless `force`), the dice
//! they take away, and Dazed's fall.

use crate::rules::conditions::{Condition, Level, Source};
use crate::rules::effect::{AttackOutcome, Inflicted};
use crate::rules::request::{AttackRequest, CombatantView, FieldReader};
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// What an Angry combatant may still do: attack, and move toward a foe. Reading: aim, feint,
/// overwatch and drawing a weapon are part of attacking.
const ANGRY_ALLOWS: &[&str] = &["move", "attack", "aim", "feint", "overwatch", "draw"];

/// Aggressive actions a Placid combatant may not take, besides attacks.
const AGGRESSIVE: &[&str] = &["attack", "aim", "feint", "overwatch", "suppress"];

/// Refuse a `do` action the actor's conditions forbid, unless forced: Angry takes no action but
/// attacking and moving toward a foe; Placid nothing aggressive; Manic no attack.
pub(super) fn check_action(
    who: CombatantView<'_>,
    action: &str,
    force: bool,
) -> Result<(), RulesError> {
    if force {
        return Ok(());
    }
    let own = who.conditions;
    let why = if has(own, "Angry", false) && !ANGRY_ALLOWS.contains(&action) {
        "is Angry: it only attacks and moves toward a foe"
    } else if has(own, "Placid", false) && AGGRESSIVE.contains(&action) {
        "is Placid: nothing aggressive"
    } else {
        return Ok(());
    };
    Err(RulesError::Invalid(format!(
        "{} {why}, not `{action}` (WOIN-COND-11); add `force` to do it anyway",
        who.name
    )))
}

fn has(conditions: &[Condition], name: &str, severe_only: bool) -> bool {
    conditions.iter().any(|c| c.name == name && (!severe_only || c.level == Level::Severe))
}

/// Refuse an attack the attacker's conditions forbid, unless forced: severe Afraid, Manic and
/// Placid make no attacks; Charmed makes none on its charmer; severe Blind makes no ranged ones;
/// Disarmed cannot use its weapon
/// (unarmed attacks, and attacks with no listed weapon, stay allowed).
pub(super) fn check_attack(
    req: AttackRequest<'_, WoinState>,
    ranged: bool,
    traits: &[String],
) -> Result<(), RulesError> {
    if FieldReader(req.fields).flag("force") {
        return Ok(());
    }
    let own = req.attacker.conditions;
    let why = if has(own, "Afraid", true) {
        Some("is severely Afraid: no attacks".to_string())
    } else if has(own, "Manic", false) {
        Some("is Manic: no attacks".to_string())
    } else if has(own, "Placid", false) {
        Some("is Placid: no attacks".to_string())
    } else if let Some(target) = req.targets.iter().find_map(|t| charmer(own, t.view.name)) {
        Some(format!("is Charmed by {target}: it will not attack its charmer"))
    } else if ranged && has(own, "Blind", true) {
        Some("is severely Blind: no ranged attacks".to_string())
    } else if let Some(w) = req.weapon.filter(|_| has(own, "Disarmed", false))
        && !traits.iter().any(|t| t == "unarmed")
    {
        Some(format!("is Disarmed: the {} cannot be used (unarmed attacks can)", w.name))
    } else {
        None
    };
    match why {
        Some(why) => Err(RulesError::Invalid(format!(
            "{} {why} (WOIN-COND-11); add `force` to attack anyway",
            req.attacker.name
        ))),
        None => Ok(()),
    }
}

/// Charmed by `target` (a `cond NAME charmed by=CHARMER`, kept as the condition's detail).
fn charmer<'a>(conditions: &[Condition], target: &'a str) -> Option<&'a str> {
    let by = format!("by {target}");
    conditions
        .iter()
        .any(|c| c.name == "Charmed" && c.detail.as_deref() == Some(&by))
        .then_some(target)
}

/// Dice the attacker's conditions take off its attack roll: severe Blind −2d6, severe Sick −2d6
/// (an attack roll is an attribute check).
pub(super) fn pool_penalties(conditions: &[Condition]) -> Vec<(i64, &'static str)> {
    let mut out = Vec::new();
    if has(conditions, "Blind", true) {
        out.push((-2, "severely Blind"));
    }
    if has(conditions, "Sick", true) {
        out.push((-2, "severely Sick"));
    }
    out
}

/// Blind: no flank or crossfire bonus for it.
pub(super) fn loses_position_bonus(conditions: &[Condition]) -> bool {
    has(conditions, "Blind", false)
}

/// Dazed: any hit knocks it prone.
pub(super) fn knocked_prone(req: AttackRequest<'_, WoinState>, out: &mut AttackOutcome) {
    let target = req.target.conditions;
    let falling = out.conditions.iter().any(|c| c.name == "Prone");
    if has(target, "Dazed", false) && !has(target, "Prone", false) && !falling {
        out.conditions.push(Inflicted::new("Prone", Source::Exploit));
        out.summary.push_str("; Dazed: knocked prone");
    }
}
