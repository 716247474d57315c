//! The command language: parsing never panics, every command's canonical text parses back to
//! the same command, good and bad lines read as documented, completion offers what fits, and
//! the command table is complete.
//!
//! Bugs found here stay as regression tests at the end of the file; any still open are marked
//! `` there.

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::strategy::{Union, ValueTree};
use proptest::test_runner::TestRunner;
const SPECIALS: &[&str] = &[
    "luck",
    "ambush",
    "interrupt",
    "blast",
    "deviate",
    "suppressed",
    "soak",
    "benny",
    "defend",
    "trick",
    "intimidate",
    "taunt",
    "grapple",
    "disarm",
    "fear",
    "reaction",
    "maneuver",
    "feint",
    "posture",
    "skipht",
    "escape",
];

use crate::typed_command::{Command, parse};
use skirmish::command::complete::CompletionContext;
use skirmish::command::display::quote;
use skirmish::command::table::{Arg, ArgKind};
use skirmish::command::{Amount, CommandSpec, Field, complete, tokenize};

/// Every command: the core ones and every system's own.
fn all_commands() -> Vec<&'static CommandSpec> {
    skirmish::command::table::commands(None).collect()
}
use skirmish::rules::dice::DiceExpr;
use skirmish::rules::{Side, System};

/// Some of the words the systems declare as `attack` fields: never read as a weapon name.
const ATTACK_FLAGS: &[&str] = &["higher", "cover", "flank", "into_melee", "dark", "prone", "aim"];

/// The longest raw line the tokenizer reads at all.
const MAX_LINE: usize = 65_536;

/// The most text (quotes and escapes aside) a command may hold: `MAX_TEXT` in
/// src/command/parse.rs, which is not exported.
const MAX_TEXT: usize = 4096;

fn ok(line: &str) -> Option<Command> {
    match parse(line) {
        Ok(cmd) => cmd,
        Err(err) => panic!("{line:?} should parse, but: {err}"),
    }
}

fn err(line: &str) -> String {
    match parse(line) {
        Ok(cmd) => panic!("{line:?} should be refused, but parsed as {cmd:?}"),
        Err(err) => err.to_string(),
    }
}

fn field(key: &str, value: Option<&str>) -> Field {
    Field::new(key, value)
}

fn s(text: &str) -> String {
    text.to_string()
}

fn canonical_dice(text: &str) -> String {
    DiceExpr::parse(text).unwrap_or_else(|err| panic!("{text:?} is not dice: {err}")).to_string()
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

/// Names as a GM might type them, and the ones most likely to confuse the tokenizer.
const AWKWARD_NAMES: &[&str] = &[
    "Aria",
    "Goblin 2",
    "O'Brien",
    "Bob \"the Axe\"",
    "C:\\dungeon\\map",
    "\\",
    "\"",
    "'",
    "''",
    "can't",
    "'Goblin 2'",
    "x3",
    "X101",
    "x",
    "3",
    "42",
    "-7",
    "Élodie",
    "龍",
    "🐉 dragon",
    "side=enemy",
    "=",
    "#1",
    "#",
    "# 1",
    "a#b",
    "for",
    "raw",
    "severe",
    "hidden",
    "next",
    "  padded  ",
    "tab\there",
    "line\nbreak",
    "nbsp\u{a0}name",
    "2d6",
];

/// A name, init value, condition and so on: anything that is not blank after trimming (the
/// parser refuses blank names).
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(AWKWARD_NAMES).prop_map(s),
        3 => "[A-Za-z0-9 x'\"\\\\=#é龍]{1,12}",
        1 => "[xX][0-9]{1,3}",
        1 => "[0-9]{1,4}",
        2 => prop::collection::vec(any::<char>(), 1..12).prop_map(String::from_iter),
    ]
    .prop_filter("names are never blank", |n| !n.trim().is_empty())
}

/// Any text, empty included (for a weapon, which is always printed quoted).
fn any_word() -> impl Strategy<Value = String> {
    prop_oneof![
        name(),
        Just(String::new()),
        Just(s("   ")),
        prop::collection::vec(any::<char>(), 0..10).prop_map(String::from_iter),
    ]
}

/// A field key as the parser produces it: a plain word of letters, digits, `_` and `-`,
/// ASCII lowercase (keys with anything else are refused: see
/// `field_key_with_a_space_or_quote_is_refused`).
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            &[
                "hidden", "init", "soak", "hp", "rounds", "source", "dr", "range", "x", "xy",
                "x3a", "severe", "side2", "é", "É", "a_b", "a-b", "-", "2", "for", "龍",
            ][..]
        )
        .prop_map(s),
        prop::sample::select(ATTACK_FLAGS).prop_map(s),
        "[a-z0-9_\\-é]{1,8}",
    ]
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            &[
                "3d6",
                "High",
                "a b",
                "",
                "=",
                "#x",
                "spell",
                "O'Brien",
                "'quoted'",
                "#3",
                "say \"hi\"",
                "\\",
                "-2",
            ][..]
        )
        .prop_map(s),
        "[A-Za-z0-9 '\"\\\\=#é]{0,8}",
        prop::collection::vec(any::<char>(), 0..8).prop_map(String::from_iter),
    ]
}

fn any_field() -> impl Strategy<Value = Field> {
    (key(), prop::option::of(value())).prop_map(|(key, value)| Field { key, value })
}

/// `x4` as a bare word is a group count, not a flag.
fn looks_like_count(key: &str) -> bool {
    key.strip_prefix('x').is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
}

fn add_fields() -> impl Strategy<Value = Vec<Field>> {
    prop::collection::vec(
        any_field().prop_filter("side= is read into `side`; xN is the count", |f| {
            f.key != "side" && !(f.value.is_none() && looks_like_count(&f.key))
        }),
        0..4,
    )
}

fn cond_fields() -> impl Strategy<Value = Vec<Field>> {
    prop::collection::vec(
        any_field().prop_filter("a bare `severe` is the severe flag", |f| {
            !(f.value.is_none() && f.key == "severe")
        }),
        0..4,
    )
}

/// Valid dice that are not plain integers (an integer AMOUNT is `Amount::Fixed`).
const DICE: &[&str] = &[
    "2d6+1",
    "4d6kh3",
    "(d8!+2)*2",
    "d20",
    "2d",
    "d%",
    "3d6-2",
    "1d6+-2",
    "-d6",
    "2D6KL1",
    "d6*2",
    "2d10 - 1",
    "4d6!kh3",
    "(2d6)",
];

/// Amounts typed in parentheses or as sums with no dice: each is a plain number.
const PAREN_AMOUNTS: &[&str] = &["(0)", "(-0)", "(2*3)", "(1-4)", "((7))", "(-3)", "(5)+1"];

/// Anything `roll` accepts, integers included.
const ROLLS: &[&str] = &["5", "-3", "0", "2*3", "(1+2)*d4"];

fn dice() -> impl Strategy<Value = String> {
    prop::sample::select(DICE).prop_map(canonical_dice)
}

fn amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        Just(Amount::Fixed(0)),
        Just(Amount::Fixed(1_000_000)),
        (0i64..=1_000_000).prop_map(Amount::Fixed),
        dice().prop_map(Amount::Dice),
    ]
}

/// A damage type as the parser produces it: ASCII lowercase. `raw` is printed quoted so it
/// does not read back as the flag: see `damage_type_named_raw_round_trips`.
fn kind() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            &["slashing", "fire", "cold iron", "", "  ", "a=b", "#x", "#", "raws", "raw", "RAW"][..]
        )
        .prop_map(s),
        prop::collection::vec(any::<char>(), 0..10).prop_map(String::from_iter),
    ]
    .prop_map(|k| k.to_ascii_lowercase())
}

fn system() -> impl Strategy<Value = System> {
    prop::sample::select(&System::ALL[..])
}

fn side() -> impl Strategy<Value = Side> {
    prop::sample::select(&Side::ALL[..])
}

