//! Hostile numbers never stop the program (issue 22, item 5): commands of the four systems with
//! extreme numbers in every argument and field, saves and asset overrides edited to hold them,
//! all driven through the real entry points with overflow checks on (tests build in debug).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::LazyLock;

use proptest::prelude::*;
use proptest::sample::Index;
use skirmish::command::{parse_in, table};
use skirmish::encounter::{Session, engine};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::rules::signature::ArgKind;
use skirmish::rules::stats::FieldKind;
use skirmish::save;

use crate::harness::assets;

/// Numbers at and past every edge a parser or a sum might meet.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1000000",
    "1000001",
    "-1000001",
    "2147483647",
    "-2147483648",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "99999999999999999999",
];

/// An extreme number, or now and then an ordinary one, so a value gets past the checks of
/// its neighbours and into the rules' sums.
fn number() -> BoxedStrategy<String> {
    prop_oneof![
        3 => prop::sample::select(EXTREMES).prop_map(str::to_string),
        1 => (-5i64..30).prop_map(|n| n.to_string()),
    ]
    .boxed()
}

/// A number for a field that takes `min` to `max`: its own edges and just past them as often
/// as any extreme, since the largest values allowed are where the rules' sums grow.
fn edges(min: i64, max: i64) -> BoxedStrategy<String> {
    let (min, max) = (min.max(-1_000_000), max.min(1_000_000));
    let edges = vec![min, max, min - 1, max + 1, 0.clamp(min, max)];
    prop_oneof![
        2 => number(),
        2 => prop::sample::select(edges).prop_map(|n| n.to_string()),
        1 => (min..=max).prop_map(|n| n.to_string()),
    ]
    .boxed()
}

/// A positive count or size, extreme or ordinary.
fn count() -> BoxedStrategy<String> {
    prop_oneof![
        3 => prop::sample::select(EXTREMES).prop_map(|n| n.trim_start_matches('-').to_string()),
        1 => (1u32..13).prop_map(|n| n.to_string()),
    ]
    .boxed()
}

/// Dice written as each system writes them, with extreme counts, sides and bonuses.
fn dice() -> BoxedStrategy<String> {
    (count(), count(), number(), 0usize..10)
        .prop_map(|(n, sides, bonus, shape)| match shape {
            0 => format!("{n}d{sides}"),
            1 => format!("d6+{bonus}"),
            2 => format!("{n}d6{bonus:+}").replace("+-", "-"),
            3 => bonus,
            4 => format!("{n}d6-{}", bonus.trim_start_matches('-')),
            5 => format!("{n}d6:fire,{bonus}"),
            6 => format!("str+d{sides}+{}", bonus.trim_start_matches('-')),
            7 => format!("{n}d{sides}!"),
            8 => format!("{n}d6kh{sides}"),
            _ => format!("1d6{bonus}"),
        })
        .boxed()
}

/// Faces typed at the table.
fn faces() -> BoxedStrategy<String> {
    prop::collection::vec(prop_oneof![count(), Just("6".to_string())], 1..4)
        .prop_map(|f| f.join(","))
        .boxed()
}

/// A Savage Worlds trait die with a bonus.
fn die() -> BoxedStrategy<String> {
    (prop::sample::select(&["4", "8", "12", "7"][..]), number())
        .prop_map(|(sides, bonus)| format!("d{sides}{bonus:+}").replace("+-", "-"))
        .boxed()
}

/// What a value of the fight may hold: names, conditions and weapons of the fight besides
/// numbers.
#[derive(Debug, Clone)]
struct Names {
    combatants: Vec<String>,
    conditions: Vec<String>,
    weapons: Vec<String>,
    /// Each combatant's name and its weapons.
    armed: Vec<(String, Vec<String>)>,
}

/// A name, quoted.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', ""))
}

