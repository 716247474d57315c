//! GURPS' own verbs: `maneuver`, `feint` (GURPS-MAN-6), `posture` (GURPS-POST-1, GURPS-POST-2)
//! and `skipht` (GURPS-HP-2).

use super::DEFAULT_ATTRIBUTE;
use super::maneuver::{self, Kind, Maneuver};
use super::roll;
use super::state::{self, Feint, GurpsEvent, Person};
use super::tables;
use crate::rules::dice::{DiceSource, ScriptedDice};
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{CombatantView, FieldReader, SpecialRequest};
use crate::rules::types::RulesError;

fn invalid<T>(text: impl Into<String>) -> Result<T, RulesError> {
    Err(RulesError::Invalid(text.into()))
}

/// `maneuver NAME KIND`: the rolls a 0 HP or 0 FP combatant makes to act first, then the
/// maneuver taken.
pub(super) fn maneuver(
    req: SpecialRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let mut effects = zero_hp_on_action(&req, dice)?;
    effects.extend(zero_fp_will(&req, dice)?);
    if effects
        .iter()
        .any(|e| matches!(e, Effect::Condition { change: ConditionChange::Inflict(_), .. }))
    {
        return Ok(effects);
    }
    effects.extend(take_maneuver(req)?);
    Ok(effects)
}

/// GURPS-HP-2 with `set gurps_zero_hp_check on_action`: at 0 HP or less, picking a maneuver
/// other than Do Nothing rolls HT first (once between its turns); failure: unconscious.
fn zero_hp_on_action(
    req: &SpecialRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(who), Some(id)) = (req.actor, req.actor_id) else { return Ok(Vec::new()) };
    let word = req.words.first().map_or("", String::as_str);
    let me = state::person(req.state, id);
    let on_action =
        crate::rules::ruleset::option(&super::Gurps, req.options, "gurps_zero_hp_check")
            == "on_action";
    if !on_action
        || who.health.current > 0
        || me.ht_checked
        || Kind::parse(word) == Some(Kind::DoNothing)
    {
        return Ok(Vec::new());
    }
    zero_hp_roll(who, id, dice)
}

/// GURPS-FP-1 with `set gurps_fp_collapse roll`: at 0 FP or less, acting (any maneuver but Do
/// Nothing) takes a Will roll; failure: it collapses, unconscious.
fn zero_fp_will(
    req: &SpecialRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(who), Some(id)) = (req.actor, req.actor_id) else { return Ok(Vec::new()) };
    let word = req.words.first().map_or("", String::as_str);
    let roll_it =
        crate::rules::ruleset::option(&super::Gurps, req.options, "gurps_fp_collapse") == "roll";
    let me = state::person(req.state, id);
    let fp = super::Gurps::fp_left(who.stats, &me);
    if !roll_it || fp > 0 || Kind::parse(word) == Some(Kind::DoNothing) {
        return Ok(Vec::new());
    }
    let will = who.stats.int("will").unwrap_or_else(|| who.stats.int_or("iq", DEFAULT_ATTRIBUTE));
    let r = roll::roll_by(who.name, will, "Will (0 FP)", dice)?;
    let ok = r.verdict.success();
    let mut out = vec![Effect::Note {
        who: Who::Actor,
        text: format!(
            "{} at {fp} FP rolls Will {will} to act: {}; {}",
            who.name,
            r.text(),
            if ok { "goes on" } else { "collapses" }
        ),
        roll: r.roll,
    }];
    if !ok {
        out.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::Inflict(crate::rules::effect::Inflicted::new(
                "Unconscious",
                crate::rules::conditions::Source::Damage,
            )),
        });
    }
    Ok(out)
}

