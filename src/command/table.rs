//! The command table: every command's name, aliases, arguments and help, declared once. Help text,
//! docs/commands.md and completion are all produced from it.

/// What an argument holds; drives completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    System,
    Combatant,
    Condition,
    Weapon,
    Number,
    Dice,
    Text,
    /// `FIELD=VALUE` and flags.
    Fields,
    /// A fixed word such as `severe` or `raw`.
    Word(&'static str),
    Path,
}

/// One argument in a command's signature.
#[derive(Debug, Clone, Copy)]
pub struct Arg {
    pub name: &'static str,
    pub kind: ArgKind,
    pub optional: bool,
}

const fn req(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: false }
}

const fn opt(name: &'static str, kind: ArgKind) -> Arg {
    Arg { name, kind, optional: true }
}

/// A command as documented.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub args: &'static [Arg],
    /// One line for menus and the help screen.
    pub summary: &'static str,
    /// A paragraph for `docs/commands.md`.
    pub help: &'static str,
    pub example: &'static str,
    /// A system's own verb, parsed generically into [`crate::command::Command::Special`].
    pub special: bool,
}

impl CommandSpec {
    /// `damage NAME AMOUNT|DICE [TYPE] [raw]`, built from the arguments.
    pub fn usage(&self) -> String {
        let mut out = self.name.to_string();
        for arg in self.args {
            out.push(' ');
            if arg.optional {
                out.push_str(&format!("[{}]", arg.name));
            } else {
                out.push_str(arg.name);
            }
        }
        out
    }
}

