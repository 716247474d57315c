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
pub mod state;
pub mod tables;
pub mod verbs;
mod wounds;

pub use roll::{TraitRoll, trait_roll};

use super::cards::Card;
use super::conditions::Condition;
use super::dice::DiceSource;
use super::effect::{Effect, HitKind, TurnStartEffect};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, FieldReader, InitContext,
    InitRequest, ShakeOutcome,
};
use super::ruleset::{Ruleset, option};
use super::state::{SystemEvent, SystemState};
use super::stats::{FieldKind, FieldSpec, Stats, TraitDie};
use super::types::{
    ActionPool, ActionSpec, Derived, Health, HealthBand, OptionSpec, Options, Pass, RulesError,
    Side,
};

/// The Savage Worlds ruleset.
pub struct Savage;

use super::words::signed;
use crate::rules::stats::int_field as int;

/// Actions in a Savage Worlds turn (SW-ACT-1).
pub(crate) const ACTIONS: u8 = 3;

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
        state::TAG
    }

    // SW-DMG-3: a player character is a Wild Card unless the GM says `extra`; others are Extras
    // unless the GM says `wild`.
    fn on_add(&self, stats: &mut Stats, side: Side) {
        if side == Side::Pc && stats.get("wild").is_none() {
            stats.set_flag("wild", true);
        }
    }

    fn kind_of(&self, stats: &Stats) -> Option<&'static str> {
        Some(if Self::is_wild(stats) { "Wild Card" } else { "Extra" })
    }

    fn odds_report(&self, args: &[String]) -> Result<String, String> {
        odds::odds_report(args)
    }

    fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        Some((odds::USAGE, "success and raise odds of a trait roll (`extra`: no Wild Die)"))
    }

    crate::rules::ruleset::own_state!(state, SavageState, SavageEvent);

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

    fn order_status(&self, state: &SystemState, options: &Options) -> Option<String> {
        let st = state::of(state);
        // SW-INIT-6: the cards are the table's; the tracker's own deck is not in play.
        let deck = if self.deals_by_hand(options) {
            "physical deck".to_string()
        } else {
            format!("deck {} left", st.deck.remaining().len())
        };
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

    fn commands(&self) -> &'static [crate::rules::verb::Verb] {
        commands::COMMANDS
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
    }

    fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SystemState,
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

    // SW-ROLL-2, SW-INIT-3: what every Trait roll of it carries now.
    fn status_lines(&self, who: CombatantView<'_>, _: &str, _: &SystemState) -> Vec<String> {
        let carried: Vec<String> = attack::trait_modifiers(who)
            .iter()
            .map(|(why, n)| format!("{why} {}", signed(*n)))
            .collect();
        match carried.is_empty() {
            true => Vec::new(),
            false => vec![format!("trait rolls: {}", carried.join(" · "))],
        }
    }

    // Health counts wounds still to take: a Wild Card 3, beyond which it is incapacitated
    // (SW-DMG-3); an Extra 0, so its first wound takes it out.
    fn health(&self, stats: &Stats) -> Health {
        Health::full(if Self::is_wild(stats) { WILD_WOUNDS } else { 0 })
    }

    fn health_label(&self) -> &'static str {
        "wounds"
    }

    fn health_counts_taken(&self) -> bool {
        true
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

    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        deal::deal(who, ctx, dice)
    }

    fn typed_init_hint(&self) -> &'static str {
        "the card dealt: rank and suit such as QS, 10H or 2c, or joker"
    }

    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        deal::typed(text)
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
        vec![ActionPool::new("actions", ACTIONS)]
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

    // SW-ACT-1: an attack (autofire included) is one action.
    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
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

    fn attack_fields(&self) -> &'static [crate::rules::signature::FieldArg] {
        attack::ATTACK_FIELDS
    }

    fn attack_hint(&self) -> &'static str {
        "blank, or range=medium called=head cover=light dark=dim gang=N mod=N …"
    }

    fn attack_hint_now(&self, request: AttackRequest<'_>) -> Option<String> {
        attack::hint(request)
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

    // SW-ATK-2: only the switches for the roll the weapon makes (a bare attack that has not
    // named its skill yet is offered them all).
    fn attack_toggles_now(
        &self,
        request: AttackRequest<'_>,
    ) -> Option<Vec<(&'static str, &'static str)>> {
        let skill = attack::known_skill(request)?;
        let toggles = self.attack_toggles().iter();
        Some(toggles.filter(|(field, _)| tables::applies_to(field, &skill)).copied().collect())
    }

    fn dice_order(&self, request: AttackRequest<'_>) -> Result<Option<String>, RulesError> {
        dice_order::describe(request).map(Some)
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
        let prepared = attack::prepare(request)?;
        let f = FieldReader(request.fields);
        let outcome = match f.int("autofire")?.filter(|n| *n > 1) {
            Some(shots) => autofire::autofire(request, &prepared, shots, dice)?,
            None => attack::resolve(request, &prepared, dice)?,
        };
        Ok(outcome.into_effects())
    }

    fn turn_start(
        &self,
        who: CombatantView<'_>,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnStartEffect>, RulesError> {
        shaken::turn_start(who, options, dice)
    }

    fn after_damage(
        &self,
        who: CombatantView<'_>,
        was_down: bool,
        hit: HitKind<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::after_damage(who, was_down, hit, dice)
    }

    fn round_start(
        &self,
        who: CombatantView<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        incapacitation::round_start(who, dice)
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

    // The players' view counts wounds: none unhurt, 1 hurt, 2 badly hurt, 3 barely standing; an
    // Extra is unhurt until it is out.
    fn health_band(&self, health: Health, conditions: &[Condition]) -> HealthBand {
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

    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current < 0
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Incapacitated" | "Dead" | "Unconscious"))
    }

    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        wounds::damage(hit)
    }

    fn shake_off(
        &self,
        stats: &Stats,
        health: Health,
        condition: &Condition,
        _options: &crate::rules::types::Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        shaken::shake_off(stats, health, condition, dice)
    }
}
