//! GURPS injury: DR at the location, penetration, wound modifiers by type and location, limb
//! caps and crippling, minimum injury, fatigue off FP (GURPS-DMG-1..4, GURPS-LOC-1..4); shock
//! (GURPS-SHOCK-1, GURPS-SHOCK-2); and what follows a hit: the knockdown roll (GURPS-MAJOR-1..3),
//! death checks (GURPS-HP-3, GURPS-HP-4) and the Will roll of an aimer (GURPS-MAN-3).

use super::roll::{self, Verdict};
use super::state::{self, GurpsEvent, Person, Wound};
use super::tables::{self, Location};
use super::{DEFAULT_ATTRIBUTE, Gurps};
use crate::rules::conditions::Source;
use crate::rules::dice::DiceSource;
use crate::rules::effect::ConditionChange;
use crate::rules::effect::{Effect, HitKind, Inflicted, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{CombatantView, DamageOutcome, DamageRequest};
use crate::rules::ruleset::option;
use crate::rules::stats::Stats;
use crate::rules::types::{Options, RulesError};

/// The DR a location has (GURPS-LOC-1): `dr.<loc>`, else the location it borrows from, else `dr`;
/// the skull adds 2.
pub fn location_dr(stats: &Stats, at: Location) -> i64 {
    let own = stats
        .int(&format!("dr.{}", at.key))
        .or_else(|| at.dr_from.and_then(|from| stats.int(&format!("dr.{from}"))))
        .unwrap_or_else(|| stats.int_or("dr", 0));
    if at.key == "skull" { own.saturating_add(2) } else { own }
}

/// A damage type as typed: lowercase, `pi-`, `pi+`, `pi++`, `tbb` for tight-beam burning.
pub fn damage_type(text: &str) -> Result<&'static str, RulesError> {
    let kind = text.to_ascii_lowercase();
    tables::WOUND_HALVES.iter().map(|(k, _)| *k).find(|k| *k == kind).ok_or_else(|| {
        let valid: Vec<&str> = tables::WOUND_HALVES.iter().map(|(k, _)| *k).collect();
        RulesError::Invalid(format!(
            "unknown GURPS damage type '{text}'; expected one of {}",
            valid.join(", ")
        ))
    })
}

/// A location by its word, or why not.
pub fn parse_location(word: &str) -> Result<Location, RulesError> {
    tables::location(word).ok_or_else(|| {
        let valid: Vec<&str> = tables::LOCATIONS.iter().map(|l| l.key).collect();
        RulesError::Invalid(format!(
            "unknown hit location '{word}'; expected {} or random",
            valid.join(", ")
        ))
    })
}

/// GURPS-LOC-1: eye and vitals only for impaling, piercing and tight-beam burning.
pub fn check_target(kind: &str, at: Location) -> Result<(), RulesError> {
    if kind != "fat" && tables::wound_halves(kind, at.key).is_none() {
        return Err(RulesError::Invalid(format!(
            "{kind} damage cannot target the {} (only imp, pi and tbb may; GURPS-LOC-1)",
            at.key
        )));
    }
    Ok(())
}

/// The shock unit (GURPS-SHOCK-1): 1 HP, or HP/10 from 20 HP up; in tenths of HP, so the
/// `exact` option keeps the fraction.
fn shock_tenths(max_hp: i64, exact: bool) -> i64 {
    if max_hp < 20 {
        10
    } else if exact {
        max_hp
    } else {
        max_hp / 10 * 10
    }
}

/// Shock from one injury (GURPS-SHOCK-1, GURPS-SHOCK-2), before the cap.
pub fn shock_of(stats: &Stats, max_hp: i64, injury: i64, exact: bool) -> i64 {
    if stats.flag("hpt") {
        return 0;
    }
    let unit = shock_tenths(max_hp, exact).max(1);
    let shock = injury.saturating_mul(10) / unit;
    if stats.flag("lpt") { shock.saturating_mul(2) } else { shock }
}

/// The modifier to a knockdown roll for Pain Threshold (GURPS-MAJOR-2).
fn pain_modifier(stats: &Stats) -> i64 {
    if stats.flag("hpt") {
        3
    } else if stats.flag("lpt") {
        -4
    } else {
        0
    }
}

