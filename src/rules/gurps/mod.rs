//! GURPS 4e: the ruleset itself, its stat fields and the numbers the whole folder shares.
//! Initiative by Basic Speed (GURPS-INIT-1); maneuvers (`maneuver`), attacks and active
//! defenses, hit locations, injury, shock, knockdown, HT and death checks, and odds each live in
//! a module here. All of GURPS' numbers live in this folder.

pub mod attack;
mod attack_fields;
pub mod commands;
mod critical;
mod defend;
pub mod defense;
mod defense_ask;
mod dice_order;
mod guide;
mod hit;
mod hooks;
pub mod injury;
pub mod maneuver;
pub mod odds;
mod pick_maneuver;
pub mod rapid;
pub mod roll;
mod sheet;
pub mod skill;
pub mod spec;
pub mod state;
pub mod tables;
mod verbs;
pub mod weapon;
use crate::rules::gurps::state::GurpsState;
use spec::SPEC;

use super::conditions::Condition;
use super::dice::DiceSource;
use super::effect::{Effect, HitKind, Inflicted, TurnStartEffect, Who};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome, SpecialRequest,
};
use super::ruleset::{Line, Roster, option};
use super::stats::{FieldError, StatValue, Stats, format_hundredths, parse_hundredths};
use super::typed::Rules;
use super::types::{ActionPool, Derived, Health, Options, Pass, RulesError};
use super::verb::ActionSpec;
use crate::rules::conditions::Level;
use crate::rules::request::{Arrival, FieldOf, Landing, Moment, Sheet, Subject};
use crate::rules::request::{AttackGuide, Healing, Vitals};
use crate::rules::types::HealthBand;
use state::GurpsEvent;

/// The GURPS ruleset.
pub struct Gurps;

pub(crate) const DEFAULT_ATTRIBUTE: i64 = 10;
/// Highest Basic Speed, set or typed as initiative, in hundredths (100.00).
pub(crate) const MAX_SPEED: i64 = 10_000;

impl Gurps {
    /// Basic Speed in hundredths: given, or (DX + HT) / 4.
    pub fn basic_speed(stats: &Stats) -> i64 {
        stats.hundredths("speed").unwrap_or_else(|| {
            (stats.int_or("dx", DEFAULT_ATTRIBUTE) + stats.int_or("ht", DEFAULT_ATTRIBUTE)) * 25
        })
    }

    /// Maximum FP: given, or HT.
    pub fn max_fp(stats: &Stats) -> i64 {
        stats.int("fp").unwrap_or_else(|| stats.int_or("ht", DEFAULT_ATTRIBUTE))
    }

    /// FP left: maximum FP less what it lost in this fight and what it joined without
    /// (`fp_lost`, a GCS sheet's).
    pub fn fp_left(stats: &Stats, me: &state::Person) -> i64 {
        Self::max_fp(stats).saturating_sub(me.fp_lost).saturating_sub(stats.int_or("fp_lost", 0))
    }

    /// Move now: Basic Move (given, or floor(Basic Speed)), halved (round up) when reeling
    /// (GURPS-HP-1) or Very Tired (GURPS-FP-1); once for either or both.
    pub fn move_now(who: CombatantView<'_>) -> i64 {
        let basic = who.stats.int("move").unwrap_or_else(|| Self::basic_speed(who.stats) / 100);
        let reeling = who.health.current.saturating_mul(3) < who.health.max;
        if reeling || has(who, "Very-Tired") { (basic + 1) / 2 } else { basic }
    }

    /// Move as the posture allows (GURPS-POST-1): out of the fight none, lying down a yard,
    /// sitting none, crouching two thirds, kneeling or crawling a third (rounded down).
    pub fn move_in_posture(who: CombatantView<'_>) -> String {
        let out = ["Unconscious", "Mortally-Wounded", "Dead"].iter().any(|c| has(who, c));
        let posture = tables::POSTURES
            .iter()
            .find(|p| p.condition.is_some_and(|c| has(who, c)))
            .map_or("standing", |p| p.key);
        let full = Self::move_now(who);
        match posture {
            _ if out => "0".into(),
            "lying" => "1 yd".into(),
            "sitting" => "0".into(),
            "crouching" => (full.saturating_mul(2) / 3).to_string(),
            "kneeling" | "crawling" => (full / 3).to_string(),
            _ => full.to_string(),
        }
    }

    /// ST now: halved (round up) when Very Tired (GURPS-FP-1). Reading [B426]: ST-based figures,
    /// HP and sw/thr damage, keep the full ST.
    pub fn st_now(who: CombatantView<'_>) -> i64 {
        let st = who.stats.int_or("st", DEFAULT_ATTRIBUTE);
        if has(who, "Very-Tired") { (st + 1) / 2 } else { st }
    }
}

fn torso_dr(stats: &Stats) -> i64 {
    tables::location("torso").map_or(0, |at| injury::location_dr(stats, at))
}

fn has(who: CombatantView<'_>, name: &str) -> bool {
    who.conditions.iter().any(|c| c.name == name)
}

impl Rules for Gurps {
    type State = GurpsState;
    type Event = GurpsEvent;

