//! Issue 22's edges of the command line and the tracker around it: what scripts answer, shell
//! completions and the manual page, finding a fight (`list`, `open` with no file), reports into
//! missing folders, help for the system's attack fields, and commands that must read back as typed.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};
use std::sync::Arc;

use skirmish::command::parse;
use skirmish::encounter::{Assets, Session};
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;
use skirmish::save;

/// A config directory that does not exist, so user overrides cannot leak in.
const NO_CONFIG: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config");

fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("assets"))
}

/// A fresh, empty folder of this test's own under the target's temp directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-edges-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Run the binary with `args` and `stdin`, with no user config and the given data home.
fn skirmish_in(args: &[&str], stdin: &[u8], data_home: Option<&Path>) -> Output {
    let mut command = Process::new(env!("CARGO_BIN_EXE_skirmish"));
    command
        .args(args)
        .env("XDG_CONFIG_HOME", NO_CONFIG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(home) = data_home {
        command.env("XDG_DATA_HOME", home);
    }
    let mut child = command.spawn().expect("skirmish starts");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), stdin).expect("stdin");
    child.wait_with_output().expect("skirmish runs")
}

fn skirmish(args: &[&str], stdin: &str) -> Output {
    skirmish_in(args, stdin.as_bytes(), None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run_line(session: &mut Session, line: &str) {
    let command = parse(line).expect("parses").expect("a command");
    session.execute(&command, &mut ScriptedDice::new([])).unwrap_or_else(|e| panic!("{line}: {e}"));
}

fn names(session: &Session) -> Vec<String> {
    session.encounter().combatants.iter().map(|c| c.name.clone()).collect()
}

/// Item 15: after `branch N`, undo and redo stay on the branch taken, not the newest one; and a
/// fight saved on that branch redoes along it when read back.
#[test]
fn redo_goes_on_along_the_branch_taken() {
    let mut s = Session::new(System::WOIN, "tree", assets());
    for line in ["add A", "add B", "undo", "add C", "undo", "branch 1", "undo"] {
        run_line(&mut s, line);
    }
    assert_eq!(names(&s), ["A"]);
    run_line(&mut s, "redo");
    assert_eq!(names(&s), ["A", "B"], "redo takes branch 1 again, not the newer C");
    let back = save::from_ron(&save::to_ron(&s), Path::new("t.ron"), assets()).expect("reloads");
    let mut back = back;
    run_line(&mut back, "undo");
    run_line(&mut back, "redo");
    assert_eq!(names(&back), ["A", "B"], "read back, redo still follows the line it was on");
}

/// Item 15: a script with a byte that is not UTF-8 on line 3 is refused naming line 3 (from a
/// file and from standard input), with exit 2 and nothing run.
#[test]
fn a_script_that_is_not_utf8_names_its_line() {
    let dir = scratch("utf8");
    let script = dir.join("bad.txt");
    let bytes = b"new woin\nadd Aria\nadd Gob\xffin\nstart\n";
    std::fs::write(&script, bytes).expect("script");
    let from_file = skirmish(&["run", "--script", script.to_str().expect("utf-8")], "");
    let from_stdin = skirmish_in(&["run", "--script", "-"], bytes, None);
    for out in [from_file, from_stdin] {
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(err.starts_with("skirmish: cannot read the script: line 3, column 8: "), "{err}");
        assert!(err.contains("not UTF-8"), "{err}");
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
}

/// Item 15: Ctrl-C after a failed save warns as `q` does (in any mode), and a second Ctrl-C
/// quits; with nothing failed it quits at once.
#[test]
fn ctrl_c_after_a_failed_save_warns_first() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, Mode, NewFiles};
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let colon = Event::Key(KeyEvent::new(KeyCode::Char(':'), KeyModifiers::NONE));
    let dir = scratch("ctrl-c");
    let path = dir.join("fight.ron");
    let fresh = || {
        App::new(
            Session::new(System::WOIN, "c", assets()),
            Some(path.clone()),
            KeyMap::defaults(),
            NewFiles::new(None, 1),
        )
    };
    let mut app = fresh();
    app.run_line("add Aria", None);
    let effect = app.effects.pop().expect("an autosave asked for");
    app.written(&effect, Err("disk full".into()));
    app.handle_event(&colon);
    assert!(matches!(app.mode, Mode::Command));
    app.handle_event(&ctrl_c);
    assert!(!app.quit, "the first Ctrl-C warns");
    assert!(app.status.error, "{:?}", app.status);
    assert!(
        app.status.text.starts_with("the last save failed and the fight is only in memory")
            && app.status.text.contains("Ctrl-C again quits"),
        "{:?}",
        app.status
    );
    app.handle_event(&ctrl_c);
    assert!(app.quit, "the second Ctrl-C quits");
    let mut app = fresh();
    app.handle_event(&ctrl_c);
    assert!(app.quit, "nothing failed: Ctrl-C quits at once");
}

/// Item 15: `:save ./f.ron` names the fight's own file another way: it is saved (compacted)
/// there, not refused as "being written by another skirmish" with the tracker's own process id;
/// later autosaves go on to it. A script's `save ./f.ron` onto its own `--save f.ron` likewise.
#[test]
fn saving_onto_the_fights_own_file_by_another_name_just_saves() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles, SaveState};
    let dir = scratch("save-self");
    let path = dir.join("f.ron");
    let mut app = App::new(
        Session::new(System::WOIN, "self", assets()),
        Some(path.clone()),
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    let mut lock = Some(save::lock::lock(&path).expect("the tracker's lock"));
    app.run_line("add Aria", None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert_eq!(app.save_state, SaveState::Saved);
    let other_name = dir.join(".").join("f.ron");
    app.run_line(&format!("save \"{}\"", other_name.display()), None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{:?}", app.status);
    assert!(!app.status.text.contains("another skirmish"), "{:?}", app.status);
    assert_eq!(app.save_state, SaveState::Saved);
    app.run_line("add Brom", None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert_eq!(app.save_state, SaveState::Saved, "{:?}", app.status);
    let back = save::load(&path, assets()).expect("the file holds the fight");
    assert_eq!(names(&back), ["Aria", "Brom"]);

    let out = Process::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "--script", "-", "--save", "g.ron"])
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", NO_CONFIG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            std::io::Write::write_all(
                &mut child.stdin.take().expect("stdin"),
                b"new woin\nadd Aria\nsave ./g.ron\nadd Brom\n",
            )?;
            child.wait_with_output()
        })
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let back = save::load(&dir.join("g.ron"), assets()).expect("saved");
    assert_eq!(names(&back), ["Aria", "Brom"]);
}
