//! Everything a GURPS attack decides before any die: the maneuver it is made under, the location
//! aimed at and the effective skill with every modifier named (GURPS-ATK-1, GURPS-ATK-2,
//! GURPS-ATK-5, GURPS-ATK-6, GURPS-MAN-3, GURPS-MAN-4, GURPS-MAN-7, GURPS-MAN-8, GURPS-RANGE-1,
//! GURPS-POST-2).

use super::Gurps;
use super::injury;
use super::maneuver::{Kind, Maneuver};
use super::state;
use super::tables;
use super::weapon::{Arms, arms, invalid, signed};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

/// Everything decided before any die: the weapon, the location, the skill and its modifiers.
#[derive(Debug, Clone)]
pub struct Plan {
    pub arms: Arms,
    /// The location aimed at (`None`: random).
    pub location: Option<tables::Location>,
    pub mods: Vec<(String, i64)>,
    /// Move and Attack's cap (GURPS-MAN-8).
    pub cap: Option<i64>,
    pub deceptive: i64,
    pub rapid: bool,
    /// The maneuver this attack is made under (taken now if none was).
    pub maneuver: Maneuver,
    pub takes_maneuver: bool,
    pub feint: i64,
    /// Rapid fire: the rounds fired and the weapon's Recoil (GURPS-RAPID-1); `None` for one.
    pub volley: Option<super::rapid::Volley>,
}

impl Plan {
    pub fn skill(&self) -> i64 {
        let total: i64 = self.arms.skill + self.mods.iter().map(|(_, m)| m).sum::<i64>();
        match self.cap {
            Some(cap) => total.min(cap),
            None => total,
        }
    }

    /// `skill 14, neck −5, shock −2 = 7`.
    pub fn skill_text(&self) -> String {
        let mut text = format!("skill {}", self.arms.skill);
        for (why, m) in &self.mods {
            text.push_str(&format!(", {why} {}", signed(*m)));
        }
        if let Some(cap) = self.cap
            && self.skill() == cap
        {
            text.push_str(&format!(", capped at {cap}"));
        }
        format!("{text} = {}", self.skill())
    }
}

/// Which strike of one `attack` command a plan is for (GURPS-ATK-7: each goes through
/// GURPS-ORDER-1 in turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strike {
    /// The command's first: it takes the maneuver and is checked against what the maneuver allows.
    First,
    /// A Rapid Strike's second (GURPS-ATK-6).
    RapidSecond,
    /// All-Out Attack (Double)'s other attack (GURPS-MAN-7).
    Other,
}

/// The checks and the effective skill (GURPS-ATK-1, GURPS-ATK-2, GURPS-ATK-5, GURPS-ATK-6,
/// GURPS-MAN-3, GURPS-MAN-4, GURPS-MAN-7, GURPS-MAN-8, GURPS-RANGE-1, GURPS-POST-2).
pub fn plan(req: &AttackRequest<'_, GurpsState>) -> Result<Plan, RulesError> {
    plan_strike(req, Strike::First)
}

