//! The save file as a journal: a header line, then one record per line — a command with its
//! events and the command it follows in the history tree, or a move of the current point (undo,
//! redo, branch). Each record carries a checksum over its own text and the record before it, so
//! an edit anywhere (a die face, a stat, a command's text, a record removed or moved) is found on
//! load. Version 3 summed each record re-written; since version 4 the checksum covers the line
//! exactly as written (its sum blanked), so checking it needs no second serialisation; since
//! version 5 the header carries a sum too, and the first record chains to it.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

pub use super::lines::Lines;
use crate::encounter::{Encounter, Event, LogEntry, Node, Session};
use crate::rules::System;

/// The journal's format version.
pub const VERSION: u32 = 5;

/// The first journal version; its checksums cover each record serialised again, compactly.
pub const FIRST: u32 = 3;

/// The first version whose header is summed, and chained to by the first record.
pub const SUMMED_HEADER: u32 = 5;

/// The first line: what fight this is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub version: u32,
    pub system: System,
    pub name: String,
    /// The line's own checksum (since version 5; empty before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sum: String,
}

impl Header {
    /// A header of this version, as written, with its sum (none before version 5).
    fn line(version: u32, system: System, name: &str) -> (String, String) {
        let summed = version >= SUMMED_HEADER;
        let sum = if summed { BLANK.to_string() } else { String::new() };
        let mut text = one_line(&Header { version, system, name: name.to_string(), sum });
        match sum_at(&text).filter(|_| summed) {
            Some(at) => {
                let sum = checksum_text(&text, at, "");
                text.replace_range(at..at + BLANK.len(), &sum);
                (text, sum)
            }
            None => (text, String::new()),
        }
    }

    /// Check a header read from line `at` of the file: a version 5 header must match its sum.
    /// The sum the first record chains to.
    fn check(&self, text: &str, at: usize) -> Result<String, Damage> {
        if self.version < SUMMED_HEADER {
            return Ok(String::new());
        }
        let expected = sum_at(text).map(|s| checksum_text(text, s, "")).unwrap_or_default();
        if expected.is_empty() || expected != self.sum {
            return Err(Damage {
                line: at,
                column: 1,
                message: "the header does not match its checksum: the fight's name, system or \
                          version was edited"
                    .into(),
            });
        }
        Ok(expected)
    }
}

/// One line after the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Record {
    /// Command `n` (from 1, in the order made), made after command `after` (0: the start); it
    /// becomes the current point.
    Command { n: usize, after: usize, command: String, events: Vec<Event>, sum: String },
    /// The current point moved to command `n` (0: the start).
    At { n: usize, sum: String },
    /// The state after command `n` (the current point when written), its system's own state as
    /// that system writes it, and the newest lines of the log (`lines` in all): a long fight
    /// opens from here while the records before it are read and checked behind the screen.
    Snapshot {
        n: usize,
        encounter: Box<Encounter>,
        state: String,
        log: Vec<LogEntry>,
        lines: usize,
        sum: String,
    },
}

impl Record {
    fn sum(&self) -> &str {
        match self {
            Record::Command { sum, .. } | Record::At { sum, .. } | Record::Snapshot { sum, .. } => {
                sum
            }
        }
    }

    fn with_sum(mut self, sum: String) -> Record {
        match &mut self {
            Record::Command { sum: s, .. }
            | Record::At { sum: s, .. }
            | Record::Snapshot { sum: s, .. } => *s = sum,
        }
        self
    }
}

/// FNV-1a, 64 bits: enough to notice an edit, not meant to resist a forger.
fn fnv(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The checksum of a version 3 record: its compact text with an empty sum, chained to the
/// previous record's.
fn checksum_v3(record: &Record, previous: &str) -> String {
    let bare = ron::to_string(&record.clone().with_sum(String::new())).unwrap_or_default();
    let hash = fnv(bare.as_bytes(), fnv(previous.as_bytes(), 0xcbf2_9ce4_8422_2325));
    format!("{hash:016x}")
}

/// What a sum reads before it is known.
const BLANK: &str = "0000000000000000";

/// Where a line's sum (its 16 hex digits) starts: the sum is a record's last field.
fn sum_at(line: &str) -> Option<usize> {
    let at = line.rfind("sum: \"")? + "sum: \"".len();
    line.get(at..at + BLANK.len()).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))?;
    Some(at)
}

