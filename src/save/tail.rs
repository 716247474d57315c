//! A journal opened to append to from its last snapshot: the header, the snapshot and every
//! record after it are checked as a whole load checks them, and nothing before the snapshot is read.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use super::end::End;
use super::journal::{self, Chain, Step, Written};
use crate::encounter::{Assets, Session};

/// A fight opened from its journal's last snapshot, ready for new records to be appended.
#[derive(Debug)]
pub struct FromSnapshot {
    /// The snapshot's state with the records after it hung on it (a tree that starts at the
    /// snapshot, as the tracker's preview holds it).
    pub session: Session,
    /// What the file holds, in that session's terms.
    pub written: Written,
    /// Lines of the whole log before the first line the session holds: the snapshot keeps only
    /// the newest lines of the log.
    pub earlier: usize,
    /// How many records follow the snapshot.
    pub after: usize,
}

/// Open a journal from its last snapshot to append to it. Checked as a whole load checks these
/// records: the header against its sum; the snapshot against its sum, chained to the sum the
/// record before it gives; each record after it, its shape, order and sum in the chain, and its
/// events folded onto the snapshot's state. The records before the snapshot are not read, so
/// damage there goes unseen (`skirmish check` reads every one).
///
/// `None` when this is not possible, for the caller to load the whole file instead (which names
/// any damage with its line): no snapshot near the file's end, an older version, a last record
/// not whole, a record that leaves the snapshot's part of the tree, or a record that does not
/// check.
pub fn open(path: &Path, assets: Arc<Assets>) -> Option<FromSnapshot> {
    let file = fs::File::open(path).ok()?;
    let end = End::read(file, journal::ends_before).ok().flatten()?;
    let header_sum = journal::header_sum(&end.header)?;
    let previous = match end.before.last() {
        Some(line) => journal::sum_of(line)?.to_string(),
        None if end.from_start => header_sum,
        None => return None,
    };
    let commands = match end.before.iter().rev().find_map(|l| journal::command_number(l)) {
        Some(n) => n,
        None if end.from_start => 0,
        None => return None,
    };
    // Line numbers are not known without reading the file from its start; a damaged record is
    // named by the whole load that follows a refusal here.
    let mut chain = Chain { version: journal::VERSION, sum: previous, commands };
    let Ok(Step::Snapshot(snapshot)) = chain.step(&end.snapshot, 0) else { return None };
    for line in &end.after {
        chain.step(line, 0).ok()?;
    }
    let preview = journal::preview(&end, assets)?;
    // The preview read the same records as the chain did, without their sums.
    if preview.written.sum != chain.sum {
        return None;
    }
    let earlier = snapshot.lines.checked_sub(snapshot.log.len())?;
    let after = end.after.len();
    Some(FromSnapshot { session: preview.session, written: preview.written, earlier, after })
}
