//! What the players have been shown along a line of play: their log, written afresh from each
//! event through a whitelist (never the GM's log text, which carries rolls, stats and notes), and
//! the turn marker, which moves only when a visible combatant's turn begins. A line about health
//! keeps its facts and is worded when shown, by the privacy options of that moment.

use serde::Serialize;

use super::shown::{HealthShown, band_word, health_shown, visible};
use crate::encounter::{Combatant, CombatantId, Encounter, Ended, Entry, Event};
use crate::rules::types::HealthBand;
use crate::rules::{Side, System};

/// One line of the players' log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerLine {
    pub round: u32,
    pub text: String,
}

/// One line of the players' log as it was made, in the round it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    pub round: u32,
    pub said: Said,
}

/// What a line of the players' log says. Health is kept as facts, not words: how much of it the
/// players may read is the `player_health.*` option of the side when the line is shown, so a side
/// made `label` or `hidden` later leaves no exact numbers in the lines from before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Words no privacy option changes.
    Words(String),
    /// A visible combatant lost health: how much, and its health after, as the GM reads it and
    /// as a band.
    Hit { name: String, side: Side, loss: i64, health: String, band: HealthBand },
    /// A visible combatant was healed: how much, and its health after, as the GM reads it.
    Healed { name: String, side: Side, amount: i64, health: String },
}

impl Told {
    /// The line in words, health as `encounter`'s options say now.
    pub fn line(&self, encounter: &Encounter) -> PlayerLine {
        let text = match &self.said {
            Said::Words(text) => text.clone(),
            Said::Hit { name, side, loss, health, band } => match health_shown(encounter, *side) {
                HealthShown::Exact => format!("{name} takes {loss} ({health})"),
                // A description of how they look, never a game term ("is hit: critical" read
                // as a critical hit).
                HealthShown::Label => format!("{name} is hit ({})", band_word(*band)),
                HealthShown::Hidden => format!("{name} is hit"),
            },
            Said::Healed { name, side, amount, health } => match health_shown(encounter, *side) {
                HealthShown::Exact => format!("{name} heals {amount} ({health})"),
                _ => format!("{name} is healed"),
            },
        };
        PlayerLine { round: self.round, text }
    }
}

/// A visible combatant's turn as the players saw it begin: whose, which of its turns, the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub id: String,
    pub pass: u8,
    pub round: u32,
}

/// What the players have seen so far: every visible turn that began, newest last (the marker is
/// the newest whose combatant they can still see), the round they were last told of, and their
/// log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    pub marks: Vec<Mark>,
    pub round: u32,
    pub log: Vec<Told>,
}

impl Seen {
    /// Fold a line of play (a session's `entries()`) from the start. Entries that do not fold
    /// (they cannot, once a session has loaded them) end the walk where they stand.
    pub fn along(system: System, name: &str, entries: &[&Entry]) -> Seen {
        let mut encounter = Encounter::new(system, name);
        let mut seen = Seen::default();
        for entry in entries {
            if !seen.add(&mut encounter, entry) {
                break;
            }
        }
        seen
    }

    /// Go on with one more command of the line: `encounter` is the state before it, and is left
    /// after it. False when one of its events does not fold (the walk ends there).
    pub fn add(&mut self, encounter: &mut Encounter, entry: &Entry) -> bool {
        for event in &entry.events {
            // Lines about someone leaving or going out of sight need the names before the event.
            let before = self.line_before(encounter, event);
            if encounter.apply(event).is_err() {
                return false;
            }
            self.log.extend(before.map(|said| Told { round: self.round, said }));
            self.follow_turn(encounter);
            // An alert for the players says which round it fired in, turn or no turn seen.
            if matches!(event, Event::AlertFired { players: true, .. })
                && encounter.round > self.round
            {
                let said = Said::Words(format!("Round {}", encounter.round));
                self.log.push(Told { round: encounter.round, said });
                self.round = encounter.round;
            }
            if let Some(said) = line_after(encounter, event) {
                self.log.push(Told { round: self.round, said });
            }
        }
        true
    }

    /// The marker moves to a visible combatant whose turn has begun; a hidden one's turn leaves
    /// it where it was (and the round shown with it).
    fn follow_turn(&mut self, encounter: &Encounter) {
        let shown = encounter
            .turn
            .as_ref()
            .filter(|t| encounter.get(&t.id).is_some_and(visible))
            .map(|t| Mark { id: t.id.to_string(), pass: t.pass, round: encounter.round });
        // Before any visible turn the round still counts up; after one, it moves with the marker.
        let moves = shown.is_some() || self.marks.is_empty();
        if moves && encounter.round > self.round {
            self.log.push(Told {
                round: encounter.round,
                said: Said::Words(format!("Round {}", encounter.round)),
            });
            self.round = encounter.round;
        }
        if let Some(mark) = shown
            && self.marks.last() != Some(&mark)
        {
            self.marks.push(mark);
        }
    }

