//! The only module that touches files: RON save files (setup plus event log), atomic writes with a
//! `.bak` of the previous file, and loading game assets with the user's overrides.

pub mod assets;
pub mod follow;
pub mod journal;
pub mod list;
pub mod lock;
pub mod upgrade;

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::encounter::{Assets, Entry, Session};
use crate::rules::System;

/// The save format version this build writes (the journal); older ones are converted as they load.
pub const VERSION: u32 = journal::VERSION;

/// The last version whose file is one RON value rather than a journal.
const WHOLE_FILE: u32 = 2;

/// Just the version, read before the rest so that older files can be converted first.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// A version 1 or 2 save file: the setup, every command with its events, and the redo stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub version: u32,
    pub system: System,
    pub name: String,
    pub history: Vec<Entry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<Entry>,
}

/// Why a save could not be read. The file is left untouched. A command that does not replay is
/// placed by its line, when the file is laid out as skirmish writes it.
#[derive(Debug)]
pub enum LoadError {
    Io {
        path: PathBuf,
        source: io::Error,
    },
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    /// An unsupported version, and where the file gives it (line, column).
    Version {
        path: PathBuf,
        found: u32,
        at: (usize, usize),
    },
    Replay {
        path: PathBuf,
        line: Option<usize>,
        entry: usize,
        command: String,
        message: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            LoadError::Syntax { path, line, column, message } => {
                write!(f, "{}:{line}:{column}: {message}", path.display())
            }
            LoadError::Version { path, found, at: (line, column) } => write!(
                f,
                "{}:{line}:{column}: save format version {found} is not supported; this skirmish reads versions 1 to {VERSION}",
                path.display()
            ),
            LoadError::Replay { path, line, entry, command, message } => {
                write!(f, "{}", path.display())?;
                if let Some(line) = line {
                    write!(f, ":{line}")?;
                }
                write!(f, ": command {entry} (`{command}`) does not replay: {message}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Parse RON text, reporting where it went wrong and what was expected.
pub fn parse_ron<T: for<'de> Deserialize<'de>>(text: &str, path: &Path) -> Result<T, LoadError> {
    if text.trim().is_empty() {
        return Err(LoadError::Syntax {
            path: path.to_path_buf(),
            line: 1,
            column: 1,
            message: "the file is empty; expected RON starting with `(` or `[`".to_string(),
        });
    }
    ron::Options::default().from_str(text).map_err(|err| LoadError::Syntax {
        path: path.to_path_buf(),
        line: err.span.start.line,
        column: err.span.start.col,
        message: err.code.to_string(),
    })
}

/// The RON text of a session.
pub fn to_ron(session: &Session) -> String {
    journal::write(session)
}

/// Rebuild a session from save text (`path` is only used in messages).
pub fn from_ron(text: &str, path: &Path, assets: Arc<Assets>) -> Result<Session, LoadError> {
    if journal::is_journal(text) {
        return from_journal(text, path, assets);
    }
    let written = text;
    let found = parse_ron::<VersionOnly>(text, path).map(|v| v.version);
    let upgraded;
    let text = match found {
        Ok(1) => {
            upgraded = upgrade::v1_to_v2(text);
            upgraded.as_str()
        }
        Ok(v) if v > VERSION || v == 0 => {
            return Err(LoadError::Version {
                path: path.to_path_buf(),
                found: v,
                at: version_at(text),
            });
        }
        _ => text,
    };
    let file: SaveFile = parse_ron(text, path)?;
    if file.version != WHOLE_FILE && file.version != 1 {
        return Err(LoadError::Version {
            path: path.to_path_buf(),
            found: file.version,
            at: version_at(text),
        });
    }
    let commands: Vec<String> = file.history.iter().map(|e| e.command.clone()).collect();
    Session::from_history(file.system, &file.name, file.history, file.redo, assets).map_err(
        |(entry, err)| {
            let command = commands.get(entry.saturating_sub(1)).cloned().unwrap_or_default();
            LoadError::Replay {
                path: path.to_path_buf(),
                line: command_line(written, entry, &command),
                entry,
                command,
                message: err.to_string(),
            }
        },
    )
}

/// A journal: every record checked (shape, order, checksum), then every branch folded.
fn from_journal(text: &str, path: &Path, assets: Arc<Assets>) -> Result<Session, LoadError> {
    from_journal_on(text, path, assets).map(|(session, _)| session)
}

/// A journal loaded as [`from_journal`] does, with where its checking stands after the last
/// record, so that records appended later can be checked and added one by one.
pub fn from_journal_on(
    text: &str,
    path: &Path,
    assets: Arc<Assets>,
) -> Result<(Session, journal::Chain), LoadError> {
    if let Some(found) = journal::version(text).filter(|&v| v > VERSION) {
        return Err(LoadError::Version { path: path.to_path_buf(), found, at: version_at(text) });
    }
    let read = journal::read(text).map_err(|damage| LoadError::Syntax {
        path: path.to_path_buf(),
        line: damage.line,
        column: damage.column,
        message: damage.message,
    })?;
    let commands: Vec<String> = read.nodes.iter().map(|n| n.entry.command.clone()).collect();
    let lines = read.lines;
    let header = read.header;
    let mut session =
        Session::from_tree(header.system, &header.name, read.nodes, read.head, assets).map_err(
            |(entry, err)| LoadError::Replay {
                path: path.to_path_buf(),
                line: lines.get(entry.saturating_sub(1)).copied(),
                entry,
                command: commands.get(entry.saturating_sub(1)).cloned().unwrap_or_default(),
                message: err.to_string(),
            },
        )?;
    // Redo goes on where the fight's moves last went, as it did for the one who played them.
    session.retrace(&read.visits);
    Ok((session, read.chain))
}

/// The line on which history entry `entry` (from 1) writes `command`, in a file laid out a field
/// to a line as skirmish writes it; none when the line found there holds another command.
fn command_line(text: &str, entry: usize, command: &str) -> Option<usize> {
    let (index, written) = text
        .lines()
        .enumerate()
        .filter_map(|(index, line)| Some((index, line.trim_start().strip_prefix("command:")?)))
        .nth(entry.checked_sub(1)?)?;
    let written = written.trim().trim_end_matches(',');
    (ron::from_str::<String>(written).ok()? == command).then_some(index + 1)
}

/// Load a save file.
pub fn load(path: &Path, assets: Arc<Assets>) -> Result<Session, LoadError> {
    let text = read_text(path)?;
    from_ron(&text, path, assets)
}

/// Journals longer than this open from their last snapshot first.
const GLANCE_FROM: usize = 1 << 20;

/// A save opened for the tracker.
pub enum Opened {
    /// Read and checked whole, with what the file holds (to append to it).
    Whole(Session, Option<journal::Written>),
    /// A long journal: its last snapshot on screen now (a session without history), and the whole
    /// fight, read and checked on another thread, to come.
    Glanced { now: Session, whole: std::sync::mpsc::Receiver<Result<Whole, LoadError>> },
}

/// A fight read whole, and what its file holds.
pub type Whole = (Session, Option<journal::Written>);

/// Open a save for the tracker: a long journal shows its last snapshot at once while the rest is
/// read and checked behind the screen; anything else loads whole.
pub fn open(path: &Path, assets: Arc<Assets>) -> Result<Opened, LoadError> {
    let text = read_text(path)?;
    let glance = if text.len() >= GLANCE_FROM { journal::glance(&text) } else { None };
    let Some(glance) = glance else {
        let session = from_ron(&text, path, assets)?;
        let written = journal::written_of(&text, &session);
        return Ok(Opened::Whole(session, written));
    };
    let now = Session::preview(glance.encounter, glance.log, assets.clone());
    let (send, whole) = std::sync::mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let whole = from_ron(&text, &path, assets).map(|session| {
            let written = journal::written_of(&text, &session);
            (session, written)
        });
        let _ = send.send(whole);
    });
    Ok(Opened::Glanced { now, whole })
}

/// Where a save gives its version: the line and column of the number after `version:`.
fn version_at(text: &str) -> (usize, usize) {
    let Some(key) = text.find("version") else { return (1, 1) };
    let after = text[key..].find(|c: char| c.is_ascii_digit()).map_or(key, |n| key + n);
    let line = text[..after].matches('\n').count() + 1;
    let start = text[..after].rfind('\n').map_or(0, |n| n + 1);
    (line, text[start..after].chars().count() + 1)
}

/// A save's text; bytes that are not UTF-8 are reported with their line and column.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes =
        fs::read(path).map_err(|source| LoadError::Io { path: path.to_path_buf(), source })?;
    String::from_utf8(bytes).map_err(|err| {
        let good = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
        // Columns count characters, as the RON parser's do.
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        LoadError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message: "this byte is not UTF-8 text (a save is UTF-8 RON)".into(),
        }
    })
}

