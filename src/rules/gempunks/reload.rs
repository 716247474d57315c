//! Incremental Reload (GEM-WPN-2): a weapon with `reload=W` (its reload weight) is empty once it
//! fires, unless its attacker's Carrying Capacity is at least 4 × W (it reloads as part of the
//! attack); any creature fills it by its Carrying Capacity per move action (`do NAME reload`),
//! or, at 2 × W or more, fully once a round as a Lesser Action (`do NAME lesser_reload`).

use super::prepare::{Prepared, invalid};
use super::state::{self, GemEvent, GemState};
use super::{asks, items};
use crate::rules::Named;
use crate::rules::dice::DiceSource;
use crate::rules::effect::Effect;
use crate::rules::request::{AttackRequest, CombatantView, FieldReader, SpecialRequest};
use crate::rules::stats::Stats;
use crate::rules::types::RulesError;

/// A weapon's Incremental Reload weight, if it has one.
fn weight(stats: &Stats) -> Option<i64> {
    stats.int("reload").filter(|w| *w > 0)
}

/// `its`, or `their` for a regiment.
fn its(who: CombatantView<'_>) -> String {
    let many = super::regiment_members(who.stats).is_some();
    Named { name: who.name, many }.its().to_string()
}

/// A creature's Carrying Capacity (`carry=`).
fn carry(stats: &Stats) -> i64 {
    stats.int_or("carry", 0).max(0)
}

/// Before any die: an empty weapon does not fire (`force` overrides), and a loaded one fires
/// once per member unless it reloads as part of the attack.
pub fn check(req: AttackRequest<'_, GemState>, p: &Prepared) -> Result<(), RulesError> {
    let Some(w) = req.weapon.and_then(|wp| weight(&wp.stats)) else { return Ok(()) };
    let Some((owner, weapon)) = items::owner_of(req) else { return Ok(()) };
    if FieldReader(req.fields).flag("force") {
        return Ok(());
    }
    if let Some(done) = req.state.reloaded(&owner, &weapon) {
        return Err(invalid(format!(
            "{} {weapon} is empty: {done} of its reload weight {w} is back in (`do {} reload \
             item={weapon}`, a move action each) (GEM-WPN-2); force overrides",
            items::whose(req, &owner),
            req.attacker.name
        )));
    }
    let members = usize::try_from(p.members.max(1)).unwrap_or(usize::MAX);
    // An area's dice are one per creature caught by a single shot.
    if p.area_of.is_none()
        && p.dice.len() > members
        && carry(req.attacker.stats) < w.saturating_mul(4)
    {
        return Err(invalid(format!(
            "{weapon} fires once per reload (Incremental Reload {w}): one attack each, n={} \
             at most, unless Carrying Capacity is at least {} (GEM-WPN-2)",
            p.members.max(1),
            w.saturating_mul(4)
        )));
    }
    Ok(())
}

/// Once the set is made: the weapon is empty, or (Carrying Capacity ≥ 4 × W) reloaded as part
/// of the attack.
pub fn fired(req: AttackRequest<'_, GemState>) -> Option<Effect> {
    let w = req.weapon.and_then(|wp| weight(&wp.stats))?;
    let (owner, weapon) = items::owner_of(req)?;
    if carry(req.attacker.stats) >= w.saturating_mul(4) {
        return Some(Effect::Log {
            text: format!(
                "{} reloads the {weapon} as part of the attack (Carrying Capacity ≥ 4 × {w}, \
                 GEM-WPN-2)",
                req.attacker.name
            ),
            roll: None,
        });
    }
    let text = format!(
        "{} {weapon} is empty: {w} to reload (`do {} reload item={weapon}`, GEM-WPN-2)",
        items::whose(req, &owner),
        req.attacker.name
    );
    Some(event(owner, weapon, Some(0), None, text))
}

fn event(
    owner: String,
    weapon: String,
    reloaded: Option<i64>,
    lesser: Option<String>,
    text: String,
) -> Effect {
    Effect::System(state::event(GemEvent::Reload { owner, weapon, reloaded, lesser, text }))
}

