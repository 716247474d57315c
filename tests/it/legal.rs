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
    // On Rook's turn (an attack out of turn needs a Wait or `force`, GURPS-MAN-11); its
    // broadsword is not ready, so it strikes bare-handed.
    ("gurps-demo.ron", "attack rook cultist-1 weapon=none skill=12 dmg=1d type=cr"),
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
        for field in rules.spec().attack.fields.iter().map(|f| f.name) {
            let line = with_field(base, field, "zz");
            let refused = refusal(file, &line);
            let free = FREE_TEXT.iter().find(|(s, f, _)| *s == rules.spec().key && *f == field);
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
            .chain(rules.spec().attack.fields)
            .filter(|f| f.kind == ArgKind::Switch)
            .map(|f| f.name)
            .collect();
        for &(toggle, _) in rules.spec().attack.toggles {
            let valued = TOGGLES_WITH_VALUES.contains(&(rules.spec().key, toggle));
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

/// Each system verb on a fight where it is legal up to its first die, or runs with none:
/// (demo save or none, setup run with seeded dice, the verb's line). Every verb of every system
/// has a line here, so a new verb cannot miss the check.
const VERBS: &[(Option<&str>, &str, &str)] = &[
    // WOIN-COND-6: Aria became Dazed this round.
    (Some("woin-demo.ron"), "", "luck aria dazed"),
    // WOIN-AMBUSH-1: declared before `start`.
    (None, "new woin\nadd A\nadd B", "ambush a b"),
    // SW-INIT-4: Bandit 1 holds, Bandit 2's turn comes.
    (Some("savage-demo.ron"), "hold", "interrupt bandit-1"),
    // SW-ATK-5.
    (Some("savage-demo.ron"), "", "blast bandit-1 jessa"),
    (Some("savage-demo.ron"), "", "deviate bandit-1"),
    // SW-ATK-4.
    (Some("savage-demo.ron"), "", "suppressed cole"),
    // SW-DMG-4: Jessa is wounded this round.
    (Some("savage-demo.ron"), "damage jessa 12", "soak jessa"),
    // SW-SHAKEN-1.
    (Some("savage-demo.ron"), "", "benny jessa"),
    // SW-ATK-2.
    (Some("savage-demo.ron"), "", "defend bandit-1"),
    // SW-ATK-6: tricks, tests of wills, grapple and disarm, each on Bandit 1's turn.
    (Some("savage-demo.ron"), "", "trick bandit-1 jessa"),
    (Some("savage-demo.ron"), "", "intimidate bandit-1 jessa"),
    (Some("savage-demo.ron"), "", "taunt bandit-1 jessa"),
    (Some("savage-demo.ron"), "", "grapple bandit-1 jessa"),
    (Some("savage-demo.ron"), "", "disarm bandit-1 jessa"),
    // SW-FEAR-1.
    (Some("savage-demo.ron"), "", "fear cole"),
    // SW-REACT-1.
    (Some("savage-demo.ron"), "", "reaction bandit-1"),
    // GURPS-MAN-3: Aim (braced) on Rook's turn.
    (Some("gurps-demo.ron"), "", "maneuver rook aim target=orc-brute"),
    // GURPS-MAN-6.
    (Some("gurps-demo.ron"), "", "feint rook orc-brute"),
    // GURPS-POST-1.
    (Some("gurps-demo.ron"), "", "posture rook kneeling"),
    // GURPS-HP-2.
    (Some("gurps-demo.ron"), "", "skipht rook"),
    // GEM-ACT-6: Tam is Tied Up on its own turn.
    (Some("gempunks-demo.ron"), "cond tam \"tied up\"", "escape tam dc=10"),
];

/// The session a verb line runs on.
fn verb_session(demo: Option<&str>, setup: &str) -> Session {
    let start = demo.map(session);
    let mut dice = skirmish::rules::dice::SeededDice::new(7);
    let targets = skirmish::cli::SaveTargets { after: None, loaded_from: None };
    skirmish::cli::run_script(start, setup, &mut dice, assets(), targets)
        .unwrap_or_else(|e| panic!("{demo:?} then {setup:?}: {e}"))
}

/// How `line` was refused after the setup, with no dice; `None` when it ran.
fn verb_refusal(demo: Option<&str>, setup: &str, line: &str) -> Option<String> {
    let command =
        skirmish::command::parse_in(line, Some(verb_session(demo, setup).encounter().system))
            .unwrap_or_else(|e| panic!("{line}: does not parse: {e}"))
            .unwrap_or_else(|| panic!("{line}: no command"));
    let mut dice = ScriptedDice::new([]);
    verb_session(demo, setup).execute(&command, &mut dice).err().map(|e| e.to_string())
}

/// The system verb a line runs.
fn verb_of(line: &str) -> &str {
    line.split(' ').next().unwrap_or_default()
}

// Design rules 4 and 5, issue 14 item 4: a verb's switches are declared in its signature
// (GURPS-MAN-3 `braced` on `maneuver`; `force` on every verb, SW-ACT-1, GEM-ACT-6) and take
// only on or off, refused before the verb runs; `=off` is the same as leaving it out. A field
// the verb does not declare is refused naming what it takes.
#[test]
fn every_verb_switch_takes_only_on_or_off() {
    let mut wrong = Vec::new();
    for system in skirmish::rules::System::ALL {
        for spec in system.rules().spec().commands.iter().map(|v| &v.spec) {
            let found = VERBS.iter().find(|(_, _, line)| verb_of(line) == spec.name);
            assert!(found.is_some(), "{system}: `{}` needs a line in VERBS", spec.name);
        }
    }
    for &(demo, setup, line) in VERBS {
        let spec = skirmish::command::table::find(verb_of(line), None).expect("a verb");
        let base = verb_refusal(demo, setup, line);
        assert!(
            base.as_deref().is_none_or(|m| m.contains("ran out")),
            "`{line}` should be legal up to its dice: {base:?}"
        );
        let switches = std::iter::once(&FORCE)
            .chain(spec.fields)
            .filter(|f| f.kind == ArgKind::Switch)
            .map(|f| f.name);
        for switch in switches {
            let refused = verb_refusal(demo, setup, &format!("{line} {switch}=zz"));
            let said = format!("{switch}=zz: {switch} is a switch; write {switch} alone");
            if !refused.as_deref().is_some_and(|m| m.contains(&said) && m.contains("=off")) {
                wrong.push(format!("{line} {switch}=zz: {refused:?}"));
            }
            let off = verb_refusal(demo, setup, &format!("{line} {switch}=off"));
            if off != base {
                wrong.push(format!("{line} {switch}=off: {off:?}, not as without it"));
            }
        }
        let stray = verb_refusal(demo, setup, &format!("{line} zz=1"));
        let said = format!("`{}` takes ", spec.name);
        if !stray.as_deref().is_some_and(|m| m.contains(&said) && m.contains("not 'zz'")) {
            wrong.push(format!("{line} zz=1: {stray:?}"));
        }
    }
    assert!(wrong.is_empty(), "verb fields read wrongly:\n{}", wrong.join("\n"));
}

/// `do` lines for every action that declares a switch: (demo, setup, line), legal as they are.
const DO_SWITCHES: &[(&str, &str, &str)] = &[
    // GURPS-MAN-3: Aim, braced.
    ("gurps-demo.ron", "", "do rook aim target=orc-brute"),
];

// Design rules 4 and 5: an action's switches are declared with it (GURPS-MAN-3 `braced` on
// `do … aim`, the same field `maneuver` declares) and take only on or off, like a verb's.
#[test]
fn every_do_switch_takes_only_on_or_off() {
    let mut wrong = Vec::new();
    for system in skirmish::rules::System::ALL {
        for action in system.rules().spec().actions {
            for switch in action.fields.iter().filter(|f| f.kind == ArgKind::Switch) {
                let line = DO_SWITCHES
                    .iter()
                    .find(|(_, _, l)| l.split(' ').nth(2) == Some(action.key))
                    .unwrap_or_else(|| panic!("{system}: `do … {}` needs a line", action.key));
                let (demo, setup, line) = *line;
                let base = verb_refusal(Some(demo), setup, line);
                assert_eq!(base, None, "`{line}` should run");
                let refused =
                    verb_refusal(Some(demo), setup, &format!("{line} {}=zz", switch.name));
                let said = format!("{0}=zz: {0} is a switch; write {0} alone", switch.name);
                if !refused.as_deref().is_some_and(|m| m.contains(&said)) {
                    wrong.push(format!("{line} {}=zz: {refused:?}", switch.name));
                }
                let on = verb_refusal(Some(demo), setup, &format!("{line} {}=on", switch.name));
                if on.is_some() {
                    wrong.push(format!("{line} {}=on: {on:?}", switch.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "action switches read wrongly:\n{}", wrong.join("\n"));
}

// Issue 14 item 4: every value field a verb declares (SW-ATK-6 disarm's dmg=, GURPS-MAN-6
// feint's defroll=, typed faces everywhere) is checked before the verb's first die, so
// `FIELD=zz` is refused naming the field, never with the dice running out.
#[test]
fn every_verb_field_refuses_a_bad_value_before_any_die() {
    let mut wrong = Vec::new();
    for &(demo, setup, line) in VERBS {
        let verb = verb_of(line);
        let spec = skirmish::command::table::find(verb, None).expect("a verb");
        for field in spec.fields.iter().filter(|f| f.kind != ArgKind::Switch).map(|f| f.name) {
            let typed = with_field(line, field, "zz");
            let refused = verb_refusal(demo, setup, &typed);
            if !refused.as_deref().is_some_and(|m| !m.contains("ran out") && names(m, field)) {
                wrong.push(format!("{typed}: {refused:?}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "refused late, silently or without naming the field:\n{}",
        wrong.join("\n")
    );
}

/// An unarmed weapon for Tam, for the Gempunks options made unarmed only.
const FISTS: &str = "weapon tam fists acc=0 dmg=1d6 unarmed";
/// Tam with its fists, grappling Bandit 1 (GEM-OPT-1).
const GRAPPLING: &str = "weapon tam fists acc=0 dmg=1d6 unarmed\ncond bandit-1 grappled by=Tam";

/// Attacks in the modes that read fields of their own, each legal up to its first die:
/// (demo save, setup run with seeded dice, the attack). `force` keeps the turn out of it.
const MODES: &[(&str, &str, &str)] = &[
    // WOIN-GRAB-1, WOIN-CALL-1.
    ("woin-demo.ron", "", "attack goblin-2 aria weapon=none pool=3d6 grab"),
    ("woin-demo.ron", "", "attack goblin-2 aria called=trip pool=8d6"),
    // A ranged weapon's modifiers (WOIN-ATK-2) and its dart.
    (
        "woin-demo.ron",
        "weapon goblin-2 blowpipe pool=3d6 dmg=1d6 ranged traits=dart",
        "attack goblin-2 aria blowpipe dart=sleeping pinned=1 crossfire=1 range=2",
    ),
    // SW-ATK-3: autofire, a double tap and a three-round burst; SW-ATK-2 a called shot.
    (
        "savage-demo.ron",
        "weapon bandit-1 smg dmg=2d6 rof=3 range=12/24/48 skill=shooting",
        "attack bandit-1 jessa smg autofire=3",
    ),
    (
        "savage-demo.ron",
        "weapon bandit-1 smg dmg=2d6 rof=3 range=12/24/48 skill=shooting",
        "attack bandit-1 jessa smg double_tap",
    ),
    (
        "savage-demo.ron",
        "weapon bandit-1 smg dmg=2d6 rof=3 range=12/24/48 skill=shooting",
        "attack bandit-1 jessa smg burst",
    ),
    ("savage-demo.ron", "", "attack bandit-1 jessa called=head"),
    ("savage-demo.ron", "", "attack bandit-1 jessa weapon=none dmg=str"),
    // GURPS-MAN-7: All-Out Attack (Double), the second strike's weapon named.
    (
        "gurps-demo.ron",
        "weapon rook sword skill=14 dmg=sw+1 type=cut\nmaneuver rook aoa-double",
        "attack rook orc-brute sword second=sword",
    ),
    // GURPS-ATK-6: a Rapid Strike; GURPS-ATK-2 a hit location; a ranged shot.
    (
        "gurps-demo.ron",
        "weapon rook sword skill=14 dmg=sw+1 type=cut",
        "attack rook orc-brute sword rapid",
    ),
    (
        "gurps-demo.ron",
        "weapon rook sword skill=14 dmg=sw+1 type=cut",
        "attack rook orc-brute sword loc=skull",
    ),
    ("gurps-demo.ron", "", "attack mira orc-brute pistol force"),
    // SW-ATK-1: a shotgun's damage by range band.
    (
        "savage-demo.ron",
        "weapon bandit-1 scattergun dmg=3d6 shotgun range=12/24/48 skill=shooting",
        "attack bandit-1 jessa scattergun range=medium",
    ),
    // GURPS-ATK-6: a Rapid Strike on two foes; GURPS-DEF-11 an ally's sacrifice.
    (
        "gurps-demo.ron",
        "weapon rook sword skill=14 dmg=sw+1 type=cut",
        "attack rook orc-brute,cultist-1 sword rapid",
    ),
    (
        "gurps-demo.ron",
        "weapon rook sword skill=14 dmg=sw+1 type=cut",
        "attack rook orc-brute,mira sword sacrifice=mira",
    ),
    // GEM-OPT-1..10: the options, each reading fields of its own.
    ("gempunks-demo.ron", "", "attack tam bandit-1 dmg=1d6 option=disarm"),
    ("gempunks-demo.ron", FISTS, "attack tam bandit-1 fists option=grapple"),
    ("gempunks-demo.ron", GRAPPLING, "attack tam bandit-1 fists option=ride ride=me"),
    ("gempunks-demo.ron", GRAPPLING, "attack tam bandit-1 fists tieup dc=12"),
    // GEM-REG-4: a regiment rolls some of its dice; GEM-ATK-5 its Assault.
    ("gempunks-regiment-demo.ron", "", "attack bandits vex n=2 force"),
    ("gempunks-regiment-demo.ron", "", "attack bandits vex assault force"),
    // GEM-ATK-6: hits shared among two targets.
    ("gempunks-demo.ron", "", "attack tam bandit-1,bandit-2 dmg=1d6 split=bandit-1:1,bandit-2:1"),
    // GEM-ATK: an Assault, an area attack, a ranged shot.
    ("gempunks-demo.ron", "", "attack tam bandit-1 dmg=1d6 assault"),
    ("gempunks-demo.ron", "", "attack tam bandit-1 dmg=1d6 area"),
    (
        "gempunks-demo.ron",
        "weapon tam pistol acc=1 dmg=1d6 ranged range=10/20/40",
        "attack tam bandit-1 pistol dist=15",
    ),
];

// Issue 14 item 4: a field read only in one mode (GURPS-MAN-7's second=, WOIN-GRAB-1,
// SW-ATK-3 autofire, a Gempunks Assault) is still checked before the first die, so `FIELD=zz`
// is refused naming it in every mode.
#[test]
fn every_attack_field_refuses_a_bad_value_in_every_mode() {
    let mut wrong = Vec::new();
    for &(file, setup, base) in MODES {
        let base_refusal = verb_refusal(Some(file), setup, base);
        if !ran_out(&base_refusal) {
            wrong
                .push(format!("{file}: `{base}` should be legal up to its dice: {base_refusal:?}"));
            continue;
        }
        assert!(
            ran_out(&base_refusal),
            "{file}: `{base}` should be legal up to its dice: {base_refusal:?}"
        );
        let rules = verb_session(Some(file), setup).encounter().system.rules();
        for field in rules.spec().attack.fields.iter().filter(|f| f.kind != ArgKind::Switch) {
            let free = FREE_TEXT.iter().any(|(s, f, _)| *s == rules.spec().key && *f == field.name);
            if free {
                continue;
            }
            let line = with_field(base, field.name, "zz");
            let refused = verb_refusal(Some(file), setup, &line);
            if !refused.as_deref().is_some_and(|m| !m.contains("ran out") && names(m, field.name)) {
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

// SW-ATK-2: the Savage Worlds modifiers that are on or off, with their numbers, are attack
// fields declared as switches, so the engine checks them as it checks every switch.
#[test]
fn sw_atk_2_modifier_switches_are_declared_switches() {
    use skirmish::rules::savage::{attack::ATTACK_FIELDS, tables::SWITCHES};
    for (name, ..) in SWITCHES {
        let declared = ATTACK_FIELDS.iter().find(|f| f.name == *name);
        assert_eq!(declared.map(|f| f.kind), Some(ArgKind::Switch), "{name}");
    }
}

// GURPS-MAN-3, GURPS-MAN-10, GURPS-MAN-11: a maneuver's field that belongs to another maneuver
// is refused rather than ignored, and Ready's weapon= must name an unready weapon.
#[test]
fn gurps_man_fields_belong_to_their_maneuver() {
    let cases: &[(&str, Option<&str>)] = &[
        ("maneuver rook aim target=orc-brute braced", None),
        ("maneuver rook attack braced", Some("`braced` is for aim (GURPS-MAN-3), not attack")),
        ("maneuver rook wait then=attack", None),
        ("maneuver rook aim target=orc-brute then=attack", Some("`then` is for wait")),
        ("maneuver rook ready weapon=broadsword", None),
        ("maneuver rook ready weapon=zz", Some("weapon=zz: Rook has no unready weapon")),
        ("maneuver rook attack weapon=broadsword", Some("`weapon` is for ready (GURPS-MAN-10)")),
    ];
    for &(line, expected) in cases {
        let refused = verb_refusal(Some("gurps-demo.ron"), "", line);
        match expected {
            Some(why) => {
                assert!(refused.as_deref().is_some_and(|m| m.contains(why)), "{line}: {refused:?}")
            }
            None => assert_eq!(refused, None, "{line}"),
        }
    }
}

// Design rule 4: the attack dialog's picks and toggles write only fields the system's one
// table declares, so a dialog can never build an attack the engine refuses as unknown.
#[test]
fn the_attack_dialog_writes_only_declared_fields() {
    for system in skirmish::rules::System::ALL {
        let rules = system.rules();
        let declared = |key: &str| {
            key == FORCE.name || rules.spec().attack.fields.iter().any(|f| f.name == key)
        };
        let picks = rules.spec().attack.choices.iter().flat_map(|c| c.options.iter().map(|o| o.1));
        let toggles = rules.spec().attack.toggles.iter().map(|t| t.0);
        for text in picks.chain(toggles) {
            for word in text.split_whitespace() {
                let key = word.split_once('=').map_or(word, |(k, _)| k);
                assert!(declared(key), "{system}: the dialog writes `{word}`, not declared");
            }
        }
    }
}
