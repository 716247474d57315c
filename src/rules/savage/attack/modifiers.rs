//! What an attack's roll is modified by (SW-ATK-2, SW-ROLL-2, SW-INIT-3, SW-ACT-1): the target's
//! Parry as it stands and the TN, the situation's modifiers by name, and what the attacker
//! carries (wounds, Fatigue, a Joker, actions already taken).

use super::super::tables::{self, MAX_FIELD};
use super::super::{Savage, TN};
use super::{Fields, RANGE_BANDS, int_within, word};
use crate::rules::conditions::{Condition, Level};
use crate::rules::request::{AttackRequest, CombatantView};
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

pub(super) fn has(conditions: &[Condition], name: &str) -> bool {
    conditions.iter().any(|c| c.name == name)
}

/// SW-ATK-2: Defending on its own turn means it defended this turn (Defend ends as its next
/// turn begins), and Defend leaves no other action.
pub fn defending(who: CombatantView<'_>) -> bool {
    has(who.conditions, "Defending")
}

/// The target's Parry as it stands: Defend +2; Wild Attack, a trick and lying prone −2 each.
pub fn effective_parry(target: CombatantView<'_>) -> i64 {
    let mut parry = target.stats.int_or("parry", 2);
    for (name, change) in [("Defending", 2), ("Wild-Attack", -2), ("Tricked", -2), ("Prone", -2)] {
        if has(target.conditions, name) {
            parry += change;
        }
    }
    parry
}

/// What the roller carries into any Trait roll: wounds (max −3) and Fatigue (SW-ROLL-2), and a
/// Joker's +2 (SW-INIT-3).
pub fn trait_modifiers(who: CombatantView<'_>) -> Vec<(String, i64)> {
    let mut out = carried_penalties(who);
    if Savage::holds_joker(who) {
        out.push(("Joker".to_string(), 2));
    }
    out
}

/// Penalties the roller carries: wounds (max −3) and Fatigue (SW-ROLL-2).
pub fn carried_penalties(who: CombatantView<'_>) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    let wounds = Savage::wound_penalty(who.health);
    if wounds != 0 {
        out.push(("wounds".to_string(), wounds));
    }
    if let Some(f) = who.conditions.iter().find(|c| c.name == "Fatigued") {
        out.push(("fatigue".to_string(), if f.level == Level::Severe { -2 } else { -1 }));
    }
    // SW-FEAR-1 (Reading): a grotesque sight's −1 lasts the encounter, on every Trait roll.
    if has(who.conditions, "Frightened") {
        out.push(("frightened".to_string(), -1));
    }
    out
}

/// The named modifiers as they are found, in the order the summary lists them, with the damage
/// bonuses and the conditions the attack uses up.
pub(super) struct Modifiers {
    pub(super) mods: Vec<(String, i64)>,
    pub(super) damage_bonus: Vec<(String, i64)>,
    pub(super) ends: Vec<(bool, String)>,
}

impl Modifiers {
    pub(super) fn add(&mut self, why: &str, m: i64) {
        if m != 0 {
            self.mods.push((why.to_string(), m));
        }
    }
}

/// `tn=`, else Parry (2 for an object, SW-ATK-7) when the attack is against Parry, else 4.
pub(super) fn target_number(
    req: AttackRequest<'_, SavageState>,
    f: &Fields<'_>,
    against_parry: bool,
) -> Result<i64, RulesError> {
    let object = req.target.stats.flag("object");
    Ok(match int_within(f, "tn", 0, MAX_FIELD)? {
        Some(tn) => tn,
        None if object && against_parry => 2,
        None if against_parry => effective_parry(req.target),
        None => TN,
    })
}

