//! Numbers a person types or a save holds are range-checked where they enter (issue 8, item 7):
//! each bad value is a refusal that names the range, never a panic, a wrapped number or a quiet clamp.

use std::path::Path;

use crate::typed_command::{Command, parse};
use skirmish::command::Amount;
use skirmish::rules::dice::ScriptedDice;
use skirmish::save;

use crate::harness::{assets, check_success, exec, run, run_err};

/// The parser's refusal of `line`.
fn parse_err(line: &str) -> String {
    match parse(line) {
        Ok(command) => panic!("{line:?} parsed as {command:?}"),
        Err(err) => err.to_string(),
    }
}

// Damage amounts, dice constants and dice totals the parser refuses before anything is rolled.
#[test]
fn parser_refuses_out_of_range_amounts_and_dice() {
    let range = "between -1000000000 and 1000000000";
    let cases: &[(&str, &[&str])] = &[
        // Issue 8: this, typed twice, wrapped a dead combatant's health round to 32/30.
        (
            "damage Aria 9223372036854775807*1 raw",
            &["expected an AMOUNT or DICE", "no larger than 1000000", "'9223372036854775807'"],
        ),
        ("damage Aria 99999999999999999999", &["no larger than 1000000"]),
        ("damage Aria 1000001*1", &["no larger than 1000000", "found '1000001'"]),
        ("damage Aria d6+1000001", &["no larger than 1000000 at column 4"]),
        ("damage Aria 1000001", &["damage must be from 0 to 1000000, found 1000001"]),
        ("damage Aria -9223372036854775808", &["damage must be from 0 to 1000000"]),
        // Dice whose highest total passes the largest amount.
        (
            "damage Aria 1001d1000",
            &["damage 1001d1000 can total up to 1001000; expected dice that total at most 1000000"],
        ),
        ("damage Aria 1000000+d6", &["can total up to 1000006", "at most 1000000"]),
        ("damage Aria 2000d1000000", &["the expression can reach 2000000000", range]),
        ("heal Aria 1000001", &["healing must be from 0 to 1000000, found 1000001"]),
        ("heal Aria 1000d1001", &["healing 1000d1001 can total up to 1001000"]),
        ("heal Aria 9223372036854775808", &["no larger than 1000000"]),
        // Dice anywhere: constants stop at 1,000,000, every part of a total at ±1,000,000,000.
        ("roll 9223372036854775807+1", &["no larger than 1000000 at column 1"]),
        ("roll 1000000*1000000", &["the expression can reach 1000000000000", range]),
        ("roll -1000000*1000-d6", &["the expression can reach -1000000006", range]),
        ("roll 20000d6", &["expected at most 10000 in one expression"]),
        ("roll d2000000", &["expected at most 1000000 sides"]),
    ];
    for (line, says) in cases {
        let err = parse_err(line);
        for part in *says {
            assert!(err.contains(part), "{line:?}: expected {part:?} in {err:?}");
        }
    }
}

// The edges of each range are accepted, so the limits above are where they are said to be.
#[test]
fn parser_accepts_amounts_and_dice_at_the_limits() {
    let damage = |line: &str| match parse(line) {
        Ok(Some(Command::Damage { amount, .. })) => amount,
        other => panic!("{line:?}: {other:?}"),
    };
    assert_eq!(damage("damage Aria 1000000"), Amount::Fixed(1_000_000));
    assert_eq!(damage("damage Aria 1000d1000"), Amount::Dice("1000d1000".into()));
    assert_eq!(damage("damage Aria 999999+d1"), Amount::Dice("999999+d1".into()));
    assert!(matches!(
        parse("heal Aria 1000000"),
        Ok(Some(Command::Heal { amount: Amount::Fixed(1_000_000), .. }))
    ));
    assert!(matches!(parse("roll 1000000*1000"), Ok(Some(Command::Roll { .. }))));
    assert!(matches!(parse("roll -1000d1000000"), Ok(Some(Command::Roll { .. }))));
}

