//! WOIN (What's O.L.D. is N.E.W.): initiative (WOIN-INIT-*), action schedules and costs, SOAK,
//! conditions and their effects, and attacks. All of WOIN's numbers live in this folder.

pub mod attack;
pub mod commands;
mod damage_roll;
mod dice_order;
mod hit_effects;
mod hooks;
mod luc;
pub mod odds;
mod pool;
mod prepared;
mod restrictions;
mod sheet;
pub mod spec;
pub mod state;
pub mod tables;
pub mod verbs;
/// Size categories in order (an import reads a stat block's size by them).
pub use pool::SIZES;
use spec::SPEC;

use super::conditions::{Catalogue, Condition, ConditionSpec, Level};
use super::dice::{DiceExpr, DiceSource};
use super::effect::{Effect, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome, SpecialRequest,
};
use super::ruleset::{Line, Roster, option};
use super::stats::{FieldError, StatValue, Stats};
use super::typed::Rules;
use super::types::{ActionPool, Derived, Health, Options, Pass, RulesError};
use super::verb::ActionSpec;
use crate::rules::request::{Arrival, FieldOf, Healing, Landing, Moment, Sheet, Subject};
use crate::rules::request::{AttackGuide, Vitals, default_band};
use state::{WoinEvent, WoinState};

/// The WOIN ruleset.
pub struct Woin;

/// Initiative pool when none is given: an average INTUITION of 2d6.
const DEFAULT_INIT: &str = "2d6";
const DEFAULT_ACTIONS: i64 = 2;
const DEFAULT_HEALTH: i64 = 10;
/// A typed initiative count: far past any roll, and near enough to zero that counting down
/// from it stays exact.
const TYPED_INIT: std::ops::RangeInclusive<i64> = -1000..=1000;

/// WOIN-COND-11: the d6 severe Sick takes off an attribute check (initiative, a shake-off by
/// attribute check, an ambush check).
pub(crate) fn sick_dice(conditions: &[Condition]) -> u32 {
    if conditions.iter().any(|c| c.name == "Sick" && c.level == Level::Severe) { 2 } else { 0 }
}

/// A pool `Nd6…` with `lost` fewer d6, never below one; another shape is left as it is.
pub(crate) fn fewer_d6(text: &str, lost: u32) -> String {
    match text.split_once("d6") {
        Some((count, rest)) if lost > 0 => match count.parse::<u32>() {
            Ok(n) => format!("{}d6{rest}", n.saturating_sub(lost).max(1)),
            Err(_) => text.to_string(),
        },
        _ => text.to_string(),
    }
}

impl Woin {
    /// The INITIATIVE pool, less a d6 for Deaf and two for severe Deaf (never below one die).
    fn init_pool(stats: &Stats, conditions: &[Condition]) -> Result<DiceExpr, RulesError> {
        let text = stats.dice("init").unwrap_or(DEFAULT_INIT);
        let lost = match conditions.iter().find(|c| c.name == "Deaf").map(|c| c.level) {
            Some(Level::Severe) => 2,
            Some(Level::First) => 1,
            None => 0,
        };
        // WOIN-COND-11: initiative is an attribute check; severe Sick takes 2d6 off it too.
        let lost = lost + sick_dice(conditions);
        DiceExpr::parse(&fewer_d6(text, lost)).map_err(RulesError::from)
    }

    /// SOAK after Disarmored (WOIN-DMG-2): halved rounding up, none when severe.
    pub fn effective_soak(stats: &Stats, conditions: &[Condition]) -> i64 {
        let soak = stats.int_or("soak", 0);
        match conditions.iter().find(|c| c.name == "Disarmored").map(|c| c.level) {
            Some(Level::Severe) => 0,
            Some(Level::First) => (soak + 1) / 2,
            None => soak,
        }
    }
}

impl Woin {
    /// WOIN-ACT-2: Dazed, Fatigued, Sick and severe Slowed cost an action each; Sleeping leaves
    /// one; severe Dazed, Sleeping, Manic or Restrained leave none. Reading: losses stack, floor 0.
    pub fn actions_after_conditions(actions: u8, conditions: &[Condition]) -> (u8, String) {
        Self::pass_actions(actions, conditions, true)
    }

