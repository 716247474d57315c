//! The clock (issue 27 item 3): each command's record carries the time it was made, read beside
//! the fold and never in it. Every time comes from a fake clock moved on by hand: nothing here
//! sleeps.

use std::path::Path;

use skirmish::clock::{Clock, FakeClock};
use skirmish::command::parse_in;
use skirmish::encounter::{Event, Session, history::replay};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::save::{self, journal};

use super::tui::assets;

/// 2026-11-28 05:00:00 UTC, in milliseconds.
const DAWN: u64 = 1_764_306_000_000;

/// A short WOIN fight: each line and the seconds the table took before the next one.
const FIGHT: &[(&str, u64)] = &[
    ("add Aria side=pc init=4d6 agi=5 health=30 soak=2", 5),
    ("add Goblin x2", 5),
    ("start", 40),
    ("roll 2d6", 20),
    ("next", 95),
    ("damage Aria 4", 30),
    ("next", 8),
    ("next", 61),
    ("note Aria \"wins the round\"", 3),
];

/// The fight played through a session, each command made at the fake clock's time (`None`:
/// without times, as before this change).
fn played(clock: Option<&FakeClock>) -> Session {
    let mut session = Session::new(System::WOIN, "Clock", assets());
    let mut dice = SeededDice::new(5);
    for (line, wait) in FIGHT {
        let command = parse_in(line, Some(System::WOIN)).unwrap().unwrap();
        let made = clock.and_then(|c| c.now());
        session.execute_at(&command, &mut dice, made).unwrap_or_else(|e| panic!("{line}: {e}"));
        if let Some(clock) = clock {
            clock.advance(wait * 1000);
        }
    }
    session
}

/// Each line's time in the fight, in seconds from the first.
fn offsets() -> Vec<u64> {
    FIGHT.iter().scan(0, |at, (_, wait)| Some(std::mem::replace(at, *at + wait))).collect()
}

#[test]
fn times_are_kept_beside_the_fold() {
    let clock = FakeClock::at(DAWN);
    let timed = played(Some(&clock));
    let plain = played(None);
    // The same state and log with times and without.
    assert_eq!(timed.encounter(), plain.encounter());
    assert_eq!(timed.log(), plain.log());
    let made: Vec<Option<u64>> = timed.nodes().iter().map(|n| n.made).collect();
    let expected: Vec<Option<u64>> = offsets().iter().map(|s| Some(DAWN + s * 1000)).collect();
    assert_eq!(made, expected);
    assert!(plain.nodes().iter().all(|n| n.made.is_none()));

    // Written, each command's record carries its time; without times the text is as before.
    let text = journal::write(&timed).unwrap();
    assert_eq!(text.matches(", made: Some(").count(), FIGHT.len(), "{text}");
    let plain_text = journal::write(&plain).unwrap();
    assert!(!plain_text.contains("made"), "{plain_text}");

    // Read back: the times come with it, and the fold is the one without them.
    let path = Path::new("timed.ron");
    let loaded = save::from_ron(&text, path, assets()).unwrap();
    assert_eq!(loaded.nodes().iter().map(|n| n.made).collect::<Vec<_>>(), expected);
    assert_eq!(loaded.encounter(), plain.encounter());
    let entries: Vec<_> = loaded.entries().into_iter().cloned().collect();
    let (folded, log) = replay(System::WOIN, "Clock", &entries).unwrap();
    assert_eq!(&folded, plain.encounter());
    assert_eq!(log, plain.log());
    // Compacted again, the times stay.
    assert_eq!(journal::write(&loaded).unwrap(), text);
}

#[test]
fn undo_and_redo_leave_the_times_alone() {
    let clock = FakeClock::at(DAWN);
    let mut timed = played(Some(&clock));
    let mut dice = SeededDice::new(1);
    let undo = parse_in("undo", None).unwrap().unwrap();
    let redo = parse_in("redo", None).unwrap().unwrap();
    let before = timed.nodes().to_vec();
    timed.execute_at(&undo, &mut dice, clock.now()).unwrap();
    timed.execute_at(&redo, &mut dice, clock.now()).unwrap();
    assert_eq!(timed.nodes(), &before[..], "moves of the current point stamp nothing");
    assert_eq!(timed.encounter(), played(None).encounter());
}

#[test]
fn a_file_without_times_loads_and_an_older_reader_skips_them() {
    let clock = FakeClock::at(DAWN);
    let timed = played(Some(&clock));
    let text = journal::write(&timed).unwrap();
    // The same file as written before times were kept: every `made` taken out, resealed.
    let mut bare = String::new();
    for line in text.lines() {
        let cut = match line.find(", made: Some(") {
            Some(at) => {
                let end = at + line[at..].find(')').unwrap() + 1;
                format!("{}{}", &line[..at], &line[end..])
            }
            None => line.to_string(),
        };
        bare.push_str(&cut);
        bare.push('\n');
    }
    let bare = journal::reseal(&bare);
    assert_eq!(bare, journal::write(&played(None)).unwrap(), "the format is unchanged");
    let loaded = save::from_ron(&bare, Path::new("bare.ron"), assets()).unwrap();
    assert!(loaded.nodes().iter().all(|n| n.made.is_none()));
    assert_eq!(loaded.encounter(), timed.encounter());

    // A reader that knows no `made` (an older skirmish's record type) reads the timed lines,
    // and the sum it checks covers the line as written.
    #[derive(serde::Deserialize)]
    #[expect(dead_code, reason = "the fields are read only to be skipped, as an older reader does")]
    enum Older {
        Command { n: usize, after: usize, command: String, events: Vec<Event> },
        At { n: usize },
    }
    let header = journal::header_sum(text.lines().next().unwrap()).unwrap();
    let mut chain = journal::Chain::start(journal::VERSION, &header);
    for (k, line) in text.lines().enumerate().skip(1) {
        let (_, body) = line.split_once(' ').unwrap();
        let older: Older = ron::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert!(matches!(older, Older::Command { .. }));
        assert!(body.contains("made: Some("), "{body}");
        chain.step(line, k + 1).unwrap();
    }
}

#[test]
fn check_accepts_a_timed_file() {
    let clock = FakeClock::at(DAWN);
    let dir = std::env::temp_dir().join(format!("skirmish-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("timed.ron");
    std::fs::write(&path, journal::write(&played(Some(&clock))).unwrap()).unwrap();
    let out = super::cli::skirmish(&["check", path.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", super::cli::text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_tracker_stamps_each_command_with_its_clock() {
    let clock = FakeClock::at(DAWN);
    let session = Session::new(System::WOIN, "Clock", assets());
    let mut app = super::tui::app(session).with_clock(clock.clone());
    app.run_line("add Aria", None);
    clock.advance(2_500);
    app.run_line("add Goblin", None);
    app.run_line("undo", None);
    let made: Vec<Option<u64>> = app.session.nodes().iter().map(|n| n.made).collect();
    assert_eq!(made, [Some(DAWN), Some(DAWN + 2_500)]);
}
