//! Text to [`Command`]: a shell-like tokenizer (quotes, backslash escapes, `#` comments) and one
//! parser shared by scripts, the command line and key bindings.

use std::fmt;

use super::table::{self, ArgKind, CommandSpec};
use super::{Amount, Command, Field};
use crate::rules::dice::DiceExpr;
use crate::rules::{Side, System};

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

/// Field names are plain words: letters, digits, `_` and `-`.
fn field_key(key: String) -> Result<String, ParseError> {
    if key.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
        Ok(key)
    } else {
        Err(ParseError::new(format!(
            "'{key}' is not a field name: use letters, digits and _ (quote names, not fields)"
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
    let Some(spec) = table::find(&head.text, system).filter(|_| !head.quoted) else {
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
    let command = parse_args(spec, rest, system).map_err(|mut err| {
        err.usage = Some(spec.usage());
        err
    })?;
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

/// Reads a command's arguments in order.
struct Args<'a> {
    tokens: &'a [Token],
    at: usize,
}

impl<'a> Args<'a> {
    fn next(&mut self) -> Option<&'a Token> {
        let token = self.tokens.get(self.at)?;
        self.at += 1;
        Some(token)
    }

    fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.at)
    }

    fn name(&mut self, what: &str) -> Result<String, ParseError> {
        let token = self.next().ok_or_else(|| ParseError::new(format!("expected {what}")))?;
        if token.text.trim().is_empty() {
            return Err(ParseError::new(format!("{what} must not be empty")));
        }
        if token.text.chars().count() > MAX_NAME {
            return Err(ParseError::new(format!("{what} is longer than {MAX_NAME} characters")));
        }
        Ok(token.text.clone())
    }

    /// A non-empty word of any length (an amount, a dice expression).
    fn word(&mut self, what: &str) -> Result<String, ParseError> {
        let token = self.next().ok_or_else(|| ParseError::new(format!("expected {what}")))?;
        if token.text.trim().is_empty() {
            return Err(ParseError::new(format!("{what} must not be empty")));
        }
        Ok(token.text.clone())
    }

    fn optional_name(&mut self, what: &str) -> Result<Option<String>, ParseError> {
        if self.peek().is_some() { self.name(what).map(Some) } else { Ok(None) }
    }

    fn end(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(extra) => Err(ParseError::new(format!("unexpected '{}' at the end", extra.text))),
        }
    }

    fn rest(&mut self) -> &'a [Token] {
        let rest = &self.tokens[self.at.min(self.tokens.len())..];
        self.at = self.tokens.len();
        rest
    }

    /// The remaining words joined by single spaces (at most [`MAX_NOTE`] characters).
    fn rest_text(&mut self) -> Result<String, ParseError> {
        let text = self.rest().iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
        if text.chars().count() > MAX_NOTE {
            return Err(ParseError::new(format!("the text is longer than {MAX_NOTE} characters")));
        }
        Ok(text)
    }

    fn is_word(&self, word: &str) -> bool {
        self.peek().is_some_and(|t| !t.quoted && t.text.eq_ignore_ascii_case(word))
    }
}

