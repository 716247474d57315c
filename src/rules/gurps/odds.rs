//! GURPS odds: 3d6 counted once into a table, then the chance of success, of a critical, and of
//! an attack landing through a defense (GURPS-ROLL-1, GURPS-ROLL-2), and `skirmish odds gurps`.

use super::roll::{Verdict, judge};
use crate::rules::odds::Fraction;

/// Ways to roll each 3d6 total, 3 to 18, out of 216.
const WAYS: [u128; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
const ALL: u128 = 216;

/// The ways (out of 216) a roll against `skill` comes out as `want`.
fn count(skill: i64, want: impl Fn(Verdict) -> bool) -> u128 {
    (3i64..=18).zip(WAYS).filter(|(total, _)| want(judge(skill, *total))).map(|(_, w)| w).sum()
}

/// GURPS-ROLL-1, GURPS-ROLL-2: the chance of success (critical success included).
pub fn success(skill: i64) -> Fraction {
    Fraction::new(count(skill, Verdict::success), ALL)
}

/// GURPS-ROLL-2: the chance of a critical success.
pub fn critical(skill: i64) -> Fraction {
    Fraction::new(count(skill, |v| v == Verdict::CriticalSuccess), ALL)
}

/// GURPS-ROLL-2: the chance of a critical failure.
pub fn fumble(skill: i64) -> Fraction {
    Fraction::new(count(skill, |v| v == Verdict::CriticalFailure), ALL)
}

/// The chance an attack at `skill` lands: a critical hit always, a plain hit unless the
/// defense (if any) succeeds.
pub fn lands(skill: i64, defense: Option<i64>) -> Fraction {
    let crit = count(skill, |v| v == Verdict::CriticalSuccess);
    let plain = count(skill, |v| v == Verdict::Success);
    let fails = defense.map_or(ALL, |d| ALL - count(d, Verdict::success));
    Fraction::new(crit * ALL + plain * fails, ALL * ALL)
}

/// `skirmish odds gurps SKILL [vs=DEFENSE]`.
pub fn report(args: &[String]) -> Result<String, String> {
    let usage = "expected: skirmish odds gurps SKILL [vs=DEFENSE] (effective skill, e.g. 12 vs=9)";
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
