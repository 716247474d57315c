//! The current line's log from any line on, the lines a session let go folded again from the
//! state kept nearest before them, never from the start.

use super::{Session, keep};
use crate::encounter::fold::{ApplyError, LogEntry};

impl Session {
    /// The lines of the current line's log from line `from` of the whole log on, in order: the
    /// ones let go folded again from the snapshot nearest before the command that holds line
    /// `from`, never from the start. Lines before the first this session can fold (a preview's,
    /// before its snapshot's kept lines) are not given.
    pub fn each_line_from(
        &self,
        from: usize,
        mut visit: impl FnMut(&LogEntry),
    ) -> Result<(), ApplyError> {
        if from < self.log_from {
            let older = self.marks.partition_point(|&m| m < self.log_from);
            let first = self.marks[..older].partition_point(|&m| m <= from).saturating_sub(1);
            let mut state = self.state_at(first)?;
            let mut at = self.marks.get(first).copied().unwrap_or(self.log_from);
            let mut lines = Vec::new();
            for &i in &self.path[first..older] {
                for event in &self.nodes[i].entry.events {
                    keep(&mut lines, state.apply(event)?);
                }
                for line in lines.drain(..) {
                    if at >= from {
                        visit(&line);
                    }
                    at = at.saturating_add(1);
                }
            }
        }
        let skip = from.saturating_sub(self.log_from);
        self.log.iter().skip(skip).for_each(visit);
        Ok(())
    }
}
