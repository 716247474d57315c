//! GURPS rapid fire, our reading of B373 (issue 25 item 7) pending a spec ID: GURPS-RAPID-1
//! (the RoF bonus, one hit more per full Recoil of margin up to the rounds fired, each hit's
//! location and damage rolled on its own) and GURPS-RAPID-2 (a Dodge stops one hit and one more
//! per full Recoil of its margin). Run in-process as `skirmish run` runs a script, with scripted
//! dice; walked question by question; refused by `skirmish run` when incomplete.

use std::sync::Arc;

use serde_json::Value;

use crate::gurps::{assert_log, has_log, texts, who};
use crate::harness::{run, run_err};
use crate::walk::{Answer, walk};
use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::rules::gurps::rapid::{self, Rof};

/// Rook (Speed 7) with an SMG: skill 12, 2d+1 pi, RoF 5, Rcl 2, and a pistol at RoF 1; Orc
/// (Speed 5): HP 30, Dodge 9, no DR, so no hit here is a major wound.
const SETUP: &str = "new gurps\n\
    add Rook speed=7\n\
    weapon Rook smg skill=12 dmg=2d+1 type=pi ranged firearm rof=5 rcl=2\n\
    weapon Rook pistol skill=12 dmg=2d+1 type=pi ranged firearm rof=1\n\
    add Orc hp=30 ht=11 speed=5 dodge=9\n";

fn fight(body: &str) -> String {
    format!("{SETUP}start\n{body}\n")
}

fn hp(v: &Value, id: &str) -> i64 {
    who(v, id)["health"]["current"].as_i64().expect("hp")
}

/// Each damage roll in the log: what it was and its total.
fn damage_rolls(v: &Value) -> Vec<(String, i64)> {
    v["log"]
        .as_array()
        .expect("log")
        .iter()
        .filter_map(|l| {
            let expr = l["roll"]["expr"].as_str()?;
            let total = l["roll"]["total"].as_i64()?;
            expr.contains("damage").then(|| (expr.to_string(), total))
        })
        .collect()
}

fn count_log(v: &Value, needle: &str) -> usize {
    texts(v).iter().filter(|t| t.contains(needle)).count()
}

// GURPS-RAPID-1: the RoF bonus by rounds fired: 1–4 +0, 5–8 +1, 9–12 +2, 13–16 +3, 17–24 +4,
// 25–49 +5, 50–99 +6, then +1 per doubling.
#[test]
fn gurps_rapid_1_rof_bonus_table() {
    let rows = [
        (1, 0),
        (4, 0),
        (5, 1),
        (8, 1),
        (9, 2),
        (12, 2),
        (13, 3),
        (16, 3),
        (17, 4),
        (24, 4),
        (25, 5),
        (49, 5),
        (50, 6),
        (99, 6),
        (100, 7),
        (199, 7),
        (200, 8),
        (399, 8),
        (400, 9),
        (100_000, 16),
        (i64::MAX, 63),
    ];
    for (rounds, bonus) in rows {
        assert_eq!(rapid::rof_bonus(rounds), bonus, "RoF {rounds}");
    }
}

// GURPS-RAPID-1: one hit, and one more per full Recoil of margin, at most the rounds fired;
// GURPS-RAPID-2: a Dodge stops one, and one more per full Recoil of its margin, at most the hits
// scored; a Block or Parry stops one.
#[test]
fn gurps_rapid_1_hits_by_margin_and_rapid_2_hits_stopped() {
    // (margin, Rcl, rounds, hits)
    let hits = [
        (0, 2, 5, 1),
        (1, 2, 5, 1),
        (2, 2, 5, 2),
        (7, 2, 5, 4),
        (8, 2, 5, 5),
        (20, 2, 5, 5),
        (7, 1, 3, 3),
        (5, 3, 10, 2),
        (-1, 2, 5, 0),
    ];
    for (margin, rcl, rounds, want) in hits {
        assert_eq!(rapid::hits(margin, rcl, rounds), want, "by {margin}, Rcl {rcl}, RoF {rounds}");
    }
    // (defense, margin, Rcl, hits, stopped)
    let stops = [
        ("dodge", 0, 2, 4, 1),
        ("dodge", 3, 2, 4, 2),
        ("dodge", 4, 2, 4, 3),
        ("dodge", 10, 2, 4, 4),
        ("dodge", 5, 1, 2, 2),
        ("parry", 10, 2, 4, 1),
        ("block", 10, 2, 4, 1),
        ("dodge", 3, 2, 1, 1),
    ];
    for (kind, margin, rcl, scored, want) in stops {
        assert_eq!(rapid::stopped(kind, margin, rcl, scored), want, "{kind} by {margin}");
    }
}

