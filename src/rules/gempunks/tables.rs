//! Gempunks' tables: stat and weapon fields, the fields `attack` takes, the actions of a turn
//! (GEM-ACT), the rule options (the spec's Readings) and damage-type words (GEM-DMG-1).

use super::{items, reload, stance};
use crate::rules::signature::{ArgKind, FieldArg, field, number, switch};
use crate::rules::stats::{FieldKind, FieldSpec, int_field as int};
use crate::rules::typed;
use crate::rules::types::OptionSpec;
use crate::rules::verb::ActionSpec;

const fn flag(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Flag, help }
}

/// Stat fields `add` takes.
pub static FIELDS: &[FieldSpec] = &[
    int("agility", -10, 20, "Agility, added to the controller's initiative die"),
    int("hp", 1, 100_000, "maximum HP (for a regiment: each member's HP)"),
    FieldSpec {
        name: "controller",
        kind: FieldKind::Text,
        help: "who rolls its initiative die (default: its side)",
    },
    int("ad", 0, 30, "AD, the normal defense"),
    int("gd", 0, 30, "GD, the defense against grapples, trips and disarms"),
    int("toughness", 1, 100, "Toughness: damage per wound"),
    int("armor", 0, 100, "armor against every damage type"),
    FieldSpec {
        name: "armor.*",
        kind: FieldKind::Int { min: 0, max: 100 },
        help: "armor against one damage type, overriding armor (armor.fire=3)",
    },
    int("vuln", 0, 100, "vulnerability added to every damage type"),
    FieldSpec {
        name: "vuln.*",
        kind: FieldKind::Int { min: 0, max: 100 },
        help: "vulnerability to one damage type (vuln.fire=2)",
    },
    int("muscle", -10, 50, "Muscle"),
    int("magic", -10, 50, "Magic Power"),
    int("carry", 0, 100_000, "Carrying Capacity"),
    int("items", -10, 50, "Items skill bonus: a Tie Up's DC check (GEM-ACT-6)"),
    int("legerdemain", -10, 50, "Legerdemain skill bonus: escaping a Tie Up (GEM-ACT-6)"),
    flag("regiment", "with xN: one unit of N identical members (GEM-REG-1)"),
    int("members", 1, 10_000, "a regiment's members (set by xN)"),
];

/// Weapon fields (`weapon NAME WEAPON …`, bestiary `weapons`).
pub static WEAPON_FIELDS: &[FieldSpec] = &[
    int("acc", -20, 20, "Accuracy"),
    FieldSpec {
        name: "dmg",
        kind: FieldKind::Text,
        help: "damage: 1d6-1, or typed parts 1d6+2:cutting,1d6:fire",
    },
    FieldSpec { name: "type", kind: FieldKind::Text, help: "damage type of parts without one" },
    flag("melee", "a melee weapon"),
    flag("ranged", "a ranged weapon"),
    flag("unarmed", "an unarmed attack (fists, grapples)"),
    FieldSpec { name: "range", kind: FieldKind::Text, help: "range increments in m: 10/20/40" },
    int("weight", 0, 100_000, "weight, with ammunition (Trigger Grip)"),
    flag("heavy", "Heavy: makes only Heavy attacks; a 5 also grants the crit die"),
    flag("piercing", "Piercing: no Shove (its +2 Demolition is not tracked)"),
    flag("grenade", "Grenade: thrown at a place, AD 5"),
    flag("automatic", "Automatic: up to 5 wields"),
    flag("semiautomatic", "Semiautomatic: up to 2 wields"),
    flag("rope", "Rope: `attack … pull option=disarm|trip|shove` pulls the target towards you"),
    int("retract", 1, 10_000, "Self-Retracting Rope X m: a rope whose pull moves X m"),
    flag("thrown", "Thrown: `attack … throw` with no throwing penalty; the weapon is dropped"),
    flag("muscle_damage", "Muscle-Damage: adds Muscle to damage"),
    flag("magic_damage", "Magic-Damage: adds Magic Power to damage"),
    flag("muscle_area", "Muscle-Area: not tracked (refused): the GM sizes the area"),
    flag("trigger_grip", "Trigger Grip: −2 unless Carrying Capacity ≥ 10 × weight"),
    flag("loud", "Loud: not tracked (refused): the GM decides who hears it"),
    flag("demolition", "Demolition: not tracked (refused): no structures"),
    int("reload", 1, 100_000, "Incremental Reload weight: empty after it fires; `do NAME reload`"),
    flag("magical", "a magical or psychic item (Sunder: T 8, HP 2)"),
    FieldSpec {
        name: "of",
        kind: FieldKind::Text,
        help: "whose weapon it is, when another holds it (one attacker a round, GEM-WPN-1)",
    },
];

