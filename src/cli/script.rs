//! `skirmish run`: a script's lines applied to an encounter without the TUI, with scripted or
//! seeded dice, the result printed as text or JSON and saved where asked.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::answer::Answer;
use super::json::to_json_from;
use super::log_from::{LogFrom, LogShown};
use super::shared::{EXIT_COMMAND, EXIT_INPUT, fail, load_assets, play_dice};
use super::text::report;
use crate::command::{self, Command};
use crate::encounter::{Assets, Outcome, Session};
use crate::rules::dice::{DiceSource, ScriptedDice};
use crate::save;
use crate::save::import::Prepared;
use crate::save::journal;
use crate::save::lock::FightLock;

/// The script's text; a byte that is not UTF-8 is reported with its line and column.
fn read_script(script: &str) -> Result<String, String> {
    let bytes = if script == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(script)
    }
    .map_err(|err| err.to_string())?;
    String::from_utf8(bytes).map_err(|err| {
        let good = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        format!("line {line}, column {column}: this byte is not UTF-8 text (a script is UTF-8)")
    })
}

/// The files `skirmish run` reads and writes, and how much of the log it prints.
pub(super) struct RunFiles<'a> {
    /// The save to start from.
    pub file: Option<&'a Path>,
    /// `--save`: where the result is written.
    pub save_to: Option<&'a Path>,
    /// `--recover`: cut a damaged tail off `file` first.
    pub recover: bool,
    /// `--log`: none for the default (only the new lines when appending onto `file`).
    pub log: Option<LogShown>,
}

pub(super) fn run(
    files: RunFiles<'_>,
    script: Option<&str>,
    dice_list: Option<&str>,
    seed: Option<u64>,
    json: bool,
) -> ExitCode {
    let RunFiles { file, save_to, recover, log } = files;
    // One writer per fight: the file `--recover` rewrites and the file `--save` writes are
    // locked before anything is read, and held while the script runs (one lock when both name
    // the same file).
    let mut locks = Vec::new();
    if let Some(path) = file.filter(|_| recover) {
        match save::lock::lock_existing(path) {
            Ok(lock) => locks.push(lock),
            Err(err) => return fail(EXIT_INPUT, err),
        }
    }
    if let Some(path) = save_to.filter(|p| !locks.iter().any(|l| l.is(p))) {
        match save::lock::lock(path) {
            Ok(lock) => locks.push(lock),
            Err(err) => return fail(EXIT_INPUT, err),
        }
    }
    if recover && let Some(lock) = locks.first_mut().filter(|_| file.is_some()) {
        match save::recover(lock) {
            Ok(note) => eprintln!("skirmish: note: {note}"),
            Err(err) => return fail(EXIT_INPUT, err),
        }
    }
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    // Printing every line, recovering a file and writing the fight to another file need every
    // record; appending the new ones (or nothing) needs only the last snapshot and what follows.
    let elsewhere =
        save_to.is_some_and(|to| !locks.iter().any(|l| l.is(to) && file.is_some_and(|f| l.is(f))));
    // By default only a script appended onto its own file prints just the lines it added; a
    // fight printed or played without saving prints whole, as `run` always did.
    let appending = file.is_some() && save_to.is_some() && !elsewhere;
    let shown = log.unwrap_or(if appending { LogShown::New } else { LogShown::All });
    let from_snapshot = shown == LogShown::New && !recover && !elsewhere;
    let mut loaded = match file.map(|path| load_held(path, assets.clone(), &locks, from_snapshot)) {
        Some(Ok(loaded)) => loaded,
        Some(Err(err)) => return fail(EXIT_INPUT, err),
        None => Loaded::default(),
    };
    let text = match script.map(read_script).transpose() {
        Ok(t) => t.unwrap_or_default(),
        Err(err) => return fail(EXIT_INPUT, format!("cannot read the script: {err}")),
    };
    let mut scripted = match dice_list.map(ScriptedDice::parse).transpose() {
        Ok(d) => d,
        Err(err) => return fail(EXIT_INPUT, format!("--dice: {err}")),
    };
    let mut seeded = play_dice(seed);
    let dice: &mut dyn DiceSource = match scripted.as_mut() {
        Some(s) => s,
        None => &mut seeded,
    };
    let targets = SaveTargets { after: save_to, loaded_from: file };
    let run = run_script_locked(&mut loaded, &text, dice, assets, targets, &mut locks);
    // Only the lines the script added, when the fight came from a file and --log asks no more.
    let origin = loaded.origin;
    let from = file.filter(|_| shown == LogShown::New).map(|file| LogFrom {
        earlier: origin.earlier,
        first: origin.lowest,
        file,
    });
    let (session, answers) = match run {
        Ok(done) => done,
        // A refused line: the log and board as the lines before it left them, with the answers
        // given, then why (not with --json, whose reader expects the whole run or nothing).
        Err(err) => {
            if let Some(partial) = err.partial.as_deref().filter(|_| !json) {
                let shown = report(partial, &err.answers, from.as_ref());
                let _ = io::stdout().lock().write_all(shown.as_bytes());
            }
            return fail(err.code, err);
        }
    };
    if let Some(s) = &scripted
        && s.remaining() > 0
    {
        eprintln!("skirmish: note: {} scripted dice were not used", s.remaining());
    }
    let out = if json {
        let mut object = to_json_from(&session, from.as_ref());
        object["messages"] = super::json::answers_json(&session, &answers, from.as_ref());
        let mut text = serde_json::to_string_pretty(&object).unwrap_or_default();
        text.push('\n');
        text
    } else {
        report(&session, &answers, from.as_ref())
    };
    let mut stdout = io::stdout().lock();
    if stdout.write_all(out.as_bytes()).is_err() {
        return ExitCode::from(EXIT_COMMAND);
    }
    ExitCode::SUCCESS
}

