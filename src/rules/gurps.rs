//! GURPS 4e: initiative by Basic Speed, DX, then a roll (GURPS-INIT-1); DR and wound modifiers
//! (GURPS-DMG-1, GURPS-DMG-2); 3d6 roll-under. All of GURPS' numbers live here.

use super::conditions::Condition;
use super::dice::{DiceExpr, DiceSource};
use super::initiative::{InitValue, Initiative};
use super::stats::{FieldKind, FieldSpec, Stats, format_hundredths, parse_hundredths};
use super::system::{
    ActionPool, ActionSpec, DamageOutcome, DamageRequest, Health, InitContext, InitRequest, Pass,
    RulesError, Ruleset, ShakeOutcome,
};

/// The GURPS ruleset.
pub struct Gurps;

use super::stats::int_field as int;

static FIELDS: &[FieldSpec] = &[
    int("st", 1, 100, "ST"),
    int("dx", 1, 100, "DX, breaks Basic Speed ties"),
    int("iq", 1, 100, "IQ"),
    int("ht", 1, 100, "HT"),
    int("hp", 1, 100_000, "maximum HP (default ST)"),
    int("fp", 1, 1000, "maximum FP (default HT)"),
    FieldSpec {
        name: "speed",
        kind: FieldKind::Decimal { min: 0, max: MAX_SPEED },
        help: "Basic Speed, e.g. 6.25 (default (DX+HT)/4)",
    },
    int("move", 0, 100, "Basic Move"),
    int("dodge", 0, 50, "Dodge (default floor(Basic Speed) + 3)"),
    int("dr", 0, 1000, "DR"),
    int("sm", -10, 20, "Size Modifier"),
    int("parry", 0, 50, "Parry with the ready weapon"),
    int("block", 0, 50, "Block with a shield"),
];

const DEFAULT_ATTRIBUTE: i64 = 10;
/// Highest Basic Speed, set or typed as initiative, in hundredths (100.00).
const MAX_SPEED: i64 = 10_000;

/// GURPS-DMG-2 wound modifiers, in halves (pi− ×0.5 is 1, cut ×1.5 is 3).
const WOUND_HALVES: &[(&str, i64)] = &[
    ("pi-", 1),
    ("burn", 2),
    ("cor", 2),
    ("cr", 2),
    ("fat", 2),
    ("pi", 2),
    ("tox", 2),
    ("cut", 3),
    ("pi+", 3),
    ("imp", 4),
    ("pi++", 4),
];

impl Gurps {
    /// Basic Speed in hundredths: given, or (DX + HT) / 4.
    pub fn basic_speed(stats: &Stats) -> i64 {
        stats.hundredths("speed").unwrap_or_else(|| {
            (stats.int_or("dx", DEFAULT_ATTRIBUTE) + stats.int_or("ht", DEFAULT_ATTRIBUTE)) * 25
        })
    }
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
        "Gurps"
    }

    fn pools(&self) -> &'static [&'static str] {
        &["maneuver"]
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
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

    // GURPS-MAN-1: one maneuver a turn, and the defenses it leaves.
    fn actions(&self) -> &'static [ActionSpec] {
        const fn m(key: &'static str, label: &'static str) -> ActionSpec {
            ActionSpec { key, label, pool: "maneuver", cost: 1, fields: &[] }
        }
        const LIST: &[ActionSpec] = &[
            m("attack", "Attack: step, all defenses"),
            m("all-out-attack", "All-Out Attack: half Move, no defense"),
            m("move-and-attack", "Move and Attack: full Move, Dodge or Block"),
            m("all-out-defense", "All-Out Defense: step, a defense bonus"),
            m("move", "Move: full Move, all defenses"),
            m("aim", "Aim: step, all defenses"),
            m("feint", "Feint, Evaluate or Ready: step, all"),
            m("concentrate", "Concentrate: step, all"),
            m("posture", "Change Posture: all, with posture penalties"),
            m("wait", "Wait or Do Nothing"),
        ];
        LIST
    }

    // GURPS-ROLL-2: on 3d6 a 3 or 4 always succeeds and 17 or 18 fails critically.
    fn notable(&self, roll: &super::dice::RollRecord) -> Vec<bool> {
        let three_d6 = roll.dice.len() == 3 && roll.dice.iter().all(|d| d.sides == 6);
        let total: u32 = roll.dice.iter().map(|d| d.face).sum();
        let critical = three_d6 && (total <= 4 || total >= 17);
        roll.dice.iter().map(|_| critical).collect()
    }

    // GURPS-HP-4: at −5 × max HP a combatant is dead; unconscious and dead ones are skipped.
    fn is_down(&self, health: Health, conditions: &[Condition]) -> bool {
        health.current <= health.max.saturating_mul(-5)
            || conditions.iter().any(|c| matches!(c.name.as_str(), "Dead" | "Unconscious"))
    }

    // GURPS-DMG-1, GURPS-DMG-2: DR first; the rest times the wound modifier, rounded down,
    // at least 1 when anything got through.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        let kind = hit.kind.unwrap_or("cr").to_ascii_lowercase();
        let Some(&(_, halves)) = WOUND_HALVES.iter().find(|(k, _)| *k == kind) else {
            let valid: Vec<&str> = WOUND_HALVES.iter().map(|(k, _)| *k).collect();
            return Err(RulesError::Invalid(format!(
                "unknown GURPS damage type '{kind}'; expected one of {}",
                valid.join(", ")
            )));
        };
        let dr = hit.stats.int_or("dr", 0);
        let penetrating = (hit.amount - dr).max(0);
        let injury = if penetrating == 0 { 0 } else { (penetrating * halves / 2).max(1) };
        Ok(DamageOutcome {
            loss: injury,
            conditions: vec![],
            explain: format!(
                "{} − DR {dr} = {penetrating} {kind} × {} = {injury} injury",
                hit.amount,
                super::stats::format_hundredths(halves * 50)
            ),
        })
    }

    // [outside: B420] A stunned character rolls HT each turn to recover.
    fn shake_off(
        &self,
        stats: &Stats,
        _health: Health,
        condition: &Condition,
        _options: &crate::rules::system::Options,
        dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        if condition.name != "Stunned" {
            return Err(RulesError::Invalid(format!(
                "only Stunned is rolled off in GURPS (HT roll); end {} with `uncond`",
                condition.name
            )));
        }
        let ht = stats.int_or("ht", DEFAULT_ATTRIBUTE);
        let roll = DiceExpr::parse("3d6")?.roll(dice)?;
        let success = roll.total <= ht;
        Ok(ShakeOutcome {
            explain: format!(
                "HT {ht}: {}",
                if success { "recovers from Stunned" } else { "still stunned" }
            ),
            roll,
            success,
        })
    }
}
