//! Each command's arguments, read from its words after the name: one function per command that
//! takes more than names, and the shared readers of group counts and damage amounts.

use super::reader::Args;
use super::{MAX_AMOUNT, MAX_GROUP, MAX_NAME, ParseError, Token, field_of};
use crate::command::table::{self, ArgKind, CommandSpec};
use crate::command::{Amount, Command};
use crate::rules::dice::DiceExpr;
use crate::rules::{Side, System};

/// Read the arguments of `spec`'s command; every word must be used.
pub(super) fn parse_args(
    spec: &CommandSpec,
    tokens: &[Token],
    system: Option<System>,
) -> Result<Command, ParseError> {
    let mut args = Args::new(tokens);
    let cmd = match spec.name {
        "new" => new(&mut args)?,
        "add" => add(&mut args)?,
        "edit" => edit(&mut args)?,
        "remove" => Command::Remove { who: args.name("a combatant NAME")? },
        "start" => Command::Start,
        "init" => Command::Init {
            who: args.name("a combatant NAME")?,
            value: args.name("an initiative VALUE, written as the encounter's system writes it")?,
        },
        "swap" => Command::Swap {
            first: args.name("a combatant NAME")?,
            second: args.name("the OTHER combatant's name")?,
        },
        "next" => next(&mut args, system)?,
        "hold" => Command::Hold { who: args.optional_name("a combatant NAME")? },
        "act" => Command::Act { who: args.name("a held combatant's NAME")? },
        "damage" => damage(&mut args)?,
        "heal" => heal(&mut args)?,
        "cond" => cond(&mut args)?,
        "uncond" => Command::Uncond {
            who: args.name("a combatant NAME")?,
            condition: args.name("a CONDITION")?,
        },
        "shake" => Command::Shake {
            who: args.name("a combatant NAME")?,
            condition: args.name("a CONDITION")?,
        },
        "attack" => attack(&mut args, system)?,
        "roll" => roll(&mut args)?,
        "weapon" | "do" => weapon_or_do(spec, &mut args)?,
        "set" => set(&mut args)?,
        "note" => note(&mut args)?,
        "hide" => Command::Hide { who: args.name("a combatant or group NAME")? },
        "reveal" => Command::Reveal { who: args.name("a hidden combatant or group NAME")? },
        "show" => show(&mut args)?,
        "end" => Command::End,
        "undo" => Command::Undo,
        "redo" => Command::Redo,
        "branches" => Command::Branches,
        "branch" => {
            let text = args.name("a branch NUMBER (`branches` lists them)")?;
            let number =
                text.parse::<usize>().ok().filter(|n| (1..=100_000).contains(n)).ok_or_else(
                    || ParseError::new(format!("expected a branch NUMBER from 1, found '{text}'")),
                )?;
            Command::Branch { number }
        }
        "save" => {
            // As with `export players`: a quoted "overwrite" is a file name.
            let path =
                if args.is_word("overwrite") { None } else { args.optional_name("a file PATH")? };
            let overwrite = args.is_word("overwrite");
            if overwrite {
                args.next();
            }
            Command::Save { path, overwrite }
        }
        "export" => {
            // `export players` is the players' copy beside the save; a quoted "players" a path.
            let path = if args.is_word("players") {
                None
            } else {
                args.optional_name("a report's file PATH")?
            };
            let players = args.is_word("players");
            if players {
                args.next();
            }
            Command::Export { path, players }
        }
        _ if table::find_core(spec.name).is_none() => special(spec, &mut args)?,
        other => return Err(ParseError::new(format!("'{other}' has no parser"))),
    };
    args.end()?;
    Ok(cmd)
}

/// `next [roll=FACES] [FLAG …]`: the faces typed for the rolls the next turn's start makes,
/// and the system's words for that start (GURPS `skip_ht`).
fn next(args: &mut Args<'_>, system: Option<System>) -> Result<Command, ParseError> {
    let mut roll = Vec::new();
    let mut flags = Vec::new();
    // The encounter's system's words; with none known, any system's.
    let words: Vec<&'static str> = match system {
        Some(s) => s.rules().spec().next_flags.to_vec(),
        None => System::ALL.iter().flat_map(|s| s.rules().spec().next_flags).copied().collect(),
    };
    for token in args.rest() {
        let field = field_of(token)?;
        match (field.key.as_str(), field.value) {
            (key, None) if words.contains(&key) => {
                if !flags.iter().any(|f| f == key) {
                    flags.push(key.to_string());
                }
            }
            ("roll", Some(value)) => {
                let faces = crate::rules::dice::ScriptedDice::parse(&value)
                    .map_err(|err| ParseError::new(format!("roll={value}: {err}")))?;
                roll = faces.faces().to_vec();
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
    }
    Ok(Command::Next { roll, flags })
}

/// Most faces one `roll=` may type.
const MAX_TYPED_FACES: usize = 1000;

fn new(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let systems = System::listed(System::key);
    let word = args.name(&format!("a system ({systems})"))?;
    let system = System::parse(&word)
        .ok_or_else(|| ParseError::new(format!("unknown system '{word}'; expected {systems}")))?;
    let name = args.rest_text()?;
    Ok(Command::New { system, name: (!name.trim().is_empty()).then_some(name) })
}

fn add(args: &mut Args<'_>) -> Result<Command, ParseError> {
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
                ParseError::new(format!("side={value}: expected pc, ally, enemy or neutral"))
            })?);
        } else {
            fields.push(field);
        }
    }
    Ok(Command::Add { name, count, side, fields })
}

