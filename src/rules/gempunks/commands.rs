//! Gempunks' own commands, declared once: the parser, help, completion and docs read them here.

use crate::rules::signature::{ArgKind, CommandSpec, FORCE, field, number, req};
use crate::rules::typed;
use crate::rules::verb::Verb;

/// The commands only Gempunks has.
pub static COMMANDS: &[Verb] = &[Verb {
    run: |req, dice| typed::verb(req, dice, super::tieup::escape),
    spec: CommandSpec {
        name: "escape",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        fields: &[field("roll", ArgKind::Faces), number("dc", 0, 50), FORCE],
        summary: "Gempunks: a tied-up creature tries to slip its knots",
        help: "On its own turn, for its standard action, a creature that is Tied Up rolls its \
           legerdemain check (one die plus legerdemain=) against the DC written on the condition; \
           reaching DC + 3 frees it (GEM-ACT-6). roll= takes the face rolled at the table, dc= \
           gives a DC the condition lacks, force lets it try off its turn or without the action.",
        example: "escape Kell",
    },
}];
