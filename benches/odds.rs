//! Exact GURPS odds per query (docs/performance.md compares them with icepool): the chance of
//! success, of a critical, and of an attack landing through a defense, for every skill 3..18.

use std::hint::black_box;
use std::time::Instant;

use skirmish::rules::gurps::odds::{critical, lands, success};
use skirmish::rules::odds::gurps_success;

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

fn main() {
    per_query("P(3d6 <= skill) (odds::gurps_success)", 16, |s| {
        black_box(gurps_success(s));
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
}
