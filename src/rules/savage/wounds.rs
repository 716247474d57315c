//! The damage model (SW-DMG-2, SW-DMG-3): damage against Toughness, with armor pierced or added,
//! becomes Shaken and wounds.

use crate::rules::request::{DamageOutcome, DamageRequest};
use crate::rules::savage::state::SavageState;
use crate::rules::types::RulesError;

const DEFAULT_TOUGHNESS: i64 = 5;

/// Toughness as given, armor included, or the default.
pub(super) fn toughness(stats: &crate::rules::stats::Stats) -> i64 {
    stats.int_or("toughness", DEFAULT_TOUGHNESS)
}

/// SW-DMG-2, SW-DMG-3: below Toughness nothing; at Toughness Shaken, or a wound when already
/// Shaken; each raise one wound more. Extras are out at any wound.
pub(super) fn damage(hit: DamageRequest<'_, SavageState>) -> Result<DamageOutcome, RulesError> {
    // AP ignores armor; cover and obstacles add to it (SW-ATK-5, SW-ATK-7).
    let toughness =
        toughness(hit.stats).saturating_add(hit.armor_added).saturating_sub(hit.armor_ignored);
    let shaken = hit.conditions.iter().any(|c| c.name == "Shaken");
    if hit.amount < toughness {
        return Ok(DamageOutcome {
            loss: 0,
            conditions: vec![],
            explain: format!("{} vs Toughness {toughness}: no effect", hit.amount),
            events: vec![],
        });
    }
    let raises = (hit.amount - toughness) / 4;
    let wounds = if raises > 0 { raises } else { i64::from(shaken) };
    let conditions = if shaken { vec![] } else { vec!["Shaken".to_string()] };
    let what = match (wounds, shaken) {
        (0, _) => "Shaken".to_string(),
        (w, true) => format!("{w} wound(s)"),
        (w, false) => format!("Shaken and {w} wound(s)"),
    };
    Ok(DamageOutcome {
        // Past the last wound level a Wild Card is incapacitated, an Extra out: one below 0.
        loss: wounds.min(hit.health.current.max(0).saturating_add(1)),
        conditions,
        explain: format!("{} vs Toughness {toughness}, {raises} raise(s): {what}", hit.amount),
        events: vec![],
    })
}
