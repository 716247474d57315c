//! `attack`: an attacker or a whole group against one or more targets, answered by the system with effects.

use super::*;
use crate::command::Command;
use crate::rules::request::{AttackGuide, FieldReader};
use crate::rules::signature::{ArgKind, FORCE, FieldArg, field};

impl Planner<'_> {
    /// `attack`: the system answers with ordered effects (rolls, verdicts, hits, conditions,
    /// costs); the budget is checked before anything is recorded, every hit goes through the
    /// damage pipeline, and the after-damage hooks run once the attack is done.
    pub(super) fn attack(
        &mut self,
        attacker: &str,
        targets: &[String],
        weapon: Option<&str>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let pairs = field_pairs(fields);
        let force = FieldReader(&pairs).flag("force");
        let mut sides = attack_sides(&self.scratch, attacker, targets)?;
        let rules = self.scratch.system.rules();
        let actor = self.scratch.combatants[sides.members[0]].id.to_string();
        // Legality before dice: what the attack will cost is checked before any die is rolled.
        let cost = with_request(&self.scratch, &sides, weapon, &pairs, |request| {
            Ok(rules.attack_cost(request)?)
        })?;
        for (pool, amount) in cost {
            self.check_budget(&actor, pool, amount, "an attack", force)?;
        }
        let (mut weapon, mut pairs) = (weapon.map(str::to_string), pairs);
        // Strike after strike: each is asked for once the one before it (and its after-damage
        // hooks) is recorded, so its dice follow theirs.
        loop {
            let enc = &self.scratch;
            let target_ids: Vec<String> =
                sides.targets.iter().map(|&i| enc.combatants[i].id.to_string()).collect();
            let dice = &mut *self.dice;
            let mut effects =
                with_request(&self.scratch, &sides, weapon.as_deref(), &pairs, |r| {
                    Ok(rules.attack(r, dice)?)
                })?;
            for effect in &effects {
                if let Effect::Pay { pool, amount } = effect {
                    self.check_budget(&actor, pool, *amount, "an attack", force)?;
                }
            }
            let more = match effects.last() {
                Some(Effect::Continue { .. }) => effects.pop(),
                _ => None,
            };
            self.apply_effects(&actor, &target_ids, effects)?;
            match more {
                Some(Effect::Continue { weapon: w, mut fields, targets }) => {
                    // A strike with no weapon is followed by another with none, never by one
                    // with the attacker's first.
                    if w.is_none() {
                        fields.push((NO_WEAPON.0.into(), Some(NO_WEAPON.1.into())));
                    }
                    (weapon, pairs) = (w, fields);
                    if let Some(ids) = targets {
                        let found: Option<Vec<usize>> =
                            ids.iter().map(|id| self.scratch.index_of(id)).collect();
                        sides.targets = found.filter(|f| !f.is_empty()).ok_or_else(|| {
                            EngineError::Apply(ApplyError(format!(
                                "a further strike names targets not in the fight: {ids:?}"
                            )))
                        })?;
                    }
                }
                _ => return Ok(()),
            }
        }
    }
}

/// Who attacks and whom, as indices into the encounter's combatants.
pub(super) struct Sides {
    /// The attacker, or every member of a group attacking together (the first leads).
    members: Vec<usize>,
    targets: Vec<usize>,
}

/// Resolve an attack's names: the attacker is a combatant, or a whole group named by its id
/// (`goblin` for Goblin 1–4: those still standing attack together); targets are combatants.
pub(super) fn attack_sides(
    enc: &Encounter,
    attacker: &str,
    targets: &[String],
) -> Result<Sides, EngineError> {
    let wanted = slug(attacker);
    let group: Vec<usize> = (0..enc.combatants.len())
        .filter(|&i| enc.combatants[i].group.as_deref() == Some(wanted.as_str()))
        .collect();
    let members = if group.len() > 1 && enc.get(&wanted).is_none() {
        let mut up: Vec<usize> =
            group.iter().copied().filter(|&i| !enc.is_down(&enc.combatants[i])).collect();
        if up.is_empty() {
            return refuse(format!("no one in {} is standing to attack", attacker.trim()));
        }
        // The member whose turn it is leads: its turn pays for the attack.
        let turn = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id));
        if let Some(at) = up.iter().position(|&i| Some(i) == turn) {
            up.swap(0, at);
        }
        up
    } else {
        vec![enc.resolve(attacker)?]
    };
    if targets.is_empty() {
        return refuse("an attack needs a TARGET");
    }
    let mut chosen = Vec::with_capacity(targets.len());
    for name in targets {
        let i = enc.resolve(name)?;
        if chosen.contains(&i) {
            return refuse(format!("{} is named twice as a target", enc.combatants[i].name));
        }
        if members.contains(&i) {
            return refuse(format!(
                "{} cannot attack itself; `damage` hurts anyone directly",
                enc.combatants[i].name
            ));
        }
        chosen.push(i);
    }
    Ok(Sides { members, targets: chosen })
}

