//! How long the fight took at the table, from the times its commands were made (kept beside the
//! fold, never in it): each turn's time, each combatant's mean and longest turn, and the fight's
//! real duration from its first record to its last. A fight whose records carry no times has
//! none of this.

use serde::Serialize;

use crate::encounter::{LogEntry, Opens, Session};

/// The fight's times, in milliseconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Timing {
    /// From the first command made to the last (every command, on any line of play).
    pub duration_ms: u64,
    /// Each turn of the current line of play that a later command ended, in order.
    pub turns: Vec<TurnTime>,
    /// Each combatant with a timed turn, in the order they first acted.
    pub combatants: Vec<CombatantTime>,
}

/// One turn: from the command that began it to the one that began the next turn or round (or,
/// for the last, the line's last command).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnTime {
    pub round: u32,
    pub who: String,
    pub ms: u64,
}

/// A combatant's turns: how many were timed, their mean and the longest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CombatantTime {
    pub name: String,
    pub turns: usize,
    pub mean_ms: u64,
    pub longest_ms: u64,
}

/// A turn begun and not yet ended: its round, its combatant's id, the depth of the command that
/// began it along the line and that command's time.
struct Open {
    round: u32,
    who: String,
    depth: usize,
    made: Option<u64>,
}

/// The fight's times; `None` when no command carries one.
pub fn timing(session: &Session) -> Option<Timing> {
    let nodes = session.nodes();
    let first = nodes.iter().filter_map(|n| n.made).min()?;
    let last = nodes.iter().filter_map(|n| n.made).max()?;
    let (path, marks) = session.line();
    let made = |depth: usize| path.get(depth).and_then(|&i| nodes.get(i)).and_then(|n| n.made);
    let mut turns = Vec::new();
    let mut open: Option<Open> = None;
    let close = |open: Option<Open>, depth: usize, turns: &mut Vec<(u32, String, u64)>| {
        let Some(open) = open.filter(|o| o.depth < depth) else { return };
        if let (Some(start), Some(end)) = (open.made, made(depth)) {
            turns.push((open.round, open.who, end.saturating_sub(start)));
        }
    };
    let (mut index, mut depth) = (0usize, 0usize);
    let mut visit = |line: &LogEntry| {
        // The command whose lines hold this one.
        while marks.get(depth + 1).is_some_and(|&m| m <= index) {
            depth += 1;
        }
        index += 1;
        if line.opens.is_none() {
            return;
        }
        close(open.take(), depth, &mut turns);
        if line.opens == Some(Opens::Turn)
            && let Some(who) = &line.who
        {
            open = Some(Open { round: line.round, who: who.clone(), depth, made: made(depth) });
        }
    };
    // Lines that do not fold again leave the turns timed so far.
    let _ = session.each_line(&mut visit);
    close(open, path.len().saturating_sub(1), &mut turns);
    let enc = session.encounter();
    let name = |id: &str| enc.get(id).map_or_else(|| id.to_string(), |c| c.name.clone());
    let mut combatants: Vec<(String, Vec<u64>)> = Vec::new();
    for (_, who, ms) in &turns {
        match combatants.iter_mut().find(|(id, _)| id == who) {
            Some((_, times)) => times.push(*ms),
            None => combatants.push((who.clone(), vec![*ms])),
        }
    }
    let combatants = combatants
        .into_iter()
        .map(|(id, times)| {
            let total = times.iter().fold(0u64, |sum, ms| sum.saturating_add(*ms));
            let count = u64::try_from(times.len()).unwrap_or(u64::MAX).max(1);
            CombatantTime {
                name: name(&id),
                turns: times.len(),
                mean_ms: total / count,
                longest_ms: times.iter().copied().max().unwrap_or(0),
            }
        })
        .collect();
    let turns = turns.into_iter().map(|(round, who, ms)| TurnTime { round, who: name(&who), ms });
    Some(Timing { duration_ms: last.saturating_sub(first), turns: turns.collect(), combatants })
}