fn parse_args(
    spec: &CommandSpec,
    tokens: &[Token],
    system: Option<System>,
) -> Result<Command, ParseError> {
    let mut args = Args { tokens, at: 0 };
    let cmd = match spec.name {
        "new" => {
            let word = args.name("a system (woin, gempunks, savage or gurps)")?;
            let system = System::parse(&word).ok_or_else(|| {
                ParseError::new(format!(
                    "unknown system '{word}'; expected woin, gempunks, savage or gurps"
                ))
            })?;
            let name = args.rest_text()?;
            Command::New { system, name: (!name.trim().is_empty()).then_some(name) }
        }
        "add" => {
            let name = args.name("a NAME")?;
            let (mut count, mut side, mut fields) = (None, None, Vec::new());
            for token in args.rest() {
                if let Some(n) = group_count(token)? {
                    count = Some(n);
                    continue;
                }
                let field = field_of(token)?;
                if field.key == "side" {
                    let value = field.value.unwrap_or_default();
                    side = Some(Side::parse(&value).ok_or_else(|| {
                        ParseError::new(format!(
                            "side={value}: expected pc, ally, enemy or neutral"
                        ))
                    })?);
                } else {
                    fields.push(field);
                }
            }
            Command::Add { name, count, side, fields }
        }
        "remove" => Command::Remove { who: args.name("a combatant NAME")? },
        "start" => Command::Start,
        "init" => Command::Init {
            who: args.name("a combatant NAME")?,
            value: args.name("an initiative VALUE (17, 5.75, QS, joker)")?,
        },
        "swap" => Command::Swap {
            first: args.name("a combatant NAME")?,
            second: args.name("the OTHER combatant's name")?,
        },
        "next" => Command::Next,
        "hold" => Command::Hold { who: args.optional_name("a combatant NAME")? },
        "act" => Command::Act { who: args.name("a held combatant's NAME")? },
        "damage" => {
            let who = args.name("a combatant NAME")?;
            let amount = amount(&args.word("an AMOUNT or DICE such as 7 or 2d6+1")?)?;
            let (mut kind, mut raw) = (None, false);
            while let Some(token) = args.next() {
                if !token.quoted && token.text.eq_ignore_ascii_case("raw") {
                    raw = true;
                } else if kind.is_none() {
                    kind = Some(token.text.to_ascii_lowercase());
                } else {
                    return Err(ParseError::new(format!("unexpected '{}' at the end", token.text)));
                }
            }
            Command::Damage { who, amount, kind, raw }
        }
        "heal" => {
            let who = args.name("a combatant NAME")?;
            let text = args.name("an AMOUNT")?;
            let amount =
                text.parse::<i64>().ok().filter(|n| (0..=MAX_AMOUNT).contains(n)).ok_or_else(
                    || {
                        ParseError::new(format!(
                            "expected an AMOUNT from 0 to {MAX_AMOUNT}, found '{text}'"
                        ))
                    },
                )?;
            Command::Heal { who, amount }
        }
        "cond" => {
            let who = args.name("a combatant NAME")?;
            let condition = args.name("a CONDITION")?;
            let mut severe = false;
            let mut fields = Vec::new();
            for token in args.rest() {
                if !token.quoted && token.text.eq_ignore_ascii_case("severe") {
                    severe = true;
                } else {
                    fields.push(field_of(token)?);
                }
            }
            Command::Cond { who, condition, severe, fields }
        }
        "uncond" => Command::Uncond {
            who: args.name("a combatant NAME")?,
            condition: args.name("a CONDITION")?,
        },
        "shake" => Command::Shake {
            who: args.name("a combatant NAME")?,
            condition: args.name("a CONDITION")?,
        },
        "attack" => {
            let attacker = args.name("an ATTACKER")?;
            let listed = args.peek().map(Token::list).unwrap_or_default();
            args.name("a TARGET (or several: Ogre,\"Cave Troll\")")?;
            let mut targets = Vec::with_capacity(listed.len());
            for name in listed {
                if name.trim().is_empty() {
                    return Err(ParseError::new("an empty name in the TARGET list"));
                }
                if name.chars().count() > MAX_NAME {
                    return Err(ParseError::new(format!(
                        "a TARGET is longer than {MAX_NAME} characters"
                    )));
                }
                targets.push(name);
            }
            let weapon = match args.peek() {
                Some(t)
                    if t.quoted || (t.eq.is_none() && !table::is_attack_field(&t.text, system)) =>
                {
                    args.next().map(|t| t.text.clone())
                }
                _ => None,
            };
            let fields = args.rest().iter().map(field_of).collect::<Result<_, _>>()?;
            Command::Attack { attacker, targets, weapon, fields }
        }
        "roll" => {
            let mut expr_words = Vec::new();
            while let Some(token) = args.peek() {
                if !token.quoted && token.text.eq_ignore_ascii_case("for") {
                    break;
                }
                expr_words.push(token.text.as_str());
                args.next();
            }
            if expr_words.is_empty() {
                return Err(ParseError::new("expected a dice EXPR such as 2d6+3"));
            }
            let expr = DiceExpr::parse(&expr_words.join(" "))
                .map_err(|err| ParseError::new(err.to_string()))?
                .to_string();
            let by = if args.is_word("for") {
                args.next();
                Some(args.name("a combatant NAME after 'for'")?)
            } else {
                None
            };
            Command::Roll { expr, by }
        }
        "weapon" | "do" => {
            let who = args.name("a combatant NAME")?;
            let name =
                args.name(if spec.name == "weapon" { "a WEAPON name" } else { "an ACTION" })?;
            let fields = args.rest().iter().map(field_of).collect::<Result<_, _>>()?;
            if spec.name == "weapon" {
                Command::Weapon { who, name, fields }
            } else {
                Command::Do { who, action: name.to_lowercase(), fields }
            }
        }
        "set" => {
            // `set OPTION VALUE` or `set OPTION=VALUE`.
            let first = args.name("an OPTION")?.to_lowercase();
            match first.split_once('=') {
                Some((option, value)) if !option.is_empty() && !value.is_empty() => {
                    Command::Set { option: option.to_string(), value: value.to_string() }
                }
                _ => Command::Set { option: first, value: args.name("a VALUE")?.to_lowercase() },
            }
        }
        "note" => {
            let who = args.name("a combatant NAME")?;
            let text = args.rest_text()?;
            if text.trim().is_empty() {
                return Err(ParseError::new("expected the note's TEXT after the name"));
            }
            Command::Note { who, text }
        }
        "undo" => Command::Undo,
        "redo" => Command::Redo,
        "save" => Command::Save { path: args.optional_name("a file PATH")? },
        _ if table::find_core(spec.name).is_none() => {
            let mut words = Vec::new();
            for arg in spec.args {
                match arg.kind {
                    ArgKind::Fields => break,
                    _ if arg.optional => match args.peek() {
                        Some(t) if t.eq.is_none() => words.push(args.name(arg.name)?),
                        _ => {}
                    },
                    _ => words.push(args.name(arg.name)?),
                }
            }
            let fields = args.rest().iter().map(field_of).collect::<Result<_, _>>()?;
            Command::Special { verb: spec.name, args: words, fields }
        }
        other => return Err(ParseError::new(format!("'{other}' has no parser"))),
    };
    args.end()?;
    Ok(cmd)
}

