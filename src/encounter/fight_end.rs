//! The end of a fight: whether one side (the PCs and their allies, or the enemies) has no one
//! standing, as the encounter's system defines down, and the summary said when it happens.
//! Neutrals never count. Pure: read from an [`Encounter`].

use super::Encounter;
use crate::rules::Side;

/// Who is left standing when a fight ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    /// The PCs and their allies.
    Party,
    Enemies,
    /// Both sides are down.
    Nobody,
    /// The GM ended it with both sides still standing.
    Undecided,
}

/// How a fight stands at its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FightEnd {
    pub winner: Winner,
    pub rounds: u32,
    /// Names of the combatants (of either side, neutrals too) who are down.
    pub fallen: Vec<String>,
}

/// Whether a combatant of `side` counts for the party (`Some(true)`), the enemies
/// (`Some(false)`) or neither.
fn party(side: Side) -> Option<bool> {
    match side {
        Side::Pc | Side::Ally => Some(true),
        Side::Enemy => Some(false),
        Side::Neutral => None,
    }
}

/// How the fight stands now: `winner` is `Undecided` while both sides have someone standing
/// (or a side has no one at all).
pub fn standing(encounter: &Encounter) -> FightEnd {
    // (members, standing) for the party and the enemies.
    let mut count = [(0usize, 0usize); 2];
    let mut fallen = Vec::new();
    for c in &encounter.combatants {
        let down = encounter.is_down(c);
        if down {
            fallen.push(c.name.clone());
        }
        if let Some(is_party) = party(c.side) {
            let slot = &mut count[usize::from(!is_party)];
            slot.0 += 1;
            slot.1 += usize::from(!down);
        }
    }
    let [(party_n, party_up), (enemy_n, enemy_up)] = count;
    let winner = if party_n == 0 || enemy_n == 0 {
        Winner::Undecided
    } else {
        match (party_up > 0, enemy_up > 0) {
            (true, false) => Winner::Party,
            (false, true) => Winner::Enemies,
            (false, false) => Winner::Nobody,
            (true, true) => Winner::Undecided,
        }
    };
    FightEnd { winner, rounds: encounter.round, fallen }
}

/// The fight is over by itself: it has started and one side has no one standing.
pub fn fight_end(encounter: &Encounter) -> Option<FightEnd> {
    if encounter.round == 0 {
        return None;
    }
    Some(standing(encounter)).filter(|end| end.winner != Winner::Undecided)
}

impl FightEnd {
    /// One line for the log and the summary: who won, after how many rounds, and who fell.
    pub fn summary(&self, by_gm: bool) -> String {
        let rounds = match self.rounds {
            1 => "1 round".to_string(),
            n => format!("{n} rounds"),
        };
        let verdict = match self.winner {
            Winner::Party => "the PCs and their allies win",
            Winner::Enemies => "the enemies win",
            Winner::Nobody => "no one is left standing on either side",
            Winner::Undecided => "both sides still stand",
        };
        let how = if by_gm { "The GM ends the fight" } else { "The fight is over" };
        let fell = if self.fallen.is_empty() {
            "no one fell".to_string()
        } else {
            format!("fell: {}", self.fallen.join(", "))
        };
        format!("{how} after {rounds}: {verdict}; {fell}.")
    }
}
