//! GURPS 4e rules (rules/gurps.md), run in-process as `skirmish run` runs a script, with
//! scripted dice, and read back from `--json`; the tables and the damage model are also checked
//! directly. Every GURPS-* rule ID is named by a test here (GURPS-INIT-1 also in initiative.rs).
//!
//! Dice order for one attack (GURPS-ORDER-1): a random location's 3d6 (and a 1d side on
//! 15–16), the attack's 3d6, a critical table's 3d6, a sacrificial dodge, Acrobatics, the
//! defense's 3d6 (a second with Double Defense), the damage dice; then the knockdown HT, the
//! death checks, an aimer's Will. As a turn begins: the HT roll at 0 HP or less; as it ends:
//! the HT roll of a stunned combatant.

use serde_json::Value;

use crate::harness::{run, run_err};
use skirmish::rules::gurps::{injury, odds, roll, tables, weapon};
use skirmish::rules::request::DamageRequest;
use skirmish::rules::state::SystemState;
use skirmish::rules::stats::Stats;
use skirmish::rules::types::{Health, Options};

/// Rook (Speed 7, acts first): broadsword skill 14, 2d+1 cut. Orc (Speed 5): HP 12, HT 11,
/// DR 2, an axe at skill 14 (Parry 10), Dodge 8.
const SETUP: &str = "new gurps\n\
    add Rook side=pc st=12 dx=12 ht=12 speed=7\n\
    weapon Rook broadsword skill=14 dmg=2d+1 type=cut\n\
    add Orc hp=12 ht=11 dr=2 speed=5\n\
    weapon Orc axe skill=14 dmg=sw type=cut\n";

fn fight(body: &str) -> String {
    format!("{SETUP}start\n{body}\n")
}

pub(super) fn who<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["combatants"]
        .as_array()
        .expect("combatants")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}"))
}

pub(super) fn texts(v: &Value) -> Vec<String> {
    v["log"]
        .as_array()
        .expect("log")
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

pub(super) fn has_log(v: &Value, needle: &str) -> bool {
    texts(v).iter().any(|t| t.contains(needle))
}

pub(super) fn assert_log(v: &Value, needle: &str) {
    assert!(has_log(v, needle), "no log line with '{needle}' in {:#?}", texts(v));
}

fn hp(v: &Value, id: &str) -> i64 {
    who(v, id)["health"]["current"].as_i64().expect("hp")
}

fn conditions(v: &Value, id: &str) -> Vec<String> {
    who(v, id)["conditions"]
        .as_array()
        .expect("conditions")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The damage model on its own: (type, location, damage, stats, HP) → injury and its text.
fn injure(kind: &str, location: Option<&str>, amount: i64, stats: &str, hp: i64) -> (i64, String) {
    let mut s = Stats::default();
    let gurps = skirmish::rules::System::GURPS.rules();
    for pair in stats.split_whitespace() {
        let (k, v) = pair.split_once('=').map_or((pair, None), |(k, v)| (k, Some(v)));
        s.set(gurps.spec().fields, k, v).expect("field");
    }
    let state = SystemState::none();
    let options = Options::new();
    let out = gurps
        .damage(DamageRequest {
            stats: &s,
            health: Health::full(hp),
            conditions: &[],
            amount,
            roll: None,
            kind: Some(kind),
            armor_ignored: 0,
            armor_added: 0,
            location,
            id: "t",
            state: &state,
            parts: &[],
            options: &options,
        })
        .expect("damage applies");
    (out.loss, out.explain)
}

// Worked example 18 (GURPS-ORDER-1): hit on 9, parry 15 fails, 9 damage → 14 injury at the
// neck, knockdown 9 holds, HP −2 (no death check), shock −4.
#[test]
fn gurps_order_1_worked_example_18() {
    let v = run(&fight("attack Rook Orc loc=neck"), "3,3,3,6,5,4,4,4,2,3,4");
    assert_log(
        &v,
        "Rook attacks Orc with broadsword (skill 14, neck −5 = 9): rolls 9 vs 9: success",
    );
    assert_log(&v, "Orc defends: Parry (axe) 10, rolls 15 vs 10: failure by 5");
    assert_log(&v, "9 cut at the neck − DR 2 = 7 × 2 = 14 injury, major wound");
    assert_log(&v, "Orc: knockdown, HT 11: rolls 9 vs 11: success by 2; holds");
    assert_eq!(hp(&v, "orc"), -2);
    assert_eq!(who(&v, "orc")["shock"], 4, "GURPS-SHOCK-1: −4 on its next turn");
    assert!(!has_log(&v, "death check"), "GURPS-HP-3: −2 is above −12");
    assert!(conditions(&v, "orc").contains(&"reeling".to_string()), "GURPS-HP-1");
}

// GURPS-LOC-2, GURPS-DMG-2, GURPS-LOC-3, worked examples 1–4: the damage model alone.
#[test]
fn gurps_loc_2_wound_modifiers_by_type_and_location() {
    // (type, location, damage, stats, max HP, injury)
    type Case<'a> = (&'a str, Option<&'a str>, i64, &'a str, i64, i64);
    let cases: &[Case] = &[
        ("cut", Some("neck"), 9, "dr=2", 20, 14),  // example 1
        ("imp", Some("vitals"), 8, "", 10, 24),    // example 2
        ("pi-", None, 5, "dr=2", 10, 1),           // example 3: 1.5 → 1
        ("cut", Some("arm"), 7, "dr=2", 10, 6),    // example 4: 7 capped at 6
        ("pi+", Some("skull"), 6, "dr=0", 20, 16), // skull ×4 after its own DR 2
        ("cr", Some("face"), 5, "", 20, 5),
        ("cor", Some("face"), 4, "", 20, 6),
        ("cr", Some("neck"), 4, "", 20, 6),
        ("imp", Some("leg"), 5, "", 20, 5),
        ("pi++", Some("groin"), 3, "", 20, 6),
        ("tox", Some("skull"), 5, "", 20, 3), // the skull's DR only
        ("tbb", Some("vitals"), 4, "", 20, 8),
        ("cut", Some("hand"), 9, "", 12, 5), // capped at 12/3 + 1
        ("cr", Some("torso"), 2, "dr=2", 20, 0),
        ("cut", Some("torso"), 3, "dr=2", 20, 1), // minimum 1 (GURPS-DMG-2)
        ("cut", Some("leg"), 6, "dr=1 dr.leg=4", 20, 3),
        ("imp", Some("eye"), 3, "dr.face=1", 20, 8), // eye DR from the face
        ("cr", Some("vitals"), 0, "", 20, 0),
    ];
    for &(kind, at, amount, stats, max, want) in cases {
        if at == Some("vitals") && kind == "cr" {
            continue;
        }
        let (loss, text) = injure(kind, at, amount, stats, max);
        assert_eq!(loss, want, "{kind} at {at:?}, {amount} vs {stats}: {text}");
    }
}

// GURPS-LOC-1: only impaling, piercing and tight-beam burning reach the eye and the vitals.
#[test]
fn gurps_loc_1_eye_and_vitals_only_for_piercing_types() {
    let err = run_err(&fight("attack Rook Orc loc=vitals"), "");
    assert!(err.contains("cut damage cannot target the vitals"), "{err}");
    let err = run_err(&fight("attack Rook Orc loc=eye type=cr"), "");
    assert!(err.contains("cr damage cannot target the eye"), "{err}");
    // 3+3+1 = 7 − DR 2 = 5 × 3 = 15; skill 14 − 3 = 11 hit on 6; knockdown at HT 11−5 on 4.
    let v = run(&fight("attack Rook Orc loc=vitals type=imp defense=none"), "2,2,2,3,3,1,1,2");
    assert_log(&v, "7 imp at the vitals − DR 2 = 5 × 3 = 15 injury");
}

// GURPS-LOC-3: a crippled arm; injury over HP/2 there is a major wound.
#[test]
fn gurps_loc_3_crippling_caps_limb_injury() {
    let (loss, text) = injure("cut", Some("arm"), 7, "dr=2", 10);
    assert_eq!(loss, 6, "{text}");
    assert!(
        text.contains("capped at 6")
            && text.contains("arm crippled")
            && text.contains("major wound"),
        "{text}"
    );
    let (loss, text) = injure("cut", Some("arm"), 5, "dr=2", 10);
    assert_eq!(loss, 4, "4 is not over 10/2: {text}");
    assert!(!text.contains("crippled"), "{text}");
    // The eye: over HP/10, no cap.
    let (loss, text) = injure("imp", Some("eye"), 2, "", 10);
    assert_eq!(loss, 8, "{text}");
    assert!(text.contains("eye crippled"), "{text}");
    // Through the attack: the leg cripples and the victim falls.
    let v = run(&fight("attack Rook Orc loc=leg defense=none"), "2,2,2,6,4,1,1,2");
    assert_eq!(who(&v, "orc")["crippled"], serde_json::json!(["leg"]));
    assert!(conditions(&v, "orc").contains(&"prone".to_string()));
}

// GURPS-LOC-4: a male's groin doubles cr shock; a major corrosion wound to the face blinds.
#[test]
fn gurps_loc_4_groin_and_face() {
    let v = run(
        "new gurps\nadd A speed=7\nadd B hp=12 ht=12 male speed=5\nstart\n\
         attack A B skill=14 dmg=1d type=cr loc=groin defense=none",
        "2,2,2,3",
    );
    assert_eq!(who(&v, "b")["shock"], 6, "3 injury, doubled");
    let (_, text) = injure("cor", Some("face"), 8, "", 10);
    assert!(text.contains("an eye blinded"), "{text}");
}

// GURPS-DMG-1: DR first; a roll at or under DR does nothing; blunt trauma as an option.
#[test]
fn gurps_dmg_1_dr_and_blunt_trauma() {
    let (loss, text) = injure("cut", None, 4, "dr=4", 10);
    assert_eq!(loss, 0, "{text}");
    assert!(text.contains("no damage"), "{text}");
    let v = run(
        "new gurps\nset gurps_blunt_trauma on\nadd A speed=7\nadd B dr=12 dr_flex speed=5\nstart\n\
         attack A B skill=14 dmg=1d+4 type=cr defense=none",
        "2,2,2,6",
    );
    assert_log(&v, "blunt trauma 2");
    assert_eq!(hp(&v, "b"), 8);
}

// GURPS-DMG-2 worked example 3; GURPS-DMG-3: adds never take damage below 1 (0 for cr).
#[test]
fn gurps_dmg_3_minimum_damage_rolls() {
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5\nstart\nattack A B skill=14 dmg=1d-4 type=cut defense=none",
        "2,2,2,1",
    );
    assert_log(&v, "B takes 1 cut");
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5\nstart\nattack A B skill=14 dmg=1d-4 type=cr defense=none",
        "2,2,2,1",
    );
    assert_log(&v, "B takes 0 cr");
}

