//! The whitelist's words and rules that the projection and the players' log share: who the
//! players may see, how each side's health is shown (`player_health.*`) and the words for a
//! health label.

use crate::encounter::{Combatant, Encounter};
use crate::rules::Side;
use crate::rules::types::HealthBand;

/// How a side's health is shown: `exact`, `label` or `hidden`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HealthShown {
    Exact,
    Label,
    Hidden,
}

/// The `player_health.*` option for a side, as set or by default.
pub fn health_shown(encounter: &Encounter, side: Side) -> HealthShown {
    match encounter.option(&format!("player_health.{}", side.key())) {
        "exact" => HealthShown::Exact,
        "hidden" => HealthShown::Hidden,
        // `label`, and anything unexpected: the less telling choice.
        _ => HealthShown::Label,
    }
}

/// Whether the players may see this combatant.
pub fn visible(c: &Combatant) -> bool {
    !c.hidden
}

/// The words for a health label: how someone looks, in words no system uses for a rule (no
/// "critical", read beside a hit as a critical hit; no condition's name).
pub fn band_word(band: HealthBand) -> &'static str {
    match band {
        HealthBand::Unhurt => "unhurt",
        HealthBand::Hurt => "hurt",
        HealthBand::Bloodied => "badly hurt",
        HealthBand::Critical => "barely standing",
        HealthBand::Down => "out of the fight",
    }
}
