//! The weapon attributes a set uses beyond its dice (GEM-WPN-2): a Rope's pull (a Self-Retracting
//! Rope's distance) and a Thrown weapon leaving the hand; and the attributes skirmish does not
//! track, refused where a weapon is written rather than kept as words that do nothing.

use super::invalid;
use crate::rules::effect::Effect;
use crate::rules::gempunks::attack_option::AttackOption;
use crate::rules::gempunks::items;
use crate::rules::gempunks::state::{GemState, Place};
use crate::rules::gempunks::weapon::Arms;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// What a set does with its weapon's attributes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Uses {
    /// `pull`: the rope pulls the target as an unarmed Disarm, Trip or Shove towards the
    /// attacker; `Some(x)` for a Self-Retracting Rope, which pulls `x` m.
    pub pull: Option<Option<i64>>,
    /// `throw`: the weapon is thrown, and lies dropped once the set is made.
    pub throw: bool,
}

/// GEM-WPN-2: the attributes the tracker has nothing to apply to, with what the GM does instead.
/// A weapon that sets one is refused, so that no attribute is accepted and then ignored.
pub fn untracked(field: &str) -> Option<&'static str> {
    Some(match field {
        "loud" => {
            "skirmish does not track Loud: it has no map and no hearing; the GM decides who \
             hears the weapon fire (1000 m unless the weapon says otherwise)"
        }
        "demolition" => {
            "skirmish does not track Demolition: it models no large structures to break; the GM \
             applies it (Piercing gives +2, Muscle-Damage half the Muscle)"
        }
        "muscle_area" => {
            "skirmish does not track Muscle-Area: an area is the creatures it catches, not a \
             size; the GM doubles the template per 3 Muscle and names who is inside with area="
        }
        _ => return None,
    })
}

/// The attributes this set uses (`pull`, `throw`), checked before any die; a throw makes the set
/// ranged, its range increments doubled per 2 Muscle.
pub(super) fn uses(
    req: AttackRequest<'_, GemState>,
    arms: &mut Arms,
    option: AttackOption,
) -> Result<Uses, RulesError> {
    let f = FieldReader(req.fields);
    let mut uses = Uses::default();
    let stats = req.weapon.map(|w| &w.stats);
    let retract = stats.and_then(|s| s.int("retract"));
    if f.flag("pull") {
        let rope = stats.is_some_and(|s| s.flag("rope")) || retract.is_some();
        if !rope {
            return Err(invalid(format!(
                "pull: {} is not a rope (give the weapon `rope`, or `retract=X` for a \
                 Self-Retracting Rope) (GEM-WPN-2)",
                arms.name
            )));
        }
        if !matches!(option, AttackOption::Disarm | AttackOption::Trip | AttackOption::Shove) {
            return Err(invalid(
                "pull: a rope pulls as an unarmed Disarm, Trip or Shove towards the attacker; \
                 give option=disarm, option=trip or option=shove (GEM-WPN-2)",
            ));
        }
        if f.flag("take") {
            return Err(invalid(format!(
                "pull with take: a rope's Disarm flings the item up to 4 m towards {}, it does \
                 not land in a hand; pick it up after (`do {} pickup item=…`) (GEM-WPN-2)",
                req.attacker.name, req.attacker.name
            )));
        }
        uses.pull = Some(retract);
    }
    if f.flag("throw") {
        if arms.grenade {
            return Err(invalid(format!(
                "throw: {} is a grenade, thrown by its own rules (GEM-WPN-3)",
                arms.name
            )));
        }
        if !arms.melee {
            return Err(invalid(format!(
                "throw: {} is not a melee weapon; only a melee weapon is thrown (GEM-WPN-2)",
                arms.name
            )));
        }
        let thrown = stats.is_some_and(|s| s.flag("thrown"));
        if !thrown && !f.flag("force") {
            return Err(invalid(format!(
                "throw: {} has no Thrown attribute, and the spec gives no throwing penalty for \
                 other melee weapons, so skirmish does not track it: give the weapon `thrown`, \
                 or the GM's penalty as mod=-N with force (GEM-WPN-2)",
                arms.name
            )));
        }
        // GEM-WPN-3: the throwing range doubles for every 2 points of Muscle.
        let muscle = req.attacker.stats.int_or("muscle", 0).max(0);
        let scale = 1i64 << (muscle / 2).min(20);
        arms.increments = arms.increments.iter().map(|r| r.saturating_mul(scale)).collect();
        arms.ranged = true;
        arms.melee = false;
        uses.throw = true;
    }
    Ok(uses)
}

/// GEM-WPN-2: a thrown weapon leaves the hand: once the set is made it lies dropped, to be
/// picked up (`do NAME pickup item=…`) before it attacks again.
pub fn thrown_away(req: AttackRequest<'_, GemState>, uses: Uses) -> Option<Effect> {
    if !uses.throw {
        return None;
    }
    let (owner, weapon) = items::owner_of(req)?;
    let whose = items::whose(req, &owner);
    let item = if owner == req.attacker_id { weapon.clone() } else { format!("{owner}.{weapon}") };
    let text = format!(
        "{whose} {weapon} is thrown: it lies where it fell (`do {} pickup item={item}`) \
         (GEM-WPN-2)",
        req.attacker.name
    );
    Some(items::moved(&owner, &weapon, Some(Place::Dropped), text))
}
