//! The history tree and the journal (issue 9): undo never drops a line of play, branches survive a
//! save and a reload, and a journal edited, reordered or cut short is refused with its line.

use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;
use skirmish::command::{Command, parse};
use skirmish::encounter::history::replay;
use skirmish::encounter::{Assets, Outcome, Session};
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;
use skirmish::save;

fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("assets"))
}

fn run(session: &mut Session, line: &str) -> Outcome {
    let command = parse(line).expect("parses").expect("a command");
    let mut dice = ScriptedDice::new([]);
    session.execute(&command, &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn names(session: &Session) -> Vec<String> {
    session.encounter().combatants.iter().map(|c| c.name.clone()).collect()
}

#[test]
fn a_command_after_undo_starts_a_branch_and_keeps_the_old_line() {
    let mut s = Session::new(System::WOIN, "tree", assets());
    for line in ["add A", "add B", "add C", "undo", "undo", "add D"] {
        run(&mut s, line);
    }
    assert_eq!(names(&s), ["A", "D"]);
    run(&mut s, "undo");
    let branches = s.branches();
    assert_eq!(branches.len(), 2);
    assert_eq!((branches[0].first.as_str(), branches[0].length), ("add B", 2));
    assert_eq!((branches[1].first.as_str(), branches[1].length), ("add D", 1));
    // redo follows the newest line; branch 1 goes back to the first line of play, to its end.
    run(&mut s, "redo");
    assert_eq!(names(&s), ["A", "D"]);
    run(&mut s, "undo");
    assert_eq!(run(&mut s, "branch 1"), Outcome::Branched { number: 1, steps: 2 });
    assert_eq!(names(&s), ["A", "B", "C"]);
    // Both lines survive a save and a reload, and so does the current point.
    let text = save::to_ron(&s).expect("written");
    let mut back = save::from_ron(&text, Path::new("t.ron"), assets()).expect("reloads");
    assert_eq!(back.nodes(), s.nodes());
    assert_eq!(back.head(), s.head());
    assert_eq!(names(&back), ["A", "B", "C"]);
    run(&mut back, "undo");
    run(&mut back, "undo");
    assert_eq!(back.branches().len(), 2);
    let err = back
        .execute(&Command::Branch { number: 3 }, &mut ScriptedDice::new([]))
        .expect_err("only two branches");
    assert!(err.to_string().contains("branch 3: expected 1 to 2"), "{err}");
}

/// The header's save mark shows a fork when redo has more than one way forward.
#[test]
fn undo_at_a_fork_says_redo_has_two_ways() {
    let mut s = Session::new(System::WOIN, "tree", assets());
    for line in ["add A", "undo", "add B", "undo"] {
        run(&mut s, line);
    }
    assert_eq!(s.branches().len(), 2);
    assert!(s.can_redo());
}

/// A journal edited anywhere (a die face, a stat, a command's text), reordered or cut short is
/// refused with the line of the first record that does not fit.
#[test]
fn edited_reordered_or_torn_journals_are_refused_with_their_line() {
    let text = save::DEMOS[0].1.to_string();
    let lines: Vec<&str> = text.lines().collect();
    let edits: Vec<(String, usize)> = vec![
        (text.replacen("health: (current: 30,", "health: (current: 31,", 1), 2),
        (text.replacen("command: \"add Aria", "command: \"add Arya", 1), 2),
        (text.replacen("face: 5", "face: 6", 1), first_line_with(&text, "face: 5")),
        (
            {
                let mut swapped = lines.clone();
                swapped.swap(2, 3);
                swapped.join("\n")
            },
            3,
        ),
        (lines[..lines.len() - 1].join("\n") + "\n" + &lines[lines.len() - 1][..40], lines.len()),
    ];
    for (bad, line) in edits {
        let err = match save::from_ron(&bad, Path::new("bad.ron"), assets()) {
            Ok(_) => panic!("an edited journal loaded"),
            Err(err) => err.to_string(),
        };
        assert!(err.starts_with(&format!("bad.ron:{line}:")), "line {line}: {err}");
    }
}

fn first_line_with(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).map_or(0, |i| i + 1)
}

/// One step of a model history: what the session should show after it.
#[derive(Debug, Clone)]
enum Step {
    Add,
    Undo,
    Redo,
    Branch(usize),
}

proptest! {
    /// Undo, redo, new commands and branch moves against a model tree: the state is always the
    /// fold of the line from the start to the current point, nothing is ever dropped, and a save
    /// and reload gives back the same tree and point.
    #[test]
    fn undo_redo_and_branches_match_a_model(steps in prop::collection::vec(
        prop_oneof![
            3 => Just(Step::Add),
            2 => Just(Step::Undo),
            1 => Just(Step::Redo),
            1 => (1usize..4).prop_map(Step::Branch),
        ],
        1..40,
    )) {
        let mut s = Session::new(System::WOIN, "model", assets());
        // The model: every command made (its name and parent), and the current point.
        let mut made: Vec<(String, Option<usize>)> = Vec::new();
        let mut at: Option<usize> = None;
        // Issue 22, item 15: the child redo takes from a point is the one the line of play last
        // went through there (else the newest made).
        let mut taken: std::collections::HashMap<Option<usize>, usize> = Default::default();
        let mut dice = ScriptedDice::new([]);
        for step in steps {
            let children = |of: Option<usize>, made: &[(String, Option<usize>)]| -> Vec<usize> {
                (0..made.len()).filter(|&i| made[i].1 == of).collect()
            };
            let redo_from = |of: Option<usize>, made: &[(String, Option<usize>)], taken: &std::collections::HashMap<Option<usize>, usize>| {
                taken.get(&of).copied().or_else(|| children(of, made).last().copied())
            };
            match step {
                Step::Add => {
                    let name = format!("C{}", made.len() + 1);
                    let cmd = parse(&format!("add {name}")).unwrap().unwrap();
                    s.execute(&cmd, &mut dice).unwrap();
                    made.push((name, at));
                    taken.insert(at, made.len() - 1);
                    at = Some(made.len() - 1);
                }
                Step::Undo => {
                    let ok = s.execute(&Command::Undo, &mut dice).is_ok();
                    prop_assert_eq!(ok, at.is_some());
                    at = at.and_then(|i| made[i].1);
                }
                Step::Redo => {
                    let next = redo_from(at, &made, &taken);
                    prop_assert_eq!(s.execute(&Command::Redo, &mut dice).is_ok(), next.is_some());
                    if next.is_some() { at = next; }
                }
                Step::Branch(n) => {
                    let kids = children(at, &made);
                    let ok = s.execute(&Command::Branch { number: n }, &mut dice).is_ok();
                    prop_assert_eq!(ok, n <= kids.len());
                    if let Some(&start) = kids.get(n - 1) {
                        taken.insert(at, start);
                        at = Some(start);
                        while let Some(next) = redo_from(at, &made, &taken) {
                            taken.insert(at, next);
                            at = Some(next);
                        }
                    }
                }
            }
            let mut line = Vec::new();
            let mut cur = at;
            while let Some(i) = cur { line.push(made[i].0.clone()); cur = made[i].1; }
            line.reverse();
            prop_assert_eq!(names(&s), line);
            prop_assert_eq!(s.nodes().len(), made.len());
        }
        let back = save::from_ron(&save::to_ron(&s).expect("written"), Path::new("m.ron"), assets()).unwrap();
        prop_assert_eq!(back.nodes(), s.nodes());
        prop_assert_eq!(back.encounter(), s.encounter());
    }
}

#[derive(Debug, Clone)]
enum Move {
    Act,
    Undo,
    Redo,
    Jump(usize),
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    /// Undo, redo and jumps restore the state from the nearest snapshot instead of folding from
    /// the start: at every step the state and the log equal a fold of the current line from the
    /// start (long enough to cross several snapshots, with jumps across branches).
    #[test]
    fn snapshots_give_what_a_fold_from_the_start_gives(moves in proptest::collection::vec(
        prop_oneof![
            8 => Just(Move::Act),
            2 => Just(Move::Undo),
            1 => Just(Move::Redo),
            1 => (0usize..10_000).prop_map(Move::Jump),
        ],
        500..700,
    )) {
        let mut s = Session::new(System::WOIN, "snap", assets());
        run(&mut s, "add Aria side=pc health=5000");
        run(&mut s, "add Brute");
        let acts = ["damage Aria 1 raw", "note Brute grr", "cond Aria dazed", "uncond Aria dazed"];
        let mut dice = ScriptedDice::new([]);
        for (k, step) in moves.into_iter().enumerate() {
            match step {
                Move::Act => {
                    let cmd = parse(acts[k % acts.len()]).unwrap().unwrap();
                    let _ = s.execute(&cmd, &mut dice);
                }
                Move::Undo => { let _ = s.execute(&Command::Undo, &mut dice); }
                Move::Redo => { let _ = s.execute(&Command::Redo, &mut dice); }
                Move::Jump(n) => {
                    let node = n % s.nodes().len();
                    s.jump(Some(node)).unwrap();
                    prop_assert_eq!(s.head(), Some(node));
                }
            }
            let line: Vec<_> = s.entries().into_iter().cloned().collect();
            let (state, log) = replay(System::WOIN, "snap", &line).unwrap();
            prop_assert_eq!(&state, s.encounter());
            prop_assert_eq!(log.as_slice(), s.log());
        }
    }
}

/// The tracker appends one synced record per command to the journal instead of rewriting the
/// file; an undo appends a move of the current point; quitting compacts. Every step loads back.
#[test]
fn the_tracker_appends_to_the_journal_and_compacts_on_quit() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    let dir = std::env::temp_dir().join(format!("skirmish-journal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    let keymap = KeyMap::defaults();
    let session = Session::new(System::WOIN, "journal", assets());
    let mut app =
        App::new(session, Some(path.clone()), keymap, NewFiles::new(Some(dir.clone()), 1));
    let lines = |p: &Path| std::fs::read_to_string(p).map(|t| t.lines().count()).unwrap_or(0);
    app.run_line("add Aria side=pc", None);
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(lines(&path), 2, "the header and one record");
    let first = std::fs::read_to_string(&path).expect("file");
    for (line, expected) in [("add Brom", 3), ("add Orc", 4), ("undo", 5), ("add Ogre", 6)] {
        app.run_line(line, None);
        skirmish::runtime::perform_effects(&mut app, None);
        assert_eq!(lines(&path), expected, "after {line}");
        let text = std::fs::read_to_string(&path).expect("file");
        assert!(text.starts_with(&first), "{line}: the file was rewritten, not appended to");
        let back = save::from_ron(&text, &path, assets()).expect("every step loads");
        assert_eq!(back.encounter(), app.session.encounter(), "after {line}");
        assert_eq!(back.nodes(), app.session.nodes());
    }
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(lines(&path), 5, "compacted: header and four commands, the point at the last");
    let back = save::load(&path, assets()).expect("loads");
    assert_eq!(back.nodes(), app.session.nodes());
    let _ = std::fs::remove_dir_all(&dir);
}

/// One writer per fight: a second lock on the same save is refused and names the holder; the
/// lock goes with its holder, and a new fight's file it made empty goes too, never written.
#[test]
fn one_writer_per_fight() {
    let dir = std::env::temp_dir().join(format!("skirmish-lock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    let first = save::lock::lock(&path).expect("the first writer");
    let err = save::lock::lock(&path).expect_err("a second writer");
    let text = err.to_string();
    assert!(text.contains("is being written by another skirmish"), "{text}");
    assert!(text.contains(&format!("process {}", std::process::id())), "{text}");
    drop(first);
    assert!(!path.exists(), "the empty file held for a new fight goes with its lock");
    let again = save::lock::lock(&path).expect("free again");
    // `skirmish run --save` on a fight another process writes is refused, the file untouched.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "--script", "-", "--save"])
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("being written by another skirmish"));
    assert_eq!(std::fs::read(&path).expect("held"), b"", "nothing written");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Temp files a killed save left beside a fight are removed when it is next locked to write;
/// nothing else in the folder is touched.
#[test]
fn leftover_temp_files_are_removed() {
    let dir = std::env::temp_dir().join(format!("skirmish-temps-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    for name in [
        ".fight.ron.tmp123",
        ".fight.ron.bak.tmp77",
        ".fight.ron.tmpx",
        "fight.ron.bak",
        "other.ron",
    ] {
        std::fs::write(dir.join(name), "x").expect("written");
    }
    // Taking the fight's lock (as opening it to write does) clears them.
    drop(save::lock::lock(&path).expect("locked"));
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, [".fight.ron.tmpx", "fight.ron.bak", "other.ron"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failed save keeps the fight in memory: the first `q` warns, a second one quits.
#[test]
fn q_after_a_failed_save_asks_first() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles, SaveState};
    let key = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let mut app = App::new(
        Session::new(System::WOIN, "q", assets()),
        None,
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    app.save_state = SaveState::Failed("disk full".into());
    app.handle_event(&key('q'));
    assert!(!app.quit, "the first q warns");
    assert!(app.status.text.contains("the last save failed"), "{:?}", app.status);
    app.handle_event(&key('q'));
    assert!(app.quit, "the second q quits");
}

/// A torn last record (a power cut mid-append) is refused with its line, the file untouched;
/// `run --recover` keeps the damaged file whole as FILE.damaged and opens the fight as it stood.
#[test]
fn a_torn_journal_is_refused_and_recovered_on_request() {
    let dir = std::env::temp_dir().join(format!("skirmish-torn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    let text = save::DEMOS[0].1;
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.len();
    let torn = lines[..last - 1].join("\n") + "\n" + &lines[last - 1][..30];
    std::fs::write(&path, &torn).expect("written");
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(["run"])
            .arg(&path)
            .args(extra)
            .env("XDG_CONFIG_HOME", dir.join("no-config"))
            .output()
            .expect("runs")
    };
    let out = run(&["--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("fight.ron:{last}:")));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), torn, "untouched");
    let out = run(&["--json", "--recover"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fight.ron.damaged"));
    assert_eq!(std::fs::read_to_string(dir.join("fight.ron.damaged")).expect("kept"), torn);
    let back = save::load(&path, assets()).expect("opens as it stood");
    assert_eq!(back.nodes().len(), last - 2, "every whole command kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tracker offers to open a journal with a torn tail without it: `n` leaves the file exactly
/// as it was (on to the demo picker when resuming); `y` keeps it whole as FILE.damaged and opens
/// the fight as it stood before the damage.
#[test]
fn the_tracker_offers_to_open_a_torn_journal_without_its_tail() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, Mode, NewFiles};
    let key = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let dir = std::env::temp_dir().join(format!("skirmish-offer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    let lines: Vec<&str> = save::DEMOS[0].1.lines().collect();
    let last = lines.len();
    let torn = lines[..last - 1].join("\n") + "\n" + &lines[last - 1][..30];
    std::fs::write(&path, &torn).expect("written");
    let save::Tail::Damaged { damage, .. } = save::damaged_tail(&torn) else {
        panic!("a torn last record leaves a good journal before it")
    };
    assert_eq!(damage.line, last);
    let offer = |demos| {
        App::recover_offer(
            path.clone(),
            format!("line {}: {}", damage.line, damage.message),
            demos,
            assets(),
            KeyMap::defaults(),
            NewFiles::new(None, 1),
        )
    };
    // Declined when resuming: the picker, the file untouched, nothing kept aside.
    let mut app = offer(Some(save::demo_sessions(assets())));
    app.handle_event(&key('n'));
    assert!(matches!(app.mode, Mode::Picker { .. }));
    assert!(app.status.text.contains("left as it was"), "{:?}", app.status);
    assert_eq!(std::fs::read_to_string(&path).expect("file"), torn);
    assert!(!dir.join("fight.ron.damaged").exists());
    // Declined when opening a named file: quits.
    let mut app = offer(None);
    app.handle_event(&key('n'));
    assert!(app.quit);
    // Accepted: the damaged file kept whole, the fight open as it stood.
    let mut app = offer(None);
    app.handle_event(&key('y'));
    assert!(matches!(app.mode, Mode::Normal), "{:?}", app.status);
    assert_eq!(std::fs::read_to_string(dir.join("fight.ron.damaged")).expect("kept"), torn);
    assert_eq!(app.session.nodes().len(), last - 2, "every whole command kept");
    assert_eq!(app.save_path.as_deref(), Some(path.as_path()));
    assert!(app.status.text.contains("fight.ron.damaged"), "{:?}", app.status);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bytes that are not UTF-8 are reported with their line and column, never as a bare I/O error.
#[test]
fn invalid_utf8_is_reported_with_its_position() {
    let dir = std::env::temp_dir().join(format!("skirmish-utf8-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("fight.ron");
    let mut bytes =
        b"(version: 4, system: Woin, name: \"x\")\nCommand(n: 1, after: 0, command: \"add A\xff\""
            .to_vec();
    bytes.extend_from_slice(b")\n");
    std::fs::write(&path, &bytes).expect("written");
    let err = save::load(&path, assets()).expect_err("refused").to_string();
    assert!(err.contains("fight.ron:2:40:"), "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tracker's lock follows the fight: a new fight (its own new file) and save as move it, the
/// old file let go once its last write is done; quitting writes the compacted fight and then
/// lets go.
#[test]
fn the_trackers_lock_follows_the_fight_and_goes_on_quit() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    use skirmish::runtime::perform_effects_locked;
    let dir = std::env::temp_dir().join(format!("skirmish-lock-moves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let first = dir.join("first.ron");
    let session = Session::new(System::WOIN, "first", assets());
    let mut app = App::new(
        session,
        Some(first.clone()),
        KeyMap::defaults(),
        NewFiles::new(Some(dir.clone()), 1),
    );
    let mut lock = Some(save::lock::lock(&first).expect("opened"));
    let held = |path: &Path| save::lock::lock(path).is_err();
    let gm = |app: &mut App, lock: &mut Option<save::lock::FightLock>, line: &str| {
        app.run_line(line, None);
        assert!(!app.status.error, "`{line}`: {}", app.status.text);
        perform_effects_locked(app, None, lock);
        assert!(!app.status.error, "`{line}`: {}", app.status.text);
    };
    gm(&mut app, &mut lock, "add Aria side=pc");
    assert!(held(&first));
    gm(&mut app, &mut lock, "new woin second");
    gm(&mut app, &mut lock, "add Brom side=pc");
    let second = app.save_path.clone().expect("the new fight's file");
    assert_ne!(second, first);
    assert!(held(&second), "the new fight's file is locked");
    assert!(!held(&first), "the first fight is let go");
    let third = dir.join("third.ron");
    gm(&mut app, &mut lock, &format!("save \"{}\"", third.display()));
    assert!(held(&third), "save as moves the lock");
    assert!(!held(&second), "the second fight is let go");
    gm(&mut app, &mut lock, "add Orc");
    // Quitting: the compacted fight is written, then the lock goes.
    app.compact();
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(held(&third), "held until the tracker quits");
    drop(lock);
    assert!(!held(&third), "let go after a clean quit");
    assert!(!dir.join("third.ron.lock").exists(), "no .lock file");
    let back = save::load(&third, assets()).expect("the fight as it was left");
    assert_eq!(back.nodes(), app.session.nodes());
    assert_eq!(names(&back), ["Brom", "Orc"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `skirmish run --script -` fed `script` on its standard input.
fn run_script(script: &str) -> std::process::Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "--script", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script");
    child.wait_with_output().expect("ends")
}

/// A `save PATH` line in a script takes the fight's lock too: a file another writer holds is
/// refused with the line, and left as it was.
#[test]
fn a_scripts_save_line_respects_the_lock() {
    let dir = std::env::temp_dir().join(format!("skirmish-save-line-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("held.ron");
    let held = save::lock::lock(&path).expect("another writer holds it");
    let script = format!("new woin Bridge\nadd Aria\nsave \"{}\"\n", path.display());
    let out = run_script(&script);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "a script's line that fails: {err}");
    assert!(err.contains("line 3") && err.contains("being written by another skirmish"), "{err}");
    assert!(err.contains("skirmish replay"), "says how to read it instead: {err}");
    assert_eq!(std::fs::read(&path).expect("held"), b"", "nothing written");
    drop(held);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Save as never replaces another fight by a slip of the name: a file that exists and is not
/// the fight's own is refused (it is left as it was, and the fight keeps its file) unless
/// `overwrite` says so, in the tracker and in a script; saving to the fight's own file is fine.
#[test]
fn save_as_refuses_another_fights_file_without_overwrite() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    use skirmish::runtime::perform_effects_locked;
    let dir = std::env::temp_dir().join(format!("skirmish-save-over-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let (mine, other) = (dir.join("mine.ron"), dir.join("bridge.ron"));
    std::fs::write(&other, "another fight").expect("written");
    let session = Session::new(System::WOIN, "mine", assets());
    let mut app = App::new(session, Some(mine.clone()), KeyMap::defaults(), NewFiles::new(None, 1));
    let mut lock = Some(save::lock::lock(&mine).expect("opened"));
    app.run_line("add Aria side=pc", None);
    perform_effects_locked(&mut app, None, &mut lock);
    app.run_line(&format!("save \"{}\"", other.display()), None);
    assert!(app.status.error, "{:?}", app.status);
    assert!(app.status.text.contains("already exists") && app.status.text.contains("overwrite"));
    perform_effects_locked(&mut app, None, &mut lock);
    assert_eq!(std::fs::read_to_string(&other).expect("kept"), "another fight");
    assert_eq!(app.save_path.as_deref(), Some(mine.as_path()), "the fight keeps its file");
    // The save-as dialog takes the GM back to the name, as typed, to change it.
    super::tui::drive_keep(&mut app, &format!("s{}<Enter>", other.display()));
    let skirmish::app::Mode::Dialog(dialog) = &app.mode else { panic!("{:?}", app.status) };
    assert_eq!((dialog.at, dialog.answers.len()), (0, 0));
    assert!(dialog.fix.as_deref().is_some_and(|why| why.contains("already exists")));
    // ` overwrite` typed after the name there replaces it, as on the command line (not a file
    // called `bridge overwrite.ron`).
    let Some(skirmish::app::dialog::Step::Text { input, .. }) = dialog.steps.first() else {
        panic!("{dialog:?}")
    };
    assert_eq!(input.value(), other.display().to_string());
    let mut asked = (**dialog).clone();
    asked.answers = vec![format!("{} overwrite", other.display())];
    let line = asked.command();
    assert!(line.ends_with("bridge.ron overwrite"), "{line}");
    super::tui::drive_keep(&mut app, "<Esc>");
    // Its own file, by any spelling of the path, needs no word.
    app.run_line(&format!("save \"{}\"", dir.join(".").join("mine.ron").display()), None);
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{:?}", app.status);
    app.run_line(&format!("save \"{}\" overwrite", other.display()), None);
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{:?}", app.status);
    assert_eq!(names(&save::load(&other, assets()).expect("replaced")), ["Aria"]);
    drop(lock);
    // A script the same way, with the line.
    std::fs::write(&other, "another fight").expect("written");
    let run = |script: String| run_script(&script);
    let out = run(format!("new woin B\nadd Aria\nsave \"{}\"\n", other.display()));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 3") && err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).expect("kept"), "another fight");
    let out = run(format!("new woin B\nadd Aria\nsave \"{}\" overwrite\n", other.display()));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check --replan` plans every command again with the faces its own events recorded: the demo
/// fights plan to the same events (a Savage Worlds deal draws cards no event records as faces,
/// and says so); a stored outcome changed by hand, and resealed so that its checksums hold and
/// it still folds, is found and named with its command (exit 2). Plain `check` cannot see it.
#[test]
fn check_replan_finds_events_their_command_would_not_make() {
    let check = |path: &Path, replan: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"));
        cmd.arg("check").arg(path);
        if replan {
            cmd.arg("--replan");
        }
        cmd.output().expect("runs")
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for system in ["woin", "savage", "gurps", "gempunks"] {
        let out = check(&root.join(format!("saves/{system}-demo.ron")), true);
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{system}: {said}");
        assert!(said.contains(", 0 differ,"), "{system}: {said}");
    }
    let dir = std::env::temp_dir().join(format!("skirmish-replan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("edited.ron");
    let text = std::fs::read_to_string(root.join("saves/woin-demo.ron")).expect("demo");
    // The first hit's health lost, one less than the dice and SOAK make it.
    let at = text.find("loss: ").expect("a hit") + "loss: ".len();
    let digits = text[at..].chars().take_while(char::is_ascii_digit).count();
    let loss: i64 = text[at..at + digits].parse().expect("a number");
    let edited = format!("{}{}{}", &text[..at], loss - 1, &text[at + digits..]);
    std::fs::write(&path, save::journal::reseal(&edited)).expect("written");
    assert_eq!(check(&path, false).status.code(), Some(0), "the edit folds and its sums hold");
    let out = check(&path, true);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("plans differently now") && said.contains("1 differ"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long fight, for the snapshot a compaction writes past 1,000 commands.
fn long_fight(commands: usize) -> Session {
    let mut s = Session::new(System::WOIN, "long", assets());
    let mut dice = skirmish::rules::dice::SeededDice::new(5);
    for line in ["add Aria side=pc health=5000", "add Ogre", "start"] {
        let command = parse(line).unwrap().unwrap();
        s.execute(&command, &mut dice).expect("sets up");
    }
    let moves = ["damage Aria 1d6 raw", "roll 3d6 for Ogre", "cond Ogre dazed", "next"];
    for k in 0..commands {
        let command = parse(moves[k % moves.len()]).unwrap().unwrap();
        let _ = s.execute(&command, &mut dice);
    }
    s
}

/// A compacted long journal ends with a snapshot of the current state; a glance at it (the
/// snapshot and the records appended since) gives the same state and newest log lines as the
/// whole history, without reading it, after an undo since too; an undo past the snapshot makes
/// the glance decline, and the whole journal is read instead.
#[test]
fn a_long_journal_opens_from_its_snapshot() {
    let mut s = long_fight(1200);
    let (text, written) = save::journal::write_full(&s).expect("written");
    let last = text.lines().last().unwrap_or_default();
    // After its sum: 16 hex digits and a space.
    assert!(
        last.get(17..).is_some_and(|r| r.starts_with("Snapshot(n: ")),
        "{}",
        &last[..40.min(last.len())]
    );
    let glance = save::peek::glance(&text).expect("a glance");
    assert_eq!(&glance.encounter, s.encounter());
    assert!(s.log().ends_with(&glance.log) && glance.log.len() >= 100);
    // Commands appended after the snapshot are folded onto it.
    run(&mut s, "damage Aria 2 raw");
    run(&mut s, "note Aria steady");
    let (more, _) = save::journal::tail(&s, &written).expect("written");
    let appended = text.clone() + &more;
    let glance = save::peek::glance(&appended).expect("a glance");
    assert_eq!(&glance.encounter, s.encounter());
    assert!(s.log().ends_with(&glance.log));
    let back = save::from_ron(&appended, Path::new("long.ron"), assets()).expect("loads whole");
    assert_eq!(back.encounter(), s.encounter());
    // An undo since is folded from the snapshot; one past it needs the whole journal.
    run(&mut s, "undo");
    let (moved, _) = save::journal::tail(&s, &written).expect("written");
    let glance = save::peek::glance(&(text.clone() + &moved)).expect("a glance");
    assert_eq!(&glance.encounter, s.encounter());
    for _ in 0..3 {
        run(&mut s, "undo");
    }
    let (moved, _) = save::journal::tail(&s, &written).expect("written");
    assert!(save::peek::glance(&(text + &moved)).is_none());
}

/// The tracker opens a long fight (over a MiB) from its snapshot: commands run at once, and are
/// written once the whole history has been read and checked on another thread; then it takes
/// over and commands append to the file. A snapshot edited so that it no longer matches its
/// history (resealed, so every checksum holds) is found: the file is never written and
/// commands are refused from then on.
#[test]
fn the_tracker_opens_a_long_fight_at_once_and_checks_it_behind_the_screen() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    let dir = std::env::temp_dir().join(format!("skirmish-glance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("long.ron");
    let s = long_fight(6000);
    let (text, _) = save::journal::write_full(&s).expect("written");
    assert!(text.len() > 1 << 20, "over a MiB: {}", text.len());
    std::fs::write(&path, &text).expect("written");
    let open = |path: &Path| {
        let opened = save::open(path, assets()).expect("opens");
        assert!(matches!(opened, save::Opened::Glanced { .. }), "opens from its snapshot");
        let blank = Session::new(System::WOIN, "", assets());
        let mut app = App::new(blank, None, KeyMap::defaults(), NewFiles::new(None, 1));
        app.show_opened(path.to_path_buf(), opened);
        app
    };
    let mut app = open(&path);
    assert_eq!(app.session.encounter(), s.encounter(), "the snapshot's state on screen");
    assert_eq!(app.run_line("roll 1d6", None), skirmish::app::Ran::Applied, "{:?}", app.status);
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(std::fs::read_to_string(&path).expect("file"), text, "held, not written yet");
    let start = std::time::Instant::now();
    while !app.poll_loading() {
        assert!(start.elapsed().as_secs() < 60, "the history never came");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(app.session.nodes().len(), s.nodes().len() + 1, "the whole history and the roll");
    app.run_line("roll 1d6", None);
    skirmish::runtime::perform_effects(&mut app, None);
    let now = std::fs::read_to_string(&path).expect("file");
    assert!(now.starts_with(&text), "the command was appended, not the file rewritten");
    // A snapshot that disagrees with its history.
    let at = text.rfind("round: ").expect("the snapshot's round") + "round: ".len();
    let edited = format!("{}9{}", &text[..at], &text[at..]);
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, save::journal::reseal(&edited)).expect("written");
    let before = std::fs::read(&bad).expect("bad");
    let mut app = open(&bad);
    while !app.poll_loading() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(app.frozen.is_some() && app.save_path.is_none(), "{:?}", app.status);
    app.run_line("roll 1d6", None);
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(std::fs::read(&bad).expect("bad"), before, "never written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every system's own state survives a snapshot: written as the system writes it, read back by
/// the system, equal (WOIN, Savage Worlds, GURPS, Gempunks and the regiment demo, each played to
/// its end).
#[test]
fn each_systems_state_round_trips_through_a_snapshot() {
    for (name, text) in save::DEMOS {
        let session = save::from_ron(text, Path::new(name), assets()).expect("demo loads");
        let enc = session.encounter();
        let written = enc.state.to_ron().expect("written");
        let mut de = ron::Deserializer::from_str(&written).expect("RON");
        let mut erased = <dyn erased_serde::Deserializer>::erase(&mut de);
        let back = enc.system.rules().decode_state(&mut erased).expect("reads back");
        assert_eq!(back, enc.state, "{name}: {written}");
    }
}
