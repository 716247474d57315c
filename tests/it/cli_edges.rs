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
    let back = save::from_ron(&save::to_ron(&s).expect("written"), Path::new("t.ron"), assets())
        .expect("reloads");
    let mut back = back;
    run_line(&mut back, "undo");
    run_line(&mut back, "redo");
    assert_eq!(names(&back), ["A", "B"], "read back, redo still follows the line it was on");

    // The tracker's journal records each move; a fight read back from it (left at the fork after
    // `branch 1` and an undo) redoes along branch 1 too.
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    let path = scratch("redo-journal").join("f.ron");
    let mut app = App::new(
        Session::new(System::WOIN, "tree", assets()),
        Some(path.clone()),
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    let mut lock = None;
    for line in ["add A", "add B", "undo", "add C", "undo", "branch 1", "undo"] {
        app.run_line(line, None);
        skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    }
    drop(lock);
    let mut back = save::load(&path, assets()).expect("reloads");
    assert_eq!(names(&back), ["A"]);
    run_line(&mut back, "redo");
    assert_eq!(names(&back), ["A", "B"], "the journal's moves say which branch was taken");
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

/// The case clap's bash script gives a subcommand: from its label to the next subcommand's.
fn bash_case<'a>(script: &'a str, sub: &str) -> &'a str {
    let head = format!("skirmish__subcmd__{sub})\n");
    let start = script.find(&head).unwrap_or_else(|| panic!("no case for {sub}"));
    let rest = &script[start + head.len()..];
    let end = rest.find("\n        skirmish__").unwrap_or(rest.len());
    &rest[..end]
}

