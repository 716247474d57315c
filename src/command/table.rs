//! The command table: every core command's name, aliases, arguments, help and who carries it
//! out, declared once, and the lookups over it and the systems' verbs.

use crate::rules::System;
use crate::rules::signature::FORCE;
pub use crate::rules::signature::{Arg, ArgKind, CommandSpec, FieldArg};
use crate::rules::signature::{Read, opt, req};
use crate::rules::verb::Verb;

use super::Command;
use super::invocation::Args;
use super::session;

/// A core command: its signature and help, and who carries it out.
pub struct Entry {
    pub spec: CommandSpec,
    pub run: Run,
}

/// Who carries out a core command.
pub enum Run {
    /// The engine plans it, with the function its table (`encounter/engine/verbs.rs`) holds for
    /// this entry: the engine sits below the command language, so the language cannot name it.
    Engine,
    /// The session or the app does: the command built from the values read.
    Session(fn(&Args) -> Option<Command>),
}

impl std::ops::Deref for Entry {
    type Target = CommandSpec;

    fn deref(&self) -> &CommandSpec {
        &self.spec
    }
}

/// Every command, in the order the help lists them.
pub static COMMANDS: &[&Entry] = &[
    &NEW, &ADD, &REMOVE, &START, &INIT, &SWAP, &NEXT, &END, &HOLD, &ACT, &DAMAGE, &HEAL, &COND,
    &UNCOND, &SHAKE, &ATTACK, &ROLL, &NOTE, &HIDE, &REVEAL, &SHOW, &WEAPON, &EDIT, &DO, &SET,
    &IMPORT, &PARTY, &ALERT, &ALERTS, &UNDO, &REDO, &BRANCHES, &BRANCH, &SAVE, &EXPORT,
];

pub static NEW: Entry = Entry {
    run: Run::Session(session::new),
    spec: CommandSpec {
        name: "new",
        aliases: &[],
        args: &[req("SYSTEM", ArgKind::System), opt("NAME", ArgKind::Text).reads(Read::Text)],
        fields: &[],
        summary: "start a new encounter under {systems}",
        help: "Begins an empty encounter. SYSTEM is one of {systems,}. \
               The name is free text; quote it if it has spaces.",
        example: "new woin \"Bridge of Sighs\"",
    },
};

pub static ADD: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "add",
        aliases: &["a"],
        args: &[
            req("NAME", ArgKind::Creature).expects("a NAME"),
            opt("xN", ArgKind::Number).reads(Read::Count),
            opt("side=pc|ally|enemy|neutral", ArgKind::Fields).reads(Read::Side),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        fields: &[],
        summary: "add a combatant, or N of them sharing one initiative",
        help: "Adds a combatant. A bestiary entry of the same name supplies its stats and side; \
               fields given here override them. `x4` adds four numbered members (Goblin 1..4) \
               that share one initiative but keep their own health and conditions. `hidden` keeps \
               it off the players' view. Each system lists its own fields; an unknown field is \
               an error naming the valid ones.",
        example: "add Goblin x3 side=enemy",
    },
};

pub static IMPORT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "import",
        aliases: &[],
        args: &[
            req("FILE", ArgKind::Path)
                .expects("a character FILE to read (or `-` with --text: a pasted stat block)"),
            opt("--text", ArgKind::Word("--text")),
            opt("side=pc|ally|enemy|neutral", ArgKind::Fields).reads(Read::Side),
            opt("as=NAME enc=N", ArgKind::Fields),
        ],
        fields: &[],
        summary: "bring in a character from a GCS file, a Savaged.us export or a stat block",
        help: "Reads FILE and adds what it holds: a GURPS Character Sheet file (.gcs), a \
               Savaged.us JSON export (its allied extras join beside the character), a bestiary \
               file of skirmish's own (RON), or with `--text` a stat block as printed (Savage \
               Worlds or WOIN); `import - --text` opens a box in the tracker to paste one into (in \
               `run`, `-` reads standard input). `as=NAME` renames the character, `side=` sets its side (pc unless \
               the file says), `enc=0`..`4` picks a GURPS encumbrance level instead of the one its \
               carried weight gives. The values read go into the journal, so the fight replays \
               without the file; a report says what was read, what skirmish has no field for, and \
               what looked odd. A file that cannot be read changes nothing.",
        example: "import aldric.gcs side=pc",
    },
};

