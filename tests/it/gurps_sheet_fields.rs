//! The GURPS fields a character sheet brings (a GCS import's): Hard to Kill and Hard to Subdue
//! on the HT rolls the tracker makes, FP already lost, and the fields only recorded.

use crate::gurps::{assert_log, has_log, who};
use crate::harness::{run, run_err};

// GURPS-HP-3: Hard to Kill 2 adds 2 to each death check: 12 against HT 11+2 lives.
#[test]
fn gurps_hp_3_hard_to_kill_adds_to_death_checks() {
    let v = run("new gurps\nadd B hp=10 ht=11 htk=2\ndamage B 25 raw", "4,4,4");
    assert_log(&v, "B: death check at −10: HT 11+2, rolls 12 vs 13: success by 1; lives");
    assert!(!has_log(&v, "mortally wounded"));
}

// GURPS-HP-2: Hard to Subdue 2 adds 2 to the HT roll at 0 HP (−1 for −15 of 10 HP): 11 vs 12.
#[test]
fn gurps_hp_2_hard_to_subdue_adds_to_the_roll_to_stay_conscious() {
    let base = "new gurps\nadd A speed=7\nadd B hp=10 ht=11 hts=2 speed=5\ndamage B 25 raw\n";
    let v = run(&format!("{base}start\nnext"), "3,3,4,5,5,1");
    assert_log(
        &v,
        "B at -15 HP rolls HT 11+1 to stay conscious: rolls 11 vs 12: success by 1; stays up",
    );
}

// GURPS-FP-1: FP lost before the fight counts with what it loses in it.
#[test]
fn gurps_fp_1_fp_lost_before_the_fight() {
    let v = run("new gurps\nadd B fp=12 fp_lost=7", "");
    assert_eq!(who(&v, "b")["fp"]["current"], 5);
    assert_eq!(who(&v, "b")["fp"]["max"], 12);
    let v = run("new gurps\nadd B fp=12 fp_lost=7\ndamage B 2 fat", "");
    assert_eq!(who(&v, "b")["fp"]["current"], 3);
    assert_eq!(who(&v, "b")["very_tired"], true, "3 FP of 12 is under a third");
}

// GURPS-MAN-1, GURPS-ATK-7: Extra Attack 1 gives the Attack maneuver a second attack this turn,
// a further `attack`; without it the second is refused.
#[test]
fn gurps_man_1_extra_attack_allows_one_more_attack_a_turn() {
    let script = |extra: &str| {
        format!(
            "new gurps\nadd A speed=7 {extra}\nweapon A sword skill=14 dmg=1d type=cr\n\
             add B speed=5\nstart\nattack A B\nattack A B"
        )
    };
    let v = run(&script("extra_attacks=1"), "6,6,4,6,6,4");
    assert_eq!(crate::gurps::texts(&v).iter().filter(|t| t.contains("rolls 16 vs 14")).count(), 2);
    let err = run_err(&script(""), "6,6,4");
    assert!(err.contains("has made its attack this turn"), "{err}");
}

// The recorded fields are taken and change no number the tracker shows.
#[test]
fn gurps_recorded_sheet_fields_are_taken() {
    let v = run(
        "new gurps\nadd B dodge=9 per=12 combat_reflexes extra_attacks=1 enhanced_dodge=1 \
         enhanced_parry=2 enhanced_block=1\nweapon B gun skill=12 dmg=2d type=pi ranged shots=30+1(3) st=9",
        "",
    );
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 9);
}
