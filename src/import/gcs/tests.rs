//! GCS import against hand-written fixtures (tests/fixtures/import/gcs): the exact sheet, each
//! odd value the issue lists, the bad files, and every sheet passing the GURPS field tables.

use super::{looks_like, read};
use crate::encounter::assets::{Creature, CreatureEntry};
use crate::import::{ImportError, Sheet, SheetWeapon};
use crate::rules::System;
use crate::rules::conditions::Catalogue;

const FIGHTER: &str = include_str!("../../../tests/fixtures/import/gcs/fighter.gcs");
const GUNNER: &str = include_str!("../../../tests/fixtures/import/gcs/gunner.gcs");
const MULE: &str = include_str!("../../../tests/fixtures/import/gcs/mule.gcs");

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn weapon(name: &str, list: &[(&str, &str)]) -> SheetWeapon {
    SheetWeapon { name: name.into(), fields: pairs(list) }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn words(fields: &[(String, String)]) -> String {
    let each = fields.iter().map(|(k, v)| format!("{k}={}", quoted(v)));
    each.collect::<Vec<_>>().join(" ")
}

/// The sheet as a bestiary entry, checked as the tracker checks one: every field and weapon
/// field must be one GURPS takes.
fn passes_tables(sheet: &Sheet) -> Creature {
    let entry = CreatureEntry {
        name: sheet.name.clone(),
        side: "pc".into(),
        stats: words(&sheet.fields),
        note: sheet.note.clone(),
        weapons: sheet
            .weapons
            .iter()
            .map(|w| format!("{} {}", quoted(&w.name), words(&w.fields)))
            .collect(),
    };
    let catalogue = Catalogue { system: "gurps".into(), conditions: Vec::new() };
    Creature::check(System::GURPS, &entry, &catalogue)
        .unwrap_or_else(|e| panic!("{}: {e}", sheet.name))
}

fn fighter() -> Sheet {
    read(FIGHTER, "fighter.gcs", None).unwrap()
}

fn odd_has(sheet: &Sheet, text: &str) -> bool {
    sheet.report.odd.iter().any(|line| line.contains(text))
}

#[test]
fn a_fighter_is_read_from_the_values_gcs_computed() {
    let sheet = fighter();
    assert_eq!(sheet.name, "Brana Holt");
    assert_eq!(sheet.system, Some(System::GURPS));
    assert_eq!(sheet.taken, 4);
    assert_eq!(
        sheet.fields,
        pairs(&[
            ("st", "12"),
            ("dx", "13"),
            ("iq", "10"),
            ("ht", "12"),
            ("will", "11"),
            ("per", "10"),
            ("hp", "13"),
            ("fp", "12"),
            ("fp_lost", "2"),
            ("speed", "6.25"),
            ("move", "4"),
            ("dodge", "11"),
            ("dr.skull", "3"),
            ("dr.leg", "2"),
            ("dr.arm", "2"),
            ("dr.torso", "3"),
            ("dr.groin", "3"),
            ("dr.foot", "1"),
            ("combat_reflexes", "on"),
            ("hpt", "on"),
            ("htk", "2"),
            ("extra_attacks", "1"),
            ("enhanced_parry", "1"),
            ("block", "13"),
        ])
    );
    passes_tables(&sheet);
}

#[test]
fn each_usage_is_its_own_weapon_with_gcs_parry_as_the_modifier() {
    let sheet = fighter();
    assert_eq!(
        sheet.weapons,
        vec![
            weapon(
                "Broadsword (swing)",
                &[
                    ("skill", "15"),
                    ("dmg", "2d+1"),
                    ("type", "cut"),
                    ("reach", "1"),
                    ("parry", "+4"),
                    ("st", "10"),
                ]
            ),
            weapon(
                "Broadsword (thrust)",
                &[
                    ("skill", "15"),
                    ("dmg", "1d"),
                    ("type", "imp"),
                    ("reach", "1"),
                    ("parry", "+4"),
                    ("st", "10"),
                ]
            ),
            weapon(
                "Medium Shield (shield bash)",
                &[
                    ("skill", "14"),
                    ("dmg", "1d-1"),
                    ("type", "cr"),
                    ("reach", "1"),
                    ("parry", "No"),
                    ("block", "+3"),
                    ("shield", "on"),
                ]
            ),
            weapon(
                "Spear (thrust)",
                &[
                    ("skill", "13"),
                    ("dmg", "1d+1"),
                    ("type", "imp"),
                    ("reach", "1*"),
                    ("parry", "+3"),
                    ("st", "9"),
                ]
            ),
            weapon(
                "Spear (thrown)",
                &[
                    ("skill", "12"),
                    ("dmg", "1d+2"),
                    ("type", "imp"),
                    ("ranged", "on"),
                    ("acc", "2"),
                    ("range", "12/18"),
                    ("rof", "1"),
                    ("thrown", "on"),
                    ("shots", "T(1)"),
                    ("bulk", "-6"),
                    ("st", "9"),
                ]
            ),
            weapon(
                "Spiked Maul (swung)",
                &[
                    ("skill", "13"),
                    ("dmg", "3d-1(2)"),
                    ("type", "cr"),
                    ("reach", "C,1"),
                    ("parry", "+3U"),
                    ("st", "13"),
                ]
            ),
            weapon(
                "Weighted Net (thrown)",
                &[
                    ("skill", "11"),
                    ("ranged", "on"),
                    ("acc", "1"),
                    ("range", "6"),
                    ("rof", "1"),
                    ("thrown", "on"),
                    ("shots", "T(1)"),
                    ("bulk", "-4"),
                ]
            ),
        ]
    );
}

#[test]
fn skirmish_shows_the_parry_block_and_dodge_gcs_shows() {
    let creature = passes_tables(&fighter());
    let parry = |name: &str| {
        let w = creature.weapons.iter().find(|w| w.name == name).unwrap();
        let (modifier, _, _) = crate::rules::gurps::defense::parry_modifier(w).unwrap();
        w.stats.int("skill").unwrap() / 2 + 3 + modifier
    };
    assert_eq!(parry("Broadsword (swing)"), 14);
    assert_eq!(parry("Spear (thrust)"), 12);
    assert_eq!(parry("Spiked Maul (swung)"), 12);
    assert_eq!(creature.stats.int("block"), Some(13));
    assert_eq!(creature.stats.int("dodge"), Some(11));
    // The shield's DB is inside GCS's numbers: no `db` to add it twice.
    assert_eq!(creature.stats.int("db"), None);
}

#[test]
fn the_report_says_what_was_read_skipped_and_odd() {
    let sheet = fighter();
    let report = &sheet.report;
    assert!(report.read.contains(&"ST 12".to_string()));
    assert!(report.read.contains(&"HP lost 4".to_string()));
    assert!(report.read.contains(
        &"Broadsword (swing): skill 15, 2d+1 cut, reach 1, Parry 14 (parry=+4), st 10".to_string()
    ));
    assert!(report.read.contains(
        &"Medium Shield (shield bash): skill 14, 1d-1 cr, reach 1, parry No, Block 13 (block=+3), \
          shield"
            .to_string()
    ));
    assert!(report.read.contains(&"DR (Humanoid): eye 0, skull 5, face 0, leg 2, arm 2, torso 3, groin 3, hand 0, foot 1, neck 0, vitals 3".to_string()));
    for ignored in [
        "disabled trait: Hard to Subdue",
        "trait: Hums while sharpening",
        "trait: Sense of Duty (Her squad)",
        "skill: Broadsword 15",
        "skill: Shield (Shield) 14",
        "hidden weapon: Spiked Maul (practice)",
        "not equipped: Long Knife (its weapons left out)",
        "other equipment (not carried): 1 items",
        "notes: 1",
    ] {
        assert!(report.ignored.contains(&ignored.to_string()), "{ignored}: {:?}", report.ignored);
    }
    assert!(odd_has(
        &sheet,
        "encumbrance Light (level 1, by the carried weight): 39 lb carried against Basic Lift 29 lb"
    ));
    assert!(odd_has(&sheet, "Torso: DR 1 more against burn not kept"));
    assert!(odd_has(&sheet, "Spiked Maul (swung): ST 13‡: the marks ‡ not kept"));
    assert!(odd_has(&sheet, "Weighted Net (thrown): damage \"spec.\" has no dice"));
    assert!(odd_has(&sheet, "Medium Shield (shield bash): blocks and cannot parry"));
    assert!(odd_has(&sheet, "Enhanced Parry (Broadsword)"));
}

#[test]
fn enc_picks_the_encumbrance_level_instead_of_the_weight() {
    let sheet = read(FIGHTER, "fighter.gcs", Some(0)).unwrap();
    let get = |k: &str| sheet.fields.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
    assert_eq!((get("move"), get("dodge")), (Some("6"), Some("12")));
    assert!(odd_has(&sheet, "encumbrance None (level 0, asked for with enc=)"));
    let err = read(FIGHTER, "fighter.gcs", Some(5)).unwrap_err();
    assert!(err.message.contains("enc=5"), "{err}");
}

#[test]
fn ranged_odd_values_rof_shots_recoil_scope_and_fragments() {
    let sheet = read(GUNNER, "gunner.gcs", None).unwrap();
    passes_tables(&sheet);
    let fields = |name: &str| sheet.weapons.iter().find(|w| w.name == name).unwrap().fields.clone();
    assert_eq!(
        fields("Assault Rifle (burst)"),
        pairs(&[
            ("skill", "14"),
            ("dmg", "5d"),
            ("type", "pi"),
            ("ranged", "on"),
            ("acc", "5"),
            ("range", "500/3000"),
            ("rof", "10"),
            ("shots", "30+1(3)"),
            ("bulk", "-4"),
            ("rcl", "2"),
            ("firearm", "on"),
            ("st", "9"),
        ])
    );
    assert_eq!(
        fields("Shotgun"),
        pairs(&[
            ("skill", "13"),
            ("dmg", "1d+1"),
            ("type", "pi"),
            ("ranged", "on"),
            ("acc", "3"),
            ("range", "50/125"),
            ("rof", "3x9"),
            ("shots", "5+1(3i)"),
            ("bulk", "-5"),
            ("rcl", "1"),
            ("firearm", "on"),
            ("st", "10"),
        ])
    );
    // x15/x20 in the file, resolved to yards in the computed block.
    assert_eq!(fields("Hunting Bow")[5], ("range".to_string(), "150/200".to_string()));
    let grenade = fields("Frag Grenade (thrown)");
    assert_eq!(grenade[1..3], pairs(&[("dmg", "4d"), ("type", "cr")]));
    for odd in [
        "Assault Rifle (burst): Accuracy 5+1: 5 kept, +1 not",
        "Frag Grenade (thrown): fragmentation [2d cut] not kept",
        "Frag Grenade (thrown): damage \"ex\" after the type not kept",
        "Assault Rifle (burst): has Recoil, taken as a firearm",
    ] {
        assert!(odd_has(&sheet, odd), "{odd}: {:?}", sheet.report.odd);
    }
}

#[test]
fn natural_attacks_and_an_absent_parry_and_pounds_from_kilograms() {
    let sheet = read(GUNNER, "gunner.gcs", None).unwrap();
    let fields = |name: &str| sheet.weapons.iter().find(|w| w.name == name).unwrap().fields.clone();
    assert_eq!(
        fields("Punch"),
        pairs(&[
            ("skill", "12"),
            ("dmg", "1d-3"),
            ("type", "cr"),
            ("reach", "C"),
            ("parry", "+1"),
            ("natural", "on"),
        ])
    );
    // No parry in the file: GCS writes none for a usage that cannot parry.
    assert!(fields("Kick").contains(&("parry".into(), "No".into())));
    for (key, value) in
        [("lpt", "on"), ("hts", "2"), ("enhanced_dodge", "1"), ("move", "3"), ("dodge", "7")]
    {
        assert!(sheet.fields.contains(&(key.into(), value.into())), "{key}: {:?}", sheet.fields);
    }
    // 21.5 kg is 43 lb, Basic Lift 10 kg is 20 lb: Medium.
    assert!(odd_has(&sheet, "encumbrance Medium (level 2, by the carried weight): 43 lb"));
    assert!(sheet.report.ignored.contains(&"spell: Light 10".to_string()));
    assert!(sheet.report.ignored.contains(&"skill: Guns (Rifle) 14".to_string()));
}

#[test]
fn a_version_4_quadruped_maps_what_fits_and_reports_the_rest() {
    let sheet = read(MULE, "mule.gcs", None).unwrap();
    passes_tables(&sheet);
    assert_eq!(sheet.name, "Old Turnip");
    assert_eq!(sheet.taken, 0);
    for (key, value) in [
        ("sm", "1"),
        ("dr.skull", "1"),
        ("dr.face", "1"),
        ("dr.leg", "1"),
        ("dr.torso", "2"),
        ("htk", "1"),
        ("move", "7"),
        ("dodge", "8"),
    ] {
        assert!(sheet.fields.contains(&(key.into(), value.into())), "{key}: {:?}", sheet.fields);
    }
    // The vitals take the torso's DR by themselves; the eye's 0 differs from the face's 1.
    assert!(!sheet.fields.iter().any(|(k, _)| k == "dr.vitals"));
    assert!(sheet.fields.contains(&("dr.eye".into(), "0".into())));
    assert_eq!(
        sheet.weapons,
        vec![
            weapon(
                "Hooves (trample)",
                &[
                    ("skill", "9"),
                    ("dmg", "2d+1"),
                    ("type", "cr"),
                    ("reach", "C,1"),
                    ("parry", "No"),
                    ("natural", "on"),
                ]
            ),
            weapon(
                "Hooves (bite)",
                &[
                    ("skill", "9"),
                    ("dmg", "1d+1"),
                    ("type", "cr"),
                    ("reach", "C"),
                    ("parry", "No"),
                    ("natural", "on"),
                ]
            ),
        ]
    );
    assert!(odd_has(&sheet, "body Quadruped: no skirmish location for Tail (DR 1)"));
    assert!(odd_has(
        &sheet,
        "body Quadruped has no arm, hand: DR there is skirmish's fallback (plain DR, 0)"
    ));
    assert!(odd_has(&sheet, "leg: GCS gives DR 1 and 2 on different legs; took the lower"));
}

fn refused(text: &str, file: &str) -> ImportError {
    read(text, file, None).unwrap_err()
}

#[test]
fn bad_files_are_refused_whole_naming_the_file_and_the_field() {
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            include_str!("../../../tests/fixtures/import/gcs/malformed.gcs"),
            "malformed.gcs",
            "line 5, column 64",
            "not valid JSON",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/newer.gcs"),
            "newer.gcs",
            "version",
            "newer GCS (data version 6)",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/savaged.json"),
            "savaged.json",
            "",
            "not a GCS character file",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/nocalc.gcs"),
            "nocalc.gcs",
            "",
            "open and save it in GCS 5.24 or later",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/missing_st.gcs"),
            "missing_st.gcs",
            "",
            "missing attribute `st` (ST)",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/absurd_st.gcs"),
            "absurd_st.gcs",
            "attributes[0].calc.value",
            "st=500 is not one skirmish takes",
        ),
        (
            include_str!("../../../tests/fixtures/import/gcs/absurd_skill.gcs"),
            "absurd_skill.gcs",
            "equipment[0].weapons[0].calc",
            "skill=99 is not one skirmish takes",
        ),
    ];
    for (text, file, at, message) in cases {
        let err = refused(text, file);
        assert_eq!(err.file, file);
        assert_eq!(err.at, at, "{file}: {err}");
        assert!(err.message.contains(message), "{file}: {err}");
    }
}

