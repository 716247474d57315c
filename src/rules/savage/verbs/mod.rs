//! Savage Worlds' own verbs: soak (SW-DMG-4), benny (SW-SHAKEN-1), defend, trick, tests of wills,
//! grapple and disarm (SW-ATK-6), fear (SW-FEAR-1) and NPC reactions (SW-REACT-1). Each verb is
//! one function; bennies and fear have their own modules.

pub(in crate::rules::savage) mod bennies;
pub(in crate::rules::savage) mod fear;

use super::attack::{defending, int_within, trait_modifiers};
use super::damage_dice::{check_damage, roll_damage};
use super::tables::MAX_FIELD;
use super::{ACTIONS, Savage, TN, asked_plain, asked_trait_roll, needs, tables};
use crate::rules::conditions::{Edge, Source};
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, ScriptedDice};
use crate::rules::effect::{ConditionChange, Inflicted};
use crate::rules::effect::{Effect, Who};
use crate::rules::request::{CombatantView, FieldReader, SpecialRequest};
use crate::rules::savage::state::SavageState;
use crate::rules::stats::TraitDie;
use crate::rules::types::RulesError;

const D4: TraitDie = TraitDie { sides: 4, bonus: 0 };

fn field<'a>(req: &SpecialRequest<'a, SavageState>, key: &str) -> Option<&'a str> {
    req.fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.as_deref())
}

/// The damage typed in `dmg=`, else `default`, checked before any die: a bad one is refused
/// under its own name (`dmg=zz: …`).
fn damage_field<'a>(
    req: &SpecialRequest<'a, SavageState>,
    default: &'a str,
) -> Result<&'a str, RulesError> {
    match field(req, "dmg") {
        Some(dmg) => {
            check_damage(dmg).map_err(|e| RulesError::Invalid(format!("dmg={dmg}: {e}")))?;
            Ok(dmg)
        }
        None => Ok(default),
    }
}

fn need<'a>(
    who: Option<CombatantView<'a>>,
    role: &str,
    verb: &str,
) -> Result<CombatantView<'a>, RulesError> {
    who.ok_or_else(|| RulesError::Invalid(format!("`{verb}` needs {role}")))
}

/// SW-ACT-1: a verb that costs an action is refused before any die is rolled when it is not the
/// actor's turn or its three actions are spent, and (SW-ATK-2) after it Defended this turn,
/// unless `force` (the engine spends it only on the actor's own turn).
fn check_action(
    req: &SpecialRequest<'_, SavageState>,
    actor: CombatantView<'_>,
) -> Result<(), RulesError> {
    if !req.started || forced(req) {
        return Ok(());
    }
    let why = if req.current.is_none_or(|c| c.name != actor.name) {
        format!("it is not {}'s turn (SW-ACT-1)", actor.name)
    } else if defending(actor) {
        format!(
            "{} is Defending: Defend took its whole turn, with no other action (SW-ATK-2)",
            actor.name
        )
    } else if req.actions_taken >= ACTIONS {
        format!(
            "`{}` costs 1 action; {} has 0 of {ACTIONS} left this turn (SW-ACT-1)",
            req.verb, actor.name
        )
    } else {
        return Ok(());
    };
    Err(RulesError::Invalid(format!("{why}; add `force` to do it anyway")))
}

/// `force` given, as a field or (`trick A B force`) as the optional word.
fn forced(req: &SpecialRequest<'_, SavageState>) -> bool {
    FieldReader(req.fields).flag("force") || req.words.iter().any(|w| w == "force")
}

/// Faces typed in the field `key` (`roll=`, `vs=`, `dmgroll=`), if given; an error names the
/// field. Read before any die is rolled.
fn typed(
    req: &SpecialRequest<'_, SavageState>,
    key: &str,
) -> Result<Option<ScriptedDice>, RulesError> {
    super::attack::typed(&FieldReader(req.fields), key)
}

/// A trait roll for `who`, with its wounds and Fatigue, from typed faces when given, asked as
/// `Bo's Spirit` needing TN 4.
fn roll_trait(
    who: CombatantView<'_>,
    trait_name: &str,
    extra: i64,
    typed: Option<ScriptedDice>,
    dice: &mut dyn DiceSource,
) -> Result<super::TraitRoll, RulesError> {
    roll_trait_beat(who, trait_name, extra, None, typed, dice)
}

