//! Durations anchored to turns (issue 27, item 1): `cond … until=start|end [of=NAME] [turns=N]`
//! ends exactly at that edge of the anchor's turn, across holds, interrupted turns and a hold
//! that lapses, ends with an anchor that leaves, and comes back with undo, redo and branches.

use std::path::Path;

use skirmish::command::parse_in;
use skirmish::encounter::{Outcome, Session};
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;

use super::harness::assets;

/// Mira (20), Orc (15) and Gob (10), typed initiative (no dice), and round 1 under way:
/// Mira's turn.
const FIGHT: &str = "
    add Mira side=pc
    add Orc side=enemy
    add Gob side=enemy
    init Mira 20
    init Orc 15
    init Gob 10
    start
";

fn run(session: &mut Session, line: &str) -> Result<Outcome, String> {
    let command = parse_in(line, Some(session.encounter().system))
        .map_err(|e| e.to_string())?
        .ok_or("a blank line")?;
    session.execute(&command, &mut ScriptedDice::new([])).map_err(|e| e.to_string())
}

/// Play each line of `script` on `session`; every one must be accepted.
fn play_on(session: &mut Session, script: &str) {
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Err(err) = run(session, line) {
            panic!("`{line}` was refused: {err}");
        }
    }
}

fn fight(more: &str) -> Session {
    let mut session = Session::new(System::WOIN, "anchors", assets());
    play_on(&mut session, FIGHT);
    play_on(&mut session, more);
    session
}

fn has(session: &Session, who: &str, condition: &str) -> bool {
    let enc = session.encounter();
    enc.combatants.iter().find(|c| c.name == who).expect(who).condition(condition).is_some()
}

fn whose_turn(session: &Session) -> String {
    let enc = session.encounter();
    let id = &enc.turn.as_ref().expect("a turn").id;
    enc.get(id).expect("its combatant").name.clone()
}

fn log(session: &Session) -> Vec<String> {
    session.log().iter().map(|l| l.text.clone()).collect()
}

/// The index of the log line equal to `text`.
fn line(session: &Session, text: &str) -> usize {
    let log = log(session);
    log.iter().position(|l| l == text).unwrap_or_else(|| panic!("no line {text:?} in {log:#?}"))
}

#[test]
fn given_during_the_bearers_own_turn_it_ends_at_the_end_of_its_next_one() {
    let mut s = fight("cond Mira deaf until=end");
    assert!(log(&s).contains(&"Mira gains Deaf until the end of Mira's next turn".to_string()));
    // Mira's turn goes by (it was given in it), Orc's and Gob's, then her next one begins.
    play_on(&mut s, "next\nnext\nnext");
    assert_eq!((s.encounter().round, whose_turn(&s).as_str()), (2, "Mira"));
    assert!(has(&s, "Mira", "Deaf"), "it lasts through her whole next turn");
    play_on(&mut s, "next");
    assert!(!has(&s, "Mira", "Deaf"));
    // Logged as her turn ends, before Orc's begins.
    let ends = line(&s, "Mira's Deaf ends: the end of Mira's turn");
    assert!(ends < s.log().len() - 1);
    assert_eq!(s.log()[ends + 1].text, "Orc's turn");
}

#[test]
fn until_the_start_of_anothers_turn() {
    let mut s = fight("cond Orc blind until=start of=Mira");
    assert!(log(&s).contains(&"Orc gains Blind until the start of Mira's turn".to_string()));
    play_on(&mut s, "next\nnext");
    assert!(has(&s, "Orc", "Blind"), "Orc's and Gob's turns do not count");
    play_on(&mut s, "next");
    assert!(!has(&s, "Orc", "Blind"));
    // Ended as Mira's turn begins, before anything else in it.
    let turn = line(&s, "Mira's turn");
    let turns: Vec<usize> =
        log(&s).iter().enumerate().filter(|(_, l)| *l == "Mira's turn").map(|(i, _)| i).collect();
    assert_eq!(turns.len(), 2);
    assert_eq!(s.log()[turns[1] + 1].text, "Orc's Blind ends: the start of Mira's turn");
    assert!(turn < turns[1]);
}