fn note_text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(s("owes the ferryman two coins")),
        Just(s("can't move")),
        Just(s("  leading and trailing  ")),
        Just(s("#not a comment")),
        Just(s("# not a comment either")),
        Just(s("owes #3")),
        name(),
    ]
}

/// Every variant of [`Command`], with realistic and awkward values.
#[expect(clippy::too_many_lines, reason = "one generator per command, listed together")]
fn command() -> impl Strategy<Value = Command> {
    let arms: Vec<BoxedStrategy<Command>> = vec![
        (system(), prop::option::of(name()))
            .prop_map(|(system, name)| Command::New { system, name })
            .boxed(),
        (name(), prop::option::of(1u32..=100), prop::option::of(side()), add_fields())
            .prop_map(|(name, count, side, fields)| Command::Add { name, count, side, fields })
            .boxed(),
        name().prop_map(|who| Command::Remove { who }).boxed(),
        Just(Command::Start).boxed(),
        (
            name(),
            prop_oneof![
                prop::sample::select(&["17", "5.75", "QS", "10H", "joker", "-2"][..]).prop_map(s),
                name(),
            ],
        )
            .prop_map(|(who, value)| Command::Init { who, value })
            .boxed(),
        (name(), name()).prop_map(|(first, second)| Command::Swap { first, second }).boxed(),
        Just(Command::Next { roll: vec![], flags: vec![] }).boxed(),
        prop::option::of(name()).prop_map(|who| Command::Hold { who }).boxed(),
        name().prop_map(|who| Command::Act { who }).boxed(),
        name().prop_map(|who| Command::Hide { who }).boxed(),
        name().prop_map(|who| Command::Reveal { who }).boxed(),
        (name(), amount(), prop::option::of(kind()), any::<bool>())
            .prop_map(|(who, amount, kind, raw)| Command::Damage { who, amount, kind, raw })
            .boxed(),
        (name(), amount()).prop_map(|(who, amount)| Command::Heal { who, amount }).boxed(),
        (name(), name(), any::<bool>(), cond_fields())
            .prop_map(|(who, condition, severe, fields)| Command::Cond {
                who,
                condition,
                severe,
                fields,
            })
            .boxed(),
        (name(), name()).prop_map(|(who, condition)| Command::Uncond { who, condition }).boxed(),
        (name(), name()).prop_map(|(who, condition)| Command::Shake { who, condition }).boxed(),
        (
            name(),
            prop::collection::vec(name(), 1..4),
            prop::option::of(any_word()),
            prop::collection::vec(any_field(), 0..4),
        )
            .prop_map(|(attacker, targets, weapon, mut fields)| {
                // Without a weapon, a first bare word that is not an attack flag *is* the
                // weapon, so the parser never produces this shape; give it a value instead.
                if weapon.is_none()
                    && let Some(first) = fields.first_mut()
                    && first.value.is_none()
                    && !ATTACK_FLAGS.contains(&first.key.as_str())
                {
                    first.value = Some(s("1"));
                }
                Command::Attack { attacker, targets, weapon, fields }
            })
            .boxed(),
        (
            prop_oneof![dice(), prop::sample::select(ROLLS).prop_map(canonical_dice)],
            prop::option::of(name()),
        )
            .prop_map(|(expr, by)| Command::Roll { expr, by })
            .boxed(),
        (name(), note_text()).prop_map(|(who, text)| Command::Note { who, text }).boxed(),
        (name(), name(), prop::collection::vec(any_field(), 0..4))
            .prop_map(|(who, name, fields)| Command::Weapon { who, name, fields })
            .boxed(),
        (name(), prop::option::of(side()), add_fields())
            .prop_filter("edit needs a change", |(_, side, fields)| {
                side.is_some() || !fields.is_empty()
            })
            .prop_map(|(who, side, fields)| Command::Edit { who, side, fields })
            .boxed(),
        // `do` and `set` read their words in lower case.
        (name(), "[a-z]{1,8}", prop::collection::vec(any_field(), 0..3))
            .prop_map(|(who, action, fields)| Command::Do { who, action, fields })
            .boxed(),
        ("[a-z_]{1,12}", "[a-z0-9]{1,6}")
            .prop_map(|(option, value)| Command::Set { option, value })
            .boxed(),
        // A system verb: its positional words as the table declares them, then fields.
        (
            prop::sample::select(SPECIALS),
            name(),
            name(),
            name(),
            prop::collection::vec(any_field(), 0..3),
        )
            .prop_map(|(verb, first, second, third, fields)| {
                // Every positional word is given: a missing optional one would read the first
                // bare flag as itself.
                let spec = skirmish::command::table::find(verb, None).unwrap();
                let positional = spec.args.iter().filter(|a| a.kind != ArgKind::Fields).count();
                let args: Vec<String> =
                    [first, second, third].into_iter().take(positional).collect();
                Command::Special { verb, args, fields }
            })
            .boxed(),
        (
            "[a-z]{1,8}(\\.gcs|\\.json|\\.ron)?",
            any::<bool>(),
            prop::option::of(side()),
            prop::option::of(name()),
        )
            .prop_map(|(file, text, side, rename)| {
                let fields = rename.map(|n| Field::new("as", Some(&n))).into_iter().collect();
                Command::Import { file, text, side, fields }
            })
            .boxed(),
        prop_oneof![
            Just(Command::Party { action: None, names: Vec::new() }),
            prop::sample::select(vec!["join", "keep"])
                .prop_map(|a| Command::Party { action: Some(a.into()), names: Vec::new() }),
            (prop::sample::select(vec!["add", "drop"]), prop::collection::vec(name(), 0..3))
                .prop_map(|(a, names)| Command::Party { action: Some(a.into()), names }),
        ]
        .boxed(),
        Just(Command::Undo).boxed(),
        Just(Command::End).boxed(),
        any::<bool>().prop_map(|on| Command::Show { on }).boxed(),
        Just(Command::Redo).boxed(),
        Just(Command::Branches).boxed(),
        Just(Command::Alerts).boxed(),
        (name(), prop::collection::vec(any_field(), 0..3))
            .prop_map(|(text, fields)| Command::Alert { text, fields })
            .boxed(),
        (1usize..=100_000).prop_map(|number| Command::Branch { number }).boxed(),
        prop::option::of(prop_oneof![
            prop::sample::select(
                &["bridge.ron", "my saves/bridge.ron", "C:\\saves\\b.ron", "O'Brien's.ron"][..]
            )
            .prop_map(s),
            name(),
        ])
        .prop_flat_map(|path| {
            any::<bool>().prop_map(move |overwrite| Command::Save { path: path.clone(), overwrite })
        })
        .boxed(),
        (
            prop::option::of(prop_oneof![
                prop::sample::select(&["report.md", "my reports/bridge.json", "players"][..])
                    .prop_map(s),
                name(),
            ]),
            any::<bool>(),
        )
            .prop_map(|(path, players)| Command::Export { path, players })
            .boxed(),
    ];
    Union::new(arms)
}

/// Words that make up command-ish lines: names, aliases, keywords, quotes and the characters
/// the tokenizer and dice parser care about.
const FRAGMENTS: &[&str] = &[
    "new",
    "add",
    "a",
    "remove",
    "rm",
    "start",
    "init",
    "initiative",
    "swap",
    "next",
    "n",
    "hold",
    "delay",
    "act",
    "damage",
    "dmg",
    "heal",
    "cond",
    "condition",
    "uncond",
    "clear",
    "shake",
    "attack",
    "atk",
    "roll",
    "r",
    "note",
    "undo",
    "u",
    "redo",
    "save",
    "w",
    "\"",
    "'",
    "\\",
    "=",
    "#",
    " ",
    " ",
    " ",
    "\t",
    "0",
    "1",
    "3",
    "7",
    "100",
    "101",
    "x",
    "X",
    "d",
    "D",
    "+",
    "-",
    "!",
    "kh",
    "%",
    "(",
    ")",
    "*",
    "Aria",
    "Goblin",
    "é",
    "severe",
    "raw",
    "for",
    "side",
    "side=",
    "enemy",
    "hidden",
    "woin",
    "gurps",
    "sword",
    "higher",
];

