//! `edit NAME FIELD=VALUE …` (issue 14, item 16): stats, side and weapons changed after a
//! combatant joined, checked by the system's field table as `add` checks them, and undoable.

use serde_json::Value;

use crate::harness::{run, run_err};

fn who<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["combatants"]
        .as_array()
        .expect("combatants is a list")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}: {state}"))
}

fn weapons(state: &Value, id: &str) -> Vec<String> {
    who(state, id)["weapons"]
        .as_array()
        .map(|ws| ws.iter().map(|w| w["name"].as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// Each case: the lines after a wounded Aria (HEALTH 25/30, agi 3) and a bestiary Goblin join,
/// then what Aria's (or the Goblin's) JSON reads.
#[test]
fn edit_changes_stats_side_and_weapons_and_undo_takes_it_back() {
    let setup = "new woin Edit\nadd Aria side=pc agi=3 health=30\nadd Goblin\ndamage Aria 5\n";
    let cases: &[(&str, &str, &str, Value)] = &[
        ("edit Aria agi=5", "aria", "agi", 5.into()),
        ("edit Aria side=ally", "aria", "side", "ally".into()),
        // The damage taken stays taken: 25/30 becomes 35/40, and 15/20 the other way.
        ("edit Aria health=40", "aria", "health", serde_json::json!({"current": 35, "max": 40})),
        ("edit Aria health=20", "aria", "health", serde_json::json!({"current": 15, "max": 20})),
        ("edit Aria agi=6 side=neutral", "aria", "side", "neutral".into()),
    ];
    for (line, id, key, want) in cases {
        let state = run(&format!("{setup}{line}\n"), "");
        assert_eq!(&who(&state, id)[key], want, "{line}");
        let undone = run(&format!("{setup}{line}\nundo\n"), "");
        let before = run(setup, "");
        assert_eq!(who(&undone, id), who(&before, id), "{line} then undo");
    }
    let state = run(&format!("{setup}edit Goblin drop=\"RUSTY BLADE\" soak=2\n"), "");
    assert_eq!(weapons(&state, "goblin"), ["sling"]);
    assert_eq!(who(&state, "goblin")["soak"], 2);
    let log: Vec<&str> =
        state["log"].as_array().expect("log").iter().filter_map(|l| l["text"].as_str()).collect();
    assert!(log.iter().any(|l| l.contains("Goblin edited: drops rusty blade, soak=2")), "{log:?}");
}

/// SW-DMG-3: an Extra made a Wild Card by `edit` takes wounds like one (three to give).
#[test]
fn edit_makes_an_extra_a_wild_card() {
    let state = run("new savage Edit\nadd Orc\nedit Orc wild\n", "");
    assert_eq!(who(&state, "orc")["health"], serde_json::json!({"current": 3, "max": 3}));
}

/// Bad fields are refused as `add` refuses them, naming what was expected; nothing changes.
#[test]
fn edit_refuses_bad_fields_as_add_does() {
    let base = "new woin Edit\nadd Aria side=pc\n";
    for field in ["agility=5", "agi=lots", "health=-3"] {
        let added = run_err(&format!("new woin Edit\nadd Aria side=pc {field}\n"), "");
        let edited = run_err(&format!("{base}edit Aria {field}\n"), "");
        // The reason follows the command's text, which ends in the field.
        let reason = |s: &str| {
            s.split_once(&format!("{field}: ")).map(|(_, r)| r.to_string()).unwrap_or_default()
        };
        let (added, edited) = (reason(&added), reason(&edited));
        assert!(
            !edited.is_empty() && added.split(';').next() == edited.split(';').next(),
            "{field}: add says {added:?}, edit says {edited:?}"
        );
    }
    assert!(
        run_err(&format!("{base}edit Aria drop=axe\n"), "")
            .contains("drop=axe: Aria carries no weapons")
    );
    assert!(
        run_err(&format!("{base}edit Aria side=dragon\n"), "")
            .contains("expected pc, ally, enemy or neutral")
    );
    assert!(run_err(&format!("{base}edit Aria\n"), "").contains("expected FIELD=VALUE"));
    assert!(run_err(&format!("{base}edit Nobody agi=3\n"), "").contains("Nobody"));
}
