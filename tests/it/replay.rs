//! The timeline (`skirmish replay`, the tracker's `t`): every step shows the fold of the events up
//! to it, keys move by command, turn and round, lines of play are picked from the tree, a branch
//! goes to a new file and leaves the source byte-identical, and Esc returns to the present.

use std::path::PathBuf;

use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles};
use skirmish::encounter::Session;
use skirmish::encounter::history::replay;
use skirmish::rules::System;

use super::tui::{demo, drive, drive_keep, screen};

fn replay_app(session: Session, source: Option<PathBuf>) -> App {
    let mut app = App::new(session, None, KeyMap::defaults(), NewFiles::new(None, 0));
    app.open_timeline(source, false, 1000);
    app
}

/// At every step of every demo fight, the panes' state and log are the events folded up to that
/// step, walking forward and back: nothing re-rolled, no turn-start effect (bleeding) fired again.
#[test]
fn every_step_of_each_demo_is_the_fold_up_to_it() {
    for system in System::ALL {
        let session = demo(system);
        let entries: Vec<_> = session.entries().into_iter().cloned().collect();
        let mut app = replay_app(session.clone(), None);
        drive_keep(&mut app, "<Home>");
        let check = |app: &App, k: usize| {
            let (state, log) =
                replay(system, &session.encounter().name, &entries[..k]).expect("folds");
            assert_eq!(app.session.encounter(), &state, "{system}: step {k}");
            assert_eq!(app.session.log(), log.as_slice(), "{system}: step {k}");
            assert_eq!(app.timeline.as_ref().map(|t| t.at), Some(k));
        };
        for k in 0..=entries.len() {
            check(&app, k);
            drive_keep(&mut app, "<Right>");
        }
        for k in (0..=entries.len()).rev() {
            check(&app, k);
            drive_keep(&mut app, "<Left>");
        }
        assert!(app.effects.is_empty(), "nothing is written");
    }
}

/// `]`/`[` move by turn, `}`/`{` by round, `g` to a round, End and Home to the ends.
#[test]
fn keys_move_by_turn_round_and_to_a_round() {
    // The WOIN demo: 4 adds (1–4), start (5: round 1, the Ogre's turn), damage, cond,
    // next (8: Goblin 1's turn), roll, damage, next (11: Goblin 2's turn), cond.
    let mut app = replay_app(demo(System::WOIN), None);
    let at = |app: &App| app.timeline.as_ref().map(|t| t.at);
    drive_keep(&mut app, "<Home>]");
    assert_eq!(at(&app), Some(5));
    drive_keep(&mut app, "]");
    assert_eq!(at(&app), Some(8));
    drive_keep(&mut app, "]]");
    assert_eq!(at(&app), Some(12), "no later turn: the end");
    drive_keep(&mut app, "[");
    assert_eq!(at(&app), Some(11));
    drive_keep(&mut app, "[");
    assert_eq!(at(&app), Some(8));
    drive_keep(&mut app, "{");
    assert_eq!(at(&app), Some(5), "back to the start of round 1");
    drive_keep(&mut app, "{");
    assert_eq!(at(&app), Some(0));
    drive_keep(&mut app, "}");
    assert_eq!(at(&app), Some(5));
    drive_keep(&mut app, "<End>");
    assert_eq!(at(&app), Some(12));
    drive_keep(&mut app, "g1<Enter>");
    assert_eq!(at(&app), Some(5));
    drive_keep(&mut app, "g7<Enter>");
    assert_eq!(at(&app), Some(5));
    assert_eq!(app.status.text, "go to round: expected a round from 1 to 1, found '7'");
    // Play: a step per tick, stopping at the end.
    drive_keep(&mut app, "<End><Left><Left><Space>");
    assert!(app.playing().is_some());
    app.tick();
    app.tick();
    assert_eq!(at(&app), Some(12));
    app.tick();
    assert!(app.playing().is_none(), "stops at the end");
}

/// A fight with a fork: the tree lists both lines; picking the other one shows it.
#[test]
fn lines_of_play_are_picked_from_the_tree() {
    let mut live = super::tui::app(demo(System::WOIN));
    drive_keep(&mut live, ":undo<Enter>:undo<Enter>:cond Brom dazed<Enter>");
    let session = live.session.clone();
    let mut app = replay_app(session, None);
    drive_keep(&mut app, "t");
    let (choices, _) = app.timeline.as_ref().and_then(|t| t.choices.clone()).expect("open");
    assert_eq!(choices.len(), 2);
    assert_eq!(choices[0].last, "cond Brom dazed");
    assert_eq!((choices[1].length, choices[1].shared), (12, 10));
    insta::assert_snapshot!("replay_lines_of_play", screen(&app, 80, 24));
    drive_keep(&mut app, "j<Enter>");
    let t = app.timeline.as_ref().expect("timeline");
    assert_eq!((t.line.len(), t.at), (12, 10), "on the old line, at the fork");
    drive_keep(&mut app, "<End>");
    assert!(app.session.encounter().get("aria").and_then(|c| c.condition("Dazed")).is_some());
    assert!(app.session.encounter().get("brom").and_then(|c| c.condition("Dazed")).is_none());
}