    /// WOIN-ACT-2 for one pass of a turn. The −1 losses come off the combatant's own count (a
    /// 3-action creature Dazed keeps its later action), after the caps, so the order conditions
    /// arrived in does not matter; "none" empties every pass.
    pub fn pass_actions(actions: u8, conditions: &[Condition], main: bool) -> (u8, String) {
        let mut loss = 0u8;
        let mut cap: Option<u8> = None;
        let mut why = Vec::new();
        for c in conditions {
            let severe = c.level == Level::Severe;
            match (c.name.as_str(), severe) {
                ("Dazed" | "Sleeping" | "Manic" | "Restrained", true) => {
                    cap = Some(0);
                    why.push(format!("none: severe {}", c.name));
                }
                ("Dazed" | "Fatigued" | "Sick", _) | ("Slowed", true) => {
                    loss += 1;
                    why.push(format!("−1 {}", c.name));
                }
                ("Sleeping", false) => {
                    cap = Some(cap.map_or(1, |c| c.min(1)));
                    why.push("1 at most: Sleeping".to_string());
                }
                _ => {}
            }
        }
        // Reading: the caps first (Sleeping leaves one, the severe ones none), then the losses stack
        // on what is left, floor 0; "1 at most" is for the round, so later passes get nothing.
        let mut left = actions;
        if let Some(cap) = cap {
            left = if main { left.min(cap) } else { 0 };
        }
        if main {
            left = left.saturating_sub(loss);
        }
        (left, if main || cap.is_some() { why.join(", ") } else { String::new() })
    }
}

impl Rules for Woin {
    type State = WoinState;
    type Event = WoinEvent;

