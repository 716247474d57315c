//! A journal refused for a damaged record: the damage found in its bytes, the whole file kept
//! aside (`FILE.damaged`, never replacing an earlier copy) and the records before the damage
//! written back (`--recover`, the tracker's offer).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{journal, lock};

/// `--recover`, on a fight whose lock is held: a journal refused for a damaged record is kept
/// whole beside it (`FILE.damaged`, or `FILE.damaged.N`: none is ever replaced) and rewritten
/// with the records before the damage. What was done, in words.
pub fn recover(lock: &mut lock::FightLock) -> Result<String, String> {
    let path = lock.save().to_path_buf();
    let bytes = lock.read().map_err(|e| format!("{}: {e}", path.display()))?;
    let Some(recovered) = set_aside(&path, lock.real(), &bytes)? else {
        return Ok(format!("{}: nothing to recover, the journal is whole", path.display()));
    };
    lock.replace(recovered.good.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(recovered.said)
}

/// A damaged journal's good part, once the whole file is kept aside.
#[derive(Debug)]
pub struct Recovered {
    /// The journal before the damage: the fight to open, and to write back.
    pub good: String,
    /// What was done, in words.
    pub said: String,
}

/// The tracker's recovery: the damaged file at `path` kept whole aside, and its good part to
/// open; the fight's file is rewritten by its lock's holder, as the fight's next save.
pub fn recover_aside(path: &Path) -> Result<Recovered, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let real = fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
    set_aside(path, &real, &bytes)?
        .ok_or_else(|| format!("{}: nothing to recover, the journal is whole", path.display()))
}

/// Keep a damaged journal (`bytes`, read from `path`, really at `real`) whole beside its real
/// file, and give its good part; none when it is whole.
fn set_aside(path: &Path, real: &Path, bytes: &[u8]) -> Result<Option<Recovered>, String> {
    let (good, damage, dropped) = match damaged_tail(bytes) {
        Tail::Whole => return Ok(None),
        Tail::Lost(damage) => {
            return Err(format!(
                "{}:{}: {}; nothing before it can be kept",
                path.display(),
                damage.line,
                damage.message
            ));
        }
        Tail::Damaged { good, damage, dropped } => (good, damage, dropped),
    };
    let damaged = keep_damaged(real, bytes)?;
    let said = format!(
        "{}:{}: {}{}; the file is kept whole as {} and opens as it stood before line {}",
        path.display(),
        damage.line,
        damage.message,
        dropped_words(dropped),
        damaged.display(),
        damage.line
    );
    Ok(Some(Recovered { good, said }))
}

/// "; the N records after it are dropped with it", or nothing when the damage is the last record.
fn dropped_words(dropped: usize) -> String {
    match dropped {
        0 => String::new(),
        1 => "; the 1 record after it is dropped with it (it follows on from the damage)".into(),
        n => format!(
            "; the {n} records after it are dropped with it (they follow on from the damage)"
        ),
    }
}

/// Keep a damaged journal's bytes beside its real file under the first free name of
/// `FILE.damaged`, `FILE.damaged.1`, …: made new, so no earlier copy is replaced and no link
/// there is followed.
fn keep_damaged(real: &Path, bytes: &[u8]) -> Result<PathBuf, String> {
    let base = damaged_path(real);
    for n in 0..10_000u32 {
        let path = if n == 0 {
            base.clone()
        } else {
            let mut name = base.as_os_str().to_os_string();
            name.push(format!(".{n}"));
            PathBuf::from(name)
        };
        let made = fs::OpenOptions::new().write(true).create_new(true).open(&path);
        let mut file = match made {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(err) => return Err(format!("{}: {err}", path.display())),
        };
        let written = io::Write::write_all(&mut file, bytes).and_then(|()| file.sync_all());
        return written.map(|()| path.clone()).map_err(|e| format!("{}: {e}", path.display()));
    }
    Err(format!("{}: too many damaged copies kept already; move some away", base.display()))
}

/// The first name `recover` tries for keeping a damaged journal whole (`FILE.damaged`; then
/// `FILE.damaged.1` and on, when that is taken).
pub fn damaged_path(path: &Path) -> PathBuf {
    let mut damaged = path.as_os_str().to_os_string();
    damaged.push(".damaged");
    PathBuf::from(damaged)
}

/// What reading a journal found.
pub enum Tail {
    /// Every record reads (or the text is not a journal at all).
    Whole,
    /// A damaged record with a readable journal before it: the fight can open without it, and
    /// without the records after it (`dropped`: they chain on from the damaged one).
    Damaged { good: String, damage: journal::Damage, dropped: usize },
    /// The damage leaves nothing usable (the header itself, or the part before does not read).
    Lost(journal::Damage),
}

impl Tail {
    /// The damage in words for the GM: its line, and what is lost with it.
    pub fn words(&self) -> Option<String> {
        match self {
            Tail::Whole => None,
            Tail::Lost(damage) => Some(format!("line {}: {}", damage.line, damage.message)),
            Tail::Damaged { damage, dropped: 0, .. } => Some(format!(
                "line {} (the last) is damaged: {}; the fight up to line {} reads fine",
                damage.line,
                damage.message,
                damage.line.saturating_sub(1)
            )),
            Tail::Damaged { damage, dropped, .. } => Some(format!(
                "line {} is damaged: {}{}; the fight up to line {} reads fine",
                damage.line,
                damage.message,
                dropped_words(*dropped),
                damage.line.saturating_sub(1)
            )),
        }
    }
}

/// Whether a journal (its bytes as read) is whole, or damaged with a good part before the damage.
/// A record torn inside a character (bytes that are not UTF-8) is damage on its line like any
/// other.
pub fn damaged_tail(bytes: impl AsRef<[u8]>) -> Tail {
    let bytes = bytes.as_ref();
    // The text up to the first line holding a byte that is not UTF-8, and that line's damage.
    let (text, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(err) => {
            let valid = &bytes[..err.valid_up_to()];
            let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
            let damage = journal::Damage {
                line,
                column,
                message: "this byte is not UTF-8 text (a record torn inside a character)".into(),
            };
            (std::str::from_utf8(&valid[..start]).unwrap_or_default(), Some(damage))
        }
    };
    if !journal::is_journal(text) {
        return match bad {
            // Not even the header reads as text.
            Some(damage) if damage.line <= 1 => Tail::Lost(damage),
            _ => Tail::Whole,
        };
    }
    let damage = match (journal::read(text), bad) {
        (Err(damage), _) => damage,
        (Ok(_), Some(damage)) => damage,
        (Ok(_), None) => return Tail::Whole,
    };
    let good: String =
        text.lines().take(damage.line.saturating_sub(1)).flat_map(|l| [l, "\n"]).collect();
    if damage.line <= 1 || journal::read(&good).is_err() {
        return Tail::Lost(damage);
    }
    let dropped = bytes
        .split(|&b| b == b'\n')
        .skip(damage.line)
        .filter(|line| !line.trim_ascii().is_empty())
        .count();
    Tail::Damaged { good, damage, dropped }
}