/// Save a session atomically.
pub fn save(session: &Session, path: &Path) -> io::Result<()> {
    write_atomic(path, to_ron(session).as_bytes())
}

/// Append to a journal and sync the data before returning: a command counts once this is done.
pub fn append_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::OpenOptions::new().append(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_data()
}

/// `NAME.ron` → `NAME.ron.bak`.
/// Whether `save TARGET` may write there: a file that exists and is not the fight's own (`own`)
/// is refused unless `overwrite` says so, so a slip of the name never replaces another fight.
pub fn may_save_over(target: &Path, own: Option<&Path>, overwrite: bool) -> Result<(), String> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if overwrite || !target.exists() || own.is_some_and(|own| same(target, own)) {
        return Ok(());
    }
    Err(format!(
        "{} already exists and is not this fight's file: give another name, or add `overwrite` \
         to replace it (`save \"{}\" overwrite`)",
        target.display(),
        target.display()
    ))
}

pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Write a file so that a crash leaves either the old or the new contents, never a mix: a temp
/// file in the same directory, fsync, keep the previous file as `.bak`, rename, fsync the directory.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let file_name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file path", path.display()),
        )
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        if path.exists() {
            keep_backup(path, &dir)?;
        }
        fs::rename(&tmp, path)?;
        // Make the rename itself durable. Not every platform can open a directory.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The demo encounters, built into the binary for the first-start picker.
