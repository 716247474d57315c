//! Savage Worlds tables: attack modifiers (SW-ATK-1, SW-ATK-2), Injuries (SW-INJ-1), Fear
//! (SW-FEAR-1), NPC reactions (SW-REACT-1), weapon fields and options.

use crate::rules::stats::{FieldKind, FieldSpec};
use crate::rules::types::OptionSpec;

/// Largest TN, modifier, gang-up count, obstacle armor or AP an attack field takes either way.
pub(super) const MAX_FIELD: i64 = 100;

/// Weapon fields (`weapon NAME WEAPON …`, bestiary `weapons`).
pub static WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec { name: "dmg", kind: FieldKind::Text, help: "damage: str+d6, 2d6, 2d8+1 …" },
    FieldSpec { name: "ap", kind: FieldKind::Int { min: 0, max: 50 }, help: "armor piercing" },
    FieldSpec {
        name: "range",
        kind: FieldKind::Text,
        help: "short/medium/long in inches, e.g. 12/24/48",
    },
    FieldSpec { name: "rof", kind: FieldKind::Int { min: 1, max: 10 }, help: "rate of fire" },
    FieldSpec { name: "reach", kind: FieldKind::Int { min: 0, max: 10 }, help: "reach in inches" },
    FieldSpec {
        name: "skill",
        kind: FieldKind::Text,
        help: "fighting, shooting or throwing (default by range)",
    },
    FieldSpec {
        name: "pistol",
        kind: FieldKind::Flag,
        help: "a pistol: in melee it is fired against Parry",
    },
    FieldSpec {
        name: "shotgun",
        kind: FieldKind::Flag,
        help: "a shotgun: +2 Shooting, 3d6/2d6/1d6 damage by range band",
    },
    FieldSpec {
        name: "shots",
        kind: FieldKind::Int { min: 0, max: 500 },
        help: "shots a full load holds (recorded, not counted down)",
    },
];

/// Values kept in the Savage Worlds state that `set NAME N` changes.
pub static SETTABLE: &[OptionSpec] = &[OptionSpec {
    name: "gm_bennies",
    values: &[],
    default: "0",
    help: "the GM's pool of bennies, for enemies without their own (a whole number)",
}];

/// SW-SHAKEN-1's option for later editions.
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "shaken_success_acts",
        values: &["off", "on"],
        default: "off",
        help: "a plain success on the Spirit roll also lets a Shaken character act (later editions)",
    },
    OptionSpec {
        name: "deck",
        values: &["virtual", "physical"],
        default: "virtual",
        help: "deal from the tracker's deck, or wait each round for the cards typed from a real one",
    },
];

/// SW-ATK-1: range penalties.
pub fn range_penalty(range: &str) -> Option<i64> {
    Some(match range {
        "short" => 0,
        "medium" => -2,
        "long" => -4,
        _ => return None,
    })
}

/// SW-ATK-8: a shotgun's damage by range band.
pub fn shotgun_damage(range: &str) -> Option<&'static str> {
    Some(match range {
        "short" => "3d6",
        "medium" => "2d6",
        "long" => "1d6",
        _ => return None,
    })
}

/// SW-ATK-8: a shotgun's bonus to Shooting.
pub const SHOTGUN_BONUS: i64 = 2;

/// The modifiers the rules give to some rolls only, as (field, the skills it is for, the rule):
/// range bands to Shooting and Throwing (SW-ATK-1); ganging up, Wild Attack, touch and the
/// unarmed defender to Fighting, aim to Shooting and Throwing, an unstable platform to Shooting
/// (SW-ATK-2).
pub static ONLY_FOR: &[(&str, &[&str], &str)] = &[
    ("range", &["shooting", "throwing"], "SW-ATK-1"),
    ("gang", &["fighting"], "SW-ATK-2"),
    ("wild_attack", &["fighting"], "SW-ATK-2"),
    ("touch", &["fighting"], "SW-ATK-2"),
    ("unarmed_defender", &["fighting"], "SW-ATK-2"),
    ("aim", &["shooting", "throwing"], "SW-ATK-2"),
    ("unstable", &["shooting"], "SW-ATK-2"),
];

