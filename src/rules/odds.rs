//! System-free dice maths: exact odds as reduced fractions (sums of d6, at least k sixes) while the
//! counts fit in 128 bits, the same questions in floating point past that, and an error rather than
//! a clamped pool beyond either limit. It names no system: each system's own odds live in its folder
//! (`woin/odds.rs`, `savage/odds.rs`, `gurps/odds.rs`, `gempunks/odds.rs`) and build on these.

use std::cmp::Ordering;
use std::fmt;

/// The largest pool of d6 counted exactly. 6^40 < 2^104, which keeps every count (each at most 6^n)
/// and the small products taken with it well inside u128; a larger pool is an [`OddsError`].
pub const MAX_DICE: u32 = 40;

/// The largest pool the rounded odds take. A WOIN attack at 2,000 dice costs microseconds; at this
/// size a question that needs every count of sixes below a few thousand costs about a second, so a
/// larger pool is refused rather than left to run for minutes (the dice notation stops at 10,000).
pub const MAX_ROUNDED_DICE: u32 = 100_000;

/// The most sides a die may have in the rounded sums: their cost grows with the square of the sides.
pub const MAX_ROUNDED_SIDES: u32 = 100;

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

/// A pool too large for the odds asked: never answered with a smaller pool's odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OddsError {
    /// More than [`MAX_DICE`] dice asked of an exact count.
    PastExact { dice: u32 },
    /// More than [`MAX_ROUNDED_DICE`] dice, or dice of more than [`MAX_ROUNDED_SIDES`] sides (or of
    /// none), asked of a rounded one.
    PastRounded { dice: u32, sides: u32 },
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            OddsError::PastExact { dice } => write!(
                f,
                "exact odds count at most {MAX_DICE} dice, not {dice}: the 6^{dice} rolls outgrow \
                 128-bit counts; ask for the rounded odds, which take up to {MAX_ROUNDED_DICE} dice"
            ),
            OddsError::PastRounded { dice, sides } => write!(
                f,
                "rounded odds take at most {MAX_ROUNDED_DICE} dice of 1 to {MAX_ROUNDED_SIDES} \
                 sides, not {dice}d{sides}"
            ),
        }
    }
}

impl std::error::Error for OddsError {}

/// `n` itself when exact counts of `n` d6 fit, else the error naming [`MAX_DICE`].
pub fn exact_pool(n: u32) -> Result<u32, OddsError> {
    if n > MAX_DICE { Err(OddsError::PastExact { dice: n }) } else { Ok(n) }
}

/// P(at least `k` sixes) on `n` d6, exactly; more than [`MAX_DICE`] dice are an error.
pub fn at_least_sixes(n: u32, k: u32) -> Result<Fraction, OddsError> {
    let n = exact_pool(n)?;
    Ok(Fraction::new(rolls_with_sixes(n, k), pow(6, n)))
}

/// The full distribution of the sum of `n` d6 as weights over 6^n (index = sum; indices below `n`
/// hold 0); 0 dice give `[1]`. More than [`MAX_DICE`] dice are an error.
pub fn sum_distribution(n: u32) -> Result<Vec<u128>, OddsError> {
    let n = exact_pool(n)?;
    Ok((0..n).fold(vec![1], |sums, _| add_die(&sums, 6)))
}

/// P(exactly `s` sixes) on `n` d6 for each `s` in 0..=n, in floating point (a binomial with chance
/// 1/6). Values more than 10^300 times smaller than the likeliest count are left at 0.
pub fn exactly_sixes_rounded(n: u32) -> Result<Vec<f64>, OddsError> {
    if n > MAX_ROUNDED_DICE {
        return Err(OddsError::PastRounded { dice: n, sides: 6 });
    }
    // Start from the likeliest count and walk outwards by the ratio of neighbouring terms, then
    // divide by the total: no power such as (5/6)^n, which underflows past about 4,000 dice, and
    // no difference of large logarithms, which would cost digits.
    let size = n as usize + 1;
    let mode = (size / 6).min(size - 1);
    let mut weights = vec![0.0f64; size];
    weights[mode] = 1.0;
    let (n_f, tiny) = (f64::from(n), 1e-300);
    for s in mode + 1..size {
        // P(s) / P(s − 1) = (n − s + 1) / (5 s)
        let next = weights[s - 1] * (n_f - s as f64 + 1.0) / (5.0 * s as f64);
        if next < tiny {
            break;
        }
        weights[s] = next;
    }
    for s in (0..mode).rev() {
        // P(s) / P(s + 1) = 5 (s + 1) / (n − s)
        let next = weights[s + 1] * 5.0 * (s as f64 + 1.0) / (n_f - s as f64);
        if next < tiny {
            break;
        }
        weights[s] = next;
    }
    let total: f64 = weights.iter().sum();
    Ok(weights.into_iter().map(|w| w / total).collect())
}

