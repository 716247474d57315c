//! Planning that stops to ask (issue 23 item 4). A GURPS attack with no defense named stops at
//! its attack roll, then, once that roll hits, at the defender's decision with the defenses
//! open and their odds; answered, it plans again through the same prefix, and the command that
//! is kept carries the answer. A source that plays on by itself never stops.

use std::sync::Arc;

use skirmish::command::{Command, parse_in};
use skirmish::encounter::engine::{Planned, plan, plan_asking};
use skirmish::encounter::{Assets, Session};
use skirmish::rules::System;
use skirmish::rules::ask::Need;
use skirmish::rules::dice::{DiceSource, ScriptedDice, SeededDice};
use skirmish::save;

fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("shipped assets parse"))
}

/// Rook (Speed 7, acts first), broadsword at 14; Orc with an axe at 14 (Parry 10), Dodge 8.
fn fight() -> Session {
    let mut session = Session::new(System::GURPS, "ask", assets());
    let mut dice = SeededDice::new(1);
    for line in [
        "add Rook side=pc st=12 dx=12 ht=12 speed=7",
        "weapon Rook broadsword skill=14 dmg=2d+1 type=cut",
        "add Orc hp=12 ht=11 dr=2 speed=5",
        "weapon Orc axe skill=14 dmg=sw type=cut",
        "start",
        // Rook's maneuver taken: its attacks ask no maneuver first.
        "maneuver Rook attack",
    ] {
        session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

fn command(line: &str) -> Command {
    parse_in(line, Some(System::GURPS))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: blank"))
}

fn ask(session: &Session, line: &str, faces: &[u32], rest: &mut dyn DiceSource) -> Planned {
    let command = command(line);
    let verb = command.invocation().expect("a verb");
    plan_asking(session.encounter(), verb, &assets(), faces.to_vec(), rest)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn gurps_def_1_the_defense_is_asked_after_the_attack_roll_hits() {
    let session = fight();
    let mut nothing = ScriptedDice::new([]);

    // Nothing answered: the first question is the attack roll itself.
    let Planned::Asks(first) = ask(&session, "attack Rook Orc", &[], &mut nothing) else {
        panic!("the attack roll is asked first");
    };
    let Need::Roll(roll) = &first.need else { panic!("a roll: {:?}", first.need) };
    assert_eq!(roll.to_string(), "Rook's attack on Orc 14: 3d6, needs 14 or less");
    assert!(first.so_far.is_empty() && first.faces.is_empty());

    // 3, 3, 4 (10) hits: now the defender decides, before any defense die.
    let Planned::Asks(second) = ask(&session, "attack Rook Orc", &[3, 3, 4], &mut nothing) else {
        panic!("the defense is asked next");
    };
    assert_eq!(second.so_far, ["Rook's attack on Orc 14: 3d6 showed 3, 3, 4 (10): success by 4"]);
    assert_eq!(second.faces, [3, 3, 4]);
    let Need::Decide(decision) = &second.need else { panic!("a decision: {:?}", second.need) };
    assert_eq!(decision.field, "defense");
    assert_eq!(decision.label, "Orc's defense");
    let texts: Vec<&str> = decision.options.iter().map(|p| p.text.as_str()).collect();
    // The best names the defense it is; then each open one, the same retreating, and none.
    assert_eq!(
        texts,
        [
            "defense=parry:axe",
            "defense=dodge",
            "defense=parry:axe",
            "defense=dodge retreat",
            "defense=parry:axe retreat",
            "defense=dodge drop",
            "defense=none"
        ]
    );
    // Each open defense with its value and its odds.
    assert!(decision.options[2].label.starts_with("Parry (axe) 10: 50.0%"), "{decision:?}");

    // A miss (16) stops at nothing more: no defense is asked of an attack that missed.
    let Planned::Done(events) = ask(&session, "attack Rook Orc", &[5, 6, 5], &mut nothing) else {
        panic!("a miss needs no defense");
    };
    assert!(!events.is_empty());
}

#[test]
fn gurps_def_1_an_answered_defense_plans_again_through_the_same_prefix() {
    let session = fight();
    let mut nothing = ScriptedDice::new([]);
    let line = "attack Rook Orc defense=parry:axe";
    // The answer is the option's text, added to the command: the parry roll is asked next.
    let Planned::Asks(parry) = ask(&session, line, &[3, 3, 4], &mut nothing) else {
        panic!("the parry roll is asked");
    };
    let Need::Roll(roll) = &parry.need else { panic!("a roll: {:?}", parry.need) };
    assert_eq!(roll.to_string(), "Orc's Parry (axe) 10: 3d6, needs 10 or less");
    assert_eq!(parry.so_far, ["Rook's attack on Orc 14: 3d6 showed 3, 3, 4 (10): success by 4"]);

    // The parry fails (15): the damage is asked, named with its dice.
    let Planned::Asks(damage) = ask(&session, line, &[3, 3, 4, 5, 5, 5], &mut nothing) else {
        panic!("the damage roll is asked");
    };
    let Need::Roll(roll) = &damage.need else { panic!("a roll: {:?}", damage.need) };
    assert_eq!(roll.to_string(), "Rook's broadsword damage: 2d+1 cut");
    // 2d+1 = 3 cutting, 1 through DR 2: no knockdown to ask.
    let Planned::Done(asked) = ask(&session, line, &[3, 3, 4, 5, 5, 5, 1, 1], &mut nothing) else {
        panic!("every answer is there");
    };
    // The same command planned in one go with the same faces gives the same events.
    let command = command(line);
    let verb = command.invocation().expect("a verb");
    let mut all = ScriptedDice::new([3, 3, 4, 5, 5, 5, 1, 1]);
    let whole = plan(session.encounter(), verb, &assets(), &mut all).expect("plans");
    assert_eq!(asked, whole);
    assert_eq!(command.to_string(), line, "the kept command carries the answer");
}

#[test]
fn gurps_def_1_the_best_defense_answered_by_name_plans_on() {
    let session = fight();
    let mut nothing = ScriptedDice::new([]);
    // `defense=best` answers the decision: the next question is the best defense's roll.
    let asked = ask(&session, "attack Rook Orc defense=best", &[3, 3, 4], &mut nothing);
    let Planned::Asks(parry) = asked else { panic!("the parry roll is asked") };
    let Need::Roll(roll) = &parry.need else { panic!("a roll: {:?}", parry.need) };
    assert_eq!(roll.to_string(), "Orc's Parry (axe) 10: 3d6, needs 10 or less");
}

#[test]
fn gurps_def_1_so_far_gives_each_named_roll_its_own_dice() {
    let session = fight();
    // No defense: the attack hits (10), the damage is 6 + 6 + 1 = 13 cutting (a major wound), and
    // the knockdown's HT roll is asked after it.
    let mut nothing = ScriptedDice::new([]);
    let asked = ask(&session, "attack Rook Orc defense=none", &[3, 3, 4, 6, 6], &mut nothing);
    let Planned::Asks(question) = asked else { panic!("a roll after the damage") };
    assert_eq!(
        question.so_far,
        [
            "Rook's attack on Orc 14: 3d6 showed 3, 3, 4 (10): success by 4",
            "Rook's broadsword damage: 2d+1 cut showed 6, 6"
        ]
    );
    assert_eq!(question.faces, [3, 3, 4, 6, 6], "the damage faces are kept with the answers");
    let Need::Roll(roll) = &question.need else { panic!("a roll: {:?}", question.need) };
    assert_eq!(roll.to_string(), "Orc's knockdown HT 11: 3d6, needs 11 or less");
}

#[test]
fn gurps_def_1_a_source_that_plays_on_takes_the_best_defense_and_never_stops() {
    let session = fight();
    let command = command("attack Rook Orc");
    let verb = command.invocation().expect("a verb");
    // Attack 10 hits; the best defense (Parry 10) fails on 15; damage 1, 1.
    let mut dice = ScriptedDice::new([3, 3, 4, 5, 5, 5, 1, 1]);
    let events = plan(session.encounter(), verb, &assets(), &mut dice).expect("never asks");
    assert_eq!(dice.remaining(), 0);
    let text = format!("{events:?}");
    assert!(text.contains("Parry (axe)"), "{text}");
}
