//! WOIN odds: an attack's chance to hit and to critical (WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4),
//! exact up to 40 dice and rounded past that, and `skirmish odds woin`: seed 000's printed tables
//! beside the exact values. Built on the system-free dice maths of `rules::odds`.

use std::fmt::{self, Write as _};

use crate::rules::odds::{
    Fraction, MAX_ROUNDED_DICE, OddsError, add_die, at_least_sixes, at_least_sixes_rounded, choose,
    count_at_least, exact_pool, exactly_sixes_rounded, pow, rolls_with_sixes, sum_at_least_rounded,
};

/// The odds of one WOIN attack roll (WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackOdds {
    /// P(hit): the sum reaches the DEFENSE, or the roll is a critical.
    pub hit: Fraction,
    /// P(critical): at least the required number of sixes.
    pub critical: Fraction,
}

/// WOIN attack odds for a pool of `n` d6 against `defense`, exactly: a hit is a sum ≥ DEFENSE
/// (WOIN-ATK-5) or a critical, which always hits (WOIN-CRIT-1); a critical is at least `crit_sixes`
/// sixes (3 normally, 2 with deadlier crits, WOIN-CRIT-4). More than
/// [`MAX_DICE`](crate::rules::odds::MAX_DICE) dice are an error: [`attack_rounded`] takes them.
pub fn attack(n: u32, defense: i64, crit_sixes: u32) -> Result<AttackOdds, OddsError> {
    let n = exact_pool(n)?;
    let critical_rolls = rolls_with_sixes(n, crit_sixes);
    // Rolls with fewer sixes than a critical hit only on the sum. Split them by their exact number
    // of sixes: the other dice each show 1..5, so count their sums with a d5 distribution, built up
    // one die at a time as the number of non-six dice grows.
    let mut sum_hits: u128 = 0;
    let mut non_sixes = vec![1u128];
    for others in 0..=n {
        let sixes = n - others;
        if sixes < crit_sixes {
            let needed = defense.saturating_sub(6 * i64::from(sixes));
            sum_hits += choose(n, sixes) * count_at_least(&non_sixes, needed);
        }
        if others < n {
            non_sixes = add_die(&non_sixes, 5);
        }
    }
    let all = pow(6, n);
    Ok(AttackOdds {
        hit: Fraction::new(critical_rolls + sum_hits, all),
        critical: Fraction::new(critical_rolls, all),
    })
}

/// WOIN attack odds (as [`attack`]) in floating point, for pools up to [`MAX_ROUNDED_DICE`]: past
/// the exact counts, a correct value to be shown as rounded rather than a smaller pool's.
/// Returns (P(hit), P(critical)). A pool of 2,000 dice costs microseconds: a roll with fewer
/// sixes than a critical is then so unlikely that nothing it adds survives the rounding.
pub fn attack_rounded(n: u32, defense: i64, crit_sixes: u32) -> Result<(f64, f64), OddsError> {
    if n > MAX_ROUNDED_DICE {
        return Err(OddsError::PastRounded { dice: n, sides: 6 });
    }
    if crit_sixes > n {
        // No roll is a critical: the sum of all the dice decides.
        return Ok((sum_at_least_rounded(n, 6, defense)?, 0.0));
    }
    let critical = at_least_sixes_rounded(n, crit_sixes)?;
    let exactly = exactly_sixes_rounded(n)?;
    // Rolls with s < crit_sixes sixes hit when the other n − s dice (each 1..5) reach the rest.
    // Walk s downwards: below the likeliest count of sixes each term is smaller than the one
    // before, so once one is too small to move the sum (under 2^−104 of it) the rest are too.
    let likeliest = (n as usize + 1) / 6;
    let mut hit = critical;
    for s in (0..crit_sixes).rev() {
        let p = exactly.get(s as usize).copied().unwrap_or(0.0);
        if p < hit * f64::EPSILON * f64::EPSILON {
            if (s as usize) <= likeliest {
                break;
            }
            continue;
        }
        let needed = defense.saturating_sub(6 * i64::from(s));
        hit += p * sum_at_least_rounded(n - s, 5, needed)?;
    }
    Ok((hit.min(1.0), critical))
}

/// One figure printed in seed 000's "The Odds" tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintedOdds {
    /// The pool size, in d6.
    pub dice: u32,
    /// The printed percentage in hundredths of a percent (0.46% is 46).
    pub hundredths: u32,
    /// The seed's "Roughly" column, as printed.
    pub roughly: &'static str,
}

const fn printed(dice: u32, hundredths: u32, roughly: &'static str) -> PrintedOdds {
    PrintedOdds { dice, hundredths, roughly }
}

/// Seed 000, "The Odds": P(at least three sixes) as printed, 3d6..20d6.
pub const SEED_THREE_SIXES: [PrintedOdds; 18] = [
    printed(3, 46, "1 in 200"),
    printed(4, 162, "1 in 60"),
    printed(5, 355, "1 in 30"),
    printed(6, 623, "1 in 16"),
    printed(7, 958, "1 in 10"),
    printed(8, 1348, "1 in 7"),
    printed(9, 1783, "1 in 6"),
    printed(10, 2248, "1 in 5"),
    printed(11, 2732, "1 in 4"),
    printed(12, 3226, "1 in 3"),
    printed(13, 3719, "1 in 3"),
    printed(14, 4205, "1 in 2"),
    printed(15, 4678, "1 in 2"),
    printed(16, 5132, "1 in 2"),
    printed(17, 5565, "1 in 2"),
    printed(18, 5973, "2 in 3"),
    printed(19, 6357, "2 in 3"),
    printed(20, 6713, "2 in 3"),
];