/// The fight a script starts on: none (its `new` line starts one), or one loaded from a file,
/// with what that file holds and how the session stands against it.
#[derive(Debug, Default)]
struct Loaded {
    session: Option<Session>,
    /// What the file holds, when the script's new records may be appended to it.
    known: Option<journal::Written>,
    origin: Origin,
}

/// How a script's fight stands against the file it was loaded from, kept up to date as the
/// script runs.
#[derive(Debug, Default, Clone, Copy)]
struct Origin {
    /// The session holds only what follows the file's last snapshot: the history before it was
    /// not read (see [`save::tail::open`]).
    from_snapshot: bool,
    /// Lines of the whole log before the first one the session holds.
    earlier: usize,
    /// Records in the file after its last snapshot (counted only when opened from it).
    since_snapshot: usize,
    /// The fewest lines the current line of play has held since the file was loaded, counted
    /// in the whole log: the lines from there on are the script's.
    lowest: usize,
}

impl Origin {
    /// Note how many lines the current line holds now.
    fn saw(&mut self, session: &Session) {
        self.lowest = self.lowest.min(self.earlier.saturating_add(session.log_total()));
    }
}

/// The save a script starts from, with what the file holds when it is held by one of `locks`
/// (since before it was read: nobody else can have written it since), so that the script's new
/// records are appended to it rather than the file rewritten. With `from_snapshot`, a journal
/// that ends with a snapshot is opened from it (the records before it are not read); any other
/// file, or one whose end does not check, is read and checked whole.
fn load_held(
    path: &Path,
    assets: Arc<Assets>,
    locks: &[FightLock],
    from_snapshot: bool,
) -> Result<Loaded, save::LoadError> {
    if from_snapshot && let Some(opened) = save::tail::open(path, assets.clone()) {
        let save::tail::FromSnapshot { session, written, earlier, after } = opened;
        let lowest = earlier.saturating_add(session.log_total());
        let origin = Origin { from_snapshot: true, earlier, lowest, since_snapshot: after };
        return Ok(Loaded { session: Some(session), known: Some(written), origin });
    }
    let (session, written) = save::load_whole(path, assets)?;
    let held = locks.iter().any(|lock| lock.is(path));
    let lowest = session.log_total();
    let origin = Origin { from_snapshot: false, earlier: 0, lowest, since_snapshot: 0 };
    Ok(Loaded { session: Some(session), known: written.filter(|_| held), origin })
}

/// `skirmish run FILE --script … --save FILE` without its printing: the file locked, opened
/// from its last snapshot (the snapshot and every record after it checked; a file with none
/// read and checked whole), the script run on it and its new records appended to it (synced).
/// The fight as the script left it.
pub fn run_onto(
    path: &Path,
    text: &str,
    dice: &mut dyn DiceSource,
    assets: Arc<Assets>,
) -> Result<Session, ScriptError> {
    let input = |message: String| ScriptError { code: EXIT_INPUT, ..ScriptError::command(message) };
    let mut locks = vec![save::lock::lock(path).map_err(|e| input(e.to_string()))?];
    let mut loaded =
        load_held(path, assets.clone(), &locks, true).map_err(|e| input(e.to_string()))?;
    let targets = SaveTargets { after: Some(path), loaded_from: Some(path) };
    run_script_locked(&mut loaded, text, dice, assets, targets, &mut locks)
        .map(|(session, _)| session)
}

