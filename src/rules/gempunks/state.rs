//! Gempunks' own state: each attacker's weapons used this round (GEM-WPN-1, the multiweapon
//! penalty of GEM-MOD-4) and each regiment's attack sets since its turn began (GEM-REG-3).

use serde::{Deserialize, Serialize};

use crate::rules::ruleset::{Fact, Line, Roster};
use crate::rules::state::{SystemEvent, SystemState};
use crate::rules::system::{RulesError, System};

/// What Gempunks keeps for one encounter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GemState {
    /// (attacker id, weapon name) for each weapon that attacked this round.
    pub wielded: Vec<(String, String)>,
    /// (regiment id, sets rolled since its turn began).
    pub sets: Vec<(String, u8)>,
}

impl GemState {
    /// The attack sets a regiment has rolled since its turn began.
    pub fn sets_of(&self, id: &str) -> u8 {
        self.sets.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n)
    }

    /// The distinct weapons `id` has attacked with this round.
    pub fn wields_of(&self, id: &str) -> Vec<&str> {
        self.wielded.iter().filter(|(i, _)| i == id).map(|(_, w)| w.as_str()).collect()
    }
}

/// Gempunks' own events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GemEvent {
    /// An attack set was rolled by `id` with `weapon`; `regiment`: it counts toward GEM-REG-3.
    SetRolled { id: String, weapon: String, regiment: bool },
}

/// The state, or an empty one for a state that is not Gempunks'.
pub fn of(state: &SystemState) -> GemState {
    state.get::<GemState>().cloned().unwrap_or_default()
}

pub fn event(e: GemEvent) -> SystemEvent {
    SystemEvent::new(System::GEMPUNKS, e)
}

pub fn apply(
    state: &mut SystemState,
    event: &SystemEvent,
    roster: &mut dyn Roster,
) -> Result<Line, RulesError> {
    let Some(GemEvent::SetRolled { id, weapon, regiment }) = event.get::<GemEvent>() else {
        return Err(RulesError::Invalid(format!("not a Gempunks event: {event:?}")));
    };
    let st = state
        .get_mut::<GemState>()
        .ok_or_else(|| RulesError::Invalid("the encounter has no Gempunks state".into()))?;
    if !st.wielded.iter().any(|(i, w)| i == id && w == weapon) {
        st.wielded.push((id.clone(), weapon.clone()));
    }
    let name = roster.name_of(id).unwrap_or(id).to_string();
    let text = if *regiment {
        let n = match st.sets.iter_mut().find(|(i, _)| i == id) {
            Some((_, n)) => {
                *n = n.saturating_add(1);
                *n
            }
            None => {
                st.sets.push((id.clone(), 1));
                1
            }
        };
        format!("{name} rolls attack set {n} of 3 with {weapon}")
    } else {
        format!("{name} attacks with {weapon}")
    };
    Ok(Line { text, roll: None, who: Some(id.clone()) })
}

/// GEM-INIT-3 (c): a regiment's set count resets as its turn begins; weapon use at the top of
/// each round (GEM-WPN-1).
pub fn observe(state: &mut SystemState, fact: Fact<'_>) {
    let Some(st) = state.get_mut::<GemState>() else { return };
    match fact {
        Fact::RoundStarted { .. } => st.wielded.clear(),
        Fact::TurnStarted { id } => st.sets.retain(|(i, _)| i != id),
        Fact::Removed { id } => {
            st.sets.retain(|(i, _)| i != id);
            st.wielded.retain(|(i, _)| i != id);
        }
        _ => {}
    }
}
