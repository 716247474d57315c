//! The exact-odds engine against the independent oracle (`shared/oracles/dice-odds.json`), the seed
//! 000 report, and properties every probability must keep. Each test names its rule ID.

use proptest::prelude::*;
use serde_json::Value;
use skirmish::rules::gurps::odds::at_most as gurps_success;
use skirmish::rules::odds::{Fraction, MAX_DICE};
use skirmish::rules::savage::odds::{MAX_TRAIT_TARGET, trait_roll as savage_trait};
use skirmish::rules::woin::odds::{AttackOdds, report as woin_report, seed_comparison};

/// Exact odds within [`MAX_DICE`], where they are always an answer.
fn at_least_sixes(n: u32, k: u32) -> Fraction {
    skirmish::rules::odds::at_least_sixes(n, k).expect("a pool within the exact counts")
}

fn woin_attack(n: u32, defense: i64, crit_sixes: u32) -> AttackOdds {
    skirmish::rules::woin::odds::attack(n, defense, crit_sixes)
        .expect("a pool within the exact counts")
}

fn sum_distribution(n: u32) -> Vec<u128> {
    skirmish::rules::odds::sum_distribution(n).expect("a pool within the exact counts")
}

/// One section of the oracle file, as its list of entries.
fn oracle_section(name: &str) -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/oracles/dice-odds.json");
    let text = std::fs::read_to_string(path).expect("the oracle file is readable");
    let oracle: Value = serde_json::from_str(&text).expect("the oracle file is JSON");
    oracle["sections"][name].clone()
}

fn entries(name: &str) -> Vec<Value> {
    let section = oracle_section(name);
    let list = section.as_array().unwrap_or_else(|| panic!("section {name} is a list"));
    assert!(!list.is_empty(), "section {name} has entries");
    list.clone()
}

/// The oracle's "13/16" as a Fraction, taken field by field so a result that is not fully reduced
/// fails the comparison instead of being normalised away.
fn fraction(value: &Value) -> Fraction {
    let text = value.as_str().expect("a fraction string");
    let (num, den) = text.split_once('/').expect("num/den");
    Fraction { num: num.parse().expect("numerator"), den: den.parse().expect("denominator") }
}

fn int(entry: &Value, key: &str) -> i64 {
    entry[key].as_i64().unwrap_or_else(|| panic!("{key} is an integer in {entry}"))
}

fn count(entry: &Value, key: &str) -> u32 {
    u32::try_from(int(entry, key)).expect("a small count")
}

fn assert_probability(p: Fraction, what: &str) {
    assert!(p.den > 0 && p.num <= p.den, "{what}: {p} is not in [0, 1]");
}

// WOIN-CRIT-1 (three sixes) and WOIN-CRIT-4 (two sixes): seed 000's tables, N = 1..20.
#[test]
fn woin_crit_1_and_crit_4_sixes_match_the_oracle() {
    let list = entries("woin_sixes");
    assert_eq!(list.len(), 40);
    for entry in &list {
        let (n, k) = (count(entry, "dice"), count(entry, "at_least_sixes"));
        assert_eq!(at_least_sixes(n, k), fraction(&entry["p"]), "{n}d6, at least {k} sixes");
    }
}

// WOIN-ATK-5 (sum ≥ DEFENSE) together with WOIN-CRIT-1 (three sixes always hit).
#[test]
fn woin_atk_5_and_crit_1_hit_odds_match_the_oracle() {
    let list = entries("woin_hit");
    assert_eq!(list.len(), 36);
    for entry in &list {
        let (n, defense) = (count(entry, "pool"), int(entry, "defense"));
        let odds = woin_attack(n, defense, 3);
        assert_eq!(odds.hit, fraction(&entry["p_hit"]), "{n}d6 against DEFENSE {defense}");
        assert_eq!(odds.critical, at_least_sixes(n, 3), "{n}d6 critical");
    }
}

