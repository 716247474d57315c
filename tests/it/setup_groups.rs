//! Setup verbs take a group by its id (issue 24 item 5): `weapon thug club …` arms every member
//! of the group `thug`, `edit thug …` changes every member; a combatant's own name still names
//! that one alone, a mere beginning of several names is still refused as ambiguous, and one
//! command changes the whole group at once (one `undo` takes it back; a refusal changes no one).

use serde_json::Value;

use super::harness::{run, run_err};

/// Three thugs (the group `thug`) and a boss, in GURPS.
const THUGS: &str = "new gurps \"alley\"\nadd Thug x3 st=11 dx=11 ht=11\nadd Boss st=13\n";

/// Each combatant's name with what `pick` reads of it.
fn each(v: &Value, pick: impl Fn(&Value) -> String) -> Vec<(String, String)> {
    v["combatants"]
        .as_array()
        .expect("combatants")
        .iter()
        .map(|c| (c["name"].as_str().unwrap_or_default().to_string(), pick(c)))
        .collect()
}

/// The names of a combatant's weapons, joined.
fn weapons(c: &Value) -> String {
    let names = c["weapons"].as_array().into_iter().flatten();
    names.map(|w| w["name"].as_str().unwrap_or_default()).collect::<Vec<_>>().join(",")
}

fn pairs(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// `weapon GROUP …` arms every member and no one else; a member named alone is armed alone;
/// `undo` takes the whole group's weapon back in one step.
#[test]
fn weapon_arms_every_member_of_a_group() {
    let cases: [(&str, &[(&str, &str)]); 5] = [
        (
            "weapon thug club skill=12 dmg=sw+1 type=cr reach=1",
            &[("Thug 1", "club"), ("Thug 2", "club"), ("Thug 3", "club"), ("Boss", "")],
        ),
        // The group's name as the GM reads it is its id too.
        (
            "weapon Thug club skill=12 dmg=sw+1 type=cr reach=1",
            &[("Thug 1", "club"), ("Thug 2", "club"), ("Thug 3", "club"), ("Boss", "")],
        ),
        (
            "weapon \"Thug 2\" knife skill=11 dmg=thr-1 type=imp reach=C",
            &[("Thug 1", ""), ("Thug 2", "knife"), ("Thug 3", ""), ("Boss", "")],
        ),
        (
            "weapon thug club skill=12 dmg=sw+1 type=cr reach=1\nundo",
            &[("Thug 1", ""), ("Thug 2", ""), ("Thug 3", ""), ("Boss", "")],
        ),
        // A group armed, then one member armed again with a second weapon.
        (
            "weapon thug club skill=12 dmg=sw+1 type=cr reach=1\n\
             weapon \"Thug 3\" knife skill=11 dmg=thr-1 type=imp reach=C",
            &[("Thug 1", "club"), ("Thug 2", "club"), ("Thug 3", "club,knife"), ("Boss", "")],
        ),
    ];
    for (commands, want) in cases {
        let v = run(&format!("{THUGS}{commands}"), "");
        assert_eq!(each(&v, weapons), pairs(want), "{commands}");
    }
}

/// `edit GROUP …` changes every member's side and stats; the damage each took stays its own
/// when the maximum moves (GURPS HP follow ST).
#[test]
fn edit_changes_every_member_of_a_group() {
    let script = format!("{THUGS}damage \"Thug 2\" 4 raw\nedit thug st=13 side=neutral");
    let v = run(&script, "");
    let read = |c: &Value| {
        let hp = &c["health"];
        format!("{} {}/{}", c["side"].as_str().unwrap_or_default(), hp["current"], hp["max"])
    };
    let want = [
        ("Thug 1", "neutral 13/13"),
        ("Thug 2", "neutral 9/13"),
        ("Thug 3", "neutral 13/13"),
        ("Boss", "enemy 13/13"),
    ];
    assert_eq!(each(&v, read), pairs(&want));
    let log = v["log"].as_array().expect("log");
    let log: Vec<&str> = log.iter().filter_map(|l| l["text"].as_str()).collect();
    let edited = log.iter().filter(|l| l.contains("edited")).count();
    assert_eq!(edited, 3, "one line per member:\n{log:#?}");
}

/// A group in the other systems' setup too: WOIN's weapon and Savage Worlds' edit.
#[test]
fn setup_groups_in_other_systems() {
    let woin = "new woin\nadd Raider x2\nadd Aria side=pc\n\
                weapon raider spear pool=3d6 dmg=1d6+1 type=piercing melee";
    let v = run(woin, "");
    let want = [("Raider 1", "spear"), ("Raider 2", "spear"), ("Aria", "")];
    assert_eq!(each(&v, weapons), pairs(&want));
    let savage = "new savage\nadd Bandit x2\nadd Jessa side=pc\nedit bandit side=neutral";
    let v = run(savage, "");
    let side = |c: &Value| c["side"].as_str().unwrap_or_default().to_string();
    let want = [("Bandit 1", "neutral"), ("Bandit 2", "neutral"), ("Jessa", "pc")];
    assert_eq!(each(&v, side), pairs(&want));
}

/// What is not a group's id is read as before: a beginning shared by several names is refused
/// as ambiguous, and a refusal for one member (a weapon field out of its range) arms no one.
#[test]
fn not_a_group_or_refused_changes_no_one() {
    let cases: [(&str, &str); 3] = [
        ("weapon thu club skill=12 dmg=sw+1 type=cr reach=1", "could be Thug 1, Thug 2, Thug 3"),
        ("weapon thug club skill=zz dmg=sw+1 type=cr reach=1", "skill"),
        ("edit thug st=zz", "st"),
    ];
    for (command, says) in cases {
        let err = run_err(&format!("{THUGS}{command}"), "");
        assert!(err.contains(says), "{command}: {err}");
    }
}
