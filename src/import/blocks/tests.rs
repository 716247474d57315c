//! Pasted stat blocks read from the fixtures in tests/fixtures/import/text/.

use super::*;
use crate::import::fields::assert_accepted;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/import/text/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn sheets(name: &str, system: System) -> Vec<Sheet> {
    let sheets = read(&fixture(name), name, system).unwrap_or_else(|e| panic!("{e}"));
    for sheet in &sheets {
        assert_accepted(sheet);
    }
    sheets
}

fn field<'a>(fields: &'a [(String, String)], key: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn has(lines: &[String], wanted: &str) -> bool {
    lines.iter().any(|l| l == wanted)
}

#[test]
fn two_savage_blocks_in_one_text_make_two_sheets() {
    let sheets = sheets("savage_raiders.txt", System::SAVAGE);
    let names: Vec<&str> = sheets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Grask the Red", "Salt Hound"]);
    let grask = &sheets[0];
    let expected = [
        ("wild", "on"),
        ("agility", "d8"),
        // The attribute list runs onto the next line.
        ("vigor", "d10"),
        ("fighting", "d10"),
        ("shooting", "d6"),
        ("throwing", "d8"),
        ("charisma", "-2"),
        ("pace", "6"),
        ("parry", "7"),
        ("toughness", "9"),
        ("armor", "2"),
        ("level_headed", "on"),
        ("quick", "on"),
        ("size", "1"),
    ];
    for (key, value) in expected {
        assert_eq!(field(&grask.fields, key), Some(value), "{key}");
    }
    let r = &grask.report;
    assert!(has(&r.ignored, "line 1: Raiders of the salt road, as the GM pasted them."), "{r:?}");
    assert!(has(&r.ignored, "line 4: description"), "{r:?}");
    assert!(has(&r.ignored, "line 8: skill Stealth d6"), "{r:?}");
    assert!(has(&r.ignored, "line 10: Hindrance Arrogant"), "{r:?}");
    assert!(has(&r.ignored, "line 11: Edge Sweep"), "{r:?}");
    assert!(has(&r.ignored, "line 12: gear chain shirt (+2): armor, already in Toughness"));
    assert!(has(&r.ignored, "line 12: gear rope"), "{r:?}");
    assert!(has(&r.odd, "line 12: weapon Great axe: \"Parry -1\" not read"), "{r:?}");
    assert!(has(&r.ignored, "line 15: special ability Fearless"), "{r:?}");
    let axe = &grask.weapons[0];
    assert_eq!(axe.name, "Great axe");
    assert_eq!(axe.fields, [("dmg".into(), "str+d10".into()), ("ap".into(), "1".into())]);
    let thrown = &grask.weapons[1];
    assert_eq!(field(&thrown.fields, "range"), Some("3/6/12"));
    assert_eq!(field(&thrown.fields, "skill"), Some("throwing"));

    let hound = &sheets[1];
    assert_eq!(field(&hound.fields, "wild"), Some("off"));
    assert_eq!(field(&hound.fields, "smarts"), Some("d4"));
    assert_eq!(field(&hound.fields, "size"), Some("-1"));
    assert_eq!(field(&hound.fields, "armor"), Some("1"));
    assert_eq!(hound.weapons.len(), 1);
    assert_eq!(hound.weapons[0].name, "Bite");
    assert_eq!(hound.weapons[0].fields, [("dmg".into(), "str+d4".into())]);
    assert!(has(&hound.report.ignored, "line 23: special ability Go for the Throat"));
}

#[test]
fn savage_gear_weapons_keep_rof_shots_ap_reach_and_shotguns() {
    let sheets = sheets("savage_gunner.txt", System::SAVAGE);
    let gunner = &sheets[0];
    assert_eq!(gunner.name, "Gunner");
    assert_eq!(field(&gunner.fields, "wild"), Some("on"));
    assert_eq!(field(&gunner.fields, "ambidextrous"), Some("on"));
    assert_eq!(field(&gunner.fields, "improved_level_headed"), Some("on"));
    assert_eq!(field(&gunner.fields, "throwing"), Some("d6"));
    let smg = &gunner.weapons[0].fields;
    for (key, value) in [("range", "12/24/48"), ("dmg", "2d6"), ("rof", "3"), ("shots", "30")] {
        assert_eq!(field(smg, key), Some(value), "{key}");
    }
    assert_eq!(field(smg, "ap"), Some("1"));
    let shotgun = &gunner.weapons[1].fields;
    assert_eq!((field(shotgun, "dmg"), field(shotgun, "shotgun")), (Some("3d6"), Some("on")));
    assert_eq!(field(&gunner.weapons[2].fields, "reach"), Some("1"));
    assert!(has(&gunner.report.ignored, "line 7: Treasure: Meager"));
}