pub const DEMOS: &[(&str, &str)] = &[
    ("WOIN: Ambush at the Old Bridge", include_str!("../../saves/woin-demo.ron")),
    ("Gempunks: Brawl on the Salt Road", include_str!("../../saves/gempunks-demo.ron")),
    (
        "Gempunks: Bandits on the Salt Road (a regiment)",
        include_str!("../../saves/gempunks-regiment-demo.ron"),
    ),
    ("Savage Worlds: Raid on Pier Nine", include_str!("../../saves/savage-demo.ron")),
    ("GURPS: Alley Behind the Blue Lantern", include_str!("../../saves/gurps-demo.ron")),
];

/// The demo encounters as sessions, labelled.
pub fn demo_sessions(assets: Arc<Assets>) -> Vec<(String, Session)> {
    DEMOS
        .iter()
        .filter_map(|(label, text)| {
            let path = PathBuf::from(format!("{label} (demo)"));
            from_ron(text, &path, assets.clone()).ok().map(|s| (label.to_string(), s))
        })
        .collect()
}

/// Where autosaves go: the given directory, else `$XDG_DATA_HOME/skirmish/saves`, else
/// `~/.local/share/skirmish/saves`.
pub fn saves_dir(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = given {
        return Some(dir.to_path_buf());
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("skirmish").join("saves"))
}

/// The file in `dir` that remembers which save was in use last (it may live elsewhere).
pub fn last_pointer(dir: &Path) -> PathBuf {
    dir.join("last-session")
}

