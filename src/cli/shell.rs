//! What a shell sees of skirmish: the values offered where clap cannot know them ahead (systems,
//! odds subjects, report formats), the `odds` help written from each system's odds, completion
//! scripts, and the manual page with the tracker's keys and commands read from their tables.

use std::ffi::OsStr;
use std::io::{self, Write};

use clap::builder::{PossibleValue, TypedValueParser};

use crate::app::keymap::{Action, KeyMap};
use crate::command::{COMMANDS, help};
use crate::rules::System;

/// A word argument whose values are offered to completion and listed in `--help`, while any
/// other word is passed on, to be refused by skirmish with its own message (what was found and
/// what was expected), as every other bad word is.
#[derive(Clone)]
pub struct Offered(Vec<PossibleValue>);

impl TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().cloned()))
    }
}

/// A system's key, with its other names accepted but not offered.
fn system_value(system: System) -> PossibleValue {
    PossibleValue::new(system.key())
        .help(system.rules().spec().name)
        .aliases(system.rules().spec().aliases)
}

/// The systems, after `new`.
pub fn systems() -> Offered {
    Offered(System::ALL.into_iter().map(system_value).collect())
}

/// The systems that have an odds report, after `odds`.
pub fn odds_systems() -> Offered {
    let with_odds = System::ALL.into_iter().filter(|s| s.rules().spec().odds.is_some());
    Offered(with_odds.map(system_value).collect())
}

/// The report formats, after `export --format`.
pub fn formats() -> Offered {
    use crate::export::Format;
    Offered(
        [(Format::Markdown, "Markdown"), (Format::Json, "JSON")]
            .into_iter()
            .map(|(format, help)| PossibleValue::new(format.extension()).help(help))
            .collect(),
    )
}

/// The completion script for `shell`. clap's bash script offers a positional argument's values
/// but no files for it, and its fish script knows no positional arguments at all: both are given
/// what they lack here, from the same declarations (values offered, `ValueHint::FilePath`).
pub fn completions(shell: clap_complete::Shell, mut cmd: clap::Command) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "skirmish", &mut out);
    let mut script = String::from_utf8_lossy(&out).into_owned();
    cmd.build();
    let subs: Vec<&clap::Command> = cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    match shell {
        clap_complete::Shell::Bash => {
            for sub in subs.iter().filter(|s| takes_files(s)) {
                script = bash_with_files(&script, sub.get_name());
            }
        }
        clap_complete::Shell::Fish => {
            for sub in &subs {
                script.push_str(&fish_positionals(sub));
            }
        }
        _ => {}
    }
    script
}

/// Whether a subcommand takes a file as a positional argument.
fn takes_files(sub: &clap::Command) -> bool {
    sub.get_positionals().any(|a| a.get_value_hint() == clap::ValueHint::FilePath)
}

/// clap's bash case for subcommand `name`, offering files besides its words.
fn bash_with_files(script: &str, name: &str) -> String {
    const WORDS: &str = r#"COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )"#;
    const WITH_FILES: &str =
        r#"COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") $(compgen -f -- "${cur}") )"#;
    let head = format!(
        "
        skirmish__subcmd__{name})
"
    );
    let Some(start) = script.find(&head) else { return script.to_string() };
    let body = start + head.len();
    let end = script[body..]
        .find(
            "
        skirmish__",
        )
        .or_else(|| {
            script[body..].find(
                "
    esac",
            )
        })
        .map_or(script.len(), |n| body + n);
    format!("{}{}{}", &script[..body], script[body..end].replace(WORDS, WITH_FILES), &script[end..])
}

/// Fish completion lines for a subcommand's positional arguments: the values offered (until one
/// is given), or files.
fn fish_positionals(sub: &clap::Command) -> String {
    let name = sub.get_name();
    let mut out = String::new();
    for arg in sub.get_positionals() {
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !values.is_empty() {
            let words = values.join(" ");
            out.push_str(&format!(
                "complete -c skirmish -n \"__fish_skirmish_using_subcommand {name}; and not \
                 __fish_seen_subcommand_from {words}\" -f -a \"{words}\"\n"
            ));
        } else if arg.get_value_hint() == clap::ValueHint::FilePath {
            out.push_str(&format!(
                "complete -c skirmish -n \"__fish_skirmish_using_subcommand {name}\" -F\n"
            ));
        }
    }
    out
}

/// `odds` in `skirmish --help`: one line per system that has odds.
pub fn odds_about() -> String {
    let mut out = String::from("Exact odds before any die is rolled:");
    for (usage, shows) in
        System::ALL.into_iter().filter_map(|s| s.rules().spec().odds.map(|o| (o.usage, o.about)))
    {
        out.push_str(&format!("\n`skirmish odds {usage}`: {shows}"));
    }
    out
}

/// `skirmish man`: clap's page without its list of sub-pages (none is installed), then the
/// subcommands, the tracker's keys and its commands, each from the table that defines it.
pub fn man_page(cmd: clap::Command, out: &mut dyn Write) -> io::Result<()> {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let mut roff = String::from(".SH COMMANDS\n");
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let usage = sub.clone().render_usage().to_string();
        let usage = usage.trim_start_matches("Usage:").trim();
        item(&mut roff, &bold(usage), &sub.get_about().map(|a| a.to_string()).unwrap_or_default());
    }
    roff.push_str(&paragraph(
        "KEYS",
        "In the tracker (keys.ron in the config folder changes them):",
    ));
    let keys = KeyMap::defaults();
    for action in Action::ALL {
        item(&mut roff, &bold(&keys.keys_of(action)), action.help());
    }
    roff.push_str(&paragraph(
        "TRACKER COMMANDS",
        "Typed after `:` in the tracker and one per line in `skirmish run` scripts; each system \
         adds its own (docs/commands.md lists them all):",
    ));
    for spec in COMMANDS {
        item(&mut roff, &bold(&spec.usage()), &help::summary(spec));
    }
    out.write_all(roff.as_bytes())?;
    man.render_version_section(out)
}

/// Text as roff reads it literally: backslashes escaped, a leading `.` or `'` kept as text.
fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) { format!("\\&{text}") } else { text }
}

fn bold(text: &str) -> String {
    format!("\\fB{}\\fR", roff_text(text))
}

/// A tagged paragraph: `tag` (already roff), then `text`, each line its own.
fn item(roff: &mut String, tag: &str, text: &str) {
    roff.push_str(".TP\n");
    roff.push_str(tag);
    roff.push('\n');
    for (n, line) in text.lines().enumerate() {
        if n > 0 {
            roff.push_str(".br\n");
        }
        roff.push_str(&roff_text(line));
        roff.push('\n');
    }
}

/// A section heading and its opening sentence.
fn paragraph(heading: &str, text: &str) -> String {
    format!(".SH {heading}\n{}\n", roff_text(text))
}
