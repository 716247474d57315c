//! Issue 14 item 9, typed dice: faces typed at the table are used first and the tracker rolls
//! the rest, the log saying which were which; a turn's own rolls (ongoing damage, a recovery or
//! survival roll) can be typed with `next roll=…` or, with `set typed_dice ask`, at a prompt
//! naming them; `check --replan` plays typed faces back.

use std::path::Path;

use crate::typed_command::Command;
use serde_json::Value;
use skirmish::app::App;
use skirmish::app::Mode;
use skirmish::command::parse;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::{ScriptedDice, SeededDice, TypedFirst};

use super::harness::{assets, run, run_err};
use super::tui::{drive, screen};

fn log(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .map(|lines| lines.iter().filter_map(|l| l["text"].as_str()).map(String::from).collect())
        .unwrap_or_default()
}

fn health(state: &Value, id: &str) -> i64 {
    let all = state["combatants"].as_array().expect("combatants");
    let c = all.iter().find(|c| c["id"] == id).expect("combatant");
    c["health"]["current"].as_i64().expect("health")
}

/// WOIN: Aria acts first; the goblin burns (1d6 fire as its turn starts, WOIN-COND-8).
const WOIN_BURNING: &str = "new woin t
add Aria side=pc init=3d6 health=30
add Goblin health=30
init Aria 20
init Goblin 5
start
cond Goblin burning
";

// WOIN-COND-8 (Burning's damage at the turn's start), typed with `next roll=`: the typed face
// is used, the log marks it; too many faces, or faces for a turn that rolls nothing, are
// refused with the counts.
#[test]
fn next_roll_types_the_turn_start_dice() {
    let state = run(&format!("{WOIN_BURNING}next roll=4"), "");
    assert_eq!(health(&state, "goblin"), 26);
    let lines = log(&state);
    assert_eq!(lines.last().map(String::as_str), Some("dice typed at the table: 4"), "{lines:#?}");
    let err = run_err(&format!("{WOIN_BURNING}next roll=4,2"), "");
    assert!(err.contains("roll= typed 2 faces but the turn's start rolled 1"), "{err}");
    let err = run_err(&format!("{WOIN_BURNING}uncond Goblin burning\nnext roll=4"), "");
    assert!(err.contains("the turn's start rolls no dice"), "{err}");
    let err = run_err(&format!("{WOIN_BURNING}next roll=7"), "");
    assert!(err.contains("face 7") && err.contains("d6"), "{err}");
    let err = run_err(&format!("{WOIN_BURNING}next roll=x"), "");
    assert!(err.contains("roll=x") && err.contains("a die face"), "{err}");
}

// SW-SHAKEN-1 (the Spirit roll to recover as the turn starts): the skill die typed, the Wild
// Die left to the tracker (here the script's 3).
#[test]
fn next_roll_types_some_faces_and_the_rest_are_rolled() {
    let script = "new savage t
add Aria side=pc spirit=d6 wild
add Bandit
init Aria 2C
init Bandit KS
start
cond Aria shaken
next roll=5";
    let state = run(script, "3");
    let lines = log(&state);
    assert!(lines.iter().any(|l| l.starts_with("Aria recovers from Shaken")), "{lines:#?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("dice typed at the table: 5 · rolled by the tracker: 3"),
        "{lines:#?}"
    );
}

// GURPS-HP-2: the HT roll at 0 HP or less as its turn begins, typed.
#[test]
fn next_roll_types_a_gurps_ht_roll() {
    let script = "new gurps t
add Aria side=pc ht=10 hp=10 dx=12
add Ogre ht=12 hp=20
init Aria 12
init Ogre 5
start
damage Ogre 21
next roll=6,6,6";
    // The knockdown roll of the major wound comes from the script; the HT roll is typed.
    let state = run(script, "4,1,6");
    let lines = log(&state);
    let ht = lines.iter().find(|l| l.contains("to stay conscious")).expect("an HT roll");
    assert!(ht.contains("rolls 18 vs 12"), "{ht}");
    assert_eq!(lines.last().map(String::as_str), Some("dice typed at the table: 6 6 6"));
}

