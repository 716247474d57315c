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
pub mod state;
pub mod tables;
mod verbs;
pub mod weapon;

use super::conditions::Condition;
use super::dice::DiceSource;
use super::effect::{Effect, HitKind, Inflicted, TurnStartEffect, Who};
use super::initiative::{InitValue, Initiative};
use super::request::{
    AttackRequest, CombatantView, DamageOutcome, DamageRequest, InitContext, InitRequest,
    ShakeOutcome, SpecialRequest,
};
use super::ruleset::{Ruleset, option};
use super::signature::FieldArg;
use super::state::SystemState;
use super::stats::{
    FieldError, FieldKind, FieldSpec, StatValue, Stats, format_hundredths, parse_hundredths,
};
use super::types::{
    ActionPool, ActionSpec, Derived, Health, OptionSpec, Options, Pass, RulesError,
};

/// The GURPS ruleset.
pub struct Gurps;

use super::stats::int_field as int;

const fn flag(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Flag, help }
}

static FIELDS: &[FieldSpec] = &[
    int("st", 1, 100, "ST"),
    int("dx", 1, 100, "DX, breaks Basic Speed ties"),
    int("iq", 1, 100, "IQ"),
    int("ht", 1, 100, "HT"),
    int("will", 1, 100, "Will (default IQ)"),
    int("hp", 1, 100_000, "maximum HP (default ST)"),
    int("fp", 1, 1000, "maximum FP (default HT)"),
    FieldSpec {
        name: "speed",
        kind: FieldKind::Decimal { min: 0, max: MAX_SPEED },
        help: "Basic Speed, e.g. 6.25 (default (DX+HT)/4)",
    },
    int("move", 0, 100, "Basic Move"),
    int("dodge", 0, 50, "Dodge (default floor(Basic Speed) + 3)"),
    int("dr", 0, 1000, "DR everywhere not given by location"),
    int("dr.skull", 0, 1000, "DR of the skull (it adds 2 of its own)"),
    int("dr.face", 0, 1000, "DR of the face (and the eyes)"),
    int("dr.eye", 0, 1000, "DR of the eyes"),
    int("dr.neck", 0, 1000, "DR of the neck"),
    int("dr.torso", 0, 1000, "DR of the torso (and the vitals)"),
    int("dr.vitals", 0, 1000, "DR of the vitals"),
    int("dr.groin", 0, 1000, "DR of the groin"),
    int("dr.arm", 0, 1000, "DR of the arms"),
    int("dr.leg", 0, 1000, "DR of the legs"),
    int("dr.hand", 0, 1000, "DR of the hands"),
    int("dr.foot", 0, 1000, "DR of the feet"),
    flag("dr_flex", "flexible armour (blunt trauma, GURPS-DMG-1)"),
    int("sm", -10, 20, "Size Modifier"),
    int("parry", 0, 50, "Parry, overriding the weapons' (absolute)"),
    int("block", 0, 50, "Block, overriding the shield's (absolute)"),
    int("db", 0, 5, "shield DB, added to every defense"),
    int("acrobatics", 1, 40, "Acrobatics skill (acrobatic dodge)"),
    flag("hpt", "High Pain Threshold: no shock, +3 knockdown"),
    flag("lpt", "Low Pain Threshold: shock ×2, −4 knockdown"),
    flag("male", "male (groin hits, GURPS-LOC-4)"),
];

pub(crate) const DEFAULT_ATTRIBUTE: i64 = 10;
/// Highest Basic Speed, set or typed as initiative, in hundredths (100.00).
const MAX_SPEED: i64 = 10_000;

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

