//! Rounds and turns: `start`, `next`, new rounds and deals, holding and acting from hold, and what the system does as turns begin.

use super::*;
use crate::rules::request::Moment;

impl Planner<'_> {
    pub(super) fn start(&mut self) -> Result<(), EngineError> {
        if self.scratch.round > 0 {
            return refuse(format!(
                "the fight is already under way (round {}); `next` moves it on",
                self.scratch.round
            ));
        }
        if !self.scratch.surprise.is_empty() {
            let label = self.scratch.system.rules().spec().initiative.surprise_label.to_lowercase();
            return refuse(format!("the {label} is under way; `next` ends it and begins round 1"));
        }
        if self.scratch.combatants.is_empty() {
            return refuse("nobody to fight yet: `add` combatants first");
        }
        // What the system does before initiative (WOIN-AMBUSH-1: ambush checks, seed 001 step 1).
        let rules = self.scratch.system.rules();
        let effects =
            rules.moment(Moment::BeforeStart { state: &self.scratch.state }, self.dice)?;
        let mut surprised = Vec::new();
        for effect in effects {
            match effect {
                Effect::Surprise { ids } => {
                    surprised.extend(ids.into_iter().map(CombatantId::from))
                }
                other => self.apply_effect("", &[], other)?,
            }
        }
        self.roll_missing()?;
        self.break_all_ties()?;
        if let Some(first) = surprised.first().cloned() {
            self.emit(Event::SurpriseTurn { ids: surprised })?;
            return self.begin_turn(&first, 0);
        }
        self.emit(Event::RoundStarted { round: 1 })?;
        self.round_start_effects()?;
        self.fire_round_start()?;
        self.begin_first_turn()
    }

    /// What happens to each combatant as a round begins, round 1 included (SW-INC-2: Bleeding
    /// Out rolls).
    fn round_start_effects(&mut self) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        let ids: Vec<String> = self.scratch.combatants.iter().map(|c| c.id.to_string()).collect();
        for id in ids {
            let Some(c) = self.scratch.get(&id) else { continue };
            let effects = rules.moment(Moment::RoundStart { who: c.view() }, self.dice)?;
            self.apply_effects(&id, &[], effects)?;
        }
        Ok(())
    }

    pub(super) fn begin_first_turn(&mut self) -> Result<(), EngineError> {
        match self.next_slot() {
            Some(slot) => self.begin_turn(&slot.id, slot.pass),
            None => refuse(format!(
                "no one can act: everyone is down, holding or without initiative (type them with {})",
                self.scratch.system.rules().spec().initiative.typed_usage
            )),
        }
    }

    /// Start a turn, then what the system does as it begins (WOIN-COND-8, WOIN-COND-10), with
    /// the dice consumed in turn order.
    pub(super) fn begin_turn(&mut self, id: &str, pass: u8) -> Result<(), EngineError> {
        let count = self.count_for_alerts(id, pass);
        self.fire_before(id, count)?;
        self.emit(Event::TurnStarted { id: id.into(), pass })?;
        self.expire_anchored(id, crate::rules::conditions::Edge::Start)?;
        if pass > 0 {
            return Ok(());
        }
        self.turn_start_effects(id)?;
        // Down by what its own turn began with (WOIN-COND-8 Burning, Bleeding): the turn passes
        // on, as `next` passes anyone down — while someone else is left to take one.
        let enc = &self.scratch;
        let Some(c) = enc.get(id).filter(|c| enc.is_down(c)) else { return Ok(()) };
        let others =
            enc.combatants.iter().any(|o| o.id != c.id && enc.can_act(o) && o.initiative.is_some());
        // The last foe down ends the fight where it stands, this turn (no new round begun).
        if !others || crate::encounter::fight_end::fight_end(enc).is_some() {
            return Ok(());
        }
        let text = format!("{} is down: its turn passes", c.name);
        let who = Some(c.id.clone());
        self.emit(Event::Logged { text, roll: None, who, attempt: None })?;
        self.advance()
    }

    /// What the system does as a combatant's own turn begins.
    pub(super) fn turn_start_effects(&mut self, id: &str) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        // The words typed after `next` are for the first turn it begins.
        for flag in std::mem::take(&mut self.next_flags) {
            let effects = rules.moment(Moment::NextFlag { flag: &flag, id }, self.dice)?;
            self.apply_effects(id, &[], effects)?;
        }
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let effects = rules.turn_start(self.scratch.subject(c), self.dice)?;
        self.turn_effects(id, effects)
    }

    /// After a command that spent actions on the turn under way (`before`: that turn as the
    /// command found it), what the system says follows (WOIN-COND-11: Pain).
    pub(super) fn actions_spent(
        &mut self,
        before: Option<&crate::encounter::Turn>,
    ) -> Result<(), EngineError> {
        let Some(before) = before else { return Ok(()) };
        let Some(now) = self.scratch.turn.as_ref().filter(|t| t.id == before.id) else {
            return Ok(());
        };
        let more = now.pass == before.pass
            && now.budget.iter().any(|pool| {
                let was = before.budget.iter().find(|p| p.name == pool.name).map_or(0, |p| p.used);
                pool.used > was
            });
        if !more {
            return Ok(());
        }
        let id = now.id.to_string();
        let after = now.budget.clone();
        let Some(c) = self.scratch.get(&id) else { return Ok(()) };
        let rules = self.scratch.system.rules();
        // Faces the attack's own field typed for these rolls come first, and alone.
        let mut typed = self.typed_after.take();
        let dice: &mut dyn crate::rules::dice::DiceSource = match typed.as_mut() {
            Some((_, t)) => t,
            None => &mut *self.dice,
        };
        let effects = rules.actions_spent(c.view(), &before.budget, &after, dice)?;
        self.typed_after = typed;
        self.turn_effects(&id, effects)
    }

    /// Turn-start effects (and those of actions spent) on `id`, as events.
    fn turn_effects(
        &mut self,
        id: &str,
        effects: Vec<crate::rules::effect::TurnStartEffect>,
    ) -> Result<(), EngineError> {
        for effect in effects {
            match effect {
                crate::rules::effect::TurnStartEffect::Damage { amount, roll, kind, explain } => {
                    // Ongoing damage skips the damage model (WOIN-COND-8: not SOAKed), not the
                    // after-damage hooks.
                    let was_down = self.scratch.get(id).is_some_and(|c| self.scratch.is_down(c));
                    self.emit(Event::Damaged {
                        id: id.into(),
                        amount,
                        roll: Some(Box::new(roll)),
                        kind,
                        loss: amount,
                        explain,
                    })?;
                    self.after_damage(id, was_down, crate::rules::effect::HitKind::default())?;
                }
                crate::rules::effect::TurnStartEffect::Roll { roll, text, attempt } => {
                    let who = Some(id.to_string());
                    self.emit(Event::Logged {
                        text,
                        roll: Some(Box::new(roll)),
                        who: who.map(CombatantId::from),
                        attempt,
                    })?;
                }
                crate::rules::effect::TurnStartEffect::Effect(effect) => {
                    self.apply_effect(id, &[], effect)?;
                }
                crate::rules::effect::TurnStartEffect::Condition { name } => {
                    let what = crate::rules::effect::Inflicted::new(&name, Source::Manual);
                    if self.scratch.get(id).is_some_and(|c| c.condition(&name).is_none()) {
                        self.inflict(id, &what, Some(1))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// What the system does as the current combatant's own turn ends (GURPS-STUN-2).
    fn turn_end_effects(&mut self) -> Result<(), EngineError> {
        let Some(turn) = self.scratch.turn.as_ref().filter(|t| t.pass == 0) else {
            return Ok(());
        };
        let id = turn.id.to_string();
        let Some(c) = self.scratch.get(&id) else { return Ok(()) };
        let rules = self.scratch.system.rules();
        let effects = rules.moment(Moment::TurnEnd { who: self.scratch.subject(c) }, self.dice)?;
        self.apply_effects(&id, &[], effects)
    }

    /// A new deal (SW-INIT-1): every card not held goes back, as one event.
    pub(super) fn collect_cards(&mut self) -> Result<(), EngineError> {
        let mut ids = Vec::new();
        for index in self.holders() {
            let c = &self.scratch.combatants[index];
            if !c.held && c.initiative.is_some() {
                ids.extend(self.scratch.holder_ids(&c.id));
            }
        }
        if ids.is_empty() { Ok(()) } else { self.emit(Event::InitiativeCleared { ids }) }
    }

    /// `next`: resume an interrupted turn, or pass to the first turn not yet taken this round by
    /// someone able to act, or begin a new round.
    pub(super) fn advance(&mut self) -> Result<(), EngineError> {
        // The ambush turn: every winner acts once, whatever happened to it meanwhile (Reading:
        // its actions are simultaneous), then round 1.
        if self.scratch.round == 0 && !self.scratch.surprise.is_empty() {
            let enc = &self.scratch;
            let next =
                enc.surprise.iter().find(|id| !enc.done.iter().any(|d| d.id == **id)).cloned();
            self.end_current_turn()?;
            return match next {
                Some(id) => self.begin_turn(&id, 0),
                None => {
                    self.emit(Event::RoundStarted { round: 1 })?;
                    self.round_start_effects()?;
                    self.fire_round_start()?;
                    self.begin_first_turn()
                }
            };
        }
        self.turn_end_effects()?;
        self.end_current_turn()?;
        // Back to the interrupted turn, as it was: nothing is rolled again, nothing refilled.
        if let Some(slot) = self.scratch.resume.clone()
            && self.scratch.get(&slot.id).is_some_and(|c| self.scratch.can_act(c))
        {
            return self.emit(Event::TurnResumed);
        }
        // A round under way with nobody's turn (waiting for typed cards): its first turn. Anyone
        // standing still without a card sits the round out, and the log says who (SW-INIT-6).
        if self.scratch.turn.is_none() && self.scratch.round > 0 && self.scratch.done.is_empty() {
            let enc = &self.scratch;
            let uncarded: Vec<&str> = enc
                .combatants
                .iter()
                .filter(|c| c.initiative.is_none() && enc.can_act(c))
                .map(|c| c.name.as_str())
                .collect();
            if !uncarded.is_empty() {
                let more = uncarded.len().saturating_sub(4);
                let mut who = uncarded.iter().take(4).copied().collect::<Vec<_>>().join(", ");
                if more > 0 {
                    who.push_str(&format!(" and {more} more"));
                }
                let text = format!(
                    "no card for {who}: not in this round's order until given one ({})",
                    enc.system.rules().spec().initiative.typed_usage
                );
                self.emit(Event::Logged { text, roll: None, who: None, attempt: None })?;
            }
            return self.begin_first_turn();
        }
        match self.next_slot() {
            Some(slot) => self.begin_turn(&slot.id, slot.pass),
            None => self.new_round(),
        }
    }

    /// The first turn in order that nobody has taken this round and whose combatant can act.
    pub(super) fn next_slot(&self) -> Option<TurnSlot> {
        let enc = &self.scratch;
        self.slot_ids().into_iter().find(|slot| {
            !enc.done.iter().any(|d| d.is(&slot.id, slot.pass))
                && enc.get(&slot.id).is_some_and(|c| enc.can_act(c))
        })
    }

    /// WOIN-INIT-6: the same order again; SW-INIT-1, SW-INIT-3: a new deal, shuffled after a Joker.
    pub(super) fn new_round(&mut self) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        // Past the last round a fight keeps, `RoundStarted` is refused (`bounds`).
        let round = self.scratch.round.saturating_add(1);
        self.fire_round_end()?;
        if rules.spec().initiative.holds == crate::rules::spec::Holds::LapseAtRoundEnd {
            let held: Vec<String> = self
                .scratch
                .combatants
                .iter()
                .filter(|c| c.held)
                .map(|c| c.id.to_string())
                .collect();
            for id in held {
                self.emit(Event::HoldLapsed { id: id.clone().into() })?;
                // A lapsed hold ends the turn it kept.
                self.turn_ended(&id)?;
            }
        }
        self.expire_where(|k| k.rounds.is_some_and(|n| n <= 1))?;
        // SW-INIT-3: what the system does before a new deal (a shuffle after a Joker), decided
        // before the round begins.
        let kept = self.held_cards();
        let new_deal = Moment::NewDeal { state: &self.scratch.state, kept: &kept };
        let before_deal = rules.moment(new_deal, self.dice)?;
        self.emit(Event::RoundStarted { round })?;
        self.round_start_effects()?;
        self.fire_round_start()?;
        // SW-INIT-6: with a physical deck the GM types each card; the round waits for them.
        if rules.spec().deals_each_round() && rules.spec().deals_by_hand(&self.scratch.options) {
            self.collect_cards()?;
            let text = rules.spec().initiative.by_hand_prompt.to_string();
            return self.emit(Event::Logged { text, roll: None, who: None, attempt: None });
        }
        if rules.spec().deals_each_round() {
            self.apply_effects("", &[], before_deal)?;
            self.collect_cards()?;
            self.roll_missing()?;
            self.break_all_ties()?;
        }
        self.begin_first_turn()
    }

    pub(super) fn held_cards(&self) -> Vec<crate::rules::dice::cards::Card> {
        self.scratch
            .combatants
            .iter()
            .filter(|c| c.held)
            .filter_map(|c| match c.initiative.as_ref()?.value {
                crate::rules::initiative::InitValue::Card(card) => Some(card),
                _ => None,
            })
            .collect()
    }

    pub(super) fn hold(&mut self, who: Option<&str>) -> Result<(), EngineError> {
        self.require_started("hold")?;
        let id = match who {
            Some(q) => self.who(q)?.id.to_string(),
            None => match &self.scratch.turn {
                Some(t) => t.id.to_string(),
                None => return refuse("nobody's turn to hold; name who holds"),
            },
        };
        let Some(c) = self.scratch.get(&id) else {
            return refuse("no such combatant");
        };
        if c.held {
            return refuse(format!(
                "{} is already holding; `act {}` takes the turn",
                c.name, c.name
            ));
        }
        if self.scratch.is_down(c) {
            return refuse(format!("{} is down and cannot hold", c.name));
        }
        let was_current = self.scratch.turn.as_ref().is_some_and(|t| t.id == id);
        self.emit(Event::Held { id: id.into() })?;
        if was_current { self.advance() } else { Ok(()) }
    }

    pub(super) fn act(&mut self, who: &str) -> Result<(), EngineError> {
        self.require_started("act")?;
        let c = self.who(who)?;
        if !c.held {
            return refuse(format!("{} is not holding; `hold {}` first", c.name, c.name));
        }
        let id = c.id.to_string();
        let interrupted = self.scratch.turn.as_ref().map(|t| (t.id.to_string(), t.pass));
        // Held from its own turn, its turn already began: nothing is rolled again.
        let began = self.scratch.done.iter().any(|d| d.is(&id, 0));
        let interrupted = interrupted.map(|(id, pass)| (CombatantId::from(id), pass));
        if !began {
            self.fire_before(&id, None)?;
        }
        self.emit(Event::Acted { id: id.clone().into(), interrupted })?;
        if began {
            return Ok(());
        }
        self.expire_anchored(&id, crate::rules::conditions::Edge::Start)?;
        self.turn_start_effects(&id)
    }
}
