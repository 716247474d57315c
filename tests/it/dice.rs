//! Property tests for dice notation: parsing never panics, canonical text round-trips, and
//! rolls are reproducible and stay within the expression's bounds.

use proptest::prelude::*;
use skirmish::rules::dice::{
    DiceError, DiceExpr, DiceSource, MAX_TOTAL, RollRecord, ScriptedDice, SeededDice,
};

/// One dice term in any of the accepted spellings, always valid on its own.
fn dice_term() -> impl Strategy<Value = String> {
    let sides = prop_oneof![
        (1u32..=20).prop_map(|s| s.to_string()),
        Just("100".to_string()),
        Just("%".to_string()),
        Just("1000000".to_string()),
        // GURPS: nothing after the `d`, which needs an explicit count.
        Just(String::new()),
    ];
    (
        1u32..=12,
        any::<bool>(),
        sides,
        any::<bool>(),
        any::<bool>(),
        proptest::option::of((0usize..3, any::<u32>())),
    )
        .prop_map(|(count, explicit, sides, upper, explode, keep)| {
            let explicit = explicit || sides.is_empty() || count != 1;
            let mut text = String::new();
            if explicit {
                text.push_str(&count.to_string());
            }
            text.push(if upper { 'D' } else { 'd' });
            text.push_str(&sides);
            if explode && sides != "1" {
                text.push('!');
            }
            if let Some((kind, n)) = keep {
                text.push_str(["k", "kh", "KL"][kind]);
                text.push_str(&(n % count + 1).to_string());
            }
            text
        })
}

/// Valid notation built from terms, operators, parentheses and signs.
fn notation() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0i64..1000).prop_map(|n| n.to_string()),
        dice_term(),
        dice_term().prop_map(|d| format!("-{d}")),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            (inner.clone(), prop_oneof![Just('+'), Just('-'), Just('*')], inner.clone())
                .prop_map(|(a, op, b)| format!("{a}{op}{b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.prop_map(|a| format!("-({a})")),
        ]
    })
}

/// Spaces around every non-digit, which must not change the meaning.
fn spaced(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            out.push(c);
        } else {
            out.push(' ');
            out.push(c);
            out.push(' ');
        }
    }
    out
}

/// Checks every parsed expression must pass: canonical text round-trips, and a seeded roll
/// neither panics nor leaves the bounds unless a die exploded.
fn check_expression(expr: &DiceExpr, seed: u64) -> Result<(), TestCaseError> {
    let canonical = expr.to_string();
    prop_assert_eq!(DiceExpr::parse(&canonical), Ok(expr.clone()));
    prop_assert!(expr.min() <= expr.max());

    match expr.roll(&mut SeededDice::new(seed)) {
        Ok(record) => check_record(expr, &record)?,
        // Only explosions can push a roll past the bounds checked at parse time.
        Err(err) => {
            prop_assert!(past_the_limit(&err), "{}", err);
            prop_assert!(canonical.contains('!'));
        }
    }
    Ok(())
}

/// The refusals of a roll that explosions took past `MAX_TOTAL` or past an `i64`.
fn past_the_limit(err: &DiceError) -> bool {
    matches!(err, DiceError::Overflow | DiceError::RollTooLarge { limit: MAX_TOTAL, .. })
}

fn check_record(expr: &DiceExpr, record: &RollRecord) -> Result<(), TestCaseError> {
    prop_assert_eq!(&record.expr, &expr.to_string());
    let asked = record.dice.iter().filter(|d| !d.exploded).count();
    prop_assert_eq!(asked, expr.dice_count() as usize);
    for die in &record.dice {
        prop_assert!((1..=die.sides).contains(&die.face), "{die:?}");
    }
    if record.dice.iter().all(|d| !d.exploded) {
        prop_assert!(
            (expr.min()..=expr.max()).contains(&record.total),
            "{} outside {}..={}",
            record,
            expr.min(),
            expr.max()
        );
    }
    let line = record.to_string();
    prop_assert!(!line.contains('\n'));
    let ending = format!(" = {}", record.total);
    prop_assert!(line.ends_with(&ending), "{}", line);
    Ok(())
}

