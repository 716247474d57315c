//! The sharing of a set's hits among its targets (GEM-ATK-6, GEM-ATK-7): proposed by the rules
//! once the set's dice (crit chains included) are rolled, and asked of the GM as a decision
//! (`split=`) before any damage die; and the attack dialog's split step, which rolls the set
//! ahead of its damage to show the same proposal.

use super::asks;
use super::prepare::{Prepared, names, option_of, prepare};
use super::set::{Instance, hit_instances};
use super::{set, split};
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick, RollAsk};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;
use crate::rules::words::count;

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

    fn draw_card(&mut self, cards: u32) -> Result<u32, crate::rules::dice::DiceError> {
        self.inner.draw_card(cards)
    }

    fn roll_off(&mut self, holder: &str) -> Result<u32, crate::rules::dice::DiceError> {
        self.inner.roll_off(holder)
    }
}

/// The rules' proposal for a set's hits (GEM-ATK-6).
pub(super) struct Sharing {
    /// The hit instances in the split order (h1, h2 …).
    pub instances: Vec<Instance>,
    /// Where each goes (`None`: no legal place, GEM-ATK-8).
    pub places: Vec<Option<usize>>,
    /// The proposal as `split=` reads it: `ogre:h1+h4,troll:h2` (target ids).
    pub text: String,
    /// The hits and the cap, in words: `3 hits: h1 (die #2, ×1); …; the hardest (Troll) take at most 1`.
    pub about: String,
}

/// GEM-ATK-6: the hits of a rolled set in the split order (Reading `gem_split_order`), dealt
/// round-robin over the targets with the hardest held to their cap.
pub(super) fn sharing(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    rolled: &[set::AttackDie],
) -> Sharing {
    let mut instances = hit_instances(rolled);
    if option_of(req, "gem_split_order") == "multiplier_desc" {
        instances.sort_by_key(|i| std::cmp::Reverse(i.m));
    }
    let places = split::propose(instances.len(), req.targets.len(), &p.plan);
    let mut groups: Vec<String> = Vec::new();
    for (t, target) in req.targets.iter().enumerate() {
        let hs = hits_on(&places, t);
        if !hs.is_empty() {
            groups.push(format!("{}:{}", target.id, hs.join("+")));
        }
    }
    let hits: Vec<String> =
        instances.iter().enumerate().map(|(k, i)| asks::instance(k, i.die, i.m)).collect();
    let mut about = format!("{}: {}", count(hits.len(), "hit", "hits"), hits.join("; "));
    if !p.plan.hardest.is_empty() {
        let hardest: Vec<&str> = p.plan.hardest.iter().map(|&t| req.targets[t].view.name).collect();
        about.push_str(&format!(
            "; the hardest ({}) take at most {}",
            hardest.join(", "),
            split::cap(instances.len())
        ));
    }
    Sharing { instances, places, text: groups.join(","), about }
}

/// `h1`, `h3`: the instances placed on target `t`.
fn hits_on(places: &[Option<usize>], t: usize) -> Vec<String> {
    places
        .iter()
        .enumerate()
        .filter(|(_, place)| **place == Some(t))
        .map(|(k, _)| format!("h{}", k + 1))
        .collect()
}

/// GEM-ATK-7 as a decision the rules reach once the set is rolled: the proposal first (the
/// rules' default), then every hit on one target (refused on a hardest target over its cap);
/// the GM may type any other sharing. `None` when there is nothing to share: one target, no
/// hit, or a hit the proposal cannot place (GEM-ATK-8, which `split=` cannot say).
pub(super) fn decision(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    share: &Sharing,
) -> Option<Decision> {
    let n = share.instances.len();
    if req.targets.len() < 2 || n == 0 || share.places.iter().any(Option::is_none) {
        return None;
    }
    let mut shares: Vec<String> = Vec::new();
    for (t, target) in req.targets.iter().enumerate() {
        let hs = hits_on(&share.places, t);
        if !hs.is_empty() {
            shares.push(format!("{} {} ({})", target.view.name, hs.len(), hs.join(", ")));
        }
    }
    let mut options = vec![Pick::open(
        format!("{} (proposed)", shares.join(", ")),
        format!("split={}", share.text),
    )];
    let cap = split::cap(n);
    for (t, target) in req.targets.iter().enumerate() {
        if share.places.iter().all(|place| *place == Some(t)) {
            continue;
        }
        let label = format!("all {n} on {}", target.view.name);
        let text = format!("split={}:{n}", target.id);
        options.push(if p.plan.hardest.contains(&t) && n > cap {
            Pick::refused(
                label,
                text,
                format!("the hardest take at most {cap} of {n} hits (GEM-ATK-3)"),
            )
        } else {
            Pick::open(label, text)
        });
    }
    let mut decision = Decision::new(
        format!("{} hits to share: {}", asks::possessive(req.attacker), share.about),
        "split",
        options,
    );
    decision.typed = Some(format!(
        "NAME:COUNT,… fills h1..h{n} in order (ogre:2,troll:1), or NAME:h1+h3,… by hit"
    ));
    Some(decision)
}

/// GEM-ATK-6, GEM-ATK-7: where each instance goes when the command names no `split=`: the
/// rules' proposal, or the sharing the GM picks or types when asked.
pub(super) fn ask_split(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    share: &Sharing,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Option<usize>>, RulesError> {
    let Some(decision) = decision(req, p, share).filter(|_| !p.arms.grenade) else {
        return Ok(share.places.clone());
    };
    let chosen = dice.decide(&decision)?;
    if chosen == 0 {
        return Ok(share.places.clone());
    }
    let text =
        decision.options.get(chosen).and_then(|pick| pick.text.strip_prefix("split=")).ok_or_else(
            || RulesError::Invalid(format!("no sharing of the hits numbered {chosen}")),
        )?;
    let find = |w: &str| req.targets.iter().position(|t| names(t.id, &t.view, w));
    let name = |t: usize| req.targets[t].view.name.to_string();
    split::parse(text, share.instances.len(), &p.plan, &find, &name)
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
    let (who, targets) = asks::set_names(req);
    let rolled = set::roll_set(&p.dice, p.heavy, (&who, &targets), &mut rec)?;
    let share = sharing(req, &p, &rolled);
    Ok(Some(crate::rules::effect::Proposal {
        faces: rec.faces,
        split: share.text,
        about: share.about,
    }))
}