#[test]
fn woin_blocks_read_attributes_figures_and_attacks() {
    let sheets = sheets("woin_blocks.txt", System::WOIN);
    let names: Vec<&str> = sheets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Goblin Cutthroat", "Sergeant Vell"]);
    let goblin = &sheets[0];
    let expected = [
        ("size", "small"),
        ("agi", "7"),
        ("intuition", "5"),
        ("will", "2d6"),
        ("luc", "1"),
        ("health", "9"),
        ("speed", "6"),
        ("init", "3d6"),
        ("melee", "11"),
        ("ranged", "12"),
        ("mental", "8"),
        ("vital", "9"),
        ("soak", "2"),
    ];
    for (key, value) in expected {
        assert_eq!(field(&goblin.fields, key), Some(value), "{key}");
    }
    assert_eq!(field(&goblin.fields, "human"), None);
    let knife = &goblin.weapons[0];
    assert_eq!(knife.name, "Knife");
    for (key, value) in [("pool", "5d6"), ("dmg", "1d6+2"), ("type", "slashing"), ("melee", "on")] {
        assert_eq!(field(&knife.fields, key), Some(value), "{key}");
    }
    let bow = &goblin.weapons[1];
    for (key, value) in [("pool", "4d6"), ("dmg", "1d6+1"), ("range", "30"), ("ranged", "on")] {
        assert_eq!(field(&bow.fields, key), Some(value), "{key}");
    }
    let r = &goblin.report;
    assert!(has(&r.ignored, "line 2: description"), "{r:?}");
    assert!(has(&r.ignored, "line 5: Skills: stealth 2 (2d6), knives 2 (2d6)"), "{r:?}");
    assert!(has(&r.ignored, "line 6: PERCEPTION"), "{r:?}");
    assert!(has(&r.odd, "line 12: not read: It hides behind the biggest thing around."), "{r:?}");

    let vell = &sheets[1];
    for (key, value) in [
        ("size", "medium"),
        ("human", "on"),
        ("agi", "5"),
        ("luc", "2"),
        ("actions", "2"),
        ("melee", "13"),
        ("vital", "12"),
        ("soak", "6"),
        // No INITIATIVE line: the INT pool.
        ("init", "2d6"),
    ] {
        assert_eq!(field(&vell.fields, key), Some(value), "{key}");
    }
    assert_eq!(vell.weapons.len(), 1);
    let odd = &vell.report.odd;
    assert_eq!(odd, &["line 21: attack Battle cry: needs an attack pool and a damage".to_string()]);
}

#[test]
fn bad_texts_are_refused_naming_the_line() {
    let cases: &[(&str, System, &str, &str)] = &[
        ("savage_absurd.txt", System::SAVAGE, "line 4", "parry"),
        ("woin_absurd.txt", System::WOIN, "line 4", "health"),
        ("prose.txt", System::SAVAGE, "", "no Savage Worlds stat block"),
        ("prose.txt", System::WOIN, "", "no WOIN stat block"),
        ("savage_raiders.txt", System::GURPS, "", "Savage Worlds and WOIN"),
    ];
    for (file, system, at, words) in cases {
        let err = read(&fixture(file), file, *system).unwrap_err();
        assert_eq!((err.file.as_str(), err.at.as_str()), (*file, *at), "{err}");
        assert!(err.to_string().contains(words), "{err}");
    }
    let err = read(" \n\n", "paste", System::WOIN).unwrap_err();
    assert_eq!(err.to_string(), "paste: holds no text: expected a stat block");
    let nameless = "Attributes: Agility d6, Smarts d6, Spirit d6, Strength d6, Vigor d6";
    let err = read(nameless, "paste", System::SAVAGE).unwrap_err();
    assert_eq!(err.at, "line 1");
    let bad_die = "Ogre\nAttributes: Agility d7, Smarts d6, Spirit d6, Strength d6, Vigor d6";
    let err = read(bad_die, "paste", System::SAVAGE).unwrap_err();
    assert_eq!(err.at, "line 2");
    assert!(err.message.contains("agility"), "{err}");
}

#[test]
fn any_cut_of_a_block_reads_or_is_refused_without_a_panic() {
    for (file, system) in [
        ("savage_raiders.txt", System::SAVAGE),
        ("savage_gunner.txt", System::SAVAGE),
        ("woin_blocks.txt", System::WOIN),
    ] {
        let text = fixture(file);
        for (cut, _) in text.char_indices() {
            for piece in [&text[..cut], &text[cut..]] {
                if let Ok(sheets) = read(piece, file, system) {
                    assert!(!sheets.is_empty());
                }
            }
        }
    }
    for odd in [
        "WC",
        "★",
        "Attributes:",
        "STR AGI END INT\n",
        "é:\nAttributes: é d6",
        "x\nSTR AGI END INT LOG\n-",
    ] {
        let _ = read(odd, "odd", System::SAVAGE);
        let _ = read(odd, "odd", System::WOIN);
    }
}
