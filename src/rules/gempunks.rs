//! Gempunks: one initiative d6 per controller plus Agility (GEM-INIT-1), and the wound model
//! (GEM-DMG-2). All of Gempunks' numbers live here.

use super::conditions::Condition;
use super::dice::{DiceExpr, DiceSource};
use super::initiative::{InitValue, Initiative};
use super::stats::{FieldKind, FieldSpec, Stats};
use super::system::{
    ActionPool, ActionSpec, DamageOutcome, DamageRequest, Health, InitContext, InitRequest, Pass,
    RulesError, Ruleset, ShakeOutcome,
};

/// The Gempunks ruleset.
pub struct Gempunks;

use super::stats::int_field as int;

static FIELDS: &[FieldSpec] = &[
    int("agility", -10, 20, "Agility, added to the controller's initiative die"),
    int("hp", 1, 100_000, "maximum HP"),
    FieldSpec {
        name: "controller",
        kind: FieldKind::Text,
        help: "who rolls its initiative die (default: its side)",
    },
    int("ad", 0, 30, "AD, the normal defense"),
    int("gd", 0, 30, "GD, the defense against grapples, trips and disarms"),
    int("toughness", 1, 100, "Toughness: damage per wound"),
    int("armor", 0, 100, "armor subtracted from damage"),
    int("muscle", -10, 50, "Muscle"),
    int("magic", -10, 50, "Magic Power"),
];

const DEFAULT_HP: i64 = 3;
const DEFAULT_TOUGHNESS: i64 = 3;
/// A typed initiative count: far past any roll, and near enough to zero that counting down
/// from it stays exact.
const TYPED_INIT: std::ops::RangeInclusive<i64> = -1000..=1000;

impl Ruleset for Gempunks {
    fn key(&self) -> &'static str {
        "gempunks"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["gem"]
    }

    fn name(&self) -> &'static str {
        "Gempunks"
    }

    fn tag(&self) -> &'static str {
        "Gempunks"
    }

    fn pools(&self) -> &'static [&'static str] {
        &["standard", "move"]
    }

    fn fields(&self) -> &'static [FieldSpec] {
        FIELDS
    }

    fn health(&self, stats: &Stats) -> Health {
        Health::full(stats.int_or("hp", DEFAULT_HP))
    }

    fn health_label(&self) -> &'static str {
        "HP"
    }

    // GEM-INIT-1: each controller rolls one d6 for everyone it controls, once per combat;
    // each character adds its Agility. Ties are broken by a random roll-off.
    fn roll_initiative(
        &self,
        who: InitRequest<'_>,
        ctx: &mut InitContext,
        dice: &mut dyn DiceSource,
    ) -> Result<Initiative, RulesError> {
        let controller = who
            .stats
            .text("controller")
            .map_or_else(|| who.side.key().to_string(), str::to_ascii_lowercase);
        let roll = match ctx.shared.iter().find(|(key, _)| *key == controller) {
            Some((_, roll)) => roll.clone(),
            None => {
                let roll = DiceExpr::parse("1d6")?.roll(dice)?;
                ctx.shared.push((controller.clone(), roll.clone()));
                roll
            }
        };
        let mut init =
            Initiative::new(InitValue::Count(roll.total + who.stats.int_or("agility", 0)));
        init.roll = Some(roll);
        init.shared = Some(controller);
        Ok(init)
    }

    fn typed_initiative(&self, _stats: &Stats, text: &str) -> Result<Initiative, RulesError> {
        let total = text.trim().parse().ok().filter(|n| TYPED_INIT.contains(n)).ok_or_else(|| {
            RulesError::Invalid(format!(
                "Gempunks initiative is a whole number (d6 + Agility) from {} to {}, not '{text}'",
                TYPED_INIT.start(),
                TYPED_INIT.end()
            ))
        })?;
        let mut init = Initiative::new(InitValue::Count(total));
        init.typed = true;
        Ok(init)
    }

    // GEM-INIT-2: one standard action and one move action.
    fn turn_budget(
        &self,
        _stats: &Stats,
        _conditions: &[Condition],
        _pass: Pass,
    ) -> Vec<ActionPool> {
        vec![ActionPool::new("standard", 1), ActionPool::new("move", 1)]
    }

    // GEM-INIT-2: a standard action and a move action.
    fn actions(&self) -> &'static [ActionSpec] {
        const fn a(
            key: &'static str,
            label: &'static str,
            pool: &'static str,
            cost: u8,
        ) -> ActionSpec {
            ActionSpec { key, label, pool, cost, fields: &[] }
        }
        const LIST: &[ActionSpec] = &[
            a("attack", "attack (normal, vs AD)", "standard", 1),
            a("maneuver", "incapacitate, grapple, disarm, trip (vs GD)", "standard", 1),
            a("special", "shove, sunder, strangle, ride, pickpocket", "standard", 1),
            a("move", "move", "move", 1),
            a("move2", "a second move (instead of the standard action)", "standard", 1),
            a("delay", "delay to later in the order", "move", 0),
        ];
        LIST
    }

    // GEM-DMG-2: wounds = (damage − armor) / Toughness, rounded down; HP drops by the wounds.
    fn damage(&self, hit: DamageRequest<'_>) -> Result<DamageOutcome, RulesError> {
        let armor = hit.stats.int_or("armor", 0);
        let toughness = hit.stats.int_or("toughness", DEFAULT_TOUGHNESS).max(1);
        let wounds = (hit.amount - armor).max(0) / toughness;
        Ok(DamageOutcome {
            loss: wounds,
            conditions: vec![],
            explain: format!(
                "({} − armor {armor}) / Toughness {toughness} = {wounds} wound(s)",
                hit.amount
            ),
            events: vec![],
        })
    }

    fn shake_off(
        &self,
        _stats: &Stats,
        _health: Health,
        condition: &Condition,
        _options: &crate::rules::system::Options,
        _dice: &mut dyn DiceSource,
    ) -> Result<ShakeOutcome, RulesError> {
        Err(RulesError::Invalid(format!(
            "Gempunks has no roll to shake off {}; end it with `uncond`",
            condition.name
        )))
    }
}