/// The HP-2 roll itself, as effects on `Who::Actor`.
pub fn zero_hp_roll(
    who: crate::rules::request::CombatantView<'_>,
    id: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let max = who.health.max.max(1);
    let penalty = who.health.current.saturating_neg() / max;
    let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
    // Hard to Subdue adds its level to the roll to stay conscious.
    let modifier = who.stats.int_or("hts", 0).saturating_sub(penalty);
    let r = roll::roll_by(who.name, ht.saturating_add(modifier), "HT (0 HP)", dice)?;
    let stays = r.verdict.success();
    let mut out = vec![
        Effect::System(GurpsEvent::HtChecked { id: id.into() }.wrap()),
        Effect::Note {
            who: Who::Actor,
            text: format!(
                "{} at {} HP rolls HT {} to act: {}; {}",
                who.name,
                who.health.current,
                super::injury::describe(ht, modifier),
                r.text(),
                if stays { "stays up" } else { "falls unconscious" }
            ),
            roll: r.roll,
        },
    ];
    if !stays {
        out.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::Inflict(crate::rules::effect::Inflicted::new(
                "Unconscious",
                crate::rules::conditions::Source::Damage,
            )),
        });
    }
    Ok(out)
}

fn typed(f: &FieldReader<'_>, key: &str) -> Result<Option<ScriptedDice>, RulesError> {
    f.value(key)
        .map(|t| ScriptedDice::parse(t).map_err(|e| RulesError::Invalid(format!("{key}: {e}"))))
        .transpose()
}

// GURPS-MAN-6: a Quick Contest; the winner's margin (less the foe's, if it also succeeded)
// comes off the foe's defense against the attacker's next attack.
pub(super) fn feint(
    req: SpecialRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(a), Some(b), Some(a_id), Some(b_id)) =
        (req.actor, req.target, req.actor_id, req.target_id)
    else {
        return invalid("feint ATTACKER TARGET");
    };
    let me = state::person(req.state, a_id);
    let mut effects = Vec::new();
    let current = me.maneuver.clone().filter(|_| me.in_turn);
    let aoa = match current.as_ref().map(|m| m.kind) {
        Some(Kind::Feint) => false,
        Some(Kind::AoaFeint) => true,
        Some(_) => {
            return invalid(format!(
                "{} took {} this turn; a Feint needs the Feint maneuver or All-Out Attack (Feint)",
                a.name,
                current.as_ref().map_or(String::new(), Maneuver::describe)
            ));
        }
        None => {
            let mut m = Maneuver::new(Kind::Feint);
            m.target = Some(b_id.to_string());
            effects
                .push(Effect::System(GurpsEvent::Maneuver { id: a_id.into(), maneuver: m }.wrap()));
            effects.push(Effect::Spend { who: Who::Actor, amount: 1, what: "feint".into() });
            false
        }
    };
    if a.conditions.iter().any(|c| c.name == "Stunned") {
        return invalid(format!("{} is stunned: Do Nothing only (GURPS-STUN-1)", a.name));
    }
    let f = FieldReader(req.fields);
    let (skill, parts) = feint_skill(a, b_id, &me, &f)?;
    let foe_best = f.int("vs")?.unwrap_or_else(|| resisting_skill(b));
    // Legality before dice: both sides' typed faces are read before either roll.
    let (mut typed_a, mut typed_b) = (typed(&f, "roll")?, typed(&f, "defroll")?);
    let mine = match typed_a.as_mut() {
        Some(t) => roll::roll_by(a.name, skill, "feint", t)?,
        None => roll::roll_by(a.name, skill, "feint", dice)?,
    };
    let theirs = match typed_b.as_mut() {
        Some(t) => roll::roll_by(b.name, foe_best, "resists feint", t)?,
        None => roll::roll_by(b.name, foe_best, "resists feint", dice)?,
    };
    let penalty = match (mine.verdict.success(), theirs.verdict.success()) {
        (false, _) => 0,
        (true, false) => mine.margin(),
        (true, true) => (mine.margin() - theirs.margin()).max(0),
    };
    effects.push(Effect::Note {
        who: Who::Actor,
        text: format!("{} feints {} ({parts} = {skill}): {}", a.name, b.name, mine.text()),
        roll: mine.roll,
    });
    effects.push(Effect::Note {
        who: Who::TARGET,
        text: format!(
            "{} resists with {foe_best}: {}; {}",
            b.name,
            theirs.text(),
            if penalty > 0 {
                format!("−{penalty} to its defense against {}'s next attack", a.name)
            } else {
                "the feint fails".into()
            }
        ),
        roll: theirs.roll,
    });
    if penalty > 0 {
        effects.push(Effect::System(
            GurpsEvent::Feinted {
                id: a_id.into(),
                feint: Feint { foe: b_id.to_string(), penalty, this_turn: !aoa },
            }
            .wrap(),
        ));
    }
    Ok(effects)
}

