//! A combatant: identity, side, the system's stats, health, conditions, notes and initiative.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::conditions::Condition;
use crate::rules::initiative::Initiative;
use crate::rules::stats::{Stats, Weapon};
use crate::rules::{Health, Side};

/// How a name becomes an id (the rules share it).
pub use crate::rules::slug;

/// A combatant's id: a unique lowercase slug (`goblin-2`), typed so that it is never mixed up
/// with a name or any other text. Saved as a plain string.
///
/// Nearly every event names someone, so a long fight holds hundreds of thousands of ids of a
/// dozen combatants: an id is a shared string, copied by reference, and the ids read from a save
/// share one string per combatant ([`intern`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct CombatantId(Arc<str>);

/// The ids read on this thread, one shared string each (a bounded pool: past [`POOL`] different
/// ids it starts again, which only costs sharing).
fn intern(id: &str) -> Arc<str> {
    thread_local! {
        static IDS: RefCell<HashSet<Arc<str>>> = RefCell::new(HashSet::new());
    }
    IDS.with(|ids| {
        let mut ids = ids.borrow_mut();
        if let Some(shared) = ids.get(id) {
            return shared.clone();
        }
        if ids.len() >= POOL {
            ids.clear();
        }
        let shared: Arc<str> = Arc::from(id);
        ids.insert(shared.clone());
        shared
    })
}

/// How many different ids the pool of [`intern`] keeps.
const POOL: usize = 4096;

impl<'de> Deserialize<'de> for CombatantId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CombatantId, D::Error> {
        struct Id;
        impl serde::de::Visitor<'_> for Id {
            type Value = CombatantId;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a combatant's id (a string)")
            }
            fn visit_str<E: serde::de::Error>(self, id: &str) -> Result<CombatantId, E> {
                Ok(CombatantId(intern(id)))
            }
        }
        deserializer.deserialize_str(Id)
    }
}

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
        CombatantId(Arc::from(id))
    }
}

impl From<&str> for CombatantId {
    fn from(id: &str) -> CombatantId {
        CombatantId(Arc::from(id))
    }
}

impl From<&String> for CombatantId {
    fn from(id: &String) -> CombatantId {
        CombatantId(Arc::from(id.as_str()))
    }
}

impl From<CombatantId> for String {
    fn from(id: CombatantId) -> String {
        id.0.to_string()
    }
}

impl PartialEq<str> for CombatantId {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for CombatantId {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for CombatantId {
    fn eq(&self, other: &String) -> bool {
        &*self.0 == other.as_str()
    }
}

impl PartialEq<CombatantId> for str {
    fn eq(&self, other: &CombatantId) -> bool {
        self == &*other.0
    }
}

impl PartialEq<CombatantId> for &str {
    fn eq(&self, other: &CombatantId) -> bool {
        *self == &*other.0
    }
}

impl PartialEq<CombatantId> for String {
    fn eq(&self, other: &CombatantId) -> bool {
        self.as_str() == &*other.0
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
    pub fn view(&self) -> crate::rules::request::CombatantView<'_> {
        crate::rules::request::CombatantView {
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