pub static PARTY: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "party",
        aliases: &[],
        args: &[
            opt("add|join|keep|drop", ArgKind::Text).reads(Read::Lower),
            opt("NAME,…", ArgKind::Combatant).reads(Read::Names),
        ],
        fields: &[],
        summary: "the saved roster of player characters: list, add, join the fight, keep",
        help: "Alone, lists the party saved for the encounter's system. `party add NAME,…` saves \
               those combatants as they are now (without names, every pc); `party join` brings the \
               whole party into the fight, as an import does; `party keep` writes their current \
               health and conditions back to the roster; `party drop NAME,…` takes members off. \
               The roster is a file per system in the data folder.",
        example: "party join",
    },
};

pub static REMOVE: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "remove",
        aliases: &["rm"],
        args: &[req("NAME", ArgKind::Combatant).expects("a combatant NAME")],
        fields: &[],
        summary: "take a combatant out of the encounter",
        help: "Removes a combatant. Whose turn it is does not change, unless it was the one removed; \
               then the turn passes on.",
        example: "remove \"Goblin 2\"",
    },
};

pub static START: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "start",
        aliases: &[],
        args: &[],
        fields: &[],
        summary: "roll initiative for everyone without one and begin round 1",
        help: "Rolls (or deals) initiative for every combatant that has none, breaks ties by the \
               system's rules, sorts the order and starts round 1 with the first combatant able to act.",
        example: "start",
    },
};

pub static INIT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "init",
        aliases: &["initiative"],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("VALUE", ArgKind::Text)
                .expects("an initiative VALUE, written as the encounter's system writes it"),
        ],
        fields: &[],
        summary: "set initiative by hand, written as the encounter's system writes it",
        help: "Sets initiative from a roll, a speed or a card made at the table, written as the \
               encounter's system writes it (a refusal says which form it expects). A group member \
               sets the whole group.",
        example: "init Aria 17",
    },
};

pub static SWAP: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "swap",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("OTHER", ArgKind::Combatant).expects("the OTHER combatant's name"),
        ],
        fields: &[],
        summary: "swap the order of two combatants whose initiative is tied",
        help: "Exchanges the places of two combatants with equal initiative (same value and \
               tie-breakers), for tables that settle ties their own way.",
        example: "swap Aria Brom",
    },
};

pub static NEXT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "next",
        aliases: &["n"],
        args: &[opt("roll=FACES", ArgKind::Fields).reads(Read::TurnStart)],
        fields: &[],
        summary: "end the turn and pass to the next combatant able to act",
        help: "Ends the current turn. Down and held combatants are skipped. After the last turn a \
               new round begins (a system that deals initiative deals again). `roll=4,6` gives \
               the faces rolled at the table for whatever the next turn's start rolls (ongoing \
               damage, a recovery or survival roll), in that order; any die past them is rolled \
               by the tracker, and the log says which faces were typed. The encounter's system \
               may take words of its own for the turn that begins (its docs page lists them).",
        example: "next roll=4,6",
    },
};

pub static END: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "end",
        aliases: &[],
        args: &[],
        fields: &[],
        summary: "end the fight now, with a summary in the log",
        help: "Ends the fight whoever is still standing: the log gets the summary (rounds fought, \
               who fell). A fight also ends by itself when the PCs and their allies, or the \
               enemies, have no one standing; neutrals do not count. Play may go on afterwards; \
               `undo` takes the ending back.",
        example: "end",
    },
};

pub static HOLD: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "hold",
        aliases: &["delay"],
        args: &[opt("NAME", ArgKind::Combatant).expects("a combatant NAME")],
        fields: &[],
        summary: "hold (delay) a combatant's turn; `act` takes it later",
        help: "Puts a combatant on hold, by default the current one, whose turn then passes on. \
               A held combatant is skipped until `act`; the system decides whether the hold lasts \
               across rounds or lapses when the round ends.",
        example: "hold",
    },
};

pub static ACT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "act",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant).expects("a held combatant's NAME")],
        fields: &[],
        summary: "a held combatant acts now, interrupting",
        help: "Gives the turn to a held combatant now. When its turn ends, play returns to the \
               combatant it interrupted.",
        example: "act Aria",
    },
};

