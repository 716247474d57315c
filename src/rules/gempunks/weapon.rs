//! A Gempunks weapon as an attack uses it: Accuracy, typed damage parts (`1d6+2:cutting,1d6:fire`),
//! range increments and attributes (GEM-WPN), from the weapon's fields or the attack's own.

use super::tables::canonical_type;
use crate::rules::request::FieldReader;
use crate::rules::stats::Stats;
use crate::rules::types::RulesError;

/// One damage part: X dice of Y sides plus B, of one type (`None`: untyped, weighed against the
/// general armor).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub dice: u32,
    pub sides: u32,
    pub bonus: i64,
    pub kind: Option<String>,
}

/// The weapon of one set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Arms {
    pub name: String,
    pub acc: i64,
    pub parts: Vec<Part>,
    pub melee: bool,
    pub ranged: bool,
    pub unarmed: bool,
    pub increments: Vec<i64>,
    pub weight: i64,
    pub heavy: bool,
    pub grenade: bool,
    pub automatic: bool,
    pub semiautomatic: bool,
    pub muscle_damage: bool,
    pub magic_damage: bool,
    pub trigger_grip: bool,
    pub magical: bool,
    /// The Piercing attribute (GEM-WPN-2): such a weapon never shoves (GEM-OPT-5).
    pub piercing: bool,
}

/// Largest dice count or sides of one part, and its bonus either way.
pub(super) const MAX_PART_DICE: u32 = 100;
pub(super) const MAX_SIDES: u32 = 1000;
pub(super) const MAX_BONUS: i64 = 1000;

/// Parse `1d6+2:cutting,1d6:fire` (or `1d6-1`, with `default_type` for parts without a type).
/// GEM-DMG-1: a bonus with no type joins the first part; a part is `XdY`, `XdY±B` or `B`.
pub fn parse_parts(text: &str, default_type: Option<&str>) -> Result<Vec<Part>, RulesError> {
    let bad = |why: &str| {
        RulesError::Invalid(format!(
            "dmg={text}: {why}; expected damage such as 1d6-1 or 1d6+2:cutting,1d6:fire"
        ))
    };
    let mut parts: Vec<Part> = Vec::new();
    let mut loose_bonus = 0i64;
    for piece in text.split(',') {
        let piece = piece.trim();
        if piece.is_empty() {
            return Err(bad("an empty part"));
        }
        let (amount, kind) = match piece.split_once(':') {
            Some((a, k)) if !k.trim().is_empty() => (a.trim(), Some(canonical_type(k))),
            Some(_) => return Err(bad("a ':' with no damage type after it")),
            None => (piece, default_type.map(canonical_type)),
        };
        let (dice_text, bonus_text) = match amount.find(['+', '-']) {
            Some(0) | None => (amount, ""),
            Some(at) => (&amount[..at], &amount[at..]),
        };
        let bonus = if bonus_text.is_empty() {
            0
        } else {
            bonus_text
                .parse::<i64>()
                .ok()
                .filter(|b| (-MAX_BONUS..=MAX_BONUS).contains(b))
                .ok_or_else(|| bad(&format!("'{bonus_text}' is not a bonus from -1000 to 1000")))?
        };
        let Some((x, y)) = dice_text.split_once(['d', 'D']) else {
            // A bare number: a bonus part.
            let b = dice_text
                .trim_start_matches('+')
                .parse::<i64>()
                .ok()
                .filter(|b| (-MAX_BONUS..=MAX_BONUS).contains(b))
                .ok_or_else(|| bad(&format!("'{piece}' is neither dice nor a number")))?;
            if kind.is_some() && piece.contains(':') {
                parts.push(Part { dice: 0, sides: 6, bonus: b, kind });
            } else {
                loose_bonus = loose_bonus.saturating_add(b);
            }
            continue;
        };
        let dice = if x.is_empty() { Ok(1) } else { x.parse::<u32>() }
            .ok()
            .filter(|n| (1..=MAX_PART_DICE).contains(n))
            .ok_or_else(|| bad(&format!("'{x}' dice: expected 1 to {MAX_PART_DICE}")))?;
        let sides = y
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_SIDES).contains(n))
            .ok_or_else(|| bad(&format!("d{y}: expected sides from 1 to {MAX_SIDES}")))?;
        parts.push(Part { dice, sides, bonus, kind });
    }
    match parts.first_mut() {
        Some(first) => first.bonus = first.bonus.saturating_add(loose_bonus),
        None => return Err(bad("no dice")),
    }
    Ok(parts)
}

