//! A fight's file at any length (issue 28 items 2, 3 and 5): `run FILE --save FILE` appends the
//! script's records and leaves every older byte alone; a long fight opens from its snapshot with
//! the undo, redo and branches recorded after it, takes commands from the first frame and writes
//! them once its history has come; `replay` shows its first frame from the snapshot; the
//! players' watcher follows a compaction from the snapshot.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use skirmish::app::{App, NewFiles, Ran, keymap::KeyMap};
use skirmish::command::parse;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::save;
use skirmish::save::follow::{Follower, Found, Target};

use crate::cli::{skirmish, text};
use crate::harness::assets;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-append-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

fn run(session: &mut Session, line: &str) {
    let command = parse(line).expect("parses").expect("a command");
    session.execute(&command, &mut SeededDice::new(11)).expect("applies");
}

/// A long fight (journal over a MiB, so the tracker opens it from its snapshot), built once.
fn long_fight() -> &'static Session {
    static LONG: OnceLock<Session> = OnceLock::new();
    LONG.get_or_init(|| {
        let mut s = Session::new(System::WOIN, "long", assets());
        let mut dice = SeededDice::new(5);
        for line in ["add Aria side=pc health=50000", "add Ogre", "start"] {
            s.execute(&parse(line).unwrap().unwrap(), &mut dice).expect("sets up");
        }
        let moves = ["damage Aria 1d6 raw", "roll 3d6 for Ogre", "cond Ogre dazed", "next"];
        for k in 0..6000 {
            let _ = s.execute(&parse(moves[k % moves.len()]).unwrap().unwrap(), &mut dice);
        }
        s
    })
}

/// The long fight compacted (ending with its snapshot), then `moves` played and appended.
fn long_file(dir: &Path, name: &str, moves: &[&str]) -> (PathBuf, Session, String) {
    let mut s = long_fight().clone();
    let (text, written) = save::journal::write_full(&s).expect("written");
    assert!(text.len() > 1 << 20, "over a MiB: {}", text.len());
    for line in moves {
        run(&mut s, line);
    }
    let (tail, _) = save::journal::tail(&s, &written).expect("written");
    let path = dir.join(name);
    std::fs::write(&path, format!("{text}{tail}")).expect("written");
    (path, s, text)
}

/// The same fight: state, log, tree, current point and what redo takes.
fn same_fight(a: &Session, b: &Session, case: &str) {
    assert_eq!(a.encounter(), b.encounter(), "{case}: state");
    assert_eq!(a.log(), b.log(), "{case}: log");
    assert_eq!(a.nodes(), b.nodes(), "{case}: tree");
    assert_eq!(a.head(), b.head(), "{case}: current point");
    assert_eq!(a.redo_entries(), b.redo_entries(), "{case}: redo");
}

fn demo_copy(dir: &Path, system: &str) -> PathBuf {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("saves/{system}-demo.ron"));
    let path = dir.join(format!("{system}.ron"));
    std::fs::copy(&demo, &path).expect("copied");
    path
}

