//! One writer per fight, whatever name or link reaches it: an exclusive lock on the save file
//! itself (`File::try_lock`, on the file opened by its real path), and every write made under it
//! — appends through the locked file, and rewrites whose new file is locked before it is renamed
//! over the old one, so the lock follows the fight across compaction. Temp files are only ever
//! made new (never through a link that is already there), and no `.lock` file is kept at all.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A fight this process may write; the lock goes when this is dropped. Drop it only once the
/// fight's last write is synced.
#[derive(Debug)]
pub struct FightLock {
    /// The save as it was named (for messages).
    named: PathBuf,
    /// Where the save really is, resolved once when it was locked: every write goes here.
    real: PathBuf,
    /// The save file, open for appending, and locked.
    file: File,
    /// An empty file this lock made to hold a new fight's place until its first write; it goes
    /// with the lock if nothing was ever written to it.
    placeholder: bool,
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
        path: PathBuf,
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
            LockError::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for LockError {}

impl From<LockError> for io::Error {
    fn from(err: LockError) -> io::Error {
        let kind = match &err {
            LockError::Held { .. } => io::ErrorKind::ResourceBusy,
            LockError::Io { source, .. } => source.kind(),
        };
        io::Error::new(kind, err.to_string())
    }
}

/// Take the fight's lock, or say who holds it. A save that does not exist yet is made, empty,
/// and locked, so that two writers of a new fight cannot both have it; if nothing is written
/// before the lock goes, the empty file goes with it.
pub fn lock(save: &Path) -> Result<FightLock, LockError> {
    take(save, true)
}

/// Take the lock of a fight whose file must exist already (one to open, or to recover).
pub fn lock_existing(save: &Path) -> Result<FightLock, LockError> {
    take(save, false)
}

fn take(save: &Path, create: bool) -> Result<FightLock, LockError> {
    let io_error = |source| LockError::Io { path: save.to_path_buf(), source };
    if !create {
        fs::metadata(save).map_err(io_error)?;
    }
    // The file is checked to be the one at the real path after it is locked: one renamed over
    // it in between (another writer's compaction) or removed is opened and locked again.
    for _ in 0..16 {
        let real = real_path(save).map_err(io_error)?;
        let (file, placeholder) = match open_existing(&real) {
            Ok(file) => (file, false),
            Err(err) if err.kind() == io::ErrorKind::NotFound && create => match open_new(&real) {
                Ok(file) => (file, true),
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(err) => return Err(io_error(err)),
            },
            // A fight that may not be written (read-only, or another user's) is refused before
            // anything is done, and a fight to open can still be read.
            Err(err) if err.kind() == io::ErrorKind::PermissionDenied => {
                let mut why = format!("this file may not be written ({err})");
                if !create {
                    why.push_str(&format!(
                        "; read it without writing: `skirmish replay {}`",
                        save.display()
                    ));
                }
                return Err(io_error(io::Error::new(err.kind(), why)));
            }
            Err(err) => return Err(io_error(err)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(LockError::Held { save: save.to_path_buf(), holder: holder_of(&file) });
            }
            Err(TryLockError::Error(source)) => return Err(io_error(source)),
        }
        if !names(&real, &file) {
            continue;
        }
        // Ours now: temp files a killed save left beside it can go.
        remove_leftover_temps(&real);
        return Ok(FightLock { named: save.to_path_buf(), real, file, placeholder });
    }
    Err(io_error(io::Error::other("the file kept being replaced as it was locked")))
}

impl FightLock {
    /// The save this lock guards, as it was named.
    pub fn save(&self) -> &Path {
        &self.named
    }

    /// Where the save really is (links resolved when it was locked).
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// Whether `path` reaches the very file this lock holds (by any name or link).
    pub fn is(&self, path: &Path) -> bool {
        identity_of(path).is_some_and(|id| Some(id) == self.identity())
    }

    #[cfg(unix)]
    fn identity(&self) -> Option<(u64, u64)> {
        use std::os::unix::fs::MetadataExt;
        self.file.metadata().ok().map(|m| (m.dev(), m.ino()))
    }

