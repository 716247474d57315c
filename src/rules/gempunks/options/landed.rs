//! One hit instance's damage, rolled and weighed against its target's armor and Toughness:
//! what each option (GEM-OPT-1..10) reads to decide what the hit does.

use crate::rules::dice::{DiceSource, RollRecord};
use crate::rules::effect::{Effect, Hit, Who};
use crate::rules::gempunks::asks;
use crate::rules::gempunks::damage::{self, DEFAULT_TOUGHNESS};
use crate::rules::gempunks::prepare::{Prepared, option_of};
use crate::rules::gempunks::set::Instance;
use crate::rules::gempunks::state::GemState;
use crate::rules::request::AttackRequest;
use crate::rules::types::RulesError;

/// One instance's damage rolled and weighed against its target: what every option reads.
pub(super) struct Landed<'a> {
    pub(super) who: Who,
    pub(super) name: &'a str,
    /// `d3 ×2 → Rook`: the instance, opening each of its log lines.
    pub(super) head: String,
    pub(super) roll: RollRecord,
    pub(super) kind: Option<String>,
    pub(super) parts: Vec<(String, i64)>,
    /// The damage before armor, and after it.
    pub(super) raw: i64,
    pub(super) net: i64,
    pub(super) toughness: i64,
    /// Wounds after armor, and before it; `half`: the raw damage reaches half the Toughness.
    pub(super) wounds: i64,
    pub(super) raw_wounds: i64,
    pub(super) half: bool,
}

impl<'a> Landed<'a> {
    pub(super) fn roll(
        req: AttackRequest<'a, GemState>,
        p: &Prepared,
        inst: Instance,
        t: usize,
        head: String,
        dice: &mut dyn DiceSource,
    ) -> Result<Landed<'a>, RulesError> {
        let target = &req.targets[t];
        let s = target.view.stats;
        let mult = option_of(req, "gem_mult_stat_bonus") != "off";
        let toughness = s.int_or("toughness", DEFAULT_TOUGHNESS).max(1);
        let label = format!("{} damage for {head} (T {toughness})", asks::roller(req));
        let (roll, parts) =
            damage::roll_instance(&p.arms, inst.m, req.attacker.stats, mult, label, dice)?;
        let raw: i64 = parts.iter().map(|(_, a)| *a).sum::<i64>().max(0);
        let double = option_of(req, "gem_vuln") == "double";
        let kind = {
            let kinds: Vec<&str> = parts.iter().filter_map(|(k, _)| k.as_deref()).collect();
            (!kinds.is_empty()).then(|| kinds.join("+"))
        };
        let (net, _) = damage::net(s, &parts, 0, double);
        Ok(Landed {
            who: Who::Target(u8::try_from(t).unwrap_or(u8::MAX)),
            name: target.view.name,
            head,
            roll,
            kind,
            parts: parts.iter().map(|(k, a)| (k.clone().unwrap_or_default(), *a)).collect(),
            raw,
            net,
            toughness,
            wounds: damage::wounds(net, toughness),
            raw_wounds: raw / toughness,
            half: 2 * raw >= toughness,
        })
    }

    /// The hit, meeting `armor_added` on top of the target's armor and ignoring `armor_ignored`.
    pub(super) fn hit(&self, armor_added: i64, armor_ignored: i64) -> Hit {
        Hit {
            target: self.who,
            amount: self.raw,
            roll: Some(self.roll.clone()),
            kind: self.kind.clone(),
            parts: self.parts.clone(),
            armor_added,
            armor_ignored,
            ..Hit::default()
        }
    }

    /// A log line with the damage roll behind it.
    pub(super) fn note(&self, text: String) -> Effect {
        Effect::Log { text, roll: Some(self.roll.clone()) }
    }
}