pub static DAMAGE: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "damage",
        aliases: &["dmg"],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("AMOUNT|DICE", ArgKind::Dice)
                .reads(Read::Amount("damage"))
                .expects("an AMOUNT or DICE such as 7 or 2d6+1"),
            opt("TYPE", ArgKind::Text).reads(Read::Kind),
            opt("raw", ArgKind::Word("raw")),
        ],
        fields: &[],
        summary: "deal damage through the system's damage model (`raw` skips it)",
        help: "Deals a fixed amount or rolls dice through the encounter's system's damage model \
               (what reduces it and what TYPE means there are the system's; its page under \
               docs/systems says how). `raw` takes the amount straight off health.",
        example: "damage goblin 2d6+2 slashing",
    },
};

pub static HEAL: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "heal",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("AMOUNT|DICE", ArgKind::Dice)
                .reads(Read::Amount("healing"))
                .expects("an AMOUNT or DICE such as 5 or 2d4+2"),
        ],
        fields: &[],
        summary: "restore health, up to the maximum",
        help: "Restores health in the system's own unit (hit points, or wounds where the system \
               counts wounds), never above the maximum. Dice (a potion's `2d4+2`) are rolled, \
               and logged as a roll before the healing.",
        example: "heal Aria 2d4+2",
    },
};

pub static COND: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "cond",
        aliases: &["condition"],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("CONDITION", ArgKind::Condition).expects("a CONDITION"),
            opt("severe", ArgKind::Word("severe")),
            opt(
                "rounds=N until=start|end of=NAME turns=N source=spell|environment|crit by=NAME …",
                ArgKind::Fields,
            ),
        ],
        fields: &[],
        summary: "give a combatant a condition",
        help: "Applies a condition from the system's catalogue (some systems make a second \
               application severe). `rounds=N` ends it after N rounds; `until=start` or \
               `until=end` ends it at the start or end of a turn: the bearer's, or `of=NAME`'s \
               (`until=end of=Mira`: the end of Mira's next turn), `turns=N` of them (1 unless \
               given; a turn under way when it is given does not count). `source=…` records where \
               it came from (the system says which sources make it persistent); `by=NAME` records \
               who caused it, for the rules that care.",
        example: "cond goblin dazed",
    },
};

pub static ALERT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "alert",
        aliases: &[],
        args: &[
            req("TEXT", ArgKind::Text).expects("the alert's TEXT (quoted), or `drop N`"),
            opt(
                "round=N every=K at=INIT|before=NAME|after=NAME players add=\"CREATURE xN …\"",
                ArgKind::Fields,
            ),
        ],
        fields: &[],
        summary: "schedule a line in the turn order that fires when play reaches it",
        help: "Sets an alert: TEXT is shown (a banner in the tracker, a line in the log) when play \
               reaches it: the start of round N, or in round N once the count passes `at=INIT` \
               (an initiative as the system writes it), just `before=NAME`'s turn, or once \
               `after=NAME`'s turn ends; a moment that does not come in round N fires at its \
               next coming. `every=K` fires it again K rounds later, and on. `players` shows it on \
               the players' screen too. `add=\"Goblin x3, Orc\"` brings those bestiary creatures \
               as it fires, inside the command that reached it (undo takes them back). \
               `alert drop N` takes alert N off the order; `alerts` lists them.",
        example: "alert \"Reinforcements at the gate\" round=3 add=\"Goblin x3\" players",
    },
};

pub static ALERTS: Entry = Entry {
    run: Run::Session(session::alerts),
    spec: CommandSpec {
        name: "alerts",
        aliases: &[],
        args: &[],
        fields: &[],
        summary: "list the alerts waiting in the turn order",
        help: "Lists each alert set with `alert` and not yet done with: its number (for \
               `alert drop N`), when it fires next, its text, what it brings and whether the \
               players see it.",
        example: "alerts",
    },
};

pub static UNCOND: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "uncond",
        aliases: &["clear"],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("CONDITION", ArgKind::Condition).expects("a CONDITION"),
        ],
        fields: &[],
        summary: "remove a condition",
        help: "Removes a condition entirely, whatever its level.",
        example: "uncond goblin dazed",
    },
};

pub static SHAKE: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "shake",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("CONDITION", ArgKind::Condition).expects("a CONDITION"),
        ],
        fields: &[],
        summary: "roll to shake off a condition",
        help: "Rolls the system's check to end a condition (a die, a trait or an attribute roll, \
               as the system says; its page under docs/systems gives the numbers).",
        example: "shake Aria dazed",
    },
};

