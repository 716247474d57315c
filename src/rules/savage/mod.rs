//! Savage Worlds: the action deck (SW-INIT-*), acing trait rolls with the Wild Die (SW-ROLL-1),
//! Shaken and wounds (SW-DMG-2, SW-DMG-3, SW-SHAKEN-1), attacks, Incapacitation and Bleeding Out
//! (SW-INC-1, SW-INC-2), and the verbs and tables. All of Savage Worlds' numbers live in this folder.

pub mod attack;
pub mod commands;
pub mod odds;
pub mod state;
pub mod tables;
pub mod verbs;

use super::cards::Card;
use super::conditions::Condition;
use super::dice::{DiceError, DiceExpr, DiceSource, DieRoll, RollRecord};
use super::initiative::{InitValue, Initiative};
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldKind, FieldSpec, Stats, TraitDie};
use super::system::{
    ActionPool, ActionSpec, AttackRequest, CombatantView, DamageOutcome, DamageRequest, Derived,
    Effect, Health, HitKind, InitContext, InitRequest, OptionSpec, Options, Pass, RulesError,
    Ruleset, ShakeOutcome, SpecialRequest, TurnStartEffect, Who, option,
};
use super::system::{Fact, Line, Roster, System};

/// The Savage Worlds ruleset.
pub struct Savage;

use crate::rules::stats::int_field as int;

const fn die(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Die, help }
}

const fn flag(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Flag, help }
}

static FIELDS: &[FieldSpec] = &[
    flag("wild", "a Wild Card: Wild Die, bennies, three wounds"),
    FieldSpec {
        name: "extra",
        kind: FieldKind::Sets { field: "wild", on: false },
        help: "an Extra: out at the first wound",
    },
    die("agility", "Agility die"),
    die("smarts", "Smarts die"),
    die("spirit", "Spirit die (recovering from Shaken)"),
    die("strength", "Strength die"),
    die("vigor", "Vigor die"),
    die("fighting", "Fighting die"),
    die("shooting", "Shooting die"),
    die("throwing", "Throwing die"),
    die("guts", "Guts die"),
    die("notice", "Notice die"),
    die("intimidation", "Intimidation die"),
    die("taunt", "Taunt die"),
    die("healing", "Healing die"),
    int("parry", 0, 30, "Parry"),
    int("toughness", 1, 50, "Toughness, armor included"),
    int("armor", 0, 30, "armor part of Toughness"),
    int("pace", 0, 30, "Pace"),
    int("charisma", -10, 10, "Charisma"),
    int("size", -4, 20, "Size"),
    int("bennies", 0, 20, "bennies left"),
    flag("quick", "Quick: redraw action cards of 5 or lower"),
    flag("level_headed", "Level Headed: draw two action cards, keep the best"),
    flag("improved_level_headed", "Improved Level Headed: draw three, keep the best"),
    flag("ambidextrous", "Ambidextrous: no off-hand penalty"),
    flag("object", "an object to break: Parry 2, no raise bonus and no aces on damage"),
];

/// The usual target number.
pub const TN: i64 = 4;
/// Wound levels a Wild Card can carry before the next wound incapacitates it.
const WILD_WOUNDS: i64 = 3;
const DEFAULT_TOUGHNESS: i64 = 5;
/// An untrained or unstated trait rolls a d4.
const DEFAULT_DIE: TraitDie = TraitDie { sides: 4, bonus: 0 };
/// Quick redraws cards of this rank or lower.
const QUICK_REDRAW_AT_MOST: u8 = 5;
/// Aces stop after this many rerolls of one die, so a rigged script cannot loop forever.
const MAX_ACES: usize = 100;

/// A trait roll: the trait die and, for Wild Cards, the Wild Die, each acing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraitRoll {
    pub trait_faces: Vec<u32>,
    pub wild_faces: Vec<u32>,
    /// The higher of the two, plus bonus and modifier.
    pub total: i64,
    /// Both first faces are 1 (snake eyes) on a Wild Card's roll.
    pub critical_failure: bool,
    pub record: RollRecord,
}