/// The checksum of a line as written (its sum, at `at`, read as blank), chained to `previous`.
fn checksum_text(line: &str, at: usize, previous: &str) -> String {
    let mut hash = fnv(previous.as_bytes(), 0xcbf2_9ce4_8422_2325);
    hash = fnv(&line.as_bytes()[..at], hash);
    hash = fnv(BLANK.as_bytes(), hash);
    hash = fnv(&line.as_bytes()[at + BLANK.len()..], hash);
    format!("{hash:016x}")
}

/// A value on one line, spaced for reading.
fn one_line<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(0);
    ron::ser::to_string_pretty(value, config).or_else(|_| ron::to_string(value)).unwrap_or_default()
}

/// One record as its line (without the newline), its checksum chained to `previous`.
pub fn line(record: Record, previous: &str) -> (String, String) {
    let mut text = one_line(&record.with_sum(BLANK.to_string()));
    match sum_at(&text) {
        Some(at) => {
            let sum = checksum_text(&text, at, previous);
            text.replace_range(at..at + BLANK.len(), &sum);
            (text, sum)
        }
        None => (text, String::new()),
    }
}

/// How much of a session its journal file holds: commands written, the current point recorded,
/// the last record's checksum, and how many records there are (to know when to compact).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    pub nodes: usize,
    pub head: Option<usize>,
    pub sum: String,
    pub records: usize,
}

impl Written {
    /// Enough records beyond one per command (moves of the current point) to be worth a rewrite.
    pub fn wants_compacting(&self) -> bool {
        self.records > self.nodes.saturating_mul(2).saturating_add(256)
    }
}

/// The records to append so the file holds the whole session: each new command (which becomes
/// the current point as it is read), then the current point if it is elsewhere. Empty when the
/// file is up to date.
pub fn tail(session: &Session, written: &Written) -> (String, Written) {
    let mut out = String::new();
    let mut now = written.clone();
    let nodes = session.nodes();
    for (i, node) in nodes.iter().enumerate().skip(written.nodes) {
        let record = Record::Command {
            n: i + 1,
            after: node.parent.map_or(0, |p| p + 1),
            command: node.entry.command.clone(),
            events: node.entry.events.clone(),
            sum: String::new(),
        };
        let (text, sum) = line(record, &now.sum);
        let _ = writeln!(out, "{text}");
        now = Written { nodes: i + 1, head: Some(i), sum, records: now.records + 1 };
    }
    if session.head() != now.head {
        let n = session.head().map_or(0, |h| h + 1);
        let (text, sum) = line(Record::At { n, sum: String::new() }, &now.sum);
        let _ = writeln!(out, "{text}");
        now = Written { head: session.head(), sum, records: now.records + 1, ..now };
    }
    (out, now)
}

/// Commands past which a compacted journal ends with a snapshot of the current state.
pub const SNAPSHOT_AFTER: usize = 1000;

/// Log lines a snapshot keeps: more than a screen shows.
const SNAPSHOT_LOG: usize = 500;

/// The whole journal of a session, compacted, and what it holds; a long one ends with a
/// snapshot of the current state.
pub fn write_full(session: &Session) -> (String, Written) {
    let enc = session.encounter();
    let (mut out, sum) = Header::line(VERSION, enc.system, &enc.name);
    out.push('\n');
    let (records, mut written) = tail(session, &Written { sum, ..Written::default() });
    out.push_str(&records);
    if session.nodes().len() >= SNAPSHOT_AFTER {
        let log = session.log();
        let record = Record::Snapshot {
            n: session.head().map_or(0, |h| h + 1),
            encounter: Box::new(enc.clone()),
            state: enc.state.to_ron(),
            log: log[log.len().saturating_sub(SNAPSHOT_LOG)..].to_vec(),
            lines: session.log_total(),
            sum: String::new(),
        };
        let (text, sum) = line(record, &written.sum);
        let _ = writeln!(out, "{text}");
        written = Written { sum, records: written.records + 1, ..written };
    }
    (out, written)
}

/// The whole journal of a session, compacted: the header, every command in the order made, and
/// where the current point is when it is not the last command.
pub fn write(session: &Session) -> String {
    write_full(session).0
}

/// What is wrong with a journal, and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// A journal read back: the header, the tree, the current point, the line of each command, and
/// where the checking stands after the last record (to read records appended later).
#[derive(Debug)]
pub struct Read {
    pub header: Header,
    pub nodes: Vec<Node>,
    pub head: Option<usize>,
    pub lines: Vec<usize>,
    pub chain: Chain,
    /// How many records follow the header.
    pub records: usize,
    /// Whether the file ends with a line break after its last record.
    pub whole: bool,
    /// Each current point the records moved to, in order (a command made, or a move), so the
    /// lines last taken at forks can be traced again ([`Session::retrace`]).
    pub visits: Vec<Option<usize>>,
}

