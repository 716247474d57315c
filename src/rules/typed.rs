//! The typed side of a system ([`Rules`]: its spec, its own state and event types, its rules)
//! and the one blanket implementation that erases those types into the [`Ruleset`] the engine
//! and the journal hold.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::conditions::{Condition, Level};
use super::dice::DiceSource;
use super::effect::*;
use super::initiative::Initiative;
use super::request::*;
use super::ruleset::{Fact, Line, Roster, Ruleset};
use super::spec::Spec;
use super::state::{Bounded, SystemEvent, SystemState};
use super::stats::{FieldError, Stats};
use super::types::*;
use super::verb::ActionSpec;

/// What a system implements: its spec, its own state and events, and the rules that differ
/// between systems, each method taking one context value. The engine holds it as a
/// [`Ruleset`] through the one blanket implementation below.
pub trait Rules: Sync + Send + 'static {
    /// What the system keeps of its own in an encounter (the Savage Worlds deck, WOIN overwatch).
    type State: Default
        + Clone
        + PartialEq
        + fmt::Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// One change to that state, recorded in the journal as `Tag(…)`.
    type Event: Clone
        + PartialEq
        + fmt::Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + Bounded
        + 'static;

    /// What is constant about the system: identity, words, tables.
    fn spec(&self) -> &'static Spec;

    /// What the rules show of one combatant now (defaults filled in, conditions applied).
    fn sheet(&self, who: Subject<'_, Self::State>) -> Sheet;

    /// What the rules show of the encounter as a whole, with the options in force.
    fn board(&self, _state: &Self::State, _options: &Options) -> Board {
        Board::default()
    }

    /// Settle a newcomer before its health is worked out: its stats from its side (Savage
    /// Worlds: a player character is a Wild Card unless marked an Extra), and whether `add NAME
    /// xN` makes one combatant standing for N members (a Gempunks regiment): then the unit's
    /// name. `None` adds N separate combatants as usual.
    fn enter(&self, _newcomer: Newcomer<'_>) -> Result<Option<String>, RulesError> {
        Ok(None)
    }

    /// What kind of combatant the stats make (for the `add` echo), and a unit's strength now
    /// (`Bandits 17/20`).
    fn unit(&self, _who: CombatantView<'_>) -> Unit {
        Unit::default()
    }

    /// Starting health from the stats.
    fn health(&self, stats: &Stats) -> Health;

    /// How a combatant's health stands now: how hurt it is ([`HealthBand::Down`] is out of the
    /// fight: listed but skipped) and how far healing may go.
    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals {
        Vitals {
            band: default_band(health, conditions),
            healing: Healing { max: health.max, refused: None },
        }
    }

    /// What a turn allows.
    fn turn_budget(&self, who: Subject<'_, Self::State>, pass: Pass) -> Vec<ActionPool>;

    /// What becomes of a condition about to land: by default it lands at its first level, or
    /// severe when asked and the condition has one.
    fn arrival(&self, arrival: Arrival<'_>) -> Result<Landing, RulesError> {
        let spec = arrival.spec;
        if arrival.severe && spec.severe.is_none() {
            return Err(RulesError::Invalid(format!("{} has no severe level", spec.name)));
        }
        let level = if arrival.severe { Level::Severe } else { Level::First };
        Ok(Landing::Lands { level, ends: Vec::new() })
    }

    /// A field `add`, `edit`, `weapon` or a bestiary entry has just set (`field`, lowercase),
    /// checked for the names it holds (damage types, conditions) and kept under their canonical
    /// names; an unknown name is refused with the nearest (WOIN `immune=firee`, WOIN-TYPE-1).
    /// Most fields hold no names.
    fn check_names(
        &self,
        _stats: &mut Stats,
        _field: &str,
        _of: FieldOf<'_>,
    ) -> Result<(), FieldError> {
        Ok(())
    }

    /// Roll to shake off a condition.
    fn shake_off(
        &self,
        who: Subject<'_, Self::State>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError>;

    /// What happens as a combatant's turn begins (ongoing damage, a Confused roll, GURPS-HP-2).
    fn turn_start(
        &self,
        _who: Subject<'_, Self::State>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Ok(Vec::new())
    }

    /// What the system does at a moment of the fight (before the start, a new deal, a round's
    /// start, a turn's end, after damage, a word of `next`, `set`).
    fn moment(
        &self,
        _at: Moment<'_, Self::State>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Roll (or deal) initiative for one combatant or group.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext<Self::State>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError>;

    /// Initiative typed in by the GM (`17`, `6.25`, `QS`, `joker`).
    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError>;

    /// The turns a combatant takes in a round (WOIN creatures with 3+ actions act more than once).
    fn passes(&self, _stats: &Stats, init: &Initiative) -> Vec<Pass> {
        vec![Pass::main(init.value.rank(), 1)]
    }

    /// Apply the system's damage model.
    fn damage(&self, hit: DamageRequest<'_, Self::State>) -> Result<DamageOutcome, RulesError>;

    /// Actions were just spent on `who`'s own turn: its pools `before` and `after` the command.
    /// What follows from it (WOIN Pain's 1d6 on a second action), as turn-start effects are.
    fn actions_spent(
        &self,
        _who: CombatantView<'_>,
        _before: &[ActionPool],
        _after: &[ActionPool],
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Ok(Vec::new())
    }

    /// Roll an attack's hit dice ahead of its damage and propose how the hits are shared among
    /// its targets, for the GM to accept or change (`None`: nothing to share).
    fn attack_proposal(
        &self,
        _request: AttackRequest<'_, Self::State>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Option<Proposal>, RulesError> {
        Ok(None)
    }

    /// One of [`Self::attack_choices`] as it stands for this attack, the picks before it made
    /// (GURPS: each defense the target has against it, with its value and odds): (label, field
    /// text) with the one to preselect first; `None` keeps the fixed list.
    fn attack_choice(
        &self,
        _request: AttackRequest<'_, Self::State>,
        _label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        Ok(None)
    }

    /// What the attack dialog shows of the attack written so far, each part when the system can
    /// tell: the hint for its free field, the switches that apply, the order of its rolls, the
    /// odds.
    fn attack_guide(&self, _request: AttackRequest<'_, Self::State>) -> AttackGuide {
        AttackGuide::default()
    }

    /// What an attack will cost, known before any die is rolled, so a refusal comes first.
    fn attack_cost(
        &self,
        _request: AttackRequest<'_, Self::State>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        Ok(Vec::new())
    }

    /// What an action of the `do` list does beyond spending its cost (WOIN suppressive fire).
    fn do_action(
        &self,
        _action: &ActionSpec,
        _request: SpecialRequest<'_, Self::State>,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Resolve an attack. Each system's issue brings its own resolution.
    fn attack(
        &self,
        _request: AttackRequest<'_, Self::State>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::NotYet(format!(
            "attack resolution for {} is not built yet; use damage and cond meanwhile",
            self.spec().name
        )))
    }

    /// Apply one of the system's events to its state; the log line it leaves.
    fn apply(
        &self,
        state: &mut Self::State,
        event: &Self::Event,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError>;

    /// Follow a core event in the system's own state.
    fn observe(&self, _state: &mut Self::State, _fact: Fact<'_>) {}
}

/// The one place a system's own types are erased for the engine and the journal: every [`Rules`]
/// is a [`Ruleset`]. The state and events pass through typed: a read borrows the system's state
/// in place (no copy), an event is read back by the system's own type.
impl<R: Rules> Ruleset for R {
    fn spec(&self) -> &'static Spec {
        Rules::spec(self)
    }

    fn sheet(&self, who: Subject<'_>) -> Sheet {
        let state = own::<R::State>(who.state);
        Rules::sheet(self, who.with_state(&state))
    }

    fn board(&self, state: &SystemState, options: &Options) -> Board {
        Rules::board(self, &own::<R::State>(state), options)
    }

    fn enter(&self, newcomer: Newcomer<'_>) -> Result<Option<String>, RulesError> {
        Rules::enter(self, newcomer)
    }

    fn unit(&self, who: CombatantView<'_>) -> Unit {
        Rules::unit(self, who)
    }

    fn health(&self, stats: &Stats) -> Health {
        Rules::health(self, stats)
    }

    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals {
        Rules::vitals(self, health, conditions)
    }

    fn turn_budget(&self, who: Subject<'_>, pass: Pass) -> Vec<ActionPool> {
        let state = own::<R::State>(who.state);
        Rules::turn_budget(self, who.with_state(&state), pass)
    }

    fn arrival(&self, arrival: Arrival<'_>) -> Result<Landing, RulesError> {
        Rules::arrival(self, arrival)
    }

    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        of: FieldOf<'_>,
    ) -> Result<(), FieldError> {
        Rules::check_names(self, stats, field, of)
    }

    fn shake_off(
        &self,
        who: Subject<'_>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        let state = own::<R::State>(who.state);
        Rules::shake_off(self, who.with_state(&state), condition, dice)
    }

    fn turn_start(
        &self,
        who: Subject<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let state = own::<R::State>(who.state);
        Rules::turn_start(self, who.with_state(&state), dice)
    }

    fn moment(&self, at: Moment<'_>, dice: &mut dyn DiceSource) -> Result<Vec<Effect>, RulesError> {
        match at {
            Moment::BeforeStart { state } => {
                let state = own::<R::State>(state);
                Rules::moment(self, Moment::BeforeStart { state: &state }, dice)
            }
            Moment::NewDeal { state, kept } => {
                let state = own::<R::State>(state);
                Rules::moment(self, Moment::NewDeal { state: &state, kept }, dice)
            }
            Moment::RoundStart { who } => Rules::moment(self, Moment::RoundStart { who }, dice),
            Moment::TurnEnd { who } => {
                let state = own::<R::State>(who.state);
                Rules::moment(self, Moment::TurnEnd { who: who.with_state(&state) }, dice)
            }
            Moment::AfterDamage { who, was_down, hit } => {
                let state = hit.state.map(own::<R::State>);
                let hit = hit.with_state(state.as_deref());
                Rules::moment(self, Moment::AfterDamage { who, was_down, hit }, dice)
            }
            Moment::NextFlag { flag, id } => {
                Rules::moment(self, Moment::NextFlag { flag, id }, dice)
            }
            Moment::Set { name, value } => Rules::moment(self, Moment::Set { name, value }, dice),
        }
    }

    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        // The working copy moves into the system's type and back, whatever the roll says.
        let mut typed = InitContext {
            state: ctx.state.take::<R::State>(),
            shared: std::mem::take(&mut ctx.shared),
            in_hand: std::mem::take(&mut ctx.in_hand),
            events: std::mem::take(&mut ctx.events),
        };
        let rolled = Rules::roll_initiative(self, who, &mut typed, dice);
        let InitContext { state, shared, in_hand, events } = typed;
        *ctx = InitContext { state: SystemState::new(state), shared, in_hand, events };
        rolled
    }

    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        Rules::typed_initiative(self, stats, text)
    }

    fn passes(&self, stats: &Stats, init: &Initiative) -> Vec<Pass> {
        Rules::passes(self, stats, init)
    }

    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        let state = own::<R::State>(hit.state);
        Rules::damage(self, hit.with_state(&state))
    }

    fn actions_spent(
        &self,
        who: CombatantView<'_>,
        before: &[ActionPool],
        after: &[ActionPool],
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Rules::actions_spent(self, who, before, after, dice)
    }

    fn attack_proposal(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Proposal>, RulesError> {
        let state = own::<R::State>(request.state);
        Rules::attack_proposal(self, request.with_state(&state), dice)
    }

    fn attack_choice(
        &self,
        request: AttackRequest<'_>,
        label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        let state = own::<R::State>(request.state);
        Rules::attack_choice(self, request.with_state(&state), label)
    }

    fn attack_guide(&self, request: AttackRequest<'_>) -> AttackGuide {
        let state = own::<R::State>(request.state);
        Rules::attack_guide(self, request.with_state(&state))
    }

    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let state = own::<R::State>(request.state);
        Rules::attack_cost(self, request.with_state(&state))
    }

    fn new_state(&self) -> SystemState {
        SystemState::new(R::State::default())
    }

    fn decode_state(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemState, erased_serde::Error> {
        Ok(SystemState::new(erased_serde::deserialize::<R::State>(d)?))
    }

    fn decode_event(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemEvent, erased_serde::Error> {
        Ok(SystemEvent::new(Rules::spec(self).tag, erased_serde::deserialize::<R::Event>(d)?))
    }

    fn apply_event(
        &self,
        state: &mut SystemState,
        event: &SystemEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        let name = Rules::spec(self).name;
        let Some(typed) = event.get::<R::Event>() else {
            return Err(RulesError::Invalid(format!("{name} cannot apply {event:?}")));
        };
        let Some(own) = state.own_mut::<R::State>() else {
            return Err(RulesError::Invalid(format!("{name} holds another system's state")));
        };
        Rules::apply(self, own, typed, roster)
    }

    fn observe(&self, state: &mut SystemState, fact: Fact<'_>) {
        if let Some(own) = state.own_mut::<R::State>() {
            Rules::observe(self, own, fact);
        }
    }

    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        let state = own::<R::State>(request.state);
        Rules::do_action(self, action, request.with_state(&state))
    }

    fn attack(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let state = own::<R::State>(request.state);
        Rules::attack(self, request.with_state(&state), dice)
    }
}

/// A system verb written for the system's own state, called with the engine's request: each
/// entry of a verb table wraps its function in it (`run: |req, dice| typed::verb(req, dice,
/// verbs::luck)`), so the erasure stays here.
pub fn verb<S: Default + Clone + 'static>(
    request: SpecialRequest<'_>,
    dice: &mut dyn DiceSource,
    run: super::verb::VerbFn<S>,
) -> Result<Vec<Effect>, RulesError> {
    let state = own::<S>(request.state);
    run(request.with_state(&state), dice)
}

/// A system's state as its own type, borrowed in place. Only an encounter whose system state
/// has not been read back yet (the placeholder a save's encounter holds until its system reads
/// the snapshot) reads as a fresh state; any other type is a bug, caught in tests.
fn own<S: Default + Clone + 'static>(state: &SystemState) -> Cow<'_, S> {
    match state.get::<S>() {
        Some(own) => Cow::Borrowed(own),
        None => {
            debug_assert!(
                state.is_placeholder(),
                "a system read another system's state: {state:?}"
            );
            Cow::Owned(S::default())
        }
    }
}