/// [`plan`] for one strike of the command. A later strike is made under the maneuver the first
/// took, and what the maneuver allows was checked for the whole command by the first.
pub fn plan_strike(
    req: &AttackRequest<'_, GurpsState>,
    strike: Strike,
) -> Result<Plan, RulesError> {
    let f = FieldReader(req.fields);
    let who = req.attacker;
    let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
    if has("Stunned") {
        return invalid(format!("{} is stunned: Do Nothing only (GURPS-STUN-1)", who.name));
    }
    if has("Unconscious") || has("Dead") || has("Mortally-Wounded") || has("Lost-Balance") {
        return invalid(format!("{} cannot attack now", who.name));
    }
    let arms = arms(req)?;
    let me = state::person(req.state, req.attacker_id);
    // GURPS-ATK-1, GURPS-MAN-10: a weapon dropped or turned in the hand needs Ready first.
    if let Some(name) = &arms.name
        && me.unready.contains(name)
    {
        return invalid(format!(
            "{}'s {name} is not ready; `maneuver {} ready weapon={name}` first (GURPS-MAN-10)",
            who.name, who.name
        ));
    }
    let rapid = f.flag("rapid") && strike != Strike::Other;
    let first = strike == Strike::First;
    let (maneuver, takes_maneuver) = maneuver_of(req, &me, first);
    let kind = match maneuver.kind {
        Kind::Wait => maneuver.then.unwrap_or(Kind::Attack),
        k => k,
    };
    // Extra Attack: each level one more attack under a maneuver that attacks at all.
    let extra = u8::try_from(who.stats.int_or("extra_attacks", 0).clamp(0, 20)).unwrap_or(0);
    let allowed = match kind.attacks() {
        0 => 0,
        n => n.saturating_add(extra),
    };
    if allowed == 0 {
        return invalid(format!(
            "{} took {} this turn: no attack (GURPS-MAN-1)",
            who.name,
            maneuver.describe()
        ));
    }
    let mut mods: Vec<(String, i64)> = Vec::new();
    let location = location(req, &arms, &mut mods)?;
    // GURPS-ATK-1: a melee target within the weapon's Reach, when the distance is given.
    if arms.melee()
        && let Some(yards) = f.value("range")
    {
        check_reach(req, &arms, yards)?;
    }
    // GURPS-ATK-5: Deceptive Attack, melee.
    let deceptive = f.int_in("deceptive", 0, 10)?;
    if deceptive > 0 && !arms.melee() {
        return invalid("a Deceptive Attack is melee only (GURPS-ATK-5)");
    }
    if rapid {
        rapid_strike(req, &arms, kind, first && me.in_turn && me.rapid_used, &mut mods)?;
    }
    // GURPS-MAN-7: All-Out Attack (Double) makes its other attack in the same command.
    let strikes: u8 = u8::from(rapid) + 1 + u8::from(kind == Kind::AoaDouble);
    if first
        && me.in_turn
        && me.attacks.saturating_add(strikes) > allowed.saturating_add(u8::from(rapid))
    {
        return invalid(format!(
            "{} has made its attack{} this turn under {}",
            who.name,
            if allowed > 1 { "s" } else { "" },
            maneuver.describe()
        ));
    }
    person_mods(req, &arms, &me, &mut mods);
    sighting(req, &arms, kind, &me, &mut mods)?;
    let volley = super::rapid::volley(req, &arms, kind, &mut mods)?;
    let cap = maneuver_mods(kind, &arms, rapid, &mut mods)?;
    if deceptive > 0 {
        mods.push(("deceptive".into(), -2 * deceptive));
    }
    let extra = f.int_in("mod", -50, 50)?;
    if extra != 0 {
        mods.push(("mod".into(), extra));
    }
    // GURPS-MAN-6: a Feint on this foe, used by this attack.
    let feint = me
        .feint
        .as_ref()
        .filter(|fe| fe.foe == req.target_id && (me.in_turn || !req.on_turn))
        .map_or(0, |fe| fe.penalty);
    let p = Plan {
        arms,
        location,
        mods,
        cap,
        deceptive,
        rapid,
        maneuver,
        takes_maneuver,
        feint,
        volley,
    };
    check_skill(&p)?;
    Ok(p)
}

/// GURPS-ATK-2: the off hand, the attacker's shock (GURPS-SHOCK-1), posture (GURPS-POST-2) and
/// the target's Size Modifier, melee or ranged (a troll's +1 is easier to hit).
fn person_mods(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    me: &state::Person,
    mods: &mut Vec<(String, i64)>,
) {
    if arms.offhand {
        mods.push(("off hand".into(), -4));
    }
    if me.shock > 0 && me.in_turn {
        mods.push(("shock".into(), -me.shock));
    }
    posture(req, arms, mods);
    let sm = req.target.stats.int_or("sm", 0);
    if sm != 0 {
        mods.push(("target SM".into(), sm));
    }
}

