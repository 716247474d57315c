//! Legality before dice (issue 14 items 4 and 10; design rule 5): on each system's demo fight,
//! every field `attack` takes, given a value it cannot take (`FIELD=zz`), is refused before any
//! die is rolled or any face asked for, with a message naming the field; a switch takes only
//! `on` or `off`. The dice script is empty, so a roll would report that the dice "ran out".

use std::path::PathBuf;

use skirmish::command::parse;
use skirmish::encounter::Session;
use skirmish::rules::dice::ScriptedDice;
use skirmish::rules::signature::{ArgKind, FORCE};
use skirmish::save;

use crate::harness::assets;

/// (demo save, an attack that is legal there and so runs out of dice at its first roll).
const DEMOS: &[(&str, &str)] = &[
    ("woin-demo.ron", "attack goblin-2 aria"),
    // Fighting with the short sword, and Shooting with the crossbow (range bands, aim …).
    ("savage-demo.ron", "attack bandit-1 jessa"),
    ("savage-demo.ron", "attack bandit-1 jessa crossbow"),
    ("gurps-demo.ron", "attack cultist-1 rook"),
    // Tam carries no weapon: a bare attack gives its damage.
    ("gempunks-demo.ron", "attack tam bandit-1 dmg=1d6"),
];

/// Fields whose value is free text a system reads later, where `zz` is a fair value:
/// (system, field, why). Each must really be accepted, so this list cannot go stale.
const FREE_TEXT: &[(&str, &str, &str)] = &[
    // GEM-DMG-1: Gempunks damage types are an open set (a creature's immunities and
    // resistances name any type), so `type=` takes any word.
    ("gempunks", "type", "damage types are open"),
    // GEM-OPT-4, GEM-OPT-9: the item a Disarm or Pickpocket moves, or a Reverse Pickpocket
    // stows, by its name: any thing the GM names.
    ("gempunks", "item", "an item's name"),
    // GEM-ACT-5: the kind of implant cut out, in the GM's words (`cutout=eye`).
    ("gempunks", "cutout", "an implant's kind"),
];

/// Attack-dialog toggles that are not switches: they also take a value (Gempunks `area` alone
/// is one die per creature, `area=NAME:N,…` says how many of a regiment a template catches).
const TOGGLES_WITH_VALUES: &[(&str, &str)] = &[("gempunks", "area")];

fn demo(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves").join(file)
}

fn session(file: &str) -> Session {
    save::load(&demo(file), assets()).unwrap_or_else(|e| panic!("{file} loads: {e}"))
}

/// Run one command line on a fresh copy of the demo with no dice: how it was refused, or `None`
/// when it ran.
fn refusal(file: &str, line: &str) -> Option<String> {
    let command = match parse(line) {
        Ok(Some(command)) => command,
        other => panic!("{line}: does not parse: {other:?}"),
    };
    let mut dice = ScriptedDice::new([]);
    session(file).execute(&command, &mut dice).err().map(|e| e.to_string())
}

/// The attack `base` with `field=value` in place of any `field=` it already had.
fn with_field(base: &str, field: &str, value: &str) -> String {
    let prefix = format!("{field}=");
    let kept: Vec<&str> =
        base.split(' ').filter(|w| !w.starts_with(&prefix) && *w != field).collect();
    format!("{} {field}={value}", kept.join(" "))
}

fn ran_out(refused: &Option<String>) -> bool {
    refused.as_deref().is_some_and(|m| m.contains("ran out"))
}

/// Whether a refusal names `field` as a person wrote it, not merely a word containing it.
fn names(message: &str, field: &str) -> bool {
    [format!("{field}="), format!("{field}:"), format!("`{field}`"), format!("{field} ")]
        .iter()
        .any(|form| message.starts_with(form.as_str()) || message.contains(&format!(" {form}")))
        || message.contains(&format!("'{field}'"))
}

// Issue 14 item 4: every value field of every system's `attack` is read and checked when the
// attack is prepared (SW-DMG-1 dmg= and ap=, SW-ATK-7 obstacle=, typed faces roll=/dmgroll=
// in every system), so `FIELD=zz` is refused with its name before any die.
#[test]
fn every_attack_field_refuses_a_bad_value_before_any_die() {
    let mut wrong = Vec::new();
    for &(file, base) in DEMOS {
        let rules = session(file).encounter().system.rules();
        assert!(ran_out(&refusal(file, base)), "{file}: `{base}` should be legal up to its dice");
        for field in rules.attack_fields().iter().map(|f| f.name) {
            let line = with_field(base, field, "zz");
            let refused = refusal(file, &line);
            let free = FREE_TEXT.iter().find(|(s, f, _)| *s == rules.key() && *f == field);
            let fine = match (free, &refused) {
                (Some(_), _) => ran_out(&refused),
                (None, Some(m)) => !m.contains("ran out") && names(m, field),
                (None, None) => false,
            };
            if !fine {
                wrong.push(format!("{file}: {line}: {refused:?}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "refused late, silently or without naming the field:\n{}",
        wrong.join("\n")
    );
}

// Issue 14 item 4, design rule 5: a switch (WOIN-ATK-2's positional modifiers, SW-ATK-2's, the
// GURPS and Gempunks flags, and `force` everywhere) given a value other than on/off is refused,
// naming it and saying what it takes, before any die; `=off` is the same as leaving it out.
#[test]
fn attack_switches_take_only_on_or_off() {
    let mut wrong = Vec::new();
    for &(file, base) in DEMOS {
        let rules = session(file).encounter().system.rules();
        let switches: Vec<&str> = std::iter::once(&FORCE)
            .chain(rules.attack_fields())
            .filter(|f| f.kind == ArgKind::Switch)
            .map(|f| f.name)
            .collect();
        for &(toggle, _) in rules.attack_toggles() {
            let valued = TOGGLES_WITH_VALUES.contains(&(rules.key(), toggle));
            let switch = switches.contains(&toggle);
            assert!(switch != valued, "{file}: toggle {toggle} should be a switch, or listed");
        }
        let base_refusal = refusal(file, base);
        for &switch in &switches {
            let refused = refusal(file, &with_field(base, switch, "zz"));
            let said = format!("{switch}=zz: {switch} is a switch; write {switch} alone");
            if !refused.as_deref().is_some_and(|m| m.contains(&said) && m.contains("=off")) {
                wrong.push(format!("{file}: {switch}=zz: {refused:?}"));
            }
            let off = refusal(file, &with_field(base, switch, "off"));
            if off != base_refusal {
                wrong.push(format!("{file}: {switch}=off: {off:?}, not as without it"));
            }
        }
    }
    assert!(wrong.is_empty(), "switches read wrongly:\n{}", wrong.join("\n"));
}

// WOIN-ACT-1, design rule 5: `force` on `do` and on a system's verbs is the same switch: `force=off` does not force an
// action off its turn, and any other value is refused naming it.
#[test]
fn woin_act_1_do_force_takes_only_on_or_off() {
    let file = "woin-demo.ron";
    let cases: &[(&str, Option<&str>)] = &[
        ("do aria move force=zz", Some("force=zz: force is a switch; write force alone")),
        ("do aria move force=off", Some("not Aria's turn")),
        ("do aria move force=on", None),
        ("do aria move force", None),
        ("luck aria dazed force=zz", Some("force=zz: force is a switch; write force alone")),
    ];
    for &(line, expected) in cases {
        let refused = refusal(file, line);
        match expected {
            Some(why) => {
                assert!(refused.as_deref().is_some_and(|m| m.contains(why)), "{line}: {refused:?}")
            }
            None => assert_eq!(refused, None, "{line}"),
        }
    }
}
