//! The defender's decision (GURPS-DEF-8), asked once an attack roll hits: each defense open to
//! the target with its value and exact odds, the retreating and acrobatic ones, those the rules
//! refuse with why, and the best the defender's maneuver allows first.

use super::Gurps;
use super::defend::{Keys, PLAIN, incoming};
use super::defense::{self, Asked, Choice};
use super::skill::Plan;
use super::state::Person;
use crate::rules::dice::DiceSource;
use crate::rules::dice::question::{Decision, Pick};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::AttackRequest;
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

/// The attack dialog's defense pick for this attack (issue 10 item 7): the best first, then each
/// defense open to the target (Dodge, Parry with each weapon, Block) with its value and the exact
/// odds it succeeds (and with a retreat, when one is open), then none. `None` when the attack as
/// written is not one the rules would make (the dialog keeps its fixed list; the preview says why).
pub fn defense_picks(req: &AttackRequest<'_, GurpsState>) -> Option<Vec<(String, String)>> {
    let p = super::skill::plan(req).ok()?;
    let target = super::state::person(req.state, req.target_id);
    let incoming = incoming(req, &p);
    let strict = option(&Gurps, req.options, "gurps_retreat_limits") == "strict";
    let plain = defense::choices(req.target, &target, &incoming, &Asked::default(), strict).ok()?;
    let retreating = Asked { retreat: true, ..Asked::default() };
    let back = defense::choices(req.target, &target, &incoming, &retreating, strict)
        .ok()
        .filter(|_| incoming.melee);
    let line = |c: &Choice| {
        let mut text = format!("{} {}: {}", c.name(), c.value, pct(c.value));
        let same = |r: &&Choice| r.kind == c.kind && r.weapon == c.weapon;
        if let Some(r) = back.as_ref().and_then(|b| b.iter().find(same))
            && r.value != c.value
        {
            text.push_str(&format!(", retreating {}: {}", r.value, pct(r.value)));
        }
        text
    };
    let mut picks = Vec::new();
    match defense::pick(&plain, None).ok().flatten() {
        Some(best) => picks.push((format!("best: {}", line(&best)), String::new())),
        None => picks.push(("no defense open to it".to_string(), String::new())),
    }
    picks.extend(plain.iter().map(|c| (line(c), defense_text(c))));
    picks.push(("none (takes the hit)".to_string(), "defense=none".to_string()));
    Some(picks)
}

pub(super) fn pct(value: i64) -> String {
    format!("{:.1}%", super::odds::success(value).percent())
}

/// The command text that names one defense: `defense=parry:axe` (a weapon named with spaces in
/// quotes, as the command line reads it).
fn defense_text(c: &Choice) -> String {
    defense_in(PLAIN, c)
}

/// [`defense_text`] in a strike's own field (`defense2=dodge`).
fn defense_in(k: Keys, c: &Choice) -> String {
    field_text(k.defense, c)
}

/// One defense as the value of `key`.
pub(super) fn field_text(key: &str, c: &Choice) -> String {
    match (c.kind, &c.weapon) {
        ("parry", Some(w)) if w.contains(char::is_whitespace) || w.contains('"') => {
            format!("{key}=parry:\"{}\"", w.replace('\\', "\\\\").replace('"', "\\\""))
        }
        ("parry", Some(w)) => format!("{key}=parry:{w}"),
        (kind, _) => format!("{key}={kind}"),
    }
}

/// The defender's options against this strike, as the decision offers them (GURPS-DEF-1..10,
/// GURPS-MAN-1): the best its maneuver allows first (its text naming that defense), each open
/// defense with its value and exact odds, the same retreating, Dodge and Drop and an acrobatic
/// dodge where the rules allow them (refused with the reason where they do not), and none. Each
/// text is written in the strike's fields `k`; `asked` is what the command already says.
fn defense_options(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    k: Keys,
    asked: &Asked,
) -> Result<Vec<Pick>, RulesError> {
    let target = super::state::person(req.state, req.target_id);
    let incoming = incoming(req, p);
    let strict = option(&Gurps, req.options, "gurps_retreat_limits") == "strict";
    let asked = Asked { named: None, acrobatic: 0, ..asked.clone() };
    let plain = defense::choices(req.target, &target, &incoming, &asked, strict)?;
    let line = |c: &Choice| format!("{} {}: {}", c.name(), c.value, pct(c.value));
    let none = format!("{}=none", k.defense);
    let mut picks = Vec::new();
    match defense::pick(&plain, None)? {
        Some(best) => {
            picks.push(Pick::open(format!("best: {}", line(&best)), defense_in(k, &best)))
        }
        None => picks.push(Pick::open("no defense open to it", none.clone())),
    }
    picks.extend(plain.iter().map(|c| Pick::open(line(c), defense_in(k, c))));
    let dodge = plain.iter().find(|c| c.kind == "dodge");
    // A retreat already made from this attacker holds: the plain defenses carry it.
    if incoming.melee && !asked.retreat && !plain.iter().any(|c| c.retreat) {
        let back = Asked { retreat: true, ..asked.clone() };
        match defense::choices(req.target, &target, &incoming, &back, strict) {
            Ok(back) => picks.extend(back.iter().map(|c| {
                let label = format!("{} retreating {}: {}", c.name(), c.value, pct(c.value));
                Pick::open(label, format!("{} {}", defense_in(k, c), k.retreat))
            })),
            Err(RulesError::Invalid(why)) if !plain.is_empty() => {
                let text = format!("{}=best {}", k.defense, k.retreat);
                picks.push(Pick::refused("retreat", text, why));
            }
            Err(_) => {}
        }
    }
    if let Some(dodge) = dodge.filter(|_| !asked.drop) {
        let text = format!("{}=dodge {}", k.defense, k.drop);
        let v = dodge.value.saturating_add(3);
        match incoming.melee {
            true => picks.push(Pick::refused(
                "Dodge and Drop",
                text,
                "against ranged attacks only (GURPS-DEF-2)",
            )),
            false => picks.push(Pick::open(format!("Dodge and Drop {v}: {}", pct(v)), text)),
        }
    }
    if let Some(pick) = dodge.and_then(|d| acrobatic_pick(req, d, k)) {
        picks.push(pick);
    }
    picks.extend(parry_refusals(req, &target, &incoming, k));
    picks.push(Pick::open("none (takes the hit)", none));
    Ok(picks)
}