/// The maneuver the attack is made under: the one taken this turn, or an Attack this attack
/// takes; and whether it takes one.
fn maneuver_of(
    req: &AttackRequest<'_, GurpsState>,
    me: &state::Person,
    first: bool,
) -> (Maneuver, bool) {
    match me.maneuver.clone().filter(|_| me.in_turn || !first) {
        Some(m) => (m, false),
        // The maneuver the attack names (`maneuver=aoa-double`, as its decision writes it).
        None if req.on_turn => {
            let named = super::pick_maneuver::chosen(&FieldReader(req.fields)).ok().flatten();
            (Maneuver::new(named.unwrap_or(Kind::Attack)), true)
        }
        None => match me.maneuver.clone() {
            // Out of turn: a Wait being triggered acts as the maneuver it named.
            Some(m) if m.kind == Kind::Wait => {
                (Maneuver::new(m.then.unwrap_or(Kind::Attack)), true)
            }
            _ => (Maneuver::new(Kind::Attack), false),
        },
    }
}

/// GURPS-ATK-4: the location aimed at (`None`: random), for a further hit of a volley.
pub(super) fn aimed(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
) -> Result<Option<tables::Location>, RulesError> {
    location(req, arms, &mut Vec::new())
}

/// GURPS-ATK-2, GURPS-ATK-4: the location aimed at (`None`: random), its penalty pushed.
fn location(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    mods: &mut Vec<(String, i64)>,
) -> Result<Option<tables::Location>, RulesError> {
    let f = FieldReader(req.fields);
    let location = match f.value("loc").map(|w| w.to_ascii_lowercase().replace('_', "-")) {
        None => Some(tables::LOCATIONS[0]),
        Some(w) if w == "random" => None,
        // GURPS-ATK-2 [B552]: the arm or hand behind a shield, −4 / −8 instead of −2 / −4.
        Some(w) if w == "shield-arm" || w == "shield-hand" => {
            let part = w.trim_start_matches("shield-");
            if !req.target.weapons.iter().any(|x| x.stats.flag("shield")) {
                return invalid(format!(
                    "loc={w}: {} carries no shield; aim at its {part} (GURPS-ATK-2)",
                    req.target.name
                ));
            }
            let at = injury::parse_location(part)?;
            mods.push((format!("shield {part}"), at.penalty * 2));
            injury::check_target(arms.kind, at)?;
            // The penalty is named above; the location itself is the plain arm or hand.
            Some(tables::Location { penalty: 0, ..at })
        }
        Some(w) => Some(injury::parse_location(&w).map_err(|e| named_field("loc", &w, e))?),
    };
    if let Some(at) = location {
        injury::check_target(arms.kind, at)?;
        if at.penalty != 0 {
            mods.push((at.key.to_string(), at.penalty));
        }
    }
    Ok(location)
}

/// GURPS-ATK-6: a Rapid Strike is melee, with a weapon still ready after it, under Attack or
/// All-Out Attack, at −6; `used`: this turn already had one.
fn rapid_strike(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    kind: Kind,
    used: bool,
    mods: &mut Vec<(String, i64)>,
) -> Result<(), RulesError> {
    if !arms.melee() {
        return invalid("a Rapid Strike is melee only (GURPS-ATK-6)");
    }
    if arms.unready_after {
        return invalid(
            "no Rapid Strike with a weapon that is unready after attacking (GURPS-ATK-6)",
        );
    }
    if !matches!(kind, Kind::Attack) && !kind.all_out_attack() {
        return invalid("a Rapid Strike needs Attack or All-Out Attack (GURPS-ATK-6)");
    }
    let one_per_turn = option(&Gurps, req.options, "gurps_rapid_strike") == "one_per_turn";
    if one_per_turn && used {
        return invalid("one Rapid Strike per turn (GURPS-ATK-6)");
    }
    mods.push(("rapid strike".into(), -6));
    Ok(())
}

