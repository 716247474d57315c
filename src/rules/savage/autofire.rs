//! SW-ATK-4: autofire. Up to RoF trait dice (each acing) and one Wild Die, which may stand in for
//! the lowest; every die that reaches the TN is a hit with its own damage (and raise die), applied
//! in turn. Dice order: each trait die with its aces, the Wild Die, then each hit's damage.

use super::attack::{Prepared, UNTRAINED, damage_ask, typed};
use super::damage_dice::{acing, roll_damage};
use super::{Savage, needs};
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, DieRoll, RollRecord};
use crate::rules::effect::{AttackOutcome, Hit, Who};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

/// The dice of a burst: every face rolled, each shot's total (the Wild Die standing in for the
/// lowest), the first face of each shot's die, and a Wild Card's first Wild Die face.
struct Burst {
    record: Vec<DieRoll>,
    totals: Vec<i64>,
    firsts: Vec<u32>,
    wild_first: Option<u32>,
}

impl Burst {
    /// SW-ROLL-1: snake eyes, a Wild Card's every shooting die and its Wild Die first showing 1.
    /// An Extra rolls no Wild Die, so its burst never critically fails.
    fn snake_eyes(&self) -> bool {
        self.wild_first == Some(1) && self.firsts.iter().all(|f| *f == 1)
    }
}

/// Fire `shots` rounds (checked against the weapon's RoF) and land every hit.
pub(super) fn autofire(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    shots: i64,
    dice: &mut dyn DiceSource,
) -> Result<AttackOutcome, RulesError> {
    let f = FieldReader(req.fields);
    let weapon = req.weapon.map(|w| &w.stats);
    let rof = weapon.and_then(|w| w.int("rof")).unwrap_or(1);
    if shots > rof {
        return Err(RulesError::Invalid(format!("autofire={shots}: the weapon's RoF is {rof}")));
    }
    let mut typed_roll = typed(&f, "roll")?;
    let source: &mut dyn DiceSource = match typed_roll.as_mut() {
        Some(t) => t,
        None => dice,
    };
    let burst = fire(req, p, shots, source)?;
    let snake_eyes = burst.snake_eyes();
    let Burst { record, totals, firsts, .. } = burst;
    let modifier = p.modifier() + p.die.bonus;
    let results: Vec<i64> = totals.iter().map(|t| t + modifier).collect();
    let hits: Vec<i64> = if snake_eyes {
        Vec::new()
    } else {
        results.iter().copied().filter(|r| *r >= p.tn).collect()
    };
    // SW-ATK-3: with autofire, a miss whose die shows 1 or 2 may strike a bystander.
    let stray = f.flag("into_melee")
        && firsts.iter().zip(&results).any(|(face, r)| *face <= 2 && *r < p.tn);
    let shown: Vec<String> = results.iter().map(ToString::to_string).collect();
    let mut out = AttackOutcome {
        summary: format!(
            "{} autofires at {}: {} ×{shots} ({:+}) vs TN {}: {} → {} hit(s){}",
            req.attacker.name,
            req.target.name,
            p.die,
            p.modifier(),
            p.tn,
            shown.join(", "),
            hits.len(),
            if snake_eyes { ", CRITICAL FAILURE (snake eyes)" } else { "" }
        ) + if stray {
            "; a miss shows 1 or 2: it may hit a random adjacent bystander"
        } else {
            ""
        },
        hit: !hits.is_empty(),
        cost: vec![("actions", 1)],
        ..AttackOutcome::default()
    };
    out.rolls.push(RollRecord {
        expr: format!("{}d{}! autofire", shots, p.die.sides),
        dice: record,
        total: results.iter().copied().max().unwrap_or(0),
    });
    land_hits(req, p, &hits, &mut out, dice)?;
    Ok(out)
}

/// Roll the shots' trait dice, then a Wild Card's Wild Die.
fn fire(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    shots: i64,
    source: &mut dyn DiceSource,
) -> Result<Burst, RulesError> {
    let wild = Savage::is_wild(req.attacker.stats);
    let shots_count = usize::try_from(shots).unwrap_or(0);
    let spelled = format!("{shots}d{}{}", p.die.sides, if wild { " + wild d6" } else { "" });
    source.before_roll(&RollAsk {
        label: format!("{}'s Shooting (autofire ×{shots})", req.attacker.name),
        dice: spelled,
        count: shots_count.saturating_add(usize::from(wild)),
        beat: Some(needs(p.tn, "TN", p.modifier() + p.die.bonus)),
    })?;
    let mut record = Vec::new();
    let mut totals: Vec<i64> = Vec::new();
    for _ in 0..shots {
        totals.push(acing(p.die.sides, source, &mut record)?);
    }
    let firsts: Vec<u32> = {
        let mut out = Vec::new();
        let mut chain_start = true;
        for d in &record {
            if chain_start {
                out.push(d.face);
            }
            chain_start = d.face != d.sides;
        }
        out
    };
    let mut wild_first = None;
    if wild {
        let start = record.len();
        let wild = acing(6, source, &mut record)?;
        wild_first = record.get(start).map(|d| d.face);
        if let Some(lowest) = totals.iter_mut().min_by_key(|t| **t).filter(|t| **t < wild) {
            *lowest = wild;
        }
    }
    Ok(Burst { record, totals, firsts, wild_first })
}

/// Each hit's damage, with a raise die for a hit 4 over the TN. Each hit meets the target as the
/// hits before it left it (Shaken, then wounds): the engine lands them in order.
fn land_hits(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    hits: &[i64],
    out: &mut AttackOutcome,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    let damage_text = &p.damage;
    let strength = req.attacker.stats.die("strength").unwrap_or(UNTRAINED);
    let bonus: i64 = p.damage_bonus.iter().map(|(_, b)| b).sum();
    let ap = p.ap;
    let pierced = ap.min(req.target.stats.int_or("armor", 0));
    let mut typed_damage = typed(&f, "dmgroll")?;
    let source: &mut dyn DiceSource = match typed_damage.as_mut() {
        Some(t) => t,
        None => dice,
    };
    for (n, &result) in hits.iter().enumerate() {
        let raise = (result - p.tn) / 4 > 0;
        let mut ask = damage_ask(req, p, raise, pierced, None);
        ask.label = format!("{}, hit {} of {}", ask.label, n + 1, hits.len());
        source.before_roll(&ask)?;
        let (mut total, mut faces) = roll_damage(damage_text, strength, true, source)?;
        let mut expr = damage_text.clone();
        if raise {
            total += acing(6, source, &mut faces)?;
            expr.push_str("+d6 raise");
        }
        total += bonus;
        let roll = RollRecord { expr, dice: faces, total };
        if out.hits.is_empty() {
            out.rolls.push(roll.clone());
        }
        out.hits.push(Hit {
            target: Who::TARGET,
            amount: total,
            roll: Some(roll),
            nonlethal: f.flag("nonlethal"),
            location: f.value("called").map(str::to_string),
            armor_ignored: pierced,
            ..Hit::default()
        });
    }
    Ok(())
}