    fn spec(&self) -> &'static crate::rules::spec::Spec {
        &SPEC
    }

    fn attack_guide(&self, request: AttackRequest<'_, GurpsState>) -> AttackGuide {
        AttackGuide {
            dice_order: self.order_of_dice(request),
            odds: self.odds_now(request),
            toggles: guide::toggles(&request),
            ..AttackGuide::default()
        }
    }

    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals {
        Vitals {
            band: self.band(health, conditions),
            healing: Healing { max: health.max, refused: None },
        }
    }

    fn sheet(&self, who: Subject<'_, GurpsState>) -> Sheet {
        Sheet {
            glance: self.glance(who.view, who.id, who.state),
            derived: self.derived_in(who.view, who.id, who.state),
            status: self.status_lines(who.view, who.id, who.state),
        }
    }

    fn turn_budget(&self, who: Subject<'_, GurpsState>, pass: Pass) -> Vec<ActionPool> {
        self.budget(who.view.stats, who.view.conditions, pass)
    }

    fn arrival(&self, arrival: Arrival<'_>) -> Result<Landing, RulesError> {
        let spec = arrival.spec;
        if arrival.severe && spec.severe.is_none() {
            return Err(RulesError::Invalid(format!("{} has no severe level", spec.name)));
        }
        let level = if arrival.severe { Level::Severe } else { Level::First };
        Ok(Landing::Lands { level, ends: self.ends_on_arrival(&arrival.spec.name) })
    }

    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        of: FieldOf<'_>,
    ) -> Result<(), FieldError> {
        match of {
            FieldOf::Stats { catalogue: _ } => Ok(()),
            FieldOf::Weapon => self.names_in_weapon(stats, field),
        }
    }

    fn shake_off(
        &self,
        who: Subject<'_, GurpsState>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        self.shake(who.view, condition, dice)
    }

    fn turn_start(
        &self,
        who: Subject<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        self.start_of_turn_in(who.view, who.id, who.state, who.options, dice)
    }

    fn moment(
        &self,
        at: Moment<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        match at {
            Moment::TurnEnd { who } => {
                self.turn_end(who.view, who.id, who.state, who.options, dice)
            }
            Moment::AfterDamage { who, was_down, hit } => {
                self.after_damage(who, was_down, hit, dice)
            }
            Moment::NextFlag { flag, id } => Ok(self.next_flag(flag, id)),
            Moment::BeforeStart { .. }
            | Moment::NewDeal { .. }
            | Moment::RoundStart { .. }
            | Moment::Set { .. } => Ok(Vec::new()),
        }
    }

    fn health(&self, stats: &Stats) -> Health {
        // ST 0 (no physical strength) still has HP: at least 1.
        Health::full(
            stats.int("hp").unwrap_or_else(|| stats.int_or("st", DEFAULT_ATTRIBUTE)).max(1),
        )
    }

    // GURPS-INIT-1: Basic Speed, then DX; the roll-off that follows settles the rest.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        _ctx: &mut InitContext<GurpsState>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        Ok(Initiative::new(InitValue::Speed(Self::basic_speed(who.stats)))
            .with_ties(vec![who.stats.int_or("dx", DEFAULT_ATTRIBUTE)]))
    }

    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let speed =
            parse_hundredths(text).filter(|h| (0..=MAX_SPEED).contains(h)).ok_or_else(|| {
                RulesError::Invalid(format!(
                    "GURPS initiative is a Basic Speed from 0 to {} such as 5.75, not '{text}'",
                    format_hundredths(MAX_SPEED)
                ))
            })?;
        let mut init = Initiative::new(InitValue::Speed(speed))
            .with_ties(vec![stats.int_or("dx", DEFAULT_ATTRIBUTE)]);
        init.typed = true;
        Ok(init)
    }

    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_, GurpsState>,
    ) -> Result<Vec<Effect>, RulesError> {
        // GURPS-HP-2 (`on_action`): the HT roll needs dice, which `do` does not roll.
        let zero = request.actor.is_some_and(|a| a.health.current <= 0);
        let on_action = option(self, request.options, "gurps_zero_hp_check") == "on_action";
        let checked =
            request.actor_id.is_some_and(|id| state::person(request.state, id).ht_checked);
        if zero && on_action && !checked && action.key != "do-nothing" {
            return Err(RulesError::Invalid(format!(
                "at 0 HP it rolls HT first: `maneuver {} {}` (GURPS-HP-2)",
                request.actor.map_or("NAME", |a| a.name),
                action.key
            )));
        }
        verbs::choose_maneuver(request, action.key, false)
    }

    fn damage(&self, hit: DamageRequest<'_, GurpsState>) -> Result<DamageOutcome, RulesError> {
        injury::damage(hit)
    }

    fn attack_choice(
        &self,
        request: AttackRequest<'_, GurpsState>,
        label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        Ok(match label {
            "defense" => defend::defense_picks(&request),
            "location" => guide::locations(&request),
            _ => None,
        })
    }

    // GURPS-MAN-1: an attack on its turn without a maneuver takes Attack.
    fn attack_cost(
        &self,
        request: AttackRequest<'_, GurpsState>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let me = state::person(request.state, request.attacker_id);
        Ok(if request.on_turn && !(me.in_turn && me.maneuver.is_some()) {
            vec![("maneuver", 1)]
        } else {
            Vec::new()
        })
    }

    fn attack(
        &self,
        request: AttackRequest<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        attack::resolve(request, dice)
    }

    fn apply(
        &self,
        state: &mut GurpsState,
        event: &GurpsEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        state::apply(state, event, roster)
    }

    fn observe(&self, state: &mut GurpsState, fact: crate::rules::ruleset::Fact<'_>) {
        state::observe(state, fact);
    }
}
