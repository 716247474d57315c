//! The WOIN attack pool: the weapon's dice capped at the attacker's maximum (WOIN-ATK-1), then
//! every modifier by name: bought damage dice, a called shot, position, aim, suppressive fire,
//! overwatch and LUC (WOIN-ATK-2..4, WOIN-CALL-1, WOIN-SUPP-1, WOIN-OVER-1).

use super::Woin;
use super::prepared::{cover_dice, overwatch_shots};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::stats::Stats;
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// Range increments beyond which no attack is possible (WOIN-ATK-2).
const MAX_INCREMENTS: i64 = 5;

/// Size categories in order; medium is the usual.
pub const SIZES: &[&str] =
    &["tiny", "small", "medium", "large", "enormous", "gigantic", "colossal"];

/// The pool as formed, each modifier named in the order the summary lists them.
pub(super) struct Pool {
    pub dice: i64,
    pub parts: Vec<String>,
    /// Damage dice bought from the pool (WOIN-ATK-3).
    pub spend: i64,
    /// LUC dice added to it (WOIN-ATK-4).
    pub luc: i64,
}

impl Pool {
    fn add(&mut self, dice: i64, why: &str) {
        if dice != 0 {
            self.dice = self.dice.saturating_add(dice);
            self.parts.push(format!(
                "{}{}d6 {why}",
                if dice > 0 { "+" } else { "−" },
                dice.unsigned_abs()
            ));
        }
    }
}

/// Form the pool from the weapon's `base` dice. `ranged` is the kind of attack, which decides
/// the positional dice.
pub(super) fn form(
    req: AttackRequest<'_, WoinState>,
    f: &FieldReader<'_>,
    base: u32,
    called: Option<&str>,
    ranged: bool,
) -> Result<Pool, RulesError> {
    let mut pool = capped(req, base);
    // WOIN-ATK-3: extra damage dice, paid for from the pool.
    pool.spend = f.int_in("spend", 0, 20)?;
    let cost: i64 = option(&Woin, req.options, "damage_die_cost").parse().unwrap_or(2);
    pool.add(-pool.spend * cost, &format!("for {} damage dice", pool.spend));
    called_shot(req, called, &mut pool);
    position(req, f, ranged, &mut pool)?;
    tactics(req, f, &mut pool);
    for (dice, why) in super::restrictions::pool_penalties(req.attacker.conditions) {
        pool.add(dice, why);
    }
    luck(req, f, &mut pool)?;
    if pool.dice < 1 {
        return Err(RulesError::Invalid(format!(
            "the pool is down to {}d6 ({}); buy fewer damage dice or drop a penalty",
            pool.dice,
            pool.parts.join(", ")
        )));
    }
    pool.dice = pool.dice.clamp(0, 100);
    Ok(pool)
}

/// WOIN-ATK-1: the pool, capped at the attacker's max dice pool.
fn capped(req: AttackRequest<'_, WoinState>, base: u32) -> Pool {
    let mut pool = Pool { dice: i64::from(base), parts: Vec::new(), spend: 0, luc: 0 };
    if let Some(cap) = req.attacker.stats.int("max_pool")
        && pool.dice > cap
    {
        pool.parts.push(format!("capped at {cap}d6"));
        pool.dice = cap;
    }
    pool
}

/// WOIN-CALL-1: a called shot costs 2d6 and two actions; a push or trip costs 1d6 more per size
/// category the target is larger, and 1d6 more for more than two legs or none.
fn called_shot(req: AttackRequest<'_, WoinState>, called: Option<&str>, pool: &mut Pool) {
    if matches!(called, Some("push" | "trip")) {
        let larger = size_rank(req.target.stats) - size_rank(req.attacker.stats);
        pool.add(-larger.max(0), "target larger");
        let legs = req.target.stats.int_or("legs", 2);
        if legs != 2 {
            pool.add(-1, "not two legs");
        }
    }
    if called.is_some() {
        pool.add(-2, "called shot");
    }
}

/// WOIN-ATK-2: position.
fn position(
    req: AttackRequest<'_, WoinState>,
    f: &FieldReader<'_>,
    ranged: bool,
    pool: &mut Pool,
) -> Result<(), RulesError> {
    let increments = f.int_in("range", 0, 1000)?;
    if increments > MAX_INCREMENTS {
        return Err(RulesError::Invalid(format!(
            "range={increments}: out of range (at most {MAX_INCREMENTS} increments)"
        )));
    }
    pool.add(-(increments - 1).max(0), "range");
    if f.flag("higher") {
        pool.add(1, "higher ground");
    }
    if f.flag("cover") {
        pool.add(-2, "cover");
    }
    // WOIN-COND-11: a Blind attacker gets no flank or crossfire bonus.
    let blind = super::restrictions::loses_position_bonus(req.attacker.conditions);
    // Read whatever the attack, so a bad value is refused before any die (issue 14 item 4).
    let pinned = f.int_in("pinned", 0, 20)?;
    let crossfire = f.int_in("crossfire", 0, 20)?.min(3);
    if ranged {
        pool.add(pinned, "pinned down");
        pool.add(if blind { 0 } else { crossfire }, "crossfire");
    }
    if f.flag("flank") && !ranged && !blind {
        pool.add(1, "flank");
    }
    if f.flag("into_melee") {
        pool.add(-2, "into melee");
    }
    if f.flag("dark") {
        pool.add(-2, "darkness");
    }
    let target_prone = f.flag("prone")
        || req.target.conditions.iter().any(|c| c.name == "Prone" || c.name == "Downed");
    if target_prone {
        if ranged { pool.add(-1, "prone target") } else { pool.add(2, "prone target") }
    }
    Ok(())
}

/// Aim or a feint, an ally's suppressive fire, and overwatch past its first target.
fn tactics(req: AttackRequest<'_, WoinState>, f: &FieldReader<'_>, pool: &mut Pool) {
    let woin = req.state;
    if f.flag("aim") || (req.on_turn && woin.aimed.iter().any(|a| a == req.attacker_id)) {
        pool.add(1, "aim or feint");
    }
    // WOIN-SUPP-1: an ally under suppressive fire counts as in cover.
    pool.add(-cover_dice(req), "suppressive fire cover");
    // WOIN-OVER-1: each overwatch target after the first, −1d6 (Reading: flat, not cumulative).
    if overwatch_shots(req).is_some_and(|fired| fired > 0) {
        pool.add(-1, "overwatch, not the first target");
    }
}

/// WOIN-ATK-4: LUC dice go on after the pool is formed.
fn luck(
    req: AttackRequest<'_, WoinState>,
    f: &FieldReader<'_>,
    pool: &mut Pool,
) -> Result<(), RulesError> {
    pool.luc = f.int_in("luc", 0, 20)?;
    let luc = pool.luc;
    if luc > 0 {
        if req.attacker.conditions.iter().any(|c| c.name == "Cursed") {
            return Err(RulesError::Invalid(format!(
                "{} is Cursed and may not spend LUC",
                req.attacker.name
            )));
        }
        let has = req.attacker.stats.int_or("luc", 0);
        if has < luc {
            return Err(RulesError::Invalid(format!(
                "{} has {has} LUC dice, not {luc}",
                req.attacker.name
            )));
        }
        pool.add(luc, "LUC");
    }
    Ok(())
}

fn size_rank(stats: &Stats) -> i64 {
    let size = stats.text("size").unwrap_or("medium").to_ascii_lowercase();
    SIZES.iter().position(|s| *s == size).and_then(|i| i64::try_from(i).ok()).unwrap_or(2)
}