impl TraitRoll {
    /// Raises over `tn`: each full 4 above it.
    pub fn raises(&self, tn: i64) -> i64 {
        if self.total < tn { 0 } else { (self.total - tn) / 4 }
    }
}

fn roll_acing(sides: u32, dice: &mut dyn DiceSource) -> Result<Vec<u32>, DiceError> {
    let mut faces = vec![dice.roll(sides)?];
    while faces.len() <= MAX_ACES && faces.last() == Some(&sides) {
        faces.push(dice.roll(sides)?);
    }
    Ok(faces)
}

/// SW-ROLL-1: roll a trait die that aces; a Wild Card adds a d6 Wild Die and keeps the higher.
pub fn trait_roll(
    die: TraitDie,
    wild: bool,
    modifier: i64,
    dice: &mut dyn DiceSource,
) -> Result<TraitRoll, DiceError> {
    let trait_faces = roll_acing(die.sides, dice)?;
    let wild_faces = if wild { roll_acing(6, dice)? } else { Vec::new() };
    let sum = |faces: &[u32]| faces.iter().map(|&f| i64::from(f)).sum::<i64>();
    let (trait_sum, wild_sum) = (sum(&trait_faces), sum(&wild_faces));
    let keep_trait = !wild || trait_sum >= wild_sum;
    let total = trait_sum.max(wild_sum) + die.bonus + modifier;
    let critical_failure =
        wild && trait_faces.first() == Some(&1) && wild_faces.first() == Some(&1);
    fn mark(faces: &[u32], sides: u32, kept: bool) -> impl Iterator<Item = DieRoll> + '_ {
        faces.iter().enumerate().map(move |(i, &face)| DieRoll {
            sides,
            face,
            kept,
            exploded: i > 0,
        })
    }
    let mut expr = format!("d{}!", die.sides);
    if wild {
        expr.push_str("+wild d6!");
    }
    let bonus = die.bonus + modifier;
    if bonus != 0 {
        expr.push_str(&format!("{bonus:+}"));
    }
    let record = RollRecord {
        expr,
        dice: mark(&trait_faces, die.sides, keep_trait)
            .chain(mark(&wild_faces, 6, !keep_trait))
            .collect(),
        total,
    };
    Ok(TraitRoll { trait_faces, wild_faces, total, critical_failure, record })
}

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

