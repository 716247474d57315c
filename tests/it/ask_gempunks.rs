//! Gempunks at the table's pace (issue 24): a set is walked roll by roll with no source behind
//! the answers, so every die the rules roll must be named first. The attack dice come as one
//! step, each crit and chain stage as its own, the sharing of the hits as a decision after them,
//! then each hit instance's damage; what the GM decides once a hit lands (take the item, who
//! rides) is asked then.

use std::sync::Arc;

use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::encounter::engine::plan;
use skirmish::rules::System;
use skirmish::rules::ask::Need;
use skirmish::rules::dice::{ScriptedDice, SeededDice};

use crate::walk::{Answer, walk};

fn session(lines: &[&str]) -> Session {
    let assets = Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::GEMPUNKS, "walk", assets);
    let mut dice = SeededDice::new(1);
    for line in lines {
        let command = parse_in(line, Some(System::GEMPUNKS)).expect("reads").expect("a line");
        session.execute(&command, &mut dice).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    session
}

/// Spec worked example 4: ten crossbowmen (Accuracy +1) at Ogre, Troll and Goblin (needs 4, 6,
/// 3): Troll is hardest, the common need is 5.
fn crossbows() -> Session {
    session(&[
        "add Crossbowman x10 regiment",
        "weapon Crossbowmen bolt acc=1 dmg=1d6 ranged",
        "add Ogre ad=5 toughness=4 hp=6",
        "add Troll ad=7 toughness=5 hp=6",
        "add Goblin ad=4 toughness=3 hp=3",
        "init Crossbowmen 10",
        "init Ogre 5",
        "init Troll 4",
        "init Goblin 3",
        "start",
    ])
}

const SPLIT: &str = "split=ogre:h1+h4,troll:h2+h5,goblin:h3";

// GEM-ROLL-1, GEM-CRIT-1, GEM-CRIT-2, GEM-ATK-6, GEM-ATK-7: the set's ten dice in one step, the
// crit dice for its two sixes, the chain die for the crit that rolled a 6, then the sharing
// proposed, and only then each instance's damage, in attack-die order.
#[test]
fn gem_atk_7_a_regiment_set_asks_its_crit_chain_stage_by_stage_then_the_split() {
    let answers = [
        Answer::Faces(&[1, 2, 3, 4, 5, 5, 5, 6, 6, 4]),
        Answer::Faces(&[6, 3]),
        Answer::Faces(&[5]),
        Answer::Pick(SPLIT),
        Answer::Faces(&[1]),
        Answer::Faces(&[2]),
        Answer::Faces(&[3]),
        Answer::Faces(&[4, 5, 6]),
        Answer::Faces(&[6]),
    ];
    let walked = walk(&crossbows(), "attack Crossbowmen Ogre,Troll,Goblin", &answers);
    let asked: Vec<&str> = walked.asked.iter().map(String::as_str).collect();
    assert_eq!(
        asked[..3],
        [
            "Crossbowmen's attack set vs Ogre, Troll, Goblin: 10d6, needs 5 or more",
            "Crossbowmen's crit dice for 2 sixes (dice #8, #9): 2d6, needs 5 or more",
            "Crossbowmen's chain dice (stage 1) for 1 six (die #8): 1d6, needs 5 or more",
        ]
    );
    assert_eq!(
        asked[4..],
        [
            "Crossbowmen's damage for h1 (die #5, ×1) → Ogre (T 4): 1d6+1 piercing",
            "Crossbowmen's damage for h2 (die #6, ×1) → Troll (T 5): 1d6+1 piercing",
            "Crossbowmen's damage for h3 (die #7, ×1) → Goblin (T 3): 1d6+1 piercing",
            "Crossbowmen's damage for h4 (die #8, ×3) → Ogre (T 4): 3d6+3 piercing",
            "Crossbowmen's damage for h5 (die #9, ×1) → Troll (T 5): 1d6+1 piercing",
        ]
    );
    // The split, asked once the chain is done: the proposal first, every hit on one target
    // after it, the hardest (Troll) over its cap refused with the reason.
    let Need::Decide(split) = &walked.needs[3] else { panic!("{:?}", walked.needs[3]) };
    assert_eq!(split.field, "split");
    assert_eq!(split.suggested, Some(0));
    assert!(split.label.contains("h4 (die #8, ×3)"), "{}", split.label);
    assert!(split.typed.as_deref().is_some_and(|t| t.contains("NAME:COUNT")), "{split:?}");
    let picks: Vec<(&str, &str, bool)> = split
        .options
        .iter()
        .map(|p| (p.label.as_str(), p.text.as_str(), p.refused.is_some()))
        .collect();
    assert_eq!(
        picks,
        [
            ("Ogre 2 (h1, h4), Troll 2 (h2, h5), Goblin 1 (h3) (proposed)", SPLIT, false),
            ("all 5 on Ogre", "split=ogre:5", false),
            ("all 5 on Troll", "split=troll:5", true),
            ("all 5 on Goblin", "split=goblin:5", false),
        ]
    );
    assert_eq!(walked.line, format!("attack Crossbowmen Ogre,Troll,Goblin {SPLIT}"));
    assert_eq!(walked.faces, [1, 2, 3, 4, 5, 5, 5, 6, 6, 4, 6, 3, 5, 1, 2, 3, 4, 5, 6, 6]);

    // The proposal picked is what a source that plays on takes: the same events.
    let mut same = ScriptedDice::new(walked.faces.clone());
    let line = parse_in("attack Crossbowmen Ogre,Troll,Goblin", Some(System::GEMPUNKS))
        .expect("reads")
        .expect("a line");
    let session = crossbows();
    let played =
        plan(session.encounter(), line.invocation().expect("a verb"), session.assets(), &mut same)
            .expect("plays on");
    assert_eq!(format!("{played:?}"), format!("{:?}", walked.events));
}

