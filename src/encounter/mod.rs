//! The encounter: combatants, rounds and turns, as a pure fold of [`Event`]s. Commands become events
//! in [`engine`]; [`history`] keeps them for undo, redo and saving. No terminal, no files.

pub mod alerts;
pub mod assets;
mod bounds;
pub mod combatant;
pub mod engine;
pub mod event;
pub mod fight_end;
mod fold;
pub mod history;
pub mod names;

pub use assets::{Assets, Creature, CreatureEntry};
pub use bounds::MAX_ROUND;
pub use combatant::{Combatant, CombatantId, slug};
pub use engine::EngineError;
pub use event::{Ended, Event};
pub use fold::{ApplyError, LogEntry, Opens};
pub use history::{Branch, Entry, LOG_KEPT, Node, Outcome, Session};

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::state::SystemState;
use crate::rules::types::Options;
use crate::rules::{ActionPool, System};

/// One turn of a round: whose, and which of its turns (0 is its own count).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSlot {
    pub id: CombatantId,
    pub pass: u8,
}

impl TurnSlot {
    pub fn new(id: impl Into<CombatantId>, pass: u8) -> TurnSlot {
        TurnSlot { id: id.into(), pass }
    }

    /// The same combatant's same turn.
    pub fn is(&self, id: &str, pass: u8) -> bool {
        self.id == id && self.pass == pass
    }
}

/// Whose turn it is and what it has left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub id: CombatantId,
    /// Which of the combatant's turns this round (0 is its own count).
    pub pass: u8,
    pub budget: Vec<ActionPool>,
    /// Conditions it has tried to shake off this turn.
    pub tried: Vec<String>,
}

/// One turn in the round's schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// Index into [`Encounter::combatants`].
    pub index: usize,
    pub pass: u8,
    pub count: i64,
    pub actions: u8,
    pub main: bool,
}

/// The state of a fight: everything the events have built. A journal's snapshot saves it (the
/// system's own state apart, as the system writes it: [`SystemState::to_ron`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    pub system: System,
    pub name: String,
    /// Shared with snapshots and planning copies: a change copies only the combatant it touches.
    pub combatants: Vec<Arc<Combatant>>,
    /// 0 until `start`.
    pub round: u32,
    pub turn: Option<Turn>,
    /// The turn an `act` interrupted, resumed by the next `next`.
    pub resume: Option<TurnSlot>,
    /// That turn as it was left (budget spent, aim, shake-offs tried).
    pub interrupted: Option<Turn>,
    /// Turns taken (or passed) this round, as (id, pass); `next` goes to the first one not here.
    pub done: Vec<TurnSlot>,
    /// Rule options set for this encounter.
    pub options: Options,
    /// Before round 1: who takes a turn in the surprise turn (a won ambush).
    pub surprise: Vec<CombatantId>,
    /// What the system keeps of its own (the Savage Worlds deck, WOIN overwatch …).
    #[serde(skip, default = "SystemState::none")]
    pub state: SystemState,
    /// The fight has ended (a side fell, or the GM said `end`); play may still go on.
    #[serde(default)]
    pub over: bool,
    /// The GM put the fight on the players' view before it started (`show`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shown: bool,
    /// The initiative order, sorted once per state: the screen asks for it every frame.
    #[serde(skip)]
    order: OrderCache,
    /// Alerts waiting in the order (`alert`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alerts: Vec<alerts::Alert>,
    /// Alerts set so far, for the next one's number.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub alerts_made: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A cache of [`Encounter::initiative_order`], emptied by every event the encounter applies.
/// It is not part of the state: two encounters are equal whatever either has cached.
#[derive(Debug, Clone, Default)]
struct OrderCache(std::sync::OnceLock<Arc<[usize]>>);

impl PartialEq for OrderCache {
    fn eq(&self, _: &OrderCache) -> bool {
        true
    }
}

impl Eq for OrderCache {}

impl Encounter {
    /// The fight has begun: round 1 or later, or a surprise turn before it.
    pub fn under_way(&self) -> bool {
        self.round > 0 || !self.surprise.is_empty()
    }

    pub fn new(system: System, name: &str) -> Encounter {
        Encounter {
            system,
            name: name.to_string(),
            combatants: Vec::new(),
            round: 0,
            turn: None,
            resume: None,
            interrupted: None,
            done: Vec::new(),
            options: Options::new(),
            surprise: Vec::new(),
            state: system.rules().new_state(),
            over: false,
            shown: false,
            order: OrderCache::default(),
            alerts: Vec::new(),
            alerts_made: 0,
        }
    }

    pub fn get(&self, id: &str) -> Option<&Combatant> {
        self.combatants.iter().find(|c| c.id == id).map(|c| &**c)
    }

    /// Drop the cached initiative order: the state is about to change.
    pub(crate) fn forget_order(&mut self) {
        self.order = OrderCache::default();
    }