/// The weapon `item=` names (its own, or `OWNER.NAME`): owner id, owner's name, the weapon's
/// name and its reload weight.
fn named_weapon(
    request: &SpecialRequest<'_, GemState>,
) -> Result<(String, String, String, i64), RulesError> {
    let (Some(actor), Some(actor_id)) = (request.actor, request.actor_id) else {
        return Err(invalid("reload needs who reloads"));
    };
    let f = FieldReader(request.fields);
    let Some(item) = f.value("item") else {
        return Err(invalid(format!(
            "reload needs item=WEAPON (its own) or item=OWNER.WEAPON: do {} reload item=cannon",
            actor.name
        )));
    };
    let (owner_id, owner, name) = match item.split_once('.') {
        Some((who, name)) => {
            let (id, view) = request.lookup.find(who).map_err(RulesError::Invalid)?;
            (id.to_string(), view, name)
        }
        None => (actor_id.to_string(), actor, item),
    };
    let weapon = owner
        .weapons
        .iter()
        .find(|w| w.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| invalid(format!("{} has no weapon '{name}'", owner.name)))?;
    let w = weight(&weapon.stats).ok_or_else(|| {
        invalid(format!(
            "{} has no Incremental Reload (reload=WEIGHT): it needs no reloading",
            weapon.name
        ))
    })?;
    Ok((owner_id, asks::possessive(owner), weapon.name.clone(), w))
}

/// `do NAME reload item=WEAPON` (a move action): NAME adds its Carrying Capacity to the weight
/// reloaded; the weapon is ready once the whole weight is in.
pub fn reload(
    request: SpecialRequest<'_, GemState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (owner, whose, weapon, w) = named_weapon(&request)?;
    let Some(actor) = request.actor else { return Err(invalid("reload needs who reloads")) };
    let Some(done) = request.state.reloaded(&owner, &weapon) else {
        return Err(invalid(format!("{whose} {weapon} is loaded: nothing to reload")));
    };
    let adds = carry(actor.stats);
    if adds == 0 {
        return Err(invalid(format!(
            "{} has no Carrying Capacity (carry=) to reload with (GEM-WPN-2)",
            actor.name
        )));
    }
    let now = done.saturating_add(adds);
    let (reloaded, state) = if now >= w {
        (None, "ready to fire".to_string())
    } else {
        (Some(now), format!("{now}/{w}"))
    };
    let whose = if request.actor_id == Some(owner.as_str()) { its(actor) } else { whose };
    let text = format!("{} reloads {whose} {weapon} by {adds}: {state} (GEM-WPN-2)", actor.name);
    Ok(vec![event(owner, weapon, reloaded, None, text)])
}

/// `do NAME lesser_reload item=WEAPON` (a Lesser Action, no move spent): with a Carrying
/// Capacity of at least twice the reload weight, NAME fills the weapon at once, once a round.
pub fn lesser(
    request: SpecialRequest<'_, GemState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (owner, whose, weapon, w) = named_weapon(&request)?;
    let (Some(actor), Some(actor_id)) = (request.actor, request.actor_id) else {
        return Err(invalid("reload needs who reloads"));
    };
    if request.state.reloaded(&owner, &weapon).is_none() {
        return Err(invalid(format!("{whose} {weapon} is loaded: nothing to reload")));
    }
    if carry(actor.stats) < w.saturating_mul(2) {
        return Err(invalid(format!(
            "a Lesser Action reload needs Carrying Capacity {} (twice the reload weight {w}); \
             {} has {}: `do {} reload item=…` spends a move action instead (GEM-WPN-2)",
            w.saturating_mul(2),
            actor.name,
            carry(actor.stats),
            actor.name
        )));
    }
    if request.state.lesser_reloads.iter().any(|id| id == actor_id) {
        return Err(invalid(format!(
            "{} has used its Lesser Action reload this round (GEM-WPN-2)",
            actor.name
        )));
    }
    let whose = if actor_id == owner { its(actor) } else { whose };
    let text = format!(
        "{} reloads {whose} {weapon} as a Lesser Action: ready to fire (GEM-WPN-2)",
        actor.name
    );
    Ok(vec![event(owner, weapon, None, Some(actor_id.to_string()), text)])
}