/// Where a script's encounter is written.
#[derive(Debug, Clone, Copy, Default)]
pub struct SaveTargets<'a> {
    /// Written once the whole script has run (`--save`); also the target of a bare `save` line.
    pub after: Option<&'a Path>,
    /// The save the encounter was loaded from: a bare `save` line's target when `after` is none.
    pub loaded_from: Option<&'a Path>,
}

/// Why a script stopped, as `skirmish run` reports it.
#[derive(Debug, Clone)]
pub struct ScriptError {
    /// The exit code `skirmish run` ends with.
    pub code: u8,
    /// The message it prints after `skirmish: `, e.g.
    /// `line 2: undo: nothing to undo: this is the start`.
    pub message: String,
    /// The encounter as the lines before the refused one left it, if any began.
    pub partial: Option<Box<Session>>,
    /// What the lines before it answered.
    pub answers: Vec<Answer>,
}

impl ScriptError {
    fn command(message: impl Into<String>) -> Self {
        ScriptError {
            code: EXIT_COMMAND,
            message: message.into(),
            partial: None,
            answers: Vec::new(),
        }
    }
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}

/// Run a script's lines (`#` starts a comment) on `session`, or on the encounter its `new` line
/// starts, rolling with `dice`; the first refused line stops it. `skirmish run` without the I/O:
/// what it would print is `to_json` or `to_text` of the result.
pub fn run_script(
    session: Option<Session>,
    text: &str,
    dice: &mut dyn DiceSource,
    assets: Arc<Assets>,
    targets: SaveTargets<'_>,
) -> Result<Session, ScriptError> {
    let mut loaded = Loaded { session, ..Loaded::default() };
    run_script_locked(&mut loaded, text, dice, assets, targets, &mut []).map(|(session, _)| session)
}

/// The files a script writes: the locks held on some of them (those are written through their
/// lock, any other under its own while it is written), and what the file it was loaded from
/// holds when one of them is on it (its new records are then appended).
struct Writes<'a> {
    locks: &'a mut [FightLock],
    /// What the loaded file holds, kept up to date as it is written; `None` once the script
    /// starts another fight, or when it is not known (that file is then rewritten whole).
    known: Option<journal::Written>,
    loaded_from: Option<&'a Path>,
    origin: &'a mut Origin,
}

/// As [`run_script`] on the fight `loaded` holds (taken from it; its origin kept up to date),
/// holding the locks of some of the files it writes, with what the commands that only answer
/// said, in order.
fn run_script_locked(
    loaded: &mut Loaded,
    text: &str,
    dice: &mut dyn DiceSource,
    assets: Arc<Assets>,
    targets: SaveTargets<'_>,
    locks: &mut [FightLock],
) -> Result<(Session, Vec<Answer>), ScriptError> {
    let mut answers = Vec::new();
    let mut session = loaded.session.take();
    let known = loaded.known.take();
    let origin = &mut loaded.origin;
    let mut writes = Writes { locks, known, loaded_from: targets.loaded_from, origin };
    let ran = run_lines(&mut session, text, dice, &assets, targets, &mut writes, &mut answers);
    if let Err(mut err) = ran {
        err.partial = session.map(Box::new);
        err.answers = answers;
        return Err(err);
    }
    let Some(mut session) = session else {
        return Err(ScriptError::command(
            "no encounter: give a save FILE or a script starting with `new`",
        ));
    };
    if let Some(path) = targets.after
        && let Err(err) = write_to(&mut session, path, &mut writes)
    {
        return Err(ScriptError::command(err));
    }
    Ok((session, answers))
}

