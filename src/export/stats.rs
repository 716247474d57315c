//! Statistics per combatant, counted from the events of the current line of play: damage dealt
//! and taken, healing, attacks, hits, misses, criticals, conditions inflicted, times downed, the
//! biggest hit and who took it down.

use std::collections::HashMap;

use serde::Serialize;

use crate::encounter::{CombatantId, Encounter, Event, Session};

/// One combatant's figures. Damage is health lost, in the system's own unit (WOIN HEALTH, HP,
/// Savage Worlds wounds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statistics {
    /// Health its attacks took from others.
    pub damage_dealt: i64,
    /// Health it lost, from attacks and anything else (`damage`, bleeding); `None` in the
    /// players' report for someone whose health the players' view does not show exactly.
    pub damage_taken: Option<i64>,
    /// Healing it received (`None` as for `damage_taken`).
    pub healing: Option<i64>,
    /// Attack rolls it made (one per target).
    pub attacks: u32,
    pub hits: u32,
    pub misses: u32,
    pub criticals: u32,
    /// Conditions its attacks put on others.
    pub conditions_inflicted: u32,
    /// Times it went down.
    pub downed: u32,
    /// Its biggest hit on another.
    pub biggest_hit: Option<BiggestHit>,
    /// Who took it down each time it went down (`None`: not an attack: `damage`, bleeding).
    pub downed_by: Vec<Option<String>>,
}

impl Default for Statistics {
    fn default() -> Self {
        Statistics {
            damage_dealt: 0,
            damage_taken: Some(0),
            healing: Some(0),
            attacks: 0,
            hits: 0,
            misses: 0,
            criticals: 0,
            conditions_inflicted: 0,
            downed: 0,
            biggest_hit: None,
            downed_by: Vec::new(),
        }
    }
}

/// The most health one hit took, and from whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BiggestHit {
    pub amount: i64,
    pub target: String,
}

/// Count everyone's statistics along the current line of play, keyed by combatant id.
pub fn statistics(session: &Session) -> HashMap<String, Statistics> {
    let first = session.encounter();
    let mut state = Encounter::new(first.system, &first.name);
    let mut stats: HashMap<String, Statistics> = HashMap::new();
    for entry in session.entries() {
        // Within one command, the attacker of the latest attack on each target.
        let mut attacker_of: HashMap<CombatantId, CombatantId> = HashMap::new();
        for event in &entry.events {
            let was_down: HashMap<CombatantId, bool> =
                state.combatants.iter().map(|c| (c.id.clone(), state.is_down(c))).collect();
            match event {
                Event::Attacked { attacker, target, hit, critical, .. } => {
                    attacker_of.insert(target.clone(), attacker.clone());
                    let s = stats.entry(attacker.to_string()).or_default();
                    s.attacks = s.attacks.saturating_add(1);
                    if *hit {
                        s.hits = s.hits.saturating_add(1);
                    } else {
                        s.misses = s.misses.saturating_add(1);
                    }
                    if *critical {
                        s.criticals = s.criticals.saturating_add(1);
                    }
                }
                Event::Damaged { id, loss, .. } => {
                    let taken = stats.entry(id.to_string()).or_default();
                    taken.damage_taken = taken.damage_taken.map(|n| n.saturating_add(*loss));
                    if let Some(by) = attacker_of.get(id) {
                        let name = state.get(id).map_or_else(|| id.to_string(), |c| c.name.clone());
                        let s = stats.entry(by.to_string()).or_default();
                        s.damage_dealt = s.damage_dealt.saturating_add(*loss);
                        if s.biggest_hit.as_ref().is_none_or(|most| *loss > most.amount) {
                            s.biggest_hit = Some(BiggestHit { amount: *loss, target: name });
                        }
                    }
                }
                Event::Healed { id, amount, .. } => {
                    let s = stats.entry(id.to_string()).or_default();
                    s.healing = s.healing.map(|n| n.saturating_add(*amount));
                }
                Event::ConditionAdded { id, .. } => {
                    if let Some(by) = attacker_of.get(id) {
                        let s = stats.entry(by.to_string()).or_default();
                        s.conditions_inflicted = s.conditions_inflicted.saturating_add(1);
                    }
                }
                _ => {}
            }
            // A damaged save cannot reach here: the session folded it already.
            if state.apply(event).is_err() {
                continue;
            }
            for c in &state.combatants {
                if state.is_down(c) && was_down.get(&c.id) == Some(&false) {
                    let by = attacker_of
                        .get(&c.id)
                        .map(|a| state.get(a).map_or_else(|| a.to_string(), |x| x.name.clone()));
                    let s = stats.entry(c.id.to_string()).or_default();
                    s.downed = s.downed.saturating_add(1);
                    s.downed_by.push(by);
                }
            }
        }
    }
    stats
}