#[test]
fn next_with_faces_reads_and_writes_back() {
    let command = parse("next roll=4,6").expect("parses").expect("a command");
    assert_eq!(Command::from(command.clone()), Command::Next { roll: vec![4, 6], flags: vec![] });
    assert_eq!(command.to_string(), "next roll=4,6");
    for bad in ["next 4", "next faces=4", "next roll="] {
        let err = parse(bad).expect_err(bad).to_string();
        assert!(err.contains("roll=") || err.contains("face"), "{bad}: {err}");
    }
}

/// A session whose commands had faces typed: in the tracker (a dialog's faces, some rolled
/// after them) and in the command (`next roll=`).
fn typed_session() -> Session {
    let mut s = Session::new(System::WOIN, "typed", assets());
    let mut seeded = SeededDice::new(9);
    for line in WOIN_BURNING.lines().skip(1) {
        let command = parse(line).expect("parses").expect("a command");
        s.execute(&command, &mut seeded).expect("runs");
    }
    let damage = parse("damage Aria 3d6").expect("parses").expect("a command");
    let mut dice = TypedFirst::new(ScriptedDice::new([6]), &mut seeded);
    s.execute(&damage, &mut dice).expect("runs");
    let next = parse("next roll=2").expect("parses").expect("a command");
    s.execute(&next, &mut seeded).expect("runs");
    // Answered roll by roll (issue 24): a typed face, then one the tracker rolled on the GM's
    // word, marked each as it came.
    let roll = parse("roll 2d6 for Aria").expect("parses").expect("a command");
    let mut marked = TypedFirst::marked(vec![(5, true), (3, false)], &mut seeded);
    s.execute(&roll, &mut marked).expect("runs");
    s
}

