//! Starting the tracker: the save or new encounter it opens with (else the latest autosave, the
//! saves folder's picker or the demo picker), and the key bindings with the user's keys.ron on top.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::shared::{EXIT_COMMAND, EXIT_INPUT, fail, load_assets};
use crate::app::keymap::KeyMap;
use crate::app::{App, NewFiles, Status};
use crate::command::Command;
use crate::encounter::{Assets, Session};
use crate::rules::System;
use crate::save;

/// The tracker on an opened save: a long one shows its snapshot while its history comes.
fn opened_app(
    opened: save::Opened,
    path: PathBuf,
    assets: Arc<Assets>,
    keymap: KeyMap,
    new_files: NewFiles,
) -> App {
    let mut app = App::new(Session::new(System::WOIN, "", assets), None, keymap, new_files);
    app.show_opened(path, opened);
    app
}

/// The saves folder's fights to pick from, newest first; the demos when it holds none.
fn picker(
    dir: Option<&Path>,
    assets: Arc<Assets>,
    keymap: KeyMap,
    new_files: NewFiles,
) -> Result<App, String> {
    let fights = match dir {
        Some(dir) => {
            save::list::fights(dir, &assets).map_err(|e| format!("{}: {e}", dir.display()))?
        }
        None => Vec::new(),
    };
    if fights.is_empty() {
        let mut app = App::picker(save::demo_sessions(assets), keymap, new_files);
        let folder = dir.map_or("the saves folder".to_string(), |d| d.display().to_string());
        app.status = Status { text: format!("no fights in {folder} yet: a demo?"), error: true };
        return Ok(app);
    }
    Ok(App::fights_picker(super::list::rows(&fights), assets, keymap, new_files))
}

/// The fight the saves folder's pointer names, when that file is gone.
fn missing_last(dir: &Path) -> Option<PathBuf> {
    let named = std::fs::read_to_string(save::last_pointer(dir)).ok()?;
    let path = PathBuf::from(named.trim());
    (!named.trim().is_empty() && !path.exists()).then_some(path)
}

/// When a save failed to load for a damaged record with a good journal before it, what to tell
/// the GM in the offer to open it without the damaged part: where the damage is, and what is
/// dropped with it.
fn damaged(path: &Path, err: &save::LoadError) -> Option<String> {
    let save::LoadError::Syntax { .. } = err else { return None };
    let tail = save::damaged_tail(std::fs::read(path).ok()?);
    match tail {
        save::Tail::Damaged { .. } => tail.words(),
        _ => None,
    }
}

/// How the tracker starts.
pub enum Start {
    /// The latest autosave, or the demo picker.
    Resume,
    Open(PathBuf),
    /// The saves folder's picker (`skirmish open` with no file).
    Pick,
    New(System, String),
}

/// The key bindings: the shipped ones with the user's keys.ron on top.
fn load_keymap() -> Result<KeyMap, String> {
    let mut keymap = KeyMap::defaults();
    if let Some(path) = save::assets::config_dir().map(|d| d.join("keys.ron"))
        && path.exists()
    {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        keymap.patch(&text).map_err(|e| format!("{}:{e}", path.display()))?;
    }
    Ok(keymap)
}

/// The tracker's first screen for `start`, with the saves folder `saves` (else the default one),
/// and the lock on the fight it opened, before any terminal is touched; why it cannot start
/// otherwise.
pub fn tracker_app(
    start: Start,
    saves: Option<&Path>,
) -> Result<(App, Option<save::lock::FightLock>), String> {
    let assets = load_assets().map_err(|e| e.to_string())?;
    let keymap = load_keymap()?;
    let dir = save::saves_dir(saves);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let new_files = NewFiles::new(dir.clone(), stamp);
    // One writer per fight: the file is locked before it is read, so what is read is what this
    // tracker goes on writing; a second skirmish on it (by any name or link) is told who has it
    // (a damaged one too, before the GM may choose to cut its tail).
    let missing = match start {
        Start::Resume => dir.as_deref().and_then(missing_last),
        _ => None,
    };
    let resumed = match start {
        Start::Resume if missing.is_none() => dir.as_deref().and_then(save::resume_path),
        _ => None,
    };
    let locked = match &start {
        Start::Open(path) => Some(path.as_path()),
        Start::Resume => resumed.as_deref(),
        Start::New(..) | Start::Pick => None,
    };
    let lock = locked.map(save::lock::lock_existing).transpose().map_err(|e| e.to_string())?;
    let app = match start {
        Start::Open(path) => match save::open(&path, assets.clone()) {
            Ok(opened) => opened_app(opened, path, assets, keymap, new_files),
            Err(err) => match damaged(&path, &err) {
                Some(damage) => App::recover_offer(path, damage, None, assets, keymap, new_files),
                None => return Err(err.to_string()),
            },
        },
        Start::Pick => picker(dir.as_deref(), assets, keymap, new_files)?,
        Start::New(system, name) => {
            let mut app = App::new(Session::new(system, "", assets), None, keymap, new_files);
            app.run_command(Command::New { system, name: Some(name) }, None);
            app
        }
        // The fight last played was moved or deleted: say so, rather than open another one.
        Start::Resume if let Some(missing) = missing => {
            let mut app = picker(dir.as_deref(), assets, keymap, new_files)?;
            app.status = Status {
                text: format!("the last fight, {}, is missing", missing.display()),
                error: true,
            };
            app
        }
        Start::Resume => match resumed.map(|path| (save::open(&path, assets.clone()), path)) {
            Some((Ok(opened), path)) => opened_app(opened, path, assets, keymap, new_files),
            Some((Err(err), path)) => match damaged(&path, &err) {
                Some(damage) => {
                    let demos = Some(save::demo_sessions(assets.clone()));
                    App::recover_offer(path, damage, demos, assets, keymap, new_files)
                }
                None => {
                    let mut app = App::picker(save::demo_sessions(assets), keymap, new_files);
                    let text =
                        format!("the last fight could not be opened and is left as it was: {err}");
                    app.status = Status { text, error: true };
                    app
                }
            },
            None => App::picker(save::demo_sessions(assets), keymap, new_files),
        },
    };
    Ok((app, lock))
}