// GURPS-DMG-4, GURPS-FP-1: fatigue damage meets DR and comes off FP; below 1/3 FP Very Tired;
// past 0 FP it costs HP too.
#[test]
fn gurps_dmg_4_and_fp_1_fatigue_comes_off_fp() {
    let v = run("new gurps\nadd B fp=9 dr=1\ndamage B 5 fat", "");
    assert_eq!(who(&v, "b")["fp"]["current"], 5);
    assert_eq!(who(&v, "b")["fp"]["max"], 9);
    assert_eq!(hp(&v, "b"), 10, "fatigue is not HP");
    let v = run("new gurps\nadd B fp=9\ndamage B 7 fat", "");
    assert!(conditions(&v, "b").contains(&"very_tired".to_string()));
    let v = run("new gurps\nadd B fp=3\ndamage B 5 fat", "");
    assert_eq!(who(&v, "b")["fp"]["current"], -2);
    assert_eq!(hp(&v, "b"), 8, "2 FP below 0 cost 2 HP");
}

// GURPS-FP-1, GURPS-HP-1: Very Tired halves Move, Dodge and ST (round up), reeling Move and
// Dodge; either or both halve once. Reading [B426]: sw/thr damage keeps the full ST.
#[test]
fn gurps_fp_1_very_tired_halves_move_and_st() {
    // (hp damage, fat damage, very tired, Move, ST, Dodge); B: ST 13, Move 5, Dodge 8, FP 9, HP 12.
    let cases = [
        (0, 0, false, 5, 13, 8),
        (0, 6, false, 5, 13, 8), // 3 FP left of 9: not under a third
        (0, 7, true, 3, 7, 4),   // 2 left: very tired
        (9, 0, false, 3, 13, 4), // 3 HP of 12: reeling
        (9, 7, true, 3, 7, 4),   // both: halved once
    ];
    for (hurt, fat, tired, mv, st, dodge) in cases {
        let mut script = "new gurps\nadd B st=13 hp=12 fp=9 move=5 speed=5\n".to_string();
        if hurt > 0 {
            script.push_str(&format!("damage B {hurt}\n"));
        }
        if fat > 0 {
            script.push_str(&format!("damage B {fat} fat\n"));
        }
        // A 9-HP hit is a major wound: its knockdown HT roll succeeds on 9.
        let v = run(&script, if hurt > 0 { "3,3,3" } else { "" });
        let b = who(&v, "b");
        let case = format!("hp −{hurt}, fp −{fat}");
        assert_eq!(b["very_tired"], tired, "{case}");
        assert_eq!(b["effective"]["move"], mv, "{case}");
        assert_eq!(b["effective"]["st"], st, "{case}");
        assert_eq!(b["st"], 13, "{case}: the raw ST stays");
        assert_eq!(b["defenses"]["dodge"], dodge, "{case}");
    }
    // A very tired swing still does sw for ST 13: 2d−1 takes both faces 1, 1 (ST 7's 1d−2 would
    // leave one unused, which the harness refuses).
    let v = run(
        "new gurps\nadd A st=13 fp=9 speed=7\nadd B speed=5\nstart\ndamage A 7 fat\n\
         attack A B skill=14 dmg=sw type=cr defense=none",
        "3,3,4,1,1",
    );
    assert_log(&v, "B takes 1 cr");
}

// GURPS-SHOCK-1, worked examples 5 and 6; GURPS-SHOCK-2: Pain Threshold.
#[test]
fn gurps_shock_1_and_2_shock_amounts() {
    let s = |stats: &str| {
        let mut st = Stats::default();
        for pair in stats.split_whitespace() {
            st.set(skirmish::rules::System::GURPS.rules().spec().fields, pair, None).expect("flag");
        }
        st
    };
    assert_eq!(injury::shock_of(&s(""), 12, 6, false), 6, "capped at 4 by the state");
    assert_eq!(injury::shock_of(&s(""), 25, 6, false), 3, "unit 2");
    assert_eq!(injury::shock_of(&s(""), 25, 6, true), 2, "6 / 2.5");
    assert_eq!(injury::shock_of(&s("hpt"), 12, 6, false), 0);
    assert_eq!(injury::shock_of(&s("lpt"), 12, 1, false), 2);
    let v = run("new gurps\nadd B hp=12\ndamage B 6 cr", "");
    assert_eq!(who(&v, "b")["shock"], 4, "example 5: −6 → −4");
}

// GURPS-SHOCK-1: shock is for the victim's next turn only and clears at its end; it comes off
// attacks, never defenses.
#[test]
fn gurps_shock_1_lasts_one_turn_and_hits_attacks() {
    // Rook hits Orc for 3 injury (shock −3); on Orc's turn its attack is at −3; the turn after
    // it is gone.
    let body = "attack Rook Orc defense=none\nnext\nattack Orc Rook\nnext\nnext";
    let v = run(&fight(body), "2,2,2,2,1,5,5,5");
    assert_log(&v, "Orc attacks Rook with axe (skill 14, shock −3 = 11): rolls 15");
    assert_eq!(who(&v, "orc")["shock"], 0, "cleared at the end of its turn");
}

// GURPS-ROLL-1, GURPS-ROLL-2, worked example 7.
#[test]
fn gurps_roll_2_criticals_by_the_basic_set() {
    use roll::Verdict::*;
    let cases = [
        (16, 6, CriticalSuccess),
        (15, 6, Success),
        (15, 17, CriticalFailure),
        (16, 17, Failure),
        (6, 16, CriticalFailure),
        (10, 4, CriticalSuccess),
        (3, 3, CriticalSuccess),
        (20, 18, CriticalFailure),
        (12, 12, Success),
        (12, 13, Failure),
        (15, 5, CriticalSuccess),
        (14, 5, Success),
    ];
    for (skill, total, want) in cases {
        assert_eq!(roll::judge(skill, total), want, "skill {skill} rolls {total}");
    }
}

// GURPS-DEF-3, worked example 8: Parry 10, then 6, then 2 (fencing 8, 6).
#[test]
fn gurps_def_3_parries_fall_off_within_a_turn() {
    for (parry, wants) in [("0", [10, 6, 2]), ("0F", [10, 8, 6])] {
        let script = format!(
            "new gurps\nadd A speed=7\nadd B speed=5\nweapon B sword skill=14 parry={parry}\nstart\n\
             maneuver A aoa-double\nattack A B skill=18 rapid dmg=1d defense=parry"
        );
        // Three attacks that hit on 10 and three parries on 3 (critical: the attacker's critical
        // miss table then rolls 10: drops its weapon).
        let v = run(&script, "3,3,4,1,1,1,3,3,4,3,3,4,1,1,1,3,3,4,3,3,4,1,1,1,3,3,4");
        for want in wants {
            assert_log(&v, &format!("B defends: Parry (sword) {want}"));
        }
    }
}

