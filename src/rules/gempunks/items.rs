//! Items out of their owner's hands (GEM-OPT-4 Disarm, GEM-OPT-9 Pickpocket and Reverse, GEM-OPT-6
//! Sunder) and one attacker per weapon per round (GEM-WPN-1): the checks before an attack, the
//! events the options leave, and `do NAME pickup item=…`.

use super::state::{self, GemEvent, GemState, Place};
use crate::rules::effect::Effect;
use crate::rules::request::{AttackRequest, FieldReader, SpecialRequest};
use crate::rules::types::RulesError;
use crate::rules::words::slug;

/// The weapon's owner: its `of=NAME` (a weapon taken from someone), else the attacker.
pub fn owner_of(req: AttackRequest<'_, GemState>) -> Option<(String, String)> {
    let weapon = req.weapon?;
    let owner = weapon.stats.text("of").map_or_else(|| req.attacker_id.to_string(), slug);
    Some((owner, weapon.name.clone()))
}

/// `owner`'s possessive for an item of the attack's: the attacker's (`Bandits'`), or another's.
pub(super) fn whose(req: AttackRequest<'_, GemState>, owner: &str) -> String {
    if owner == req.attacker_id {
        super::asks::possessive(req.attacker)
    } else {
        format!("{}'s", name_in(req, owner))
    }
}

/// A name for an id, from the attack's parties (an id otherwise).
pub(super) fn name_in(req: AttackRequest<'_, GemState>, id: &str) -> String {
    req.members
        .iter()
        .chain(req.targets)
        .find(|p| p.id == id)
        .map_or_else(|| id.to_string(), |p| p.view.name.to_string())
}

/// GEM-WPN-1, GEM-OPT-4/6/9: refuse an attack with a weapon out of its owner's hands, or one that
/// already attacked for someone else this round (`force` overrides both).
pub fn check_weapon(req: AttackRequest<'_, GemState>, gem: &GemState) -> Result<(), RulesError> {
    let Some((owner, weapon)) = owner_of(req) else { return Ok(()) };
    if FieldReader(req.fields).flag("force") {
        return Ok(());
    }
    let user = req.attacker_id;
    let attacker = req.attacker.name;
    let owner_name = if owner == user { attacker.to_string() } else { name_in(req, &owner) };
    if let Some(place) = gem.item(&owner, &weapon) {
        let held_by_user = matches!(place, Place::TakenBy(by) if by == user);
        if place.out_of_hand() && !held_by_user {
            let how = place.words(&|id| name_in(req, id));
            let fix = match place {
                Place::Dropped | Place::StowedOn(_) if owner == user => {
                    format!(": `do {attacker} pickup item={weapon}` first, or `force`")
                }
                Place::Destroyed => String::new(),
                _ => ", or `force`".to_string(),
            };
            let rule = match place {
                Place::StowedOn(_) => "GEM-OPT-9",
                Place::Destroyed | Place::Damaged(_) => "GEM-OPT-6",
                Place::Dropped | Place::TakenBy(_) => "GEM-OPT-4",
            };
            return Err(RulesError::Invalid(format!(
                "{owner_name}'s {weapon} {how} ({rule}){fix}"
            )));
        }
    }
    if let Some(other) = gem.user_of(&owner, &weapon)
        && other != user
    {
        return Err(RulesError::Invalid(format!(
            "{owner_name}'s {weapon} has already attacked for {} this round: one attacker per \
             weapon per round (GEM-WPN-1), or `force`",
            name_in(req, other)
        )));
    }
    Ok(())
}

/// The event recording who used a weapon that is not the attacker's own (GEM-WPN-1).
pub fn used(req: AttackRequest<'_, GemState>) -> Option<Effect> {
    let (owner, weapon) = owner_of(req)?;
    (owner != req.attacker_id).then(|| {
        Effect::System(state::event(GemEvent::Used {
            owner,
            weapon,
            user: req.attacker_id.to_string(),
        }))
    })
}

/// An item moved (or sundered), as an effect.
pub fn moved(owner: &str, name: &str, place: Option<Place>, text: String) -> Effect {
    Effect::System(state::event(GemEvent::Item {
        owner: owner.to_string(),
        name: name.to_lowercase(),
        place,
        text,
    }))
}

