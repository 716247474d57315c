//! The end of a fight: one side (the PCs and their allies, or the enemies) with no one standing,
//! as each system defines down; neutrals never count; `end` ends it by hand; the TUI shows the
//! summary and asks before `next` plays on.

use skirmish::cli::{SaveTargets, run_script};
use skirmish::encounter::{Event, Session};
use skirmish::rules::dice::SeededDice;

use super::harness::assets;
use super::tui::{app, drive, screen};

/// Run a script with seeded dice (the outcomes checked here do not depend on the faces).
fn session(script: &str) -> Session {
    let mut dice = SeededDice::new(3);
    let targets = SaveTargets { after: None, loaded_from: None };
    run_script(None, script, &mut dice, assets(), targets)
        .unwrap_or_else(|err| panic!("{err}\nscript:\n{script}"))
}

/// The log lines that end fights.
fn endings(session: &Session) -> Vec<String> {
    let events = session.entries().into_iter().flat_map(|e| e.events.iter());
    events
        .filter_map(|e| match e {
            Event::FightOver { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

const PARTY_WINS: &str =
    "The fight is over after 1 round: the PCs and their allies win; fell: Foe.";

#[test]
fn each_system_ends_the_fight_when_a_side_is_down() {
    let cases: &[(&str, &str, &[&str])] = &[
        // WOIN: HEALTH 0 or less is down.
        ("woin", "damage Foe 100", &[PARTY_WINS]),
        ("woin", "damage Foe 9", &[]),
        (
            "woin",
            "damage Hero 100",
            &["The fight is over after 1 round: the enemies win; fell: Hero."],
        ),
        // GURPS-HP-4: dead at −5 × max HP; GURPS-HP-2: at 0 HP a combatant still fights.
        ("gurps", "damage Foe 100", &[PARTY_WINS]),
        ("gurps", "damage Foe 10", &[]),
        // Gempunks: HP 0 or less is out (a regiment's members count one by one: GEM-REG-5).
        ("gempunks", "damage Foe 100", &[PARTY_WINS]),
        ("gempunks", "damage Foe 1", &[]),
        // SW-INC-1: Incapacitated is down, a Wild Card after its Vigor roll too; Shaken is not.
        ("savage", "damage Foe 100", &[PARTY_WINS]),
        ("savage", "damage Foe 5", &[]),
        (
            "savage",
            "damage Hero 100",
            &["The fight is over after 1 round: the enemies win; fell: Hero."],
        ),
    ];
    for (system, blow, expected) in cases {
        let hero = if *system == "savage" { "add Hero side=pc wild" } else { "add Hero side=pc" };
        let script =
            format!("new {system}\n{hero}\nadd Bob side=neutral\nadd Foe\nstart\n{blow}\n");
        let s = session(&script);
        assert_eq!(endings(&s), *expected, "{system}: {blow}");
        assert_eq!(s.encounter().over, !expected.is_empty(), "{system}: {blow}");
        // Once over it stays over: the next command does not end it again.
        let s = session(&format!("{script}next\nnext\n"));
        assert_eq!(endings(&s).len(), expected.len(), "{system}: ends once");
    }
}

/// GEM-REG-5, GEM-REG-6: a regiment loses at most one member a hit; the fight ends only when
/// its last member falls (the regiment broken), not while any stands.
#[test]
fn a_gempunks_regiment_ends_the_fight_when_its_last_member_falls() {
    let setup = "new gempunks\nadd Vex side=pc hp=6 ad=6 gd=5 toughness=3\n\
                 add Bandit x5 regiment hp=3 ad=5 gd=4 toughness=3\nstart\n";
    let s = session(&format!("{setup}{}", "damage Bandits 60\n".repeat(4)));
    assert!(endings(&s).is_empty(), "one member still stands");
    let s = session(&format!("{setup}{}", "damage Bandits 60\n".repeat(5)));
    assert_eq!(
        endings(&s),
        ["The fight is over after 1 round: the PCs and their allies win; fell: Bandits."]
    );
}

#[test]
fn neutrals_do_not_count_and_a_lone_side_never_ends() {
    // The neutral falls: the PCs and the enemies both still stand.
    let s = session(
        "new woin\nadd Hero side=pc\nadd Bob side=neutral\nadd Foe\nstart\ndamage Bob 100\n",
    );
    assert!(endings(&s).is_empty());
    // Allies count with the PCs: the PC falls, the ally stands.
    let s = session(
        "new woin\nadd Hero side=pc\nadd Ally side=ally\nadd Foe\nstart\ndamage Hero 100\n",
    );
    assert!(endings(&s).is_empty());
    let s = session(
        "new woin\nadd Hero side=pc\nadd Ally side=ally\nadd Foe\nstart\ndamage Hero 100\ndamage Ally 100\n",
    );
    assert_eq!(
        endings(&s),
        ["The fight is over after 1 round: the enemies win; fell: Hero, Ally."]
    );
    // Only enemies (a GM testing monsters): no side to lose.
    let s = session(
        "new woin\nadd Foe\nadd Other side=enemy\nstart\ndamage Foe 100\ndamage Other 100\n",
    );
    assert!(endings(&s).is_empty());
    // Undo takes the ending back.
    let s = session("new woin\nadd Hero side=pc\nadd Foe\nstart\ndamage Foe 100\nundo\n");
    assert!(!s.encounter().over);
    assert!(endings(&s).is_empty());
}

#[test]
fn end_ends_a_fight_by_hand_once() {
    let s = session("new woin\nadd Hero side=pc\nadd Foe\nstart\ndamage Foe 3\nnext\nnext\nend\n");
    assert_eq!(
        endings(&s),
        ["The GM ends the fight after 2 rounds: both sides still stand; no one fell."]
    );
    assert!(s.encounter().over);
    let refused = |script: &str| {
        let mut dice = SeededDice::new(3);
        let targets = SaveTargets { after: None, loaded_from: None };
        match run_script(None, script, &mut dice, assets(), targets) {
            Ok(_) => panic!("expected a refusal:\n{script}"),
            Err(err) => err.message,
        }
    };
    assert_eq!(
        refused("new woin\nadd Hero\nend\n"),
        "line 3: end: `end` needs a fight under way; `start` rolls initiative"
    );
    assert_eq!(
        refused("new woin\nadd Hero side=pc\nadd Foe\nstart\ndamage Foe 100\nend\n"),
        "line 6: end: the fight is already over (the log has its summary); `undo` reopens it"
    );
}

/// In the tracker the ending shows a summary over the panes; the first `next` afterwards asks,
/// the same key again plays on, and later turns do not ask again.
#[test]
fn tracker_shows_the_summary_and_asks_before_playing_on() {
    let s = session("new woin\nadd Hero side=pc\nadd Foe\nstart\n");
    let mut a = app(s);
    drive(&mut a, ":damage Foe 100<Enter>");
    assert!(a.summary.is_some());
    insta::assert_snapshot!("fight_over_summary", screen(&a, 80, 24));
    drive(&mut a, "j");
    assert!(a.summary.is_none(), "any key closes the summary");
    let round = a.session.encounter().round;
    let turn = a.session.encounter().turn.clone();
    drive(&mut a, "n");
    assert_eq!(a.session.encounter().turn, turn, "the first n only asks");
    assert!(a.status.error);
    assert!(
        a.status.text.starts_with("the fight is over: n again (or :next) plays on"),
        "{}",
        a.status.text
    );
    drive(&mut a, "n");
    assert_ne!(a.session.encounter().turn, turn, "n again plays on");
    drive(&mut a, "n");
    assert!(a.session.encounter().round > round || a.session.encounter().turn != turn);
    assert!(!a.status.text.starts_with("the fight is over"), "later turns do not ask");
    // Reinforcements after the end: the GM plays on without being asked.
    let mut a = app(session("new woin\nadd Hero side=pc\nadd Foe\nstart\n"));
    drive(&mut a, ":damage Foe 100<Enter>j:add Orc init=5<Enter>");
    let turn = a.session.encounter().turn.clone();
    drive(&mut a, "n");
    assert!(!a.status.text.starts_with("the fight is over"), "{}", a.status.text);
    assert_ne!(a.session.encounter().turn, turn, "the turn passed at once");
}