// GURPS-RAPID-1: a Rate of Fire is shots a turn, or shots × projectiles (a shotgun's 3x9); the
// weapon field refuses anything else as it is set.
#[test]
fn gurps_rapid_1_rate_of_fire_reads_shots_and_projectiles() {
    let rows = [
        ("1", Some((1, 1))),
        ("5", Some((5, 1))),
        ("3x9", Some((3, 9))),
        ("3×9", Some((3, 9))),
        (" 2X4 ", Some((2, 4))),
        ("0", None),
        ("3x0", None),
        ("x9", None),
        ("fast", None),
        ("1001", None),
    ];
    for (text, want) in rows {
        let got = rapid::parse_rof(text).map(|Rof { shots, projectiles }| (shots, projectiles));
        assert_eq!(got, want, "rof={text}");
    }
    let said = run_err("new gurps\nadd A\nweapon A gun rof=fast ranged", "");
    assert!(said.contains("rof=fast") && said.contains("3x9"), "{said}");
    let said = run_err("new gurps\nadd A\nweapon A gun rof=2 rcl=0 ranged", "");
    assert!(said.contains("rcl=0"), "{said}");
}

// GURPS-RAPID-1 in play: the RoF bonus in the skill, the hits scored by margin (capped at the
// rounds fired), each hit rolled for damage on its own; a RoF 1 weapon is unchanged.
#[test]
fn gurps_rapid_1_volley_in_play() {
    // (attack, dice, skill text, rapid fire line or none, damage lines, Orc's HP)
    type Case<'a> = (&'a str, &'a str, &'a str, Option<&'a str>, usize, i64);
    let cases: &[Case] = &[
        // By 7 at 13: 1 + 7/2 = 4 hits of 5: 3 + 5 + 7 + 4.
        (
            "attack Rook Orc smg defense=none",
            "1,2,3,1,1,2,2,3,3,1,2",
            "(skill 12, RoF 5 +1 = 13): rolls 6 vs 13: success by 7",
            Some("Rook's rapid fire (GURPS-RAPID-1): succeeds by 7, Rcl 2: 4 hits of 5"),
            4,
            11,
        ),
        // By 8: five hits, and by 10 still five: capped at RoF 5.
        (
            "attack Rook Orc smg defense=none",
            "1,2,2,1,1,1,1,1,1,1,1,1,1",
            "rolls 5 vs 13: success by 8",
            Some("succeeds by 8, Rcl 2: 5 hits of 5"),
            5,
            15,
        ),
        (
            "attack Rook Orc smg defense=none mod=4",
            "1,2,4,1,1,1,1,1,1,1,1,1,1",
            "rolls 7 vs 17: success by 10",
            Some("succeeds by 10, Rcl 2: 5 hits of 5"),
            5,
            15,
        ),
        // A bare success: one hit.
        (
            "attack Rook Orc smg defense=none",
            "4,4,5,6,6",
            "rolls 13 vs 13: success by 0",
            Some("succeeds by 0, Rcl 2: 1 hit of 5"),
            1,
            17,
        ),
        // shots=2: two rounds, no bonus (1–4), at most two hits.
        (
            "attack Rook Orc smg shots=2 defense=none",
            "1,2,3,1,1,2,2",
            "(skill 12 = 12): rolls 6 vs 12",
            Some("succeeds by 6, Rcl 2: 2 hits of 2"),
            2,
            22,
        ),
        // shots=1 and a RoF 1 weapon: one hit, no bonus, no rapid fire.
        ("attack Rook Orc smg shots=1 defense=none", "1,2,3,1,1", "(skill 12 = 12)", None, 1, 27),
        ("attack Rook Orc pistol defense=none", "1,2,3,1,1", "(skill 12 = 12)", None, 1, 27),
    ];
    for &(attack, dice, skill, line, damages, left) in cases {
        let v = run(&fight(attack), dice);
        assert_log(&v, skill);
        match line {
            Some(line) => assert_log(&v, line),
            None => assert!(!has_log(&v, "rapid fire"), "{attack}: {:#?}", texts(&v)),
        }
        assert_eq!(count_log(&v, "Orc takes "), damages, "{attack}: {:#?}", texts(&v));
        assert_eq!(hp(&v, "orc"), left, "{attack}: {:#?}", texts(&v));
    }
    // A critical hit (3): no defense, every hit by margin lands, the critical hit table for the
    // first hit only (10: normal).
    let v = run(&fight("attack Rook Orc smg"), "1,1,1,3,3,4,1,1,1,1,1,1,1,1,1,1");
    assert_log(&v, "succeeds by 10, Rcl 2: 5 hits of 5");
    assert_log(&v, "Rook's critical hit on Orc: ");
    assert!(!has_log(&v, "Orc defends"), "{:#?}", texts(&v));
    assert_eq!(count_log(&v, "Orc takes "), 5);
    // Each hit is its own damage roll, against DR on its own: hits of 3, 5 and 7 through DR 2
    // are 1 + 3 + 5 = 9, not 15 − 2.
    let armored = SETUP.replace("dodge=9", "dodge=9 dr=2");
    let v = run(&format!("{armored}start\nattack Rook Orc smg defense=none"), "2,3,3,1,1,2,2,3,3");
    assert_log(&v, "3 hits of 5");
    assert_eq!(
        damage_rolls(&v),
        [
            ("2d+1 pi damage, hit 1 of 3".to_string(), 3),
            ("2d+1 pi damage, hit 2 of 3".to_string(), 5),
            ("2d+1 pi damage, hit 3 of 3".to_string(), 7),
        ]
    );
    assert_eq!(hp(&v, "orc"), 21);
}