/// The save to resume: the one last in use, else the newest in `dir`.
pub fn resume_path(dir: &Path) -> Option<PathBuf> {
    let pointed = fs::read_to_string(last_pointer(dir)).ok().map(|t| PathBuf::from(t.trim()));
    pointed.filter(|p| p.is_file()).or_else(|| latest_save(dir))
}

/// The most recently written save in `dir` (not counting `.bak` files).
pub fn latest_save(dir: &Path) -> Option<PathBuf> {
    fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max_by_key(|(modified, _)| *modified)
        .map(|(_, path)| path)
}

/// Keep the current file as `NAME.bak` without ever writing over the old backup in place: a link
/// (or, where links are not possible, a copy) under a temporary name, synced, then renamed over
/// the backup, so a failure at any point leaves the old backup whole.
fn keep_backup(path: &Path, dir: &Path) -> io::Result<()> {
    let backup = backup_path(path);
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(backup.file_name().unwrap_or_default());
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    let _ = fs::remove_file(&tmp);
    let made = fs::hard_link(path, &tmp).or_else(|_| {
        fs::copy(path, &tmp)?;
        File::open(&tmp)?.sync_all()
    });
    if let Err(err) = made.and_then(|()| fs::rename(&tmp, &backup)) {
        let _ = fs::remove_file(&tmp);
        return Err(err);
    }
    Ok(())
}

/// Remove temporary files a killed save of `path` left beside it (`.NAME.tmpPID`,
/// `.NAME.bak.tmpPID`). Called once the fight's lock is held, so no live writer owns them.
pub fn remove_leftover_temps(path: &Path) -> usize {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else { return 0 };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let prefixes = [format!(".{name}.tmp"), format!(".{name}.bak.tmp")];
    let Ok(entries) = fs::read_dir(&dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let ours = prefixes.iter().any(|p| {
            file.strip_prefix(p.as_str()).is_some_and(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        });
        if ours && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// `--recover`: a journal refused for a damaged record keeps the damage whole as `FILE.damaged`
/// and is rewritten with the records before it, when those load. What was done, in words.
pub fn recover(path: &Path) -> Result<String, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (good, damage) = match damaged_tail(&text) {
        Tail::Whole => {
            return Ok(format!("{}: nothing to recover, the journal is whole", path.display()));
        }
        Tail::Lost(damage) => {
            return Err(format!(
                "{}:{}: {}; nothing before it can be kept",
                path.display(),
                damage.line,
                damage.message
            ));
        }
        Tail::Damaged { good, damage } => (good, damage),
    };
    let damaged = damaged_path(path);
    fs::copy(path, &damaged).map_err(|e| format!("{}: {e}", damaged.display()))?;
    write_atomic(path, good.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(format!(
        "{}:{}: {}; the file is kept whole as {} and opens as it stood before line {}",
        path.display(),
        damage.line,
        damage.message,
        damaged.display(),
        damage.line
    ))
}

/// Where `recover` keeps a damaged journal whole.
pub fn damaged_path(path: &Path) -> PathBuf {
    let mut damaged = path.as_os_str().to_os_string();
    damaged.push(".damaged");
    PathBuf::from(damaged)
}

/// What reading a journal found at its end.
pub enum Tail {
    /// Every record reads (or the text is not a journal at all).
    Whole,
    /// A damaged record with a readable journal before it: the fight can open without the rest.
    Damaged { good: String, damage: journal::Damage },
    /// The damage leaves nothing usable (the header itself, or the part before does not read).
    Lost(journal::Damage),
}

/// Whether a journal is whole, or damaged with a good part before the damage.
pub fn damaged_tail(text: &str) -> Tail {
    if !journal::is_journal(text) {
        return Tail::Whole;
    }
    let Err(damage) = journal::read(text) else { return Tail::Whole };
    let good: String =
        text.lines().take(damage.line.saturating_sub(1)).flat_map(|l| [l, "\n"]).collect();
    if damage.line <= 1 || journal::read(&good).is_err() {
        return Tail::Lost(damage);
    }
    Tail::Damaged { good, damage }
}