/// The damage model: what one hit does, with the events it records.
pub fn damage(hit: DamageRequest<'_, GurpsState>) -> Result<DamageOutcome, RulesError> {
    // `damage NAME 9 cut:neck`: a type with its location, for hits typed by hand.
    let typed = hit.kind.unwrap_or("cr");
    let (typed, typed_at) = match typed.split_once(':') {
        Some((kind, at)) => (kind, Some(at)),
        None => (typed, None),
    };
    let kind = damage_type(typed)?;
    let word = hit.location.or(typed_at);
    let at = match word {
        Some(word) => parse_location(word)?,
        None => tables::LOCATIONS[0],
    };
    let me = state::person(hit.state, hit.id);
    let crit = me.crit.unwrap_or_default();
    let max_hp = hit.health.max.max(1);
    let mut events = Vec::new();
    if me.crit.is_some() {
        events.push(GurpsEvent::Critical { id: hit.id.into(), flags: Default::default() }.wrap());
    }
    // GURPS-DMG-4: fatigue damage meets DR and comes off FP, with no location effect.
    let fat_location = option(&Gurps, hit.options, "gurps_fatigue_location") == "apply";
    let at = if kind == "fat" && !fat_location { tables::LOCATIONS[0] } else { at };
    check_target(kind, at)?;
    let dr = location_dr(hit.stats, at)
        .saturating_add(hit.armor_added)
        .saturating_sub(hit.armor_ignored)
        .max(0);
    let amount = hit.amount.max(0);
    let penetrating = amount.saturating_sub(dr).max(0);
    let place = if at.key == "torso" { String::new() } else { format!(" at the {}", at.key) };
    if penetrating == 0 {
        return Ok(blunt_trauma(hit, kind, dr, &place, events));
    }
    if kind == "fat" {
        return fatigue(hit, penetrating, dr, events);
    }
    let halves = tables::wound_halves(kind, at.key).unwrap_or(2);
    let mut injury = (penetrating.saturating_mul(halves) / 2).max(1);
    let mut explain = format!(
        "{amount} {kind}{place} − DR {dr} = {penetrating} × {} = {injury}",
        crate::rules::stats::format_hundredths(halves * 50)
    );
    let mut conditions = Vec::new();
    let mut crippled = false;
    // GURPS-LOC-3: limbs and extremities cap the injury and cripple; the eye cripples.
    if let Some(div) = tables::limb_divisor(at.key) {
        crippled = injury.saturating_mul(div) > max_hp;
        let cap = max_hp / div + 1;
        if injury > cap {
            injury = cap;
            explain.push_str(&format!(", capped at {cap}"));
        }
    } else if at.key == "eye" {
        crippled = injury.saturating_mul(10) > max_hp;
    }
    // GURPS-ATK-3 (8): a critical hit cripples a hit limb or extremity anyway.
    if crit.cripple && tables::limb_divisor(at.key).is_some() {
        crippled = true;
    }
    explain.push_str(" injury");
    if crippled {
        explain.push_str(&format!(", {} crippled", at.key));
        events.push(GurpsEvent::Crippled { id: hit.id.into(), location: at.key.into() }.wrap());
        conditions.push("Crippled".to_string());
        if matches!(at.key, "leg" | "foot") {
            conditions.push("Prone".to_string());
        }
    }
    // GURPS-MAJOR-1, GURPS-LOC-3: more than HP/2 in one injury, or crippling, is a major wound.
    let major = injury.saturating_mul(2) > max_hp || crippled || crit.major;
    if major {
        explain.push_str(", major wound");
    }
    // GURPS-LOC-4: a major wound to the face by corrosion also blinds an eye.
    if major && at.key == "face" && kind == "cor" {
        explain.push_str(", an eye blinded");
    }
    let exact = option(&Gurps, hit.options, "gurps_shock_unit") == "exact";
    if let Some(shock) = shock(hit, at, kind, crit.double_shock, injury, exact) {
        events.push(shock);
    }
    let knockdown = knockdown(hit, at, major, injury, exact);
    // GURPS-LOC-3: a crippled arm or hand drops what it holds.
    let drops = if crippled { word.and_then(tables::off_side) } else { None };
    let wound = Wound { injury, location: at.key.into(), major, knockdown, drops };
    events.push(GurpsEvent::Wounded { id: hit.id.into(), wound }.wrap());
    let after = hit.health.current.saturating_sub(injury);
    // GURPS-HP-1: below a third of max HP, reeling.
    if after.saturating_mul(3) < max_hp && hit.health.current.saturating_mul(3) >= max_hp {
        conditions.push("Reeling".to_string());
    }
    Ok(DamageOutcome { loss: injury, conditions, explain, events })
}