impl Ruleset for Savage {
    fn key(&self) -> &'static str {
        "savage"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["sw", "savage-worlds", "savageworlds"]
    }

    fn name(&self) -> &'static str {
        "Savage Worlds"
    }

    fn tag(&self) -> &'static str {
        "Savage"
    }

    fn odds_report(&self, args: &[String]) -> Result<String, String> {
        odds::odds_report(args)
    }

    fn new_state(&self) -> SystemState {
        SystemState::new(state::SavageState::default())
    }

    fn decode_event(
        &self,
        d: &mut dyn erased_serde::Deserializer,
    ) -> Result<SystemEvent, erased_serde::Error> {
        crate::rules::state::decode::<state::SavageEvent>(System::SAVAGE, d)
    }

    fn apply_event(
        &self,
        state: &mut SystemState,
        event: &SystemEvent,
        roster: &mut dyn Roster,
    ) -> Result<Line, RulesError> {
        state::apply(state, event, roster)
    }

    fn observe(&self, state: &mut SystemState, fact: Fact<'_>) {
        state::observe(state, fact);
    }

    // SW-INIT-3: after a Joker the deck is shuffled before the next deal.
    fn new_deal(&self, state: &SystemState, kept: &[Card]) -> Vec<SystemEvent> {
        if state::of(state).joker_out {
            vec![state::SavageEvent::DeckShuffled { kept: kept.to_vec() }.wrap()]
        } else {
            Vec::new()
        }
    }

    // SW-INIT-6: with a physical deck the GM types each card.
    fn deals_by_hand(&self, options: &Options) -> bool {
        option(self, options, "deck") == "physical"
    }

    fn deal_by_hand_prompt(&self) -> &'static str {
        "deal the cards from the table: `init NAME CARD` for each, then `next`"
    }

    fn typed_init_usage(&self) -> &'static str {
        "`init NAME CARD`"
    }

    fn order_status(&self, state: &SystemState) -> Option<String> {
        let st = state::of(state);
        let deck = format!("deck {} left", st.deck.remaining().len());
        Some(match st.gm_bennies {
            0 => deck,
            n => format!("{deck} · GM bennies {n}"),
        })
    }

    fn settable(&self) -> &'static [OptionSpec] {
        tables::SETTABLE
    }

    // The GM's benny pool is a counter in the state, not an option string.
    fn set_value(&self, name: &str, value: i64) -> Option<SystemEvent> {
        (name == "gm_bennies").then(|| state::SavageEvent::GmBennies { count: value }.wrap())
    }

    fn state_figures(&self, state: &SystemState) -> Vec<(&'static str, Derived)> {
        let st = state::of(state);
        let deck_left = i64::try_from(st.deck.remaining().len()).unwrap_or(i64::MAX);
        vec![
            ("gm_bennies", Derived::Int(st.gm_bennies)),
            ("deck_left", Derived::Int(deck_left)),
            ("joker_out", Derived::Bool(st.joker_out)),
        ]
    }

    fn commands(&self) -> &'static [crate::rules::signature::CommandSpec] {
        commands::COMMANDS
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
    }

    // Health counts wounds still to take: a Wild Card 3, beyond which it is incapacitated
    // (SW-DMG-3); an Extra 0, so its first wound takes it out.
    fn health(&self, stats: &Stats) -> Health {
        Health::full(if Self::is_wild(stats) { WILD_WOUNDS } else { 0 })
    }

    fn health_label(&self) -> &'static str {
        "wounds"
    }

    // Wounds taken, as a Savage Worlds table says them; an Extra is simply up or out.
    fn health_text(&self, health: Health) -> String {
        let wounds = health.max.saturating_sub(health.current);
        match (health.max, health.current) {
            (0, c) if c >= 0 => "unhurt".to_string(),
            (0, _) => "out".to_string(),
            (_, c) if c < 0 => format!("wounds {wounds} (incapacitated)"),
            _ => format!("wounds {wounds}/{}", health.max),
        }
    }

    // SW-INIT-1, SW-INIT-5: one card each; Level Headed draws 2 and Improved Level Headed 3,
    // keeping the best; Quick redraws cards of 5 or lower.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let draws = if who.stats.flag("improved_level_headed") {
            3
        } else if who.stats.flag("level_headed") {
            2
        } else {
            1
        };
        let mut drawn = Vec::new();
        for _ in 0..draws {
            drawn.push(state::draw(ctx, dice)?);
        }
        let best = |cards: &[Card]| cards.iter().copied().max_by_key(|c| c.order());
        let mut kept = best(&drawn).ok_or_else(|| RulesError::Invalid("no card drawn".into()))?;
        if who.stats.flag("quick") {
            // Bounded by the deck: a full deck has only 20 cards of rank 5 or lower.
            for _ in 0..60 {
                if kept.is_joker() || kept.rank() > QUICK_REDRAW_AT_MOST {
                    break;
                }
                kept = state::draw(ctx, dice)?;
                drawn.push(kept);
            }
        }
        ctx.in_hand.push(kept);
        let mut init = Initiative::new(InitValue::Card(kept));
        init.drawn = drawn;
        Ok(init)
    }

    // SW-INIT-6: cards from a physical deck are typed in.
    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let card = Card::parse(text).ok_or_else(|| {
            RulesError::Invalid(format!(
                "a Savage Worlds initiative is a card such as QS, 10H, 2C or joker, not '{text}'"
            ))
        })?;
        let mut init = Initiative::new(InitValue::Card(card));
        init.drawn = vec![card];
        init.typed = true;
        Ok(init)
    }

    // SW-INIT-1: a new deal every round.
    fn deals_each_round(&self) -> bool {
        true
    }

    // SW-INIT-4: a held action is kept across rounds.
    fn hold_lasts_across_rounds(&self) -> bool {
        true
    }

    // SW-ACT-1: one action; more are allowed at −2 each to that turn's trait rolls.
    fn turn_budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        // Up to three actions; each after the first is −2 to every trait roll (SW-ACT-1).
        vec![ActionPool::new("actions", 3)]
    }

    // SW-ACT-1: one action; each extra one is −2 to every trait roll this turn.
    fn actions(&self) -> &'static [ActionSpec] {
        const fn a(key: &'static str, label: &'static str, cost: u8) -> ActionSpec {
            ActionSpec { key, label, pool: "actions", cost, fields: &[] }
        }
        const LIST: &[ActionSpec] = &[
            a("attack", "Fighting or Shooting attack", 1),
            a("wild", "Wild Attack (+2, −2 Parry)", 1),
            a("defend", "Defend (+2 Parry, the whole turn)", 1),
            a("aim", "Aim (+2 next round)", 1),
            a("trick", "Trick or Test of Wills", 1),
            a("benny", "spend a benny", 0),
            a("move", "move up to Pace", 0),
        ];
        LIST
    }

    fn weapon_fields(&self) -> &'static [FieldSpec] {
        tables::WEAPON_FIELDS
    }

    fn options(&self) -> &'static [OptionSpec] {
        tables::OPTIONS
    }

    fn attack_fields(&self) -> &'static [&'static str] {
        attack::ATTACK_FIELDS
    }

    fn attack_hint(&self) -> &'static str {
        "blank, or range=medium called=head cover=light dark=dim gang=N mod=N …"
    }

    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give skill= or die=, and dmg=, below"
    }

    // SW-ATK-2: the switches of the attack dialog.
    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("wild_attack", "Wild Attack +2, +2 damage, −2 Parry after"),
            ("drop", "The Drop +4 attack and damage"),
            ("aim", "aimed +2"),
            ("touch", "touch attack +2"),
            ("unarmed_defender", "unarmed defender +2"),
            ("unstable", "unstable platform −2"),
            ("double_tap", "double tap +1, +1 damage"),
            ("burst", "three-round burst +2, +2 damage"),
            ("two_weapons", "two weapons −2"),
            ("offhand", "off hand −2"),
            ("nonlethal", "non-lethal"),
        ]
    }

    fn attack_odds(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        attack::odds(request).map(Some)
    }

    fn attack(
        &self,
        request: AttackRequest<'_>,
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
        Ok(attack::resolve(request, dice)?.into_effects())
    }

    fn special(
        &self,
        request: SpecialRequest<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        verbs::special(request, dice)
    }

    // SW-SHAKEN-1: a Shaken character rolls Spirit as its turn begins; what lasted "until its
    // next action" (Defend, a Wild Attack's −2 Parry, a trick) ends.
    fn turn_start(
        &self,
        who: CombatantView<'_>,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        let mut effects = Vec::new();
        for name in ["Defending", "Wild-Attack", "Tricked"] {
            if who.conditions.iter().any(|c| c.name == name) {
                effects.push(TurnStartEffect::Effect(Effect::RemoveCondition {
                    who: Who::Actor,
                    name: name.into(),
                }));
            }
        }
        let locked = who.conditions.iter().any(|c| c.name == "Shaken-Locked");
        if locked && who.conditions.iter().any(|c| c.name == "Shaken") {
            let text = format!("{} cannot recover from Shaken yet: free actions only", who.name);
            effects.push(TurnStartEffect::Effect(Effect::Log { text, roll: None }));
            effects.push(TurnStartEffect::Effect(Effect::SpendAll {
                who: Who::Actor,
                why: "Shaken: free actions only".into(),
            }));
        } else if who.conditions.iter().any(|c| c.name == "Shaken") {
            let spirit = who.stats.die("spirit").unwrap_or(DEFAULT_DIE);
            let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
            let roll = trait_roll(spirit, Self::is_wild(who.stats), penalty, dice)?;
            let success = roll.total >= TN && !roll.critical_failure;
            let acts = roll.raises(TN) > 0 || option(self, options, "shaken_success_acts") == "on";
            let text = match (success, acts) {
                (false, _) => {
                    format!("{} stays Shaken (Spirit {}): free actions only", who.name, roll.total)
                }
                (true, false) => format!(
                    "{} recovers from Shaken (Spirit {}): free actions only this turn",
                    who.name, roll.total
                ),
                (true, true) => {
                    format!("{} recovers from Shaken (Spirit {}) and acts", who.name, roll.total)
                }
            };
            let attempt = Some("Shaken".to_string());
            effects.push(TurnStartEffect::Roll { roll: roll.record, text, attempt });
            if success {
                effects.push(TurnStartEffect::Effect(Effect::RemoveCondition {
                    who: Who::Actor,
                    name: "Shaken".into(),
                }));
            }
            if !acts || !success {
                effects.push(TurnStartEffect::Effect(Effect::SpendAll {
                    who: Who::Actor,
                    why: "Shaken: free actions only".into(),
                }));
            }
        }
        Ok(effects)
    }

    // SW-INC-1: a Wild Card that goes past its last wound rolls Vigor at once.
    fn after_damage(
        &self,
        who: CombatantView<'_>,
        was_down: bool,
        hit: HitKind<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        let nonlethal = hit.nonlethal;
        if was_down || who.health.current >= 0 {
            return Ok(Vec::new());
        }
        if !Self::is_wild(who.stats) {
            let text = if nonlethal {
                format!("{} is knocked out (for 1d6 hours)", who.name)
            } else {
                format!("{} is out of the fight", who.name)
            };
            return Ok(vec![Effect::Log { text, roll: None }]);
        }
        let vigor = who.stats.die("vigor").unwrap_or(DEFAULT_DIE);
        let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
        let roll = trait_roll(vigor, true, penalty, dice)?;
        let outcome = if roll.critical_failure {
            if nonlethal { Incap::Unconscious } else { Incap::Dead }
        } else if roll.total < TN {
            if nonlethal { Incap::Unconscious } else { Incap::BleedingOut }
        } else if roll.raises(TN) > 0 {
            Incap::Stunned
        } else {
            Incap::Unconscious
        };
        let add = |name: &str| Effect::AddCondition {
            who: Who::Actor,
            name: name.into(),
            rounds: None,
            detail: None,
            persistent: false,
        };
        let mut effects = vec![Effect::Log {
            text: format!(
                "{} is incapacitated: Vigor {} → {}",
                who.name,
                roll.total,
                outcome.describe(nonlethal)
            ),
            roll: Some(roll.record.clone()),
        }];
        // Non-lethal: a failure counts as a success, out for 1d6 hours (2d6 on snake eyes).
        if nonlethal && (roll.critical_failure || roll.total < TN) {
            let hours =
                DiceExpr::parse(if roll.critical_failure { "2d6" } else { "1d6" })?.roll(dice)?;
            effects.push(Effect::Log {
                text: format!("{} is out for {} hours", who.name, hours.total),
                roll: Some(hours),
            });
        }
        match outcome {
            Incap::Dead => effects.push(add("Dead")),
            Incap::BleedingOut => effects.extend([add("Incapacitated"), add("Bleeding-Out")]),
            Incap::Unconscious => effects.extend([add("Incapacitated"), add("Unconscious")]),
            Incap::Stunned => {
                // Only stunned: back to three wounds, Shaken, not incapacitated.
                effects.push(Effect::Restore { who: Who::Actor, amount: -who.health.current });
                effects.push(add("Shaken"));
            }
        }
        // SW-INJ-1: an Injury, lasting by how the roll went (none on death, none when non-lethal).
        if !matches!(outcome, Incap::Dead) {
            // SW-INJ-1: a called shot names the location (a limb is taken as an arm); else 2d6.
            let location = match hit.called.map(str::to_ascii_lowercase).as_deref() {
                Some("head") => {
                    RollRecord { expr: "called shot: head".into(), dice: Vec::new(), total: 11 }
                }
                Some("limb" | "arm") => {
                    RollRecord { expr: "called shot: arm".into(), dice: Vec::new(), total: 3 }
                }
                Some("leg") => {
                    RollRecord { expr: "called shot: leg".into(), dice: Vec::new(), total: 10 }
                }
                _ => DiceExpr::parse("2d6")?.roll(dice)?,
            };
            let detail = if tables::injury_needs_detail(location.total) {
                DiceExpr::parse("1d6")?.roll(dice)?.total
            } else {
                0
            };
            let side = if matches!(location.total, 3 | 4 | 10) {
                if DiceExpr::parse("1d2")?.roll(dice)?.total == 1 { "left" } else { "right" }
            } else {
                ""
            };
            let injury = tables::injury(location.total, detail, side);
            let (lasts, persistent) = match outcome {
                Incap::Stunned => ("until the fight ends", false),
                Incap::Unconscious => ("until all wounds heal", false),
                _ => ("permanent", true),
            };
            effects.push(Effect::Log {
                text: format!("Injury: {injury} ({lasts})"),
                roll: Some(location),
            });
            effects.push(Effect::AddCondition {
                who: Who::Actor,
                name: "Injured".into(),
                rounds: None,
                detail: Some(format!("{injury} ({lasts})")),
                persistent,
            });
        }
        Ok(effects)
    }

    // SW-INC-2: Bleeding Out, a Vigor roll as each round begins.
    fn round_start(
        &self,
        who: CombatantView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        if !who.conditions.iter().any(|c| c.name == "Bleeding-Out") {
            return Ok(Vec::new());
        }
        let vigor = who.stats.die("vigor").unwrap_or(DEFAULT_DIE);
        let penalty: i64 = attack::trait_modifiers(who).iter().map(|(_, m)| m).sum();
        let roll = trait_roll(vigor, Self::is_wild(who.stats), penalty, dice)?;
        let log = |text: String| Effect::Log { text, roll: Some(roll.record.clone()) };
        // Reading: "1 or less" is the kept total after penalties, or snake eyes.
        Ok(if roll.critical_failure || roll.total <= 1 {
            vec![
                log(format!("{} bleeds out: Vigor {} and dies", who.name, roll.total)),
                Effect::RemoveCondition { who: Who::Actor, name: "Bleeding-Out".into() },
                Effect::AddCondition {
                    who: Who::Actor,
                    name: "Dead".into(),
                    rounds: None,
                    detail: None,
                    persistent: true,
                },
            ]
        } else if roll.total >= TN {
            vec![
                log(format!("{} is stabilised: Vigor {}, unconscious", who.name, roll.total)),
                Effect::RemoveCondition { who: Who::Actor, name: "Bleeding-Out".into() },
                Effect::AddCondition {
                    who: Who::Actor,
                    name: "Stabilised".into(),
                    rounds: None,
                    detail: None,
                    persistent: false,
                },
                Effect::AddCondition {
                    who: Who::Actor,
                    name: "Unconscious".into(),
                    rounds: None,
                    detail: None,
                    persistent: false,
                },
            ]
        } else {
            vec![log(format!("{} is still bleeding out: Vigor {}", who.name, roll.total))]
        })
    }

    // JSON and display: wounds, Shaken, the incapacitated state, bennies, injuries, fatigue.
    fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
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

    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current < 0
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Incapacitated" | "Dead" | "Unconscious"))
    }

    // SW-DMG-2, SW-DMG-3: below Toughness nothing; at Toughness Shaken, or a wound when already
    // Shaken; each raise one wound more. Extras are out at any wound.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        // AP ignores armor; cover and obstacles add to it (SW-ATK-5, SW-ATK-7).
        let toughness = hit
            .stats
            .int_or("toughness", DEFAULT_TOUGHNESS)
            .saturating_add(hit.armor_added)
            .saturating_sub(hit.armor_ignored);
        let shaken = hit.conditions.iter().any(|c| c.name == "Shaken");
        if hit.amount < toughness {
            return Ok(DamageOutcome {
                loss: 0,
                conditions: vec![],
                explain: format!("{} vs Toughness {toughness}: no effect", hit.amount),
            });
        }
        let raises = (hit.amount - toughness) / 4;
        let wounds = if raises > 0 { raises } else { i64::from(shaken) };
        let conditions = if shaken { vec![] } else { vec!["Shaken".to_string()] };
        let what = match (wounds, shaken) {
            (0, _) => "Shaken".to_string(),
            (w, true) => format!("{w} wound(s)"),
            (w, false) => format!("Shaken and {w} wound(s)"),
        };
        Ok(DamageOutcome {
            // Past the last wound level a Wild Card is incapacitated, an Extra out: one below 0.
            loss: wounds.min(hit.health.current.max(0).saturating_add(1)),
            conditions,
            explain: format!("{} vs Toughness {toughness}, {raises} raise(s): {what}", hit.amount),
        })
    }

    // SW-SHAKEN-1: a Spirit roll (with wound penalties); success recovers, a raise also acts.
    fn shake_off(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        _options: &crate::rules::system::Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        if condition.name != "Shaken" {
            return Err(RulesError::Invalid(format!(
                "in Savage Worlds only Shaken is rolled off (Spirit); end {} with `uncond`",
                condition.name
            )));
        }
        let spirit = stats.die("spirit").unwrap_or(DEFAULT_DIE);
        let roll = trait_roll(spirit, Self::is_wild(stats), Self::wound_penalty(health), dice)?;
        let success = roll.total >= TN && !roll.critical_failure;
        let explain = if !success {
            "Spirit failed: stays Shaken, free actions only".to_string()
        } else if roll.raises(TN) > 0 {
            "Spirit with a raise: recovers and acts normally".to_string()
        } else {
            "Spirit succeeds: recovers, free actions only this turn".to_string()
        };
        Ok(ShakeOutcome { roll: roll.record, success, explain })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::ScriptedDice;

    // SW-ROLL-1: a trait die aces on its maximum; the Wild Die also aces; the higher is kept.
    #[test]
    fn sw_roll_1_aces_and_wild_die() {
        let d8 = TraitDie { sides: 8, bonus: 0 };
        let cases: &[(&[u32], bool, i64, bool)] = &[
            (&[8, 3], false, 11, false),
            (&[2, 6, 6, 1], true, 13, false),
            (&[1, 1], true, 1, true),
            (&[5, 2], true, 5, false),
        ];
        for (faces, wild, total, crit) in cases {
            let mut dice = ScriptedDice::new(faces.iter().copied());
            let roll = trait_roll(d8, *wild, 0, &mut dice).unwrap();
            assert_eq!(roll.total, *total, "{faces:?}");
            assert_eq!(roll.critical_failure, *crit, "{faces:?}");
            assert_eq!(dice.remaining(), 0, "{faces:?}");
        }
    }
}

/// SW-INC-1: the four outcomes of the Incapacitation roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Incap {
    Stunned,
    Unconscious,
    BleedingOut,
    Dead,
}

impl Incap {
    fn describe(self, nonlethal: bool) -> &'static str {
        match (self, nonlethal) {
            (Incap::Stunned, _) => "only stunned: Shaken, three wounds",
            (Incap::Unconscious, true) => "knocked out for hours (non-lethal)",
            (Incap::Unconscious, false) => "unconscious for an hour, or until healed",
            (Incap::BleedingOut, _) => "bleeding out",
            (Incap::Dead, _) => "dead",
        }
    }
}
