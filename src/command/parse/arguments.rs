//! A command's arguments read from its words after the name, by its signature: each argument's
//! [`Read`] says how, so no command has a reader of its own.

use super::reader::Words;
use super::{MAX_AMOUNT, MAX_GROUP, MAX_NAME, ParseError, Token, field_of};
use crate::command::invocation::{Args, Value};
use crate::command::table::{self, CommandSpec};
use crate::command::{Amount, Field};
use crate::rules::dice::DiceExpr;
use crate::rules::signature::{Arg, Read};
use crate::rules::{Side, System};

/// Read the arguments of `spec`'s command; every word must be used. A system verb
/// (`extra_fields`) takes fields after its declared arguments, read into one more value.
pub(super) fn read_args(
    spec: &CommandSpec,
    tokens: &[Token],
    system: Option<System>,
    extra_fields: bool,
) -> Result<Args, ParseError> {
    let mut words = Words::new(tokens);
    let mut values = vec![Value::Absent; spec.args.len()];
    let takes_fields = extra_fields || spec.args.iter().any(|a| matches!(a.read, Read::Fields(_)));
    let positional = spec.args.iter().take_while(|a| !a.read.anywhere()).count();
    for (at, arg) in spec.args[..positional].iter().enumerate() {
        if values[at] != Value::Absent {
            continue; // filled by the one before (`set OPTION=VALUE`)
        }
        let later_flags = &spec.args[at + 1..];
        let value = match positional_value(arg, &mut words, system, takes_fields, later_flags)? {
            Read2::One(value) => value,
            Read2::Two(value, next) => {
                if let Some(slot) = values.get_mut(at + 1) {
                    *slot = next;
                }
                value
            }
        };
        values[at] = value;
    }
    if extra_fields {
        let fields = words.rest().iter().map(field_of).collect::<Result<_, _>>()?;
        values.push(Value::Fields(fields));
    } else {
        anywhere(spec, &mut values, positional, words.rest(), system)?;
    }
    words.end()?;
    Ok(Args(values))
}

/// One value, or two for a reading that fills the next argument too.
enum Read2 {
    One(Value),
    Two(Value, Value),
}

/// A positional argument with no word left for it: off for `show`'s on/off, absent when
/// optional, else what was expected.
fn at_the_end(arg: &Arg) -> Result<Value, ParseError> {
    if arg.read == Read::OnOff {
        Ok(Value::Flag(false))
    } else if arg.optional {
        Ok(Value::Absent)
    } else {
        let what = match arg.read {
            Read::System => format!("a system ({})", System::listed(System::key)),
            Read::Dice => "a dice EXPR such as 2d6+3".to_string(),
            _ => arg.what.to_string(),
        };
        Err(ParseError::new(format!("expected {what}")))
    }
}

/// `show`'s `on` or `off` (the flag it keeps is "off").
fn on_off(words: &mut Words<'_>, found: &str) -> Result<Value, ParseError> {
    let on = if words.is_word("on") {
        true
    } else if words.is_word("off") {
        false
    } else {
        return Err(ParseError::new(format!(
            "expected nothing or `off` after `show`, found '{found}'"
        )));
    };
    words.next();
    Ok(Value::Flag(!on))
}