/// GURPS-DMG-1 (option): damage stopped by flexible armour still does blunt trauma.
fn blunt_trauma(
    hit: DamageRequest<'_, GurpsState>,
    kind: &str,
    dr: i64,
    place: &str,
    events: Vec<crate::rules::state::SystemEvent>,
) -> DamageOutcome {
    let amount = hit.amount.max(0);
    let blunt = option(&Gurps, hit.options, "gurps_blunt_trauma") == "on"
        && hit.stats.flag("dr_flex")
        && matches!(kind, "cr" | "cut" | "imp" | "pi-" | "pi" | "pi+" | "pi++");
    let trauma = if blunt { amount / if kind == "cr" { 5 } else { 10 } } else { 0 };
    DamageOutcome {
        loss: trauma,
        conditions: Vec::new(),
        explain: if trauma > 0 {
            format!("{amount} {kind}{place} vs DR {dr}: blunt trauma {trauma}")
        } else {
            format!("{amount} {kind}{place} vs DR {dr}: no damage")
        },
        events,
    }
}

/// GURPS-SHOCK-1: the shock an injury brings (doubled, up to 8, by a critical hit, a male
/// target's groin hit by crushing, or Low Pain Threshold, GURPS-SHOCK-2), as its event.
fn shock(
    hit: DamageRequest<'_, GurpsState>,
    at: Location,
    kind: &str,
    double_shock: bool,
    injury: i64,
    exact: bool,
) -> Option<crate::rules::state::SystemEvent> {
    let max_hp = hit.health.max.max(1);
    let male_groin = at.key == "groin" && kind == "cr" && hit.stats.flag("male");
    let doubled = double_shock || male_groin;
    let mut shock = shock_of(hit.stats, max_hp, injury, exact);
    if doubled {
        shock = shock.saturating_mul(2);
    }
    // Low Pain Threshold has doubled it already: its cap is the doubled one too.
    let cap = if doubled || hit.stats.flag("lpt") { 8 } else { 4 };
    (shock > 0).then(|| GurpsEvent::Shock { id: hit.id.into(), amount: shock, cap }.wrap())
}

/// GURPS-MAJOR-2: the knockdown roll's modifier a wound owes, if it owes one (a major wound, or
/// by option any shock at the head or vitals).
fn knockdown(
    hit: DamageRequest<'_, GurpsState>,
    at: Location,
    major: bool,
    injury: i64,
    exact: bool,
) -> Option<i64> {
    let max_hp = hit.health.max.max(1);
    let head = matches!(at.key, "skull" | "face" | "eye" | "vitals");
    let always = option(&Gurps, hit.options, "gurps_head_knockdown") == "always";
    let location_mod = match at.key {
        "skull" | "eye" => -10,
        "face" | "vitals" => -5,
        "groin" if hit.stats.flag("male") => -5,
        _ => 0,
    };
    if major {
        Some(location_mod + pain_modifier(hit.stats))
    } else if always && head && shock_of(&Stats::default(), max_hp, injury, exact) > 0 {
        Some(pain_modifier(hit.stats))
    } else {
        None
    }
}

/// GURPS-DMG-4, GURPS-FP-1: fatigue off FP; at 0 FP or less each FP lost also costs 1 HP.
fn fatigue(
    hit: DamageRequest<'_, GurpsState>,
    penetrating: i64,
    dr: i64,
    mut events: Vec<crate::rules::state::SystemEvent>,
) -> Result<DamageOutcome, RulesError> {
    let me = state::person(hit.state, hit.id);
    let max_fp = Gurps::max_fp(hit.stats);
    let before = Gurps::fp_left(hit.stats, &me);
    let after = before.saturating_sub(penetrating);
    // Only the FP lost below 0 also cost HP.
    let hp_loss = penetrating.min(after.saturating_neg().max(0));
    events.push(GurpsEvent::FpLost { id: hit.id.into(), amount: penetrating }.wrap());
    let mut conditions = Vec::new();
    if after.saturating_mul(3) < max_fp && before.saturating_mul(3) >= max_fp {
        conditions.push("Very-Tired".to_string());
    }
    if after <= -max_fp {
        conditions.push("Unconscious".to_string());
    }
    let explain = format!(
        "{} fat − DR {dr} = {penetrating} FP (FP {after}/{max_fp}){}",
        hit.amount,
        if hp_loss > 0 { format!(", {hp_loss} HP as FP ran out") } else { String::new() }
    );
    Ok(DamageOutcome { loss: hp_loss, conditions, explain, events })
}