/// Text in which numbers hide: a name and a count, a range, a typed part, a number alone.
fn text(names: &Names) -> BoxedStrategy<String> {
    let who = prop::sample::select(names.combatants.clone());
    prop_oneof![
        number(),
        (who, number()).prop_map(|(w, n)| format!("{}:{n}", w.replace(['"', ' '], ""))),
        (number(), number(), number()).prop_map(|(a, b, c)| format!("{a}/{b}/{c}")),
        (number(), number()).prop_map(|(a, b)| format!("{a}.{b}")),
        dice(),
    ]
    .boxed()
}

/// One piece of a command line.
#[derive(Debug, Clone)]
enum Piece {
    Word(String),
    Arg(ArgKind),
    Stat(FieldKind),
    /// An attacker, another as its target, and one of the attacker's weapons (or none named).
    Sides,
}

/// A value for `piece`.
fn piece(piece: &Piece, names: &Names) -> BoxedStrategy<String> {
    let pick = |list: &[String]| {
        let list = if list.is_empty() { vec!["x".to_string()] } else { list.to_vec() };
        prop::sample::select(list).prop_map(|n| quoted(&n)).boxed()
    };
    match piece {
        Piece::Word(word) => Just(word.clone()).boxed(),
        Piece::Sides => {
            let armed = names.armed.clone();
            (0..armed.len(), 1..armed.len().max(2), any::<prop::sample::Index>())
                .prop_map(move |(a, shift, w)| {
                    let (attacker, weapons) = &armed[a];
                    let target = &armed[(a + shift) % armed.len()].0;
                    let mut out = format!("{} {}", quoted(attacker), quoted(target));
                    if !weapons.is_empty() && w.index(3) > 0 {
                        let weapon: &String = w.get(weapons);
                        out = format!("{out} {}", quoted(weapon));
                    }
                    out
                })
                .boxed()
        }
        Piece::Arg(kind) => match kind {
            ArgKind::Combatant => pick(&names.combatants),
            ArgKind::Condition => pick(&names.conditions),
            ArgKind::Weapon => pick(&names.weapons),
            ArgKind::Creature => Just("Hostile".to_string()).boxed(),
            ArgKind::Number => number(),
            // Inside its range now and then, so it gets past the entry into the rules.
            ArgKind::Int { min, max } => edges(*min, *max),
            ArgKind::Dice => dice(),
            ArgKind::Faces => faces(),
            ArgKind::Switch => {
                prop::sample::select(&["", "=on", "=off"][..]).prop_map(str::to_string).boxed()
            }
            ArgKind::Word(words) => {
                let words: Vec<String> = words.split('|').map(str::to_string).collect();
                prop_oneof![3 => prop::sample::select(words), 1 => number()].boxed()
            }
            ArgKind::Text | ArgKind::Action | ArgKind::System | ArgKind::Path | ArgKind::Fields => {
                text(names)
            }
        },
        Piece::Stat(kind) => match kind {
            FieldKind::Int { min, max } => edges(*min, *max),
            FieldKind::Decimal { .. } => {
                (number(), 0u8..100).prop_map(|(n, d)| format!("{n}.{d}")).boxed()
            }
            FieldKind::Dice => dice(),
            FieldKind::Die => die(),
            FieldKind::Flag | FieldKind::Sets { .. } => Just(String::new()).boxed(),
            FieldKind::Text | FieldKind::List => text(names),
        },
    }
}

/// A command: its words and arguments, then the fields it may take (a few are chosen).
#[derive(Debug, Clone)]
struct Template {
    head: Vec<Piece>,
    fields: Vec<(String, Piece)>,
}

/// Commands that write or read files, or leave the fight: not what this test is about.
const SKIPPED: &[&str] = &["new", "save", "export", "import", "party", "undo", "redo", "end"];