/// Every command, in the order the help lists them.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "new",
        aliases: &[],
        args: &[req("SYSTEM", ArgKind::System), opt("NAME", ArgKind::Text)],
        summary: "start a new encounter under woin, gempunks, savage or gurps",
        help: "Begins an empty encounter. SYSTEM is one of woin, gempunks, savage, gurps. \
               The name is free text; quote it if it has spaces.",
        special: false,
        example: "new woin \"Bridge of Sighs\"",
    },
    CommandSpec {
        name: "add",
        aliases: &["a"],
        args: &[
            req("NAME", ArgKind::Text),
            opt("xN", ArgKind::Number),
            opt("side=pc|ally|enemy|neutral", ArgKind::Fields),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        summary: "add a combatant, or N of them sharing one initiative",
        help: "Adds a combatant. A bestiary entry of the same name supplies its stats and side; \
               fields given here override them. `x4` adds four numbered members (Goblin 1..4) \
               that share one initiative but keep their own health and conditions. `hidden` keeps \
               it off the players' view. Each system lists its own fields; an unknown field is \
               an error naming the valid ones.",
        special: false,
        example: "add Goblin x3 side=enemy",
    },
    CommandSpec {
        name: "remove",
        aliases: &["rm"],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "take a combatant out of the encounter",
        help: "Removes a combatant. Whose turn it is does not change, unless it was the one removed; \
               then the turn passes on.",
        special: false,
        example: "remove \"Goblin 2\"",
    },
    CommandSpec {
        name: "start",
        aliases: &[],
        args: &[],
        summary: "roll initiative for everyone without one and begin round 1",
        help: "Rolls (or deals) initiative for every combatant that has none, breaks ties by the \
               system's rules, sorts the order and starts round 1 with the first combatant able to act.",
        special: false,
        example: "start",
    },
    CommandSpec {
        name: "init",
        aliases: &["initiative"],
        args: &[req("NAME", ArgKind::Combatant), req("VALUE", ArgKind::Text)],
        summary: "set initiative by hand (a number, a Basic Speed, or a card: QS, 10H, joker)",
        help: "Sets initiative from a physical roll or card: a total in WOIN and Gempunks, a Basic \
               Speed such as 5.75 in GURPS, a card such as QS, 10H or joker in Savage Worlds. A group \
               member sets the whole group.",
        special: false,
        example: "init Aria 17",
    },
    CommandSpec {
        name: "swap",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), req("OTHER", ArgKind::Combatant)],
        summary: "swap the order of two combatants whose initiative is tied",
        help: "Exchanges the places of two combatants with equal initiative (same value and \
               tie-breakers), for tables that settle ties their own way.",
        special: false,
        example: "swap Aria Brom",
    },
    CommandSpec {
        name: "next",
        aliases: &["n"],
        args: &[],
        summary: "end the turn and pass to the next combatant able to act",
        help: "Ends the current turn. Down and held combatants are skipped. After the last turn a \
               new round begins (Savage Worlds deals new cards).",
        special: false,
        example: "next",
    },
    CommandSpec {
        name: "hold",
        aliases: &["delay"],
        args: &[opt("NAME", ArgKind::Combatant)],
        summary: "hold (delay) a combatant's turn; `act` takes it later",
        help: "Puts a combatant on hold, by default the current one, whose turn then passes on. \
               A held combatant is skipped until `act`. In Savage Worlds the hold lasts across \
               rounds; elsewhere it lapses when the round ends.",
        special: false,
        example: "hold",
    },
    CommandSpec {
        name: "act",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "a held combatant acts now, interrupting",
        help: "Gives the turn to a held combatant now. When its turn ends, play returns to the \
               combatant it interrupted.",
        special: false,
        example: "act Aria",
    },
    CommandSpec {
        name: "damage",
        aliases: &["dmg"],
        args: &[
            req("NAME", ArgKind::Combatant),
            req("AMOUNT|DICE", ArgKind::Dice),
            opt("TYPE", ArgKind::Text),
            opt("raw", ArgKind::Word("raw")),
        ],
        summary: "deal damage through the system's damage model (`raw` skips it)",
        help: "Deals a fixed amount or rolls dice. The system's damage model applies: WOIN SOAK \
               (sixes still hurt), Gempunks armor and Toughness into wounds, Savage Worlds \
               Toughness into Shaken and wounds, GURPS DR and the wound modifier of TYPE. `raw` \
               takes the amount straight off health.",
        special: false,
        example: "damage goblin 2d6+2 slashing",
    },
    CommandSpec {
        name: "heal",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), req("AMOUNT", ArgKind::Number)],
        summary: "restore health, up to the maximum",
        help: "Restores health in the system's unit (Savage Worlds: wounds), never above the maximum.",
        special: false,
        example: "heal Aria 5",
    },
    CommandSpec {
        name: "cond",
        aliases: &["condition"],
        args: &[
            req("NAME", ArgKind::Combatant),
            req("CONDITION", ArgKind::Condition),
            opt("severe", ArgKind::Word("severe")),
            opt("rounds=N source=spell|environment|crit …", ArgKind::Fields),
        ],
        summary: "give a combatant a condition",
        help: "Applies a condition from the system's catalogue. In WOIN a second application makes \
               it severe. `rounds=N` ends it after N rounds; `source=spell` or `environment` makes it \
               persistent (it cannot be shaken off).",
        special: false,
        example: "cond goblin dazed",
    },
    CommandSpec {
        name: "uncond",
        aliases: &["clear"],
        args: &[req("NAME", ArgKind::Combatant), req("CONDITION", ArgKind::Condition)],
        summary: "remove a condition",
        help: "Removes a condition entirely, whatever its level.",
        special: false,
        example: "uncond goblin dazed",
    },
    CommandSpec {
        name: "shake",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), req("CONDITION", ArgKind::Condition)],
        summary: "roll to shake off a condition",
        help: "Rolls the system's check to end a condition: WOIN 1d6 (5–6, a 6 when severe, humans \
               +1), Savage Worlds Spirit against Shaken, GURPS HT against Stunned.",
        special: false,
        example: "shake Aria dazed",
    },
    CommandSpec {
        name: "attack",
        aliases: &["atk"],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("WEAPON", ArgKind::Weapon),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        summary: "resolve an attack by the system's rules",
        help: "Resolves an attack with the attacker's weapon and the given modifiers, rolling \
               every die the system calls for.",
        special: false,
        example: "attack Aria goblin sword higher",
    },
    CommandSpec {
        name: "roll",
        aliases: &["r"],
        args: &[req("EXPR", ArgKind::Dice), opt("for NAME", ArgKind::Combatant)],
        summary: "roll dice and log the result",
        help: "Rolls any dice expression (see docs/dice.md) and writes it to the dice log, \
               optionally in a combatant's name.",
        special: false,
        example: "roll 4d6kh3 for Aria",
    },
    CommandSpec {
        name: "note",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), req("TEXT", ArgKind::Text)],
        summary: "attach a note to a combatant",
        help: "Adds a line of free text to a combatant; the rest of the line is the note.",
        special: false,
        example: "note Aria owes the ferryman two coins",
    },
    CommandSpec {
        name: "weapon",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant),
            req("WEAPON", ArgKind::Weapon),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        summary: "give a combatant a weapon (pool, damage, type, traits …)",
        help: "Adds a weapon to a combatant, or replaces the one with the same name. The fields are \
               the system's weapon fields (WOIN: pool=5d6 dmg=2d6+2 type=slashing melee or ranged, \
               range=N, traits=auto,single,combust). Bestiary creatures come armed.",
        special: false,
        example: "weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing melee",
    },
    CommandSpec {
        name: "do",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant),
            req("ACTION", ArgKind::Text),
            opt("force", ArgKind::Word("force")),
        ],
        summary: "spend actions on a costed action (move, aim, reload, cast …)",
        help: "Spends the action's cost from the current turn (the action menu lists them). Running \
               out is refused, naming the cost and what is left; `force` does it anyway. In WOIN, aim \
               and feint give the attack right after +1d6.",
        special: false,
        example: "do Aria aim",
    },
    CommandSpec {
        name: "luck",
        aliases: &["luc"],
        args: &[req("NAME", ArgKind::Combatant), req("CONDITION", ArgKind::Condition)],
        summary: "spend a LUC die as a reaction to cancel a condition just applied",
        help: "Cancels a condition the combatant just gained, spending one LUC die and its reaction. \
               Refused when Cursed or when the reaction is already used.",
        special: false,
        example: "luck Aria bleeding",
    },
    CommandSpec {
        name: "set",
        aliases: &["option"],
        args: &[req("OPTION", ArgKind::Text), req("VALUE", ArgKind::Text)],
        summary: "set one of the system's rule options (the Readings)",
        help: "Changes how an unclear rule is played, for this encounter (WOIN: severe_needs_six \
               on|off, damage_die_cost 2|1, simple_crits on|off, deadlier_crits on|off, shake_off \
               d6|attribute). The help lists each system's options.",
        special: false,
        example: "set damage_die_cost 1",
    },
    CommandSpec {
        name: "ambush",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("FIELD=VALUE|FLAG …", ArgKind::Fields),
        ],
        summary: "before start: declare an ambush, resolved by opposed checks",
        help: "Declares that ATTACKER tries to ambush TARGET before round 1. At `start` each \
               declaration is an opposed check (attacker and target roll pool= and vs=, 2d6 each unless \
               given, e.g. the attacker's AGI stealth and the target's perception); winners get one \
               action each before round 1, all at once. Two combatants ambushing each other both \
               lose it.",
        special: false,
        example: "ambush Aria goblin",
    },
    CommandSpec {
        name: "interrupt",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), opt("roll=FACES vs=FACES", ArgKind::Fields)],
        summary: "Savage Worlds: a held character tries to act before the one whose turn it is",
        help: "Both want to go first: opposed Agility between the held character and the one whose \
               turn it is. If the held one wins it acts now (as `act`); otherwise it stays on hold \
               (SW-INIT-4).",
        example: "interrupt Jessa",
        special: true,
    },
    CommandSpec {
        name: "blast",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("dmg=… cover=… ap=N dmgroll=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: area damage to one combatant under the template",
        help: "Rolls the area attack's damage (dmg=, acing) for one combatant under the template; \
               cover counts as armor (light +1, medium +2, heavy +4 Toughness). Run it for each \
               combatant the template covers (SW-ATK-5).",
        example: "blast Cole \"Bandit 2\" dmg=3d6 cover=light",
        special: true,
    },
    CommandSpec {
        name: "suppressed",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant), opt("roll=FACES", ArgKind::Fields)],
        summary: "Savage Worlds: a Spirit roll for someone under suppressive fire",
        help: "After a successful suppressive-fire roll (an autofire roll with range penalties), each \
               combatant under the Medium Burst Template rolls Spirit: a failure Shakes it, and a 1 on \
               the Spirit die means it is hit, for you to `damage` (SW-ATK-4).",
        example: "suppressed \"Bandit 3\"",
        special: true,
    },
    CommandSpec {
        name: "deviate",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "Savage Worlds: where a missed thrown area weapon lands",
        help: "A missed throw deviates 1d6 inches in a direction rolled on a d12 clock face (SW-ATK-5).",
        example: "deviate Cole",
        special: true,
    },
    CommandSpec {
        name: "soak",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "Savage Worlds: spend a benny to soak the wounds just taken",
        help: "After its latest hit this round, a Wild Card spends a benny and rolls Vigor; each success \
               and raise cancels one wound of that hit, and cancelling them all also ends its Shaken \
               (SW-DMG-4). A failed soak may be tried again with another benny.",
        example: "soak Jessa",
        special: true,
    },
    CommandSpec {
        name: "benny",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "Savage Worlds: spend a benny to recover from Shaken",
        help: "Spends one of the combatant's own bennies (its `bennies` field) and removes Shaken at \
               once (SW-SHAKEN-1).",
        example: "benny Cole",
        special: true,
    },
    CommandSpec {
        name: "defend",
        aliases: &[],
        args: &[req("NAME", ArgKind::Combatant)],
        summary: "Savage Worlds: Defend for +2 Parry until its next turn (its whole action)",
        help: "The combatant spends its turn defending: +2 Parry until its next turn (SW-ATK-2).",
        example: "defend Cole",
        special: true,
    },
    CommandSpec {
        name: "trick",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("agility|smarts", ArgKind::Text),
            opt("roll=FACES vs=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: a trick, opposed Agility or Smarts",
        help: "Opposed roll of the attacker's Agility (or Smarts) against the target's, costing an \
               action. On a success the target is −2 Parry until its next turn begins; with a raise it \
               is also Shaken (SW-ATK-6).",
        example: "trick Jessa \"Bandit 1\" smarts",
        special: true,
    },
    CommandSpec {
        name: "intimidate",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("roll=FACES vs=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: Test of Wills, Intimidation against Spirit",
        help: "Intimidation against the target's Spirit, costing an action. On a success the target is \
               Outwilled: the winner's next attack on it gets +2; with a raise it is also Shaken \
               (SW-ATK-6).",
        example: "intimidate Cole \"Bandit 2\"",
        special: true,
    },
    CommandSpec {
        name: "taunt",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("roll=FACES vs=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: Test of Wills, Taunt against Smarts",
        help: "Taunt against the target's Smarts, with the same results as intimidate (SW-ATK-6).",
        example: "taunt Jessa \"Bandit Captain\"",
        special: true,
    },
    CommandSpec {
        name: "grapple",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("roll=FACES vs=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: grapple, opposed Fighting",
        help: "Opposed Fighting, costing an action: a success grapples the target (both are Grappled), \
               a raise also Shakes it (SW-ATK-6).",
        example: "grapple Cole \"Bandit 3\"",
        special: true,
    },
    CommandSpec {
        name: "disarm",
        aliases: &[],
        args: &[
            req("ATTACKER", ArgKind::Combatant),
            req("TARGET", ArgKind::Combatant),
            opt("dmg=… roll=FACES vs=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: disarm at −2; the defender rolls Strength against the damage",
        help: "An attack at −2 against Parry; on a hit the defender rolls Strength against the damage \
               rolled, and drops its weapon if it fails (SW-ATK-6).",
        example: "disarm Jessa \"Bandit 1\"",
        special: true,
    },
    CommandSpec {
        name: "fear",
        aliases: &[],
        args: &[
            req("NAME", ArgKind::Combatant),
            opt("grotesque|terror", ArgKind::Text),
            opt("penalty=N roll=FACES", ArgKind::Fields),
        ],
        summary: "Savage Worlds: a Guts check against fear, and the Fear table",
        help: "A Guts roll (minus the creature's penalty). Failure Shakes. When the Guts die shows 1 \
               the sight's effect follows: grotesque (or horrific) Shakes and calls for Vigor; terror \
               sends Extras into panic and Wild Cards to the Fear table, d20 plus the penalty \
               (SW-FEAR-1).",
        example: "fear Cole terror penalty=2",
        special: true,
    },
    CommandSpec {
        name: "reaction",
        aliases: &[],
        args: &[opt("NAME", ArgKind::Combatant), opt("roll=FACES", ArgKind::Fields)],
        summary: "Savage Worlds: roll an NPC's reaction (2d6 table)",
        help: "Rolls 2d6 on the reaction table: hostile, uncooperative, neutral, friendly or helpful \
               (SW-REACT-1).",
        example: "reaction \"Bandit Captain\"",
        special: true,
    },
    CommandSpec {
        name: "undo",
        aliases: &["u"],
        args: &[],
        summary: "take back the last command, all of it",
        help: "Reverts the last command and every event it caused, back to the start of the encounter.",
        special: false,
        example: "undo",
    },
    CommandSpec {
        name: "redo",
        aliases: &[],
        args: &[],
        summary: "re-apply what undo took back, with the same dice",
        help: "Re-applies the last undone command exactly as it happened: nothing is re-rolled.",
        special: false,
        example: "redo",
    },
    CommandSpec {
        name: "save",
        aliases: &["w"],
        args: &[opt("PATH", ArgKind::Path)],
        summary: "save the encounter (it is also autosaved after every command)",
        help: "Writes the encounter to PATH, or to its current file. Writes are atomic and the \
               previous file is kept as NAME.ron.bak.",
        special: false,
        example: "save bridge.ron",
    },
];

/// The spec for a command name or alias, case-insensitively.
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    let word = word.to_ascii_lowercase();
    COMMANDS.iter().find(|c| c.name == word || c.aliases.contains(&word.as_str()))
}

/// What completion can offer besides command names.
#[derive(Debug, Clone, Default)]
pub struct CompletionContext {
    pub combatants: Vec<String>,
    pub conditions: Vec<String>,
    pub weapons: Vec<String>,
}

/// Split a line being typed into finished words and the word under the cursor, honouring
/// double quotes the way the tokenizer does.
fn words_so_far(line: &str) -> (Vec<String>, String) {
    let (mut done, mut word) = (Vec::new(), String::new());
    let (mut in_word, mut in_quote, mut escaped) = (false, false, false);
    for c in line.chars() {
        if escaped {
            word.push(c);
            escaped = false;
        } else if in_quote && c == '\\' {
            escaped = true;
        } else if c == '"' {
            in_quote = !in_quote;
            in_word = true;
        } else if c.is_whitespace() && !in_quote {
            if in_word {
                done.push(std::mem::take(&mut word));
                in_word = false;
            }
        } else {
            word.push(c);
            in_word = true;
        }
    }
    (done, word)
}

/// Completions for the word under the cursor at the end of `line`: whole replacement words,
/// quoted as the command language needs, sorted.
pub fn complete(line: &str, ctx: &CompletionContext) -> Vec<String> {
    let (done, partial) = words_so_far(line);
    let prefix = partial.to_lowercase();
    let matching = |items: &mut dyn Iterator<Item = &str>| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for item in items.filter(|i| i.to_lowercase().starts_with(&prefix)) {
            let word = super::display::quote(item);
            if !out.contains(&word) {
                out.push(word);
            }
        }
        out.sort_by_key(|w| w.trim_matches('"').to_lowercase());
        out
    };
    let Some(first) = done.first() else {
        return matching(&mut COMMANDS.iter().map(|c| c.name));
    };
    let Some(spec) = find(first) else {
        return Vec::new();
    };
    if spec.name == "roll" {
        let is_for = |w: &String| w.eq_ignore_ascii_case("for");
        let for_at = done.iter().position(is_for);
        return match for_at {
            // `roll for …` has no expression yet; after the name nothing more is taken.
            Some(1) => Vec::new(),
            Some(at) if at + 1 == done.len() => {
                matching(&mut ctx.combatants.iter().map(String::as_str))
            }
            Some(_) => Vec::new(),
            None if done.len() >= 2 => matching(&mut std::iter::once("for")),
            None => Vec::new(),
        };
    }
    let index = done.len() - 1;
    let kind = spec
        .args
        .get(index)
        .map(|a| a.kind)
        .or_else(|| spec.args.last().filter(|a| a.kind == ArgKind::Fields).map(|a| a.kind));
    match kind {
        Some(ArgKind::System) => matching(&mut crate::rules::System::ALL.iter().map(|s| s.key())),
        Some(ArgKind::Combatant) => matching(&mut ctx.combatants.iter().map(String::as_str)),
        Some(ArgKind::Condition) => matching(&mut ctx.conditions.iter().map(String::as_str)),
        Some(ArgKind::Weapon) => matching(&mut ctx.weapons.iter().map(String::as_str)),
        Some(ArgKind::Word(word)) => matching(&mut std::iter::once(word)),
        _ => Vec::new(),
    }
}

/// The text of docs/commands.md, generated from [`COMMANDS`] and each system's field table.
pub fn markdown() -> String {
    use crate::rules::System;
    let mut out = String::from(
        "# Commands\n\n\
         <!-- Generated from src/command/table.rs by `SKIRMISH_BLESS=1 cargo test docs`; do not edit by hand. -->\n\n\
         One language everywhere: the TUI command line (`:`), scripts for `skirmish run` (one command \
         per line, `#` starts a comment) and the key bindings all produce these commands. Names with \
         spaces are quoted (`\"Goblin 2\"`). A combatant can be named by its id (`goblin-2`), its \
         name in any case, or any unique beginning of either (`gob` when only one goblin is left).\n\n\
         | command | aliases | what it does |\n|---|---|---|\n",
    );
    for c in COMMANDS {
        let aliases = c.aliases.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
        out.push_str(&format!("| `{}` | {aliases} | {} |\n", cell(&c.usage()), cell(c.summary)));
    }
    for c in COMMANDS {
        out.push_str(&format!(
            "\n## {}\n\n`{}`\n\n{}\n\nExample: `{}`\n",
            c.name,
            c.usage(),
            c.help,
            c.example
        ));
    }
    out.push_str(
        "\n## Fields for `add`, by system\n\n\
         Every system also takes `side=pc|ally|enemy|neutral` and the flag `hidden`. \
         A flag is written alone (`quick`) or as `flag=on|off`.\n",
    );
    for system in System::ALL {
        out.push_str(&format!(
            "\n### {system} (`new {}`)\n\n| field | takes | meaning |\n|---|---|---|\n",
            system.key()
        ));
        for field in system.rules().fields() {
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                field.name,
                field.kind.expected(),
                field.help
            ));
        }
    }
    out
}

/// A markdown table cell: pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}
