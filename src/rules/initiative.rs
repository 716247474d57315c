//! Initiative values shared by the four systems, their order, and the generic d6 roll-off for ties.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::cards::Card;
use super::dice::{DiceError, DiceSource, RollRecord};
use super::stats::format_hundredths;

/// What decides the order: a count (WOIN, Gempunks), Basic Speed (GURPS) or a card (Savage Worlds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InitValue {
    Count(i64),
    /// Hundredths: 6.25 is 625.
    Speed(i64),
    Card(Card),
}

impl InitValue {
    /// Higher acts first.
    pub fn rank(self) -> i64 {
        match self {
            InitValue::Count(n) | InitValue::Speed(n) => n,
            InitValue::Card(card) => card.order(),
        }
    }
}

impl fmt::Display for InitValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitValue::Count(n) => write!(f, "{n}"),
            InitValue::Speed(h) => write!(f, "{}", format_hundredths(*h)),
            InitValue::Card(card) => write!(f, "{card}"),
        }
    }
}

/// A combatant's (or a group's) initiative and everything random that went into it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub value: InitValue,
    /// Tie-breakers before any roll-off, highest first (WOIN AGILITY, GURPS DX).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<i64>,
    /// d6 roll-off faces added when a tie remained.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolloff: Vec<u32>,
    /// The roll that produced the value, if one was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<RollRecord>,
    /// A roll shared with others (a Gempunks controller's d6): the key it is shared under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
    /// Every card drawn for it, including those set aside (Savage Worlds edges).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<Card>,
    /// Typed in by the GM rather than rolled or dealt.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typed: bool,
}

impl Initiative {
    pub fn new(value: InitValue) -> Self {
        Initiative {
            value,
            ties: Vec::new(),
            rolloff: Vec::new(),
            roll: None,
            shared: None,
            drawn: Vec::new(),
            typed: false,
        }
    }

    pub fn with_ties(mut self, ties: Vec<i64>) -> Self {
        self.ties = ties;
        self
    }

    /// Compare for acting order: `Less` means `self` acts first.
    pub fn acting_order(&self, other: &Initiative) -> Ordering {
        other
            .value
            .rank()
            .cmp(&self.value.rank())
            .then_with(|| other.ties.cmp(&self.ties))
            .then_with(|| other.rolloff.cmp(&self.rolloff))
    }

    /// Same value and tie-breakers: only a roll-off (or the GM) separates them.
    pub fn ties_with(&self, other: &Initiative) -> bool {
        self.value.rank() == other.value.rank() && self.ties == other.ties
    }
}

/// Break ties among initiatives with d6 roll-offs (WOIN-INIT-2, GEM-INIT-1, GURPS-INIT-1): members of
/// a tied cluster first roll up to the longest roll-off already in it, then every group still
/// identical rolls one more die, until none are. Returns the faces to append, per index.
pub fn break_ties(
    inits: &[&Initiative],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Vec<u32>>, DiceError> {
    break_ties_by(inits, &mut |_| dice.roll(6))
}

/// As [`break_ties`], with `roll(index)` giving each d6 and told whose it is: the engine asks
/// for each holder's roll-off faces by that holder, so they can be played back by holder.
pub fn break_ties_by(
    inits: &[&Initiative],
    roll: &mut dyn FnMut(usize) -> Result<u32, DiceError>,
) -> Result<Vec<Vec<u32>>, DiceError> {
    let mut rolloffs: Vec<Vec<u32>> = inits.iter().map(|i| i.rolloff.clone()).collect();
    let mut added: Vec<Vec<u32>> = vec![Vec::new(); inits.len()];
    let mut visited = vec![false; inits.len()];
    for start in 0..inits.len() {
        if visited[start] {
            continue;
        }
        let cluster: Vec<usize> =
            (start..inits.len()).filter(|&j| inits[j].ties_with(inits[start])).collect();
        for &j in &cluster {
            visited[j] = true;
        }
        if cluster.len() < 2 {
            continue;
        }
        let longest = cluster.iter().map(|&j| rolloffs[j].len()).max().unwrap_or(0);
        for &j in &cluster {
            while rolloffs[j].len() < longest {
                let face = roll(j)?;
                rolloffs[j].push(face);
                added[j].push(face);
            }
        }
        // A bounded loop: a script that keeps rolling ties would otherwise never end.
        for _ in 0..1000 {
            let still_tied: Vec<usize> = cluster
                .iter()
                .copied()
                .filter(|&j| cluster.iter().any(|&k| k != j && rolloffs[k] == rolloffs[j]))
                .collect();
            if still_tied.is_empty() {
                break;
            }
            for j in still_tied {
                let face = roll(j)?;
                rolloffs[j].push(face);
                added[j].push(face);
            }
        }
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::ScriptedDice;

    fn count(n: i64, agi: i64) -> Initiative {
        Initiative::new(InitValue::Count(n)).with_ties(vec![agi])
    }

    // WOIN-INIT-2: higher AGILITY first; still tied, each rolls 1d6 and rerolls ties.
    #[test]
    fn woin_init_2_rolloff_rerolls_ties() {
        let (a, b, c) = (count(14, 5), count(14, 5), count(14, 3));
        assert_eq!(a.acting_order(&c), Ordering::Less, "AGILITY breaks the tie first");
        let mut dice = ScriptedDice::new([4, 4, 2, 5]);
        let added = break_ties(&[&a, &b, &c], &mut dice).unwrap();
        assert_eq!(added, vec![vec![4, 2], vec![4, 5], vec![]]);
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn newcomer_rolls_up_to_the_cluster_before_comparing() {
        let mut old = count(10, 2);
        old.rolloff = vec![3];
        let new = count(10, 2);
        let mut dice = ScriptedDice::new([5]);
        let added = break_ties(&[&old, &new], &mut dice).unwrap();
        assert_eq!(added, vec![vec![], vec![5]]);
    }

    #[test]
    fn no_ties_no_dice() {
        let mut dice = ScriptedDice::new([]);
        let added = break_ties(&[&count(9, 1), &count(8, 1)], &mut dice).unwrap();
        assert_eq!(added, vec![Vec::<u32>::new(), vec![]]);
    }
}
