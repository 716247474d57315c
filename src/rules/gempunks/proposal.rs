//! The attack dialog's split step (GEM-ATK-6, GEM-ATK-7): a set's hits rolled ahead of their
//! damage, with the proposed sharing among its targets.

use super::prepare::{option_of, prepare};
use super::set::hit_instances;
use super::{set, split};
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, RollAsk};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// Dice that remember the faces they gave.
struct Recording<'a> {
    inner: &'a mut dyn DiceSource,
    faces: Vec<u32>,
}

impl DiceSource for Recording<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, crate::rules::dice::DiceError> {
        let face = self.inner.roll(sides)?;
        self.faces.push(face);
        Ok(face)
    }

    // A question asked of the session's dice is theirs to answer.
    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), crate::rules::dice::DiceError> {
        self.inner.before_roll(roll)
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, crate::rules::dice::DiceError> {
        self.inner.decide(decision)
    }
}

/// GEM-ATK-6, GEM-ATK-7 in the attack dialog: roll the set's attack, crit and chain dice (typed
/// faces or rolled), and propose the sharing of its hits for the GM to accept or change before
/// the damage is rolled. Only for a set on several targets that is not an area or a shot through.
pub fn proposal(
    req: AttackRequest<'_, GemState>,
    dice: &mut dyn DiceSource,
) -> Result<Option<crate::rules::effect::Proposal>, RulesError> {
    let f = FieldReader(req.fields);
    let p = prepare(req)?;
    if req.targets.len() < 2
        || p.area_of.is_some()
        || p.arms.grenade
        || ["through", "split", "roll"].iter().any(|k| f.value(k).is_some())
    {
        return Ok(None);
    }
    let mut rec = Recording { inner: dice, faces: Vec::new() };
    let rolled = set::roll_set(&p.dice, p.heavy, &mut rec)?;
    let mut instances = hit_instances(&rolled);
    if option_of(req, "gem_split_order") == "multiplier_desc" {
        instances.sort_by_key(|i| std::cmp::Reverse(i.m));
    }
    let places = split::propose(instances.len(), req.targets.len(), &p.plan);
    let mut groups: Vec<String> = Vec::new();
    for (t, target) in req.targets.iter().enumerate() {
        let hs: Vec<String> = places
            .iter()
            .enumerate()
            .filter(|(_, place)| **place == Some(t))
            .map(|(k, _)| format!("h{}", k + 1))
            .collect();
        if !hs.is_empty() {
            groups.push(format!("{}:{}", target.id, hs.join("+")));
        }
    }
    let hits: Vec<String> = instances
        .iter()
        .enumerate()
        .map(|(k, i)| format!("h{} d{} ×{}", k + 1, i.die + 1, i.m))
        .collect();
    let mut about = format!("{} hit(s): {}", hits.len(), hits.join(", "));
    if !p.plan.hardest.is_empty() {
        let hardest: Vec<&str> = p.plan.hardest.iter().map(|&t| req.targets[t].view.name).collect();
        about.push_str(&format!(
            "; the hardest ({}) take at most {}",
            hardest.join(", "),
            split::cap(instances.len())
        ));
    }
    Ok(Some(crate::rules::effect::Proposal { faces: rec.faces, split: groups.join(","), about }))
}
