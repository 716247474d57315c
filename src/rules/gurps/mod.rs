//! GURPS 4e: the ruleset itself, its stat fields and the numbers the whole folder shares.
//! Initiative by Basic Speed (GURPS-INIT-1); maneuvers (`maneuver`), attacks and active
//! defenses, hit locations, injury, shock, knockdown, HT and death checks, and odds each live in
//! a module here. All of GURPS' numbers live in this folder.

pub mod attack;
pub mod commands;
mod critical;
mod defend;
pub mod defense;
mod dice_order;
pub mod injury;
pub mod maneuver;
pub mod odds;
pub mod roll;
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
use super::types::{ActionPool, ActionSpec, Derived, Health, Options, Pass, RulesError};
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

impl Gurps {
    // What a GM reads when someone attacks it: its defenses now (maneuver and posture applied),
    // DR, Move now and FP left.
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<(&'static str, String)> {
        let me = state::person(st, id);
        let (dodge, parry, block) = defense::standing(who, &me);
        let defense = |d: Option<i64>| d.map_or("—".to_string(), |d| d.to_string());
        let max_fp = Self::max_fp(who.stats);
        vec![
            ("dodge", defense(dodge)),
            ("parry", defense(parry)),
            ("block", defense(block)),
            // Where an unaimed blow lands (GURPS-LOC-1's default): the torso's DR.
            ("dr", torso_dr(who.stats).to_string()),
            ("move", Self::move_in_posture(who)),
            ("fp", format!("{}/{max_fp}", max_fp.saturating_sub(me.fp_lost))),
        ]
    }

    pub(crate) fn derived_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<(&'static str, Derived)> {
        let me = state::person(st, id);
        let max_fp = Self::max_fp(who.stats);
        let posture = tables::POSTURES
            .iter()
            .find(|p| p.condition.is_some_and(|c| has(who, c)))
            .map_or("standing", |p| p.key);
        let (dodge, parry, block) = defense::standing(who, &me);
        let int = |v: Option<i64>| v.map_or(Derived::Nothing, Derived::Int);
        vec![
            ("fp.current", Derived::Int(max_fp.saturating_sub(me.fp_lost))),
            ("fp.max", Derived::Int(max_fp)),
            (
                "maneuver",
                me.maneuver
                    .as_ref()
                    .map_or(Derived::Nothing, |m| Derived::Text(m.kind.word().into())),
            ),
            ("posture", Derived::Text(posture.into())),
            (
                "shock",
                Derived::Int(if me.in_turn { me.shock } else { me.shock.max(me.shock_next) }),
            ),
            ("defenses.dodge", int(dodge)),
            ("defenses.parry", int(parry)),
            ("defenses.block", int(block)),
            ("crippled", Derived::List(me.crippled.clone())),
            ("reeling", Derived::Bool(who.health.current.saturating_mul(3) < who.health.max)),
            ("very_tired", Derived::Bool(has(who, "Very-Tired"))),
            ("effective.move", Derived::Int(Self::move_now(who))),
            ("effective.st", Derived::Int(Self::st_now(who))),
        ]
    }