fn inflict(name: &str) -> Effect {
    Effect::Condition {
        who: Who::Actor,
        change: ConditionChange::Inflict(Inflicted::new(name, Source::Damage)),
    }
}

fn has(who: CombatantView<'_>, name: &str) -> bool {
    who.conditions.iter().any(|c| c.name == name)
}

/// After a hit: each wound's knockdown roll, then the death checks for every −N×HP line newly
/// crossed, then an aimer's Will roll (GURPS-ORDER-1 steps 7–9).
pub fn after_damage(
    who: CombatantView<'_>,
    hit: HitKind<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let Some(st) = hit.state else { return Ok(Vec::new()) };
    let id = hit.id;
    let me = state::person(st, id);
    let options = hit.options.cloned().unwrap_or_default();
    let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
    let mut effects = Vec::new();
    if has(who, "Dead") {
        return Ok(effects);
    }
    let max = who.health.max.max(1);
    let current = who.health.current;
    // GURPS-HP-4: at −5 × max HP, dead: nothing else to roll.
    if current <= max.saturating_mul(-5) {
        if !me.wounds.is_empty() {
            effects.push(Effect::System(GurpsEvent::WoundsChecked { id: id.into() }.wrap()));
        }
        effects.push(inflict("Dead"));
        return Ok(effects);
    }
    dropped(who, id, &me, &mut effects);
    let knocked_out = knockdowns(who, id, &me, ht, dice, &mut effects)?;
    if !me.wounds.is_empty() {
        effects.push(Effect::System(GurpsEvent::WoundsChecked { id: id.into() }.wrap()));
    }
    if death_checks(who, id, &me, &options, dice, &mut effects)? {
        return Ok(effects);
    }
    aim_will(who, id, &me, knocked_out, dice, &mut effects)?;
    Ok(effects)
}

/// GURPS-LOC-3: what a crippled arm or hand held falls (unready until a Ready picks it up); a
/// natural weapon stays.
fn dropped(who: CombatantView<'_>, id: &str, me: &Person, effects: &mut Vec<Effect>) {
    for off in me.wounds.iter().filter_map(|w| w.drops) {
        // Only what the hand holds: a natural weapon (a kick, a bite) is not dropped.
        let held = who.weapons.iter().filter(|w| {
            let off_hand = w.stats.flag("shield") || w.stats.flag("offhand");
            off_hand == off && !w.stats.flag("natural") && !me.unready.contains(&w.name)
        });
        for weapon in held {
            effects.push(Effect::Log {
                text: format!(
                    "{}'s crippled {} drops its {}",
                    who.name,
                    if off { "off arm" } else { "weapon arm" },
                    weapon.name
                ),
                roll: None,
            });
            effects.push(Effect::System(
                GurpsEvent::Unready { id: id.into(), weapon: weapon.name.clone(), broken: false }
                    .wrap(),
            ));
        }
    }
}

/// GURPS-MAJOR-3, GURPS-ATK-3 (12): everything it holds falls, unready until a Ready picks it
/// up; a shield (strapped on) and a `natural` weapon stay.
pub(super) fn drop_all(who: CombatantView<'_>, id: &str, me: &Person) -> Vec<Effect> {
    let held = who.weapons.iter().filter(|w| {
        let kept = w.stats.flag("shield") || w.stats.flag("natural") || w.stats.flag("unready");
        !kept && !me.unready.contains(&w.name)
    });
    held.map(|w| {
        let event = GurpsEvent::Unready { id: id.into(), weapon: w.name.clone(), broken: false };
        Effect::System(event.wrap())
    })
    .collect()
}