/// `do NAME pickup item=WEAPON` (a move action): its own dropped item back in hand, or someone
/// else's dropped item (`item=ana.sword`) taken up.
pub fn pickup(
    request: SpecialRequest<'_, GemState>,
    _dice: &mut dyn crate::rules::dice::DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let f = FieldReader(request.fields);
    let (Some(actor), Some(actor_id)) = (request.actor, request.actor_id) else {
        return Err(RulesError::Invalid("pickup needs who picks it up".into()));
    };
    let Some(item) = f.value("item") else {
        return Err(RulesError::Invalid(format!(
            "pickup needs item=NAME (its own) or item=OWNER.NAME: do {} pickup item=sword",
            actor.name
        )));
    };
    let (owner_id, owner_name, name) = match item.split_once('.') {
        Some((owner, name)) => {
            let (id, view) = request.lookup.find(owner).map_err(RulesError::Invalid)?;
            (id.to_string(), view.name.to_string(), name.to_string())
        }
        None => (actor_id.to_string(), actor.name.to_string(), item.to_string()),
    };
    let gem = request.state;
    let mine = owner_id == actor_id;
    match gem.item(&owner_id, &name) {
        Some(Place::Dropped) if mine => Ok(vec![moved(
            &owner_id,
            &name,
            None,
            format!("{} picks up its {name}: back in hand", actor.name),
        )]),
        Some(Place::Dropped) => Ok(vec![moved(
            &owner_id,
            &name,
            Some(Place::TakenBy(actor_id.to_string())),
            format!("{} picks up {owner_name}'s {name}", actor.name),
        )]),
        Some(Place::StowedOn(on)) if on == actor_id => Ok(vec![moved(
            &owner_id,
            &name,
            Some(Place::TakenBy(actor_id.to_string())),
            format!("{} readies {owner_name}'s {name}, found stowed on it", actor.name),
        )]),
        Some(place @ (Place::TakenBy(_) | Place::StowedOn(_) | Place::Destroyed)) => {
            let how = place.words(&|id| {
                request.lookup.find(id).map_or_else(|_| id.to_string(), |(_, v)| v.name.to_string())
            });
            Err(RulesError::Invalid(format!(
                "{owner_name}'s {name} {how}: {} cannot pick it up",
                actor.name
            )))
        }
        Some(Place::Damaged(_)) | None => Err(RulesError::Invalid(format!(
            "{owner_name}'s {name} is not lying dropped: nothing to pick up"
        ))),
    }
}

/// An item a Pickpocket or Reverse Pickpocket names: `item=NAME` (the target's own for a
/// Pickpocket, the attacker's for a Reverse) or `item=OWNER.NAME` (someone else's, stowed on the
/// target): the owner's id and the item's name.
pub fn named_item(word: &str, default_owner: &str) -> (String, String) {
    match word.split_once('.') {
        Some((owner, name)) if !owner.trim().is_empty() && !name.trim().is_empty() => {
            (slug(owner), name.trim().to_string())
        }
        _ => (default_owner.to_string(), word.trim().to_string()),
    }
}

/// GEM-OPT-9: a Pickpocket takes only a loose item (not worn, implanted or held): one of the
/// target's weapons in its hands, or another's item it holds, is Disarm's work (GEM-OPT-4), and
/// an item elsewhere is not on the target to take. A Reverse Pickpocket stows an item its
/// attacker holds. Refused before any die; other items are loose gear the GM names.
pub fn check_loose(req: AttackRequest<'_, GemState>, reverse: bool) -> Result<(), RulesError> {
    let Some(word) = super::prepare::f_value(req, "item") else { return Ok(()) };
    let gem = req.state;
    if reverse {
        let (owner, name) = named_item(word, req.attacker_id);
        let place = gem.item(&owner, &name);
        let holds = match place {
            Some(Place::TakenBy(by)) => by == req.attacker_id,
            Some(p) => !p.out_of_hand(),
            None => owner == req.attacker_id,
        };
        if !holds {
            let how = place.map_or_else(
                || "is not in its hands".to_string(),
                |p| p.words(&|id| name_in(req, id)),
            );
            return Err(RulesError::Invalid(format!(
                "{}'s {name} {how}: a Reverse Pickpocket stows an item {} holds (GEM-OPT-9)",
                name_in(req, &owner),
                req.attacker.name
            )));
        }
        return Ok(());
    }
    for t in req.targets {
        let (owner, name) = named_item(word, t.id);
        let place = gem.item(&owner, &name);
        let weapon =
            owner == t.id && t.view.weapons.iter().any(|w| w.name.eq_ignore_ascii_case(&name));
        let held = match place {
            Some(Place::TakenBy(by)) => by == t.id,
            Some(p) => weapon && !p.out_of_hand(),
            None => weapon,
        };
        let whose =
            if owner == t.id { "its".to_string() } else { format!("{}'s", name_in(req, &owner)) };
        if held {
            return Err(RulesError::Invalid(format!(
                "{} holds {whose} {name}: a Pickpocket takes only a loose item (not worn, \
                 implanted or held); a held item is Disarm's work, option=disarm item={word} \
                 (GEM-OPT-9, GEM-OPT-4)",
                t.view.name
            )));
        }
        let on_target = match place {
            Some(Place::StowedOn(on)) => on == t.id,
            Some(Place::Damaged(_)) | None => owner == t.id,
            Some(_) => false,
        };
        if !on_target {
            let how = place.map_or_else(
                || format!("is not on {}", t.view.name),
                |p| p.words(&|id| name_in(req, id)),
            );
            return Err(RulesError::Invalid(format!(
                "{}'s {name} {how}: nothing for a Pickpocket to take from {} (GEM-OPT-9)",
                name_in(req, &owner),
                t.view.name
            )));
        }
    }
    Ok(())
}