// GEM-ATK-7: the sharing the GM picks or types instead of the proposal decides where each hit's
// damage goes; the damage steps follow it.
#[test]
fn gem_atk_7_the_gm_picks_or_types_another_split() {
    let set = [Answer::Faces(&[1, 2, 3, 4, 5, 5, 5, 6, 6, 4]), Answer::Faces(&[5, 3])];
    // (the answer, where each of the five hits goes, in attack-die order)
    let cases: &[(&str, [&str; 5])] = &[
        ("split=goblin:5", ["Goblin"; 5]),
        ("split=ogre:3,troll:2", ["Ogre", "Ogre", "Ogre", "Troll", "Troll"]),
        ("split=troll:h1,goblin:h2+h3+h4+h5", ["Troll", "Goblin", "Goblin", "Goblin", "Goblin"]),
    ];
    for (pick, to) in cases {
        let mut answers = set.to_vec();
        answers.push(Answer::Pick(pick));
        answers.extend([Answer::Faces(&[1]); 3]);
        answers.push(Answer::Faces(&[1, 1]));
        answers.push(Answer::Faces(&[1]));
        let walked = walk(&crossbows(), "attack Crossbowmen Ogre,Troll,Goblin", &answers);
        let went: Vec<&str> = walked.asked[3..]
            .iter()
            .map(|a| a.split(" → ").nth(1).and_then(|t| t.split(' ').next()).unwrap_or(a))
            .collect();
        assert_eq!(went, to, "{pick}: {:?}", walked.asked);
        assert!(walked.line.ends_with(pick), "{}", walked.line);
    }
}

/// Rook (Accuracy +1, a maul 2d6+1) and Ogre (AD 5, T 4): need 4. Initiative typed.
fn duel(heavy: bool) -> Session {
    let maul = if heavy {
        "weapon Rook maul acc=1 dmg=2d6+1 melee heavy"
    } else {
        "weapon Rook maul acc=1 dmg=2d6+1 melee"
    };
    session(&[
        "add Rook side=pc",
        maul,
        "add Ogre ad=5 toughness=4 hp=6",
        "init Rook 10",
        "init Ogre 5",
        "start",
    ])
}