#[test]
fn until_the_end_of_anothers_turn_given_before_it() {
    let mut s = fight("cond Mira afraid until=end of=Orc");
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Orc");
    assert!(has(&s, "Mira", "Afraid"), "Orc's turn has begun, not ended");
    play_on(&mut s, "next");
    assert!(!has(&s, "Mira", "Afraid"));
    let ends = line(&s, "Mira's Afraid ends: the end of Orc's turn");
    assert_eq!(s.log()[ends + 1].text, "Gob's turn");
}

#[test]
fn turns_two_counts_two_of_the_anchors_turns() {
    let mut s = fight("cond Orc blind until=start of=Gob turns=2");
    let text = "Orc gains Blind until the start of Gob's turn, in 2 of Gob's turns";
    assert!(log(&s).contains(&text.to_string()));
    play_on(&mut s, "next\nnext");
    assert_eq!(whose_turn(&s), "Gob");
    assert!(has(&s, "Orc", "Blind"), "one of two starts");
    let left = |s: &Session| {
        let orc = s.encounter().combatants.iter().find(|c| c.name == "Orc").expect("Orc").clone();
        orc.condition("Blind").and_then(|k| k.until.as_ref()).map(|a| a.turns)
    };
    assert_eq!(left(&s), Some(1));
    play_on(&mut s, "next\nnext");
    assert_eq!((s.encounter().round, whose_turn(&s).as_str()), (2, "Orc"));
    assert!(has(&s, "Orc", "Blind"));
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Gob");
    assert!(!has(&s, "Orc", "Blind"), "the second start ends it");
}

#[test]
fn a_held_turn_ends_when_its_act_is_done_and_play_resumes() {
    // Given during Mira's round-1 turn, so it is her round-2 turn that counts. She holds it: it
    // waits in the hold, and ends only once she has acted from it and play resumes.
    let mut s = fight(
        "cond Orc deaf until=end of=Mira
next
next
next
hold",
    );
    assert_eq!((s.encounter().round, whose_turn(&s).as_str()), (2, "Orc"));
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Gob");
    assert!(has(&s, "Orc", "Deaf"), "the hold keeps her turn open");
    play_on(&mut s, "act Mira");
    assert!(has(&s, "Orc", "Deaf"), "her turn goes on from the hold");
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Gob", "back to the interrupted turn");
    assert!(!has(&s, "Orc", "Deaf"));
    let ends = line(&s, "Orc's Deaf ends: the end of Mira's turn");
    assert_eq!(s.log()[ends + 1].text, "back to Gob's turn");
}

#[test]
fn a_delayed_turn_taken_from_hold_ends_as_play_resumes() {
    // Gob delays (holds before his turn), acts during Orc's turn, and play goes back to Orc.
    let mut s = fight(
        "cond Mira deaf until=end of=Gob
hold Gob
next
act Gob",
    );
    assert!(has(&s, "Mira", "Deaf"));
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Orc");
    assert!(!has(&s, "Mira", "Deaf"));
    let ends = line(&s, "Mira's Deaf ends: the end of Gob's turn");
    assert_eq!(s.log()[ends + 1].text, "back to Orc's turn");
}

#[test]
fn acting_from_a_hold_taken_before_its_turn_begins_that_turn() {
    // Gob holds before his turn comes (a delay), then acts during Orc's: that is his turn's start.
    let mut s = fight("cond Orc blind until=start of=Gob\nhold Gob\nnext");
    assert_eq!(whose_turn(&s), "Orc");
    assert!(has(&s, "Orc", "Blind"));
    play_on(&mut s, "act Gob");
    assert!(!has(&s, "Orc", "Blind"));
    let ends = line(&s, "Orc's Blind ends: the start of Gob's turn");
    assert_eq!(s.log()[ends - 1].text, "Gob acts from hold");
}