/// GURPS-MAN-6: the feinter's skill (`skill=`, its best melee weapon or DX) with shock, an
/// Evaluate on this foe and its posture, and the text naming each.
fn feint_skill(
    a: CombatantView<'_>,
    b_id: &str,
    me: &Person,
    f: &FieldReader<'_>,
) -> Result<(i64, String), RulesError> {
    let weapon_skill = a
        .weapons
        .iter()
        .filter(|w| !w.stats.flag("ranged") && !w.stats.flag("shield"))
        .filter_map(|w| w.stats.int("skill"))
        .max();
    let mut skill =
        f.int("skill")?.or(weapon_skill).unwrap_or(a.stats.int_or("dx", DEFAULT_ATTRIBUTE));
    let mut parts = format!("skill {skill}");
    if me.shock > 0 && me.in_turn {
        skill -= me.shock;
        parts.push_str(&format!(", shock −{}", me.shock));
    }
    let prev = me
        .previous
        .as_ref()
        .filter(|p| p.kind == Kind::Evaluate && p.target.as_deref() == Some(b_id));
    if let Some(ev) = prev {
        skill += ev.evaluate;
        parts.push_str(&format!(", evaluate +{}", ev.evaluate));
    }
    if let Some(p) = tables::POSTURES
        .iter()
        .find(|p| p.condition.is_some_and(|c| a.conditions.iter().any(|k| k.name == c)))
        && p.melee != 0
    {
        skill += p.melee;
        parts.push_str(&format!(", {} {}", p.key, p.melee));
    }
    Ok((skill, parts))
}

/// GURPS-MAN-6: the foe resists a Feint with its best melee skill or DX.
fn resisting_skill(b: CombatantView<'_>) -> i64 {
    let dx = b.stats.int_or("dx", DEFAULT_ATTRIBUTE);
    b.weapons
        .iter()
        .filter(|w| !w.stats.flag("ranged"))
        .filter_map(|w| w.stats.int("skill"))
        .chain([dx])
        .max()
        .unwrap_or(dx)
}

// GURPS-POST-1, GURPS-POST-2: one Change Posture per change; standing ↔ crouching is free,
// kneeling ↔ standing may use a step.
pub(super) fn posture(
    req: SpecialRequest<'_, GurpsState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(who), Some(id)) = (req.actor, req.actor_id) else {
        return invalid("posture NAME POSTURE");
    };
    let word = req.words.first().map_or("", String::as_str);
    let Some(to) = tables::posture(word) else {
        let valid: Vec<&str> = tables::POSTURES.iter().map(|p| p.key).collect();
        return invalid(format!("unknown posture '{word}'; expected {}", valid.join(", ")));
    };
    let from = tables::POSTURES
        .iter()
        .find(|p| p.condition.is_some_and(|c| who.conditions.iter().any(|k| k.name == c)))
        .copied()
        .unwrap_or(tables::POSTURES[0]);
    if from.key == to.key {
        return invalid(format!("{} is already {}", who.name, to.key));
    }
    if from.key == "lying" && to.key == "standing" {
        return invalid(format!(
            "from lying down {} rises in two changes: crawling, kneeling or sitting first (GURPS-POST-2)",
            who.name
        ));
    }
    let me = state::person(req.state, id);
    let free = matches!((from.key, to.key), ("standing", "crouching") | ("crouching", "standing"))
        || matches!((from.key, to.key), ("standing", "kneeling") | ("kneeling", "standing"));
    let mut effects = Vec::new();
    if let Some(c) = from.condition {
        effects.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: c.into(), why: Ending::Removed },
        });
    }
    if let Some(c) = to.condition {
        effects.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::Add {
                name: c.into(),
                rounds: None,
                detail: None,
                persistent: false,
            },
        });
    }
    let on_turn = me.in_turn && req.current.is_some_and(|c| c.name == who.name);
    if on_turn && !free {
        match &me.maneuver {
            None => {
                effects.insert(
                    0,
                    Effect::System(
                        GurpsEvent::Maneuver {
                            id: id.into(),
                            maneuver: Maneuver::new(Kind::ChangePosture),
                        }
                        .wrap(),
                    ),
                );
                effects.push(Effect::Spend {
                    who: Who::Actor,
                    amount: 1,
                    what: "change posture".into(),
                });
            }
            Some(m) if m.kind == Kind::ChangePosture => {
                return invalid(format!(
                    "{} has changed posture once this turn (GURPS-POST-2)",
                    who.name
                ));
            }
            Some(m) => {
                return invalid(format!(
                    "{} took {} this turn; changing to {} needs Change Posture (GURPS-POST-2)",
                    who.name,
                    m.describe(),
                    to.key
                ));
            }
        }
    }
    effects.push(Effect::Log {
        text: format!("{} is now {} ({})", who.name, to.key, to.move_text),
        roll: None,
    });
    Ok(effects)
}