    #[cfg(not(unix))]
    fn identity(&self) -> Option<PathBuf> {
        Some(self.real.clone())
    }

    /// The locked file's bytes.
    pub fn read(&self) -> io::Result<Vec<u8>> {
        let mut file = &self.file;
        file.seek(SeekFrom::Start(0))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Append to the locked file and sync the data before returning: a command counts once this
    /// is done. An append that fails part-way (a full disk) is cut off again, so the file ends
    /// as it did, not with a torn record.
    pub fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        let before = self.file.metadata()?.len();
        let written = self.file.write_all(bytes).and_then(|()| self.file.sync_data());
        if let Err(err) = written {
            if self.file.set_len(before).is_ok() {
                let _ = self.file.sync_data();
            }
            return Err(err);
        }
        self.placeholder = false;
        Ok(())
    }

    /// Replace the file so that a crash leaves either the old or the new contents, never a mix:
    /// a new temp file beside the real one with its permissions, synced and locked, the previous
    /// file kept as `.bak`, the rename, the folder synced. The lock is then on the new file; the
    /// old one (now the `.bak`) is let go.
    pub fn replace(&mut self, bytes: &[u8]) -> io::Result<()> {
        let dir = parent_of(&self.real);
        let (tmp_path, mut tmp) = new_temp(&dir, &self.real, "")?;
        let result = (|| {
            tmp.set_permissions(self.file.metadata()?.permissions())?;
            tmp.write_all(bytes)?;
            tmp.sync_all()?;
            // The new file is locked before it takes the fight's name: there is no moment when
            // the name reaches a file nobody holds.
            match tmp.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(io::Error::other("another process locked the new file"));
                }
                Err(TryLockError::Error(err)) => return Err(err),
            }
            if !self.placeholder && names(&self.real, &self.file) {
                keep_backup(&self.real, &dir)?;
            }
            fs::rename(&tmp_path, &self.real)?;
            // Make the rename itself durable. Not every platform can open a directory.
            if let Ok(d) = File::open(&dir) {
                let _ = d.sync_all();
            }
            Ok(())
        })();
        match result {
            Ok(()) => {
                self.file = tmp;
                self.placeholder = false;
                Ok(())
            }
            Err(err) => {
                drop(tmp);
                let _ = fs::remove_file(&tmp_path);
                Err(err)
            }
        }
    }
}

impl Drop for FightLock {
    /// A new fight's empty file that was never written goes, while it is still held and only if
    /// the real path still names it.
    fn drop(&mut self) {
        let empty = self.file.metadata().is_ok_and(|m| m.len() == 0);
        if self.placeholder && empty && names(&self.real, &self.file) {
            let _ = fs::remove_file(&self.real);
        }
    }
}

/// Write a file that is not held by this process's own lock (a copy saved elsewhere, a report,
/// the pointer to the last fight) atomically, under its lock while it is written: a file another
/// skirmish holds is refused.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    lock(path)?.replace(bytes)
}

/// Where a save really is: links followed to the file; for a file still to be made, its folder
/// (made if missing) resolved and its name kept. A link to nothing is refused rather than
/// followed to make its target.
fn real_path(save: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(save) {
        Ok(_) => fs::canonicalize(save).map_err(|err| match err.kind() {
            io::ErrorKind::NotFound => io::Error::new(
                io::ErrorKind::NotFound,
                "it is a link to a file that does not exist; give the file itself",
            ),
            _ => err,
        }),
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            let name = save.file_name().ok_or_else(|| {
                io::Error::new(io::ErrorKind::InvalidInput, "expected a file name, not a folder")
            })?;
            let dir = parent_of(save);
            fs::create_dir_all(&dir)?;
            Ok(fs::canonicalize(&dir)?.join(name))
        }
        Err(err) => Err(err),
    }
}

/// The folder a file is in (`.` for a bare name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn open_existing(real: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).append(true).open(real)
}

/// A file made new: never one that is there already, nor through a link (a link there, even to
/// nothing, makes this fail rather than be followed).
fn open_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).append(true).create_new(true).open(path)
}

