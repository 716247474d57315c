//! The rolls a Gempunks attack asks for, in order (GEM-ROLL-1, and a Tie Up's items check,
//! GEM-ACT-6), said for a GM typing the table's faces.

use crate::rules::gempunks::state::GemState;
use crate::rules::request::AttackRequest;
use crate::rules::types::RulesError;

/// GEM-ROLL-1: every attack die, a crit die per crit, chain dice generation by generation,
/// then each hit instance's damage in attack-die order.
pub fn describe(request: AttackRequest<'_, GemState>) -> Result<String, RulesError> {
    let p = super::prepare::prepare(request)?;
    // GEM-CRIT-1, GEM-CRIT-2: a hit whose crit dice hit multiplies its damage, dice and all.
    let parts = |m: i64| -> Vec<String> {
        p.arms
            .parts
            .iter()
            .map(|part| {
                let bonus = match part.bonus.saturating_mul(m) {
                    0 => String::new(),
                    b if b > 0 => format!("+{b}"),
                    b => b.to_string(),
                };
                format!("{}d{}{bonus}", i64::from(part.dice).saturating_mul(m), part.sides)
            })
            .collect()
    };
    let damage = match parts(1).as_slice() {
        [] => String::new(),
        one => format!(
            ", then each hit's damage {} in attack-die order (a hit whose crit hits takes it \
             twice, {}, and so on)",
            one.join(" + "),
            parts(2).join(" + ")
        ),
    };
    // GEM-ACT-6: the knots' DC, rolled unless typed.
    let f = crate::rules::request::FieldReader(request.fields);
    let damage = if f.flag("tieup") && f.value("dc").is_none() {
        format!("{damage}, then the items check die right after the first hit that would wound")
    } else {
        damage
    };
    let crit = if p.heavy { "5 or 6 the first time, then 6" } else { "6" };
    // GEM-ATK-6, GEM-ATK-7: on several targets (not an area or a shot through) the hits are
    // shared before any damage die: the proposal, or `split=`.
    let shared = request.targets.len() > 1
        && p.area_of.is_none()
        && !p.arms.grenade
        && f.value("through").is_none()
        && f.value("split").is_none();
    let share = if shared { ", then the sharing of the hits (split=)" } else { "" };
    Ok(format!(
        "{} attack d6, then a crit d6 for each die that crits ({crit}), then chain d6s while \
         crits go on{share}{damage}",
        p.dice.len()
    ))
}