/// GURPS-POST-2: the attacker's own posture in melee, the target's at range.
fn posture(req: &AttackRequest<'_, GurpsState>, arms: &Arms, mods: &mut Vec<(String, i64)>) {
    let posture_of = |conds: &[crate::rules::conditions::Condition]| {
        tables::POSTURES
            .iter()
            .find(|p| p.condition.is_some_and(|c| conds.iter().any(|k| k.name == c)))
            .copied()
    };
    if arms.melee() {
        if let Some(p) = posture_of(req.attacker.conditions).filter(|p| p.melee != 0) {
            mods.push((p.key.to_string(), p.melee));
        }
    } else if let Some(p) = posture_of(req.target.conditions).filter(|p| p.ranged_at != 0) {
        mods.push((format!("target {}", p.key), p.ranged_at));
    }
}

/// GURPS-MAN-3, GURPS-RANGE-1, GURPS-MAN-4: Aim (at range, not with Move and Attack), range
/// and speed, and an Evaluate on this foe last turn. `range=`, `speed=` and `defense=` are read
/// whatever the attack, so a bad value is refused before any die (issue 14 item 4).
fn sighting(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    kind: Kind,
    me: &state::Person,
    mods: &mut Vec<(String, i64)>,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    let prev = me.previous.as_ref().filter(|p| p.target.as_deref() == Some(req.target_id));
    let range = f.int_in("range", 0, 100_000)?;
    let speed = f.int_in("speed", 0, 100_000)?;
    let keys = ["defense", "defense1", "defense2", "defense3", "double", "double1", "double2"];
    for key in keys.into_iter().chain(["double3"]) {
        defense_word(key, f.value(key))?;
    }
    if !arms.melee() {
        // GURPS-MAN-3: Aim adds Acc, +1 after two turns, +2 after three; +1 braced. Not with
        // Move and Attack.
        if let Some(aim) = prev.filter(|p| p.kind == Kind::Aim && p.aim_turns > 0)
            && kind != Kind::MoveAttack
        {
            let bonus = arms.acc + (aim.aim_turns - 1).min(2) + i64::from(aim.braced);
            mods.push(("aim".into(), bonus));
        }
        // GURPS-RANGE-1: range and speed (read above).
        let seed = option(&Gurps, req.options, "gurps_range_bands") == "seed";
        let penalty = tables::range_penalty(range.saturating_add(speed), seed);
        if penalty != 0 {
            mods.push(("range".into(), penalty));
        }
    }
    // GURPS-MAN-4: Evaluate on this foe last turn.
    if let Some(ev) = prev.filter(|p| p.kind == Kind::Evaluate)
        && ev.evaluate > 0
    {
        mods.push(("evaluate".into(), ev.evaluate));
    }
    Ok(())
}

/// GURPS-MAN-7, GURPS-MAN-8: All-Out Attack (Determined)'s bonus, Move and Attack's penalty and
/// its cap on skill.
fn maneuver_mods(
    kind: Kind,
    arms: &Arms,
    rapid: bool,
    mods: &mut Vec<(String, i64)>,
) -> Result<Option<i64>, RulesError> {
    match kind {
        Kind::AoaDetermined => {
            mods.push(("All-Out Attack".into(), if arms.melee() { 4 } else { 1 }));
        }
        // GURPS-MAN-8: Move and Attack.
        Kind::MoveAttack => {
            if rapid {
                return invalid("no Rapid Strike with Move and Attack (GURPS-MAN-8)");
            }
            if arms.melee() {
                mods.push(("Move and Attack".into(), -4));
                return Ok(Some(9));
            }
            mods.push(("Move and Attack".into(), (-2).min(arms.bulk)));
        }
        _ => {}
    }
    Ok(None)
}

