//! Scheduled alerts: `alert TEXT round=N …` checked and set, `alert drop N`, and each alert
//! fired (with its reinforcements added) inside the command whose play reaches it.

use super::*;
use crate::encounter::alerts::{Alert, AlertAt, Reinforcement};

/// The most rounds an alert may wait or repeat after.
const MAX_ALERT_ROUND: u32 = 10_000;
/// The most creatures of one kind an alert may bring.
const MAX_BROUGHT: u32 = 100;

impl Planner<'_> {
    /// `alert TEXT round=N [every=K] [at=INIT|before=NAME|after=NAME] [players] [add="…"]`,
    /// or `alert drop N`.
    pub(super) fn alert(&mut self, text: &str, fields: &[Field]) -> Result<(), EngineError> {
        if text.eq_ignore_ascii_case("drop") {
            return self.drop_alert(fields);
        }
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_TEXT {
            return refuse(format!("an alert's text holds 1 to {MAX_TEXT} characters"));
        }
        let mut alert = Alert {
            number: self.scratch.alerts_made.saturating_add(1),
            text: text.to_string(),
            round: 0,
            every: None,
            at: AlertAt::RoundStart,
            players: false,
            add: Vec::new(),
        };
        let mut moments = 0;
        for field in fields {
            let value = field.value.as_deref().unwrap_or("");
            match field.key.as_str() {
                "round" => alert.round = rounds("round", value)?,
                "every" => alert.every = Some(rounds("every", value)?),
                "players" if field.value.is_none() => alert.players = true,
                "at" => {
                    moments += 1;
                    alert.at = self.count_at(value)?;
                }
                "before" => {
                    moments += 1;
                    alert.at = AlertAt::Before(self.who(value)?.id.clone());
                }
                "after" => {
                    moments += 1;
                    alert.at = AlertAt::After(self.who(value)?.id.clone());
                }
                "add" => alert.add = self.reinforcements(value)?,
                other => {
                    return refuse(format!(
                        "unknown alert option '{other}'; expected round=N, every=K, at=INIT, \
                         before=NAME, after=NAME, players or add=\"CREATURE xN …\""
                    ));
                }
            }
        }
        if alert.round == 0 {
            return refuse("an alert needs round=N: the round it fires in (1 or later)");
        }
        if moments > 1 {
            return refuse("give one of at=, before= or after=: an alert fires at one moment");
        }
        let now = self.scratch.round;
        if alert.round < now {
            return refuse(format!("round {} is past: the fight is in round {now}", alert.round));
        }
        if alert.round == now && now > 0 && alert.at == AlertAt::RoundStart {
            return refuse(format!(
                "round {now} has begun: give round={} or later, or before=, after= or at= for a \
                 moment still to come",
                now.saturating_add(1)
            ));
        }
        self.emit(Event::AlertSet { alert: Box::new(alert) })
    }

    fn drop_alert(&mut self, fields: &[Field]) -> Result<(), EngineError> {
        let wanted = match fields {
            [one] if one.value.is_none() => one.key.trim_start_matches('#').parse::<u32>().ok(),
            _ => None,
        };
        let Some(number) = wanted else {
            return refuse("alert drop N: the alert's number, as `alerts` lists it");
        };
        if !self.scratch.alerts.iter().any(|a| a.number == number) {
            let have: Vec<String> =
                self.scratch.alerts.iter().map(|a| format!("#{}", a.number)).collect();
            return refuse(match have.is_empty() {
                true => format!("no alert #{number}: none is set"),
                false => format!("no alert #{number}; set: {}", have.join(", ")),
            });
        }
        self.emit(Event::AlertDropped { number })
    }

    /// `at=INIT`: an initiative as the system reads a typed one, placed in the order by its rank.
    fn count_at(&self, value: &str) -> Result<AlertAt, EngineError> {
        let rules = self.scratch.system.rules();
        let init = rules.typed_initiative(&crate::rules::stats::Stats::default(), value)?;
        Ok(AlertAt::Count { rank: init.value.rank(), shown: init.value.to_string() })
    }

    /// `add="Goblin x3, Orc"`: bestiary creatures with their counts, each checked now.
    fn reinforcements(&self, text: &str) -> Result<Vec<Reinforcement>, EngineError> {
        let system = self.scratch.system;
        let known = |name: &str| self.assets.creature(system, name).map(|c| c.name.clone());
        let unknown = |name: &str| {
            let names = self.assets.creatures(system).iter().map(|c| c.name.as_str());
            let near = crate::rules::words::nearest(name, names, 3).join(", ");
            EngineError::Refused(format!(
                "add=: the {system} bestiary has no '{name}'; nearest: {near}"
            ))
        };
        let mut brought = Vec::new();
        for part in text.split(',') {
            let mut words: Vec<&str> = Vec::new();
            let mut close = |words: &mut Vec<&str>, count: u32| -> Result<(), EngineError> {
                if words.is_empty() {
                    return Ok(());
                }
                let name = words.join(" ");
                match known(&name) {
                    Some(creature) => brought.push(Reinforcement { creature, count }),
                    // Names without counts, one after another: each its own creature.
                    None if count == 1 && words.len() > 1 => {
                        for word in words.iter() {
                            let creature = known(word).ok_or_else(|| unknown(&name))?;
                            brought.push(Reinforcement { creature, count: 1 });
                        }
                    }
                    None => return Err(unknown(&name)),
                }
                words.clear();
                Ok(())
            };
            for word in part.split_whitespace() {
                let count = word.strip_prefix(['x', '×']).and_then(|n| n.parse::<u32>().ok());
                match count {
                    Some(n) if (1..=MAX_BROUGHT).contains(&n) && !words.is_empty() => {
                        close(&mut words, n)?;
                    }
                    Some(_) if !words.is_empty() => {
                        return refuse(format!("add=: {word}: expected x1 to x{MAX_BROUGHT}"));
                    }
                    _ => words.push(word),
                }
            }
            close(&mut words, 1)?;
        }
        if brought.is_empty() {
            return refuse("add= names the creatures it brings: add=\"Goblin x3\"");
        }
        Ok(brought)
    }

    /// Fire the alerts that are due at this moment, in the order they were set.
    fn fire_where(&mut self, due: impl Fn(&AlertAt) -> bool) -> Result<(), EngineError> {
        let round = self.scratch.round;
        let firing: Vec<Alert> = self
            .scratch
            .alerts
            .iter()
            .filter(|a| round > 0 && a.round <= round && due(&a.at))
            .cloned()
            .collect();
        for alert in firing {
            let Alert { number, text, players, .. } = alert.clone();
            self.emit(Event::AlertFired { number, text, players })?;
            for r in &alert.add {
                self.add(&r.creature, Some(r.count), None, &[])?;
            }
        }
        Ok(())
    }

    /// The round has begun: alerts set for its start.
    pub(super) fn fire_round_start(&mut self) -> Result<(), EngineError> {
        self.fire_where(|at| *at == AlertAt::RoundStart)
    }

    /// Just before `id`'s turn, taken at `count` in the order (`None`: out of the order's run, from hold).
    pub(super) fn fire_before(&mut self, id: &str, count: Option<i64>) -> Result<(), EngineError> {
        self.fire_where(|at| match at {
            AlertAt::Count { rank, .. } => count.is_some_and(|c| c < *rank),
            AlertAt::Before(who) => who == id,
            AlertAt::RoundStart | AlertAt::After(_) => false,
        })
    }

    /// Where `id`'s turn `pass` stands in the order's count, when an alert waits for a count
    /// (the schedule is not laid out for nothing on every turn of a large fight).
    pub(super) fn count_for_alerts(&self, id: &str, pass: u8) -> Option<i64> {
        let enc = &self.scratch;
        if !enc.alerts.iter().any(|a| matches!(a.at, AlertAt::Count { .. })) {
            return None;
        }
        let slots = enc.schedule();
        let slot = slots.iter().find(|s| s.pass == pass && enc.combatants[s.index].id == id);
        slot.map(|s| s.count)
    }

    /// The round ends: alerts at a count nobody's turn passed.
    pub(super) fn fire_round_end(&mut self) -> Result<(), EngineError> {
        self.fire_where(|at| matches!(at, AlertAt::Count { .. }))
    }

    /// Once `id`'s turn has ended.
    pub(super) fn fire_after(&mut self, id: &str) -> Result<(), EngineError> {
        self.fire_where(|at| matches!(at, AlertAt::After(who) if who == id))
    }

    /// `id` leaves the fight: the alerts placed by its turn go with it.
    pub(super) fn drop_alerts_of(&mut self, id: &str) -> Result<(), EngineError> {
        let tied: Vec<u32> = self
            .scratch
            .alerts
            .iter()
            .filter(|a| matches!(&a.at, AlertAt::Before(w) | AlertAt::After(w) if w == id))
            .map(|a| a.number)
            .collect();
        for number in tied {
            self.emit(Event::AlertDropped { number })?;
        }
        Ok(())
    }
}

/// A round number typed for an alert: 1 to [`MAX_ALERT_ROUND`].
fn rounds(name: &str, value: &str) -> Result<u32, EngineError> {
    value.parse::<u32>().ok().filter(|n| (1..=MAX_ALERT_ROUND).contains(n)).ok_or_else(|| {
        EngineError::Refused(format!(
            "{name}={value}: expected a round count of 1 to {MAX_ALERT_ROUND}"
        ))
    })
}
