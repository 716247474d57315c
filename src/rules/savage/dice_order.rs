//! The rolls a Savage Worlds attack asks for, in order, said for a GM typing the table's faces.

use super::Savage;
use crate::rules::request::AttackRequest;
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

/// SW-ROLL-1, SW-DMG-1: the skill die and a Wild Card's Wild Die (each rolling again on its top
/// face), then on a hit each damage die (acing too) and the raise d6.
pub fn describe(request: AttackRequest<'_, SavageState>) -> Result<String, RulesError> {
    let p = super::attack::prepare(request)?;
    let wild = if Savage::is_wild(request.attacker.stats) { " and the Wild Die d6" } else { "" };
    let mut skill = p.skill.clone();
    if let Some(first) = skill.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    // `str` is this attacker's Strength die, named so the GM knows which die to throw.
    let strength = request.attacker.stats.die("strength").unwrap_or(super::attack::UNTRAINED);
    let damage = match super::damage_dice::with_strength(&p.damage, strength) {
        Some(spelled) => format!("{spelled} ({}, Strength {strength})", p.damage),
        None => p.damage.clone(),
    };
    Ok(format!(
        "{skill} {}{wild} (a top face rolls that die again), then if it hits damage {damage} \
         (dice ace too), then a d6 more on a raise",
        p.die
    ))
}