/// Every field `attack` takes, each with its kind, besides the engine's `force`. `area` is not a
/// switch: `area=NAME:N,…` says how many of a regiment a template catches.
pub const ATTACK_FIELDS: &[FieldArg] = &[
    number("acc", -20, 20),
    field("dmg", ArgKind::Dice),
    field("type", ArgKind::Text),
    field("n", ArgKind::Number),
    field("option", ArgKind::Text),
    field("split", ArgKind::Text),
    field("area", ArgKind::Text),
    switch("auto"),
    field("willing", ArgKind::Text),
    field("lower", ArgKind::Text),
    field("roll", ArgKind::Faces),
    field("dmgroll", ArgKind::Faces),
    switch("heavy"),
    switch("assault"),
    switch("pull"),
    switch("throw"),
    switch("rush"),
    switch("reaction"),
    field("wield", ArgKind::Number),
    field("weapons", ArgKind::Text),
    switch("high_ground"),
    number("far", 0, 20),
    field("dist", ArgKind::Number),
    switch("in_melee"),
    switch("wind"),
    switch("unstable"),
    switch("spatial"),
    switch("uncertain"),
    switch("cover"),
    switch("total_cover"),
    switch("leaving_range"),
    switch("two_hands"),
    field("through", ArgKind::Text),
    field("ride", ArgKind::Text),
    switch("soft"),
    field("item", ArgKind::Text),
    number("mod", -20, 20),
    field("cutout", ArgKind::Text),
    switch("tieup"),
    number("dc", 0, 50),
    switch("every"),
    switch("through_cover"),
    switch("immediate"),
    switch("take"),
    switch("unarmed"),
];

/// GEM-MOD: the modifiers that are simply on or off, for the attack dialog.
pub const TOGGLES: &[(&str, &str)] = &[
    ("heavy", "Heavy Attack (a 5 grants the crit die)"),
    ("assault", "Assault: 2 attacks each"),
    ("auto", "automatic hits"),
    ("area", "area attack (one die per creature)"),
    ("high_ground", "high ground +1 (melee)"),
    ("in_melee", "shooting in melee −1"),
    ("wind", "wind −1"),
    ("unstable", "unstable footing −1"),
    ("spatial", "spatial reasoning −1"),
    ("uncertain", "uncertain location −1"),
    ("cover", "cover −1"),
    ("total_cover", "total cover −2 (with cover)"),
    ("leaving_range", "leaving range −2"),
];

/// GEM-INIT-2, GEM-ACT: a standard action and a move action.
pub static ACTIONS: &[ActionSpec] = &[
    a("attack", "attack: one set", "standard", 1),
    a("assault", "Assault: 2 attacks", "standard", 1),
    a("heavy", "Heavy Attack", "standard", 1),
    a("rush", "Rush: move, then attack", "standard", 1),
    ActionSpec {
        run: Some(|req, dice| typed::verb(req, dice, stance::cower)),
        ..a("cower", "Cower", "standard", 1)
    },
    a("cutout", "Cut Out an implant", "standard", 1),
    a("tieup", "Tie Up", "standard", 1),
    ActionSpec {
        run: Some(|req, dice| typed::verb(req, dice, stance::ranged)),
        ..a("rguard", "Ranged Guard", "standard", 1)
    },
    ActionSpec {
        run: Some(|req, dice| typed::verb(req, dice, stance::melee)),
        ..a("mguard", "Melee Guard", "standard", 1)
    },
    a("move", "move", "move", 1),
    a("move2", "second move", "standard", 1),
    ActionSpec {
        key: "pickup",
        label: "pick up or ready an item",
        pool: "move",
        cost: 1,
        fields: &[field("item", ArgKind::Text)],
        run: Some(|req, dice| typed::verb(req, dice, items::pickup)),
    },
    ActionSpec {
        key: "reload",
        label: "reload by its Carrying Capacity",
        pool: "move",
        cost: 1,
        fields: &[field("item", ArgKind::Text)],
        run: Some(|req, dice| typed::verb(req, dice, reload::reload)),
    },
    ActionSpec {
        key: "lesser_reload",
        label: "reload fully as a Lesser Action",
        pool: "move",
        cost: 0,
        fields: &[field("item", ArgKind::Text)],
        run: Some(|req, dice| typed::verb(req, dice, reload::lesser)),
    },
];