// Typed initiative and `add` fields out of range, refused by each system with the range and
// the script line, before the encounter changes.
#[test]
fn systems_refuse_out_of_range_initiative_and_stats() {
    // (system, command, dice, what the refusal says)
    let cases: &[(&str, &str, &str, &[&str])] = &[
        // Issue 8: this broke the WOIN order.
        ("woin", "init Ogre -9223372036854775800", "", &["from -1000 to 1000"]),
        ("woin", "init Ogre 1001", "", &["from -1000 to 1000", "not '1001'"]),
        ("woin", "init Ogre -1001", "", &["from -1000 to 1000"]),
        ("gempunks", "init Ogre 9223372036854775807", "", &["from -1000 to 1000"]),
        ("gempunks", "init Ogre -1001", "", &["from -1000 to 1000"]),
        ("gurps", "init Ogre 100.01", "", &["Basic Speed from 0 to 100", "not '100.01'"]),
        ("gurps", "init Ogre -1", "", &["Basic Speed from 0 to 100"]),
        ("gurps", "init Ogre 999999999.99", "", &["Basic Speed from 0 to 100"]),
        ("savage", "init Ogre 11H", "", &["a card such as QS"]),
        ("savage", "init Ogre 99999999999999999999S", "", &["a card such as QS"]),
        // Stats: each field's own range, which never passes ±1,000,000.
        ("woin", "add X health=99999999999", "", &["health=99999999999: expected", "1 to 100000"]),
        ("woin", "add X agi=-9223372036854775808", "", &["agi=", "from 0 to 99"]),
        ("woin", "add X init=1000001", "", &["no larger than 1000000"]),
        ("woin", "add X init=2000d1000000", "", &["the expression can reach 2000000000"]),
        ("gempunks", "add X hp=99999999999", "", &["hp=99999999999: expected", "1 to 100000"]),
        ("gurps", "add X hp=99999999999", "", &["hp=99999999999: expected", "1 to 100000"]),
        (
            "gurps",
            "add X speed=100.01",
            "",
            &["speed=100.01: expected a number from 0 to 100 with up to two decimals"],
        ),
        ("savage", "add X toughness=99999999999", "", &["toughness=", "from 1 to 50"]),
        // Savage Worlds attack and verb fields, which once overflowed a trait roll.
        ("savage", "attack Ogre X mod=9223372036854775807", "", &["mod=", "from -100 to 100"]),
        ("savage", "attack Ogre X tn=-9223372036854775807", "", &["tn=", "from 0 to 100"]),
        ("savage", "attack Ogre X gang=101", "", &["gang=101", "from 0 to 100"]),
        ("savage", "attack Ogre X obstacle=101", "2,2", &["obstacle=101", "from 0 to 100"]),
        ("savage", "attack Ogre X ap=-1 tn=1", "3,2,2", &["ap=-1", "from 0 to 100"]),
        (
            "savage",
            "attack Ogre X dmg=str+1001 tn=1",
            "3,2,2",
            &["damage 'str+1001'", "at most 50d100 and ±1000"],
        ),
        ("savage", "fear Ogre penalty=101", "", &["penalty=101: expected a number up to 100"]),
        ("savage", "blast Ogre X ap=99999999999", "2,2", &["ap=99999999999", "from 0 to 100"]),
    ];
    for &(system, command, dice, says) in cases {
        let script = format!("new {system}\nadd Ogre\nadd X\n{command}\n");
        let err = run_err(&script, dice);
        assert!(err.contains(&format!("line 4: {command}")), "{system} {command}: {err}");
        for part in says {
            assert!(err.contains(part), "{system} {command}: expected {part:?} in {err}");
        }
    }
}

// Typed initiative at the edge of each range is taken as typed.
#[test]
fn typed_initiative_at_the_limits_is_accepted() {
    let cases = [
        ("woin", "-1000", -1000.0),
        ("woin", "1000", 1000.0),
        ("gempunks", "-1000", -1000.0),
        ("gurps", "0", 0.0),
        ("gurps", "100", 100.0),
    ];
    for (system, typed, value) in cases {
        let v = run(&format!("new {system}\nadd Ogre\ninit Ogre {typed}\n"), "");
        let init = v["combatants"][0]["initiative"].as_f64();
        assert_eq!(init, Some(value), "{system} {typed}: {v}");
    }
}

