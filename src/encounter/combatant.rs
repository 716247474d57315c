//! A combatant: identity, side, the system's stats, health, conditions, notes and initiative.

use serde::{Deserialize, Serialize};

use crate::rules::conditions::Condition;
use crate::rules::initiative::Initiative;
use crate::rules::stats::{Stats, Weapon};
use crate::rules::{Health, Side};

/// How a name becomes an id (the rules share it).
pub use crate::rules::slug;

/// A combatant's id: a unique lowercase slug (`goblin-2`), typed so that it is never mixed up
/// with a name or any other text. Saved as a plain string.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CombatantId(String);

impl CombatantId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for CombatantId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for CombatantId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for CombatantId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for CombatantId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for CombatantId {
    fn from(id: String) -> CombatantId {
        CombatantId(id)
    }
}

impl From<&str> for CombatantId {
    fn from(id: &str) -> CombatantId {
        CombatantId(id.to_string())
    }
}

impl From<&String> for CombatantId {
    fn from(id: &String) -> CombatantId {
        CombatantId(id.clone())
    }
}

impl From<CombatantId> for String {
    fn from(id: CombatantId) -> String {
        id.0
    }
}

impl PartialEq<str> for CombatantId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for CombatantId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for CombatantId {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl PartialEq<CombatantId> for str {
    fn eq(&self, other: &CombatantId) -> bool {
        self == other.0
    }
}

impl PartialEq<CombatantId> for &str {
    fn eq(&self, other: &CombatantId) -> bool {
        *self == other.0
    }
}

impl PartialEq<CombatantId> for String {
    fn eq(&self, other: &CombatantId) -> bool {
        *self == other.0
    }
}

/// Someone in the fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// Unique lowercase slug: `goblin-2`.
    pub id: CombatantId,
    pub name: String,
    pub side: Side,
    /// Members added together (`add Goblin x4`) share a group id and one initiative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub stats: Stats,
    pub health: Health,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Initiative>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Weapon>,
    /// Holding its action (skipped until `act`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held: bool,
}

impl Combatant {
    pub fn condition(&self, name: &str) -> Option<&Condition> {
        self.conditions.iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// How the rules see it.
    pub fn view(&self) -> crate::rules::system::CombatantView<'_> {
        crate::rules::system::CombatantView {
            name: &self.name,
            stats: &self.stats,
            health: self.health,
            conditions: &self.conditions,
            weapons: &self.weapons,
            initiative: self.initiative.as_ref(),
        }
    }

    /// Shares initiative with `other` (same group, or the same combatant).
    pub fn same_holder(&self, other: &Combatant) -> bool {
        self.id == other.id || (self.group.is_some() && self.group == other.group)
    }
}
