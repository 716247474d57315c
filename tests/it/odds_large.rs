//! Odds past 40 dice (issue 28 item 6): the exact counts refuse a pool they cannot hold instead of
//! answering for 40 dice, and the rounded odds agree with exact fractions at any pool, checked
//! against values computed independently with exact integers (tests/fixtures/odds/large_pools.py).

use proptest::prelude::*;
use skirmish::app::Mode;
use skirmish::rules::odds::{
    MAX_DICE, MAX_ROUNDED_DICE, MAX_ROUNDED_SIDES, OddsError, at_least_sixes,
    at_least_sixes_rounded, exactly_sixes_rounded, sum_at_least_rounded, sum_distribution,
};
use skirmish::rules::woin::odds::{attack, attack_rounded};

use crate::tui::{drive_keep, new_woin};

/// `got` is `want` to within a few units in the 13th digit (or both are below what f64 holds).
fn assert_close(got: f64, want: f64, what: &str) {
    let tolerance = want.abs() * 1e-12 + 1e-300;
    assert!((got - want).abs() <= tolerance, "{what}: got {got:e}, want {want:e}");
}

// WOIN-CRIT-1, WOIN-ATK-5: past 40 dice the exact counts answer with an error that names the limit;
// today's clamp answered for 40 dice (41d6 at three sixes is not 40d6's chance).
#[test]
fn woin_crit_1_exact_odds_past_forty_dice_are_errors_naming_the_limit() {
    assert!(at_least_sixes(MAX_DICE, 3).is_ok() && sum_distribution(MAX_DICE).is_ok());
    assert!(attack(MAX_DICE, 100, 3).is_ok());
    for dice in [MAX_DICE + 1, 60, 1000, u32::MAX] {
        let past = OddsError::PastExact { dice };
        assert_eq!(at_least_sixes(dice, 3), Err(past), "{dice}d6 at three sixes");
        assert_eq!(at_least_sixes(dice, 0), Err(past), "{dice}d6 at no sixes");
        assert_eq!(sum_distribution(dice), Err(past), "sums of {dice}d6");
        assert_eq!(attack(dice, 100, 3), Err(past), "{dice}d6 vs 100");
        assert_eq!(attack(dice, i64::MAX, u32::MAX), Err(past), "{dice}d6, no critical");
    }
    let message = OddsError::PastExact { dice: 41 }.to_string();
    for words in ["at most 40 dice, not 41", "128-bit", "rounded odds"] {
        assert!(message.contains(words), "{words}: {message}");
    }
}

// WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4: within 40 dice the rounded odds are the exact fractions to
// 12 digits, for every pool, DEFENSEs across the whole range and any sixes for a critical.
#[test]
fn woin_atk_5_and_crit_1_rounded_odds_match_the_exact_fractions_within_forty_dice() {
    for n in 0..=MAX_DICE {
        let top = 6 * i64::from(n) + 1;
        for crit in [0, 1, 2, 3, 5, n, n + 1] {
            for defense in (-1..=top).step_by(if n > 10 { 7 } else { 1 }) {
                let exact = attack(n, defense, crit).expect("within the exact counts");
                let (hit, critical) = attack_rounded(n, defense, crit).expect("a small pool");
                let what = format!("{n}d6 vs {defense}, critical on {crit} sixes");
                assert_close(hit, exact.hit.percent() / 100.0, &what);
                assert_close(critical, exact.critical.percent() / 100.0, &what);
            }
        }
    }
}

// WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4 past 40 dice, against the oracle script's exact fractions:
// (dice, DEFENSE, sixes for a critical, P(hit), P(critical)).
#[test]
fn woin_atk_5_and_crit_1_rounded_odds_past_forty_dice_match_the_oracle() {
    let cases: [(u32, i64, u32, f64, f64); 13] = [
        (41, 144, 3, 0.9772449851894832, 0.9761867757121179),
        (60, 200, 3, 0.9986594309921757, 0.9985128004143222),
        (100, 350, 3, 0.999997357923444, 0.9999973556465095),
        (100, 500, 20, 0.21974984306261477, 0.21974984306261477),
        (250, 875, 3, 1.0, 1.0),
        (250, 900, 50, 0.21596056261078403, 0.09397052770177426),
        (1000, 3500, 3, 1.0, 1.0),
        (1000, 3500, 170, 0.5933813995946475, 0.4015759103902456),
        (1000, 3600, 1001, 0.0327049141072466, 0.0),
        (2000, 7000, 2, 1.0, 1.0),
        (2000, 7000, 340, 0.5739829535875633, 0.3535578060705979),
        (2000, 7100, 400, 0.09633567897894524, 5.224650877914691e-05),
        (2000, 12001, 420, 2.6294928336503076e-07, 2.6294928336503076e-07),
    ];
    for (n, defense, crit, want_hit, want_critical) in cases {
        let (hit, critical) = attack_rounded(n, defense, crit).expect("within the rounded pools");
        let what = format!("{n}d6 vs {defense}, critical on {crit} sixes");
        assert_close(hit, want_hit, &what);
        assert_close(critical, want_critical, &what);
    }
    // The dice notation's largest pool: fewer than three sixes in 10,000 dice is below 10^−700.
    assert_eq!(attack_rounded(10_000, 35_000, 3), Ok((1.0, 1.0)));
}