/// `b` writes the history up to the step into a new file and opens it live; the source is
/// byte-identical, and a name already taken is refused.
#[test]
fn branching_writes_a_new_file_and_leaves_the_source_alone() {
    let dir = PathBuf::from(concat!(env!("CARGO_TARGET_TMPDIR"), "/replay-branch"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let source = dir.join("bridge.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &source)
        .expect("copy");
    let before = std::fs::read(&source).expect("read");
    let session = skirmish::save::load(&source, super::harness::assets()).expect("loads");
    let mut app = replay_app(session, Some(source.clone()));
    drive_keep(&mut app, "<Home>]]b");
    // The prompt's default name sits in the source's folder, whose path differs per checkout.
    let shown = screen(&app, 80, 24);
    assert!(shown.contains(" branch into: "), "{shown}");
    let shown: Vec<String> = shown
        .lines()
        .map(|l| match l.find(" branch into: ") {
            Some(_) => " branch into: [the source's folder]/bridge-branch-8.ron".to_string(),
            None => l.to_string(),
        })
        .collect();
    insta::assert_snapshot!("replay_branch_prompt", shown.join("\n"));
    drive_keep(&mut app, "<Enter>");
    let path = app.branch_request().expect("a branch asked for");
    assert_eq!(path, dir.join("bridge-branch-8.ron"));
    // Taken: refused, still in the timeline.
    app.branch_into(source.clone(), false);
    assert!(app.timeline.is_some() && app.status.error);
    app.branch_into(path.clone(), true);
    assert!(app.timeline.is_none(), "live now");
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(std::fs::read(&source).expect("read"), before, "the source is untouched");
    let branch = skirmish::save::load(&path, super::harness::assets()).expect("the branch loads");
    assert_eq!(branch.entries().len(), 8);
    assert_eq!(branch.encounter().current().map(|c| c.name.as_str()), Some("Goblin 1"));
    // It is a live fight: commands go on from there and are saved to the branch.
    drive_keep(&mut app, ":damage Ogre 3<Enter>");
    skirmish::runtime::perform_effects(&mut app, None);
    let branch = skirmish::save::load(&path, super::harness::assets()).expect("the branch loads");
    assert_eq!(branch.entries().len(), 9);
    assert_eq!(std::fs::read(&source).expect("read"), before);
}

/// In the tracker, `t` opens the same timeline read-only; Esc returns to the present unchanged.
#[test]
fn the_trackers_timeline_returns_to_the_present() {
    let mut app = super::tui::app(demo(System::WOIN));
    let present = app.session.encounter().clone();
    drive(&mut app, "t<Home>}");
    assert_eq!(app.session.encounter().round, 1);
    assert_eq!(app.session.entries().len(), 5);
    insta::assert_snapshot!("tracker_timeline", screen(&app, 80, 24));
    drive(&mut app, "n");
    assert!(app.status.error, "n does nothing in the timeline");
    drive(&mut app, "b");
    assert!(app.status.text.starts_with("to branch here"), "{}", app.status.text);
    drive(&mut app, "<Esc>");
    assert!(app.timeline.is_none());
    assert_eq!(app.session.encounter(), &present);
    assert_eq!(app.session.entries().len(), 12);
}

/// Quitting (Ctrl-C) from the tracker's timeline saves the fight as it is now, not at the step on
/// screen.
#[test]
fn quitting_from_the_timeline_keeps_the_present() {
    let mut app = super::tui::app(demo(System::WOIN));
    drive(&mut app, "t<Home>");
    assert_eq!(app.session.entries().len(), 0);
    app.compact();
    assert!(app.timeline.is_none());
    assert_eq!(app.session.entries().len(), 12);
}

/// The timeline draws at every size without panicking, with the list of lines and a prompt open.
#[test]
fn the_timeline_draws_at_every_size() {
    let mut live = super::tui::app(demo(System::SAVAGE));
    drive_keep(&mut live, ":undo<Enter>:next<Enter>");
    for keys in ["", "t", "g12", "b"] {
        let mut app = replay_app(live.session.clone(), Some(PathBuf::from("a/very/long/path.ron")));
        drive_keep(&mut app, keys);
        for width in (0..=130).step_by(13) {
            for height in (0..=45).step_by(3) {
                let _ = screen(&app, width, height);
            }
        }
    }
}