    fn line_before(&self, encounter: &Encounter, event: &Event) -> Option<Said> {
        let text = match event {
            Event::Removed { id } => {
                let c = encounter.get(id).filter(|c| visible(c))?;
                Some(format!("{} leaves the fight", c.name))
            }
            Event::Hidden { ids } => {
                let seen: Vec<CombatantId> = ids
                    .iter()
                    .filter(|id| encounter.get(id).is_some_and(visible))
                    .cloned()
                    .collect();
                (!seen.is_empty()).then(|| format!("{} out of sight", names(encounter, &seen)))
            }
            _ => None,
        };
        text.map(Said::Words)
    }
}

/// The names of these combatants, joined for a sentence.
fn names(encounter: &Encounter, ids: &[CombatantId]) -> String {
    let names: Vec<&str> =
        ids.iter().filter_map(|id| encounter.get(id)).map(|c| c.name.as_str()).collect();
    match names.as_slice() {
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// The line the players get for an event, read on the state after it; `None` for everything
/// not on the whitelist or about someone they cannot see.
fn line_after(encounter: &Encounter, event: &Event) -> Option<Said> {
    let shown = |id: &str| encounter.get(id).filter(|c| visible(c));
    let rules = encounter.system.rules();
    let text = match event {
        Event::Added { combatant } => {
            shown(&combatant.id).map(|c| format!("{} joins the fight", c.name))
        }
        Event::Held { id } => shown(id).map(|c| format!("{} holds", c.name)),
        Event::Acted { id, .. } => shown(id).map(|c| format!("{} acts now", c.name)),
        Event::Attacked { attacker, target, hit, critical, .. } => {
            let target = shown(target)?;
            let verdict = match (hit, critical) {
                (true, true) => "critical hit",
                (true, false) => "hit",
                (false, _) => "miss",
            };
            Some(match shown(attacker) {
                Some(a) => format!("{} attacks {}: {verdict}", a.name, target.name),
                // What a hidden one does to a visible one, without its name.
                None => format!("{} is attacked: {verdict}", target.name),
            })
        }
        Event::Damaged { id, amount, loss, .. } => {
            return Some(damage(encounter, shown(id)?, *amount, *loss));
        }
        Event::Healed { id, amount, .. } => {
            let c = shown(id)?;
            return Some(Said::Healed {
                name: c.name.clone(),
                side: c.side,
                amount: *amount,
                health: rules.spec().health.text(c.health),
            });
        }
        Event::ConditionAdded { id, condition } => {
            shown(id).map(|c| format!("{} gains {condition}", c.name))
        }
        Event::ConditionEnded { id, name, why } => {
            let c = shown(id)?;
            Some(match why {
                Ended::ShakenOff => format!("{} shakes off {name}", c.name),
                Ended::Removed | Ended::Expired | Ended::Cancelled | Ended::AnchorLeft => {
                    format!("{} is no longer {name}", c.name)
                }
            })
        }
        // An alert the GM set for the players too.
        Event::AlertFired { text, players: true, .. } => Some(format!("⚑ {text}")),
        Event::ShakeRolled { id, name, success: false, .. } => {
            shown(id).map(|c| format!("{} fails to shake off {name}", c.name))
        }
        Event::Revealed { ids } => {
            let now: Vec<CombatantId> =
                ids.iter().filter(|id| shown(id).is_some()).cloned().collect();
            (!now.is_empty()).then(|| format!("{} comes into view", names(encounter, &now)))
        }
        // Not on the whitelist: initiative rolls and roll-offs (the order shows the result),
        // turns (the marker shows them), dice, notes, weapons, options, spent actions, stats,
        // the systems' own events and free log text.
        _ => None,
    };
    text.map(Said::Words)
}

/// A hit on a visible combatant: what it cost, kept for the moment the line is shown.
fn damage(encounter: &Encounter, c: &Combatant, amount: i64, loss: i64) -> Said {
    let rules = encounter.system.rules();
    // A hit that costs no health may still do something (a Savage Worlds Shaken): the lines
    // after it say what.
    if loss <= 0 {
        return Said::Words(if amount > 0 {
            format!("{} is hit", c.name)
        } else {
            format!("{} takes no damage", c.name)
        });
    }
    Said::Hit {
        name: c.name.clone(),
        side: c.side,
        loss,
        health: rules.spec().health.text(c.health),
        band: rules.vitals(c.health, &c.conditions).band,
    }
}
