//! Canonical text for a [`Command`](super::Command) and its parts (an [`Invocation`], a field, an
//! amount): what the history and save files show, and what parses back to the same command.

use std::fmt;

use super::invocation::{Args, Invocation, Value};
use super::{Amount, Field};
use crate::rules::signature::{Arg, CommandSpec, Read};

/// Quote a word when the tokenizer would otherwise split or reinterpret it (used for completion too).
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && !word.starts_with('#')
        && !word.chars().any(|c| c.is_whitespace() || matches!(c, '"' | '\\' | '='));
    if plain {
        return word.to_string();
    }
    let mut out = String::from("\"");
    for c in word.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// A word always in quotes, so the parser never takes it for a flag (a weapon's name).
pub fn force_quote(word: &str) -> String {
    format!("\"{}\"", word.replace('\\', "\\\\").replace('"', "\\\""))
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(value) => write!(f, "{}={}", self.key, quote(value)),
            None => write!(f, "{}", self.key),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Fixed(n) => write!(f, "{n}"),
            Amount::Dice(expr) => write!(f, "{}", quote(expr)),
        }
    }
}

impl fmt::Display for Invocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, self.spec, &self.args)
    }
}

fn fields(f: &mut fmt::Formatter<'_>, fields: &[Field]) -> fmt::Result {
    fields.iter().try_for_each(|field| write!(f, " {field}"))
}

/// A command's canonical text from its signature and the values read: the one writer for every
/// command, so what the journal keeps always reads back as the same command.
pub fn write(f: &mut fmt::Formatter<'_>, spec: &CommandSpec, args: &Args) -> fmt::Result {
    f.write_str(spec.name)?;
    for (at, value) in args.0.iter().enumerate() {
        let Some(arg) = spec.args.get(at) else {
            // A system verb's fields, after its declared arguments.
            if let Value::Fields(list) = value {
                fields(f, list)?;
            }
            continue;
        };
        match value {
            Value::Absent | Value::Flag(false) => {}
            Value::Word(word) => match arg.read {
                // Always quoted so it can never be read back as a flag.
                Read::Weapon => write!(f, " {}", force_quote(word))?,
                Read::ForName => write!(f, " for {}", quote(word))?,
                // Quoted, or it would read back as the flag after it (`raw`, `overwrite`).
                _ if arg.optional && spells_a_flag(&spec.args[at + 1..], word) => {
                    write!(f, " {}", force_quote(word))?
                }
                _ => write!(f, " {}", quote(word))?,
            },
            Value::Flag(true) => match arg.read {
                Read::Flag(word) => write!(f, " {word}")?,
                _ => f.write_str(" off")?,
            },
            Value::Count(n) => write!(f, " x{n}")?,
            Value::Side(side) => write!(f, " side={side}")?,
            Value::Fields(list) => fields(f, list)?,
            Value::Amount(amount) => write!(f, " {amount}")?,
            Value::Names(names) => {
                // Names with a comma are quoted, so the list splits only between names.
                let quoted: Vec<String> = names
                    .iter()
                    .map(|t| if t.contains(',') { force_quote(t) } else { quote(t) })
                    .collect();
                write!(f, " {}", quoted.join(","))?;
            }
            Value::Number(n) => write!(f, " {n}")?,
            Value::System(system) => write!(f, " {}", system.key())?,
            Value::TurnStart { roll, flags } => {
                if !roll.is_empty() {
                    let faces: Vec<String> = roll.iter().map(u32::to_string).collect();
                    write!(f, " roll={}", faces.join(","))?;
                }
                for flag in flags {
                    write!(f, " {flag}")?;
                }
            }
            // Read from a file, never typed: the events carry it.
            Value::Sheets(_) => {}
        }
    }
    Ok(())
}

/// The word is one of the flags declared after it.
fn spells_a_flag(later: &[Arg], word: &str) -> bool {
    later.iter().any(|a| matches!(a.read, Read::Flag(flag) if word.eq_ignore_ascii_case(flag)))
}