pub static ATTACK: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "attack",
        aliases: &["atk"],
        args: &[
            req("ATTACKER", ArgKind::Combatant).expects("an ATTACKER"),
            req("TARGET[,TARGET…]", ArgKind::Combatant)
                .reads(Read::Names)
                .expects("a TARGET (or several: Ogre,\"Cave Troll\")"),
            opt("WEAPON", ArgKind::Weapon).reads(Read::Weapon),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        fields: &[],
        summary: "resolve an attack by the system's rules",
        help: "Resolves an attack with the weapon named (the attacker's first when none is; \
               `weapon=none` for an attack with no weapon, its numbers given as fields) and the \
               given modifiers, rolling every die the system calls for. Several targets are a \
               comma list with no spaces (`Gob,\"Cave Troll\"`); a group's id (`goblin`) as the \
               attacker means everyone in it still standing, attacking together. Systems whose \
               rules give an attack one attacker and one target say so. A flag is written alone \
               or as FLAG=on or FLAG=off; any other value, like any value a field cannot take, \
               is refused before a die is rolled.",
        example: "attack Aria goblin sword higher",
    },
};

pub static ROLL: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "roll",
        aliases: &["r"],
        args: &[
            req("EXPR", ArgKind::Dice).reads(Read::Dice),
            opt("for NAME", ArgKind::Combatant)
                .reads(Read::ForName)
                .expects("a combatant NAME after 'for'"),
        ],
        fields: &[],
        summary: "roll dice and log the result",
        help: "Rolls any dice expression (see docs/dice.md) and writes it to the dice log, \
               optionally in a combatant's name.",
        example: "roll 4d6kh3 for Aria",
    },
};

pub static NOTE: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "note",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("TEXT", ArgKind::Text).reads(Read::Text).expects("the note's TEXT after the name"),
        ],
        fields: &[],
        summary: "attach a note to a combatant",
        help: "Adds a line of free text to a combatant; the rest of the line is the note.",
        example: "note Aria owes the ferryman two coins",
    },
};

pub static HIDE: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "hide",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant).expects("a combatant or group NAME")],
        fields: &[],
        summary: "keep a combatant, or a whole group by its id, off the players' view",
        help: "Takes a combatant off what `skirmish watch` shows the players: it is not listed, not \
               counted, its turns leave the marker on the last one they can see, and what it does \
               reaches their log without its name. A group's id (`goblin`) hides every member. \
               `add … hidden` adds one already hidden; `reveal` shows it again.",
        example: "hide \"Cave Troll\"",
    },
};

pub static REVEAL: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "reveal",
        aliases: &["unhide"],
        args: &[req("NAME", ArgKind::Combatant).expects("a hidden combatant or group NAME")],
        fields: &[],
        summary: "show a hidden combatant, or a whole group by its id, to the players",
        help: "Puts a hidden combatant back on the players' view, from this moment on: what it did \
               while hidden stays anonymous in their log.",
        example: "reveal \"Cave Troll\"",
    },
};

pub static SHOW: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "show",
        aliases: &[],
        args: &[opt("off", ArgKind::Word("off")).reads(Read::OnOff)],
        fields: &[],
        summary: "put the fight on the players' view before it starts (`show off` takes it back)",
        help: "`skirmish watch` keeps a fight off the players' screens while the GM prepares it: \
               until `start` they read only \"waiting for the GM\". `show` puts it on their \
               screens now (to let them see the line-up before initiative); `show off` takes it \
               back off until `start`. Once the fight is under way they always see it (`hide` \
               keeps one combatant off their view).",
        example: "show",
    },
};

pub static WEAPON: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "weapon",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant or group NAME"),
            req("WEAPON", ArgKind::Weapon).expects("a WEAPON name"),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        fields: &[],
        summary: "give a combatant, or a whole group by its id, a weapon (pool, damage, type …)",
        help: "Adds a weapon to a combatant, or replaces the one with the same name. The fields are \
               the system's weapon fields (`help` lists them for the encounter's system). A group's \
               id (`thug` for Thug 1–3) arms every member alike. Bestiary creatures come armed.",
        example: "weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee",
    },
};