// SW-ROLL-1: acing trait die d4..d12, with and without the acing d6 Wild Die, totals 1..20.
#[test]
fn sw_roll_1_acing_trait_odds_match_the_oracle() {
    let list = entries("savage_trait");
    assert_eq!(list.len(), 200);
    for entry in &list {
        let die = entry["trait"].as_str().expect("a die name such as d8");
        let sides: u32 = die.trim_start_matches('d').parse().expect("die sides");
        let wild = entry["wild"].as_bool().expect("wild flag");
        let target = int(entry, "at_least");
        assert_eq!(
            savage_trait(sides, wild, target),
            fraction(&entry["p"]),
            "{die} (wild: {wild}) reaching {target}"
        );
    }
}

// GURPS-ROLL-1: success if 3d6 ≤ effective skill, skills 3..18.
#[test]
fn gurps_roll_1_success_odds_match_the_oracle() {
    let list = entries("gurps_3d6");
    assert_eq!(list.len(), 16);
    for entry in &list {
        let skill = int(entry, "effective_skill");
        assert_eq!(gurps_success(skill), fraction(&entry["p_success"]), "skill {skill}");
    }
}

// WOIN-ATK-5: the sum of a 20d6 pool, weight by weight.
#[test]
fn woin_atk_5_sum_of_20d6_matches_the_oracle() {
    let section = oracle_section("sum_20d6");
    let denominator: u128 =
        section["denominator"].as_str().expect("denominator string").parse().expect("a number");
    let weights = section["weights"].as_object().expect("weights by sum");
    let ours = sum_distribution(20);
    assert_eq!(ours.iter().sum::<u128>(), denominator);
    assert_eq!(weights.len(), 101, "sums 20..=120");
    for (sum, weight) in ours.iter().enumerate() {
        let expected: u128 = weights
            .get(&sum.to_string())
            .map_or(0, |w| w.as_str().expect("weight string").parse().expect("a number"));
        assert_eq!(*weight, expected, "weight of sum {sum}");
    }
}

// WOIN-CRIT-4: the seed prints 3d6 at two sixes as 7.47%; exactly it is 16/216 = 7.41%.
#[test]
fn woin_crit_4_report_marks_the_3d6_two_sixes_misprint() {
    assert_eq!(at_least_sixes(3, 2), Fraction::new(16, 216));
    let report = woin_report();
    let row = report
        .lines()
        .skip_while(|line| !line.contains("WOIN-CRIT-4"))
        .find(|line| line.contains(" 3d6 "))
        .expect("the two-sixes table has a 3d6 row");
    assert!(row.starts_with('*'), "marked: {row}");
    assert!(row.contains("7.47%") && row.contains("7.4074%") && row.contains("2/27"), "{row}");
    assert!(report.contains("\n* Misprint:"), "footnote explains the marker:\n{report}");
    assert!(report.contains("Marked: 3d6 at two sixes."), "footnote names the row:\n{report}");
}

// WOIN-CRIT-1, WOIN-CRIT-4: every other printed figure is within rounding, so nothing else is marked.
#[test]
fn woin_crit_1_and_crit_4_report_marks_nothing_else() {
    let rows = seed_comparison();
    assert_eq!(rows.len(), 36, "3d6..20d6 for three and for two sixes");
    let marked: Vec<(u32, u32)> =
        rows.iter().filter(|row| row.misprint).map(|row| (row.sixes, row.printed.dice)).collect();
    assert_eq!(marked, [(2, 3)]);
    let report = woin_report();
    let marked_lines = report.lines().filter(|line| line.starts_with("* ")).count();
    assert_eq!(marked_lines, 2, "one marked row and its footnote:\n{report}");
    for row in &rows {
        let printed = format!("{:.2}%", f64::from(row.printed.hundredths) / 100.0);
        let line = format!("{:>3}d6  {printed:>7}", row.printed.dice);
        assert!(report.contains(&line), "report shows {line}:\n{report}");
    }
}

