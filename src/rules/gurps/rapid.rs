//! GURPS rapid fire, our reading of B373 pending a spec ID: GURPS-RAPID-1 (the RoF bonus to
//! skill, one hit more per full Recoil of margin, at most the rounds fired) and GURPS-RAPID-2 (a
//! Dodge stops one hit and one more per full Recoil of its margin). The hits that land are rolled
//! one at a time, each its own location and damage ([`super::hit`]), each a further step of the
//! command so its knockdown and death checks come before the next hit's dice.

use super::hit::{self, Landing};
use super::maneuver::Kind;
use super::roll::Sources;
use super::skill;
use super::tables::CritHit;
use super::weapon::{self, Arms, invalid};
use crate::rules::dice::DiceSource;
use crate::rules::effect::{Effect, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::stats::{FieldError, StatValue, Stats};
use crate::rules::types::RulesError;

/// The field a further hit of a volley carries (`2 4`: hit 2 of 4): the tracker's own, never
/// typed.
pub(super) const VOLLEY: &str = "@volley";
/// Most shots a weapon fires in a turn, and most projectiles in one shot (a shotgun's 9).
pub const MAX_SHOTS: i64 = 1000;
pub const MAX_PROJECTILES: i64 = 100;

/// A weapon's Rate of Fire: shots a turn, each of `projectiles` (a shotgun's `3x9`: 3 shots of
/// 9 projectiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rof {
    pub shots: i64,
    pub projectiles: i64,
}

/// `3`, `3x9`, `3×9`; `None` for anything else or out of range.
pub fn parse_rof(text: &str) -> Option<Rof> {
    let text = text.trim().to_ascii_lowercase();
    let (shots, projectiles) = match text.split_once(['x', '×']) {
        Some((s, p)) => (s.trim(), p.trim()),
        None => (text.as_str(), "1"),
    };
    let shots = shots.parse::<i64>().ok().filter(|n| (1..=MAX_SHOTS).contains(n))?;
    let projectiles =
        projectiles.parse::<i64>().ok().filter(|n| (1..=MAX_PROJECTILES).contains(n))?;
    Some(Rof { shots, projectiles })
}

/// GURPS-RAPID-1: the bonus to skill for the rounds fired (shots × projectiles): 1–4 +0, 5–8 +1,
/// 9–12 +2, 13–16 +3, 17–24 +4, 25–49 +5, 50–99 +6, then +1 for each doubling.
pub fn rof_bonus(rounds: i64) -> i64 {
    match rounds {
        ..=4 => 0,
        5..=8 => 1,
        9..=12 => 2,
        13..=16 => 3,
        17..=24 => 4,
        25..=49 => 5,
        _ => {
            let (mut bonus, mut top) = (6, 100_i64);
            while rounds >= top {
                bonus += 1;
                match top.checked_mul(2) {
                    Some(next) => top = next,
                    None => break,
                }
            }
            bonus
        }
    }
}

/// GURPS-RAPID-1: hits scored by an attack that succeeded by `margin`: one, and one more per
/// full `rcl` of margin, at most `rounds`.
pub fn hits(margin: i64, rcl: i64, rounds: i64) -> i64 {
    if margin < 0 || rounds < 1 {
        return 0;
    }
    (margin / rcl.max(1)).saturating_add(1).min(rounds)
}

/// GURPS-RAPID-2: hits a successful defense stops: a Dodge one, and one more per full `rcl` of
/// its margin; a Block or Parry (where the rules allow one) one; at most `hits`.
pub fn stopped(kind: &str, margin: i64, rcl: i64, hits: i64) -> i64 {
    let stops = match kind {
        "dodge" => (margin.max(0) / rcl.max(1)).saturating_add(1),
        _ => 1,
    };
    stops.min(hits)
}

/// The volley an attack fires: the shots, the rounds (shots × projectiles) and the weapon's
/// Recoil.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Volley {
    pub shots: i64,
    pub rounds: i64,
    pub rcl: i64,
}

