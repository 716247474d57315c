//! WOIN's own state and events: reactions used, declared ambushes (WOIN-AMBUSH-1), overwatch
//! (WOIN-OVER-1), suppressive fire (WOIN-SUPP-1) and the aim or feint that helps the next attack.

use serde::{Deserialize, Serialize};

use crate::rules::dice::RollRecord;
use crate::rules::ruleset::{Fact, Line, Roster};
use crate::rules::state::{Bounded, SystemEvent, within};
use crate::rules::types::RulesError;

/// Most LUC dice spent at once (the stat's own limit).
const MAX_LUC: i64 = 99;

/// What WOIN keeps for one encounter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoinState {
    /// Who has used their reaction this round.
    pub reactions: Vec<String>,
    /// Ambushes declared before the fight.
    pub ambushes: Vec<Ambush>,
    /// Who is on overwatch, and at what it has fired.
    pub overwatch: Vec<Overwatch>,
    /// Allies covered by suppressive fire.
    pub suppressed: Vec<Suppression>,
    /// Who aimed or feinted with the last thing they did this turn (+1d6 to the next attack).
    pub aimed: Vec<String>,
}

/// A declared ambush: who tries to get the jump on whom, and the pools of the opposed check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ambush {
    pub attacker: String,
    pub target: String,
    pub pool: String,
    pub vs: String,
}

/// A combatant on overwatch until its next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overwatch {
    pub id: String,
    /// Targets fired on so far (at most INTUITION).
    pub shots: usize,
    /// Targets fired on during the current turn (once each).
    pub this_turn: Vec<String>,
}

/// An ally covered by suppressive fire until the end of its next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suppression {
    pub ally: String,
    pub dice: i64,
    /// The ally's turn has begun; the cover ends when the next turn starts.
    pub started: bool,
}

/// A change to WOIN's state. Saved inside `System(Woin(…))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WoinEvent {
    LucSpent {
        id: String,
        amount: i64,
        /// Spent as the combatant's reaction (cancelling a condition).
        reaction: bool,
    },
    AmbushDeclared {
        attacker: String,
        target: String,
        pool: String,
        vs: String,
    },
    /// The opposed check of one ambush (WOIN-AMBUSH-1).
    AmbushRolled {
        attacker: String,
        target: String,
        attack: RollRecord,
        defense: RollRecord,
        won: bool,
        note: String,
    },
    OverwatchShot {
        shooter: String,
        target: String,
    },
    Suppressed {
        by: String,
        ally: String,
        dice: i64,
    },
    /// Overwatch taken by a forced `do NAME overwatch` off its turn, which spends nothing
    /// (WOIN-OVER-1; on its own turn the spent action gives it).
    OverwatchTaken {
        id: String,
    },
}

/// The tag this system's events and saves carry: `Woin(…)`.
pub const TAG: &str = "Woin";

impl WoinEvent {
    pub fn wrap(self) -> SystemEvent {
        SystemEvent::new(TAG, self)
    }
}

fn name<'a>(roster: &'a dyn Roster, id: &str) -> Result<&'a str, RulesError> {
    roster.name_of(id).ok_or_else(|| RulesError::Invalid(format!("no combatant with id '{id}'")))
}

fn line(text: String, roll: Option<RollRecord>, who: &str) -> Line {
    Line { text, roll, who: Some(who.to_string()) }
}

