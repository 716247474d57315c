//! A long fight holds only its newest log lines (issue 22 item 10, issue 28 item 4): the older
//! ones are folded again from the snapshots when asked for, and every way of reading the log
//! (undo past them, the whole log for a report or a script, the dice log scrolled back, a save
//! loaded again) gives the same lines as folding the whole fight.

use skirmish::command::parse;
use skirmish::encounter::history::replay;
use skirmish::encounter::{Entry, LOG_KEPT, LogEntry, Session};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::ui::buffer_text;

use super::harness::assets;
use super::tui::{app, drive};

/// Run `lines` of commands, each once, in a fresh WOIN session.
fn play(session: &mut Session, dice: &mut SeededDice, lines: &[&str]) {
    for line in lines {
        let command = parse(line).ok().flatten().expect("the command parses");
        session.execute(&command, dice).expect("the command applies");
    }
}

/// A fight of `commands` rolls and notes after its setup: about one log line each.
fn long_fight(commands: usize) -> Session {
    let mut dice = SeededDice::new(7);
    let mut session = Session::new(System::WOIN, "long", assets());
    play(&mut session, &mut dice, &["add Aria side=pc", "add Ogre", "start"]);
    for n in 0..commands {
        let line = match n % 3 {
            0 => "roll 3d6 for Aria".to_string(),
            1 => format!("note Ogre n{n}"),
            _ => "next".to_string(),
        };
        play(&mut session, &mut dice, &[&line]);
    }
    session
}

/// The log the whole current line folds to, from the start.
fn folded(session: &Session) -> Vec<LogEntry> {
    let entries: Vec<Entry> = session.entries().into_iter().cloned().collect();
    replay(System::WOIN, "long", &entries).expect("the fight folds").1
}

#[test]
fn a_long_fight_holds_its_newest_lines_and_gives_every_line_when_asked() {
    let session = long_fight(3 * LOG_KEPT);
    let whole = folded(&session);
    assert!(session.log_start() > 0, "the oldest lines are let go");
    assert!(session.log().len() <= 2 * LOG_KEPT + 8, "held: {}", session.log().len());
    assert!(session.log().len() >= LOG_KEPT, "held: {}", session.log().len());
    assert_eq!(session.log_total(), whole.len());
    assert_eq!(session.log(), &whole[session.log_start()..]);
    assert_eq!(session.whole_log().expect("folds").as_ref(), whole.as_slice());
    let mut seen = Vec::new();
    session.each_line(|l| seen.push(l.clone())).expect("folds");
    assert_eq!(seen, whole);
    // The marks count lines of the whole log.
    let (_, marks) = session.line();
    assert!(marks.windows(2).all(|w| w[0] <= w[1]));
    assert!(marks.last().is_some_and(|&m| m <= whole.len()));
}

#[test]
fn undo_past_the_lines_held_folds_them_again() {
    let mut session = long_fight(3 * LOG_KEPT);
    let mut dice = SeededDice::new(1);
    let held_from = session.log_start();
    let mut undone = 0;
    // Back past the oldest line held, and some way further.
    while session.log_total() + LOG_KEPT / 4 >= held_from {
        play(&mut session, &mut dice, &["undo"]);
        undone += 1;
    }
    let whole = folded(&session);
    assert_eq!(session.log_total(), whole.len());
    assert_eq!(session.log(), &whole[session.log_start()..]);
    assert!(!session.log().is_empty(), "the lines before this point are held again");
    // Redo all the way brings back the same lines as before.
    for _ in 0..undone {
        play(&mut session, &mut dice, &["redo"]);
    }
    assert_eq!(session.whole_log().expect("folds").as_ref(), folded(&session).as_slice());
}

#[test]
fn older_lines_folded_again_are_the_ones_let_go() {
    let mut session = long_fight(3 * LOG_KEPT);
    let whole = folded(&session);
    let start = session.log_start();
    assert!(session.extend_log_back().expect("folds"));
    assert!(session.log_start() < start);
    assert_eq!(session.log(), &whole[session.log_start()..]);
    while session.extend_log_back().expect("folds") {}
    assert_eq!(session.log_start(), 0);
    assert_eq!(session.log(), whole.as_slice());
}

#[test]
fn a_long_fight_saved_and_loaded_holds_the_same_lines() {
    let session = long_fight(3 * LOG_KEPT);
    let dir = tempfile_dir();
    let path = dir.join("long.ron");
    skirmish::save::save(&session, &path).expect("saved");
    let loaded = skirmish::save::load(&path, assets()).expect("loaded");
    assert_eq!(loaded.log_total(), session.log_total());
    assert_eq!(loaded.log_start(), session.log_start());
    assert_eq!(loaded.log(), session.log());
    assert_eq!(loaded.whole_log().expect("folds"), session.whole_log().expect("folds"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_report_of_a_long_fight_prints_every_line() {
    let session = long_fight(3 * LOG_KEPT);
    let text = skirmish::cli::to_text(&session);
    let printed = text.lines().take_while(|l| !l.is_empty()).count();
    assert_eq!(printed, folded(&session).len());
    assert!(text.starts_with("[0] Aria joins"), "{}", &text[..80]);
}

#[test]
fn home_in_the_dice_log_reaches_the_first_line_of_a_long_fight() {
    let mut app = app(long_fight(3 * LOG_KEPT));
    let terminal = drive(&mut app, "<Home>");
    let text = buffer_text(terminal.backend().buffer());
    assert!(text.contains("Aria joins"), "the first line on screen:\n{text}");
    let terminal = drive(&mut app, "<End>");
    let text = buffer_text(terminal.backend().buffer());
    assert!(!text.contains("Aria joins"), "back at the newest:\n{text}");
}

/// A fresh folder of this test's own under the system's temporary folder.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "skirmish-long-log-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn the_players_view_kept_along_holds_only_its_newest_lines_and_shows_the_same() {
    use skirmish::view::LiveView;
    // Longer than the commands such a view keeps (twice 4,096) and the lines it keeps.
    let mut session = long_fight(9000);
    let mut dice = SeededDice::new(3);
    let newest = 100;
    let mut kept = LiveView::keeping(newest);
    let same = |kept: &mut LiveView, session: &Session| {
        let afresh = LiveView::default().see_newest(session, newest);
        assert_eq!(kept.see_newest(session, newest), afresh);
    };
    same(&mut kept, &session);
    // Back a little (within the lines kept), then far past them, then on again, then onto
    // another line of play from far back.
    play(&mut session, &mut dice, &["undo", "undo", "undo"]);
    same(&mut kept, &session);
    for _ in 0..(3 * newest) {
        play(&mut session, &mut dice, &["undo"]);
    }
    same(&mut kept, &session);
    play(&mut session, &mut dice, &["roll 2d6 for Aria", "next"]);
    same(&mut kept, &session);
    for _ in 0..5000 {
        play(&mut session, &mut dice, &["undo"]);
    }
    same(&mut kept, &session);
    play(&mut session, &mut dice, &["note Aria elsewhere", "next"]);
    same(&mut kept, &session);
}