pub(super) fn tui(start: Start, saves: Option<&Path>) -> ExitCode {
    let (mut app, lock) = match tracker_app(start, saves) {
        Ok(started) => started,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    app.warn_bestiary();
    let dir = save::saves_dir(saves);
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return fail(
            EXIT_INPUT,
            "the tracker needs a terminal; for scripts use `skirmish run --script FILE`",
        );
    }
    let pointer = dir.as_deref().map(save::last_pointer);
    match crate::runtime::run(app, pointer, lock) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(EXIT_COMMAND, format!("{err:#}")),
    }
}

/// How `replay` plays: a step every so many seconds (`--pace 0.5`), or at the pace the fight was
/// played (`--pace real`, each wait capped at [`crate::app::timeline::REAL_CAP_MS`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pace {
    Seconds(f64),
    Real,
}

impl std::str::FromStr for Pace {
    type Err = String;

    fn from_str(text: &str) -> Result<Pace, String> {
        if text.eq_ignore_ascii_case("real") {
            return Ok(Pace::Real);
        }
        text.parse::<f64>()
            .map(Pace::Seconds)
            .map_err(|_| format!("expected seconds from 0.1 to 10, or real; found {text}"))
    }
}

/// The replay of `path` on its timeline: a long fight shows its last snapshot at once, and its
/// timeline comes when the whole history has been read and checked behind the screen.
pub fn replay_app(
    path: &Path,
    pace: Pace,
    assets: Arc<Assets>,
    keymap: KeyMap,
    new_files: NewFiles,
) -> Result<App, save::LoadError> {
    let opened = save::open(path, assets.clone())?;
    let mut app = App::new(Session::new(System::WOIN, "", assets), None, keymap, new_files);
    app.show_opened(path.to_path_buf(), opened);
    // Read-only: nothing is ever written to the file replayed.
    app.save_path = None;
    // The pace is checked where it is read (0.1 to 10 seconds); whole milliseconds here. At the
    // fight's own pace, a step without a time waits a second.
    let (seconds, real) = match pace {
        Pace::Seconds(s) if s.is_finite() => (s.clamp(0.0, 86_400.0), false),
        Pace::Seconds(_) => (1.0, false),
        Pace::Real => (1.0, true),
    };
    let millis = std::time::Duration::from_secs_f64(seconds).as_millis();
    app.open_timeline(Some(path.to_path_buf()), false, u64::try_from(millis).unwrap_or(u64::MAX));
    if let Some(timeline) = app.timeline.as_mut() {
        timeline.real = real;
    }
    if app.loading.is_some() {
        app.hint("replay, read-only: reading this long fight's history; its steps come with it");
    }
    Ok(app)
}

/// `skirmish replay FILE`: the fight read-only on the timeline; nothing is written to FILE and no
/// lock is taken (a branch, `b`, writes and locks its own new file).
pub(super) fn replay(path: &Path, pace: Pace, saves: Option<&Path>) -> ExitCode {
    if let Pace::Seconds(pace) = pace
        && (!pace.is_finite() || !(0.1..=10.0).contains(&pace))
    {
        return fail(
            EXIT_INPUT,
            format!("--pace: expected seconds from 0.1 to 10, or real; found {pace}"),
        );
    }
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let keymap = match load_keymap() {
        Ok(k) => k,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return fail(EXIT_INPUT, "replay needs a terminal; `skirmish export FILE` prints a report");
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let new_files = NewFiles::new(save::saves_dir(saves), stamp);
    let app = match replay_app(path, pace, assets, keymap, new_files) {
        Ok(app) => app,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    match crate::runtime::run(app, None, None) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(EXIT_COMMAND, format!("{err:#}")),
    }
}