// GURPS-DEF-2, GURPS-HP-1, worked example 9: Dodge 9; reeling 5; reeling and retreating 8.
#[test]
fn gurps_def_2_dodge_reeling_and_retreat() {
    let v = run("new gurps\nadd B speed=6.25 hp=10", "");
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 9);
    let v = run("new gurps\nadd B speed=6.25 hp=10\ndamage B 7 raw", "");
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 5);
    assert_eq!(who(&v, "b")["reeling"], true);
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=6.25 hp=10\ndamage B 7 raw\nstart\nattack A B skill=14 retreat",
        "3,3,4,3,3,4,3",
    );
    assert_log(&v, "B defends: Dodge 8 (retreat +3)");
}

// GURPS-ATK-5, worked example 10: Deceptive 2 at skill 15 → 11 and −2 to the defense;
// Deceptive 3 is refused.
#[test]
fn gurps_atk_5_deceptive_attack() {
    let base = "new gurps\nadd A speed=7\nadd B speed=5 dodge=10\nstart\n";
    let v = run(&format!("{base}attack A B skill=15 deceptive=2"), "3,3,4,3,3,4,3");
    assert_log(&v, "(skill 15, deceptive −4 = 11)");
    assert_log(&v, "B defends: Dodge 8 (deceptive −2)");
    let err = run_err(&format!("{base}attack A B skill=15 deceptive=3"), "");
    assert!(err.contains("it may not go below 10 (GURPS-ATK-5)"), "{err}");
}

// GURPS-MAN-8, worked example 11: Move and Attack in melee, −4 and at most 9; and it leaves
// Dodge or Block but no Parry.
#[test]
fn gurps_man_8_move_and_attack() {
    for (skill, want) in [(15, 9), (12, 8)] {
        let v = run(
            &format!(
                "new gurps\nadd A speed=7\nadd B speed=5\nstart\nmaneuver A move-attack\nattack A B skill={skill} defense=none"
            ),
            "6,5,5",
        );
        let text = if want == 9 {
            "skill 15, Move and Attack −4, capped at 9 = 9".to_string()
        } else {
            format!("skill {skill}, Move and Attack −4 = {want}")
        };
        assert_log(&v, &text);
    }
    let v = run(
        "new gurps\nadd A speed=7\nweapon A sword skill=14\nadd B speed=5\nstart\nmaneuver A move-attack",
        "",
    );
    assert_eq!(who(&v, "a")["defenses"]["parry"], Value::Null, "GURPS-MAN-1: no Parry");
    assert_eq!(who(&v, "a")["defenses"]["dodge"], 10);
}

// GURPS-HP-3, worked example 12: HP 10 at 2 takes 25 → −23: checks at −10 and −20, rolls 12
// then 10 against HT 11: Mortally Wounded.
#[test]
fn gurps_hp_3_death_checks_for_each_line_crossed() {
    let v = run("new gurps\nadd B hp=10 ht=11\ndamage B 8 raw\ndamage B 25 raw", "4,4,4,3,3,4");
    assert_log(
        &v,
        "B: death check at −10: HT 11, rolls 12 vs 11: failure by 1; is mortally wounded",
    );
    assert_log(&v, "B: death check at −20: HT 11, rolls 10 vs 11: success by 1; lives");
    assert!(conditions(&v, "b").contains(&"mortally_wounded".to_string()));
    // Each line is rolled once: more damage above −30 rolls nothing.
    let v = run("new gurps\nadd B hp=10 ht=11\ndamage B 25 raw\ndamage B 2 raw", "3,3,4");
    assert_eq!(hp(&v, "b"), -17);
    // Failing by 3 or more: dead, and the checks stop.
    let v = run("new gurps\nadd B hp=10 ht=11\ndamage B 35 raw", "5,5,4");
    assert!(conditions(&v, "b").contains(&"dead".to_string()));
    // The option: failing by 1 or 2 is death too.
    let v =
        run("new gurps\nset gurps_mortal_wound dead\nadd B hp=10 ht=11\ndamage B 25 raw", "4,4,4");
    assert!(conditions(&v, "b").contains(&"dead".to_string()));
}

// GURPS-HP-4: at −5 × HP dead without a roll (also rules.rs).
#[test]
fn gurps_hp_4_dead_without_a_roll() {
    let v = run("new gurps\nadd B hp=10\ndamage B 60 raw", "");
    assert!(conditions(&v, "b").contains(&"dead".to_string()));
    assert_eq!(who(&v, "b")["down"], true);
}

// GURPS-HP-2, GURPS-ORDER-2, worked example 13: at −15 of 10 HP the roll is HT−1, as its turn
// begins; `skipht` (Do Nothing) skips it.
#[test]
fn gurps_hp_2_ht_roll_as_the_turn_begins() {
    let base = "new gurps\nadd A speed=7\nadd B hp=10 ht=11 speed=5\ndamage B 25 raw\n";
    let v = run(&format!("{base}start\nnext"), "3,3,4,5,5,1");
    assert_log(
        &v,
        "B at -15 HP rolls HT 11−1 to stay conscious: rolls 11 vs 10: failure by 1; falls unconscious",
    );
    assert!(conditions(&v, "b").contains(&"unconscious".to_string()));
    let v = run(&format!("{base}start\nskipht B\nnext"), "3,3,4");
    assert!(!has_log(&v, "to stay conscious"));
    assert_eq!(who(&v, "b")["maneuver"], "do-nothing");
    // The issue's spelling: `next skip_ht`, for the turn that `next` begins; it reads back.
    let v = run(&format!("{base}start\nnext skip_ht"), "3,3,4");
    assert!(!has_log(&v, "to stay conscious"));
    assert_eq!(who(&v, "b")["maneuver"], "do-nothing");
    let command = skirmish::command::parse_in("next skip_ht", Some(skirmish::rules::System::GURPS));
    assert_eq!(command.expect("parses").expect("a command").to_string(), "next skip_ht");
    let err = skirmish::command::parse_in("next skip_ht", Some(skirmish::rules::System::WOIN));
    assert!(err.expect_err("not a WOIN word").to_string().contains("unexpected 'skip_ht'"));
}

// GURPS-MAN-6, worked example 14: skill 14 rolls 9; the foe's 12 rolls 10 / 13: −3 / −5; the
// penalty comes off its defense against the next attack, on the feinter's next turn.
#[test]
fn gurps_man_6_feint() {
    let base = "new gurps\nadd A speed=7\nweapon A sword skill=14\nadd B speed=5 dx=12\nstart\n";
    for (foe, want) in [("3,3,4", 3), ("4,4,5", 5)] {
        let v = run(&format!("{base}feint A B"), &format!("3,3,3,{foe}"));
        assert_log(&v, &format!("−{want} to its defense against A's next attack"));
    }
    let v = run(&format!("{base}feint A B\nnext\nnext\nattack A B"), "3,3,3,3,3,4,3,3,4,3,3,4,3");
    assert_log(&v, "B defends: Dodge 5 (feint −3)");
}

// GURPS-MAN-7, worked example 15: AOA Strong, 3d+1 → 3d+4, 1d+2 → 1d+4; Determined +4; no
// defense until its next turn.
#[test]
fn gurps_man_7_all_out_attack() {
    for (dmg, want) in [("3d+1", "3d+4"), ("1d+2", "1d+4")] {
        let v = run(
            &format!(
                "new gurps\nadd A speed=7\nadd B speed=5 dr=50\nstart\nmaneuver A aoa-strong\nattack A B skill=12 dmg={dmg} defense=none"
            ),
            if dmg.starts_with('3') { "3,3,3,1,1,1" } else { "3,3,3,1" },
        );
        let line = v["log"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["text"].as_str().unwrap_or("").starts_with("B takes"))
            .expect("hit");
        assert!(line["roll"]["expr"].as_str().unwrap_or("").starts_with(want), "{line}");
    }
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5\nstart\nmaneuver A aoa-determined\nattack A B skill=10 defense=none",
        "6,6,2,1",
    );
    assert_log(&v, "All-Out Attack +4 = 14");
    assert_eq!(who(&v, "a")["defenses"]["dodge"], Value::Null, "GURPS-MAN-1: no defense");
}

// GURPS-MAN-3, worked example 16: Acc 2, three turns of Aim, braced: +5; a defense roll ends it.
#[test]
fn gurps_man_3_aim() {
    let base = "new gurps\nadd A speed=7\nweapon A bow skill=12 dmg=1d+2 type=imp acc=2 ranged\nadd B speed=5 dr=50\nstart\n";
    let aim = "maneuver A aim target=B braced\nnext\nnext\n";
    let v = run(&format!("{base}{aim}{aim}{aim}attack A B defense=none"), "3,3,3,1");
    assert_log(&v, "aim +5");
    // Without Aim: no Acc.
    let v = run(&format!("{base}attack A B defense=none"), "3,3,3,1");
    assert_log(&v, "(skill 12 = 12)");
}