/// `x4` → 4 members.
fn group_count(token: &Token) -> Result<Option<u32>, ParseError> {
    if token.quoted || token.eq.is_some() {
        return Ok(None);
    }
    let Some(digits) = token.text.strip_prefix(['x', 'X']) else {
        return Ok(None);
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Ok(None);
    }
    match digits.parse::<u32>() {
        Ok(n) if (1..=MAX_GROUP).contains(&n) => Ok(Some(n)),
        _ => Err(ParseError::new(format!("{}: expected x1 to x{MAX_GROUP}", token.text))),
    }
}

fn amount(text: &str) -> Result<Amount, ParseError> {
    if let Ok(n) = text.parse::<i64>() {
        return if (0..=MAX_AMOUNT).contains(&n) {
            Ok(Amount::Fixed(n))
        } else {
            Err(ParseError::new(format!("damage must be from 0 to {MAX_AMOUNT}, found {n}")))
        };
    }
    let expr = DiceExpr::parse(text)
        .map_err(|err| ParseError::new(format!("expected an AMOUNT or DICE: {err}")))?;
    if expr.max() > MAX_AMOUNT {
        return Err(ParseError::new(format!(
            "damage {expr} can total up to {}; expected dice that total at most {MAX_AMOUNT}",
            expr.max()
        )));
    }
    Ok(Amount::Dice(expr.to_string()))
}