// GURPS-RAPID-1: what a volley needs and where it stops: more shots than the RoF, a RoF with no
// Recoil, shots= on a weapon that fires one, All-Out Attack (Double), all refused before a die.
#[test]
fn gurps_rapid_1_refusals() {
    let cases = [
        ("attack Rook Orc smg shots=6", "shots=6: smg's RoF is 5 (GURPS-RAPID-1)"),
        ("attack Rook Orc pistol shots=3", "shots=3: pistol's RoF is 1 (GURPS-RAPID-1)"),
        ("attack Rook Orc weapon=none shots=2", "shots=2: the weapon fires one shot a turn"),
        ("maneuver Rook aoa-double\nattack Rook Orc smg", "All-Out Attack (Double) is for melee"),
    ];
    for (body, want) in cases {
        let said = run_err(&fight(body), "");
        assert!(said.contains(want), "{body}: {said}");
    }
    let said = run_err(
        "new gurps\nadd Rook speed=7\nweapon Rook smg skill=12 dmg=2d ranged rof=5\nadd Orc\n\
         start\nattack Rook Orc",
        "",
    );
    assert!(said.contains("smg fires 5 rounds: give its Recoil (rcl=N"), "{said}");
    // Recoil given on the attack instead, and shots=1 needs none.
    let body = "new gurps\nadd Rook speed=7\nweapon Rook smg skill=12 dmg=2d ranged rof=5\n\
                add Orc hp=30\nstart\n";
    let v = run(&format!("{body}attack Rook Orc rcl=3 defense=none"), "1,2,3,1,1,1,1,1,1");
    assert_log(&v, "succeeds by 7, Rcl 3: 3 hits of 5");
    let v = run(&format!("{body}attack Rook Orc shots=1 defense=none"), "1,2,3,1,1");
    assert!(!has_log(&v, "rapid fire"), "{:#?}", texts(&v));
}