/// Each line of `text` on `session` in turn, up to the first refused one.
fn run_lines(
    session: &mut Option<Session>,
    text: &str,
    dice: &mut dyn DiceSource,
    assets: &Arc<Assets>,
    targets: SaveTargets<'_>,
    writes: &mut Writes<'_>,
    answers: &mut Vec<Answer>,
) -> Result<(), ScriptError> {
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let system = session.as_ref().map(|s| s.encounter().system);
        let earlier = writes.origin.earlier;
        let log = session.as_ref().map_or(0, |s| earlier.saturating_add(s.log_total()));
        let mut answer = |text: String| {
            answers.push(Answer { line: line_no, command: line.trim().to_string(), text, log })
        };
        // `help` is answered, as in the tracker, and never recorded.
        if let Some(topic) = command::help::help_topic(line) {
            match topic {
                None => answer(command::help::help_all(system).trim_end().to_string()),
                Some(name) => match command::help::help_for(name, system) {
                    Ok(text) => answer(text),
                    Err(why) => {
                        let line = line.trim();
                        return Err(ScriptError::command(format!("line {line_no}: {line}: {why}")));
                    }
                },
            }
            continue;
        }
        let command = match command::parse_in(line, system) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(err) => return Err(ScriptError::command(format!("line {line_no}: {err}"))),
        };
        if let Command::New { system, .. } = &command
            && session.is_none()
        {
            *session = Some(Session::new(*system, "", assets.clone()));
        }
        let Some(s) = session.as_mut() else {
            return Err(ScriptError::command(format!(
                "line {line_no}: no encounter yet; begin the script with `new SYSTEM [NAME]`"
            )));
        };
        // What needs the history before the snapshot the fight was opened from reads it first.
        if writes.origin.from_snapshot
            && needs_history(&command, s)
            && let Err(err) = read_whole(s, writes)
        {
            let line = line.trim();
            let message = format!("line {line_no}: {line}: {err}");
            return Err(ScriptError { code: EXIT_INPUT, ..ScriptError::command(message) });
        }
        // An import's file read, a party's roster read or written, before the engine plans.
        let (command, report) = match save::import::prepare(command, s, None) {
            Ok(Prepared::Run { command, report }) => (command, report),
            Ok(Prepared::Done(text)) => {
                answer(text);
                continue;
            }
            Err(why) => {
                let line = line.trim();
                return Err(ScriptError::command(format!("line {line_no}: {line}: {why}")));
            }
        };
        let done = s.execute(&command, dice);
        writes.origin.saw(s);
        if done.is_ok() && !report.is_empty() {
            answer(report.join("\n"));
        }
        match done {
            Ok(Outcome::SaveRequested { path, overwrite }) => {
                let target =
                    path.map(PathBuf::from).or_else(|| targets.after.map(Path::to_path_buf));
                let Some(target) = target.or_else(|| targets.loaded_from.map(Path::to_path_buf))
                else {
                    return Err(ScriptError::command(format!(
                        "line {line_no}: save needs a PATH here"
                    )));
                };
                // The script's own files (the one it loaded, the one `--save` names) are its.
                let mine = |own: Option<&Path>| save::may_save_over(&target, own, overwrite);
                mine(targets.after)
                    .or_else(|_| mine(targets.loaded_from))
                    .map_err(|e| ScriptError::command(format!("line {line_no}: {e}")))?;
                // One writer per fight here too: a file another skirmish holds is refused.
                if let Err(err) = write_to(s, &target, writes) {
                    return Err(ScriptError::command(format!("line {line_no}: {err}")));
                }
            }
            Ok(Outcome::Branches { branches }) => {
                answer(crate::app::branches_answer(&branches));
            }
            Ok(Outcome::Alerts(lines)) if lines.is_empty() => answer("no alerts set".to_string()),
            Ok(Outcome::Alerts(lines)) => answer(lines.join("\n")),
            // Another fight: the file loaded no longer holds any of it.
            Ok(Outcome::Started) => {
                writes.known = None;
                *writes.origin = Origin::default();
            }
            Ok(_) => {}
            Err(err) => {
                return Err(ScriptError::command(format!("line {line_no}: {line}: {err}")));
            }
        }
    }
    Ok(())
}