/// Item 11: the bash and fish scripts offer the systems after `new`, the systems with odds after
/// `odds`, md and json after `--format`, and files after open, replay, export, watch and check.
#[test]
fn completions_offer_systems_formats_odds_subjects_and_save_files() {
    let systems: Vec<&str> = System::ALL.iter().map(|s| s.key()).collect();
    let systems = systems.join(" ");
    let with_odds: Vec<&str> = System::ALL
        .iter()
        .filter(|s| s.rules().spec().odds_usage().is_some())
        .map(|s| s.key())
        .collect();
    assert_eq!(with_odds.len(), 4, "every system has odds today");
    let with_odds = with_odds.join(" ");
    let files = ["open", "replay", "export", "watch", "check"];

    let out = skirmish(&["completions", "bash"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bash = text(&out.stdout);
    assert!(bash_case(&bash, "new").contains(&format!("--help {systems}\"")), "new: systems");
    assert!(bash_case(&bash, "odds").contains(&format!("--help {with_odds}\"")), "odds: systems");
    assert!(bash_case(&bash, "export").contains(r#"compgen -W "md json""#), "--format");
    for sub in files {
        assert!(
            bash_case(&bash, sub).contains(r#"$(compgen -f -- "${cur}")"#),
            "bash offers files after {sub}"
        );
    }

    let out = skirmish(&["completions", "fish"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let fish = text(&out.stdout);
    let fish_lines: Vec<&str> = fish.lines().collect();
    let line_for = |sub: &str, what: &str| {
        fish_lines.iter().any(|l| {
            l.contains(&format!("\"__fish_skirmish_using_subcommand {sub}")) && l.contains(what)
        })
    };
    assert!(line_for("new", &format!("-f -a \"{systems}\"")), "fish: systems after new");
    assert!(line_for("odds", &format!("-f -a \"{with_odds}\"")), "fish: odds subjects");
    assert!(line_for("export", "-l format") && fish.contains("md\\t'Markdown'"), "--format");
    assert!(fish.contains("json\\t'JSON'"), "--format json");
    for sub in files {
        assert!(
            fish_lines.iter().any(|l| *l
                == format!(
                    "complete -c skirmish -n \"__fish_skirmish_using_subcommand {sub}\" -F"
                )),
            "fish offers files after {sub}"
        );
    }
}

/// Roff text back to plain: the escapes `skirmish man` writes undone, fonts dropped.
fn unroff(page: &str) -> String {
    page.replace("\\fB", "")
        .replace("\\fR", "")
        .replace("\\fI", "")
        .replace("\\-", "-")
        .replace("\\&", "")
        .replace("\\e", "\\")
}

/// Item 11: the manual page names no page that is not installed (`skirmish-run(1)` …), and
/// carries the tracker's keys (from the key map) and its commands (from the core table).
#[test]
fn the_manual_page_has_the_keys_and_commands_and_no_missing_pages() {
    use skirmish::app::keymap::{Action, KeyMap};
    let out = skirmish(&["man"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(page.contains("\n.TH skirmish 1 "), "{page}");
    let plain = unroff(&page);
    assert!(!plain.contains("skirmish-"), "a sub-page is named: {plain}");
    assert!(!plain.contains("(1)"), "a page is referred to: {plain}");
    assert!(plain.contains("\n.SH KEYS\n") && plain.contains("\n.SH TRACKER COMMANDS\n"));
    let keys = KeyMap::defaults();
    for action in Action::ALL {
        let entry = format!(".TP\n{}\n{}\n", keys.keys_of(action), action.help());
        assert!(plain.contains(&entry), "the page lacks {entry:?}");
    }
    for spec in skirmish::command::COMMANDS {
        let entry = format!(".TP\n{}\n{}\n", spec.usage(), skirmish::command::help::summary(spec));
        assert!(plain.contains(&entry), "the page lacks {entry:?}");
    }
    for sub in ["open", "list", "run", "odds", "export", "watch"] {
        assert!(plain.contains(&format!(".TP\nskirmish {sub} ")), "the page lacks {sub}");
    }
}

/// Item 13: `skirmish --help` describes `odds` for every system that has odds, from the
/// system's own declaration.
#[test]
fn help_describes_odds_for_every_system_with_odds() {
    let out = skirmish(&["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    let mut described = 0;
    for system in System::ALL {
        if let Some((usage, shows)) = system.rules().spec().odds_usage() {
            assert!(help.contains(&format!("`skirmish odds {usage}`: {shows}")), "{help}");
            described += 1;
        }
    }
    assert_eq!(described, 4);
    assert!(help.contains("odds gempunks") && help.contains("odds gurps"), "{help}");
}

/// Write a fight into `dir` by a script, and date its file `minutes` after a fixed time.
fn fight_file(dir: &Path, file: &str, script: &str, minutes: u64) -> PathBuf {
    let path = dir.join(file);
    let out = skirmish(&["run", "--script", "-", "--save", path.to_str().expect("utf-8")], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_750_000_000 + minutes * 60);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(when))
        .expect("dated");
    path
}

/// Three fights in a saves folder (besides a backup and the pointer, which are not fights).
fn saves_with_fights(name: &str) -> (PathBuf, [PathBuf; 3]) {
    let dir = scratch(name);
    let older =
        fight_file(&dir, "bridge.ron", "new woin \"Old Bridge\"\nadd Aria\nadd Orc\nstart\n", 0);
    let newest = fight_file(
        &dir,
        "pier.ron",
        "new savage \"Pier Nine\"\nadd Cole\nadd Thug\nstart\nnext\nnext\nnext\n",
        30,
    );
    let middle = fight_file(&dir, "alley.ron", "new gurps Alley\nadd Vex\n", 10);
    std::fs::copy(&older, dir.join("bridge.ron.bak")).expect("a backup");
    std::fs::write(dir.join("last-session"), newest.display().to_string()).expect("pointer");
    (dir, [newest, middle, older])
}

/// Item 12: `skirmish list` prints the saves folder's fights newest first, each with its name,
/// system, round, when it was last played and its file; backups and the pointer are not listed;
/// an empty folder says how to start one.
#[test]
fn list_shows_the_saves_folders_fights_newest_first() {
    let (dir, [newest, middle, older]) = saves_with_fights("list");
    let out = skirmish(&["list", "--saves", dir.to_str().expect("utf-8")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 4, "{shown}");
    assert!(lines[0].starts_with("NAME ") && lines[0].ends_with("FILE"), "{shown}");
    let row = |line: &str| {
        line.split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        row(lines[1]),
        ["Pier Nine", "Savage Worlds", "2", "2025-06-15 15:36", &newest.display().to_string()]
    );
    assert_eq!(
        row(lines[2]),
        ["Alley", "GURPS 4e", "0", "2025-06-15 15:16", &middle.display().to_string()]
    );
    assert_eq!(
        row(lines[3]),
        ["Old Bridge", "WOIN", "1", "2025-06-15 15:06", &older.display().to_string()]
    );
    // The default folder is the data home's.
    let home = scratch("list-home");
    let out = skirmish_in(&["list"], b"", Some(&home));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!(
            "no fights in {} yet: `skirmish new SYSTEM` starts one\n",
            home.join("skirmish/saves").display()
        )
    );
}

/// Item 12: `skirmish open` with no file starts on a picker of the saves folder's fights, newest
/// first; Enter asks for the one chosen, which the runtime locks and opens (saved back to its own
/// file); Esc quits.
#[test]
fn open_without_a_file_picks_from_the_saves_folder() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::app::Mode;
    use skirmish::cli::{Start, tracker_app};
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    let (dir, [newest, middle, _]) = saves_with_fights("open-pick");
    let mut app = tracker_app(Start::Pick, Some(&dir)).expect("starts").0;
    let Mode::Fights { rows, cursor: 0 } = &app.mode else { panic!("not the picker") };
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Pier Nine", "Alley", "Old Bridge"]);
    assert_eq!(rows[0].path, newest);
    assert_eq!(rows[0].detail, "Savage Worlds · round 2 · 2025-06-15 15:36 · pier.ron");
    let screen = super::tui::screen(&app, 80, 24);
    assert!(screen.contains("Pick a fight to open, newest first."), "{screen}");
    assert!(screen.contains("Pier Nine") && screen.contains("Old Bridge"), "{screen}");
    app.handle_event(&key(KeyCode::Down));
    app.handle_event(&key(KeyCode::Enter));
    let mut lock = None;
    assert!(skirmish::runtime::open_picked(&mut app, &mut lock));
    assert!(matches!(app.mode, Mode::Normal), "{:?}", app.status);
    assert_eq!(app.session.encounter().name, "Alley");
    assert_eq!(app.save_path.as_deref(), Some(middle.as_path()));
    assert_eq!(lock.as_ref().map(|l| l.save().to_path_buf()), Some(middle.clone()), "locked");
    app.run_line("add Brom", None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert_eq!(names_of(&middle), ["Vex", "Brom"], "saved back to the file picked");
    drop(lock);

    let mut app = tracker_app(Start::Pick, Some(&dir)).expect("starts").0;
    app.handle_event(&key(KeyCode::Esc));
    assert!(app.quit);
}

fn names_of(path: &Path) -> Vec<String> {
    names(&save::load(path, assets()).expect("loads"))
}

/// Item 12: when the fight last played is gone, the tracker says so ("the last fight, PATH, is
/// missing") on the picker instead of resuming another fight.
#[test]
fn a_missing_last_fight_is_said_not_replaced() {
    use skirmish::app::Mode;
    use skirmish::cli::{Start, tracker_app};
    let (dir, _) = saves_with_fights("missing-last");
    let gone = dir.join("gone.ron");
    std::fs::write(dir.join("last-session"), gone.display().to_string()).expect("pointer");
    let app = tracker_app(Start::Resume, Some(&dir)).expect("starts").0;
    assert!(matches!(app.mode, Mode::Fights { .. }), "the picker, not another fight");
    assert_eq!(app.save_path, None);
    assert!(app.status.error);
    assert_eq!(app.status.text, format!("the last fight, {}, is missing", gone.display()));
    let screen = super::tui::screen(&app, 100, 30);
    assert!(screen.contains("the last fight,") && screen.contains("is missing"), "{screen}");
    // Without other fights, the demos are offered, with the same words.
    let empty = scratch("missing-last-empty");
    std::fs::write(empty.join("last-session"), gone.display().to_string()).expect("pointer");
    let app = tracker_app(Start::Resume, Some(&empty)).expect("starts").0;
    assert!(matches!(app.mode, Mode::Picker { .. }));
    assert_eq!(app.status.text, format!("the last fight, {}, is missing", gone.display()));
}

/// Item 12: the listing's cheap read (header, snapshot or the current line's events, nothing
/// planned or folded) gives the round a full load gives: the demos, a fight left on an older
/// branch after undo, and a long fight that ends with a snapshot.
#[test]
fn the_cheap_listing_reads_the_round_a_full_load_gives() {
    let dir = scratch("list-rounds");
    let branched = fight_file(
        &dir,
        "branched.ron",
        "new woin B\nadd A\nadd O\nstart\nnext\nnext\nnext\nundo\nundo\nundo\nroll 1d6\n",
        0,
    );
    let mut long = String::from("new woin Long\nadd A\nadd O\nstart\n");
    for _ in 0..1000 {
        long.push_str("next\n");
    }
    let long = fight_file(&dir, "long.ron", &long, 1);
    let text = std::fs::read_to_string(&long).expect("long");
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.get(17..).is_some_and(|r| r.starts_with("Snapshot("))),
        "ends with a snapshot"
    );
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let demos = save::DEMOS.len();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("saves"))
        .expect("saves")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    assert_eq!(files.len(), demos);
    files.extend([branched, long]);
    for path in files {
        let whole = save::load(&path, assets()).expect("loads");
        let listed = save::list::read(&path, None, &assets());
        assert_eq!(listed.problem, None, "{}", path.display());
        assert_eq!(listed.round, Some(whole.encounter().round), "{}", path.display());
        assert_eq!(listed.name, whole.encounter().name);
        assert_eq!(listed.system, Some(whole.encounter().system));
    }
}

/// Item 13: `:help attack` gives, besides the usage, every field the encounter's system's attack
/// takes (GURPS `loc=`, `deceptive=`, `defense=` …), read from that system's attack field table.
#[test]
fn help_attack_lists_the_systems_attack_fields() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    for system in System::ALL {
        let mut app = App::new(
            Session::new(system, "help", assets()),
            None,
            KeyMap::defaults(),
            NewFiles::new(None, 1),
        );
        app.run_line("help attack", None);
        let said = &app.status.text;
        assert!(!app.status.error, "{system}: {said}");
        assert!(said.starts_with("attack ATTACKER TARGET"), "{system}: {said}");
        let fields = system.rules().spec().attack.fields;
        assert!(!fields.is_empty(), "{system} declares its attack fields");
        for field in fields {
            assert!(said.contains(&format!(" {}", field.usage())), "{system} lacks {}", field.name);
        }
        assert!(said.contains(&format!("{system} fields:")), "{system}: {said}");
    }
    let gurps = System::GURPS.rules().spec().attack.fields;
    for name in ["loc", "deceptive", "defense"] {
        assert!(gurps.iter().any(|f| f.name == name), "GURPS declares {name}=");
    }
}

/// Item 13: a report into a folder that does not exist is refused with a clear error, and the
/// folder is not made: `:export nosuchdir/sub/x.md` in the tracker, `-o` in a shell.
#[test]
fn a_report_into_a_missing_folder_is_refused() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles, SaveState};
    let dir = scratch("export-missing");
    let missing = dir.join("nosuchdir");
    let target = missing.join("sub").join("x.md");
    let mut app = App::new(
        Session::new(System::WOIN, "report", assets()),
        Some(dir.join("fight.ron")),
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    let mut lock = None;
    app.run_line("add Aria", None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    app.run_line(&format!("export \"{}\"", target.display()), None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert!(app.status.error, "{:?}", app.status);
    assert_eq!(
        app.status.text,
        format!(
            "could not write {}: the folder {} does not exist; make it first or give another PATH",
            target.display(),
            target.parent().expect("a folder").display()
        )
    );
    assert!(!missing.exists(), "the folder was made");
    assert_eq!(app.save_state, SaveState::Saved, "the fight's own save is untouched");
    // Into a folder that exists, it is written.
    app.run_line(&format!("export \"{}\"", dir.join("x.md").display()), None);
    skirmish::runtime::perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{:?}", app.status);
    assert!(dir.join("x.md").is_file());

    let save = dir.join("fight.ron");
    let out = skirmish(
        &["export", save.to_str().expect("utf-8"), "-o", target.to_str().expect("utf-8")],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "skirmish: cannot write {}: the folder {} does not exist; make it first or give \
             another -o\n",
            target.display(),
            target.parent().expect("a folder").display()
        )
    );
    assert!(!missing.exists(), "the folder was made");
}

/// Item 4: in `skirmish run`, commands that only answer (`branches`, `help`, `help NAME`) print
/// their answer in order with the log lines (`> ` before each of its lines); with `--json`, as a
/// `messages` list, each with the script line and command it answers and how many log lines
/// came before it. A refused line still prints the answers before it.
#[test]
fn scripts_print_what_a_command_answers() {
    let script =
        "new woin\nadd A\nbranches\nadd B\nundo\nadd C\nundo\nbranches\nhelp attack\nadd D\n";
    let out = skirmish(&["run", "--script", "-"], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let log: Vec<&str> = shown.split("\n\n").next().expect("the log").lines().collect();
    let attack_help =
        skirmish::command::help::help_for("attack", Some(System::WOIN)).expect("help");
    assert_eq!(
        log,
        [
            "[0] A joins (enemy)",
            "> no line of play goes on from here",
            "> branches here · 1: add B (1 command) · 2: add C (1 command) · :branch N",
            &format!("> {attack_help}"),
            "[0] D joins (enemy)",
        ]
    );

    let out = skirmish(&["run", "--script", "-", "--json"], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        json["messages"],
        serde_json::json!([
            {"line": 3, "command": "branches", "log": 1, "text": "no line of play goes on from here"},
            {"line": 8, "command": "branches", "log": 1,
             "text": "branches here · 1: add B (1 command) · 2: add C (1 command) · :branch N"},
            {"line": 9, "command": "help attack", "log": 1, "text": attack_help},
        ])
    );
    assert_eq!(json["log"].as_array().map(Vec::len), Some(2));

    // `help` alone lists every command here; a refused line after it still shows the answer.
    let out = skirmish(&["run", "--script", "-"], "new gurps\nhelp\nhelp soak\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "skirmish: line 3: help soak: `soak` is a Savage Worlds command; this encounter runs GURPS 4e\n"
    );
    let shown = text(&out.stdout);
    for spec in skirmish::command::table::commands(Some(System::GURPS)) {
        let summary = skirmish::command::help::summary(spec);
        assert!(shown.contains(&format!("> {} · {summary}\n", spec.usage())), "{shown}");
    }
}
