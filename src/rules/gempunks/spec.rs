//! Gempunks' constant half: its names, words, tables and how the engine runs it.

use super::{commands, odds, state, tables};
use crate::rules::spec::*;

pub static SPEC: Spec = Spec {
    key: "gempunks",
    aliases: &["gem"],
    name: "Gempunks",
    tag: state::TAG,
    commands: commands::COMMANDS,
    fields: tables::FIELDS,
    weapon_fields: tables::WEAPON_FIELDS,
    options: tables::OPTIONS,
    settable: &[],
    actions: tables::ACTIONS,
    // GEM-ACT-8: Melee Guard costs the move action as well as the standard.
    more_costs: tables::MORE_COSTS,
    pools: &["standard", "move"],
    next_flags: &[],
    shake_cost: ("actions", 0),
    initiative: InitiativeSpec {
        order: Order::Rolled,
        holds: Holds::LapseAtRoundEnd,
        ties: Ties::RollOffUnless(OptionIs { option: "gem_init_tie", value: "list" }),
        typed_hint: "the total rolled at the table (d6 + Agility), such as 7",
        typed_usage: TYPED_USAGE,
        by_hand_prompt: BY_HAND_PROMPT,
        surprise_label: SURPRISE,
    },
    health: HealthSpec { label: "HP", counts: Counts::Left },
    attack: AttackSpec {
        fields: tables::ATTACK_FIELDS,
        toggles: tables::TOGGLES,
        choices: &[],
        hint: "blank, or n=12 option=trip split=ogre:3,troll:2 far=1 willing=NAME lower=NAME …",
        bare_hint: "no weapon: give acc= and dmg= below (dmg=1d6+2:cutting,1d6:fire)",
        targets: Targets::Many,
    },
    words: Words { shaken: SHAKEN, cancelled: CANCELLED },
    notable: highest_faces,
    damage_kind: kind_as_typed,
    odds: Some(OddsSpec {
        usage: odds::USAGE,
        about: "hits and crits expected of N dice, and the chance of each count",
        report: odds::report,
    }),
};
