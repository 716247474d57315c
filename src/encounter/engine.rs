//! Turning a [`Command`] into [`Event`]s: checks it against the encounter, rolls what the rules
//! call for through a [`DiceSource`], and plans the events on a scratch copy so a refused command
//! changes nothing.

use std::fmt;

use super::combatant::{Combatant, slug};
use super::event::{Ended, Event};
use super::{ApplyError, Assets, Encounter};
use crate::command::{Amount, Command, Field, parse_fields};
use crate::rules::conditions::{Condition, Source};
use crate::rules::dice::{DiceExpr, DiceSource};
use crate::rules::initiative::break_ties;
use crate::rules::stats::{FieldError, Stats};
use crate::rules::system::{DamageRequest, Effect, InitContext, InitRequest};
use crate::rules::{RulesError, Side};

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// An unknown or ambiguous combatant name.
    Name(String),
    Field(FieldError),
    Rules(RulesError),
    /// Not possible now (the text says why and what would work).
    Refused(String),
    /// A bug or a damaged save: an event that does not fit.
    Apply(ApplyError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Name(msg) | EngineError::Refused(msg) => f.write_str(msg),
            EngineError::Field(err) => write!(f, "{err}"),
            EngineError::Rules(err) => write!(f, "{err}"),
            EngineError::Apply(err) => write!(f, "internal: {err}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<RulesError> for EngineError {
    fn from(err: RulesError) -> Self {
        EngineError::Rules(err)
    }
}

impl From<crate::rules::dice::DiceError> for EngineError {
    fn from(err: crate::rules::dice::DiceError) -> Self {
        EngineError::Rules(RulesError::Dice(err))
    }
}

impl From<ApplyError> for EngineError {
    fn from(err: ApplyError) -> Self {
        EngineError::Apply(err)
    }
}

fn refuse<T>(msg: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::Refused(msg.into()))
}

/// Fields every system accepts on `add`, besides its own.
const COMMON_FIELDS: &[&str] = &["side", "hidden"];
/// Longest note or name accepted.
const MAX_TEXT: usize = 1000;

/// What [`Planner::give_condition`] is asked to give.
struct Give<'n> {
    /// The catalogue name, exactly.
    name: &'n str,
    severe: bool,
    rounds: Option<u32>,
    source: Source,
    persistent: bool,
    needs_six: bool,
    detail: Option<String>,
    /// Only when it is not there already (a damage model's Shaken).
    if_absent: bool,
    /// Typed by the GM: refusals are explained rather than skipped.
    by_hand: bool,
}

impl<'n> Give<'n> {
    fn new(name: &'n str) -> Give<'n> {
        Give {
            name,
            severe: false,
            rounds: None,
            source: Source::Manual,
            persistent: false,
            needs_six: false,
            detail: None,
            if_absent: false,
            by_hand: false,
        }
    }
}

/// Someone a hit landed on during the effects being applied, waiting for the after-damage hooks.
struct Struck {
    id: String,
    was_down: bool,
    nonlethal: bool,
    location: Option<String>,
}

/// Plans events against a scratch copy of the encounter.
struct Planner<'a> {
    scratch: Encounter,
    events: Vec<Event>,
    /// Hits landed whose after-damage hooks have not run yet.
    struck: Vec<Struck>,
    assets: &'a Assets,
    dice: &'a mut dyn DiceSource,
}

