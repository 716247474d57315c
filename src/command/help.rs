//! Help from the command table: `help` and `help NAME` as typed, each command's summary and
//! paragraph with the systems written from the registry, and docs/commands.md.

use std::borrow::Cow;

use super::table::{ATTACK, COMMANDS, CommandSpec, FieldArg, commands, find, owner};
use crate::rules::System;
use crate::rules::signature::FORCE;

/// `help` or `help NAME` as a line typed: `Some(None)` for every command, `Some(Some(NAME))` for
/// one; `None` when the line asks something else. `help` is answered, never recorded.
pub fn help_topic(line: &str) -> Option<Option<&str>> {
    let mut words = line.split_whitespace();
    words.next().filter(|w| w.eq_ignore_ascii_case("help"))?;
    Some(words.next().filter(|w| !w.starts_with('#')))
}

/// `help NAME`: the command's usage and summary, and for `attack` every field the system's
/// attack takes (its own table, then the engine's); why not, when no such command is here.
pub fn help_for(word: &str, system: Option<System>) -> Result<String, String> {
    let Some(spec) = find(word, system) else {
        return Err(match (owner(word), system) {
            (Some(owner), Some(system)) => {
                format!("`{word}` is a {owner} command; this encounter runs {system}")
            }
            _ => format!("no command '{word}'; `help` lists them all"),
        });
    };
    let mut text = format!("{} · {}", spec.usage(), summary(spec));
    if std::ptr::eq(spec, &ATTACK.spec)
        && let Some(system) = system
    {
        let fields: Vec<String> = system
            .rules()
            .spec()
            .attack
            .fields
            .iter()
            .chain([&FORCE])
            .map(FieldArg::usage)
            .collect();
        text.push_str(&format!(" · {system} fields: {} weapon=none", fields.join(" ")));
    }
    Ok(text)
}

/// `help` in a script: every command here, its usage and summary, one to a line.
pub fn help_all(system: Option<System>) -> String {
    commands(system).map(|c| format!("{} · {}\n", c.usage(), summary(c))).collect()
}

/// A command's one line, as people read it: `{systems}` in the table is the built-in systems'
/// keys as a list (`woin, gempunks, savage or gurps`), `{systems,}` the same keys between commas.
pub fn summary(spec: &CommandSpec) -> Cow<'static, str> {
    with_systems(spec.summary)
}

/// A command's paragraph for docs/commands.md, the systems named as in [`summary`].
pub fn help(spec: &CommandSpec) -> Cow<'static, str> {
    with_systems(spec.help)
}

/// The text with the systems written from the registry's list, so no table repeats it.
fn with_systems(text: &'static str) -> Cow<'static, str> {
    if !text.contains("{systems") {
        return Cow::Borrowed(text);
    }
    let keys: Vec<&str> = System::ALL.into_iter().map(System::key).collect();
    Cow::Owned(
        text.replace("{systems,}", &keys.join(", "))
            .replace("{systems}", &System::listed(System::key)),
    )
}

/// The text of docs/commands.md, generated from [`COMMANDS`] and each system's field table.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Commands\n\n\
         <!-- Generated from src/command/table.rs by `SKIRMISH_BLESS=1 cargo test docs`; do not edit by hand. -->\n\n\
         One language everywhere: the TUI command line (`:`), scripts for `skirmish run` (one command \
         per line, `#` starts a comment) and the key bindings all produce these commands. Names with \
         spaces are quoted (`\"Goblin 2\"`). A combatant can be named by its id (`goblin-2`), its \
         name in any case, or any unique beginning of either (`gob` when only one goblin is left); \
         in quotes, the beginnings of its words in turn (`\"gob 2\"` for Goblin 2). Bare words are \
         always separate arguments: `damage gob 2 slashing` is 2 damage to the one goblin. `init` \
         and `swap` also take a group by its name (`init Bandit 9H`).\n\n\
         | command | aliases | what it does |\n|---|---|---|\n",
    );
    summary_table(&mut out, COMMANDS.iter().map(|e| &e.spec));
    for c in COMMANDS {
        describe(&mut out, c, "##");
    }
    for system in System::ALL {
        let own = system.rules().spec().commands;
        if own.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "\n## {system} commands\n\nOnly in a {system} encounter (`new {}`), besides the ones above.\n\n",
            system.key()
        ));
        let own: Vec<&CommandSpec> = own.iter().map(|v| &v.spec).collect();
        summary_table(&mut out, own.iter().copied());
        for c in own {
            describe(&mut out, c, "###");
        }
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
        for field in system.rules().spec().fields {
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

fn summary_table<'a>(out: &mut String, specs: impl Iterator<Item = &'a CommandSpec>) {
    if !out.ends_with("|---|---|---|\n") {
        out.push_str("| command | aliases | what it does |\n|---|---|---|\n");
    }
    for c in specs {
        let aliases = c.aliases.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
        out.push_str(&format!("| `{}` | {aliases} | {} |\n", cell(&c.usage()), cell(&summary(c))));
    }
}

fn describe(out: &mut String, c: &CommandSpec, heading: &str) {
    out.push_str(&format!(
        "\n{heading} {}\n\n`{}`\n\n{}\n\nExample: `{}`\n",
        c.name,
        c.usage(),
        help(c),
        c.example
    ));
}

/// A markdown table cell: pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}
