//! The names Gempunks gives its rolls before it makes them (issue 24: one roll at a time, when
//! the rules reach it): a set's attack dice (GEM-ATK-2), each stage of its crit chains
//! (GEM-CRIT-1..3), each hit instance's damage (GEM-DMG-1), in the words a GM reads at the table.

use super::set::DieSpec;
use crate::rules::Named;
use crate::rules::dice::question::RollAsk;
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, CombatantView};

/// `Bandits'` (a regiment's plural name), `Rook's`, `Boris's`.
pub(super) fn possessive(who: CombatantView<'_>) -> String {
    Named { name: who.name, many: super::regiment_members(who.stats).is_some() }.possessive()
}

/// Who rolls the set, as its owner: the attacker, or each member of a group taking part
/// (`Ann and Bo's`).
pub(super) fn roller(req: AttackRequest<'_, GemState>) -> String {
    let (part, _) = super::group::taking_part(&req, req.state);
    match part.as_slice() {
        [] | [_] => possessive(req.attacker),
        [rest @ .., last] => {
            let names: Vec<&str> = rest.iter().map(|m| m.view.name).collect();
            format!("{} and {}", names.join(", "), possessive(last.view))
        }
    }
}

/// The roller's possessive and the targets' names, for a set's rolls.
pub(super) fn set_names(req: AttackRequest<'_, GemState>) -> (String, String) {
    let targets: Vec<&str> = req.targets.iter().map(|t| t.view.name).collect();
    (roller(req), targets.join(", "))
}

/// An attack die by its place in the set, written so that it cannot be read as a die's size
/// (`d2` would be a two-sided die): `die #2`.
pub(super) fn die_no(i: usize) -> String {
    format!("die #{}", i.saturating_add(1))
}

/// A hit instance with the die it came from and its multiplier: `h4 (die #8, ×2)`.
pub(super) fn instance(k: usize, die: usize, m: u32) -> String {
    format!("h{} ({}, ×{m})", k.saturating_add(1), die_no(die))
}

/// What a die needs to hit, as the GM reads it (GEM-ATK-2: a 6 counts as 9).
pub(super) fn need_words(need: i64) -> String {
    match need {
        ..=1 => "any face".to_string(),
        2..=6 => format!("{need} or more"),
        7..=9 => "a 6 (it counts as 9)".to_string(),
        _ => format!("{need}: no face hits"),
    }
}

/// The need of `dice` in words when they share one; else each run of dice with its own
/// (`4 or more on dice #1–#3, a 6 (it counts as 9) on die #4`).
fn beat_of(dice: &[DieSpec]) -> Option<String> {
    let first = dice.first()?;
    let words = |d: &DieSpec| {
        if d.auto { "any face (an automatic hit)".to_string() } else { need_words(d.need) }
    };
    if dice.iter().all(|d| d.auto) {
        return Some("nothing: every die hits".to_string());
    }
    if dice.iter().all(|d| d == first) {
        return Some(need_words(first.need));
    }
    let mut runs: Vec<(usize, usize, String)> = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        let w = words(d);
        match runs.last_mut() {
            Some((_, end, last)) if *last == w => *end = i,
            _ => runs.push((i, i, w)),
        }
    }
    let said: Vec<String> = runs
        .into_iter()
        .map(|(from, to, w)| match to - from {
            0 => format!("{w} on {}", die_no(from)),
            _ => format!("{w} on dice #{}–#{}", from + 1, to + 1),
        })
        .collect();
    Some(said.join(", "))
}

/// The set's attack dice: `Bandits' attack set vs Ogre: 20d6, needs 4 or more`.
pub(super) fn attack_set(who: &str, targets: &str, dice: &[DieSpec]) -> RollAsk {
    let what = if dice.len() == 1 { "attack" } else { "attack set" };
    RollAsk {
        label: format!("{who} {what} vs {targets}"),
        dice: format!("{}d6", dice.len()),
        count: dice.len(),
        beat: beat_of(dice),
    }
}

/// One stage of the crit chains: `Bandits' crit dice for 2 sixes (dice #17, #18): 2d6, needs 4
/// or more` (stage 0), then `chain dice (stage 2) for 1 six (die #20)`. `granted`: each die's index in
/// the set, the face that granted it and its need.
pub(super) fn chain_stage(who: &str, stage: usize, granted: &[(usize, u32, DieSpec)]) -> RollAsk {
    let count = |face: u32| granted.iter().filter(|(_, f, _)| *f == face).count();
    let words = |n: usize, one: &str, many: &str| {
        (n > 0).then(|| format!("{n} {}", if n == 1 { one } else { many }))
    };
    let why: Vec<String> = [words(count(6), "six", "sixes"), words(count(5), "five", "fives")]
        .into_iter()
        .flatten()
        .collect();
    let which: Vec<String> =
        granted.iter().map(|(i, _, _)| format!("#{}", i.saturating_add(1))).collect();
    let which = format!("{} {}", if which.len() == 1 { "die" } else { "dice" }, which.join(", "));
    let what =
        if stage == 0 { "crit dice".to_string() } else { format!("chain dice (stage {stage})") };
    let specs: Vec<DieSpec> =
        granted.iter().map(|(_, _, s)| DieSpec { need: s.need, auto: false }).collect();
    RollAsk {
        label: format!("{who} {what} for {} ({which})", why.join(" and ")),
        dice: format!("{}d6", granted.len()),
        count: granted.len(),
        beat: beat_of(&specs),
    }
}

/// A hit instance's damage: `Bandits' damage for h1 (die #13, ×1) → Ogre (T 4): 1d6-1`.
pub(super) fn damage(label: String, dice: String, count: usize) -> RollAsk {
    RollAsk { label, dice, count, beat: None }
}
