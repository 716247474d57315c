//! GURPS tables: Basic Set thrust and swing damage by ST, hit locations with their penalties,
//! DR and wound modifiers (GURPS-ATK-4, GURPS-LOC-1, GURPS-LOC-2), the range/speed table
//! (GURPS-RANGE-1), postures (GURPS-POST-1, GURPS-POST-2), the critical tables (GURPS-ATK-3,
//! GURPS-CRIT-1, GURPS-CRIT-2), weapon fields and the options (the spec's Readings).

use crate::rules::stats::{FieldKind, FieldSpec};
use crate::rules::types::OptionSpec;

/// Thrust and swing by ST 1..=40 as (dice, adds), from the Basic Set damage table.
const THR_SW: [((i64, i64), (i64, i64)); 40] = [
    ((1, -6), (1, -5)),
    ((1, -6), (1, -5)),
    ((1, -5), (1, -4)),
    ((1, -5), (1, -4)),
    ((1, -4), (1, -3)),
    ((1, -4), (1, -3)),
    ((1, -3), (1, -2)),
    ((1, -3), (1, -2)),
    ((1, -2), (1, -1)),
    ((1, -2), (1, 0)),
    ((1, -1), (1, 1)),
    ((1, -1), (1, 2)),
    ((1, 0), (2, -1)),
    ((1, 0), (2, 0)),
    ((1, 1), (2, 1)),
    ((1, 1), (2, 2)),
    ((1, 2), (3, -1)),
    ((1, 2), (3, 0)),
    ((2, -1), (3, 1)),
    ((2, -1), (3, 2)),
    ((2, 0), (4, -1)),
    ((2, 0), (4, 0)),
    ((2, 1), (4, 1)),
    ((2, 1), (4, 2)),
    ((2, 2), (5, -1)),
    ((2, 2), (5, 0)),
    ((3, -1), (5, 1)),
    ((3, -1), (5, 1)),
    ((3, 0), (5, 2)),
    ((3, 0), (5, 2)),
    ((3, 1), (6, -1)),
    ((3, 1), (6, -1)),
    ((3, 2), (6, 0)),
    ((3, 2), (6, 0)),
    ((4, -1), (6, 1)),
    ((4, -1), (6, 1)),
    ((4, 0), (6, 2)),
    ((4, 0), (6, 2)),
    ((4, 1), (7, -1)),
    ((4, 1), (7, -1)),
];

/// Dice and adds.
type Damage = (i64, i64);

/// Above ST 40 the table goes in steps of 5: (ST, thrust, swing).
const THR_SW_HIGH: [(i64, Damage, Damage); 12] = [
    (45, (5, 0), (7, 1)),
    (50, (5, 2), (8, -1)),
    (55, (6, 0), (8, 1)),
    (60, (7, -1), (9, 0)),
    (65, (7, 1), (9, 2)),
    (70, (8, 0), (10, 0)),
    (75, (8, 2), (10, 2)),
    (80, (9, 0), (11, 0)),
    (85, (9, 2), (11, 2)),
    (90, (10, 0), (12, 0)),
    (95, (10, 2), (12, 2)),
    (100, (11, 0), (13, 0)),
];

/// Thrust (`swing == false`) or swing damage for a given ST, as (dice, adds).
pub fn basic_damage(st: i64, swing: bool) -> (i64, i64) {
    let pick = |row: ((i64, i64), (i64, i64))| if swing { row.1 } else { row.0 };
    if st <= 40 {
        let index = usize::try_from(st.clamp(1, 40) - 1).unwrap_or(0);
        return pick(THR_SW[index]);
    }
    let row = THR_SW_HIGH.iter().rev().find(|(at, _, _)| st >= *at).copied();
    match row {
        Some((_, thr, sw)) => pick((thr, sw)),
        None => pick(THR_SW[39]),
    }
}

/// A hit location (GURPS-ATK-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub key: &'static str,
    /// The attack penalty to aim at it.
    pub penalty: i64,
    /// Where its DR comes from when it has none of its own (`dr.<from>`), before plain `dr`.
    pub dr_from: Option<&'static str>,
}