proptest! {
    #[test]
    fn parse_never_panics_on_any_text(text in any::<String>()) {
        let _ = DiceExpr::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_the_notation_alphabet(text in "[0-9dDkhl!%+*() -]{0,60}", seed in any::<u64>()) {
        if let Ok(expr) = DiceExpr::parse(&text) {
            check_expression(&expr, seed)?;
        }
    }

    #[test]
    fn parse_never_panics_on_long_alphabet_text(text in "[0-9dk!+*(-]{3000,4200}") {
        let _ = DiceExpr::parse(&text);
    }

    #[test]
    fn generated_notation_parses_round_trips_and_rolls(text in notation(), seed in any::<u64>()) {
        match DiceExpr::parse(&text) {
            Ok(expr) => {
                check_expression(&expr, seed)?;
                prop_assert_eq!(DiceExpr::parse(&spaced(&text)), Ok(expr));
            }
            // The generator writes only valid notation; big dice multiplied together can
            // still outgrow the total limit, and that must be the only complaint.
            Err(err) => prop_assert!(
                matches!(err, DiceError::TooLarge { reach, limit: MAX_TOTAL } if reach.abs() > MAX_TOTAL),
                "{}: {}",
                text,
                err
            ),
        }
    }

    #[test]
    fn same_seed_same_faces(seed in any::<u64>(), sides in proptest::collection::vec(1u32..=1_000_000, 1..50)) {
        let mut a = SeededDice::new(seed);
        let mut b = SeededDice::new(seed);
        for &s in &sides {
            let face = a.roll(s);
            prop_assert_eq!(&face, &b.roll(s));
            prop_assert!(matches!(face, Ok(f) if (1..=s).contains(&f)));
        }
    }

    #[test]
    fn same_seed_same_record(text in notation(), seed in any::<u64>()) {
        if let Ok(expr) = DiceExpr::parse(&text) {
            prop_assert_eq!(
                expr.roll(&mut SeededDice::new(seed)),
                expr.roll(&mut SeededDice::new(seed))
            );
        }
    }

    #[test]
    fn scripted_rolls_never_panic(text in notation(), faces in proptest::collection::vec(0u32..=12, 0..40)) {
        if let Ok(expr) = DiceExpr::parse(&text) {
            let mut dice = ScriptedDice::new(faces.clone());
            match expr.roll(&mut dice) {
                Ok(record) => check_record(&expr, &record)?,
                Err(DiceError::ScriptExhausted { used, .. }) => prop_assert_eq!(used, faces.len()),
                Err(DiceError::FaceOutOfRange { position, face, .. }) => {
                    prop_assert_eq!(faces.get(position - 1), Some(&face));
                }
                Err(other) => prop_assert!(past_the_limit(&other), "{}", other),
            }
        }
    }

    #[test]
    fn script_text_never_panics_and_round_trips(text in any::<String>(), faces in proptest::collection::vec(1u32..=u32::MAX, 0..20)) {
        let _ = ScriptedDice::parse(&text);
        let list = faces.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        prop_assert_eq!(ScriptedDice::parse(&list), Ok(ScriptedDice::new(faces)));
    }
}

#[test]
fn rolls_through_trait_objects() {
    let expr: DiceExpr = "3d6".parse().unwrap_or_else(|e| panic!("{e}"));
    let mut boxed: Box<dyn DiceSource> = Box::new(ScriptedDice::new([6, 6, 2]));
    let record = expr.roll(&mut boxed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.to_string(), "3d6 [6, 6, 2] = 14");
    let mut seeded = SeededDice::new(3);
    let by_ref: &mut dyn DiceSource = &mut seeded;
    assert!(expr.roll(by_ref).is_ok());
}

#[test]
fn biggest_expression_rolls_quickly() {
    let expr = DiceExpr::parse("10000d100000").unwrap_or_else(|e| panic!("{e}"));
    let record = expr.roll(&mut SeededDice::new(9)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.dice.len(), 10_000);
    assert!((expr.min()..=expr.max()).contains(&record.total));
    let exploding = DiceExpr::parse("10000d2!").unwrap_or_else(|e| panic!("{e}"));
    let record = exploding.roll(&mut SeededDice::new(9)).unwrap_or_else(|e| panic!("{e}"));
    assert!(record.dice.len() >= 10_000);
}

/// The error table in docs/dice.md quotes real messages; keep it honest.
#[test]
fn documented_error_messages_are_current() {
    let doc = include_str!("../../docs/dice.md");
    // Only the notation errors; the rolling errors that follow need a dice source.
    let notation = doc.split("While rolling:").next().unwrap_or(doc);
    let mut checked = 0;
    for line in notation.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // Rows look like: | `input` | `dice: message` |
        let [_, input, message, _] = cells.as_slice() else {
            continue;
        };
        let (Some(input), Some(message)) = (
            input.strip_prefix('`').and_then(|s| s.strip_suffix('`')),
            message.strip_prefix('`').and_then(|s| s.strip_suffix('`')),
        ) else {
            continue;
        };
        if !message.starts_with("dice:") {
            continue;
        }
        match DiceExpr::parse(input) {
            Err(err) => assert_eq!(err.to_string(), message, "{input:?}"),
            Ok(expr) => panic!("docs say {input:?} fails, but it parsed as {expr}"),
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} documented errors found");
}