/// Item 2: `run FILE --save FILE` appends the script's records (commands, undo, a branch, a
/// `save` line part-way) and keeps every byte before them; what it prints is what the same run
/// prints when it saves elsewhere (a whole rewrite), and the file loads as that rewrite does.
/// A script that starts another fight rewrites the file whole.
#[test]
fn run_save_onto_its_own_file_appends_and_keeps_every_older_byte() {
    let dir = temp("run");
    let cases = [
        ("woin", "roll 1d6\n", true),
        ("savage", "roll 1d6\nundo\n", true),
        ("gurps", "undo\nundo\nroll 2d6\nbranches\n", true),
        ("gempunks", "roll 1d6\nsave\nroll 1d8\n", true),
        ("woin", "new woin Fresh\nadd Bob\n", false),
    ];
    for (system, script, appended) in cases {
        let path = demo_copy(&dir, system);
        let before = std::fs::read(&path).expect("read");
        let file = path.to_str().expect("utf-8");
        let run = ["run", file, "--seed", "3", "--log", "all", "--script", "-", "--save"];
        let out = skirmish(&[&run[..], &[file]].concat(), script);
        assert!(out.status.success(), "{system} {script:?}: {}", text(&out.stderr));
        let after = std::fs::read(&path).expect("read");
        assert_eq!(after.starts_with(&before), appended, "{system} {script:?}: prefix kept");
        assert_eq!(
            save::backup_path(&path).exists(),
            !appended,
            "{system}: a .bak only if rewritten"
        );
        // The same run saved elsewhere rewrites a new file whole: the same report, the same fight.
        let other = dir.join(format!("{system}-other.ron"));
        let _ = std::fs::remove_file(&other);
        std::fs::write(&path, &before).expect("restored");
        let other_name = other.to_str().expect("utf-8");
        let whole = skirmish(&[&run[..], &[other_name]].concat(), script);
        assert_eq!(text(&out.stdout), text(&whole.stdout), "{system} {script:?}: the report");
        std::fs::write(&path, &after).expect("put back");
        let appended_fight = save::load(&path, assets()).expect("the appended file loads");
        let rewritten = save::load(&other, assets()).expect("the rewrite loads");
        same_fight(&appended_fight, &rewritten, &format!("{system} {script:?}"));
        assert_eq!(
            save::to_ron(&appended_fight).expect("written"),
            std::fs::read_to_string(&other).expect("read")
        );
        let _ = std::fs::remove_file(save::backup_path(&path));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 2: a file that does not read or check is never appended to: the run fails with exit 2
/// naming the damage, and the file is left byte for byte as it was.
#[test]
fn run_save_never_appends_to_a_file_that_does_not_check() {
    let dir = temp("damaged");
    let demo = demo_copy(&dir, "woin");
    let good = std::fs::read_to_string(&demo).expect("read");
    let line3 = good.lines().nth(2).expect("a third line").to_string();
    let damages = [
        ("a record edited", good.replacen("Goblin 1", "Goblin 9", 1)),
        ("a record removed", good.replacen(&format!("{line3}\n"), "", 1)),
        ("the last record torn", good[..good.len() - 20].to_string()),
        ("the header edited", good.replacen("Ambush at the Old Bridge", "Ambush", 1)),
    ];
    for (what, damaged) in damages {
        let path = dir.join("damaged.ron");
        std::fs::write(&path, &damaged).expect("written");
        let file = path.to_str().expect("utf-8");
        let out = skirmish(&["run", file, "--script", "-", "--save", file], "roll 1d6\n");
        assert_eq!(out.status.code(), Some(2), "{what}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("damaged.ron:"), "{what}: {}", text(&out.stderr));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), damaged, "{what}: untouched");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 3: records after the snapshot that undo, redo and branch are folded from the snapshot:
/// the fight opens from it at once, standing where a whole read stands (state, newest log
/// lines, what redo takes there), and the whole history that follows agrees. An undo past the
/// snapshot needs the history before it: that file is read whole.
#[test]
fn a_long_fight_opens_from_its_snapshot_after_undo_redo_and_branches() {
    let dir = temp("open");
    let cases: [(&str, &[&str], bool); 6] = [
        ("undone", &["roll 1d6", "undo"], true),
        ("undone twice, redone", &["roll 1d6", "heal Aria 1", "undo", "undo", "redo"], true),
        ("a branch", &["roll 1d6", "undo", "heal Aria 2"], true),
        (
            "back on the first branch",
            &["roll 1d6", "undo", "heal Aria 2", "undo", "branch 1"],
            true,
        ),
        ("undone to the snapshot", &["roll 1d6", "undo"], true),
        ("undone past the snapshot", &["roll 1d6", "undo", "undo"], false),
    ];
    for (case, moves, glanced) in cases {
        let (path, played, _) = long_file(&dir, "long.ron", moves);
        let whole = save::load(&path, assets()).expect("loads whole");
        same_fight(&whole, &played, case);
        let opened = save::open(&path, assets()).expect("opens");
        let save::Opened::Glanced { now, whole: coming, .. } = opened else {
            assert!(!glanced, "{case}: expected to open from the snapshot");
            continue;
        };
        assert!(glanced, "{case}: expected a whole read");
        assert_eq!(now.encounter(), played.encounter(), "{case}: the state on screen");
        assert!(played.log().ends_with(now.log()), "{case}: the newest log lines");
        let redo: Vec<_> = now.redo_entries();
        if !redo.is_empty() {
            assert_eq!(redo, played.redo_entries(), "{case}: redo from here");
        }
        let (came, _) = coming.recv().expect("sent").expect("the history reads");
        same_fight(&came, &played, case);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An app opened on a long fight, and the history that is still coming waited for.
fn opened_app(path: &Path) -> App {
    let opened = save::open(path, assets()).expect("opens");
    assert!(matches!(opened, save::Opened::Glanced { .. }), "opens from its snapshot");
    let blank = Session::new(System::WOIN, "", assets());
    let mut app = App::new(blank, None, KeyMap::defaults(), NewFiles::new(None, 1))
        .with_dice(Box::new(SeededDice::new(21)));
    app.show_opened(path.to_path_buf(), opened);
    app
}

fn history_comes(app: &mut App) {
    let start = std::time::Instant::now();
    while app.loading.is_some() {
        assert!(start.elapsed().as_secs() < 120, "the history never came");
        app.poll_loading();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Item 3: keys typed on the first frame, before the history has come, run at once (a roll, an
/// undo, a branch after it, a redo); nothing is written until the history is in, then their
/// records are appended with the very events they had (nothing rolled again), and the file
/// reads back as the fight on screen. What needs the history before the snapshot waits, with a
/// clear message: undo past it, `branches` there, `save`, the timeline.
#[test]
fn keys_typed_before_the_history_arrives_are_kept_and_written() {
    let dir = temp("keys");
    let (path, played, _) = long_file(&dir, "long.ron", &["roll 1d6"]);
    let on_disk = std::fs::read(&path).expect("read");
    let mut app = opened_app(&path);
    // On the snapshot's tree: the roll the file holds after it, then two lines of play from
    // there, and back to the snapshot itself.
    crate::tui::drive_keep(&mut app, ":roll 2d6<Enter>u:heal Aria 3<Enter>uu");
    assert_eq!(app.session.depth(), 0, "{:?}", app.status);
    let refused = [
        ("u", "undo past the point it was opened at"),
        (":branches<Enter>", "the lines of play here"),
        (":save<Enter>", "save"),
        ("t", "the timeline"),
    ];
    for (keys, what) in refused {
        crate::tui::drive_keep(&mut app, keys);
        let status = &app.status;
        assert!(status.error && status.text.contains(what), "{keys}: {status:?}");
        assert!(status.text.contains("still being read"), "{keys}: {status:?}");
    }
    crate::tui::drive_keep(&mut app, "<C-r><C-r>:roll 1d4<Enter>");
    assert_eq!(app.session.depth(), 3, "{:?}", app.status);
    let typed: Vec<_> = app.session.nodes().to_vec();
    let shown = app.session.encounter().clone();
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(std::fs::read(&path).expect("read"), on_disk, "nothing written yet");
    history_comes(&mut app);
    skirmish::runtime::perform_effects(&mut app, None);
    assert!(app.frozen.is_none(), "{:?}", app.status);
    assert_eq!(app.session.encounter(), &shown, "the fight on screen stays");
    let nodes = app.session.nodes();
    assert_eq!(nodes.len(), played.nodes().len() + 3, "three commands made on the snapshot");
    // The snapshot's own tree held the command after it too: the three typed come after it.
    let entries = |nodes: &[skirmish::encounter::Node]| -> Vec<_> {
        nodes.iter().map(|n| n.entry.clone()).collect()
    };
    let made = entries(&nodes[nodes.len() - 3..]);
    assert_eq!(made, entries(&typed[1..]), "the same commands, the same events");
    let after = std::fs::read(&path).expect("read");
    assert!(after.starts_with(&on_disk), "appended, every older byte kept");
    let back = save::load(&path, assets()).expect("loads");
    same_fight(&back, &app.session, "read back");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 3: quitting before the history has come waits for it, so what was typed is written.
#[test]
fn quitting_while_the_history_is_read_writes_what_was_typed() {
    let dir = temp("quit");
    let (path, _, _) = long_file(&dir, "long.ron", &[]);
    let mut app = opened_app(&path);
    assert_eq!(app.run_line("roll 1d6", None), Ran::Applied, "{:?}", app.status);
    let shown = app.session.encounter().clone();
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    let back = save::load(&path, assets()).expect("loads");
    assert_eq!(back.encounter(), &shown);
    assert_eq!(back.nodes().len(), long_fight().nodes().len() + 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 3: `skirmish replay` shows a long fight's snapshot at once; its steps wait for the
/// history (a key says so), then the timeline walks the whole line, at its end.
#[test]
fn replay_shows_a_long_fight_at_once_and_its_timeline_when_the_history_comes() {
    let dir = temp("replay");
    let (path, played, _) = long_file(&dir, "long.ron", &["roll 1d6", "undo"]);
    let blank = NewFiles::new(None, 1);
    let mut app = skirmish::cli::replay_app(
        &path,
        skirmish::cli::Pace::Seconds(1.0),
        assets(),
        KeyMap::defaults(),
        blank,
    )
    .expect("opens");
    assert!(app.loading.is_some(), "from the snapshot");
    assert_eq!(app.session.encounter(), played.encounter());
    crate::tui::drive_keep(&mut app, "<Left>");
    assert!(app.status.text.contains("reading this long fight's history"), "{:?}", app.status);
    assert_eq!(app.session.encounter(), played.encounter(), "no step taken yet");
    history_comes(&mut app);
    let timeline = app.timeline.as_ref().expect("the timeline");
    // The line runs on to the roll undone, the step ahead.
    assert_eq!(timeline.line.len(), played.depth() + 1);
    assert_eq!(timeline.at, played.depth());
    assert!(app.save_path.is_none() && app.effects.is_empty(), "read-only");
    crate::tui::drive_keep(&mut app, "<Left>");
    assert_eq!(app.session.depth(), played.depth() - 1, "{:?}", app.status);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GM's side of a followed fight: commands appended, and compaction (save, quit).
struct Gm {
    session: Session,
    written: save::journal::Written,
    lock: save::lock::FightLock,
}

impl Gm {
    fn play(&mut self, line: &str) {
        run(&mut self.session, line);
        let (tail, now) = save::journal::tail(&self.session, &self.written).expect("written");
        self.lock.append(tail.as_bytes()).expect("appended");
        self.written = now;
    }

    fn compact(&mut self) {
        let (text, now) = save::journal::write_full(&self.session).expect("written");
        self.lock.replace(text.as_bytes()).expect("compacted");
        self.written = now;
    }
}

/// Item 5: after the GM compacts (a new file, ending with a snapshot), the watcher follows on
/// from the snapshot instead of reading the file whole, also when commands, an undo or a branch
/// came between its last look and the compaction, and reads on as the GM appends after it. At
/// every step it shows what a whole read shows (the fight and the players' view). Another
/// fight renamed over it is read whole.
#[test]
fn the_watcher_follows_a_compaction_from_its_snapshot() {
    let dir = temp("follow");
    let path = dir.join("followed.ron");
    let mut s = long_fight().clone();
    run(&mut s, "roll 1d6");
    let (text, written) = save::journal::write_full(&s).expect("written");
    std::fs::write(&path, &text).expect("written");
    let lock = save::lock::lock(&path).expect("locked");
    let mut gm = Gm { session: s, written, lock };
    let mut watcher = Follower::new(Target::File(path.clone()), assets());
    assert!(matches!(watcher.poll(), Found::Fight { whole: true, .. }));
    let steps: [(&str, &[&str], bool); 6] = [
        ("compacted as it was", &[], true),
        ("a command, then compacted", &["roll 2d6"], true),
        ("two, an undo, then compacted", &["roll 1d6", "heal Aria 1", "undo"], true),
        ("a branch, then compacted", &["heal Aria 2"], true),
        ("appended after a compaction", &["roll 1d4"], false),
        ("undone and compacted", &["undo", "undo"], true),
    ];
    let mut live = skirmish::view::LiveView::default();
    for (step, moves, compacted) in steps {
        for line in moves {
            gm.play(line);
        }
        if compacted {
            gm.compact();
        }
        let reads = watcher.whole_reads();
        let Found::Fight { session, whole, .. } = watcher.poll() else {
            panic!("{step}: the watcher follows")
        };
        assert!(!whole, "{step}: not read whole");
        let fresh = save::load(&path, assets()).expect("loads");
        assert_eq!(session.encounter(), fresh.encounter(), "{step}: state");
        assert_eq!(session.log(), fresh.log(), "{step}: log");
        assert_eq!(session.nodes(), fresh.nodes(), "{step}: tree");
        assert_eq!(session.line().0, fresh.line().0, "{step}: line of play");
        let seen = live.see_newest(session, skirmish::cli::watch::SHOWN_LOG);
        let want = skirmish::view::players_see(&fresh);
        let want_newest = match want {
            skirmish::view::PlayersSee::Fight(view) => {
                let start = view.log.len().saturating_sub(skirmish::cli::watch::SHOWN_LOG);
                skirmish::view::PlayersSee::Fight(skirmish::view::PlayerView {
                    log: view.log[start..].to_vec(),
                    ..view
                })
            }
            waiting @ skirmish::view::PlayersSee::Waiting { .. } => waiting,
        };
        assert_eq!(seen, want_newest, "{step}: what the players see");
        assert_eq!(watcher.whole_reads(), reads, "{step}: followed from the snapshot");
    }
    // Another fight of the same name, system and length written over it: read whole.
    let mut other = long_fight().clone();
    while other.nodes().len() < gm.session.nodes().len() {
        run(&mut other, "damage Aria 40 raw");
    }
    let (text, _) = save::journal::write_full(&other).expect("written");
    drop(gm);
    save::write_atomic(&path, text.as_bytes()).expect("written");
    let reads = watcher.whole_reads();
    let Found::Fight { session, whole, .. } = watcher.poll() else { panic!("follows") };
    assert!(whole);
    assert_eq!(session.encounter(), other.encounter());
    assert_eq!(watcher.whole_reads(), reads + 1);
    let _ = std::fs::remove_dir_all(&dir);
}