/// GURPS-MAJOR-2: each major wound's knockdown roll; whether the target was knocked out.
fn knockdowns(
    who: CombatantView<'_>,
    id: &str,
    me: &Person,
    ht: i64,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<bool, RulesError> {
    let (mut knocked_out, mut dropped_all) = (false, false);
    for wound in &me.wounds {
        let Some(modifier) = wound.knockdown else { continue };
        let target = ht.saturating_add(modifier);
        let r = roll::roll_by(who.name, target, "knockdown HT", dice)?;
        let fell = !r.verdict.success();
        let out = r.verdict == Verdict::CriticalFailure || r.margin() <= -5;
        let what = match (fell, out) {
            (false, _) => "holds",
            (true, false) => "is stunned and knocked down, dropping what it holds",
            (true, true) => "is knocked out",
        };
        effects.push(Effect::Note {
            who: Who::Actor,
            text: format!(
                "{}: knockdown, HT {}: {}; {what}",
                who.name,
                describe(ht, modifier),
                r.text()
            ),
            roll: r.roll,
        });
        if fell && !knocked_out {
            effects.push(inflict("Stunned"));
            effects.push(inflict("Prone"));
        }
        // GURPS-MAJOR-3: it drops all it holds, once however many rolls fail.
        if fell && !dropped_all {
            dropped_all = true;
            effects.extend(drop_all(who, id, me));
        }
        if out && !knocked_out {
            knocked_out = true;
            effects.push(inflict("Unconscious"));
        }
    }
    Ok(knocked_out)
}

/// GURPS-HP-3: one HT roll per −N×HP line first reached, in order, stopping at death; whether
/// it died.
fn death_checks(
    who: CombatantView<'_>,
    id: &str,
    me: &Person,
    options: &Options,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<bool, RulesError> {
    let max = who.health.max.max(1);
    let deepest = (who.health.current.saturating_neg() / max).min(4);
    let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
    // Hard to Kill adds its level to these rolls (only these).
    let htk = who.stats.int_or("htk", 0);
    let mortal_dead = option(&Gurps, options, "gurps_mortal_wound") == "dead";
    for level in (me.death_checks + 1)..=deepest {
        let r = roll::roll_by(
            who.name,
            ht.saturating_add(htk),
            &format!("death check at −{level}×HP"),
            dice,
        )?;
        effects.push(Effect::System(GurpsEvent::DeathChecked { id: id.into(), level }.wrap()));
        let fate = if r.verdict.success() {
            "lives"
        } else if r.verdict != Verdict::CriticalFailure && r.margin() >= -2 && !mortal_dead {
            "is mortally wounded"
        } else {
            "dies"
        };
        effects.push(Effect::Note {
            who: Who::Actor,
            text: format!(
                "{}: death check at −{}: HT {}, {}; {fate}",
                who.name,
                level * max,
                describe(ht, htk),
                r.text()
            ),
            roll: r.roll,
        });
        match fate {
            "dies" => {
                effects.push(inflict("Dead"));
                return Ok(true);
            }
            "is mortally wounded" if !has(who, "Mortally-Wounded") => {
                effects.push(inflict("Mortally-Wounded"))
            }
            _ => {}
        }
    }
    Ok(false)
}

/// GURPS-MAN-3: an aimer that takes injury rolls Will or loses its Aim.
fn aim_will(
    who: CombatantView<'_>,
    id: &str,
    me: &Person,
    knocked_out: bool,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let aiming = me.maneuver.as_ref().is_some_and(|m| m.aim_turns > 0);
    if aiming && !me.wounds.is_empty() && !knocked_out {
        let will =
            who.stats.int("will").unwrap_or_else(|| who.stats.int_or("iq", DEFAULT_ATTRIBUTE));
        let r = roll::roll_by(who.name, will, "Will (Aim)", dice)?;
        let kept = r.verdict.success();
        effects.push(Effect::Note {
            who: Who::Actor,
            text: format!(
                "{}: Will to keep its Aim, {}; {}",
                who.name,
                r.text(),
                if kept { "keeps it" } else { "loses it" }
            ),
            roll: r.roll,
        });
        if !kept {
            effects.push(Effect::System(GurpsEvent::AimLost { id: id.into() }.wrap()));
        }
    }
    Ok(())
}

/// `HT 11` or `HT 11−5`.
pub fn describe(base: i64, modifier: i64) -> String {
    match modifier {
        0 => format!("{base}"),
        m if m > 0 => format!("{base}+{m}"),
        m => format!("{base}−{}", -m),
    }
}