/// Every command the system's fight takes, from the declarations: its own verbs, the core
/// commands, `attack` with the system's attack fields, `add`, `edit` and `weapon` with its stat
/// and weapon fields, and `set` with its options.
fn templates(system: System) -> Vec<Template> {
    let rules = system.rules();
    let arg = |kind: ArgKind| Piece::Arg(kind);
    let word = |w: &str| Piece::Word(w.to_string());
    let mut out = Vec::new();
    for spec in table::commands(Some(system)).filter(|s| !SKIPPED.contains(&s.name)) {
        if ["attack", "add", "edit", "weapon", "set", "do"].contains(&spec.name) {
            continue;
        }
        let mut head = vec![word(spec.name)];
        head.extend(spec.args.iter().filter(|a| a.kind != ArgKind::Fields).map(|a| arg(a.kind)));
        // Out of turn or past the budget is beside the point here.
        if spec.fields.iter().any(|f| f.name == "force") {
            head.push(word("force"));
        }
        let fields = spec.fields.iter().map(|f| (f.name.to_string(), arg(f.kind))).collect();
        out.push(Template { head, fields });
    }
    let stats: Vec<(String, Piece)> = rules
        .spec()
        .fields
        .iter()
        .map(|f| (f.name.replace(".*", ".fire"), Piece::Stat(f.kind)))
        .collect();
    let weapon_fields: Vec<(String, Piece)> = rules
        .spec()
        .weapon_fields
        .iter()
        .map(|f| (f.name.to_string(), Piece::Stat(f.kind)))
        .collect();
    let attack_fields: Vec<(String, Piece)> =
        rules.spec().attack.fields.iter().map(|f| (f.name.to_string(), arg(f.kind))).collect();
    out.push(Template {
        head: vec![word("attack"), Piece::Sides, word("force")],
        fields: attack_fields,
    });
    for action in rules.spec().actions {
        out.push(Template {
            head: vec![word("do"), arg(ArgKind::Combatant), word(action.key), word("force")],
            fields: action.fields.iter().map(|f| (f.name.to_string(), arg(f.kind))).collect(),
        });
    }
    out.push(Template { head: vec![word("add"), word("Hostile")], fields: stats.clone() });
    out.push(Template { head: vec![word("edit"), arg(ArgKind::Combatant)], fields: stats });
    out.push(Template {
        head: vec![word("weapon"), arg(ArgKind::Combatant), word("gun")],
        fields: weapon_fields,
    });
    // One `set`: any option, any of the values any option takes.
    let options = skirmish::rules::ruleset::all_options(rules);
    let (names, values): (Vec<&str>, Vec<&[&str]>) = options.map(|o| (o.name, o.values)).unzip();
    let names = names.join("|").leak();
    let values = values.concat().join("|").leak();
    out.push(Template {
        head: vec![word("set"), arg(ArgKind::Word(names)), arg(ArgKind::Word(values))],
        fields: vec![],
    });
    out
}

/// `templates`, with the attacks (where the numbers meet) and the stat lines weighed more.
fn weighed(system: System) -> Vec<Template> {
    let mut out = Vec::new();
    for t in templates(system) {
        let weight = match &t.head[0] {
            Piece::Word(w) if w == "attack" => 24,
            Piece::Word(w) if ["add", "edit", "weapon"].contains(&w.as_str()) => 4,
            _ => 1,
        };
        out.extend(std::iter::repeat_n(t, weight));
    }
    out
}

/// A line for one of `templates`, with up to three of its fields.
fn line(templates: Vec<Template>, names: Names) -> BoxedStrategy<String> {
    prop::sample::select(templates)
        .prop_flat_map(move |t| {
            let head: Vec<BoxedStrategy<String>> =
                t.head.iter().map(|p| piece(p, &names)).collect();
            let names = names.clone();
            let most = t.fields.len().min(3);
            let fields =
                prop::sample::subsequence(t.fields, most.min(1)..=most).prop_flat_map(move |fs| {
                    fs.iter()
                        .map(|(name, p)| {
                            let name = name.clone();
                            let switch = matches!(p, Piece::Arg(ArgKind::Switch));
                            piece(p, &names)
                                .prop_map(move |v| {
                                    if switch || v.is_empty() {
                                        format!("{name}{v}")
                                    } else {
                                        format!("{name}={v}")
                                    }
                                })
                                .boxed()
                        })
                        .collect::<Vec<_>>()
                });
            (head, fields).prop_map(|(head, fields)| [head, fields].concat().join(" "))
        })
        .boxed()
}