/// `.NAME{suffix}.tmpPID` beside `real`, made new. One left by a killed process with the same
/// id, or anything planted there (a link), is removed first, never written through.
fn new_temp(dir: &Path, real: &Path, suffix: &str) -> io::Result<(PathBuf, File)> {
    let name = real.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}{suffix}.tmp{}", std::process::id()));
    match open_new(&tmp) {
        Ok(file) => Ok((tmp, file)),
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
            fs::remove_file(&tmp)?;
            open_new(&tmp).map(|file| (tmp, file))
        }
        Err(err) => Err(err),
    }
}

/// `NAME.ron` → `NAME.ron.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Keep the current file as `NAME.bak` without ever writing over the old backup in place: a
/// hard link (or, where links are not possible, a copy) under a new temporary name, then renamed
/// over the backup (a rename replaces a link there, it never follows it), so a failure at any
/// point leaves the old backup whole.
fn keep_backup(real: &Path, dir: &Path) -> io::Result<()> {
    let backup = backup_path(real);
    let name = real.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.bak.tmp{}", std::process::id()));
    let _ = fs::remove_file(&tmp);
    let made = fs::hard_link(real, &tmp).or_else(|_| {
        let mut copy = open_new(&tmp)?;
        io::copy(&mut File::open(real)?, &mut copy)?;
        copy.sync_all()
    });
    if let Err(err) = made.and_then(|()| fs::rename(&tmp, &backup)) {
        let _ = fs::remove_file(&tmp);
        return Err(err);
    }
    Ok(())
}

/// Remove temporary files a killed save of `real` left beside it (`.NAME.tmpPID`,
/// `.NAME.bak.tmpPID`). Called once the fight's lock is held, so no live writer owns them.
fn remove_leftover_temps(real: &Path) -> usize {
    let Some(name) = real.file_name().map(|n| n.to_string_lossy().into_owned()) else { return 0 };
    let prefixes = [format!(".{name}.tmp"), format!(".{name}.bak.tmp")];
    let Ok(entries) = fs::read_dir(parent_of(real)) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let ours = prefixes.iter().any(|p| {
            file.strip_prefix(p.as_str())
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        });
        if ours && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Whether `path` itself (not a link there) is the file `file` has open.
#[cfg(unix)]
fn names(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// Without inode numbers, a file opened by its real path is taken to be the one there.
#[cfg(not(unix))]
fn names(path: &Path, _file: &File) -> bool {
    path.exists()
}

/// Whether two paths reach the same file (by any name or link); false when either is missing.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity_of(a), identity_of(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// The file a path reaches (links followed), as something to compare.
#[cfg(unix)]
fn identity_of(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity_of(path: &Path) -> Option<PathBuf> {
    fs::canonicalize(path).ok()
}

/// Who holds the lock on the file `file` has open, in words.
fn holder_of(file: &File) -> String {
    let host = fs::read_to_string("/etc/hostname").unwrap_or_default();
    match holder_pid_of(file) {
        Some(pid) if host.trim().is_empty() => format!("process {pid}"),
        Some(pid) => format!("process {pid} on {}", host.trim()),
        None => "a process this system does not name".to_string(),
    }
}

/// The id of the process holding the lock on the file at `path`, when the system says
/// (Linux: `/proc/locks`).
pub fn holder_pid(path: &Path) -> Option<u32> {
    holder_pid_of(&File::open(path).ok()?)
}

/// The holder of the file's lock as `/proc/locks` lists it (`1: FLOCK ADVISORY WRITE PID
/// MAJ:MIN:INODE 0 EOF`), matched by inode; none elsewhere.
#[cfg(unix)]
fn holder_pid_of(file: &File) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let inode = file.metadata().ok()?.ino();
    let locks = fs::read_to_string("/proc/locks").ok()?;
    locks.lines().filter(|line| !line.contains("->")).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let at = fields.iter().position(|f| f.matches(':').count() == 2)?;
        let ino: u64 = fields[at].rsplit(':').next()?.parse().ok()?;
        (ino == inode && fields.get(1) == Some(&"FLOCK")).then(|| fields[at - 1].parse().ok())?
    })
}

#[cfg(not(unix))]
fn holder_pid_of(_file: &File) -> Option<u32> {
    None
}
