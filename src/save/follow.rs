//! Following a fight file while its writer plays, strictly read-only (`skirmish watch`): the file is
//! only ever opened for reading and its lock is never touched. Each poll looks at the file's size,
//! time and identity and reads only when one changed: a journal that grew is read on from where
//! the last read stopped (the new records checked and added, so a poll costs the same however long
//! the fight); a compaction (a new file renamed over the old), a restart of the tracker or any
//! other change is read whole. A half-written last record is left for the next poll.

use std::fs;
use std::io::{Read as _, Seek as _, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use super::end::End;
use super::journal::{self, Chain, Step};
use super::peek;
use super::{LoadError, from_journal_lines, from_journal_on, from_ron, resume_path};
use crate::encounter::{Assets, Session};

/// Which fight to follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// This file.
    File(PathBuf),
    /// Whichever fight the tracker last had open in this saves folder (its `last-session`
    /// pointer, else the newest save), looked up again at every poll so a new fight is followed.
    Current(PathBuf),
}

/// What a poll found.
#[derive(Debug)]
pub enum Found<'a> {
    /// Nothing changed since the last poll.
    Same,
    /// The fight as it now stands (kept by the follower, which adds to it as the file grows);
    /// `whole` when the file was read whole this time (nothing from before carries over).
    Fight { path: PathBuf, session: &'a Session, whole: bool },
    /// The file does not load: the message says where and why.
    Broken { path: PathBuf, message: String },
    /// The file is not there (deleted or moved away).
    Gone { path: PathBuf },
    /// The saves folder holds no fight yet.
    NoFight { dir: PathBuf },
}

/// Enough of a file's metadata to notice any new version of it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    path: PathBuf,
    len: u64,
    modified: Option<SystemTime>,
    identity: u64,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let meta = fs::metadata(path).ok()?;
        Some(Stamp {
            path: path.to_path_buf(),
            len: meta.len(),
            modified: meta.modified().ok(),
            identity: identity(&meta),
        })
    }
}

#[cfg(unix)]
fn identity(meta: &fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.ino() ^ meta.dev().rotate_left(32)
}

#[cfg(not(unix))]
fn identity(_meta: &fs::Metadata) -> u64 {
    0
}

/// What the last poll reported, so that only changes are reported.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Last {
    Nothing,
    Read(Stamp),
    Gone(PathBuf),
    NoFight,
}

/// The fight as last read, and, for a current journal, where the reading stopped so that a file
/// that only grew is read on from there.
#[derive(Debug)]
struct Kept {
    session: Session,
    on: Option<Tail>,
}

/// Where reading a journal stopped: the checking's state after the last record read, the byte
/// just past the last whole line, that line itself (to see that the file still holds it where
/// it was) and how many lines came before the next one.
#[derive(Debug)]
struct Tail {
    chain: Chain,
    end: u64,
    last_line: Vec<u8>,
    lines: usize,
}

/// A fight file followed read-only.
#[derive(Debug)]
pub struct Follower {
    target: Target,
    assets: Arc<Assets>,
    last: Last,
    kept: Option<Kept>,
    whole_reads: usize,
}

impl Follower {
    pub fn new(target: Target, assets: Arc<Assets>) -> Follower {
        Follower { target, assets, last: Last::Nothing, kept: None, whole_reads: 0 }
    }

    /// The file followed now, if there is one.
    pub fn path(&self) -> Option<PathBuf> {
        match &self.target {
            Target::File(path) => Some(path.clone()),
            Target::Current(dir) => resume_path(dir),
        }
    }

    /// The fight as last read, if the last read found one.
    pub fn session(&self) -> Option<&Session> {
        self.kept.as_ref().map(|k| &k.session)
    }

    /// How many times the file was read whole (the first read, a new or shorter file, an older
    /// format, a record that did not check) rather than read on from where the last read stopped.
    pub fn whole_reads(&self) -> usize {
        self.whole_reads
    }

