//! WOIN's tables: costed actions (WOIN-ACT-1), weapon fields, rule options (the Readings), and the
//! damage-type → condition table for critical hits (WOIN-CRIT-3).

use super::verbs;
use crate::rules::signature::{ArgKind, field};
use crate::rules::stats::{FieldKind, FieldSpec};
use crate::rules::typed;
use crate::rules::types::{OptionSpec, RulesError};
use crate::rules::verb::ActionSpec;
use crate::rules::words::nearest;

const fn a(key: &'static str, label: &'static str, cost: u8) -> ActionSpec {
    ActionSpec { key, label, pool: "actions", cost, fields: &[], run: None }
}

/// Uses the turn's one free action.
const fn free(key: &'static str, label: &'static str) -> ActionSpec {
    ActionSpec { key, label, pool: "free", cost: 1, fields: &[], run: None }
}

/// WOIN-ACT-1. Reading: drawing or sheathing and dropping prone lost their cost in the seed; free.
pub static ACTIONS: &[ActionSpec] = &[
    a("move", "move up to SPEED", 1),
    a("attack", "attack", 1),
    a("aim", "aim (+1d6 to the attack right after)", 1),
    a("feint", "feint (+1d6 to the attack right after)", 1),
    a("shake", "shake off a condition", 1),
    a("stand", "stand up from prone", 1),
    // WOIN-OVER-1: forced off its turn, it spends nothing, so its own event sets it.
    ActionSpec {
        run: Some(|req, dice| typed::verb(req, dice, verbs::overwatch_off_turn)),
        ..a("overwatch", "go into overwatch", 1)
    },
    a("door", "open an unlocked door", 1),
    a("pickup", "pick up an item", 1),
    a("scan", "scan", 1),
    ActionSpec {
        key: "suppress",
        label: "suppressive fire for an ally",
        pool: "actions",
        cost: 1,
        fields: &[field("ally", ArgKind::Combatant), field("weapon", ArgKind::Weapon)],
        run: Some(|req, dice| typed::verb(req, dice, verbs::suppress)),
    },
    a("heal", "emergency healing", 2),
    a("reload", "reload or recharge", 2),
    a("cast", "cast a spell", 2),
    a("lock", "pick a lock or disarm a trap", 2),
    free("drop", "drop an item"),
    free("draw", "draw or sheathe a weapon"),
    free("prone", "drop prone or crouch"),
];

/// Weapon fields (`weapon NAME WEAPON …`, bestiary `weapons`).
pub static WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "pool",
        kind: FieldKind::Dice,
        help: "attack pool (attribute + skill + equipment), e.g. 5d6",
    },
    FieldSpec { name: "dmg", kind: FieldKind::Dice, help: "damage, e.g. 2d6+2" },
    FieldSpec {
        name: "type",
        kind: FieldKind::List,
        help: "damage types: slashing, piercing, heat …",
    },
    FieldSpec { name: "melee", kind: FieldKind::Flag, help: "a melee weapon (vs MELEE DEFENSE)" },
    FieldSpec {
        name: "ranged",
        kind: FieldKind::Flag,
        help: "a ranged weapon (vs RANGED DEFENSE)",
    },
    FieldSpec {
        name: "vs",
        kind: FieldKind::Text,
        help: "DEFENSE it targets: melee, ranged, mental or vital",
    },
    FieldSpec {
        name: "range",
        kind: FieldKind::Int { min: 0, max: 10_000 },
        help: "range increment in feet",
    },
    FieldSpec {
        name: "traits",
        kind: FieldKind::List,
        help: "auto, single, combust, cortex, dart, unarmed, small",
    },
];

/// The Readings of woin.md as options.
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "severe_needs_six",
        values: &["on", "off"],
        default: "on",
        help: "a severe condition needs a 6 to shake off (WOIN-COND-4)",
    },
    OptionSpec {
        name: "damage_die_cost",
        values: &["2", "1"],
        default: "2",
        help: "attack dice paid per extra damage die (WOIN-ATK-3; errata 1)",
    },
    OptionSpec {
        name: "simple_crits",
        values: &["off", "on"],
        default: "off",
        help: "a critical always inflicts the first condition of its column (WOIN-CRIT-3)",
    },
    OptionSpec {
        name: "deadlier_crits",
        values: &["off", "on"],
        default: "off",
        help: "two sixes are enough for a critical hit (WOIN-CRIT-4)",
    },
    OptionSpec {
        name: "shake_off",
        values: &["d6", "attribute"],
        default: "d6",
        help: "shake off on 5-6 on a d6, or on 10+ with an attribute check (WOIN-COND-7)",
    },
];