#[test]
fn a_hold_that_lapses_ends_the_held_turn() {
    // Gob holds and never acts: WOIN's hold lapses as the round ends, and with it his turn.
    let s = fight("cond Orc deaf until=end of=Gob\nhold Gob\nnext\nnext");
    assert_eq!((s.encounter().round, whose_turn(&s).as_str()), (2, "Mira"));
    assert!(!has(&s, "Orc", "Deaf"));
    let lapse = line(&s, "Gob's held action lapses");
    assert_eq!(s.log()[lapse + 1].text, "Orc's Deaf ends: the end of Gob's turn");
    assert!(lapse < line(&s, "Round 2"));
}

#[test]
fn an_interrupted_turn_does_not_end_until_it_is_finished() {
    // Mira holds; during Orc's turn Gob is made Deaf until the end of Orc's turn (given during
    // it, so the next one counts). Mira's act interrupts Orc; his turn is resumed, not ended.
    let mut s = fight("hold\ncond Gob deaf until=end of=Orc\nact Mira\nnext");
    assert_eq!(whose_turn(&s), "Orc");
    // Given during Mira's act, with Orc's turn interrupted: that turn still does not count.
    play_on(&mut s, "cond Mira blind until=end of=Orc");
    let mira = s.encounter().combatants.iter().find(|c| c.name == "Mira").expect("Mira").clone();
    assert!(mira.condition("Blind").and_then(|k| k.until.as_ref()).is_some_and(|a| a.skip_current));
    play_on(&mut s, "next");
    assert_eq!(whose_turn(&s), "Gob");
    assert!(has(&s, "Gob", "Deaf") && has(&s, "Mira", "Blind"), "the turn they were given in");
    play_on(&mut s, "next\nnext\nnext");
    assert_eq!((s.encounter().round, whose_turn(&s).as_str()), (2, "Gob"));
    assert!(!has(&s, "Gob", "Deaf") && !has(&s, "Mira", "Blind"));
}

#[test]
fn an_anchor_that_leaves_ends_what_it_anchored() {
    let mut s = fight("cond Orc blind until=end of=Gob\ncond Mira deaf until=start of=Gob");
    play_on(&mut s, "remove Gob");
    assert!(!has(&s, "Orc", "Blind") && !has(&s, "Mira", "Deaf"));
    let gone = line(&s, "Gob leaves the fight");
    assert_eq!(s.log()[gone - 2].text, "Mira's Deaf ends: Gob left the fight");
    assert_eq!(s.log()[gone - 1].text, "Orc's Blind ends: Gob left the fight");
}

#[test]
fn undo_redo_and_branches_bring_the_count_back() {
    let mut s = fight("cond Orc blind until=start of=Mira turns=2\nnext\nnext\nnext");
    let before_end = s.encounter().clone();
    assert!(has(&s, "Orc", "Blind"), "one start of two counted");
    play_on(&mut s, "next\nnext\nnext");
    assert!(!has(&s, "Orc", "Blind"));
    let ended = s.encounter().clone();
    play_on(&mut s, "undo\nundo\nundo");
    assert_eq!(s.encounter(), &before_end, "undo restores the condition and its count");
    play_on(&mut s, "redo\nredo\nredo");
    assert_eq!(s.encounter(), &ended);
    // A branch where Mira is removed first: the condition ends with her; back on the first line
    // it ends at her turn's start as before.
    play_on(&mut s, "undo\nundo\nundo\nremove Mira");
    assert!(!has(&s, "Orc", "Blind"));
    play_on(&mut s, "undo\nbranch 1");
    assert_eq!(s.encounter(), &ended);
    // And through a save and a reload (every record re-planned and checked).
    let text = skirmish::save::to_ron(&s).expect("written");
    let back = skirmish::save::from_ron(&text, Path::new("t.ron"), assets()).expect("loads");
    assert_eq!(back.encounter(), &ended);
}

