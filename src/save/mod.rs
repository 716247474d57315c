//! The only module that touches files: RON save files (setup plus event log), atomic writes with a
//! `.bak` of the previous file, and loading game assets with the user's overrides.

pub mod assets;
pub mod end;
pub mod follow;
pub mod import;
pub mod journal;
mod lines;
pub mod list;
pub mod lock;
mod older;
pub mod party;
pub mod peek;
mod recover;
mod sum;
pub mod tail;
pub mod upgrade;

pub use recover::{Recovered, Tail, damaged_path, damaged_tail, recover, recover_aside};

pub use lock::{backup_path, write_atomic};

use std::fmt;
use std::fs;
use std::io;
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

/// The RON text of a session; an error naming the record that cannot be written.
pub fn to_ron(session: &Session) -> Result<String, journal::WriteError> {
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
    Session::from_history(file.system, &file.name, file.history, file.redo, assets).map_err(
        |failed| LoadError::Replay {
            path: path.to_path_buf(),
            line: command_line(written, failed.entry, &failed.command),
            entry: failed.entry,
            command: failed.command,
            message: failed.error.to_string(),
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
    let read = journal::read(text).map_err(|damage| syntax(path, damage))?;
    session_of(read, path, assets).map(|(session, read)| (session, read.chain))
}

/// Load a current journal read line by line from `lines` (its text never held whole), with
/// where its checking stopped.
pub fn from_journal_lines<R: io::BufRead>(
    lines: &mut journal::Lines<R>,
    path: &Path,
    assets: Arc<Assets>,
) -> Result<(Session, journal::Chain), LoadError> {
    let read = journal::read_from(lines).map_err(|damage| syntax(path, damage))?;
    session_of(read, path, assets).map(|(session, rest)| (session, rest.chain))
}

fn syntax(path: &Path, damage: journal::Damage) -> LoadError {
    LoadError::Syntax {
        path: path.to_path_buf(),
        line: damage.line,
        column: damage.column,
        message: damage.message,
    }
}

/// What a journal read leaves besides its tree: where the checking stands, and what the file
/// holds (to append to it).
struct ReadRest {
    chain: journal::Chain,
    written: Option<journal::Written>,
}

/// Fold a journal's tree into a session.
fn session_of(
    read: journal::Read,
    path: &Path,
    assets: Arc<Assets>,
) -> Result<(Session, ReadRest), LoadError> {
    let journal::Read { header, nodes, head, lines, chain, records, whole, visits } = read;
    let mut session = Session::from_tree(header.system, &header.name, nodes, head, assets)
        .map_err(|failed| LoadError::Replay {
            path: path.to_path_buf(),
            line: lines.get(failed.entry.saturating_sub(1)).copied(),
            entry: failed.entry,
            command: failed.command,
            message: failed.error.to_string(),
        })?;
    // Redo goes on where the fight's moves last went, as it did for the one who played them.
    session.retrace(&visits);
    // Only a whole file of today's version is appended to; anything else is rewritten first.
    let written = (header.version == VERSION && whole).then(|| journal::Written {
        nodes: session.nodes().len(),
        head: session.head(),
        sum: chain.sum.clone(),
        records,
        offset: journal::Offset::default(),
    });
    Ok((session, ReadRest { chain, written }))
}

/// Load a save file read line by line when it is a journal (a long fight's text is never held
/// whole), with what the file holds; older formats are read whole and converted.
fn load_streamed(
    path: &Path,
    assets: Arc<Assets>,
) -> Result<(Session, Option<journal::Written>), LoadError> {
    use std::io::BufRead;
    let io = |source| LoadError::Io { path: path.to_path_buf(), source };
    let mut reader = io::BufReader::with_capacity(1 << 16, fs::File::open(path).map_err(io)?);
    let peek = reader.fill_buf().map_err(io)?;
    let start = match std::str::from_utf8(peek) {
        Ok(text) => text,
        Err(err) => std::str::from_utf8(&peek[..err.valid_up_to()]).unwrap_or_default(),
    };
    let header_line = start.lines().find(|l| !l.trim().is_empty()).unwrap_or_default();
    // A header longer than the buffer is no journal skirmish wrote; the whole-file path says why.
    let complete = start.len() > header_line.len();
    match journal::version(header_line) {
        Some(found) if found > VERSION => {
            Err(LoadError::Version { path: path.to_path_buf(), found, at: version_at(start) })
        }
        Some(found) if found >= journal::FIRST && complete => {
            let read = journal::read_from(&mut journal::Lines::new(reader))
                .map_err(|damage| syntax(path, damage))?;
            session_of(read, path, assets).map(|(session, rest)| (session, rest.written))
        }
        _ => {
            drop(reader);
            let text = read_text(path)?;
            let session = from_ron(&text, path, assets)?;
            let written = peek::written_of(&text, &session);
            Ok((session, written))
        }
    }
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
    load_streamed(path, assets).map(|(session, _)| session)
}

/// Load a save file with what it holds, so that new commands can be appended to it (`None`: an
/// older version or a file whose last record is not whole, to be rewritten first).
pub fn load_whole(path: &Path, assets: Arc<Assets>) -> Result<Whole, LoadError> {
    load_streamed(path, assets)
}

/// Journals longer than this open from their last snapshot first.
const GLANCE_FROM: usize = 1 << 20;

/// A save opened for the tracker.
pub enum Opened {
    /// Read and checked whole, with what the file holds (to append to it).
    Whole(Session, Option<journal::Written>),
    /// A long journal: its last snapshot on screen now, with the commands made since hung on it
    /// (a session whose tree starts at the snapshot), what the file holds in that session's
    /// terms, and the whole fight, read and checked on another thread, to come.
    Glanced {
        now: Session,
        written: journal::Written,
        whole: std::sync::mpsc::Receiver<Result<Whole, LoadError>>,
    },
}

/// A fight read whole, and what its file holds.
pub type Whole = (Session, Option<journal::Written>);

/// Open a save for the tracker: a long journal shows its last snapshot at once (read from the
/// file's end, with the records after it: commands, undo, redo, branches) while the rest is read
/// and checked behind the screen; anything else loads whole.
pub fn open(path: &Path, assets: Arc<Assets>) -> Result<Opened, LoadError> {
    let preview = match glance_file(path) {
        Some(end) => peek::preview(&end, assets.clone()),
        None => None,
    };
    let Some(peek::Preview { session: now, written, .. }) = preview else {
        let (session, written) = load_streamed(path, assets)?;
        return Ok(Opened::Whole(session, written));
    };
    let (send, whole) = std::sync::mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = send.send(load_streamed(&path, assets));
    });
    Ok(Opened::Glanced { now, written, whole })
}

