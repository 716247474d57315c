//! Conditions: the catalogue a system offers (names and short effect texts) and a condition as
//! carried by a combatant (level, source, duration).

use std::fmt;

use super::words::nearest;
use serde::{Deserialize, Serialize};

/// One condition a system knows, as listed in `assets/conditions/*.ron`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionSpec {
    pub name: String,
    /// Effect at the first (or only) level, in our own words.
    pub first: String,
    /// Effect when severe; `None` when the condition has a single level.
    #[serde(default)]
    pub severe: Option<String>,
    /// May never be made persistent (WOIN-COND-5: Bleeding, Burning).
    #[serde(default)]
    pub never_persistent: bool,
    /// Outlasts the fight (fatigue, an injury): `party keep` carries it to the next one, while
    /// what only matters in a fight (Shaken, Stunned, a posture) stays behind.
    #[serde(default)]
    pub lasting: bool,
}

/// A system's condition catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalogue {
    pub system: String,
    pub conditions: Vec<ConditionSpec>,
}

impl Catalogue {
    /// Find a condition by name, case-insensitively, or by unique prefix.
    pub fn find(&self, name: &str) -> Result<&ConditionSpec, String> {
        let wanted = name.to_ascii_lowercase();
        if let Some(spec) = self.conditions.iter().find(|c| c.name.to_ascii_lowercase() == wanted) {
            return Ok(spec);
        }
        let prefixed: Vec<&ConditionSpec> = self
            .conditions
            .iter()
            .filter(|c| c.name.to_ascii_lowercase().starts_with(&wanted))
            .collect();
        match prefixed.as_slice() {
            [one] => Ok(one),
            [] => Err(format!(
                "no condition '{name}' in {}; nearest: {}",
                self.system,
                nearest(name, self.conditions.iter().map(|c| c.name.as_str()), 3).join(", ")
            )),
            many => Err(format!(
                "'{name}' could be {}",
                many.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// A condition by its exact name, as rules code names it.
    pub fn get(&self, name: &str) -> Option<&ConditionSpec> {
        self.conditions.iter().find(|c| c.name == name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.conditions.iter().map(|c| c.name.as_str())
    }
}

/// First or severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    First,
    Severe,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::First => "first",
            Level::Severe => "severe",
        })
    }
}

/// Where a condition came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Manual,
    Crit,
    Spell,
    Environment,
    Exploit,
    Damage,
}

impl Source {
    pub fn parse(text: &str) -> Option<Source> {
        Some(match text.to_ascii_lowercase().as_str() {
            "manual" => Source::Manual,
            "crit" | "critical" => Source::Crit,
            "spell" => Source::Spell,
            "environment" | "env" => Source::Environment,
            "exploit" => Source::Exploit,
            "damage" => Source::Damage,
            _ => return None,
        })
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Manual => "manual",
            Source::Crit => "crit",
            Source::Spell => "spell",
            Source::Environment => "environment",
            Source::Exploit => "exploit",
            Source::Damage => "damage",
        })
    }
}

/// A condition on a combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub name: String,
    pub level: Level,
    pub source: Source,
    /// Rounds left; `None` lasts until removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Cannot be shaken off (spells, environments).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub persistent: bool,
    /// The round it was applied in (a LUC die can cancel it only then, WOIN-COND-6).
    #[serde(default)]
    pub since: u32,
    /// Needs a 6 to shake off when severe, whatever the option says (WOIN-COND-4: combust, the
    /// Cortex emitter).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub needs_six: bool,
    /// What exactly (an Injury's location and effect).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Ends at the start or end of a given combatant's turn (`until=end of=Mira`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Anchor>,
}

/// Which end of a turn a duration counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    Start,
    End,
}

impl Edge {
    pub fn parse(text: &str) -> Option<Edge> {
        match text.to_ascii_lowercase().as_str() {
            "start" => Some(Edge::Start),
            "end" => Some(Edge::End),
            _ => None,
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::Start => "start",
            Edge::End => "end",
        })
    }
}

/// A duration counted in one combatant's turns: it ends at the start (or end) of the anchor's
/// `turns`-th turn from now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anchor {
    /// The combatant whose turns count (its id).
    pub of: String,
    pub edge: Edge,
    /// Turns of the anchor's still to begin (or end) before it ends; 0 ends it.
    pub turns: u32,
    /// Given during the anchor's own turn: that turn's end does not count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_current: bool,
}

impl Anchor {
    /// How it reads after a condition's name, with the anchor named: `until the end of Mira's
    /// turn`, `until the start of Mira's turn, in 2 of Mira's turns`.
    pub fn describe(&self, anchor: &str) -> String {
        let next = if self.skip_current && self.edge == Edge::End { "next " } else { "" };
        let mut text = format!("until the {} of {anchor}'s {next}turn", self.edge);
        if self.turns > 1 {
            text.push_str(&format!(", in {} of {anchor}'s turns", self.turns));
        }
        text
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)?;
        if self.level == Level::Severe {
            write!(f, " (severe)")?;
        }
        Ok(())
    }
}

/// The name of one of `who`'s conditions matching `query` (exact, or a unique beginning, any
/// case); the error says what it has instead.
pub fn own(who: &str, conditions: &[Condition], query: &str) -> Result<String, String> {
    let wanted = query.to_lowercase();
    if let Some(k) = conditions.iter().find(|k| k.name.to_lowercase() == wanted) {
        return Ok(k.name.clone());
    }
    let found: Vec<&str> = conditions
        .iter()
        .filter(|k| k.name.to_lowercase().starts_with(&wanted))
        .map(|k| k.name.as_str())
        .collect();
    match found.as_slice() {
        [one] => Ok((*one).to_string()),
        [] if conditions.is_empty() => Err(format!("{who} has no conditions")),
        [] => {
            let has: Vec<&str> = conditions.iter().map(|k| k.name.as_str()).collect();
            Err(format!("{who} is not {query}; it has {}", has.join(", ")))
        }
        many => Err(format!("'{query}' could be {}", many.join(", "))),
    }
}
