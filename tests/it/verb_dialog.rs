//! Any verb gets a dialog from its signature (issue 23 item 3): `:VERB` alone opens it, a step
//! per argument by its kind, and it ends in the same command text as typing it.

use skirmish::app::Mode;

use crate::tui::{drive, new_woin};

/// The newest command's text in the history.
fn last_command(a: &skirmish::app::App) -> String {
    a.session.entries().last().map(|e| e.command.clone()).unwrap_or_default()
}

#[test]
fn a_system_verb_alone_opens_its_dialog_and_writes_its_command() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:add Goblin<Enter>");
    drive(&mut a, ":ambush<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("a dialog: {:?}", a.status) };
    let labels: Vec<&str> = dialog.steps.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["ATTACKER", "TARGET", "fields"]);
    drive(&mut a, "aria<Enter>gob<Enter>pool=3d6<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    assert_eq!(last_command(&a), "ambush aria goblin pool=3d6");
}

#[test]
fn a_core_verb_alone_opens_a_dialog_from_its_argument_kinds() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:add Goblin<Enter>");
    drive(&mut a, ":damage<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("a dialog: {:?}", a.status) };
    let labels: Vec<&str> = dialog.steps.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["NAME", "AMOUNT|DICE", "TYPE", "raw"]);
    // A name picked, an amount typed, no type, the `raw` switch on.
    drive(&mut a, "gob<Enter>5<Enter><Enter><Space><Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    assert_eq!(last_command(&a), "damage goblin 5 raw");
}

#[test]
fn a_verb_with_its_arguments_runs_and_a_session_operation_has_no_dialog() {
    let mut a = new_woin();
    drive(&mut a, ":add Goblin<Enter>:damage gob 2<Enter>");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!(last_command(&a), "damage gob 2");
    drive(&mut a, ":branch<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "`branch` alone is refused, not asked");
    assert!(a.status.text.contains("branch NUMBER"), "{:?}", a.status);
}

#[test]
fn a_verb_dialog_never_answers_two_combatants_with_the_same_row() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:add Goblin<Enter>");
    // Enter on each combatant step takes what it starts on: the selected row, then another.
    drive(&mut a, ":ambush<Enter><Enter><Enter><Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let command = last_command(&a);
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"ambush"), "{command}");
    assert_ne!(words.get(1), words.get(2), "{command}");
}

#[test]
fn attack_alone_opens_the_attack_dialog_with_its_weapons() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:add Goblin<Enter>:start<Enter>");
    let by_key = {
        drive(&mut a, "a");
        let Mode::Dialog(dialog) = &a.mode else { panic!("a dialog: {:?}", a.status) };
        dialog.steps.iter().map(|s| s.label().to_string()).collect::<Vec<_>>()
    };
    drive(&mut a, "<Esc>:attack<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("a dialog: {:?}", a.status) };
    let labels: Vec<String> = dialog.steps.iter().map(|s| s.label().to_string()).collect();
    assert_eq!(labels, by_key, "`:attack` alone opens what `a` opens");
}

#[test]
fn a_verb_bound_to_a_key_in_keys_ron_opens_its_dialog() {
    let mut a = new_woin();
    a.keymap.patch(r#"{ "verb:ambush": ["z"], "verb:soak": ["y"] }"#).expect("a keys patch");
    drive(&mut a, ":add Aria side=pc<Enter>:add Goblin<Enter>");
    drive(&mut a, "z");
    let Mode::Dialog(dialog) = &a.mode else { panic!("a dialog: {:?}", a.status) };
    let labels: Vec<&str> = dialog.steps.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["ATTACKER", "TARGET", "fields"]);
    drive(&mut a, "<Esc>y");
    assert!(matches!(a.mode, Mode::Normal));
    assert!(
        a.status.text.contains("`soak` (bound in keys.ron) is not a WOIN command"),
        "{:?}",
        a.status
    );
    // The help screen lists it with its key.
    let help = crate::tui::screen(
        &{
            let mut b = new_woin();
            b.keymap.patch(r#"{ "verb:ambush": ["z"] }"#).expect("patch");
            drive(&mut b, "?");
            b
        },
        80,
        60,
    );
    assert!(help.contains("ambush (its dialog)"), "{help}");
    // A name that is no verb's is refused where the file is read.
    let err = a.keymap.patch(r#"{ "verb:": ["x"] }"#).expect_err("refused");
    assert!(err.to_string().contains("expected verb:NAME"), "{err}");
}
