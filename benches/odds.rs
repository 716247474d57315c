//! Odds per query (docs/performance.md): exact GURPS odds against icepool's figures, and the WOIN
//! attack odds the tracker shows as a curve over the pool (10, 40, 250, 1,000 and 2,000 dice), with
//! the system-free sum they rest on when the sixes leave it something to decide.

use std::hint::black_box;
use std::time::Instant;

use skirmish::rules::gurps::odds::{at_most, critical, lands, success};
use skirmish::rules::odds::{MAX_DICE, sum_at_least_rounded};
use skirmish::rules::woin::odds::{attack, attack_rounded};

fn per_query(name: &str, queries: usize, mut f: impl FnMut(i64)) {
    let rounds = 20_000;
    let start = Instant::now();
    for _ in 0..rounds {
        for skill in 3..=18 {
            f(black_box(skill));
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (rounds * queries) as f64;
    println!("{name:<44} {ns:>9.1} ns per query");
}

/// The median of `runs` timings of `f`, in microseconds.
fn median_us(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// What the tracker computes for its odds line: exact fractions up to [`MAX_DICE`], rounded past.
fn woin_odds(dice: u32, defense: i64, crit_sixes: u32) -> f64 {
    if dice > MAX_DICE {
        attack_rounded(dice, defense, crit_sixes).map_or(f64::NAN, |(hit, _)| hit)
    } else {
        attack(dice, defense, crit_sixes).map_or(f64::NAN, |odds| odds.hit.percent())
    }
}

fn main() {
    per_query("P(3d6 <= skill) (gurps::odds::at_most)", 16, |s| {
        black_box(at_most(s));
    });
    per_query("success with criticals (gurps::odds::success)", 16, |s| {
        black_box(success(s));
    });
    per_query("critical success (gurps::odds::critical)", 16, |s| {
        black_box(critical(s));
    });
    per_query("attack lands vs defense 9 (gurps::odds::lands)", 16, |s| {
        black_box(lands(s, Some(9)));
    });
    println!("\nWOIN attack odds as the tracker shows them (median; budget <= 1 ms = 1000 us)");
    println!(
        "{:>6}  {:>18}  {:>18}  {:>22}",
        "pool", "DEFENSE at mean", "DEFENSE at 5/die", "sum of the d5s at mean"
    );
    for dice in [10u32, 40, 250, 1000, 2000] {
        let runs = if dice > 250 { 21 } else { 201 };
        let n = i64::from(dice);
        let at = |defense: i64| {
            median_us(runs, || {
                black_box(woin_odds(dice, black_box(defense), 3));
            })
        };
        // What a roll with fewer sixes than a critical needs: the other dice's sum, counted
        // whenever such a roll is not too unlikely to matter (not at these pools with 3 sixes).
        let sum = median_us(runs, || {
            let _ = black_box(sum_at_least_rounded(dice, 5, black_box(n * 3)));
        });
        println!(
            "{dice:>4}d6  {:>15.1} us  {:>15.1} us  {:>19.1} us",
            at(n * 7 / 2),
            at(n * 5),
            sum
        );
    }
}
