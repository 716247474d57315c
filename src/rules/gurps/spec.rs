//! GURPS's constant half: its names, words, tables and how the engine runs it.

use super::{MAX_SPEED, attack, commands, odds, state, tables};
use crate::rules::signature::FieldArg;
use crate::rules::spec::*;
use crate::rules::stats::int_field as int;
use crate::rules::stats::{FieldKind, FieldSpec};
use crate::rules::types::AttackChoice;
use crate::rules::verb::ActionSpec;

pub static SPEC: Spec = Spec {
    key: "gurps",
    aliases: &["gurps4e"],
    name: "GURPS 4e",
    tag: state::TAG,
    commands: commands::COMMANDS,
    fields: FIELDS,
    weapon_fields: tables::WEAPON_FIELDS,
    options: tables::OPTIONS,
    settable: &[],
    actions: ACTIONS,
    more_costs: &[],
    pools: &["maneuver"],
    next_flags: &["skip_ht"],
    shake_cost: ("actions", 0),
    initiative: InitiativeSpec {
        order: Order::Rolled,
        holds: Holds::LapseAtRoundEnd,
        ties: Ties::RollOff,
        typed_hint: "a Basic Speed, such as 5.75 (ties go to DX)",
        typed_usage: TYPED_USAGE,
        by_hand_prompt: BY_HAND_PROMPT,
        surprise_label: SURPRISE,
    },
    health: HealthSpec { label: "HP", counts: Counts::Left },
    attack: AttackSpec {
        fields: attack::ATTACK_FIELDS,
        toggles: &[
            ("retreat", "the target retreats (+3 Dodge, +1 Parry/Block)"),
            ("drop", "the target dodges and drops (ranged, +3 Dodge, prone)"),
            ("rapid", "Rapid Strike: two attacks at −6"),
            ("acrobatic", "acrobatic dodge (Acrobatics roll first)"),
            ("backside", "at the target's back side (Parry and Block −2)"),
        ],
        choices: CHOICES,
        hint: "blank, or loc=skull deceptive=1 range=10 defense=parry mod=N …",
        bare_hint: "no weapon: give skill=, dmg= and type= below",
        targets: Targets::One,
    },
    words: Words { shaken: SHAKEN, cancelled: CANCELLED },
    notable,
    damage_kind: kind_as_typed,
    odds: Some(OddsSpec {
        usage: odds::USAGE,
        about: "3d6 against an effective skill: success and criticals, and an attack's chance to \
                land against a defense",
        report: odds::report,
    }),
};

/// A 3d6 roll of 3, 4, 17 or 18 is critical whatever the skill: its dice are marked.
fn notable(roll: &crate::rules::dice::RollRecord) -> Vec<bool> {
    let three_d6 = roll.dice.len() == 3 && roll.dice.iter().all(|d| d.sides == 6);
    let total: u32 = roll.dice.iter().map(|d| d.face).sum();
    let critical = three_d6 && (total <= 4 || total >= 17);
    roll.dice.iter().map(|_| critical).collect()
}

const fn m(key: &'static str, label: &'static str) -> ActionSpec {
    ActionSpec { key, label, pool: "maneuver", cost: 1, fields: &[], run: None }
}

const fn with(key: &'static str, label: &'static str, fields: &'static [FieldArg]) -> ActionSpec {
    ActionSpec { key, label, pool: "maneuver", cost: 1, fields, run: None }
}

/// The maneuvers, each a turn's one maneuver.
static ACTIONS: &[ActionSpec] = &[
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

/// The attack dialog's picks after the weapon. The defense is not one: the defender chooses it
/// once the attack roll hits (`defend.rs`).
static CHOICES: &[AttackChoice] = &[AttackChoice {
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
}];

const fn flag(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Flag, help }
}

pub(super) static FIELDS: &[FieldSpec] = &[
    int("st", 0, 100, "ST (0: no physical strength)"),
    int("dx", 1, 100, "DX, breaks Basic Speed ties"),
    int("iq", 0, 100, "IQ (0: mindless)"),
    int("ht", 1, 100, "HT"),
    int("will", 0, 100, "Will (default IQ)"),
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
    int("per", 0, 100, "Perception (recorded)"),
    int("fp_lost", 0, 100_000, "FP already lost as it joins (a GCS sheet's)"),
    flag("combat_reflexes", "Combat Reflexes (recorded; count it in dodge/parry/block)"),
    int("htk", 1, 20, "Hard to Kill: + to HT rolls against death (GURPS-HP-3)"),
    int("hts", 1, 20, "Hard to Subdue: + to HT rolls to stay conscious (GURPS-HP-2)"),
    int("extra_attacks", 1, 20, "Extra Attack: more attacks a turn (GURPS-MAN-1)"),
    int("enhanced_dodge", 1, 20, "Enhanced Dodge (recorded; count it in dodge)"),
    int("enhanced_parry", 1, 20, "Enhanced Parry (recorded; count it in the weapons' parry)"),
    int("enhanced_block", 1, 20, "Enhanced Block (recorded; count it in block)"),
];
