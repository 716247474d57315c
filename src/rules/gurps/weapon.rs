//! The GURPS weapon an attack uses: the listed weapon and the inline fields merged, its damage
//! (`2d+1`, `sw+2`, `thr` from ST by the Basic Set table) and the checks on it (GURPS-ATK-1).

use super::DEFAULT_ATTRIBUTE;
use super::injury;
use super::tables;
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

pub use crate::rules::words::signed;

pub(super) fn invalid<T>(text: impl Into<String>) -> Result<T, RulesError> {
    Err(RulesError::Invalid(text.into()))
}

/// The weapon an attack uses, from the listed weapon and the inline fields.
#[derive(Debug, Clone)]
pub struct Arms {
    pub name: Option<String>,
    pub skill: i64,
    /// Dice and adds.
    pub dice: i64,
    pub adds: i64,
    pub kind: &'static str,
    pub ranged: bool,
    pub thrown: bool,
    pub small: bool,
    pub firearm: bool,
    pub tbb: bool,
    /// The armor divisor in hundredths, 100 for none (GURPS-DMG-5).
    pub divisor: i64,
    pub acc: i64,
    pub bulk: i64,
    pub offhand: bool,
    pub unready_after: bool,
    pub sturdy: bool,
    pub cheap: bool,
}

impl Arms {
    pub fn melee(&self) -> bool {
        !self.ranged && !self.thrown
    }

    /// `2d+1`, `2d(2)`.
    pub fn damage_text(&self) -> String {
        format!("{}{}", damage_words(self.dice, self.adds), divisor_words(self.divisor))
    }
}

/// `(2)`, `(0.5)`; nothing for no divisor.
pub fn divisor_words(hundredths: i64) -> String {
    match hundredths {
        100 => String::new(),
        h => format!("({})", crate::rules::stats::format_hundredths(h)),
    }
}

/// GURPS-DMG-5: DR divided by the armor divisor (in hundredths), rounded down; a divisor below
/// 1 multiplies DR, and then DR 0 becomes 1.
pub fn divided_dr(dr: i64, hundredths: i64) -> i64 {
    let dr = dr.max(0);
    match hundredths {
        h if h <= 0 || h == 100 => dr,
        h if h < 100 => (dr.saturating_mul(100) / h).max(1),
        h => dr.saturating_mul(100) / h,
    }
}

/// GURPS-DMG-5 on a hit: the DR at the location (`dr`, of which a critical ignores `ignored`)
/// divided; the DR the hit ignores and adds, and the log's line when there is a divisor.
pub fn armor_divisor(dr: i64, ignored: i64, hundredths: i64) -> (i64, i64, Option<String>) {
    if hundredths == 100 {
        return (ignored, 0, None);
    }
    let left = dr.saturating_sub(ignored).max(0);
    let now = divided_dr(left, hundredths);
    let text = format!("armor divisor {}: DR {left} → {now}", divisor_words(hundredths));
    let (more_ignored, added) = (left.saturating_sub(now).max(0), now.saturating_sub(left).max(0));
    (ignored.saturating_add(more_ignored), added, Some(text))
}

/// Damage as written: dice and adds, an armor divisor (hundredths, 100 for none) and the type
/// word after them, if any (`2d(2) cut`, `3d+1 (0.5) pi`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    pub dice: i64,
    pub adds: i64,
    pub divisor: i64,
    pub kind: Option<String>,
}

/// Parse GURPS damage with its armor divisor and type word (GURPS-DMG-5): `2d(2) cut`,
/// `3d(0.5) pi`, `sw+2 cr`, `2d+1`.
pub fn parse_damage_text(text: &str, st: i64) -> Result<Damage, RulesError> {
    let bad = || {
        RulesError::Invalid(format!(
            "dmg={text}: expected GURPS damage such as 2d+1, 1d-2, sw+1 or thr, an armor divisor \
             after the dice (2d(2), 3d(0.5)) and the type (cut)"
        ))
    };
    let (rest, divisor) = match (text.find('('), text.find(')')) {
        (Some(open), Some(close)) if open < close => {
            let inside = text.get(open + 1..close).ok_or_else(bad)?;
            let h = crate::rules::stats::parse_hundredths(inside)
                .filter(|h| (10..=10_000).contains(h))
                .ok_or_else(bad)?;
            let before = text.get(..open).unwrap_or_default();
            let after = text.get(close + 1..).unwrap_or_default();
            (format!("{before} {after}"), h)
        }
        (None, None) => (text.to_string(), 100),
        _ => return Err(bad()),
    };
    let mut words = rest.split_whitespace();
    let dice_word = words.next().ok_or_else(bad)?;
    let kind = words.next().map(str::to_string);
    if words.next().is_some() {
        return Err(bad());
    }
    let (dice, adds) = parse_damage(dice_word, st).map_err(|_| bad())?;
    Ok(Damage { dice, adds, divisor, kind })
}