// GURPS-RAPID-1, shotguns: RoF 3x9 fires 27 rounds (+5) and scores up to 27 hits.
#[test]
fn gurps_rapid_1_shotgun_shots_times_projectiles() {
    let script = "new gurps\nadd Rook speed=7\n\
                  weapon Rook shotgun skill=12 dmg=1d type=pi ranged firearm rof=3x9 rcl=1\n\
                  add Orc hp=60 speed=5\nstart\nattack Rook Orc defense=none shots=1";
    // shots=1 of 3x9: 9 rounds, +2; by 4 at 14: five hits.
    let v = run(script, "3,3,4,1,1,1,1,1");
    assert_log(&v, "(skill 12, RoF 9 +2 = 14): rolls 10 vs 14: success by 4");
    assert_log(&v, "succeeds by 4, Rcl 1: 5 hits of 9");
    assert_eq!(hp(&v, "orc"), 55);
    let v = run(&script.replace(" shots=1", ""), "6,6,4,1,1");
    assert_log(&v, "(skill 12, RoF 27 +5 = 17): rolls 16 vs 17");
}

// GURPS-RAPID-2: the defender's Dodge stops one hit and one more per full Recoil of its margin;
// when it stops every hit the attack is defended and nothing is rolled for damage.
#[test]
fn gurps_rapid_2_dodge_stops_hits_by_margin() {
    // By 7: 4 hits; Dodge 9 rolls 6, by 3: stops 2; 2 land (3 + 5).
    let v = run(&fight("attack Rook Orc smg"), "1,2,3,1,2,3,1,1,2,2");
    assert_log(&v, "Orc defends: Dodge 9, rolls 6 vs 9: success by 3");
    assert_log(&v, "Orc's Dodge stops 2 of 4 hits (GURPS-RAPID-2: succeeds by 3, Rcl 2): 2 land");
    assert_eq!(count_log(&v, "Orc takes "), 2);
    assert_eq!(hp(&v, "orc"), 22);
    // By 1 at 13: 1 hit; any successful Dodge stops it.
    let v = run(&fight("attack Rook Orc smg"), "4,4,4,2,2,2");
    assert_log(&v, "Orc's Dodge stops 1 of 1 hits (GURPS-RAPID-2: succeeds by 3, Rcl 2): 0 land");
    assert_eq!(hp(&v, "orc"), 30);
    // By 7: 4 hits; Dodge by 6 stops 4 (capped at the hits): none lands.
    let v = run(&fight("attack Rook Orc smg"), "1,2,3,1,1,1");
    assert_log(&v, "stops 4 of 4 hits (GURPS-RAPID-2: succeeds by 6, Rcl 2): 0 land");
    assert_eq!(hp(&v, "orc"), 30);
    // A failed Dodge stops none.
    let v = run(&fight("attack Rook Orc smg"), "1,2,3,5,5,5,1,1,2,2,3,3,1,2");
    assert!(!has_log(&v, "stops"), "{:#?}", texts(&v));
    assert_eq!(hp(&v, "orc"), 11);
}

