//! SW-ROLL-1: the trait roll. The trait die aces on its maximum; a Wild Card also rolls an acing d6
//! Wild Die and keeps the higher; snake eyes on both is a critical failure.

use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceError, DiceExpr, DiceSource, DieRoll, RollRecord};
use crate::rules::stats::TraitDie;

/// Aces stop after this many rerolls of one die, so a rigged script cannot loop forever.
const MAX_ACES: usize = 100;

/// A trait roll: the trait die and, for Wild Cards, the Wild Die, each acing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraitRoll {
    pub trait_faces: Vec<u32>,
    pub wild_faces: Vec<u32>,
    /// The higher of the two, plus bonus and modifier.
    pub total: i64,
    /// Both first faces are 1 (snake eyes) on a Wild Card's roll.
    pub critical_failure: bool,
    pub record: RollRecord,
}

impl TraitRoll {
    /// Raises over `tn`: each full 4 above it.
    pub fn raises(&self, tn: i64) -> i64 {
        if self.total < tn { 0 } else { (self.total - tn) / 4 }
    }
}

fn roll_acing(sides: u32, dice: &mut dyn DiceSource) -> Result<Vec<u32>, DiceError> {
    let mut faces = vec![dice.roll(sides)?];
    while faces.len() <= MAX_ACES && faces.last() == Some(&sides) {
        faces.push(dice.roll(sides)?);
    }
    Ok(faces)
}

/// SW-ROLL-1: roll a trait die that aces; a Wild Card adds a d6 Wild Die and keeps the higher.
pub fn trait_roll(
    die: TraitDie,
    wild: bool,
    modifier: i64,
    dice: &mut dyn DiceSource,
) -> Result<TraitRoll, DiceError> {
    rolled(die, wild, modifier, None, dice)
}

/// [`trait_roll`], the Wild Die named as its own roll (`wild`) once the trait die and its aces
/// are in, so faces typed at the table go to the die they were rolled on.
fn rolled(
    die: TraitDie,
    wild: bool,
    modifier: i64,
    wild_ask: Option<RollAsk>,
    dice: &mut dyn DiceSource,
) -> Result<TraitRoll, DiceError> {
    let trait_faces = roll_acing(die.sides, dice)?;
    if let Some(ask) = wild_ask.as_ref().filter(|_| wild) {
        dice.before_roll(ask)?;
    }
    let wild_faces = if wild { roll_acing(6, dice)? } else { Vec::new() };
    let sum = |faces: &[u32]| faces.iter().map(|&f| i64::from(f)).sum::<i64>();
    let (trait_sum, wild_sum) = (sum(&trait_faces), sum(&wild_faces));
    let keep_trait = !wild || trait_sum >= wild_sum;
    let total = trait_sum.max(wild_sum) + die.bonus + modifier;
    let critical_failure =
        wild && trait_faces.first() == Some(&1) && wild_faces.first() == Some(&1);
    fn mark(faces: &[u32], sides: u32, kept: bool) -> impl Iterator<Item = DieRoll> + '_ {
        faces.iter().enumerate().map(move |(i, &face)| DieRoll {
            sides,
            face,
            kept,
            exploded: i > 0,
        })
    }
    let mut expr = format!("d{}!", die.sides);
    if wild {
        expr.push_str("+wild d6!");
    }
    let bonus = die.bonus + modifier;
    if bonus != 0 {
        expr.push_str(&format!("{bonus:+}"));
    }
    let record = RollRecord {
        expr,
        dice: mark(&trait_faces, die.sides, keep_trait)
            .chain(mark(&wild_faces, 6, !keep_trait))
            .collect(),
        total,
    };
    Ok(TraitRoll { trait_faces, wild_faces, total, critical_failure, record })
}

/// What a trait roll needs, in the GM's words: `6 or more (Parry 6, −2)`, or `4 or more`
/// with no modifier. `against` names the number to reach (`Parry`, `TN`); the modifier is
/// everything added to the kept die.
pub fn needs(tn: i64, against: &str, modifier: i64) -> String {
    let on_dice = tn.saturating_sub(modifier);
    if modifier == 0 {
        return format!("{tn} or more ({against} {tn})");
    }
    format!("{on_dice} or more ({against} {tn}, {})", crate::rules::words::signed(modifier))
}

/// SW-ROLL-1, named first: `label` (`Aldric's Fighting`) is told to the dice source with the
/// trait die and what it needs, then a Wild Card's Wild Die as a roll of its own (`Aldric's
/// Fighting, Wild Die`), each die's aces taking more faces as they come.
pub fn asked_trait_roll(
    label: String,
    die: TraitDie,
    wild: bool,
    modifier: i64,
    beat: Option<String>,
    dice: &mut dyn DiceSource,
) -> Result<TraitRoll, DiceError> {
    let wild_ask = RollAsk {
        label: format!("{label}, Wild Die"),
        dice: "d6".to_string(),
        count: 1,
        beat: beat.clone(),
    };
    dice.before_roll(&RollAsk { label, dice: die.to_string(), count: 1, beat })?;
    rolled(die, wild, modifier, Some(wild_ask), dice)
}

/// A plain roll of `expr` (`2d6`, `1d20`), named first as `label`.
pub fn asked_plain(
    label: String,
    expr: &str,
    dice: &mut dyn DiceSource,
) -> Result<RollRecord, DiceError> {
    let parsed = DiceExpr::parse(expr)?;
    let count = expr.split_once('d').and_then(|(n, _)| n.parse::<usize>().ok()).unwrap_or(1);
    dice.before_roll(&RollAsk { label, dice: expr.to_string(), count, beat: None })?;
    parsed.roll(dice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::ScriptedDice;

    // SW-ROLL-1: a trait die aces on its maximum; the Wild Die also aces; the higher is kept.
    #[test]
    fn sw_roll_1_aces_and_wild_die() {
        let d8 = TraitDie { sides: 8, bonus: 0 };
        let cases: &[(&[u32], bool, i64, bool)] = &[
            (&[8, 3], false, 11, false),
            (&[2, 6, 6, 1], true, 13, false),
            (&[1, 1], true, 1, true),
            (&[5, 2], true, 5, false),
        ];
        for (faces, wild, total, crit) in cases {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            let roll = trait_roll(d8, *wild, 0, &mut dice).unwrap();
            assert_eq!(roll.total, *total, "{faces:?}");
            assert_eq!(roll.critical_failure, *crit, "{faces:?}");
            assert_eq!(dice.remaining(), 0, "{faces:?}");
        }
    }
}
