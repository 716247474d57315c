//! Savage Worlds' constant half: its names, words, tables and how the engine runs it.

use super::{attack, commands, odds, state, tables};
use crate::rules::spec::*;
use crate::rules::stats::int_field as int;
use crate::rules::stats::{FieldKind, FieldSpec};
use crate::rules::verb::ActionSpec;

pub static SPEC: Spec = Spec {
    key: "savage",
    aliases: &["sw", "savage-worlds", "savageworlds"],
    name: "Savage Worlds",
    tag: state::TAG,
    commands: commands::COMMANDS,
    fields: FIELDS,
    weapon_fields: tables::WEAPON_FIELDS,
    options: tables::OPTIONS,
    settable: tables::SETTABLE,
    actions: ACTIONS,
    more_costs: &[],
    pools: &["actions"],
    next_flags: &[],
    shake_cost: ("actions", 0),
    initiative: InitiativeSpec {
        order: Order::DealtEachRound { by_hand: OptionIs { option: "deck", value: "physical" } },
        holds: Holds::LastAcrossRounds,
        ties: Ties::RollOff,
        typed_hint: "the card dealt: rank and suit such as QS, 10H or 2c, or joker",
        typed_usage: "`init NAME CARD`",
        by_hand_prompt: "deal the cards from the table: `init NAME CARD` for each, then `next`",
        surprise_label: SURPRISE,
    },
    health: HealthSpec { label: "wounds", counts: Counts::Taken },
    attack: AttackSpec {
        fields: attack::ATTACK_FIELDS,
        toggles: &[
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
        ],
        choices: &[],
        hint: "blank, or range=medium called=head cover=light dark=dim gang=N mod=N …",
        bare_hint: "no weapon: give skill= or die=, and dmg=, below",
        targets: Targets::One,
    },
    words: Words { shaken: SHAKEN, cancelled: CANCELLED },
    notable: highest_faces,
    damage_kind: kind_as_typed,
    odds: Some(OddsSpec {
        usage: odds::USAGE,
        about: "success and raise odds of a trait roll (`extra`: no Wild Die)",
        report: odds::odds_report,
    }),
};

const fn a(key: &'static str, label: &'static str, cost: u8) -> ActionSpec {
    ActionSpec { key, label, pool: "actions", cost, fields: &[], run: None }
}

/// What a turn can spend its actions on.
static ACTIONS: &[ActionSpec] = &[
    a("attack", "Fighting or Shooting attack", 1),
    a("wild", "Wild Attack (+2, −2 Parry)", 1),
    a("defend", "Defend (+2 Parry, the whole turn)", 1),
    a("aim", "Aim (+2 next round)", 1),
    a("trick", "Trick or Test of Wills", 1),
    a("benny", "spend a benny", 0),
    a("move", "move up to Pace", 0),
];

const fn flag(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Flag, help }
}

const fn die(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Die, help }
}

pub(super) static FIELDS: &[FieldSpec] = &[
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