// GURPS-RANGE-1, worked example 17: 10 yards → −4 (the sheet's reading −5).
#[test]
fn gurps_range_1_range_and_speed() {
    let cases = [
        (2, 0),
        (3, -1),
        (5, -2),
        (7, -3),
        (10, -4),
        (15, -5),
        (20, -6),
        (100, -10),
        (150, -11),
        (700, -15),
        (1000, -16),
    ];
    for (yards, want) in cases {
        assert_eq!(tables::range_penalty(yards, false), want, "{yards} yards");
    }
    assert_eq!(tables::range_penalty(10, true), -5, "seed reading");
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5\nstart\nattack A B skill=14 ranged range=7 speed=3 defense=none",
        "3,3,3,1",
    );
    assert_log(&v, "range −4 = 10");
}

// GURPS-ATK-4: the random location table, and a side for hands and feet.
#[test]
fn gurps_atk_4_random_location() {
    let cases = [
        (3, "skull"),
        (5, "face"),
        (7, "right leg"),
        (8, "right arm"),
        (10, "torso"),
        (11, "groin"),
        (12, "left arm"),
        (14, "left leg"),
        (15, "hand"),
        (16, "foot"),
        (18, "neck"),
    ];
    for (total, want) in cases {
        assert_eq!(tables::random_location(total), want, "{total}");
    }
    let v = run(&fight("attack Rook Orc loc=random defense=none"), "5,5,5,4,3,3,3,1,1");
    assert_log(&v, "hit location left hand");
    assert_log(&v, "at the left hand");
}

// GURPS odds: exact, from one 3d6 table.
#[test]
fn gurps_odds_success_critical_and_landing() {
    assert_eq!(odds::success(10).to_string(), "1/2");
    assert_eq!(odds::critical(10).to_string(), "1/54");
    assert_eq!(odds::critical(16).to_string(), "5/54");
    assert_eq!(odds::fumble(10).to_string(), "1/54");
    // A 50% attack against a 50% defense: 4/216 critical, plus 104/216 that hit × 1/2.
    assert_eq!(odds::lands(10, Some(10)).to_string(), "7/27");
    let text = odds::report(&["12".into(), "vs=9".into()]).expect("report");
    assert!(text.contains("success") && text.contains("attack lands"), "{text}");
    let err = odds::report(&["x".into()]).expect_err("bad");
    assert!(err.contains("skirmish odds gurps SKILL"), "{err}");
    assert_eq!(weapon::signed(-3), "−3");
}

// GURPS-MAN-1, GURPS-MAN-2: one maneuver a turn; Move allows no attack; All-Out Defense
// (GURPS-MAN-9) adds +2 to its defense until its next turn.
#[test]
fn gurps_man_1_one_maneuver_decides_attacks_and_defenses() {
    let err = run_err(&fight("maneuver Rook move\nmaneuver Rook attack"), "");
    assert!(err.contains("one maneuver a turn (GURPS-MAN-1)"), "{err}");
    let err = run_err(&fight("maneuver Rook move\nattack Rook Orc"), "");
    assert!(err.contains("no attack (GURPS-MAN-1)"), "{err}");
    let v = run(&fight("maneuver Rook aod-dodge"), "");
    assert_eq!(who(&v, "rook")["defenses"]["dodge"], 12);
    assert_eq!(who(&v, "rook")["maneuver"], "aod-dodge");
    let v = run(&fight("do Rook aod-parry"), "");
    assert_eq!(who(&v, "rook")["defenses"]["parry"], 12, "the action menu takes maneuvers too");
}

// GURPS-MAN-9: Double Defense, a second defense after a failed one against a melee attack.
#[test]
fn gurps_man_9_double_defense() {
    // Orc's turn after Rook's All-Out Defense (Double): Orc hits on 10; Rook's Dodge 10 fails
    // on 12, its Parry 10 then holds on 10.
    let v = run(&fight("maneuver Rook aod-double\nnext\nattack Orc Rook"), "3,3,4,4,4,4,3,3,4");
    assert_log(&v, "Rook defends: Dodge 10, rolls 12 vs 10: failure");
    assert_log(&v, "Rook defends: Parry (broadsword) 10, rolls 10 vs 10: success");
    assert_eq!(hp(&v, "rook"), 12);
}

// GURPS-MAN-4: Evaluate, +1 a turn up to +3, on the next attack on that foe.
#[test]
fn gurps_man_4_evaluate() {
    let ev = "maneuver Rook evaluate target=Orc\nnext\nnext\n";
    let v = run(&fight(&format!("{ev}{ev}{ev}{ev}attack Rook Orc defense=none")), "3,3,3,1,1");
    assert_log(&v, "evaluate +3 = 17");
}

// GURPS-MAN-5, GURPS-ATK-6, GURPS-ATK-7: a Rapid Strike is two attacks at −6, each through the
// whole order; one a turn; All-Out Attack (Double) gives two attacks (three with a Rapid Strike).
#[test]
fn gurps_atk_6_rapid_strike() {
    let v = run(&fight("attack Rook Orc rapid defense=none"), "3,3,2,1,1,3,3,2,1,1");
    assert_log(
        &v,
        "Rook attacks Orc with broadsword (rapid strike 1) (skill 14, rapid strike −6 = 8)",
    );
    assert_log(&v, "(rapid strike 2)");
    let err =
        run_err(&fight("attack Rook Orc defense=none\nattack Rook Orc defense=none"), "3,3,2,1,1");
    assert!(err.contains("has made its attack this turn"), "{err}");
    let err = run_err(
        &fight("attack Rook Orc rapid defense=none\nattack Rook Orc rapid defense=none"),
        "3,3,2,1,1,3,3,2,1,1",
    );
    assert!(err.contains("one Rapid Strike per turn (GURPS-ATK-6)"), "{err}");
    // GURPS-MAN-7, GURPS-ATK-7: All-Out Attack (Double) with a Rapid Strike is three attacks in
    // one command; a fourth is refused.
    let aoa = "maneuver Rook aoa-double\nattack Rook Orc rapid defense=none";
    let v = run(&fight(aoa), "3,3,2,1,1,3,3,2,1,1,3,3,2,1,1");
    assert_log(&v, "(rapid strike 2)");
    assert_log(
        &v,
        "Rook attacks Orc with broadsword (All-Out Attack, second attack) (skill 14 = 14)",
    );
    let err = run_err(&fight(&format!("{aoa}\nattack Rook Orc")), "3,3,2,1,1,3,3,2,1,1,3,3,2,1,1");
    assert!(err.contains("has made its attacks this turn"), "{err}");
    let err = run_err(
        "new gurps\nadd A speed=7\nweapon A pike skill=14 unready_after\nadd B\nstart\nattack A B rapid",
        "",
    );
    assert!(err.contains("no Rapid Strike with a weapon that is unready"), "{err}");
}

// GURPS-ATK-1, GURPS-ATK-6: `weapon=none` attacks with no weapon even when the attacker carries
// one (DX 12, thr 1d−1 crushing, unless given), and a Rapid Strike's second strike stays without
// one. With no weapon named the first one is used.
#[test]
fn gurps_atk_1_weapon_none_attacks_with_no_weapon() {
    // Each strike hits on 5 against skill 12 − 6 and rolls 1d: 3 − 1 = 2 crushing, stopped by DR 2.
    let v = run(&fight("attack Rook Orc weapon=none rapid defense=none"), "2,2,1,3,2,2,1,3");
    assert_log(&v, "Rook attacks Orc (rapid strike 1) (skill 12, rapid strike −6 = 6)");
    assert_log(&v, "Rook attacks Orc (rapid strike 2) (skill 12, rapid strike −6 = 6)");
    assert!(!has_log(&v, "with broadsword"), "{:#?}", texts(&v));
    let v = run(&fight("attack Rook Orc weapon=none skill=15 dmg=1d defense=none"), "2,2,2,3");
    assert_log(&v, "Rook attacks Orc (skill 15 = 15)");
    let v = run(&fight("attack Rook Orc defense=none"), "5,5,6");
    assert_log(&v, "Rook attacks Orc with broadsword (skill 14 = 14)");
    let err = run_err(&fight("attack Rook Orc broadsword weapon=none"), "");
    assert!(err.contains("names broadsword and weapon=none"), "{err}");
}

