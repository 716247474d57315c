//! Following a fight file while its writer plays, strictly read-only (`skirmish watch`): the file is
//! only ever opened for reading and its lock is never touched. Each poll looks at the file's size,
//! time and identity and reads it again only when one changed, so a compaction (a new file renamed
//! over the old) or a restart of the tracker is simply a new version. A half-written last record
//! is left for the next poll.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use super::{LoadError, from_ron, resume_path};
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
pub enum Found {
    /// Nothing changed since the last poll.
    Same,
    /// The fight as it now stands.
    Fight { path: PathBuf, session: Box<Session> },
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

/// A fight file followed read-only.
#[derive(Debug)]
pub struct Follower {
    target: Target,
    assets: Arc<Assets>,
    last: Last,
}

impl Follower {
    pub fn new(target: Target, assets: Arc<Assets>) -> Follower {
        Follower { target, assets, last: Last::Nothing }
    }

    /// The file followed now, if there is one.
    pub fn path(&self) -> Option<PathBuf> {
        match &self.target {
            Target::File(path) => Some(path.clone()),
            Target::Current(dir) => resume_path(dir),
        }
    }

    /// Look at the file once; read it only when it changed.
    pub fn poll(&mut self) -> Found {
        let Some(path) = self.path() else {
            let Target::Current(dir) = &self.target else { return Found::Same };
            let dir = dir.clone();
            return self.report(Last::NoFight, || Found::NoFight { dir });
        };
        let Some(stamp) = Stamp::of(&path) else {
            return self.report(Last::Gone(path.clone()), || Found::Gone { path: path.clone() });
        };
        if self.last == Last::Read(stamp.clone()) {
            return Found::Same;
        }
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                return self
                    .report(Last::Gone(path.clone()), || Found::Gone { path: path.clone() });
            }
            Err(err) => {
                self.last = Last::Read(stamp);
                return Found::Broken { path: path.clone(), message: err.to_string() };
            }
        };
        // The file may have changed between the look and the read: the stamp kept is the one
        // taken before, so a later change is read again at the next poll.
        self.last = Last::Read(stamp);
        match load_text(&text, &path, self.assets.clone()) {
            Ok(session) => Found::Fight { path, session: Box::new(session) },
            Err(err) => Found::Broken { path, message: err.to_string() },
        }
    }

    fn report(&mut self, now: Last, found: impl FnOnce() -> Found) -> Found {
        if self.last == now {
            return Found::Same;
        }
        self.last = now;
        found()
    }
}

/// Load a fight from text read while its writer may be appending: a last line without its
/// newline is a record still being written, and is left out.
pub fn load_text(text: &str, path: &Path, assets: Arc<Assets>) -> Result<Session, LoadError> {
    let whole = match text.rfind('\n') {
        Some(end) if end + 1 < text.len() && super::journal::is_journal(text) => &text[..=end],
        _ => text,
    };
    from_ron(whole, path, assets)
}
