//! Dual wielding (GEM-ACT-1, GEM-WPN-1, GEM-MOD-4): the weapons an Assault names for the round
//! with `weapons=club,dagger`, and how many of the Assault's attacks a set may take while each
//! named weapon still to attack keeps one.
//!
//! Reading: a set has one weapon (GEM-ATK-5), so an Assault with two weapons is spread over
//! sets. Its first set names the round's weapons; from that set on, every attack of the round
//! counts them for the multiweapon penalty, and the Assault makes one more attack per weapon
//! beyond the first. A later set of the Assault must use a named weapon, and a weapon that has
//! not attacked in it yet cannot join unnamed (`force` lets it, counted from then on).

use super::invalid;
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// The most weapons one Assault names.
const MAX_NAMED: usize = 10;

/// The round's weapons as this set sees them: those its `weapons=` names (checked: the
/// attacker's own, no repeats, this set's among them, only on an Assault's first set), else
/// those an earlier set named; and whether this set names them anew.
pub(super) fn round_weapons(
    req: AttackRequest<'_, GemState>,
    this: &str,
    assault: bool,
    paid: bool,
) -> Result<(Vec<String>, bool), RulesError> {
    let f = FieldReader(req.fields);
    let earlier = req.state.declared_of(req.attacker_id).to_vec();
    let Some(list) = f.value("weapons") else { return Ok((earlier, false)) };
    if !assault {
        return Err(invalid(format!(
            "weapons={list}: the round's weapons are named on an Assault (add assault; GEM-ACT-1)"
        )));
    }
    let mut named: Vec<String> = Vec::new();
    for word in list.split(',').map(str::trim) {
        let name = resolve(req, word).ok_or_else(|| {
            invalid(format!("weapons={list}: {} has no weapon '{word}'", req.attacker.name))
        })?;
        if named.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            return Err(invalid(format!("weapons={list}: {name} is named twice")));
        }
        named.push(name);
    }
    if named.len() > MAX_NAMED {
        return Err(invalid(format!("weapons={list}: at most {MAX_NAMED} weapons")));
    }
    if !named.iter().any(|n| n.eq_ignore_ascii_case(this)) {
        return Err(invalid(format!(
            "weapons={list}: this set attacks with {this}: name it among the round's weapons"
        )));
    }
    if paid || !earlier.is_empty() {
        if same(&earlier, &named) {
            return Ok((earlier, false));
        }
        return Err(invalid(format!(
            "weapons={list}: {}'s weapons this round are named on its Assault's first set{}",
            req.attacker.name,
            if earlier.is_empty() { String::new() } else { format!(" ({})", earlier.join(", ")) }
        )));
    }
    Ok((named, true))
}

/// Whether two lists name the same weapons, in any order.
fn same(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| x.eq_ignore_ascii_case(y)))
}

/// One of the attacker's weapons by its name or a unique beginning.
fn resolve(req: AttackRequest<'_, GemState>, word: &str) -> Option<String> {
    let all = req.attacker.weapons;
    if let Some(w) = all.iter().find(|w| w.name.eq_ignore_ascii_case(word)) {
        return Some(w.name.clone());
    }
    let lower = word.to_lowercase();
    let mut starts =
        all.iter().filter(|w| !lower.is_empty() && w.name.to_lowercase().starts_with(&lower));
    match (starts.next(), starts.next()) {
        (Some(w), None) => Some(w.name.clone()),
        _ => None,
    }
}

/// The named weapons, other than this set's, that have not attacked yet this round: each keeps
/// one attack of the Assault (GEM-WPN-1).
pub(super) fn still_to_attack(
    req: AttackRequest<'_, GemState>,
    round: &[String],
    this: &str,
) -> Vec<String> {
    let used = req.state.wields_of(req.attacker_id);
    round
        .iter()
        .filter(|w| !w.eq_ignore_ascii_case(this))
        .filter(|w| !used.iter().any(|u| u.eq_ignore_ascii_case(w)))
        .cloned()
        .collect()
}

/// A later set of an Assault with a weapon the round did not name and that has not attacked in
/// it: refused (unless `force`), as the earlier sets were rolled without its penalty.
pub(super) fn check_joining(
    req: AttackRequest<'_, GemState>,
    round: &[String],
    this: &str,
    paid: bool,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    if !paid || f.flag("force") {
        return Ok(());
    }
    let known = |w: &str| w.eq_ignore_ascii_case(this);
    if !round.is_empty() {
        if round.iter().any(|w| known(w)) {
            return Ok(());
        }
        return Err(invalid(format!(
            "{this} is not among the weapons {}'s Assault named this round ({}), or `force` \
             (GEM-ACT-1, GEM-WPN-1)",
            req.attacker.name,
            round.join(", ")
        )));
    }
    let used = req.state.wields_of(req.attacker_id);
    if used.iter().any(|w| known(w)) {
        return Ok(());
    }
    let before = if used.is_empty() { "its other weapon".to_string() } else { used.join(", ") };
    Err(invalid(format!(
        "{this} has not attacked in {}'s Assault, begun with {before}: name the round's weapons on \
         its first set (weapons={}), so the multiweapon penalty falls on every attack, or `force` \
         (GEM-ACT-1, GEM-WPN-1)",
        req.attacker.name,
        used.iter().copied().chain([this]).collect::<Vec<_>>().join(",")
    )))
}