// GURPS-HP-2: it will Do Nothing, so the HT roll at 0 HP is skipped this turn.
pub(super) fn skip_ht(
    req: SpecialRequest<'_, GurpsState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let Some(id) = req.actor_id else { return invalid("skipht NAME") };
    Ok(vec![Effect::System(GurpsEvent::SkipHt { id: id.into() }.wrap())])
}

/// `maneuver NAME KIND [target=NAME] [braced] [then=KIND] [weapon=WEAPON]`.
fn take_maneuver(request: SpecialRequest<'_, GurpsState>) -> Result<Vec<Effect>, RulesError> {
    let Some(word) = request.words.first() else {
        let name = request.actor.map_or("NAME", |a| a.name);
        return Err(RulesError::Invalid(format!(
            "maneuver {name}: which one? {}",
            maneuver::list()
        )));
    };
    choose_maneuver(request, word, true)
}

/// Take the maneuver `word`; `spend` when the verb (not `do`, which pays itself) pays for it.
pub(super) fn choose_maneuver(
    request: SpecialRequest<'_, GurpsState>,
    word: &str,
    spend: bool,
) -> Result<Vec<Effect>, RulesError> {
    let (Some(actor), Some(id)) = (request.actor, request.actor_id) else {
        return Err(RulesError::Invalid("maneuver NAME KIND: name who takes it".into()));
    };
    let Some(kind) = Kind::parse(word) else {
        return Err(RulesError::Invalid(format!(
            "unknown maneuver '{word}'; expected {}",
            maneuver::list()
        )));
    };
    let me = state::person(request.state, id);
    if me.maneuver.is_some() && me.in_turn {
        return Err(RulesError::Invalid(format!(
            "{} already took {} this turn; one maneuver a turn (GURPS-MAN-1)",
            actor.name,
            me.maneuver.as_ref().map_or(String::new(), Maneuver::describe)
        )));
    }
    // GURPS-STUN-1, GURPS-MAN-11: stunned, it may only Do Nothing.
    let stunned = actor.conditions.iter().any(|c| c.name == "Stunned");
    if stunned && kind != Kind::DoNothing {
        return Err(RulesError::Invalid(format!(
            "{} is stunned: Do Nothing only (GURPS-STUN-1)",
            actor.name
        )));
    }
    let f = FieldReader(request.fields);
    let target = match f.value("target") {
        Some(name) => Some(
            request
                .lookup
                .find(name)
                .map_err(|e| RulesError::Invalid(format!("target={name}: {e}")))?
                .0
                .to_string(),
        ),
        None => None,
    };
    // Each field is checked whatever the maneuver: one that belongs to another is refused
    // rather than ignored (design rule 5).
    let belongs = |field: &str, to: Kind, rule: &str| match f.0.iter().any(|(k, _)| k == field) {
        true if kind != to => Err(RulesError::Invalid(format!(
            "`{field}` is for {} ({rule}), not {}",
            to.word(),
            kind.word()
        ))),
        _ => Ok(()),
    };
    belongs("braced", Kind::Aim, "GURPS-MAN-3")?;
    belongs("then", Kind::Wait, "GURPS-MAN-11")?;
    belongs("weapon", Kind::Ready, "GURPS-MAN-10")?;
    if matches!(kind, Kind::Aim | Kind::Evaluate | Kind::Feint) && target.is_none() {
        return Err(RulesError::Invalid(format!(
            "{} needs one target: target=NAME (GURPS-MAN-3, MAN-4, MAN-6)",
            kind.word()
        )));
    }
    let mut maneuver = Maneuver::new(kind);
    maneuver.target = target.clone();
    maneuver.braced = f.flag("braced");
    let prev = me.previous.as_ref().filter(|p| p.kind == kind && p.target == target);
    let mut extra = Vec::new();
    match kind {
        // GURPS-MAN-3: consecutive turns of Aim on the same target count up.
        Kind::Aim => maneuver.aim_turns = prev.map_or(0, |p| p.aim_turns).saturating_add(1),
        // GURPS-MAN-4: +1 per consecutive turn, at most +3.
        Kind::Evaluate => maneuver.evaluate = (prev.map_or(0, |p| p.evaluate) + 1).min(3),
        // GURPS-MAN-10: Ready takes up an unready weapon (weapon=NAME, else the first).
        Kind::Ready => extra.extend(readied(actor.name, id, &me, &f)?),
        Kind::Wait => maneuver.then = Some(waits_for(&f)?),
        _ => {}
    }
    let mut effects =
        vec![Effect::System(GurpsEvent::Maneuver { id: id.to_string(), maneuver }.wrap())];
    effects.extend(extra);
    if spend {
        effects.push(Effect::Spend { who: Who::Actor, amount: 1, what: kind.word().to_string() });
    }
    Ok(effects)
}

