//! Applying one event to the encounter (the pure fold), and the log line each event leaves.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::event::{Ended, Event};
use super::{Encounter, Turn};
use crate::rules::dice::RollRecord;
use crate::rules::state::SystemState;
use crate::rules::stats::Stats;
use crate::rules::system::{Fact, Roster};

/// A line of the encounter's log, derived from an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub round: u32,
    pub text: String,
    /// The dice behind the line, if any.
    pub roll: Option<RollRecord>,
    /// Who the line is about.
    pub who: Option<String>,
}

/// An event that does not fit the state it is applied to (a damaged or hand-edited save).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyError(pub String);

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApplyError {}

impl Roster for Encounter {
    fn name_of(&self, id: &str) -> Option<&str> {
        self.get(id).map(|c| c.name.as_str())
    }

    fn stats_mut(&mut self, id: &str) -> Option<&mut Stats> {
        self.combatants.iter_mut().find(|c| c.id == id).map(|c| &mut c.stats)
    }

    fn round(&self) -> u32 {
        self.round
    }
}

impl Encounter {
    /// Let the system follow a core event in its own state.
    fn observe(&mut self, fact: Fact<'_>) {
        self.system.rules().observe(&mut self.state, fact);
    }

    fn index(&self, id: &str) -> Result<usize, ApplyError> {
        self.index_of(id).ok_or_else(|| ApplyError(format!("no combatant with id '{id}'")))
    }

    fn check_all(&self, ids: &[String]) -> Result<(), ApplyError> {
        ids.iter().try_for_each(|id| self.index(id).map(|_| ()))
    }

    /// Conditions changed on the combatant whose turn it is: what the turn allows changes with them
    /// (WOIN-ACT-2, WOIN-COND-10), keeping what was already spent.
    fn rebudget(&mut self, id: &str) {
        let Some(turn) = self.turn.as_ref().filter(|t| t.id == id) else { return };
        let Some(i) = self.index_of(id) else { return };
        let mut budget = self.budget_for(i, turn.pass);
        for pool in &mut budget {
            if let Some(old) = turn.budget.iter().find(|p| p.name == pool.name) {
                pool.used = old.used;
            }
        }
        if let Some(turn) = self.turn.as_mut() {
            turn.budget = budget;
        }
    }

    fn mark_done(&mut self, id: &str, pass: u8) {
        if !self.done.iter().any(|(i, p)| i == id && *p == pass) {
            self.done.push((id.to_string(), pass));
        }
    }

    /// What a combatant has to spend: this turn's budget if the turn is its own, else what its
    /// next turn will give.
    pub fn budget(&self, id: &str) -> Vec<crate::rules::ActionPool> {
        match (self.turn.as_ref().filter(|t| t.id == id), self.index_of(id)) {
            (Some(turn), _) => turn.budget.clone(),
            (None, Some(i)) => self.budget_for(i, 0),
            (None, None) => Vec::new(),
        }
    }

    /// What a combatant's turn allows: its system's budget for that pass (WOIN-INIT-3..5).
    fn budget_for(&self, index: usize, pass: u8) -> Vec<crate::rules::ActionPool> {
        let rules = self.system.rules();
        let c = &self.combatants[index];
        // A surprise turn before round 1 (WOIN-AMBUSH-1: one action).
        if self.round == 0 && self.surprise.contains(&c.id) {
            return rules.surprise_budget();
        }
        // Without an initiative yet, a turn is what its own count would give.
        let none = crate::rules::initiative::Initiative::new(
            crate::rules::initiative::InitValue::Count(0),
        );
        let passes = rules.passes(&c.stats, c.initiative.as_ref().unwrap_or(&none));
        let this = passes.get(usize::from(pass)).copied().unwrap_or(crate::rules::Pass::main(0, 1));
        rules.turn_budget(&c.stats, &c.conditions, this)
    }

    fn line(&self, text: String, roll: Option<RollRecord>, who: Option<&str>) -> LogEntry {
        LogEntry { round: self.round, text, roll, who: who.map(str::to_string) }
    }

