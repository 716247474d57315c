//! Savage Worlds: the ruleset itself, its stat fields and the numbers the whole folder shares. The
//! action deck (SW-INIT-*), trait rolls (SW-ROLL-1), Shaken and wounds (SW-DMG-2, SW-DMG-3,
//! SW-SHAKEN-1), attacks, Incapacitation and Bleeding Out (SW-INC-1, SW-INC-2), the verbs and
//! tables each live in a module here. All of Savage Worlds' numbers live in this folder.

pub mod attack;
mod autofire;
pub mod commands;
mod damage_dice;
mod deal;
pub mod deck;
mod dice_order;
mod incapacitation;
pub mod odds;
mod roll;
mod shaken;
pub mod spec;
pub mod state;
pub mod tables;
pub mod verbs;
mod wounds;
use spec::SPEC;

pub use roll::{TraitRoll, trait_roll};

use super::cards::Card;
use super::conditions::Condition;
use super::dice::DiceSource;
use super::effect::{Effect, HitKind, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, FieldReader, InitContext,
    InitRequest, ShakeOutcome, SpecialRequest,
};
use super::ruleset::{Line, Roster};
use super::state::SystemEvent;
use super::stats::{Stats, TraitDie};
use super::typed::Rules;
use super::types::{ActionPool, Derived, Health, HealthBand, Options, Pass, RulesError, Side};
use crate::rules::request::{AttackGuide, Healing, Vitals};
use crate::rules::request::{Board, Moment, Newcomer, Sheet, Subject, Unit};
use state::{SavageEvent, SavageState};

/// The Savage Worlds ruleset.
pub struct Savage;

use super::words::signed;

/// Actions in a Savage Worlds turn (SW-ACT-1).
pub(crate) const ACTIONS: u8 = 3;

/// The usual target number.
pub const TN: i64 = 4;
/// Wound levels a Wild Card can carry before the next wound incapacitates it.
const WILD_WOUNDS: i64 = 3;
/// An untrained or unstated trait rolls a d4.
const DEFAULT_DIE: TraitDie = TraitDie { sides: 4, bonus: 0 };

impl Savage {
    /// Holds a Joker this round (SW-INIT-3: +2 to its Trait and damage rolls).
    pub fn holds_joker(who: CombatantView<'_>) -> bool {
        who.initiative.is_some_and(|i| matches!(i.value, InitValue::Card(card) if card.is_joker()))
    }

    pub fn is_wild(stats: &Stats) -> bool {
        stats.flag("wild")
    }

    /// SW-ROLL-2: −1 per wound taken, at most −3.
    pub fn wound_penalty(health: Health) -> i64 {
        -health.max.saturating_sub(health.current).clamp(0, WILD_WOUNDS)
    }
}

