//! The attacker's maneuver, asked when an attack comes on its turn before it took one (issue 24
//! item 5): the maneuvers an attack is made under, Attack first, which is what the attack takes
//! when nobody is asked. The answer is the attack's `maneuver=` field.

use super::maneuver::{KINDS, Kind};
use super::state::{self, GurpsState};
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// The maneuvers an attack may take by itself, in the order offered.
const ATTACKING: &[Kind] =
    &[Kind::Attack, Kind::AoaDetermined, Kind::AoaDouble, Kind::AoaStrong, Kind::MoveAttack];

fn word(kind: Kind) -> Option<(&'static str, &'static str)> {
    KINDS.iter().find(|(k, _, _)| *k == kind).map(|&(_, word, label)| (word, label))
}

/// The maneuver the attack's `maneuver=` names, if it names one.
pub fn chosen(f: &FieldReader<'_>) -> Result<Option<Kind>, RulesError> {
    let Some(wanted) = f.value("maneuver") else { return Ok(None) };
    let found = ATTACKING.iter().copied().find(|&k| word(k).is_some_and(|(w, _)| w == wanted));
    match found {
        Some(kind) => Ok(Some(kind)),
        None => {
            let words: Vec<&str> = ATTACKING.iter().filter_map(|&k| word(k)).map(|w| w.0).collect();
            Err(RulesError::Invalid(format!(
                "maneuver={wanted}: an attack takes one of {} (others with `maneuver NAME KIND` \
                 first)",
                words.join(", ")
            )))
        }
    }
}

/// Ask the attacker's maneuver when it attacks on its turn with none taken yet and the command
/// does not name one. The word picked, when it is not the Attack the rules take by default.
pub fn ask(
    req: &AttackRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Option<&'static str>, RulesError> {
    let f = FieldReader(req.fields);
    let me = state::person(req.state, req.attacker_id);
    if !req.on_turn || f.value("maneuver").is_some() || (me.in_turn && me.maneuver.is_some()) {
        return Ok(None);
    }
    let options: Vec<Pick> = ATTACKING
        .iter()
        .filter_map(|&k| word(k))
        .map(|(word, label)| Pick::open(label, format!("maneuver={word}")))
        .collect();
    let label = format!("{}'s maneuver (none taken this turn)", req.attacker.name);
    let decision = Decision::new(label, "maneuver", options);
    let picked = dice.decide(&decision)?;
    Ok(ATTACKING.get(picked).filter(|_| picked > 0).and_then(|&k| word(k)).map(|w| w.0))
}
