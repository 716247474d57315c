//! WOIN in the table's order (issue 24): the attack pool, the damage, each explosion of a
//! critical and each condition-table d6 are named before their dice, as are a turn's own rolls;
//! once a hit's conditions are known, a target with LUC dice may cancel one as its reaction
//! (WOIN-COND-6). Each walk answers with physical faces and no source behind them.

use std::sync::Arc;

use skirmish::command::{Command, parse_in};
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::ask::Need;
use skirmish::rules::dice::{ScriptedDice, SeededDice};
use skirmish::save;

use crate::walk::{Answer, walk};

fn command(line: &str) -> Command {
    parse_in(line, Some(System::WOIN))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: blank"))
}

/// Aria (acts first) and T with `target`'s fields, then `more`.
fn fight(target: &str, more: &[&str]) -> Session {
    let assets = Arc::new(save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::WOIN, "ask", assets);
    let mut dice = SeededDice::new(1);
    let add = format!("add T health=20 {target}");
    let setup = ["add Aria side=pc", add.as_str(), "init Aria 20", "init T 10", "start"];
    for line in setup.iter().chain(more) {
        session.execute(&command(line), &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

fn t_state(session: &Session) -> (i64, Vec<String>) {
    let t = session.encounter().get("t").expect("T");
    (t.stats.int_or("luc", 0), t.conditions.iter().map(|c| c.name.clone()).collect())
}

const CRIT: &str = "attack Aria T pool=3d6 dmg=1d6 type=slashing";

// WOIN-ATK-5, WOIN-CRIT-1..3: the pool, then on a hit the damage, a critical's explosions and
// its condition-table d6, each asked in turn; a miss asks nothing past its roll.
#[test]
fn woin_atk_5_an_attack_is_walked_roll_by_roll() {
    let session = fight("melee=12", &[]);
    let walked = walk(&session, CRIT, &[Answer::Faces(&[1, 2, 3])]);
    assert_eq!(walked.asked, ["Aria's attack: 3d6, needs 12 or more (MELEE DEFENSE), or 3 sixes"]);

    let walked = walk(&session, CRIT, &[Answer::Faces(&[5, 4, 3]), Answer::Faces(&[4])]);
    assert_eq!(walked.asked[1], "Aria's damage: d6, needs SOAK 0");

    // A critical: the damage's 6 explodes (into a 2), then the slashing row's d6 (3: Blind).
    let walked = walk(
        &session,
        CRIT,
        &[Answer::Faces(&[6, 6, 6]), Answer::Faces(&[6]), Answer::Faces(&[2]), Answer::Faces(&[3])],
    );
    assert_eq!(
        walked.asked,
        [
            "Aria's attack: 3d6, needs 12 or more (MELEE DEFENSE), or 3 sixes",
            "Aria's damage: d6, needs SOAK 0",
            "critical damage: a 6 explodes: 1d6",
            "critical hit: condition table (slashing): 1d6",
        ]
    );
}

// WOIN-COND-6: once the hit's conditions are known, a target with LUC dice may cancel one as
// its reaction; `luck=no`, the default, keeps them. Cursed forbids it; without LUC dice no
// question is asked.
#[test]
fn woin_cond_6_a_luc_die_cancels_a_condition_as_the_hit_applies_it() {
    let answers = |pick| {
        [Answer::Faces(&[6, 6, 6]), Answer::Faces(&[2]), Answer::Faces(&[3]), Answer::Pick(pick)]
    };
    for (pick, luc, conditions) in [("luck=Blind", 1, &[][..]), ("luck=no", 2, &["Blind"][..])] {
        let mut session = fight("melee=20 luc=2", &[]);
        let walked = walk(&session, CRIT, &answers(pick));
        assert_eq!(walked.asked[3], "T is Blind: cancel one with a LUC die?: luck=no | luck=Blind");
        let Need::Decide(decision) = &walked.needs[3] else { panic!("a decision") };
        assert_eq!(decision.options[1].label, "Spend a LUC die (2 left): cancel Blind");
        assert_eq!(decision.default_pick().map(|p| p.text.as_str()), Some("luck=no"));
        assert_eq!(walked.line, format!("{CRIT} {pick}"));
        let mut dice = ScriptedDice::new(walked.faces.iter().copied());
        session.execute(&command(&walked.line), &mut dice).expect("the kept line replays");
        let (left, has) = t_state(&session);
        assert_eq!(left, luc, "{pick}");
        assert_eq!(has, conditions, "{pick}");
    }

    let session = fight("melee=20 luc=2", &["cond T cursed"]);
    // Cursed: no LUC to spend, so nothing to choose (the one open option is taken).
    let faces = [Answer::Faces(&[6, 6, 6]), Answer::Faces(&[2]), Answer::Faces(&[3])];
    assert_eq!(walk(&session, CRIT, &faces).asked.len(), 3, "cursed: nothing to decide");

    let session = fight("melee=20", &[]);
    let faces = [Answer::Faces(&[6, 6, 6]), Answer::Faces(&[2]), Answer::Faces(&[3])];
    assert_eq!(walk(&session, CRIT, &faces).asked.len(), 3, "no LUC dice: nothing to decide");
}

// WOIN-COND-8: a turn's ongoing damage is asked as the turn begins.
#[test]
fn woin_cond_8_ongoing_damage_is_asked_at_turn_start() {
    let session = fight("melee=12", &["cond T bleeding"]);
    let walked = walk(&session, "next", &[Answer::Faces(&[4])]);
    assert_eq!(walked.asked, ["T's Bleeding (first): d6"]);
}