/// P(at least `k` sixes) on `n` d6 (as [`at_least_sixes`]) in floating point, for pools up to
/// [`MAX_ROUNDED_DICE`].
pub fn at_least_sixes_rounded(n: u32, k: u32) -> Result<f64, OddsError> {
    let exactly = exactly_sixes_rounded(n)?;
    let k = k as usize;
    if k >= exactly.len() {
        return Ok(0.0);
    }
    // Sum the side that holds the smaller terms' tail, so a tiny chance keeps its digits and a
    // chance near 1 is one minus a sum of at most about one half.
    Ok(if k <= exactly.len() / 6 {
        (1.0 - exactly[..k].iter().sum::<f64>()).max(0.0)
    } else {
        exactly[k..].iter().sum::<f64>().min(1.0)
    })
}

/// P(the sum of `dice` dice with faces 1..=`sides` reaches `target`), in floating point: exact
/// to about 15 digits at any pool up to [`MAX_ROUNDED_DICE`] dice of up to [`MAX_ROUNDED_SIDES`]
/// sides. The cost is about dice × sides² / 2 steps (10,000 steps for 1,000 five-sided dice).
pub fn sum_at_least_rounded(dice: u32, sides: u32, target: i64) -> Result<f64, OddsError> {
    if dice > MAX_ROUNDED_DICE || sides == 0 || sides > MAX_ROUNDED_SIDES {
        return Err(OddsError::PastRounded { dice, sides });
    }
    // Count faces from 0 (y = sum − dice), so the sums run 0..=span and y, span − y are equally
    // likely: P(y ≥ u) = P(y ≤ span − u). Both limits keep span below 10^7.
    let span = i64::from(dice) * i64::from(sides - 1);
    let u = target.saturating_sub(i64::from(dice));
    if u <= 0 {
        return Ok(1.0);
    }
    if u > span {
        return Ok(0.0);
    }
    // Count whichever lower tail ends before the middle: that sum keeps its digits, and its
    // complement is at most about one half.
    Ok(if span - u < u {
        lower_tail(dice, sides, span - u)
    } else {
        (1.0 - lower_tail(dice, sides, u - 1)).max(0.0)
    })
}

/// P(y ≤ `last`) for y the sum of `dice` ≥ 1 dice with faces 0..`sides` (≥ 2), `last` at most half
/// the largest sum. The ways c_s to roll each sum s are the coefficients of
/// P(x) = (1 + x + … + x^(sides−1))^dice; from q·P′ = dice·q′·P (q the one-die polynomial),
/// s·c_s = Σ_{i=1}^{sides−1} ((dice + 1)·i − s)·c_{s−i}: each count from the sides − 1 before it,
/// from c_0 = 1 up to the middle, the rest of the total by symmetry. In floating point, rescaled
/// as the counts grow; tests/it/odds_large.rs holds it to exact integer counts of up to 2,000 dice
/// (it agrees to about 15 digits, deep tails included).
fn lower_tail(dice: u32, sides: u32, last: i64) -> f64 {
    let span = i64::from(dice) * i64::from(sides - 1);
    let half = span / 2;
    let width = sides as usize;
    let grow = f64::from(dice) + 1.0;
    // ring[s % width] holds c_s for the last `width` sums.
    let mut ring = vec![0.0f64; width];
    ring[0] = 1.0;
    let (mut below, mut to_half) = (1.0f64, 1.0f64);
    for s in 1..=half {
        let reach = usize::try_from(s.min(i64::from(sides) - 1)).unwrap_or(0);
        let s_index = usize::try_from(s).unwrap_or(0);
        let mut weighted = 0.0;
        for i in 1..=reach {
            weighted += (grow * i as f64 - s as f64) * ring[(s_index - i) % width];
        }
        let count = weighted / s as f64;
        ring[s_index % width] = count;
        if s <= last {
            below += count;
        }
        to_half += count;
        // Keep the numbers finite: the counts reach sides^dice. Scaling every kept number alike
        // leaves the ratio below / total unchanged; the smallest early counts fade to 0, far
        // below what the ratio can show.
        if count > 1e200 {
            for c in &mut ring {
                *c *= 1e-200;
            }
            below *= 1e-200;
            to_half *= 1e-200;
        }
    }
    let middle = ring[usize::try_from(half).unwrap_or(0) % width];
    let total = if span % 2 == 0 { 2.0 * to_half - middle } else { 2.0 * to_half };
    (below / total).min(1.0)
}

/// How many of the 6^n rolls of `n` ≤ [`MAX_DICE`] d6 show at least `k` sixes.
pub(crate) fn rolls_with_sixes(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    // Counting the complement keeps the sum short: k terms of C(n, j) · 5^(n − j), not n − k + 1.
    let fewer: u128 = (0..k).map(|j| choose(n, j) * pow(5, n - j)).sum();
    pow(6, n) - fewer
}

/// Convolve a distribution of sums (index = sum) with one die of faces 1..=sides.
pub(crate) fn add_die(sums: &[u128], sides: u32) -> Vec<u128> {
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
pub(crate) fn count_at_least(sums: &[u128], threshold: i64) -> u128 {
    let start = usize::try_from(threshold.max(0)).unwrap_or(usize::MAX);
    sums.get(start..).map_or(0, |tail| tail.iter().sum())
}

/// C(n, k), exact for n ≤ [`MAX_DICE`]: C(n, i) · (n − i) is always divisible by i + 1.
pub(crate) fn choose(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// base^exp, saturating rather than panicking; callers keep it below u128's limit.
pub(crate) fn pow(base: u128, exp: u32) -> u128 {
    base.saturating_pow(exp)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