/// Where reading a journal stands between records: its version, the last record's checksum (the
/// next one chains to it) and the commands read so far (the next must be the one after).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub version: u32,
    pub sum: String,
    pub commands: usize,
}

/// What one record, checked, does to the history read so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A new command, hung on its parent; it becomes the current point.
    Command(Node),
    /// The current point moves (`None`: the start).
    At(Option<usize>),
    /// A snapshot: checked, nothing to add.
    Snapshot,
}

impl Chain {
    /// Before the first record of a journal of this version, whose header has this sum (empty
    /// before version 5).
    pub fn start(version: u32, header_sum: &str) -> Chain {
        Chain { version, sum: header_sum.to_string(), commands: 0 }
    }

    /// Check one record's line (line `at` of the file, from 1): its shape, its checksum chained
    /// to the record before, its order. On success the chain moves past it; on failure it is
    /// left as it was.
    pub fn step(&mut self, text: &str, at: usize) -> Result<Step, Damage> {
        let record: Record = parse(text, at)?;
        let expected = match self.version {
            FIRST => checksum_v3(&record, &self.sum),
            _ => sum_at(text).map(|s| checksum_text(text, s, &self.sum)).unwrap_or_default(),
        };
        if expected != record.sum() {
            return Err(Damage {
                line: at,
                column: 1,
                message:
                    "this record does not match its checksum: it, or one before it, was edited, \
                          removed or moved"
                        .into(),
            });
        }
        let sum = expected;
        let step = match record {
            Record::Command { n, after, command, mut events, .. } => {
                // Deserialising leaves room for more; a loaded history never grows.
                events.shrink_to_fit();
                if n != self.commands + 1 || after >= n {
                    return Err(Damage {
                        line: at,
                        column: 1,
                        message: format!(
                            "command {n} after {after} is out of order; expected command {}",
                            self.commands + 1
                        ),
                    });
                }
                self.commands = n;
                let entry = crate::encounter::Entry { command, events };
                Step::Command(Node { entry, parent: after.checked_sub(1) })
            }
            Record::Snapshot { n, .. } => {
                if n > self.commands {
                    return Err(Damage {
                        line: at,
                        column: 1,
                        message: format!("a snapshot after command {n}, past the last command"),
                    });
                }
                Step::Snapshot
            }
            Record::At { n, .. } => {
                if n > self.commands {
                    return Err(Damage {
                        line: at,
                        column: 1,
                        message: format!("the current point {n} is past the last command"),
                    });
                }
                Step::At(n.checked_sub(1))
            }
        };
        self.sum = sum;
        Ok(step)
    }
}

/// Read a journal, checking every record's shape, order and checksum.
pub fn read(text: &str) -> Result<Read, Damage> {
    read_from(&mut Lines::new(text.as_bytes()))
}

/// Read a journal line by line from a file or a text, as [`read`] does: only the records read
/// and checked are kept, never the file's text.
pub fn read_from<R: std::io::BufRead>(lines: &mut Lines<R>) -> Result<Read, Damage> {
    let (first, head_text) = match lines.next_line() {
        None => return Err(Damage { line: 1, column: 1, message: "the file is empty".into() }),
        Some(line) => line?,
    };
    let header: Header = parse(head_text, first)?;
    if !(FIRST..=VERSION).contains(&header.version) {
        return Err(Damage {
            line: first,
            column: 1,
            message: format!(
                "journal version {} is not supported; this skirmish reads versions {FIRST} to {VERSION}",
                header.version
            ),
        });
    }
    let mut nodes = Vec::new();
    let mut record_lines = Vec::new();
    let mut head = None;
    let header_sum = header.check(head_text, first)?;
    let mut chain = Chain::start(header.version, &header_sum);
    let mut records = 0;
    let mut visits = Vec::new();
    while let Some(line) = lines.next_line() {
        let (number, text) = line?;
        records += 1;
        match chain.step(text, number)? {
            Step::Command(node) => {
                nodes.push(node);
                record_lines.push(number);
                head = Some(nodes.len() - 1);
                visits.push(head);
            }
            Step::At(at) => {
                head = at;
                visits.push(at);
            }
            Step::Snapshot => {}
        }
    }
    let whole = lines.whole;
    // Read in one pass, the lists grew by doubling: the history keeps only what it holds.
    nodes.shrink_to_fit();
    record_lines.shrink_to_fit();
    visits.shrink_to_fit();
    Ok(Read { header, nodes, head, lines: record_lines, chain, records, whole, visits })
}