/// Each demo fight, under way, with its system and the names it holds.
static DEMOS: LazyLock<Vec<(System, Session, Names)>> = LazyLock::new(|| {
    save::DEMOS
        .iter()
        .map(|(_, text)| {
            let session = save::from_ron(text, Path::new("demo.ron"), assets()).expect("demo");
            let enc = session.encounter();
            let system = enc.system;
            let names = Names {
                // `add Hostile` and `weapon … gun` make these.
                combatants: enc
                    .combatants
                    .iter()
                    .map(|c| c.name.clone())
                    .chain(["Hostile".to_string()])
                    .collect(),
                conditions: assets()
                    .catalogue(system)
                    .conditions
                    .iter()
                    .map(|c| c.name.clone())
                    .collect(),
                weapons: enc
                    .combatants
                    .iter()
                    .flat_map(|c| c.weapons.iter())
                    .map(|w| w.name.clone())
                    .collect(),
                armed: enc
                    .combatants
                    .iter()
                    .map(|c| (c.name.clone(), c.weapons.iter().map(|w| w.name.clone()).collect()))
                    .chain([("Hostile".to_string(), Vec::new())])
                    .map(|(name, mut weapons): (String, Vec<String>)| {
                        weapons.push("gun".into());
                        (name, weapons)
                    })
                    .collect(),
            };
            (system, session, names)
        })
        .collect()
});

/// A system's demo, and one to three hostile lines for it.
fn fight() -> BoxedStrategy<(usize, Vec<String>)> {
    (0..DEMOS.len())
        .prop_flat_map(|i| {
            let (system, _, names) = &DEMOS[i];
            let lines = prop::collection::vec(line(weighed(*system), names.clone()), 1..6);
            (Just(i), lines)
        })
        .boxed()
}

