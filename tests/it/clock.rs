//! The clock (issue 27 item 3): each command's record carries the time it was made, read beside
//! the fold and never in it; the tracker's turn timer; the report's timing; `replay --pace real`.
//! Every time comes from a fake clock moved on by hand: nothing here sleeps.

use std::path::Path;
use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use skirmish::cli::Pace;
use skirmish::cli::watch::Watch;
use skirmish::clock::{Clock, FakeClock};
use skirmish::command::parse_in;
use skirmish::encounter::{Event, Session, history::replay};
use skirmish::export::{Format, players_only, render, report};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::save::follow::{Follower, Target};
use skirmish::save::{self, journal};
use skirmish::ui::theme::Theme;
use skirmish::ui::{Pane, buffer_text, render_pane};

use super::tui::{app, assets};

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

/// The header at 80 columns, drawn with colour so the warning shows.
fn header(app: &skirmish::app::App) -> Buffer {
    let area = Rect::new(0, 0, 80, 1);
    let mut buf = Buffer::empty(area);
    render_pane(app, Theme { color: true }, Pane::Header, area, &mut buf);
    buf
}

/// Where `text` starts on the header's row.
fn column(buf: &Buffer, text: &str) -> Option<u16> {
    let row = buffer_text(buf);
    row.find(text).map(|at| u16::try_from(row[..at].chars().count()).unwrap())
}

#[test]
fn the_header_shows_the_turn_timer() {
    let clock = FakeClock::at(DAWN);
    let mut app = app(Session::new(System::WOIN, "Clock", assets())).with_clock(clock.clone());
    for (line, _) in &FIGHT[..3] {
        app.run_line(line, None);
    }
    // Off by default: nothing shown, and the runtime is never woken.
    clock.advance(7_000);
    assert!(!app.tick_clock());
    assert_eq!(app.clock_wake(), None);
    assert!(!buffer_text(&header(&app)).contains("turn 0:"), "{}", buffer_text(&header(&app)));

    app.run_line("set turn_timer show", None);
    assert!(app.status.text.contains("turn_timer"), "{}", app.status.text);
    // The turn began with `start`, 7 s ago; `set` began no turn.
    let shown = buffer_text(&header(&app));
    assert!(
        shown.contains("turn 0:07 ✓ saved") || shown.contains("turn 0:07 ● unsaved"),
        "{shown}"
    );
    // Another 0.6 s: the same second, nothing to draw; the wake comes at the next second.
    clock.advance(600);
    assert!(!app.tick_clock());
    assert_eq!(app.clock_wake(), Some(std::time::Duration::from_millis(400)));
    clock.advance(400);
    assert!(app.tick_clock(), "a new second is drawn");
    assert!(buffer_text(&header(&app)).contains("turn 0:08"));

    // `next` begins another turn: the timer starts again.
    app.run_line("next", None);
    assert!(buffer_text(&header(&app)).contains("turn 0:00"), "{}", buffer_text(&header(&app)));

    // warn: coloured once the turn passes the limit, plain before.
    app.run_line("set turn_timer warn:30", None);
    clock.advance(29_000);
    app.tick_clock();
    let buf = header(&app);
    let x = column(&buf, "turn 0:29").unwrap();
    assert!(!buf[(x, 0)].modifier.contains(Modifier::BOLD));
    clock.advance(1_000);
    assert!(app.tick_clock());
    let buf = header(&app);
    let x = column(&buf, "turn 0:30").unwrap();
    assert_eq!(buf[(x, 0)].fg, Color::Yellow);
    assert!(buf[(x, 0)].modifier.contains(Modifier::BOLD));

    // Back off: gone, and no waking.
    app.run_line("set turn_timer off", None);
    assert_eq!(app.clock_wake(), None);
    assert!(!buffer_text(&header(&app)).contains("turn 0:"));
}