/// `edit NAME FIELD=VALUE …`: `side=` read as `add` reads it, the rest checked by the engine.
fn edit(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let who = args.name("a combatant NAME")?;
    let (mut side, mut fields) = (None, Vec::new());
    for token in args.rest() {
        let field = field_of(token)?;
        if field.key == "side" {
            let value = field.value.unwrap_or_default();
            side = Some(Side::parse(&value).ok_or_else(|| {
                ParseError::new(format!("side={value}: expected pc, ally, enemy or neutral"))
            })?);
        } else {
            fields.push(field);
        }
    }
    if side.is_none() && fields.is_empty() {
        return Err(ParseError::new(
            "expected FIELD=VALUE … after the name: side=…, drop=WEAPON or the system's fields",
        ));
    }
    Ok(Command::Edit { who, side, fields })
}

fn damage(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let who = args.name("a combatant NAME")?;
    let amount = amount(&args.word("an AMOUNT or DICE such as 7 or 2d6+1")?, "damage")?;
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
    Ok(Command::Damage { who, amount, kind, raw })
}

fn heal(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let who = args.name("a combatant NAME")?;
    let amount = amount(&args.word("an AMOUNT or DICE such as 5 or 2d4+2")?, "healing")?;
    Ok(Command::Heal { who, amount })
}

fn cond(args: &mut Args<'_>) -> Result<Command, ParseError> {
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
    Ok(Command::Cond { who, condition, severe, fields })
}

fn attack(args: &mut Args<'_>, system: Option<System>) -> Result<Command, ParseError> {
    let attacker = args.name("an ATTACKER")?;
    let listed = args.peek().map(Token::list).unwrap_or_default();
    args.name("a TARGET (or several: Ogre,\"Cave Troll\")")?;
    let mut targets = Vec::with_capacity(listed.len());
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
        targets.push(name);
    }
    let weapon = match args.peek() {
        Some(t) if t.quoted || (t.eq.is_none() && !table::is_attack_field(&t.text, system)) => {
            args.next().map(|t| t.text.clone())
        }
        _ => None,
    };
    let fields = args.rest().iter().map(field_of).collect::<Result<_, _>>()?;
    Ok(Command::Attack { attacker, targets, weapon, fields })
}

fn roll(args: &mut Args<'_>) -> Result<Command, ParseError> {
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
    Ok(Command::Roll { expr, by })
}

fn weapon_or_do(spec: &CommandSpec, args: &mut Args<'_>) -> Result<Command, ParseError> {
    let who = args.name("a combatant NAME")?;
    let name = args.name(if spec.name == "weapon" { "a WEAPON name" } else { "an ACTION" })?;
    let fields = args.rest().iter().map(field_of).collect::<Result<_, _>>()?;
    Ok(if spec.name == "weapon" {
        Command::Weapon { who, name, fields }
    } else {
        Command::Do { who, action: name.to_lowercase(), fields }
    })
}

/// `set OPTION VALUE` or `set OPTION=VALUE`.
fn set(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let first = args.name("an OPTION")?.to_lowercase();
    Ok(match first.split_once('=') {
        Some((option, value)) if !option.is_empty() && !value.is_empty() => {
            Command::Set { option: option.to_string(), value: value.to_string() }
        }
        _ => Command::Set { option: first, value: args.name("a VALUE")?.to_lowercase() },
    })
}

/// `show`, `show on` or `show off`.
fn show(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let on = match args.peek() {
        None => true,
        Some(_) if args.is_word("on") => true,
        Some(_) if args.is_word("off") => false,
        Some(other) => {
            return Err(ParseError::new(format!(
                "expected nothing or `off` after `show`, found '{}'",
                other.text
            )));
        }
    };
    args.next();
    Ok(Command::Show { on })
}

fn note(args: &mut Args<'_>) -> Result<Command, ParseError> {
    let who = args.name("a combatant NAME")?;
    let text = args.rest_text()?;
    if text.trim().is_empty() {
        return Err(ParseError::new("expected the note's TEXT after the name"));
    }
    Ok(Command::Note { who, text })
}

/// A system's own command, read by the signature it declares: its words, then fields.
fn special(spec: &CommandSpec, args: &mut Args<'_>) -> Result<Command, ParseError> {
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
    Ok(Command::Special { verb: spec.name, args: words, fields })
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
