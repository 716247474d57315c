//! When the commands along the current line were made, read beside the fold (never in it): the
//! time the current turn began, for the tracker's turn timer and the players' screen.

use super::Session;
use crate::encounter::Opens;

impl Session {
    /// When the command that began the current turn was made: the one whose log lines hold the
    /// newest line that opens a turn. `None` between turns, when that command has no time (a
    /// fight saved before times were kept), or when the turn began before the lines held.
    pub fn turn_began(&self) -> Option<u64> {
        self.encounter.turn.as_ref()?;
        let back = self.log.iter().rposition(|l| l.opens == Some(Opens::Turn))?;
        let line = self.log_from.checked_add(back)?;
        let depth = self.marks.partition_point(|&m| m <= line).checked_sub(1)?;
        self.nodes.get(*self.path.get(depth)?)?.made
    }
}
