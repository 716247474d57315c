//! The one interface every game system implements ([`Ruleset`]), and what its fold sees.

use super::cards::Card;
use super::conditions::{Condition, Level};
use super::dice::{DiceSource, RollRecord};
use super::effect::*;
use super::initiative::Initiative;
use super::request::*;
use super::spec::Spec;
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldError, Stats};
use super::types::*;

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

/// Everything that differs between the four systems.
pub trait Ruleset: Sync {
    /// What is constant about the system: identity, words, tables.
    fn spec(&self) -> &'static Spec;

    /// What the rules show of one combatant now (defaults filled in, conditions applied).
    fn sheet(&self, who: Subject<'_>) -> Sheet;

    /// What the rules show of the encounter as a whole, with the options in force.
    fn board(&self, _state: &SystemState, _options: &Options) -> Board {
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
    fn turn_budget(&self, who: Subject<'_>, pass: Pass) -> Vec<ActionPool>;

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
        who: Subject<'_>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError>;

    /// What happens as a combatant's turn begins (ongoing damage, a Confused roll, GURPS-HP-2).
    fn turn_start(
        &self,
        _who: Subject<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Ok(Vec::new())
    }

    /// What the system does at a moment of the fight (before the start, a new deal, a round's
    /// start, a turn's end, after damage, a word of `next`, `set`).
    fn moment(
        &self,
        _at: Moment<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Roll (or deal) initiative for one combatant or group.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError>;

    /// Initiative typed in by the GM (`17`, `6.25`, `QS`, `joker`).
    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError>;

    /// The turns a combatant takes in a round (WOIN creatures with 3+ actions act more than once).
    fn passes(&self, _stats: &Stats, init: &Initiative) -> Vec<Pass> {
        vec![Pass::main(init.value.rank(), 1)]
    }

    /// Apply the system's damage model.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError>;

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
        _request: AttackRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Option<Proposal>, RulesError> {
        Ok(None)
    }

    /// One of [`Self::attack_choices`] as it stands for this attack, the picks before it made
    /// (GURPS: each defense the target has against it, with its value and odds): (label, field
    /// text) with the one to preselect first; `None` keeps the fixed list.
    fn attack_choice_now(
        &self,
        _request: AttackRequest<'_>,
        _label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        Ok(None)
    }

    /// What the attack dialog shows of the attack written so far, each part when the system can
    /// tell: the hint for its free field, the switches that apply, the order of its rolls, the
    /// odds.
    fn attack_guide(&self, _request: AttackRequest<'_>) -> AttackGuide {
        AttackGuide::default()
    }

    /// What an attack will cost, known before any die is rolled, so a refusal comes first.
    fn attack_cost(
        &self,
        _request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        Ok(Vec::new())
    }

    /// The system's own state at the start of an encounter.
    fn new_state(&self) -> SystemState {
        SystemState::none()
    }

    /// Read this system's state from a snapshot (see [`super::state::decode_state`]); a system
    /// that keeps nothing reads `()`.
    fn decode_state(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemState, erased_serde::Error> {
        super::state::decode_state::<()>(d)
    }

    /// Read one of this system's events from a save (see [`super::state::decode`]).
    fn decode_event(
        &self,
        _d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemEvent, erased_serde::Error> {
        Err(serde::de::Error::custom(format!("{} has no events of its own", self.spec().name)))
    }

    /// Apply one of this system's events to its state; the log line it leaves.
    fn apply_event(
        &self,
        _state: &mut SystemState,
        event: &SystemEvent,
        _roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        Err(RulesError::Invalid(format!("{} cannot apply {event:?}", self.spec().name)))
    }

    /// Follow a core event in the system's own state.
    fn observe(&self, _state: &mut SystemState, _fact: Fact<'_>) {}

    /// What an action of the `do` list does beyond spending its cost (WOIN suppressive fire).
    fn do_action(
        &self,
        _action: &ActionSpec,
        _request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// A system verb (`soak`, `trick`, `fear` …). `None` of them by default.
    fn special(
        &self,
        request: SpecialRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::Invalid(format!("`{}` is not part of {}", request.verb, self.spec().name)))
    }

    /// Resolve an attack. Each system's issue brings its own resolution.
    fn attack(
        &self,
        _request: AttackRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::NotYet(format!(
            "attack resolution for {} is not built yet; use damage and cond meanwhile",
            self.spec().name
        )))
    }
}

/// Every option an encounter of this system takes: the core ones, then the system's own.
pub fn all_options(rules: &dyn Ruleset) -> impl Iterator<Item = &'static OptionSpec> + use<> {
    rules.spec().all_options()
}

/// The value of an option: as set, or the default.
pub fn option<'a>(rules: &dyn Ruleset, options: &'a Options, name: &str) -> &'a str {
    rules.spec().option(options, name)
}

/// The `Ruleset` methods by which a system keeps its own state and events, written once for every
/// system: `$module` holds the state type, the event type, and the `apply` and `observe` functions.
macro_rules! own_state {
    ($module:ident, $state:ident, $event:ident) => {
        fn new_state(&self) -> $crate::rules::state::SystemState {
            $crate::rules::state::SystemState::new($module::$state::default())
        }

        fn decode_state(
            &self,
            d: &mut dyn erased_serde::Deserializer,
        ) -> Result<$crate::rules::state::SystemState, erased_serde::Error> {
            $crate::rules::state::decode_state::<$module::$state>(d)
        }

        fn decode_event(
            &self,
            d: &mut dyn erased_serde::Deserializer,
        ) -> Result<$crate::rules::state::SystemEvent, erased_serde::Error> {
            $crate::rules::state::decode::<$module::$event>(
                $crate::rules::ruleset::Ruleset::spec(self).tag,
                d,
            )
        }

        fn apply_event(
            &self,
            state: &mut $crate::rules::state::SystemState,
            event: &$crate::rules::state::SystemEvent,
            roster: &mut dyn $crate::rules::ruleset::Roster,
        ) -> Result<$crate::rules::ruleset::Line, $crate::rules::types::RulesError> {
            $module::apply(state, event, roster)
        }

        fn observe(
            &self,
            state: &mut $crate::rules::state::SystemState,
            fact: $crate::rules::ruleset::Fact<'_>,
        ) {
            $module::observe(state, fact);
        }
    };
}
pub(crate) use own_state;