// A save can hold any health or count; the rules' own arithmetic on them saturates instead of
// overflowing (which, with overflow checks on, would stop the program).
#[test]
fn rules_arithmetic_survives_extreme_health_and_counts() {
    use skirmish::rules::gurps::Gurps;
    use skirmish::rules::initiative::{InitValue, Initiative};
    use skirmish::rules::savage::Savage;
    use skirmish::rules::stats::Stats;
    use skirmish::rules::woin::Woin;
    use skirmish::rules::{DamageRequest, Health, Ruleset};

    let dying = Health { current: i64::MIN, max: i64::MAX };
    assert_eq!(Savage::wound_penalty(dying), -3);
    assert!(Savage.spec().health.text(dying).contains(&i64::MAX.to_string()));
    assert_eq!(
        Gurps.vitals(Health { current: i64::MIN, max: i64::MAX }, &[]).band,
        skirmish::rules::types::HealthBand::Down
    );

    let mut stats = Stats::default();
    stats.set_int("actions", 6);
    let init = Initiative::new(InitValue::Count(i64::MIN + 3));
    let passes = Woin.passes(&stats, &init);
    assert_eq!(passes.len(), 5);
    assert!(passes[1..].iter().all(|p| p.count == i64::MIN), "{passes:?}");

    let hit = DamageRequest {
        stats: &Stats::default(),
        health: Health { current: i64::MAX, max: 3 },
        conditions: &[],
        amount: 1_000_000,
        roll: None,
        kind: None,
        armor_ignored: 0,
        armor_added: 0,
        parts: &[],
        location: None,
        id: "x",
        state: &skirmish::rules::state::SystemState::none(),
        options: &Default::default(),
    };
    let outcome = Savage.damage(hit).unwrap_or_else(|e| panic!("{e}"));
    // Toughness 5, a wound per raise of 4; health this high no longer caps the loss.
    assert_eq!(outcome.loss, (1_000_000 - 5) / 4, "{}", outcome.explain);
}

// Group members are numbered after the highest member so far, and the numbers stop at the
// largest u32 with a refusal instead of an overflow.
#[test]
fn group_numbering_stops_at_the_last_number() {
    let err = run_err("new woin\nadd \"Goblin 4294967295\"\nadd Goblin x2\n", "");
    assert!(err.contains("line 3: add Goblin x2"), "{err}");
    assert!(err.contains("Goblin 4294967295 leaves no numbers for 2 more"), "{err}");
    let v = run("new woin\nadd \"Goblin 4294967294\"\nadd Goblin x1\n", "");
    assert_eq!(v["combatants"][1]["name"], "Goblin 4294967295", "{v}");
}

/// A script and its dice.
type Fight = (&'static str, &'static str);

/// A WOIN fight with a typed and a rolled initiative, damage, healing and a roll.
const WOIN_FIGHT: Fight = (
    "new woin\nadd Aria side=pc health=30 agi=5\nadd Ogre\ninit Aria 12\nstart\n\
     damage Ogre 9\nheal Ogre 3\nroll 3d6 for Aria\n",
    "2,2,2,1,2,3",
);
/// GURPS Basic Speed, and an impaling hit whose injury is twice the largest damage.
const GURPS_FIGHT: Fight = ("new gurps\nadd Ogre\nstart\ndamage Ogre 1000000 imp\n", "");
/// A Savage Worlds benny spent (a stat changed) and a dealt card.
const SAVAGE_FIGHT: Fight =
    ("new savage\nadd Hero bennies=3\ncond Hero shaken\nbenny Hero\nstart\n", "1");

/// The GM's benny pool set: a Savage Worlds event of its own.
const SAVAGE_SET: Fight = ("new savage\nadd Hero\nset gm_bennies 5\n", "");

