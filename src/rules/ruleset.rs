//! The one interface every game system implements ([`Ruleset`]), and what its fold sees.

use super::conditions::Condition;
use super::dice::cards::Card;
use super::dice::{DiceSource, RollRecord};
use super::effect::*;
use super::initiative::Initiative;
use super::request::*;
use super::spec::Spec;
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldError, Stats};
use super::types::*;
use super::verb::ActionSpec;

/// What a system's fold may see and change of the encounter: names, the round, and combatants'
/// stats (the system's own fields, such as LUC).
pub trait Roster {
    fn name_of(&self, id: &str) -> Option<&str>;
    fn stats_mut(&mut self, id: &str) -> Option<&mut Stats>;
    fn round(&self) -> u32;
}

/// The log line a system event leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub roll: Option<RollRecord>,
    /// Who the line is about (an id).
    pub who: Option<String>,
}

/// A core event a system may follow in its own state.
#[derive(Debug, Clone, Copy)]
pub enum Fact<'a> {
    RoundStarted {
        round: u32,
    },
    TurnStarted {
        id: &'a str,
    },
    /// A held combatant takes its turn now.
    Acted {
        id: &'a str,
    },
    InitiativeSet {
        drawn: &'a [Card],
    },
    /// An attack landed on (or missed) `target`; the hits it brings follow.
    Attacked {
        target: &'a str,
    },
    Damaged {
        id: &'a str,
        loss: i64,
        round: u32,
    },
    Healed {
        id: &'a str,
        amount: i64,
        within_hit: bool,
    },
    ConditionAdded {
        id: &'a str,
        condition: &'a Condition,
    },
    Spent {
        id: &'a str,
        what: &'a str,
    },
    /// A combatant left the fight: nothing of the system's may point at it any more.
    Removed {
        id: &'a str,
    },
}

/// A system as the engine and the journal hold it: its types erased. Every [`Rules`] is one,
/// through the one blanket implementation in `typed.rs`; the methods are documented there.
///
/// [`Rules`]: super::typed::Rules
pub trait Ruleset: Sync {
    /// As [`Rules::spec`].
    fn spec(&self) -> &'static Spec;

    /// As [`Rules::sheet`].
    fn sheet(&self, who: Subject<'_>) -> Sheet;

    /// As [`Rules::board`].
    fn board(&self, state: &SystemState, options: &Options) -> Board;

    /// As [`Rules::enter`].
    fn enter(&self, newcomer: Newcomer<'_>) -> Result<Option<String>, RulesError>;

    /// As [`Rules::unit`].
    fn unit(&self, who: CombatantView<'_>) -> Unit;

    /// As [`Rules::health`].
    fn health(&self, stats: &Stats) -> Health;

    /// As [`Rules::vitals`].
    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals;

    /// As [`Rules::turn_budget`].
    fn turn_budget(&self, who: Subject<'_>, pass: Pass) -> Vec<ActionPool>;

    /// As [`Rules::arrival`].
    fn arrival(&self, arrival: Arrival<'_>) -> Result<Landing, RulesError>;

    /// As [`Rules::check_names`].
    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        of: FieldOf<'_>,
    ) -> Result<(), FieldError>;

    /// As [`Rules::shake_off`].
    fn shake_off(
        &self,
        who: Subject<'_>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError>;

    /// As [`Rules::turn_start`].
    fn turn_start(
        &self,
        who: Subject<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError>;

    /// As [`Rules::moment`].
    fn moment(&self, at: Moment<'_>, dice: &mut dyn DiceSource) -> Result<Vec<Effect>, RulesError>;

    /// As [`Rules::roll_initiative`].
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError>;

    /// As [`Rules::typed_initiative`].
    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError>;

    /// As [`Rules::passes`].
    fn passes(&self, stats: &Stats, init: &Initiative) -> Vec<Pass>;

    /// As [`Rules::damage`].
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError>;

    /// As [`Rules::actions_spent`].
    fn actions_spent(
        &self,
        who: CombatantView<'_>,
        before: &[ActionPool],
        after: &[ActionPool],
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError>;

    /// As [`Rules::attack_proposal`].
    fn attack_proposal(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Proposal>, RulesError>;

    /// As [`Rules::attack_choice`].
    fn attack_choice(
        &self,
        request: AttackRequest<'_>,
        label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError>;

    /// As [`Rules::attack_guide`].
    fn attack_guide(&self, request: AttackRequest<'_>) -> AttackGuide;

    /// As [`Rules::attack_cost`].
    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError>;

    /// The system's own state at the start of an encounter.
    fn new_state(&self) -> SystemState;

    /// Read the system's state back from a snapshot.
    fn decode_state(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemState, erased_serde::Error>;

    /// Read one of the system's events back from a save.
    fn decode_event(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemEvent, erased_serde::Error>;

    /// Apply one of the system's events to its state; the log line it leaves.
    fn apply_event(
        &self,
        state: &mut SystemState,
        event: &SystemEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError>;

    /// Follow a core event in the system's own state.
    fn observe(&self, state: &mut SystemState, fact: Fact<'_>);

    /// As [`Rules::do_action`].
    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError>;

    /// As [`Rules::attack`].
    fn attack(
        &self,
        request: AttackRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError>;
}

/// Every option an encounter of this system takes: the core ones, then the system's own.
pub fn all_options(rules: &dyn Ruleset) -> impl Iterator<Item = &'static OptionSpec> + use<> {
    rules.spec().all_options()
}

/// The value of an option: as set, or the default.
pub fn option<'a>(rules: &dyn Ruleset, options: &'a Options, name: &str) -> &'a str {
    rules.spec().option(options, name)
}