/// `check --replan` plays typed faces back as they were typed, so the same split is logged.
#[test]
fn replan_plays_typed_faces_back() {
    let s = typed_session();
    let marks: Vec<&str> =
        s.log().iter().map(|l| l.text.as_str()).filter(|t| t.starts_with("dice typed")).collect();
    assert_eq!(marks.len(), 2, "{marks:?}");
    assert!(marks[0].starts_with("dice typed at the table: 6 · rolled by the tracker: "));
    assert_eq!(marks[1], "dice typed at the table: 2");
    let last = s.log().last().map(|l| l.text.clone()).unwrap_or_default();
    assert_eq!(last, "dice: Aria's roll typed 5 · rolled 3");
    let dir = std::env::temp_dir().join(format!("skirmish-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("typed.ron");
    let (text, _) = skirmish::save::journal::write_full(&s).expect("written");
    std::fs::write(&path, text).expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .arg("check")
        .arg(&path)
        .arg("--replan")
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains(", 0 differ,"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(Path::new(env!("CARGO_MANIFEST_DIR")).exists());
}

fn tracker(session: Session, faces: &[u32]) -> App {
    let mut a = super::tui::app(session);
    a = a.with_dice(Box::new(ScriptedDice::new(faces.iter().copied())));
    a
}

fn woin_burning_session() -> Session {
    let mut s = Session::new(System::WOIN, "t", assets());
    let mut none = ScriptedDice::new([]);
    for line in WOIN_BURNING.lines().skip(1) {
        let command = parse(line).expect("parses").expect("a command");
        s.execute(&command, &mut none).expect("runs");
    }
    s
}

/// The question the open dialog asks now, as shown.
fn asked(a: &App) -> String {
    a.live_question().map(ToString::to_string).unwrap_or_default()
}

/// Issue 24 item 6: with `set typed_dice ask`, the next-turn key asks for the faces of each roll
/// the turn starts with, one at a time and named (WOIN-COND-8: the goblin's Burning); the faces
/// typed are used. Without it the turn passes at once and the tracker rolls; Enter on the empty
/// field lets the tracker roll that one; a turn that rolls nothing passes at once.
#[test]
fn the_next_key_asks_for_turn_start_faces_when_set_to() {
    let mut a = tracker(woin_burning_session(), &[1]);
    drive(&mut a, ":set typed_dice ask<Enter>n");
    let question = asked(&a);
    assert!(question.starts_with("Goblin's Burning") && question.ends_with("d6"), "{question}");
    let text = screen(&a, 80, 24);
    assert!(text.contains("next turn") && text.contains("Goblin's Burning"), "{text}");
    drive(&mut a, "5<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let goblin = a.session.encounter().get("goblin").expect("goblin");
    assert_eq!(goblin.health.current, 25, "the typed 5, not the tracker's 1");
    assert_eq!(a.session.log().last().map(|l| l.text.as_str()), Some("dice typed at the table: 5"));
    // Left as it is, the key passes the turn and the tracker rolls (its 1).
    let mut a = tracker(woin_burning_session(), &[1]);
    drive(&mut a, "n");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!(a.session.encounter().get("goblin").expect("goblin").health.current, 29);
    // Asked, but Enter on the empty field: the tracker rolls it, nothing marked typed.
    let mut a = tracker(woin_burning_session(), &[2]);
    drive(&mut a, ":set typed_dice ask<Enter>n<Enter>");
    assert_eq!(a.session.encounter().get("goblin").expect("goblin").health.current, 28);
    assert!(!a.session.log().iter().any(|l| l.text.starts_with("dice typed")));
    // A turn that rolls nothing passes at once, no prompt.
    let mut a = tracker(woin_burning_session(), &[]);
    drive(&mut a, ":uncond Goblin burning<Enter>:set typed_dice ask<Enter>n");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("goblin"));
}

/// SW-INIT-1, SW-SHAKEN-1: at a round's end the next-turn key deals the new round's cards
/// first, so the Spirit roll it asks for belongs to whoever those cards put first, and the faces
/// typed go to that roll.
#[test]
fn the_next_prompt_names_the_roll_of_whoever_the_new_deal_puts_first() {
    let mut s = Session::new(System::SAVAGE, "t", assets());
    let mut none = ScriptedDice::new([]);
    for line in [
        "add Jessa side=pc spirit=d6",
        "add Captain spirit=d8 wild",
        "add Cole side=pc",
        "init Jessa AS",
        "init Captain QS",
        "init Cole 2C",
        "start",
        "next",
        "next",
        "cond Jessa shaken",
        "cond Captain shaken",
    ] {
        let command = parse(line).expect("parses").expect("a command");
        s.execute(&command, &mut none).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    assert_eq!(s.encounter().current().map(|c| c.id.as_str()), Some("cole"));
    // The tracker's dice: three cards for the new deal; the typed faces do the rest.
    for cards in [[5, 30, 12], [40, 2, 7]] {
        let mut a = tracker(s.clone(), &cards);
        drive(&mut a, ":set typed_dice ask<Enter>n");
        let question = asked(&a);
        let Some(skirmish::rules::ask::Need::Roll(roll)) = a.live_question().cloned() else {
            panic!("{cards:?}: a roll is asked: {:?}", a.status)
        };
        // The trait die, then (a Wild Card's) the Wild Die, each its own step.
        let _ = roll;
        drive(&mut a, "2<Enter>");
        let mut faces = "2";
        if a.live_question().is_some() {
            drive(&mut a, "3<Enter>");
            faces = "2 3";
        }
        assert!(matches!(a.mode, Mode::Normal), "{cards:?}: {:?}", a.status);
        let first = a.session.encounter().current().map(|c| c.name.clone()).expect("a turn");
        assert!(question.starts_with(&format!("{first}'s Spirit")), "{cards:?}: {question}");
        let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
        let spirit = log.iter().rev().find(|l| l.contains("Shaken (Spirit")).expect("a roll");
        assert!(spirit.starts_with(&first), "{cards:?}: {spirit}");
        assert_eq!(log.last().copied(), Some(format!("dice typed at the table: {faces}").as_str()));
    }
}

/// Issue 24: with `set typed_dice ask`, a line typed after `:` that rolls (a newcomers'
/// initiative mid-fight, WOIN-INIT-1; a roll) asks for each roll's faces in a dialog; the faces
/// typed are used and marked. A line that rolls nothing runs at once.
#[test]
fn a_typed_line_asks_for_its_faces_when_set_to() {
    let mut a = tracker(woin_burning_session(), &[1, 1, 1, 1]);
    drive(&mut a, ":set typed_dice ask<Enter>:add Goblin x2 init=2d6<Enter>");
    let question = asked(&a);
    assert!(question.contains("2d6"), "{question}");
    drive(&mut a, "6 5<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let enc = a.session.encounter();
    let joined = enc.combatants.iter().find(|c| c.name == "Goblin 2").expect("joined");
    assert_eq!(joined.initiative.as_ref().map(|i| i.value.to_string()).as_deref(), Some("11"));
    assert_eq!(
        a.session.log().last().map(|l| l.text.as_str()),
        Some("dice typed at the table: 6 5")
    );
    drive(&mut a, ":roll 1d6<Enter>");
    assert_eq!(asked(&a), "roll: d6");
    drive(&mut a, "4<Enter>");
    assert!(a.status.text.contains("[4] = 4"), "{:?}", a.status);
    // Nothing to roll: no prompt.
    drive(&mut a, ":note Goblin tough<Enter>");
    assert!(matches!(a.mode, Mode::Normal));
    drive(&mut a, ":damage \"Goblin 2\" 2<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
}

/// A command's own `roll=` takes every face of its roll; too few is refused in those words, not
/// as a dice script running out.
#[test]
fn a_roll_field_with_too_few_faces_says_so() {
    let script = "new savage t
add Jessa side=pc fighting=d8
add Bandit
init Jessa AS
init Bandit 2C
start
attack Jessa Bandit roll=7";
    let err = run_err(script, "");
    assert!(err.contains("roll= gave 1 face and the roll needs another, for a d6"), "{err}");
    assert!(!err.contains("dice script"), "{err}");
}

/// SW-DMG-1: the attack dialog's list of rolls names the Strength die behind `str`, so the GM
/// throws the right one (a goblin's `str+d4` with Strength d4 is d4+d4); a damage with no `str`
/// is said as it is.
#[test]
fn savage_roll_order_names_the_strength_die() {
    let mut s = Session::new(System::SAVAGE, "t", assets());
    let mut none = ScriptedDice::new([]);
    for line in [
        "add Jessa side=pc wild",
        "add Gob strength=d4 fighting=d6",
        "weapon Gob dagger dmg=str+d4",
        "weapon Gob pistol dmg=2d6 range=12/24/48",
        "add Ogre strength=d12+2",
        "weapon Ogre club dmg=str+d8+1",
    ] {
        s.execute(&parse(line).expect("parses").expect("a command"), &mut none).expect(line);
    }
    let order = |line: &str| {
        let command = parse(line).expect("parses").expect("a command");
        skirmish::encounter::engine::attack_dice_order(s.encounter(), &command)
            .expect("planned")
            .expect("the system says")
    };
    let dagger = order("attack Gob Jessa dagger");
    assert!(dagger.contains("damage d4+d4 (str+d4, Strength d4)"), "{dagger}");
    let pistol = order("attack Gob Jessa pistol");
    assert!(pistol.contains("damage 2d6 (dice ace too)"), "{pistol}");
    let club = order("attack Ogre Jessa club");
    assert!(club.contains("damage d12+2+d8+1 (str+d8+1, Strength d12+2)"), "{club}");
}

/// The attack dialog's rolls say which dice to throw: GURPS `sw+1` as the dice the attacker's
/// ST makes (the spec's weapons line, `sw+2` resolved to dice: ST 13 swings 2d-1, so 2d), and a
/// Gempunks hit's damage with what a crit makes of it (GEM-CRIT-1: twice the dice and bonus).
#[test]
fn roll_orders_spell_out_the_dice_to_throw() {
    let order = |system: System, lines: &[&str], attack: &str| {
        let mut s = Session::new(system, "t", assets());
        let mut none = ScriptedDice::new([]);
        for line in lines {
            s.execute(&parse(line).expect("parses").expect("a command"), &mut none).expect(line);
        }
        let command = parse(attack).expect("parses").expect("a command");
        skirmish::encounter::engine::attack_dice_order(s.encounter(), &command)
            .expect("planned")
            .expect("the system says")
    };
    let gurps = order(
        System::GURPS,
        &["add Rook side=pc st=13", "weapon Rook broadsword dmg=sw+1 type=cut skill=14", "add Orc"],
        "attack Rook Orc broadsword",
    );
    assert!(gurps.contains("damage 2d (sw+1 at ST 13) if not defended"), "{gurps}");
    let gem = order(
        System::GEMPUNKS,
        &["add Vex side=pc", "weapon Vex blade dmg=1d6+2", "add Goblin"],
        "attack Vex Goblin blade",
    );
    assert!(gem.contains("damage 1d6+2 in attack-die order"), "{gem}");
    assert!(gem.contains("twice, 2d6+4"), "{gem}");
}

/// A goblin with a 3d6 blade (1d6 slashing) against Aria, on the goblin's turn.
const WOIN_BLADE: &str = "new woin
add Aria side=pc health=30 melee=10
add Gob health=20 melee=5
weapon Gob blade pool=3d6 dmg=1d6 type=slashing melee
init Gob 20
init Aria 10
start
";

/// `skirmish check --replan` on a saved fight: its exit code and what it printed.
fn check_replan(path: &Path) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .arg("check")
        .arg(path)
        .arg("--replan")
        .output()
        .expect("runs");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

// WOIN-CRIT-3, WOIN-CRIT-2, WOIN-COND-11: `dmgroll=` types every face after the attack roll in the
// order the attack dialog names them — the damage dice, a critical's explosions, its
// condition-table d6, then Pain's d6 — so a command typed with every face rolls nothing of the
// tracker's (no dice are scripted here) and replans to the same events after a save.
#[test]
fn woin_dmgroll_types_every_face_after_the_attack_and_replans() {
    // (lines, a log line each must leave)
    let cases: &[(&str, &str)] = &[
        // A critical: 4 damage, then the slashing row's d6 (1: Bleeding).
        ("attack Gob Aria roll=6,6,6 dmgroll=4,1", "critical hit: condition table"),
        // A six on the damage explodes (2) before the condition d6 (3: Blind).
        ("attack Gob Aria roll=6,6,6 dmgroll=6,2,3", "Aria gains Blind"),
        // Pain: the second action's d6 comes last.
        (
            "cond Gob pain\nattack Gob Aria roll=1,1,1\nattack Gob Aria roll=6,6,6 dmgroll=4,1,3",
            "Gob takes 3: Pain (first) on a second action this turn",
        ),
        // A miss rolls no damage: its only face is Pain's.
        (
            "cond Gob pain\nattack Gob Aria roll=1,1,1\nattack Gob Aria roll=1,1,1 dmgroll=5",
            "Gob takes 5: Pain (first)",
        ),
    ];
    let dir = std::env::temp_dir().join(format!("skirmish-dmgroll-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    for (i, (lines, expected)) in cases.iter().enumerate() {
        let script = format!("{WOIN_BLADE}{lines}\n");
        let state = run(&script, "");
        assert!(log(&state).iter().any(|l| l.contains(expected)), "{lines}: {:?}", log(&state));
        // Save, then check: every command plans again to the events it made.
        let path = dir.join(format!("dmgroll-{i}.ron"));
        let ran = super::harness::exec(&script, "", Some(&path));
        super::harness::check_success(ran, &script, "");
        let (code, said) = check_replan(&path);
        assert_eq!(code, Some(0), "{lines}: {said}");
        assert!(said.contains(", 0 differ,"), "{lines}: {said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Too few faces, or too many, are refused naming the field.
    let refusals: &[(&str, &str)] = &[
        ("attack Gob Aria roll=6,6,6 dmgroll=4", "dmgroll= gave 1 face and the roll needs another"),
        (
            "attack Gob Aria roll=6,6,6 dmgroll=4,1,2",
            "dmgroll= gave 1 more face(s) than the rolls need",
        ),
        (
            "cond Gob pain\nattack Gob Aria roll=1,1,1\nattack Gob Aria roll=6,6,6 dmgroll=4,1",
            "dmgroll= gave 2 faces and the roll needs another",
        ),
    ];
    for (lines, expected) in refusals {
        let err = run_err(&format!("{WOIN_BLADE}{lines}\n"), "");
        assert!(err.contains(expected), "{lines}: {err}");
    }
}