impl Ruleset for Gurps {
    fn key(&self) -> &'static str {
        "gurps"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["gurps4e"]
    }

    fn name(&self) -> &'static str {
        "GURPS 4e"
    }

    fn tag(&self) -> &'static str {
        state::TAG
    }

    fn commands(&self) -> &'static [crate::rules::verb::Verb] {
        commands::COMMANDS
    }

    fn pools(&self) -> &'static [&'static str] {
        &["maneuver"]
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
    }

    // GURPS-POST-1: one posture at a time; a new one (typed, or a knockdown's Prone) ends the
    // one before.
    fn ends_on_arrival(&self, condition: &str) -> Vec<&'static str> {
        let postures = tables::POSTURES.iter().filter_map(|p| p.condition);
        match postures.clone().any(|p| p == condition) {
            true => postures.filter(|p| *p != condition).collect(),
            false => Vec::new(),
        }
    }

    // What a GM reads when someone attacks it: its defenses now (maneuver and posture applied),
    // DR, Move now and FP left.
    fn glance(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &SystemState,
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

    // A weapon's `type=` is one of the wound-modifier types, checked as it is set.
    fn check_weapon_names(&self, stats: &mut Stats, field: &str) -> Result<(), FieldError> {
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

    fn weapon_fields(&self) -> &'static [FieldSpec] {
        tables::WEAPON_FIELDS
    }

    fn options(&self) -> &'static [OptionSpec] {
        tables::OPTIONS
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int("hp").unwrap_or_else(|| stats.int_or("st", DEFAULT_ATTRIBUTE)))
    }

    fn health_label(&self) -> &'static str {
        "HP"
    }

    // GURPS-INIT-1: Basic Speed, then DX; the roll-off that follows settles the rest.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        _ctx: &mut InitContext,
        _dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        Ok(Initiative::new(InitValue::Speed(Self::basic_speed(who.stats)))
            .with_ties(vec![who.stats.int_or("dx", DEFAULT_ATTRIBUTE)]))
    }

    fn typed_init_hint(&self) -> &'static str {
        "a Basic Speed, such as 5.75 (ties go to DX)"
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

    // GURPS-MAN-1: one maneuver per turn.
    fn turn_budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("maneuver", 1)]
    }

    // GURPS-MAN-1: the maneuvers, for `do` and the action menu: `do NAME aim target=B`.
    fn actions(&self) -> &'static [ActionSpec] {
        const fn m(key: &'static str, label: &'static str) -> ActionSpec {
            ActionSpec { key, label, pool: "maneuver", cost: 1, fields: &[] }
        }
        const fn with(
            key: &'static str,
            label: &'static str,
            fields: &'static [FieldArg],
        ) -> ActionSpec {
            ActionSpec { key, label, pool: "maneuver", cost: 1, fields }
        }
        const LIST: &[ActionSpec] = &[
            m("attack", "Attack: step, all defenses"),
            m("aoa-determined", "All-Out Attack (Determined): +4, no defense"),
            m("aoa-double", "All-Out Attack (Double): two attacks, no defense"),
            m("aoa-feint", "All-Out Attack (Feint): feint then attack, no defense"),
            m("aoa-strong", "All-Out Attack (Strong): more damage, no defense"),
            m("move-attack", "Move and Attack: full Move, Dodge or Block"),
            m("aod-dodge", "All-Out Defense: +2 Dodge"),
            m("aod-parry", "All-Out Defense: +2 Parry"),
            m("aod-block", "All-Out Defense: +2 Block"),
            m("aod-double", "All-Out Defense: two defenses"),
            with("aim", "Aim (target=NAME braced): +Acc", &[commands::TARGET, commands::BRACED]),
            with("evaluate", "Evaluate (target=NAME): +1 to +3", &[commands::TARGET]),
            with("feint", "Feint (target=NAME), then `feint`", &[commands::TARGET]),
            with("ready", "Ready a weapon (weapon=NAME): step", &[commands::WEAPON]),
            m("concentrate", "Concentrate: step, all defenses"),
            with("wait", "Wait (then=attack …)", &[commands::THEN]),
            m("move", "Move: full Move, all defenses"),
            m("change-posture", "Change Posture (or `posture`)"),
            m("do-nothing", "Do Nothing"),
        ];
        LIST
    }

    fn do_action(
        &self,
        action: &ActionSpec,
        request: SpecialRequest<'_>,
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

    // GURPS-ROLL-2: on 3d6 a 3 or 4 always succeeds and 17 or 18 fails critically.
    fn notable(&self, roll: &super::dice::RollRecord) -> Vec<bool> {
        let three_d6 = roll.dice.len() == 3 && roll.dice.iter().all(|d| d.sides == 6);
        let total: u32 = roll.dice.iter().map(|d| d.face).sum();
        let critical = three_d6 && (total <= 4 || total >= 17);
        roll.dice.iter().map(|_| critical).collect()
    }

    // GURPS-HP-3, GURPS-HP-4: dead at −5 × max HP; unconscious, mortally wounded and dead ones
    // are skipped.
    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= health.max.saturating_mul(-5)
            || conditions
                .iter()
                .any(|c| matches!(c.name.as_str(), "Dead" | "Unconscious" | "Mortally-Wounded"))
    }

    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        injury::damage(hit)
    }

    fn after_damage(
        &self,
        who: CombatantView<'_>,
        _was_down: bool,
        hit: HitKind<'_>,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Effect>, RulesError> {
        injury::after_damage(who, hit, dice)
    }

    // GURPS-STUN-2: a stunned character rolls HT to recover (also by hand with `shake`).
    fn shake_off(
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

    // GURPS-HP-2: `next skip_ht` — the combatant whose turn begins will Do Nothing, so its HT
    // roll at 0 HP or less is skipped this turn (as `skipht NAME` before the `next`).
    fn next_flags(&self) -> &'static [&'static str] {
        &["skip_ht"]
    }

    fn next_flag(&self, flag: &str, id: &str) -> Vec<Effect> {
        match flag {
            "skip_ht" => vec![Effect::System(state::GurpsEvent::SkipHt { id: id.into() }.wrap())],
            _ => Vec::new(),
        }
    }

    crate::rules::ruleset::own_state!(state, GurpsState, GurpsEvent);

    fn attack_fields(&self) -> &'static [crate::rules::signature::FieldArg] {
        attack::ATTACK_FIELDS
    }

    fn attack_hint(&self) -> &'static str {
        "blank, or loc=skull deceptive=1 range=10 defense=parry mod=N …"
    }

    fn bare_attack_hint(&self) -> &'static str {
        "no weapon: give skill=, dmg= and type= below"
    }

    // Issue 10 item 7: the dialog walks the location and the defense, one key each.
    fn attack_choices(&self) -> &'static [super::types::AttackChoice] {
        use super::types::AttackChoice;
        &[
            AttackChoice {
                label: "location",
                options: &[
                    ("torso (0)", ""),
                    ("random (0, 3d6)", "loc=random"),
                    ("arm (−2)", "loc=arm"),
                    ("leg (−2)", "loc=leg"),
                    ("groin (−3)", "loc=groin"),
                    ("vitals (−3, imp/pi only)", "loc=vitals"),
                    ("hand (−4)", "loc=hand"),
                    ("foot (−4)", "loc=foot"),
                    ("shield arm (−4)", "loc=shield-arm"),
                    ("face (−5)", "loc=face"),
                    ("neck (−5)", "loc=neck"),
                    ("skull (−7)", "loc=skull"),
                    ("shield hand (−8)", "loc=shield-hand"),
                    ("eye (−9, imp/pi only)", "loc=eye"),
                ],
            },
            AttackChoice {
                label: "defense",
                options: &[
                    ("best open to the target", ""),
                    ("dodge", "defense=dodge"),
                    ("parry", "defense=parry"),
                    ("block", "defense=block"),
                    ("none (takes the hit)", "defense=none"),
                ],
            },
        ]
    }

    fn attack_choice_now(
        &self,
        request: AttackRequest<'_>,
        label: &str,
    ) -> Result<Option<Vec<(String, String)>>, RulesError> {
        Ok(if label == "defense" { defend::defense_picks(&request) } else { None })
    }

    fn attack_toggles(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("retreat", "the target retreats (+3 Dodge, +1 Parry/Block)"),
            ("drop", "the target dodges and drops (ranged, +3 Dodge, prone)"),
            ("rapid", "Rapid Strike: two attacks at −6"),
            ("acrobatic", "acrobatic dodge (Acrobatics roll first)"),
            ("backside", "at the target's back side (Parry and Block −2)"),
        ]
    }

    // GURPS-MAN-1: an attack on its turn without a maneuver takes Attack.
    fn attack_cost(
        &self,
        request: AttackRequest<'_>,
    ) -> Result<Vec<(&'static str, u8)>, RulesError> {
        let me = state::person(request.state, request.attacker_id);
        Ok(if request.on_turn && !(me.in_turn && me.maneuver.is_some()) {
            vec![("maneuver", 1)]
        } else {
            Vec::new()
        })
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
        attack::resolve(request, dice)
    }

    fn odds_report(&self, args: &[String]) -> Result<String, String> {
        odds::report(args)
    }

    fn odds_usage(&self) -> Option<(&'static str, &'static str)> {
        Some((
            odds::USAGE,
            "3d6 against an effective skill: success and criticals, and an attack's chance to \
             land against a defense",
        ))
    }

    // GURPS-HP-2, GURPS-STUN-1: the HT roll at 0 HP or less as its turn begins; stunned, it
    // Does Nothing; Lost Balance ends.
    fn turn_start_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &SystemState,
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
    fn turn_end(
        &self,
        who: CombatantView<'_>,
        id: &str,
        _state: &SystemState,
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

    fn derived_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &SystemState,
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

    fn status_lines(&self, who: CombatantView<'_>, id: &str, st: &SystemState) -> Vec<String> {
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
}