impl Savage {
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SavageState,
    ) -> Vec<(&'static str, String)> {
        // An untrained skill rolls d4−2 (the attack's own reading of an unset skill).
        // A die as people write it: `d6−1`, with a true minus sign.
        let die = |d: crate::rules::stats::TraitDie| d.to_string().replace('-', "−");
        let skill = |name| match who.stats.die(name) {
            Some(d) => die(d),
            None => format!("{}−2", die(attack::UNTRAINED)),
        };
        // An Extra has no bennies of its own unless given some (the GM's pool pays for it).
        let bennies = match who.stats.int("bennies") {
            Some(n) => n.to_string(),
            None if Self::is_wild(who.stats) => "0".to_string(),
            None => "none".to_string(),
        };
        // SW-ATK-7: an object's Parry is 2.
        let parry = if who.stats.flag("object") { 2 } else { attack::effective_parry(who) };
        vec![
            ("parry", parry.to_string()),
            ("toughness", wounds::toughness(who.stats).to_string()),
            ("fighting", skill("fighting")),
            ("shooting", skill("shooting")),
            ("spirit", die(who.stats.die("spirit").unwrap_or(DEFAULT_DIE))),
            ("bennies", bennies),
        ]
    }

    // JSON and display: wounds, Shaken, the incapacitated state, bennies, injuries, fatigue.
    pub(crate) fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
        let incapacitated = ["Dead", "Stabilised", "Bleeding-Out", "Unconscious", "Stunned"]
            .iter()
            .find(|n| has(n))
            .map(|n| n.to_ascii_lowercase().replace('-', "_"));
        let incapacitated = match incapacitated {
            Some(state) => Derived::Text(state),
            None if who.health.current < 0 => Derived::Text("incapacitated".into()),
            None => Derived::Nothing,
        };
        let fatigue = who
            .conditions
            .iter()
            .find(|c| c.name == "Fatigued")
            .map_or(0, |c| if c.level == super::conditions::Level::Severe { 2 } else { 1 });
        vec![
            ("wild", Derived::Bool(Self::is_wild(who.stats))),
            ("wounds", Derived::Int(who.health.max.saturating_sub(who.health.current))),
            ("max_wounds", Derived::Int(who.health.max)),
            ("shaken", Derived::Bool(has("Shaken"))),
            ("incapacitated", incapacitated),
            ("bennies", Derived::Int(who.stats.int_or("bennies", 0))),
            (
                "injuries",
                Derived::List(
                    who.conditions
                        .iter()
                        .filter(|c| c.name == "Injured")
                        .filter_map(|c| c.detail.clone())
                        .collect(),
                ),
            ),
            ("fatigue", Derived::Int(fatigue)),
        ]
    }

    // SW-ROLL-2, SW-INIT-3: what every Trait roll of it carries now.
    pub(crate) fn status_lines(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SavageState,
    ) -> Vec<String> {
        let carried: Vec<String> = attack::trait_modifiers(who)
            .iter()
            .map(|(why, n)| format!("{why} {}", signed(*n)))
            .collect();
        match carried.is_empty() {
            true => Vec::new(),
            false => vec![format!("trait rolls: {}", carried.join(" · "))],
        }
    }

    pub(crate) fn state_figures(&self, state: &SavageState) -> Vec<(&'static str, Derived)> {
        let st = state;
        let deck_left = i64::try_from(st.deck.remaining().len()).unwrap_or(i64::MAX);
        vec![
            ("gm_bennies", Derived::Int(st.gm_bennies)),
            ("deck_left", Derived::Int(deck_left)),
            ("joker_out", Derived::Bool(st.joker_out)),
        ]
    }

    pub(crate) fn order_status(&self, state: &SavageState, options: &Options) -> Option<String> {
        let st = state;
        // SW-INIT-6: the cards are the table's; the tracker's own deck is not in play.
        let deck = if SPEC.deals_by_hand(options) {
            "physical deck".to_string()
        } else {
            format!("deck {} left", st.deck.remaining().len())
        };
        Some(match st.gm_bennies {
            0 => deck,
            n => format!("{deck} · GM bennies {n}"),
        })
    }

    // SW-DMG-3: a player character is a Wild Card unless the GM says `extra`; others are Extras
    // unless the GM says `wild`.
    pub(crate) fn settle(&self, stats: &mut Stats, side: Side) {
        if side == Side::Pc && stats.get("wild").is_none() {
            stats.set_flag("wild", true);
        }
    }

    pub(crate) fn kind_of(&self, stats: &Stats) -> Option<&'static str> {
        Some(if Self::is_wild(stats) { "Wild Card" } else { "Extra" })
    }

    // SW-ACT-1: one action; more are allowed at −2 each to that turn's trait rolls.
    pub(crate) fn budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        // Up to three actions; each after the first is −2 to every trait roll (SW-ACT-1).
        vec![ActionPool::new("actions", ACTIONS)]
    }

    pub(crate) fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current < 0
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Incapacitated" | "Dead" | "Unconscious"))
    }

    // The players' view counts wounds: none unhurt, 1 hurt, 2 badly hurt, 3 barely standing; an
    // Extra is unhurt until it is out.
    pub(crate) fn health_band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        if self.is_down(health, conditions) {
            return HealthBand::Down;
        }
        match health.max.saturating_sub(health.current) {
            ..=0 => HealthBand::Unhurt,
            1 => HealthBand::Hurt,
            2 => HealthBand::Bloodied,
            _ => HealthBand::Critical,
        }
    }

    pub(crate) fn shake(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        _options: &crate::rules::types::Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        shaken::shake_off(stats, health, condition, dice)
    }

    pub(crate) fn start_of_turn(
        &self,
        who: CombatantView<'_>,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        shaken::turn_start(who, options, dice)
    }

    // SW-INIT-3: after a Joker the deck is shuffled before the next deal.
    pub(crate) fn new_deal(&self, state: &SavageState, kept: &[Card]) -> Vec<SystemEvent> {
        if state.joker_out {
            vec![state::SavageEvent::DeckShuffled { kept: kept.to_vec() }.wrap()]
        } else {
            Vec::new()
        }
    }

    // The GM's benny pool is a counter in the state, not an option string.
    pub(crate) fn set_value(&self, name: &str, value: i64) -> Option<SystemEvent> {
        (name == "gm_bennies").then(|| state::SavageEvent::GmBennies { count: value }.wrap())
    }

    pub(crate) fn after_damage(
        &self,
        who: CombatantView<'_>,
        was_down: bool,
        hit: HitKind<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::after_damage(who, was_down, hit, dice)
    }

    pub(crate) fn round_start(
        &self,
        who: CombatantView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::round_start(who, dice)
    }
}

impl Savage {
    fn hint_now(&self, request: AttackRequest<'_, SavageState>) -> Option<String> {
        attack::hint(request)
    }