    /// Look at the file once; read it only when it changed. A journal of the current version
    /// that only grew (the same file, longer) is read on from where the last read stopped, its
    /// new records checked and added to the fight kept; anything else (a shorter or a new file,
    /// an older format, a record that does not check) is read whole.
    pub fn poll(&mut self) -> Found<'_> {
        let Some(path) = self.path() else {
            let Target::Current(dir) = &self.target else { return Found::Same };
            let dir = dir.clone();
            self.kept = None;
            return self.report(Last::NoFight, || Found::NoFight { dir });
        };
        let Some(stamp) = Stamp::of(&path) else {
            self.kept = None;
            return self.report(Last::Gone(path.clone()), || Found::Gone { path: path.clone() });
        };
        if self.last == Last::Read(stamp.clone()) {
            return Found::Same;
        }
        let grown = matches!(&self.last, Last::Read(old)
            if old.path == stamp.path && old.identity == stamp.identity && stamp.len > old.len);
        // A new file (the GM's tracker compacted the fight: the same history written afresh,
        // ending with a snapshot) is followed on from its snapshot when it carries on the
        // fight kept.
        let whole = !(if grown { self.read_on(&path) } else { self.read_compacted(&path) });
        if whole {
            self.kept = None;
            self.whole_reads = self.whole_reads.saturating_add(1);
            let kept = match read_whole_file(&path, self.assets.clone()) {
                Ok(kept) => kept,
                Err(Whole::Io(err)) if err.kind() == std::io::ErrorKind::NotFound => {
                    return self
                        .report(Last::Gone(path.clone()), || Found::Gone { path: path.clone() });
                }
                Err(Whole::Io(err)) => {
                    self.last = Last::Read(stamp);
                    return Found::Broken { path: path.clone(), message: err.to_string() };
                }
                Err(Whole::Load(err)) => {
                    self.last = Last::Read(stamp);
                    return Found::Broken { path, message: err.to_string() };
                }
            };
            // The file may have changed between the look and the read: the stamp kept is the
            // one taken before, so a later change is read again at the next poll.
            self.last = Last::Read(stamp.clone());
            self.kept = Some(kept);
        }
        self.last = Last::Read(stamp);
        match &self.kept {
            Some(kept) => Found::Fight { path, session: &kept.session, whole },
            None => Found::Same,
        }
    }

    /// Read the records appended since the last read and add them to the fight kept. False when
    /// the file no longer holds the last line read where it was, or a new record does not check
    /// or fit: then the file is to be read whole (what is kept may be part-way and is dropped).
    /// A last line without its newline is left for the next poll.
    fn read_on(&mut self, path: &Path) -> bool {
        let Some(Kept { session, on: Some(tail) }) = self.kept.as_mut() else { return false };
        let Some(from) =
            u64::try_from(tail.last_line.len()).ok().and_then(|n| tail.end.checked_sub(n))
        else {
            return false;
        };
        let mut bytes = Vec::new();
        let read = fs::File::open(path).and_then(|mut file| {
            file.seek(SeekFrom::Start(from))?;
            file.read_to_end(&mut bytes)
        });
        if read.is_err() {
            return false;
        }
        let Some(new) = bytes.strip_prefix(tail.last_line.as_slice()) else { return false };
        let Some(cut) = new.iter().rposition(|&b| b == b'\n') else { return true };
        let Ok(text) = std::str::from_utf8(&new[..=cut]) else { return false };
        for line in text.lines() {
            tail.lines += 1;
            if line.trim().is_empty() {
                continue;
            }
            let added = match tail.chain.step(line, tail.lines) {
                Ok(Step::Command(node)) => session.add_recorded(node).is_ok(),
                Ok(Step::At(head)) => session.jump(head).is_ok(),
                Ok(Step::Snapshot(_)) => true,
                Err(_) => false,
            };
            if !added {
                return false;
            }
        }
        let Ok(grew) = u64::try_from(cut + 1) else { return false };
        tail.end = tail.end.saturating_add(grew);
        tail.last_line = last_line(text).as_bytes().to_vec();
        true
    }

    /// Follow a file written afresh from its last snapshot, without reading the history before
    /// it: back from the snapshot to the last command the fight kept holds, each record after
    /// that checked (chained to that command's sum) and added, the snapshot compared with the
    /// fight there (the same point, state, log length and newest log lines), then the records
    /// after it. False when anything differs or is missing (another fight, a file with fewer
    /// commands, no snapshot near the end): then the file is to be read whole (what is kept may
    /// be part-way and is dropped).
    fn read_compacted(&mut self, path: &Path) -> bool {
        let Some(Kept { session, on: Some(tail) }) = self.kept.as_mut() else { return false };
        let known = session.nodes().len();
        let Ok(file) = fs::File::open(path) else { return false };
        let enough = |line: &str| peek::command_number(line).is_some_and(|n| n <= known);
        let Ok(Some(end)) = End::read(file, enough) else { return false };
        let Ok(header) = ron::from_str::<journal::Header>(&end.header) else { return false };
        let enc = session.encounter();
        if header.version != journal::VERSION
            || header.system != enc.system
            || header.name != enc.name
        {
            return false;
        }
        let Some((first, before)) = end.before.split_first() else { return false };
        let (Some(n), Some(sum)) = (peek::command_number(first), peek::sum_of(first)) else {
            return false;
        };
        if n != known {
            return false;
        }
        let mut chain = Chain { version: journal::VERSION, sum: sum.to_string(), commands: known };
        // Line numbers as a compacted file has them (one record a line), for messages only.
        let mut number = known + 1;
        let records = before.iter().chain([&end.snapshot]).chain(&end.after);
        for line in records {
            number += 1;
            let added = match chain.step(line, number) {
                Ok(Step::Command(node)) => session.add_recorded(node).is_ok(),
                Ok(Step::At(head)) => session.jump(head).is_ok(),
                Ok(Step::Snapshot(snapshot)) => {
                    let log = session.log();
                    session.head().map_or(0, |h| h + 1) == snapshot.n
                        && session.log_total() == snapshot.lines
                        && log.ends_with(&snapshot.log)
                        && snapshot.encounter(header.system).as_ref() == Some(session.encounter())
                }
                Err(_) => false,
            };
            if !added {
                return false;
            }
        }
        *tail = Tail { chain, end: end.end, last_line: end.last_line, lines: number };
        true
    }

    fn report(&mut self, now: Last, found: impl FnOnce() -> Found<'static>) -> Found<'static> {
        if self.last == now {
            return Found::Same;
        }
        self.last = now;
        found()
    }
}

