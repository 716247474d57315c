//! One writer per fight whatever the path (issue 22): the lock is on the save file itself, so a
//! symbolic or hard link reaches the same lock; writes go to the real file, keep its
//! permissions, never follow a planted link, and nothing overwrites a fight another skirmish
//! holds (save as, `run --save`, `run --recover`, `export -o`, `:export`).

#![cfg(unix)]

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles};
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::runtime::perform_effects_locked;
use skirmish::save;
use skirmish::save::lock::FightLock;

use super::harness::assets;

fn dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("locks-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// A demo fight copied to `path`.
fn demo_at(path: &Path) {
    std::fs::write(path, save::DEMOS[0].1).expect("copy");
}

fn skirmish(args: &[&str], paths: &[&Path], stdin: &str) -> Output {
    use std::io::Write as _;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skirmish"));
    let mut paths = paths.iter();
    for arg in args {
        match *arg {
            "{}" => cmd.arg(paths.next().expect("a path for each {}")),
            arg => cmd.arg(arg),
        };
    }
    let mut child = cmd
        .env("XDG_CONFIG_HOME", "/nonexistent-skirmish-config")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("script");
    child.wait_with_output().expect("ends")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The tracker's app on `path` with its lock, as `skirmish open` starts it.
fn tracker(path: &Path) -> (App, Option<FightLock>) {
    let lock = save::lock::lock(path).expect("the tracker's lock");
    let session =
        save::load(path, assets()).unwrap_or_else(|_| Session::new(System::WOIN, "t", assets()));
    let app =
        App::new(session, Some(path.to_path_buf()), KeyMap::defaults(), NewFiles::new(None, 1));
    (app, Some(lock))
}

/// A line typed in the tracker, and its writes performed.
fn gm(app: &mut App, lock: &mut Option<FightLock>, line: &str) {
    app.run_line(line, None);
    assert!(!app.status.error, "`{line}`: {}", app.status.text);
    perform_effects_locked(app, None, lock);
    assert!(!app.status.error, "`{line}`: {}", app.status.text);
}

/// A second writer through a symbolic or a hard link is refused while the first holds the
/// fight, before and after the first compacts it (the new file is locked as it is renamed in).
#[test]
fn a_link_to_a_held_fight_is_refused_before_and_after_compaction() {
    let home = dir("links");
    let path = home.join("fight.ron");
    demo_at(&path);
    let (mut app, mut lock) = tracker(&path);
    let soft = home.join("soft.ron");
    symlink(&path, &soft).expect("symlink");
    let hard = home.join("hard.ron");
    std::fs::hard_link(&path, &hard).expect("hard link");
    for alias in [&soft, &hard, &path] {
        let err = save::lock::lock(alias).expect_err("the fight is held").to_string();
        assert!(err.contains("being written by another skirmish"), "{err}");
    }
    gm(&mut app, &mut lock, "note Aria holding the bridge");
    app.compact();
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{}", app.status.text);
    let again = home.join("again.ron");
    std::fs::hard_link(&path, &again).expect("a hard link to the compacted file");
    for alias in [&soft, &again, &path] {
        save::lock::lock(alias).expect_err("the compacted fight is still held");
    }
    // Another skirmish's script saving through a link is refused and writes nothing.
    let before = std::fs::read(&path).expect("fight");
    let out = skirmish(&["run", "--script", "-", "--save", "{}"], &[&soft], "new woin X\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("being written by another skirmish"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&path).expect("fight"), before);
    drop(lock);
    save::lock::lock(&soft).expect("free once the tracker quits");
    let _ = std::fs::remove_dir_all(&home);
}

/// Saving through a symbolic link writes the file it points to: the link stays a link, the
/// backup is a plain file beside the target, and the target keeps its permissions (600 stays
/// 600).
#[test]
fn saving_through_a_symlink_writes_its_target_and_keeps_its_mode() {
    let home = dir("through");
    std::fs::create_dir_all(home.join("real")).expect("dir");
    let target = home.join("real/fight.ron");
    demo_at(&target);
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let link = home.join("fight.ron");
    symlink("real/fight.ron", &link).expect("symlink");
    let (mut app, mut lock) = tracker(&link);
    gm(&mut app, &mut lock, "note Aria steady");
    app.compact();
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{}", app.status.text);
    drop(lock);
    let meta = std::fs::symlink_metadata(&link).expect("link");
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    let back = save::load(&target, assets()).expect("the target holds the fight");
    assert_eq!(back.nodes(), app.session.nodes());
    let bak = home.join("real/fight.ron.bak");
    let bak_meta = std::fs::symlink_metadata(&bak).expect("a backup beside the target");
    assert!(bak_meta.file_type().is_file(), "the backup is a plain file");
    assert!(!home.join("fight.ron.bak").exists(), "no backup beside the link");
    let mode = std::fs::metadata(&target).expect("target").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the save keeps its permissions");
    // `run --save` through the link the same way.
    let out = skirmish(
        &["run", "{}", "--script", "-", "--save", "{}"],
        &[&link, &link],
        "note Aria calm\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink());
    let mode = std::fs::metadata(&target).expect("target").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let _ = std::fs::remove_dir_all(&home);
}

/// A planted link where skirmish would write a lock or a temp file is never followed: the file
/// it points to is left as it was, and a dangling one makes no file.
#[test]
fn planted_links_beside_a_fight_are_never_followed() {
    let home = dir("planted");
    let path = home.join("fight.ron");
    demo_at(&path);
    let victim = home.join("victim.txt");
    std::fs::write(&victim, "precious").expect("victim");
    let nowhere = home.join("made-by-a-link.txt");
    symlink(&victim, home.join("fight.ron.lock")).expect("symlink");
    let temp = home.join(format!(".fight.ron.tmp{}", std::process::id()));
    symlink(&nowhere, &temp).expect("symlink");
    let (mut app, mut lock) = tracker(&path);
    gm(&mut app, &mut lock, "note Aria watchful");
    app.compact();
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(!app.status.error, "{}", app.status.text);
    drop(lock);
    assert_eq!(std::fs::read_to_string(&victim).expect("victim"), "precious");
    assert!(!nowhere.exists(), "a dangling link made no file");
    let back = save::load(&path, assets()).expect("the fight");
    assert_eq!(back.nodes(), app.session.nodes());
    // A second copy of a new fight's file is written through no link either.
    let fresh = home.join("fresh.ron");
    let fresh_lock = home.join("fresh.ron.lock");
    symlink(home.join("lock-target.txt"), &fresh_lock).expect("dangling");
    let out =
        skirmish(&["run", "--script", "-", "--save", "{}"], &[&fresh], "new woin F\nadd Aria\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!home.join("lock-target.txt").exists(), "the dangling .lock link made no file");
    let _ = std::fs::remove_dir_all(&home);
}

/// Temp files a killed save left beside the real file are removed when the fight is next
/// opened for writing, even when it is opened through a link in another folder.
#[test]
fn leftover_temp_files_go_when_the_fight_is_next_locked() {
    let home = dir("leftovers");
    std::fs::create_dir_all(home.join("real")).expect("dir");
    let target = home.join("real/fight.ron");
    demo_at(&target);
    let left = [home.join("real/.fight.ron.tmp4242"), home.join("real/.fight.ron.bak.tmp4242")];
    for file in &left {
        std::fs::write(file, "half a save").expect("leftover");
    }
    let kept = home.join("real/.fight.ron.notes");
    std::fs::write(&kept, "mine").expect("other file");
    let link = home.join("fight.ron");
    symlink(&target, &link).expect("symlink");
    let lock = save::lock::lock(&link).expect("locked");
    for file in &left {
        assert!(!file.exists(), "{} removed", file.display());
    }
    assert!(kept.exists(), "nothing else touched");
    drop(lock);
    let _ = std::fs::remove_dir_all(&home);
}

/// `run FILE --recover` takes the fight's lock first: a fight a tracker holds is refused, and
/// neither it nor a `.damaged` copy is written.
#[test]
fn run_recover_refuses_a_held_fight() {
    let home = dir("recover-held");
    let path = home.join("fight.ron");
    let lines: Vec<&str> = save::DEMOS[0].1.lines().collect();
    let torn = lines[..lines.len() - 1].join("\n") + "\n" + &lines[lines.len() - 1][..30];
    std::fs::write(&path, &torn).expect("torn");
    let lock = save::lock::lock(&path).expect("a tracker holds it");
    let out = skirmish(&["run", "{}", "--recover"], &[&path], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("being written by another skirmish"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&path).expect("fight"), torn, "untouched");
    assert!(!home.join("fight.ron.damaged").exists());
    drop(lock);
    let _ = std::fs::remove_dir_all(&home);
}

/// `export -o` never writes a report over a fight: not over its own input by another spelling
/// (`sub/../fight.ron`), and not over a fight another skirmish holds, by any name.
#[test]
fn export_o_never_replaces_a_fight() {
    let home = dir("export-o");
    std::fs::create_dir_all(home.join("sub")).expect("dir");
    let path = home.join("fight.ron");
    demo_at(&path);
    let before = std::fs::read(&path).expect("fight");
    let spelled = home.join("sub/../fight.ron");
    let out = skirmish(&["export", "{}", "-o", "{}"], &[&path, &spelled], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the save file itself"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&path).expect("fight"), before);
    let other = home.join("other.ron");
    demo_at(&other);
    let other_before = std::fs::read(&other).expect("other");
    let lock = save::lock::lock(&other).expect("a tracker holds the other fight");
    let hard = home.join("alias.ron");
    std::fs::hard_link(&other, &hard).expect("hard link");
    for target in [&other, &hard] {
        let out = skirmish(&["export", "{}", "-o", "{}"], &[&path, target], "");
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("being written by another skirmish"), "{err}");
        assert_eq!(std::fs::read(&other).expect("other"), other_before, "the fight is untouched");
    }
    drop(lock);
    let _ = std::fs::remove_dir_all(&home);
}

/// `:export` given the fight's own file by its absolute path (or any other spelling) is
/// refused, and the fight is left as it was.
#[test]
fn colon_export_never_replaces_the_fight() {
    let home = dir("colon-export");
    let path = home.join("fight.ron");
    demo_at(&path);
    let relative = std::env::current_dir()
        .ok()
        .and_then(|cwd| pathdiff(&path, &cwd))
        .unwrap_or_else(|| path.clone());
    let (mut app, mut lock) = tracker(&relative);
    gm(&mut app, &mut lock, "note Aria ready");
    let before = std::fs::read(&path).expect("fight");
    for spelled in [path.clone(), home.join(".").join("fight.ron")] {
        app.run_line(&format!("export \"{}\"", spelled.display()), None);
        perform_effects_locked(&mut app, None, &mut lock);
        assert!(app.status.error, "{}: {}", spelled.display(), app.status.text);
        assert!(app.status.text.contains("fight's own file"), "{}", app.status.text);
        assert_eq!(std::fs::read(&path).expect("fight"), before, "the fight is untouched");
    }
    // A report over another fight a second skirmish holds is refused too.
    let other = home.join("other.ron");
    demo_at(&other);
    let held = save::lock::lock(&other).expect("held");
    app.run_line(&format!("export \"{}\"", other.display()), None);
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(app.status.text.contains("being written by another skirmish"), "{}", app.status.text);
    assert_eq!(std::fs::read_to_string(&other).expect("other"), save::DEMOS[0].1);
    drop(held);
    drop(lock);
    let _ = std::fs::remove_dir_all(&home);
}

/// `path` relative to `base`, when `path` is under it.
fn pathdiff(path: &Path, base: &Path) -> Option<PathBuf> {
    path.strip_prefix(base).ok().map(Path::to_path_buf)
}

/// Save as onto a hard link of a fight another skirmish holds is refused (with `overwrite`
/// too), and that fight is left as it was.
#[test]
fn save_as_onto_a_held_fight_by_another_name_is_refused() {
    let home = dir("save-as");
    let held_path = home.join("held.ron");
    demo_at(&held_path);
    let held = save::lock::lock(&held_path).expect("another tracker");
    let alias = home.join("alias.ron");
    std::fs::hard_link(&held_path, &alias).expect("hard link");
    let mine = home.join("mine.ron");
    let session = Session::new(System::WOIN, "mine", assets());
    let mut app = App::new(session, Some(mine.clone()), KeyMap::defaults(), NewFiles::new(None, 1));
    let mut lock = Some(save::lock::lock(&mine).expect("mine"));
    gm(&mut app, &mut lock, "add Brom");
    app.run_line(&format!("save \"{}\" overwrite", alias.display()), None);
    perform_effects_locked(&mut app, None, &mut lock);
    assert!(app.status.text.contains("being written by another skirmish"), "{}", app.status.text);
    assert_eq!(std::fs::read_to_string(&held_path).expect("held"), save::DEMOS[0].1);
    assert_eq!(app.save_path.as_deref(), Some(mine.as_path()), "the fight keeps its file");
    drop(held);
    let _ = std::fs::remove_dir_all(&home);
}