pub static EDIT: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "edit",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant or group NAME"),
            opt("side=pc|ally|enemy|neutral", ArgKind::Fields).reads(Read::Side),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields).reads(Read::Fields(Some(
                "FIELD=VALUE … after the name: side=…, drop=WEAPON or the system's fields",
            ))),
            opt("drop=WEAPON", ArgKind::Fields).reads(Read::Shown),
        ],
        fields: &[],
        summary: "change a combatant's stats, side or weapons (or a whole group's, by its id)",
        help: "Changes a combatant after it joined: any of the system's fields (checked as `add` \
               checks them), its side, and `drop=WEAPON` to take a weapon away (`weapon` gives or \
               replaces one). A group's id (`thug` for Thug 1–3) changes every member alike. Damage \
               already taken stays taken: a new health maximum moves the current health by the \
               same amount. `undo` takes the change back.",
        example: "edit Goblin agi=5 side=neutral",
    },
};

pub static DO: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "do",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant).expects("a combatant NAME"),
            req("ACTION", ArgKind::Action).reads(Read::Lower).expects("an ACTION"),
            opt("force", ArgKind::Word("force")).reads(Read::Fields(None)),
        ],
        fields: &[],
        summary: "spend actions on a costed action (move, aim, reload, cast …)",
        help: "Spends the action's cost from the current turn (the action menu lists them). Running \
               out is refused, naming the cost and what is left; `force` does it anyway. What an \
               action does to later rolls is the system's (the action menu says).",
        example: "do Aria aim",
    },
};

pub static SET: Entry = Entry {
    run: Run::Engine,
    spec: CommandSpec {
        name: "set",
        aliases: &["option"],
        args: &[
            req("OPTION", ArgKind::Text).reads(Read::Option).expects("an OPTION"),
            req("VALUE", ArgKind::Text).reads(Read::Lower).expects("a VALUE"),
        ],
        fields: &[],
        summary: "set one of the system's rule options (the Readings), or what the players see",
        help: "Changes how an unclear rule is played, for this encounter. The help lists the \
               encounter's system's options with their values. Every system also takes \
               player_health.pc, .ally, .enemy and .neutral, each exact, label or hidden: how \
               `skirmish watch` shows that side's health to the players (by default exact for PCs \
               and allies, a label such as badly hurt for enemies and neutrals); and \
               turn_timer, off (the default), show or warn:SECONDS: the current turn's time in \
               the tracker's header and on the players' screen, marked once it runs past \
               SECONDS.",
        example: "set damage_die_cost 1",
    },
};

pub static UNDO: Entry = Entry {
    run: Run::Session(session::undo),
    spec: CommandSpec {
        name: "undo",
        aliases: &["u"],
        args: &[],
        fields: &[],
        summary: "take back the last command, all of it",
        help: "Reverts the last command and every event it caused, back to the start of the encounter.",
        example: "undo",
    },
};

pub static REDO: Entry = Entry {
    run: Run::Session(session::redo),
    spec: CommandSpec {
        name: "redo",
        aliases: &[],
        args: &[],
        fields: &[],
        summary: "re-apply what undo took back, with the same dice",
        help: "Re-applies the last undone command exactly as it happened: nothing is re-rolled. \
               Where the history forks, redo goes on along the line last taken there (after \
               `branch N`, that branch), else along the newest.",
        example: "redo",
    },
};

pub static BRANCHES: Entry = Entry {
    run: Run::Session(session::branches),
    spec: CommandSpec {
        name: "branches",
        aliases: &[],
        args: &[],
        fields: &[],
        summary: "list the lines of play that start here (after an undo and a new command)",
        help: "A command typed after an undo starts a new branch; the old line is kept. `branches` \
               lists the branches that start at the current point: their number, first command and \
               length. Nothing is ever dropped, and the save keeps every branch.",
        example: "branches",
    },
};

pub static BRANCH: Entry = Entry {
    run: Run::Session(session::branch),
    spec: CommandSpec {
        name: "branch",
        aliases: &[],
        args: &[req("N", ArgKind::Number)
            .reads(Read::Branch)
            .expects("a branch NUMBER (`branches` lists them)")],
        fields: &[],
        summary: "move onto branch N and along it to its end",
        help: "Moves onto the N-th branch that starts here (as `branches` numbers them) and replays \
               it to its end, following at any later fork the line last taken there, else the newest. \
               Undo and redo then stay on it. Nothing is re-rolled.",
        example: "branch 1",
    },
};

