//! Text to [`Command`]: a shell-like tokenizer (quotes, backslash escapes, `#` comments), fields,
//! and one parser shared by scripts, the command line and key bindings. Each command's arguments
//! are read by its signature in the `arguments` module.

mod arguments;
mod reader;

use std::fmt;

use super::table::{self, Entry, Found, Run};
use super::{Command, Field, Invocation};
use crate::rules::System;
use arguments::read_args;

/// The longest raw line read at all, and the most text (quotes and escapes aside) a command may hold.
const MAX_LINE: usize = 65_536;
pub const MAX_TEXT: usize = 4096;
/// Longest name (a combatant, condition, file …) and longest free text (a note, an encounter name).
pub const MAX_NAME: usize = 1000;
pub const MAX_NOTE: usize = 4096;

/// Most members one `add … xN` may create.
pub const MAX_GROUP: u32 = 100;

/// Largest amount `damage` or `heal` takes, typed or as the highest total of its dice.
pub const MAX_AMOUNT: i64 = 1_000_000;

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    /// The usage line of the command, when the command name itself was understood.
    pub usage: Option<String>,
}

impl ParseError {
    fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into(), usage: None }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(usage) = &self.usage {
            write!(f, " (usage: {usage})")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// One word of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    /// The word began with a quote: it is a name or text, never a field or keyword.
    pub quoted: bool,
    /// Byte offset of the first `=` outside quotes.
    pub eq: Option<usize>,
    /// Byte offsets of the commas outside quotes (`Ogre,"Cave Troll"` lists two names).
    pub commas: Vec<usize>,
}

impl Token {
    /// The word split at its commas outside quotes.
    pub fn list(&self) -> Vec<String> {
        let mut parts = Vec::with_capacity(self.commas.len() + 1);
        let mut from = 0;
        for &at in &self.commas {
            parts.push(self.text[from..at].to_string());
            from = at + 1;
        }
        parts.push(self.text[from..].to_string());
        parts
    }
}

/// Split a line into words. Double quotes group words, and inside them a backslash escapes the
/// next character. Apostrophes are ordinary letters (`O'Brien`, `can't`). A `#` standing alone
/// as a word starts a comment to the end of the line.
pub fn tokenize(line: &str) -> Result<Vec<Token>, ParseError> {
    if line.len() > MAX_LINE {
        return Err(ParseError::new(format!(
            "the line is {} bytes long; at most {MAX_LINE} are read",
            line.len()
        )));
    }
    let mut tokens = Vec::new();
    let mut chars = line.chars().enumerate().peekable();
    while let Some(&(_, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '#' {
            let mut ahead = chars.clone();
            ahead.next();
            if ahead.peek().is_none_or(|&(_, n)| n.is_whitespace()) {
                break;
            }
        }
        let mut token =
            Token { text: String::new(), quoted: c == '"', eq: None, commas: Vec::new() };
        while let Some(&(at, c)) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            match c {
                '"' => loop {
                    match chars.next() {
                        None => {
                            return Err(ParseError::new(format!(
                                "unclosed \" quote at column {}: close it with another \"",
                                at + 1
                            )));
                        }
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, escaped)) => token.text.push(escaped),
                            None => {
                                return Err(ParseError::new(
                                    "a backslash at the end of the line escapes nothing",
                                ));
                            }
                        },
                        Some((_, c)) => token.text.push(c),
                    }
                },
                '=' if token.eq.is_none() && !token.quoted => {
                    token.eq = Some(token.text.len());
                    token.text.push('=');
                }
                ',' => {
                    token.commas.push(token.text.len());
                    token.text.push(',');
                }
                c => token.text.push(c),
            }
        }
        tokens.push(token);
    }
    // Separators count, so text joined back into one quoted word never grows past the limit.
    let text: usize =
        tokens.iter().map(|t| t.text.len()).sum::<usize>() + tokens.len().saturating_sub(1);
    if text > MAX_TEXT {
        return Err(ParseError::new(format!(
            "the command holds {text} bytes of text; at most {MAX_TEXT} are accepted"
        )));
    }
    Ok(tokens)
}

/// Parse `FIELD=VALUE FLAG …` text, as stored in bestiary entries.
pub fn parse_fields(text: &str) -> Result<Vec<Field>, ParseError> {
    tokenize(text)?.iter().map(field_of).collect()
}

/// Field names are plain words: letters, digits, `_` and `-`, with `.` between parts
/// (`dr.skull`, a GURPS location's DR).
fn field_key(key: String) -> Result<String, ParseError> {
    let dotted = !key.starts_with('.') && !key.ends_with('.') && !key.contains("..");
    if dotted && key.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.') {
        Ok(key)
    } else {
        Err(ParseError::new(format!(
            "'{key}' is not a field name: use letters, digits, _ and . (quote names, not fields)"
        )))
    }
}

/// A field from one word: `KEY=VALUE` or a bare flag.
pub fn field_of(token: &Token) -> Result<Field, ParseError> {
    if token.quoted {
        return Err(ParseError::new(format!(
            "expected FIELD=VALUE or a flag, found \"{}\"",
            token.text
        )));
    }
    Ok(match token.eq {
        Some(at) => {
            let key = token.text[..at].to_ascii_lowercase();
            if key.is_empty() {
                return Err(ParseError::new(format!(
                    "'{}' has no field name before '='",
                    token.text
                )));
            }
            Field { key: field_key(key)?, value: Some(token.text[at + 1..].to_string()) }
        }
        None => Field { key: field_key(token.text.to_ascii_lowercase())?, value: None },
    })
}

/// Parse one command line, knowing every system's commands. Blank lines and comments are `Ok(None)`.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    parse_in(line, None)
}

/// Parse one command line in an encounter of `system`: the core commands and that system's own.
pub fn parse_in(line: &str, system: Option<System>) -> Result<Option<Command>, ParseError> {
    let tokens = tokenize(line)?;
    let Some((head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let Some(found) = table::lookup(&head.text, system).filter(|_| !head.quoted) else {
        if let (Some(here), Some(owner)) = (system, table::owner(&head.text)) {
            return Err(ParseError::new(format!(
                "`{}` is a {owner} command; this encounter runs {here}",
                head.text.to_lowercase()
            )));
        }
        let names = table::commands(system).map(|c| c.name);
        let nearest = crate::rules::nearest(&head.text, names, 3);
        return Err(ParseError::new(format!(
            "unknown command '{}'; did you mean {}? (:help lists them)",
            head.text,
            nearest.join(", ")
        )));
    };
    let spec = match found {
        Found::Core(entry) => &entry.spec,
        Found::System(verb) => &verb.spec,
    };
    let with_usage = |mut err: ParseError| {
        err.usage = Some(spec.usage());
        err
    };
    let args =
        read_args(spec, rest, system, matches!(found, Found::System(_))).map_err(with_usage)?;
    let command = match found {
        Found::Core(Entry { run: Run::Session(build), .. }) => build(&args).ok_or_else(|| {
            with_usage(ParseError::new(format!("`{}` was read wrongly", spec.name)))
        })?,
        Found::Core(_) | Found::System(_) => Command::Verb(Invocation { spec, args }),
    };
    // Canonical text may be longer than what was typed (`d%` is written `d100`); a command must
    // still read back from it.
    let canonical = command.to_string();
    let tokens = tokenize(&canonical).map_err(|_| {
        ParseError::new(format!(
            "written out, the command holds more than {MAX_TEXT} bytes of text"
        ))
    })?;
    drop(tokens);
    Ok(Some(command))
}
