//! Savaged.us exports read from the fixtures in tests/fixtures/import/savaged/.

use super::*;
use crate::import::fields::assert_accepted;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/import/savaged/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn field<'a>(fields: &'a [(String, String)], key: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn full() -> Vec<Sheet> {
    read(&fixture("full.json"), "full.json").expect("the full fixture reads")
}

#[test]
fn the_character_comes_first_then_its_allied_extra() {
    let sheets = full();
    assert_eq!(sheets.len(), 2);
    assert_eq!(sheets[0].name, "Mara Quell");
    assert_eq!(sheets[0].side, None);
    assert_eq!(sheets[0].system, Some(System::SAVAGE));
    assert_eq!(sheets[0].note, "Savaged.us export: Human Female Scout");
    assert_eq!(sheets[1].name, "Rex");
    assert_eq!(sheets[1].side, Some(Side::Ally));
    assert_eq!(field(&sheets[1].fields, "wild"), Some("off"));
    assert_eq!(field(&sheets[1].fields, "size"), Some("-1"));
    assert_eq!(field(&sheets[1].fields, "pace"), Some("8"));
    for sheet in &sheets {
        assert_accepted(sheet);
    }
}

#[test]
fn traits_totals_and_flags_use_skirmish_field_names() {
    let sheets = full();
    let f = &sheets[0].fields;
    let expected = [
        ("wild", "on"),
        ("agility", "d8"),
        ("vigor", "d12+1"),
        ("fighting", "d8"),
        ("shooting", "d10"),
        ("notice", "d8"),
        // Reading: Athletics throws when the sheet has no Throwing.
        ("throwing", "d6"),
        ("parry", "7"),
        ("toughness", "10"),
        ("armor", "2"),
        ("pace", "6"),
        ("size", "0"),
        ("bennies", "2"),
        ("quick", "on"),
        ("level_headed", "on"),
    ];
    for (key, value) in expected {
        assert_eq!(field(f, key), Some(value), "{key}");
    }
    // The Adventure Edition has no Charisma: absent unless the export uses it.
    assert_eq!(field(f, "charisma"), None);
    let report = &sheets[0].report;
    for ignored in ["skill Stealth d8", "Edge Marksman", "Hindrance Loyal", "Hindrance Heroic"] {
        assert!(report.ignored.iter().any(|l| l == ignored), "{ignored}: {report:?}");
    }
    assert!(report.ignored.iter().any(|l| l.contains("Bolt")));
    assert!(report.ignored.iter().any(|l| l.contains("Kevlar Vest")));
}

#[test]
fn wounds_fatigue_and_bennies_carry_over() {
    let sheets = full();
    assert_eq!(sheets[0].taken, 1);
    assert_eq!(sheets[0].conditions, vec!["Fatigued severe".to_string()]);
    assert_eq!(sheets[1].taken, 0);
    assert!(sheets[1].conditions.is_empty());
    let mut value: Value = serde_json::from_str(&fixture("full.json")).unwrap();
    value["fatigue"] = 1.into();
    let sheets = read(&value.to_string(), "f.json").unwrap();
    assert_eq!(sheets[0].conditions, vec!["Fatigued".to_string()]);
}

#[test]
fn weapons_keep_damage_ap_range_rof_shots_and_reach() {
    let sheets = full();
    let weapons = &sheets[0].weapons;
    let names: Vec<&str> = weapons.iter().map(|w| w.name.as_str()).collect();
    let expected = [
        "Short Sword",
        "Assault Rifle",
        "Pike",
        "Throwing Knife",
        "Spear",
        "Spear (Thrown)",
        "Pump Shotgun",
    ];
    assert_eq!(names, expected);
    let of = |name: &str| &weapons.iter().find(|w| w.name == name).unwrap().fields;
    assert_eq!(of("Short Sword"), &[("dmg".to_string(), "str+d6".to_string())]);
    let rifle = of("Assault Rifle");
    for (key, value) in [("dmg", "2d8"), ("range", "24/48/96"), ("ap", "2"), ("rof", "3")] {
        assert_eq!(field(rifle, key), Some(value), "{key}");
    }
    assert_eq!(field(rifle, "shots"), Some("30"));
    assert_eq!(field(of("Pike"), "reach"), Some("2"));
    assert_eq!(field(of("Throwing Knife"), "skill"), Some("throwing"));
    assert_eq!(field(of("Pump Shotgun"), "shotgun"), Some("on"));
    assert_eq!(field(of("Pump Shotgun"), "dmg"), Some("3d6"));
    let report = &sheets[0].report;
    assert!(report.ignored.iter().any(|l| l == "weapon Spare Dagger (not equipped)"));
    assert!(report.odd.iter().any(|l| l.starts_with("weapon Flamer left out")));
    // A second profile is a weapon of its own; the active one is the weapon itself.
    assert_eq!(of("Spear"), &[("dmg".into(), "str+d6".into()), ("reach".into(), "1".into())]);
    let thrown = of("Spear (Thrown)");
    assert_eq!(field(thrown, "range"), Some("3/6/12"));
    assert_eq!(field(thrown, "rof"), Some("1"));
    assert_eq!(field(thrown, "skill"), Some("throwing"));
    // An innate weapon counts as equipped.
    assert_eq!(sheets[1].weapons[0].name, "Bite");
}

