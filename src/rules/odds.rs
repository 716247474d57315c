//! Exact dice odds as reduced fractions: WOIN sixes and attacks, Savage Worlds acing trait rolls,
//! GURPS 3d6 roll-under, and the seed-000 odds report. Integer counting only; no I/O, clocks or rand.

use std::cmp::Ordering;
use std::fmt::{self, Write as _};

/// The largest pool of d6 counted exactly; bigger pools are clamped to it. 6^40 < 2^104, which keeps
/// every count (each at most 6^n) and the small products taken with it well inside u128.
pub const MAX_DICE: u32 = 40;

/// The highest Savage Worlds target counted exactly; higher targets are clamped to it, so the result
/// is then an upper bound. At 100 even a d12 with a Wild Die succeeds less than once in 10^8, and the
/// exact denominators (at most 3^34 · 6^17 < 2^98) still fit in u128.
pub const MAX_TRAIT_TARGET: i64 = 100;

/// An exact probability as a reduced fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    /// The numerator, sharing no factor with `den`.
    pub num: u128,
    /// The denominator, never zero when built with [`Fraction::new`].
    pub den: u128,
}

impl Fraction {
    /// Certainty, 1/1.
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };
    /// Impossibility, 0/1.
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };

    /// `num/den` in lowest terms. A zero denominator is not a probability; it gives 0/1 rather than
    /// a panic, so a caller's arithmetic slip cannot bring the tracker down.
    pub fn new(num: u128, den: u128) -> Fraction {
        if den == 0 {
            return Fraction::ZERO;
        }
        let divisor = gcd(num, den);
        Fraction { num: num / divisor, den: den / divisor }
    }

    /// The value in percent, for display only; comparisons should stay on the exact fraction.
    pub fn percent(self) -> f64 {
        if self.den == 0 {
            return 0.0;
        }
        // u128 → f64 rounds to 53 bits, far finer than any displayed digit.
        self.num as f64 / self.den as f64 * 100.0
    }

    /// 1 − self, for a probability (a value above 1 saturates to 0).
    pub fn complement(self) -> Fraction {
        Fraction::new(self.den.saturating_sub(self.num), self.den)
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fraction {
    /// Orders by value without cross-multiplying, which could overflow u128 for two denominators
    /// near 6^40: compare whole parts, then the reciprocals of the remainders (a continued-fraction
    /// walk that ends because the denominators shrink as in Euclid's algorithm). A hand-built zero
    /// denominator ranks as zero, as [`Fraction::new`] would have made it.
    fn cmp(&self, other: &Fraction) -> Ordering {
        let parts = |f: &Fraction| if f.den == 0 { (0, 1) } else { (f.num, f.den) };
        let ((mut a, mut b), (mut c, mut d)) = (parts(self), parts(other));
        loop {
            let whole = (a / b).cmp(&(c / d));
            if whole != Ordering::Equal {
                return whole;
            }
            let (ra, rc) = (a % b, c % d);
            if ra == 0 || rc == 0 {
                // Equal whole parts: a missing remainder is the smaller value.
                return (ra != 0).cmp(&(rc != 0));
            }
            // ra/b < rc/d exactly when d/rc < b/ra, so swap sides instead of tracking a flip.
            (a, b, c, d) = (d, rc, b, ra);
        }
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The odds of one WOIN attack roll (WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackOdds {
    /// P(hit): the sum reaches the DEFENSE, or the roll is a critical.
    pub hit: Fraction,
    /// P(critical): at least the required number of sixes.
    pub critical: Fraction,
}

/// P(at least `k` sixes) on `n` d6 (WOIN-CRIT-1 with k = 3, WOIN-CRIT-4 with k = 2). `n` is clamped
/// to [`MAX_DICE`].
pub fn at_least_sixes(n: u32, k: u32) -> Fraction {
    let n = n.min(MAX_DICE);
    Fraction::new(rolls_with_sixes(n, k), pow(6, n))
}

/// WOIN attack odds for a pool of `n` d6 against `defense`: a hit is a sum ≥ DEFENSE (WOIN-ATK-5) or a
/// critical, which always hits (WOIN-CRIT-1); a critical is at least `crit_sixes` sixes (3 normally,
/// 2 with deadlier crits, WOIN-CRIT-4). `n` is clamped to [`MAX_DICE`].
pub fn woin_attack(n: u32, defense: i64, crit_sixes: u32) -> AttackOdds {
    let n = n.min(MAX_DICE);
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
    AttackOdds {
        hit: Fraction::new(critical_rolls + sum_hits, all),
        critical: Fraction::new(critical_rolls, all),
    }
}

/// WOIN attack odds (as [`woin_attack`]) for a pool of any size, in floating point: for pools
/// past [`MAX_DICE`], where exact counts outgrow u128, a correct value to be shown as rounded
/// rather than a clamped pool. Returns (P(hit), P(critical)).
pub fn woin_attack_rounded(n: u32, defense: i64, crit_sixes: u32) -> (f64, f64) {
    let n_f = f64::from(n);
    // P(exactly s sixes) through logarithms, exact enough for any pool.
    let ln_choose = |k: u32| -> f64 {
        (0..k).map(|i| (n_f - f64::from(i)).ln() - f64::from(i + 1).ln()).sum::<f64>()
    };
    let exactly = |s: u32| -> f64 {
        if s > n {
            return 0.0;
        }
        (ln_choose(s) + f64::from(s) * (1.0f64 / 6.0).ln() + f64::from(n - s) * (5.0f64 / 6.0).ln())
            .exp()
    };
    let fewer: f64 = (0..crit_sixes).map(exactly).sum();
    let critical = (1.0 - fewer).clamp(0.0, 1.0);
    // Rolls with s < crit_sixes sixes hit on the sum of the other n − s dice (each 1..5): track
    // the chance of each sum below the needed total, the rest lumped as "reached".
    let mut hit = critical;
    for s in 0..crit_sixes.min(n + 1) {
        let needed = defense.saturating_sub(6 * i64::from(s));
        let others = n - s;
        let reach = if needed <= i64::from(others) {
            1.0
        } else if needed > 5 * i64::from(others) {
            0.0
        } else {
            let cap = usize::try_from(needed).unwrap_or(usize::MAX);
            let mut below = vec![0.0f64; cap];
            below[0] = 1.0;
            for _ in 0..others {
                let mut next = vec![0.0f64; cap];
                for (sum, &p) in below.iter().enumerate() {
                    if p == 0.0 {
                        continue;
                    }
                    for face in 1..=5 {
                        if sum + face < cap {
                            next[sum + face] += p / 5.0;
                        }
                    }
                }
                below = next;
            }
            1.0 - below.iter().sum::<f64>()
        };
        hit += exactly(s) * reach;
    }
    (hit.clamp(0.0, 1.0), critical)
}

/// Savage Worlds: P(total ≥ `target`) for an acing trait die of `sides` (d4..d12), with an optional
/// acing d6 Wild Die, keeping the higher (SW-ROLL-1). Modifiers belong in `target`. Sides below 2 are
/// treated as 2 (a one-sided die would ace forever); `target` is clamped to [`MAX_TRAIT_TARGET`].
pub fn savage_trait(sides: u32, wild: bool, target: i64) -> Fraction {
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

/// GURPS: P(3d6 ≤ `skill`), the success chance of a roll against effective skill (GURPS-ROLL-1),
/// without the critical-success and critical-failure bands of GURPS-ROLL-2.
pub fn gurps_success(skill: i64) -> Fraction {
    super::gurps::odds::at_most(skill)
}

/// The full distribution of the sum of `n` d6 as weights over 6^n (index = sum; indices below `n`
/// hold 0). `n` is clamped to [`MAX_DICE`]; 0 dice give `[1]`.
pub fn sum_distribution(n: u32) -> Vec<u128> {
    (0..n.min(MAX_DICE)).fold(vec![1], |sums, _| add_die(&sums, 6))
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
            table.iter().map(move |&printed| {
                let exact = at_least_sixes(printed.dice, sixes);
                // |exact·100 − hundredths/100| > 1/100, scaled by 10000·den to stay in integers;
                // den ≤ 6^20 here, so the products are far below u128's limit.
                let exact_scaled = exact.num * 10_000;
                let printed_scaled = u128::from(printed.hundredths) * exact.den;
                let misprint = exact_scaled.abs_diff(printed_scaled) > exact.den;
                SeedComparison { sixes, printed, exact, misprint }
            })
        })
        .collect()
}

/// The text printed by `skirmish odds woin`: both tables of seed 000 (three sixes and two sixes,
/// 3d6..20d6) with the exact percentage and fraction beside each printed figure, and a `*` marker
/// (explained in a footnote) where the seed is off by more than rounding.
pub fn woin_report() -> String {
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

/// How many of the 6^n rolls of `n` ≤ [`MAX_DICE`] d6 show at least `k` sixes.
fn rolls_with_sixes(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    // Counting the complement keeps the sum short: k terms of C(n, j) · 5^(n − j), not n − k + 1.
    let fewer: u128 = (0..k).map(|j| choose(n, j) * pow(5, n - j)).sum();
    pow(6, n) - fewer
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

/// Convolve a distribution of sums (index = sum) with one die of faces 1..=sides.
fn add_die(sums: &[u128], sides: u32) -> Vec<u128> {
    let sides = sides as usize;
    let mut next = vec![0u128; sums.len() + sides];
    for (sum, &weight) in sums.iter().enumerate() {
        if weight == 0 {
            continue;
        }
        for slot in &mut next[sum + 1..=sum + sides] {
            *slot += weight;
        }
    }
    next
}

/// The total weight of sums ≥ `threshold`.
fn count_at_least(sums: &[u128], threshold: i64) -> u128 {
    let start = usize::try_from(threshold.max(0)).unwrap_or(usize::MAX);
    sums.get(start..).map_or(0, |tail| tail.iter().sum())
}

/// C(n, k), exact for n ≤ MAX_DICE: C(n, i) · (n − i) is always divisible by i + 1.
fn choose(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// base^exp, saturating rather than panicking; callers keep it below u128's limit.
fn pow(base: u128, exp: u32) -> u128 {
    base.saturating_pow(exp)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
