//! Journal records of versions 3 to 5, read (and resealed) as they were written: each record's
//! sum is its last field. Version 3 summed the record serialised again, compactly; versions 4
//! and 5 sum the line as written, its own sum read as zeros.

use serde::{Deserialize, Serialize};

use super::lines::Damage;
use super::sum;
use crate::encounter::{Encounter, Event, LogEntry};

/// The first journal version; its checksums cover each record serialised again, compactly.
pub const FIRST: u32 = 3;

/// A record of versions 3 to 5, its sum inside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Summed {
    Command {
        n: usize,
        after: usize,
        command: String,
        events: Vec<Event>,
        sum: String,
    },
    At {
        n: usize,
        sum: String,
    },
    Snapshot {
        n: usize,
        encounter: Box<Encounter>,
        state: String,
        log: Vec<LogEntry>,
        lines: usize,
        sum: String,
    },
}

impl Summed {
    fn sum(&self) -> &str {
        match self {
            Summed::Command { sum, .. } | Summed::At { sum, .. } | Summed::Snapshot { sum, .. } => {
                sum
            }
        }
    }

    fn with_sum(mut self, sum: String) -> Summed {
        match &mut self {
            Summed::Command { sum: s, .. }
            | Summed::At { sum: s, .. }
            | Summed::Snapshot { sum: s, .. } => *s = sum,
        }
        self
    }
}

/// The sum a version 3 record should carry: its compact text with an empty sum, chained to the
/// previous record's; `None` when it does not serialise again.
fn sum_v3(record: &Summed, previous: &str) -> Option<String> {
    let bare = ron::to_string(&record.clone().with_sum(String::new())).ok()?;
    Some(sum::chained(bare.as_bytes(), previous))
}

/// A record line of `version` (line `at` of the file), read and checked against its sum chained
/// to `previous`.
pub fn check(text: &str, at: usize, version: u32, previous: &str) -> Result<Summed, Damage> {
    let record: Summed = ron::Options::default().from_str(text).map_err(|err| Damage {
        line: at,
        column: err.span.start.col,
        message: err.code.to_string(),
    })?;
    let expected = match version {
        FIRST => sum_v3(&record, previous),
        _ => sum::sum_at(text).map(|s| sum::inside(text, s, previous)),
    };
    match expected {
        Some(expected) if expected == record.sum() => Ok(record),
        _ => Err(sum::mismatch(at)),
    }
}

/// A record line of `version` with its sum made again, chained to `previous`, and that sum;
/// `None` for a line that does not read as a record.
pub fn reseal(line: &str, version: u32, previous: &str) -> Option<(String, String)> {
    let record: Summed = ron::from_str(line).ok()?;
    if version == FIRST {
        let sum = sum_v3(&record, previous)?;
        let text = ron::ser::to_string_pretty(
            &record.with_sum(sum.clone()),
            ron::ser::PrettyConfig::new().depth_limit(0),
        )
        .ok()?;
        return Some((text, sum));
    }
    let at = sum::sum_at(line)?;
    let sum = sum::inside(line, at, previous);
    let mut text = line.to_string();
    text.replace_range(at..at + sum::BLANK.len(), &sum);
    Some((text, sum))
}