const fn loc(key: &'static str, penalty: i64, dr_from: Option<&'static str>) -> Location {
    Location { key, penalty, dr_from }
}

/// Every humanoid location, as `loc=` and `dr.<loc>` name them.
pub const LOCATIONS: &[Location] = &[
    loc("torso", 0, None),
    loc("skull", -7, None),
    loc("eye", -9, Some("face")),
    loc("face", -5, None),
    loc("neck", -5, None),
    loc("vitals", -3, Some("torso")),
    loc("groin", -3, None),
    loc("arm", -2, None),
    loc("leg", -2, None),
    loc("hand", -4, None),
    loc("foot", -4, None),
];

/// A location by the word typed: `skull`, `eyes`, `right arm`/`left_leg` (the side is text).
pub fn location(word: &str) -> Option<Location> {
    // `right arm`, `left hand`, `shield arm`: the side is for what a crippled limb drops.
    let word = word.to_ascii_lowercase().replace(['_', '-'], " ");
    let base =
        word.trim_start_matches("right ").trim_start_matches("left ").trim_start_matches("shield ");
    let base = match base {
        "eyes" => "eye",
        "arms" => "arm",
        "legs" => "leg",
        "hands" => "hand",
        "feet" => "foot",
        "head" => "skull",
        other => other,
    };
    LOCATIONS.iter().copied().find(|l| l.key == base)
}

/// A limb (arm, leg) or an extremity (hand, foot): injury there is capped and can cripple.
pub fn limb_divisor(key: &str) -> Option<i64> {
    match key {
        "arm" | "leg" => Some(2),
        "hand" | "foot" => Some(3),
        _ => None,
    }
}

/// GURPS-ATK-4: the random location table, 3d6.
pub fn random_location(total: i64) -> &'static str {
    match total {
        ..=4 => "skull",
        5 => "face",
        6 | 7 => "right leg",
        8 => "right arm",
        9 | 10 => "torso",
        11 => "groin",
        12 => "left arm",
        13 | 14 => "left leg",
        15 => "hand",
        16 => "foot",
        _ => "neck",
    }
}

/// Which hand a hit arm or hand holds: `Some(true)` the off hand (`left`, or the shield side),
/// `Some(false)` the weapon hand (`right`, or an arm or hand aimed at without a side); `None`
/// for any other location. Reading: the right hand holds the weapon, the left the shield.
pub fn off_side(word: &str) -> Option<bool> {
    let word = word.to_ascii_lowercase().replace(['_', '-'], " ");
    let at = location(&word)?;
    matches!(at.key, "arm" | "hand").then(|| word.starts_with("left") || word.starts_with("shield"))
}

/// The damage types, with their GURPS-DMG-2 modifier in halves (pi− ×0.5 is 1, cut ×1.5 is 3).
pub const WOUND_HALVES: &[(&str, i64)] = &[
    ("pi-", 1),
    ("burn", 2),
    ("tbb", 2),
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

/// The impaling and piercing types (and tight-beam burning) that may aim at the eye or vitals.
pub fn may_target_eye(kind: &str) -> bool {
    matches!(kind, "imp" | "pi-" | "pi" | "pi+" | "pi++" | "tbb")
}

/// GURPS-LOC-2: the wound modifier in halves for a type at a location, or `None` when that type
/// cannot target it.
pub fn wound_halves(kind: &str, location: &str) -> Option<i64> {
    let base = WOUND_HALVES.iter().find(|(k, _)| *k == kind).map(|(_, h)| *h)?;
    let piercing = matches!(kind, "pi-" | "pi" | "pi+" | "pi++" | "imp");
    Some(match location {
        "torso" | "groin" => base,
        "eye" if !may_target_eye(kind) => return None,
        "skull" | "eye" if kind == "tox" => 2,
        "skull" | "eye" => 8,
        "face" => match kind {
            "cor" => 3,
            _ => base,
        },
        "neck" => match kind {
            "cut" => 4,
            "cr" | "cor" => 3,
            _ => base,
        },
        "vitals" => match kind {
            _ if piercing => 6,
            "tbb" => 4,
            _ => return None,
        },
        _ => match kind {
            "pi+" | "pi++" | "imp" => 2,
            _ => base,
        },
    })
}

/// GURPS-RANGE-1: the range/speed penalty for a distance plus speed in yards (Basic Set bands,
/// inclusive); `seed` reads the sheet's "<" (one band worse at each boundary).
pub fn range_penalty(yards: i64, seed: bool) -> i64 {
    const STEPS: [i64; 6] = [2, 3, 5, 7, 10, 15];
    let mut penalty = 0;
    let mut scale = 1i64;
    loop {
        for (i, step) in STEPS.iter().enumerate() {
            let bound = step.saturating_mul(scale);
            let within = if seed { yards < bound } else { yards <= bound };
            if within {
                return -(penalty + i64::try_from(i).unwrap_or(0));
            }
        }
        penalty += 6;
        scale = scale.saturating_mul(10);
        if scale > 1_000_000_000 {
            return -penalty;
        }
    }
}

/// A posture (GURPS-POST-1, GURPS-POST-2): its condition name, Move in thirds (`None`: the
/// fixed yard of lying down), and the melee attack, defense and ranged-at-it modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posture {
    pub key: &'static str,
    pub condition: Option<&'static str>,
    pub melee: i64,
    pub defense: i64,
    pub ranged_at: i64,
    pub move_text: &'static str,
}

