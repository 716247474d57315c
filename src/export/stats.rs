//! Statistics per combatant, counted from the events of the current line of play: damage dealt
//! and taken, healing, attacks, hits, defended, misses, criticals, conditions inflicted, times
//! downed, the biggest hit and who took it down; with them, health as the fight began and how
//! the fight ended.

use std::collections::HashMap;

use serde::Serialize;

use crate::encounter::{CombatantId, Encounter, Event, Session};
use crate::rules::types::Health;

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
    /// Attacks that landed.
    pub hits: u32,
    /// Attack rolls that hit but a defense stopped (a GURPS parry or dodge): neither hits nor
    /// misses.
    pub defended: u32,
    pub misses: u32,
    pub criticals: u32,
    /// Conditions its attacks put on others.
    pub conditions_inflicted: u32,
    /// Times it went down.
    pub downed: u32,
    /// Its biggest hit on another.
    pub biggest_hit: Option<BiggestHit>,
    /// What took it down each time it went down: the attacker's name, or its own roll when it
    /// fell on one with no attack on it in the same command (`own roll: 3d6 HT (0 HP)`);
    /// `None` for anything else (`damage`, bleeding).
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
            defended: 0,
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

/// What one walk along the events gives the report: everyone's statistics, their health when the
/// fight began, and the end-of-fight summary.
pub(super) struct Tally {
    pub stats: HashMap<String, Statistics>,
    /// By id: health as round 1 (or a surprise turn) began, after any `edit` made before it;
    /// for someone who joined later, as it joined. Empty before the fight starts (health now).
    pub start_health: HashMap<String, Health>,
    pub ended: Option<String>,
}

/// Count everyone's statistics along the current line of play, keyed by combatant id.
pub fn statistics(session: &Session) -> HashMap<String, Statistics> {
    tally(session).stats
}

/// Whether a command starts the fight: its first round, or a surprise turn before it.
fn starts_fight(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::RoundStarted { .. } | Event::SurpriseTurn { .. }))
}

/// Walk the current line of play once, folding the events as the session did.
pub(super) fn tally(session: &Session) -> Tally {
    let first = session.encounter();
    let mut state = Encounter::new(first.system, &first.name);
    let mut stats: HashMap<String, Statistics> = HashMap::new();
    let mut start_health: HashMap<String, Health> = HashMap::new();
    let mut started = false;
    let mut ended = None;
    for entry in session.entries() {
        if !started && starts_fight(&entry.events) {
            started = true;
            start_health.extend(state.combatants.iter().map(|c| (c.id.to_string(), c.health)));
        }
        // Within one command, the attacker of the latest attack on each target, and the
        // latest roll each combatant made itself (an HT roll to stay up, a death check).
        let mut attacker_of: HashMap<CombatantId, CombatantId> = HashMap::new();
        let mut own_roll: HashMap<String, String> = HashMap::new();
        for event in &entry.events {
            let was_down: HashMap<CombatantId, bool> =
                state.combatants.iter().map(|c| (c.id.clone(), state.is_down(c))).collect();
            match event {
                Event::Added { combatant } if started => {
                    start_health.insert(combatant.id.to_string(), combatant.health);
                }
                Event::FightOver { text } => ended = Some(text.clone()),
                Event::Attacked { attacker, target, hit, critical, defended, .. } => {
                    attacker_of.insert(target.clone(), attacker.clone());
                    let s = stats.entry(attacker.to_string()).or_default();
                    s.attacks = s.attacks.saturating_add(1);
                    let count = match (hit, defended) {
                        (true, _) => &mut s.hits,
                        (false, true) => &mut s.defended,
                        (false, false) => &mut s.misses,
                    };
                    *count = count.saturating_add(1);
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
            let Ok(line) = state.apply(event) else { continue };
            // Damage dice are the hit's, not a roll of the one hit.
            if let (Some(who), Some(roll)) = (line.who, line.roll)
                && !matches!(event, Event::Damaged { .. })
            {
                own_roll.insert(who, roll.expr);
            }
            for c in &state.combatants {
                if state.is_down(c) && was_down.get(&c.id) == Some(&false) {
                    let by = match attacker_of.get(&c.id) {
                        Some(a) => {
                            Some(state.get(a).map_or_else(|| a.to_string(), |x| x.name.clone()))
                        }
                        None => own_roll.get(c.id.as_str()).map(|r| format!("own roll: {r}")),
                    };
                    let s = stats.entry(c.id.to_string()).or_default();
                    s.downed = s.downed.saturating_add(1);
                    s.downed_by.push(by);
                }
            }
        }
    }
    Tally { stats, start_health, ended }
}