/// The save skirmish writes after `fight`; it loads again as written.
fn good_save((script, dice): Fight) -> String {
    let text =
        save::to_ron(&check_success(exec(script, dice, None), script, dice)).expect("written");
    if let Err(err) = save::from_ron(&text, Path::new("good.ron"), assets()) {
        panic!("the unedited save should load: {err}\n{text}");
    }
    text
}

/// Where the command holding the first line with `text` is written: its line and number.
fn command_around(save: &str, text: &str) -> (usize, usize) {
    let mut found = (0, 0);
    for (index, line) in save.lines().enumerate() {
        if save::peek::command_number(line).is_some() {
            found = (index + 1, found.1 + 1);
        }
        if line.contains(text) {
            return found;
        }
    }
    panic!("{text:?} is not in the save:\n{save}");
}

// A save holding a number out of range is refused with the line and number of the command whose
// events hold it, and the range. (fight, text in the good save, edited to, what the refusal says)
#[test]
#[expect(clippy::too_many_lines, reason = "a table of cases, one row per range")]
fn saves_with_out_of_range_numbers_are_refused_with_their_position() {
    let cases: &[(Fight, &str, &str, &[&str])] = &[
        (WOIN_FIGHT, "amount: 9,", "amount: 1000001,", &["damage 1000001", "0 to 1000000"]),
        (WOIN_FIGHT, "amount: 9,", "amount: -1,", &["damage -1 is out of range"]),
        (WOIN_FIGHT, "loss: 5,", "loss: -5,", &["health lost -5", "expected 0 to 1000000000"]),
        (
            WOIN_FIGHT,
            "loss: 5,",
            "loss: 9223372036854775807,",
            &["health lost 9223372036854775807", "expected 0 to 1000000000"],
        ),
        (WOIN_FIGHT, "amount: 3)", "amount: 1000001)", &["healing 1000001", "0 to 1000000"]),
        (WOIN_FIGHT, "amount: 3)", "amount: -3)", &["healing -3 is out of range"]),
        (
            WOIN_FIGHT,
            "health: (current: 30,",
            "health: (current: 1000001,",
            &["Aria: health 1000001 is out of range; expected -1000000 to 1000000"],
        ),
        (
            WOIN_FIGHT,
            "max: 40)",
            "max: -9223372036854775808)",
            &["Ogre: maximum health -9223372036854775808"],
        ),
        (
            WOIN_FIGHT,
            "\"agi\": Int(5)",
            "\"agi\": Int(-9223372036854775808)",
            &["Aria: agi=-9223372036854775808: expected a whole number from 0 to"],
        ),
        (WOIN_FIGHT, "\"health\": Int(30)", "\"health\": Int(0)", &["Aria: health=0: expected"]),
        (
            WOIN_FIGHT,
            "\"dmg\": Dice(\"3d6+3\")",
            "\"dmg\": Dice(\"3d6+1000001\")",
            &["Ogre: dmg=3d6+1000001: expected a dice expression", "no larger than 1000000"],
        ),
        (
            WOIN_FIGHT,
            "RoundStarted(round: 1)",
            "RoundStarted(round: 100001)",
            &["round 100001 is out of range; expected 0 to 100000"],
        ),
        (
            WOIN_FIGHT,
            "Count(12)",
            "Count(1001)",
            &["WOIN initiative is a whole number from -1000 to 1000", "not '1001'"],
        ),
        (WOIN_FIGHT, "Count(12)", "Count(-1001)", &["from -1000 to 1000", "not '-1001'"]),
        (
            WOIN_FIGHT,
            "Count(6)",
            "Count(-9223372036854775808)",
            &["initiative -9223372036854775808 is out of range; expected -1001000000 to"],
        ),
        (WOIN_FIGHT, "ties: [5]", "ties: [1000001]", &["tie-break 1000001 is out of range"]),
        (
            WOIN_FIGHT,
            "total: 6), by:",
            "total: 1000000001), by:",
            &["roll total 1000000001 is out of range"],
        ),
        (WOIN_FIGHT, "face: 3,", "face: 7,", &["a d6 face 7 is out of range; expected 1 to 6"]),
        (
            GURPS_FIGHT,
            "Speed(500)",
            "Speed(10001)",
            &["GURPS initiative is a Basic Speed from 0 to 100", "not '100.01'"],
        ),
        (GURPS_FIGHT, "Speed(500)", "Speed(-1)", &["Basic Speed from 0 to 100", "not '-0.01'"]),
        (GURPS_FIGHT, "loss: 2000000,", "loss: 1000000001,", &["health lost 1000000001"]),
        (
            SAVAGE_FIGHT,
            "value: 2)",
            "value: 1000001)",
            &["bennies 1000001 is out of range; expected -1000000 to 1000000"],
        ),
        // Each system checks the numbers of its own events (SW-BENNY-1's pool, GURPS-SHOCK-1's
        // cap of −8).
        (
            SAVAGE_SET,
            "GmBennies(count: 5)",
            "GmBennies(count: 1001)",
            &["the GM's benny pool 1001 is out of range; expected 0 to 1000"],
        ),
        (GURPS_FIGHT, "cap: 4", "cap: 9", &["shock's cap 9 is out of range; expected 0 to 8"]),
        (
            SAVAGE_FIGHT,
            "value: Card(Suited(rank: 2,",
            "value: Card(Suited(rank: 200,",
            &["a Savage Worlds initiative is a card such as QS", "not '200C'"],
        ),
    ];
    for &(fight, from, to, says) in cases {
        let good = good_save(fight);
        assert_eq!(good.matches(from).count(), 1, "{from:?} should be in the save once:\n{good}");
        // Edited on purpose, then sealed again: the range checks, not the checksums, must find it.
        let bad = save::journal::reseal(&good.replacen(from, to, 1));
        let (line, number) = command_around(&bad, to);
        let err = match save::from_ron(&bad, Path::new("bad.ron"), assets()) {
            Ok(_) => panic!("{from:?} → {to:?} should be refused"),
            Err(err) => err.to_string(),
        };
        let position = format!("bad.ron:{line}: command {number} (`");
        assert!(err.starts_with(&position), "{to:?}: expected {position:?} in {err}");
        assert!(err.contains("does not replay"), "{to:?}: {err}");
        for part in says {
            assert!(err.contains(part), "{to:?}: expected {part:?} in {err}");
        }
    }
}