    fn spec(&self) -> &'static crate::rules::spec::Spec {
        &SPEC
    }

    fn attack_guide(&self, request: AttackRequest<'_, WoinState>) -> AttackGuide {
        AttackGuide {
            dice_order: self.order_of_dice(request),
            odds: self.odds_now(request),
            ..AttackGuide::default()
        }
    }

    fn vitals(&self, health: Health, conditions: &[Condition]) -> Vitals {
        Vitals {
            band: default_band(health, conditions),
            healing: self.heal_room(health, conditions),
        }
    }

    fn sheet(&self, who: Subject<'_, WoinState>) -> Sheet {
        Sheet {
            glance: self.glance(who.view, who.id, who.state),
            derived: self.derived(who.view),
            status: Vec::new(),
        }
    }

    fn turn_budget(&self, who: Subject<'_, WoinState>, pass: Pass) -> Vec<ActionPool> {
        self.budget(who.view.stats, who.view.conditions, pass)
    }

    fn arrival(&self, arrival: Arrival<'_>) -> Result<Landing, RulesError> {
        if self.immune_to(arrival.stats, &arrival.spec.name) {
            return Ok(Landing::Immune);
        }
        let level = self.condition_level(arrival.spec, arrival.existing, arrival.severe)?;
        Ok(Landing::Lands { level, ends: Vec::new() })
    }

    fn check_names(
        &self,
        stats: &mut Stats,
        field: &str,
        of: FieldOf<'_>,
    ) -> Result<(), FieldError> {
        match of {
            FieldOf::Stats { catalogue } => self.names_in_stats(stats, field, catalogue),
            FieldOf::Weapon => self.names_in_weapon(stats, field),
        }
    }

    fn shake_off(
        &self,
        who: Subject<'_, WoinState>,
        condition: &Condition,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        self.shake_in(who.view, condition, who.options, dice)
    }

    fn turn_start(
        &self,
        who: Subject<'_, WoinState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        self.start_of_turn(who.view, who.options, dice)
    }

    fn moment(
        &self,
        at: Moment<'_, WoinState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        match at {
            Moment::BeforeStart { state } => self.before_start(state, dice),
            Moment::NewDeal { .. }
            | Moment::RoundStart { .. }
            | Moment::TurnEnd { .. }
            | Moment::AfterDamage { .. }
            | Moment::NextFlag { .. }
            | Moment::Set { .. } => Ok(Vec::new()),
        }
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int_or("health", DEFAULT_HEALTH))
    }

    // WOIN-INIT-1: an INTUITION check with the INITIATIVE pool; AGILITY is the first tie-break.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        _ctx: &mut InitContext<WoinState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        // WOIN-INIT-1, with Deaf's lost dice.
        let label = "initiative (INITIATIVE pool)".to_string();
        let roll =
            prepared::asked(label, &Self::init_pool(who.stats, who.conditions)?, None, dice)?;
        let mut init = Initiative::new(InitValue::Count(roll.total))
            .with_ties(vec![who.stats.int_or("agi", 0)]);
        init.roll = Some(roll);
        Ok(init)
    }

    fn typed_initiative(&self, stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let total =
            text.trim().parse().ok().filter(|n| TYPED_INIT.contains(n)).ok_or_else(|| {
                RulesError::Invalid(format!(
                    "WOIN initiative is a whole number from {} to {} such as 17, not '{text}'",
                    TYPED_INIT.start(),
                    TYPED_INIT.end()
                ))
            })?;
        let mut init =
            Initiative::new(InitValue::Count(total)).with_ties(vec![stats.int_or("agi", 0)]);
        init.typed = true;
        Ok(init)
    }

    // WOIN-INIT-3..5: two actions on the count; a third at −10; a fourth and more every 5 counts.
    fn passes(&self, stats: &Stats, init: &Initiative) -> Vec<Pass> {
        let count = init.value.rank();
        let actions =
            u8::try_from(stats.int_or("actions", DEFAULT_ACTIONS).clamp(1, 20)).unwrap_or(20);
        match actions {
            0..=2 => vec![Pass::main(count, actions)],
            3 => vec![Pass::main(count, 2), Pass::extra(count.saturating_sub(10), 1)],
            n => std::iter::once(Pass::main(count, 2))
                .chain((1..=i64::from(n - 2)).map(|k| Pass::extra(count.saturating_sub(5 * k), 1)))
                .collect(),
        }
    }

    // WOIN-DMG-1: SOAK reduces damage, but every 6 on the damage dice still does 1.
    fn damage(&self, hit: DamageRequest<'_, WoinState>) -> Result<DamageOutcome, RulesError> {
        // WOIN-TYPE-1: an unknown type is refused; immunity compares canonical types.
        let kind = hit.kind.map(tables::damage_type).transpose()?;
        if let Some(kind) = kind
            && attack::immune(hit.stats, kind)
        {
            return Ok(DamageOutcome {
                loss: 0,
                conditions: vec![],
                explain: format!("immune to {kind}"),
                events: vec![],
            });
        }
        let soak = Self::effective_soak(hit.stats, hit.conditions);
        let sixes = i64::try_from(hit.roll.map_or(0, |r| r.count_faces(6))).unwrap_or(i64::MAX);
        let after_soak = hit.amount.saturating_sub(soak).max(0);
        let loss = after_soak.max(sixes);
        let explain = if soak == 0 {
            format!("{} damage", hit.amount)
        } else if loss > after_soak {
            format!("{} − SOAK {soak}, but {sixes} six(es) still do {sixes}", hit.amount)
        } else {
            format!("{} − SOAK {soak} = {loss}", hit.amount)
        };
        Ok(DamageOutcome { loss, conditions: vec![], explain, events: vec![] })
    }

    // WOIN-COND-11: Pain hurts 1d6 (not SOAKed) as its second action of a turn is spent; severe,
    // as the first is. Only the turn's actions count, not free actions or reactions; crossing
    // that line once, it hurts at most once a turn (the spec's Reading).
    fn actions_spent(
        &self,
        who: CombatantView<'_>,
        before: &[ActionPool],
        after: &[ActionPool],
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let Some(pain) = who.conditions.iter().find(|c| c.name == "Pain") else {
            return Ok(Vec::new());
        };
        let used =
            |pools: &[ActionPool]| pools.iter().find(|p| p.name == "actions").map_or(0, |p| p.used);
        let line = if pain.level == Level::Severe { 1 } else { 2 };
        if used(before) >= line || used(after) < line {
            return Ok(Vec::new());
        }
        let label = format!("{}'s Pain ({})", who.name, pain.level);
        let roll = prepared::asked(label, &DiceExpr::parse("1d6")?, None, dice)?;
        let which = if line == 1 { "an action" } else { "a second action" };
        Ok(vec![TurnStartEffect::Damage {
            amount: roll.total,
            kind: None,
            explain: format!("Pain ({}) on {which} this turn, not SOAKed", pain.level),
            roll,
        }])
    }

    // WOIN-CALL-1: a called shot takes two actions; an overwatch shot was paid for already.
    fn attack_cost(
        &self,
        request: AttackRequest<'_, WoinState>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let fields = crate::rules::request::FieldReader(request.fields);
        Ok(if fields.flag("overwatch") {
            Vec::new()
        } else if fields.value("called").is_some() {
            vec![("actions", 2)]
        } else {
            vec![("actions", 1)]
        })
    }

    fn attack(
        &self,
        request: AttackRequest<'_, WoinState>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        if let [first, _, ..] = request.members {
            return Err(RulesError::Invalid(format!(
                "a WOIN attack comes from one combatant: name one ({} …)",
                first.view.name
            )));
        }
        if request.targets.len() > 1 {
            return Err(RulesError::Invalid(
                "a WOIN attack has one target; attack each in turn".into(),
            ));
        }
        let before = attack::check_overwatch(request)?;
        let (mut outcome, left) = attack::resolve(request, dice)?;
        outcome.before = before;
        // WOIN-COND-6: the target's LUC reaction, asked once the hit's conditions are known.
        let luck = luc::react(request, &outcome, dice)?;
        let mut effects = outcome.into_effects();
        effects.extend(luck);
        // Faces `dmgroll=` typed beyond the attack's own rolls: Pain's d6 (WOIN-COND-11).
        if let Some((faces, used)) = left {
            effects.push(Effect::TypedAfter { field: "dmgroll", faces, used });
        }
        Ok(effects)
    }

    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_, WoinState>,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::do_action(action, request)
    }

    fn apply(
        &self,
        state: &mut WoinState,
        event: &WoinEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        state::apply(state, event, roster)
    }

    fn observe(&self, state: &mut WoinState, fact: crate::rules::ruleset::Fact<'_>) {
        state::observe(state, fact);
    }
}
