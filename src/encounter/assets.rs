//! Game data the engine consults: each system's condition catalogue and bestiary. Loaded (from the
//! embedded copies or the user's overrides) by `save`; here it is plain data.

use serde::{Deserialize, Serialize};

use crate::rules::System;
use crate::rules::conditions::Catalogue;

/// A bestiary entry: defaults for `add NAME`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub name: String,
    pub side: String,
    /// Fields as typed after `add NAME`: `init=3d6 agi=4 health=12`.
    pub stats: String,
    #[serde(default)]
    pub note: String,
    /// Weapons, each as `NAME FIELD=VALUE …` (the fields of `weapon`).
    #[serde(default)]
    pub weapons: Vec<String>,
}

/// Catalogues and bestiaries for the four systems.
#[derive(Debug, Clone, Default)]
pub struct Assets {
    pub catalogues: Vec<(System, Catalogue)>,
    pub bestiary: Vec<(System, Vec<Creature>)>,
    /// Reference tables shown in the help pane (Savage Worlds).
    pub references: Vec<(System, String)>,
}

impl Assets {
    /// The condition catalogue of a system (empty if none was loaded).
    pub fn catalogue(&self, system: System) -> Catalogue {
        self.catalogues.iter().find(|(s, _)| *s == system).map(|(_, c)| c.clone()).unwrap_or_else(
            || Catalogue { system: system.key().to_string(), conditions: Vec::new() },
        )
    }

    /// The condition catalogue of a system, borrowed.
    pub fn catalogue_ref(&self, system: System) -> Option<&Catalogue> {
        self.catalogues.iter().find(|(s, _)| *s == system).map(|(_, c)| c)
    }

    /// A system's reference text, if it has one.
    pub fn reference(&self, system: System) -> Option<&str> {
        self.references.iter().find(|(s, _)| *s == system).map(|(_, t)| t.as_str())
    }

    pub fn creatures(&self, system: System) -> &[Creature] {
        self.bestiary.iter().find(|(s, _)| *s == system).map_or(&[], |(_, c)| c.as_slice())
    }

    /// A bestiary entry by name, ignoring case.
    pub fn creature(&self, system: System, name: &str) -> Option<&Creature> {
        self.creatures(system).iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }
}