fn positional_value(
    arg: &Arg,
    words: &mut Words<'_>,
    system: Option<System>,
    takes_fields: bool,
    later: &[Arg],
) -> Result<Read2, ParseError> {
    let one = |v| Ok(Read2::One(v));
    let Some(next) = words.peek() else {
        return at_the_end(arg).map(Read2::One);
    };
    let flag_word = |t: &Token| {
        !t.quoted
            && later
                .iter()
                .any(|a| matches!(a.read, Read::Flag(w) if t.text.eq_ignore_ascii_case(w)))
    };
    match arg.read {
        Read::Word | Read::Lower => {
            if arg.optional && ((takes_fields && next.eq.is_some()) || flag_word(next)) {
                return one(Value::Absent);
            }
            let word = words.name(arg.what)?;
            one(Value::Word(if arg.read == Read::Lower { word.to_lowercase() } else { word }))
        }
        Read::Text => {
            let text = words.rest_text()?;
            if !text.trim().is_empty() {
                one(Value::Word(text))
            } else if arg.optional {
                one(Value::Absent)
            } else {
                Err(ParseError::new(format!("expected {}", arg.what)))
            }
        }
        Read::System => {
            let systems = System::listed(System::key);
            let word = words.name(&format!("a system ({systems})"))?;
            let system = System::parse(&word).ok_or_else(|| {
                ParseError::new(format!("unknown system '{word}'; expected {systems}"))
            })?;
            one(Value::System(system))
        }
        Read::Amount(noun) => one(Value::Amount(amount(&words.word(arg.what)?, noun)?)),
        Read::Names => one(Value::Names(names(words, arg.what)?)),
        Read::Weapon => {
            let attack_field = |t: &Token| table::is_attack_field(&t.text, system);
            if next.quoted || (next.eq.is_none() && !attack_field(next)) {
                words.next();
                one(Value::Word(next.text.clone()))
            } else {
                one(Value::Absent)
            }
        }
        Read::Dice => one(Value::Word(dice(words)?)),
        Read::ForName => {
            if words.is_word("for") {
                words.next();
                one(Value::Word(words.name(arg.what)?))
            } else {
                one(Value::Absent)
            }
        }
        Read::Option => {
            let first = words.name(arg.what)?.to_lowercase();
            match first.split_once('=') {
                Some((option, value)) if !option.is_empty() && !value.is_empty() => {
                    Ok(Read2::Two(Value::Word(option.to_string()), Value::Word(value.to_string())))
                }
                _ => one(Value::Word(first)),
            }
        }
        Read::OnOff => one(on_off(words, &next.text)?),
        Read::Branch => {
            let text = words.name(arg.what)?;
            let number =
                text.parse::<usize>().ok().filter(|n| (1..=100_000).contains(n)).ok_or_else(
                    || ParseError::new(format!("expected a branch NUMBER from 1, found '{text}'")),
                )?;
            one(Value::Number(number))
        }
        Read::Count
        | Read::Side
        | Read::Flag(_)
        | Read::Kind
        | Read::Fields(_)
        | Read::TurnStart
        | Read::Shown => one(Value::Absent),
    }
}

/// The words after the positional arguments, each taken by the first argument read *anywhere*
/// that wants it.
fn anywhere(
    spec: &CommandSpec,
    values: &mut [Value],
    from: usize,
    rest: &[Token],
    system: Option<System>,
) -> Result<(), ParseError> {
    let args = &spec.args[from..];
    if args.is_empty() {
        return match rest.first() {
            None => Ok(()),
            Some(extra) => Err(ParseError::new(format!("unexpected '{}' at the end", extra.text))),
        };
    }
    let slot = |read: fn(&Read) -> bool| args.iter().position(|a| read(&a.read)).map(|i| from + i);
    let count = slot(|r| *r == Read::Count);
    let side = slot(|r| *r == Read::Side);
    let kind = slot(|r| *r == Read::Kind);
    let fields = slot(|r| matches!(r, Read::Fields(_)));
    let turn = slot(|r| *r == Read::TurnStart);
    let mut listed: Vec<Field> = Vec::new();
    for token in rest {
        if count.is_some()
            && let Some(n) = group_count(token)?
        {
            values[count.unwrap_or_default()] = Value::Count(n);
            continue;
        }
        let flag = args.iter().position(|a| {
            matches!(a.read, Read::Flag(w) if !token.quoted && token.text.eq_ignore_ascii_case(w))
        });
        if let Some(at) = flag {
            values[from + at] = Value::Flag(true);
            continue;
        }
        if let Some(at) = kind
            && values[at] == Value::Absent
        {
            values[at] = Value::Word(token.text.to_ascii_lowercase());
            continue;
        }
        if let Some(at) = turn {
            turn_start(&mut values[at], token, system)?;
            continue;
        }
        if side.is_none() && fields.is_none() {
            return Err(ParseError::new(format!("unexpected '{}' at the end", token.text)));
        }
        let field = field_of(token)?;
        match (side, fields) {
            (Some(at), _) if field.key == "side" => {
                let value = field.value.unwrap_or_default();
                values[at] = Value::Side(Side::parse(&value).ok_or_else(|| {
                    ParseError::new(format!("side={value}: expected pc, ally, enemy or neutral"))
                })?);
            }
            (_, Some(_)) => listed.push(field),
            _ => return Err(ParseError::new(format!("unexpected '{}' at the end", token.text))),
        }
    }
    if let Some(at) = fields {
        if let Read::Fields(Some(what)) = spec.args[at].read
            && listed.is_empty()
            && side.is_none_or(|s| values[s] == Value::Absent)
        {
            return Err(ParseError::new(format!("expected {what}")));
        }
        values[at] = Value::Fields(listed);
    }
    for (i, arg) in args.iter().enumerate() {
        if matches!(arg.read, Read::Flag(_)) && values[from + i] == Value::Absent {
            values[from + i] = Value::Flag(false);
        }
    }
    Ok(())
}

/// Most faces one `roll=` may type.
const MAX_TYPED_FACES: usize = 1000;