/// `10/20/40` → [10, 20, 40].
pub fn parse_increments(text: &str) -> Result<Vec<i64>, RulesError> {
    text.split('/')
        .map(|w| w.trim().parse::<i64>().ok().filter(|n| (1..=1_000_000).contains(n)))
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| {
            RulesError::Invalid(format!("range={text}: expected increments in m such as 10/20/40"))
        })
}

impl Arms {
    /// The weapon of a set: the weapon's own fields, with the attack's `acc=`, `dmg=`, `type=`
    /// taking their place (a bare attack gives them alone: acc 0, GEM-CRIT-4).
    pub fn from(
        name: Option<&str>,
        stats: Option<&Stats>,
        f: FieldReader<'_>,
    ) -> Result<Arms, RulesError> {
        let empty = Stats::default();
        let s = stats.unwrap_or(&empty);
        let acc = match f.int("acc")? {
            Some(a) if (-20..=20).contains(&a) => a,
            Some(a) => {
                return Err(RulesError::Invalid(format!(
                    "acc={a}: expected a whole number from -20 to 20"
                )));
            }
            None => s.int_or("acc", 0),
        };
        let kind = f.value("type").or(s.text("type"));
        let dmg = f.value("dmg").or(s.text("dmg")).ok_or_else(|| {
            RulesError::Invalid(format!(
                "{} has no damage: give dmg= (1d6-1, or 1d6+2:cutting,1d6:fire)",
                name.unwrap_or("this attack")
            ))
        })?;
        let parts = parse_parts(dmg, kind)?;
        let increments = match s.text("range") {
            Some(r) => parse_increments(r)?,
            None => Vec::new(),
        };
        Ok(Arms {
            name: name.unwrap_or("bare attack").to_string(),
            acc,
            parts,
            melee: s.flag("melee"),
            ranged: s.flag("ranged") || s.flag("grenade"),
            unarmed: s.flag("unarmed"),
            increments,
            weight: s.int_or("weight", 0),
            heavy: s.flag("heavy"),
            grenade: s.flag("grenade"),
            automatic: s.flag("automatic"),
            semiautomatic: s.flag("semiautomatic"),
            muscle_damage: s.flag("muscle_damage"),
            magic_damage: s.flag("magic_damage"),
            trigger_grip: s.flag("trigger_grip"),
            magical: s.flag("magical"),
            piercing: s.flag("piercing"),
        })
    }

    /// Whether a Shove may use it (GEM-OPT-5): no Piercing attribute, and every part physical
    /// and none typed piercing.
    pub fn can_shove(&self) -> bool {
        !self.piercing
            && self.parts.iter().all(|p| {
                p.kind.as_deref().is_none_or(|k| super::tables::is_physical(k) && k != "piercing")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // GEM-DMG-1: typed parts; a bonus with no type joins the first part; aliases.
    #[test]
    fn parts_parse_with_types_and_aliases() {
        let parts = parse_parts("1d6+2:cutting,1d6:fire", None).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].dice, parts[0].sides, parts[0].bonus), (1, 6, 2));
        assert_eq!(parts[1].kind.as_deref(), Some("fire"));
        let parts = parse_parts("2d6:crushing,+1", None).unwrap();
        assert_eq!(parts[0].kind.as_deref(), Some("blunt"));
        assert_eq!(parts[0].bonus, 1);
        let parts = parse_parts("1d6-1", Some("Bludgeoning")).unwrap();
        assert_eq!((parts[0].bonus, parts[0].kind.as_deref()), (-1, Some("blunt")));
        for bad in ["", "x", "1d0", "1d6:", "1d6+zz", "0d6"] {
            assert!(parse_parts(bad, None).is_err(), "{bad}");
        }
    }
}
