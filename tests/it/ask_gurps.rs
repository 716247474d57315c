//! GURPS at the table's order (issue 24 items 1, 2, 5, 6): every roll named when the rules
//! reach it, the defense decided after the attack hits, several strikes walked one by one, a
//! turn's own rolls asked, an incomplete command refused by `skirmish run`, an attack out of
//! turn refused.

use std::sync::Arc;

use crate::walk::{Answer, walk};
use skirmish::command::{Command, parse_in};
use skirmish::encounter::Session;
use skirmish::encounter::engine::plan;
use skirmish::rules::System;
use skirmish::rules::ask::RollAsk;
use skirmish::rules::dice::{DiceError, DiceSource, SeededDice};

fn command(line: &str) -> Command {
    parse_in(line, Some(System::GURPS))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: blank"))
}

/// Rook (Speed 7, acts first), broadsword at 14 (2d+1 cut); Orc (HP 12, HT 11, DR 2, Dodge 8)
/// with an axe at 14 (Parry 10); then `more`.
fn fight(more: &[&str]) -> Session {
    let assets = Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::GURPS, "ask", assets);
    let mut dice = SeededDice::new(1);
    let setup = [
        "add Rook side=pc st=12 dx=12 ht=12 speed=7",
        "weapon Rook broadsword skill=14 dmg=2d+1 type=cut",
        "add Orc hp=12 ht=11 dr=2 speed=5",
        "weapon Orc axe skill=14 dmg=sw type=cut",
    ];
    for line in setup.iter().chain(more) {
        session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

/// The questions a walk asked, as displayed.
fn asked(session: &Session, line: &str, answers: &[Answer]) -> Vec<String> {
    walk(session, line, answers).asked
}

// GURPS-ORDER-1, GURPS-DEF-8, GURPS-KNOCK-1: the attack roll, then (it hits) the defender's
// decision with each defense and its odds, the defense chosen rolled, the damage named with its
// dice, and the knockdown roll the major wound calls for; nothing else.
#[test]
fn gurps_order_1_an_attack_walks_hit_defense_damage_knockdown() {
    let session = fight(&["start"]);
    let answers = [
        Answer::Faces(&[3, 3, 4]),
        Answer::Pick("defense=parry:axe"),
        Answer::Faces(&[5, 5, 5]),
        Answer::Faces(&[6, 6]),
        Answer::Faces(&[2, 2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc", &answers);
    assert_eq!(
        walked.asked,
        [
            "Rook's attack on Orc 14: 3d6, needs 14 or less",
            "Orc's defense: defense=parry:axe | defense=dodge | defense=parry:axe | \
             defense=dodge retreat | defense=parry:axe retreat | defense=none",
            "Orc's Parry (axe) 10: 3d6, needs 10 or less",
            "Rook's broadsword damage: 2d+1 cut",
            "Orc's knockdown HT 11: 3d6, needs 11 or less",
        ]
    );
    assert_eq!(walked.line, "attack Rook Orc defense=parry:axe");
    let log = format!("{:?}", walked.events);
    assert!(log.contains("knockdown, HT 11: rolls 6 vs 11: success by 5; holds"), "{log}");

    // A miss asks no defense, no damage; a parry that holds asks no damage.
    assert_eq!(asked(&session, "attack Rook Orc", &[Answer::Faces(&[5, 5, 6])]).len(), 1);
    let held =
        [Answer::Faces(&[3, 3, 4]), Answer::Pick("defense=parry:axe"), Answer::Faces(&[3, 3, 3])];
    assert_eq!(asked(&session, "attack Rook Orc", &held).len(), 3);
    // Damage with no major wound asks no knockdown (3 cutting, 1 through DR 2).
    let light = [Answer::Faces(&[3, 3, 4]), Answer::Pick("defense=none"), Answer::Faces(&[1, 1])];
    let walked = walk(&session, "attack Rook Orc", &light);
    assert_eq!(walked.asked.last().map(String::as_str), Some("Rook's broadsword damage: 2d+1 cut"));
}

// GURPS-DEF-8, GURPS-MAN-1, GURPS-DEF-2, GURPS-DEF-5: the decision's options with their exact
// odds; the best is the one the defender's maneuver allows, its text naming it; a retreat and
// Dodge and Drop only where allowed (a melee attack: Dodge and Drop refused with its reason).
#[test]
fn gurps_def_8_the_decision_offers_what_the_maneuver_allows() {
    let session = fight(&["start"]);
    let answers = [Answer::Faces(&[3, 3, 4]), Answer::Pick("defense=none"), Answer::Faces(&[1, 1])];
    let walked = walk(&session, "attack Rook Orc", &answers);
    let skirmish::rules::ask::Need::Decide(decision) = &walked.needs[1] else {
        panic!("{:?}", walked.needs)
    };
    let rows: Vec<(&str, &str, Option<&str>)> = decision
        .options
        .iter()
        .map(|p| (p.label.as_str(), p.text.as_str(), p.refused.as_deref()))
        .collect();
    assert_eq!(
        rows,
        [
            ("best: Parry (axe) 10: 50.0%", "defense=parry:axe", None),
            ("Dodge 8: 25.9%", "defense=dodge", None),
            ("Parry (axe) 10: 50.0%", "defense=parry:axe", None),
            ("Dodge retreating 11: 62.5%", "defense=dodge retreat", None),
            ("Parry (axe) retreating 11: 62.5%", "defense=parry:axe retreat", None),
            (
                "Dodge and Drop",
                "defense=dodge drop",
                Some("against ranged attacks only (GURPS-DEF-2)")
            ),
            ("none (takes the hit)", "defense=none", None),
        ]
    );
    assert_eq!(decision.suggested, Some(0));

    // All-Out Defense (Dodge): +2 Dodge, so Dodge 10 ties Parry 10 and is the best (ties go
    // Dodge first); answered by the retreat, the dodge rolled is 13.
    let session = fight(&["start", "next", "maneuver Orc aod-dodge", "next"]);
    let answers = [
        Answer::Faces(&[3, 3, 4]),
        Answer::Pick("defense=dodge retreat"),
        Answer::Faces(&[2, 2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc", &answers);
    assert!(walked.asked[1].starts_with("Orc's defense: defense=dodge | "), "{:?}", walked.asked);
    assert_eq!(walked.asked[2], "Orc's Dodge 13: 3d6, needs 13 or less");
    assert_eq!(walked.line, "attack Rook Orc defense=dodge retreat");

    // All-Out Attack leaves no defense: nothing is asked between the hit and the damage.
    let session = fight(&["start", "next", "maneuver Orc aoa-determined", "next"]);
    let walked =
        walk(&session, "attack Rook Orc", &[Answer::Faces(&[3, 3, 4]), Answer::Faces(&[1, 1])]);
    assert_eq!(
        walked.asked,
        ["Rook's attack on Orc 14: 3d6, needs 14 or less", "Rook's broadsword damage: 2d+1 cut"]
    );
}

// GURPS-MAN-7, GURPS-ORDER-1: All-Out Attack (Double) walks strike by strike: the first
// strike's attack, defense decision, defense roll and damage, then the second strike's attack
// and its own decision (written `defense2=`).
#[test]
fn gurps_man_7_a_double_all_out_attack_walks_strike_by_strike() {
    let session = fight(&["start", "maneuver Rook aoa-double"]);
    let answers = [
        Answer::Faces(&[3, 3, 4]),
        Answer::Pick("defense1=dodge"),
        Answer::Faces(&[6, 5, 5]),
        Answer::Faces(&[6, 6]),
        Answer::Faces(&[2, 2, 2]),
        Answer::Faces(&[3, 3, 4]),
        Answer::Pick("defense2=parry:axe"),
        Answer::Faces(&[2, 2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc", &answers);
    let defense = |n: u8| {
        format!(
            "Orc's defense: defense{n}=parry:axe | defense{n}=dodge | defense{n}=parry:axe | \
             defense{n}=dodge retreat{n} | defense{n}=parry:axe retreat{n} | defense{n}=none"
        )
    };
    assert_eq!(
        walked.asked,
        [
            "Rook's attack on Orc 14: 3d6, needs 14 or less".to_string(),
            defense(1),
            "Orc's Dodge 8: 3d6, needs 8 or less".into(),
            "Rook's broadsword damage: 2d+1 cut".into(),
            // The first strike's knockdown comes before the second strike's dice.
            "Orc's knockdown HT 11: 3d6, needs 11 or less".into(),
            "Rook's attack on Orc (All-Out Attack, second attack) 14: 3d6, needs 14 or less".into(),
            defense(2),
            "Orc's Parry (axe) 10: 3d6, needs 10 or less".into(),
        ]
    );
    assert_eq!(walked.line, "attack Rook Orc defense1=dodge defense2=parry:axe");
}

// GURPS-ATK-6: a Rapid Strike walks strike by strike at −6; the second strike's miss asks
// nothing more.
#[test]
fn gurps_atk_6_a_rapid_strike_walks_strike_by_strike() {
    let session = fight(&["start"]);
    let answers = [
        Answer::Faces(&[2, 2, 2]),
        Answer::Pick("defense1=dodge"),
        Answer::Faces(&[6, 5, 5]),
        Answer::Faces(&[1, 1]),
        Answer::Faces(&[5, 5, 5]),
    ];
    let walked = walk(&session, "attack Rook Orc rapid", &answers);
    assert_eq!(
        walked.asked[..1],
        ["Rook's attack on Orc (rapid strike 1) 8: 3d6, needs 8 or less"]
    );
    assert_eq!(
        walked.asked[2..],
        [
            "Orc's Dodge 8: 3d6, needs 8 or less",
            "Rook's broadsword damage: 2d+1 cut",
            "Rook's attack on Orc (rapid strike 2) 8: 3d6, needs 8 or less",
        ]
    );
    assert_eq!(walked.line, "attack Rook Orc rapid defense1=dodge");
    // GURPS-DEF-5: a retreat from the first strike holds against the second: its decision
    // offers no retreat again, and its Dodge carries the +3.
    let answers = [
        Answer::Faces(&[2, 2, 2]),
        Answer::Pick("defense1=dodge retreat1"),
        Answer::Faces(&[6, 5, 5]),
        Answer::Faces(&[1, 1]),
        Answer::Faces(&[2, 2, 2]),
        Answer::Pick("defense2=dodge"),
        Answer::Faces(&[2, 2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc rapid", &answers);
    assert_eq!(walked.asked[2], "Orc's Dodge 11: 3d6, needs 11 or less");
    assert!(!walked.asked[5].contains("retreat2"), "{:?}", walked.asked);
    assert_eq!(walked.asked[6], "Orc's Dodge 11: 3d6, needs 11 or less");
    assert_eq!(walked.line, "attack Rook Orc rapid defense1=dodge retreat1 defense2=dodge");
    // A critical miss (17) asks its table, named.
    let answers = [Answer::Faces(&[6, 6, 5]), Answer::Faces(&[3, 3, 4])];
    let walked = walk(&session, "attack Rook Orc", &answers);
    assert_eq!(walked.asked[1], "Rook's critical miss table: 3d6");
}

// GURPS-HP-2: a turn that starts at 0 HP or less asks its HT roll, saying what it needs.
#[test]
fn gurps_hp_2_a_turn_start_at_zero_hp_asks_ht() {
    let session = fight(&["start", "damage Orc 13 raw"]);
    let walked = walk(&session, "next", &[Answer::Faces(&[3, 3, 3])]);
    assert_eq!(walked.asked, ["Orc's HT (0 HP) 11: 3d6, needs 11 or less"]);
    let log = format!("{:?}", walked.events);
    assert!(log.contains("stays up"), "{log}");
}

// GURPS-DEF-8 with `gurps_auto_defense ask`: the decision has no default, so `skirmish run`
// refuses an attack that hits without `defense=`, naming what is missing; with it, it runs.
#[test]
fn gurps_def_8_auto_defense_ask_refuses_a_command_without_its_defense() {
    let script = "new gurps\nset gurps_auto_defense ask\nadd Rook speed=7\n\
                  weapon Rook broadsword skill=14 dmg=2d+1 type=cut\nadd Orc hp=12 dr=2 speed=5\n\
                  weapon Orc axe skill=14 dmg=sw type=cut\nstart\n";
    let out = crate::cli::skirmish(
        &["run", "--script", "-", "--dice", "3,3,4"],
        &format!("{script}attack Rook Orc\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let said = crate::cli::text(&out.stderr);
    assert!(
        said.contains("Orc's defense: defense=parry:axe | defense=dodge | defense=parry:axe"),
        "{said}"
    );
    let out = crate::cli::skirmish(
        &["run", "--script", "-", "--dice", "3,3,4,5,5,5,1,1"],
        &format!("{script}attack Rook Orc defense=parry:axe\n"),
    );
    assert!(out.status.success(), "{}", crate::cli::text(&out.stderr));
    assert!(crate::cli::text(&out.stdout).contains("Parry (axe) 10"));
    // `defense=best` still reads as the best open.
    let out = crate::cli::skirmish(
        &["run", "--script", "-", "--dice", "3,3,4,5,5,5,1,1"],
        &format!("{script}attack Rook Orc defense=best\n"),
    );
    assert!(out.status.success(), "{}", crate::cli::text(&out.stderr));
}

// GURPS-MAN-11: an attack out of the attacker's turn is refused, unless forced or a Wait
// triggers.
#[test]
fn gurps_man_11_an_attack_out_of_turn_needs_a_wait_or_force() {
    let session = fight(&["start"]);
    let mut dice = SeededDice::new(3);
    let mut copy = session.clone();
    let refused = copy.execute(&command("attack Orc Rook"), &mut dice).expect_err("refused");
    assert!(refused.to_string().contains("it is not Orc's turn"), "{refused}");
    assert!(refused.to_string().contains("force"), "{refused}");
    let mut copy = session.clone();
    copy.execute(&command("attack Orc Rook force"), &mut dice).expect("forced");
    // Orc waits on its turn; on Rook's next, its Wait triggers.
    let mut waiting = fight(&["start", "next", "maneuver Orc wait then=attack", "next"]);
    waiting.execute(&command("attack Orc Rook"), &mut dice).expect("the Wait triggers");
    // Its Wait is spent: a second attack out of turn is refused again.
    let again = waiting.execute(&command("attack Orc Rook"), &mut dice).expect_err("spent");
    assert!(again.to_string().contains("it is not Orc's turn"), "{again}");
}

// GURPS-LOC-2, GURPS-ATK-2, GURPS-ATK-6, GURPS-DEF-2: the attack dialog offers only what the
// rules allow: no vitals or eye for a cutting blade, no shield arm on a target without a
// shield, no Rapid Strike or retreat with a pistol, no Dodge and Drop against a sword.
#[test]
fn gurps_loc_2_the_dialog_offers_only_what_the_rules_allow() {
    let session = fight(&["weapon Rook pistol skill=12 dmg=2d type=pi ranged firearm", "start"]);
    let enc = session.encounter();
    let locations = |line: &str| -> Vec<String> {
        let picks = skirmish::encounter::engine::attack_choice(enc, &command(line), "location")
            .expect("reads")
            .expect("narrowed");
        picks.into_iter().map(|(_, text)| text).collect()
    };
    let sword = locations("attack Rook Orc broadsword");
    assert!(!sword.iter().any(|t| t == "loc=vitals" || t == "loc=eye"), "{sword:?}");
    assert!(!sword.iter().any(|t| t.starts_with("loc=shield")), "{sword:?}");
    assert!(sword.iter().any(|t| t == "loc=skull") && sword.iter().any(|t| t.is_empty()));
    let pistol = locations("attack Rook Orc pistol");
    assert!(pistol.iter().any(|t| t == "loc=vitals"), "{pistol:?}");
    let toggles = |line: &str| -> Vec<&'static str> {
        let guide = skirmish::encounter::engine::attack_guide(enc, &command(line))
            .expect("reads")
            .expect("a guide");
        guide.toggles.expect("narrowed").into_iter().map(|(k, _)| k).collect()
    };
    assert_eq!(toggles("attack Rook Orc broadsword"), ["retreat", "rapid", "backside"]);
    assert_eq!(toggles("attack Rook Orc pistol"), ["drop", "backside"]);
}

/// A source that plays on, noting every die the rules roll past what the last named roll
/// said it takes: a die the GM would never have been asked for.
struct Strict {
    dice: SeededDice,
    named: usize,
    unnamed: Vec<u32>,
}

impl DiceSource for Strict {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match self.named.checked_sub(1) {
            Some(left) => self.named = left,
            None => self.unnamed.push(sides),
        }
        self.dice.roll(sides)
    }

    fn before_roll(&mut self, roll: &RollAsk) -> Result<(), DiceError> {
        self.named = roll.count;
        Ok(())
    }

    // Initiative's tie roll-offs are the core's, not an attack's or a turn's.
    fn roll_off(&mut self, _holder: &str) -> Result<u32, DiceError> {
        self.dice.roll(6)
    }
}

// Issue 24 item 1 for GURPS (GURPS-ORDER-1, GURPS-CRIT-1, GURPS-CRIT-2, GURPS-LOC-1,
// GURPS-DEF-10, GURPS-DEF-11, GURPS-HP-2, GURPS-HP-3, GURPS-KNOCK-1, GURPS-STUN-2,
// GURPS-MAN-3, GURPS-MAN-6, GURPS-RAPID-1): over many seeds, no attack, feint or turn start
// rolls a die it did not name first.
#[test]
fn gurps_order_1_no_roll_goes_unnamed() {
    let options = [
        "set gurps_extremity_side roll",
        "set gurps_crit_reroll auto",
        "set gurps_head_blow_table on",
        "add Gob speed=4 acrobatics=12",
        "weapon Rook maul skill=13 dmg=6d type=cr",
        "weapon Rook spear skill=13 dmg=2d type=imp",
        "weapon Orc sword skill=12 dmg=sw type=cut parry=0U",
        "weapon Rook smg skill=13 dmg=2d type=pi ranged firearm rof=5 rcl=2",
    ];
    let start: &[&str] = &["start"];
    let scenarios: &[(&[&str], &[&str])] = &[
        (start, &["attack Rook Orc maul loc=random", "next", "attack Orc Rook sword rapid"]),
        (start, &["attack Rook Orc spear loc=skull", "next", "next", "next", "next"]),
        (start, &["attack Rook Orc maul rapid", "next", "next", "next"]),
        (start, &["attack Rook Orc,Gob maul sacrifice=Gob"]),
        (start, &["attack Rook Gob spear acrobatic"]),
        (start, &["attack Rook Orc smg loc=random", "next", "next", "next"]),
        (start, &["attack Rook Orc spear loc=vitals", "next", "next", "next", "next"]),
        (&["start", "maneuver Rook aoa-double"], &["attack Rook Orc maul", "next", "next"]),
        (&["start", "maneuver Rook feint target=Orc"], &["feint Rook Orc", "next", "next"]),
        (
            &["start", "next", "maneuver Orc aim target=Rook", "next"],
            &["attack Rook Orc maul force", "next", "next", "next"],
        ),
    ];
    let mut wrong = Vec::new();
    for seed in 0..60 {
        for (setup, lines) in scenarios {
            let mut dice = SeededDice::new(seed);
            let mut session = fight(&options);
            for line in *setup {
                session
                    .execute(&command(line), &mut dice)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            for line in *lines {
                let command = command(line);
                let verb = command.invocation().expect("a verb");
                let mut strict = Strict { dice: SeededDice::new(seed), named: 0, unnamed: vec![] };
                let assets = session.assets().clone();
                let planned = plan(session.encounter(), verb, &assets, &mut strict);
                if !strict.unnamed.is_empty() {
                    wrong.push(format!("seed {seed}: {line}: unnamed d{:?}", strict.unnamed));
                }
                if planned.is_ok() {
                    let _ = session.execute(&command, &mut SeededDice::new(seed));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// GURPS-MAN-9: under All-Out Defense (Double), a failed defense is followed by the defender's
// decision on its second, another than the first (written `double=`).
#[test]
fn gurps_man_9_double_defense_asks_the_second_defense() {
    let session = fight(&["start", "next", "maneuver Orc aod-double", "next"]);
    let answers = [
        Answer::Faces(&[3, 3, 4]),
        Answer::Pick("defense=dodge"),
        Answer::Faces(&[6, 5, 5]),
        Answer::Pick("double=parry:axe"),
        Answer::Faces(&[2, 2, 2]),
    ];
    let walked = walk(&session, "attack Rook Orc", &answers);
    assert_eq!(walked.asked[2], "Orc's Dodge 8: 3d6, needs 8 or less");
    assert_eq!(
        walked.asked[3],
        "Orc's second defense (Double Defense): double=parry:axe | double=parry:axe | double=none"
    );
    assert_eq!(walked.asked[4], "Orc's Parry (axe) 10: 3d6, needs 10 or less");
    assert_eq!(walked.line, "attack Rook Orc defense=dodge double=parry:axe");
    // Named on the command, it is not asked.
    let answers = [Answer::Faces(&[3, 3, 4]), Answer::Faces(&[6, 5, 5]), Answer::Faces(&[1, 1])];
    let walked = walk(&session, "attack Rook Orc defense=dodge double=none", &answers);
    assert_eq!(walked.asked[2], "Rook's broadsword damage: 2d+1 cut");
}
