//! Exact odds of a Gempunks set before it is rolled (issue 11, item 6): the distribution of the
//! number of hits and of crits over any number of dice. Exact fractions while the counts fit in
//! u128 (6^n for hits, 36^n for crits); beyond that a correct value in floating point, marked as
//! rounded. Never clamped.

use super::set::meets;
use crate::rules::odds::Fraction;

/// A probability: exact when it fits, else rounded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prob {
    pub exact: Option<Fraction>,
    pub value: f64,
}

impl std::fmt::Display for Prob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.exact {
            Some(x) => write!(f, "{x} ({:.2}%)", x.percent()),
            None => write!(f, "≈{:.4}% (rounded)", self.value * 100.0),
        }
    }
}

impl Prob {
    /// For one line: the fraction only when it is short, else the percentage.
    pub fn short(&self) -> String {
        match self.exact {
            Some(x) if x.den <= 1_000_000 => format!("{x} ({:.2}%)", x.percent()),
            Some(x) => format!("{:.2}%", x.percent()),
            None => format!("≈{:.2}% (rounded)", self.value * 100.0),
        }
    }
}

/// Per die, out of 6: the faces that hit; out of 36: the (attack, crit) face pairs that make a
/// crit (GEM-ATK-2, GEM-CRIT-1, GEM-CRIT-3, GEM-CRIT-4).
pub fn per_die(need: i64, heavy: bool, auto: bool) -> (u32, u32) {
    // Faces of one d6: at most 6 of them.
    let faces = |hit: &dyn Fn(u32) -> bool| (1..=6).map(|f| u32::from(hit(f))).sum::<u32>();
    let hits = faces(&|f| auto || meets(f, need));
    let qualifying = faces(&|f| (auto || meets(f, need)) && (f == 6 || (heavy && f == 5)));
    let crit_hits = faces(&|f| meets(f, need));
    (hits, qualifying * crit_hits)
}

/// P(exactly k of n) for each k, each success `num/den`.
pub fn binomial(n: u32, num: u32, den: u32) -> Vec<Prob> {
    if let Some(all) = u128::from(den).checked_pow(n) {
        let mut out = Vec::with_capacity(n as usize + 1);
        let mut choose: u128 = 1;
        let mut ok = true;
        let mut counts = Vec::with_capacity(n as usize + 1);
        for k in 0..=n {
            if k > 0 {
                choose = choose * u128::from(n - k + 1) / u128::from(k);
            }
            let ways = u128::from(num)
                .checked_pow(k)
                .and_then(|a| a.checked_mul(u128::from(den - num).checked_pow(n - k)?))
                .and_then(|a| a.checked_mul(choose));
            match ways {
                Some(w) => counts.push(w),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            for w in counts {
                let x = Fraction::new(w, all);
                out.push(Prob { exact: Some(x), value: x.percent() / 100.0 });
            }
            return out;
        }
    }
    // Rounded: in logarithms, exact enough for any pool the rules allow.
    let p = f64::from(num) / f64::from(den);
    let ln_fact = |m: u32| (1..=m).map(|i| f64::from(i).ln()).sum::<f64>();
    let (lnp, lnq) = (p.ln(), (1.0 - p).ln());
    let lnn = ln_fact(n);
    let mut ln_k = 0.0;
    (0..=n)
        .map(|k| {
            if k > 0 {
                ln_k += f64::from(k).ln();
            }
            let ln_rest = lnn - ln_k - ln_fact_diff(n, k, lnn, ln_k);
            let term = |c: u32, l: f64| if c == 0 { 0.0 } else { f64::from(c) * l };
            let value = if num == 0 {
                if k == 0 { 1.0 } else { 0.0 }
            } else if num == den {
                if k == n { 1.0 } else { 0.0 }
            } else {
                (ln_rest + term(k, lnp) + term(n - k, lnq)).exp()
            };
            Prob { exact: None, value }
        })
        .collect()
}

/// ln((n−k)!) from ln(n!) and ln(k!) is not available directly; recompute it.
fn ln_fact_diff(n: u32, k: u32, _lnn: f64, _lnk: f64) -> f64 {
    (1..=n - k).map(|i| f64::from(i).ln()).sum()
}

/// P(at least k) from a distribution.
pub fn at_least(dist: &[Prob], k: usize) -> Prob {
    let tail = &dist[k.min(dist.len())..];
    let exact = tail.iter().try_fold(Fraction::ZERO, |acc, p| add(acc, p.exact?));
    let value = match exact {
        Some(x) => x.percent() / 100.0,
        None => tail.iter().map(|p| p.value).sum::<f64>().min(1.0),
    };
    Prob { exact, value }
}

fn add(a: Fraction, b: Fraction) -> Option<Fraction> {
    let den = lcm(a.den, b.den)?;
    let num = a.num.checked_mul(den / a.den)?.checked_add(b.num.checked_mul(den / b.den)?)?;
    Some(Fraction::new(num, den))
}

fn lcm(a: u128, b: u128) -> Option<u128> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x.max(1)).checked_mul(b)
}

