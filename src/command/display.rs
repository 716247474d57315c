//! Canonical text for a [`Command`]: what the history and save files show, and what parses back
//! to the same command.

use std::fmt;

use super::{Amount, Command, Field};

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

/// A word always in quotes.
fn force_quote(word: &str) -> String {
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

fn fields(f: &mut fmt::Formatter<'_>, fields: &[Field]) -> fmt::Result {
    fields.iter().try_for_each(|field| write!(f, " {field}"))
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())?;
        match self {
            Command::New { system, name } => {
                write!(f, " {}", system.key())?;
                if let Some(name) = name {
                    write!(f, " {}", quote(name))?;
                }
            }
            Command::Add { name, count, side, fields: list } => {
                write!(f, " {}", quote(name))?;
                if let Some(n) = count {
                    write!(f, " x{n}")?;
                }
                if let Some(side) = side {
                    write!(f, " side={side}")?;
                }
                fields(f, list)?;
            }
            Command::Edit { who, side, fields: list } => {
                write!(f, " {}", quote(who))?;
                if let Some(side) = side {
                    write!(f, " side={side}")?;
                }
                fields(f, list)?;
            }
            Command::Remove { who }
            | Command::Act { who }
            | Command::Hide { who }
            | Command::Reveal { who } => write!(f, " {}", quote(who))?,
            Command::Show { on } => {
                if !on {
                    write!(f, " off")?;
                }
            }
            Command::Init { who, value } => write!(f, " {} {}", quote(who), quote(value))?,
            Command::Swap { first, second } => write!(f, " {} {}", quote(first), quote(second))?,
            Command::Hold { who } => {
                if let Some(who) = who {
                    write!(f, " {}", quote(who))?;
                }
            }
            Command::Damage { who, amount, kind, raw } => {
                write!(f, " {} {amount}", quote(who))?;
                match kind {
                    // Quoted, or it would read back as the `raw` flag.
                    Some(kind) if kind.eq_ignore_ascii_case("raw") => write!(f, " \"{kind}\"")?,
                    Some(kind) => write!(f, " {}", quote(kind))?,
                    None => {}
                }
                if *raw {
                    write!(f, " raw")?;
                }
            }
            Command::Heal { who, amount } => write!(f, " {} {amount}", quote(who))?,
            Command::Cond { who, condition, severe, fields: list } => {
                write!(f, " {} {}", quote(who), quote(condition))?;
                if *severe {
                    write!(f, " severe")?;
                }
                fields(f, list)?;
            }
            Command::Uncond { who, condition } | Command::Shake { who, condition } => {
                write!(f, " {} {}", quote(who), quote(condition))?;
            }
            Command::Attack { attacker, targets, weapon, fields: list } => {
                // Names with a comma are quoted, so the list splits only between names.
                let quoted: Vec<String> = targets
                    .iter()
                    .map(|t| if t.contains(',') { force_quote(t) } else { quote(t) })
                    .collect();
                write!(f, " {} {}", quote(attacker), quoted.join(","))?;
                if let Some(weapon) = weapon {
                    // Always quoted so it can never be read back as a flag.
                    write!(f, " \"{}\"", weapon.replace('\\', "\\\\").replace('"', "\\\""))?;
                }
                fields(f, list)?;
            }
            Command::Roll { expr, by } => {
                write!(f, " {}", quote(expr))?;
                if let Some(by) = by {
                    write!(f, " for {}", quote(by))?;
                }
            }
            Command::Note { who, text } => write!(f, " {} {}", quote(who), quote(text))?,
            Command::Weapon { who, name, fields: list }
            | Command::Do { who, action: name, fields: list } => {
                write!(f, " {} {}", quote(who), quote(name))?;
                fields(f, list)?;
            }
            Command::Special { args, fields: list, .. } => {
                for arg in args {
                    write!(f, " {}", quote(arg))?;
                }
                fields(f, list)?;
            }
            Command::Set { option, value } => write!(f, " {} {}", quote(option), quote(value))?,
            Command::Save { path, overwrite } => {
                match path {
                    Some(path) if path.eq_ignore_ascii_case("overwrite") => {
                        write!(f, " \"{path}\"")?
                    }
                    Some(path) => write!(f, " {}", quote(path))?,
                    None => {}
                }
                if *overwrite {
                    f.write_str(" overwrite")?;
                }
            }
            Command::Export { path, players } => {
                match path {
                    // A file called `players` is quoted, so it reads as a path, not the flag.
                    Some(path) if path.eq_ignore_ascii_case("players") => write!(f, " \"{path}\"")?,
                    Some(path) => write!(f, " {}", quote(path))?,
                    None => {}
                }
                if *players {
                    f.write_str(" players")?;
                }
            }
            Command::Next { roll, flags } => {
                if !roll.is_empty() {
                    let faces: Vec<String> = roll.iter().map(u32::to_string).collect();
                    write!(f, " roll={}", faces.join(","))?;
                }
                for flag in flags {
                    write!(f, " {flag}")?;
                }
            }
            Command::Start | Command::End | Command::Undo | Command::Redo | Command::Branches => {}
            Command::Branch { number } => write!(f, " {number}")?,
        }
        Ok(())
    }
}