/// Apply one WOIN event.
pub fn apply(
    st: &mut WoinState,
    event: &WoinEvent,
    roster: &mut dyn Roster,
) -> Result<Line, RulesError> {
    Ok(match event {
        WoinEvent::LucSpent { id, amount, reaction } => {
            if !(0..=MAX_LUC).contains(amount) {
                return Err(RulesError::Invalid(format!(
                    "LUC spent {amount} is out of range; expected 0 to {MAX_LUC}"
                )));
            }
            let who = name(roster, id)?.to_string();
            let Some(stats) = roster.stats_mut(id) else {
                return Err(RulesError::Invalid(format!("no combatant with id '{id}'")));
            };
            let left = stats.int_or("luc", 0).saturating_sub(*amount).max(0);
            stats.set_int("luc", left);
            if *reaction && !st.reactions.contains(id) {
                st.reactions.push(id.clone());
            }
            line(format!("{who} spends {amount} LUC ({left} left)"), None, id)
        }
        WoinEvent::AmbushDeclared { attacker, target, pool, vs } => {
            let text = format!(
                "{} will try to ambush {} ({pool} against {vs})",
                name(roster, attacker)?,
                name(roster, target)?
            );
            st.ambushes.push(Ambush {
                attacker: attacker.clone(),
                target: target.clone(),
                pool: pool.clone(),
                vs: vs.clone(),
            });
            line(text, None, attacker)
        }
        WoinEvent::AmbushRolled { attacker, target, attack, defense, won, note } => {
            let text = format!(
                "ambush: {} {} against {} {}: {}{note}",
                name(roster, attacker)?,
                attack.total,
                name(roster, target)?,
                defense.total,
                if *won { "gets the jump" } else { "is noticed" }
            );
            line(text, Some(attack.clone()), attacker)
        }
        WoinEvent::OverwatchShot { shooter, target } => {
            let text = format!(
                "{} fires from overwatch at {}",
                name(roster, shooter)?,
                name(roster, target)?
            );
            if let Some(o) = st.overwatch.iter_mut().find(|o| o.id == *shooter) {
                o.shots += 1;
                o.this_turn.push(target.clone());
            }
            line(text, None, shooter)
        }
        WoinEvent::OverwatchTaken { id } => {
            let text = format!("{} is on overwatch until its next turn", name(roster, id)?);
            take_overwatch(st, id);
            line(text, None, id)
        }
        WoinEvent::Suppressed { by, ally, dice } => {
            let text = format!(
                "{} lays down suppressive fire: {} counts as in cover (−{dice}d6 to hit it) until the end of its next turn",
                name(roster, by)?,
                name(roster, ally)?
            );
            st.suppressed.retain(|s| s.ally != *ally);
            st.suppressed.push(Suppression { ally: ally.clone(), dice: *dice, started: false });
            line(text, None, by)
        }
    })
}

/// Follow the core events WOIN's state depends on.
pub fn observe(st: &mut WoinState, fact: Fact<'_>) {
    match fact {
        Fact::RoundStarted { .. } => st.reactions.clear(),
        Fact::TurnStarted { id } => {
            // WOIN-SUPP-1: cover lasts to the end of the ally's next turn.
            st.suppressed.retain(|s| !s.started);
            for s in st.suppressed.iter_mut().filter(|s| s.ally == id) {
                s.started = true;
            }
            // WOIN-OVER-1: overwatch lasts until the shooter's next turn; once per target a turn.
            st.overwatch.retain(|o| o.id != id);
            for o in &mut st.overwatch {
                o.this_turn.clear();
            }
            st.aimed.retain(|a| a != id);
        }
        Fact::Acted { id } => st.aimed.retain(|a| a != id),
        Fact::Removed { id } => {
            st.reactions.retain(|r| r != id);
            st.ambushes.retain(|a| a.attacker != id && a.target != id);
            st.overwatch.retain(|o| o.id != id);
            st.suppressed.retain(|s| s.ally != id);
            st.aimed.retain(|a| a != id);
        }
        Fact::Spent { id, what } => {
            // An aim or feint helps only the attack right after it.
            st.aimed.retain(|a| a != id);
            if what == "aim" || what == "feint" {
                st.aimed.push(id.to_string());
            }
            if what == "overwatch" {
                take_overwatch(st, id);
            }
        }
        _ => {}
    }
}

/// WOIN-OVER-1: `id` is on overwatch afresh, with no shots fired.
fn take_overwatch(st: &mut WoinState, id: &str) {
    st.overwatch.retain(|o| o.id != id);
    st.overwatch.push(Overwatch { id: id.to_string(), shots: 0, this_turn: Vec::new() });
}

// The numbers a WOIN event carries, checked before its fold: LUC spent and a suppression's
// cover dice.
impl Bounded for WoinEvent {
    fn check_bounds(&self) -> Result<(), String> {
        match self {
            WoinEvent::LucSpent { amount, .. } => within("LUC spent", *amount, 0, MAX_LUC),
            WoinEvent::Suppressed { dice, .. } => within("suppression's cover dice", *dice, 0, 99),
            WoinEvent::AmbushDeclared { .. }
            | WoinEvent::AmbushRolled { .. }
            | WoinEvent::OverwatchShot { .. }
            | WoinEvent::OverwatchTaken { .. } => Ok(()),
        }
    }
}