/// Why a file could not be read whole.
enum Whole {
    Io(std::io::Error),
    Load(LoadError),
}

/// A file read whole: a current journal line by line up to its last whole line (its text is
/// never held whole, so a long fight's watcher stays as small as its tracker), anything else
/// as text ([`read_whole`]).
fn read_whole_file(path: &Path, assets: Arc<Assets>) -> Result<Kept, Whole> {
    let mut file = fs::File::open(path).map_err(Whole::Io)?;
    let found = super::end::last_whole_line(&mut file).map_err(Whole::Io)?;
    let Some((_, end, last_line)) =
        found.filter(|(header, ..)| journal::version(header) == Some(journal::VERSION))
    else {
        let text = fs::read_to_string(path).map_err(Whole::Io)?;
        return read_whole(&text, path, assets).map_err(Whole::Load);
    };
    file.seek(SeekFrom::Start(0)).map_err(Whole::Io)?;
    let reader = std::io::BufReader::with_capacity(1 << 16, file.take(end));
    let mut lines = journal::Lines::new(reader);
    let (session, chain) = from_journal_lines(&mut lines, path, assets).map_err(Whole::Load)?;
    let tail = Tail { chain, end, last_line, lines: lines.count() };
    Ok(Kept { session, on: Some(tail) })
}

/// A file's text read whole: a current journal with where its reading stopped, anything else
/// loaded as before (older formats are converted, nothing is followed on from them).
fn read_whole(text: &str, path: &Path, assets: Arc<Assets>) -> Result<Kept, LoadError> {
    let whole = complete(text);
    if journal::version(whole) != Some(journal::VERSION) || !whole.ends_with('\n') {
        return Ok(Kept { session: from_ron(whole, path, assets)?, on: None });
    }
    let (session, chain) = from_journal_on(whole, path, assets)?;
    let tail = u64::try_from(whole.len()).ok().map(|end| Tail {
        chain,
        end,
        last_line: last_line(whole).as_bytes().to_vec(),
        lines: whole.lines().count(),
    });
    Ok(Kept { session, on: tail })
}

/// The last line of text that ends with a newline, with its newline.
fn last_line(text: &str) -> &str {
    let body = text.strip_suffix('\n').unwrap_or(text);
    &text[body.rfind('\n').map_or(0, |i| i + 1)..]
}

/// A journal's text without a last line still being written (no newline yet).
fn complete(text: &str) -> &str {
    match text.rfind('\n') {
        Some(end) if end + 1 < text.len() && journal::is_journal(text) => &text[..=end],
        _ => text,
    }
}

/// Load a fight from text read while its writer may be appending: a last line without its
/// newline is a record still being written, and is left out.
pub fn load_text(text: &str, path: &Path, assets: Arc<Assets>) -> Result<Session, LoadError> {
    from_ron(complete(text), path, assets)
}
