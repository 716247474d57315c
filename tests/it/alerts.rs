//! Scheduled alerts (issue 27, item 2): `alert TEXT round=N …` fires once when play reaches it
//! (a round's start, a count, before or after a turn), repeats with `every=K`, brings
//! reinforcements inside the command that reached it, shows in the tracker and, with `players`,
//! on the players' screen; bad input is refused as the alert is set.

use skirmish::command::parse_in;
use skirmish::encounter::{Outcome, Session};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::view::player_view;

use super::cli::{skirmish, text};
use super::harness::assets;
use super::tui::{app, drive, screen};

/// Mira (20), Orc (15) and Gob (10), typed initiative; round 1 under way: Mira's turn.
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
    // Reinforcements roll their initiative: seeded dice, the test reads names, not numbers.
    session.execute(&command, &mut SeededDice::new(5)).map_err(|e| e.to_string())
}

fn play_on(session: &mut Session, script: &str) {
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Err(err) = run(session, line) {
            panic!("`{line}` was refused: {err}");
        }
    }
}

fn fight(more: &str) -> Session {
    let mut session = Session::new(System::WOIN, "alerts", assets());
    play_on(&mut session, FIGHT);
    play_on(&mut session, more);
    session
}

fn log(session: &Session) -> Vec<String> {
    session.log().iter().map(|l| l.text.clone()).collect()
}

/// How many log lines say `text`.
fn count(session: &Session, text: &str) -> usize {
    log(session).iter().filter(|l| *l == text).count()
}

/// The log line just before the one equal to `text`.
fn before(session: &Session, text: &str) -> String {
    let log = log(session);
    let i = log.iter().position(|l| l == text).unwrap_or_else(|| panic!("no {text:?}: {log:#?}"));
    log[i - 1].clone()
}

fn alerts(session: &mut Session) -> Vec<String> {
    match run(session, "alerts") {
        Ok(Outcome::Alerts(lines)) => lines,
        other => panic!("alerts: {other:?}"),
    }
}

#[test]
fn an_alert_fires_once_at_the_start_of_its_round() {
    let mut s = fight("alert \"The bell tolls\" round=2");
    assert_eq!(alerts(&mut s), ["#1 round 2: The bell tolls"]);
    play_on(&mut s, "next\nnext");
    assert_eq!(count(&s, "⚑ The bell tolls"), 0, "not in round 1");
    play_on(&mut s, "next");
    assert_eq!(count(&s, "⚑ The bell tolls"), 1);
    assert_eq!(before(&s, "⚑ The bell tolls"), "Round 2");
    assert_eq!(before(&s, "Mira's turn").as_str(), "Round 1", "round 1's turn");
    assert!(alerts(&mut s).is_empty(), "a one-shot alert is done once fired");
    play_on(&mut s, "next\nnext\nnext\nnext\nnext\nnext");
    assert_eq!(count(&s, "⚑ The bell tolls"), 1, "fired once");
}

#[test]
fn every_k_repeats_and_shows_its_next_round() {
    let mut s = fight("alert \"Lava rises\" round=2 every=2");
    for _ in 0..9 {
        play_on(&mut s, "next");
    }
    // Rounds 2 and 4 have begun (round 4's start is the ninth `next`).
    assert_eq!(s.encounter().round, 4);
    assert_eq!(count(&s, "⚑ Lava rises"), 2);
    assert_eq!(alerts(&mut s), ["#1 round 6, every 2: Lava rises"]);
}

#[test]
fn before_after_and_at_fire_at_their_place_in_the_order() {
    let mut s = fight(
        "alert \"Before Gob\" round=1 before=Gob
         alert \"After Mira\" round=1 after=Mira
         alert \"Count 12\" round=1 at=12",
    );
    play_on(&mut s, "next");
    assert_eq!(before(&s, "Orc's turn"), "⚑ After Mira");
    play_on(&mut s, "next");
    // Orc (15) has gone: the count passes 12 just before Gob's turn; alerts due at one moment
    // fire in the order they were set.
    let log = log(&s);
    let at = log.iter().position(|l| l == "⚑ Before Gob").expect("before alert");
    assert_eq!(log[at - 1], "Orc's turn");
    assert_eq!(log[at + 1], "⚑ Count 12");
    assert_eq!(log[at + 2], "Gob's turn");
    assert!(alerts(&mut s).is_empty());
}

