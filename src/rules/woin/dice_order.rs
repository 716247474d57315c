//! The rolls a WOIN attack asks for, in order, said for a GM typing the table's faces.

use super::Woin;
use crate::rules::conditions::Level;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// WOIN-ATK-5, WOIN-DMG-1, WOIN-CRIT-2, WOIN-CRIT-3: the pool, the damage dice (a critical
/// explodes its sixes), then a condition-table d6 per damage type on a critical.
pub fn describe(request: AttackRequest<'_, WoinState>) -> Result<String, RulesError> {
    let p = super::attack::prepare(request)?;
    let mut damage = p.damage.to_string();
    if p.spend > 0 {
        damage.push_str(&format!("+{}d6", p.spend));
    }
    let mut text = format!("attack {}d6, then damage {damage} if it hits", p.pool.max(0));
    text.push_str(" (on a critical, a d6 for each 6, after the damage dice)");
    if option(&Woin, request.options, "simple_crits") != "on" && !p.types.is_empty() {
        let tables = match p.types.len() {
            1 => "a d6 on the condition table".to_string(),
            n => format!("{n} d6 on the condition tables, one per damage type"),
        };
        text.push_str(&format!(", then on a critical {tables}"));
    }
    // WOIN-COND-11: Pain's d6 when this attack spends the turn's second action (severe: any).
    if let Some(pain) = request.attacker.conditions.iter().find(|c| c.name == "Pain") {
        let line = if pain.level == Level::Severe { 1 } else { 2 };
        let cost = if FieldReader(request.fields).value("called").is_some() { 2 } else { 1 };
        let (before, after) = (request.actions_taken, request.actions_taken.saturating_add(cost));
        if request.on_turn && before < line && after >= line {
            text.push_str(", then Pain's d6");
        }
    }
    Ok(text)
}
