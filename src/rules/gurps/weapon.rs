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

    /// `2d+1`.
    pub fn damage_text(&self) -> String {
        damage_words(self.dice, self.adds)
    }
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
    let (dice, adds) = parse_damage(dmg, st)?;
    let kind_text = f.value("type").or_else(|| w.and_then(|w| w.text("type"))).unwrap_or("cr");
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
        acc: int("acc")?.unwrap_or(0),
        bulk: int("bulk")?.unwrap_or(0),
        offhand: flag("offhand"),
        unready_after: flag("unready_after"),
        sturdy: flag("sturdy"),
        cheap: flag("cheap"),
    })
}