/// SW-ATK-1, SW-ATK-2: whether a modifier applies to a roll of `skill` (one not in [`ONLY_FOR`]
/// applies to any).
pub fn applies_to(field: &str, skill: &str) -> bool {
    ONLY_FOR.iter().find(|(f, ..)| *f == field).is_none_or(|(_, skills, _)| skills.contains(&skill))
}

/// SW-ATK-2: called shots, as (attack modifier, damage bonus).
pub fn called(location: &str) -> Option<(i64, i64)> {
    Some(match location {
        "limb" | "arm" | "leg" => (-2, 0),
        "head" => (-4, 4),
        "small" => (-4, 0),
        "tiny" => (-6, 0),
        _ => return None,
    })
}

/// SW-ATK-2: cover and darkness.
pub fn cover(level: &str) -> Option<i64> {
    Some(match level {
        "light" => -1,
        "medium" => -2,
        "heavy" => -4,
        _ => return None,
    })
}

pub fn darkness(level: &str) -> Option<i64> {
    Some(match level {
        "dim" => -1,
        "dark" => -2,
        "pitch" => -4,
        _ => return None,
    })
}

/// SW-ATK-2: switches, as (field, label, attack modifier, damage bonus).
pub static SWITCHES: &[(&str, &str, i64, i64)] = &[
    ("wild_attack", "Wild Attack +2, +2 damage, −2 Parry after", 2, 2),
    ("drop", "The Drop +4 attack and damage", 4, 4),
    ("aim", "aimed +2", 2, 0),
    ("touch", "touch attack +2", 2, 0),
    ("unarmed_defender", "unarmed defender +2", 2, 0),
    ("unstable", "unstable platform −2", -2, 0),
    ("double_tap", "double tap +1, +1 damage", 1, 1),
    ("burst", "three-round burst +2, +2 damage", 2, 2),
    ("two_weapons", "two weapons −2", -2, 0),
    ("offhand", "off hand −2 (not when Ambidextrous)", -2, 0),
    ("nonlethal", "non-lethal (fists, flat of the blade)", 0, 0),
];

/// SW-INJ-1: a location from 2d6 (or a called shot), and for the Guts and the Head, a d6 more.
pub fn injury(location_roll: i64, detail_roll: i64, side: &str) -> String {
    match location_roll {
        2 => "Unmentionables".to_string(),
        3 | 4 => format!("Arm ({side}): useless"),
        5..=9 => match detail_roll {
            1 | 2 => "Guts, Broken: Agility −1 die type".to_string(),
            3 | 4 => "Guts, Battered: Vigor −1 die type".to_string(),
            _ => "Guts, Busted: Strength −1 die type".to_string(),
        },
        10 => format!("Leg ({side}): useless, Pace −1"),
        _ => match detail_roll {
            1 | 2 => "Head, Hideous Scar: Ugly".to_string(),
            3 | 4 => "Head, Blinded: One Eye (Blind if already one-eyed)".to_string(),
            _ => "Head, Brain Damage: Smarts −1 die type".to_string(),
        },
    }
}

/// Whether an Injury location needs the extra d6 (the Guts and the Head).
pub fn injury_needs_detail(location_roll: i64) -> bool {
    (5..=9).contains(&location_roll) || location_roll >= 11
}

/// SW-FEAR-1: the Fear table, d20 plus the creature's penalty.
pub fn fear(total: i64) -> (&'static str, Option<&'static str>) {
    match total {
        i64::MIN..=4 => (
            "Adrenaline Surge: +2 to Trait and damage rolls on its next action",
            Some("Adrenaline"),
        ),
        5..=8 => ("Shaken", Some("Shaken")),
        9..=12 => ("Panicked", Some("Panicked")),
        13..=16 => ("Minor Phobia", None),
        17..=18 => ("Major Phobia", None),
        19..=20 => ("Mark of Fear: Shaken, and Charisma −1 for good", Some("Shaken")),
        _ => ("Heart Attack: Incapacitated; Vigor at −2 to survive", Some("Incapacitated")),
    }
}

/// SW-REACT-1: an NPC's reaction, 2d6.
pub fn reaction(total: i64) -> &'static str {
    match total {
        i64::MIN..=2 => "Hostile",
        3 | 4 => "Uncooperative",
        5..=9 => "Neutral",
        10 | 11 => "Friendly",
        _ => "Helpful",
    }
}