// GURPS-RAPID-2: against thrown rapid fire a Parry (where the rules allow one) stops one hit only,
// whatever its margin.
#[test]
fn gurps_rapid_2_parry_stops_one() {
    let script = "new gurps\nadd Rook speed=7\n\
                  weapon Rook darts skill=12 dmg=1d type=imp thrown rof=3 rcl=1\n\
                  add Orc hp=30 speed=5\nweapon Orc axe skill=16 dmg=sw type=cut\nstart\n\
                  attack Rook Orc defense=parry:axe";
    let v = run(script, "1,2,3,2,2,2,2,3");
    assert_log(&v, "Orc's Parry (axe) stops 1 of 3 hits (GURPS-RAPID-2: one hit only): 2 land");
    assert_eq!(hp(&v, "orc"), 30 - 2 * 2 - 3 * 2);
}

// GURPS-RAPID-1, GURPS-ATK-4: with a random location each hit rolls its own (the first before
// the attack, GURPS-ORDER-1), and each is wounded where it struck; an aimed volley hits where
// it was aimed every time.
#[test]
fn gurps_rapid_1_random_location_per_hit() {
    // Location torso (10); by 7: 4 hits; hit 2 groin (11), hit 3 torso (10), hit 4 torso (9).
    let v = run(
        &fight("attack Rook Orc smg loc=random defense=none"),
        "3,3,4,1,2,3,1,1,3,4,4,1,1,3,3,4,1,1,2,3,4,1,1",
    );
    assert_log(&v, "Rook's attack on Orc: hit location torso");
    assert_log(&v, "Rook's attack on Orc, hit 2 of 4: hit location groin");
    assert_log(&v, "Rook's attack on Orc, hit 3 of 4: hit location torso");
    assert_log(&v, "Rook's attack on Orc, hit 4 of 4: hit location torso");
    assert_eq!(count_log(&v, "Orc takes "), 4);
    assert_eq!(hp(&v, "orc"), 18);
    // Faces typed at the table go to the hits in order: `locroll=` and `dmgroll=` carry over.
    let typed = "attack Rook Orc smg loc=random defense=none roll=1,2,3 locroll=3,3,4,3,4,4 \
                 dmgroll=1,1,2,2,3,3";
    let v = run(&fight(typed), "3,3,4,3,3,4,1,1");
    assert_log(&v, "Rook's attack on Orc, hit 2 of 4: hit location groin");
    let totals: Vec<i64> = damage_rolls(&v).into_iter().map(|(_, total)| total).collect();
    assert_eq!(totals, [3, 5, 7, 3]);
    // Aimed at the arm (−2): every hit at the arm, no location roll.
    let v = run(&fight("attack Rook Orc smg loc=arm defense=none"), "1,2,3,1,1,1,1,1,1");
    assert_log(&v, "arm −2, RoF 5 +1 = 11): rolls 6 vs 11: success by 5");
    assert_eq!(count_log(&v, "at the arm"), 3, "{:#?}", texts(&v));
    assert!(!has_log(&v, "hit location"), "{:#?}", texts(&v));
}

