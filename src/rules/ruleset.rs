//! The one interface every game system implements ([`Ruleset`]), and what its fold sees.

use super::cards::Card;
use super::conditions::{Catalogue, Condition, ConditionSpec, Level};
use super::dice::{DiceSource, RollRecord};
use super::effect::*;
use super::initiative::Initiative;
use super::request::*;
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldError, FieldSpec, Stats};
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
    /// The word used in commands and file names: `woin`.
    fn key(&self) -> &'static str;

    /// Other words accepted for it (`sw` for Savage Worlds).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// The name a GM reads: `Savage Worlds`.
    fn name(&self) -> &'static str;

    /// The tag saves use: `Savage`.
    fn tag(&self) -> &'static str;

    /// The commands only this system has (`soak`, `luck` …), each declared once with its function.
    fn commands(&self) -> &'static [super::verb::Verb] {
        &[]
    }

    /// Fields `add` accepts, with their kinds.
    fn fields(&self) -> &'static [FieldSpec];

    /// The figures a GM reads at a glance, as the rules use them now (defaults filled in,
    /// conditions applied): the same labels in the same order for everyone of the system, so the
    /// combatant pane shows each in a fixed cell, the eye finds it in the same place, and a
    /// selection move redraws only values. Every stat as set is on the sheet.
    fn glance(
        &self,
        who: CombatantView<'_>,
        id: &str,
        state: &SystemState,
    ) -> Vec<(&'static str, String)>;

    /// Settle a newcomer's stats from its side before its health is worked out (Savage Worlds: a
    /// player character is a Wild Card unless marked an Extra).
    fn on_add(&self, _stats: &mut Stats, _side: super::types::Side) {}

    /// Whether `add NAME [xN]` with these stats makes one combatant standing for N members (a
    /// Gempunks regiment). If so, the unit's name, its stats settled (how many members); `None`
    /// adds N separate combatants as usual.
    fn one_unit(
        &self,
        _name: &str,
        _count: Option<u32>,
        _stats: &mut Stats,
        _options: &Options,
    ) -> Result<Option<String>, RulesError> {
        Ok(None)
    }

    /// A combatant standing for several members (a Gempunks regiment): its strength now, shown
    /// on its row (`Bandits 17/20`).
    fn strength(&self, _who: CombatantView<'_>) -> Option<Strength> {
        None
    }

    /// A word for what kind of combatant the stats make, for the `add` echo (`Wild Card`).
    fn kind_of(&self, _stats: &Stats) -> Option<&'static str> {
        None
    }

    /// Starting health from the stats.
    fn health(&self, stats: &Stats) -> Health;

    /// How health is named and shown: `HEALTH`, `HP`, `wounds`.
    fn health_label(&self) -> &'static str;

    /// Whether health is read as damage taken (Savage Worlds wounds) rather than health left:
    /// the turn order's bar and a group's total then count what was taken.
    fn health_counts_taken(&self) -> bool {
        false
    }

    /// Health as the GM reads it: `HEALTH 12/30`, `HP 9/12`.
    fn health_text(&self, health: Health) -> String {
        format!("{} {}/{}", self.health_label(), health.current, health.max)
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

    /// What [`Ruleset::typed_initiative`] takes, for the initiative dialog's hint.
    fn typed_init_hint(&self) -> &'static str {
        "the total rolled at the table, such as 17"
    }

    /// Whether initiative is dealt afresh every round (the Savage Worlds action deck).
    fn deals_each_round(&self) -> bool {
        false
    }

    /// Whether a held action carries into the next round (Savage Worlds) or lapses.
    fn hold_lasts_across_rounds(&self) -> bool {
        false
    }

    /// The turns a combatant takes in a round (WOIN creatures with 3+ actions act more than once).
    fn passes(&self, _stats: &Stats, init: &Initiative) -> Vec<Pass> {
        vec![Pass::main(init.value.rank(), 1)]
    }

    /// Every action pool a turn of this system can have (`actions`, `free`, `reaction`); costs
    /// name only these.
    fn pools(&self) -> &'static [&'static str] {
        &["actions"]
    }

    /// What a turn allows.
    fn turn_budget(&self, stats: &Stats, conditions: &[Condition], pass: Pass) -> Vec<ActionPool>;

    /// What a turn allows, for a system whose budget reads the whole combatant or the rule
    /// options (Gempunks: a regiment's members, `gem_debt_from`); by default [`Ruleset::turn_budget`].
    fn turn_budget_in(
        &self,
        who: CombatantView<'_>,
        pass: Pass,
        _options: &Options,
    ) -> Vec<ActionPool> {
        self.turn_budget(who.stats, who.conditions, pass)
    }

    /// Whether initiative ties left after the tie-breakers are settled by d6 roll-offs (true), or
    /// kept in the order the combatants were added (Gempunks `gem_init_tie=list`).
    fn rolls_off_ties(&self, _options: &Options) -> bool {
        true
    }

    /// Every (pool, amount) an action of the `do` list costs; by default its one pool (a
    /// Gempunks Melee Guard costs the standard and the move action).
    fn action_costs(&self, action: &ActionSpec) -> Vec<(&'static str, u8)> {
        vec![(action.pool, action.cost)]
    }

    /// Out of the fight: listed but skipped.
    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= 0
            || conditions.iter().any(|c| c.name == "Dead" || c.name == "Unconscious")
    }

    /// How hurt a combatant looks to the players: down, else by the share of health left.
    fn health_band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        if self.is_down(health, conditions) {
            HealthBand::Down
        } else {
            HealthBand::from_share(health.current, health.max)
        }
    }

    /// Apply the system's damage model.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError>;

    /// Immune to a condition (WOIN `immune=poisoned`): it never lands from the rules.
    fn immune_to(&self, _stats: &Stats, _condition: &str) -> bool {
        false
    }

    /// Conditions that `condition` ends as it lands (GURPS postures: one at a time).
    fn ends_on_arrival(&self, _condition: &str) -> Vec<&'static str> {
        Vec::new()
    }

    /// The level a condition takes when applied, given any copy already present.
    fn condition_level(
        &self,
        spec: &ConditionSpec,
        existing: Option<&Condition>,
        severe: bool,
    ) -> Result<Level, RulesError> {
        let _ = existing;
        if severe && spec.severe.is_none() {
            return Err(RulesError::Invalid(format!("{} has no severe level", spec.name)));
        }
        Ok(if severe { Level::Severe } else { Level::First })
    }

    /// A damage type as the log names it (WOIN: the canonical name of an alias).
    fn damage_kind(&self, kind: &str) -> String {
        kind.to_string()
    }

    /// Words `next` takes for the turn it begins (GURPS `skip_ht`).
    fn next_flags(&self) -> &'static [&'static str] {
        &[]
    }

    /// What one of [`Ruleset::next_flags`] does for `id`, whose turn `next` begins, before its
    /// turn-start rolls.
    fn next_flag(&self, _flag: &str, _id: &str) -> Vec<Effect> {
        Vec::new()
    }

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

    /// Roll to shake off a condition.
    fn shake_off(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError>;

    /// [`Ruleset::shake_off`] for a system whose roll also looks at the combatant's other
    /// conditions (WOIN severe Sick on an attribute check).
    fn shake_off_in(
        &self,
        who: CombatantView<'_>,
        condition: &Condition,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        self.shake_off(who.stats, who.health, condition, options, dice)
    }

    /// What a combatant can do on a turn, with its cost, for `do` and the action menu.
    fn actions(&self) -> &'static [ActionSpec] {
        &[]
    }

    /// A stat field `add`, `edit` or a bestiary entry has just set (`field`, lowercase), checked
    /// for the names it holds (damage types, the conditions of `catalogue`) and kept under their
    /// canonical names; an unknown name is refused with the nearest (WOIN `immune=firee`,
    /// WOIN-TYPE-1). Most fields hold no names.
    fn check_names(
        &self,
        _stats: &mut Stats,
        _field: &str,
        _catalogue: &Catalogue,
    ) -> Result<(), FieldError> {
        Ok(())
    }

    /// The same for a weapon field `weapon` or a bestiary weapon has just set (WOIN
    /// `type=forse`).
    fn check_weapon_names(&self, _stats: &mut Stats, _field: &str) -> Result<(), FieldError> {
        Ok(())
    }

    /// Fields a weapon takes (`weapon NAME WEAPON FIELD=VALUE …`).
    fn weapon_fields(&self) -> &'static [FieldSpec] {
        &[]
    }

    /// The rule options this system offers.
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// What trying to shake off a condition costs, as (pool, amount); 0 means no cost and no
    /// once-per-turn limit.
    fn shake_cost(&self) -> (&'static str, u8) {
        ("actions", 0)
    }

    /// Health can be restored (WOIN: not while Poisoned).
    fn can_heal(&self, _conditions: &[Condition]) -> Result<(), RulesError> {
        Ok(())
    }

    /// The highest health can go now (WOIN: halved by severe Fatigued).
    fn max_health(&self, health: Health, _conditions: &[Condition]) -> i64 {
        health.max
    }

    /// Figures the rules derive for a combatant as it stands now (effective DEFENSEs, SOAK …),
    /// as dotted names: `defenses.melee`. Shown in the TUI and in `--json`.
    fn derived(&self, _who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        Vec::new()
    }

    /// Figures as [`Ruleset::derived`], for a system that also reads its own state (GURPS
    /// maneuver, shock, FP); by default the same as `derived`.
    fn derived_in(
        &self,
        who: CombatantView<'_>,
        _id: &str,
        _state: &SystemState,
    ) -> Vec<(&'static str, Derived)> {
        self.derived(who)
    }

    /// Extra lines for the combatant pane (GURPS: maneuver, posture, shock, weapons not ready).
    fn status_lines(
        &self,
        _who: CombatantView<'_>,
        _id: &str,
        _state: &SystemState,
    ) -> Vec<String> {
        Vec::new()
    }

    /// What happens as a combatant's turn begins (ongoing damage, a Confused roll).
    fn turn_start(
        &self,
        _who: CombatantView<'_>,
        _options: &Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        Ok(Vec::new())
    }

    /// As [`Ruleset::turn_start`], for a system that reads its own state there (GURPS-HP-2);
    /// by default the same as `turn_start`.
    fn turn_start_in(
        &self,
        who: CombatantView<'_>,
        _id: &str,
        _state: &SystemState,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        self.turn_start(who, options, dice)
    }

    /// What happens as a combatant's own turn ends, before the next begins (GURPS-STUN-2: the
    /// roll to recover from Stunned; shock clears). Effects land on the combatant (`Who::Actor`).
    fn turn_end(
        &self,
        _who: CombatantView<'_>,
        _id: &str,
        _state: &SystemState,
        _options: &Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Which dice of a roll deserve attention in the log (sixes, aces, criticals).
    fn notable(&self, roll: &RollRecord) -> Vec<bool> {
        roll.dice.iter().map(|d| d.face == d.sides && d.sides > 1).collect()
    }

    /// What the attack dialog's last text step suggests typing.
    fn attack_hint(&self) -> &'static str {
        "blank, or FIELD=VALUE options"
    }

    /// [`Self::attack_hint`] for this attack, the weapon chosen, naming only the options that
    /// apply to it; `None` keeps the general one.
    fn attack_hint_now(&self, _request: AttackRequest<'_>) -> Option<String> {
        None
    }

    /// The attack dialog's choice for an attack without a listed weapon.
    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give its numbers below (FIELD=VALUE)"
    }

    /// Every field `attack` takes in this system, each once with its kind, besides the engine's
    /// own ([`super::signature::FORCE`], `weapon=none`). The engine refuses any other field, and a
    /// switch given anything but `on` or `off`, before the attack is prepared; a bare word among
    /// them is never read as a weapon name.
    fn attack_fields(&self) -> &'static [super::signature::FieldArg] {
        &[]
    }

    /// Whether one attack may name several targets, so the attack dialog offers more (a Gempunks
    /// set).
    fn several_targets(&self) -> bool {
        false
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

    /// Picks the attack dialog walks after the weapon (GURPS: location, defense), each a list
    /// of (label, the field text it adds; empty for the default).
    fn attack_choices(&self) -> &'static [AttackChoice] {
        &[]
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

    /// Attack modifiers the dialog offers as switches: (field, label).
    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Those of [`Self::attack_toggles`] that apply to this attack, the weapon chosen (Savage
    /// Worlds: only the modifiers for the roll the weapon makes); `None` offers them all.
    fn attack_toggles_now(
        &self,
        _request: AttackRequest<'_>,
    ) -> Option<Vec<(&'static str, &'static str)>> {
        None
    }

    /// What an attack will cost, known before any die is rolled, so a refusal comes first.
    fn attack_cost(
        &self,
        _request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        Ok(Vec::new())
    }

    /// The rolls an attack asks for, in the order the rules make them, for a GM typing the
    /// faces rolled at the table (`attack 5d6, then damage 2d6 if it hits, …`).
    fn dice_order(&self, _request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        Ok(None)
    }

    /// The odds of an attack before it is rolled, in words (`6d6 vs MELEE 10: hit 72%, …`).
    fn attack_odds(&self, _request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        Ok(None)
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
        Err(serde::de::Error::custom(format!("{} has no events of its own", self.name())))
    }

    /// Apply one of this system's events to its state; the log line it leaves.
    fn apply_event(
        &self,
        _state: &mut SystemState,
        event: &SystemEvent,
        _roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        Err(RulesError::Invalid(format!("{} cannot apply {event:?}", self.name())))
    }

    /// Follow a core event in the system's own state.
    fn observe(&self, _state: &mut SystemState, _fact: Fact<'_>) {}

    /// What the turns before round 1 are called in the log (`Ambush turn`).
    fn surprise_label(&self) -> &'static str {
        "Surprise turn"
    }

    /// What a turn before round 1 allows.
    fn surprise_budget(&self) -> Vec<ActionPool> {
        vec![ActionPool::new(self.pools().first().copied().unwrap_or("actions"), 1)]
    }

    /// What happens as `start` begins the fight, before initiative (WOIN ambushes).
    fn before_start(
        &self,
        _state: &SystemState,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// System events before a new deal of initiative, given the cards kept in hand (SW-INIT-3: a
    /// shuffle after a Joker).
    fn new_deal(&self, _state: &SystemState, _kept: &[Card]) -> Vec<SystemEvent> {
        Vec::new()
    }

    /// The GM deals initiative from a physical deck and types each card.
    fn deals_by_hand(&self, _options: &Options) -> bool {
        false
    }

    /// What the log asks of the GM when initiative is dealt by hand.
    fn deal_by_hand_prompt(&self) -> &'static str {
        "type each initiative: `init NAME VALUE` for each, then `next`"
    }

    /// How to type an initiative by hand, for refusals (`init NAME VALUE`).
    fn typed_init_usage(&self) -> &'static str {
        "`init NAME VALUE`"
    }

    /// Counters the system keeps in its own state that `set NAME N` changes (the GM's benny pool).
    fn settable(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// The event that sets one of [`Ruleset::settable`] to `value`.
    fn set_value(&self, _name: &str, _value: i64) -> Option<SystemEvent> {
        None
    }

    /// Figures of the system's own state for `--json` (`gm_bennies`, `deck_left`).
    fn state_figures(&self, _state: &SystemState) -> Vec<(&'static str, Derived)> {
        Vec::new()
    }

    /// A word for the turn-order pane's title (`deck 40 left`), with the options in force.
    fn order_status(&self, _state: &SystemState, _options: &Options) -> Option<String> {
        None
    }

    /// How the log says a condition ended by the roll to shake it off.
    fn shake_phrase(&self) -> &'static str {
        "shaken off"
    }

    /// How the log says a condition was cancelled (a WOIN LUC die).
    fn cancel_phrase(&self) -> &'static str {
        "cancelled"
    }

    /// What an action of the `do` list does beyond spending its cost (WOIN suppressive fire).
    fn do_action(
        &self,
        _action: &ActionSpec,
        _request: SpecialRequest<'_>,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// `skirmish odds SYSTEM ARGS…`: a table of odds, or what the words should have been.
    fn odds_report(&self, _args: &[String]) -> Result<String, String> {
        Err(format!("{} has no odds report", self.name()))
    }

    /// What `skirmish odds` takes for this system (`gurps SKILL [vs=DEFENSE]`) and what it
    /// shows, for `--help`, the manual page and completion; `None` without an odds report.
    fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// What the rules do right after a combatant took damage (SW-INC-1: the Incapacitation roll).
    fn after_damage(
        &self,
        _who: CombatantView<'_>,
        _was_down: bool,
        _hit: HitKind<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// What happens to a combatant as a round begins (SW-INC-2: Bleeding Out).
    fn round_start(
        &self,
        _who: CombatantView<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Ok(Vec::new())
    }

    /// Resolve an attack. Each system's issue brings its own resolution.
    fn attack(
        &self,
        _request: AttackRequest<'_>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        Err(RulesError::NotYet(format!(
            "attack resolution for {} is not built yet; use damage and cond meanwhile",
            self.name()
        )))
    }
}

/// Every option an encounter of this system takes: the core ones, then the system's own.
pub fn all_options(rules: &dyn Ruleset) -> impl Iterator<Item = &'static OptionSpec> {
    CORE_OPTIONS.iter().chain(rules.options())
}

/// The value of an option: as set, or the default.
pub fn option<'a>(rules: &dyn Ruleset, options: &'a Options, name: &str) -> &'a str {
    match options.get(name) {
        Some(v) => v.as_str(),
        None => all_options(rules).find(|o| o.name == name).map_or("", |o| o.default),
    }
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
                $crate::rules::ruleset::Ruleset::tag(self),
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
