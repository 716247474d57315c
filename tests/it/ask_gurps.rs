//! GURPS at the table's order (issue 24 items 1, 2, 5, 6): every roll named when the rules
//! reach it, the defense decided after the attack hits, several strikes walked one by one, a
//! turn's own rolls asked, an incomplete command refused by `skirmish run`, an attack out of
//! turn refused.

use std::sync::Arc;

use crate::walk::{Answer, walk};
use skirmish::command::{Command, parse_in};
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;

fn command(line: &str) -> Command {
    parse_in(line, Some(System::GURPS))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: blank"))
}

/// Rook (Speed 7, acts first), broadsword at 14 (2d+1 cut); Orc (HP 12, HT 11, DR 2, Dodge 8)
/// with an axe at 14 (Parry 10); then `more`.
fn fight(more: &[&str]) -> Session {
    let assets = Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::GURPS, "ask", assets);
    let mut dice = SeededDice::new(1);
    let setup = [
        "add Rook side=pc st=12 dx=12 ht=12 speed=7",
        "weapon Rook broadsword skill=14 dmg=2d+1 type=cut",
        "add Orc hp=12 ht=11 dr=2 speed=5",
        "weapon Orc axe skill=14 dmg=sw type=cut",
    ];
    for line in setup.iter().chain(more) {
        session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

fn show(s: &Session, line: &str, answers: &[Answer]) {
    let w = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| walk(s, line, answers)));
    match w {
        Ok(w) => eprintln!("{line}\n{:#?}\n{}", w.asked, w.line),
        Err(_) => eprintln!("{line}: panicked"),
    }
}

#[test]
fn probe() {
    let s = fight(&["start", "maneuver Rook aoa-double"]);
    show(&s, "attack Rook Orc", &[Answer::Faces(&[3, 3, 4]), Answer::Pick("defense1=dodge"), Answer::Faces(&[6,5,5]), Answer::Faces(&[1,1]), Answer::Faces(&[3,3,4]), Answer::Pick("defense2=parry:axe"), Answer::Faces(&[2,2,2])]);
    let s = fight(&["start"]);
    show(&s, "attack Rook Orc rapid", &[Answer::Faces(&[2, 2, 2]), Answer::Pick("defense1=dodge"), Answer::Faces(&[6,5,5]), Answer::Faces(&[1,1]), Answer::Faces(&[5,5,5])]);
    let s = fight(&["start", "damage Orc 13"]);
    show(&s, "next", &[Answer::Faces(&[3, 3, 3])]);
    let s = fight(&["start", "next", "maneuver Orc aod-dodge", "next"]);
    show(&s, "attack Rook Orc", &[Answer::Faces(&[3, 3, 4]), Answer::Pick("defense=dodge"), Answer::Faces(&[2,2,2])]);
    let s = fight(&["start", "next", "maneuver Orc aoa-determined", "next"]);
    show(&s, "attack Rook Orc", &[Answer::Faces(&[3, 3, 4]), Answer::Faces(&[1,1])]);
}