/// `next [roll=FACES] [FLAG …]`: the faces typed for the rolls the next turn's start makes,
/// and the system's words for that start (GURPS `skip_ht`).
fn turn_start(value: &mut Value, token: &Token, system: Option<System>) -> Result<(), ParseError> {
    if *value == Value::Absent {
        *value = Value::TurnStart { roll: Vec::new(), flags: Vec::new() };
    }
    let Value::TurnStart { roll, flags } = value else {
        return Ok(());
    };
    // The encounter's system's words; with none known, any system's.
    let words: Vec<&'static str> = match system {
        Some(s) => s.rules().spec().next_flags.to_vec(),
        None => System::ALL.iter().flat_map(|s| s.rules().spec().next_flags).copied().collect(),
    };
    let field = field_of(token)?;
    match (field.key.as_str(), field.value) {
        (key, None) if words.contains(&key) => {
            if !flags.iter().any(|f| f == key) {
                flags.push(key.to_string());
            }
        }
        ("roll", Some(text)) => {
            let faces = crate::rules::dice::ScriptedDice::parse(&text)
                .map_err(|err| ParseError::new(format!("roll={text}: {err}")))?;
            *roll = faces.faces().to_vec();
            if roll.is_empty() {
                return Err(ParseError::new(
                    "roll= needs the faces rolled at the table, e.g. roll=4,6",
                ));
            }
            if roll.len() > MAX_TYPED_FACES {
                return Err(ParseError::new(format!(
                    "roll= takes at most {MAX_TYPED_FACES} faces, found {}",
                    roll.len()
                )));
            }
        }
        (key, _) => {
            let more: String = words.iter().map(|w| format!(" or {w}")).collect();
            return Err(ParseError::new(format!(
                "unexpected '{key}' at the end; next takes only roll=FACES (the faces \
                 rolled at the table for the turn's start, e.g. roll=4,6){more}"
            )));
        }
    }
    Ok(())
}

/// `Gob,"Cave Troll"`: one word, names between its commas outside quotes.
fn names(words: &mut Words<'_>, what: &str) -> Result<Vec<String>, ParseError> {
    let listed = words.peek().map(Token::list).unwrap_or_default();
    words.name(what)?;
    let mut names = Vec::with_capacity(listed.len());
    for name in listed {
        if name.trim().is_empty() {
            return Err(ParseError::new(
                "an empty name in the TARGET list: write the names with commas and no spaces \
                 (Gob,Ogre or Gob,\"Cave Troll\")",
            ));
        }
        if name.chars().count() > MAX_NAME {
            return Err(ParseError::new(format!("a TARGET is longer than {MAX_NAME} characters")));
        }
        names.push(name);
    }
    Ok(names)
}

/// A dice expression: the words up to `for`, in canonical form.
fn dice(words: &mut Words<'_>) -> Result<String, ParseError> {
    let mut expr_words = Vec::new();
    while let Some(token) = words.peek() {
        if !token.quoted && token.text.eq_ignore_ascii_case("for") {
            break;
        }
        expr_words.push(token.text.as_str());
        words.next();
    }
    if expr_words.is_empty() {
        return Err(ParseError::new("expected a dice EXPR such as 2d6+3"));
    }
    Ok(DiceExpr::parse(&expr_words.join(" "))
        .map_err(|err| ParseError::new(err.to_string()))?
        .to_string())
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

/// An amount of `what` (damage, healing): a whole number, or dice that cannot total too much.
/// Arithmetic without dice (`(0)`, `(2*3)`) is the number it makes, range-checked as typed, so
/// its canonical text is that number and reads back as the same command.
fn amount(text: &str, what: &str) -> Result<Amount, ParseError> {
    let fixed = |n: i64| {
        if (0..=MAX_AMOUNT).contains(&n) {
            Ok(Amount::Fixed(n))
        } else {
            Err(ParseError::new(format!("{what} must be from 0 to {MAX_AMOUNT}, found {n}")))
        }
    };
    if let Ok(n) = text.parse::<i64>() {
        return fixed(n);
    }
    let expr = DiceExpr::parse(text).map_err(|err| {
        ParseError::new(format!("expected an AMOUNT or DICE, found '{text}' ({err})"))
    })?;
    if expr.dice_count() == 0 && expr.min() == expr.max() {
        return fixed(expr.min());
    }
    if expr.max() > MAX_AMOUNT {
        return Err(ParseError::new(format!(
            "{what} {expr} can total up to {}; expected dice that total at most {MAX_AMOUNT}",
            expr.max()
        )));
    }
    Ok(Amount::Dice(expr.to_string()))
}