fn commandish_line() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..16).prop_map(|f| f.concat())
}

/// A word that is not what the argument wants: a keyword, a quoted keyword, or fragments run
/// together (which may hide quotes inside a word).
fn noise_word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&["raw", "RAW", "severe", "for", "x3", "side=ally", "hidden"][..])
            .prop_map(s),
        (prop::sample::select(FRAGMENTS), prop::sample::select(&["\"", "'"][..]))
            .prop_map(|(f, q)| format!("{q}{f}{q}")),
        prop::collection::vec(prop::sample::select(FRAGMENTS), 1..4).prop_map(|f| f.concat()),
    ]
}

/// A typed name: quoted as the canonical text would, or in apostrophes (which do not quote),
/// or noise.
fn typed_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => name().prop_map(|n| quote(&n)),
        1 => "[A-Za-z0-9 \"]{1,8}".prop_map(|n| format!("'{n}'")),
        1 => noise_word(),
    ]
}

fn typed_field() -> impl Strategy<Value = String> {
    prop_oneof![
        (key(), value()).prop_map(|(k, v)| format!("{k}={}", quote(&v))),
        key(),
        prop::sample::select(ATTACK_FLAGS).prop_map(s),
        noise_word(),
    ]
}

/// One argument as a GM might type it, mostly right and sometimes not.
fn typed_arg(arg: Arg) -> BoxedStrategy<String> {
    let word = match arg.kind {
        ArgKind::System => {
            prop::sample::select(&["woin", "GURPS", "sw", "gem", "new", "chess", "\"woin\""][..])
                .prop_map(s)
                .boxed()
        }
        ArgKind::Number | ArgKind::Int { .. } => prop_oneof![
            prop::sample::select(&["x3", "X100", "x0", "x101", "5", "0", "-3", "1000000"][..])
                .prop_map(s),
            noise_word(),
        ]
        .boxed(),
        ArgKind::Dice => prop_oneof![
            prop::sample::select(DICE).prop_map(quote),
            prop::sample::select(ROLLS).prop_map(s),
            (0i64..=1_000_001).prop_map(|n| n.to_string()),
            // Issue 22, item 15: a number in parentheses is a number, and reads back as one.
            (-1_000_001i64..=1_000_001).prop_map(|n| format!("({n})")),
            prop::sample::select(PAREN_AMOUNTS).prop_map(s),
            noise_word(),
        ]
        .boxed(),
        ArgKind::Word(w) => {
            prop_oneof![Just(s(w)), Just(w.to_uppercase()), Just(format!("\"{w}\"")), noise_word(),]
                .boxed()
        }
        ArgKind::Fields => {
            prop::collection::vec(typed_field(), 0..4).prop_map(|f| f.join(" ")).boxed()
        }
        ArgKind::Text | ArgKind::Action | ArgKind::Creature => {
            prop::collection::vec(typed_name(), 1..4).prop_map(|w| w.join(" ")).boxed()
        }
        ArgKind::Combatant | ArgKind::Condition | ArgKind::Weapon | ArgKind::Path => {
            typed_name().boxed()
        }
        ArgKind::Switch => prop::sample::select(&["on", "off", "ON", "zz"][..]).prop_map(s).boxed(),
        ArgKind::Faces => {
            prop_oneof![prop::sample::select(ROLLS).prop_map(s), noise_word()].boxed()
        }
    };
    // `roll EXPR [for NAME]`: the keyword belongs to the argument.
    let word = if arg.name.starts_with("for ") {
        word.prop_map(|w| format!("for {w}")).boxed()
    } else {
        word
    };
    if arg.optional {
        prop::option::of(word).prop_map(Option::unwrap_or_default).boxed()
    } else {
        word
    }
}

/// A line built from the command table: a name or alias in any case, then each argument in
/// turn, and now and then a stray word at the end. Most of these parse.
fn typed_line() -> impl Strategy<Value = String> {
    prop::sample::select(all_commands())
        .prop_flat_map(|spec| {
            let mut words = vec![spec.name];
            words.extend(spec.aliases);
            (
                prop::sample::select(words),
                any::<bool>(),
                spec.args.iter().map(|a| typed_arg(*a)).collect::<Vec<_>>(),
                prop::option::weighted(0.1, noise_word()),
            )
        })
        .prop_map(|(head, upper, args, extra)| {
            let head = if upper { head.to_uppercase() } else { s(head) };
            let mut line =
                std::iter::once(head).chain(args).chain(extra).collect::<Vec<_>>().join(" ");
            line.truncate(line.trim_end().len());
            line
        })
}

fn context() -> CompletionContext {
    CompletionContext {
        system: None,
        combatants: vec![s("Aria"), s("Goblin 1"), s("Goblin 2"), s("brom")],
        conditions: vec![s("Dazed"), s("Prone"), s("Stunned")],
        weapons: vec![s("sword"), s("long bow")],
        creatures: vec![s("Goblin"), s("Giant Rat")],
        paths: None,
    }
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn parse_never_panics_on_any_string(line in any::<String>()) {
        let _ = parse(&line);
    }

    #[test]
    fn parse_never_panics_on_commandish_text(line in commandish_line()) {
        let _ = parse(&line);
    }

    #[test]
    fn complete_never_panics(line in prop_oneof![any::<String>(), commandish_line()]) {
        let _ = complete(&line, &context());
    }

    #[test]
    fn canonical_text_parses_back_to_the_same_command(cmd in command()) {
        let text = cmd.to_string();
        prop_assert_eq!(parse(&text), Ok(Some(cmd)), "canonical text: {}", text);
    }

    /// Whatever the parser accepts, its canonical text reads back the same (the history shows
    /// the canonical text).
    #[test]
    fn parsed_lines_reprint_to_themselves(
        line in prop_oneof![3 => typed_line(), 1 => commandish_line()],
    ) {
        if let Ok(Some(cmd)) = parse(&line) {
            let text = cmd.to_string();
            prop_assert_eq!(parse(&text), Ok(Some(cmd)), "typed {:?}, printed {:?}", line, text);
        }
    }

    /// `quote` (used by the canonical text and by completion) turns any word into exactly one
    /// token with that text.
    #[test]
    fn a_quoted_word_reads_back_as_one_word(word in prop_oneof![name(), any_word(), value()]) {
        let quoted = quote(&word);
        let tokens = tokenize(&quoted).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let texts: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
        prop_assert_eq!(texts, [word.as_str()], "quoted as {:?}", quoted);
    }

    /// Every name completion, put back into the line, parses to one of the names offered.
    #[test]
    fn completed_names_parse_back(names in prop::collection::vec(name(), 1..6)) {
        let ctx = CompletionContext { combatants: names.clone(), ..CompletionContext::default() };
        let offered = complete("remove ", &ctx);
        prop_assert!(!offered.is_empty());
        for word in offered {
            let line = format!("remove {word}");
            match parse(&line) {
                Ok(Some(Command::Remove { who })) => {
                    prop_assert!(names.contains(&who), "{:?} gives {:?}", line, who);
                }
                other => prop_assert!(false, "{:?} is offered but gives {:?}", line, other),
            }
        }
    }
}

/// The round-trip strategy reaches every command in the table, so a new command cannot be
/// added without this file noticing.
#[test]
fn command_strategy_covers_every_command() {
    let strategy = command();
    let mut runner = TestRunner::deterministic();
    let mut seen = BTreeSet::new();
    for _ in 0..5000 {
        let cmd = strategy.new_tree(&mut runner).unwrap().current();
        seen.insert(cmd.name());
    }
    let all: BTreeSet<&str> = all_commands().into_iter().map(|c| c.name).collect();
    assert_eq!(seen, all);
}