/// Seed 000, "Deadlier Crits": P(at least two sixes) as printed, 3d6..20d6.
pub const SEED_TWO_SIXES: [PrintedOdds; 18] = [
    printed(3, 747, "1 in 13"),
    printed(4, 1319, "1 in 8"),
    printed(5, 1962, "1 in 5"),
    printed(6, 2632, "1 in 4"),
    printed(7, 3302, "1 in 3"),
    printed(8, 3953, "1 in 3"),
    printed(9, 4573, "1 in 2"),
    printed(10, 5155, "1 in 2"),
    printed(11, 5693, "1 in 2"),
    printed(12, 6187, "1 in 2"),
    printed(13, 6635, "2 in 3"),
    printed(14, 7040, "2 in 3"),
    printed(15, 7404, "3 in 4"),
    printed(16, 7728, "3 in 4"),
    printed(17, 8017, "3 in 4"),
    printed(18, 8272, "4 in 5"),
    printed(19, 8498, "4 in 5"),
    printed(20, 8696, "4 in 5"),
];

/// One row of the seed-versus-exact comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedComparison {
    /// The sixes a critical needs: 3 (WOIN-CRIT-1) or 2 (WOIN-CRIT-4).
    pub sixes: u32,
    /// What the seed printed.
    pub printed: PrintedOdds,
    /// P(at least `sixes` sixes), exactly.
    pub exact: Fraction,
    /// The printed figure is further from the exact value than two-decimal rounding explains
    /// (more than 0.01 percentage points).
    pub misprint: bool,
}

/// Every figure of seed 000's two odds tables beside its exact value, three-sixes table first.
pub fn seed_comparison() -> Vec<SeedComparison> {
    [(3, &SEED_THREE_SIXES), (2, &SEED_TWO_SIXES)]
        .into_iter()
        .flat_map(|(sixes, table)| {
            // The seed prints 3d6..20d6, all within the exact counts, so no row is dropped (a
            // test counts all 36).
            table.iter().filter_map(move |&printed| {
                let exact = at_least_sixes(printed.dice, sixes).ok()?;
                // |exact·100 − hundredths/100| > 1/100, scaled by 10000·den to stay in integers;
                // den ≤ 6^20 here, so the products are far below u128's limit.
                let exact_scaled = exact.num * 10_000;
                let printed_scaled = u128::from(printed.hundredths) * exact.den;
                let misprint = exact_scaled.abs_diff(printed_scaled) > exact.den;
                Some(SeedComparison { sixes, printed, exact, misprint })
            })
        })
        .collect()
}

/// The text printed by `skirmish odds woin`: both tables of seed 000 (three sixes and two sixes,
/// 3d6..20d6) with the exact percentage and fraction beside each printed figure, and a `*` marker
/// (explained in a footnote) where the seed is off by more than rounding.
pub fn report() -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_report(&mut out, &seed_comparison());
    out
}

fn write_report(out: &mut String, rows: &[SeedComparison]) -> fmt::Result {
    writeln!(
        out,
        "WOIN critical odds: seed 000's printed figures (\"The Odds\") beside exact values."
    )?;
    for (sixes, title) in [
        (3, "Critical on three or more sixes (WOIN-CRIT-1)"),
        (2, "Critical on two or more sixes, deadlier crits (WOIN-CRIT-4)"),
    ] {
        writeln!(out, "\n{title}")?;
        writeln!(out, "   pool  printed  roughly       exact  printed-exact  exact fraction")?;
        for row in rows.iter().filter(|row| row.sixes == sixes) {
            let printed_percent = f64::from(row.printed.hundredths) / 100.0;
            let exact_percent = row.exact.percent();
            writeln!(
                out,
                "{} {:>3}d6  {:>6.2}%  {:<9} {:>8.4}%  {:>+13.4}  {}",
                if row.misprint { '*' } else { ' ' },
                row.printed.dice,
                printed_percent,
                row.printed.roughly,
                exact_percent,
                printed_percent - exact_percent,
                row.exact,
            )?;
        }
    }
    let marked: Vec<String> = rows
        .iter()
        .filter(|row| row.misprint)
        .map(|row| format!("{}d6 at {} sixes", row.printed.dice, sixes_word(row.sixes)))
        .collect();
    if marked.is_empty() {
        writeln!(out, "\nEvery printed figure agrees with the exact value to two decimals.")
    } else {
        writeln!(
            out,
            "\n* Misprint: the printed figure is more than 0.01 percentage points from the exact value,\n  \
             more than rounding to two decimals explains; trust the exact column. Marked: {}.",
            marked.join(", ")
        )
    }
}

fn sixes_word(sixes: u32) -> &'static str {
    match sixes {
        2 => "two",
        3 => "three",
        _ => "several",
    }
}