/// [`roll_trait`] against something else than TN 4: `beat` gives (the number, what it is).
fn roll_trait_beat(
    who: CombatantView<'_>,
    trait_name: &str,
    extra: i64,
    beat: Option<(i64, &str)>,
    mut typed: Option<ScriptedDice>,
    dice: &mut dyn DiceSource,
) -> Result<super::TraitRoll, RulesError> {
    let die = who.stats.die(trait_name);
    // An untrained skill: d4 at −2; an unstated attribute is simply a d4.
    let attributes = ["agility", "smarts", "spirit", "strength", "vigor"];
    let untrained = if die.is_none() && !attributes.contains(&trait_name) { -2 } else { 0 };
    let die = die.unwrap_or(D4);
    let penalty: i64 = trait_modifiers(who).iter().map(|(_, m)| m).sum::<i64>() + untrained;
    let source: &mut dyn DiceSource = match typed.as_mut() {
        Some(s) => s,
        None => dice,
    };
    let modifier = penalty + extra;
    let mut named = trait_name.to_string();
    if let Some(first) = named.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let label = format!("{}'s {named}", who.name);
    let (tn, against) = beat.unwrap_or((TN, "TN"));
    let beat = Some(needs(tn, against, modifier + die.bonus));
    Ok(asked_trait_roll(label, die, Savage::is_wild(who.stats), modifier, beat, source)?)
}

fn log(text: String, roll: &super::TraitRoll) -> Effect {
    Effect::Log { text, roll: Some(roll.record.clone()) }
}

/// SW-ATK-2, SW-ATK-6: what lasts "until its next turn" (Defend, a trick's −2) ends as its
/// bearer's next turn begins, as a duration anchored to that turn.
fn until_next_turn(who: Who, name: &str) -> Effect {
    let what = Inflicted::new(name, Source::Manual).until(Edge::Start);
    Effect::Condition { who, change: ConditionChange::Inflict(what) }
}

fn add(who: Who, name: &str, rounds: Option<u32>) -> Effect {
    Effect::Condition {
        who,
        change: ConditionChange::Add {
            name: name.to_string(),
            rounds,
            detail: None,
            persistent: false,
        },
    }
}

/// Opposed rolls: the actor needs a success and to beat the defender; a raise is 4 over the
/// defender's total.
fn opposed(
    req: &SpecialRequest<'_, SavageState>,
    mine: &str,
    theirs: &str,
    extra: i64,
    dice: &mut dyn DiceSource,
) -> Result<(Vec<Effect>, bool, bool), RulesError> {
    let actor = need(req.actor, "an ATTACKER", req.verb)?;
    let target = need(req.target, "a TARGET", req.verb)?;
    check_action(req, actor)?;
    let (roll, vs) = (typed(req, "roll")?, typed(req, "vs")?);
    // The Joker's +2 rides on each roller's own modifiers (trait_modifiers).
    let a = roll_trait(actor, mine, extra - 2 * i64::from(req.actions_taken), roll, dice)?;
    let d = roll_trait_beat(target, theirs, 0, Some((a.total, "to resist")), vs, dice)?;
    let won = !a.critical_failure && a.total >= TN && a.total > d.total;
    // Each of these verbs is the actor's action (SW-ACT-1).
    let raise = won && a.total >= d.total + 4;
    let verdict = match (won, raise) {
        (true, true) => "wins with a raise",
        (true, false) => "wins",
        _ => "fails",
    };
    let effects = vec![
        Effect::Spend { who: Who::Actor, amount: 1, what: req.verb.to_string() },
        log(format!("{} ({mine}) {}: {verdict}", actor.name, a.total), &a),
        log(format!("{} ({theirs}) {}", target.name, d.total), &d),
    ];
    Ok((effects, won, raise))
}

/// SW-INIT-4: both want to go first: opposed Agility; the held one acts now if it wins.
pub(in crate::rules::savage) fn interrupt(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let actor = need(req.actor, "a held NAME", "interrupt")?;
    if !req.held {
        return Err(RulesError::Invalid(format!(
            "{} is not holding; `hold {}` first",
            actor.name, actor.name
        )));
    }
    let target = need(req.current, "someone whose turn it is", "interrupt")?;
    let (roll, vs) = (typed(&req, "roll")?, typed(&req, "vs")?);
    let a = roll_trait(actor, "agility", 0, roll, dice)?;
    let d = roll_trait_beat(target, "agility", 0, Some((a.total, "to keep its turn")), vs, dice)?;
    let wins = a.total > d.total;
    let mut effects = vec![
        log(format!("{} tries to go first: Agility {}", actor.name, a.total), &a),
        log(
            format!(
                "{} Agility {}: {}",
                target.name,
                d.total,
                if wins { "the interruption comes first" } else { "keeps its turn" }
            ),
            &d,
        ),
    ];
    if wins {
        effects.push(Effect::ActNow { who: Who::Actor });
    }
    Ok(effects)
}