/// `weapon=none`: an attack with no weapon at all, its numbers given inline, even by an attacker
/// that carries some (with no weapon named, the attacker's first is used).
const NO_WEAPON: (&str, &str) = ("weapon", "none");

/// `weapon=`, the engine's own field on `attack`: only `weapon=none` is taken ([`bare_attack`]).
const WEAPON: FieldArg = field(NO_WEAPON.0, ArgKind::Word(NO_WEAPON.1));

/// Whether an attack's fields ask for no weapon (`weapon=none`). Any other `weapon=` is refused:
/// a weapon is named after the targets.
fn bare_attack(
    weapon: Option<&str>,
    pairs: &[(String, Option<String>)],
) -> Result<bool, EngineError> {
    let Some((_, value)) = pairs.iter().find(|(k, _)| k == NO_WEAPON.0) else {
        return Ok(false);
    };
    if !value.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(NO_WEAPON.1)) {
        return refuse(format!(
            "{}: expected weapon=none (an attack with no weapon); a weapon is named after the \
             targets (`attack Aria goblin sword`)",
            value.as_deref().map_or("weapon".to_string(), |v| format!("weapon={v}"))
        ));
    }
    if let Some(w) = weapon {
        return refuse(format!("the attack names {w} and weapon=none: give one or the other"));
    }
    Ok(true)
}

/// Build the rules' view of an attack (the parties, the weapon named or the first one, none with
/// `weapon=none`, the options and the system's state) and hand it to `ask`.
pub(super) fn with_request<'e, R>(
    enc: &'e Encounter,
    sides: &Sides,
    weapon: Option<&str>,
    pairs: &'e [(String, Option<String>)],
    ask: impl FnOnce(crate::rules::request::AttackRequest<'_>) -> Result<R, EngineError>,
) -> Result<R, EngineError> {
    use crate::rules::request::Party;
    let bare = bare_attack(weapon, pairs)?;
    // Legality before dice: a field the system does not declare, or a switch given a value it
    // does not take, is refused here, before the system prepares anything (issue 14 item 4).
    let table = enc.system.rules().spec().attack.fields;
    let typed = FieldReader(pairs);
    if let Some(unknown) = typed.undeclared(&[table, &[FORCE], &[WEAPON]]) {
        let names: Vec<&str> = table.iter().chain([&FORCE]).map(|f| f.name).collect();
        return refuse(format!(
            "unknown attack option '{unknown}'; {} attacks take: {}",
            enc.system,
            names.join(", ")
        ));
    }
    typed.check_values(&[FORCE])?;
    typed.check_values(table)?;
    // The system reads every field but `weapon=none`.
    let without: Vec<(String, Option<String>)>;
    let pairs = match bare {
        true => {
            without = pairs.iter().filter(|(k, _)| k != NO_WEAPON.0).cloned().collect();
            &without
        }
        false => pairs,
    };
    let party = |&i: &usize| {
        let c = &enc.combatants[i];
        // Its turn this round came and went (a held one may still act).
        let turn_over = !c.held
            && enc.done.iter().any(|d| d.id == c.id)
            && enc.turn.as_ref().is_none_or(|t| t.id != c.id);
        Party { id: c.id.as_str(), view: c.view(), turn_over }
    };
    let members: Vec<Party<'e>> = sides.members.iter().map(party).collect();
    let targets: Vec<Party<'e>> = sides.targets.iter().map(party).collect();
    let (att, tgt) = (&enc.combatants[sides.members[0]], &enc.combatants[sides.targets[0]]);
    let chosen = match weapon {
        Some(w) => {
            let wanted = w.to_lowercase();
            let exact = att.weapons.iter().find(|x| x.name.to_lowercase() == wanted);
            let mut prefixed =
                att.weapons.iter().filter(|x| x.name.to_lowercase().starts_with(&wanted));
            let found = exact.or_else(|| prefixed.next().filter(|_| prefixed.next().is_none()));
            match found {
                Some(x) => Some(x),
                None if att.weapons.is_empty() => {
                    return refuse(format!(
                        "{} has no weapons; add one with `weapon {} NAME …`",
                        att.name, att.name
                    ));
                }
                None => {
                    let names: Vec<&str> = att.weapons.iter().map(|x| x.name.as_str()).collect();
                    return refuse(format!(
                        "{} has no weapon '{w}'; it has {}",
                        att.name,
                        names.join(", ")
                    ));
                }
            }
        }
        None if bare => None,
        None => att.weapons.first(),
    };
    let request = crate::rules::request::AttackRequest {
        attacker: att.view(),
        target: tgt.view(),
        weapon: chosen,
        fields: pairs,
        options: &enc.options,
        attacker_id: &att.id,
        target_id: &tgt.id,
        members: &members,
        targets: &targets,
        on_turn: enc.turn.as_ref().is_some_and(|tn| tn.id == att.id),
        state: &enc.state,
        actions_taken: enc
            .turn
            .as_ref()
            .filter(|tn| tn.id == att.id)
            .and_then(|tn| tn.budget.first())
            .map_or(0, |p| p.used),
    };
    ask(request)
}

