//! Damage dice (SW-DMG-1): texts such as `str+d6+2`, where every die aces, unless it is an object
//! being broken (SW-ATK-7).

use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, DieRoll};
use crate::rules::stats::TraitDie;
use crate::rules::types::RulesError;

/// Largest constant in a damage text such as `str+d6+2`.
const MAX_DAMAGE_BONUS: i64 = 1000;
/// Aces stop here, so a rigged script cannot loop forever.
const MAX_ACES: usize = 100;

/// The question for a damage die after the first: `Orc's damage, next die: d6`.
pub(super) fn next_die(first: &RollAsk, sides: u32) -> RollAsk {
    RollAsk {
        label: format!("{}, next die", first.label),
        dice: format!("d{sides}"),
        count: 1,
        beat: first.beat.clone(),
    }
}

/// Roll one acing die.
pub(super) fn acing(
    sides: u32,
    dice: &mut dyn DiceSource,
    out: &mut Vec<DieRoll>,
) -> Result<i64, RulesError> {
    let mut total = 0;
    let mut first = true;
    for _ in 0..=MAX_ACES {
        let face = dice.roll(sides)?;
        out.push(DieRoll { sides, face, kept: true, exploded: !first });
        total += i64::from(face);
        first = false;
        if face != sides {
            break;
        }
    }
    Ok(total)
}

/// Damage text such as `str+d6`, `2d6+1`, `str`: every die aces (SW-DMG-1), unless `aces` is
/// off (SW-ATK-7: breaking things).
pub fn roll_damage(
    text: &str,
    strength: TraitDie,
    aces: bool,
    dice: &mut dyn DiceSource,
) -> Result<(i64, Vec<DieRoll>), RulesError> {
    roll_damage_asked(text, strength, aces, dice, None)
}

/// [`roll_damage`] asked one die at a time: `first` names the first die (its caller told the
/// source); each die after it is named as `FIRST'S LABEL, next die: dN`, so faces typed at the
/// table go to the die they were rolled on, an ace's extra face included.
pub fn roll_damage_asked(
    text: &str,
    strength: TraitDie,
    aces: bool,
    dice: &mut dyn DiceSource,
    first: Option<&RollAsk>,
) -> Result<(i64, Vec<DieRoll>), RulesError> {
    let mut total = 0;
    let mut faces = Vec::new();
    let mut rolled = 0_usize;
    let mut die = |sides: u32,
                   dice: &mut dyn DiceSource,
                   faces: &mut Vec<DieRoll>|
     -> Result<i64, RulesError> {
        if let Some(ask) = first.filter(|_| rolled > 0) {
            dice.before_roll(&next_die(ask, sides))?;
        }
        rolled += 1;
        if aces {
            return acing(sides, dice, faces);
        }
        let face = dice.roll(sides)?;
        faces.push(DieRoll { sides, face, kept: true, exploded: false });
        Ok(i64::from(face))
    };
    for term in damage_terms(text)? {
        match term {
            Term::Strength => total += die(strength.sides, dice, &mut faces)? + strength.bonus,
            Term::Dice(n, s) => {
                for _ in 0..n {
                    total += die(s, dice, &mut faces)?;
                }
            }
            Term::Bonus(bonus) => total += bonus,
        }
    }
    Ok((total, faces))
}

/// A damage text with `str` written as the Strength die (`str+d6` → `d4+d6`); `None` when it
/// has no `str` (or does not read).
pub fn with_strength(text: &str, strength: TraitDie) -> Option<String> {
    let terms = damage_terms(text).ok()?;
    if !terms.iter().any(|t| matches!(t, Term::Strength)) {
        return None;
    }
    let mut out = String::new();
    for term in terms {
        let piece = match term {
            Term::Strength => strength.to_string(),
            Term::Dice(1, s) => format!("d{s}"),
            Term::Dice(n, s) => format!("{n}d{s}"),
            Term::Bonus(b) => format!("{b:+}"),
        };
        if !out.is_empty() && !piece.starts_with(['+', '-']) {
            out.push('+');
        }
        out.push_str(&piece);
    }
    Some(out)
}

/// How many dice a damage text rolls, aces aside (`str+2d6`: 3); 0 when it does not read.
pub fn dice_count(text: &str) -> usize {
    let terms = damage_terms(text).unwrap_or_default();
    terms
        .iter()
        .map(|t| match t {
            Term::Strength => 1,
            Term::Dice(n, _) => usize::try_from(*n).unwrap_or(0),
            Term::Bonus(_) => 0,
        })
        .sum()
}

/// One term of a damage text.
enum Term {
    /// `str`: the Strength die.
    Strength,
    /// `2d6`: this many dice of these sides.
    Dice(u32, u32),
    /// `+2`, `-1`.
    Bonus(i64),
}

/// Check a damage text such as `str+d6+2` without rolling it, so a bad one is refused before
/// any die.
pub fn check_damage(text: &str) -> Result<(), RulesError> {
    damage_terms(text).map(|_| ())
}

/// The terms of a damage text, or why it is not one.
fn damage_terms(text: &str) -> Result<Vec<Term>, RulesError> {
    let lower = text.to_ascii_lowercase().replace('-', "+-");
    let terms: Vec<&str> = lower.split('+').map(str::trim).filter(|t| !t.is_empty()).collect();
    if terms.is_empty() {
        return Err(bad_damage(text));
    }
    terms
        .into_iter()
        .map(|term| {
            if term == "str" {
                Ok(Term::Strength)
            } else if let Some((n, s)) = term.split_once('d') {
                let n: u32 =
                    if n.is_empty() { 1 } else { n.parse().map_err(|_| bad_damage(text))? };
                let s: u32 = s.parse().map_err(|_| bad_damage(text))?;
                if n > 50 || !(2..=100).contains(&s) {
                    return Err(bad_damage(text));
                }
                Ok(Term::Dice(n, s))
            } else {
                let bonus = term
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (-MAX_DAMAGE_BONUS..=MAX_DAMAGE_BONUS).contains(n));
                bonus.map(Term::Bonus).ok_or_else(|| bad_damage(text))
            }
        })
        .collect()
}

fn bad_damage(text: &str) -> RulesError {
    RulesError::Invalid(format!(
        "damage '{text}': expected terms like str, d6, 2d8 and +N (at most 50d100 and ±{MAX_DAMAGE_BONUS})"
    ))
}