// A fight saved at the last round plays on to its end, and the next round is refused whole.
#[test]
fn the_round_after_the_last_is_refused() {
    let good = good_save(WOIN_FIGHT);
    let last = save::journal::reseal(&good.replacen(
        "RoundStarted(round: 1)",
        "RoundStarted(round: 100000)",
        1,
    ));
    let mut session = save::from_ron(&last, Path::new("last.ron"), assets())
        .unwrap_or_else(|err| panic!("round 100000 is the last round, and allowed: {err}"));
    let next = parse("next").ok().flatten().expect("next parses");
    let mut dice = ScriptedDice::new([]);
    let err = (0..10)
        .find_map(|_| session.execute(&next.clone().into(), &mut dice).err())
        .expect("the round ends within ten turns");
    assert!(
        err.to_string().contains("round 100001 is out of range; expected 0 to 100000"),
        "{err}"
    );
    assert_eq!(session.encounter().round, 100_000);
}

/// A note longer than a note may hold is refused whole, with its length, never cut short
/// without a word; one that fits is kept as typed.
#[test]
fn a_note_too_long_is_refused_not_cut() {
    let long = "word ".repeat(250);
    let err = run_err(&format!("new woin\nadd Aria\nnote Aria {long}"), "");
    assert!(err.contains("a note holds at most 1000 characters; this one has 1249"), "{err}");
    let fits = "a".repeat(1000);
    let ran = run(&format!("new woin\nadd Aria\nnote Aria {fits}"), "");
    assert!(ran.to_string().contains(&fits), "the whole note is kept");
}