/// WOIN-CRIT-3, WOIN-TYPE-1: for each damage type, its canonical name first, then its aliases, and
/// the condition each face of a d6 inflicts.
pub static CRIT_TABLE: &[(&[&str], [&str; 6])] = &[
    (&["acid"], ["Pain", "Pain", "Pain", "Burning", "Burning", "Burning"]),
    (&["ballistic"], ["Bleeding", "Bleeding", "Pain", "Pain", "Downed", "Slowed"]),
    (&["blunt"], ["Dazed", "Dazed", "Deaf", "Sleeping", "Drunk", "Drunk"]),
    (&["cold"], ["Slowed", "Slowed", "Slowed", "Slowed", "Sleeping", "Restrained"]),
    (&["electricity", "electric"], ["Dazed", "Dazed", "Dazed", "Pain", "Pain", "Burning"]),
    (&["heat", "fire"], ["Burning", "Burning", "Pain", "Pain", "Disarmored", "Disarmed"]),
    (&["holy"], ["Blind", "Blind", "Blind", "Afraid", "Afraid", "Afraid"]),
    (&["ion"], ["Fatigued", "Fatigued", "Fatigued", "Fatigued", "Fatigued", "Fatigued"]),
    (&["light"], ["Blind", "Blind", "Blind", "Blind", "Disarmed", "Disarmed"]),
    (&["necrotic"], ["Fatigued", "Fatigued", "Fatigued", "Fatigued", "Downed", "Downed"]),
    (&["piercing"], ["Bleeding", "Bleeding", "Bleeding", "Pain", "Pain", "Disarmed"]),
    (&["poison"], ["Poisoned", "Poisoned", "Sleeping", "Drunk", "Sick", "Sick"]),
    (&["psionic", "psychic"], ["Dazed", "Dazed", "Dazed", "Dazed", "Dazed", "Confused"]),
    (&["radiation"], ["Sick", "Sick", "Sick", "Sick", "Sick", "Sick"]),
    (&["slashing"], ["Bleeding", "Bleeding", "Blind", "Disarmed", "Slowed", "Slowed"]),
    (&["sonic", "sound"], ["Deaf", "Deaf", "Deaf", "Deaf", "Drunk", "Drunk"]),
    (&["unholy"], ["Sick", "Sick", "Cursed", "Cursed", "Angry", "Angry"]),
];

/// The canonical damage type for a name or alias (`fire` → `heat`), WOIN-TYPE-1.
pub fn canonical_type(kind: &str) -> Option<&'static str> {
    CRIT_TABLE
        .iter()
        .find(|(names, _)| names.iter().any(|n| n.eq_ignore_ascii_case(kind.trim())))
        .map(|(names, _)| names[0])
}

/// The canonical damage type, or a refusal naming the nearest ones (WOIN-TYPE-1).
pub fn damage_type(kind: &str) -> Result<&'static str, RulesError> {
    canonical_type(kind).ok_or_else(|| {
        let names = CRIT_TABLE.iter().flat_map(|(names, _)| names.iter().copied());
        let near = nearest(kind, names, 3);
        RulesError::Invalid(format!(
            "unknown WOIN damage type '{kind}'; nearest: {}",
            near.join(", ")
        ))
    })
}

/// WOIN-TYPE-1: an `immune=` list under canonical names: each entry a damage type (by any of
/// its names: `fire` is kept as `heat`) or one of `conditions` (lowercase), once each; an unknown
/// entry is refused naming the nearest types and conditions.
pub fn immunities(entries: &[String], conditions: &[&str]) -> Result<Vec<String>, String> {
    let mut kept: Vec<String> = Vec::new();
    let mut unknown: Vec<String> = Vec::new();
    for entry in entries {
        let condition = conditions.iter().find(|c| c.eq_ignore_ascii_case(entry));
        let name = match (canonical_type(entry), condition) {
            (Some(kind), _) => kind.to_string(),
            (None, Some(c)) => c.to_ascii_lowercase(),
            (None, None) => {
                let known: Vec<String> = CRIT_TABLE
                    .iter()
                    .flat_map(|(names, _)| names.iter().map(|n| n.to_string()))
                    .chain(conditions.iter().map(|c| c.to_ascii_lowercase()))
                    .collect();
                let near = nearest(entry, known.iter().map(String::as_str), 3);
                unknown.push(format!(
                    "'{entry}' is neither a WOIN damage type nor a condition (nearest: {})",
                    near.join(", ")
                ));
                continue;
            }
        };
        if !kept.contains(&name) {
            kept.push(name);
        }
    }
    if unknown.is_empty() { Ok(kept) } else { Err(unknown.join("; ")) }
}

/// The condition row of a damage type (by any of its names).
pub fn crit_row(kind: &str) -> Option<&'static [&'static str; 6]> {
    let kind = canonical_type(kind)?;
    CRIT_TABLE.iter().find(|(names, _)| names[0] == kind).map(|(_, row)| row)
}

/// WOIN-COND-10: what a severely Confused creature does this turn, by a d6.
pub static CONFUSED: [&str; 6] = ["Afraid", "Angry", "Forgetful", "Manic", "Drunk", "Dazed"];