pub const POSTURES: &[Posture] = &[
    Posture {
        key: "standing",
        condition: None,
        melee: 0,
        defense: 0,
        ranged_at: 0,
        move_text: "full Move",
    },
    Posture {
        key: "crouching",
        condition: Some("Crouching"),
        melee: -2,
        defense: 0,
        ranged_at: -2,
        move_text: "Move ×2/3",
    },
    Posture {
        key: "kneeling",
        condition: Some("Kneeling"),
        melee: -2,
        defense: -2,
        ranged_at: -2,
        move_text: "Move ×1/3",
    },
    Posture {
        key: "sitting",
        condition: Some("Sitting"),
        melee: -2,
        defense: -2,
        ranged_at: -2,
        move_text: "no movement",
    },
    Posture {
        key: "crawling",
        condition: Some("Crawling"),
        melee: -4,
        defense: -3,
        ranged_at: -2,
        move_text: "Move ×1/3",
    },
    Posture {
        key: "lying",
        condition: Some("Prone"),
        melee: -4,
        defense: -3,
        ranged_at: -2,
        move_text: "1 yard",
    },
];

/// A posture by its word (`prone` is lying down).
pub fn posture(word: &str) -> Option<Posture> {
    let word = word.to_ascii_lowercase();
    let word = match word.as_str() {
        "prone" | "lying-down" | "lying_down" => "lying",
        other => other,
    };
    POSTURES.iter().copied().find(|p| p.key == word)
}

/// What a critical hit does (GURPS-ATK-3, and the head blow table of GURPS-CRIT-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CritHit {
    Normal,
    /// Damage (the roll with its adds) times this.
    Times(i64),
    Maximum,
    /// DR halved; rounded up (`true`, head blows) or down.
    HalfDr(bool),
    /// A major wound if anything penetrates.
    Major,
    /// Shock doubled and a hit limb crippled, if anything penetrates.
    ShockAndCripple,
    /// The victim drops what it holds.
    Drop,
    /// Head blow: maximum damage, DR ignored.
    MaxNoDr,
    /// Head blow: DR halved (round up) and a major wound if anything penetrates.
    HalfDrMajor,
    /// Head blow: normal, and Do Nothing next turn (text).
    Daze,
    /// Head blow: normal, with a lasting mark (text).
    Scar,
}

/// GURPS-ATK-3: the critical hit table.
pub fn critical_hit(total: i64) -> CritHit {
    match total {
        ..=3 | 18.. => CritHit::Times(3),
        4 | 17 => CritHit::HalfDr(false),
        5 | 16 => CritHit::Times(2),
        6 | 15 => CritHit::Maximum,
        7 | 13 | 14 => CritHit::Major,
        8 => CritHit::ShockAndCripple,
        12 => CritHit::Drop,
        _ => CritHit::Normal,
    }
}

