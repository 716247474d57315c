//! WOIN's constant half: its names, words, tables and how the engine runs it.

use super::{attack, commands, odds, state, tables};
use crate::rules::spec::*;
use crate::rules::stats::int_field as int;
use crate::rules::stats::{FieldKind, FieldSpec};

pub static SPEC: Spec = Spec {
    key: "woin",
    aliases: &["new", "old"],
    name: "WOIN",
    tag: state::TAG,
    commands: commands::COMMANDS,
    fields: FIELDS,
    weapon_fields: tables::WEAPON_FIELDS,
    options: tables::OPTIONS,
    settable: &[],
    // WOIN-ACT-1: costs in actions.
    actions: tables::ACTIONS,
    more_costs: &[],
    pools: &["actions", "free", "reaction"],
    next_flags: &[],
    // WOIN-COND-2: one action per attempt.
    shake_cost: ("actions", 1),
    initiative: InitiativeSpec {
        order: Order::Rolled,
        holds: Holds::LapseAtRoundEnd,
        ties: Ties::RollOff,
        typed_hint: "the total rolled at the table, such as 17 (ties go to AGI)",
        typed_usage: TYPED_USAGE,
        by_hand_prompt: BY_HAND_PROMPT,
        surprise_label: "Ambush turn",
    },
    health: HealthSpec { label: "HEALTH", counts: Counts::Left },
    attack: AttackSpec {
        fields: attack::ATTACK_FIELDS,
        // WOIN-ATK-2: the positional modifiers that are simply on or off.
        toggles: &[
            ("higher", "higher ground +1d6"),
            ("cover", "target in cover −2d6"),
            ("flank", "flanking (melee) +1d6"),
            ("into_melee", "shooting into melee −2d6"),
            ("dark", "darkness, fog or smoke −2d6"),
            ("prone", "prone target −1d6 ranged, +2d6 melee (auto when lying)"),
            ("aim", "aimed or feinted +1d6"),
        ],
        choices: &[],
        hint: "blank, or spend=N luc=N range=N pinned=N crossfire=N called=trip …",
        bare_hint: "no weapon: give pool= and dmg= below",
        targets: Targets::One,
    },
    words: Words { shaken: SHAKEN, cancelled: "cancelled with a LUC die" },
    notable,
    damage_kind,
    odds: Some(OddsSpec {
        usage: "woin",
        about: "seed 000's critical-hit tables beside the exact values, misprints marked",
        report: |_| Ok(odds::report()),
    }),
};

// WOIN-CRIT-1: sixes are what matter on a WOIN roll.
fn notable(roll: &crate::rules::dice::RollRecord) -> Vec<bool> {
    roll.dice.iter().map(|d| d.sides == 6 && d.face == 6).collect()
}

// WOIN-TYPE-1: the log names each damage type by its canonical name (`fire` → `heat`).
fn damage_kind(kind: &str) -> String {
    kind.split(',').map(|k| tables::canonical_type(k).unwrap_or(k)).collect::<Vec<_>>().join(",")
}

pub(super) static FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "init",
        kind: FieldKind::Dice,
        help: "INITIATIVE pool (INTUITION + skill dice), e.g. 4d6",
    },
    int("agi", 0, 99, "AGILITY score, breaks initiative ties"),
    int("intuition", 0, 99, "INTUITION score: most targets an overwatch can fire on (default 3)"),
    int("health", 1, 100_000, "maximum HEALTH"),
    int("soak", 0, 1000, "SOAK subtracted from each hit's damage"),
    int("melee", 0, 99, "MELEE DEFENSE"),
    int("ranged", 0, 99, "RANGED DEFENSE"),
    int("mental", 0, 99, "MENTAL DEFENSE"),
    int("vital", 0, 99, "VITAL DEFENSE"),
    int("actions", 1, 20, "actions per turn (2 normally; 3+ act again later in the round)"),
    int("luc", 0, 99, "LUC dice left"),
    int("max_pool", 1, 99, "largest dice pool allowed (grade)"),
    int("speed", 0, 999, "SPEED in squares"),
    FieldSpec {
        name: "size",
        kind: FieldKind::Text,
        help: "size category: small, medium, large …",
    },
    FieldSpec { name: "human", kind: FieldKind::Flag, help: "human: +1 to shake off conditions" },
    FieldSpec {
        name: "immune",
        kind: FieldKind::List,
        help: "damage types and conditions it ignores",
    },
    FieldSpec {
        name: "will",
        kind: FieldKind::Dice,
        help: "attribute pool for shake-off checks (option shake_off=attribute)",
    },
    int("legs", 0, 100, "legs (called push or trip: +1d6 for more than two or none)"),
];
