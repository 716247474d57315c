//! What a report says, as data: the fight, its participants with their statistics, and the log
//! by round and turn. Built by `export::report`, printed as Markdown or serialised as JSON.

use serde::Serialize;

use super::stats::Statistics;
use super::timing::Timing;

/// Everything a report says, in the order the Markdown prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub title: String,
    pub system: String,
    /// The day of the fight (the save's last write), when known: `2026-11-22`.
    pub date: Option<String>,
    pub rounds: u32,
    /// The end-of-fight summary, when the fight has ended.
    pub ended: Option<String>,
    pub participants: Vec<Participant>,
    /// The time at the table, when the fight's records carry times.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
    pub log: Vec<LogRound>,
}

/// One combatant in the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Participant {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Kept off the players' view (`hidden`).
    pub hidden: bool,
    /// Health as the system writes it: as the fight began (after any `edit` before `start`), or
    /// as it joined if later; and now.
    pub health_start: String,
    pub health_end: String,
    pub down: bool,
    pub conditions: Vec<String>,
    /// The GM's notes about it.
    pub notes: Vec<String>,
    pub stats: Statistics,
}

/// A round of the log: its own line (`Round 2`) and any before anyone's turn, then each turn's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogRound {
    /// 0 is the setup before round 1.
    pub round: u32,
    pub turns: Vec<LogTurn>,
}

/// The lines of one turn, the line that opened it first (`Rook's turn`), or of the round's start
/// with no one named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogTurn {
    pub who: Option<String>,
    pub lines: Vec<LogLine>,
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    pub text: String,
    /// The line opens its round or turn (the Markdown prints it as the heading).
    #[serde(skip)]
    pub heading: bool,
}
