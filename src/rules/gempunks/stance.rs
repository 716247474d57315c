//! Cower and the guards taken with `do` (GEM-ACT-4, GEM-ACT-7, GEM-ACT-8): a condition that lasts
//! until the creature next acts; the guards' reactions are `guard.rs`.

use crate::rules::dice::DiceSource;
use crate::rules::effect::{ConditionChange, Effect, Who};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::SpecialRequest;
use crate::rules::types::RulesError;

/// A guard or Cower taken with `do`: a condition that lasts until the creature next acts
/// (GEM-ACT-4, GEM-ACT-7, GEM-ACT-8).
fn stance(name: &str, detail: Option<&str>) -> Vec<Effect> {
    vec![Effect::Condition {
        who: Who::Actor,
        change: ConditionChange::Add {
            name: name.into(),
            rounds: None,
            detail: detail.map(str::to_string),
            persistent: true,
        },
    }]
}

/// `do NAME cower` (GEM-ACT-4).
pub(super) fn cower(
    _: SpecialRequest<'_, GemState>,
    _: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    Ok(stance("Cowering", None))
}

/// `do NAME rguard`: a Ranged Guard over a 90° cone (GEM-ACT-7).
pub(super) fn ranged(
    _: SpecialRequest<'_, GemState>,
    _: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    Ok(stance("Guarding", Some("ranged, a 90° cone")))
}

/// `do NAME mguard`: a Melee Guard (GEM-ACT-8).
pub(super) fn melee(
    _: SpecialRequest<'_, GemState>,
    _: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    Ok(stance("Guarding", Some("melee")))
}
