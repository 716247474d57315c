//! Savage Worlds in the table's order (issue 24): every roll an attack or a turn start makes is
//! named before its dice, and the bennies are asked when the rules reach them: a soak once the
//! wounds are known (SW-DMG-4), a reroll after a failed attack roll. Each walk answers with the
//! faces of physical dice and no source behind them, so a die rolled unnamed fails it.

use std::sync::Arc;

use skirmish::command::{Command, parse_in};
use skirmish::encounter::Session;
use skirmish::encounter::engine::plan_asking;
use skirmish::rules::System;
use skirmish::rules::ask::Need;
use skirmish::rules::dice::{ScriptedDice, SeededDice};
use skirmish::save;

use crate::walk::{Answer, walk};

/// A Wild Card with Parry 4, Toughness 6, Vigor d8, Spirit d6 and `bennies` bennies.
fn hero(bennies: u32) -> String {
    format!(
        "add Hero wild side=pc spirit=d6 strength=d6 vigor=d8 fighting=d8 parry=4 toughness=6 \
         bennies={bennies}"
    )
}

/// An Extra: Fighting d6, Strength d8, Parry 5, Toughness 6.
const ORC: &str = "add Orc extra spirit=d6 strength=d8 vigor=d6 fighting=d6 parry=5 toughness=6";

fn command(line: &str) -> Command {
    parse_in(line, Some(System::SAVAGE))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: blank"))
}

