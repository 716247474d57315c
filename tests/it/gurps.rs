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

use crate::harness::{assets, run, run_err};
use skirmish::rules::gurps::{attack, defense, injury, odds, roll, tables};
use skirmish::rules::state::SystemState;
use skirmish::rules::stats::Stats;
use skirmish::rules::system::{DamageRequest, Health, Options, Ruleset};

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

fn who<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["combatants"]
        .as_array()
        .expect("combatants")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}"))
}

fn texts(v: &Value) -> Vec<String> {
    v["log"]
        .as_array()
        .expect("log")
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn has_log(v: &Value, needle: &str) -> bool {
    texts(v).iter().any(|t| t.contains(needle))
}

fn assert_log(v: &Value, needle: &str) {
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
        s.set(gurps.fields(), k, v).expect("field");
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
    let cases: &[(&str, Option<&str>, i64, &str, i64, i64)] = &[
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
fn gurps_dmg_4_fatigue_comes_off_fp() {
    let v = run("new gurps\nadd B fp=9 dr=1\ndamage B 5 fat", "");
    assert_eq!(who(&v, "b")["fp"]["current"], 5);
    assert_eq!(who(&v, "b")["fp"]["max"], 9);
    assert_eq!(hp(&v, "b"), 10, "fatigue is not HP");
    let v = run("new gurps\nadd B fp=9\ndamage B 7 fat", "");
    assert!(conditions(&v, "b").contains(&"very-tired".to_string()));
    let v = run("new gurps\nadd B fp=3\ndamage B 5 fat", "");
    assert_eq!(who(&v, "b")["fp"]["current"], -2);
    assert_eq!(hp(&v, "b"), 8, "2 FP below 0 cost 2 HP");
}

// GURPS-SHOCK-1, worked examples 5 and 6; GURPS-SHOCK-2: Pain Threshold.
#[test]
fn gurps_shock_1_and_2_shock_amounts() {
    let s = |stats: &str| {
        let mut st = Stats::default();
        for pair in stats.split_whitespace() {
            st.set(skirmish::rules::System::GURPS.rules().fields(), pair, None).expect("flag");
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