    pub(crate) fn status_lines(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<String> {
        let me = state::person(st, id);
        let figures = self.derived_in(who, id, st);
        let mut first = vec![match &me.maneuver {
            Some(m) => m.describe(),
            None => "no maneuver yet".into(),
        }];
        if let Some((_, Derived::Text(p))) = figures.iter().find(|(n, _)| *n == "posture")
            && p != "standing"
        {
            first.push(p.clone());
        }
        let shock = me.shock.max(me.shock_next);
        if shock > 0 {
            first.push(format!("shock −{shock}"));
        }
        let mut lines = vec![first.join(" · ")];
        let mut marks = Vec::new();
        // GURPS-FP-1: Very Tired halves ST (the glance's Move is halved already, as reeling
        // halves it).
        if has(who, "Very-Tired") {
            marks.push(format!("very tired: ST {}", Self::st_now(who)));
        }
        if who.health.current <= 0 {
            marks.push("HT roll each turn (0 HP)".into());
        }
        // GURPS-FP-1: the tracker reminds of the Will roll to act at 0 FP.
        if Self::max_fp(who.stats).saturating_sub(me.fp_lost) <= 0 {
            marks.push("Will roll to act (0 FP)".into());
        }
        if !me.unready.is_empty() {
            marks.push(format!("not ready: {}", me.unready.join(", ")));
        }
        if !me.crippled.is_empty() {
            marks.push(format!("crippled: {}", me.crippled.join(", ")));
        }
        if !marks.is_empty() {
            lines.push(marks.join(" · "));
        }
        lines
    }

    // GURPS-MAN-1: one maneuver per turn.
    pub(crate) fn budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("maneuver", 1)]
    }

    // GURPS-HP-3, GURPS-HP-4: dead at −5 × max HP; unconscious, mortally wounded and dead ones
    // are skipped.
    pub(crate) fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= health.max.saturating_mul(-5)
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Dead" | "Unconscious" | "Mortally-Wounded"))
    }

    // GURPS-POST-1: one posture at a time; a new one (typed, or a knockdown's Prone) ends the
    // one before.
    pub(crate) fn ends_on_arrival(&self, condition: &str) -> Vec<&'static str> {
        let postures = tables::POSTURES.iter().filter_map(|p| p.condition);
        match postures.clone().any(|p| p == condition) {
            true => postures.filter(|p| *p != condition).collect(),
            false => Vec::new(),
        }
    }

    pub(crate) fn next_flag(&self, flag: &str, id: &str) -> Vec<Effect> {
        match flag {
            "skip_ht" => vec![Effect::System(state::GurpsEvent::SkipHt { id: id.into() }.wrap())],
            _ => Vec::new(),
        }
    }

    // GURPS-STUN-2: a stunned character rolls HT to recover (also by hand with `shake`).
    pub(crate) fn shake(
        &self,
        stats: &Stats,
        _health: Health,
        condition: &Condition,
        _options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        if condition.name != "Stunned" {
            return Err(RulesError::Invalid(format!(
                "only Stunned is rolled off in GURPS (HT roll); end {} with `uncond`",
                condition.name
            )));
        }
        let ht = stats.int_or("ht", DEFAULT_ATTRIBUTE);
        let r = roll::roll(ht, "HT (stun)", dice)?;
        let success = r.verdict.success();
        Ok(ShakeOutcome {
            explain: format!(
                "HT {ht}: {}",
                if success { "recovers from Stunned" } else { "still stunned" }
            ),
            roll: r.roll,
            success,
        })
    }

    // A weapon's `type=` is one of the wound-modifier types, checked as it is set.
    pub(crate) fn names_in_weapon(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
        let Some(text) = stats.text(field).filter(|_| field == "type").map(str::to_string) else {
            return Ok(());
        };
        let refuse =
            |why: String| FieldError::UnknownName { field: field.into(), value: text.clone(), why };
        let kind = injury::damage_type(text.trim()).map_err(|err| refuse(err.to_string()))?;
        if kind == "tbb" {
            return Err(refuse("write type=burn and the tbb flag".into()));
        }
        stats.put(field, StatValue::Text(kind.to_string()));
        Ok(())
    }

    // GURPS-HP-2, GURPS-STUN-1: the HT roll at 0 HP or less as its turn begins; stunned, it
    // Does Nothing; Lost Balance ends.
    pub(crate) fn start_of_turn_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let me = state::person(st, id);
        let mut out = Vec::new();
        // GURPS-HP-1: healed back to a third of its HP, it is no longer reeling.
        if has(who, "Reeling") && who.health.current.saturating_mul(3) >= who.health.max {
            out.push(TurnStartEffect::Effect(Effect::RemoveCondition {
                who: Who::Actor,
                name: "Reeling".into(),
            }));
        }
        if has(who, "Lost-Balance") {
            out.push(TurnStartEffect::Effect(Effect::RemoveCondition {
                who: Who::Actor,
                name: "Lost-Balance".into(),
            }));
        }
        let do_nothing = |out: &mut Vec<TurnStartEffect>| {
            let maneuver = maneuver::Maneuver::new(maneuver::Kind::DoNothing);
            out.push(TurnStartEffect::Effect(Effect::System(
                state::GurpsEvent::Maneuver { id: id.into(), maneuver }.wrap(),
            )));
            out.push(TurnStartEffect::Effect(Effect::Spend {
                who: Who::Actor,
                amount: 1,
                what: "do nothing".into(),
            }));
        };
        if has(who, "Stunned") || me.skip_ht {
            do_nothing(&mut out);
        }
        let on_turn_start = option(self, options, "gurps_zero_hp_check") == "turn_start";
        if who.health.current <= 0 && !me.skip_ht && on_turn_start && !has(who, "Unconscious") {
            let max = who.health.max.max(1);
            let penalty = who.health.current.saturating_neg() / max;
            let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
            let r = roll::roll(ht - penalty, "HT (0 HP)", dice)?;
            let stays = r.verdict.success();
            out.push(TurnStartEffect::Roll {
                text: format!(
                    "{} at {} HP rolls HT {} to stay conscious: {}; {}",
                    who.name,
                    who.health.current,
                    injury::describe(ht, -penalty),
                    r.text(),
                    if stays { "stays up" } else { "falls unconscious" }
                ),
                roll: r.roll,
                attempt: None,
            });
            if !stays {
                out.push(TurnStartEffect::Effect(Effect::Inflict {
                    who: Who::Actor,
                    what: Inflicted::new("Unconscious", super::conditions::Source::Damage),
                }));
            }
        }
        Ok(out)
    }

    // GURPS-STUN-2, GURPS-SHOCK-1: at the end of a turn spent stunned, an HT roll; shock clears.
    pub(crate) fn turn_end(
        &self,
        who: CombatantView<'_>,
        id: &str,
        _state: &GurpsState,
        _options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let mut out = Vec::new();
        if has(who, "Stunned") && !has(who, "Unconscious") && !has(who, "Dead") {
            let ht = who.stats.int_or("ht", DEFAULT_ATTRIBUTE);
            let r = roll::roll(ht, "HT (stun)", dice)?;
            let ok = r.verdict.success();
            out.push(Effect::Note {
                who: Who::Actor,
                text: format!(
                    "{} rolls HT {ht} to shake off Stunned: {}; {}",
                    who.name,
                    r.text(),
                    if ok { "recovers" } else { "still stunned" }
                ),
                roll: r.roll,
            });
            if ok {
                out.push(Effect::RemoveCondition { who: Who::Actor, name: "Stunned".into() });
            }
        }
        out.push(Effect::System(state::GurpsEvent::TurnEnded { id: id.into() }.wrap()));
        Ok(out)
    }

    pub(crate) fn after_damage(
        &self,
        who: CombatantView<'_>,
        _was_down: bool,
        hit: HitKind<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        injury::after_damage(who, hit, dice)
    }
}

impl Gurps {
    fn order_of_dice(
        &self,
        request: AttackRequest<'_, GurpsState>,
    ) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
    }

    fn odds_now(
        &self,
        request: AttackRequest<'_, GurpsState>,
    ) -> Result<Option<String>, RulesError> {
        attack::odds(request).map(Some)
    }

    fn band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
        if self.is_down(health, conditions) {
            HealthBand::Down
        } else {
            HealthBand::from_share(health.current, health.max)
        }
    }
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
        self.shake(who.view.stats, who.view.health, condition, who.options, dice)
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
        Health::full(stats.int("hp").unwrap_or_else(|| stats.int_or("st", DEFAULT_ATTRIBUTE)))
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

    fn special(
        &self,
        request: SpecialRequest<'_, GurpsState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::special(request, dice)
    }

    fn attack_choice_now(
        &self,
        request: AttackRequest<'_, GurpsState>,
        label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        Ok(if label == "defense" { defend::defense_picks(&request) } else { None })
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