/// GURPS-CRIT-2: the head blow table.
pub fn head_blow(total: i64) -> CritHit {
    match total {
        ..=3 => CritHit::MaxNoDr,
        4..=7 => CritHit::HalfDrMajor,
        8 => CritHit::Daze,
        12 | 13 => CritHit::Scar,
        14 => CritHit::Drop,
        15 => CritHit::Maximum,
        16 => CritHit::Times(2),
        17 => CritHit::HalfDr(true),
        18.. => CritHit::Times(3),
        _ => CritHit::Normal,
    }
}

/// What a critical miss does (GURPS-CRIT-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CritMiss {
    Breaks,
    /// Hits itself (full damage when true).
    HitsSelf(bool),
    LostBalance,
    Unready,
    Dropped,
    Flies,
    Strained,
    Falls,
}

/// GURPS-CRIT-1: the critical miss table.
pub fn critical_miss(total: i64) -> CritMiss {
    match total {
        ..=4 | 17.. => CritMiss::Breaks,
        5 => CritMiss::HitsSelf(true),
        6 => CritMiss::HitsSelf(false),
        7 | 13 => CritMiss::LostBalance,
        8 | 12 => CritMiss::Unready,
        14 => CritMiss::Flies,
        15 => CritMiss::Strained,
        16 => CritMiss::Falls,
        _ => CritMiss::Dropped,
    }
}

/// Weapon fields (`weapon NAME WEAPON …`, bestiary `weapons`).
pub static WEAPON_FIELDS: &[FieldSpec] = &[
    FieldSpec { name: "skill", kind: FieldKind::Int { min: 1, max: 40 }, help: "weapon skill" },
    FieldSpec {
        name: "dmg",
        kind: FieldKind::Text,
        help: "damage: 2d+1, or sw+1 / thr-1 from ST by the Basic Set table; an armor divisor \
               and the type may follow: 2d(2) cut",
    },
    FieldSpec {
        name: "type",
        kind: FieldKind::Text,
        help: "damage type: cr, cut, imp, pi-, pi, pi+, pi++, burn, cor, tox, fat",
    },
    FieldSpec { name: "reach", kind: FieldKind::Text, help: "Reach in yards: C, 1, 1-2 …" },
    FieldSpec {
        name: "parry",
        kind: FieldKind::Text,
        help: "Parry modifier: 0, -1, 0F (fencing), -1U (not after attacking), No",
    },
    FieldSpec { name: "acc", kind: FieldKind::Int { min: 0, max: 20 }, help: "Accuracy (ranged)" },
    FieldSpec {
        name: "range",
        kind: FieldKind::Text,
        help: "half-damage/max range in yards, e.g. 150/200",
    },
    FieldSpec {
        name: "rof",
        kind: FieldKind::Text,
        help: "Rate of Fire: shots a turn, 3, or 3x9 (a shotgun's shots × projectiles)",
    },
    FieldSpec { name: "bulk", kind: FieldKind::Int { min: -20, max: 0 }, help: "Bulk (ranged)" },
    FieldSpec { name: "ranged", kind: FieldKind::Flag, help: "a ranged weapon" },
    FieldSpec { name: "thrown", kind: FieldKind::Flag, help: "a thrown weapon" },
    FieldSpec {
        name: "small", kind: FieldKind::Flag, help: "a small thrown weapon (−2 to parry)"
    },
    FieldSpec { name: "firearm", kind: FieldKind::Flag, help: "bullets or beams: no Block" },
    FieldSpec {
        name: "tbb",
        kind: FieldKind::Flag,
        help: "tight-beam burning (may hit eye, vitals)",
    },
    FieldSpec {
        name: "unready_after",
        kind: FieldKind::Flag,
        help: "unready after an attack (no Rapid Strike)",
    },
    FieldSpec { name: "unready", kind: FieldKind::Flag, help: "not ready now (needs Ready)" },
    FieldSpec {
        name: "sturdy",
        kind: FieldKind::Flag,
        help: "resists breaking on a critical miss",
    },
    FieldSpec { name: "cheap", kind: FieldKind::Flag, help: "breaks where others are dropped" },
    FieldSpec { name: "shield", kind: FieldKind::Flag, help: "a shield: Block from its skill" },
    FieldSpec {
        name: "natural",
        kind: FieldKind::Flag,
        help: "part of the body or built in (bite, claws): never dropped",
    },
    FieldSpec { name: "db", kind: FieldKind::Int { min: 0, max: 5 }, help: "a shield's DB" },
    FieldSpec {
        name: "offhand",
        kind: FieldKind::Flag,
        help: "held in the off hand (−4, −2 parry)",
    },
    FieldSpec {
        name: "rcl",
        kind: FieldKind::Int { min: 1, max: 20 },
        help: "Recoil: rapid fire scores a hit more per full Rcl of margin",
    },
    FieldSpec {
        name: "block",
        kind: FieldKind::Text,
        help: "Block modifier, as parry's: 0, -1, No (Block itself: the combatant's block=)",
    },
    FieldSpec {
        name: "shots",
        kind: FieldKind::Text,
        help: "shots and reload: 30+1(3), T (thrown) (recorded)",
    },
    FieldSpec { name: "st", kind: FieldKind::Int { min: 1, max: 100 }, help: "minimum ST" },
];