    /// The combatant at `index`, to change (copied first if a snapshot shares it).
    pub(crate) fn combatant_mut(&mut self, index: usize) -> &mut Combatant {
        self.forget_order();
        Arc::make_mut(&mut self.combatants[index])
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.combatants.iter().position(|c| c.id == id)
    }

    /// A combatant's health as it stands, its maximum as its conditions leave it (WOIN's severe
    /// Fatigued halves it): what every screen shows.
    pub fn health_now(&self, c: &Combatant) -> crate::rules::Health {
        let max = self.system.rules().vitals(c.health, &c.conditions).healing.max;
        crate::rules::Health { current: c.health.current, max }
    }

    /// Down or dead: listed, but skipped.
    pub fn is_down(&self, c: &Combatant) -> bool {
        self.system.rules().vitals(c.health, &c.conditions).band
            == crate::rules::types::HealthBand::Down
    }

    /// A combatant with the encounter around it, as the rules' questions take it.
    pub fn subject<'a>(&'a self, c: &'a Combatant) -> crate::rules::request::Subject<'a> {
        crate::rules::request::Subject {
            id: &c.id,
            view: c.view(),
            state: &self.state,
            options: &self.options,
        }
    }

    pub fn can_act(&self, c: &Combatant) -> bool {
        !c.held && !self.is_down(c)
    }

    /// The value of a rule option: as set, or the system's default.
    pub fn option(&self, name: &str) -> &str {
        crate::rules::ruleset::option(self.system.rules(), &self.options, name)
    }

    /// The current combatant.
    pub fn current(&self) -> Option<&Combatant> {
        self.turn.as_ref().and_then(|t| self.get(&t.id))
    }

    /// Combatants with initiative, in acting order (ties already broken by roll-offs; equal
    /// ones, such as group members, keep the order they were added in).
    pub fn initiative_order(&self) -> Vec<usize> {
        self.order.0.get_or_init(|| self.sort_initiative().into()).to_vec()
    }

    fn sort_initiative(&self) -> Vec<usize> {
        use std::cmp::Reverse;
        // Each key is read once (the value's rank, then the tie-breakers and roll-offs, highest
        // first, as `Initiative::acting_order` orders them), and the index breaks every tie, so
        // an unstable sort gives the same order.
        let mut keyed: Vec<_> = (self.combatants.iter().enumerate())
            .filter_map(|(i, c)| {
                let init = c.initiative.as_ref()?;
                let key = (init.value.rank(), init.ties.as_slice(), init.rolloff.as_slice());
                Some((Reverse(key), i))
            })
            .collect();
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, i)| i).collect()
    }

    /// Every turn of the round in order, including those of combatants who cannot act now.
    pub fn schedule(&self) -> Vec<Slot> {
        let rules = self.system.rules();
        let mut slots: Vec<(usize, Slot)> = Vec::new();
        for (rank, index) in self.initiative_order().into_iter().enumerate() {
            let c = &self.combatants[index];
            let Some(init) = &c.initiative else { continue };
            for (pass, p) in rules.passes(&c.stats, init).into_iter().enumerate() {
                let pass = u8::try_from(pass).unwrap_or(u8::MAX);
                slots.push((
                    rank,
                    Slot { index, pass, count: p.count, actions: p.actions, main: p.main },
                ));
            }
        }
        slots.sort_by(|(ra, a), (rb, b)| {
            b.count.cmp(&a.count).then(ra.cmp(rb)).then(a.pass.cmp(&b.pass))
        });
        slots.into_iter().map(|(_, s)| s).collect()
    }

    /// Ids in the order they act this round, skipping the down and the holding (a combatant
    /// with several turns appears once per turn).
    pub fn acting_order(&self) -> Vec<&str> {
        self.schedule()
            .into_iter()
            .map(|s| &self.combatants[s.index])
            .filter(|c| self.can_act(c))
            .map(|c| c.id.as_str())
            .collect()
    }

    /// Ids of everyone sharing `id`'s initiative (its group), in listing order.
    pub fn holder_ids(&self, id: &str) -> Vec<CombatantId> {
        match self.get(id) {
            Some(c) => {
                self.combatants.iter().filter(|o| o.same_holder(c)).map(|o| o.id.clone()).collect()
            }
            None => Vec::new(),
        }
    }

    /// How a combatant or its group is named in the log: `Aria`, or `Goblin 1–3` for a group.
    pub fn holder_name(&self, ids: &[CombatantId]) -> String {
        let names: Vec<&str> =
            ids.iter().filter_map(|id| self.get(id)).map(|c| c.name.as_str()).collect();
        match names.as_slice() {
            [] => "nobody".to_string(),
            [one] => one.to_string(),
            [first, .., last] => format!("{first} … {last}"),
        }
    }
}
