//! The damage roll of a WOIN hit: the weapon's damage dice, the dice bought from the pool, and on
//! a critical every 6 exploding into another d6 (WOIN-DMG-1, WOIN-ATK-3, WOIN-CRIT-2).

use super::Woin;
use super::prepared::{Prepared, roll_d6s};
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, DieRoll, RollRecord};
use crate::rules::request::AttackRequest;
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// Explosions stop after this many extra dice, so a rigged script cannot loop forever.
const MAX_EXPLOSIONS: usize = 100;

/// Roll the damage from `source` (the `dmgroll=` faces when typed): the dice, those bought from
/// the pool, then on a critical each 6's explosions.
pub(super) fn roll_damage(
    req: AttackRequest<'_, WoinState>,
    p: &Prepared,
    critical: bool,
    source: &mut dyn DiceSource,
) -> Result<RollRecord, RulesError> {
    let mut spelled = p.damage.to_string();
    if p.spend > 0 {
        spelled.push_str(&format!("+{}d6", p.spend));
    }
    let count = u64::from(p.damage.dice_count()).saturating_add(p.spend.max(0).unsigned_abs());
    source.before_roll(&RollAsk {
        label: format!("{}'s damage", req.attacker.name),
        dice: spelled,
        count: usize::try_from(count).unwrap_or(usize::MAX),
        beat: Some(format!(
            "SOAK {}",
            Woin::effective_soak(req.target.stats, req.target.conditions)
        )),
    })?;
    let base = p.damage.roll(source)?;
    let mut damage_dice = base.dice.clone();
    damage_dice.extend(roll_d6s(p.spend, source)?);
    let mut total =
        base.total + damage_dice[base.dice.len()..].iter().map(|d| i64::from(d.face)).sum::<i64>();
    if critical {
        let (chained, added) = explode(damage_dice, source)?;
        damage_dice = chained;
        total += added;
    }
    let mut expr = base.expr.clone();
    if p.spend > 0 {
        expr.push_str(&format!("+{}d6", p.spend));
    }
    if critical {
        expr.push_str(" exploding");
    }
    Ok(RollRecord { expr, dice: damage_dice, total })
}

/// WOIN-CRIT-2: each 6 on a d6 adds another d6, repeating; returns the dice with what they add.
fn explode(
    damage_dice: Vec<DieRoll>,
    source: &mut dyn DiceSource,
) -> Result<(Vec<DieRoll>, i64), RulesError> {
    // Rolled after all the damage dice, in order; recorded right after the die that set each
    // chain off, so the log shows which six exploded.
    let mut chained = Vec::with_capacity(damage_dice.len() + 4);
    let mut added = 0;
    let mut total = 0;
    for die in damage_dice {
        let mut last = die.face;
        chained.push(die);
        while die.sides == 6 && last == 6 && added < MAX_EXPLOSIONS {
            added += 1;
            source.before_roll(&RollAsk {
                label: "critical damage: a 6 explodes".into(),
                dice: "1d6".into(),
                count: 1,
                beat: None,
            })?;
            last = source.roll(6)?;
            total += i64::from(last);
            chained.push(DieRoll { sides: 6, face: last, kept: true, exploded: true });
        }
    }
    Ok((chained, total))
}