/// GURPS-MAN-10: the weapon a Ready takes up (`weapon=NAME`, else the first unready one), as
/// its event.
fn readied(
    actor: &str,
    id: &str,
    me: &Person,
    f: &FieldReader<'_>,
) -> Result<Option<Effect>, RulesError> {
    let weapon = match f.value("weapon") {
        Some(w) => Some(
            me.unready.iter().find(|u| u.eq_ignore_ascii_case(w)).cloned().ok_or_else(|| {
                let unready = match me.unready.is_empty() {
                    true => "none".to_string(),
                    false => me.unready.join(", "),
                };
                RulesError::Invalid(format!(
                    "weapon={w}: {actor} has no unready weapon of that name (unready: {unready})"
                ))
            })?,
        ),
        None => me.unready.iter().find(|u| !me.broken.contains(u)).cloned(),
    };
    // GURPS-CRIT-1: a broken weapon stays out of the fight.
    if let Some(w) = weapon.as_ref().filter(|w| me.broken.contains(w)) {
        return Err(RulesError::Invalid(format!(
            "{actor}'s {w} is broken or out of the fight (a strained arm): no Ready mends it"
        )));
    }
    Ok(weapon
        .map(|weapon| Effect::System(GurpsEvent::Readied { id: id.to_string(), weapon }.wrap())))
}

/// GURPS-MAN-11: the maneuver a Wait will act as (`then=`, an attack by default).
fn waits_for(f: &FieldReader<'_>) -> Result<Kind, RulesError> {
    let then = f.value("then").unwrap_or("attack");
    Kind::parse(then)
        .filter(|k| k.attacks() > 0 || matches!(k, Kind::Feint | Kind::Ready))
        .ok_or_else(|| {
            RulesError::Invalid(format!(
                "then={then}: expected attack, feint, aoa-determined, aoa-double, aoa-feint, \
                 aoa-strong, move-attack or ready (GURPS-MAN-11)"
            ))
        })
}