#[test]
fn the_panes_say_what_ends_it() {
    let s = fight("cond Orc blind until=end of=Mira turns=2");
    let enc = s.encounter();
    let orc = enc.combatants.iter().find(|c| c.name == "Orc").expect("Orc");
    let anchor = orc.condition("Blind").and_then(|k| k.until.clone()).expect("anchored");
    assert_eq!(anchor.describe("Mira"), "until the end of Mira's next turn, in 2 of Mira's turns");
}

#[test]
fn bad_durations_are_refused_with_what_was_expected() {
    for (line, expected) in [
        ("cond Orc blind until=middle", "until=middle: expected start or end"),
        ("cond Orc blind until=end turns=0", "turns=0: expected 1 to 1000"),
        ("cond Orc blind until=end turns=1001", "turns=1001: expected 1 to 1000"),
        ("cond Orc blind until=end of=Nobody", "Nobody"),
        ("cond Orc blind of=Mira", "of= and turns= count a duration given with until="),
        ("cond Orc blind until=end rounds=2", "rounds= and until= are two durations"),
    ] {
        let mut s = fight("");
        let before = s.encounter().clone();
        let err = run(&mut s, line).expect_err(line);
        assert!(err.contains(expected), "{line}: {err}");
        assert_eq!(s.encounter(), &before, "{line} changed nothing");
    }
}

#[test]
fn each_system_ends_anchored_durations_the_same_way() {
    for (system, condition) in
        [(System::SAVAGE, "Tricked"), (System::GURPS, "Crouching"), (System::GEMPUNKS, "Prone")]
    {
        let mut s = Session::new(system, "anchors", assets());
        let name = condition.to_lowercase();
        play_on(&mut s, "add Mira side=pc\nadd Orc side=enemy");
        play_on(&mut s, &format!("cond Orc {name} until=end of=Mira"));
        let orc = s.encounter().combatants.iter().find(|c| c.name == "Orc").expect("Orc").clone();
        assert!(orc.condition(condition).is_some_and(|k| k.until.is_some()), "{system}");
        play_on(&mut s, "remove Mira");
        assert!(!has(&s, "Orc", condition), "{system}: ends as Mira leaves");
    }
}

/// SW-ATK-2, SW-ATK-6: Savage Worlds' "until its next action" (Defend, a Wild Attack's −2 Parry,
/// a trick) is a duration anchored to the start of its bearer's next turn: the engine ends it
/// there, and undo brings it back.
#[test]
fn sw_atk_2_defend_lasts_until_the_start_of_its_bearers_next_turn() {
    let mut session = Session::new(System::SAVAGE, "defend", assets());
    play_on(
        &mut session,
        "add Hero side=pc wild fighting=d8 parry=6 toughness=6
         add Orc fighting=d6 parry=5 toughness=6
         init Hero K♠
         init Orc 9♣
         start
         defend Hero",
    );
    let hero = session.encounter().combatants.iter().find(|c| c.name == "Hero").cloned();
    let until = hero.and_then(|h| h.condition("Defending").and_then(|c| c.until.clone()));
    assert!(until.is_some(), "Defending carries its anchor");
    play_on(&mut session, "next");
    assert!(has(&session, "Hero", "Defending"), "it lasts through the Orc's turn");
    // Round 2 is dealt: the Hero's next turn begins, and Defending ends with its start.
    let mut dice = ScriptedDice::new([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    let next = parse_in("next", Some(System::SAVAGE)).expect("parses").expect("a command");
    session.execute(&next, &mut dice).expect("round 2");
    while whose_turn(&session) != "Hero" {
        session.execute(&next, &mut dice).expect("next");
    }
    assert!(!has(&session, "Hero", "Defending"));
    assert!(log(&session).iter().any(|l| l == "Hero's Defending ends: the start of Hero's turn"));
    run(&mut session, "undo").expect("undo");
    assert!(has(&session, "Hero", "Defending"), "undo gives it back with the turn");
}