#[test]
fn looks_like_knows_a_gcs_character_from_other_json() {
    let value = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    assert!(looks_like(&value(FIGHTER)));
    assert!(looks_like(&value(MULE)));
    let savaged = include_str!("../../../tests/fixtures/import/gcs/savaged.json");
    assert!(!looks_like(&value(savaged)));
    assert!(!looks_like(&value(r#"{"version": 5, "rows": []}"#)));
}

#[test]
fn a_missing_calc_names_the_row_and_a_weapon_without_one_has_no_level() {
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["equipment"][2]["calc"] = serde_json::Value::Null;
    let err = refused(&value.to_string(), "fighter.gcs");
    assert_eq!(err.at, "equipment[2].calc");
    assert!(err.message.contains("GCS 5.24"), "{err}");
    // GCS writes no `calc` for a usage whose values all stay as written: no skill level.
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["equipment"][2]["weapons"][1].as_object_mut().unwrap().remove("calc");
    let sheet = read(&value.to_string(), "fighter.gcs", None).unwrap();
    assert!(!sheet.weapons.iter().any(|w| w.name == "Spear (thrown)"));
    assert!(odd_has(&sheet, "Spear (thrown): GCS gives it no skill level"));
}

#[test]
fn st_and_iq_0_are_taken_and_a_missing_fp_is_left_to_skirmish() {
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["attributes"][0]["calc"]["value"] = 0.into();
    value["attributes"][2]["calc"]["value"] = 0.into();
    value["attributes"].as_array_mut().unwrap().remove(9);
    let sheet = read(&value.to_string(), "fighter.gcs", None).unwrap();
    passes_tables(&sheet);
    assert!(sheet.fields.contains(&("st".into(), "0".into())));
    assert!(sheet.fields.contains(&("iq".into(), "0".into())));
    assert!(!sheet.fields.iter().any(|(k, _)| k == "fp"));
    assert!(odd_has(&sheet, "no FP attribute (`fp`) in the file: left to skirmish"));
}

#[test]
fn health_below_a_third_starts_reeling_or_very_tired() {
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["attributes"][10]["calc"]["current"] = 4.into();
    value["attributes"][9]["calc"]["current"] = 3.into();
    let sheet = read(&value.to_string(), "fighter.gcs", None).unwrap();
    assert_eq!(sheet.taken, 9);
    assert_eq!(sheet.conditions, vec!["Reeling".to_string(), "Very-Tired".to_string()]);
    assert!(sheet.fields.contains(&("fp_lost".into(), "9".into())));
    assert!(odd_has(&sheet, "HP below a third: GCS's Move and Dodge may be halved"));
    assert!(fighter().conditions.is_empty());
}

#[test]
fn pools_above_their_maximum_are_full_and_absurd_losses_are_refused() {
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["attributes"][10]["calc"]["current"] = 15.into();
    let sheet = read(&value.to_string(), "fighter.gcs", None).unwrap();
    assert_eq!(sheet.taken, 0);
    assert!(odd_has(&sheet, "HP above its maximum by 2: taken as full"));
    value["attributes"][10]["calc"]["current"] = (-5_000_000).into();
    let err = refused(&value.to_string(), "fighter.gcs");
    assert_eq!(err.at, "attributes[10].calc.current");
    assert!(err.message.contains("beyond any character"), "{err}");
}

#[test]
fn names_from_the_file_are_one_printable_line() {
    let mut value: serde_json::Value = serde_json::from_str(FIGHTER).unwrap();
    value["profile"]["name"] = "Brana\n\u{7}  Holt".into();
    value["equipment"][0]["description"] = "Broad\tsword".into();
    let sheet = read(&value.to_string(), "fighter.gcs", None).unwrap();
    assert_eq!(sheet.name, "Brana Holt");
    assert_eq!(sheet.weapons[0].name, "Broad sword (swing)");
}