/// The weapon's Rate of Fire, from `rof=` on the attack or the weapon (an old save's whole
/// number too).
fn rof_of(req: &AttackRequest<'_, GurpsState>) -> Result<Option<Rof>, RulesError> {
    let f = FieldReader(req.fields);
    let stats = req.weapon.map(|w| &w.stats);
    let text = f.value("rof").or_else(|| stats.and_then(|s| s.text("rof")));
    if let Some(text) = text {
        return parse_rof(text).map(Some).ok_or_else(|| {
            RulesError::Invalid(format!("rof={text}: expected a Rate of Fire such as 3, or 3x9"))
        });
    }
    let shots = stats.and_then(|s| s.int("rof")).filter(|n| (1..=MAX_SHOTS).contains(n));
    Ok(shots.map(|shots| Rof { shots, projectiles: 1 }))
}

/// GURPS-RAPID-1: the volley this attack fires (`shots=`, the full RoF by default), its RoF
/// bonus pushed onto `mods`; `None` for a single round or a melee weapon.
pub(super) fn volley(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    kind: Kind,
    mods: &mut Vec<(String, i64)>,
) -> Result<Option<Volley>, RulesError> {
    let f = FieldReader(req.fields);
    let weapon = arms.name.as_deref().unwrap_or("the weapon");
    let rof = rof_of(req)?.filter(|_| !arms.melee());
    let shots = f.int_in("shots", 1, MAX_SHOTS)?;
    let Some(rof) = rof else {
        return match f.value("shots") {
            Some(_) if shots > 1 => invalid(format!(
                "shots={shots}: {weapon} fires one shot a turn (a ranged weapon's rof=N gives \
                 more) (GURPS-RAPID-1)"
            )),
            _ => Ok(None),
        };
    };
    let shots = if f.value("shots").is_some() { shots } else { rof.shots };
    if shots > rof.shots {
        return invalid(format!("shots={shots}: {weapon}'s RoF is {} (GURPS-RAPID-1)", rof.shots));
    }
    let rounds = shots.saturating_mul(rof.projectiles);
    if rounds <= 1 {
        return Ok(None);
    }
    if kind == Kind::AoaDouble {
        return invalid(format!(
            "All-Out Attack (Double) is for melee; {weapon} fires once, shots=1 (GURPS-MAN-7)"
        ));
    }
    let rcl = match (f.int_in("rcl", 1, 20)?, arms_rcl(req)) {
        (n, _) if n > 0 => n,
        (_, Some(n)) => n,
        _ => {
            return invalid(format!(
                "{weapon} fires {rounds} rounds: give its Recoil (rcl=N on the weapon or the \
                 attack), or fire one with shots=1 (GURPS-RAPID-1)"
            ));
        }
    };
    let bonus = rof_bonus(rounds);
    if bonus != 0 {
        mods.push((format!("RoF {rounds}"), bonus));
    }
    Ok(Some(Volley { shots, rounds, rcl }))
}

/// The weapon's own Recoil.
fn arms_rcl(req: &AttackRequest<'_, GurpsState>) -> Option<i64> {
    req.weapon.and_then(|w| w.stats.int("rcl")).filter(|n| (1..=20).contains(n))
}

/// GURPS-RAPID-1: the hits an attack that succeeded by `margin` scores, said in the log.
pub(super) fn scored(
    req: &AttackRequest<'_, GurpsState>,
    v: Volley,
    margin: i64,
    effects: &mut Vec<Effect>,
) -> i64 {
    let n = hits(margin, v.rcl, v.rounds);
    let text = format!(
        "{}'s rapid fire (GURPS-RAPID-1): succeeds by {margin}, Rcl {}: {n} hit{} of {}",
        req.attacker.name,
        v.rcl,
        if n == 1 { "" } else { "s" },
        v.rounds
    );
    effects.push(Effect::Log { text, roll: None });
    n
}