/// Issue 22, item 15: an amount typed in parentheses (or a sum with no dice) is the number it
/// makes: `damage g (0)` is saved as `damage g 0`, which reads back as the same command.
#[test]
fn numbers_in_parentheses_are_plain_amounts() {
    for (typed, amount, saved) in [
        ("damage g (0)", 0, "damage g 0"),
        ("damage g (2*3)", 6, "damage g 6"),
        ("damage g ((7))", 7, "damage g 7"),
        ("heal g (5)+1", 6, "heal g 6"),
    ] {
        let cmd = parse(typed).expect("parses").expect("a command");
        match &cmd {
            Command::Damage { amount: found, .. } | Command::Heal { amount: found, .. } => {
                assert_eq!(found, &Amount::Fixed(amount), "{typed}");
            }
            other => panic!("{typed} gave {other:?}"),
        }
        assert_eq!(cmd.to_string(), saved, "{typed}");
        assert_eq!(parse(saved), Ok(Some(cmd)), "{saved} reads back the same");
    }
}

#[test]
fn awkward_values_round_trip() {
    let cmds = [
        Command::Add {
            name: s("x3"),
            count: Some(100),
            side: Some(Side::Neutral),
            fields: vec![
                field("init", Some("")),
                field("note", Some("a b")),
                field("x", None),
                field("x3", Some("1")),
            ],
        },
        Command::Cond {
            who: s("severe"),
            condition: s("severe"),
            severe: true,
            fields: vec![field("severe", Some("yes")), field("rounds", Some("2"))],
        },
        Command::Attack {
            attacker: s("Bob \"the Axe\""),
            targets: vec![s("C:\\x"), s("Smith, John"), s("Cave Troll")],
            weapon: Some(s("higher")),
            fields: vec![field("sword", None)],
        },
        Command::Attack {
            attacker: s("a"),
            targets: vec![s("b")],
            weapon: None,
            fields: vec![field("higher", None), field("sword", None)],
        },
        Command::Roll { expr: s("d20"), by: Some(s("for")) },
        Command::Damage {
            who: s("raw"),
            amount: Amount::Dice(s("2d6")),
            kind: Some(s("")),
            raw: true,
        },
        Command::Damage { who: s("A"), amount: Amount::Fixed(5), kind: Some(s("raw")), raw: true },
        Command::Note { who: s("#1"), text: s("can't move") },
        Command::Note { who: s("O'Brien"), text: s("#") },
        Command::Remove { who: s("'Goblin 2'") },
        Command::Hold { who: Some(s("#")) },
        Command::Save { path: Some(s("O'Brien's.ron")), overwrite: false },
        Command::Save { path: Some(s("overwrite")), overwrite: true },
        Command::Save { path: None, overwrite: true },
        Command::New { system: System::GURPS, name: Some(s("  Bridge  of Sighs ")) },
    ];
    for cmd in cmds {
        let text = cmd.to_string();
        assert_eq!(parse(&text), Ok(Some(cmd)), "canonical text: {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Good lines
// ---------------------------------------------------------------------------------------------

#[test]
#[expect(clippy::too_many_lines, reason = "a table of cases, a row or two per line parsed")]
fn good_lines_parse_to_the_expected_commands() {
    let damage = |who: &str, amount: Amount, kind: Option<&str>, raw: bool| Command::Damage {
        who: s(who),
        amount,
        kind: kind.map(s),
        raw,
    };
    let table: Vec<(&str, Option<Command>)> = vec![
        // Nothing to do.
        ("", None),
        ("   \t ", None),
        ("# a comment", None),
        ("   # an indented comment", None),
        ("#", None),
        ("\t#\tnext", None),
        // Names, aliases and case.
        ("next", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("n", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("NEXT", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("Next  # end of Aria's turn", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("next #", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("next\t# end", Some(Command::Next { roll: vec![], flags: vec![] })),
        ("start", Some(Command::Start)),
        ("undo", Some(Command::Undo)),
        ("U", Some(Command::Undo)),
        ("redo", Some(Command::Redo)),
        // new
        (
            "new woin \"Bridge of Sighs\"",
            Some(Command::New { system: System::WOIN, name: Some(s("Bridge of Sighs")) }),
        ),
        (
            "new SW Bridge   of Sighs",
            Some(Command::New { system: System::SAVAGE, name: Some(s("Bridge of Sighs")) }),
        ),
        ("new gurps4e", Some(Command::New { system: System::GURPS, name: None })),
        ("new gem", Some(Command::New { system: System::GEMPUNKS, name: None })),
        // add
        (
            "add Goblin x4 side=enemy init=3d6 hidden",
            Some(Command::Add {
                name: s("Goblin"),
                count: Some(4),
                side: Some(Side::Enemy),
                fields: vec![field("init", Some("3d6")), field("hidden", None)],
            }),
        ),
        (
            "A \"Goblin Boss\" X2 SIDE=foe Soak=High",
            Some(Command::Add {
                name: s("Goblin Boss"),
                count: Some(2),
                side: Some(Side::Enemy),
                fields: vec![field("soak", Some("High"))],
            }),
        ),
        (
            "add Aria side=player note=\"owes two coins\"",
            Some(Command::Add {
                name: s("Aria"),
                count: None,
                side: Some(Side::Pc),
                fields: vec![field("note", Some("owes two coins"))],
            }),
        ),
        (
            "add O'Brien init=2d6 note=can't",
            Some(Command::Add {
                name: s("O'Brien"),
                count: None,
                side: None,
                fields: vec![field("init", Some("2d6")), field("note", Some("can't"))],
            }),
        ),
        (
            "add #3 hit_points=12 dark-vision",
            Some(Command::Add {
                name: s("#3"),
                count: None,
                side: None,
                fields: vec![field("hit_points", Some("12")), field("dark-vision", None)],
            }),
        ),
        (
            "add x3 x1 x",
            Some(Command::Add {
                name: s("x3"),
                count: Some(1),
                side: None,
                fields: vec![field("x", None)],
            }),
        ),
        // remove
        ("rm \"Goblin 2\"", Some(Command::Remove { who: s("Goblin 2") })),
        ("remove \"Bob \\\"the Axe\\\"\"", Some(Command::Remove { who: s("Bob \"the Axe\"") })),
        ("REMOVE C:\\dungeon", Some(Command::Remove { who: s("C:\\dungeon") })),
        ("remove O\"'\"Brien", Some(Command::Remove { who: s("O'Brien") })),
        ("remove O'Brien", Some(Command::Remove { who: s("O'Brien") })),
        ("remove 'Goblin'", Some(Command::Remove { who: s("'Goblin'") })),
        ("remove #1", Some(Command::Remove { who: s("#1") })),
        ("remove a#b # the one with a hash", Some(Command::Remove { who: s("a#b") })),
        // init, swap, hold, act
        ("init Aria 17", Some(Command::Init { who: s("Aria"), value: s("17") })),
        ("initiative brom QS", Some(Command::Init { who: s("brom"), value: s("QS") })),
        ("swap Aria Brom", Some(Command::Swap { first: s("Aria"), second: s("Brom") })),
        ("hold", Some(Command::Hold { who: None })),
        ("delay Aria", Some(Command::Hold { who: Some(s("Aria")) })),
        ("act Aria", Some(Command::Act { who: s("Aria") })),
        // damage
        ("dmg Aria 7", Some(damage("Aria", Amount::Fixed(7), None, false))),
        (
            "damage \"Goblin 2\" 2d6+1 slashing raw",
            Some(damage("Goblin 2", Amount::Dice(s("2d6+1")), Some("slashing"), true)),
        ),
        ("damage Aria 5 RAW FIRE", Some(damage("Aria", Amount::Fixed(5), Some("fire"), true))),
        (
            "damage Aria \"2d6 + 1\" \"cold iron\"",
            Some(damage("Aria", Amount::Dice(s("2d6+1")), Some("cold iron"), false)),
        ),
        // A quoted `raw` is the type, a bare one the flag.
        ("damage Aria 5 \"RAW\" raw", Some(damage("Aria", Amount::Fixed(5), Some("raw"), true))),
        // GURPS: `2d` is two six-sided dice.
        ("damage Aria 2d", Some(damage("Aria", Amount::Dice(s("2d6")), None, false))),
        ("damage Aria +5", Some(damage("Aria", Amount::Fixed(5), None, false))),
        ("damage Aria 1000000", Some(damage("Aria", Amount::Fixed(1_000_000), None, false))),
        // heal
        ("heal Aria 5", Some(Command::Heal { who: s("Aria"), amount: Amount::Fixed(5) })),
        ("heal Aria 0", Some(Command::Heal { who: s("Aria"), amount: Amount::Fixed(0) })),
        (
            "heal Aria 2d4+2",
            Some(Command::Heal { who: s("Aria"), amount: Amount::Dice(s("2d4+2")) }),
        ),
        // cond, uncond, shake
        (
            "cond Aria dazed severe rounds=2",
            Some(Command::Cond {
                who: s("Aria"),
                condition: s("dazed"),
                severe: true,
                fields: vec![field("rounds", Some("2"))],
            }),
        ),
        (
            "condition Aria Dazed Rounds=2 SEVERE source=spell",
            Some(Command::Cond {
                who: s("Aria"),
                condition: s("Dazed"),
                severe: true,
                fields: vec![field("rounds", Some("2")), field("source", Some("spell"))],
            }),
        ),
        ("uncond Aria dazed", Some(Command::Uncond { who: s("Aria"), condition: s("dazed") })),
        ("clear Aria dazed", Some(Command::Uncond { who: s("Aria"), condition: s("dazed") })),
        ("shake Aria dazed", Some(Command::Shake { who: s("Aria"), condition: s("dazed") })),
        (
            "set severe_needs_six=off",
            Some(Command::Set { option: s("severe_needs_six"), value: s("off") }),
        ),
        (
            "set Damage_Die_Cost 1",
            Some(Command::Set { option: s("damage_die_cost"), value: s("1") }),
        ),
        // attack
        (
            "attack Aria goblin sword higher",
            Some(Command::Attack {
                attacker: s("Aria"),
                targets: vec![s("goblin")],
                weapon: Some(s("sword")),
                fields: vec![field("higher", None)],
            }),
        ),
        (
            "atk Aria goblin AIM range=30",
            Some(Command::Attack {
                attacker: s("Aria"),
                targets: vec![s("goblin")],
                weapon: None,
                fields: vec![field("aim", None), field("range", Some("30"))],
            }),
        ),
        (
            "attack Aria goblin \"higher\" cover",
            Some(Command::Attack {
                attacker: s("Aria"),
                targets: vec![s("goblin")],
                weapon: Some(s("higher")),
                fields: vec![field("cover", None)],
            }),
        ),
        // roll
        ("roll 4d6kh3 for Aria", Some(Command::Roll { expr: s("4d6kh3"), by: Some(s("Aria")) })),
        (
            "r 2D6 + 3 FOR \"Goblin 2\"",
            Some(Command::Roll { expr: s("2d6+3"), by: Some(s("Goblin 2")) }),
        ),
        ("roll d%", Some(Command::Roll { expr: s("d100"), by: None })),
        // note: the rest of the line, words joined by single spaces.
        (
            "note Aria owes two coins",
            Some(Command::Note { who: s("Aria"), text: s("owes two coins") }),
        ),
        (
            "note Aria   owes   two coins  # to the ferryman",
            Some(Command::Note { who: s("Aria"), text: s("owes two coins") }),
        ),
        (
            "note Aria \"can't move\" yet",
            Some(Command::Note { who: s("Aria"), text: s("can't move yet") }),
        ),
        ("note Aria can't move", Some(Command::Note { who: s("Aria"), text: s("can't move") })),
        ("note Aria owes #3", Some(Command::Note { who: s("Aria"), text: s("owes #3") })),
        ("note Aria owes # 3 coins", Some(Command::Note { who: s("Aria"), text: s("owes") })),
        (
            "note Aria \"# not a comment\"",
            Some(Command::Note { who: s("Aria"), text: s("# not a comment") }),
        ),
        // save
        ("save", Some(Command::Save { path: None, overwrite: false })),
        (
            "save O'Brien's.ron",
            Some(Command::Save { path: Some(s("O'Brien's.ron")), overwrite: false }),
        ),
        (
            "w \"my saves/bridge.ron\"",
            Some(Command::Save { path: Some(s("my saves/bridge.ron")), overwrite: false }),
        ),
        ("save b.ron overwrite", Some(Command::Save { path: Some(s("b.ron")), overwrite: true })),
    ];
    for (line, expected) in table {
        assert_eq!(ok(line), expected, "line {line:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Bad lines
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_lines_explain_what_was_expected() {
    let long_text = format!("note Aria {}", "x".repeat(MAX_TEXT));
    let long_line = format!("next{}", " ".repeat(MAX_LINE));
    let table: Vec<(&str, &[&str])> = vec![
        // Unknown commands suggest the nearest.
        ("atack Aria goblin", &["unknown command 'atack'", "did you mean attack", "help"]),
        ("nxt", &["unknown command 'nxt'", "did you mean next"]),
        ("damgae Aria 3", &["did you mean damage"]),
        ("\"next\"", &["unknown command 'next'"]),
        // Only a `#` standing alone starts a comment.
        ("#next", &["unknown command '#next'", "did you mean next"]),
        // Missing arguments name what is missing, with the usage line.
        ("damage", &["expected a combatant NAME", "(usage: damage NAME AMOUNT|DICE [TYPE] [raw])"]),
        ("dmg Aria", &["expected an AMOUNT or DICE", "usage: damage NAME"]),
        ("remove", &["expected a combatant NAME", "usage: remove NAME"]),
        ("add", &["expected a NAME", "usage: add NAME [xN]"]),
        ("swap Aria", &["expected the OTHER combatant's name", "usage: swap NAME OTHER"]),
        ("init Aria", &["initiative VALUE", "usage: init NAME VALUE"]),
        ("cond Aria", &["expected a CONDITION", "usage: cond NAME CONDITION [severe]"]),
        ("uncond Aria", &["expected a CONDITION", "usage: uncond"]),
        ("attack Aria", &["expected a TARGET", "usage: attack"]),
        ("heal Aria", &["expected an AMOUNT", "usage: heal NAME AMOUNT"]),
        ("note Aria", &["expected the note's TEXT", "usage: note NAME TEXT"]),
        ("note Aria \"  \"", &["expected the note's TEXT"]),
        ("roll", &["expected a dice EXPR", "usage: roll EXPR [for NAME]"]),
        ("roll for Aria", &["expected a dice EXPR"]),
        ("roll 2d6 for", &["a combatant NAME after 'for'"]),
        ("new", &["expected a system (woin, gempunks, savage or gurps)"]),
        ("remove #", &["expected a combatant NAME"]),
        // Blank names.
        ("remove \"\"", &["a combatant NAME must not be empty"]),
        ("act \"   \"", &["must not be empty"]),
        ("hold \"\"", &["a combatant NAME must not be empty", "usage: hold [NAME]"]),
        ("delay \" \"", &["a combatant NAME must not be empty"]),
        ("save \"\"", &["a file PATH must not be empty", "usage: save [PATH]"]),
        ("w \"\t\"", &["a file PATH must not be empty"]),
        // Quotes: only double quotes group words.
        ("add \"Goblin", &["unclosed \" quote at column 5: close it with another \""]),
        ("note Aria \"can't move", &["unclosed \" quote at column 11"]),
        ("remove \"Goblin\\", &["a backslash at the end of the line"]),
        ("remove 'Goblin 2'", &["unexpected '2'' at the end", "usage: remove NAME"]),
        // Values out of range.
        ("add X x0", &["x0: expected x1 to x100", "usage: add NAME [xN]"]),
        ("add X x101", &["x101: expected x1 to x100"]),
        ("add X X99999999999", &["expected x1 to x100"]),
        ("heal A -3", &["healing must be from 0 to 1000000, found -3", "usage: heal"]),
        ("heal A 2x4", &["expected an AMOUNT or DICE", "usage: heal NAME AMOUNT|DICE"]),
        ("heal A 1000001", &["found 1000001"]),
        ("heal A lots", &["expected an AMOUNT or DICE"]),
        ("heal A 2d6x", &["expected an AMOUNT or DICE"]),
        ("damage A 2d+", &["expected an AMOUNT or DICE", "dice", "usage: damage"]),
        ("damage A d", &["expected an AMOUNT or DICE"]),
        ("damage A lots", &["expected an AMOUNT or DICE"]),
        ("damage A -1", &["damage must be from 0 to 1000000, found -1"]),
        ("damage A 1000001", &["found 1000001"]),
        // Issue 22, item 15: a negative number in parentheses is refused as it is typed.
        ("damage A (-3)", &["damage must be from 0 to 1000000, found -3"]),
        ("heal A (1-4)", &["healing must be from 0 to 1000000, found -3"]),
        ("damage A (999999+2)", &["damage must be from 0 to 1000000, found 1000001"]),
        ("roll 2d6+", &["dice", "usage: roll"]),
        ("roll 2d6 Aria", &["usage: roll EXPR [for NAME]"]),
        (
            "new chess",
            &[
                "unknown system 'chess'; expected woin, gempunks, savage or gurps",
                "usage: new SYSTEM [NAME]",
            ],
        ),
        ("add X side=boss", &["side=boss: expected pc, ally, enemy or neutral", "usage: add"]),
        ("add X side", &["side=: expected pc, ally, enemy or neutral"]),
        // Fields: names are plain words.
        ("add X =3", &["'=3' has no field name before '='"]),
        ("add X \"hidden\"", &["expected FIELD=VALUE or a flag, found \"hidden\""]),
        ("cond A dazed \"rounds=2\"", &["expected FIELD=VALUE or a flag"]),
        (
            "cond A dazed 'rounds=2'",
            &[
                "''rounds' is not a field name: use letters, digits, _ and . (quote names, not fields)",
                "usage: cond",
            ],
        ),
        ("add Goblin 'x", &["''x' is not a field name"]),
        ("add 'Goblin Boss'", &["'boss'' is not a field name"]),
        ("add Goblin #3", &["'#3' is not a field name"]),
        ("add X a/b=1", &["'a/b' is not a field name"]),
        ("add X a..b=1", &["'a..b' is not a field name"]),
        ("add X .b=1", &["'.b' is not a field name"]),
        ("add X a\\b", &["'a\\b' is not a field name"]),
        ("attack A B sword da:rk", &["'da:rk' is not a field name"]),
        // Too many words.
        ("start now", &["unexpected 'now' at the end", "usage: start"]),
        ("next 2", &["unexpected '2' at the end"]),
        ("remove Goblin 2", &["unexpected '2' at the end", "usage: remove NAME"]),
        ("damage A 5 fire ice", &["unexpected 'ice' at the end"]),
        ("heal A 5 6", &["unexpected '6'"]),
        // Too long: the text, and the raw line.
        (long_text.as_str(), &["the command holds 4106 bytes of text; at most 4096 are accepted"]),
        (long_line.as_str(), &["the line is 65540 bytes long; at most 65536 are read"]),
    ];
    for (line, wanted) in table {
        let text = err(line);
        for want in wanted {
            assert!(text.contains(want), "{line:?}: error {text:?} should contain {want:?}");
        }
    }
}

#[test]
fn the_usage_line_comes_only_once_the_command_is_known() {
    let unknown = parse("frobnicate").unwrap_err();
    assert_eq!(unknown.usage, None);
    let quote = parse("add \"Goblin").unwrap_err();
    assert_eq!(quote.usage, None);
    let missing = parse("dmg").unwrap_err();
    assert_eq!(missing.usage.as_deref(), Some("damage NAME AMOUNT|DICE [TYPE] [raw]"));
}

/// Apostrophes are ordinary characters, as GMs type them in notes and names; they never group
/// words.
#[test]
fn apostrophes_are_ordinary_characters() {
    assert_eq!(
        ok("note Aria can't move"),
        Some(Command::Note { who: s("Aria"), text: s("can't move") })
    );
    assert_eq!(
        ok("note Aria \"can't move\""),
        Some(Command::Note { who: s("Aria"), text: s("can't move") })
    );
    assert_eq!(
        ok("add O'Brien"),
        Some(Command::Add { name: s("O'Brien"), count: None, side: None, fields: vec![] })
    );
    let words: Vec<String> = tokenize("'Goblin 2'").unwrap().into_iter().map(|t| t.text).collect();
    assert_eq!(words, ["'Goblin", "2'"]);
    assert!(!tokenize("'Goblin'").unwrap()[0].quoted);
}

/// The limits: the raw line may be long (spaces, quotes and escapes), the text in it may not.
#[test]
fn the_text_limit_counts_the_words_not_the_quotes() {
    // Separators count as text too: "note", "A" and the note, with two spaces.
    let just_fits = format!("note A {}", "x".repeat(MAX_TEXT - "note A ".len()));
    assert!(matches!(ok(&just_fits), Some(Command::Note { .. })));
    let one_more = format!("note A {}", "x".repeat(MAX_TEXT + 1 - "note A ".len()));
    assert!(err(&one_more).contains("holds 4097 bytes of text; at most 4096"));
    // Far longer than MAX_TEXT, but mostly spaces and quotes.
    let padded = format!("next{}", " ".repeat(MAX_LINE - "next".len()));
    assert_eq!(ok(&padded), Some(Command::Next { roll: vec![], flags: vec![] }));
    let escaped = format!("note A \"{}\"", "\\\"".repeat(MAX_TEXT - "note A ".len()));
    assert_eq!(
        ok(&escaped),
        Some(Command::Note { who: s("A"), text: "\"".repeat(MAX_TEXT - "note A ".len()) })
    );
}

// ---------------------------------------------------------------------------------------------
// Completion
// ---------------------------------------------------------------------------------------------

fn completions(line: &str) -> Vec<String> {
    complete(line, &context())
}

#[test]
fn completes_command_names_from_a_prefix() {
    let all: Vec<String> = {
        let mut names: Vec<String> = all_commands().into_iter().map(|c| s(c.name)).collect();
        names.sort();
        names
    };
    assert_eq!(completions(""), all);
    assert_eq!(completions("   "), all);
    assert_eq!(completions("n"), ["new", "next", "note"]);
    assert_eq!(completions("RE"), ["reaction", "redo", "remove", "reveal"]);
    assert_eq!(completions("  sh"), ["shake", "show"]);
    assert_eq!(completions("dam"), ["damage"]);
    assert!(completions("zz").is_empty());
}

/// Everyone in [`context`], as offered: quoted where needed, sorted ignoring the quote and case.
const EVERYONE: [&str; 4] = ["Aria", "brom", "\"Goblin 1\"", "\"Goblin 2\""];

#[test]
fn completes_combatant_names_and_quotes_those_with_spaces() {
    let everyone = EVERYONE;
    assert_eq!(completions("remove "), everyone);
    assert_eq!(completions("rm "), everyone);
    assert_eq!(completions("REMOVE "), everyone);
    assert_eq!(completions("hold "), everyone);
    assert_eq!(completions("remove a"), ["Aria"]);
    assert_eq!(completions("remove B"), ["brom"]);
    assert_eq!(completions("remove gob"), ["\"Goblin 1\"", "\"Goblin 2\""]);
    assert_eq!(completions("remove \"gob"), ["\"Goblin 1\"", "\"Goblin 2\""]);
    assert_eq!(completions("remove \"Goblin 2"), ["\"Goblin 2\""]);
    assert_eq!(completions("swap Aria "), everyone);
    assert_eq!(completions("attack Aria "), everyone);
    assert_eq!(completions("damage "), everyone);
    assert!(completions("remove z").is_empty());
    // Every completion, put back into the line, parses to that combatant.
    for offered in completions("remove ") {
        let line = format!("remove {offered}");
        match ok(&line) {
            Some(Command::Remove { who }) => {
                assert!(context().combatants.contains(&who), "{line:?}")
            }
            other => panic!("{line:?} gives {other:?}"),
        }
    }
}

#[test]
fn completes_conditions_then_severe() {
    assert_eq!(completions("cond Aria "), ["Dazed", "Prone", "Stunned"]);
    assert_eq!(completions("cond Aria d"), ["Dazed"]);
    assert_eq!(completions("uncond Aria "), ["Dazed", "Prone", "Stunned"]);
    assert_eq!(completions("shake Aria s"), ["Stunned"]);
    assert_eq!(completions("cond Aria dazed "), ["severe"]);
    assert_eq!(completions("cond Aria dazed SE"), ["severe"]);
    assert!(completions("cond Aria dazed x").is_empty());
    // After the flag come fields, which are not completed.
    assert!(completions("cond Aria dazed severe ").is_empty());
    assert!(completions("cond Aria dazed severe rounds=2 ").is_empty());
}

#[test]
fn completes_systems_weapons_and_raw() {
    assert_eq!(completions("new "), ["gempunks", "gurps", "savage", "woin"]);
    assert_eq!(completions("new g"), ["gempunks", "gurps"]);
    assert_eq!(completions("attack Aria brom "), ["\"long bow\"", "sword"]);
    assert_eq!(completions("atk Aria brom s"), ["sword"]);
    assert_eq!(completions("damage Aria 5 fire "), ["raw"]);
    assert_eq!(completions("damage Aria 5 fire r"), ["raw"]);
}

/// Issue 14, item 15: after `add` come the names in the system's bestiary, quoted where needed;
/// a name of one's own is still taken.
#[test]
fn completes_bestiary_names_after_add() {
    assert_eq!(completions("add "), ["\"Giant Rat\"", "Goblin"]);
    assert_eq!(completions("a g"), ["\"Giant Rat\"", "Goblin"]);
    assert_eq!(completions("add gob"), ["Goblin"]);
    assert!(completions("add Goblin ").is_empty());
    assert!(completions("add z").is_empty());
}

/// A quoted name with a space is one word, so the next argument is completed.
#[test]
fn completion_after_a_quoted_name_with_a_space() {
    assert_eq!(completions("cond \"Goblin 2\" "), ["Dazed", "Prone", "Stunned"]);
    assert_eq!(completions("cond \"Goblin 2\" d"), ["Dazed"]);
    assert_eq!(completions("cond \"Goblin 2\" dazed "), ["severe"]);
    assert_eq!(completions("swap \"Goblin 1\" "), EVERYONE);
    assert_eq!(completions("attack \"Goblin 1\" Aria "), ["\"long bow\"", "sword"]);
    // A quote still open: the space belongs to the name being typed.
    assert_eq!(completions("remove \"Goblin "), ["\"Goblin 1\"", "\"Goblin 2\""]);
    assert!(completions("remove \"Goblin 2\" ").is_empty());
}

/// `roll EXPR [for NAME]`: `for` after the expression (however many words it has), then the
/// combatants.
#[test]
fn completion_of_roll_for_name() {
    assert_eq!(completions("roll 2d6 "), ["for"]);
    assert_eq!(completions("r 2d6 + 3 F"), ["for"]);
    assert!(completions("roll 2d6 x").is_empty());
    assert_eq!(completions("roll 2d6 for "), EVERYONE);
    assert_eq!(completions("roll 2d6 FOR g"), ["\"Goblin 1\"", "\"Goblin 2\""]);
    for offered in completions("roll 2d6 for ") {
        let line = format!("roll 2d6 for {offered}");
        match ok(&line) {
            Some(Command::Roll { by: Some(by), .. }) => {
                assert!(context().combatants.contains(&by), "{line:?}")
            }
            other => panic!("{line:?} gives {other:?}"),
        }
    }
}

/// Completion quotes exactly as the canonical text does, so a name with an apostrophe, a
/// quote, a backslash, a tab, `=` or a leading `#` completes to a line that names it.
#[test]
fn completion_quotes_awkward_names() {
    let names = ["O'Brien", "#1", "Bob \"the Axe\"", "tab\there", "a=b", "C:\\x y", "#"];
    let ctx = CompletionContext {
        combatants: names.iter().map(|n| s(n)).collect(),
        ..CompletionContext::default()
    };
    let offered = complete("remove ", &ctx);
    let quoted: BTreeSet<String> = names.iter().map(|n| quote(n)).collect();
    assert_eq!(offered.iter().cloned().collect::<BTreeSet<_>>(), quoted);
    for word in &offered {
        let line = format!("remove {word}");
        match parse(&line) {
            Ok(Some(Command::Remove { who })) => assert!(names.contains(&who.as_str()), "{line:?}"),
            other => panic!("{line:?} is offered but gives {other:?}"),
        }
    }
    // O'Brien needs no quotes; the partial word may be typed inside quotes, escapes and all.
    assert_eq!(complete("remove o'", &ctx), ["O'Brien"]);
    assert_eq!(complete("remove \"Bob \\\"", &ctx), ["\"Bob \\\"the Axe\\\"\""]);
    assert_eq!(complete("remove #", &ctx), ["\"#\"", "\"#1\""]);
}

#[test]
fn offers_nothing_where_nothing_fits() {
    for line in [
        "frobnicate ",
        "next ",
        "start ",
        "add Goblin ",
        "add Goblin x3 ",
        "heal Aria ",
        "note Aria ",
        "init Aria ",
        "roll ",
        "save ",
        "remove Aria ",
        "remove \"Goblin 2\" ",
    ] {
        assert!(completions(line).is_empty(), "{line:?}: {:?}", completions(line));
    }
}

// ---------------------------------------------------------------------------------------------
// The command table
// ---------------------------------------------------------------------------------------------

#[test]
fn every_command_is_documented_and_its_example_parses() {
    for spec in all_commands() {
        assert!(!spec.summary.trim().is_empty(), "{}: no summary", spec.name);
        assert!(!spec.help.trim().is_empty(), "{}: no help", spec.name);
        assert!(!spec.example.trim().is_empty(), "{}: no example", spec.name);
        assert!(spec.usage().starts_with(spec.name), "{}", spec.usage());
        let cmd = match parse(spec.example) {
            Ok(Some(cmd)) => cmd,
            other => panic!("{}: example {:?} gives {other:?}", spec.name, spec.example),
        };
        assert_eq!(cmd.name(), spec.name, "example {:?}", spec.example);
        assert_eq!(parse(&cmd.to_string()), Ok(Some(cmd)), "{}", spec.example);
    }
}

#[test]
fn command_names_and_aliases_are_unique_lowercase_words() {
    let mut seen = BTreeSet::new();
    for spec in all_commands() {
        for word in std::iter::once(&spec.name).chain(spec.aliases) {
            assert!(seen.insert(*word), "{word:?} is used twice");
            assert!(!word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase()), "{word:?}");
            // Every name and alias reaches its own command.
            let line = format!(
                "{} {}",
                word.to_uppercase(),
                spec.example.split_once(' ').map_or("", |(_, rest)| rest)
            );
            assert_eq!(ok(&line).map(|c| c.name()), Some(spec.name), "{line:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Regressions: bugs these tests found, now fixed
// ---------------------------------------------------------------------------------------------

/// `damage A 5 "raw"` reads "raw" as the damage type (it is quoted); the canonical text quotes
/// it too, as a bare `raw` is the flag.
#[test]
fn damage_type_named_raw_round_trips() {
    let cmd = ok("damage A 5 \"raw\"").unwrap();
    assert_eq!(
        cmd,
        Command::Damage { who: s("A"), amount: Amount::Fixed(5), kind: Some(s("raw")), raw: false }
    );
    assert_eq!(cmd.to_string(), "damage A 5 \"raw\"");
    assert_eq!(parse(&cmd.to_string()), Ok(Some(cmd)));
    let both = ok("damage A 5 raw \"Raw\"").unwrap();
    assert_eq!(both.to_string(), "damage A 5 \"raw\" raw");
    assert_eq!(parse(&both.to_string()), Ok(Some(both)));
}

/// A quote in the middle of a field word used to put a space into the key, which the canonical
/// text then printed as two fields. Field names are plain words now.
#[test]
fn field_key_with_a_space_or_quote_is_refused() {
    let message = "is not a field name: use letters, digits, _ and . (quote names, not fields)";
    assert_eq!(err("add X a\" \"b=1"), format!("'a b' {message} (usage: {})", usage("add")));
    assert!(err("cond A dazed x\"=\"y=1").starts_with(&format!("'x=y' {message}")));
    assert!(err("attack A B sword a'b=1").starts_with(&format!("'a'b' {message}")));
    // Quotes that leave a plain word are harmless.
    assert_eq!(
        ok("add X a\"\"b"),
        Some(Command::Add {
            name: s("X"),
            count: None,
            side: None,
            fields: vec![field("ab", None)]
        })
    );
}

fn usage(name: &str) -> String {
    all_commands().into_iter().find(|c| c.name == name).unwrap().usage()
}

/// The canonical text adds quotes and escapes, so it can be longer than the line it came
/// from; the limit counts only the text inside the words, so it still parses.
#[test]
fn canonical_text_with_escapes_at_the_limit_parses() {
    let line = format!("note A {}", "\\".repeat(MAX_TEXT - "note A ".len()));
    let cmd = ok(&line).unwrap();
    let text = cmd.to_string();
    assert!(text.len() > line.len() + 4000, "{}", text.len());
    assert_eq!(parse(&text), Ok(Some(cmd)));
    // Every character escaped: the canonical text is twice the text.
    let cmd = Command::Note { who: s("A"), text: "\"".repeat(MAX_TEXT - "note A ".len()) };
    let text = cmd.to_string();
    assert_eq!(text.len(), 2 * MAX_TEXT - "note A ".len() + 2);
    assert_eq!(parse(&text), Ok(Some(cmd)));
}

/// The column in "unclosed quote" errors counts characters, not bytes, and points at the quote.
#[test]
fn unclosed_quote_column_counts_characters() {
    // The quote is the 12th character (the 13th byte).
    assert_eq!(err("add Élodie \"x"), "unclosed \" quote at column 12: close it with another \"");
    assert!(err("note 龍 🐉 \"x").contains("column 10"));
    // The quote that is left open, not the start of the word.
    assert!(err("remove ab\"c").contains("column 10"));
    assert!(err("add \"a\" b\"c\" \"d").contains("column 14"));
}

// ---------------------------------------------------------------------------------------------
// Known bugs, still open
// ---------------------------------------------------------------------------------------------

/// `note` and `new` join their remaining words with single spaces; separators count as text,
/// so a line at the limit still fits once printed as one quoted word.
#[test]
fn canonical_text_of_a_line_at_the_limit_parses() {
    for head in ["note A", "new woin"] {
        let line = format!("{head} {} b", "a".repeat(MAX_TEXT - head.len() - 3));
        let cmd = ok(&line).unwrap();
        let text = cmd.to_string();
        assert_eq!(parse(&text), Ok(Some(cmd)), "{head} …");
    }
}

/// Dice are printed in canonical form, which can be longer than what was typed (`d%` is
/// `d100`); a command whose canonical text would not fit is refused up front, and anything
/// accepted reads back.
#[test]
fn canonical_text_of_long_dice_parses_or_is_refused() {
    for head in ["roll", "damage A"] {
        let line = format!("{head} d%{}", "+d%".repeat(818));
        assert!(
            err(&line).contains("written out, the command holds more than 4096 bytes"),
            "{head}"
        );
        let line = format!("{head} d%{}", "+d%".repeat(500));
        let cmd = ok(&line).unwrap();
        assert_eq!(parse(&cmd.to_string()), Ok(Some(cmd)), "{head} …");
    }
}

/// After `roll EXPR for NAME` the line is complete, but completion offers `for` again (and,
/// with no expression, names straight after `roll for`); either completed line is an error.
#[test]

fn completion_of_roll_stops_after_the_name() {
    assert_eq!(completions("roll 2d6 for Aria "), Vec::<String>::new());
    assert_eq!(completions("roll for "), Vec::<String>::new());
}

/// Issue 24 item 5 (GURPS-MAN-1): Tab after `maneuver NAME ` offers the GURPS maneuvers, each
/// one the `maneuver` help names, and a beginning narrows them; `do NAME ` offers the system's
/// actions in every system; without a system there is nothing to offer.
#[test]
fn gurps_man_1_tab_completes_maneuver_names() {
    use skirmish::rules::System;
    let mut ctx = context();
    ctx.system = Some(System::GURPS);
    let offered = complete("maneuver Aria ", &ctx);
    let help = skirmish::command::table::find("maneuver", Some(System::GURPS)).expect("maneuver");
    let listed = help.help.split("KIND is ").nth(1).and_then(|t| t.split('.').next());
    let mut listed: Vec<String> = listed
        .expect("the help lists the kinds")
        .split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "or")
        .map(String::from)
        .collect();
    listed.sort();
    assert_eq!(offered, listed);
    assert_eq!(offered.len(), 19, "{offered:?}");
    let cases: [(&str, &[&str]); 6] = [
        ("maneuver Aria aoa", &["aoa-determined", "aoa-double", "aoa-feint", "aoa-strong"]),
        ("man Aria AOD-D", &["aod-dodge", "aod-double"]),
        ("maneuver \"Goblin 1\" e", &["evaluate"]),
        ("maneuver Aria do", &["do-nothing"]),
        ("do Aria aoa-s", &["aoa-strong"]),
        ("maneuver Aria x", &[]),
    ];
    for (line, want) in cases {
        assert_eq!(complete(line, &ctx), want, "{line:?}");
    }
    // The names go on to the fields, which are not completed.
    assert!(complete("maneuver Aria aim ", &ctx).is_empty());
    ctx.system = Some(System::WOIN);
    assert!(complete("do Aria ", &ctx).iter().any(|a| a == "aim"), "WOIN's actions");
    ctx.system = None;
    assert!(complete("do Aria ", &ctx).is_empty());
}

/// Sorting ignores case but `dedup` only drops neighbours, so the same word is offered twice
/// when a different-case spelling sorts between its copies (weapons gathered from several
/// stat blocks).
#[test]

fn completion_offers_each_word_once() {
    let ctx = CompletionContext {
        weapons: vec![s("sword"), s("Sword"), s("sword")],
        ..CompletionContext::default()
    };
    let offered = complete("attack A B ", &ctx);
    let unique: BTreeSet<&String> = offered.iter().collect();
    assert_eq!(unique.len(), offered.len(), "{offered:?}");
}

/// Inside an encounter the parser and completion know the core commands and that system's own;
/// another system's command is refused with whose it is.
#[test]
fn system_commands_belong_to_their_system() {
    use crate::typed_command::parse_in;
    use skirmish::rules::System;
    let woin = Some(System::WOIN);
    assert!(matches!(
        parse_in("luck Aria dazed", woin),
        Ok(Some(Command::Special { verb: "luck", .. }))
    ));
    let err = parse_in("soak Aria", woin).expect_err("soak is not WOIN's");
    assert!(
        err.to_string().contains("`soak` is a Savage Worlds command; this encounter runs WOIN"),
        "{err}"
    );
    let err = parse_in("luck Jessa shaken", Some(System::SAVAGE)).expect_err("luck is WOIN's");
    assert!(err.to_string().contains("`luck` is a WOIN command"), "{err}");
    let mut ctx = context();
    ctx.system = woin;
    assert_eq!(complete("l", &ctx), ["luck"]);
    assert!(complete("", &ctx).iter().all(|c| c != "soak" && c != "benny"));
    ctx.system = Some(System::GURPS);
    assert!(complete("", &ctx).iter().all(|c| c != "luck" && c != "soak"));
    let docs = skirmish::command::help::markdown();
    for section in ["## WOIN commands", "### luck", "## Savage Worlds commands", "### soak"] {
        assert!(docs.contains(section), "docs/commands.md lacks {section}");
    }
}
