//! The dice log's commands and their folds: which held lines each command of the current line of
//! play wrote, its headline, and the lines a fold hides under it; the command the log shows open
//! when it is not scrolled (the newest that has anything to fold), which the fold key (`f`) folds and unfolds.

use crate::encounter::{Event, LogEntry, Session};

/// One command's lines in the session's held log (indices into [`Session::log`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Told {
    /// Its depth in the current line of play.
    pub depth: usize,
    /// Its node in the history ([`Session::nodes`]): what a fold made by hand is kept by.
    pub node: usize,
    pub start: usize,
    pub end: usize,
    /// The line that stands for the command: its first attack's (who attacked whom, hit or
    /// miss) in every system, whatever it logged before (a GURPS maneuver, actions spent);
    /// otherwise its first line.
    pub headline: usize,
}

impl Told {
    /// Whether a fold still shows line `index`: the headline, and any line that opens a round or
    /// a turn (where the fight is never folds away).
    pub fn shows(&self, index: usize, entries: &[LogEntry]) -> bool {
        index == self.headline || entries.get(index).is_some_and(|e| e.opens.is_some())
    }

    /// How many of its lines a fold hides.
    pub fn hidden(&self, entries: &[LogEntry]) -> usize {
        (self.start..self.end.min(entries.len())).filter(|&i| !self.shows(i, entries)).count()
    }
}

/// The lines of the command at `depth` of the current line, when the session holds them all
/// and it wrote any.
pub fn told(session: &Session, depth: usize) -> Option<Told> {
    let (path, marks) = session.line();
    let entries = session.log();
    // The marks count lines of the whole log; the session holds its newest lines.
    let held = |mark: usize| mark.checked_sub(session.log_start());
    let start = held(*marks.get(depth)?)?;
    let end =
        marks.get(depth + 1).and_then(|&m| held(m)).unwrap_or(entries.len()).min(entries.len());
    if start >= end {
        return None;
    }
    let node = *path.get(depth)?;
    let summary = session.nodes().get(node).and_then(|n| {
        n.entry.events.iter().find_map(|e| match e {
            Event::Attacked { summary, .. } => Some(summary.as_str()),
            _ => None,
        })
    });
    let attack = summary.and_then(|text| (start..end).find(|&i| entries[i].text == text));
    Some(Told { depth, node, start, end, headline: attack.unwrap_or(start) })
}

/// The command (its depth in the current line) that held log line `index` belongs to.
pub fn command_of(session: &Session, index: usize) -> Option<usize> {
    let (_, marks) = session.line();
    let index = index.saturating_add(session.log_start());
    marks.partition_point(|&m| m <= index).checked_sub(1)
}

/// The command the log shows open when not scrolled: the newest with lines to fold (a `next`
/// that only says whose turn it is leaves the attack before it open).
pub fn open(session: &Session) -> Option<Told> {
    let entries = session.log();
    let (path, _) = session.line();
    (0..path.len())
        .rev()
        .map_while(|depth| {
            // Commands whose lines are no longer held end the search.
            let held = session.line().1.get(depth).is_some_and(|&m| m >= session.log_start());
            held.then(|| told(session, depth))
        })
        .flatten()
        .find(|t| t.hidden(entries) > 0)
}
