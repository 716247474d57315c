//! Savage Worlds' own state and events: the action deck and whether a Joker came out since the last
//! shuffle (SW-INIT-1, SW-INIT-3), and each combatant's latest hit, for a soak right after it
//! (SW-DMG-4).

use serde::{Deserialize, Serialize};

use super::deck::Deck;
use crate::rules::conditions::Source;
use crate::rules::dice::cards::Card;
use crate::rules::ruleset::{Fact, Line, Roster};
use crate::rules::state::{Bounded, SystemEvent, within};
use crate::rules::types::RulesError;

/// The most bennies the GM's pool holds.
pub const MAX_GM_BENNIES: i64 = 1000;

/// What Savage Worlds keeps for one encounter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavageState {
    pub deck: Deck,
    /// A Joker was drawn since the last shuffle (SW-INIT-3: shuffle at the end of the round).
    pub joker_out: bool,
    /// Each combatant's latest hit.
    pub last_hits: Vec<(String, LastHit)>,
    /// The GM's pool of bennies, for those without their own.
    pub gm_bennies: i64,
    /// Targets of the attack being landed: their hits add up into one last hit (an autofire
    /// burst's wounds are soaked together, SW-DMG-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacked: Vec<(String, bool)>,
}

/// The last hit a combatant took, for a soak right after it (SW-DMG-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastHit {
    pub wounds: i64,
    pub shaken: bool,
    /// Health given back within the hit itself (only stunned): a soak starts from before it.
    pub restored: i64,
    /// The round it landed in.
    pub round: u32,
}

/// A change to the Savage Worlds state. Saved inside `System(Savage(…))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavageEvent {
    /// The action deck is shuffled; the listed cards stay in hands.
    DeckShuffled { kept: Vec<Card> },
    /// The GM's benny pool now holds this many (set, or one spent).
    GmBennies { count: i64 },
}

/// The tag this system's events and saves carry: `Savage(…)`.
pub const TAG: &str = "Savage";

impl SavageEvent {
    pub fn wrap(self) -> SystemEvent {
        SystemEvent::new(TAG, self)
    }
}

/// Apply one Savage Worlds event.
pub fn apply(
    st: &mut SavageState,
    event: &SavageEvent,
    _roster: &mut dyn Roster,
) -> Result<Line, RulesError> {
    Ok(match event {
        SavageEvent::DeckShuffled { kept } => {
            st.deck.shuffle_keeping(kept);
            st.joker_out = false;
            Line { text: "the action deck is shuffled".to_string(), roll: None, who: None }
        }
        SavageEvent::GmBennies { count } => {
            if !(0..=MAX_GM_BENNIES).contains(count) {
                return Err(RulesError::Invalid(format!(
                    "the GM's benny pool {count} is out of range; expected 0 to {MAX_GM_BENNIES}"
                )));
            }
            st.gm_bennies = *count;
            Line { text: format!("the GM's benny pool: {count}"), roll: None, who: None }
        }
    })
}

/// Follow the core events the deck and the last hits depend on.
pub fn observe(st: &mut SavageState, fact: Fact<'_>) {
    match fact {
        Fact::InitiativeSet { drawn } => {
            for card in drawn {
                st.deck.take(*card);
                st.joker_out |= card.is_joker();
            }
        }
        // SW-DMG-4: a new attack begins; the hits of the previous one are closed.
        Fact::Attacked { target } => {
            st.attacked.clear();
            st.attacked.push((target.to_string(), false));
        }
        Fact::Damaged { id, loss, round } => {
            // A later hit of the same attack adds its wounds to the first's.
            let same_attack = st.attacked.iter().any(|(who, hit)| who == id && *hit);
            let earlier = st.last_hits.iter_mut().find(|(who, h)| who == id && h.round == round);
            match earlier {
                Some((_, hit)) if same_attack => hit.wounds = hit.wounds.saturating_add(loss),
                _ => {
                    st.last_hits.retain(|(who, _)| who != id);
                    let hit = LastHit { wounds: loss, shaken: false, restored: 0, round };
                    st.last_hits.push((id.to_string(), hit));
                }
            }
            for (who, hit) in &mut st.attacked {
                *hit |= who == id;
            }
        }
        Fact::RoundStarted { .. } | Fact::TurnStarted { .. } => st.attacked.clear(),
        Fact::Healed { id, amount, within_hit } => {
            if within_hit {
                for (who, hit) in &mut st.last_hits {
                    if who == id {
                        hit.restored = hit.restored.saturating_add(amount);
                    }
                }
            } else {
                // Healing (a soak among it) closes the last hit: it cannot be soaked twice.
                st.last_hits.retain(|(who, _)| who != id);
                st.attacked.retain(|(who, _)| who != id);
            }
        }
        Fact::Removed { id } => {
            st.last_hits.retain(|(who, _)| who != id);
            st.attacked.retain(|(who, _)| who != id);
        }
        Fact::ConditionAdded { id, condition }
            if condition.name == "Shaken" && condition.source == Source::Damage =>
        {
            for (who, hit) in &mut st.last_hits {
                if who == id {
                    hit.shaken = true;
                }
            }
        }
        _ => {}
    }
}

/// The actor's last hit, when it came this round.
pub fn last_hit(state: &SavageState, id: &str, round: u32) -> Option<LastHit> {
    let st = state;
    st.last_hits.iter().find(|(who, hit)| who == id && hit.round == round).map(|(_, hit)| *hit)
}

/// Draw one card, shuffling (all but the cards in hand) when the deck runs out.
pub fn draw(
    ctx: &mut crate::rules::request::InitContext<SavageState>,
    dice: &mut dyn crate::rules::dice::DiceSource,
) -> Result<Card, RulesError> {
    let in_hand = ctx.in_hand.clone();
    let st = &mut ctx.state;
    if let Some(card) = st.deck.draw(dice)? {
        return Ok(card);
    }
    st.deck.shuffle_keeping(&in_hand);
    st.joker_out = false;
    ctx.events.push(SavageEvent::DeckShuffled { kept: in_hand }.wrap());
    ctx.state
        .deck
        .draw(dice)?
        .ok_or_else(|| RulesError::Invalid("the action deck is empty even after a shuffle".into()))
}

// The numbers a Savage Worlds event carries, checked before its fold: the GM's benny pool.
impl Bounded for SavageEvent {
    fn check_bounds(&self) -> Result<(), String> {
        match self {
            SavageEvent::GmBennies { count } => {
                within("the GM's benny pool", *count, 0, MAX_GM_BENNIES)
            }
            SavageEvent::DeckShuffled { .. } => Ok(()),
        }
    }
}
