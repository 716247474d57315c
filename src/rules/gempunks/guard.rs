//! The guards' reactions (GEM-ACT-7, GEM-ACT-8): an `attack … reaction` checked against its guard
//! before any die and counted in Gempunks' state (the 90° cone is the GM's: there are no positions).

use super::prepare::{Prepared, invalid};
use super::state::{self, GemEvent, GemState};
use crate::rules::effect::Effect;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// Which guard a creature keeps, read from its `Guarding` condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    Melee,
    Ranged,
}

impl Guard {
    fn of(req: AttackRequest<'_, GemState>) -> Option<Guard> {
        let c = req.attacker.conditions.iter().find(|c| c.name == "Guarding")?;
        match c.detail.as_deref() {
            Some(d) if d.starts_with("ranged") => Some(Guard::Ranged),
            _ => Some(Guard::Melee),
        }
    }

    fn words(self) -> (&'static str, &'static str) {
        match self {
            Guard::Melee => ("Melee Guard", "GEM-ACT-8"),
            Guard::Ranged => ("Ranged Guard", "GEM-ACT-7"),
        }
    }
}

/// The most attacks per member a guard makes as reactions: a Melee Guard its normal number (an
/// Assault's attacks with these wields), unless it attacks at every opportunity (GEM-WPN-1); a
/// Ranged Guard has no count.
fn limit(guard: Guard, p: &Prepared, every: bool) -> Option<u8> {
    (guard == Guard::Melee && !every).then(|| u8::try_from(p.normal_attacks).unwrap_or(u8::MAX))
}

/// GEM-ACT-7, GEM-ACT-8: a reaction needs a guard of its kind, a non-heavy attack, and (Melee
/// Guard) attacks left. `force` overrides.
pub fn check(
    req: AttackRequest<'_, GemState>,
    p: &Prepared,
    gem: &GemState,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    if !f.flag("reaction") || f.flag("force") {
        return Ok(());
    }
    let name = req.attacker.name;
    let Some(guard) = Guard::of(req) else {
        return Err(invalid(format!(
            "{name} is not Guarding: a reaction is a guard's attack; on its turn, `do {name} \
             mguard` (melee) or `do {name} rguard` (ranged) first (GEM-ACT-7, GEM-ACT-8); force \
             overrides"
        )));
    };
    let (label, rule) = guard.words();
    if p.heavy {
        return Err(invalid(format!(
            "{name}'s {label} reacts with non-heavy attacks only, not a Heavy attack ({rule})"
        )));
    }
    if f.flag("assault") || f.flag("rush") {
        return Err(invalid(format!(
            "{name}'s {label} reacts with single attacks, not an Assault or a Rush ({rule})"
        )));
    }
    match guard {
        Guard::Melee if p.ranged => {
            return Err(invalid(format!(
                "{name}'s Melee Guard reacts with melee attacks only, and {} is a ranged weapon \
                 ({rule})",
                p.arms.name
            )));
        }
        Guard::Ranged if !p.ranged => {
            return Err(invalid(format!(
                "{name}'s Ranged Guard reacts with ranged attacks only, and {} is a melee weapon \
                 ({rule})",
                p.arms.name
            )));
        }
        _ => {}
    }
    if let Some(max) = limit(guard, p, f.flag("every")) {
        let made = gem.reactions_of(req.attacker_id);
        if i64::from(made).saturating_add(p.attacks_each) > i64::from(max) {
            return Err(invalid(format!(
                "{name}'s Melee Guard has made {made} of its {max} attacks (its normal number, as \
                 an Assault): no more reactions until its next turn ({rule}); force overrides"
            )));
        }
    }
    Ok(())
}

/// The reaction counted: attacks per member made since the guard began (undone with the event).
pub fn counted(req: AttackRequest<'_, GemState>, p: &Prepared) -> Option<Effect> {
    let f = FieldReader(req.fields);
    let guard = Guard::of(req)?;
    let gem = req.state;
    let each = u8::try_from(p.attacks_each).unwrap_or(u8::MAX);
    Some(Effect::System(state::event(GemEvent::Reacted {
        id: req.attacker_id.to_string(),
        attacks: gem.reactions_of(req.attacker_id).saturating_add(each),
        limit: limit(guard, p, f.flag("every")),
    })))
}