/// A long journal's end, read from the back (none for a short file, or one without a snapshot
/// near its end).
fn glance_file(path: &Path) -> Option<end::End> {
    let file = fs::File::open(path).ok()?;
    let long = file.metadata().is_ok_and(|m| m.len() >= GLANCE_FROM as u64);
    if !long {
        return None;
    }
    end::End::read(file, peek::ends_before).ok().flatten()
}

/// The records made on a fight opened from its snapshot (`held`: the journal's lines, as they
/// will be appended) added to the whole fight once it has been read and checked, as a load of
/// the file with them appended would add them (each command hung where it was made, each move
/// of the current point made again; nothing planned or rolled again). The fight is refused
/// unless it then stands exactly where the one on screen (`shown`) stands: the same state and
/// the same newest lines of the log. The fight, and what its file holds once `held` is
/// appended.
pub fn graft(whole: Whole, shown: &Session, held: &str) -> Result<Whole, String> {
    let (mut session, written) = whole;
    let Some(mut written) = written else {
        return Err("its last record is not whole".into());
    };
    let mut chain = journal::Chain {
        version: journal::VERSION,
        sum: written.sum.clone(),
        commands: written.nodes,
    };
    for (k, line) in held.lines().enumerate() {
        let added = match chain.step(line, k + 1).map_err(|d| d.message)? {
            journal::Step::Command(node) => session.add_recorded(node).map(|_| ()),
            journal::Step::At(head) => session.jump(head),
            journal::Step::Snapshot(_) => Ok(()),
        };
        added.map_err(|err| format!("a command made on its snapshot does not fit: {err}"))?;
        written.records = written.records.saturating_add(1);
    }
    // Each holds its newest lines, cut at a command's first: the lines both hold must agree.
    let (whole_log, shown_log) = (session.log(), shown.log());
    let both = whole_log.len().min(shown_log.len());
    let same_lines = whole_log[whole_log.len() - both..] == shown_log[shown_log.len() - both..];
    if session.encounter() != shown.encounter() || !same_lines {
        return Err("its snapshot does not match its history".into());
    }
    written.nodes = session.nodes().len();
    written.head = session.head();
    written.sum = chain.sum;
    Ok((session, Some(written)))
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

/// Save a session atomically, under the file's lock while it is written (refused if another
/// skirmish holds it). A record that cannot be written is an error before the file is touched.
pub fn save(session: &Session, path: &Path) -> io::Result<()> {
    let text = to_ron(session).map_err(io::Error::other)?;
    write_atomic(path, text.as_bytes())
}

/// Whether `save TARGET` may write there: a file that exists and is not the fight's own (`own`)
/// is refused unless `overwrite` says so, so a slip of the name never replaces another fight.
/// An empty file holds nothing to lose (a new fight's file before its first write: whether
/// another skirmish holds it is for its lock to say).
pub fn may_save_over(target: &Path, own: Option<&Path>, overwrite: bool) -> Result<(), String> {
    let same = |a: &Path, b: &Path| lock::same_file(a, b) || a == b;
    let empty = fs::metadata(target).map_or(true, |m| m.len() == 0);
    if overwrite || empty || own.is_some_and(|own| same(target, own)) {
        return Ok(());
    }
    Err(format!(
        "{} already exists and is not this fight's file: give another name, or add `overwrite` \
         to replace it (`save \"{}\" overwrite`)",
        target.display(),
        target.display()
    ))
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

/// A path as typed, `~/` standing for the home folder as a shell reads it.
pub fn typed_path(text: &str) -> PathBuf {
    match (text.strip_prefix("~/").or(if text == "~" { Some("") } else { None }), home()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(text),
    }
}

/// The user's home folder, when it is known.
fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from)
}

/// The paths that begin with `partial`, for completing a file's name: the entries of its folder
/// (the working folder for a bare name), a folder ending in `/`; hidden ones only when `partial`
/// names them. At most 200, sorted.
pub fn paths_like(partial: &str) -> Vec<String> {
    let (dir, start) = match partial.rfind('/') {
        Some(at) => (&partial[..=at], &partial[at + 1..]),
        None => ("", partial),
    };
    let Ok(entries) =
        fs::read_dir(if dir.is_empty() { PathBuf::from(".") } else { typed_path(dir) })
    else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            if !name.starts_with(start) || (name.starts_with('.') && !start.starts_with('.')) {
                return None;
            }
            let folder = entry.file_type().is_ok_and(|t| t.is_dir());
            Some(format!("{dir}{name}{}", if folder { "/" } else { "" }))
        })
        .take(200)
        .collect();
    found.sort();
    found
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
