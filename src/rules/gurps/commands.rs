//! GURPS' own commands, declared once: the parser, help, completion and docs read them here.

use super::verbs;
use crate::rules::signature::{ArgKind, CommandSpec, FieldArg, field, req, switch};
use crate::rules::typed;
use crate::rules::verb::Verb;

/// A maneuver's fields, on `maneuver` and on `do` alike: whom Aim, Evaluate or Feint is
/// against (GURPS-MAN-3, MAN-4, MAN-6), Aim braced, what Wait waits to do (GURPS-MAN-11) and
/// the weapon Ready takes up (GURPS-MAN-10).
pub const TARGET: FieldArg = field("target", ArgKind::Combatant);
pub const BRACED: FieldArg = switch("braced");
pub const THEN: FieldArg = field("then", ArgKind::Text);
pub const WEAPON: FieldArg = field("weapon", ArgKind::Weapon);

/// The commands only GURPS has, in the order the help lists them.
pub static COMMANDS: &[Verb] = &[
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::maneuver),
        spec: CommandSpec {
            name: "maneuver",
            aliases: &["man"],
            args: &[req("NAME", ArgKind::Combatant), req("KIND", ArgKind::Action)],
            fields: &[TARGET, BRACED, THEN, WEAPON],
            summary: "GURPS: take this turn's maneuver (it lasts until the next turn)",
            help: "One maneuver a turn, in force until the combatant's next turn begins: it decides the \
               defenses left (All-Out Attack none; Move and Attack Dodge or Block), the attacks \
               allowed and their modifiers (GURPS-MAN-1..11). KIND is attack, aoa-determined, \
               aoa-double, aoa-feint, aoa-strong, move-attack, aod-dodge, aod-parry, aod-block, \
               aod-double, aim, evaluate, feint, ready, concentrate, wait, move, change-posture or \
               do-nothing. Aim and Evaluate take target=NAME and build up over consecutive turns \
               (Aim: braced); Wait takes then=KIND. An `attack` on its turn without a maneuver \
               takes Attack.",
            example: "maneuver Rook aoa-determined",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::feint),
        spec: CommandSpec {
            name: "feint",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[
                field("skill", ArgKind::Number),
                field("vs", ArgKind::Number),
                field("roll", ArgKind::Faces),
                field("defroll", ArgKind::Faces),
            ],
            summary: "GURPS: a Feint, a Quick Contest of skill against the foe's best defense skill",
            help: "The attacker's weapon skill (shock, Evaluate and posture apply) against the foe's best \
               of DX and its melee and shield skills. If the attacker wins, the margin comes off the \
               foe's defense against its next attack: on its next turn after a Feint, at once after \
               an All-Out Attack (Feint) (GURPS-MAN-6). Takes the Feint maneuver if none was taken.",
            example: "feint Rook \"Orc Brute\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::posture),
        spec: CommandSpec {
            name: "posture",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant), req("POSTURE", ArgKind::Text)],
            fields: &[],
            summary: "GURPS: change posture (standing, crouching, kneeling, sitting, crawling, lying)",
            help: "Changes posture with the Change Posture maneuver (GURPS-POST-1, GURPS-POST-2); \
               standing and crouching swap for free, kneeling and standing with a step; from lying \
               down it takes two changes to stand. Postures change attacks, defenses and the \
               penalty to shoot at it.",
            example: "posture Rook kneeling",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::skip_ht),
        spec: CommandSpec {
            name: "skipht",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[],
            summary: "GURPS: it will Do Nothing on its coming turn, so no HT roll at 0 HP",
            help: "Typed just before the `next` that reaches a combatant at 0 HP or less (`skipht Rook`, \
               then `next`): the GM says it will Do Nothing and make no defense roll, so its turn \
               begins as Do Nothing with no HT roll to stay conscious (GURPS-HP-2). It holds for \
               that one turn; without it the roll is made as the turn begins (a stunned one needs \
               no `skipht`). Should it still defend before its next turn, it rolls then.",
            example: "skipht Rook",
        },
    },
];