// The system-free sums and sixes past 40 dice, against the oracle script's exact fractions.
#[test]
fn rounded_sums_and_sixes_match_the_oracle() {
    let sums: [(u32, u32, i64, f64); 11] = [
        (41, 5, 120, 0.6499720406872956),
        (1000, 5, 3000, 0.5044595854569038),
        (1000, 5, 3100, 0.01303493781773445),
        (2000, 5, 6000, 0.5031536593910306),
        (2000, 5, 6100, 0.05783311539711786),
        (2000, 5, 2200, 1.0),
        (1000, 5, 3500, 1.2249334147305498e-29),
        (2000, 5, 7000, 2.611367552171425e-57),
        (1000, 6, 3600, 0.0327049141072466),
        (300, 20, 3300, 0.0672372604713583),
        (500, 2, 760, 0.1977553857174289),
    ];
    for (dice, sides, target, want) in sums {
        let got = sum_at_least_rounded(dice, sides, target).expect("within the rounded sums");
        assert_close(got, want, &format!("{dice}d{sides} reaching {target}"));
    }
    // Past the largest sum, and at or below the smallest.
    assert_eq!(sum_at_least_rounded(2000, 5, 10_001), Ok(0.0));
    assert_eq!(sum_at_least_rounded(2000, 5, 2000), Ok(1.0));
    let sixes: [(u32, u32, f64); 6] = [
        (41, 3, 0.9761867757121179),
        (1000, 170, 0.4015759103902456),
        (1000, 180, 0.13843086499566393),
        (2000, 3, 1.0),
        (2000, 400, 5.224650877914691e-05),
        (5000, 900, 0.006399253454736975),
    ];
    for (n, k, want) in sixes {
        let got = at_least_sixes_rounded(n, k).expect("within the rounded pools");
        assert_close(got, want, &format!("{n}d6 at {k} sixes"));
    }
    // Every count of sixes together is certain, even where the likeliest is far from 0.
    let all: f64 = exactly_sixes_rounded(50_000).expect("within the rounded pools").iter().sum();
    assert_close(all, 1.0, "P(0..=50000 sixes on 50000d6)");
}

// The rounded odds refuse what they cannot count in reasonable time, naming the limits, rather
// than running for minutes or answering for fewer dice.
#[test]
fn rounded_odds_past_their_limits_are_errors_naming_them() {
    let dice = MAX_ROUNDED_DICE + 1;
    assert_eq!(attack_rounded(dice, 10, 3), Err(OddsError::PastRounded { dice, sides: 6 }));
    assert_eq!(at_least_sixes_rounded(dice, 3), Err(OddsError::PastRounded { dice, sides: 6 }));
    assert!(attack_rounded(u32::MAX, 10, u32::MAX).is_err());
    for (dice, sides) in [(dice, 5), (10, 0), (10, MAX_ROUNDED_SIDES + 1)] {
        assert_eq!(
            sum_at_least_rounded(dice, sides, 20),
            Err(OddsError::PastRounded { dice, sides }),
            "{dice}d{sides}"
        );
    }
    assert!(attack_rounded(MAX_ROUNDED_DICE, 350_000, 3).is_ok());
    let message = OddsError::PastRounded { dice: 10, sides: 101 }.to_string();
    assert!(message.contains("at most 100000 dice of 1 to 100 sides, not 10d101"), "{message}");
}

// WOIN-ATK-5 with a pool past 40: the attack dialog shows the rounded odds of the pool itself,
// marked as rounded (60d6 against DEFENSE 10 always reaches it; three sixes 99.85% of the time).
#[test]
fn woin_atk_5_dialog_shows_rounded_odds_for_sixty_dice() {
    let mut a = new_woin();
    drive_keep(
        &mut a,
        ":add Aria side=pc init=3d6<Enter>:weapon Aria cannon pool=60d6 dmg=2d6 melee<Enter>:add Goblin<Enter>:start<Enter>",
    );
    drive_keep(&mut a, "a<Enter>gob<Enter><Enter><Enter><Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("still in the dialog, at the dice") };
    assert_eq!(
        dialog.preview.as_deref(),
        Some("60d6 vs MELEE 10: hit ≈100.0%, critical ≈99.9% (rounded)")
    );
}

proptest! {
    // WOIN-ATK-5, WOIN-CRIT-1, WOIN-CRIT-4 at any pool up to 3,000 dice: probabilities, a critical
    // always hits, and a higher DEFENSE is never easier.
    #[test]
    fn woin_rounded_odds_are_probabilities_at_any_pool(
        n in 0u32..=3000,
        defense in -10i64..=18_010,
        crit in 0u32..=8,
    ) {
        let (hit, critical) = attack_rounded(n, defense, crit).expect("within the rounded pools");
        prop_assert!((0.0..=1.0).contains(&hit) && (0.0..=1.0).contains(&critical));
        prop_assert!(critical <= hit * (1.0 + 1e-12));
        let (harder, _) = attack_rounded(n, defense + 1, crit).expect("within the rounded pools");
        prop_assert!(harder <= hit * (1.0 + 1e-12) + 1e-300, "{} > {}", harder, hit);
    }
}