// GURPS-ORDER-1, GURPS-ATK-7, GURPS-MAJOR-2: a Rapid Strike's first strike has its knockdown
// roll before the second strike's attack roll, and the second meets the stunned, prone target
// (GURPS-STUN-1 −4, lying −3 on its defense).
#[test]
fn gurps_order_1_rapid_strike_knockdown_between_strikes() {
    // Strike 1 hits on 8 (skill 14 − 6), Parry 10 fails on 15, 2d+1 = 7 cut: (7 − 2) × 1.5 = 7
    // injury, a major wound (over 6): HT 11 fails on 13: stunned and prone. Strike 2 hits on 8;
    // Dodge 8 − 3 − 4 = 1 beats a second Parry (10 − 4 − 3 − 4) and fails on 15; 1 + 1 + 1 = 3
    // cut: (3 − 2) × 1.5 = 1.
    let v = run(&fight("attack Rook Orc rapid"), "3,3,2,5,5,5,3,3,4,4,5,3,3,2,5,5,5,1,1");
    let t = texts(&v);
    let at = |needle: &str| {
        t.iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no '{needle}' in {t:#?}"))
    };
    let (first, knock, second) = (at("(rapid strike 1)"), at("knockdown"), at("(rapid strike 2)"));
    assert!(first < knock && knock < second, "{t:#?}");
    assert_log(&v, "Orc defends: Dodge 1 (lying −3, stunned −4)");
    assert_eq!(hp(&v, "orc"), 12 - 7 - 1);
}

// GURPS-ATK-6: a Rapid Strike on two foes, one strike each, in order; under All-Out Attack
// (Double) the other attack goes to the first foe. Two foes without a Rapid Strike are refused.
#[test]
fn gurps_atk_6_rapid_strike_on_two_foes() {
    let setup = "new gurps\nadd A speed=7\nweapon A sword skill=14 dmg=1d type=cut\nadd B speed=5\n\
                 add C speed=4\nstart\n";
    // (maneuver, dice, the strikes' targets in order)
    let cases: [(&str, &str, &[&str]); 2] = [
        ("", "3,3,2,1,3,3,2,1", &["A attacks B", "A attacks C"]),
        (
            "maneuver A aoa-double\n",
            "3,3,2,1,3,3,2,1,3,3,2,1",
            &[
                "A attacks B",
                "A attacks C",
                "A attacks B with sword (All-Out Attack, second attack)",
            ],
        ),
    ];
    for (maneuver, dice, order) in cases {
        let v = run(&format!("{setup}{maneuver}attack A B,C rapid defense=none"), dice);
        let t = texts(&v);
        let at: Vec<usize> = order
            .iter()
            .map(|n| {
                t.iter().position(|l| l.starts_with(n)).unwrap_or_else(|| panic!("{n}: {t:#?}"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{maneuver}{t:#?}");
        assert_eq!((hp(&v, "b"), hp(&v, "c")), if order.len() == 3 { (8, 9) } else { (9, 9) });
    }
    let err = run_err(&format!("{setup}attack A B,C"), "");
    assert!(err.contains("two with a Rapid Strike"), "{err}");
}

// GURPS-MAN-7, GURPS-ORDER-1: All-Out Attack (Double) is one `attack` making both attacks, the
// other with `second=WEAPON`; a weapon unready after attacking needs a second one.
#[test]
fn gurps_man_7_all_out_attack_double_in_one_command() {
    let setup = "new gurps\nadd A speed=7\nweapon A pike skill=14 dmg=1d type=imp unready_after\n\
                 weapon A knife skill=12 dmg=1d-1 type=imp\nadd B speed=5\nstart\nmaneuver A aoa-double\n";
    let err = run_err(&format!("{setup}attack A B pike"), "");
    assert!(err.contains("name the other with second=WEAPON (GURPS-MAN-7)"), "{err}");
    let v =
        run(&format!("{setup}attack A B pike second=knife defense=none"), "3,3,4,2,3,3,4,5,3,3,3");
    assert_log(&v, "A attacks B with pike (skill 14 = 14)");
    assert_log(&v, "A attacks B with knife (All-Out Attack, second attack) (skill 12 = 12)");
    // Typed faces carry over from the first attack to the second.
    let v = run(&format!("{setup}attack A B pike second=knife defense=none roll=3,3,4,6,6,2"), "2");
    assert_log(
        &v,
        "A attacks B with knife (All-Out Attack, second attack) (skill 12 = 12): rolls 14",
    );
    let err = run_err(&fight("attack Rook Orc second=broadsword"), "");
    assert!(err.contains("second=WEAPON names All-Out Attack (Double)"), "{err}");
    // The strike number is the tracker's own, never typed: `strike=2` is no GURPS field, and
    // is refused by name before any die, as any field the system does not declare.
    let err = run_err(&fight("attack Rook Orc strike=2 defense=none"), "");
    assert!(err.contains("unknown attack option 'strike'"), "{err}");
    assert!(run_err(&fight("attack Rook Orc @strike=2"), "").contains("@strike"));
}

// GURPS-ATK-2 [B552]: a shield arm or hand is −4 / −8 instead of −2 / −4, and only on a foe
// with a shield; the wound is an arm's or a hand's.
#[test]
fn gurps_atk_2_shield_arm_and_hand() {
    let setup = "new gurps\nadd A speed=7\nadd B speed=5\nweapon B buckler skill=12 shield db=1\n\
                 add C speed=4\nstart\n";
    for (loc, want) in [
        ("arm", "(skill 14, arm −2 = 12)"),
        ("shield-arm", "(skill 14, shield arm −4 = 10)"),
        ("shield_hand", "(skill 14, shield hand −8 = 6)"),
    ] {
        let v = run(&format!("{setup}attack A B skill=14 loc={loc} defense=none"), "6,6,6,1,1,1");
        assert_log(&v, want);
    }
    let v = run(
        &format!("{setup}attack A B skill=14 dmg=1d type=cut loc=shield-arm defense=none"),
        "2,2,2,2",
    );
    assert_log(&v, "B takes 2 cut: 2 cut at the arm − DR 0 = 2 × 1.5 = 3 injury");
    let err = run_err(&format!("{setup}attack A C skill=14 loc=shield-arm"), "");
    assert!(err.contains("C carries no shield; aim at its arm (GURPS-ATK-2)"), "{err}");
}

// GURPS-DEF-3, GURPS-DEF-4: an attack at the back side (past weapon or shield) costs Parry and
// Block 2; Dodge is untouched.
#[test]
fn gurps_def_3_and_4_back_side() {
    let setup = "new gurps\nadd A speed=7\nadd B speed=5 dodge=5\nweapon B sword skill=14\n\
                 weapon B shield skill=14 shield\nstart\n";
    for (kind, want) in [
        ("parry", "B defends: Parry (sword) 8 (back side −2)"),
        ("block", "B defends: Block (shield) 8 (back side −2)"),
        ("dodge", "B defends: Dodge 5,"),
    ] {
        let v = run(&format!("{setup}attack A B skill=14 backside defense={kind}"), "3,3,4,1,1,3");
        assert_log(&v, want);
    }
}

// GURPS-ATK-1: a melee attack's distance (`range=`) must be within its weapon's Reach; `force`
// overrides; a weapon with no Reach given is not checked.
#[test]
fn gurps_atk_1_reach_covers_the_distance() {
    let setup = "new gurps\nadd A speed=7\nweapon A spear skill=14 dmg=1d type=imp reach=1-2*\n\
                 weapon A knife skill=14 dmg=1d type=imp reach=C,1\nweapon A club skill=14\n\
                 add B speed=5\nstart\n";
    // (weapon, yards, refused?)
    let cases = [
        ("spear", 1, false),
        ("spear", 2, false),
        ("spear", 0, true),
        ("spear", 3, true),
        ("knife", 0, false),
        ("knife", 2, true),
        ("club", 9, false),
    ];
    for (weapon, yards, refused) in cases {
        let body = format!("{setup}attack A B {weapon} range={yards} defense=none");
        if refused {
            let err = run_err(&body, "3,3,4,1");
            assert!(
                err.contains("Reach") && err.contains("(GURPS-ATK-1)"),
                "{weapon} {yards}: {err}"
            );
        } else {
            run(&body, "3,3,4,1");
        }
    }
    let err = run_err(&format!("{setup}attack A B spear range=3"), "");
    assert!(
        err.contains("B at 3 yards is out of spear's Reach 1-2* (1 to 2 yards); add force"),
        "{err}"
    );
    run(&format!("{setup}attack A B spear range=3 force defense=none"), "3,3,4,1");
}

// GURPS-LOC-3: a crippled arm or hand drops what it holds: the weapon arm (an arm aimed at, or
// the right) its weapons, the shield arm (`loc=shield-arm`, or the left) its shield and off-hand
// weapons; each is unready until a Ready.
#[test]
fn gurps_loc_3_crippled_arm_drops_what_it_holds() {
    // A kick is no hand's to drop.
    let setup = "new gurps\nadd A speed=7\nadd B speed=5\nweapon B sword skill=12\n\
                 weapon B buckler skill=12 shield\nweapon B knife skill=12 offhand\n\
                 weapon B kick skill=10 natural\nstart\n";
    // (loc, location dice, weapons dropped); 1d+3 cut on 3: 9 injury capped at 6 of HP 10, the
    // arm crippled (a major wound: knockdown HT 10 holds on 9).
    let cases: [(&str, &str, &[&str]); 4] = [
        ("arm", "", &["sword"]),
        ("shield-arm", "", &["buckler", "knife"]),
        ("random", "3,4,5", &["buckler", "knife"]),
        ("random", "2,3,3", &["sword"]),
    ];
    for (loc, locroll, dropped) in cases {
        let dice = format!("{locroll}{}3,3,4,3,3,3,3", if locroll.is_empty() { "" } else { "," });
        let v = run(
            &format!("{setup}attack A B skill=14 dmg=1d+3 type=cut loc={loc} defense=none"),
            &dice,
        );
        assert_log(&v, "arm crippled");
        for weapon in ["sword", "buckler", "knife", "kick"] {
            let line = format!("B's {weapon} is not ready");
            assert_eq!(has_log(&v, &line), dropped.contains(&weapon), "{loc} {locroll}: {weapon}");
        }
    }
    // The dropped sword is refused until readied, and no longer parries.
    let body = format!("{setup}attack A B skill=14 dmg=1d+3 type=cut loc=arm defense=none\nnext");
    let err = run_err(&format!("{body}\nattack B A sword"), "3,3,4,3,3,3,3");
    assert!(err.contains("B's sword is not ready"), "{err}");
    let err =
        run_err(&format!("{body}\nnext\nattack A B defense=parry:sword"), "3,3,4,3,3,3,3,3,3,4");
    assert!(err.contains("defense=parry:sword is not open"), "{err}");
}

// GURPS-MAN-10, GURPS-CRIT-1: a weapon turned in the hand (8) is unready until Ready.
#[test]
fn gurps_man_10_ready_after_a_critical_miss() {
    let v = run(&fight("attack Rook Orc\nnext\nnext\nmaneuver Rook ready"), "6,6,6,2,3,3");
    assert_log(&v, "Rook: critical miss, broadsword turns in its hand: unready");
    assert_log(&v, "Rook readies its broadsword");
    let err = run_err(&fight("attack Rook Orc\nnext\nnext\nattack Rook Orc"), "6,6,6,2,3,3");
    assert!(err.contains("is not ready"), "{err}");
}

// GURPS-MAN-11: Wait, then act out of turn as the maneuver named.
#[test]
fn gurps_man_11_wait_then_attack() {
    let v = run(
        &fight("maneuver Rook wait then=aoa-determined\nnext\nattack Rook Orc defense=none"),
        "3,3,3,1,1",
    );
    assert_log(&v, "All-Out Attack +4 = 18");
    assert_eq!(who(&v, "rook")["defenses"]["dodge"], Value::Null, "AOA: no defense till its turn");
}

// GURPS-POST-1, GURPS-POST-2: postures change attacks, defenses and shots at it; lying down
// takes two changes to stand.
#[test]
fn gurps_post_2_postures() {
    let v = run(&fight("posture Rook kneeling"), "");
    assert_eq!(who(&v, "rook")["posture"], "kneeling");
    assert_eq!(who(&v, "rook")["defenses"]["dodge"], 8);
    assert_log(&v, "Rook is now kneeling (Move ×1/3)");
    let v =
        run(&fight("posture Rook crawling\nnext\nnext\nattack Rook Orc defense=none"), "3,3,3,1,1");
    assert_log(&v, "(skill 14, crawling −4 = 10)");
    let v = run(&fight("posture Orc lying\nattack Rook Orc ranged defense=none"), "3,3,3,1,1");
    assert_log(&v, "target lying −2");
    let err = run_err(&fight("posture Rook lying\nnext\nnext\nposture Rook standing"), "");
    assert!(err.contains("rises in two changes"), "{err}");
    // One posture at a time: a posture typed as a condition ends the one before.
    let v = run(&fight("cond Rook kneeling\ncond Rook prone"), "");
    assert_eq!(conditions(&v, "rook"), ["prone"]);
    assert_eq!(who(&v, "rook")["posture"], "lying");
    let v = run(&fight("cond Rook crouching\ncond Rook stunned"), "");
    assert_eq!(conditions(&v, "rook"), ["crouching", "stunned"], "other conditions stay");
}

// GURPS-ATK-1: a stunned attacker may not attack; effective skill below 3 is refused.
#[test]
fn gurps_atk_1_checks_before_the_dice() {
    let err = run_err(&fight("cond Rook stunned\nattack Rook Orc"), "");
    assert!(err.contains("Rook is stunned: Do Nothing only (GURPS-STUN-1)"), "{err}");
    let err = run_err(&fight("attack Rook Orc loc=eye type=imp mod=-3"), "");
    assert!(err.contains("effective skill 2 is below 3"), "{err}");
}

// GURPS-ATK-2: every modifier named in the log (off hand, mod, location).
#[test]
fn gurps_atk_2_modifiers_named() {
    let v = run(&fight("attack Rook Orc offhand mod=2 loc=arm defense=none"), "3,3,3,1,1");
    assert_log(&v, "(skill 14, arm −2, off hand −4, mod +2 = 10)");
}

// GURPS-ATK-3, GURPS-DEF-1: a critical hit allows no defense and rolls on the table: 5 doubles
// the damage.
#[test]
fn gurps_atk_3_critical_hit_table() {
    let v = run(&fight("attack Rook Orc"), "1,1,1,1,2,2,3,3,1,1,2");
    assert_log(&v, "Rook's critical hit on Orc: damage ×2 (no defense)");
    assert!(!has_log(&v, "Orc defends"));
    assert_log(&v, "Orc takes 14 cut");
    // 4: DR halved (rounded down): DR 2 → 1.
    let v = run(&fight("attack Rook Orc"), "1,1,1,1,1,2,3,3,1,1,2");
    assert_log(&v, "7 cut − DR 1 = 6");
    let tables_cases = [
        (3, tables::CritHit::Times(3)),
        (6, tables::CritHit::Maximum),
        (7, tables::CritHit::Major),
        (10, tables::CritHit::Normal),
        (12, tables::CritHit::Drop),
        (17, tables::CritHit::HalfDr(false)),
    ];
    for (total, want) in tables_cases {
        assert_eq!(tables::critical_hit(total), want, "{total}");
    }
}

// GURPS-CRIT-2: the head blow table, when switched on.
#[test]
fn gurps_crit_2_head_blows() {
    let body = "set gurps_head_blow_table on\nattack Rook Orc loc=skull";
    // Critical on 3, head blow 3: maximum damage (2d+1 → 13), DR ignored: 13 × 4 = 52; the
    // knockdown fails critically, the first death check by 3 or more.
    let v = run(&fight(body), "1,1,1,1,1,1,6,6,6,6,6,6");
    assert_log(&v, "maximum damage, DR ignored");
    assert_log(&v, "Orc takes 13 cut");
    assert!(conditions(&v, "orc").contains(&"dead".to_string()), "52 injury on 12 HP");
    assert_eq!(tables::head_blow(8), tables::CritHit::Daze);
}

// GURPS-CRIT-1, GURPS-CRIT-3: the critical miss table; a sturdy weapon rolls again on a break.
#[test]
fn gurps_crit_1_critical_miss_table() {
    let cases = [
        (3, tables::CritMiss::Breaks),
        (5, tables::CritMiss::HitsSelf(true)),
        (7, tables::CritMiss::LostBalance),
        (8, tables::CritMiss::Unready),
        (10, tables::CritMiss::Dropped),
        (14, tables::CritMiss::Flies),
        (15, tables::CritMiss::Strained),
        (16, tables::CritMiss::Falls),
    ];
    for (total, want) in cases {
        assert_eq!(tables::critical_miss(total), want, "{total}");
    }
    let v = run(&fight("attack Rook Orc"), "6,6,6,3,2,2");
    assert!(conditions(&v, "rook").contains(&"lost_balance".to_string()));
    let v = run(
        "new gurps\nadd A speed=7\nweapon A mace skill=12 sturdy\nadd B\nstart\nattack A B",
        "6,6,6,1,1,1,3,3,4",
    );
    assert_log(&v, "A: critical miss, drops mace (sturdy)");
}

// GURPS-DEF-4: Block once a turn, never against firearms.
#[test]
fn gurps_def_4_block() {
    let setup = "new gurps\nadd A speed=7\nadd B speed=5 dodge=5\nweapon B shield skill=12 shield db=1\nstart\nmaneuver A aoa-double\n";
    let v = run(&format!("{setup}attack A B skill=14"), "3,3,4,3,3,4,3,3,4,3,3,4,1");
    assert_log(&v, "B defends: Block (shield) 10 (DB +1)");
    assert_log(&v, "B defends: Dodge 6 (DB +1)");
    let v = run(&format!("{setup}attack A B skill=14 firearm"), "3,3,4,3,3,4,1,3,3,4,3,3,4,1");
    assert!(!has_log(&v, "Block"), "no Block against a firearm");
}

// GURPS-DEF-5, GURPS-DEF-9: Retreat once a turn, its bonus holding against that attacker; none
// while kneeling; Dodge and Drop against ranged attacks leaves it prone.
#[test]
fn gurps_def_5_retreat_and_drop() {
    let v = run(
        &fight("maneuver Rook aoa-double\nattack Rook Orc retreat defense=dodge"),
        "3,3,4,4,4,4,2,2,3,3,4,4,4,4,2,2",
    );
    assert!(
        texts(&v).iter().filter(|t| t.contains("Orc defends: Dodge 11 (retreat +3)")).count() == 2,
        "{:#?}",
        texts(&v)
    );
    let err = run_err(&fight("posture Orc kneeling\nattack Rook Orc retreat"), "3,3,4");
    assert!(err.contains("no retreat while stunned, sitting or kneeling (GURPS-DEF-9)"), "{err}");
    let v = run(&fight("attack Rook Orc ranged drop"), "3,3,4,3,3,3");
    assert_log(&v, "Orc defends: Dodge 11 (drop +3)");
    assert!(conditions(&v, "orc").contains(&"prone".to_string()));
}

// GURPS-DEF-6: a critical defense against melee sends the attacker to the critical miss
// table; a critically failed Dodge leaves the defender prone.
#[test]
fn gurps_def_6_critical_defenses() {
    let v = run(&fight("attack Rook Orc"), "3,3,4,1,1,1,3,3,4");
    assert_log(&v, "Rook: critical miss, drops broadsword");
    let v = run(&fight("attack Rook Orc defense=dodge"), "3,3,4,6,6,6,1,1");
    assert!(conditions(&v, "orc").contains(&"prone".to_string()));
}

// GURPS-DEF-7, GURPS-STUN-1: a stunned defender is −4; shock never touches defenses.
#[test]
fn gurps_def_7_stunned_defends_at_minus_4() {
    let v = run(&fight("cond Orc stunned\ndamage Orc 4 cr"), "");
    assert_eq!(who(&v, "orc")["defenses"]["parry"], 6);
    assert_eq!(who(&v, "orc")["defenses"]["dodge"], 4);
}

// GURPS-DEF-8: the best defense unless named; ties go Dodge, Parry, Block; a named one that
// is not open is refused.
#[test]
fn gurps_def_8_choice_of_defense() {
    let v = run(&fight("attack Rook Orc"), "3,3,4,1,2,2");
    assert_log(&v, "Orc defends: Parry (axe) 10");
    let v = run(&fight("attack Rook Orc defense=dodge"), "3,3,4,1,2,2");
    assert_log(&v, "Orc defends: Dodge 8");
    let v =
        run("new gurps\nadd A speed=7\nadd B speed=5 parry=8\nstart\nattack A B", "3,3,4,1,2,2");
    assert_log(&v, "B defends: Dodge 8");
    let err = run_err(&fight("attack Rook Orc defense=block"), "3,3,4");
    assert!(err.contains("defense=block is not open to it now"), "{err}");
}

// GURPS-DEF-10: an acrobatic dodge rolls Acrobatics first: +2 on a success.
#[test]
fn gurps_def_10_acrobatic_dodge() {
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5 acrobatics=12\nstart\nattack A B skill=14 acrobatic",
        "3,3,4,3,3,4,3,3,4",
    );
    assert_log(&v, "B: Acrobatics rolls 10 vs 12");
    assert_log(&v, "B defends: Dodge 10 (acrobatic +2)");
}

// GURPS-DEF-11: an ally dodges into the attack and takes it.
#[test]
fn gurps_def_11_sacrificial_dodge() {
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5\nadd C speed=6 hp=20\nstart\nattack A B,C sacrifice=C skill=14",
        "3,3,4,3,3,3,6",
    );
    assert_log(&v, "C dodges into the attack on B");
    assert_eq!(hp(&v, "c"), 16);
    assert_eq!(hp(&v, "b"), 10);
}

// GURPS-MAJOR-1, GURPS-MAJOR-2, GURPS-MAJOR-3: a major wound's knockdown roll; failure stuns
// and drops it; by 5 or more it is out; the skull is −10.
#[test]
fn gurps_major_knockdown() {
    let v = run("new gurps\nadd B hp=10 ht=11\ndamage B 6 cr", "4,4,4");
    assert_log(
        &v,
        "B: knockdown, HT 11: rolls 12 vs 11: failure by 1; is stunned and knocked down",
    );
    assert!(conditions(&v, "b").contains(&"stunned".to_string()));
    assert!(conditions(&v, "b").contains(&"prone".to_string()));
    let v = run("new gurps\nadd B hp=10 ht=11\ndamage B 6 cr", "6,5,5");
    assert!(conditions(&v, "b").contains(&"unconscious".to_string()));
    let v = run(&fight("attack Rook Orc loc=skull type=cr defense=none"), "1,2,2,3,3,3,3,3");
    assert_log(&v, "Orc: knockdown, HT 11−10");
    let v = run("new gurps\nadd B hp=10 ht=11 hpt\ndamage B 6 cr", "4,4,4");
    assert_log(&v, "HT 11+3: rolls 12 vs 14");
}

// GURPS-STUN-2, GURPS-ORDER-2: at the end of each turn spent stunned, an HT roll.
#[test]
fn gurps_stun_2_recovery_at_the_end_of_its_turn() {
    let v = run(&fight("cond Rook stunned\nnext"), "3,3,4");
    assert_log(&v, "Rook rolls HT 12 to shake off Stunned: rolls 10 vs 12: success by 2; recovers");
    assert!(!conditions(&v, "rook").contains(&"stunned".to_string()));
    let v = run(&fight("cond Orc stunned\nnext\nnext"), "6,6,5");
    assert!(conditions(&v, "orc").contains(&"stunned".to_string()));
    assert_eq!(who(&v, "orc")["maneuver"], "do-nothing", "GURPS-STUN-1: stunned, it Does Nothing");
}

// GURPS-LOC-1: DR by location from `add` (`dr.skull=4` and the skull's own 2), and the bestiary
// foes come armed (issue 10 item 9).
#[test]
fn gurps_loc_1_dr_by_location_from_add() {
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5 dr=1 dr.skull=4 hp=30\nstart\nattack A B skill=18 dmg=1d+9 type=cr loc=skull defense=none",
        "2,2,2,1,1,1,1",
    );
    assert_log(&v, "10 cr at the skull − DR 6 = 4 × 4 = 16");
    let v = run("new gurps\nadd Bandit\nadd \"Orc Brute\"\nadd Troll", "");
    assert_eq!(who(&v, "bandit")["defenses"]["block"], 10, "buckler: Block 9 + DB 1");
    assert_eq!(who(&v, "orc-brute")["defenses"]["parry"], 10);
    assert_eq!(who(&v, "troll")["weapons"][0]["name"], "claws");
}

// GURPS-ROLL-2: the odds tables, built at compile time, agree with the roll's own judgement
// for every skill and total.
#[test]
fn gurps_roll_2_odds_tables_agree_with_the_rolls() {
    let ways = [1u128, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    for skill in -12..=32 {
        let count = |want: fn(roll::Verdict) -> bool| -> u128 {
            (3i64..=18)
                .zip(ways)
                .filter(|(t, _)| want(roll::judge(skill, *t)))
                .map(|(_, w)| w)
                .sum()
        };
        let frac = |n: u128| skirmish::rules::odds::Fraction::new(n, 216);
        assert_eq!(odds::success(skill), frac(count(roll::Verdict::success)), "skill {skill}");
        assert_eq!(
            odds::critical(skill),
            frac(count(|v| v == roll::Verdict::CriticalSuccess)),
            "{skill}"
        );
        assert_eq!(
            odds::fumble(skill),
            frac(count(|v| v == roll::Verdict::CriticalFailure)),
            "{skill}"
        );
    }
}

// GURPS-ORDER-1 from the TUI (issue 10 item 7, issue 24): the attack dialog walks weapon, target
// and location, shows the odds, then asks each roll and the defense as the rules reach them, and
// gives worked example 18.
#[test]
fn gurps_order_1_from_the_attack_dialog() {
    let ran = crate::harness::exec(&fight(""), "", None);
    let session = crate::harness::succeeded(ran.result, SETUP, "");
    let mut a = crate::tui::app(session);
    crate::tui::drive(&mut a, "a<Enter><Enter><Enter>neck<Enter><Enter><Enter>");
    let preview = match &a.mode {
        skirmish::app::Mode::Dialog(d) => d.preview.clone().unwrap_or_default(),
        _ => String::new(),
    };
    assert!(
        preview.contains("skill 9: hit 37.5%") && preview.contains("parry 10 50.0%"),
        "{preview}"
    );
    let left = crate::tui::answer(&mut a, &[3, 3, 3, 6, 5, 4, 4, 4, 2, 3, 4]);
    assert!(left.is_empty(), "{left:?}");
    let log: Vec<String> = a.session.log().iter().map(|l| l.text.clone()).collect();
    assert!(
        log.iter().any(|t| t.contains("9 cut at the neck − DR 2 = 7 × 2 = 14 injury")),
        "{log:#?}"
    );
    assert_eq!(a.session.encounter().get("orc").expect("orc").health.current, -2);
}

// GURPS-DEF-8 (issue 10 item 7, issue 24): once the attack roll hits, the defender's decision
// lists each defense open to the target against this attack with its value and the exact odds it
// succeeds (and retreating), the best first; picking one writes it into the command.
#[test]
fn gurps_def_8_dialog_shows_each_defense_and_its_odds() {
    let setup = "new gurps\nadd Rook side=pc speed=7\nweapon Rook broadsword skill=14 dmg=2d+1 type=cut\n\
                 add Orc speed=5 dodge=8\nweapon Orc axe skill=14 dmg=sw type=cut\n\
                 weapon Orc \"short sword\" skill=12\nweapon Orc shield skill=12 shield db=1\n";
    let ran = crate::harness::exec(&format!("{setup}start\n"), "", None);
    let session = crate::harness::succeeded(ran.result, setup, "");
    let mut a = crate::tui::app(session);
    // The own steps, then the maneuver (none taken this turn: Attack), then the attack roll.
    crate::tui::drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4<Enter>");
    let options = match &a.mode {
        skirmish::app::Mode::Dialog(d) => match d.step() {
            Some(skirmish::app::dialog::Step::Pick { options, .. }) => options.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    // (label, field): Dodge 8 + DB 1; Parry 14/2 + 3 + 1 = 11, 12/2 + 3 + 1 = 10; Block 9 + 1;
    // the best names the defense it is; each retreat on its own row; Dodge and Drop refused
    // against a melee attack, with why.
    let want = [
        ("best: Parry (axe) 11: 62.5%", "defense=parry:axe"),
        ("Dodge 9: 37.5%", "defense=dodge"),
        ("Parry (axe) 11: 62.5%", "defense=parry:axe"),
        ("Parry (short sword) 10: 50.0%", "defense=parry:\"short sword\""),
        ("Block (shield) 10: 50.0%", "defense=block"),
        ("Dodge retreating 12: 74.1%", "defense=dodge retreat"),
        ("Parry (axe) retreating 12: 74.1%", "defense=parry:axe retreat"),
        ("Parry (short sword) retreating 11: 62.5%", "defense=parry:\"short sword\" retreat"),
        ("Block (shield) retreating 11: 62.5%", "defense=block retreat"),
        (
            "Dodge and Drop — not now: against ranged attacks only (GURPS-DEF-2)",
            "defense=dodge drop",
        ),
        ("none (takes the hit)", "defense=none"),
    ];
    let got: Vec<(&str, &str)> = options.iter().map(|(l, v)| (l.as_str(), v.as_str())).collect();
    assert_eq!(got, want);
    insta::assert_snapshot!("gurps_dialog_defense_80x24", crate::tui::screen(&a, 80, 24));
    // The short sword's parry, picked, goes into the attack as written.
    let pick = "<Down>".repeat(
        got.iter().position(|(_, v)| *v == "defense=parry:\"short sword\"").expect("offered"),
    );
    crate::tui::drive(&mut a, &format!("{pick}<Enter>3 3 3<Enter>"));
    crate::tui::answer(&mut a, &[]);
    let log: Vec<String> = a.session.log().iter().map(|l| l.text.clone()).collect();
    assert!(log.iter().any(|t| t.contains("Orc defends: Parry (short sword) 10")), "{log:#?}");
}

// GURPS-ORDER-1 step 5: an attack roll that succeeds but is defended is a hit roll that did not
// land: the statistics count it as defended, neither a hit nor a miss (issue 22); one that lands
// (or a critical hit) is a hit, a failed roll a miss.
#[test]
fn gurps_order_1_a_defended_attack_is_not_a_hit() {
    // (attack and defense faces, hits, defended, misses): Parry 10 on 9 stops it; on 15 it fails
    // and 2d+1 lands; an attack roll of 15 misses.
    for (faces, hits, defended, misses) in
        [("3,3,4,3,3,3", 0, 1, 0), ("3,3,4,5,5,5,1,1", 1, 0, 0), ("5,5,5", 0, 0, 1)]
    {
        let script = fight("attack Rook Orc");
        let ran = crate::harness::exec(&script, faces, None);
        let session = crate::harness::succeeded(ran.result, &script, faces);
        let stats = skirmish::export::statistics(&session);
        let rook = stats.get("rook").expect("Rook's statistics");
        assert_eq!(
            (rook.attacks, rook.hits, rook.defended, rook.misses),
            (1, hits, defended, misses),
            "faces {faces}"
        );
    }
}

// GURPS-HP-2 with `on_action`: the HT roll comes when it picks a maneuver other than Do
// Nothing, or before its first defense since its last turn; `do` asks for `maneuver` then.
#[test]
fn gurps_hp_2_on_action() {
    let base = "new gurps\nset gurps_zero_hp_check on_action\n";
    let v = run(
        &format!(
            "{base}add A speed=7 hp=10 ht=11\nadd B speed=5\ndamage A 12 raw\nstart\nmaneuver A attack"
        ),
        "3,3,4",
    );
    assert_log(&v, "A at -2 HP rolls HT 11 to act: rolls 10 vs 11: success by 1; stays up");
    assert_eq!(who(&v, "a")["maneuver"], "attack");
    let err =
        run_err(&format!("{base}add A speed=7 hp=10\ndamage A 12 raw\nstart\ndo A attack"), "");
    assert!(err.contains("at 0 HP it rolls HT first"), "{err}");
    let v = run(
        &format!(
            "{base}add A speed=5 hp=10 ht=11\nadd B speed=7\ndamage A 12 raw\nstart\nattack B A skill=14"
        ),
        "3,3,4,5,5,6,3",
    );
    assert_log(
        &v,
        "A at -2 HP rolls HT 11 to act: rolls 16 vs 11: failure by 5; falls unconscious",
    );
    assert!(!has_log(&v, "A defends"));
    assert!(conditions(&v, "a").contains(&"unconscious".to_string()));
}

// GURPS-FP-1 with `set gurps_fp_collapse roll`: at 0 FP, a maneuver takes a Will roll first.
#[test]
fn gurps_fp_1_will_roll_at_zero_fp() {
    let base = "new gurps\nset gurps_fp_collapse roll\nadd A speed=7 fp=5 iq=11\nadd B speed=5\ndamage A 5 fat\nstart\n";
    let v = run(&format!("{base}maneuver A attack"), "5,5,6");
    assert_log(&v, "A at 0 FP rolls Will 11 to act: rolls 16 vs 11: failure by 5; collapses");
    assert!(conditions(&v, "a").contains(&"unconscious".to_string()));
    let v = run(&format!("{base}maneuver A do-nothing"), "");
    assert!(!has_log(&v, "rolls Will"));
}

// GURPS-LOC-2 by hand: `damage NAME AMOUNT TYPE:LOCATION` goes through the same model
// (worked example 1 at HP 12: 14 injury and the knockdown roll of a major wound).
#[test]
fn gurps_loc_2_damage_by_hand_with_a_location() {
    let v = run("new gurps\nadd Orc hp=12 ht=11 dr=2\ndamage Orc 9 cut:neck", "3,3,3");
    assert_log(&v, "9 cut at the neck − DR 2 = 7 × 2 = 14 injury, major wound");
    assert_eq!(hp(&v, "orc"), -2);
    let err = run_err("new gurps\nadd Orc\ndamage Orc 9 cut:vitals", "");
    assert!(err.contains("cut damage cannot target the vitals"), "{err}");
}

// GURPS-HP-1: Reeling comes below a third of HP and goes as its turn begins once healed.
#[test]
fn gurps_hp_1_reeling_comes_and_goes() {
    let v =
        run("new gurps\nadd A speed=7 hp=12\nadd B speed=5\ndamage A 9 raw\nheal A 6\nstart", "");
    assert!(!conditions(&v, "a").contains(&"reeling".to_string()), "{:?}", conditions(&v, "a"));
    let v = run("new gurps\nadd A speed=7 hp=12\ndamage A 9 cr", "1,1,1");
    assert!(conditions(&v, "a").contains(&"reeling".to_string()));
    assert_eq!(who(&v, "a")["reeling"], true);
}
