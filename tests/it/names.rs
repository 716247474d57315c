//! Naming combatants (issue 14, item 15): word prefixes in quoted names and dialogs' name
//! fields, a group by its name where a group is meant, and bare words still split as before.

use serde_json::Value;

use crate::harness::{run, run_err};
use crate::tui::{drive, new_woin};

fn who<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["combatants"]
        .as_array()
        .expect("combatants is a list")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}: {state}"))
}

fn hurt(state: &Value) -> Vec<String> {
    state["combatants"]
        .as_array()
        .expect("combatants")
        .iter()
        .filter(|c| c["health"]["current"] != c["health"]["max"])
        .map(|c| c["id"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Each case: the roster, the line, and who alone is hurt after it.
#[test]
fn quoted_word_prefixes_name_one_combatant() {
    let cases: &[(&str, &str, &str)] = &[
        ("add Goblin x3", "damage \"gob 2\" 5", "goblin-2"),
        ("add Goblin x3", "damage \"GOB 3\" 5", "goblin-3"),
        // A number typed whole is the member so numbered, not the 20th.
        ("add Goblin x20", "damage \"gob 2\" 5", "goblin-2"),
        ("add Goblin x20", "damage \"gob 20\" 5", "goblin-20"),
        ("add Bandit x2\nadd \"Bandit Captain\"", "damage \"b c\" 5", "bandit-captain"),
        // Bare words split as always: 2 is the damage, `gob` the one goblin.
        ("add Goblin\nadd Aria side=pc", "damage gob 2 slashing", "goblin"),
    ];
    for (roster, line, victim) in cases {
        let state = run(&format!("new woin Names\n{roster}\n{line}\n"), "");
        assert_eq!(hurt(&state), [*victim], "{roster} / {line}");
    }
    let state = run("new woin Names\nadd Goblin\nadd Aria side=pc\ndamage gob 2 slashing\n", "");
    assert_eq!(who(&state, "goblin")["health"]["current"], 5, "2 slashing less SOAK 1");
    // Still ambiguous: both names have words starting `go k`.
    let err =
        run_err("new woin Names\nadd \"Gob King\"\nadd \"Goblin Knight\"\ndamage \"go k\" 5\n", "");
    assert!(err.contains("could be Gob King, Goblin Knight"), "{err}");
}

/// SW-INIT-1: `init Bandit 9H` sets the card of the whole group named Bandit, though Bandit
/// Captain shares the beginning of the name.
#[test]
fn a_group_by_its_name_takes_initiative() {
    let state = run(
        "new savage Names\nadd Bandit x4\nadd \"Bandit Captain\"\ninit Bandit 9H\ninit \"Bandit Captain\" KS\n",
        "",
    );
    for id in ["bandit-1", "bandit-4"] {
        assert_eq!(who(&state, id)["card"], who(&state, "bandit-1")["card"]);
        assert!(!who(&state, id)["card"].is_null(), "{id} has no card");
    }
    assert_ne!(who(&state, "bandit-1")["card"], who(&state, "bandit-captain")["card"]);
    let woin = run("new woin Names\nadd Goblin x3\nadd Aria side=pc\ninit Goblin 11\n", "");
    assert_eq!(who(&woin, "goblin-3")["initiative"], 11);
    // A beginning of the group's name, when everyone it begins is in that group (`gob`); one
    // that also begins someone outside it (`ban` and the Captain) is still ambiguous.
    let savage = run("new savage Names\nadd Goblin x4\nadd Aria side=pc\ninit gob 3d\n", "");
    for id in ["goblin-1", "goblin-4"] {
        assert!(!who(&savage, id)["card"].is_null(), "{id} has no card");
    }
    let err = run_err("new savage Names\nadd Bandit x4\nadd \"Bandit Captain\"\ninit ban 9H\n", "");
    assert!(err.contains("could be"), "{err}");
}

/// A dialog's name field takes word prefixes too: `d`, then `gob 2` picks Goblin 2.
#[test]
fn dialog_name_fields_take_word_prefixes() {
    let mut a = new_woin();
    drive(&mut a, ":add Goblin x3<Enter>:add Aria side=pc<Enter>dgob 2<Enter>4<Enter><Enter>");
    let state = skirmish::cli::to_json(&a.session);
    assert_eq!(hurt(&state), ["goblin-2"]);
}