// WOIN-CRIT-1, WOIN-CRIT-4: more dice never make k sixes less likely; needing more sixes never
// makes them more likely; every value is a probability.
#[test]
fn woin_crit_1_and_crit_4_sixes_are_monotone() {
    for k in 0..=MAX_DICE + 1 {
        for n in 0..=MAX_DICE {
            let p = at_least_sixes(n, k);
            assert_probability(p, &format!("{n}d6, {k} sixes"));
            if n < MAX_DICE {
                assert!(at_least_sixes(n + 1, k) >= p, "{n}d6 → {}d6 at {k} sixes", n + 1);
            }
            assert!(at_least_sixes(n, k + 1) <= p, "{n}d6 at {k} → {} sixes", k + 1);
        }
        if k <= MAX_DICE {
            assert!(at_least_sixes(k, k) > Fraction::ZERO, "{k} sixes possible on {k}d6");
        }
    }
    assert_eq!(at_least_sixes(5, 0), Fraction::ONE);
    assert_eq!(at_least_sixes(2, 3), Fraction::ZERO);
}

// WOIN-ATK-5: a higher DEFENSE never makes a hit likelier. WOIN-CRIT-1: a critical always hits, so
// P(hit) ≥ P(critical), and against an unreachable DEFENSE only criticals hit. WOIN-CRIT-4: needing
// two sixes instead of three never lowers P(hit).
#[test]
fn woin_atk_5_and_crit_1_hit_odds_are_monotone() {
    for n in 0..=20 {
        let top = 6 * i64::from(n) + 2;
        for crit_sixes in [2, 3] {
            let mut previous = Fraction::ONE;
            for defense in -1..=top {
                let AttackOdds { hit, critical } = woin_attack(n, defense, crit_sixes);
                assert_probability(hit, &format!("{n}d6 vs {defense}"));
                assert!(hit <= previous, "{n}d6: DEFENSE {defense} is no easier than one less");
                assert!(hit >= critical, "{n}d6 vs {defense}: a critical always hits");
                if crit_sixes == 2 {
                    assert!(hit >= woin_attack(n, defense, 3).hit, "{n}d6 vs {defense}");
                }
                previous = hit;
            }
            assert_eq!(woin_attack(n, top, crit_sixes).hit, at_least_sixes(n, crit_sixes));
            assert_eq!(woin_attack(n, i64::from(n), crit_sixes).hit, Fraction::ONE);
        }
    }
}

// SW-ROLL-1: a higher target is never easier, and the Wild Die never hurts.
#[test]
fn sw_roll_1_trait_odds_are_monotone() {
    for sides in [4, 6, 8, 10, 12] {
        let mut previous = (Fraction::ONE, Fraction::ONE);
        for target in -2..=MAX_TRAIT_TARGET {
            let plain = savage_trait(sides, false, target);
            let wild = savage_trait(sides, true, target);
            assert_probability(plain, &format!("d{sides} reaching {target}"));
            assert_probability(wild, &format!("d{sides}+wild reaching {target}"));
            assert!(plain > Fraction::ZERO, "an acing die can reach any total");
            assert!(wild >= plain, "d{sides} reaching {target}: the Wild Die never hurts");
            assert!(plain <= previous.0 && wild <= previous.1, "d{sides}: target {target}");
            previous = (plain, wild);
        }
        // A maximum roll always aces, so its total passes the maximum itself.
        let sides_wide = i64::from(sides);
        assert_eq!(
            savage_trait(sides, false, sides_wide),
            savage_trait(sides, false, sides_wide + 1)
        );
        assert_eq!(savage_trait(sides, false, sides_wide + 1), Fraction::new(1, sides.into()));
    }
}

// GURPS-ROLL-1: a higher skill never lowers the chance; 3 always and 18 never fail in this count.
#[test]
fn gurps_roll_1_success_is_monotone() {
    let mut previous = Fraction::ZERO;
    for skill in -5..=25 {
        let p = gurps_success(skill);
        assert_probability(p, &format!("skill {skill}"));
        assert!(p >= previous, "skill {skill}");
        previous = p;
    }
    assert_eq!(gurps_success(2), Fraction::ZERO);
    assert_eq!(gurps_success(10), Fraction::new(1, 2));
    assert_eq!(gurps_success(18), Fraction::ONE);
}