// GEM-ATK-2, GEM-CRIT-1..3, GEM-DMG-1: a single attack asks its die, a crit die only for a six
// (a five too when Heavy), then its damage, multiplied; a miss asks nothing more, and no split
// is asked of one target.
#[test]
fn gem_crit_1_a_single_attack_asks_its_die_its_crit_then_its_damage() {
    let die = "Rook's attack vs Ogre: 1d6, needs 4 or more";
    // (Heavy, answers, the questions after the attack die)
    let cases: &[(bool, &[Answer], &[&str])] = &[
        (false, &[Answer::Faces(&[2])], &[]),
        (
            false,
            &[Answer::Faces(&[4]), Answer::Faces(&[3, 3])],
            &["Rook's damage for h1 (die #1, ×1) → Ogre (T 4): 2d6+1"],
        ),
        (
            false,
            &[Answer::Faces(&[6]), Answer::Faces(&[4]), Answer::Faces(&[1, 2, 3, 4])],
            &[
                "Rook's crit dice for 1 six (die #1): 1d6, needs 4 or more",
                "Rook's damage for h1 (die #1, ×2) → Ogre (T 4): 4d6+2",
            ],
        ),
        (
            false,
            &[Answer::Faces(&[6]), Answer::Faces(&[3]), Answer::Faces(&[1, 2])],
            &[
                "Rook's crit dice for 1 six (die #1): 1d6, needs 4 or more",
                "Rook's damage for h1 (die #1, ×1) → Ogre (T 4): 2d6+1",
            ],
        ),
        (
            true,
            &[
                Answer::Faces(&[5]),
                Answer::Faces(&[6]),
                Answer::Faces(&[2]),
                Answer::Faces(&[1, 1, 1, 1, 1, 1]),
            ],
            &[
                "Rook's crit dice for 1 five (die #1): 1d6, needs 4 or more",
                "Rook's chain dice (stage 1) for 1 six (die #1): 1d6, needs 4 or more",
                "Rook's damage for h1 (die #1, ×2) → Ogre (T 4): 4d6+2",
            ],
        ),
        (
            false,
            &[Answer::Faces(&[5]), Answer::Faces(&[1, 1])],
            &["Rook's damage for h1 (die #1, ×1) → Ogre (T 4): 2d6+1"],
        ),
    ];
    for (heavy, answers, after) in cases {
        let walked = walk(&duel(*heavy), "attack Rook Ogre maul", answers);
        assert_eq!(walked.asked[0], die, "{answers:?}");
        assert_eq!(walked.asked[1..], **after, "heavy {heavy} {answers:?}");
    }
}

// GEM-INIT-3: a Gempunks turn start rolls no die (its skips, debts and Cower are bookkeeping),
// so `next` asks nothing; GEM-INIT-1: initiative, rolled at `start`, asks one d6 per controller.
#[test]
fn gem_init_1_next_asks_nothing_and_start_asks_a_d6_per_controller() {
    let walked = walk(&duel(false), "next", &[]);
    assert!(walked.asked.is_empty(), "{:?}", walked.asked);

    let fresh = session(&[
        "add Rook side=pc agility=2",
        "add Ann side=pc",
        "add Ogre",
        "add Goblin agility=1",
    ]);
    // No ties (5, 3 and 6, 7): a tie's roll-off is the core's, not Gempunks'.
    let walked = walk(&fresh, "start", &[Answer::Faces(&[3]), Answer::Faces(&[6])]);
    assert_eq!(walked.asked, ["initiative for pc's side: 1d6", "initiative for enemy's side: 1d6"]);
}

const HERO: &[&str] = &[
    "add Hero side=pc items=2",
    "weapon Hero hands acc=0 dmg=1d6 unarmed melee",
    "weapon Hero maul acc=0 dmg=2d6 melee",
    "add Orc gd=3 ad=5 toughness=4 hp=5 legerdemain=1",
    "weapon Orc club acc=0 dmg=1d6 melee",
    "init Hero 10",
    "init Orc 1",
    "start",
];

