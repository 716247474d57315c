//! The attack options by name (GEM-OPT-1..10): which there are, how they are typed, and what
//! each asks of the attacker and attacks.

use crate::rules::types::RulesError;

/// The attack options (GEM-OPT-1..10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackOption {
    Normal,
    Incapacitate,
    Grapple,
    Disarm,
    Shove,
    Sunder,
    Trip,
    Strangle,
    Pickpocket,
    ReversePickpocket,
    Ride,
}

impl AttackOption {
    pub const WORDS: &'static [&'static str] = &[
        "normal",
        "incapacitate",
        "grapple",
        "disarm",
        "shove",
        "sunder",
        "trip",
        "strangle",
        "pickpocket",
        "reverse-pickpocket",
        "ride",
    ];

    pub fn parse(word: &str) -> Result<AttackOption, RulesError> {
        use AttackOption::*;
        Ok(match word.to_ascii_lowercase().replace('_', "-").as_str() {
            "normal" => Normal,
            "incapacitate" | "incap" => Incapacitate,
            "grapple" => Grapple,
            "disarm" => Disarm,
            "shove" => Shove,
            "sunder" => Sunder,
            "trip" => Trip,
            "strangle" => Strangle,
            "pickpocket" => Pickpocket,
            "reverse-pickpocket" | "reverse" => ReversePickpocket,
            "ride" => Ride,
            other => {
                return Err(RulesError::Invalid(format!(
                    "option={other}: expected {}",
                    Self::WORDS.join(", ")
                )));
            }
        })
    }

    /// GEM-ATK-1: the defense the option attacks (Normal and Sunder: AD; the rest: GD).
    pub fn against_ad(self) -> bool {
        matches!(self, AttackOption::Normal | AttackOption::Sunder)
    }

    pub(super) fn unarmed_only(self) -> bool {
        use AttackOption::*;
        matches!(self, Grapple | Strangle | ReversePickpocket | Ride)
    }

    pub(super) fn needs_grapple(self) -> bool {
        matches!(self, AttackOption::Strangle | AttackOption::Ride)
    }

    pub(super) fn word(self) -> &'static str {
        Self::WORDS[self as usize]
    }
}