const fn opt(
    name: &'static str,
    values: &'static [&'static str],
    help: &'static str,
) -> OptionSpec {
    OptionSpec { name, values, default: values[0], help }
}

/// The spec's Readings as options; the first value is the default.
pub static OPTIONS: &[OptionSpec] = &[
    opt(
        "gurps_range_bands",
        &["basic_set", "seed"],
        "GURPS-RANGE-1: inclusive bands, or the sheet's",
    ),
    opt("gurps_blunt_trauma", &["off", "on"], "GURPS-DMG-1: blunt trauma through flexible armour"),
    opt("gurps_rapid_strike", &["one_per_turn", "any"], "GURPS-ATK-6: Rapid Strikes per turn"),
    opt(
        "gurps_location_roll",
        &["before_attack", "on_hit"],
        "GURPS-ATK-4: when a random location is rolled",
    ),
    opt("gurps_extremity_side", &["roll", "none"], "GURPS-ATK-4: a 1d for a hand's or foot's side"),
    opt("gurps_shock_unit", &["floor", "exact"], "GURPS-SHOCK-1: HP/10 rounded down, or exact"),
    opt(
        "gurps_head_knockdown",
        &["always", "major_only"],
        "GURPS-MAJOR-2: head and vitals hits roll knockdown on any shock, or on major wounds only",
    ),
    opt(
        "gurps_mortal_wound",
        &["condition", "dead"],
        "GURPS-HP-3: failing a death check by 1 or 2",
    ),
    opt("gurps_head_blow_table", &["off", "on"], "GURPS-CRIT-2: critical head blows"),
    opt("gurps_auto_defense", &["best", "ask"], "GURPS-DEF-8: pick the best defense, or ask"),
    opt(
        "gurps_zero_hp_check",
        &["turn_start", "on_action"],
        "GURPS-HP-2: when the HT roll at 0 HP is made",
    ),
    opt(
        "gurps_double_defense_retreat",
        &["both", "first"],
        "GURPS-MAN-9: one retreat for both rolls",
    ),
    opt(
        "gurps_retreat_limits",
        &["strict", "any"],
        "GURPS-DEF-9: no retreat when stunned, kneeling",
    ),
    opt("gurps_fp_collapse", &["remind", "roll"], "GURPS-FP-1: Will roll at 0 FP"),
    opt("gurps_fatigue_location", &["ignore", "apply"], "GURPS-DMG-4: location effects for fat"),
    opt("gurps_acrobatic_dodge", &["roll", "flat"], "GURPS-DEF-10: Acrobatics roll, or a flat +2"),
    opt("gurps_sacrificial", &["on", "off"], "GURPS-DEF-11: an ally may dodge into the attack"),
    opt("gurps_crit_reroll", &["auto", "text"], "GURPS-CRIT-3: roll again at once, or say so"),
];
