//! Issue 24 in the tracker, key by key: a dialog's command asks each roll and each decision when
//! the rules reach it, takes the faces typed or has the tracker roll on the GM's word, steps back
//! with its answers kept, and never rolls a die by itself.

use skirmish::app::{App, Mode};
use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::ask::Need;
use skirmish::rules::dice::{ScriptedDice, SeededDice};

use super::tui::{answer, app, assets, drive, screen};

fn session(system: System, lines: &[&str]) -> Session {
    let mut s = Session::new(system, "live", assets());
    let mut dice = SeededDice::new(1);
    for line in lines {
        let command = parse_in(line, Some(system)).expect("reads").expect("a line");
        s.execute(&command, &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    s
}

/// A tracker whose own dice are empty: any die it rolled by itself would refuse the command.
fn no_dice(session: Session) -> App {
    app(session).with_dice(Box::new(ScriptedDice::new([])))
}

/// What the open dialog asks now, as shown.
fn asked(a: &App) -> String {
    a.live_question().map(ToString::to_string).unwrap_or_default()
}

/// Rook (Speed 7) with a broadsword at 14 against an Orc with an axe (Parry 10), on Rook's turn.
fn gurps() -> Session {
    session(
        System::GURPS,
        &[
            "add Rook side=pc st=12 dx=12 ht=12 speed=7",
            "weapon Rook broadsword skill=14 dmg=2d+1 type=cut",
            "add Orc hp=12 ht=11 dr=2 speed=5",
            "weapon Orc axe skill=14 dmg=sw type=cut",
            "start",
        ],
    )
}

/// GURPS-ORDER-1, GURPS-DEF-8, GURPS-MAJOR-1: the attack dialog asks the maneuver, the attack
/// roll, the defender's choice once it hits, the defense roll, the damage and the knockdown, each
/// in turn, with what came before; every face typed at the table, none rolled by the tracker.
#[test]
fn gurps_order_1_an_attack_key_by_key_in_the_tables_order() {
    let mut a = no_dice(gurps());
    // Attacker, target, weapon, location, switches, more: then the rules' questions.
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter>");
    assert!(asked(&a).starts_with("Rook's maneuver (none taken this turn)"), "{}", asked(&a));
    drive(&mut a, "<Enter>");
    assert_eq!(asked(&a), "Rook's attack on Orc 14: 3d6, needs 14 or less");
    drive(&mut a, "3 3 4<Enter>");
    let text = screen(&a, 80, 24);
    assert!(text.contains("success by 4"), "the roll's verdict shows before the defense\n{text}");
    assert!(
        asked(&a).starts_with("Orc's defense: defense=parry:axe | defense=dodge"),
        "{}",
        asked(&a)
    );
    drive(&mut a, "<Down><Enter>");
    assert!(asked(&a).starts_with("Orc's Dodge"), "{}", asked(&a));
    drive(&mut a, "6 5 4<Enter>");
    assert_eq!(asked(&a), "Rook's broadsword damage: 2d+1 cut");
    drive(&mut a, "6 6<Enter>");
    // 13 cutting less DR 2 = 11 × 1.5 = 16: a major wound, so a knockdown roll.
    assert!(asked(&a).starts_with("Orc's knockdown"), "{}", asked(&a));
    drive(&mut a, "3 3 3<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let last = a.session.entries().last().map(|e| e.command.clone());
    assert_eq!(
        last.as_deref(),
        Some("attack rook orc \"broadsword\" maneuver=attack defense=dodge")
    );
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert_eq!(log.last().copied(), Some("dice typed at the table: 3 3 4 6 5 4 6 6 3 3 3"));
}

/// Issue 24 item 3: Shift-Tab (and Backspace on an empty field) goes back one step from any
/// step, with that step's answer kept to change; the questions after it are asked again.
#[test]
fn a_step_back_from_every_step_keeps_its_answer() {
    let mut a = no_dice(gurps());
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4<Enter>");
    assert!(asked(&a).starts_with("Orc's defense"), "{}", asked(&a));
    // Back from the defense to the attack roll: its faces are there to change.
    drive(&mut a, "<S-Tab>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("open") };
    let Some(skirmish::app::dialog::Step::Text { input, .. }) = dialog.step() else {
        panic!("the attack roll's step: {dialog:?}")
    };
    assert_eq!(input.value(), "3 3 4");
    assert!(asked(&a).starts_with("Rook's attack on Orc"), "{}", asked(&a));
    // A typo fixed in its own step: a miss now (15), and nothing more is asked.
    drive(&mut a, "<BS><BS><BS><BS><BS>6 5 4<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    assert!(a.session.log().iter().any(|l| l.text.contains("rolls 15 vs 14: failure by 1")));

    // Back through every step to the first, Backspace on each empty field.
    let mut a = no_dice(gurps());
    let before = a.session.entries().len();
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4<Enter><Enter>");
    assert!(asked(&a).starts_with("Orc's Parry"), "{}", asked(&a));
    let mut seen = Vec::new();
    for _ in 0..12 {
        let Mode::Dialog(dialog) = &a.mode else { break };
        seen.push((dialog.at, dialog.step().map(|s| s.label().to_string()).unwrap_or_default()));
        if dialog.at == 0 {
            break;
        }
        drive(&mut a, "<S-Tab>");
    }
    let steps: Vec<usize> = seen.iter().map(|(at, _)| *at).collect();
    assert_eq!(steps, (0..=9).rev().collect::<Vec<_>>(), "{seen:?}");
    assert_eq!(seen.last().map(|(_, l)| l.as_str()), Some("attacker"));
    // Forward again with Enter: the answers kept take it to the same question.
    drive(&mut a, "<Enter><Enter><Enter><Enter><Enter><Enter><Enter>");
    assert!(asked(&a).starts_with("Rook's attack on Orc"), "{}", asked(&a));
    assert_eq!(a.session.entries().len(), before, "nothing ran");
}

/// Issue 24 item 3: Esc leaves a dialog at once until faces were typed; then it asks first.
#[test]
fn esc_asks_first_once_faces_were_typed() {
    let mut a = no_dice(gurps());
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>");
    drive(&mut a, "<Esc>");
    assert!(matches!(a.mode, Mode::Normal), "nothing typed: it leaves");
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4<Enter><Esc>");
    assert!(matches!(a.mode, Mode::Dialog(_)), "faces typed: asked first");
    assert!(a.status.text.contains("Esc again leaves"), "{:?}", a.status);
    drive(&mut a, "<Down>");
    assert!(matches!(a.mode, Mode::Dialog(_)), "any other key goes on");
    drive(&mut a, "<Esc><Esc>");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!(a.session.entries().len(), gurps().entries().len(), "nothing ran");
}

/// Issue 24 item 4: `r` (or Enter on an empty field) has the tracker roll that one roll, and the
/// log marks each roll typed or rolled; surplus faces are refused in their step.
#[test]
fn each_roll_is_typed_or_rolled_on_the_gms_word() {
    let mut a = app(gurps()).with_dice(Box::new(ScriptedDice::new([5, 5, 5, 1, 1])));
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter><Enter>3 3 4 1<Enter>");
    assert!(a.status.text.contains("takes 3 faces; 4 typed"), "{:?}", a.status);
    drive(&mut a, "<BS><BS><Enter>");
    // The defense: none; the damage rolled by the tracker (1 + 1 + 1 = 3 cut).
    let none = "<Down>".repeat(10);
    drive(&mut a, &format!("{none}<Enter>"));
    assert_eq!(asked(&a), "Rook's broadsword damage: 2d+1 cut");
    drive(&mut a, "r");
    // 5 + 5 + 1 = 11 cut, 9 through DR 2, 13 injury: a major wound; its knockdown rolled too.
    assert!(asked(&a).starts_with("Orc's knockdown"), "{}", asked(&a));
    drive(&mut a, "<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    let marks = log.iter().find(|l| l.starts_with("dice: ")).expect("the marks");
    assert!(marks.contains("typed 3 3 4"), "{marks}");
    assert!(marks.contains("Rook's broadsword damage rolled 5 5"), "{marks}");
    assert!(marks.contains("rolled 5 1 1"), "{marks}");
}

/// SW-DMG-1, SW-DMG-4 in the tracker: the damage asked one die at a time, then the soak with a
/// benny offered once the wounds are known, and its Vigor roll asked when taken.
#[test]
fn sw_dmg_4_the_soak_is_asked_after_the_wounds() {
    let s = session(
        System::SAVAGE,
        &[
            "add Hero wild side=pc spirit=d6 strength=d6 vigor=d8 fighting=d8 parry=4 toughness=6 \
             bennies=2",
            "add Orc extra spirit=d6 strength=d8 vigor=d6 fighting=d6 parry=5 toughness=6",
            "weapon Orc axe dmg=str+d6+2",
            "init Hero QH",
            "init Orc AS",
            "start",
        ],
    );
    let mut a = no_dice(s);
    drive(&mut a, "a<Enter>hero<Enter><Enter><Enter><Enter>");
    assert!(asked(&a).starts_with("Orc's Fighting: d6"), "{}", asked(&a));
    drive(&mut a, "5<Enter>");
    // The damage one die at a time (each may ace): the d8, then the d6.
    assert!(asked(&a).starts_with("Orc's damage: d8 (first of d8+d6+2)"), "{}", asked(&a));
    drive(&mut a, "7<Enter>");
    assert!(asked(&a).starts_with("Orc's damage, next die: d6"), "{}", asked(&a));
    drive(&mut a, "5<Enter>");
    assert!(asked(&a).starts_with("Hero takes 2 wound(s): soak?"), "{}", asked(&a));
    drive(&mut a, "<Down><Enter>");
    assert!(asked(&a).contains("Vigor"), "{}", asked(&a));
    let left = answer(&mut a, &[6, 2, 3]);
    assert!(matches!(a.mode, Mode::Normal), "{:?} {left:?}", a.status);
    let hero = a.session.encounter().get("hero").expect("hero");
    assert_eq!(hero.stats.int_or("bennies", 0), 1, "the benny spent");
}

/// Issue 24 item 6: with `set typed_dice ask`, a newcomer whose initiative ties asks for the
/// roll-off die in the dialog; the next command line is never taken for it.
#[test]
fn a_newcomers_tie_roll_off_is_asked_and_never_takes_the_next_line() {
    let s = session(
        System::WOIN,
        &[
            "add Aria side=pc",
            "add Goblin",
            "init Aria 12",
            "init Goblin 8",
            "start",
            "set typed_dice ask",
            "add Orc",
        ],
    );
    let mut a = no_dice(s);
    drive(&mut a, ":init Orc 12<Enter>");
    let question = asked(&a);
    assert!(question.contains("roll-off") && question.ends_with("1d6"), "{question}");
    let Some(Need::Roll(_)) = a.live_question() else { panic!("a roll") };
    let left = answer(&mut a, &[6, 1, 2, 3, 4, 5]);
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    assert!(left.len() < 6, "faces were asked for the roll-off");
    drive(&mut a, ":note Orc grim<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "the line ran as itself: {:?}", a.status);
    assert!(a.session.log().iter().any(|l| l.text.contains("grim")));
}

/// GURPS-MAN-7 key by key: the maneuver picked in the attack dialog (All-Out Attack, Double),
/// then each strike in turn: its roll, the defense, its damage and knockdown, and only then the
/// second strike's dice.
#[test]
fn gurps_man_7_a_double_all_out_attack_strike_by_strike_from_the_dialog() {
    let mut a = no_dice(gurps());
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter><Enter>");
    assert!(asked(&a).starts_with("Rook's maneuver"), "{}", asked(&a));
    drive(&mut a, "double<Enter>");
    let mut seen = Vec::new();
    for faces in ["3 3 4", "", "6 5 5", "6 6", "2 2 2", "3 3 4", "", "2 2 2"] {
        seen.push(asked(&a));
        // An empty answer is a decision: the first option (the best defense).
        drive(&mut a, &format!("{faces}<Enter>"));
    }
    assert!(matches!(a.mode, Mode::Normal), "{:?}\n{seen:#?}", a.status);
    assert!(seen[0].starts_with("Rook's attack on Orc 14"), "{seen:#?}");
    assert!(
        seen[4].starts_with("Orc's knockdown"),
        "the first strike's knockdown first: {seen:#?}"
    );
    assert!(seen[5].contains("second attack"), "{seen:#?}");
    let last = a.session.entries().last().map(|e| e.command.clone()).unwrap_or_default();
    assert!(last.contains("maneuver=aoa-double"), "{last}");
}
