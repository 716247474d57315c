//! The small values every system speaks in: sides, health, turns and their action pools, options,
//! figures for display, and the rules' refusal. Nothing here knows any system.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::DiceError;

/// Which side a combatant fights on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Pc,
    Ally,
    Enemy,
    Neutral,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Pc, Side::Ally, Side::Enemy, Side::Neutral];

    pub fn parse(text: &str) -> Option<Side> {
        Some(match text.to_ascii_lowercase().as_str() {
            "pc" | "player" => Side::Pc,
            "ally" | "friend" => Side::Ally,
            "enemy" | "foe" => Side::Enemy,
            "neutral" => Side::Neutral,
            _ => return None,
        })
    }

    pub fn key(self) -> &'static str {
        match self {
            Side::Pc => "pc",
            Side::Ally => "ally",
            Side::Enemy => "enemy",
            Side::Neutral => "neutral",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A combatant that stands for several members (a Gempunks regiment): how many still stand, and
/// the wounds pooled toward the next one falling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength {
    pub standing: i64,
    pub total: i64,
    pub pool: i64,
    /// Wounds that drop one member.
    pub per_member: i64,
}

impl std::fmt::Display for Strength {
    /// `17/20 W 1/2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{} W {}/{}", self.standing, self.total, self.pool, self.per_member)
    }
}

/// Health in the system's own unit (WOIN HEALTH, HP, Savage Worlds wound levels left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    pub current: i64,
    pub max: i64,
}

impl Health {
    pub fn full(max: i64) -> Health {
        Health { current: max, max }
    }
}

/// How hurt a combatant looks, in words anyone at the table understands (the players' view):
/// by the share of health left, or as the system counts harm (Savage Worlds wounds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthBand {
    /// Full health.
    Unhurt,
    /// More than half left.
    Hurt,
    /// Half or less left.
    Bloodied,
    /// A quarter or less left.
    Critical,
    /// Out of the fight.
    Down,
}

impl HealthBand {
    /// The band for `current` of `max` left, for a combatant still up.
    pub fn from_share(current: i64, max: i64) -> HealthBand {
        let (current, max) = (i128::from(current), i128::from(max));
        if current >= max {
            HealthBand::Unhurt
        } else if current * 2 > max {
            HealthBand::Hurt
        } else if current * 4 > max {
            HealthBand::Bloodied
        } else {
            HealthBand::Critical
        }
    }
}

/// One of a combatant's turns in a round: the count it acts on and how many actions it has there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub count: i64,
    pub actions: u8,
    /// The combatant's own count, as opposed to a later extra pass.
    pub main: bool,
}

impl Pass {
    pub fn main(count: i64, actions: u8) -> Pass {
        Pass { count, actions, main: true }
    }

    pub fn extra(count: i64, actions: u8) -> Pass {
        Pass { count, actions, main: false }
    }
}

/// A kind of action a turn allows and how many of it are left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionPool {
    pub name: String,
    pub total: u8,
    pub used: u8,
    /// Why there are fewer than usual (`−1 Dazed`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl ActionPool {
    pub fn new(name: &str, total: u8) -> ActionPool {
        ActionPool { name: name.to_string(), total, used: 0, note: String::new() }
    }

    pub fn left(&self) -> u8 {
        self.total.saturating_sub(self.used)
    }
}

/// An option of a system's rules (a Reading that tables may play either way).
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    pub name: &'static str,
    pub values: &'static [&'static str],
    pub default: &'static str,
    pub help: &'static str,
}

impl OptionSpec {
    /// Whether `value` is one this option takes: a whole number when it lists no values, else
    /// one of them, a value listed as `WORD:SECONDS` standing for `WORD:` and 1 to
    /// [`SECONDS_MAX`] (`warn:90`).
    pub fn accepts(&self, value: &str) -> bool {
        if self.values.is_empty() {
            return value.parse::<u32>().is_ok();
        }
        self.values.iter().any(|listed| match listed.strip_suffix("SECONDS") {
            Some(word) if word.ends_with(':') => value
                .strip_prefix(word)
                .and_then(|n| n.parse::<u64>().ok())
                .is_some_and(|n| (1..=SECONDS_MAX).contains(&n)),
            _ => value == *listed,
        })
    }
}

/// The most seconds an option's `WORD:SECONDS` value takes: an hour.
pub const SECONDS_MAX: u64 = 3_600;

/// The options set in an encounter, by name.
pub type Options = std::collections::BTreeMap<String, String>;

/// How the players' view shows one side's health.
const PLAYER_HEALTH: &[&str] = &["exact", "label", "hidden"];

/// Options every system accepts besides its own: what the players' view shows of each side's
/// health (`skirmish watch`), whether the tracker asks for the faces of a turn's rolls, and
/// whether it shows the current turn's time (off by default: an idle tracker writes nothing).
pub static CORE_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "typed_dice",
        values: &["roll", "ask"],
        default: "roll",
        help: "ask: before a command rolls (the next-turn key's turn start, a line typed after :), \
               the tracker asks for the faces rolled at the table; blank lets it roll",
    },
    OptionSpec {
        name: "turn_timer",
        values: &["off", "show", "warn:SECONDS"],
        default: "off",
        help: "the current turn's time in the tracker's header and on the players' screen; \
               warn:SECONDS colours it once the turn runs longer",
    },
    OptionSpec {
        name: "player_health.pc",
        values: PLAYER_HEALTH,
        default: "exact",
        help: "how the players' view shows player characters' health",
    },
    OptionSpec {
        name: "player_health.ally",
        values: PLAYER_HEALTH,
        default: "exact",
        help: "how the players' view shows allies' health",
    },
    OptionSpec {
        name: "player_health.enemy",
        values: PLAYER_HEALTH,
        default: "label",
        help: "how the players' view shows enemies' health",
    },
    OptionSpec {
        name: "player_health.neutral",
        values: PLAYER_HEALTH,
        default: "label",
        help: "how the players' view shows neutrals' health",
    },
];

/// One pick of the attack dialog: its label and its options as (label, field text).
#[derive(Debug, Clone, Copy)]
pub struct AttackChoice {
    pub label: &'static str,
    pub options: &'static [(&'static str, &'static str)],
}

/// A figure the rules derive for display and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Derived {
    Int(i64),
    Bool(bool),
    Text(String),
    List(Vec<String>),
    /// Whole numbers by name (Gempunks armor by damage type, `*` for every type).
    Map(Vec<(String, i64)>),
    Nothing,
}

/// Why the rules refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    Dice(DiceError),
    /// The input made no sense under these rules; the text says what was expected.
    Invalid(String),
    /// A part of the rules this version does not resolve yet.
    NotYet(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Dice(err) => write!(f, "{err}"),
            RulesError::Invalid(msg) | RulesError::NotYet(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for RulesError {}

impl From<DiceError> for RulesError {
    fn from(err: DiceError) -> Self {
        RulesError::Dice(err)
    }
}