    // SW-ATK-2: only the switches for the roll the weapon makes (a bare attack that has not
    // named its skill yet is offered them all).
    fn toggles_now(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Option<Vec<(&'static str, &'static str)>> {
        let skill = attack::known_skill(request)?;
        let toggles = SPEC.attack.toggles.iter();
        Some(toggles.filter(|(field, _)| tables::applies_to(field, &skill)).copied().collect())
    }

    fn order_of_dice(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    fn odds_now(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Result<Option<String>, RulesError> {
        attack::odds(request).map(Some)
    }

    fn band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        self.health_band(health, conditions)
    }
}

impl Rules for Savage {
    type State = SavageState;
    type Event = SavageEvent;

    fn spec(&self) -> &'static crate::rules::spec::Spec {
        &SPEC
    }

    fn attack_guide(&self, request: AttackRequest<'_, SavageState>) -> AttackGuide {
        AttackGuide {
            hint: self.hint_now(request),
            toggles: self.toggles_now(request),
            dice_order: self.order_of_dice(request),
            odds: self.odds_now(request),
        }
    }

    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals {
        Vitals {
            band: self.band(health, conditions),
            healing: Healing { max: health.max, refused: None },
        }
    }

    fn sheet(&self, who: Subject<'_, SavageState>) -> Sheet {
        Sheet {
            glance: self.glance(who.view, who.id, who.state),
            derived: self.derived(who.view),
            status: self.status_lines(who.view, who.id, who.state),
        }
    }

    fn board(&self, state: &SavageState, options: &Options) -> Board {
        Board {
            figures: self.state_figures(state),
            order_status: self.order_status(state, options),
        }
    }

    fn enter(&self, newcomer: Newcomer<'_>) -> Result<Option<String>, RulesError> {
        let unit = None;
        self.settle(newcomer.stats, newcomer.side);
        Ok(unit)
    }

    fn unit(&self, who: CombatantView<'_>) -> Unit {
        Unit { kind: self.kind_of(who.stats), strength: None }
    }

    fn turn_budget(&self, who: Subject<'_, SavageState>, pass: Pass) -> Vec<ActionPool> {
        self.budget(who.view.stats, who.view.conditions, pass)
    }

    fn shake_off(
        &self,
        who: Subject<'_, SavageState>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        self.shake(who.view.stats, who.view.health, condition, who.options, dice)
    }

    fn turn_start(
        &self,
        who: Subject<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        self.start_of_turn(who.view, who.options, dice)
    }

    fn moment(
        &self,
        at: Moment<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        match at {
            Moment::NewDeal { state, kept } => {
                Ok(self.new_deal(state, kept).into_iter().map(Effect::System).collect())
            }
            Moment::RoundStart { who } => self.round_start(who, dice),
            Moment::AfterDamage { who, was_down, hit } => {
                self.after_damage(who, was_down, hit, dice)
            }
            Moment::Set { name, value } => {
                Ok(self.set_value(name, value).into_iter().map(Effect::System).collect())
            }
            Moment::BeforeStart { .. } | Moment::TurnEnd { .. } | Moment::NextFlag { .. } => {
                Ok(Vec::new())
            }
        }
    }

    // Health counts wounds still to take: a Wild Card 3, beyond which it is incapacitated
    // (SW-DMG-3); an Extra 0, so its first wound takes it out.
    fn health(&self, stats: &Stats) -> Health {
        Health::full(if Self::is_wild(stats) { WILD_WOUNDS } else { 0 })
    }

    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext<SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        deal::deal(who, ctx, dice)
    }

    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        deal::typed(text)
    }

    // SW-ACT-1: an attack (autofire included) is one action.
    fn attack_cost(
        &self,
        request: AttackRequest<'_, SavageState>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        // SW-ATK-2: after Defend, no other action this turn (checked before any die).
        let forced = FieldReader(request.fields).flag("force");
        if request.on_turn && attack::defending(request.attacker) && !forced {
            return Err(RulesError::Invalid(format!(
                "{} is Defending: Defend took its whole turn, with no other action (SW-ATK-2); \
                 add `force` to attack anyway",
                request.attacker.name
            )));
        }
        Ok(vec![("actions", 1)])
    }

    fn attack(
        &self,
        request: AttackRequest<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        if let [first, _, ..] = request.members {
            return Err(RulesError::Invalid(format!(
                "a Savage Worlds attack comes from one combatant: name one ({} …)",
                first.view.name
            )));
        }
        if request.targets.len() > 1 {
            return Err(RulesError::Invalid(
                "a Savage Worlds attack here has one target; attack each in turn (or use blast)"
                    .into(),
            ));
        }
        let prepared = attack::prepare(request)?;
        let f = FieldReader(request.fields);
        let outcome = match f.int("autofire")?.filter(|n| *n > 1) {
            Some(shots) => autofire::autofire(request, &prepared, shots, dice)?,
            None => attack::resolve(request, &prepared, dice)?,
        };
        Ok(outcome.into_effects())
    }

    fn special(
        &self,
        request: SpecialRequest<'_, SavageState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::special(request, dice)
    }

    fn damage(&self, hit: DamageRequest<'_, SavageState>) -> Result<DamageOutcome, RulesError> {
        wounds::damage(hit)
    }

    fn apply(
        &self,
        state: &mut SavageState,
        event: &SavageEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        state::apply(state, event, roster)
    }

    fn observe(&self, state: &mut SavageState, fact: crate::rules::ruleset::Fact<'_>) {
        state::observe(state, fact);
    }
}