#[test]
fn sum_distributions_count_every_roll_up_to_the_pool_limit() {
    for n in 0..=MAX_DICE {
        let sums = sum_distribution(n);
        assert_eq!(sums.len(), 6 * n as usize + 1);
        assert_eq!(sums.iter().sum::<u128>(), 6u128.pow(n), "{n}d6");
        // 1..6 and 7 − face are the same die, so the weights mirror around 3.5n.
        let n = n as usize;
        for sum in n..=6 * n {
            assert_eq!(sums[sum], sums[7 * n - sum], "{n}d6 at {sum}");
        }
        assert!(sums[..n].iter().all(|&w| w == 0), "no sum below {n}");
    }
}

#[test]
fn fractions_reduce_display_and_order_exactly() {
    assert_eq!(Fraction::new(16, 216), Fraction { num: 2, den: 27 });
    assert_eq!(Fraction::new(0, 46656).to_string(), "0/1");
    assert_eq!(Fraction::new(26, 32).to_string(), "13/16");
    assert_eq!(Fraction::new(1, 0), Fraction::ZERO);
    assert!((Fraction::new(1, 4).percent() - 25.0).abs() < 1e-12);
    assert_eq!(Fraction::new(1, 4).complement(), Fraction::new(3, 4));
    // Denominators near 6^40 would overflow a cross-multiplication; the order must still be exact.
    let big = 6u128.pow(MAX_DICE);
    assert!(Fraction::new(big / 2 - 1, big) < Fraction::new(1, 2));
    assert!(Fraction::new(big / 3, big - 1) > Fraction::new(big / 3, big));
    assert!(Fraction::new(1, 3) < Fraction::new(1, 2) && Fraction::new(2, 3) > Fraction::new(1, 2));
    assert_eq!(Fraction::new(5, 7).cmp(&Fraction::new(5, 7)), std::cmp::Ordering::Equal);
}

// SW-ROLL-1, GURPS-ROLL-1: targets and skills past the supported limits are clamped, documented,
// and never panic. (WOIN pools past the exact counts are errors: tests/it/odds_large.rs.)
#[test]
fn oversized_trait_and_skill_inputs_are_clamped_without_panicking() {
    assert_eq!(savage_trait(8, true, i64::MAX), savage_trait(8, true, MAX_TRAIT_TARGET));
    assert_eq!(savage_trait(0, false, 3), savage_trait(2, false, 3));
    assert_eq!(savage_trait(u32::MAX, true, i64::MIN), Fraction::ONE);
    assert_eq!(gurps_success(i64::MIN), Fraction::ZERO);
    assert_eq!(gurps_success(i64::MAX), Fraction::ONE);
}

proptest! {
    // WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4 over any inputs: probabilities, and criticals always hit.
    #[test]
    fn woin_attack_odds_are_probabilities_for_any_input(
        n in 0u32..=MAX_DICE,
        defense in any::<i64>(),
        crit_sixes in 0u32..=8,
    ) {
        let odds = woin_attack(n, defense, crit_sixes);
        prop_assert!(odds.hit.den > 0 && odds.hit.num <= odds.hit.den);
        prop_assert!(odds.critical <= odds.hit);
        prop_assert_eq!(odds.critical, at_least_sixes(n, crit_sixes));
    }

    // SW-ROLL-1 over any die and target.
    #[test]
    fn savage_trait_odds_are_probabilities_for_any_input(
        sides in any::<u32>(),
        wild in any::<bool>(),
        target in any::<i64>(),
    ) {
        let p = savage_trait(sides, wild, target);
        prop_assert!(p.den > 0 && p.num <= p.den && p.num > 0);
    }
}
