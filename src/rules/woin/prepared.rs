//! A WOIN attack worked out up to its roll ([`Prepared`]) and the small facts every step of the
//! attack asks (immunity, cover from suppressive fire, overwatch shots, d6s rolled as one record):
//! the attack, its damage roll, its hit effects and its pool all take them from here.

use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceExpr, DiceSource, DieRoll, RollRecord};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// Immune to a condition or a damage type; damage types compare canonically (WOIN-TYPE-1:
/// `immune=fire` covers `heat`).
pub fn immune(stats: &crate::rules::stats::Stats, what: &str) -> bool {
    let kind = super::tables::canonical_type(what);
    stats.list("immune").iter().any(|i| {
        i.eq_ignore_ascii_case(what)
            || kind.is_some_and(|k| super::tables::canonical_type(i) == Some(k))
    })
}

/// Roll `expr`, named first as `label` with what it needs (issue 24: a roll is asked when the
/// rules reach it).
pub(super) fn asked(
    label: String,
    expr: &DiceExpr,
    beat: Option<String>,
    dice: &mut dyn DiceSource,
) -> Result<RollRecord, RulesError> {
    let count = usize::try_from(expr.dice_count()).unwrap_or(0);
    dice.before_roll(&RollAsk { label, dice: expr.to_string(), count, beat })?;
    Ok(expr.roll(dice)?)
}

/// Name a roll of `count` d6 as `label` before it is rolled.
pub(super) fn ask_d6s(
    label: String,
    count: i64,
    beat: Option<String>,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let n = usize::try_from(count.max(0)).unwrap_or(0);
    dice.before_roll(&RollAsk { label, dice: format!("{n}d6"), count: n, beat })?;
    Ok(())
}

/// Roll `count` d6 from `dice` as one record.
pub(super) fn roll_d6s(count: i64, dice: &mut dyn DiceSource) -> Result<Vec<DieRoll>, RulesError> {
    (0..count.max(0))
        .map(|_| Ok(DieRoll { sides: 6, face: dice.roll(6)?, kept: true, exploded: false }))
        .collect()
}

/// An attack worked out up to the roll: the pool with its modifiers, and what it is against.
pub struct Prepared {
    pub base: u32,
    pub pool: i64,
    pub parts: Vec<String>,
    pub damage: DiceExpr,
    pub types: Vec<String>,
    pub traits: Vec<String>,
    pub ranged: bool,
    pub called: Option<String>,
    pub vs: String,
    pub defense: i64,
    /// Sixes needed for a critical (WOIN-CRIT-1, WOIN-CRIT-4).
    pub crit_sixes: u32,
    pub spend: i64,
    pub luc: i64,
    /// The conditions a hit's dart inflicts (`dart=`), checked before any die.
    pub dart: Option<&'static [&'static str]>,
}

/// Dice of cover the target has from an ally's suppressive fire (WOIN-SUPP-1).
pub fn cover_dice(req: AttackRequest<'_, WoinState>) -> i64 {
    let woin = req.state;
    woin.suppressed.iter().filter(|s| s.ally == req.target_id).map(|s| s.dice).max().unwrap_or(0)
}

/// An overwatch shot, with how many targets this overwatch has already fired on (WOIN-OVER-1).
pub fn overwatch_shots(req: AttackRequest<'_, WoinState>) -> Option<usize> {
    let woin = req.state;
    FieldReader(req.fields)
        .flag("overwatch")
        .then(|| woin.overwatch.iter().find(|o| o.id == req.attacker_id).map_or(0, |o| o.shots))
}