/// Turn a command into the events it causes. `new`, `undo`, `redo` and `save` belong to the
/// session and are refused here.
pub fn plan(
    encounter: &Encounter,
    command: &Command,
    assets: &Assets,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, EngineError> {
    let mut planner = Planner {
        scratch: encounter.clone(),
        events: Vec::new(),
        struck: Vec::new(),
        assets,
        dice,
    };
    planner.command(command)?;
    Ok(planner.events)
}

impl Planner<'_> {
    fn emit(&mut self, event: Event) -> Result<(), EngineError> {
        // A number out of range is the command's to answer for, not a bug in the fold.
        self.scratch.check_bounds(&event).map_err(|err| EngineError::Refused(err.0))?;
        self.scratch.apply(&event)?;
        self.events.push(event);
        Ok(())
    }

    fn who(&self, query: &str) -> Result<&Combatant, EngineError> {
        let i = self.scratch.resolve(query)?;
        Ok(&self.scratch.combatants[i])
    }

    fn command(&mut self, command: &Command) -> Result<(), EngineError> {
        match command {
            Command::Add { name, count, side, fields } => self.add(name, *count, *side, fields),
            Command::Remove { who } => self.remove(who),
            Command::Start => self.start(),
            Command::Init { who, value } => self.typed_init(who, value),
            Command::Swap { first, second } => self.swap(first, second),
            Command::Next => self.require_started("next").and_then(|()| self.advance()),
            Command::Hold { who } => self.hold(who.as_deref()),
            Command::Act { who } => self.act(who),
            Command::Damage { who, amount, kind, raw } => {
                self.damage(who, amount, kind.as_deref(), *raw)
            }
            Command::Heal { who, amount } => self.heal(who, *amount),
            Command::Cond { who, condition, severe, fields } => {
                self.condition(who, condition, *severe, fields)
            }
            Command::Uncond { who, condition } => {
                let c = self.who(who)?;
                let name = own_condition(c, condition)?;
                let id = c.id.clone();
                self.emit(Event::ConditionEnded { id, name, why: Ended::Removed })
            }
            Command::Shake { who, condition } => self.shake(who, condition),
            Command::Attack { attacker, targets, weapon, fields } => {
                self.attack(attacker, targets, weapon.as_deref(), fields)
            }
            Command::Weapon { who, name, fields } => self.weapon(who, name, fields),
            Command::Do { who, action, fields } => self.do_action(who, action, fields),
            Command::Set { option, value } => self.set_option(option, value),
            Command::Special { verb, args, fields } => self.special(verb, args, fields),
            Command::Roll { expr, by } => {
                let by = match by {
                    Some(q) => Some(self.who(q)?.id.clone()),
                    None => None,
                };
                let roll = DiceExpr::parse(expr)?.roll(self.dice)?;
                self.emit(Event::Rolled { roll, by })
            }
            Command::Note { who, text } => {
                let id = self.who(who)?.id.clone();
                let text: String = text.chars().take(MAX_TEXT).collect();
                self.emit(Event::Noted { id, text })
            }
            Command::New { .. } | Command::Undo | Command::Redo | Command::Save { .. } => {
                refuse(format!("`{}` is handled by the session, not the engine", command.name()))
            }
        }
    }

    fn require_started(&self, what: &str) -> Result<(), EngineError> {
        if self.scratch.round == 0 && self.scratch.surprise.is_empty() {
            return refuse(format!("`{what}` needs a fight under way; `start` rolls initiative"));
        }
        Ok(())
    }

    fn add(
        &mut self,
        name: &str,
        count: Option<u32>,
        side: Option<Side>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let creature = self.assets.creature(system, name).cloned();
        let base = creature.as_ref().map_or(name, |c| c.name.as_str()).trim().to_string();
        if base.is_empty() || base.len() > MAX_TEXT {
            return refuse("a combatant needs a name of 1 to 1000 characters");
        }
        let mut stats = Stats::default();
        let mut side = side;
        let mut note = None;
        if let Some(creature) = &creature {
            let from_bestiary = parse_fields(&creature.stats).map_err(|err| {
                EngineError::Refused(format!("bestiary entry {}: {err}", creature.name))
            })?;
            for field in &from_bestiary {
                stats.set(rules.fields(), &field.key, field.value.as_deref()).map_err(|err| {
                    EngineError::Refused(format!("bestiary entry {}: {err}", creature.name))
                })?;
            }
            side = side.or_else(|| Side::parse(&creature.side));
            note = Some(creature.note.clone()).filter(|n| !n.is_empty());
        }
        let mut hidden = false;
        for field in fields {
            if field.key == "hidden" {
                hidden = field.value.as_deref().is_none_or(|v| matches!(v, "on" | "yes" | "true"));
                continue;
            }
            stats.set(rules.fields(), &field.key, field.value.as_deref()).map_err(
                |err| match err {
                    FieldError::Unknown { field, mut valid } => {
                        valid.extend(COMMON_FIELDS);
                        EngineError::Field(FieldError::Unknown { field, valid })
                    }
                    other => EngineError::Field(other),
                },
            )?;
        }
        let side = side.unwrap_or(Side::Enemy);
        let mut weapons = Vec::new();
        for text in creature.iter().flat_map(|c| c.weapons.iter()) {
            weapons.push(self.parse_weapon(text).map_err(|err| {
                EngineError::Refused(format!("bestiary entry {base}: weapon '{text}': {err}"))
            })?);
        }
        let health = rules.health(&stats);
        let names: Vec<String> = match count {
            Some(n) => {
                let taken = self.member_numbers(&base);
                if taken.checked_add(n).is_none() {
                    return refuse(format!(
                        "{base} {taken} leaves no numbers for {n} more; members are numbered up to {}",
                        u32::MAX
                    ));
                }
                (1..=n).map(|k| format!("{base} {}", taken + k)).collect()
            }
            None => vec![self.unique_name(&base)],
        };
        let group = count.map(|_| self.unique_group(&slug(&base)));
        let mut ids = Vec::new();
        for member in names {
            let id = self.unique_id(&slug(&member));
            ids.push(id.clone());
            let combatant = Combatant {
                id,
                name: member,
                side,
                group: group.clone(),
                stats: stats.clone(),
                health,
                conditions: Vec::new(),
                notes: note.iter().cloned().collect(),
                weapons: weapons.clone(),
                hidden,
                initiative: None,
                held: false,
            };
            self.emit(Event::Added { combatant })?;
        }
        if self.scratch.round > 0 {
            // Joining a fight under way: roll now; a count already passed this round waits.
            self.roll_missing()?;
            self.break_all_ties()?;
            let order = self.slot_ids();
            let current = self.scratch.turn.as_ref().map(|t| (t.id.clone(), t.pass));
            if let Some(at) = current.and_then(|cur| order.iter().position(|s| *s == cur)) {
                for (id, pass) in order[..at].iter().filter(|(id, _)| ids.contains(id)) {
                    self.emit(Event::TurnPassed { id: id.clone(), pass: *pass })?;
                }
            }
        }
        Ok(())
    }

    /// The highest number already used by `base 1`, `base 2` … members.
    fn member_numbers(&self, base: &str) -> u32 {
        let prefix = format!("{} ", base.to_lowercase());
        self.scratch
            .combatants
            .iter()
            .filter_map(|c| c.name.to_lowercase().strip_prefix(&prefix)?.parse::<u32>().ok())
            .max()
            .unwrap_or(0)
    }

    fn unique_name(&self, base: &str) -> String {
        let taken =
            |n: &str| self.scratch.combatants.iter().any(|c| c.name.eq_ignore_ascii_case(n));
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base} {k}")).find(|n| !taken(n)).unwrap_or_default()
    }

    fn unique_id(&self, base: &str) -> String {
        let taken = |id: &str| self.scratch.get(id).is_some();
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base}-{k}")).find(|id| !taken(id)).unwrap_or_default()
    }

    fn unique_group(&self, base: &str) -> String {
        let taken = |g: &str| self.scratch.combatants.iter().any(|c| c.group.as_deref() == Some(g));
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base}-{k}")).find(|g| !taken(g)).unwrap_or_default()
    }

    fn remove(&mut self, who: &str) -> Result<(), EngineError> {
        let id = self.who(who)?.id.clone();
        let was_current = self.scratch.turn.as_ref().is_some_and(|t| t.id == id);
        self.emit(Event::Removed { id })?;
        if was_current { self.advance() } else { Ok(()) }
    }

    fn slot_ids(&self) -> Vec<(String, u8)> {
        let enc = &self.scratch;
        enc.schedule().iter().map(|s| (enc.combatants[s.index].id.clone(), s.pass)).collect()
    }

    /// One representative per initiative holder (a single combatant, or a group's first member).
    fn holders(&self) -> Vec<usize> {
        let enc = &self.scratch;
        (0..enc.combatants.len())
            .filter(|&i| {
                let c = &enc.combatants[i];
                !enc.combatants[..i].iter().any(|o| o.same_holder(c))
            })
            .collect()
    }

    fn init_context(&self) -> InitContext {
        let enc = &self.scratch;
        let mut ctx = InitContext {
            state: enc.state.clone(),
            shared: Vec::new(),
            in_hand: Vec::new(),
            events: Vec::new(),
        };
        for c in &enc.combatants {
            let Some(init) = &c.initiative else { continue };
            if let (Some(key), Some(roll)) = (&init.shared, &init.roll)
                && !ctx.shared.iter().any(|(k, _)| k == key)
            {
                ctx.shared.push((key.clone(), roll.clone()));
            }
            if let crate::rules::initiative::InitValue::Card(card) = init.value {
                ctx.in_hand.push(card);
            }
        }
        ctx
    }

    /// Roll, or deal, initiative for every holder that has none (SW-INIT-6: none for the down
    /// when cards are dealt).
    fn roll_missing(&mut self) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        let mut ctx = self.init_context();
        for index in self.holders() {
            let c = &self.scratch.combatants[index];
            let ids = self.scratch.holder_ids(&c.id);
            // SW-INIT-6: no card for the incapacitated; a group gets one while any member is up.
            let all_down =
                ids.iter().filter_map(|id| self.scratch.get(id)).all(|m| self.scratch.is_down(m));
            if c.initiative.is_some() || c.held || (rules.deals_each_round() && all_down) {
                continue;
            }
            let request = InitRequest { stats: &c.stats, side: c.side, conditions: &c.conditions };
            let initiative = rules.roll_initiative(request, &mut ctx, self.dice)?;
            for event in std::mem::take(&mut ctx.events) {
                self.emit(Event::System(event))?;
            }
            self.emit(Event::InitiativeSet { ids, initiative })?;
        }
        Ok(())
    }

    /// WOIN-INIT-2, GEM-INIT-1, GURPS-INIT-1: d6 roll-offs between holders still tied.
    fn break_all_ties(&mut self) -> Result<(), EngineError> {
        let holders: Vec<usize> = self
            .holders()
            .into_iter()
            .filter(|&i| self.scratch.combatants[i].initiative.is_some())
            .collect();
        let inits: Vec<_> = holders
            .iter()
            .filter_map(|&i| self.scratch.combatants[i].initiative.as_ref())
            .collect();
        let added = break_ties(&inits, self.dice)?;
        for (&index, faces) in holders.iter().zip(added) {
            if faces.is_empty() {
                continue;
            }
            let ids = self.scratch.holder_ids(&self.scratch.combatants[index].id);
            self.emit(Event::RolledOff { ids, faces })?;
        }
        Ok(())
    }

    fn start(&mut self) -> Result<(), EngineError> {
        if self.scratch.round > 0 {
            return refuse(format!(
                "the fight is already under way (round {}); `next` moves it on",
                self.scratch.round
            ));
        }
        if !self.scratch.surprise.is_empty() {
            let label = self.scratch.system.rules().surprise_label().to_lowercase();
            return refuse(format!("the {label} is under way; `next` ends it and begins round 1"));
        }
        if self.scratch.combatants.is_empty() {
            return refuse("nobody to fight yet: `add` combatants first");
        }
        // What the system does before initiative (WOIN-AMBUSH-1: ambush checks, seed 001 step 1).
        let rules = self.scratch.system.rules();
        let effects = rules.before_start(&self.scratch.state, self.dice)?;
        let mut surprised = Vec::new();
        for effect in effects {
            match effect {
                Effect::Surprise { ids } => surprised.extend(ids),
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
        self.begin_first_turn()
    }

    fn begin_first_turn(&mut self) -> Result<(), EngineError> {
        match self.next_slot() {
            Some((id, pass)) => self.begin_turn(&id, pass),
            None => refuse(format!(
                "no one can act: everyone is down, holding or without initiative (type them with {})",
                self.scratch.system.rules().typed_init_usage()
            )),
        }
    }

    /// Start a turn, then what the system does as it begins (WOIN-COND-8, WOIN-COND-10), with
    /// the dice consumed in turn order.
    fn begin_turn(&mut self, id: &str, pass: u8) -> Result<(), EngineError> {
        self.emit(Event::TurnStarted { id: id.to_string(), pass })?;
        if pass > 0 {
            return Ok(());
        }
        self.turn_start_effects(id)
    }

    /// What the system does as a combatant's own turn begins.
    fn turn_start_effects(&mut self, id: &str) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let rules = self.scratch.system.rules();
        let effects = rules.turn_start(c.view(), &self.scratch.options, self.dice)?;
        for effect in effects {
            match effect {
                crate::rules::system::TurnStartEffect::Damage { amount, roll, kind, explain } => {
                    self.emit(Event::Damaged {
                        id: id.to_string(),
                        amount,
                        roll: Some(roll),
                        kind,
                        loss: amount,
                        explain,
                    })?;
                }
                crate::rules::system::TurnStartEffect::Roll { roll, text, attempt } => {
                    let who = Some(id.to_string());
                    self.emit(Event::Logged { text, roll: Some(roll), who, attempt })?;
                }
                crate::rules::system::TurnStartEffect::Effect(effect) => {
                    self.apply_effect(id, &[], effect)?;
                }
                crate::rules::system::TurnStartEffect::Condition { name } => {
                    let what = crate::rules::system::Inflicted::new(&name, Source::Manual);
                    if self.scratch.get(id).is_some_and(|c| c.condition(&name).is_none()) {
                        self.inflict(id, &what, Some(1))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// A new deal (SW-INIT-1): every card not held goes back, as one event.
    fn collect_cards(&mut self) -> Result<(), EngineError> {
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
    fn advance(&mut self) -> Result<(), EngineError> {
        // The ambush turn: every winner acts once, whatever happened to it meanwhile (Reading:
        // its actions are simultaneous), then round 1.
        if self.scratch.round == 0 && !self.scratch.surprise.is_empty() {
            let enc = &self.scratch;
            let next =
                enc.surprise.iter().find(|id| !enc.done.iter().any(|(d, _)| d == *id)).cloned();
            return match next {
                Some(id) => self.begin_turn(&id, 0),
                None => {
                    self.emit(Event::RoundStarted { round: 1 })?;
                    self.begin_first_turn()
                }
            };
        }
        // Back to the interrupted turn, as it was: nothing is rolled again, nothing refilled.
        if let Some((id, _)) = self.scratch.resume.clone()
            && self.scratch.get(&id).is_some_and(|c| self.scratch.can_act(c))
        {
            return self.emit(Event::TurnResumed);
        }
        // A round under way with nobody's turn (waiting for typed cards): its first turn.
        if self.scratch.turn.is_none() && self.scratch.round > 0 && self.scratch.done.is_empty() {
            return self.begin_first_turn();
        }
        match self.next_slot() {
            Some((id, pass)) => self.begin_turn(&id, pass),
            None => self.new_round(),
        }
    }

    /// The first turn in order that nobody has taken this round and whose combatant can act.
    fn next_slot(&self) -> Option<(String, u8)> {
        let enc = &self.scratch;
        self.slot_ids().into_iter().find(|(id, pass)| {
            !enc.done.iter().any(|(i, p)| i == id && p == pass)
                && enc.get(id).is_some_and(|c| enc.can_act(c))
        })
    }

    /// WOIN-INIT-6: the same order again; SW-INIT-1, SW-INIT-3: a new deal, shuffled after a Joker.
    fn new_round(&mut self) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        // Past the last round a fight keeps, `RoundStarted` is refused (`bounds`).
        let round = self.scratch.round.saturating_add(1);
        if !rules.hold_lasts_across_rounds() {
            let held: Vec<String> =
                self.scratch.combatants.iter().filter(|c| c.held).map(|c| c.id.clone()).collect();
            for id in held {
                self.emit(Event::HoldLapsed { id })?;
            }
        }
        let expiring: Vec<(String, String)> = self
            .scratch
            .combatants
            .iter()
            .flat_map(|c| {
                c.conditions
                    .iter()
                    .filter(|k| k.rounds.is_some_and(|n| n <= 1))
                    .map(|k| (c.id.clone(), k.name.clone()))
            })
            .collect();
        for (id, name) in expiring {
            self.emit(Event::ConditionEnded { id, name, why: Ended::Expired })?;
        }
        // SW-INIT-3: what the system does before a new deal (a shuffle after a Joker), decided
        // before the round begins.
        let before_deal = rules.new_deal(&self.scratch.state, &self.held_cards());
        self.emit(Event::RoundStarted { round })?;
        // SW-INC-2: what happens to each combatant as the round begins (Bleeding Out rolls).
        let ids: Vec<String> = self.scratch.combatants.iter().map(|c| c.id.clone()).collect();
        for id in ids {
            let Some(c) = self.scratch.get(&id) else { continue };
            let effects = rules.round_start(c.view(), self.dice)?;
            for effect in effects {
                self.apply_effect(&id, &[], effect)?;
            }
        }
        // SW-INIT-6: with a physical deck the GM types each card; the round waits for them.
        if rules.deals_each_round() && rules.deals_by_hand(&self.scratch.options) {
            self.collect_cards()?;
            let text = rules.deal_by_hand_prompt().to_string();
            return self.emit(Event::Logged { text, roll: None, who: None, attempt: None });
        }
        if rules.deals_each_round() {
            for event in before_deal {
                self.emit(Event::System(event))?;
            }
            self.collect_cards()?;
            self.roll_missing()?;
            self.break_all_ties()?;
        }
        self.begin_first_turn()
    }

    fn held_cards(&self) -> Vec<crate::rules::cards::Card> {
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

    fn typed_init(&mut self, who: &str, value: &str) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let initiative = self.scratch.system.rules().typed_initiative(&c.stats, value)?;
        let ids = self.scratch.holder_ids(&c.id);
        self.emit(Event::InitiativeSet { ids, initiative })?;
        self.break_all_ties()
    }

    fn swap(&mut self, first: &str, second: &str) -> Result<(), EngineError> {
        let (a, b) = (self.who(first)?, self.who(second)?);
        if a.same_holder(b) {
            return refuse(format!("{} and {} share one initiative already", a.name, b.name));
        }
        match (&a.initiative, &b.initiative) {
            (Some(x), Some(y)) if x.ties_with(y) => {}
            (Some(x), Some(y)) => {
                return refuse(format!(
                    "{} ({}) and {} ({}) are not tied; only tied combatants can swap",
                    a.name, x.value, b.name, y.value
                ));
            }
            _ => return refuse("both need an initiative before they can swap"),
        }
        let (first, second) = (self.scratch.holder_ids(&a.id), self.scratch.holder_ids(&b.id));
        self.emit(Event::Swapped { first, second })
    }

    fn hold(&mut self, who: Option<&str>) -> Result<(), EngineError> {
        self.require_started("hold")?;
        let id = match who {
            Some(q) => self.who(q)?.id.clone(),
            None => match &self.scratch.turn {
                Some(t) => t.id.clone(),
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
        self.emit(Event::Held { id })?;
        if was_current { self.advance() } else { Ok(()) }
    }

    fn act(&mut self, who: &str) -> Result<(), EngineError> {
        self.require_started("act")?;
        let c = self.who(who)?;
        if !c.held {
            return refuse(format!("{} is not holding; `hold {}` first", c.name, c.name));
        }
        let id = c.id.clone();
        let interrupted = self.scratch.turn.as_ref().map(|t| (t.id.clone(), t.pass));
        // Held from its own turn, its turn already began: nothing is rolled again.
        let began = self.scratch.done.iter().any(|(d, p)| *d == id && *p == 0);
        self.emit(Event::Acted { id: id.clone(), interrupted })?;
        if began { Ok(()) } else { self.turn_start_effects(&id) }
    }

    fn damage(
        &mut self,
        who: &str,
        amount: &Amount,
        kind: Option<&str>,
        raw: bool,
    ) -> Result<(), EngineError> {
        let id = self.who(who)?.id.clone();
        // SW-NONLETHAL-1: `damage NAME 9 nonlethal`.
        let nonlethal = kind.is_some_and(|k| k.eq_ignore_ascii_case("nonlethal"));
        let roll = match amount {
            Amount::Fixed(_) => None,
            Amount::Dice(expr) => Some(DiceExpr::parse(expr)?.roll(self.dice)?),
        };
        let total = match (amount, &roll) {
            (Amount::Fixed(n), _) => *n,
            (_, Some(r)) => r.total.max(0),
            (_, None) => 0,
        };
        if !raw {
            // The same pipeline as an attack's hits.
            let hit = crate::rules::system::Hit {
                amount: total,
                roll,
                kind: kind.map(str::to_string),
                nonlethal,
                ..Default::default()
            };
            return self.apply_effects(&id, &[], vec![Effect::Hit(hit)]);
        }
        let Some(c) = self.scratch.get(&id) else {
            return refuse("no such combatant");
        };
        let was_down = self.scratch.is_down(c);
        self.emit(Event::Damaged {
            id: id.clone(),
            amount: total,
            roll,
            kind: kind.map(str::to_string),
            loss: total,
            explain: "raw".to_string(),
        })?;
        self.after_damage(
            &id,
            was_down,
            crate::rules::system::HitKind { nonlethal, called: None },
        )?;
        Ok(())
    }

    fn heal(&mut self, who: &str, amount: i64) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let rules = self.scratch.system.rules();
        rules.can_heal(&c.conditions)?;
        let room =
            rules.max_health(c.health, &c.conditions).saturating_sub(c.health.current).max(0);
        let id = c.id.clone();
        self.emit(Event::Healed { id, amount: amount.min(room), within_hit: false })
    }

    fn condition(
        &mut self,
        who: &str,
        name: &str,
        severe: bool,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let catalogue = self
            .assets
            .catalogue_ref(system)
            .ok_or_else(|| EngineError::Refused(format!("no condition catalogue for {system}")))?;
        let spec = catalogue.find(name).map_err(EngineError::Refused)?.clone();
        let (mut rounds, mut source) = (None, Source::Manual);
        for field in fields {
            let value = field.value.as_deref().unwrap_or("");
            match field.key.as_str() {
                "rounds" => {
                    rounds = Some(
                        value.parse::<u32>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(
                            || EngineError::Refused(format!("rounds={value}: expected 1 to 1000")),
                        )?,
                    );
                }
                "source" => {
                    source = Source::parse(value).ok_or_else(|| {
                        EngineError::Refused(format!(
                            "source={value}: expected manual, spell, environment, crit, exploit or damage"
                        ))
                    })?;
                }
                "spell" | "environment" | "crit" | "exploit" if field.value.is_none() => {
                    source = Source::parse(&field.key).unwrap_or(Source::Manual);
                }
                other => {
                    return refuse(format!(
                        "unknown cond option '{other}'; expected severe, rounds=N or source=…"
                    ));
                }
            }
        }
        // WOIN-COND-5: spell and environment conditions persist.
        let persistent = matches!(source, Source::Spell | Source::Environment);
        let id = self.who(who)?.id.clone();
        let give =
            Give { severe, rounds, source, persistent, by_hand: true, ..Give::new(&spec.name) };
        self.give_condition(&id, give)
    }

    /// The one way a condition is given, whether typed (`cond`), rolled by an attack, or brought
    /// by a rule or a turn: the catalogue entry by its exact name, immunity, the level the
    /// system's rules give it (a second application is severe in WOIN), its duration and
    /// persistence, then the health clamp a lower maximum brings (WOIN-COND-9).
    fn give_condition(&mut self, id: &str, give: Give<'_>) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let Some(spec) = self.assets.catalogue_ref(system).and_then(|c| c.get(give.name)) else {
            return refuse(format!("no condition {} in {system}", give.name));
        };
        let Some(c) = self.scratch.get(id) else {
            return refuse(format!("no combatant with id '{id}'"));
        };
        let existing = c.condition(&spec.name);
        if give.if_absent && existing.is_some() {
            return Ok(());
        }
        // Conditions it is immune to never land from the rules; typed by hand, the GM is told.
        if rules.immune_to(&c.stats, &spec.name) {
            if give.by_hand {
                return refuse(format!("{} is immune to {}", c.name, spec.name));
            }
            return Ok(());
        }
        // WOIN-COND-5: Bleeding and Burning are never persistent.
        if give.persistent && spec.never_persistent {
            return refuse(format!("{} can never be persistent", spec.name));
        }
        let level = rules.condition_level(spec, existing, give.severe)?;
        let condition = Condition {
            name: spec.name.clone(),
            level,
            source: give.source,
            rounds: give.rounds,
            persistent: give.persistent,
            since: self.scratch.round,
            needs_six: give.needs_six || existing.is_some_and(|e| e.needs_six),
            detail: give.detail,
        };
        self.emit(Event::ConditionAdded { id: id.to_string(), condition })?;
        self.clamp_health(id)
    }

    fn shake(&mut self, who: &str, condition: &str) -> Result<(), EngineError> {
        let index = self.scratch.resolve(who)?;
        let c = &self.scratch.combatants[index];
        let name = own_condition(c, condition)?;
        let Some(cond) = c.condition(&name).cloned() else {
            return refuse(format!("{} is not {name}", c.name));
        };
        let rules = self.scratch.system.rules();
        let (pool, cost) = rules.shake_cost();
        let id = c.id.clone();
        // WOIN-COND-2: once per turn per condition (SW-SHAKEN-1: the Spirit roll as the turn
        // begins is that try), one action each where the system charges one.
        let tried =
            self.scratch.turn.as_ref().is_some_and(|t| t.id == id && t.tried.contains(&name));
        if tried {
            return refuse(format!("{} already tried to shake off {name} this turn", c.name));
        }
        if cost > 0 {
            // WOIN-COND-2: conditions that take every action still allow the attempt.
            let no_actions = self
                .scratch
                .turn
                .as_ref()
                .filter(|t| t.id == id)
                .and_then(|t| t.budget.iter().find(|p| p.name == pool))
                .is_some_and(|p| p.total == 0);
            if !no_actions {
                self.check_budget(&id, pool, cost, "shaking off a condition", false).map_err(
                    |e| {
                        EngineError::Refused(
                            e.to_string()
                                .replace(" (add `force` to do it anyway)", "")
                                .replace("; add `force` to do it anyway", ""),
                        )
                    },
                )?;
            }
        }
        let c = &self.scratch.combatants[index];
        let outcome =
            rules.shake_off(&c.stats, c.health, &cond, &self.scratch.options, self.dice)?;
        self.emit(Event::ShakeRolled {
            id: id.clone(),
            name: name.clone(),
            roll: outcome.roll,
            success: outcome.success,
            explain: outcome.explain,
        })?;
        let can_pay = self
            .scratch
            .turn
            .as_ref()
            .filter(|t| t.id == id)
            .and_then(|t| t.budget.iter().find(|p| p.name == pool).map(|p| p.left() >= cost));
        if cost > 0 && can_pay == Some(true) {
            self.emit(Event::Spent {
                id: id.clone(),
                pool: pool.into(),
                amount: cost,
                what: "shake".into(),
            })?;
        }
        if outcome.success {
            self.emit(Event::ConditionEnded { id, name, why: Ended::ShakenOff })?;
        }
        Ok(())
    }

    /// Refuse unless `id` may spend `cost` from `pool` now. Off-turn spending and overspending
    /// are refused with what is left, unless forced.
    fn check_budget(
        &self,
        id: &str,
        pool: &str,
        cost: u8,
        what: &str,
        force: bool,
    ) -> Result<(), EngineError> {
        if force || cost == 0 || (self.scratch.round == 0 && self.scratch.surprise.is_empty()) {
            return Ok(());
        }
        let name = self.scratch.get(id).map_or(id, |c| c.name.as_str());
        let Some(turn) = self.scratch.turn.as_ref().filter(|t| t.id == id) else {
            return refuse(format!("it is not {name}'s turn; add `force` to do it anyway"));
        };
        let Some(budget) = turn.budget.iter().find(|p| p.name == pool) else {
            return Ok(());
        };
        if budget.left() < cost {
            let unit = if cost == 1 { pool.strip_suffix('s').unwrap_or(pool) } else { pool };
            return refuse(format!(
                "{what} costs {cost} {unit}; {name} has {} of {} left this turn (add `force` to do it anyway)",
                budget.left(),
                budget.total
            ));
        }
        Ok(())
    }

    /// Spend from the current turn, if it is `id`'s.
    fn spend(&mut self, id: &str, pool: &str, cost: u8, what: &str) -> Result<(), EngineError> {
        if self.scratch.turn.as_ref().is_some_and(|t| t.id == id) {
            self.emit(Event::Spent {
                id: id.to_string(),
                pool: pool.into(),
                amount: cost,
                what: what.into(),
            })?;
        }
        Ok(())
    }

    /// A weapon from `NAME FIELD=VALUE …` text, checked against the system's weapon fields.
    fn parse_weapon(&self, text: &str) -> Result<crate::rules::stats::Weapon, EngineError> {
        // The name is every word before the first field: `rusty blade pool=3d6 …`.
        let table = self.scratch.system.rules().weapon_fields();
        let tokens =
            crate::command::tokenize(text).map_err(|e| EngineError::Refused(e.to_string()))?;
        let is_field = |t: &crate::command::parse::Token| {
            t.eq.is_some()
                || (!t.quoted && table.iter().any(|f| f.name.eq_ignore_ascii_case(&t.text)))
        };
        let split = tokens.iter().position(is_field).unwrap_or(tokens.len());
        if split == 0 {
            return refuse("a weapon starts with its name");
        }
        let name = tokens[..split].iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
        let fields = tokens[split..]
            .iter()
            .map(crate::command::parse::field_of)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| EngineError::Refused(e.to_string()))?;
        self.weapon_from(&name, &fields)
    }

    fn weapon_from(
        &self,
        name: &str,
        fields: &[Field],
    ) -> Result<crate::rules::stats::Weapon, EngineError> {
        let table = self.scratch.system.rules().weapon_fields();
        if table.is_empty() {
            return refuse(format!(
                "{} weapons arrive with that system's attacks",
                self.scratch.system
            ));
        }
        let mut stats = Stats::default();
        for field in fields {
            stats.set(table, &field.key, field.value.as_deref()).map_err(EngineError::Field)?;
        }
        Ok(crate::rules::stats::Weapon { name: name.to_string(), stats })
    }

    fn weapon(&mut self, who: &str, name: &str, fields: &[Field]) -> Result<(), EngineError> {
        let id = self.who(who)?.id.clone();
        let weapon = self.weapon_from(name, fields)?;
        self.emit(Event::WeaponSet { id, weapon })
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let options = rules.options();
        let counters = rules.settable();
        if counters.iter().any(|o| o.name == name) {
            let count = value
                .parse::<u32>()
                .map_err(|_| EngineError::Refused(format!("{name}: expected a whole number")))?;
            let Some(event) = rules.set_value(name, i64::from(count)) else {
                return refuse(format!("{name} cannot be set in {system}"));
            };
            return self.emit(Event::System(event));
        }
        let Some(spec) = options.iter().find(|o| o.name == name) else {
            let names: Vec<&str> = options.iter().chain(counters).map(|o| o.name).collect();
            return refuse(if names.is_empty() {
                format!("{system} has no options")
            } else {
                format!("unknown option '{name}'; {system} options: {}", names.join(", "))
            });
        };
        let numeric = spec.values.is_empty();
        if numeric && value.parse::<u32>().is_err() {
            return refuse(format!("{name}: expected a whole number"));
        }
        if !numeric && !spec.values.contains(&value) {
            return refuse(format!("{name}: expected {}", spec.values.join(" or ")));
        }
        self.emit(Event::OptionSet { name: name.into(), value: value.into() })
    }

    fn do_action(&mut self, who: &str, action: &str, fields: &[Field]) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let (id, name) = (c.id.clone(), c.name.clone());
        let actions = self.scratch.system.rules().actions();
        // An exact key, else a unique beginning of one.
        let exact: Vec<_> = actions.iter().filter(|a| a.key == action).collect();
        let found: Vec<_> = if exact.is_empty() {
            actions.iter().filter(|a| a.key.starts_with(action)).collect()
        } else {
            exact
        };
        let spec = match found.as_slice() {
            [one] => **one,
            [] => {
                let keys: Vec<&str> = actions.iter().map(|a| a.key).collect();
                return refuse(format!("no action '{action}'; actions: {}", keys.join(", ")));
            }
            many => {
                let keys: Vec<&str> = many.iter().map(|a| a.key).collect();
                return refuse(format!("'{action}' could be {}", keys.join(", ")));
            }
        };
        if spec.key == "shake" {
            return refuse(format!("shaking off rolls dice: use `shake {name} CONDITION`"));
        }
        let force = fields.iter().any(|f| f.key == "force");
        let allowed: Vec<&str> =
            std::iter::once("force").chain(spec.fields.iter().copied()).collect();
        if let Some(other) = fields.iter().find(|f| !allowed.contains(&f.key.as_str())) {
            return refuse(format!(
                "`do {}` takes {}, not '{}'",
                spec.key,
                allowed.join(", "),
                other.key
            ));
        }
        self.require_started("do")?;
        self.check_budget(&id, spec.pool, spec.cost, spec.label, force)?;
        let pairs = field_pairs(fields);
        let effects = {
            let ids = [id.clone()];
            let request = special_request(&self.scratch, spec.key, &ids, &[], &pairs);
            self.scratch.system.rules().do_action(&spec, request)?
        };
        for effect in effects {
            self.apply_effect(&id, &[], effect)?;
        }
        if self.scratch.turn.as_ref().is_some_and(|t| t.id == id) {
            self.spend(&id, spec.pool, spec.cost, spec.key)
        } else {
            self.emit(Event::Logged {
                text: format!("{name}: {} (forced, off turn)", spec.label),
                roll: None,
                who: Some(id),
                attempt: None,
            })
        }
    }

    /// A system verb: combatant arguments become the actor and the target, the rest are words.
    fn special(
        &mut self,
        verb: &str,
        args: &[String],
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let Some(spec) = system.rules().commands().iter().find(|c| c.name == verb) else {
            return refuse(match crate::command::table::owner(verb) {
                Some(owner) => {
                    format!("`{verb}` is a {owner} command; this encounter runs {system}")
                }
                None => format!("`{verb}` is not a {system} command"),
            });
        };
        let mut ids: Vec<String> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        let mut arg_specs =
            spec.args.iter().filter(|a| a.kind != crate::command::table::ArgKind::Fields);
        for arg in args {
            match arg_specs.next().map(|a| a.kind) {
                Some(crate::command::table::ArgKind::Combatant) => {
                    ids.push(self.who(arg)?.id.clone())
                }
                _ => words.push(arg.to_lowercase()),
            }
        }
        let pairs = field_pairs(fields);
        let request = special_request(&self.scratch, spec.name, &ids, &words, &pairs);
        let effects = self.scratch.system.rules().special(request, self.dice)?;
        let actor = ids.first().cloned().unwrap_or_default();
        self.apply_effects(&actor, ids.get(1..).unwrap_or_default(), effects)
    }

    /// Apply a list of effects in order, then the after-damage hooks of everyone they hit.
    fn apply_effects(
        &mut self,
        actor: &str,
        targets: &[String],
        effects: Vec<Effect>,
    ) -> Result<(), EngineError> {
        let before = self.struck.len();
        for effect in effects {
            self.apply_effect(actor, targets, effect)?;
        }
        let struck: Vec<Struck> = self.struck.drain(before..).collect();
        for hit in struck {
            let kind = crate::rules::system::HitKind {
                nonlethal: hit.nonlethal,
                called: hit.location.as_deref(),
            };
            self.after_damage(&hit.id, hit.was_down, kind)?;
        }
        Ok(())
    }

    /// One hit through the pipeline: the system's damage model, the damage event, the conditions
    /// the model gives. The after-damage hooks wait for the end of the attack ([`Self::apply_effects`]).
    fn land_hit(&mut self, id: &str, hit: &crate::rules::system::Hit) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else {
            return refuse(format!("no combatant with id '{id}'"));
        };
        let was_down = self.scratch.is_down(c);
        let outcome = self.scratch.system.rules().damage(DamageRequest {
            stats: &c.stats,
            health: c.health,
            conditions: &c.conditions,
            amount: hit.amount,
            roll: hit.roll.as_ref(),
            kind: hit.kind.as_deref(),
            armor_ignored: hit.armor_ignored,
            armor_added: hit.armor_added,
        })?;
        self.emit(Event::Damaged {
            id: id.to_string(),
            amount: hit.amount,
            roll: hit.roll.clone(),
            kind: hit.kind.clone(),
            loss: outcome.loss,
            explain: outcome.explain,
        })?;
        self.damage_conditions(id, &outcome.conditions)?;
        if !self.struck.iter().any(|s| s.id == id) {
            self.struck.push(Struck {
                id: id.to_string(),
                was_down,
                nonlethal: hit.nonlethal,
                location: hit.location.clone(),
            });
        }
        Ok(())
    }

    /// Turn a rules effect into events. `actor` and `target` are ids.
    fn apply_effect(
        &mut self,
        actor: &str,
        targets: &[String],
        effect: Effect,
    ) -> Result<(), EngineError> {
        use crate::rules::system::Who;
        let pick = |who: Who| -> String {
            match who {
                Who::Actor => actor.to_string(),
                Who::Target(n) => {
                    targets.get(usize::from(n)).map_or(actor, String::as_str).to_string()
                }
            }
        };
        match effect {
            Effect::Attacked { target, summary, rolls, hit, critical } => {
                self.emit(Event::Attacked {
                    attacker: actor.to_string(),
                    target: pick(target),
                    summary,
                    rolls,
                    hit,
                    critical,
                })
            }
            Effect::Hit(hit) => self.land_hit(&pick(hit.target), &hit),
            Effect::Pay { pool, amount } => self.spend(actor, pool, amount, "attack"),
            Effect::Inflict { who, what } => self.inflict(&pick(who), &what, None),
            Effect::Note { who, text, roll } => self.emit(Event::Logged {
                text,
                roll: Some(roll),
                who: Some(pick(who)),
                attempt: None,
            }),
            Effect::System(event) => self.emit(Event::System(event)),
            Effect::Surprise { ids } => self.emit(Event::SurpriseTurn { ids }),
            Effect::Cancel { who, name } => {
                let id = pick(who);
                self.emit(Event::ConditionEnded { id, name, why: Ended::Cancelled })
            }
            Effect::Log { text, roll } => {
                let who = (!actor.is_empty()).then(|| actor.to_string());
                self.emit(Event::Logged { text, roll, who, attempt: None })
            }
            Effect::AddCondition { who, name, rounds, detail, persistent } => {
                let give = Give { rounds, detail, persistent, ..Give::new(&name) };
                self.give_condition(&pick(who), give)
            }
            Effect::RemoveCondition { who, name } => {
                let id = pick(who);
                let present =
                    self.scratch.get(&id).and_then(|c| c.condition(&name)).map(|c| c.name.clone());
                match present {
                    Some(name) => {
                        self.emit(Event::ConditionEnded { id, name, why: Ended::Removed })
                    }
                    None => Ok(()),
                }
            }
            Effect::Damage { who, loss, explain } => {
                let id = pick(who);
                if loss < 0 {
                    return self.emit(Event::Healed { id, amount: -loss, within_hit: false });
                }
                let was_down = self.scratch.get(&id).is_some_and(|c| self.scratch.is_down(c));
                self.emit(Event::Damaged {
                    id: id.clone(),
                    amount: loss,
                    roll: None,
                    kind: None,
                    loss,
                    explain,
                })?;
                self.after_damage(&id, was_down, crate::rules::system::HitKind::default())
            }
            Effect::Restore { who, amount } => {
                self.emit(Event::Healed { id: pick(who), amount, within_hit: true })
            }
            Effect::Stat { who, field, delta } => {
                let id = pick(who);
                let value = self
                    .scratch
                    .get(&id)
                    .map_or(0, |c| c.stats.int_or(field, 0))
                    .saturating_add(delta);
                // The rules refuse spending what is not there; a stat such as Charisma may go below 0.
                self.emit(Event::StatChanged { id, field: field.to_string(), value })
            }
            Effect::Spend { who, amount, what } => {
                let id = pick(who);
                let pool = self
                    .scratch
                    .turn
                    .as_ref()
                    .filter(|t| t.id == id)
                    .and_then(|t| t.budget.first())
                    .map(|p| p.name.clone());
                match pool {
                    Some(pool) => self.emit(Event::Spent { id, pool, amount, what }),
                    None => Ok(()),
                }
            }
            Effect::ActNow { who } => {
                let id = pick(who);
                self.act(&id)
            }
            Effect::SpendAll { who, why } => {
                let id = pick(who);
                let left = self
                    .scratch
                    .turn
                    .as_ref()
                    .filter(|t| t.id == id)
                    .and_then(|t| t.budget.first().map(|p| (p.name.clone(), p.left())));
                match left {
                    Some((pool, n)) if n > 0 => {
                        self.emit(Event::Spent { id, pool, amount: n, what: why })
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Conditions the damage model gives (a Savage Worlds Shaken), unless already there.
    fn damage_conditions(&mut self, id: &str, names: &[String]) -> Result<(), EngineError> {
        for name in names {
            let give = Give { source: Source::Damage, if_absent: true, ..Give::new(name) };
            self.give_condition(id, give)?;
        }
        Ok(())
    }

    /// After damage lands: the system's reaction to it (SW-INC-1, the Incapacitation roll).
    fn after_damage(
        &mut self,
        id: &str,
        was_down: bool,
        hit: crate::rules::system::HitKind<'_>,
    ) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let effects =
            self.scratch.system.rules().after_damage(c.view(), was_down, hit, self.dice)?;
        for effect in effects {
            self.apply_effect(id, &[], effect)?;
        }
        Ok(())
    }

    /// `attack`: the system answers with ordered effects (rolls, verdicts, hits, conditions,
    /// costs); the budget is checked before anything is recorded, every hit goes through the
    /// damage pipeline, and the after-damage hooks run once the attack is done.
    fn attack(
        &mut self,
        attacker: &str,
        targets: &[String],
        weapon: Option<&str>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let force = fields.iter().any(|f| f.key == "force");
        let pairs = field_pairs(fields);
        let sides = attack_sides(&self.scratch, attacker, targets)?;
        let rules = self.scratch.system.rules();
        let dice = &mut *self.dice;
        let effects = with_request(&self.scratch, &sides, weapon, &pairs, |request| {
            Ok(rules.attack(request, dice)?)
        })?;
        let enc = &self.scratch;
        let actor = enc.combatants[sides.members[0]].id.clone();
        let target_ids: Vec<String> =
            sides.targets.iter().map(|&i| enc.combatants[i].id.clone()).collect();
        for effect in &effects {
            if let Effect::Pay { pool, amount } = effect {
                self.check_budget(&actor, pool, *amount, "an attack", force)?;
            }
        }
        self.apply_effects(&actor, &target_ids, effects)
    }

    /// A condition an attack or a turn brings, through the system's level rules.
    fn inflict(
        &mut self,
        id: &str,
        what: &crate::rules::system::Inflicted,
        rounds: Option<u32>,
    ) -> Result<(), EngineError> {
        let give = Give {
            source: what.source,
            needs_six: what.needs_six,
            rounds,
            ..Give::new(&what.name)
        };
        self.give_condition(id, give)
    }

    /// WOIN-COND-9: when the highest health drops (severe Fatigued), current health follows.
    fn clamp_health(&mut self, id: &str) -> Result<(), EngineError> {
        let Some(c) = self.scratch.get(id) else { return Ok(()) };
        let max = self.scratch.system.rules().max_health(c.health, &c.conditions);
        if c.health.current > max {
            let loss = c.health.current.saturating_sub(max);
            self.emit(Event::Damaged {
                id: id.to_string(),
                amount: loss,
                roll: None,
                kind: None,
                loss,
                explain: format!(
                    "max {} lowered to {max}",
                    self.scratch.system.rules().health_label()
                ),
            })?;
        }
        Ok(())
    }
}

/// The name of one of `c`'s conditions matching `query` (exact or unique prefix, any case).
fn own_condition(c: &Combatant, query: &str) -> Result<String, EngineError> {
    crate::rules::conditions::own(&c.name, &c.conditions, query).map_err(EngineError::Refused)
}

/// Who attacks and whom, as indices into the encounter's combatants.
struct Sides {
    /// The attacker, or every member of a group attacking together (the first leads).
    members: Vec<usize>,
    targets: Vec<usize>,
}

/// Resolve an attack's names: the attacker is a combatant, or a whole group named by its id
/// (`goblin` for Goblin 1–4: those still standing attack together); targets are combatants.
fn attack_sides(enc: &Encounter, attacker: &str, targets: &[String]) -> Result<Sides, EngineError> {
    let wanted = slug(attacker);
    let group: Vec<usize> = (0..enc.combatants.len())
        .filter(|&i| enc.combatants[i].group.as_deref() == Some(wanted.as_str()))
        .collect();
    let members = if group.len() > 1 && enc.get(&wanted).is_none() {
        let up: Vec<usize> =
            group.iter().copied().filter(|&i| !enc.is_down(&enc.combatants[i])).collect();
        if up.is_empty() {
            return refuse(format!("no one in {} is standing to attack", attacker.trim()));
        }
        up
    } else {
        vec![enc.resolve(attacker)?]
    };
    if targets.is_empty() {
        return refuse("an attack needs a TARGET");
    }
    let mut chosen = Vec::with_capacity(targets.len());
    for name in targets {
        let i = enc.resolve(name)?;
        if chosen.contains(&i) {
            return refuse(format!("{} is named twice as a target", enc.combatants[i].name));
        }
        chosen.push(i);
    }
    Ok(Sides { members, targets: chosen })
}

/// Build the rules' view of an attack (the parties, the weapon named or the first one, the
/// options and the system's state) and hand it to `ask`.
fn with_request<'e, R>(
    enc: &'e Encounter,
    sides: &Sides,
    weapon: Option<&str>,
    pairs: &'e [(String, Option<String>)],
    ask: impl FnOnce(crate::rules::system::AttackRequest<'_>) -> Result<R, EngineError>,
) -> Result<R, EngineError> {
    use crate::rules::system::Party;
    let party = |&i: &usize| {
        let c = &enc.combatants[i];
        Party { id: c.id.as_str(), view: c.view() }
    };
    let members: Vec<Party<'e>> = sides.members.iter().map(party).collect();
    let targets: Vec<Party<'e>> = sides.targets.iter().map(party).collect();
    let (att, tgt) = (&enc.combatants[sides.members[0]], &enc.combatants[sides.targets[0]]);
    let chosen = match weapon {
        Some(w) => {
            let wanted = w.to_lowercase();
            let exact = att.weapons.iter().find(|x| x.name.to_lowercase() == wanted);
            let mut prefixed =
                att.weapons.iter().filter(|x| x.name.to_lowercase().starts_with(&wanted));
            let found = exact.or_else(|| prefixed.next().filter(|_| prefixed.next().is_none()));
            match found {
                Some(x) => Some(x),
                None if att.weapons.is_empty() => {
                    return refuse(format!(
                        "{} has no weapons; add one with `weapon {} NAME …`",
                        att.name, att.name
                    ));
                }
                None => {
                    let names: Vec<&str> = att.weapons.iter().map(|x| x.name.as_str()).collect();
                    return refuse(format!(
                        "{} has no weapon '{w}'; it has {}",
                        att.name,
                        names.join(", ")
                    ));
                }
            }
        }
        None => att.weapons.first(),
    };
    let request = crate::rules::system::AttackRequest {
        attacker: att.view(),
        target: tgt.view(),
        weapon: chosen,
        fields: pairs,
        options: &enc.options,
        attacker_id: &att.id,
        target_id: &tgt.id,
        members: &members,
        targets: &targets,
        on_turn: enc.turn.as_ref().is_some_and(|tn| tn.id == att.id),
        state: &enc.state,
        actions_taken: enc
            .turn
            .as_ref()
            .filter(|tn| tn.id == att.id)
            .and_then(|tn| tn.budget.first())
            .map_or(0, |p| p.used),
    };
    ask(request)
}

/// The odds of an `attack` command before it is rolled, when the system can tell.
pub fn attack_preview(enc: &Encounter, command: &Command) -> Result<Option<String>, EngineError> {
    let Command::Attack { attacker, targets, weapon, fields } = command else {
        return Ok(None);
    };
    let pairs = field_pairs(fields);
    let sides = attack_sides(enc, attacker, targets)?;
    with_request(enc, &sides, weapon.as_deref(), &pairs, |request| {
        Ok(enc.system.rules().attack_odds(request)?)
    })
}

/// What a system verb (or a `do` action) sees: the actor and the target by id, the words and
/// fields, and the encounter around them.
fn special_request<'s>(
    enc: &'s Encounter,
    verb: &'s str,
    ids: &'s [String],
    words: &'s [String],
    pairs: &'s [(String, Option<String>)],
) -> crate::rules::system::SpecialRequest<'s> {
    let actor = ids.first().and_then(|id| enc.get(id));
    let target = ids.get(1).and_then(|id| enc.get(id));
    let actions_taken = actor
        .and_then(|a| enc.turn.as_ref().filter(|t| t.id == a.id))
        .and_then(|t| t.budget.first())
        .map_or(0, |p| p.used);
    crate::rules::system::SpecialRequest {
        verb,
        actor: actor.map(Combatant::view),
        target: target.map(Combatant::view),
        actor_id: ids.first().map(String::as_str),
        target_id: ids.get(1).map(String::as_str),
        words,
        fields: pairs,
        options: &enc.options,
        round: enc.round,
        started: enc.round > 0 || !enc.surprise.is_empty(),
        state: &enc.state,
        lookup: enc,
        current: enc.current().map(Combatant::view),
        actions_taken,
        held: actor.is_some_and(|a| a.held),
    }
}

/// `FIELD=VALUE` pairs as the rules read them.
fn field_pairs(fields: &[Field]) -> Vec<(String, Option<String>)> {
    fields.iter().map(|f| (f.key.clone(), f.value.clone())).collect()
}

impl crate::rules::system::Lookup for Encounter {
    fn find<'s>(
        &'s self,
        query: &str,
    ) -> Result<(&'s str, crate::rules::system::CombatantView<'s>), String> {
        let c = &self.combatants[self.resolve(query).map_err(|e| e.to_string())?];
        Ok((&c.id, c.view()))
    }
}