// GEM-ATK-4, GEM-WPN-3, GEM-MOD-5, GEM-ACT-6: an area's dice by their needs, and the rolls besides a set's own are named too: a missed
// grenade's direction die, a shot through creatures' one damage roll, the knots' items check,
// and the tied creature's legerdemain to escape, with what it needs.
#[test]
fn gem_act_6_every_other_roll_is_named_before_it_is_made() {
    let thrower = [
        "add Thrower side=pc muscle=2",
        "weapon Thrower bomb acc=0 dmg=2d6 grenade",
        "add Spot ad=0 toughness=50 hp=9",
        "init Thrower 10",
        "init Spot 1",
        "start",
    ];
    let sniper = [
        "add Sniper side=pc",
        "weapon Sniper rifle acc=3 dmg=2d6+2:piercing ranged",
        "add gobA ad=4 toughness=3 hp=1 armor=0",
        "add gobB ad=4 toughness=3 hp=2 armor.piercing=1",
        "init Sniper 10",
        "init gobA 2",
        "init gobB 1",
        "start",
    ];
    let grappled = [HERO, &["attack Hero Orc hands option=grapple roll=4 dmgroll=4"]].concat();
    let tied =
        [&grappled[..], &["attack Hero Orc hands tieup dc=5 force roll=4 dmgroll=5", "next"]]
            .concat();
    let witch = [
        "add Witch side=pc",
        "add Bandit x6 regiment hp=1 ad=4 toughness=2 armor=0",
        "add Ogre ad=7 toughness=20 hp=9",
        "init Witch 10",
        "init Bandits 5",
        "init Ogre 1",
        "start",
    ];
    // (the fight, the command, its answers, what is asked)
    let cases: Vec<(Session, &str, Vec<Answer>, Vec<&str>)> = vec![
        // GEM-ATK-4: an area's dice each against their own creature's need; no split asked.
        (
            session(&witch),
            "attack Witch Bandits,Ogre dmg=1d6 area=bandits:3",
            vec![Answer::Faces(&[4, 1, 5, 5]), Answer::Faces(&[3]), Answer::Faces(&[2])],
            vec![
                "Witch's attack set vs Bandits, Ogre: 4d6, needs 4 or more on dice #1–#3, a 6 \
                 (it counts as 9) on die #4",
                "Witch's damage for h1 (die #1, ×1) → Bandits (T 2): 1d6",
                "Witch's damage for h2 (die #3, ×1) → Bandits (T 2): 1d6",
            ],
        ),
        (
            session(&thrower),
            "attack Thrower Spot",
            vec![Answer::Faces(&[2]), Answer::Faces(&[3])],
            vec![
                "Thrower's attack vs Spot: 1d6, needs 5 or more",
                "where the grenade of die #1 lands (1 north, 2 north-east … 8 north-west): 1d8",
            ],
        ),
        (
            session(&sniper),
            "attack Sniper gobA,gobB through=gobA,gobB",
            vec![Answer::Faces(&[4]), Answer::Faces(&[5, 4])],
            vec![
                "Sniper's attack vs gobA, gobB: 1d6, needs 2 or more",
                "Sniper's damage for die #1, ×1, through gobA, gobB: 2d6+2 piercing",
            ],
        ),
        (
            session(&grappled),
            "attack Hero Orc hands tieup force",
            vec![Answer::Faces(&[4]), Answer::Faces(&[5]), Answer::Faces(&[3])],
            vec![
                "Hero's attack vs Orc: 1d6, needs 3 or more",
                "Hero's damage for h1 (die #1, ×1) → Orc (T 4): 1d6",
                "Hero's items check for the knots' DC: 1d6+2",
            ],
        ),
        (
            session(&tied),
            "escape Orc",
            vec![Answer::Faces(&[6])],
            vec!["Orc's legerdemain to slip the knots (DC 5 + 3): 1d6+1, needs 8 or more"],
        ),
    ];
    for (fight, line, answers, asked) in cases {
        let walked = walk(&fight, line, &answers);
        assert_eq!(walked.asked, asked, "{line}");
    }
}