fn parse<T: for<'de> Deserialize<'de>>(text: &str, line: usize) -> Result<T, Damage> {
    ron::Options::default().from_str(text).map_err(|err| Damage {
        line,
        column: err.span.start.col,
        message: err.code.to_string(),
    })
}

/// Whether the text is a journal (its first line a header of version 3 or later).
pub fn is_journal(text: &str) -> bool {
    version(text).is_some_and(|v| v >= FIRST)
}

/// The version a journal's header line gives, if its first line is a header.
pub fn version(text: &str) -> Option<u32> {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| ron::from_str::<Header>(l).ok())
        .map(|h| h.version)
}

/// Recompute every record's checksum, for a journal edited on purpose (tests that build damaged
/// saves, tools that repair one); lines that do not parse are left as they are.
pub fn reseal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous = String::new();
    let header = text.lines().next().and_then(|l| ron::from_str::<Header>(l).ok());
    let old = header.as_ref().is_some_and(|h| h.version == FIRST);
    for (index, original) in text.lines().enumerate() {
        if index == 0
            && let Some(header) = header.as_ref().filter(|h| h.version >= SUMMED_HEADER)
        {
            let (line, sum) = Header::line(header.version, header.system, &header.name);
            previous = sum;
            out.push_str(&line);
            out.push('\n');
            continue;
        }
        match ron::from_str::<Record>(original) {
            Ok(record) if index > 0 && old => {
                let sum = checksum_v3(&record, &previous);
                let (line, _) = (one_line(&record.with_sum(sum.clone())), ());
                previous = sum;
                out.push_str(&line);
            }
            Ok(record) if index > 0 => {
                let (line, sum) = line(record, &previous);
                previous = sum;
                out.push_str(&line);
            }
            _ => out.push_str(original),
        }
        out.push('\n');
    }
    out
}

/// A long fight as it stands, read from its last snapshot and the few commands after it, before
/// the whole journal is read and checked: enough for the first screen.
#[derive(Debug)]
pub struct Glance {
    pub header: Header,
    pub encounter: Encounter,
    /// The newest log lines.
    pub log: Vec<LogEntry>,
    /// The current command (its index).
    pub head: Option<usize>,
}

/// Most records after a snapshot that a glance folds; more, and the whole journal is read.
const GLANCE_TAIL: usize = 4096;

/// Read a journal's last snapshot and the commands appended after it, when they simply carry the
/// line of play on (no undo or branch since). Checksums are not checked here: the whole journal
/// is read and checked next, and the glance is compared with it.
pub fn glance(text: &str) -> Option<Glance> {
    let header: Header = ron::from_str(text.lines().next()?).ok()?;
    if header.version != VERSION {
        return None;
    }
    let mut after: Vec<&str> = Vec::new();
    let mut snapshot = None;
    for line in text.lines().rev() {
        if line.starts_with("Snapshot(") {
            snapshot = Some(line);
            break;
        }
        if after.len() >= GLANCE_TAIL || line.starts_with('(') {
            return None;
        }
        if !line.trim().is_empty() {
            after.push(line);
        }
    }
    let Record::Snapshot { n, mut encounter, state, mut log, .. } =
        ron::from_str(snapshot?).ok()?
    else {
        return None;
    };
    let mut de = ron::Deserializer::from_str(&state).ok()?;
    let mut erased = <dyn erased_serde::Deserializer>::erase(&mut de);
    encounter.state = header.system.rules().decode_state(&mut erased).ok()?;
    let mut head = n;
    for line in after.into_iter().rev() {
        let Record::Command { n, after, events, .. } = ron::from_str(line).ok()? else {
            return None;
        };
        if after != head || n <= head {
            return None;
        }
        for event in &events {
            crate::encounter::history::keep(&mut log, encounter.apply(event).ok()?);
        }
        head = n;
    }
    Some(Glance { header, encounter: *encounter, log, head: head.checked_sub(1) })
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
    let sum = match sum_at(last) {
        Some(at) => last.get(at..at + BLANK.len())?.to_string(),
        None if records == 0 => String::new(),
        None => return None,
    };
    Some(Written { nodes: session.nodes().len(), head: session.head(), sum, records })
}