#[test]
fn the_timer_refuses_a_bad_limit_and_needs_a_time() {
    let clock = FakeClock::at(DAWN);
    let mut tracker = app(Session::new(System::WOIN, "Clock", assets())).with_clock(clock.clone());
    for bad in ["warn:0", "warn:3601", "warn", "on"] {
        tracker.run_line(&format!("set turn_timer {bad}"), None);
        assert!(tracker.status.error, "{bad}: {}", tracker.status.text);
        let text = &tracker.status.text;
        assert!(text.contains("off or show or warn:SECONDS"), "{text}");
    }
    // A fight saved before times were kept shows no timer, whatever the option says.
    let mut old = app(played(None)).with_clock(clock.clone());
    old.run_line("set turn_timer show", None);
    assert!(!old.status.error, "{}", old.status.text);
    assert_eq!(old.turn_clock(), None);
    assert_eq!(old.clock_wake(), None);
    let _: Arc<FakeClock> = clock;
}

#[test]
fn the_report_times_turns_and_combatants() {
    let clock = FakeClock::at(DAWN);
    let timed = played(Some(&clock));
    let timing = report(&timed, None).timing.expect("a timed fight is timed");
    // From the first command (0 s) to the last (264 s).
    assert_eq!(timing.duration_ms, 264_000);
    // `start` at 10 s, `next` at 70, 195 and 203 (round 2), the last command at 264.
    let turns: Vec<(u32, u64)> = timing.turns.iter().map(|t| (t.round, t.ms)).collect();
    assert_eq!(turns, [(1, 60_000), (1, 125_000), (1, 8_000), (2, 61_000)]);
    let first = &timing.turns[0].who;
    assert_eq!(&timing.turns[3].who, first, "round 2 opens with the same combatant");
    let names: Vec<&str> = timing.combatants.iter().map(|c| c.name.as_str()).collect();
    let expected: Vec<&str> = timing.turns[..3].iter().map(|t| t.who.as_str()).collect();
    assert_eq!(names, expected, "in the order they first acted");
    let c = &timing.combatants[0];
    assert_eq!((c.turns, c.mean_ms, c.longest_ms), (2, 60_500, 61_000));
    let c = &timing.combatants[1];
    assert_eq!((c.turns, c.mean_ms, c.longest_ms), (1, 125_000, 125_000));

    let markdown = render(&report(&timed, None), Format::Markdown);
    assert!(markdown.contains("## Time at the table\n\n4:24 from the first command to the last."));
    assert!(markdown.contains(&format!("| {first} | 2 | 1:00 | 1:01 |")), "{markdown}");
    assert!(markdown.contains(&format!("| 2 | {first} | 1:01 |")), "{markdown}");
    let json: serde_json::Value =
        serde_json::from_str(&render(&report(&timed, None), Format::Json)).unwrap();
    assert_eq!(json["timing"]["duration_ms"], 264_000);
    assert_eq!(json["timing"]["combatants"][0]["mean_ms"], 60_500);
    assert_eq!(json["timing"]["turns"][1]["ms"], 125_000);

    // The players' copy times only those they may see.
    let mut hidden = timed.clone();
    let hide = parse_in("hide Aria", Some(System::WOIN)).unwrap().unwrap();
    hidden.execute_at(&hide, &mut SeededDice::new(1), clock.now()).unwrap();
    let theirs = players_only(report(&hidden, None), &hidden).timing.unwrap();
    assert!(timing.turns.iter().any(|t| t.who == "Aria"));
    assert!(theirs.turns.iter().all(|t| t.who != "Aria"));
    assert!(theirs.combatants.iter().all(|c| c.name != "Aria"));
    assert_eq!(theirs.combatants.len(), timing.combatants.len() - 1);

    // A fight without times leaves the section out.
    let plain = played(None);
    assert_eq!(report(&plain, None).timing, None);
    assert!(!render(&report(&plain, None), Format::Markdown).contains("Time at the table"));
    assert!(!render(&report(&plain, None), Format::Json).contains("timing"));
}