    /// Apply one event and return the log line it leaves. Pure: the same events always build
    /// the same encounter.
    pub fn apply(&mut self, event: &Event) -> Result<LogEntry, ApplyError> {
        self.check_bounds(event)?;
        Ok(match event {
            Event::Added { combatant } => {
                if self.index_of(&combatant.id).is_some() {
                    return Err(ApplyError(format!("id '{}' is used twice", combatant.id)));
                }
                self.combatants.push(combatant.clone());
                let kind = self.system.rules().kind_of(&combatant.stats);
                let text = match kind {
                    Some(kind) => format!("{} joins ({}, {kind})", combatant.name, combatant.side),
                    None => format!("{} joins ({})", combatant.name, combatant.side),
                };
                self.line(text, None, Some(&combatant.id))
            }
            Event::Removed { id } => {
                let i = self.index(id)?;
                let gone = self.combatants.remove(i);
                if self.turn.as_ref().is_some_and(|t| t.id == *id) {
                    self.turn = None;
                }
                self.line(format!("{} leaves the fight", gone.name), None, None)
            }
            Event::InitiativeSet { ids, initiative } => {
                self.check_all(ids)?;
                self.observe(Fact::InitiativeSet { drawn: &initiative.drawn });
                for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)) {
                    c.initiative = Some(initiative.clone());
                }
                let who = self.holder_name(ids);
                let text = match (&initiative.roll, initiative.typed, initiative.drawn.len()) {
                    (_, true, _) => format!("{who}: initiative {} (typed)", initiative.value),
                    (Some(_), _, _) => format!("{who}: initiative {}", initiative.value),
                    (None, _, n) if n > 1 => {
                        let cards: Vec<String> =
                            initiative.drawn.iter().map(ToString::to_string).collect();
                        format!("{who}: drew {}, keeps {}", cards.join(", "), initiative.value)
                    }
                    (None, _, 1) => format!("{who}: dealt {}", initiative.value),
                    (None, _, _) => format!("{who}: initiative {}", initiative.value),
                };
                self.line(text, initiative.roll.clone(), ids.first().map(String::as_str))
            }
            Event::InitiativeCleared { ids } => {
                self.check_all(ids)?;
                for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)) {
                    c.initiative = None;
                }
                let one = ids.first().is_some_and(|first| self.holder_ids(first) == *ids);
                let text = if one {
                    format!("{}: no card this round", self.holder_name(ids))
                } else {
                    "last round's cards go back for a new deal".to_string()
                };
                self.line(text, None, ids.first().filter(|_| one).map(String::as_str))
            }
            Event::RolledOff { ids, faces } => {
                self.check_all(ids)?;
                for c in self.combatants.iter_mut().filter(|c| ids.contains(&c.id)) {
                    if let Some(init) = &mut c.initiative {
                        init.rolloff.extend(faces);
                    }
                }
                let shown: Vec<String> = faces.iter().map(ToString::to_string).collect();
                let text =
                    format!("{}: tie roll-off d6 [{}]", self.holder_name(ids), shown.join(", "));
                self.line(text, None, ids.first().map(String::as_str))
            }
            Event::Swapped { first, second } => {
                self.check_all(first)?;
                self.check_all(second)?;
                let rolloff_of = |enc: &Encounter, ids: &[String]| {
                    ids.first()
                        .and_then(|id| enc.get(id))
                        .and_then(|c| c.initiative.as_ref())
                        .map(|i| i.rolloff.clone())
                        .unwrap_or_default()
                };
                let (a, b) = (rolloff_of(self, first), rolloff_of(self, second));
                for c in &mut self.combatants {
                    let new = if first.contains(&c.id) {
                        &b
                    } else if second.contains(&c.id) {
                        &a
                    } else {
                        continue;
                    };
                    if let Some(init) = &mut c.initiative {
                        init.rolloff.clone_from(new);
                    }
                }
                let text = format!(
                    "{} and {} swap places",
                    self.holder_name(first),
                    self.holder_name(second)
                );
                self.line(text, None, None)
            }
            Event::RoundStarted { round } => {
                self.round = *round;
                self.turn = None;
                self.resume = None;
                self.interrupted = None;
                self.done.clear();
                self.surprise.clear();
                self.observe(Fact::RoundStarted { round: *round });
                // Rounds count from round 1: one set up before the fight loses nothing as it starts.
                if *round > 1 {
                    for c in &mut self.combatants {
                        for cond in &mut c.conditions {
                            if let Some(n) = &mut cond.rounds {
                                *n = n.saturating_sub(1);
                            }
                        }
                    }
                }
                self.line(format!("Round {round}"), None, None)
            }
            Event::TurnStarted { id, pass } => {
                let i = self.index(id)?;
                self.observe(Fact::TurnStarted { id });
                let name = self.combatants[i].name.clone();
                let budget = self.budget_for(i, *pass);
                self.turn = Some(Turn { id: id.clone(), pass: *pass, budget, tried: Vec::new() });
                self.resume = None;
                self.interrupted = None;
                self.mark_done(id, *pass);
                let text = match pass {
                    0 => format!("{name}'s turn"),
                    _ => format!("{name}'s turn again (extra action)"),
                };
                self.line(text, None, Some(id))
            }
            Event::Held { id } => {
                let i = self.index(id)?;
                self.combatants[i].held = true;
                let text = format!("{} holds its action", self.combatants[i].name);
                self.line(text, None, Some(id))
            }
            Event::Acted { id, interrupted } => {
                let i = self.index(id)?;
                self.combatants[i].held = false;
                let budget = self.budget_for(i, 0);
                self.observe(Fact::Acted { id });
                let previous =
                    self.turn.replace(Turn { id: id.clone(), pass: 0, budget, tried: Vec::new() });
                self.resume = interrupted.clone();
                self.interrupted = if interrupted.is_some() { previous } else { None };
                self.mark_done(id, 0);
                let text = format!("{} acts from hold", self.combatants[i].name);
                self.line(text, None, Some(id))
            }
            Event::TurnPassed { id, pass } => {
                let i = self.index(id)?;
                self.mark_done(id, *pass);
                let text = format!(
                    "{} joined after its count and acts from next round",
                    self.combatants[i].name
                );
                self.line(text, None, Some(id))
            }
            Event::TurnResumed => {
                let Some(turn) = self.interrupted.take() else {
                    return Err(ApplyError("no interrupted turn to resume".into()));
                };
                self.resume = None;
                let text = match self.get(&turn.id) {
                    Some(c) => format!("back to {}'s turn", c.name),
                    None => "back to the interrupted turn".to_string(),
                };
                let who = turn.id.clone();
                self.turn = Some(turn);
                self.line(text, None, Some(&who))
            }
            Event::HoldLapsed { id } => {
                let i = self.index(id)?;
                self.combatants[i].held = false;
                let text = format!("{}'s held action lapses", self.combatants[i].name);
                self.line(text, None, Some(id))
            }
            Event::Damaged { id, amount, roll, kind, loss, explain } => {
                let i = self.index(id)?;
                let round = self.round;
                self.observe(Fact::Damaged { id, loss: *loss, round });
                let rules = self.system.rules();
                let c = &mut self.combatants[i];
                c.health.current = c.health.current.checked_sub(*loss).ok_or_else(|| {
                    ApplyError(format!("{}'s health cannot fall by {loss} more", c.name))
                })?;
                let kind = kind.as_deref().map(|k| format!(" {k}")).unwrap_or_default();
                let text = format!(
                    "{} takes {amount}{kind}: {explain} → {}",
                    c.name,
                    rules.health_text(c.health)
                );
                let down = self.is_down(&self.combatants[i]);
                let text = if down { format!("{text}, down") } else { text };
                self.line(text, roll.clone(), Some(id))
            }
            Event::Healed { id, amount, within_hit } => {
                let i = self.index(id)?;
                self.observe(Fact::Healed { id, amount: *amount, within_hit: *within_hit });
                let rules = self.system.rules();
                let c = &mut self.combatants[i];
                c.health.current = c.health.current.checked_add(*amount).ok_or_else(|| {
                    ApplyError(format!("{}'s health cannot rise by {amount} more", c.name))
                })?;
                let text =
                    format!("{} recovers {amount} → {}", c.name, rules.health_text(c.health));
                self.line(text, None, Some(id))
            }
            Event::ConditionAdded { id, condition } => {
                let i = self.index(id)?;
                let c = &mut self.combatants[i];
                match c.conditions.iter_mut().find(|x| x.name == condition.name) {
                    Some(existing) => *existing = condition.clone(),
                    None => c.conditions.push(condition.clone()),
                }
                self.rebudget(id);
                self.observe(Fact::ConditionAdded { id, condition });
                let c = &self.combatants[i];
                let mut text = format!("{} gains {condition}", c.name);
                if let Some(n) = condition.rounds {
                    text.push_str(&format!(" for {n} round(s)"));
                }
                if condition.persistent {
                    text.push_str(&format!(" (persistent, {})", condition.source));
                }
                self.line(text, None, Some(id))
            }
            Event::ConditionEnded { id, name, why } => {
                let i = self.index(id)?;
                let c = &mut self.combatants[i];
                let before = c.conditions.len();
                c.conditions.retain(|x| x.name != *name);
                if c.conditions.len() == before {
                    return Err(ApplyError(format!("{} has no condition {name}", c.name)));
                }
                let how = match why {
                    Ended::Removed => String::new(),
                    Ended::ShakenOff => " (shaken off)".to_string(),
                    Ended::Expired => " (expired)".to_string(),
                    Ended::Cancelled => format!(" ({})", self.system.rules().cancel_phrase()),
                };
                let text = format!("{} is no longer {name}{how}", c.name);
                self.line(text, None, Some(id))
            }
            Event::ShakeRolled { id, name, roll, success: _, explain } => {
                let i = self.index(id)?;
                if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id) {
                    turn.tried.push(name.clone());
                }
                let text =
                    format!("{} tries to shake off {name}: {explain}", self.combatants[i].name);
                self.line(text, Some(roll.clone()), Some(id))
            }
            Event::Rolled { roll, by } => {
                let who = match by {
                    Some(id) => Some(self.combatants[self.index(id)?].name.clone()),
                    None => None,
                };
                let text = match who {
                    Some(name) => format!("{name} rolls"),
                    None => "roll".to_string(),
                };
                self.line(text, Some(roll.clone()), by.as_deref())
            }
            Event::Noted { id, text } => {
                let i = self.index(id)?;
                self.combatants[i].notes.push(text.clone());
                let line = format!("note on {}: {text}", self.combatants[i].name);
                self.line(line, None, Some(id))
            }
            Event::WeaponSet { id, weapon } => {
                let i = self.index(id)?;
                let c = &mut self.combatants[i];
                c.weapons.retain(|w| !w.name.eq_ignore_ascii_case(&weapon.name));
                c.weapons.push(weapon.clone());
                let line = format!("{} readies {}", c.name, weapon.name);
                self.line(line, None, Some(id))
            }
            Event::OptionSet { name, value } => {
                self.options.insert(name.clone(), value.clone());
                self.line(format!("option {name} = {value}"), None, None)
            }
            Event::Spent { id, pool, amount, what } => {
                let i = self.index(id)?;
                if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id) {
                    if let Some(p) = turn.budget.iter_mut().find(|p| p.name == *pool) {
                        p.used = p.used.saturating_add(*amount);
                    }
                }
                self.observe(Fact::Spent { id, what });
                let text = match amount {
                    0 => format!("{}: {what} (free)", self.combatants[i].name),
                    1 => format!("{}: {what}, −1 of {pool}", self.combatants[i].name),
                    n => format!("{}: {what}, −{n} {pool}", self.combatants[i].name),
                };
                self.line(text, None, Some(id))
            }
            Event::Refunded { id, amount, why } => {
                let i = self.index(id)?;
                if let Some(turn) = self.turn.as_mut().filter(|t| t.id == *id)
                    && let Some(pool) = turn.budget.first_mut()
                {
                    pool.used = pool.used.saturating_sub(*amount);
                }
                let text =
                    format!("{}: {why} gives back {amount} action(s)", self.combatants[i].name);
                self.line(text, None, Some(id))
            }
            Event::Attacked { attacker, target, summary, rolls, .. } => {
                self.index(attacker)?;
                self.index(target)?;
                self.line(summary.clone(), rolls.first().cloned(), Some(attacker))
            }
            Event::SurpriseTurn { ids } => {
                self.check_all(ids)?;
                self.surprise = ids.clone();
                let names = self.holder_name(ids);
                let label = self.system.rules().surprise_label();
                self.line(
                    format!("{label}: one action each for {names}, before round 1"),
                    None,
                    None,
                )
            }
            Event::StatChanged { id, field, value } => {
                let i = self.index(id)?;
                let c = &mut self.combatants[i];
                c.stats.set_int(field, *value);
                let text = format!("{}: {field} now {value}", c.name);
                self.line(text, None, Some(id))
            }
            Event::System(event) => {
                let rules = self.system.rules();
                let mut state = std::mem::replace(&mut self.state, SystemState::none());
                let applied = rules.apply_event(&mut state, event, self);
                self.state = state;
                let line = applied.map_err(|err| ApplyError(err.to_string()))?;
                if let Some(id) = &line.who {
                    self.index(id)?;
                }
                self.line(line.text, line.roll, line.who.as_deref())
            }
            Event::Logged { text, roll, who, attempt } => {
                if let Some(id) = who {
                    self.index(id)?;
                    if let (Some(name), Some(turn)) =
                        (attempt, self.turn.as_mut().filter(|t| t.id == *id))
                    {
                        turn.tried.push(name.clone());
                    }
                }
                self.line(text.clone(), roll.clone(), who.as_deref())
            }
        })
    }
}