pub static SAVE: Entry = Entry {
    run: Run::Session(session::save),
    spec: CommandSpec {
        name: "save",
        aliases: &["w"],
        args: &[
            opt("PATH", ArgKind::Path).expects("a file PATH"),
            opt("overwrite", ArgKind::Word("overwrite")),
        ],
        fields: &[],
        summary: "save the encounter (it is also autosaved after every command)",
        help: "Writes the encounter to PATH, or to its current file. Writes are atomic and the \
               previous file is kept as NAME.ron.bak. A PATH that already exists and is not this \
               fight's own file is refused, so another fight is never replaced by a slip of \
               the name; `overwrite` replaces it.",
        example: "save bridge.ron",
    },
};

pub static EXPORT: Entry = Entry {
    run: Run::Session(session::export),
    spec: CommandSpec {
        name: "export",
        aliases: &[],
        args: &[
            opt("PATH", ArgKind::Path).expects("a report's file PATH"),
            opt("players", ArgKind::Word("players")),
        ],
        fields: &[],
        summary: "write a report of the fight: participants, statistics, the log by round",
        help: "Writes a Markdown report (JSON when PATH ends in .json) beside the save file, or \
               to PATH (in a folder that exists: none is made): the participants with their health at the start and end, statistics \
               per combatant counted from the events, and the log by round and turn. With \
               `players`, the players' copy: what `skirmish watch` shows them (no hidden \
               combatants, no GM notes, health as `player_health.*` says). Only the tracker \
               writes reports; in a shell, `skirmish export FILE [--players]` does the same.",
        example: "export bridge.md",
    },
};

/// Whether the command reads a file the engine cannot (an import, the party's roster): the
/// tracker or `run` reads it first, so nothing of it is planned before.
pub fn reads_files(verb: &super::Invocation) -> bool {
    verb.is(&IMPORT.spec) || verb.is(&PARTY.spec)
}

/// The systems whose commands count: one, or every built-in system when none is chosen yet.
fn systems(system: Option<System>) -> impl Iterator<Item = System> {
    let all = system.is_none();
    System::ALL.into_iter().filter(move |s| all || Some(*s) == system).chain(
        system.filter(|s| !System::ALL.contains(s)), // a system defined outside this crate
    )
}

/// The commands available: the core ones, then the system's own (every system's when `None`).
pub fn commands(system: Option<System>) -> impl Iterator<Item = &'static CommandSpec> {
    COMMANDS
        .iter()
        .map(|e| &e.spec)
        .chain(systems(system).flat_map(|s| s.rules().spec().commands.iter().map(|v| &v.spec)))
}

fn named(spec: &CommandSpec, word: &str) -> bool {
    spec.name == word || spec.aliases.contains(&word)
}

/// A core command by name or alias, case-insensitively.
pub fn find_core(word: &str) -> Option<&'static Entry> {
    let word = word.to_ascii_lowercase();
    COMMANDS.iter().copied().find(|c| named(c, &word))
}

/// A command by name or alias among the core ones and the system's (any system's when `None`).
pub fn find(word: &str, system: Option<System>) -> Option<&'static CommandSpec> {
    let word = word.to_ascii_lowercase();
    commands(system).find(|c| named(c, &word))
}

/// What a command's name finds: a core entry, or one of a system's verbs.
#[derive(Clone, Copy)]
pub enum Found {
    Core(&'static Entry),
    System(&'static Verb),
}

/// The entry a command's first word names, among the core ones and the system's (any system's
/// when `None`).
pub fn lookup(word: &str, system: Option<System>) -> Option<Found> {
    if let Some(entry) = find_core(word) {
        return Some(Found::Core(entry));
    }
    let word = word.to_ascii_lowercase();
    systems(system)
        .flat_map(|s| s.rules().spec().commands.iter())
        .find(|v| named(&v.spec, &word))
        .map(Found::System)
}

/// A word `attack` reads as a field or flag of the system's (any system's when `None`).
pub fn is_attack_field(word: &str, system: Option<System>) -> bool {
    let word = word.to_ascii_lowercase();
    let declared = |f: &FieldArg| f.name == word;
    declared(&FORCE) || systems(system).any(|s| s.rules().spec().attack.fields.iter().any(declared))
}

/// The built-in system that declares a command, when another system is in play.
pub fn owner(word: &str) -> Option<System> {
    let word = word.to_ascii_lowercase();
    System::ALL
        .into_iter()
        .find(|s| s.rules().spec().commands.iter().any(|v| named(&v.spec, &word)))
}