#[test]
fn replay_at_the_real_pace_waits_as_the_table_did() {
    let clock = FakeClock::at(DAWN);
    let mut replay = app(played(Some(&clock)));
    replay.open_timeline(None, false, 1000);
    let timeline = replay.timeline.as_mut().unwrap();
    let set = |t: &skirmish::app::timeline::Timeline| {
        (0..=9).map(|at| t.wait_after(at)).collect::<Vec<_>>()
    };
    // At a set pace every wait is the pace.
    assert_eq!(set(timeline), [1000; 10]);
    timeline.real = true;
    // The time between each step's command and the next one's, at most 10 s; the set pace
    // before the first step and after the last.
    let waits = [1000, 5000, 5000, 10_000, 10_000, 10_000, 10_000, 8000, 10_000, 1000];
    assert_eq!(set(timeline), waits);
    // Playing from step 7 waits 8 s for the next.
    timeline.at = 7;
    replay.handle_event(&ratatui::crossterm::event::Event::Key(super::tui::keys("<Space>")[0]));
    assert_eq!(replay.playing(), Some(std::time::Duration::from_millis(8000)));
    let mut buf = Buffer::empty(Rect::new(0, 0, 80, 24));
    skirmish::ui::render(&replay, Theme { color: false }, buf.area, &mut buf);
    let screen = buffer_text(&buf);
    assert!(screen.contains("▶ at the fight's pace"), "{screen}");
    // `+` goes back to a set pace.
    replay.handle_event(&ratatui::crossterm::event::Event::Key(super::tui::keys("+")[0]));
    assert_eq!(replay.playing(), Some(std::time::Duration::from_millis(500)));

    // A fight without times plays at the set pace.
    let mut plain = app(played(None));
    plain.open_timeline(None, false, 1000);
    let timeline = plain.timeline.as_mut().unwrap();
    timeline.real = true;
    assert_eq!(set(timeline), [1000; 10]);

    // `--pace` takes seconds or `real`.
    assert_eq!("real".parse::<Pace>(), Ok(Pace::Real));
    assert_eq!("0.5".parse::<Pace>(), Ok(Pace::Seconds(0.5)));
    assert!("fast".parse::<Pace>().unwrap_err().contains("or real"));
}

#[test]
fn players_see_the_turn_timer_when_it_is_on() {
    let clock = FakeClock::at(DAWN);
    let dir = std::env::temp_dir().join(format!("skirmish-clock-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("watched.ron");
    let mut session = played(Some(&clock));
    let mut dice = SeededDice::new(3);
    let mut run = |session: &mut Session, line: &str| {
        let command = parse_in(line, Some(System::WOIN)).unwrap().unwrap();
        session.execute_at(&command, &mut dice, clock.now()).unwrap();
        std::fs::write(&path, journal::write(session).unwrap()).unwrap();
    };
    // Off: nothing shown.
    run(&mut session, "note Aria \"ready\"");
    let mut watch =
        Watch::new(Follower::new(Target::File(path.clone()), assets())).with_clock(clock.clone());
    assert!(watch.poll());
    assert_eq!(watch.turn_clock(), None);
    // The last turn began at 203 s; the clock stands at 267 s: 64 s, past a limit of 60.
    run(&mut session, "set turn_timer warn:60");
    assert!(watch.poll());
    let shown = watch.turn_clock().unwrap();
    assert_eq!((shown.ms, shown.over), (64_000, true));
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    ratatui::widgets::Widget::render(watch.screen(Theme { color: false }), area, &mut buf);
    let top = buffer_text(&buf).lines().next().unwrap().to_string();
    assert!(top.contains("turn 1:04  Round 2"), "{top}");
    // Another second shows; the same second does not ask for a frame.
    clock.advance(500);
    assert!(!watch.tick_clock());
    clock.advance(500);
    assert!(watch.tick_clock());
    // A hidden combatant's turn shows no time: its start would give it away.
    let current = session.encounter().current().unwrap().name.clone();
    run(&mut session, &format!("hide \"{current}\""));
    watch.poll();
    assert_eq!(watch.turn_clock(), None);
    let _ = std::fs::remove_dir_all(&dir);
}
