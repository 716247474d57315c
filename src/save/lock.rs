//! One writer per fight: an exclusive advisory lock on a companion file, `FILE.lock`, holding the
//! owner's process id and host. The save itself is replaced by rename when compacted, so the lock
//! lives beside it; the OS drops the lock when its process ends, so a stale `.lock` file blocks no
//! one, and a holder that lets go in order removes its `.lock` file.

use std::fmt;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A fight this process may write; the lock goes when this is dropped, and its `.lock` file
/// with it. Drop it only once the fight's last write is synced.
#[derive(Debug)]
pub struct FightLock {
    file: File,
    save: PathBuf,
}

impl FightLock {
    /// The save file this lock guards.
    pub fn save(&self) -> &Path {
        &self.save
    }
}

/// Why a fight cannot be written by this process.
#[derive(Debug)]
pub enum LockError {
    /// Another process writes it.
    Held {
        save: PathBuf,
        holder: String,
    },
    Io {
        lock: PathBuf,
        source: io::Error,
    },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Held { save, holder } => write!(
                f,
                "{} is being written by another skirmish ({holder}); go back to that one, or \
                 read it without writing: `skirmish replay {}` (or `skirmish watch {}`)",
                save.display(),
                save.display(),
                save.display()
            ),
            LockError::Io { lock, source } => write!(f, "{}: {source}", lock.display()),
        }
    }
}

impl std::error::Error for LockError {}

/// `NAME.ron` → `NAME.ron.lock`.
pub fn lock_path(save: &Path) -> PathBuf {
    let mut name = save.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".lock");
    save.with_file_name(name)
}

impl Drop for FightLock {
    /// Remove the `.lock` file while still holding it, and only if the path still names the
    /// file this lock is on: a `.lock` file another writer made since is never touched.
    fn drop(&mut self) {
        let path = lock_path(&self.save);
        if same_file(&self.file, &path) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether `path` names the very file `file` has open.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// Without inode numbers the `.lock` file is left for the next writer, which it never blocks.
#[cfg(not(unix))]
fn same_file(_file: &File, _path: &Path) -> bool {
    false
}

/// Take the fight's lock, or say who holds it.
pub fn lock(save: &Path) -> Result<FightLock, LockError> {
    let path = lock_path(save);
    let io_error = |source| LockError::Io { lock: path.clone(), source };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io_error)?;
    }
    // A holder removes its `.lock` file as it lets go, so the file locked here may have been
    // removed between opening and locking it: then the lock is on a file no one else will open,
    // and the path is tried again.
    let mut tries = 0;
    let mut file = loop {
        let file = open_and_lock(save, &path)?;
        if same_file(&file, &path) || !cfg!(unix) {
            break file;
        }
        tries += 1;
        if tries == 16 {
            return Err(io_error(io::Error::other("the lock file kept going as it was taken")));
        }
    };
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    let owner = format!("process {} on {}", std::process::id(), host.trim());
    file.set_len(0).map_err(io_error)?;
    file.rewind().map_err(io_error)?;
    file.write_all(owner.as_bytes()).map_err(io_error)?;
    Ok(FightLock { file, save: save.to_path_buf() })
}

/// Open (or make) the `.lock` file at `path` and lock it, or say who holds it.
fn open_and_lock(save: &Path, path: &Path) -> Result<File, LockError> {
    let io_error = |source| LockError::Io { lock: path.to_path_buf(), source };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io_error)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = match holder.trim() {
                "" => "a process that has not said who it is".to_string(),
                who => who.to_string(),
            };
            return Err(LockError::Held { save: save.to_path_buf(), holder });
        }
        Err(TryLockError::Error(source)) => return Err(io_error(source)),
    }
    Ok(file)
}