#[test]
fn a_savaged_export_is_recognised_and_a_gcs_file_is_not() {
    let full: Value = serde_json::from_str(&fixture("full.json")).unwrap();
    assert!(looks_like(&full));
    let gcs: Value = serde_json::from_str(&fixture("gcs_like.json")).unwrap();
    assert!(!looks_like(&gcs));
    let err = read(&fixture("gcs_like.json"), "gcs_like.json").unwrap_err();
    assert_eq!(err.file, "gcs_like.json");
    assert!(err.message.contains("GCS"), "{err}");
}

#[test]
fn malformed_json_names_its_line_and_column() {
    let err = read(&fixture("malformed.json"), "malformed.json").unwrap_err();
    assert_eq!(err.file, "malformed.json");
    assert_eq!(err.at, "line 5, column 5");
    assert!(err.message.starts_with("malformed JSON"), "{err}");
    assert!(!err.message.contains(" at line"), "{err}");
}

#[test]
fn bad_files_are_refused_naming_the_field() {
    let cases: &[(&str, &str, &str)] = &[
        ("absurd.json", "parryTotal", "parry"),
        ("missing_toughness.json", "toughnessTotal", "missing"),
    ];
    for (file, at, words) in cases {
        let err = read(&fixture(file), file).unwrap_err();
        assert_eq!((err.file.as_str(), err.at.as_str()), (*file, *at), "{err}");
        assert!(err.to_string().contains(words), "{err}");
    }
    let err = read("  \n", "empty.json").unwrap_err();
    assert_eq!(err.to_string(), "empty.json: the file is empty");
}

#[test]
fn absurd_values_inside_the_export_are_refused_where_they_are() {
    let base: Value = serde_json::from_str(&fixture("full.json")).unwrap();
    type Change = fn(&mut Value);
    let cases: &[(&str, Change, &str)] = &[
        ("d7 die", |v| v["attributes"][1]["dieValue"] = 7.into(), "attributes[1].dieValue"),
        ("AP 400", |v| v["weapons"][1]["ap"] = 400.into(), "weapons[1].ap"),
        ("RoF 99", |v| v["weapons"][1]["rof"] = 99.into(), "weapons[1].rof"),
        ("reach 40", |v| v["weapons"][2]["reach"] = 40.into(), "weapons[2].reach"),
        (
            "profile AP",
            |v| v["weapons"][4]["profiles"][1]["ap"] = 400.into(),
            "weapons[4].profiles[1].ap",
        ),
        ("wounds -1", |v| v["wounds"] = (-1).into(), "wounds"),
        ("bennies text", |v| v["bennies"] = "many".into(), "bennies"),
        ("no vigor", |v| drop(v["attributes"].as_array_mut().unwrap().pop()), "attributes"),
        ("no name", |v| v["name"] = "".into(), "name"),
        (
            "extra's parry",
            |v| v["alliedExtras"][0]["parryTotal"] = 77.into(),
            "alliedExtras[0].parryTotal",
        ),
    ];
    for (what, change, at) in cases {
        let mut value = base.clone();
        change(&mut value);
        let err = read(&value.to_string(), "x.json").unwrap_err();
        assert_eq!(err.at, *at, "{what}: {err}");
        assert_eq!(err.file, "x.json");
    }
}