/// SW-ATK-5: area damage to one combatant under the template; cover counts as armor.
pub(in crate::rules::savage) fn blast(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let actor = need(req.actor, "an ATTACKER", "blast")?;
    let target = need(req.target, "a TARGET", "blast")?;
    let dmg = damage_field(&req, "2d6")?;
    let ap = int_within(&FieldReader(req.fields), "ap", 0, MAX_FIELD)?.unwrap_or(0);
    let armor = match field(&req, "cover") {
        None => 0,
        Some(c) => -tables::cover(&c.to_ascii_lowercase()).ok_or_else(|| {
            RulesError::Invalid(format!("cover={c}: expected light, medium or heavy"))
        })?,
    };
    let mut typed_damage = typed(&req, "dmgroll")?;
    let source: &mut dyn DiceSource = match typed_damage.as_mut() {
        Some(s) => s,
        None => dice,
    };
    source.before_roll(&RollAsk {
        label: format!("blast damage on {}", target.name),
        dice: dmg.to_string(),
        count: super::damage_dice::dice_count(dmg),
        beat: None,
    })?;
    let (mut total, faces) =
        roll_damage(dmg, actor.stats.die("strength").unwrap_or(D4), true, source)?;
    if Savage::holds_joker(actor) {
        total += 2;
    }
    let pierced = ap.min(target.stats.int_or("armor", 0).saturating_add(armor));
    let roll = crate::rules::dice::RollRecord { expr: dmg.to_string(), dice: faces, total };
    let cover_text = if armor > 0 { format!(" (cover +{armor} Toughness)") } else { String::new() };
    // The hit goes through the same pipeline as an attack's: Toughness, Shaken, wounds,
    // then the Incapacitation roll.
    let effects = vec![
        Effect::Log {
            text: format!("blast on {}: {dmg} = {total}{cover_text}", target.name),
            roll: Some(roll.clone()),
        },
        Effect::Hit(crate::rules::effect::Hit {
            target: Who::TARGET,
            amount: total,
            roll: Some(roll),
            armor_ignored: pierced,
            armor_added: armor,
            ..Default::default()
        }),
    ];
    Ok(effects)
}

/// SW-ATK-4: under suppressive fire, Spirit or be Shaken; a 1 on the Spirit die is a hit.
pub(in crate::rules::savage) fn suppressed(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let who = need(req.actor, "a NAME", "suppressed")?;
    let spirit = roll_trait(who, "spirit", 0, typed(&req, "roll")?, dice)?;
    let failed = spirit.total < TN || spirit.critical_failure;
    let hit = spirit.trait_faces.first() == Some(&1);
    let text = format!(
        "{} under suppressive fire: Spirit {}{}{}",
        who.name,
        spirit.total,
        if failed { ", Shaken" } else { ", holds" },
        if hit { ", and is hit: roll its damage" } else { "" }
    );
    let mut effects = vec![log(text, &spirit)];
    if failed {
        effects.push(add(Who::Actor, "Shaken", None));
    }
    Ok(effects)
}

/// A thrown area weapon that misses lands 1d6" away, towards 1d12 o'clock.
pub(in crate::rules::savage) fn deviate(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let who = need(req.actor, "a NAME", "deviate")?;
    let inches = asked_plain(format!("{}'s throw: inches off", who.name), "1d6", dice)?;
    let clock = asked_plain(format!("{}'s throw: towards o'clock", who.name), "1d12", dice)?;
    Ok(vec![Effect::Log {
        text: format!(
            "{}'s throw lands {}\" off, towards {} o'clock",
            who.name, inches.total, clock.total
        ),
        roll: Some(inches),
    }])
}

/// SW-ATK-2: Defend, +2 Parry, the whole turn ("no other action"): refused, before anything
/// changes, once the defender has acted this turn, unless `force`.
pub(in crate::rules::savage) fn defend(
    req: SpecialRequest<'_, SavageState>,
    _dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let actor = need(req.actor, "a NAME", "defend")?;
    let own_turn = req.started && req.current.is_some_and(|c| c.name == actor.name);
    // Once Defending, check_action says so; before that, any action taken is named.
    if own_turn && req.actions_taken > 0 && !defending(actor) && !forced(&req) {
        let taken = req.actions_taken;
        return Err(RulesError::Invalid(format!(
            "{} already acted this turn ({taken} of {ACTIONS} actions spent): Defend is the whole \
             turn's action, with no other (SW-ATK-2); add `force` to defend anyway",
            actor.name
        )));
    }
    check_action(&req, actor)?;
    Ok(vec![
        until_next_turn(Who::Actor, "Defending"),
        Effect::SpendAll { who: Who::Actor, why: "defends".into() },
    ])
}