/// `2d+1`, `1d−2`, `3d`.
pub fn damage_words(dice: i64, adds: i64) -> String {
    match adds {
        0 => format!("{dice}d"),
        a if a > 0 => format!("{dice}d+{a}"),
        a => format!("{dice}d{a}"),
    }
}

/// Dice and adds as GURPS writes them: `1d+3`, `2d-1`, `3d`, or a flat `4`.
pub fn dice_text(dice: i64, adds: i64) -> String {
    match (dice, adds) {
        (0, adds) => adds.to_string(),
        (dice, 0) => format!("{dice}d"),
        (dice, adds) => format!("{dice}d{adds:+}"),
    }
}

/// Parse GURPS damage: `2d+1`, `2d6-1`, `sw+2`, `thr`, or a flat number; sw and thr from ST.
pub fn parse_damage(text: &str, st: i64) -> Result<(i64, i64), RulesError> {
    let t = text.trim().to_ascii_lowercase().replace('−', "-");
    let bad = || {
        RulesError::Invalid(format!(
            "dmg={text}: expected GURPS damage such as 2d+1, 1d-2, sw+1 or thr"
        ))
    };
    let split = t.find(['+', '-']).unwrap_or(t.len());
    let (head, tail) = t.split_at(split);
    let adds: i64 = if tail.is_empty() {
        0
    } else {
        tail.trim_start_matches('+').parse().map_err(|_| bad())?
    };
    if !(-100..=100).contains(&adds) {
        return Err(bad());
    }
    let (dice, base) = match head {
        "sw" => tables::basic_damage(st, true),
        "thr" => tables::basic_damage(st, false),
        h => match h.split_once('d') {
            Some((n, sides)) if sides.is_empty() || sides == "6" => {
                (n.parse::<i64>().ok().filter(|n| (1..=100).contains(n)).ok_or_else(bad)?, 0)
            }
            Some(_) => return Err(bad()),
            None => (0, h.parse::<i64>().ok().filter(|n| (0..=1000).contains(n)).ok_or_else(bad)?),
        },
    };
    Ok((dice, base + adds))
}

/// The weapon for this attack (GURPS-ATK-1: it must be ready).
pub fn arms(req: &AttackRequest<'_, GurpsState>) -> Result<Arms, RulesError> {
    let f = FieldReader(req.fields);
    let w = req.weapon.map(|w| &w.stats);
    if let Some(weapon) = req.weapon
        && weapon.stats.flag("unready")
    {
        return invalid(format!(
            "{}'s {} is not ready; `maneuver {} ready` first (GURPS-ATK-1)",
            req.attacker.name, weapon.name, req.attacker.name
        ));
    }
    let int = |key: &str| -> Result<Option<i64>, RulesError> {
        Ok(f.int(key)?.or_else(|| w.and_then(|w| w.int(key))))
    };
    let flag = |key: &str| f.flag(key) || w.is_some_and(|w| w.flag(key));
    let dx = req.attacker.stats.int_or("dx", DEFAULT_ATTRIBUTE);
    let skill = int("skill")?.unwrap_or(dx);
    if !(1..=40).contains(&skill) {
        return invalid(format!("skill={skill}: expected 1 to 40"));
    }
    let st = req.attacker.stats.int_or("st", DEFAULT_ATTRIBUTE);
    let dmg = f.value("dmg").or_else(|| w.and_then(|w| w.text("dmg"))).unwrap_or("thr");
    let damage = parse_damage_text(dmg, st)?;
    let (dice, adds) = (damage.dice, damage.adds);
    // The type: `type=` on the attack, the word after the damage, the weapon's `type=`, cr.
    let kind_text = f
        .value("type")
        .or(damage.kind.as_deref())
        .or_else(|| w.and_then(|w| w.text("type")))
        .unwrap_or("cr");
    let kind = injury::damage_type(kind_text)?;
    if kind == "tbb" {
        return invalid("type=tbb: write type=burn and the tbb flag");
    }
    let tbb = flag("tbb");
    Ok(Arms {
        name: req.weapon.map(|w| w.name.clone()),
        skill,
        dice,
        adds,
        kind: if tbb && kind == "burn" { "tbb" } else { kind },
        ranged: flag("ranged") || flag("firearm"),
        thrown: flag("thrown"),
        small: flag("small"),
        firearm: flag("firearm"),
        tbb,
        divisor: damage.divisor,
        acc: int("acc")?.unwrap_or(0),
        bulk: int("bulk")?.unwrap_or(0),
        offhand: flag("offhand"),
        unready_after: flag("unready_after"),
        sturdy: flag("sturdy"),
        cheap: flag("cheap"),
    })
}