/// GURPS-RAPID-2: the hits left after a defense that succeeded by `margin`, said in the log.
pub(super) fn after_defense(
    req: &AttackRequest<'_, GurpsState>,
    v: Volley,
    hits: i64,
    (kind, name, margin): (&str, &str, i64),
    effects: &mut Vec<Effect>,
) -> i64 {
    let stops = stopped(kind, margin, v.rcl, hits);
    let left = hits.saturating_sub(stops);
    let how = match kind {
        "dodge" => format!("succeeds by {margin}, Rcl {}", v.rcl),
        _ => "one hit only".to_string(),
    };
    let text = format!(
        "{}'s {name} stops {stops} of {hits} hits (GURPS-RAPID-2: {how}): {left} land{}",
        req.target.name,
        if left == 1 { "s" } else { "" }
    );
    effects.push(Effect::Log { text, roll: None });
    left
}

/// `, hit 2 of 4` for a volley's hits, nothing for a single hit.
pub(super) fn tag(number: i64, of: i64) -> String {
    if of > 1 { format!(", hit {number} of {of}") } else { String::new() }
}

/// The command's next hit of the volley, on `struck` (an id), asked for once this one and its
/// knockdown and death checks are recorded: the typed faces this one left unused ride along.
pub(super) fn next_hit(
    req: &AttackRequest<'_, GurpsState>,
    number: i64,
    of: i64,
    struck: &str,
    srcs: &Sources,
) -> Effect {
    let mut fields = srcs.carried(req.fields, &[VOLLEY]);
    fields.push((VOLLEY.into(), Some(format!("{number} {of}"))));
    let weapon = req.weapon.map(|w| w.name.clone());
    Effect::Continue { weapon, fields, targets: Some(vec![struck.to_string()]) }
}

/// Which hit of a volley a further step of the command is for: (number, of).
pub(super) fn continuing(f: &FieldReader<'_>) -> Result<Option<(i64, i64)>, RulesError> {
    let Some(text) = f.value(VOLLEY) else { return Ok(None) };
    let bad = || RulesError::Invalid(format!("{VOLLEY}={text}: not a hit of a volley"));
    let (number, of) = text.split_once(' ').ok_or_else(bad)?;
    let number: i64 = number.parse().map_err(|_| bad())?;
    let of: i64 = of.parse().map_err(|_| bad())?;
    if !(2..=of).contains(&number) {
        return Err(bad());
    }
    Ok(Some((number, of)))
}

/// A further hit of a volley (GURPS-RAPID-1): at the location aimed at, or a random one rolled
/// for this hit, then its own damage roll; then the hit after it.
pub(super) fn further_hit(
    req: &AttackRequest<'_, GurpsState>,
    (number, of): (i64, i64),
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let f = FieldReader(req.fields);
    let arms = weapon::arms(req)?;
    let mut srcs = Sources::typed(&f)?;
    let mut effects = Vec::new();
    let tag = tag(number, of);
    let (at, side_text) = match skill::aimed(req, &arms)? {
        Some(at) => (at, String::new()),
        None => hit::roll_location(req, &tag, &mut srcs, dice, &mut effects)?,
    };
    let landing = Landing { at, side_text, crit: CritHit::Normal, struck: Who::TARGET, tag };
    hit::damage(req, &arms, false, &landing, &mut srcs, dice, &mut effects)?;
    if number < of {
        effects.push(next_hit(req, number.saturating_add(1), of, req.target_id, &srcs));
    }
    Ok(effects)
}

/// A weapon's `rof=` is read as it is set: a Rate of Fire such as 3 or 3x9.
pub(super) fn check_rof_field(stats: &mut Stats) -> Result<(), FieldError> {
    let Some(text) = stats.text("rof").map(str::to_string) else { return Ok(()) };
    match parse_rof(&text) {
        Some(Rof { shots, projectiles: 1 }) => stats.put("rof", StatValue::Text(shots.to_string())),
        Some(Rof { shots, projectiles }) => {
            stats.put("rof", StatValue::Text(format!("{shots}x{projectiles}")))
        }
        None => {
            return Err(FieldError::BadValue {
                field: "rof".into(),
                value: text,
                expected: format!(
                    "a Rate of Fire: shots a turn (1 to {MAX_SHOTS}), or shots x projectiles \
                     (3x9)"
                ),
            });
        }
    }
    Ok(())
}