// GURPS-RAPID-1, GURPS-ORDER-1: walked question by question, each hit's damage is its own named
// roll (and, at random, its own location before it), asked once the hit before it is recorded.
#[test]
fn gurps_rapid_1_walk_names_each_hit() {
    let assets = Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::GURPS, "rapid", assets);
    let mut dice = SeededDice::new(1);
    for line in SETUP.lines().skip(1).chain(["start"]) {
        let command = parse_in(line, Some(System::GURPS)).expect("reads").expect("a line");
        session.execute(&command, &mut dice).expect(line);
    }
    let answers = [
        Answer::Faces(&[1, 2, 3]),
        Answer::Pick("defense=dodge"),
        Answer::Faces(&[1, 2, 3]),
        Answer::Faces(&[1, 1]),
        Answer::Faces(&[2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc smg", &answers);
    assert_eq!(walked.asked[0], "Rook's attack on Orc 13: 3d6, needs 13 or less");
    assert!(walked.asked[1].starts_with("Orc's defense: defense=dodge"), "{:?}", walked.asked);
    assert_eq!(
        walked.asked[2..],
        [
            "Orc's Dodge 9: 3d6, needs 9 or less",
            "Rook's smg damage, hit 1 of 2: 2d+1 pi",
            "Rook's smg damage, hit 2 of 2: 2d+1 pi",
        ]
    );
    assert_eq!(walked.line, "attack Rook Orc \"smg\" defense=dodge");
    let log = format!("{:?}", walked.events);
    assert!(log.contains("stops 2 of 4 hits"), "{log}");

    // At random: the first hit's location before the attack, each further one before its damage.
    let answers = [
        Answer::Faces(&[3, 3, 4]),
        Answer::Faces(&[3, 3, 4]),
        Answer::Faces(&[1, 1]),
        Answer::Faces(&[3, 4, 4]),
        Answer::Faces(&[2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc smg loc=random defense=none", &answers);
    assert_eq!(
        walked.asked,
        [
            "Rook's hit location on Orc: 3d6",
            "Rook's attack on Orc 13: 3d6, needs 13 or less",
            "Rook's smg damage, hit 1 of 2: 2d+1 pi",
            "Rook's hit location on Orc, hit 2 of 2: 3d6",
            "Rook's smg damage, hit 2 of 2: 2d+1 pi",
        ]
    );
    assert_eq!(walked.faces, [3, 3, 4, 3, 3, 4, 1, 1, 3, 4, 4, 2, 2]);
}

// GURPS-DEF-8 with `gurps_auto_defense ask`: `skirmish run` refuses a volley that hits without
// `defense=`, as any attack, naming what is missing; with it, every hit is rolled.
#[test]
fn gurps_rapid_1_run_refuses_an_incomplete_volley() {
    let script = format!("{SETUP}set gurps_auto_defense ask\nstart\n");
    let out = crate::cli::skirmish(
        &["run", "--script", "-", "--dice", "1,2,3"],
        &format!("{script}attack Rook Orc smg\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let said = crate::cli::text(&out.stderr);
    assert!(said.contains("this needs an answer first: Orc's defense: defense=dodge"), "{said}");
    let out = crate::cli::skirmish(
        &["run", "--script", "-", "--dice", "1,2,3,5,5,5,1,1,2,2,3,3,1,2"],
        &format!("{script}attack Rook Orc smg defense=dodge\n"),
    );
    assert!(out.status.success(), "{}", crate::cli::text(&out.stderr));
    let said = crate::cli::text(&out.stdout);
    assert!(said.contains("2d+1 pi damage, hit 4 of 4"), "{said}");
}

// GURPS-RAPID-1 from the bestiary: the Mercenary's SMG fires RoF 8 with Rcl 2.
#[test]
fn gurps_rapid_1_bestiary_mercenary() {
    let v = run(
        "new gurps\nadd Mercenary\nadd Orc hp=30 speed=5\nstart\nattack Mercenary Orc defense=none",
        "2,2,3,1,1,1,1,1,1,1,1",
    );
    assert_log(&v, "Mercenary attacks Orc with smg (skill 13, RoF 8 +1 = 14): rolls 7 vs 14");
    assert_log(&v, "succeeds by 7, Rcl 2: 4 hits of 8");
    assert_eq!(hp(&v, "orc"), 30 - 4 * 3);
}

// GURPS-RAPID-1 with GURPS-DEF-11: an ally whose sacrificial dodge takes the volley takes every
// hit of it, each rolled on its own; the target takes none.
#[test]
fn gurps_rapid_1_sacrificial_ally_takes_every_hit() {
    let v = run(
        &fight("add Gob hp=30 speed=4 dodge=12\nattack Rook Orc,Gob smg sacrifice=Gob"),
        "1,2,3,2,2,2,1,1,2,2,3,3,1,2",
    );
    assert_log(&v, "Gob dodges into the attack on Orc: Dodge 12, rolls 6 vs 12");
    assert_eq!(count_log(&v, "Gob takes "), 4, "{:#?}", texts(&v));
    assert_eq!((hp(&v, "gob"), hp(&v, "orc")), (11, 30));
}