/// Hero and Orc with typed cards (`first` holds the Ace of Spades), then `more`.
fn fight(first: &str, bennies: u32, more: &[&str]) -> Session {
    let assets = Arc::new(save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::SAVAGE, "ask", assets);
    let mut dice = SeededDice::new(1);
    let (hero_card, orc_card) = if first == "Hero" { ("AS", "QH") } else { ("QH", "AS") };
    let hero = hero(bennies);
    let init_hero = format!("init Hero {hero_card}");
    let init_orc = format!("init Orc {orc_card}");
    let setup = [hero.as_str(), ORC, init_hero.as_str(), init_orc.as_str(), "start"];
    for line in setup.iter().chain(more) {
        session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

/// The walked command kept and replayed with its faces: what the GM's answers came to.
fn replay(session: &mut Session, line: &str, faces: &[u32]) {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(dice.remaining(), 0, "{line}: faces left");
}

fn hero_state(session: &Session) -> (i64, bool, i64) {
    let hero = session.encounter().get("hero").expect("hero");
    let shaken = hero.conditions.iter().any(|c| c.name == "Shaken");
    (hero.health.max - hero.health.current, shaken, hero.stats.int_or("bennies", 0))
}

// SW-ROLL-1, SW-DMG-1, SW-DMG-4: the attack roll, the damage, then (wounds known) the soak
// decision and the soak's Vigor roll; each success and raise cancels a wound, all of them the
// Shaken too. `soak=no` (the default of a source that plays on) takes the wounds.
#[test]
fn sw_dmg_4_a_soak_is_asked_once_the_wounds_are_known() {
    let line = "attack Orc Hero dmg=str+d6+2";
    // (soak answer, Vigor faces, wounds left, Shaken, bennies left)
    let cases: &[(&str, &[u32], i64, bool, i64)] = &[
        ("soak=no", &[], 2, true, 2),
        ("soak=benny", &[5, 2], 1, true, 1),
        ("soak=benny", &[8, 1, 2], 0, false, 1),
        ("soak=benny", &[2, 3], 2, true, 1),
    ];
    for &(pick, vigor, wounds, shaken, bennies) in cases {
        let session = fight("Orc", 2, &[]);
        // Orc hits with 5 against Parry 4; 7 + 5 + 2 = 14 against Toughness 6: two raises.
        let mut answers = vec![Answer::Faces(&[5]), Answer::Faces(&[7, 5]), Answer::Pick(pick)];
        if !vigor.is_empty() {
            answers.push(Answer::Faces(vigor));
        }
        let walked = walk(&session, line, &answers);
        let mut asked = vec![
            "Orc's Fighting: d6, needs 4 or more (Parry 4)".to_string(),
            "Orc's damage: d8 (first of d8+d6+2), needs Toughness 6".to_string(),
            "Hero takes 2 wound(s): soak?: soak=no | soak=benny".to_string(),
        ];
        if !vigor.is_empty() {
            asked.push("Hero's soak (Vigor): d8, needs 4 or more (TN 4)".to_string());
        }
        assert_eq!(walked.asked, asked, "{pick} {vigor:?}");
        let Need::Decide(decision) = &walked.needs[2] else { panic!("a decision") };
        assert_eq!(decision.field, "soak");
        assert_eq!(decision.default_pick().map(|p| p.text.as_str()), Some("soak=no"));
        // Vigor d8 with the Wild Die against 4: 1 − 3/8 · 3/6 = 81.25%; a raise (8) 1/8 + 1/6·…
        assert!(
            decision.options[1]
                .label
                .starts_with("Soak with a benny (2 left), Vigor d8: success 81.2"),
            "{:?}",
            decision.options[1]
        );
        assert_eq!(walked.line, format!("{line} {pick}"));
        let mut session = session;
        replay(&mut session, &walked.line, &walked.faces);
        assert_eq!(hero_state(&session), (wounds, shaken, bennies), "{pick} {vigor:?}");
    }
}

// SW-DMG-4: a Wild Card without bennies has no soak to choose (the one open option is taken, not
// asked); an Extra is never asked, and `soak=benny` against one is refused before any die.
#[test]
fn sw_dmg_4_no_soak_without_a_benny_and_none_for_an_extra() {
    let session = fight("Orc", 0, &[]);
    let walked = walk(
        &session,
        "attack Orc Hero dmg=str+d6+2",
        &[Answer::Faces(&[5]), Answer::Faces(&[7, 5])],
    );
    assert!(!walked.asked.iter().any(|a| a.contains("soak?")), "{:?}", walked.asked);
    assert!(!walked.line.contains("soak="), "{}", walked.line);

    // Hero wounds the Orc (6 + 1 vs Parry 5; 5 + 4 + 4 = 13 vs Toughness 6): it is out, unasked.
    let session = fight("Hero", 2, &[]);
    let walked = walk(
        &session,
        "attack Hero Orc dmg=str+d6+4",
        &[Answer::Faces(&[6, 1]), Answer::Faces(&[5, 4])],
    );
    assert_eq!(
        walked.asked,
        [
            "Hero's Fighting: d8, needs 5 or more (Parry 5)",
            "Hero's damage: d6 (first of d6+d6+4), needs Toughness 6"
        ]
    );
    let verb = command("attack Hero Orc soak=benny");
    let mut nothing = ScriptedDice::new([]);
    let err = plan_asking(
        session.encounter(),
        verb.invocation().expect("a verb"),
        session.assets(),
        Vec::new(),
        &mut nothing,
    )
    .expect_err("an Extra never soaks");
    assert!(err.to_string().contains("Orc is an Extra"), "{err}");
}

// [outside] the core rules' benny: a Wild Card rerolls a failed attack roll and keeps the better;
// snake eyes stands; without a benny the reroll is refused with its reason.
#[test]
fn sw_roll_1_a_failed_attack_roll_may_be_rerolled_with_a_benny() {
    let session = fight("Hero", 2, &[]);
    let line = "attack Hero Orc dmg=str+d6+4";
    let walked = walk(
        &session,
        line,
        &[
            Answer::Faces(&[2, 3]),
            Answer::Pick("reroll=benny"),
            Answer::Faces(&[6, 1]),
            Answer::Faces(&[5, 4]),
        ],
    );
    assert_eq!(
        walked.asked,
        [
            "Hero's Fighting: d8, needs 5 or more (Parry 5)",
            "Hero misses (3 vs Parry 5): reroll with a benny?: reroll=no | reroll=benny",
            "Hero's Fighting reroll (benny): d8, needs 5 or more (Parry 5)",
            "Hero's damage: d6 (first of d6+d6+4), needs Toughness 6",
        ]
    );
    let Need::Decide(decision) = &walked.needs[1] else { panic!("a decision") };
    // d8 with the Wild Die reaching 5: 1 − 4/8 · 4/6 = 66.7%.
    assert!(decision.options[1].label.contains("success 66.7%"), "{decision:?}");
    let mut session = session;
    replay(&mut session, &walked.line, &walked.faces);
    let hero = session.encounter().get("hero").expect("hero");
    assert_eq!(hero.stats.int_or("bennies", 0), 1);
    let orc = session.encounter().get("orc").expect("orc");
    assert!(orc.health.current < 0, "the Orc is out");

    // Snake eyes: no reroll to choose (it stands); the miss asks nothing more.
    let again = fight("Hero", 2, &[]);
    let walked = walk(&again, line, &[Answer::Faces(&[1, 1])]);
    assert_eq!(walked.asked.len(), 1, "{:?}", walked.asked);
    // No benny left: likewise nothing to choose.
    let broke = fight("Hero", 0, &[]);
    let walked = walk(&broke, line, &[Answer::Faces(&[2, 3])]);
    assert_eq!(walked.asked.len(), 1, "{:?}", walked.asked);
    // An Extra never rerolls: its miss is the end of it.
    let orcs = fight("Orc", 2, &[]);
    let walked = walk(&orcs, "attack Orc Hero", &[Answer::Faces(&[2])]);
    assert_eq!(walked.asked, ["Orc's Fighting: d6, needs 4 or more (Parry 4)"]);
}

// SW-SHAKEN-1: a Shaken Wild Card's turn begins with its Spirit roll, named with the Wild Die.
#[test]
fn sw_shaken_1_the_turn_start_spirit_roll_is_asked() {
    let session = fight("Orc", 2, &["cond Hero shaken"]);
    let walked = walk(&session, "next", &[Answer::Faces(&[4, 1])]);
    assert_eq!(walked.asked, ["Hero's Spirit to recover from Shaken: d6, needs 4 or more (TN 4)"]);
    assert!(format!("{:?}", walked.events).contains("recovers from Shaken (Spirit 4)"));
}

// SW-INC-1, SW-INJ-1: past its last wound a Wild Card rolls Vigor at once, then its Injury and
// the Injury's side, each named, after the soak it had no benny for.
#[test]
fn sw_inc_1_the_incapacitation_roll_and_injury_are_asked() {
    let session = fight("Orc", 0, &[]);
    // 7 + 5 + 10 = 22 against Toughness 6: four raises, four wounds.
    let walked = walk(
        &session,
        "attack Orc Hero dmg=str+d6+10",
        &[
            Answer::Faces(&[5]),
            Answer::Faces(&[7, 5]),
            Answer::Faces(&[5, 2]),
            Answer::Faces(&[2, 1]),
            Answer::Faces(&[1]),
        ],
    );
    assert_eq!(
        walked.asked[2..],
        [
            "Hero's Vigor, incapacitated: d8, needs 7 or more (TN 4, −3)",
            "Hero's Injury: 2d6",
            "Hero's Injury side (1 left): 1d2",
        ]
    );
    assert!(format!("{:?}", walked.events).contains("Arm (left): useless"), "{:?}", walked.events);
}

// SW-DMG-1 at the table: the damage is asked one die at a time, so an ace's extra face is asked
// for the die that aced, before the next die, and each face goes to the die it was rolled on.
#[test]
fn sw_dmg_1_an_ace_on_the_first_damage_die_is_asked_before_the_next_die() {
    let session = fight("Orc", 2, &[]);
    let walked = walk(
        &session,
        "attack Orc Hero dmg=str+d6+2",
        &[
            Answer::Faces(&[5]),
            Answer::Faces(&[8]),
            Answer::Faces(&[3]),
            Answer::Faces(&[1]),
            Answer::Pick("soak=no"),
        ],
    );
    assert_eq!(
        walked.asked[1..4],
        [
            "Orc's damage: d8 (first of d8+d6+2), needs Toughness 6",
            "Orc's damage, one more die: 1d8",
            "Orc's damage, next die: d6, needs Toughness 6",
        ]
    );
    // 8 + 3 on the d8, 1 on the d6, +2: 14 against Toughness 6, two wounds.
    let text = format!("{:?}", walked.events);
    assert!(text.contains("14"), "{text}");
}
