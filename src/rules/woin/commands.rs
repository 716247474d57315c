//! WOIN's own commands, declared once: the parser, help, completion and docs read them here.

use super::verbs;
use crate::rules::signature::{ArgKind, CommandSpec, field, req};
use crate::rules::typed;
use crate::rules::verb::Verb;

/// The commands only WOIN has, in the order the help lists them.
pub static COMMANDS: &[Verb] = &[
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::luck),
        spec: CommandSpec {
            name: "luck",
            aliases: &["luc"],
            args: &[req("NAME", ArgKind::Combatant), req("CONDITION", ArgKind::Condition)],
            fields: &[],
            summary: "spend a LUC die as a reaction to cancel a condition just applied",
            help: "Cancels a condition the combatant just gained, spending one LUC die and its reaction. \
               Refused when Cursed or when the reaction is already used.",
            example: "luck Aria bleeding",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::declare_ambush),
        spec: CommandSpec {
            name: "ambush",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[field("pool", ArgKind::Dice), field("vs", ArgKind::Dice)],
            summary: "before start: declare an ambush, resolved by opposed checks",
            help: "Declares that ATTACKER tries to ambush TARGET before round 1. At `start` each \
               declaration is an opposed check (attacker and target roll pool= and vs=, 2d6 each unless \
               given, e.g. the attacker's AGI stealth and the target's perception); winners get one \
               action each before round 1, all at once. Two combatants ambushing each other both \
               lose it.",
            example: "ambush Aria goblin",
        },
    },
];