/// GURPS-DEF-10: an acrobatic dodge, Acrobatics rolled first (+2 on a success, −2 on a failure,
/// or a flat +2 by option), with its exact odds; `None` when the target has no Acrobatics.
fn acrobatic_pick(req: &AttackRequest<'_, GurpsState>, dodge: &Choice, k: Keys) -> Option<Pick> {
    let text = format!("{}=dodge {}", k.defense, k.acrobatic);
    if option(&Gurps, req.options, "gurps_acrobatic_dodge") == "flat" {
        let v = dodge.value.saturating_add(2);
        return Some(Pick::open(format!("Acrobatic dodge {v}: {}", pct(v)), text));
    }
    let skill = req.target.stats.int("acrobatics")?;
    let ok = super::odds::success(skill).percent() / 100.0;
    let (up, down) = (dodge.value.saturating_add(2), dodge.value.saturating_sub(2));
    let odds =
        ok * super::odds::success(up).percent() + (1.0 - ok) * super::odds::success(down).percent();
    let label = format!("Acrobatic dodge {up}/{down} (Acrobatics {skill} first): {odds:.1}%");
    Some(Pick::open(label, text))
}

/// GURPS-DEF-3: the target's melee weapons that cannot parry now, each with why.
fn parry_refusals(
    req: &AttackRequest<'_, GurpsState>,
    target: &Person,
    incoming: &defense::Incoming,
    k: Keys,
) -> Vec<Pick> {
    let may_parry = target.maneuver.as_ref().is_none_or(|m| m.defenses().1);
    if !may_parry || !(incoming.melee || incoming.thrown) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for w in req.target.weapons {
        if w.stats.flag("ranged") || w.stats.flag("shield") {
            continue;
        }
        let Some((_, _, unbalanced)) = defense::parry_modifier(w) else { continue };
        let why = if target.unready.contains(&w.name) {
            "not ready"
        } else if unbalanced && target.attacked_with.contains(&w.name) {
            "unbalanced, and it attacked with it this turn"
        } else {
            continue;
        };
        let c = Choice {
            kind: "parry",
            weapon: Some(w.name.clone()),
            value: 0,
            parts: vec![],
            retreat: false,
        };
        out.push(Pick::refused(format!("Parry ({})", w.name), defense_in(k, &c), why));
    }
    out
}

/// The defender's decision, asked of `dice`: the best (the rules' default, unless
/// `gurps_auto_defense ask` leaves none) or one defense by name, with a retreat, a drop or an
/// acrobatic dodge where allowed; whether the dodge is acrobatic. The best, picked by a source
/// that plays on, is rolled as the best; its text names the defense it is.
pub(super) fn ask_defense(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    k: Keys,
    asked: &mut Asked,
    dice: &mut dyn DiceSource,
) -> Result<bool, RulesError> {
    let options = defense_options(req, p, k, asked)?;
    let mut decision = Decision::new(format!("{}'s defense", req.target.name), k.defense, options);
    if option(&Gurps, req.options, "gurps_auto_defense") == "ask" {
        decision.suggested = None;
    }
    let chosen = dice.decide(&decision)?;
    let text = match decision.options.get(chosen) {
        Some(pick) if chosen > 0 => pick.text.as_str(),
        _ => return Ok(false),
    };
    let mut acrobatic = false;
    for word in text.split(' ') {
        match word.split_once('=') {
            Some((key, named)) if key == k.defense => {
                asked.named = Some(named.replace('"', "").to_ascii_lowercase());
            }
            Some(_) => {}
            None if word == k.retreat => asked.retreat = true,
            None if word == k.drop => asked.drop = true,
            None if word == k.acrobatic => acrobatic = true,
            None => {}
        }
    }
    Ok(acrobatic)
}