/// One line for the attack dialog: `20 dice need 4: expect 10 hits, P(≥1 crit) …`.
pub fn summary(n: u32, need: i64, heavy: bool, auto: bool) -> String {
    let (h, c) = per_die(need, heavy, auto);
    let expected_hits = f64::from(n) * f64::from(h) / 6.0;
    let crits = binomial(n, c, 36);
    format!(
        "{n} dice need {need}{}: expect {expected_hits:.1} hits; P(≥1 crit) {}",
        if auto { " (automatic hits)" } else { "" },
        at_least(&crits, 1).short()
    )
}

/// What `skirmish odds` takes for Gempunks.
pub const USAGE: &str = "gempunks N need=K [heavy] [auto]";

/// `skirmish odds gempunks N need=K [heavy] [auto]`.
pub fn report(args: &[String]) -> Result<String, String> {
    let usage = &format!("expected: skirmish odds {USAGE} (N dice from 1 to 10000)");
    let n = args
        .first()
        .and_then(|a| a.parse::<u32>().ok())
        .filter(|n| (1..=10_000).contains(n))
        .ok_or(usage)?;
    let (mut need, mut heavy, mut auto) = (None, false, false);
    for arg in &args[1..] {
        match arg.split_once('=') {
            Some(("need", v)) => {
                need = Some(v.parse::<i64>().ok().filter(|k| (-100..=100).contains(k)).ok_or_else(
                    || format!("need={v}: expected a whole number from -100 to 100; {usage}"),
                )?)
            }
            None if arg == "heavy" => heavy = true,
            None if arg == "auto" => auto = true,
            _ => return Err(format!("'{arg}': {usage}")),
        }
    }
    let need = need.ok_or(usage)?;
    let (h, c) = per_die(need, heavy, auto);
    let hits = binomial(n, h, 6);
    let crits = binomial(n, c, 36);
    let mut out = String::new();
    out.push_str(&format!(
        "{n} dice need {need}{}{}: each die hits {}/6, makes a crit {}/36\n",
        if heavy { ", Heavy" } else { "" },
        if auto { ", automatic hits" } else { "" },
        h,
        c
    ));
    out.push_str(&format!(
        "expect {:.2} hits and {:.2} crits\nP(≥1 hit) {}\nP(≥1 crit) {}\n",
        f64::from(n) * f64::from(h) / 6.0,
        f64::from(n) * f64::from(c) / 36.0,
        at_least(&hits, 1),
        at_least(&crits, 1)
    ));
    out.push_str("hits: exactly k, at least k\n");
    for k in 0..=n as usize {
        if hits[k].value < 1e-9 && n > 60 {
            continue;
        }
        out.push_str(&format!("  {k:>4}  {}  {}\n", hits[k], at_least(&hits, k)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_die_counts_follow_the_crit_rules() {
        // need 4: faces 4, 5, 6 hit; only 6 grants the crit die, which hits on 4, 5, 6.
        assert_eq!(per_die(4, false, false), (3, 3));
        // Heavy: 5 grants it too (GEM-CRIT-3).
        assert_eq!(per_die(4, true, false), (3, 6));
        // need 10: nothing hits (GEM-ATK-2), but automatic hits still roll crits that miss.
        assert_eq!(per_die(10, false, true), (6, 0));
        assert_eq!(per_die(1, false, false), (6, 6));
    }

    #[test]
    fn big_pools_are_rounded_not_clamped() {
        let small = binomial(20, 3, 6);
        assert!(small.iter().all(|p| p.exact.is_some()));
        let total: f64 = small.iter().map(|p| p.value).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let big = binomial(200, 3, 6);
        assert_eq!(big.len(), 201);
        assert!(big[0].exact.is_none());
        let total: f64 = big.iter().map(|p| p.value).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
    }
}