#[test]
fn a_moment_missed_in_its_round_fires_at_its_next_coming() {
    // Set during round 1 after Orc's turn: `after=Orc` comes in round 2.
    let mut s = fight("next\nnext\nalert \"Late\" round=1 after=Orc");
    assert_eq!(count(&s, "⚑ Late"), 0);
    play_on(&mut s, "next\nnext\nnext");
    assert_eq!(before(&s, "⚑ Late"), "Orc's turn");
    assert_eq!((s.encounter().round, count(&s, "⚑ Late")), (2, 1));
}

#[test]
fn reinforcements_join_as_it_fires_and_undo_takes_them_back() {
    let mut s = fight("alert \"Goblins pour in\" round=2 add=\"Goblin x2\"");
    play_on(&mut s, "next\nnext");
    let before_fire = s.encounter().clone();
    play_on(&mut s, "next");
    let names: Vec<&str> = s.encounter().combatants.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Mira", "Orc", "Gob", "Goblin 1", "Goblin 2"]);
    assert_eq!(before(&s, "Goblin 1 joins (enemy)"), "⚑ Goblins pour in");
    // One command: undo takes the round, the alert's firing and the goblins back together.
    play_on(&mut s, "undo");
    assert_eq!(s.encounter(), &before_fire);
    assert_eq!(s.encounter().alerts.len(), 1, "the alert waits again");
    play_on(&mut s, "redo");
    assert_eq!(s.encounter().combatants.len(), 5);
    // Alerts are state: a save and a reload (every record re-planned) keeps them.
    let mut s = fight("alert \"Fuse\" round=3 every=2 players");
    let text = skirmish::save::to_ron(&s).expect("written");
    let mut back =
        skirmish::save::from_ron(&text, std::path::Path::new("a.ron"), assets()).expect("loads");
    assert_eq!(alerts(&mut back), alerts(&mut s));
}

#[test]
fn alert_drop_removes_one_and_branches_keep_their_own() {
    let mut s = fight("alert \"One\" round=2\nalert \"Two\" round=3");
    play_on(&mut s, "alert drop 1");
    assert_eq!(alerts(&mut s), ["#2 round 3: Two"]);
    let err = run(&mut s, "alert drop 7").expect_err("no alert 7");
    assert!(err.contains("no alert #7; set: #2"), "{err}");
    // A branch where it was not dropped: back on it, both wait; on the first, one.
    play_on(&mut s, "undo\nalert \"Three\" round=4");
    assert_eq!(alerts(&mut s).len(), 3);
    play_on(&mut s, "undo\nbranch 1");
    assert_eq!(alerts(&mut s), ["#2 round 3: Two"]);
}

#[test]
fn bad_alerts_are_refused_as_they_are_set() {
    for (line, expected) in [
        ("alert Boom round=0", "round=0: expected a round count of 1 to 10000"),
        ("alert Boom round=2 every=0", "every=0: expected a round count of 1 to 10000"),
        ("alert Boom", "an alert needs round=N"),
        ("alert Boom round=2 before=Nobody", "Nobody"),
        ("alert Boom round=2 add=\"Gobbo x2\"", "the WOIN bestiary has no 'Gobbo'"),
        ("alert Boom round=2 add=\"Goblin x0\"", "x0: expected x1 to x100"),
        ("alert Boom round=2 before=Gob after=Orc", "give one of at=, before= or after="),
        ("alert Boom round=1", "round 1 has begun: give round=2 or later"),
        ("alert Boom round=2 at=banana", "banana"),
        ("alert Boom round=2 when=now", "unknown alert option 'when'"),
        ("alert drop", "alert drop N"),
    ] {
        let mut s = fight("");
        let before = s.encounter().clone();
        let err = run(&mut s, line).expect_err(line);
        assert!(err.contains(expected), "{line}: {err}");
        assert_eq!(s.encounter(), &before, "{line} changed nothing");
    }
}