// GEM-OPT-4: an unarmed attacker whose Disarm lands may take the item: asked once the item falls,
// leaving it on the ground the rules' default; armed, or with `take` given, nothing is asked.
#[test]
fn gem_opt_4_an_unarmed_disarm_asks_whether_to_take_the_item() {
    let hit = [Answer::Faces(&[4]), Answer::Faces(&[2])];
    let walked = walk(
        &session(HERO),
        "attack Hero Orc hands option=disarm",
        &[hit[0], hit[1], Answer::Pick("take")],
    );
    let Need::Decide(take) = &walked.needs[2] else { panic!("{:?}", walked.needs) };
    assert_eq!(take.field, "take");
    assert_eq!(take.label, "Orc's club comes loose: does Hero take it? (GEM-OPT-4)");
    let texts: Vec<&str> = take.options.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts, ["take=off", "take"]);
    assert_eq!(take.suggested, Some(0));
    assert!(walked.line.ends_with("option=disarm take"), "{}", walked.line);
    assert!(
        format!("{:?}", walked.events).contains("Hero takes Orc's club"),
        "{:?}",
        walked.events
    );

    let walked = walk(
        &session(HERO),
        "attack Hero Orc hands option=disarm",
        &[hit[0], hit[1], Answer::Pick("take=off")],
    );
    assert!(
        format!("{:?}", walked.events).contains("club falls to the ground"),
        "{:?}",
        walked.events
    );

    // Nothing to decide: `take` given, an armed Disarm (it cannot take), or a Disarm that fails.
    for (line, answers) in [
        ("attack Hero Orc hands option=disarm take", &hit[..]),
        ("attack Hero Orc maul option=disarm", &[hit[0], Answer::Faces(&[1, 1])][..]),
        ("attack Hero Orc hands option=disarm", &[hit[0], Answer::Faces(&[1])][..]),
    ] {
        let walked = walk(&session(HERO), line, answers);
        assert!(
            walked.needs.iter().all(|n| matches!(n, Need::Roll(_))),
            "{line}: {:?}",
            walked.asked
        );
    }
}

// GEM-OPT-10: who rides whom is asked once a Ride lands on the creature grappled, the attacker
// riding the rules' default; `ride=` given, nothing is asked.
#[test]
fn gem_opt_10_a_ride_that_lands_asks_who_rides() {
    let grappled = [HERO, &["attack Hero Orc hands option=grapple roll=4 dmgroll=4"]].concat();
    let fight = session(&grappled);
    let line = "attack Hero Orc hands option=ride force";
    let walked = walk(&fight, line, &[Answer::Faces(&[4]), Answer::Pick("ride=them")]);
    let Need::Decide(ride) = &walked.needs[1] else { panic!("{:?}", walked.needs) };
    assert_eq!(ride.label, "Hero's Ride lands on Orc: who rides whom? (GEM-OPT-10)");
    let picks: Vec<(&str, &str)> =
        ride.options.iter().map(|p| (p.label.as_str(), p.text.as_str())).collect();
    assert_eq!(picks, [("Hero rides Orc", "ride=me"), ("Orc rides Hero", "ride=them")]);
    assert!(format!("{:?}", walked.events).contains("Orc rides Hero"), "{:?}", walked.events);
    // A miss asks nothing; `ride=` given asks nothing.
    assert_eq!(walk(&fight, line, &[Answer::Faces(&[1])]).asked.len(), 1);
    let given =
        walk(&fight, "attack Hero Orc hands option=ride ride=me force", &[Answer::Faces(&[4])]);
    assert!(format!("{:?}", given.events).contains("Hero rides Orc"), "{:?}", given.events);
}