/// An `attack` command's values: its attacker, targets, weapon and fields.
fn attack_of(command: &Command) -> Option<&crate::command::Args> {
    Some(&command.invocation().filter(|_| command.is(&crate::command::table::ATTACK))?.args)
}

/// What the attack dialog shows of an `attack` command written so far (its hint, switches,
/// order of rolls and odds), when the system can tell; `None` for another command.
pub fn attack_guide(
    enc: &Encounter,
    command: &Command,
) -> Result<Option<AttackGuide>, EngineError> {
    let Some(a) = attack_of(command) else {
        return Ok(None);
    };
    let (attacker, targets, weapon, fields) = (a.word(0), a.names(1), a.optional(2), a.fields(3));
    let pairs = field_pairs(fields);
    let sides = attack_sides(enc, attacker, targets)?;
    with_request(enc, &sides, weapon, &pairs, |request| {
        Ok(Some(enc.system.rules().attack_guide(request)))
    })
}

/// The odds of an `attack` command before it is rolled, when the system can tell.
pub fn attack_preview(enc: &Encounter, command: &Command) -> Result<Option<String>, EngineError> {
    Ok(attack_guide(enc, command)?.map(|guide| guide.odds).transpose()?.flatten())
}

/// The rolls an attack asks for, in the order its system makes them, when the system says.
pub fn attack_dice_order(
    enc: &Encounter,
    command: &Command,
) -> Result<Option<String>, EngineError> {
    Ok(attack_guide(enc, command)?.map(|guide| guide.dice_order).transpose()?.flatten())
}

/// One of the system's attack-dialog picks as it stands for the attack written so far (GURPS:
/// the target's defenses with their values and odds), when the system can tell.
pub fn attack_choice(
    enc: &Encounter,
    command: &Command,
    label: &str,
) -> Result<Option<Vec<(String, String)>>, EngineError> {
    let Some(a) = attack_of(command) else {
        return Ok(None);
    };
    let (attacker, targets, weapon, fields) = (a.word(0), a.names(1), a.optional(2), a.fields(3));
    let pairs = field_pairs(fields);
    let sides = attack_sides(enc, attacker, targets)?;
    with_request(enc, &sides, weapon, &pairs, |request| {
        Ok(enc.system.rules().attack_choice(request, label)?)
    })
}

/// An attack's hits rolled ahead of damage with their proposed sharing, when the system offers
/// one (a Gempunks set on several targets).
pub fn attack_proposal(
    enc: &Encounter,
    command: &Command,
    dice: &mut dyn crate::rules::dice::DiceSource,
) -> Result<Option<crate::rules::effect::Proposal>, EngineError> {
    let Some(a) = attack_of(command) else {
        return Ok(None);
    };
    let (attacker, targets, weapon, fields) = (a.word(0), a.names(1), a.optional(2), a.fields(3));
    let pairs = field_pairs(fields);
    let sides = attack_sides(enc, attacker, targets)?;
    with_request(enc, &sides, weapon, &pairs, |request| {
        Ok(enc.system.rules().attack_proposal(request, dice)?)
    })
}