/// SW-ATK-2: what the attack's circumstances add, from its fields and the target's stance.
/// Returns a called shot's damage bonus.
pub(super) fn situation_modifiers(
    req: AttackRequest<'_, SavageState>,
    f: &Fields<'_>,
    melee: bool,
    tally: &mut Modifiers,
) -> Result<i64, RulesError> {
    if !melee {
        if let Some(r) = word(f, "range", tables::range_penalty, RANGE_BANDS)? {
            tally.add(&format!("{} range", f.value("range").unwrap_or("")), r);
        }
        // Prone against shots from beyond 3": medium cover; crouching −1.
        if has(req.target.conditions, "Prone") {
            tally.add("prone target", -2);
        }
        if has(req.target.conditions, "Crouching") {
            tally.add("crouching target", -1);
        }
    }
    let mut called_bonus = 0;
    if let Some((m, dmg)) = word(f, "called", tables::called, "limb, head, small or tiny")? {
        tally.add(&format!("called shot ({})", f.value("called").unwrap_or("")), m);
        called_bonus = dmg;
    }
    if let Some(c) = word(f, "cover", tables::cover, "light, medium or heavy")? {
        tally.add(&format!("{} cover", f.value("cover").unwrap_or("")), c);
    }
    if let Some(d) = word(f, "dark", tables::darkness, "dim, dark or pitch")? {
        tally.add(&format!("{} light", f.value("dark").unwrap_or("")), d);
    }
    if let Some(g) = int_within(f, "gang", 0, MAX_FIELD)? {
        tally.add("ganging up", g.clamp(0, 4));
    }
    for (field, label, m, dmg) in tables::SWITCHES {
        if !f.flag(field) {
            continue;
        }
        if *field == "offhand" && req.attacker.stats.flag("ambidextrous") {
            continue;
        }
        // The log gives the number itself: `aimed +2`, not `aimed +2 +2`.
        let name: Vec<&str> =
            label.split(' ').take_while(|w| !w.starts_with(['+', '−', '-'])).collect();
        let name = name.join(" ");
        tally.add(&name, *m);
        if *dmg != 0 {
            tally.damage_bonus.push((name, *dmg));
        }
    }
    if f.int("autofire")?.is_some() {
        tally.add("autofire", -2);
    }
    if let Some(m) = int_within(f, "mod", -MAX_FIELD, MAX_FIELD)? {
        tally.add("other", m);
    }
    Ok(called_bonus)
}

/// What the attacker brings: wounds and Fatigue, Adrenaline, a test of wills won, lying prone,
/// a Joker, and the actions already taken this turn.
pub(super) fn attacker_modifiers(
    req: AttackRequest<'_, SavageState>,
    melee: bool,
    tally: &mut Modifiers,
) {
    for (why, m) in carried_penalties(req.attacker) {
        tally.add(&why, m);
    }
    // SW-FEAR-1: Adrenaline is for the next action; SW-ATK-6: a test of wills won is +2 on the
    // winner's next action against that target.
    if has(req.attacker.conditions, "Adrenaline") {
        tally.add("adrenaline", 2);
        tally.damage_bonus.push(("adrenaline".into(), 2));
        tally.ends.push((false, "Adrenaline".into()));
    }
    let outwilled_by_me = req.target.conditions.iter().any(|c| {
        c.name == "Outwilled" && c.detail.as_deref().is_none_or(|d| d == req.attacker.name)
    });
    if outwilled_by_me {
        tally.add("target outwilled", 2);
        tally.ends.push((true, "Outwilled".into()));
    }
    // SW-ATK-2: fighting from the ground.
    if melee && has(req.attacker.conditions, "Prone") {
        tally.add("prone attacker", -2);
    }
    if Savage::holds_joker(req.attacker) {
        // SW-INIT-3: a Joker's +2 to Trait and damage rolls this round.
        tally.add("Joker", 2);
        tally.damage_bonus.push(("Joker".into(), 2));
    }
    if req.actions_taken > 0 {
        // SW-ACT-1: −2 for each action after the first this turn.
        tally.add("multi-action", -2 * i64::from(req.actions_taken));
    }
}