/// GEM-ACT-8: actions that cost more than their one pool: (action, pool, amount) charged as well.
pub static MORE_COSTS: &[(&str, &str, u8)] = &[("mguard", "move", 1)];

const fn a(key: &'static str, label: &'static str, pool: &'static str, cost: u8) -> ActionSpec {
    ActionSpec { key, label, pool, cost, fields: &[], run: None }
}

const fn o(
    name: &'static str,
    values: &'static [&'static str],
    default: &'static str,
    help: &'static str,
) -> OptionSpec {
    OptionSpec { name, values, default, help }
}

/// The spec's Readings, each a named option with its default first.
pub static OPTIONS: &[OptionSpec] = &[
    o("gem_init_tie", &["roll", "list"], "roll", "GEM-INIT-1: initiative ties"),
    o("gem_debt_from", &["move_first", "standard_first"], "move_first", "GEM-INIT-3"),
    o("gem_reg_assault", &["one_set", "per_attack"], "one_set", "GEM-ACT-1"),
    o("gem_willing_multi", &["off", "on"], "off", "GEM-CHOOSE-1: willing in multi-target sets"),
    o("gem_mult_stat_bonus", &["on", "off"], "on", "GEM-DMG-1: crits multiply Muscle/Magic"),
    o("gem_vuln", &["add", "double"], "add", "GEM-DMG-1: vulnerability adds, or doubles"),
    o("gem_wounds", &["floor"], "floor", "GEM-DMG-2: wounds = floor(net / T)"),
    o("gem_damage_order", &["attack_order", "multiplier_desc"], "attack_order", "GEM-ROLL-1"),
    o("gem_common_hit", &["any", "own_need"], "any", "GEM-ATK-3"),
    o("gem_split_order", &["attack_order", "multiplier_desc"], "attack_order", "GEM-ATK-6"),
    o("gem_area", &["per_target", "common"], "per_target", "GEM-ATK-4"),
    o("gem_incap_vs", &["net", "raw"], "net", "GEM-OPT-2: damage compared"),
    o("gem_incap_stack", &["both", "replace"], "both", "GEM-OPT-2: second skip"),
    o("gem_strangle_per", &["instance", "set"], "instance", "GEM-OPT-8"),
    o("gem_through_parts", &["in_order", "proportional"], "in_order", "GEM-MOD-5"),
    o("gem_grenade_feet", &["base", "scaled"], "base", "GEM-WPN-3"),
    o("gem_regiment_min", &[], "5", "GEM-REG-1: fewest members of a regiment"),
    o("gem_reg_overflow", &["lost", "pool"], "lost", "GEM-REG-5"),
    o("gem_reg_break", &["zero", "below_min"], "zero", "GEM-REG-6"),
    o("gem_check_die", &["d6", "d10"], "d6", "GEM-ACT-6: the die of a skill check"),
];

/// A damage type as the rules weigh it: lowercase, with blunt = bludgeoning = crushing.
pub fn canonical_type(word: &str) -> String {
    let w = word.trim().to_ascii_lowercase();
    match w.as_str() {
        "bludgeoning" | "crushing" => "blunt".to_string(),
        _ => w,
    }
}

/// Physical damage types (Shove takes only non-piercing physical damage, GEM-OPT-5).
pub fn is_physical(kind: &str) -> bool {
    matches!(kind, "blunt" | "cutting" | "slashing" | "piercing" | "stabbing" | "physical")
}
