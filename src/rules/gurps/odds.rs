//! GURPS odds: 3d6 against a skill counted once, at compile time, into tables of exact fractions;
//! each query is a lookup. The chance of success, of a critical, of a critical failure, and of an
//! attack landing through a defense (GURPS-ROLL-1, GURPS-ROLL-2), and `skirmish odds gurps`.

use crate::rules::odds::Fraction;

/// Ways to roll each 3d6 total, 3 to 18, out of 216.
const WAYS: [u128; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
const ALL: u128 = 216;
/// Skills below and above these give the same odds as the bound (nothing changes past them).
const LOW: i64 = -10;
const HIGH: i64 = 30;
/// The skills from LOW to HIGH.
const SPAN: usize = 41;
const _: () = assert!(HIGH - LOW + 1 == 41, "SPAN counts the skills from LOW to HIGH");

/// GURPS-ROLL-2 as a const fn: 0 critical success, 1 success, 2 failure, 3 critical failure
/// (the same bands as [`super::roll::judge`], which a test keeps equal).
const fn band(skill: i64, total: i64) -> u8 {
    if total <= 4 || (total == 5 && skill >= 15) || (total == 6 && skill >= 16) {
        0
    } else if total >= 18 || (total == 17 && skill <= 15) || total >= skill + 10 {
        3
    } else if total <= skill && total <= 16 {
        1
    } else {
        2
    }
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

const fn reduced(num: u128, den: u128) -> Fraction {
    let g = gcd(num, den);
    match (num.checked_div(g), den.checked_div(g)) {
        (Some(num), Some(den)) => Fraction { num, den },
        _ => Fraction { num: 0, den: 1 },
    }
}

/// Ways out of 216, per skill from LOW to HIGH: [critical success, success, failure, critical failure].
const COUNTS: [[u128; 4]; SPAN] = {
    let mut out = [[0u128; 4]; SPAN];
    let (mut i, mut skill) = (0, LOW);
    while i < SPAN {
        // `t` indexes WAYS; `total` is the 3d6 total it counts.
        let (mut t, mut total) = (0, 3);
        while t < 16 {
            let b = band(skill, total) as usize;
            out[i][b] += WAYS[t];
            (t, total) = (t + 1, total + 1);
        }
        (i, skill) = (i + 1, skill + 1);
    }
    out
};

/// (success incl. criticals, critical success, critical failure, plain roll ≤ skill) per skill.
const TABLE: [[Fraction; 4]; SPAN] = {
    let mut out = [[Fraction { num: 0, den: 1 }; 4]; SPAN];
    let (mut i, mut skill) = (0, LOW);
    while i < SPAN {
        let c = COUNTS[i];
        let mut under = 0u128;
        let (mut t, mut total) = (0, 3);
        while t < 16 {
            if total <= skill {
                under += WAYS[t];
            }
            (t, total) = (t + 1, total + 1);
        }
        out[i] = [
            reduced(c[0] + c[1], ALL),
            reduced(c[0], ALL),
            reduced(c[3], ALL),
            reduced(under, ALL),
        ];
        (i, skill) = (i + 1, skill + 1);
    }
    out
};

/// The chance an attack lands, per (attack skill, defense skill), out of 216²; the last column
/// of each row is "no defense".
static LANDS: [[Fraction; SPAN + 1]; SPAN] = {
    let mut out = [[Fraction { num: 0, den: 1 }; SPAN + 1]; SPAN];
    let mut a = 0;
    while a < SPAN {
        let attack = COUNTS[a];
        let mut d = 0;
        while d <= SPAN {
            let fails = if d == SPAN { ALL } else { ALL - COUNTS[d][0] - COUNTS[d][1] };
            out[a][d] = reduced(attack[0] * ALL + attack[1] * fails, ALL * ALL);
            d += 1;
        }
        a += 1;
    }
    out
};

fn index(skill: i64) -> usize {
    usize::try_from(skill.clamp(LOW, HIGH) - LOW).unwrap_or(0)
}

/// GURPS-ROLL-1, GURPS-ROLL-2: the chance of success (critical success included).
pub fn success(skill: i64) -> Fraction {
    TABLE[index(skill)][0]
}

/// GURPS-ROLL-2: the chance of a critical success.
pub fn critical(skill: i64) -> Fraction {
    TABLE[index(skill)][1]
}

/// GURPS-ROLL-2: the chance of a critical failure.
pub fn fumble(skill: i64) -> Fraction {
    TABLE[index(skill)][2]
}

/// GURPS-ROLL-1 without the critical bands: P(3d6 ≤ skill).
pub fn at_most(skill: i64) -> Fraction {
    TABLE[index(skill)][3]
}

/// The chance an attack at `skill` lands: a critical hit always, a plain hit unless the
/// defense (if any) succeeds.
pub fn lands(skill: i64, defense: Option<i64>) -> Fraction {
    LANDS[index(skill)][defense.map_or(SPAN, index)]
}

/// What `skirmish odds` takes for GURPS.
pub const USAGE: &str = "gurps SKILL [vs=DEFENSE]";

/// `skirmish odds gurps SKILL [vs=DEFENSE]`.
pub fn report(args: &[String]) -> Result<String, String> {
    let usage = &format!("expected: skirmish odds {USAGE} (effective skill, e.g. 12 vs=9)");
    let skill: i64 = args
        .first()
        .and_then(|s| s.trim_start_matches('+').parse().ok())
        .filter(|s| (-100..=100).contains(s))
        .ok_or(usage)?;
    let mut defense = None;
    for arg in &args[1..] {
        match arg.split_once('=') {
            Some(("vs", v)) => {
                defense = Some(
                    v.parse::<i64>()
                        .ok()
                        .filter(|d| (-100..=100).contains(d))
                        .ok_or_else(|| format!("vs={v}: {usage}"))?,
                )
            }
            _ => return Err(format!("'{arg}': {usage}")),
        }
    }
    let line = |what: &str, f: Fraction| format!("{what:<20} {f} ({:.2}%)\n", f.percent());
    let mut out = format!("3d6 vs effective skill {skill}\n");
    out.push_str(&line("success", success(skill)));
    out.push_str(&line("critical success", critical(skill)));
    out.push_str(&line("critical failure", fumble(skill)));
    if let Some(d) = defense {
        out.push_str(&line(&format!("defense {d} succeeds"), success(d)));
        out.push_str(&line("attack lands", lands(skill, Some(d))));
    }
    Ok(out)
}
