//! A journal read line by line without loading it: a glance at its header and end, the preview
//! the tracker shows while the whole history is read, and the numbers and sums a line carries.

use super::journal::{Header, Offset, Record, Snapshot, VERSION, Written, version};
use super::sum::{self, BLANK};
use crate::encounter::{Encounter, LogEntry, Node, Session};

/// A long fight as it stands, read from its last snapshot and the few commands after it, before
/// the whole journal is read and checked: enough for the first screen.
#[derive(Debug)]
pub struct Glance {
    pub header: Header,
    pub encounter: Encounter,
    /// The newest log lines.
    pub log: Vec<LogEntry>,
    /// The current command (its index in the file's order).
    pub head: Option<usize>,
}

/// Read a journal's last snapshot and the records appended after it (see [`preview`]), from its
/// text.
pub fn glance(text: &str) -> Option<Glance> {
    let end =
        super::end::End::read(std::io::Cursor::new(text.as_bytes()), ends_before).ok().flatten()?;
    let Preview { header, session, written } = preview(&end, Default::default())?;
    let head = written.offset.number(session.head()).checked_sub(1);
    Some(Glance {
        header,
        encounter: session.encounter().clone(),
        log: session.log().to_vec(),
        head,
    })
}

/// Whether a record read back from a snapshot is the last command before it (which gives how
/// many commands came before the snapshot).
pub fn ends_before(line: &str) -> bool {
    command_number(line).is_some()
}

/// The number of the command a record's line holds, read from the start of the line (after its
/// sum) as skirmish writes it (nothing else is parsed); `None` for any other record.
pub fn command_number(line: &str) -> Option<usize> {
    let rest = sum::body(line).strip_prefix("Command(n: ")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    rest.get(..digits)?.parse().ok()
}

/// The checksum a record's line gives for itself, as written (what the next record chains to):
/// its prefix.
pub fn sum_of(line: &str) -> Option<&str> {
    sum::split(line).map(|(sum, _)| sum)
}

/// A version 6 record's line read (its sum not checked), with the sum its prefix gives.
fn record_of(line: &str) -> Option<(Record, &str)> {
    let (sum, body) = sum::split(line)?;
    Some((ron::from_str(body).ok()?, sum))
}

/// A long fight as its journal's end shows it: the state of its last snapshot with the commands
/// made since hung on it (a session whose tree starts at the snapshot), and what the file holds
/// in that session's terms, so the commands made next are numbered, hung and chained as the
/// file will have them.
#[derive(Debug)]
pub struct Preview {
    pub header: Header,
    pub session: Session,
    pub written: Written,
}

/// The fight a journal's end shows (see [`super::end::End`]): its last snapshot, then each
/// record after it, commands hung on the snapshot or on one another and moves of the current
/// point among them (an undo, a redo, a branch), folded as a session folds them. `None` for
/// another version, a file whose last record is not whole, or a record that leaves the
/// snapshot's part of the tree (a move or a command before it): the whole journal decides.
/// Checksums are not checked here: the whole journal is read and checked next, and the preview
/// is compared with it before anything is written.
pub fn preview(
    end: &super::end::End,
    assets: std::sync::Arc<crate::encounter::Assets>,
) -> Option<Preview> {
    let header: Header = ron::from_str(&end.header).ok()?;
    if header.version != VERSION || !end.whole {
        return None;
    }
    let mut commands = None;
    let mut records = 1;
    for line in end.before.iter().rev() {
        match record_of(line)?.0 {
            Record::Command { n, .. } => {
                commands = Some(n);
                break;
            }
            _ => records += 1,
        }
    }
    let commands = match commands {
        Some(n) => n,
        None if end.from_start => 0,
        None => return None,
    };
    let (Record::Snapshot { n: at, encounter, state, log, lines }, sum) = record_of(&end.snapshot)?
    else {
        return None;
    };
    let snapshot = Snapshot { n: at, encounter, state, log, lines };
    let encounter = snapshot.encounter(header.system)?;
    let offset = Offset { commands, at };
    let mut session = Session::preview(encounter, snapshot.log, assets);
    let mut sum = sum.to_string();
    records += commands;
    for line in &end.after {
        let (record, s) = record_of(line)?;
        match record {
            Record::Command { n, after, command, events, made } => {
                if n != offset.number(Some(session.nodes().len())) {
                    return None;
                }
                let entry = crate::encounter::Entry { command, events };
                session.add_recorded(Node { entry, parent: offset.node(after)?, made }).ok()?;
                sum = s.to_string();
            }
            Record::At { n } => {
                session.jump(offset.node(n)?).ok()?;
                sum = s.to_string();
            }
            Record::Snapshot { .. } => return None,
        }
        records += 1;
    }
    let nodes = session.nodes().len();
    let written = Written { nodes, head: session.head(), sum, records, offset };
    Some(Preview { header, session, written })
}

/// What a journal file that loaded into `session` holds, so that new commands are appended to it
/// rather than the file rewritten; `None` for an older version (rewritten first) or a file whose
/// end is not a whole record.
pub fn written_of(text: &str, session: &Session) -> Option<Written> {
    if version(text) != Some(VERSION) || !text.ends_with('\n') {
        return None;
    }
    let last = text.lines().rev().find(|l| !l.trim().is_empty())?;
    let records = text.lines().filter(|l| !l.trim().is_empty()).count().checked_sub(1)?;
    // With no record yet, the next chains to the header's sum, written inside it.
    let sum = match records {
        0 => sum::sum_at(last).and_then(|at| last.get(at..at + BLANK.len()))?,
        _ => sum_of(last)?,
    }
    .to_string();
    let nodes = session.nodes().len();
    Some(Written { nodes, head: session.head(), sum, records, offset: Offset::default() })
}