/// SW-ATK-6: a trick, Agility or Smarts against the same.
pub(in crate::rules::savage) fn trick(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let attribute = req.words.iter().find(|w| *w != "force").map_or("agility", String::as_str);
    if attribute != "agility" && attribute != "smarts" {
        return Err(RulesError::Invalid(format!(
            "trick with agility or smarts, not '{attribute}'"
        )));
    }
    let (mut effects, won, raise) = opposed(&req, attribute, attribute, 0, dice)?;
    if won {
        effects.push(until_next_turn(Who::TARGET, "Tricked"));
    }
    if raise {
        effects.push(add(Who::TARGET, "Shaken", None));
    }
    Ok(effects)
}

/// SW-ATK-6: Intimidation against Spirit.
pub(in crate::rules::savage) fn intimidate(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    test_of_wills(req, ("intimidation", "spirit"), dice)
}

/// SW-ATK-6: Taunt against Smarts.
pub(in crate::rules::savage) fn taunt(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    test_of_wills(req, ("taunt", "smarts"), dice)
}

/// SW-ATK-6: a test of will, the actor's skill against the target's attribute.
fn test_of_wills(
    req: SpecialRequest<'_, SavageState>,
    (mine, theirs): (&str, &str),
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (mut effects, won, raise) = opposed(&req, mine, theirs, 0, dice)?;
    if won {
        let by = req.actor.map(|a| a.name.to_string());
        effects.push(Effect::Condition {
            who: Who::TARGET,
            change: ConditionChange::Add {
                name: "Outwilled".into(),
                rounds: None,
                detail: by,
                persistent: false,
            },
        });
    }
    if raise {
        effects.push(add(Who::TARGET, "Shaken", None));
    }
    Ok(effects)
}

/// SW-ATK-6: grapple, opposed Fighting; a raise also Shakes.
pub(in crate::rules::savage) fn grapple(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let (mut effects, won, raise) = opposed(&req, "fighting", "fighting", 0, dice)?;
    if won {
        effects.push(add(Who::TARGET, "Grappled", None));
        effects.push(add(Who::Actor, "Grappled", None));
    }
    if raise {
        effects.push(add(Who::TARGET, "Shaken", None));
    }
    Ok(effects)
}

/// SW-ATK-6: disarm at −2 against Parry; the defender's Strength against the damage.
pub(in crate::rules::savage) fn disarm(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let actor = need(req.actor, "an ATTACKER", "disarm")?;
    let target = need(req.target, "a TARGET", "disarm")?;
    check_action(&req, actor)?;
    let parry = super::attack::effective_parry(target);
    // Legality before dice: the damage is read now though it is rolled only on a hit.
    let dmg = damage_field(&req, "str")?;
    let (roll, vs) = (typed(&req, "roll")?, typed(&req, "vs")?);
    let hit = roll_trait_beat(actor, "fighting", -2, Some((parry, "Parry")), roll, dice)?;
    let mut effects = vec![
        Effect::Spend { who: Who::Actor, amount: 1, what: "disarm".into() },
        log(
            format!(
                "{} tries to disarm {}: Fighting −2 → {} vs Parry {parry}",
                actor.name, target.name, hit.total
            ),
            &hit,
        ),
    ];
    if hit.total < parry || hit.critical_failure {
        effects.push(Effect::Log { text: "the disarm misses".into(), roll: None });
        return Ok(effects);
    }
    dice.before_roll(&RollAsk {
        label: format!("{}'s disarm damage", actor.name),
        dice: dmg.to_string(),
        count: super::damage_dice::dice_count(dmg),
        beat: None,
    })?;
    let (damage, _) = roll_damage(dmg, actor.stats.die("strength").unwrap_or(D4), true, dice)?;
    let hold = roll_trait_beat(target, "strength", 0, Some((damage, "to hold on")), vs, dice)?;
    let drops = hold.total < damage;
    effects.push(log(
        format!(
            "{} holds on with Strength {} against {damage}: {}",
            target.name,
            hold.total,
            if drops { "drops its weapon" } else { "keeps its weapon" }
        ),
        &hold,
    ));
    Ok(effects)
}

/// SW-REACT-1: 2d6 on the reaction table.
pub(in crate::rules::savage) fn reaction(
    req: SpecialRequest<'_, SavageState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let mut typed_roll = typed(&req, "roll")?;
    let source: &mut dyn DiceSource = match typed_roll.as_mut() {
        Some(s) => s,
        None => dice,
    };
    let name = req.actor.map_or("The NPC".to_string(), |a| a.name.to_string());
    let roll = asked_plain(format!("{name}'s reaction"), "2d6", source)?;
    Ok(vec![Effect::Log {
        text: format!("{name}'s reaction: {}", tables::reaction(roll.total)),
        roll: Some(roll),
    }])
}
