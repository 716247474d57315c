//! Savage Worlds's own commands, declared once: the parser, help, completion and docs read them here.

use super::verbs;
use crate::rules::signature::{ArgKind, CommandSpec, FORCE, field, number, opt, req};
use crate::rules::typed;
use crate::rules::verb::Verb;

/// The commands only Savage Worlds has, in the order the help lists them.
pub static COMMANDS: &[Verb] = &[
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::interrupt),
        spec: CommandSpec {
            name: "interrupt",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces), field("vs", ArgKind::Faces)],
            summary: "Savage Worlds: a held character tries to act before the one whose turn it is",
            help: "Both want to go first: opposed Agility between the held character and the one whose \
               turn it is. If the held one wins it acts now (as `act`); otherwise it stays on hold \
               (SW-INIT-4).",
            example: "interrupt Jessa",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::blast),
        spec: CommandSpec {
            name: "blast",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[
                field("dmg", ArgKind::Dice),
                field("cover", ArgKind::Word("light|medium|heavy")),
                number("ap", 0, 100),
                field("dmgroll", ArgKind::Faces),
            ],
            summary: "Savage Worlds: area damage to one combatant under the template",
            help: "Rolls the area attack's damage (dmg=, acing) for one combatant under the template; \
               cover counts as armor (light +1, medium +2, heavy +4 Toughness). Run it for each \
               combatant the template covers (SW-ATK-5).",
            example: "blast Cole \"Bandit 2\" dmg=3d6 cover=light",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::suppressed),
        spec: CommandSpec {
            name: "suppressed",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces)],
            summary: "Savage Worlds: a Spirit roll for someone under suppressive fire",
            help: "After a successful suppressive-fire roll (an autofire roll with range penalties), each \
               combatant under the Medium Burst Template rolls Spirit: a failure Shakes it, and a 1 on \
               the Spirit die means it is hit, for you to `damage` (SW-ATK-4).",
            example: "suppressed \"Bandit 3\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::deviate),
        spec: CommandSpec {
            name: "deviate",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[],
            summary: "Savage Worlds: where a missed thrown area weapon lands",
            help: "A missed throw deviates 1d6 inches in a direction rolled on a d12 clock face (SW-ATK-5).",
            example: "deviate Cole",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::bennies::soak),
        spec: CommandSpec {
            name: "soak",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces)],
            summary: "Savage Worlds: spend a benny to soak the wounds just taken",
            help: "After its latest hit this round, a Wild Card spends a benny and rolls Vigor; each success \
               and raise cancels one wound of that hit, and cancelling them all also ends its Shaken \
               (SW-DMG-4). A failed soak may be tried again with another benny. `roll=5,3` gives \
               the Vigor die's and the Wild Die's faces rolled at the table.",
            example: "soak Jessa",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::bennies::benny),
        spec: CommandSpec {
            name: "benny",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[],
            summary: "Savage Worlds: spend a benny to recover from Shaken",
            help: "Spends one of the combatant's own bennies (its `bennies` field) and removes Shaken at \
               once (SW-SHAKEN-1).",
            example: "benny Cole",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::defend),
        spec: CommandSpec {
            name: "defend",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant)],
            fields: &[FORCE],
            summary: "Savage Worlds: Defend for +2 Parry until its next turn (its whole action)",
            help: "The combatant spends its turn defending: +2 Parry until its next turn, and no other \
               action that turn (SW-ATK-2). Refused once it has acted this turn, and anything but a \
               free action is refused after it; `force` does it anyway.",
            example: "defend Cole",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::trick),
        spec: CommandSpec {
            name: "trick",
            aliases: &[],
            args: &[
                req("ATTACKER", ArgKind::Combatant),
                req("TARGET", ArgKind::Combatant),
                opt("agility|smarts", ArgKind::Text),
            ],
            fields: &[field("roll", ArgKind::Faces), field("vs", ArgKind::Faces), FORCE],
            summary: "Savage Worlds: a trick, opposed Agility or Smarts",
            help: "Opposed roll of the attacker's Agility (or Smarts) against the target's, costing an \
               action. On a success the target is −2 Parry until its next turn begins; with a raise it \
               is also Shaken (SW-ATK-6).",
            example: "trick Jessa \"Bandit 1\" smarts",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::intimidate),
        spec: CommandSpec {
            name: "intimidate",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces), field("vs", ArgKind::Faces), FORCE],
            summary: "Savage Worlds: Test of Wills, Intimidation against Spirit",
            help: "Intimidation against the target's Spirit, costing an action. On a success the target is \
               Outwilled: the winner's next attack on it gets +2; with a raise it is also Shaken \
               (SW-ATK-6).",
            example: "intimidate Cole \"Bandit 2\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::taunt),
        spec: CommandSpec {
            name: "taunt",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces), field("vs", ArgKind::Faces), FORCE],
            summary: "Savage Worlds: Test of Wills, Taunt against Smarts",
            help: "Taunt against the target's Smarts, with the same results as intimidate (SW-ATK-6).",
            example: "taunt Jessa \"Bandit Captain\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::grapple),
        spec: CommandSpec {
            name: "grapple",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces), field("vs", ArgKind::Faces), FORCE],
            summary: "Savage Worlds: grapple, opposed Fighting",
            help: "Opposed Fighting, costing an action: a success grapples the target (both are Grappled), \
               a raise also Shakes it (SW-ATK-6).",
            example: "grapple Cole \"Bandit 3\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::disarm),
        spec: CommandSpec {
            name: "disarm",
            aliases: &[],
            args: &[req("ATTACKER", ArgKind::Combatant), req("TARGET", ArgKind::Combatant)],
            fields: &[
                field("dmg", ArgKind::Dice),
                field("roll", ArgKind::Faces),
                field("vs", ArgKind::Faces),
                FORCE,
            ],
            summary: "Savage Worlds: disarm at −2; the defender rolls Strength against the damage",
            help: "An attack at −2 against Parry; on a hit the defender rolls Strength against the damage \
               rolled, and drops its weapon if it fails (SW-ATK-6).",
            example: "disarm Jessa \"Bandit 1\"",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::fear::fear),
        spec: CommandSpec {
            name: "fear",
            aliases: &[],
            args: &[req("NAME", ArgKind::Combatant), opt("grotesque|terror", ArgKind::Text)],
            fields: &[field("penalty", ArgKind::Number), field("roll", ArgKind::Faces)],
            summary: "Savage Worlds: a Guts check against fear, and the Fear table",
            help: "A Guts roll (minus the creature's penalty). Failure Shakes. When the Guts die shows 1 \
               the sight's effect follows: grotesque (or horrific) Shakes and calls for Vigor; terror \
               sends Extras into panic and Wild Cards to the Fear table, d20 plus the penalty \
               (SW-FEAR-1).",
            example: "fear Cole terror penalty=2",
        },
    },
    Verb {
        run: |req, dice| typed::verb(req, dice, verbs::reaction),
        spec: CommandSpec {
            name: "reaction",
            aliases: &[],
            args: &[opt("NAME", ArgKind::Combatant)],
            fields: &[field("roll", ArgKind::Faces)],
            summary: "Savage Worlds: roll an NPC's reaction (2d6 table)",
            help: "Rolls 2d6 on the reaction table: hostile, uncooperative, neutral, friendly or helpful \
               (SW-REACT-1).",
            example: "reaction \"Bandit Captain\"",
        },
    },
];
