//! Scheduled alerts: lines in the turn order that fire when play reaches them (a round's start,
//! a count, just before or after a combatant's turn), repeat, and may bring reinforcements.

use serde::{Deserialize, Serialize};

use super::{CombatantId, Encounter};

/// One alert waiting in the order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alert {
    /// Its number in `alerts` and `alert drop N`, never reused in a fight.
    pub number: u32,
    pub text: String,
    /// The round it fires in; a moment that does not come in that round fires at its first
    /// coming after it.
    pub round: u32,
    /// Rounds between firings; `None` fires once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<u32>,
    pub at: AlertAt,
    /// Shown on the players' screen too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub players: bool,
    /// Bestiary creatures added as it fires.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<Reinforcement>,
}

/// Where in a round an alert fires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AlertAt {
    /// As the round begins.
    RoundStart,
    /// Once the count passes this initiative (`rank` in the order's terms, `shown` as typed).
    Count { rank: i64, shown: String },
    /// Just before this combatant's turn.
    Before(CombatantId),
    /// Once this combatant's turn ends.
    After(CombatantId),
}

/// Creatures an alert brings, as `add NAME xN` adds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    pub creature: String,
    pub count: u32,
}

impl Alert {
    /// When it fires next, in words: `round 3, before Mira, every 2`.
    pub fn when(&self, enc: &Encounter) -> String {
        let name =
            |id: &CombatantId| enc.get(id).map_or_else(|| id.to_string(), |c| c.name.clone());
        let mut text = format!("round {}", self.round);
        match &self.at {
            AlertAt::RoundStart => {}
            AlertAt::Count { shown, .. } => text.push_str(&format!(", at {shown}")),
            AlertAt::Before(id) => text.push_str(&format!(", before {}", name(id))),
            AlertAt::After(id) => text.push_str(&format!(", after {}", name(id))),
        }
        if let Some(k) = self.every {
            text.push_str(&format!(", every {k}"));
        }
        text
    }

    /// The reinforcements in words: `Goblin ×3, Orc`.
    pub fn brings(&self) -> String {
        let each: Vec<String> = self
            .add
            .iter()
            .map(|r| match r.count {
                1 => r.creature.clone(),
                n => format!("{} ×{n}", r.creature),
            })
            .collect();
        each.join(", ")
    }

    /// Its line in `alerts` and the turn order: `#1 round 3, before Mira: Reinforcements (+ Goblin ×3)`.
    pub fn line(&self, enc: &Encounter) -> String {
        let mut text = format!("#{} {}: {}", self.number, self.when(enc), self.text);
        if !self.add.is_empty() {
            text.push_str(&format!(" (+ {})", self.brings()));
        }
        if self.players {
            text.push_str(" [players]");
        }
        text
    }
}

impl Encounter {
    /// `alerts`: each alert's line, in the order they fire.
    pub fn alert_lines(&self) -> Vec<String> {
        let mut alerts: Vec<&Alert> = self.alerts.iter().collect();
        alerts.sort_by_key(|a| (a.round, a.number));
        alerts.iter().map(|a| a.line(self)).collect()
    }
}