/// Write the session to `path`: through the lock held on it, if it is one of the locks held (by
/// any name), else under its own lock while it is written. The file it was loaded from, held
/// since before it was read, gets only the new records, appended and synced (nothing before
/// them is touched); any other file, or that one when what it holds is not known or has grown
/// long with moves of the current point, is rewritten whole (atomically, the old one kept as
/// `.bak`). The error names the file.
fn write_to(session: &mut Session, path: &Path, writes: &mut Writes<'_>) -> Result<(), String> {
    let loaded = writes.loaded_from;
    // A fight opened from its snapshot is only ever appended to its own file, under its lock;
    // written anywhere else, it is the whole fight that is written, so the whole file is read.
    let appends = |l: &FightLock| l.is(path) && loaded.is_some_and(|from| l.is(from));
    if writes.origin.from_snapshot && !writes.locks.iter().any(appends) {
        read_whole(session, writes)?;
    }
    let partial = writes.origin.from_snapshot;
    let session = &*session;
    let written = match writes.locks.iter_mut().find(|l| l.is(path)) {
        Some(lock) => {
            let own = loaded.is_some_and(|from| lock.is(from));
            // The records after a snapshot are appended however many there are: a rewrite
            // (a compaction) needs the whole history.
            let known = writes.known.as_ref().filter(|w| own && (partial || !w.wants_compacting()));
            let made = match known {
                Some(known) => appended(session, known, writes.origin),
                None if partial => {
                    return Err(format!(
                        "{}: what the file holds is not known after a failed write; nothing more \
                         is written to it",
                        path.display()
                    ));
                }
                None => journal::write_full(session).map(|(text, now)| Made::Whole(text, now)),
            }
            .map_err(|err| format!("{}: {err}", path.display()))?;
            let now = made.written();
            let done = match &made {
                Made::Appended { text, .. } if text.is_empty() => Ok(()),
                Made::Appended { text, .. } => lock.append(text.as_bytes()),
                Made::Whole(text, _) => lock.replace(text.as_bytes()),
            };
            // The lock follows a rewrite to the new file, so what it holds stays known.
            if own && done.is_ok() {
                if let Made::Appended { since_snapshot, .. } = made {
                    writes.origin.since_snapshot = since_snapshot;
                }
                writes.known = Some(now);
            } else if own {
                writes.known = None;
            }
            done
        }
        None => save::save(session, path),
    };
    written.map_err(|err| match err.kind() {
        // The lock's refusal names the file already.
        io::ErrorKind::ResourceBusy => err.to_string(),
        _ => format!("{}: {err}", path.display()),
    })
}

/// What a write to the fight's own file is: records to append (with how many records will then
/// follow the file's last snapshot), or the whole journal; and what the file then holds.
enum Made {
    Appended { text: String, now: journal::Written, since_snapshot: usize },
    Whole(String, journal::Written),
}

impl Made {
    fn written(&self) -> journal::Written {
        match self {
            Made::Appended { now, .. } | Made::Whole(_, now) => now.clone(),
        }
    }
}

/// The records that bring the file up to the session (see [`journal::tail`]). A fight opened
/// from its snapshot also gets a new snapshot of where it stands, appended after them, once
/// [`journal::SNAPSHOT_AFTER`] records or more follow the last one: the next append then starts
/// there, and never reads more than that many records (a rewrite would need the whole history).
fn appended(
    session: &Session,
    known: &journal::Written,
    origin: &Origin,
) -> Result<Made, journal::WriteError> {
    let (mut text, mut now) = journal::tail(session, known)?;
    let added = now.records.saturating_sub(known.records);
    let mut since_snapshot = origin.since_snapshot.saturating_add(added);
    if origin.from_snapshot && since_snapshot >= journal::SNAPSHOT_AFTER {
        let (line, with) = journal::snapshot(session, &now, origin.earlier)?;
        text.push_str(&line);
        now = with;
        since_snapshot = 0;
    }
    Ok(Made::Appended { text, now, since_snapshot })
}

/// Whether `command` needs the history before the snapshot a fight was opened from (the
/// tracker's rule while it reads a long history): undo past the snapshot, and redo, `branches`
/// or `branch` there, where lines of play made before it may go on.
fn needs_history(command: &Command, session: &Session) -> bool {
    let at_snapshot = session.depth() == 0;
    match command {
        Command::Undo | Command::Branches | Command::Branch { .. } => at_snapshot,
        Command::Redo => at_snapshot && !session.can_redo(),
        _ => false,
    }
}

/// Read and check the loaded file whole and carry on with the whole fight, the commands the
/// script made on the snapshot added to it as a load of the file with their records appended
/// would add them (nothing planned or rolled again). What the file holds stays what it held.
fn read_whole(session: &mut Session, writes: &mut Writes<'_>) -> Result<(), String> {
    let (Some(path), Some(known)) = (writes.loaded_from, writes.known.as_ref()) else {
        return Err("the fight's file is not known; its whole history cannot be read".into());
    };
    let (held, _) = journal::tail(session, known).map_err(|err| err.to_string())?;
    let (whole, written) =
        save::load_whole(path, session.shared_assets()).map_err(|err| err.to_string())?;
    let before = written.clone();
    let (grafted, _) = save::graft((whole, written), session, &held).map_err(|why| {
        format!("{}: the whole history does not agree with its snapshot: {why}", path.display())
    })?;
    *session = grafted;
    writes.known = before;
    *writes.origin = Origin { from_snapshot: false, earlier: 0, ..*writes.origin };
    Ok(())
}
