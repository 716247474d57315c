//! Savage Worlds odds: an acing trait roll with or without the Wild Die, exactly (SW-ROLL-1), and
//! `skirmish odds savage …`, the success and raise odds of one trait roll from its words.

use crate::rules::odds::{Fraction, pow};

/// The highest Savage Worlds target counted exactly; higher targets are clamped to it, so the result
/// is then an upper bound. At 100 even a d12 with a Wild Die succeeds less than once in 10^8, and the
/// exact denominators (at most 3^34 · 6^17 < 2^98) still fit in u128.
pub const MAX_TRAIT_TARGET: i64 = 100;

/// P(total ≥ `target`) for an acing trait die of `sides` (d4..d12), with an optional acing d6 Wild
/// Die, keeping the higher (SW-ROLL-1). Modifiers belong in `target`. Sides below 2 are treated as 2
/// (a one-sided die would ace forever); `target` is clamped to [`MAX_TRAIT_TARGET`].
pub fn trait_roll(sides: u32, wild: bool, target: i64) -> Fraction {
    let target = target.min(MAX_TRAIT_TARGET);
    let (trait_hits, trait_all) = acing_at_least(sides.max(2), target);
    if !wild {
        return Fraction::new(trait_hits, trait_all);
    }
    // The higher of two independent dice misses only when both miss.
    let (wild_hits, wild_all) = acing_at_least(6, target);
    let all = trait_all * wild_all;
    let both_miss = (trait_all - trait_hits) * (wild_all - wild_hits);
    Fraction::new(all - both_miss, all)
}

/// An acing die of `sides` ≥ 2 reaching `target`, as (favourable, total) over sides^(q + 1).
/// The total is q' aces (each adding `sides`) then a final face r in 1..sides−1, with probability
/// (1/sides)^(q' + 1). Write target = sides·q + u with u in 1..=sides. Fewer than q aces stay below
/// target; more than q aces pass it; exactly q aces pass when r ≥ u. So
/// P(total ≥ target) = (1/sides)^(q+1) + (1/sides)^q · (sides − u)/sides = (sides − u + 1)/sides^(q+1):
/// a finite chain of maxes then a remainder, exact without simulation.
fn acing_at_least(sides: u32, target: i64) -> (u128, u128) {
    if target <= 1 {
        return (1, 1);
    }
    let sides_wide = i64::from(sides);
    let aces = (target - 1) / sides_wide;
    let remainder = target - sides_wide * aces;
    // target ≤ MAX_TRAIT_TARGET keeps sides^(aces + 1) below 2^55: at most 3^34 for small dice,
    // and a die of more than 100 sides never aces below the target, leaving sides^1 < 2^32.
    let aces = u32::try_from(aces).unwrap_or(u32::MAX);
    let favourable = sides_wide - remainder + 1;
    (u128::try_from(favourable).unwrap_or(0), pow(u128::from(sides), aces.saturating_add(1)))
}

/// What `skirmish odds` takes for Savage Worlds.
pub const USAGE: &str = "savage DIE [tn=N] [mod=N] [extra]";

/// `skirmish odds savage d8 tn=4 mod=-2 [extra]`: success and raise odds of a trait roll.
pub fn odds_report(args: &[String]) -> Result<String, String> {
    use super::tables::MAX_FIELD;
    use crate::rules::stats::TraitDie;
    let usage = "expected: skirmish odds savage d8 [tn=4] [mod=-2] [extra]";
    let die = args.first().and_then(|d| TraitDie::parse(d)).ok_or(usage)?;
    let (mut tn, mut modifier, mut wild) = (4i64, 0i64, true);
    // The same ranges an attack's `tn=` and `mod=` take, so the sums below stay small.
    let within = |key: &str, v: &str, min: i64| {
        v.trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=MAX_FIELD).contains(n))
            .ok_or_else(|| {
                format!("{key}={v}: expected a whole number from {min} to {MAX_FIELD}; {usage}")
            })
    };
    for arg in &args[1..] {
        match arg.split_once('=') {
            Some(("tn", v)) => tn = within("tn", v, 0)?,
            Some(("mod", v)) => modifier = within("mod", v, -MAX_FIELD)?,
            None if arg == "extra" => wild = false,
            None if arg == "wild" => wild = true,
            _ => return Err(format!("'{arg}': {usage}")),
        }
    }
    let need = tn - modifier - die.bonus;
    let success = trait_roll(die.sides, wild, need);
    let raise = trait_roll(die.sides, wild, need + 4);
    Ok(format!(
        "{die}{} {modifier:+} vs TN {tn}: success {} ({:.2}%), raise {} ({:.2}%)\n",
        if wild { " with the Wild Die" } else { "" },
        success,
        success.percent(),
        raise,
        raise.percent()
    ))
}