/// GURPS-ATK-5, GURPS-ATK-1 [B344]: Deceptive may not bring effective skill below 10, and
/// effective skill below 3 is refused.
fn check_skill(p: &Plan) -> Result<(), RulesError> {
    if p.deceptive > 0 && p.skill() < 10 {
        return invalid(format!(
            "Deceptive {} brings effective skill to {}; it may not go below 10 (GURPS-ATK-5)",
            p.deceptive,
            p.skill()
        ));
    }
    if p.skill() < 3 {
        return invalid(format!(
            "effective skill {} is below 3: no attack ({}) (GURPS-ATK-1)",
            p.skill(),
            p.skill_text()
        ));
    }
    Ok(())
}

/// GURPS-ATK-1: `range=YARDS` on a melee attack is the distance to the foe; the weapon's Reach
/// (`C`, `1`, `1-2`, `C,1`, `2*`) must cover it, unless `force`.
fn check_reach(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    yards: &str,
) -> Result<(), RulesError> {
    let distance: i64 =
        yards.trim().parse().ok().filter(|n| (0..=100_000).contains(n)).ok_or_else(|| {
            RulesError::Invalid(format!("range={yards}: expected the distance in whole yards"))
        })?;
    let Some(reach) = req.weapon.and_then(|w| w.stats.text("reach")) else {
        return Ok(());
    };
    let Some((near, far)) = reach_span(reach) else {
        return invalid(format!(
            "{}'s reach '{reach}' is not a Reach such as C, 1, 1-2 or C,1",
            arms.name.as_deref().unwrap_or("the weapon")
        ));
    };
    if (near..=far).contains(&distance) || FieldReader(req.fields).flag("force") {
        return Ok(());
    }
    let yard = |n: i64| if n == 1 { "1 yard".to_string() } else { format!("{n} yards") };
    invalid(format!(
        "{} at {} is out of {}'s Reach {reach} ({}); add force to attack anyway (GURPS-ATK-1)",
        req.target.name,
        yard(distance),
        arms.name.as_deref().unwrap_or("the weapon"),
        if near == far { yard(near) } else { format!("{} to {}", near, yard(far)) },
    ))
}

/// A Reach as the nearest and farthest yards it covers: `C` is 0; `1-2`, `1,2`, `C,1`; a
/// trailing `*` (a change of grip to shorten it) does not change what it covers.
pub fn reach_span(text: &str) -> Option<(i64, i64)> {
    let mut yards = Vec::new();
    for part in text.trim().trim_end_matches('*').split([',', '-', '–']) {
        let part = part.trim().trim_end_matches('*');
        yards.push(match part {
            "C" | "c" => 0,
            n => n.parse::<i64>().ok().filter(|n| (0..=100).contains(n))?,
        });
    }
    Some((*yards.iter().min()?, *yards.iter().max()?))
}

/// A refusal about a field's value, led by the field as it was written (`loc=zz: …`).
fn named_field(key: &str, value: &str, e: RulesError) -> RulesError {
    match e {
        RulesError::Invalid(why) => RulesError::Invalid(format!("{key}={value}: {why}")),
        other => other,
    }
}

/// `defense=`, checked as a word before any die: best (the default, named), dodge, parry, block
/// (each may name a weapon, `parry:axe`) or none. Whether the defense is open to the target is judged when it defends.
fn defense_word(key: &str, word: Option<&str>) -> Result<(), RulesError> {
    let Some(word) = word else { return Ok(()) };
    let kind = word.split_once(':').map_or(word, |(k, _)| k).to_ascii_lowercase();
    if ["best", "dodge", "parry", "block", "none"].contains(&kind.as_str()) {
        return Ok(());
    }
    invalid(format!("{key}={word}: expected best, dodge, parry, block (parry:WEAPON …) or none"))
}