#[test]
fn an_alert_in_a_run_script() {
    let script = "new woin\nadd Mira side=pc\nadd Orc side=enemy\ninit Mira 20\ninit Orc 10\n\
                  alert \"Reinforcements\" round=2 add=\"Goblin x2\"\nalerts\nstart\nnext\nnext\n";
    let out = skirmish(&["run", "--script", "-", "--seed", "3"], script);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("> #1 round 2: Reinforcements (+ Goblin ×2)"), "{stdout}");
    assert!(stdout.contains("[2] ⚑ Reinforcements\n[2] Goblin 1 joins (enemy)"), "{stdout}");
    let out = skirmish(&["run", "--script", "-"], "new woin\nadd Mira\nalert Boom round=0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("round=0: expected a round count"), "{}", text(&out.stderr));
}

#[test]
fn the_tracker_shows_a_banner_until_the_next_key() {
    let mut session = Session::new(System::WOIN, "alerts", assets());
    play_on(&mut session, FIGHT);
    play_on(&mut session, "alert \"The gate falls\" round=1 after=Mira\nalert \"Storm\" round=3");
    let mut a = app(session);
    // Due this round, it stands right under Mira's row, where it fires; a later one below all.
    let shown = screen(&a, 80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    let mira = lines.iter().position(|l| l.contains(" Mira ")).expect("Mira's row");
    assert!(lines[mira + 1].contains("⚑ The gate falls"), "placed where it fires\n{shown}");
    assert!(shown.contains("⚑ round 3: Storm"), "the later one with its round\n{shown}");
    drive(&mut a, "n");
    assert!(a.banner.is_some());
    let shown = screen(&a, 80, 24);
    assert!(shown.contains("⚑ The gate falls"), "{shown}");
    assert!(shown.contains("any key closes"), "{shown}");
    // The key that closes it does nothing else.
    drive(&mut a, "n");
    assert!(a.banner.is_none());
    assert_eq!(a.session.encounter().turn.as_ref().map(|t| t.id.to_string()), Some("orc".into()));
    assert!(!screen(&a, 80, 24).contains("any key closes"));
}

#[test]
fn players_see_only_the_alerts_set_for_them() {
    let mut s = fight(
        "alert \"Horns in the distance\" round=2 players
         alert \"Ambushers ready (GM only)\" round=2",
    );
    play_on(&mut s, "next\nnext\nnext");
    let gm = log(&s);
    assert!(gm.contains(&"⚑ Ambushers ready (GM only)".to_string()));
    let seen: Vec<String> = player_view(&s).log.iter().map(|l| l.text.clone()).collect();
    let horns = seen.iter().position(|l| l == "⚑ Horns in the distance").expect("shown");
    assert_eq!(seen[horns - 1], "Round 2", "told in the round it fired");
    assert!(!seen.iter().any(|l| l.contains("Ambushers")), "{seen:#?}");
}

#[test]
fn at_reads_the_count_as_the_system_writes_initiative() {
    // GURPS writes initiative as Basic Speed (6.25); the alert at 6 falls between 6.25 and 5.5.
    let mut s = Session::new(System::GURPS, "alerts", assets());
    play_on(
        &mut s,
        "add Rook side=pc\nadd Orc side=enemy\ninit Rook 6.25\ninit Orc 5.5
         alert \"Half-time\" round=1 at=6\nstart",
    );
    assert_eq!(count(&s, "⚑ Half-time"), 0);
    play_on(&mut s, "next");
    assert_eq!(before(&s, "Orc's turn"), "⚑ Half-time");
    // Savage Worlds: cards, ordered by rank then suit; at=QS falls between the King and the Ten.
    let mut s = Session::new(System::SAVAGE, "alerts", assets());
    play_on(
        &mut s,
        "add Rook side=pc\nadd Orc side=enemy\nset deck physical\nalert \"Queen's count\" round=1 at=QS
         start\ninit Rook KH\ninit Orc 10D\nnext",
    );
    assert_eq!(whose(&s), "Rook");
    play_on(&mut s, "next");
    assert_eq!(before(&s, "Orc's turn"), "⚑ Queen's count");
}

fn whose(session: &Session) -> String {
    let enc = session.encounter();
    enc.get(&enc.turn.as_ref().expect("a turn").id).expect("combatant").name.clone()
}
