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
mod hooks;
mod incapacitation;
pub mod odds;
mod roll;
mod shaken;
mod sheet;
pub mod spec;
pub mod state;
pub mod tables;
pub mod verbs;
mod wounds;
use spec::SPEC;

/// A damage text checked without rolling it (an import checks what it read).
pub use damage_dice::check_damage;
pub use roll::{TraitRoll, asked_plain, asked_trait_roll, needs, trait_roll};

use super::conditions::Condition;
use super::dice::DiceSource;
use super::dice::cards::Card;
use super::effect::{Effect, HitKind, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, FieldReader, InitContext,
    InitRequest, ShakeOutcome,
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
        let (outcome, spent) = match f.int("autofire")?.filter(|n| *n > 1) {
            Some(shots) => (autofire::autofire(request, &prepared, shots, dice)?, Vec::new()),
            None => attack::resolve(request, &prepared, dice)?,
        };
        // SW-DMG-4: the soak, asked once the hits' wounds are known, lands right after them.
        let soak = attack::soak_after(request, &outcome.hits, dice)?;
        let mut effects = outcome.into_effects();
        effects.extend(spent);
        effects.extend(soak);
        Ok(effects)
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
