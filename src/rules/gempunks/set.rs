//! The dice of one attack set (GEM-ROLL-1): every attack die, then one crit die per qualifying
//! attack die, then the chain dice generation by generation; what each die hit (GEM-ATK-2,
//! GEM-CRIT-1..4) and the multiplier of each attack.

use super::asks;
use crate::rules::dice::{DiceSource, DieRoll, RollRecord, ScriptedDice, roll_die};
use crate::rules::request::FieldReader;
use crate::rules::types::RulesError;

/// A die's value: its face, except that 6 counts as 9 (GEM-ATK-2).
pub fn value(face: u32) -> i64 {
    if face == 6 { 9 } else { i64::from(face) }
}

/// Whether a face meets a need (GEM-ATK-2: need ≤ 1 always, need ≥ 10 never).
pub fn meets(face: u32, need: i64) -> bool {
    value(face) >= need
}

/// What one attack die must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DieSpec {
    pub need: i64,
    /// An automatic hit (an effect, or a willing target): the attack die hits whatever it shows.
    pub auto: bool,
}

/// One attack die of a set and what followed from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackDie {
    pub face: u32,
    pub need: i64,
    pub hit: bool,
    /// Its crit die and chain dice, in order.
    pub chain: Vec<u32>,
    /// The multiplier: 1 + hitting dice in the chain (GEM-CRIT-2).
    pub m: u32,
}

/// Safety stop for a chain that never ends (need ≤ 1 and sixes forever from a broken source).
const MAX_GENERATIONS: usize = 1000;

/// Roll a set: attack dice in order, then the crit dice, then chain generations (GEM-ROLL-1).
/// Heavy lets a hitting 5 on the attack die grant the crit die too (GEM-CRIT-3). Each step is
/// named before it is rolled (`who`: the roller's possessive, `targets`: whom it attacks): the
/// attack dice together, then each stage of crit and chain dice.
pub fn roll_set(
    specs: &[DieSpec],
    heavy: bool,
    (who, targets): (&str, &str),
    dice: &mut dyn DiceSource,
) -> Result<Vec<AttackDie>, RulesError> {
    let mut out = Vec::with_capacity(specs.len());
    dice.before_roll(&asks::attack_set(who, targets, specs))?;
    for spec in specs {
        let face = roll_die(dice, 6)?;
        let hit = spec.auto || meets(face, spec.need);
        out.push(AttackDie { face, need: spec.need, hit, chain: Vec::new(), m: 1 });
    }
    // GEM-CRIT-1, GEM-CRIT-3, GEM-CRIT-4: a hitting 6 (a 5 too when Heavy) grants the crit die.
    let mut pending: Vec<usize> = out
        .iter()
        .enumerate()
        .filter(|(_, d)| d.hit && (d.face == 6 || (heavy && d.face == 5)))
        .map(|(i, _)| i)
        .collect();
    let mut generation = 0;
    while !pending.is_empty() {
        generation += 1;
        if generation > MAX_GENERATIONS {
            return Err(RulesError::Invalid("a crit chain ran past 1000 dice".into()));
        }
        let granted: Vec<(usize, u32, DieSpec)> = pending
            .iter()
            .map(|&i| {
                let d = &out[i];
                (i, d.chain.last().copied().unwrap_or(d.face), specs[i])
            })
            .collect();
        dice.before_roll(&asks::chain_stage(who, generation - 1, &granted))?;
        let mut next = Vec::new();
        for i in pending {
            let face = roll_die(dice, 6)?;
            let die = &mut out[i];
            die.chain.push(face);
            // GEM-CRIT-2: crit and chain dice use the real need and can miss; only a 6 goes on.
            if meets(face, die.need) {
                die.m = die.m.saturating_add(1);
                if face == 6 {
                    next.push(i);
                }
            }
        }
        pending = next;
    }
    Ok(out)
}

/// The set's dice as records for the log and the save, in the order they were rolled: the
/// attack dice, then each generation of crit and chain dice. Each record's total is a count of
/// the dice that hit, not a sum, and its expression says so (`2d6 attack, hits counted`).
pub fn records(dice: &[AttackDie]) -> Vec<RollRecord> {
    let die = |face| DieRoll { sides: 6, face, kept: true, exploded: false };
    let hits = dice.iter().filter(|d| d.hit).count();
    let mut out = vec![RollRecord {
        expr: format!("{}d6 attack, hits counted", dice.len()),
        dice: dice.iter().map(|d| die(d.face)).collect(),
        total: i64::try_from(hits).unwrap_or(i64::MAX),
    }];
    let longest = dice.iter().map(|d| d.chain.len()).max().unwrap_or(0);
    for g in 0..longest {
        let faces: Vec<u32> = dice.iter().filter_map(|d| d.chain.get(g).copied()).collect();
        let hits =
            dice.iter().filter(|d| d.chain.get(g).is_some_and(|&f| meets(f, d.need))).count();
        out.push(RollRecord {
            expr: format!(
                "{}d6 {}, hits counted",
                faces.len(),
                if g == 0 { "crit" } else { "chain" }
            ),
            dice: faces.into_iter().map(die).collect(),
            total: i64::try_from(hits).unwrap_or(i64::MAX),
        });
    }
    out
}

/// The crit chains in words, for the log: `die #20 (6) → crit 6 → 4: ×3`.
pub fn chains_text(dice: &[AttackDie]) -> Vec<String> {
    dice.iter()
        .enumerate()
        .filter(|(_, d)| !d.chain.is_empty())
        .map(|(i, d)| {
            let steps: Vec<String> = d
                .chain
                .iter()
                .map(|&f| if meets(f, d.need) { f.to_string() } else { format!("{f} miss") })
                .collect();
            format!("{} ({}) → crit {}: ×{}", asks::die_no(i), d.face, steps.join(" → "), d.m)
        })
        .collect()
}

/// Faces typed at the table for `key` (`roll=6,6,3`), if given.
pub(super) fn typed(f: FieldReader<'_>, key: &str) -> Result<Option<ScriptedDice>, RulesError> {
    f.value(key)
        .map(|t| ScriptedDice::parse(t).map_err(|e| RulesError::Invalid(format!("{key}: {e}"))))
        .transpose()
}

/// Faces typed in a command field (`dmgroll=`) for its rolls, the decisions among them still
/// the session's to take: a typed roll needs no asking, a decision the command lacks does.
pub(super) struct Typed<'a> {
    pub faces: &'a mut ScriptedDice,
    pub behind: &'a mut dyn DiceSource,
}

impl DiceSource for Typed<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, crate::rules::dice::DiceError> {
        self.faces.roll(sides)
    }

    fn decide(
        &mut self,
        decision: &crate::rules::dice::question::Decision,
    ) -> Result<usize, crate::rules::dice::DiceError> {
        self.behind.decide(decision)
    }
}

/// One hit instance: the attack die it came from, its multiplier and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instance {
    /// Index of the attack die (d1 is 0).
    pub die: usize,
    pub m: u32,
    pub target: Option<usize>,
}

/// The hit instances of a rolled set, in attack-die order, not yet placed.
pub(super) fn hit_instances(rolled: &[AttackDie]) -> Vec<Instance> {
    rolled
        .iter()
        .enumerate()
        .filter(|(_, d)| d.hit)
        .map(|(i, d)| Instance { die: i, m: d.m, target: None })
        .collect()
}