/// Run `lines` on the demo's fight as typed, then play on a little; whatever was accepted
/// saves and loads again.
fn play(i: usize, lines: &[String]) {
    let (system, session, _) = &DEMOS[i];
    let mut session = session.clone();
    let mut dice = SeededDice::new(22);
    for line in lines.iter().map(String::as_str).chain(["next", "next", "next"]) {
        if let Ok(Some(command)) = parse_in(line, Some(*system)) {
            // What the attack dialog shows before any die: the odds, the rolls it asks for, the
            // switches and picks that apply, a split proposed.
            let enc = session.encounter();
            let _ = engine::attack_preview(enc, &command);
            let _ = engine::attack_dice_order(enc, &command);
            let _ = engine::attack_guide(enc, &command);
            for choice in system.rules().spec().attack.choices {
                let _ = engine::attack_choice(enc, &command, choice.label);
            }
            let _ = engine::attack_proposal(enc, &command, &mut SeededDice::new(7));
            let _ = session.execute(&command, &mut dice);
        }
    }
    // Only a fight that took a hostile line is worth loading again.
    if session.entries().len() > DEMOS[i].1.entries().len() + 3 {
        let text = save::to_ron(&session).expect("written");
        if let Err(err) = save::from_ron(&text, Path::new("fuzz.ron"), assets()) {
            panic!("{system}: the fight after {lines:?} does not load again: {err}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 22 item 5: every verb and field of the four systems, given extreme numbers, is
    /// refused or played, never a panic.
    #[test]
    fn commands_with_extreme_numbers_never_panic((i, lines) in fight()) {
        play(i, &lines);
    }
}

/// Where each number of a save (or an asset) stands (its byte range, with its minus), the header's and the
/// checksums' aside, by what holds it: the field or variant it is written in (`bonus`, `Int`,
/// `face`, `Count` …), or in a string (`Dice("3d6+3")`, a command, a stat line) the word before
/// it there.
fn numbers_in(text: &str) -> BTreeMap<String, Vec<Range<usize>>> {
    let mut out: BTreeMap<String, Vec<Range<usize>>> = BTreeMap::new();
    let mut line_start = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let body = if n == 0 { "" } else { line.rsplit_once(", sum: ").map_or(line, |(b, _)| b) };
        let bytes = body.as_bytes();
        // A record's line starts with its sum (16 hex digits and a space): not a number to edit.
        let (mut at, mut quoted) = (if n == 0 { 0 } else { 17.min(bytes.len()) }, false);
        while at < bytes.len() {
            match bytes[at] {
                b'\\' if quoted => at += 2,
                b'"' => {
                    quoted = !quoted;
                    at += 1;
                }
                b'0'..=b'9' => {
                    let start = if at > 0 && bytes[at - 1] == b'-' { at - 1 } else { at };
                    let end = (at..bytes.len())
                        .find(|&i| !bytes[i].is_ascii_digit())
                        .unwrap_or(bytes.len());
                    // The word before `: ` or `(` (or `[`, `, ` in a list: the list's own
                    // word); in a string, the word before it there (`hp=`, `1d`).
                    let before = body[..start].trim_end_matches([' ', ':', '(', '[', ',', '=']);
                    let word = before
                        .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                        .next()
                        .unwrap_or("");
                    let label = if quoted { format!("text {word}") } else { word.to_string() };
                    out.entry(label).or_default().push(line_start + start..line_start + end);
                    at = end;
                }
                _ => at += 1,
            }
        }
        line_start += line.len();
    }
    out
}

/// `text` with the numbers `picked` (a kind of number, one of that kind, its new value) written
/// so.
fn hostile(text: &str, picked: &[(Index, Index, String)]) -> String {
    let spots = numbers_in(text);
    let kinds: Vec<&Vec<Range<usize>>> = spots.values().collect();
    let mut chosen: Vec<(Range<usize>, &str)> = picked
        .iter()
        .map(|(kind, spot, v)| {
            let of_kind: &&Vec<Range<usize>> = kind.get(&kinds);
            (spot.get(of_kind).clone(), v.as_str())
        })
        .collect();
    chosen.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    chosen.dedup_by_key(|(r, _)| r.start);
    let mut out = text.to_string();
    for (range, value) in chosen {
        out.replace_range(range, value);
    }
    out
}

/// `save` with the numbers `picked` written so, sealed again so that the checks of the
/// numbers, not the checksums, meet them.
fn hostile_save(save: &str, picked: &[(Index, Index, String)]) -> String {
    save::journal::reseal(&hostile(save, picked))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 22 item 5: a save whose numbers (in events, stats, weapons, options, rolls, system
    /// events) are edited to extremes loads with a clear refusal or plays on, never a panic.
    #[test]
    fn saves_with_extreme_numbers_never_panic(
        demo in 0..save::DEMOS.len(),
        picked in prop::collection::vec((any::<Index>(), any::<Index>(), number()), 1..4),
    ) {
        let text = hostile_save(save::DEMOS[demo].1, &picked);
        let loaded = save::from_ron(&text, Path::new("hostile.ron"), assets());
        if let Ok(mut session) = loaded {
            let system = session.encounter().system;
            let mut dice = SeededDice::new(22);
            for line in ["next", "next", "undo", "redo"] {
                if let Ok(Some(command)) = parse_in(line, Some(system)) {
                    let _ = session.execute(&command, &mut dice);
                }
            }
            let _ = save::to_ron(&session).expect("written");
        }
    }
}

/// The refusal of `line` typed in demo `demo` (by its place in `save::DEMOS`).
fn refusal(demo: usize, line: &str) -> String {
    let (system, session, _) = &DEMOS[demo];
    let mut session = session.clone();
    let command = match parse_in(line, Some(*system)) {
        Ok(Some(command)) => command,
        Ok(None) => panic!("{line}: not a command"),
        Err(err) => return err.to_string(),
    };
    match session.execute(&command, &mut SeededDice::new(22)) {
        Ok(_) => panic!("{system} {line}: should be refused"),
        Err(err) => err.to_string(),
    }
}

// Issue 22 item 5: numbers that stopped the program with "attempt to negate with overflow" or
// an overflowing sum, each now refused where it enters, saying the range. (demo, line, what the
// refusal says)
#[test]
fn extreme_numbers_in_commands_are_refused_with_their_range() {
    let (woin, gempunks, regiment, savage, gurps) = (0, 1, 2, 3, 4);
    let cases: &[(usize, &str, &[&str])] = &[
        // GEM-DMG-1: the bonus of a damage part.
        (gempunks, "attack Vex \"Bandit 1\" dmg=-9223372036854775808 force", &["dmg=", "1000000"]),
        (regiment, "attack Vex Bandits saber dmg=1d6-9223372036854775808 force", &["1000000"]),
        // SW-DMG: a damage bonus.
        (savage, "attack Jessa \"Bandit 1\" dmg=d6+-9223372036854775808 force", &["1000000"]),
        // Fields read as whole numbers: ±1,000,000 unless the system declares less.
        (
            regiment,
            "attack Vex Bandits saber mod=9223372036854775807 force",
            &["mod=9223372036854775807: expected a whole number from -20 to 20"],
        ),
        (
            regiment,
            "attack Vex Bandits saber far=-9223372036854775808 force",
            &["far=-9223372036854775808: expected a whole number from 0 to 20"],
        ),
        (
            gurps,
            "feint Rook \"Orc Brute\" skill=-9223372036854775808",
            &["skill=-9223372036854775808: expected a whole number from -1000000 to 1000000"],
        ),
        (
            gurps,
            "attack Rook \"Orc Brute\" acc=9223372036854775807 force",
            &["acc=9223372036854775807: expected a whole number from 0 to 20"],
        ),
        (woin, "attack Ogre Aria luc=9223372036854775807 force", &["from 0 to 20"]),
        // GEM-DMG-1, GEM-WPN: a weapon's damage and range are checked as it is given.
        (
            regiment,
            "weapon Vex gun dmg=1d6+2000",
            &["dmg=1d6+2000: expected damage such as 1d6-1", "bonuses from -1000 to 1000"],
        ),
        (
            regiment,
            "weapon Vex gun dmg=1d6 range=10/9223372036854775807",
            &["range=10/9223372036854775807: expected range increments in m, each from 1 to"],
        ),
        (
            savage,
            "attack Jessa \"Bandit 1\" autofire=9223372036854775807 force",
            &["autofire=", "from -1000000 to 1000000"],
        ),
    ];
    for &(demo, line, says) in cases {
        let err = refusal(demo, line);
        for part in says {
            assert!(err.contains(part), "{line}: expected {part:?} in {err}");
        }
    }
}

// Issue 22 item 5: a save holding a Savage Worlds die bonus or a GURPS decimal stat at the
// ends of i64 stopped the program ("attempt to negate with overflow") while its numbers were
// checked, and a Gempunks weapon's damage was read only when it struck; each is refused naming
// the command, the field and what it takes. (demo, the text in
// the demo, edited to, what the refusal says)
#[test]
fn saves_with_extreme_dice_bonuses_and_decimals_are_refused() {
    let (regiment, savage, gurps) = (2, 3, 4);
    let cases: &[(usize, &str, &str, &[&str])] = &[
        // GEM-DMG-1: a weapon's damage, read back as `weapon` reads it.
        (
            regiment,
            "\"dmg\": Text(\"1d6+2:cutting\")",
            "\"dmg\": Text(\"1d6-9223372036854775808:cutting\")",
            &["dmg=1d6-9223372036854775808:cutting: expected damage such as 1d6-1"],
        ),
        (
            savage,
            "\"fighting\": Die((sides: 8, bonus: 0))",
            "\"fighting\": Die((sides: 8, bonus: -9223372036854775808))",
            &["fighting=d8-9223372036854775808: expected a die from d4 to d12"],
        ),
        (
            savage,
            "\"fighting\": Die((sides: 8, bonus: 0))",
            "\"fighting\": Die((sides: 8, bonus: 9223372036854775807))",
            &["fighting=d8+9223372036854775807: expected a die from d4 to d12"],
        ),
        (
            gurps,
            "Decimal(625)",
            "Decimal(-9223372036854775808)",
            &["speed=-92233720368547758.08: expected a number from 0 to 100"],
        ),
    ];
    for &(demo, from, to, says) in cases {
        let (label, text) = save::DEMOS[demo];
        assert!(text.contains(from), "{label}: {from}");
        let bad = save::journal::reseal(&text.replacen(from, to, 1));
        let err = match save::from_ron(&bad, Path::new("bad.ron"), assets()) {
            Ok(_) => panic!("{label}: {to} should be refused"),
            Err(err) => err.to_string(),
        };
        assert!(err.starts_with("bad.ron:"), "{err}");
        for part in says {
            assert!(err.contains(part), "{to}: expected {part:?} in {err}");
        }
    }
}

/// A folder of its own for one asset override, under the system's temporary folder.
fn override_dir() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("skirmish-fuzz-assets-{}-{n}", std::process::id()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 22 item 5: a user's bestiary whose numbers (stat lines, weapons) are edited to
    /// extremes is refused with its path and line, or its creatures join a fight and fight,
    /// never a panic.
    #[test]
    fn bestiary_overrides_with_extreme_numbers_never_panic(
        system in 0..4usize,
        picked in prop::collection::vec((any::<Index>(), any::<Index>(), number()), 1..4),
    ) {
        let system = [System::WOIN, System::GEMPUNKS, System::SAVAGE, System::GURPS][system];
        let rel = format!("bestiary/{}.ron", system.key());
        let shipped = save::assets::EMBEDDED.iter().find(|(p, _)| *p == rel).expect("shipped").1;
        let dir = override_dir();
        std::fs::create_dir_all(dir.join("bestiary")).expect("a temporary folder");
        std::fs::write(dir.join(&rel), hostile(shipped, &picked)).expect("the override");
        let loaded = save::assets::load(Some(&dir));
        let _ = std::fs::remove_dir_all(&dir);
        if let Ok(assets) = loaded {
            let assets = std::sync::Arc::new(assets);
            let names: Vec<String> =
                assets.creatures(system).iter().map(|c| c.name.clone()).collect();
            let mut session = Session::new(system, "Hostile bestiary", assets);
            let mut dice = SeededDice::new(22);
            let mut lines: Vec<String> =
                names.iter().map(|n| format!("add {} x2", quoted(n))).collect();
            lines.push("start".into());
            for (a, b) in names.iter().zip(names.iter().skip(1)) {
                lines.push(format!("attack {} {} force", quoted(&format!("{a} 1")), quoted(&format!("{b} 2"))));
                lines.push("next".into());
            }
            for line in &lines {
                if let Ok(Some(command)) = parse_in(line, Some(system)) {
                    let _ = session.execute(&command, &mut dice);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 22 item 5: `skirmish odds SYSTEM …` with extreme numbers answers or refuses,
    /// never a panic.
    #[test]
    fn odds_reports_with_extreme_numbers_never_panic(
        system in 0..4usize,
        first in prop_oneof![number(), die(), Just("d8".to_string())],
        fields in prop::collection::vec(
            (prop::sample::select(&["tn", "mod", "need", "vs"][..]), number()),
            0..3,
        ),
        flags in prop::sample::subsequence(&["extra", "wild", "heavy", "auto"][..], 0..=2),
    ) {
        let system = [System::WOIN, System::GEMPUNKS, System::SAVAGE, System::GURPS][system];
        let mut args = vec![first];
        args.extend(fields.iter().map(|(k, v)| format!("{k}={v}")));
        args.extend(flags.iter().map(|f| f.to_string()));
        let _ = system.rules().spec().odds_report(&args);
    }
}

// Issue 22 item 5: `skirmish odds savage` took any TN and modifier, and a TN at the end of i64
// overflowed the number needed; both now take the ranges an attack's `tn=` and `mod=` take.
#[test]
fn savage_odds_refuse_a_tn_or_modifier_out_of_range() {
    let cases: &[(&[&str], Result<&str, &str>)] = &[
        (
            &["d8", "tn=-9223372036854775808", "mod=1"],
            Err("tn=-9223372036854775808: expected a whole number from 0 to 100"),
        ),
        (
            &["d8", "tn=4", "mod=9223372036854775807"],
            Err("mod=9223372036854775807: expected a whole number from -100 to 100"),
        ),
        (&["d8", "tn=101"], Err("tn=101: expected a whole number from 0 to 100")),
        (&["d8", "tn=100", "mod=-100"], Ok("d8 with the Wild Die -100 vs TN 100: success ")),
        (&["d8", "tn=4", "mod=+2"], Ok("d8 with the Wild Die +2 vs TN 4: success")),
    ];
    for (args, expected) in cases {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let got = System::SAVAGE.rules().spec().odds_report(&args);
        match (got, expected) {
            (Ok(text), Ok(start)) => assert!(text.starts_with(start), "{args:?}: {text}"),
            (Err(err), Err(start)) => assert!(err.starts_with(start), "{args:?}: {err}"),
            (got, _) => panic!("{args:?}: {got:?}, expected {expected:?}"),
        }
    }
}

// Issue 22 item 5: a user's bestiary holding a die bonus, a damage bonus or a decimal at the
// end of i64 stopped the program as it was checked; it is refused with the override's path,
// line and column, the creature and what the field takes. (system, shipped text, edited to,
// what the refusal says)
#[test]
fn bestiary_overrides_with_extreme_numbers_are_refused_with_their_place() {
    let cases: &[(System, &str, &str, &[&str])] = &[
        (
            System::SAVAGE,
            "fighting=d6 shooting=d8 throwing=d6",
            "fighting=d6-9223372036854775808 shooting=d8 throwing=d6",
            &["bestiary/savage.ron:5:9: Goblin: fighting=d6-9223372036854775808: expected a die"],
        ),
        (
            System::GEMPUNKS,
            "dmg=1d6:piercing melee",
            "dmg=1d6-9223372036854775808:piercing melee",
            &[
                "bestiary/gempunks.ron:6:9: Goblin: weapon 'spear",
                "dmg=1d6-9223372036854775808:piercing: expected damage such as 1d6-1",
                "bonuses from -1000 to 1000",
            ],
        ),
        (
            System::GURPS,
            "speed=5.25",
            "speed=-92233720368547758.08",
            &[
                "bestiary/gurps.ron:",
                "speed=-92233720368547758.08: expected a number from 0 to 100",
            ],
        ),
    ];
    for &(system, from, to, says) in cases {
        let rel = format!("bestiary/{}.ron", system.key());
        let shipped = save::assets::EMBEDDED.iter().find(|(p, _)| *p == rel).expect("shipped").1;
        assert!(shipped.contains(from), "{rel}: {from}");
        let dir = override_dir();
        std::fs::create_dir_all(dir.join("bestiary")).expect("a temporary folder");
        std::fs::write(dir.join(&rel), shipped.replacen(from, to, 1)).expect("the override");
        let loaded = save::assets::load(Some(&dir));
        let _ = std::fs::remove_dir_all(&dir);
        let err = match loaded {
            Ok(_) => panic!("{rel}: {to} should be refused"),
            Err(err) => err.to_string(),
        };
        for part in says {
            assert!(err.contains(part), "{to}: expected {part:?} in {err}");
        }
    }
}
