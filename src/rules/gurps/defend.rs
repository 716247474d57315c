//! Steps 4–5 of GURPS-ORDER-1 for one attack that landed: a sacrificial dodge (GURPS-DEF-11),
//! the HP-2 roll owed before a defense, Acrobatics (GURPS-DEF-10), the defense chosen or named
//! (GURPS-DEF-8) and Double Defense's second (GURPS-MAN-9), with critical defenses (GURPS-DEF-6).

use super::Gurps;
use super::critical::critical_miss;
use super::defense::{self, Asked, Choice, Incoming};
pub(super) use super::defense_ask::defense_picks;
use super::defense_ask::{ask_defense, field_text, pct};
use super::maneuver::Kind;
use super::roll::{self, Verdict};
use super::roll::{Sources, with};
use super::skill::Plan;
use super::state::{GurpsEvent, Person};
use super::tables;
use super::weapon::Arms;
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::effect::ConditionChange;
use crate::rules::effect::{Effect, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

/// The fields one strike's defense is read from. A command that makes several strikes (a Rapid
/// Strike, All-Out Attack (Double)) asks each strike's defense in its own fields (`defense2=`,
/// `retreat2` …), read before the command's own (`defense=`, typed for every strike).
#[derive(Debug, Clone, Copy)]
pub(super) struct Keys {
    pub(super) defense: &'static str,
    pub(super) retreat: &'static str,
    pub(super) drop: &'static str,
    pub(super) acrobatic: &'static str,
    /// Double Defense's second defense (GURPS-MAN-9).
    pub(super) double: &'static str,
}

pub(super) const PLAIN: Keys = Keys {
    defense: "defense",
    retreat: "retreat",
    drop: "drop",
    acrobatic: "acrobatic",
    double: "double",
};

/// Each strike's own fields, the first strike's first.
pub(super) const STRIKE_KEYS: [Keys; 3] = [
    Keys {
        defense: "defense1",
        retreat: "retreat1",
        drop: "drop1",
        acrobatic: "acrobatic1",
        double: "double1",
    },
    Keys {
        defense: "defense2",
        retreat: "retreat2",
        drop: "drop2",
        acrobatic: "acrobatic2",
        double: "double2",
    },
    Keys {
        defense: "defense3",
        retreat: "retreat3",
        drop: "drop3",
        acrobatic: "acrobatic3",
        double: "double3",
    },
];

/// The fields this strike's defense is read from and its decision writes.
pub(super) fn keys(req: &AttackRequest<'_, GurpsState>, p: &Plan) -> Keys {
    let f = FieldReader(req.fields);
    let number = f.int_in(super::attack::STRIKE, 0, 3).unwrap_or(1).max(1);
    let kind = match p.maneuver.kind {
        Kind::Wait => p.maneuver.then.unwrap_or(Kind::Attack),
        k => k,
    };
    if p.rapid || kind == Kind::AoaDouble || number > 1 {
        let at = usize::try_from(number.saturating_sub(1)).unwrap_or(0).min(2);
        STRIKE_KEYS[at]
    } else {
        PLAIN
    }
}

/// How the command asks this strike to defend: its own fields, else the command's.
fn asked_of(f: &FieldReader<'_>, k: Keys) -> (Asked, bool) {
    let named = f.value(k.defense).or_else(|| f.value(PLAIN.defense));
    let flag = |own: &str, all: &str| f.flag(own) || f.flag(all);
    let asked = Asked {
        named: named.map(str::to_ascii_lowercase),
        retreat: flag(k.retreat, PLAIN.retreat),
        drop: flag(k.drop, PLAIN.drop),
        acrobatic: 0,
    };
    (asked, flag(k.acrobatic, PLAIN.acrobatic))
}

/// The attack as the defense sees it.
pub(super) fn incoming(req: &AttackRequest<'_, GurpsState>, p: &Plan) -> Incoming {
    Incoming {
        attacker: req.attacker_id.to_string(),
        melee: p.arms.melee(),
        thrown: p.arms.thrown,
        small: p.arms.small,
        firearm: p.arms.firearm,
        deceptive: p.deceptive,
        feint: p.feint,
        backside: FieldReader(req.fields).flag("backside"),
    }
}

/// How the defense came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Defense {
    /// The attack hits this one: the target, or the ally whose sacrificial dodge took it.
    Struck(Who),
    /// A defense roll stopped it: which defense (`dodge`, `Dodge`) and by how much it succeeded
    /// (rapid fire reads how many hits it stops from them, GURPS-RAPID-2).
    Stopped { kind: &'static str, name: String, margin: i64 },
}

/// Steps 4–5: sacrificial dodge, Acrobatics, the defense (and Double Defense's second): who the
/// attack hits, or the defense that stopped it.
pub(super) fn defend(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    at: tables::Location,
    target: &mut Person,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<Defense, RulesError> {
    let f = FieldReader(req.fields);
    let t = req.target.name;
    let _ = at;
    if sacrificial_dodge(req, srcs, dice, effects)? {
        return Ok(Defense::Struck(Who::Target(1)));
    }
    // GURPS-DEF-1: no defense against an attack it does not know of.
    if f.flag("unaware") {
        effects.push(Effect::Log { text: format!("{t} is unaware: no defense"), roll: None });
        return Ok(Defense::Struck(Who::TARGET));
    }
    let incoming = incoming(req, p);
    let k = keys(req, p);
    let (mut asked, mut acrobatic) = asked_of(&f, k);
    let strict = option(&Gurps, req.options, "gurps_retreat_limits") == "strict";
    let no_defense = asked.named.as_deref() == Some("none");
    if falls_at_zero_hp(req, target, no_defense, srcs, dice, effects)? {
        return Ok(Defense::Struck(Who::TARGET));
    }
    let open = defense::choices(req.target, target, &incoming, &asked, strict)?;
    if open.is_empty() && asked.named.as_deref().is_none_or(|n| n == "none") {
        effects.push(Effect::Log { text: format!("{t} has no active defense"), roll: None });
        return Ok(Defense::Struck(Who::TARGET));
    }
    // The attack hit and the defense is not named: the defender decides now. A source that
    // asks the GM stops here with the defenses open and their odds; any other takes the best,
    // the rules' default, which a saved command replays the same way (with
    // `gurps_auto_defense ask` there is no default: the command must name it).
    if asked.named.is_none() && !acrobatic {
        acrobatic = ask_defense(req, p, k, &mut asked, dice)?;
    }
    // GURPS-DEF-10: an acrobatic dodge rolls Acrobatics first.
    if acrobatic {
        asked.acrobatic = acrobatics(req, srcs, dice, effects)?;
        if asked.named.as_deref().is_none_or(|n| n == "best") {
            asked.named = Some("dodge".into());
        }
    }
    let open = defense::choices(req.target, target, &incoming, &asked, strict)?;
    let Some(choice) = defense::pick(&open, asked.named.as_deref())? else {
        effects.push(Effect::Log { text: format!("{t} does not defend"), roll: None });
        return Ok(Defense::Struck(Who::TARGET));
    };
    let double =
        target.maneuver.as_ref().is_some_and(|m| m.kind == Kind::AodDouble) && incoming.melee;
    let mut tries = vec![choice];
    let mut n = 0;
    while let Some(choice) = tries.get(n).cloned() {
        n += 1;
        let mut src = with(&mut srcs.defense, dice);
        let r = roll::roll_asked(
            choice.value,
            &format!("{t}'s {}", choice.name()),
            choice.kind,
            &mut src,
        )?;
        srcs.defense = src.typed;
        let ok = r.verdict.success();
        effects.push(Effect::Note {
            who: Who::TARGET,
            text: format!("{t} defends: {}, {}", choice.label(), r.text()),
            roll: r.roll.clone(),
        });
        record_defense(req, &choice, asked.drop, target, effects);
        if ok {
            // GURPS-DEF-6: a critical defense against melee sends the attacker to the table.
            if r.verdict == Verdict::CriticalSuccess && incoming.melee {
                critical_miss(req, &p.arms, req.attacker.name, Who::Actor, srcs, dice, effects)?;
            }
            let margin = r.margin();
            return Ok(Defense::Stopped { kind: choice.kind, name: choice.name(), margin });
        }
        if r.verdict == Verdict::CriticalFailure {
            critical_failure(req, p, &choice, srcs, dice, effects)?;
        }
        // GURPS-MAN-9: Double Defense, one other defense after a failure.
        if double && n == 1 {
            let mut again = Asked { named: None, ..asked.clone() };
            if option(&Gurps, req.options, "gurps_double_defense_retreat") == "first" {
                again.retreat = false;
            }
            let next = defense::choices(req.target, target, &incoming, &again, strict)?;
            let other: Vec<Choice> = next
                .into_iter()
                .filter(|c| {
                    c.kind != choice.kind || (c.kind == "parry" && c.weapon != choice.weapon)
                })
                .collect();
            if let Some(second) = second_defense(req, k, &other, dice)? {
                tries.push(second);
            }
        }
    }
    Ok(Defense::Struck(Who::TARGET))
}

/// GURPS-MAN-9: Double Defense's second defense, after the first failed: the one named
/// (`double=`, `double2=` …), or the defender's decision between the others open, the best its
/// default (none with `gurps_auto_defense ask`).
fn second_defense(
    req: &AttackRequest<'_, GurpsState>,
    k: Keys,
    other: &[Choice],
    dice: &mut dyn DiceSource,
) -> Result<Option<Choice>, RulesError> {
    let f = FieldReader(req.fields);
    let named = f.value(k.double).or_else(|| f.value(PLAIN.double)).map(str::to_ascii_lowercase);
    if named.is_some() {
        return defense::pick(other, named.as_deref());
    }
    let Some(best) = defense::pick(other, None)? else { return Ok(None) };
    let line = |c: &Choice| format!("{} {}: {}", c.name(), c.value, pct(c.value));
    let mut options =
        vec![Pick::open(format!("best: {}", line(&best)), field_text(k.double, &best))];
    options.extend(other.iter().map(|c| Pick::open(line(c), field_text(k.double, c))));
    options.push(Pick::open("none", format!("{}=none", k.double)));
    let label = format!("{}'s second defense (Double Defense)", req.target.name);
    let mut decision = Decision::new(label, k.double, options);
    if option(&Gurps, req.options, "gurps_auto_defense") == "ask" {
        decision.suggested = None;
    }
    let chosen = dice.decide(&decision)?;
    let value =
        decision.options.get(chosen).filter(|_| chosen > 0).and_then(|p| {
            p.text.split_once('=').map(|(_, v)| v.replace('"', "").to_ascii_lowercase())
        });
    match value {
        Some(v) => defense::pick(other, Some(&v)),
        None => Ok(Some(best)),
    }
}

/// GURPS-DEF-11: an ally dodges into the attack's path; on a success (`true`) it is hit instead.
fn sacrificial_dodge(
    req: &AttackRequest<'_, GurpsState>,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<bool, RulesError> {
    let Some(ally) = req.targets.get(1) else {
        return Ok(false);
    };
    let (dodge, _) = defense::base_dodge(ally.view);
    let mut src = with(&mut srcs.defense, dice);
    let r = roll::roll_by(ally.view.name, dodge, "sacrificial dodge", &mut src)?;
    srcs.defense = src.typed;
    let ok = r.verdict.success();
    effects.push(Effect::Note {
        who: Who::Target(1),
        text: format!(
            "{} dodges into the attack on {}: Dodge {dodge}, {}; {}",
            ally.view.name,
            req.target.name,
            r.text(),
            if ok { "takes the hit" } else { "too slow" }
        ),
        roll: r.roll,
    });
    Ok(ok)
}

/// GURPS-HP-2: a target at 0 HP or less rolls HT before its first defense since its last turn
/// (`on_action`), or, rolling as turns begin, when its turn was Do Nothing with no roll (a
/// stunned one's, or `skip_ht`): Do Nothing spares the roll only while it makes no defense roll.
/// Failing (`true`), it falls unconscious and does not defend.
fn falls_at_zero_hp(
    req: &AttackRequest<'_, GurpsState>,
    target: &mut Person,
    no_defense: bool,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<bool, RulesError> {
    let on_action = option(&Gurps, req.options, "gurps_zero_hp_check") == "on_action";
    let owed = on_action || (target.ht_owed && !no_defense);
    if !owed || req.target.health.current > 0 || target.ht_checked {
        return Ok(false);
    }
    let mut src = with(&mut srcs.defense, dice);
    let rolled = super::verbs::zero_hp_roll(req.target, req.target_id, &mut src)?;
    srcs.defense = src.typed;
    target.ht_checked = true;
    let out = rolled
        .iter()
        .any(|e| matches!(e, Effect::Condition { change: ConditionChange::Inflict(_), .. }));
    effects.extend(rolled.into_iter().map(|e| match e {
        Effect::Note { text, roll, .. } => Effect::Note { who: Who::TARGET, text, roll },
        Effect::Condition { change: change @ ConditionChange::Inflict(_), .. } => {
            Effect::Condition { who: Who::TARGET, change }
        }
        other => other,
    }));
    Ok(out)
}

/// GURPS-DEF-10: Acrobatics before an acrobatic dodge, +2 on a success and −2 on a failure (or a
/// flat +2 by option).
fn acrobatics(
    req: &AttackRequest<'_, GurpsState>,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<i64, RulesError> {
    if option(&Gurps, req.options, "gurps_acrobatic_dodge") == "flat" {
        return Ok(2);
    }
    let t = req.target.name;
    let skill = req.target.stats.int("acrobatics").ok_or_else(|| {
        RulesError::Invalid(format!("{t} has no acrobatics=N for an acrobatic dodge"))
    })?;
    let mut src = with(&mut srcs.defense, dice);
    let r = roll::roll_by(t, skill, "Acrobatics", &mut src)?;
    srcs.defense = src.typed;
    effects.push(Effect::Note {
        who: Who::TARGET,
        text: format!("{t}: Acrobatics {}", r.text()),
        roll: r.roll,
    });
    Ok(if r.verdict.success() { 2 } else { -2 })
}

/// The defense made, as an event and counted at once (for a Rapid Strike's second attack): the
/// parry's weapon, a block, the retreat, and a dodge dropped prone.
fn record_defense(
    req: &AttackRequest<'_, GurpsState>,
    choice: &Choice,
    drop: bool,
    target: &mut Person,
    effects: &mut Vec<Effect>,
) {
    let retreat_from = choice.retreat.then(|| req.attacker_id.to_string());
    effects.push(Effect::System(
        GurpsEvent::Defended {
            id: req.target_id.into(),
            kind: choice.kind.into(),
            weapon: choice.weapon.clone(),
            retreat: retreat_from.clone(),
        }
        .wrap(),
    ));
    match choice.kind {
        "parry" => {
            let w = choice.weapon.clone().unwrap_or_default();
            match target.parries.iter_mut().find(|(k, _)| *k == w) {
                Some((_, c)) => *c = c.saturating_add(1),
                None => target.parries.push((w, 1)),
            }
        }
        "block" => target.blocked = true,
        _ => {}
    }
    if retreat_from.is_some() {
        target.retreat_from = retreat_from;
    }
    if drop && choice.kind == "dodge" {
        effects.push(Effect::Condition {
            who: Who::TARGET,
            change: ConditionChange::Add {
                name: "Prone".into(),
                rounds: None,
                detail: None,
                persistent: false,
            },
        });
    }
}

/// GURPS-DEF-6: a critically failed dodge falls prone, a block's shield is unready, and a parry
/// rolls on the critical miss table for the parrying weapon.
fn critical_failure(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    choice: &Choice,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let t = req.target.name;
    match choice.kind {
        "dodge" => effects.push(Effect::Condition {
            who: Who::TARGET,
            change: ConditionChange::Add {
                name: "Prone".into(),
                rounds: None,
                detail: None,
                persistent: false,
            },
        }),
        "block" => match choice.weapon.clone() {
            Some(weapon) => effects.push(Effect::System(
                GurpsEvent::Unready { id: req.target_id.into(), weapon, broken: false }.wrap(),
            )),
            None => effects.push(Effect::Log {
                text: format!("{t}'s shield is unready (critical failure)"),
                roll: None,
            }),
        },
        _ => {
            let arms = Arms { name: choice.weapon.clone(), ..p.arms.clone() };
            critical_miss(req, &arms, t, Who::TARGET, srcs, dice, effects)?;
        }
    }
    Ok(())
}
