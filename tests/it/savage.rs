//! Savage Worlds rules (rules/savage-worlds.md), run in-process as `skirmish run` runs a script,
//! with scripted dice, and read back from `--json`.
//!
//! Dice order for an attack: the trait die with its aces, the Wild Die (Wild Cards only) with its
//! aces, each damage die with its aces, then the raise d6. After damage that takes a Wild Card
//! past its third wound: the Incapacitation Vigor roll (trait die + Wild Die), the 2d6 Injury
//! location, a d6 for the Guts or the Head, a d2 for an arm's or a leg's side (after a failed
//! non-lethal Vigor roll, the hours out come between the Vigor roll and the Injury). The opposed
//! verbs (trick, intimidate, taunt, grapple): the actor's trait die and Wild Die, then the
//! defender's. As a round begins: a Bleeding-Out Vigor roll for each such combatant, then the
//! deal. As a Shaken combatant's turn begins: its Spirit roll. Cards are typed (`init NAME KS`)
//! so that they draw no dice; the tests that reach a second round script the deal (face N is the
//! N-th lowest card left).
//!
//! SW-INIT-1..6 are covered by tests/it/initiative.rs, apart from the physical deck (SW-INIT-6),
//! which is tested here.

use serde_json::{Value, json};

use crate::harness::{run, run_err};

/// A Wild Card hero: Parry 6, Toughness 6, two bennies.
const HERO: &str = "add Hero wild agility=d8 smarts=d6 spirit=d6 strength=d6 vigor=d8 fighting=d8 \
                    shooting=d8 throwing=d6 guts=d6 intimidation=d8 taunt=d6 parry=6 toughness=6 \
                    bennies=2 charisma=0 side=pc";
/// An Extra: Parry 5, Toughness 6.
const ORC: &str = "add Orc extra agility=d6 smarts=d6 spirit=d6 strength=d8 vigor=d6 fighting=d6 \
                   guts=d6 parry=5 toughness=6";
/// A target that no damage can hurt: Parry 5, Toughness 50.
const POST: &str = "add Post extra parry=5 toughness=50";
/// An Extra attacker rolling a single d12, so that one face is one attack.
const GUNNER: &str = "add Gunner extra fighting=d12 shooting=d12 throwing=d12 strength=d4 side=pc";

type Row<'a> = (&'a str, &'a str, i64);
type Verdict<'a> = (&'a str, &'a str, i64, &'a str);

/// Hero, Orc, Post and Gunner with typed cards, `first` holding the Ace of Spades; then `body`.
/// The others act in this order: Hero KS, Orc QH, Gunner 3C, Post 2C.
fn fight(first: &str, body: &str) -> String {
    let mut s = String::from("new savage\n");
    for line in [HERO, ORC, POST, GUNNER] {
        s.push_str(line);
        s.push('\n');
    }
    for (name, card) in [("Hero", "KS"), ("Orc", "QH"), ("Post", "2C"), ("Gunner", "3C")] {
        let card = if name == first { "AS" } else { card };
        s.push_str(&format!("init {name} {card}\n"));
    }
    s.push_str("start\n");
    s.push_str(body);
    s.push('\n');
    s
}

/// Only Hero and Orc, with the given cards (so that a new round deals just two cards).
fn duel(hero_card: &str, orc_card: &str, body: &str) -> String {
    format!(
        "new savage\n{HERO}\n{ORC}\ninit Hero {hero_card}\ninit Orc {orc_card}\nstart\n{body}\n"
    )
}

fn who<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["combatants"]
        .as_array()
        .expect("combatants")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}"))
}

fn texts(v: &Value) -> Vec<String> {
    v["log"]
        .as_array()
        .expect("log")
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn has_log(v: &Value, needle: &str) -> bool {
    texts(v).iter().any(|t| t.contains(needle))
}

/// Every log entry whose text contains `needle`.
fn lines<'a>(v: &'a Value, needle: &str) -> Vec<&'a Value> {
    v["log"]
        .as_array()
        .expect("log")
        .iter()
        .filter(|l| l["text"].as_str().is_some_and(|t| t.contains(needle)))
        .collect()
}

fn last<'a>(v: &'a Value, needle: &str) -> &'a Value {
    lines(v, needle)
        .last()
        .copied()
        .unwrap_or_else(|| panic!("no log line with '{needle}' in {:#?}", texts(v)))
}

/// The last attack: its summary and the total of its trait roll.
fn attack(v: &Value) -> (String, i64) {
    let line = last(v, " attacks ");
    (line["text"].as_str().unwrap_or_default().to_string(), line["roll"]["total"].as_i64().unwrap())
}

/// The last damage taken: its log text and the damage total.
fn damage(v: &Value) -> (String, i64) {
    let line = last(v, " takes ");
    (line["text"].as_str().unwrap_or_default().to_string(), line["roll"]["total"].as_i64().unwrap())
}

fn conditions(v: &Value, id: &str) -> Vec<String> {
    who(v, id)["conditions"]
        .as_array()
        .expect("conditions")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn has_condition(v: &Value, id: &str, name: &str) -> bool {
    conditions(v, id).iter().any(|c| c == name)
}

// ---------------------------------------------------------------------------------------------
// Trait rolls

// SW-ROLL-1: the trait die aces, the Wild Die aces too, the higher is kept; raises every 4 over
// the TN; snake eyes is a critical failure whatever the modifiers.
#[test]
fn sw_roll_1_aces_wild_die_raises_and_snake_eyes() {
    let cases: &[(&str, &str, i64, &str, usize)] = &[
        // Fighting d8 aces 8+3 = 11 against the Wild Die's 2; 11 vs Parry 5 is one raise (d6 4).
        ("attack Hero Post dmg=0", "8,3,2,4", 11, "success with 1 raise(s)", 3),
        // The Wild Die aces 6+6+1 = 13 and is kept over the d8's 2: two raises (d6 3).
        ("attack Hero Post dmg=0", "2,6,6,1,3", 13, "success with 2 raise(s)", 4),
        ("attack Hero Post dmg=0", "5,2", 5, "success", 2),
        ("attack Hero Post dmg=0", "2,5", 5, "success", 2),
        ("attack Hero Post dmg=0", "3,2", 3, "miss", 2),
        // Snake eyes: 1 + 10 = 11 would hit, but both dice show 1.
        ("attack Hero Post dmg=0 mod=10", "1,1", 11, "CRITICAL FAILURE (snake eyes)", 2),
        // An Extra rolls no Wild Die, and a lone 1 is only a miss.
        ("attack Gunner Post dmg=0 force", "5", 5, "success", 1),
        ("attack Gunner Post dmg=0 force mod=4", "1", 5, "success", 1),
    ];
    for &(command, dice, total, verdict, faces) in cases {
        let v = run(&fight("Hero", command), dice);
        let (text, got) = attack(&v);
        assert_eq!(got, total, "{command} with {dice}: {text}");
        assert!(text.ends_with(&format!(": {total}, {verdict}")), "{command} with {dice}: {text}");
        let line = last(&v, " attacks ");
        assert_eq!(line["roll"]["faces"].as_array().unwrap().len(), faces, "{command} {dice}");
    }
}

// SW-RAISE-1: raises at TN + 4, TN + 8 …; the raise d6 is rolled only for a raise.
#[test]
fn sw_raise_1_raise_calculator() {
    let cases: &[Verdict] = &[
        ("tn=4", "3", 3, "miss"),
        ("tn=4", "4", 4, "success"),
        ("tn=4", "7", 7, "success"),
        ("tn=4", "8,2", 8, "success with 1 raise(s)"),
        ("tn=4", "11,2", 11, "success with 1 raise(s)"),
        ("tn=4", "12,1,2", 13, "success with 2 raise(s)"),
        ("tn=6", "9", 9, "success"),
        ("tn=6", "10,1", 10, "success with 1 raise(s)"),
        ("tn=6", "12,2,1", 14, "success with 2 raise(s)"),
    ];
    for &(fields, dice, total, verdict) in cases {
        let v = run(&fight("Gunner", &format!("attack Gunner Post dmg=0 {fields}")), dice);
        let (text, got) = attack(&v);
        assert_eq!(got, total, "{fields} {dice}: {text}");
        assert!(text.ends_with(&format!(": {total}, {verdict}")), "{fields} {dice}: {text}");
    }
}

// SW-ROLL-2: −1 per wound (at most −3) and −1 per level of Fatigue on attacks.
#[test]
fn sw_roll_2_wound_and_fatigue_penalties_on_attacks() {
    let cases: &[(&str, i64, i64, i64)] = &[
        ("", 5, 0, 0),
        ("damage Hero 10\nuncond Hero shaken", 4, 1, 0),
        ("damage Hero 14\nuncond Hero shaken", 3, 2, 0),
        ("damage Hero 18\nuncond Hero shaken", 2, 3, 0),
        ("cond Hero fatigued", 4, 0, 1),
        ("cond Hero fatigued severe", 3, 0, 2),
        ("damage Hero 14\nuncond Hero shaken\ncond Hero fatigued", 2, 2, 1),
    ];
    for &(setup, total, wounds, fatigue) in cases {
        let v = run(&fight("Hero", &format!("{setup}\nattack Hero Post tn=30")), "5,1");
        let (text, got) = attack(&v);
        assert_eq!(got, total, "{setup}: {text}");
        assert_eq!(who(&v, "hero")["wounds"], wounds, "{setup}");
        assert_eq!(who(&v, "hero")["fatigue"], fatigue, "{setup}");
        if wounds > 0 {
            assert!(text.contains(&format!("-{wounds} wounds")), "{text}");
        }
        if fatigue > 0 {
            assert!(text.contains(&format!("-{fatigue} fatigue")), "{text}");
        }
    }
}

// SW-ACT-1: each action after the first in a turn is −2 to that turn's trait rolls.
#[test]
fn sw_act_1_second_and_third_attacks_at_minus_2_each() {
    let body = "attack Hero Post tn=30\nattack Hero Post tn=30\nattack Hero Post tn=30";
    let v = run(&fight("Hero", body), "5,1,5,1,5,1");
    let totals: Vec<i64> =
        lines(&v, " attacks ").iter().map(|l| l["roll"]["total"].as_i64().unwrap()).collect();
    assert_eq!(totals, [5, 3, 1]);
    assert!(attack(&v).0.contains("-4 multi-action"), "{}", attack(&v).0);
    assert_eq!(who(&v, "hero")["actions_left"], 0);
    // A turn holds three actions at most.
    let err =
        run_err(&fight("Hero", &format!("{body}\nattack Hero Post tn=30")), "5,1,5,1,5,1,5,1");
    assert!(err.contains("costs 1 action;"), "{err}");
}

// SW-ACT-1: trick, intimidate, taunt, grapple and disarm are each an action, won or lost, so an
// attack after one in the same turn is at −2. Each verb here fails (3 against Orc's 4, or a
// disarm's 3 − 2 against Parry 5); the attack's 5 − 2 = 3.
#[test]
fn sw_act_1_verbs_count_as_an_action() {
    let cases: &[(&str, &str)] = &[
        ("trick Hero Orc", "3,2,4"),
        ("trick Hero Orc smarts", "3,2,4"),
        ("intimidate Hero Orc", "3,2,4"),
        ("taunt Hero Orc", "3,2,4"),
        ("grapple Hero Orc", "3,2,4"),
        ("disarm Hero Orc", "3,2"),
    ];
    for &(verb, dice) in cases {
        let v = run(
            &duel("KS", "QH", &format!("{verb}\nattack Hero Orc tn=30")),
            &format!("{dice},5,1"),
        );
        let (text, total) = attack(&v);
        assert_eq!(total, 3, "{verb}: {text}");
        assert!(text.contains("-2 multi-action"), "{verb}: {text}");
        assert_eq!(who(&v, "hero")["actions_left"], 1, "{verb}");
    }
    // A won trick is an action too.
    let v = run(&duel("KS", "QH", "trick Hero Orc\nattack Hero Orc tn=30"), "6,2,4,5,1");
    assert_eq!(attack(&v).1, 3, "{}", attack(&v).0);
}

// SW-ACT-1 (issue 14 item 4): a verb that costs an action is refused before any die is rolled
// when the actor has none left or it is not its turn; the scripted dice would run out first if it
// rolled. `force` overrides.
#[test]
fn sw_act_1_verbs_refused_before_dice() {
    let three = "trick Hero Orc\ntrick Hero Orc\ntrick Hero Orc";
    // (body, faces, the reason)
    let cases: &[(&str, &str, &str)] = &[
        ("trick Hero Orc", "3,2,4,3,2,4,3,2,4", "0 of 3 left"),
        ("intimidate Hero Orc", "3,2,4,3,2,4,3,2,4", "0 of 3 left"),
        ("grapple Hero Orc", "3,2,4,3,2,4,3,2,4", "0 of 3 left"),
        ("disarm Hero Orc", "3,2,4,3,2,4,3,2,4", "0 of 3 left"),
        ("trick Orc Hero", "", "not Orc's turn"),
        ("taunt Orc Hero", "", "not Orc's turn"),
        ("disarm Orc Hero", "", "not Orc's turn"),
    ];
    for &(verb, faces, why) in cases {
        let body = if faces.is_empty() { verb.to_string() } else { format!("{three}\n{verb}") };
        let err = run_err(&duel("KS", "QH", &body), faces);
        assert!(err.contains(why) && err.contains("force"), "{verb}: {err}");
        assert!(!err.contains("ran out"), "{verb}: {err}");
    }
    // Forced, the fourth trick is rolled (at −6) and the off-turn one too.
    let v = run(
        &duel("KS", "QH", &format!("{three}\ntrick Hero Orc force")),
        "3,2,4,3,2,4,3,2,4,3,2,4",
    );
    assert_eq!(lines(&v, "Hero (agility)").len(), 4);
    let v = run(&duel("KS", "QH", "trick Orc Hero force"), "3,2,4");
    assert_eq!(who(&v, "hero")["actions_left"], 3);
}

// ---------------------------------------------------------------------------------------------
// Attacks

// SW-ATK-1: Fighting against Parry; Shooting and Throwing against 4 with range −0/−2/−4; a pistol
// in melee against Parry; an unskilled attack rolls d4 − 2.
#[test]
fn sw_atk_1_skill_and_target_number() {
    const RIFLE: &str = "weapon Hero rifle dmg=0 range=24/48/96\n";
    const PISTOL: &str = "weapon Hero pistol dmg=0 range=12/24/48 pistol\n";
    let cases: &[(String, &str, &str)] = &[
        ("attack Hero Orc dmg=0".into(), "4,1", "Fighting d8 vs Parry 5: 4, miss"),
        ("attack Hero Orc dmg=0".into(), "5,1", "Fighting d8 vs Parry 5: 5, success"),
        (format!("{RIFLE}attack Hero Orc rifle"), "4,1", "Shooting d8 vs TN 4: 4, success"),
        (
            format!("{RIFLE}attack Hero Orc rifle range=short"),
            "4,1",
            "Shooting d8 vs TN 4: 4, success",
        ),
        (
            format!("{RIFLE}attack Hero Orc rifle range=medium"),
            "5,1",
            "Shooting d8 (-2 medium range) vs TN 4: 3, miss",
        ),
        (
            format!("{RIFLE}attack Hero Orc rifle range=long"),
            "8,2,1",
            "Shooting d8 (-4 long range) vs TN 4: 6, success",
        ),
        // A pistol fired in melee needs the target's Parry 5, not 4.
        (format!("{PISTOL}attack Hero Orc pistol into_melee"), "4,1", ": 4, miss"),
        (format!("{PISTOL}attack Hero Orc pistol"), "4,1", "vs TN 4: 4, success"),
        ("attack Hero Orc skill=throwing dmg=0".into(), "4,1", "Throwing d6 vs TN 4: 4, success"),
        // Orc has no Shooting: d4 (acing 4+2) − 2.
        (
            "attack Orc Post skill=shooting dmg=0 force".into(),
            "4,2",
            "Shooting d4 (-2 unskilled) vs TN 4: 4, success",
        ),
    ];
    for (body, dice, expected) in cases {
        let v = run(&fight("Hero", body), dice);
        let (text, _) = attack(&v);
        assert!(text.contains(expected), "{body} with {dice}: {text}");
    }
}

// SW-ATK-1: `weapon=none` attacks with no weapon even when the attacker carries one: Fighting
// (unless skill= says otherwise) against Parry, Strength damage; with no weapon named the first one
// is used. A weapon named as well, or any other `weapon=`, is refused before a die is rolled.
#[test]
fn sw_atk_1_weapon_none_attacks_with_no_weapon() {
    const RIFLE: &str = "weapon Hero rifle dmg=2d8 range=24/48/96\n";
    // (command, dice, the attack's line begins, the damage on a hit)
    let cases: &[(&str, &str, &str, Option<i64>)] = &[
        ("attack Hero Orc", "2,1", "Hero attacks Orc with rifle: Shooting d8 vs TN 4: 2", None),
        ("attack Hero Orc weapon=none", "2,1", "Hero attacks Orc: Fighting d8 vs Parry 5: 2", None),
        ("attack Hero Orc weapon=NONE", "2,1", "Hero attacks Orc: Fighting d8 vs Parry 5: 2", None),
        (
            "attack Hero Orc weapon=none skill=throwing",
            "2,1",
            "Hero attacks Orc: Throwing d6",
            None,
        ),
        // A hit: Hero's Strength d6 shows 2.
        (
            "attack Hero Orc weapon=none",
            "5,1,2",
            "Hero attacks Orc: Fighting d8 vs Parry 5: 5",
            Some(2),
        ),
    ];
    for (line, dice, expected, hurt) in cases {
        let v = run(&fight("Hero", &format!("{RIFLE}{line}")), dice);
        let (text, _) = attack(&v);
        assert!(text.starts_with(expected), "{line} with {dice}: {text}");
        if let Some(hurt) = hurt {
            assert_eq!(damage(&v).1, *hurt, "{line}: Strength damage: {}", damage(&v).0);
        }
    }
    let refused: &[(&str, &str)] = &[
        ("attack Hero Orc rifle weapon=none", "names rifle and weapon=none: give one or the other"),
        ("attack Hero Orc weapon=rifle", "weapon=rifle: expected weapon=none"),
    ];
    for (line, expected) in refused {
        let err = run_err(&fight("Hero", &format!("{RIFLE}{line}")), "");
        assert!(err.contains(expected), "{line}: {err}");
    }
}

// SW-ATK-1: range bands are for Shooting and Throwing; on a Fighting roll `range=` is refused,
// naming the rolls it is for, before a die is rolled (no faces are scripted for the refusals).
// Gunner rolls a d12 showing 6.
#[test]
fn sw_atk_1_range_bands_only_for_shooting_and_throwing() {
    let sword = "weapon Gunner sword dmg=str+d8\n";
    let allowed: &[(&str, i64)] = &[
        ("skill=shooting range=medium", -2),
        ("skill=throwing range=long", -4),
        ("skill=throwing range=short", 0),
        // Turned off, it is no range on any roll.
        ("skill=fighting range=off", 0),
    ];
    for &(fields, modifier) in allowed {
        let v = run(&fight("Gunner", &format!("attack Gunner Post tn=30 {fields}")), "6");
        let (text, total) = attack(&v);
        assert_eq!(total, 6 + modifier, "{fields}: {text}");
    }
    let why =
        "`range` is for Shooting and Throwing rolls only (SW-ATK-1); this attack rolls Fighting";
    for attack in [
        "attack Gunner Post tn=30 range=medium",
        "attack Gunner Post tn=30 skill=fighting range=short",
        "attack Gunner Post tn=30 skill=fighting range=far",
        "attack Gunner Post sword range=long",
    ] {
        let err = run_err(&fight("Gunner", &format!("{sword}{attack}")), "");
        assert!(err.contains(why), "{attack}: {err}");
    }
}

// SW-ATK-2: every attack modifier, one at a time, on a d12 showing 6 (an Extra, so one die).
#[test]
fn sw_atk_2_attack_modifiers() {
    let cases: &[(&str, i64)] = &[
        ("called=limb", -2),
        ("called=arm", -2),
        ("called=leg", -2),
        ("called=head", -4),
        ("called=small", -4),
        ("called=tiny", -6),
        ("cover=light", -1),
        ("cover=medium", -2),
        ("cover=heavy", -4),
        ("dark=dim", -1),
        ("dark=dark", -2),
        ("dark=pitch", -4),
        ("gang=1", 1),
        ("gang=2", 2),
        ("gang=4", 4),
        ("gang=5", 4),
        ("gang=9", 4),
        ("wild_attack", 2),
        ("drop", 4),
        ("skill=shooting aim", 2),
        ("touch", 2),
        ("unarmed_defender", 2),
        ("skill=shooting unstable", -2),
        ("skill=shooting double_tap", 1),
        ("skill=shooting burst", 2),
        ("two_weapons", -2),
        ("offhand", -2),
        ("two_weapons offhand", -4),
        ("skill=shooting autofire=1", -2),
        ("nonlethal", 0),
        ("mod=+3", 3),
        ("mod=-1", -1),
        ("cover=medium dark=dim gang=2", -1),
    ];
    for &(fields, modifier) in cases {
        let v = run(&fight("Gunner", &format!("attack Gunner Post tn=30 {fields}")), "6");
        let (text, total) = attack(&v);
        assert_eq!(total, 6 + modifier, "{fields}: {text}");
        assert!(text.ends_with("miss"), "{fields}: {text}");
    }
}

// SW-ATK-2: each modifier applies only to the rolls the seed names: ganging up, Wild Attack,
// touch and the unarmed defender to Fighting; aim to Shooting and Throwing; an unstable platform
// to Shooting. On any other roll it is refused, naming the rolls it is for, before a die is
// rolled (no faces are scripted for the refusals). Gunner rolls a d12 showing 6.
#[test]
fn sw_atk_2_modifiers_only_on_the_rolls_the_seed_names() {
    let allowed: &[(&str, i64)] = &[
        ("gang=3", 3),
        ("wild_attack", 2),
        ("touch", 2),
        ("unarmed_defender", 2),
        ("skill=shooting aim", 2),
        ("skill=throwing aim", 2),
        ("skill=shooting unstable", -2),
        // A switch turned off is no modifier, on any roll.
        ("skill=shooting wild_attack=off", 0),
    ];
    for &(fields, modifier) in allowed {
        let v = run(&fight("Gunner", &format!("attack Gunner Post tn=30 {fields}")), "6");
        let (text, total) = attack(&v);
        assert_eq!(total, 6 + modifier, "{fields}: {text}");
    }
    let refused: &[(&str, &str)] = &[
        (
            "skill=shooting gang=2",
            "`gang` is for Fighting rolls only (SW-ATK-2); this attack rolls Shooting",
        ),
        (
            "skill=throwing gang=1",
            "`gang` is for Fighting rolls only (SW-ATK-2); this attack rolls Throwing",
        ),
        ("skill=shooting wild_attack", "`wild_attack` is for Fighting rolls only"),
        ("skill=throwing touch", "`touch` is for Fighting rolls only"),
        ("skill=shooting unarmed_defender", "`unarmed_defender` is for Fighting rolls only"),
        (
            "aim",
            "`aim` is for Shooting and Throwing rolls only (SW-ATK-2); this attack rolls Fighting",
        ),
        ("skill=throwing unstable", "`unstable` is for Shooting rolls only"),
        ("unstable", "this attack rolls Fighting"),
    ];
    for &(fields, expected) in refused {
        let err = run_err(&fight("Gunner", &format!("attack Gunner Post tn=30 {fields}")), "");
        assert!(err.contains(expected), "{fields}: {err}");
    }
    // A ranged weapon rolls Shooting: ganging up is refused on it, aim is taken.
    let rifle = "weapon Hero rifle dmg=0 range=24/48/96\n";
    let err = run_err(&fight("Hero", &format!("{rifle}attack Hero Orc rifle gang=2")), "");
    assert!(err.contains("this attack rolls Shooting"), "{err}");
    let v = run(&fight("Hero", &format!("{rifle}attack Hero Orc rifle aim")), "2,1");
    assert!(attack(&v).0.ends_with("(+2 aimed) vs TN 4: 4, success"), "{}", attack(&v).0);
}

// SW-ATK-2: the attack switches right after the target are switches, never a weapon's name.
#[test]
fn sw_atk_2_switches_are_not_weapon_names() {
    let cases: &[(&str, &str, i64)] = &[
        ("wild_attack", "Fighting", 2),
        ("drop", "Fighting", 4),
        ("touch", "Fighting", 2),
        ("unarmed_defender", "Fighting", 2),
        ("unstable", "Shooting", -2),
        ("aim", "Throwing", 2),
        ("double_tap", "Fighting", 1),
        ("burst", "Fighting", 2),
        ("two_weapons", "Fighting", -2),
        ("offhand", "Fighting", -2),
        ("nonlethal", "Fighting", 0),
        ("into_melee", "Fighting", 0),
    ];
    for &(flag, skill, modifier) in cases {
        let command = format!("attack Gunner Post {flag} skill={} tn=30", skill.to_lowercase());
        let v = run(&fight("Gunner", &command), "6");
        let (text, total) = attack(&v);
        assert_eq!(total, 6 + modifier, "{flag}: {text}");
        let start = format!("Gunner attacks Post: {skill} d12");
        assert!(text.starts_with(&start), "{flag}: {text}");
    }
    // Hero has no weapons: 3 + 2 hits Parry 5, Strength d6 2 + 2 damage.
    let v = run(&fight("Hero", "attack Hero Orc wild_attack"), "3,1,2");
    assert!(attack(&v).0.ends_with("vs Parry 5: 5, success"), "{}", attack(&v).0);
    assert_eq!(damage(&v).1, 4, "{}", damage(&v).0);
    assert!(has_condition(&v, "hero", "wild_attack"));
}

// SW-ATK-2: two weapons −2, the off hand another −2 unless Ambidextrous.
#[test]
fn sw_atk_2_offhand_and_ambidextrous() {
    let cases: &[Row] = &[
        ("offhand", "", 4),
        ("offhand", "ambidextrous", 6),
        ("two_weapons offhand", "ambidextrous", 4),
    ];
    for &(fields, edge, total) in cases {
        let script = format!(
            "new savage\nadd Ambi extra fighting=d12 {edge}\n{POST}\ninit Ambi AS\ninit Post 2C\n\
             start\nattack Ambi Post tn=30 {fields}"
        );
        let v = run(&script, "6");
        assert_eq!(attack(&v).1, total, "{fields} {edge}: {}", attack(&v).0);
    }
}

// SW-ATK-2: the damage bonuses: Wild Attack +2, The Drop +4, double tap +1, burst +2, a called
// shot to the head +4; the other modifiers add no damage. `dmg=0` and the TN set to the total,
// so the damage is the bonus alone (no raise die).
#[test]
fn sw_atk_2_damage_bonuses() {
    let cases: &[(&str, i64)] = &[
        ("wild_attack tn=8", 2),
        ("drop tn=10", 4),
        ("skill=shooting double_tap tn=7", 1),
        ("skill=shooting burst tn=8", 2),
        ("called=head tn=2", 4),
        ("called=limb tn=4", 0),
        ("skill=shooting aim tn=8", 0),
        ("touch tn=8", 0),
        ("gang=4 tn=10", 0),
        ("called=head drop tn=6", 8),
    ];
    for &(fields, bonus) in cases {
        let v = run(&fight("Gunner", &format!("attack Gunner Post dmg=0 {fields}")), "6");
        let (text, _) = attack(&v);
        assert!(text.ends_with(", success"), "{fields}: {text}");
        assert_eq!(damage(&v).1, bonus, "{fields}: {}", damage(&v).0);
    }
}

// SW-ATK-2: Wild Attack leaves the attacker at −2 Parry until its next turn.
#[test]
fn sw_atk_2_wild_attack_lowers_own_parry_until_next_turn() {
    // Hero 3 + 2 = 5 hits Parry 5 for 0 + 2 damage; Orc's 4 then hits Hero's Parry 6 − 2.
    let body = "attack Hero Orc dmg=0 wild_attack\nnext\nattack Orc Hero dmg=0";
    let v = run(&duel("KS", "QH", body), "3,1,4");
    assert!(has_condition(&v, "hero", "wild_attack"));
    assert!(attack(&v).0.ends_with("vs Parry 4: 4, success"), "{}", attack(&v).0);
    // Round 2 deals Hero the Ace of Spades (face 50 of 52) and Orc the 2♣: the −2 is gone.
    let v = run(&duel("KS", "QH", &format!("{body}\nnext")), "3,1,4,50,1");
    assert_eq!(v["round"], 2);
    assert_eq!(v["current"], "hero");
    assert_eq!(who(&v, "hero")["card"], "AS");
    assert!(!has_condition(&v, "hero", "wild_attack"), "{:?}", conditions(&v, "hero"));
}

// SW-ATK-2: Defend is +2 Parry until the defender's next turn, and takes the whole turn.
#[test]
fn sw_atk_2_defend() {
    let v = run(&duel("QH", "KS", "defend Orc"), "");
    assert!(has_condition(&v, "orc", "defending"));
    assert_eq!(who(&v, "orc")["actions_left"], 0);
    let err = run_err(&duel("QH", "KS", "defend Orc\nattack Orc Hero"), "4");
    assert!(err.contains("Orc is Defending: Defend took its whole turn"), "{err}");
    // Hero's 6 misses Parry 5 + 2.
    let v = run(&duel("QH", "KS", "defend Orc\nnext\nattack Hero Orc dmg=0"), "6,1");
    assert!(attack(&v).0.ends_with("vs Parry 7: 6, miss"), "{}", attack(&v).0);
    // Round 2: Hero gets 2♣ (face 1), Orc the Ace of Spades (face 49 of 51); Defend ends.
    let v = run(&duel("QH", "KS", "defend Orc\nnext\nnext"), "1,49");
    assert_eq!(v["round"], 2);
    assert_eq!(v["current"], "orc");
    assert!(!has_condition(&v, "orc", "defending"), "{:?}", conditions(&v, "orc"));
}

// SW-ATK-2: "Defend +2 Parry (no other action)": refused, with nothing changed and before any
// die, once the defender has acted this turn (an action spent, or all three); anything but a free
// action is refused after it. `force` does either anyway.
#[test]
fn sw_atk_2_defend_is_the_only_action() {
    // Orc (an Extra, Fighting d6) swings at the Hero (Parry 6) with a 1: a miss.
    const SWING: &str = "attack Orc Hero dmg=0";
    let refused: &[(&str, &str, &str)] = &[
        (SWING, "1", "Orc already acted this turn (1 of 3 actions spent): Defend is the whole"),
        (
            "trick Orc Hero\nintimidate Orc Hero\nattack Orc Hero dmg=0",
            "1,1,1,1,1,1,1",
            "Orc already acted this turn (3 of 3 actions spent)",
        ),
        ("defend Orc", "", "Orc is Defending: Defend took its whole turn"),
    ];
    for (before, dice, expected) in refused {
        let err = run_err(&duel("QH", "KS", &format!("{before}\ndefend Orc")), dice);
        assert!(err.contains(expected), "{before} then defend: {err}");
        assert!(err.contains("add `force`"), "{err}");
    }
    let after: &[(&str, &str)] = &[
        (SWING, "1"),
        ("trick Orc Hero", "1,1,1"),
        ("intimidate Orc Hero", "1,1,1"),
        ("grapple Orc Hero", "1,1,1"),
    ];
    for (then, dice) in after {
        let err = run_err(&duel("QH", "KS", &format!("defend Orc\n{then}")), dice);
        assert!(err.contains("Orc is Defending: Defend took its whole turn"), "{then}: {err}");
        assert!(err.contains("(SW-ATK-2); add `force`"), "{then}: {err}");
    }
    // The refused Defend changed nothing: the Parry bonus never came.
    let v = run(&duel("QH", "KS", &format!("{SWING}\ndefend Orc force")), "1");
    assert!(has_condition(&v, "orc", "defending"), "forced: {:?}", conditions(&v, "orc"));
    assert_eq!(who(&v, "orc")["actions_left"], 0);
    let v = run(&duel("QH", "KS", &format!("defend Orc\n{SWING} force")), "1");
    assert!(attack(&v).0.contains("Orc attacks Hero"), "{}", attack(&v).0);
    // Off its turn a Defend is refused too (SW-ACT-1); before the fight it is set up freely.
    let err = run_err(&duel("QH", "KS", "defend Hero"), "");
    assert!(err.contains("it is not Hero's turn"), "{err}");
}

// SW-ATK-2: a prone target is −2 Parry in melee and medium cover (−2) against shots; a
// crouching one −1 against shots only.
#[test]
fn sw_atk_2_prone_and_crouching_targets() {
    const RIFLE: &str = "weapon Hero rifle dmg=0 range=24/48/96\n";
    let cases: &[(String, &str, &str)] = &[
        ("cond Orc prone\nattack Hero Orc dmg=0".into(), "3,1", "vs Parry 3: 3, success"),
        (
            format!("cond Orc prone\n{RIFLE}attack Hero Orc rifle"),
            "5,1",
            "(-2 prone target) vs TN 4: 3, miss",
        ),
        (
            format!("cond Orc crouching\n{RIFLE}attack Hero Orc rifle"),
            "5,1",
            "(-1 crouching target) vs TN 4: 4, success",
        ),
        ("cond Orc crouching\nattack Hero Orc dmg=0".into(), "5,1", "vs Parry 5: 5, success"),
    ];
    for (body, dice, expected) in cases {
        let v = run(&fight("Hero", body), dice);
        assert!(attack(&v).0.ends_with(expected), "{body}: {}", attack(&v).0);
    }
}

// SW-ATK-2: a prone attacker is −2 Fighting in melee; its shots are not penalised.
#[test]
fn sw_atk_2_prone_attacker_fights_at_minus_2() {
    let v = run(&fight("Hero", "cond Hero prone\nattack Hero Post tn=30"), "5,1");
    assert_eq!(attack(&v).1, 3, "{}", attack(&v).0);
    assert!(attack(&v).0.contains("-2 prone attacker"), "{}", attack(&v).0);
    let v = run(&fight("Hero", "cond Hero prone\nattack Hero Post skill=shooting tn=30"), "5,1");
    assert_eq!(attack(&v).1, 5, "{}", attack(&v).0);
}

// SW-ATK-3: a failed shot into melee whose shooting die shows 1 may hit a bystander.
#[test]
fn sw_atk_3_innocent_bystanders() {
    const RIFLE: &str = "weapon Hero rifle dmg=0 range=24/48/96\n";
    let cases: &[(&str, &str, bool)] = &[
        ("into_melee", "1,2", true),
        ("into_melee", "2,1", false),
        ("into_melee", "1,5", false),
        ("", "1,2", false),
    ];
    for &(fields, dice, bystander) in cases {
        let v = run(&fight("Hero", &format!("{RIFLE}attack Hero Orc rifle {fields}")), dice);
        let (text, _) = attack(&v);
        assert_eq!(text.contains("bystander"), bystander, "{fields} {dice}: {text}");
    }
}

// SW-ATK-3: with autofire a 2 on the shooting die also puts bystanders at risk, a 3 does not.
#[test]
fn sw_atk_3_bystanders_on_a_2_with_autofire() {
    for (die, bystander) in [("1", true), ("2", true), ("3", false)] {
        let body = "attack Gunner Orc skill=shooting autofire=1 into_melee";
        let v = run(&fight("Gunner", body), die);
        let (text, _) = attack(&v);
        assert!(text.ends_with("miss") || text.contains("miss;"), "{die}: {text}");
        assert_eq!(text.contains("bystander"), bystander, "{die}: {text}");
    }
}

// SW-ATK-8, SW-ATK-3: a `shotgun` weapon is +2 to Shooting and does 3d6 at short range (or with
// no range given), 2d6 at medium, 1d6 at long, each die acing; `dmg=` on the attack still wins.
// Gunner's Shooting d12 shows 4 (+2 = 6, one success against TN 4 less the range).
#[test]
fn sw_atk_8_shotgun_damage_by_range_band() {
    const SHOTGUN: &str = "weapon Gunner shotgun range=12/24/48 shotgun\n";
    let cases: &[(&str, &str, &str, &str, i64)] = &[
        ("", "4,1,2,3", "(+2 shotgun) vs TN 4: 6, success", "3d6", 6),
        ("range=short", "4,1,2,3", "(+2 shotgun) vs TN 4: 6, success", "3d6", 6),
        ("range=medium", "4,5,6,2", "(+2 shotgun, -2 medium range) vs TN 4: 4, success", "2d6", 13),
        ("range=long", "6,3", "(+2 shotgun, -4 long range) vs TN 4: 4, success", "1d6", 3),
        ("dmg=2d8", "4,1,2", ": 6, success", "2d8", 3),
    ];
    for &(fields, dice, verdict, expr, total) in cases {
        let body = format!("{SHOTGUN}attack Gunner Post shotgun {fields}");
        let v = run(&fight("Gunner", &body), dice);
        let (text, _) = attack(&v);
        assert!(
            text.starts_with("Gunner attacks Post with shotgun: Shooting d12"),
            "{fields}: {text}"
        );
        assert!(text.ends_with(verdict), "{fields}: {text}");
        let line = last(&v, " takes ");
        assert_eq!(line["roll"]["expr"], expr, "{fields}: {line}");
        assert_eq!(line["roll"]["total"], total, "{fields}: {line}");
    }
    // A bad range band is refused before any die.
    let err =
        run_err(&fight("Gunner", &format!("{SHOTGUN}attack Gunner Post shotgun range=far")), "");
    assert!(err.contains("range=far: expected short, medium or long"), "{err}");
    // Swung as a club it is no shotgun: Fighting, no +2, the wielder's Strength.
    let body = format!("{SHOTGUN}attack Gunner Post shotgun skill=fighting tn=30");
    let v = run(&fight("Gunner", &body), "4");
    assert_eq!(attack(&v).1, 4, "{}", attack(&v).0);
}

// SW-ATK-3, SW-ATK-8: a failed shotgun blast into melee risks a bystander on a shooting die of 1
// or 2, not 3. Gunner's d12 at −4 (long range) +2 misses TN 4 on each.
#[test]
fn sw_atk_3_bystanders_on_a_2_with_a_shotgun() {
    const SHOTGUN: &str = "weapon Gunner shotgun range=12/24/48 shotgun\n";
    for (die, bystander) in [("1", true), ("2", true), ("3", false)] {
        let body = format!("{SHOTGUN}attack Gunner Orc shotgun range=long into_melee");
        let v = run(&fight("Gunner", &body), die);
        let (text, _) = attack(&v);
        assert!(text.contains(", miss"), "{die}: {text}");
        assert_eq!(text.contains("bystander"), bystander, "{die}: {text}");
    }
}

// SW-ATK-4, SW-ROLL-1: an autofire burst critically fails only when a Wild Card's every shooting
// die and its Wild Die first show 1. An Extra rolls no Wild Die, so a d6 burst of 1s is only a
// miss; a Wild Die that aces (6, then 1) is no snake eyes and stands in for the lowest shot.
#[test]
fn sw_atk_4_autofire_snake_eyes_needs_the_wild_die() {
    const SMG: &str = "weapon Hero smg dmg=0 range=12/24/48 rof=3\n";
    let rook = "new savage\nadd Rook extra shooting=d6\nweapon Rook smg dmg=0 range=12/24/48 rof=3\n\
                add Post extra parry=5 toughness=50\ninit Rook AS\ninit Post 2C\nstart\n\
                attack Rook Post smg autofire=3";
    let cases: &[(String, &str, &str, bool)] = &[
        (rook.to_string(), "1,1,1", "-1, -1, -1 → 0 hit(s)", false),
        (format!("{SMG}attack Hero Post smg autofire=2"), "1,1,6,1", "5, -1 → 1 hit(s)", false),
        (format!("{SMG}attack Hero Post smg autofire=2"), "1,1,1", "-1, -1 → 0 hit(s)", true),
        (format!("{SMG}attack Hero Post smg autofire=2"), "2,1,1", "0, -1 → 0 hit(s)", false),
    ];
    for (body, dice, shots, critical) in cases {
        let script = if body.starts_with("new ") { body.clone() } else { fight("Hero", body) };
        let v = run(&script, dice);
        let text = last(&v, " autofires at ")["text"].as_str().unwrap_or_default().to_string();
        assert!(text.contains(shots), "{dice}: {text}");
        assert_eq!(text.contains("CRITICAL FAILURE"), *critical, "{dice}: {text}");
    }
}

// SW-ATK-6: a trick, opposed Agility or Smarts: −2 Parry until the target's next turn starts,
// Shaken on a raise. Dice: Hero's trait die and Wild Die, then Orc's die.
#[test]
fn sw_atk_6_trick() {
    let cases: &[(&str, &str, bool, bool)] = &[
        ("trick Hero Orc", "6,2,4", true, false),
        ("trick Hero Orc agility", "8,2,1,3", true, true),
        ("trick Hero Orc", "3,2,1", false, false),
        ("trick Hero Orc", "5,1,5", false, false),
        ("trick Hero Orc smarts", "5,1,2", true, false),
        ("trick Hero Orc smarts", "6,3,1,2", true, true),
        ("trick Hero Orc roll=7,1 vs=2", "", true, true),
    ];
    for &(command, dice, tricked, shaken) in cases {
        let v = run(&duel("KS", "QH", command), dice);
        assert_eq!(has_condition(&v, "orc", "tricked"), tricked, "{command} {dice}");
        assert_eq!(who(&v, "orc")["shaken"], shaken, "{command} {dice}");
    }
    let err = run_err(&duel("KS", "QH", "trick Hero Orc strength"), "");
    assert!(err.contains("agility or smarts"), "{err}");
    // Tricked: Hero's 5 − 2 (the trick was its first action) now hits Orc's Parry 5 − 2.
    let v = run(&duel("KS", "QH", "trick Hero Orc\nattack Hero Orc dmg=0"), "6,2,4,5,1");
    assert!(attack(&v).0.ends_with("vs Parry 3: 3, success"), "{}", attack(&v).0);
    // The −2 lasts until Orc's next turn starts.
    let v = run(&duel("KS", "QH", "trick Hero Orc\nnext"), "6,2,4");
    assert_eq!(v["current"], "orc");
    assert!(!has_condition(&v, "orc", "tricked"), "{:?}", conditions(&v, "orc"));
}

// SW-ATK-6: a trick's −2 Parry lasts until the target's next turn starts, not the round's end:
// Orc acted first in round 1, Hero tricks it, and in round 2 Hero (A♠) acts before Orc (2♣).
#[test]
fn sw_atk_6_trick_lasts_until_the_targets_next_action() {
    let body = "next\ntrick Hero Orc\nnext\nattack Hero Orc dmg=0";
    let v = run(&duel("QH", "KS", body), "6,2,4,50,1,3,1");
    assert_eq!(v["round"], 2);
    assert!(attack(&v).0.ends_with("vs Parry 3: 3, success"), "{}", attack(&v).0);
}

// SW-ATK-6: a won Test of Wills' +2 waits for the winner's next attack, in the next round too.
#[test]
fn sw_atk_6_outwilled_lasts_into_the_next_round() {
    let body = "next\nintimidate Hero Orc\nnext\nattack Hero Orc tn=30";
    let v = run(&duel("QH", "KS", body), "6,1,3,50,1,5,1");
    assert_eq!(attack(&v).1, 7, "{}", attack(&v).0);
}

// SW-ATK-6: Tests of Wills: Intimidation against Spirit, Taunt against Smarts; a win gives the
// winner +2 on its next attack against the target, a raise also Shakes it.
#[test]
fn sw_atk_6_tests_of_wills() {
    let cases: &[(&str, &str, bool, bool)] = &[
        ("intimidate Hero Orc", "6,1,3", true, false),
        ("intimidate Hero Orc", "8,4,1,2", true, true),
        ("intimidate Hero Orc", "3,2,1", false, false),
        ("taunt Hero Orc", "5,1,1", true, true),
        ("taunt Hero Orc", "4,2,3", true, false),
        ("taunt Hero Orc", "4,2,4", false, false),
    ];
    for &(command, dice, outwilled, shaken) in cases {
        let v = run(&duel("KS", "QH", command), dice);
        assert_eq!(has_condition(&v, "orc", "outwilled"), outwilled, "{command} {dice}");
        assert_eq!(who(&v, "orc")["shaken"], shaken, "{command} {dice}");
        let rolled = if command.starts_with("taunt") { "(taunt)" } else { "(intimidation)" };
        assert!(has_log(&v, rolled), "{command}: {:#?}", texts(&v));
    }
    // +2 on the attack that follows, the test of wills being the turn's first action: 5 + 2 − 2
    // hits Parry 5.
    let v = run(&duel("KS", "QH", "intimidate Hero Orc\nattack Hero Orc dmg=0"), "6,1,3,5,1");
    let (text, total) = attack(&v);
    assert_eq!(total, 5, "{text}");
    assert!(text.contains("+2 target outwilled, -2 multi-action"), "{text}");
    assert!(!has_condition(&v, "orc", "outwilled"), "{:?}", conditions(&v, "orc"));
}

// SW-ATK-6: Outwilled is the winner's: another attacker gets no +2 and does not use it up.
#[test]
fn sw_atk_6_outwilled_is_for_the_winner_only() {
    let body = "intimidate Hero Orc\nattack Gunner Orc tn=30 force";
    let v = run(&fight("Hero", body), "6,1,3,6");
    let (text, total) = attack(&v);
    assert_eq!(total, 6, "{text}");
    assert!(!text.contains("outwilled"), "{text}");
    assert!(has_condition(&v, "orc", "outwilled"));
    // Hero's attack after that still gets it: 5 + 2 − 2.
    let v = run(&fight("Hero", &format!("{body}\nattack Hero Orc tn=30")), "6,1,3,6,5,1");
    let (text, total) = attack(&v);
    assert_eq!(total, 5, "{text}");
    assert!(text.contains("+2 target outwilled"), "{text}");
    assert!(!has_condition(&v, "orc", "outwilled"));
}

// SW-ATK-6: the +2 of a won Test of Wills is for the winner's next attack only.
#[test]
fn sw_atk_6_outwilled_bonus_is_for_the_next_action_only() {
    let body = "intimidate Hero Orc\nattack Hero Orc tn=30\nattack Hero Orc tn=30";
    let v = run(&duel("KS", "QH", body), "6,1,3,5,1,5,1");
    let totals: Vec<i64> =
        lines(&v, " attacks ").iter().map(|l| l["roll"]["total"].as_i64().unwrap()).collect();
    // 5 + 2 − 2 for the second action; then 5 − 4 for the third, without the +2 a second time.
    assert_eq!(totals, [5, 1]);
    assert!(!attack(&v).0.contains("outwilled"), "{}", attack(&v).0);
}

// SW-ATK-6: grapple is opposed Fighting: Hero's d8 and Wild Die against Orc's d6. A success (4 or
// more, beating Orc) grapples both, a raise (4 over Orc) also Shakes Orc.
#[test]
fn sw_atk_6_grapple() {
    let cases: &[(&str, &str, bool, bool)] = &[
        ("grapple Hero Orc", "5,1,3", true, false),
        ("grapple Hero Orc", "6,2,3", true, false),
        ("grapple Hero Orc", "7,1,3", true, true),
        ("grapple Hero Orc", "8,2,1,6,1", true, false),
        ("grapple Hero Orc", "4,1,3", true, false),
        ("grapple Hero Orc", "3,2,1", false, false),
        ("grapple Hero Orc", "5,1,5", false, false),
        ("grapple Hero Orc", "5,1,6,2", false, false),
        ("grapple Hero Orc", "1,1,1", false, false),
        ("grapple Hero Orc roll=7,1 vs=2", "", true, true),
        ("grapple Hero Orc roll=5,1 vs=5", "", false, false),
    ];
    for &(command, dice, grappled, shaken) in cases {
        let v = run(&duel("KS", "QH", command), dice);
        assert_eq!(has_condition(&v, "orc", "grappled"), grappled, "{command} {dice}");
        assert_eq!(has_condition(&v, "hero", "grappled"), grappled, "{command} {dice}");
        assert_eq!(who(&v, "orc")["shaken"], shaken, "{command} {dice}");
        assert!(has_log(&v, "Hero (fighting) "), "{command} {dice}: {:#?}", texts(&v));
        assert!(has_log(&v, "Orc (fighting) "), "{command} {dice}: {:#?}", texts(&v));
    }
}

// SW-ATK-6: disarm at −2 against Parry; the defender's Strength against the damage.
#[test]
fn sw_atk_6_disarm() {
    let cases: &[(&str, &str, &str)] = &[
        // 7 − 2 = 5 hits Parry 5; Strength d6 4 against Orc's Strength 3.
        ("disarm Hero Orc", "7,1,4,3", "Orc holds on with Strength 3 against 4: drops its weapon"),
        ("disarm Hero Orc", "7,1,4,4", "Orc holds on with Strength 4 against 4: keeps its weapon"),
        ("disarm Hero Orc", "6,1", "the disarm misses"),
        ("disarm Hero Orc dmg=str+d4", "7,1,4,2,5", "Strength 5 against 6: drops its weapon"),
        ("disarm Hero Orc", "7,1,6,1,6", "Strength 6 against 7: drops its weapon"),
    ];
    for &(command, dice, expected) in cases {
        let v = run(&duel("KS", "QH", command), dice);
        assert!(has_log(&v, expected), "{command} {dice}: {:#?}", texts(&v));
        assert!(has_log(&v, "Fighting −2"), "{command}");
    }
}

// SW-ATK-6, SW-INIT-4, SW-ATK-4: faces typed for the defender (`vs=`) are named `vs` when they
// do not parse, and are read before any die is rolled.
#[test]
fn sw_atk_6_typed_faces_are_named_by_their_field() {
    let cases: &[(&str, &str)] = &[
        ("trick Hero Orc vs=x", "vs: "),
        ("intimidate Hero Orc vs=x", "vs: "),
        ("grapple Hero Orc vs=x", "vs: "),
        ("disarm Hero Orc vs=x", "vs: "),
        ("trick Hero Orc roll=x", "roll: "),
        ("suppressed Orc roll=x", "roll: "),
        ("blast Hero Orc dmgroll=x", "dmgroll: "),
    ];
    for &(command, label) in cases {
        let err = run_err(&duel("KS", "QH", command), "");
        assert!(err.contains(label), "{command}: {err}");
        assert!(!err.contains("ran out"), "{command}: {err}");
        if label == "vs: " {
            assert!(!err.contains("roll: "), "{command}: {err}");
        }
    }
}

// SW-ATK-6, SW-FEAR-1: a verb rolling a skill the roller lacks rolls d4 at −2 (unskilled), on
// either side; an attribute it lacks is a plain d4. Post has no traits at all (and acts off its
// turn, forced: SW-ACT-1).
#[test]
fn sw_atk_6_unskilled_verbs() {
    let cases: &[(&str, &str, &str)] = &[
        ("fear Post", "3", "Post faces a grotesque sight: Guts 1, fails"),
        ("intimidate Post Orc force", "3,2", "Post (intimidation) 1: fails"),
        ("taunt Post Orc force", "3,2", "Post (taunt) 1: fails"),
        ("grapple Post Orc force", "3,2", "Post (fighting) 1: fails"),
        ("grapple Hero Post", "5,1,3", "Post (fighting) 1"),
        ("trick Post Orc force", "3,2", "Post (agility) 3: fails"),
        ("trick Post Orc smarts force", "3,2", "Post (smarts) 3: fails"),
        ("intimidate Hero Post", "5,1,3", "Post (spirit) 3"),
        ("taunt Hero Post", "5,1,3", "Post (smarts) 3"),
        // The d4 aces: 4 + 2 − 2.
        ("fear Post", "4,2", "Post faces a grotesque sight: Guts 4, holds"),
    ];
    for &(command, dice, expected) in cases {
        let v = run(&fight("Hero", command), dice);
        assert!(has_log(&v, expected), "{command} {dice}: {:#?}", texts(&v));
    }
}

// SW-INIT-3: a Joker gives +2 to trait and damage rolls that round.
#[test]
fn sw_init_3_joker_bonus_to_attack_and_damage() {
    let v = run(&duel("joker", "QH", "attack Hero Orc tn=30"), "5,1");
    let (text, total) = attack(&v);
    assert_eq!(total, 7, "{text}");
    assert!(text.contains("+2 Joker"), "{text}");
    assert_eq!(who(&v, "hero")["card"], "Joker");
    let v = run(&duel("joker", "QH", "attack Hero Orc dmg=0 tn=7"), "5,1");
    assert_eq!(damage(&v).1, 2, "{}", damage(&v).0);
    // A trick with the Joker: 2 + 2 beats Orc's 3.
    let v = run(&duel("redjoker", "QH", "trick Hero Orc"), "2,1,3");
    assert!(has_condition(&v, "orc", "tricked"));
    assert_eq!(who(&v, "hero")["card"], "RedJoker");
}

// SW-INIT-3, SW-SHAKEN-1: the Joker's +2 also counts on the Spirit roll at the start of the turn.
#[test]
fn sw_init_3_joker_bonus_on_the_spirit_roll() {
    let script = format!(
        "new savage\n{HERO}\n{ORC}\ninit Hero joker\ninit Orc QH\ncond Hero shaken\nstart\n"
    );
    let v = run(&script, "2,1");
    assert_eq!(who(&v, "hero")["shaken"], false);
}

// SW-INIT-3, SW-FEAR-1: the Joker's +2 also counts on a Guts roll.
#[test]
fn sw_init_3_joker_bonus_on_the_guts_roll() {
    let v = run(&duel("joker", "QH", "fear Hero"), "2,1");
    assert_eq!(who(&v, "hero")["shaken"], false);
}

// ---------------------------------------------------------------------------------------------
// Damage

// SW-DMG-1: damage dice ace, a raise adds a d6 that aces too.
#[test]
fn sw_dmg_1_acing_damage_and_the_raise_die() {
    let cases: &[(&str, &str, i64, usize)] = &[
        // Strength d6 aces 6+2, d6 3.
        ("dmg=str+d6", "5,1,6,2,3", 11, 3),
        // 9 vs Parry 5 is a raise: Strength 2, d6 3, raise d6 6+6+1.
        ("dmg=str+d6", "8,1,1,2,3,6,6,1", 18, 5),
        ("dmg=2d6+1", "5,1,6,1,4", 12, 3),
        ("dmg=str", "5,1,4", 4, 1),
        ("", "5,1,4", 4, 1),
    ];
    for &(fields, dice, total, faces) in cases {
        let v = run(&fight("Hero", &format!("attack Hero Post {fields}")), dice);
        let line = last(&v, " takes ");
        assert_eq!(line["roll"]["total"], total, "{fields} {dice}: {}", line["text"]);
        assert_eq!(line["roll"]["faces"].as_array().unwrap().len(), faces, "{fields} {dice}");
    }
}

// SW-DMG-3 [outside: every player character is a Wild Card]: a PC added without `wild` is a Wild
// Card (three wounds, the Wild Die); `extra` keeps it an Extra; other sides stay Extras unless
// `wild` is given. The `add` line says which.
#[test]
fn sw_dmg_3_a_pc_is_a_wild_card_unless_extra() {
    let cases: &[(&str, bool, &str)] = &[
        ("add Jessa side=pc", true, "Jessa joins (pc, Wild Card)"),
        ("add Jessa side=pc wild", true, "Jessa joins (pc, Wild Card)"),
        ("add Jessa side=pc extra", false, "Jessa joins (pc, Extra)"),
        ("add Jessa side=ally", false, "Jessa joins (ally, Extra)"),
        ("add Jessa", false, "Jessa joins (enemy, Extra)"),
        ("add Jessa wild", true, "Jessa joins (enemy, Wild Card)"),
    ];
    for &(add, wild, echo) in cases {
        let v = run(&format!("new savage\n{add}"), "");
        assert_eq!(who(&v, "jessa")["wild"], wild, "{add}");
        assert_eq!(who(&v, "jessa")["max_wounds"], if wild { 3 } else { 0 }, "{add}");
        assert!(has_log(&v, echo), "{add}: {:#?}", texts(&v));
    }
}

// SW-DMG-2, SW-DMG-3: against an Extra (Toughness 6): below nothing, at Toughness Shaken,
// Shaken again or a raise takes it out.
#[test]
fn sw_dmg_2_sw_dmg_3_extras() {
    let cases: &[(&str, &str, bool, bool)] = &[
        ("", "dmg=5", false, false),
        ("", "dmg=6", true, false),
        ("", "dmg=9", true, false),
        ("", "dmg=10", true, true),
        ("cond Orc shaken", "dmg=5", true, false),
        ("cond Orc shaken", "dmg=6", true, true),
    ];
    for &(setup, fields, shaken, out) in cases {
        let v = run(&fight("Hero", &format!("{setup}\nattack Hero Orc {fields}")), "5,1");
        let orc = who(&v, "orc");
        assert_eq!(orc["down"], out, "{setup} {fields}");
        assert_eq!(orc["shaken"], shaken, "{setup} {fields}");
        if out {
            assert_eq!(orc["incapacitated"], "incapacitated", "{setup} {fields}");
            assert!(has_log(&v, "Orc is out of the fight"), "{:#?}", texts(&v));
        } else {
            assert_eq!(orc["incapacitated"], Value::Null);
        }
    }
}

// SW-DMG-2, SW-DMG-3: against a Wild Card (Toughness 6): Shaken, a wound per raise, Shaken on
// Shaken a wound; three wounds at most before it is incapacitated. Orc's d6 aces 6+1 = 7 against
// Hero's Parry 6.
#[test]
fn sw_dmg_2_sw_dmg_3_wild_cards() {
    let cases: &[(&str, &str, i64, bool)] = &[
        ("", "dmg=5", 0, false),
        ("", "dmg=6", 0, true),
        ("", "dmg=10", 1, true),
        ("", "dmg=14", 2, true),
        ("", "dmg=18", 3, true),
        ("cond Hero shaken", "dmg=6", 1, true),
        ("cond Hero shaken", "dmg=10", 1, true),
        ("cond Hero shaken", "dmg=14", 2, true),
        ("damage Hero 10\nuncond Hero shaken", "dmg=14", 3, true),
    ];
    for &(setup, fields, wounds, shaken) in cases {
        let v = run(&fight("Orc", &format!("{setup}\nattack Orc Hero {fields}")), "6,1");
        let hero = who(&v, "hero");
        assert_eq!(hero["wounds"], wounds, "{setup} {fields}: {}", damage(&v).0);
        assert_eq!(hero["health"], json!({"current": 3 - wounds, "max": 3}), "{setup} {fields}");
        assert_eq!(hero["shaken"], shaken, "{setup} {fields}");
        assert_eq!(hero["down"], false, "{setup} {fields}");
    }
    // Past the third wound: the Incapacitation roll (Vigor d8 7 − 3 = 4, unconscious) and an
    // Injury (2d6 1+1, Unmentionables).
    for (setup, fields) in [("damage Hero 18\nuncond Hero shaken", "dmg=10"), ("", "dmg=30")] {
        let v = run(&fight("Orc", &format!("{setup}\nattack Orc Hero {fields}")), "6,1,7,1,1,1");
        let hero = who(&v, "hero");
        assert_eq!(hero["wounds"], 4, "{setup} {fields}");
        assert_eq!(hero["down"], true);
        assert_eq!(hero["incapacitated"], "unconscious");
    }
}

// SW-DMG-1: AP ignores that much armor, never more than the target wears.
#[test]
fn sw_dmg_1_armor_piercing() {
    let cases: &[(&str, bool, bool)] = &[
        ("attack Hero Knight dmg=7", false, false),
        ("attack Hero Knight dmg=7 ap=1", true, false),
        ("attack Hero Knight dmg=6 ap=2", true, false),
        ("attack Hero Knight dmg=6 ap=4", true, false),
        ("attack Hero Knight dmg=5 ap=4", false, false),
        ("attack Hero Knight dmg=10 ap=2", true, true),
        ("weapon Hero pick dmg=6 ap=2\nattack Hero Knight pick", true, false),
    ];
    for &(body, shaken, out) in cases {
        let script = format!(
            "new savage\n{HERO}\nadd Knight extra parry=5 toughness=8 armor=2\ninit Hero AS\n\
             init Knight 2C\nstart\n{body}"
        );
        let v = run(&script, "5,1");
        let knight = who(&v, "knight");
        assert_eq!(knight["shaken"], shaken, "{body}: {}", damage(&v).0);
        assert_eq!(knight["down"], out, "{body}");
    }
    let script = format!(
        "new savage\n{HERO}\nadd Knight extra parry=5 toughness=8 armor=2\ninit Hero AS\n\
         init Knight 2C\nstart\nattack Hero Knight dmg=6 ap=4"
    );
    let v = run(&script, "5,1");
    assert!(attack(&v).0.contains("AP 4 ignores 2 armor"), "{}", attack(&v).0);
}

// SW-DMG-4: soak: a benny and a Vigor roll; each success and raise cancels one wound of that
// hit, cancelling them all ends its Shaken too. Orc hits Hero (7 vs Parry 6) for the damage.
#[test]
fn sw_dmg_4_soak() {
    let cases: &[(&str, &str, &str, i64, bool)] = &[
        ("", "dmg=14", "4,1", 1, true),
        ("", "dmg=14", "8,1,2", 0, false),
        ("", "dmg=14", "3,2", 2, true),
        ("", "dmg=14", "1,1", 2, true),
        ("", "dmg=10", "8,1,2", 0, false),
        // With a wound already, the roll is at −1: 5 − 1 = 4 saves one, 4 − 1 = 3 fails.
        ("damage Hero 10\nuncond Hero shaken", "dmg=14", "5,1", 2, true),
        ("damage Hero 10\nuncond Hero shaken", "dmg=14", "4,1", 3, true),
    ];
    for &(setup, fields, soak, wounds, shaken) in cases {
        let body = format!("{setup}\nattack Orc Hero {fields}\nsoak Hero");
        let v = run(&fight("Orc", &body), &format!("6,1,{soak}"));
        let hero = who(&v, "hero");
        assert_eq!(hero["wounds"], wounds, "{setup} {fields} soak {soak}");
        assert_eq!(hero["shaken"], shaken, "{setup} {fields} soak {soak}");
        assert_eq!(hero["bennies"], 1, "{setup} {fields} soak {soak}");
    }
    // A Joker's +2: 2 + 2 saves a wound.
    let script = format!(
        "new savage\n{HERO}\n{ORC}\ninit Hero joker\ninit Orc QH\nstart\n\
         attack Orc Hero dmg=14 force\nsoak Hero"
    );
    let v = run(&script, "6,1,2,1");
    assert_eq!(who(&v, "hero")["wounds"], 1);
}

// SW-DMG-4: a soak cancels wounds "from that attack": after an autofire burst, the wounds of all
// its hits, not only the last one's. Gunner's two hits of 10 each wound Hero (Toughness 6);
// Vigor 8 (aced) + 3 = 11 is a success and a raise: two wounds cancelled.
#[test]
fn sw_dmg_4_soak_after_autofire_covers_every_hit() {
    let body = "weapon Gunner smg dmg=10 range=12/24/48 rof=2\n\
                attack Gunner Hero smg autofire=2";
    let v = run(&fight("Gunner", body), "8,8");
    let hit = who(&v, "hero")["wounds"].as_i64().expect("wounds");
    assert!(hit >= 2, "two hits, {hit} wounds: {:#?}", texts(&v));
    let v = run(&fight("Gunner", &format!("{body}\nsoak Hero")), "8,8,8,3,1");
    assert_eq!(who(&v, "hero")["wounds"], hit - 2, "{:#?}", texts(&v));
    assert!(has_log(&v, &format!("2 of {hit} wound(s) cancelled")), "{:#?}", texts(&v));
}

// SW-DMG-4: soaking is refused for Extras, without bennies, and without wounds this round.
#[test]
fn sw_dmg_4_soak_refusals() {
    let cases: &[(String, &str, &str)] = &[
        (fight("Hero", "attack Hero Orc dmg=10\nsoak Orc"), "5,1", "only Wild Cards soak"),
        (fight("Hero", "soak Hero"), "", "took no wounds this round"),
        (fight("Orc", "attack Orc Hero dmg=6\nsoak Hero"), "6,1", "took no wounds this round"),
        (
            fight("Orc", "attack Orc Hero dmg=14\nsoak Hero\nsoak Hero\nsoak Hero"),
            "6,1,3,2,3,2",
            "no bennies left",
        ),
        // Hit in round 1 (Spirit 2 at its turn: stays Shaken), round 2 deals 2♣ and 2♦.
        (
            duel("QH", "KS", "attack Orc Hero dmg=14\nnext\nnext\nsoak Hero"),
            "6,1,2,1,1,1",
            "took no wounds this round",
        ),
    ];
    for (script, dice, expected) in cases {
        let err = run_err(script, dice);
        assert!(err.contains(expected), "{expected}: {err}\n{script}");
    }
}

// SW-DMG-4: a soak cancels only that attack's wounds, once: a soak that cancels any wound closes
// the hit, so a second soak is refused; a failed soak (nothing cancelled) may be tried again with
// another benny.
#[test]
fn sw_dmg_4_soak_cancels_only_that_hits_wounds() {
    // Vigor 8 + 1 = 9: both wounds cancelled; nothing is left to soak.
    let v = run(&fight("Orc", "attack Orc Hero dmg=14\nsoak Hero"), "6,1,8,1,2");
    let hero = who(&v, "hero");
    assert_eq!(hero["wounds"], 0);
    assert_eq!(hero["health"], json!({"current": 3, "max": 3}));
    let err = run_err(&fight("Orc", "attack Orc Hero dmg=14\nsoak Hero\nsoak Hero"), "6,1,8,1,2");
    assert!(err.contains("took no wounds this round to soak"), "{err}");
    // Vigor 4 cancels one of the two wounds: the hit is closed all the same.
    let v = run(&fight("Orc", "attack Orc Hero dmg=14\nsoak Hero"), "6,1,4,1");
    assert_eq!(who(&v, "hero")["wounds"], 1);
    let err = run_err(&fight("Orc", "attack Orc Hero dmg=14\nsoak Hero\nsoak Hero"), "6,1,4,1");
    assert!(err.contains("took no wounds this round to soak"), "{err}");
    // Vigor 3 cancels nothing: another benny, and 9 cancels both.
    let v = run(&fight("Orc", "attack Orc Hero dmg=14\nsoak Hero\nsoak Hero"), "6,1,3,2,8,1,2");
    let hero = who(&v, "hero");
    assert_eq!(hero["wounds"], 0);
    assert_eq!(hero["shaken"], false);
    assert_eq!(hero["bennies"], 0);
}

// SW-DMG-4, SW-INC-1: soaking the wound that incapacitated a Wild Card brings it back.
#[test]
fn sw_dmg_4_soak_after_incapacitation() {
    // Vigor 7 − 3 = 4: unconscious, Injury 1+1; the soak 9 − 3 = 6 cancels the one wound.
    let body = "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10\nsoak Hero";
    let v = run(&fight("Orc", body), "6,1,7,1,1,1,8,1,1");
    let hero = who(&v, "hero");
    assert_eq!(hero["wounds"], 3);
    assert_eq!(hero["down"], false);
    assert_eq!(hero["incapacitated"], Value::Null);
    assert_eq!(hero["shaken"], false);
    assert_eq!(hero["bennies"], 1);
}

// SW-DMG-4, SW-INC-1, SW-INJ-1: a soaked wound never incapacitated, so it leaves no Injury.
#[test]
fn sw_dmg_4_soaked_incapacitation_leaves_no_injury() {
    let body = "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10\nsoak Hero";
    let v = run(&fight("Orc", body), "6,1,7,1,1,1,8,1,1");
    assert_eq!(who(&v, "hero")["injuries"], json!([]));
}

// SW-DMG-4, SW-INC-1: a soaked wound never incapacitated, so snake eyes on the Vigor roll that
// the engine makes first cannot leave the Wild Card dead.
#[test]
fn sw_dmg_4_soaked_incapacitation_is_not_death() {
    let body = "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10\nsoak Hero";
    let v = run(&fight("Orc", body), "6,1,1,1,8,1,1");
    let hero = who(&v, "hero");
    assert_eq!(hero["incapacitated"], Value::Null);
    assert_eq!(hero["down"], false);
}

// SW-DMG-4, SW-INC-1, SW-INJ-1: "only stunned" already put the Wild Card back at three wounds;
// soaking that hit's wound still clears the Shaken and the Injury it brought, and no more.
#[test]
fn sw_dmg_4_soak_after_only_stunned() {
    // Vigor 8+3 − 3 = 8: a raise, only stunned, Injury 1+1; the soak 9 − 3 = 6 cancels the wound.
    let body = "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10";
    let stunned = run(&fight("Orc", body), "6,1,8,3,1,1,1");
    let hero = who(&stunned, "hero");
    assert_eq!((hero["wounds"].clone(), hero["shaken"].clone()), (json!(3), json!(true)));
    assert_eq!(hero["injuries"].as_array().map(Vec::len), Some(1));
    let soaked = run(&fight("Orc", &format!("{body}\nsoak Hero")), "6,1,8,3,1,1,1,8,1,1");
    let hero = who(&soaked, "hero");
    assert_eq!(hero["wounds"], 3);
    assert_eq!(hero["shaken"], false);
    assert_eq!(hero["injuries"], json!([]));
    assert_eq!(hero["incapacitated"], Value::Null);
    // A failed soak leaves the stunned result as it was.
    let failed = run(&fight("Orc", &format!("{body}\nsoak Hero")), "6,1,8,3,1,1,1,2,1");
    let hero = who(&failed, "hero");
    assert_eq!((hero["wounds"].clone(), hero["shaken"].clone()), (json!(3), json!(true)));
    assert_eq!(hero["injuries"].as_array().map(Vec::len), Some(1));
}

// ---------------------------------------------------------------------------------------------
// Shaken

// SW-SHAKEN-1: a benny removes Shaken at any time.
#[test]
fn sw_shaken_1_benny() {
    let v = run(&fight("Hero", "cond Hero shaken\nbenny Hero"), "");
    assert_eq!(who(&v, "hero")["shaken"], false);
    assert_eq!(who(&v, "hero")["bennies"], 1);
    // Off its turn too.
    let v = run(&fight("Orc", "attack Orc Hero dmg=6\nbenny Hero"), "6,1");
    assert_eq!(who(&v, "hero")["shaken"], false);
    let err = run_err(&fight("Hero", "benny Hero"), "");
    assert!(err.contains("is not Shaken"), "{err}");
    let twice =
        "cond Hero shaken\nbenny Hero\ncond Hero shaken\nbenny Hero\ncond Hero shaken\nbenny Hero";
    let err = run_err(&fight("Hero", twice), "");
    assert!(err.contains("no bennies left"), "{err}");
}

// SW-SHAKEN-1: `benny` spends the combatant's own bennies; there is no GM pool, so an Extra
// without bennies is refused, and `gm_bennies` is no option.
#[test]
fn sw_shaken_1_benny_needs_own_bennies() {
    let err = run_err(&fight("Hero", "cond Orc shaken\nbenny Orc"), "");
    assert!(err.contains("Orc has no bennies left, nor has the GM"), "{err}");
    // Without bennies of its own, a combatant draws on the GM's pool.
    let v = run(&fight("Hero", "set gm_bennies 2\ncond Orc shaken\nbenny Orc"), "");
    assert_eq!(who(&v, "orc")["shaken"], false);
    assert_eq!(v["system"]["gm_bennies"], 1);
    let err = run_err(&fight("Hero", "set gm_bennies lots"), "");
    assert!(err.contains("gm_bennies: expected a whole number"), "{err}");
    // An Extra given bennies of its own spends them.
    let script = format!(
        "new savage\n{HERO}\nadd Boss extra bennies=1\ninit Hero AS\ninit Boss 2C\nstart\n\
         cond Boss shaken\nbenny Boss"
    );
    let v = run(&script, "");
    assert_eq!(who(&v, "boss")["shaken"], false);
    assert_eq!(who(&v, "boss")["bennies"], 0);
}

// SW-SHAKEN-1: the Spirit roll as a Shaken character's turn begins: failure stays Shaken with
// free actions only, success recovers with free actions only, a raise recovers and acts; with
// `shaken_success_acts on` a success acts too. Wounds count against the roll.
#[test]
fn sw_shaken_1_spirit_roll_at_turn_start() {
    let cases: &[(&str, &str, bool, i64, &str)] = &[
        ("", "2,3", true, 0, "stays Shaken"),
        ("", "1,1", true, 0, "stays Shaken"),
        ("", "4,1", false, 0, "recovers from Shaken (Spirit 4): free actions only"),
        ("", "6,2,1", false, 3, "recovers from Shaken (Spirit 8) and acts"),
        ("set shaken_success_acts on", "4,1", false, 3, "and acts"),
        ("set shaken_success_acts on", "2,3", true, 0, "stays Shaken"),
    ];
    for &(option, dice, shaken, actions, text) in cases {
        let v = run(&duel("QH", "KS", &format!("{option}\ncond Hero shaken\nnext")), dice);
        assert_eq!(v["current"], "hero");
        let hero = who(&v, "hero");
        assert_eq!(hero["shaken"], shaken, "{option} {dice}");
        assert_eq!(hero["actions_left"], actions, "{option} {dice}");
        assert!(has_log(&v, text), "{option} {dice}: {:#?}", texts(&v));
    }
    // One wound: 4 − 1 fails.
    let v = run(&duel("QH", "KS", "damage Hero 10\nnext"), "4,1");
    assert_eq!(who(&v, "hero")["shaken"], true);
    // An Extra rolls Spirit without a Wild Die.
    for (dice, shaken, actions) in [("3", true, 0), ("4", false, 0), ("6,2", false, 3)] {
        let v = run(&duel("KS", "QH", "cond Orc shaken\nnext"), dice);
        assert_eq!(who(&v, "orc")["shaken"], shaken, "{dice}");
        assert_eq!(who(&v, "orc")["actions_left"], actions, "{dice}");
    }
    // Free actions only: the attack is refused.
    let err = run_err(&duel("QH", "KS", "cond Hero shaken\nnext\nattack Hero Orc"), "2,3,5,1");
    assert!(err.contains("costs 1 action;"), "{err}");
    // That roll was the turn's one try: a second Spirit roll (`shake`) is refused; a benny is not.
    let err = run_err(&duel("QH", "KS", "cond Hero shaken\nnext\nshake Hero shaken"), "2,3");
    assert!(err.contains("already tried to shake off Shaken this turn"), "{err}");
    let v = run(&duel("QH", "KS", "cond Hero shaken\nnext\nbenny Hero"), "2,3");
    assert_eq!(who(&v, "hero")["shaken"], false);
    let v = run(&duel("QH", "KS", "set shaken_success_acts on"), "");
    assert_eq!(v["options"]["shaken_success_acts"], "on");
}

// SW-SHAKEN-1: a benny spent on its own turn after the automatic Spirit roll failed ends Shaken
// and gives the turn its actions back: the attack that follows rolls clean (5, no multi-action
// penalty) and leaves two actions. Spent off its turn, a benny gives no actions.
#[test]
fn sw_shaken_1_benny_after_a_failed_spirit_roll_gives_the_actions_back() {
    let body = "cond Hero shaken\nnext\nbenny Hero\nattack Hero Orc tn=30";
    let v = run(&duel("QH", "KS", body), "2,3,5,1");
    let hero = who(&v, "hero");
    assert_eq!(hero["shaken"], false);
    assert_eq!(hero["actions_left"], 2);
    assert_eq!(attack(&v).1, 5, "{}", attack(&v).0);
    // Off its turn: Shaken ends; the actions of the one whose turn it is stay as they were.
    let v = run(&duel("QH", "KS", "attack Orc Hero tn=30\ncond Hero shaken\nbenny Hero"), "3");
    assert_eq!(who(&v, "hero")["shaken"], false);
    assert_eq!(who(&v, "orc")["actions_left"], 2);
}

// ---------------------------------------------------------------------------------------------
// Incapacitation and Injuries

/// Hero at three wounds takes a fourth: the Incapacitation roll (Vigor d8 at −3).
const FOURTH_WOUND: &str = "damage Hero 18\nuncond Hero shaken\ndamage Hero 10";

// SW-INC-1, SW-INJ-1: raise only stunned (three wounds, Shaken, Injury until the fight ends);
// success unconscious (Injury until all wounds heal); failure Bleeding Out (permanent Injury);
// critical failure dead. The hit itself Shakes in every case.
#[test]
fn sw_inc_1_incapacitation_outcomes() {
    let cases: &[(&str, Value, i64, bool, bool, Value)] = &[
        // 8+3 = 11 − 3 = 8: a raise. Injury 3+4 = 7 Guts, d6 1.
        (
            "8,3,1,3,4,1",
            Value::Null,
            3,
            true,
            false,
            json!(["Guts, Broken: Agility −1 die type (until the fight ends)"]),
        ),
        (
            "7,1,1,1",
            json!("unconscious"),
            4,
            true,
            true,
            json!(["Unmentionables (until all wounds heal)"]),
        ),
        (
            "5,1,5,5,1",
            json!("bleeding_out"),
            4,
            true,
            true,
            json!(["Leg (left): useless, Pace −1 (permanent)"]),
        ),
        ("1,1", json!("dead"), 4, true, true, json!([])),
    ];
    for (dice, state, wounds, shaken, down, injuries) in cases {
        let v = run(&fight("Hero", FOURTH_WOUND), dice);
        let hero = who(&v, "hero");
        assert_eq!(&hero["incapacitated"], state, "{dice}");
        assert_eq!(hero["wounds"], *wounds, "{dice}");
        assert_eq!(hero["shaken"], *shaken, "{dice}");
        assert_eq!(hero["down"], *down, "{dice}");
        assert_eq!(&hero["injuries"], injuries, "{dice}");
        assert!(has_log(&v, "Hero is incapacitated: Vigor"), "{dice}");
        let permanent = who(&v, "hero")["conditions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["name"] == "injured" && c["persistent"] == true);
        assert_eq!(permanent, state == "bleeding_out", "{dice}");
    }
}

// SW-INC-1, SW-NONLETHAL-1: a non-lethal knock-out treats failure and critical failure as a
// success (unconscious, never Bleeding Out or dead), out for 1d6 hours (2d6 on snake eyes) rolled
// right after the Vigor roll; then an Injury until the wounds heal, as for any outcome short of
// death. Dice: Vigor d8 and Wild Die, the hours, the Injury's 2d6 (1+1, Unmentionables).
#[test]
fn sw_inc_1_nonlethal_wild_card() {
    let cases: &[(&str, Option<i64>)] = &[
        // 5 − 3 = 2 fails: 1d6 hours.
        ("5,1,3,1,1", Some(3)),
        // Snake eyes: 2d6 hours.
        ("1,1,2,5,1,1", Some(7)),
        // 7 − 3 = 4 succeeds: unconscious, no hours rolled.
        ("7,1,1,1", None),
    ];
    for &(dice, hours) in cases {
        let body = "damage Hero 18\nuncond Hero shaken\ndamage Hero 10 nonlethal";
        let v = run(&fight("Hero", body), dice);
        let hero = who(&v, "hero");
        assert_eq!(hero["incapacitated"], "unconscious", "{dice}");
        assert_eq!(hero["down"], true, "{dice}");
        assert!(!has_condition(&v, "hero", "bleeding_out"), "{dice}");
        assert_eq!(hero["injuries"], json!(["Unmentionables (until all wounds heal)"]), "{dice}");
        let log = texts(&v);
        let vigor = log.iter().position(|t| t.starts_with("Hero is incapacitated: Vigor"));
        let out = log.iter().position(|t| t.starts_with("Hero is out for "));
        let injury = log.iter().position(|t| t.starts_with("Injury: "));
        match hours {
            Some(n) => {
                assert_eq!(log[out.unwrap()], format!("Hero is out for {n} hours"), "{dice}");
                assert_eq!(out, vigor.map(|i| i + 1), "{dice}: {log:#?}");
                assert!(out < injury, "{dice}: {log:#?}");
            }
            None => assert_eq!(out, None, "{dice}: {log:#?}"),
        }
    }
    // The same from a non-lethal attack: Orc's 6 + 1 = 7 hits Parry 6; snake eyes, 2d6 hours.
    let v = run(
        &fight("Orc", "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10 nonlethal"),
        "6,1,1,1,3,4,1,1",
    );
    assert_eq!(who(&v, "hero")["incapacitated"], "unconscious");
    assert!(has_log(&v, "Hero is out for 7 hours"), "{:#?}", texts(&v));
    assert_eq!(who(&v, "hero")["injuries"], json!(["Unmentionables (until all wounds heal)"]));
}

// SW-NONLETHAL-1, SW-DMG-3: an Extra taken out non-lethally is knocked out for 1d6 hours.
#[test]
fn sw_nonlethal_1_extras_are_knocked_out() {
    let v = run(&fight("Hero", "attack Hero Orc dmg=10 nonlethal"), "5,1");
    assert_eq!(who(&v, "orc")["down"], true);
    assert!(has_log(&v, "Orc is knocked out (for 1d6 hours)"), "{:#?}", texts(&v));
    let v = run(&fight("Hero", "damage Orc 10 nonlethal"), "");
    assert!(has_log(&v, "Orc is knocked out (for 1d6 hours)"), "{:#?}", texts(&v));
}

// SW-INC-2: Bleeding Out: a Vigor roll (with wound penalties) as each round begins: failure rolls
// again next round, a kept total of 1 or less (or snake eyes) dies, success stabilises.
#[test]
fn sw_inc_2_bleeding_out() {
    // Round 1: Vigor 5 − 3 fails (bleeding out), Injury 1+1. Round 2: the bleeding roll, then
    // Orc's card (2♣).
    let cases: &[(&str, &str)] = &[
        ("6,1", "bleeding_out"),
        ("5,1", "bleeding_out"),
        ("7,1", "stabilised"),
        ("8,2,1", "stabilised"),
        ("4,1", "dead"),
        ("1,1", "dead"),
    ];
    for &(bleed, state) in cases {
        let v = run(
            &duel("KS", "QH", &format!("{FOURTH_WOUND}\nnext\nnext")),
            &format!("5,1,1,1,{bleed},1"),
        );
        assert_eq!(v["round"], 2);
        assert_eq!(v["current"], "orc");
        let hero = who(&v, "hero");
        assert_eq!(hero["incapacitated"], state, "{bleed}");
        assert_eq!(hero["down"], true, "{bleed}");
        assert_eq!(hero["card"], Value::Null, "{bleed}");
        assert_eq!(has_condition(&v, "hero", "bleeding_out"), state == "bleeding_out", "{bleed}");
    }
    // Still bleeding in round 2, stabilised in round 3 (Orc draws 2♣ then 2♦).
    let body = format!("{FOURTH_WOUND}\nnext\nnext\nnext");
    let v = run(&duel("KS", "QH", &body), "5,1,1,1,6,1,1,7,1,1");
    assert_eq!(v["round"], 3);
    assert_eq!(who(&v, "hero")["incapacitated"], "stabilised");
    assert!(has_log(&v, "still bleeding out"));
}

// SW-INC-2: Bleeding Out is rolled as every round begins, round 1 included: a Wild Card left
// bleeding before `start` rolls Vigor as the fight starts. Dice: Incapacitation Vigor 5 − 3
// fails, Injury 1+1; at `start` the bleeding roll 7 − 3 = 4 stabilises.
#[test]
fn sw_inc_2_bleeding_out_in_round_1() {
    let script = format!("new savage\n{HERO}\n{ORC}\ninit Orc QH\n{FOURTH_WOUND}\nstart");
    let v = run(&script, "5,1,1,1,7,1");
    assert_eq!(v["round"], 1);
    assert_eq!(who(&v, "hero")["incapacitated"], "stabilised", "{:#?}", texts(&v));
    assert!(has_log(&v, "Hero is stabilised: Vigor 4"), "{:#?}", texts(&v));
}

// SW-INJ-1: the Injury table: 2d6 location, a d6 for the Guts and the Head, a d2 for the side.
// Vigor 7 − 3 = 4 each time: unconscious, an Injury until all wounds heal.
#[test]
fn sw_inj_1_injury_table() {
    let cases: &[(&str, &str)] = &[
        ("1,1", "Unmentionables"),
        ("1,2,1", "Arm (left): useless"),
        ("2,2,2", "Arm (right): useless"),
        ("2,3,2", "Guts, Broken: Agility −1 die type"),
        ("4,5,3", "Guts, Battered: Vigor −1 die type"),
        ("3,4,6", "Guts, Busted: Strength −1 die type"),
        ("4,6,2", "Leg (right): useless, Pace −1"),
        ("5,5,1", "Leg (left): useless, Pace −1"),
        ("5,6,1", "Head, Hideous Scar: Ugly"),
        ("6,6,4", "Head, Blinded: One Eye (Blind if already one-eyed)"),
        ("6,5,5", "Head, Brain Damage: Smarts −1 die type"),
    ];
    for &(injury, text) in cases {
        let v = run(&fight("Hero", FOURTH_WOUND), &format!("7,1,{injury}"));
        let expected = json!([format!("{text} (until all wounds heal)")]);
        assert_eq!(who(&v, "hero")["injuries"], expected, "{injury}");
    }
}

// SW-INJ-1: a called shot uses its location instead of the 2d6.
#[test]
fn sw_inj_1_called_shot_sets_the_location() {
    // Orc's 6+4 − 4 = 6 hits Parry 6; 10 + 4 damage; Vigor 7 − 3 = 4; the Head's d6 1.
    let body = "damage Hero 18\nuncond Hero shaken\nattack Orc Hero dmg=10 called=head";
    let v = run(&fight("Orc", body), "6,4,7,1,1");
    assert_eq!(
        who(&v, "hero")["injuries"],
        json!(["Head, Hideous Scar: Ugly (until all wounds heal)"])
    );
}

// ---------------------------------------------------------------------------------------------
// Fear, reactions

// SW-FEAR-1: a Guts roll; failure Shakes; a 1 on the Guts die brings on the sight's effect:
// grotesque Shaken and a Vigor roll (failure −1 for the encounter); terror Panics an Extra.
#[test]
fn sw_fear_1_guts_and_grotesque_sights() {
    let cases: &[(&str, &str, bool, &[&str])] = &[
        ("fear Hero", "5,1", false, &[]),
        ("fear Hero grotesque", "3,2", true, &[]),
        ("fear Hero grotesque", "1,5,5,1", true, &[]),
        ("fear Hero grotesque", "1,5,2,1", true, &["frightened"]),
        ("fear Hero horrific", "1,1,2,1", true, &["frightened"]),
        ("fear Hero penalty=2", "5,1", true, &[]),
        ("fear Hero penalty=2", "6,1,1", false, &[]),
        ("fear Orc terror", "1", true, &["panicked"]),
        ("fear Orc terror", "2", true, &[]),
        ("fear Orc terror", "4", false, &[]),
    ];
    for &(command, dice, shaken, extra) in cases {
        let v = run(&fight("Hero", command), dice);
        let id = if command.contains("Orc") { "orc" } else { "hero" };
        assert_eq!(who(&v, id)["shaken"], shaken, "{command} {dice}");
        for name in ["frightened", "panicked"] {
            assert_eq!(has_condition(&v, id, name), extra.contains(&name), "{command} {dice}");
        }
    }
}

// SW-FEAR-1: `fear` takes grotesque, horrific or terror, and a refusal names all three.
#[test]
fn sw_fear_1_sights_named_in_the_refusal() {
    for sight in ["grotesque", "horrific", "terror"] {
        let v = run(&fight("Hero", &format!("fear Hero {sight}")), "5,1");
        assert!(has_log(&v, &format!("Hero faces a {sight} sight: Guts 5, holds")), "{sight}");
    }
    let err = run_err(&fight("Hero", "fear Hero gory"), "");
    assert!(err.contains("fear is grotesque, horrific or terror, not 'gory'"), "{err}");
}

// SW-FEAR-1: terror sends a Wild Card whose Guts die shows 1 to the Fear table, d20 plus the
// creature's penalty. Guts 1 and Wild Die 5: the roll itself succeeds (5 − 1 = 4 with penalty 1).
#[test]
fn sw_fear_1_fear_table() {
    let cases: &[(i64, u32, &str, Option<&str>)] = &[
        (0, 1, "Adrenaline Surge", Some("adrenaline")),
        (0, 4, "Adrenaline Surge", Some("adrenaline")),
        (0, 5, "Shaken", Some("shaken")),
        (0, 8, "Shaken", Some("shaken")),
        (0, 9, "Panicked", Some("panicked")),
        (0, 12, "Panicked", Some("panicked")),
        (0, 13, "Minor Phobia", None),
        (0, 16, "Minor Phobia", None),
        (0, 17, "Major Phobia", None),
        (0, 18, "Major Phobia", None),
        (0, 19, "Mark of Fear", Some("shaken")),
        (0, 20, "Mark of Fear", Some("shaken")),
        (1, 3, "Adrenaline Surge", Some("adrenaline")),
        (1, 4, "Shaken", Some("shaken")),
        (1, 18, "Mark of Fear", Some("shaken")),
    ];
    for &(penalty, d20, band, condition) in cases {
        let v = run(
            &fight("Hero", &format!("fear Hero terror penalty={penalty}")),
            &format!("1,5,{d20}"),
        );
        let line = last(&v, "Fear table");
        let text = line["text"].as_str().unwrap();
        assert!(
            text.starts_with(&format!("Fear table {}: {band}", i64::from(d20) + penalty)),
            "{text}"
        );
        let got: Vec<String> = conditions(&v, "hero");
        let expected: Vec<String> = condition.iter().map(|c| c.to_string()).collect();
        assert_eq!(got, expected, "penalty {penalty} d20 {d20}");
    }
}

// SW-FEAR-1: Adrenaline Surge: +2 to trait and damage rolls on the next action.
#[test]
fn sw_fear_1_adrenaline_surge() {
    let v = run(&fight("Hero", "fear Hero terror\nattack Hero Post tn=30"), "1,5,3,5,1");
    let (text, total) = attack(&v);
    assert_eq!(total, 7, "{text}");
    assert!(text.contains("+2 adrenaline"), "{text}");
    let v = run(&fight("Hero", "fear Hero terror\nattack Hero Post dmg=0 tn=7"), "1,5,3,5,1");
    assert_eq!(damage(&v).1, 2, "{}", damage(&v).0);
}

// SW-FEAR-1: the Adrenaline Surge is used up by its holder's next attack.
#[test]
fn sw_fear_1_adrenaline_for_one_action() {
    let body = "fear Hero terror\nattack Hero Post tn=30\nattack Hero Post tn=30";
    let v = run(&fight("Hero", body), "1,5,3,5,1,5,1");
    let totals: Vec<i64> =
        lines(&v, " attacks ").iter().map(|l| l["roll"]["total"].as_i64().unwrap()).collect();
    // 5 + 2, then 5 − 2 for the second action, without the +2.
    assert_eq!(totals, [7, 3]);
    assert!(!attack(&v).0.contains("adrenaline"), "{}", attack(&v).0);
    assert!(!has_condition(&v, "hero", "adrenaline"), "{:?}", conditions(&v, "hero"));
}

// SW-FEAR-1: a failed Vigor roll against a grotesque sight is −1 for the rest of the encounter,
// on that combatant's later trait rolls: attacks, Guts, the Spirit roll against Shaken.
#[test]
fn sw_fear_1_frightened_penalty() {
    let v = run(&fight("Hero", "fear Hero grotesque\nattack Hero Post tn=30"), "1,5,2,1,5,1");
    assert!(has_condition(&v, "hero", "frightened"));
    assert_eq!(attack(&v).1, 4, "{}", attack(&v).0);
    assert!(attack(&v).0.contains("-1 frightened"), "{}", attack(&v).0);
    // A later Guts roll: 4 − 1 fails.
    let v =
        run(&fight("Hero", "fear Hero grotesque\nuncond Hero shaken\nfear Hero"), "1,5,2,1,4,1");
    assert!(has_log(&v, "Hero faces a grotesque sight: Guts 3, fails"), "{:#?}", texts(&v));
    // The Spirit roll as its next turn begins: 4 − 1 stays Shaken.
    let v = run(&duel("KS", "QH", "fear Hero grotesque\nnext\nnext"), "1,5,2,1,50,1,4,1");
    assert_eq!(v["current"], "hero");
    assert!(has_log(&v, "Hero stays Shaken (Spirit 3)"), "{:#?}", texts(&v));
    // Someone else is not affected: the Orc attacks at its plain 5.
    let v = run(&fight("Hero", "fear Hero grotesque\nattack Orc Post tn=30 force"), "1,5,2,1,5");
    assert_eq!(attack(&v).1, 5, "{}", attack(&v).0);
}

// SW-FEAR-1: the Mark of Fear (19–20) lowers Charisma by 1.
#[test]
fn sw_fear_1_mark_of_fear_charisma() {
    for d20 in [19, 20] {
        let hero = HERO.replace("charisma=0", "charisma=2");
        let script = format!(
            "new savage\n{hero}\n{ORC}\ninit Hero AS\ninit Orc QH\nstart\nfear Hero terror"
        );
        let v = run(&script, &format!("1,5,{d20}"));
        assert_eq!(who(&v, "hero")["charisma"], 1, "{d20}");
    }
    // Neither the band below nor above it.
    let v = run(&fight("Hero", "fear Hero terror"), "1,5,18");
    assert_eq!(who(&v, "hero")["charisma"], 0);
}

// SW-FEAR-1: Charisma may go below 0 (the field takes −10 to 10).
#[test]
fn sw_fear_1_mark_of_fear_charisma_below_zero() {
    let v = run(&fight("Hero", "fear Hero terror"), "1,5,19");
    assert_eq!(who(&v, "hero")["charisma"], -1);
}

// SW-FEAR-1: Heart Attack (21+): Incapacitated and a Vigor roll at −2; success: Shaken and unable
// to recover for 1d4 rounds.
#[test]
fn sw_fear_1_heart_attack() {
    // Guts 5 − 2 fails; d20 19 + 2 = 21; Vigor 7 − 2 = 5 succeeds; 1d4 3 rounds.
    let v = run(&fight("Hero", "fear Hero terror penalty=2"), "1,5,19,7,1,3");
    assert!(has_log(&v, "Fear table 21: Heart Attack"));
    let hero = who(&v, "hero");
    assert_eq!(hero["down"], false);
    assert_eq!(hero["shaken"], true);
    assert!(has_condition(&v, "hero", "shaken_locked"), "{:?}", conditions(&v, "hero"));
}

// SW-REACT-1: NPC reactions on 2d6.
#[test]
fn sw_react_1_reaction_table() {
    let cases: &[(&str, &str)] = &[
        ("1,1", "Hostile"),
        ("1,2", "Uncooperative"),
        ("2,2", "Uncooperative"),
        ("2,3", "Neutral"),
        ("4,5", "Neutral"),
        ("5,5", "Friendly"),
        ("5,6", "Friendly"),
        ("6,6", "Helpful"),
    ];
    for &(dice, band) in cases {
        let v =
            run(&format!("new savage\n{ORC}\nreaction Orc\nreaction"), &format!("{dice},{dice}"));
        assert!(has_log(&v, &format!("Orc's reaction: {band}")), "{dice}: {:#?}", texts(&v));
        assert!(has_log(&v, &format!("The NPC's reaction: {band}")), "{dice}");
    }
    let v = run(&format!("new savage\n{ORC}\nreaction Orc roll=6,6"), "");
    assert!(has_log(&v, "Orc's reaction: Helpful"));
}

// ---------------------------------------------------------------------------------------------
// The physical deck

// SW-INIT-6: with `deck physical` each new round waits for the cards typed from the table: `next`
// past the last turn asks for them and leaves nobody's turn; once they are typed, `next` starts
// the highest card's turn (anyone standing without one is named in the log). No dice are drawn.
#[test]
fn sw_init_6_physical_deck() {
    let v = run(&duel("KS", "QH", "set deck physical"), "");
    assert_eq!(v["options"]["deck"], "physical");
    let v = run(&duel("KS", "QH", "set deck physical\nnext\nnext"), "");
    assert_eq!(v["round"], 2);
    assert_eq!(v["current"], Value::Null);
    assert!(has_log(&v, "deal the cards from the table"), "{:#?}", texts(&v));
    assert_eq!(who(&v, "hero")["card"], Value::Null);
    assert_eq!(who(&v, "orc")["card"], Value::Null);
    let body = "set deck physical\nnext\nnext\ninit Hero 3D\ninit Orc JC\nnext";
    let v = run(&duel("KS", "QH", body), "");
    assert_eq!(v["round"], 2);
    assert_eq!(v["current"], "orc");
    assert_eq!(who(&v, "hero")["card"], "3D");
    assert_eq!(who(&v, "orc")["card"], "JC");
    // Then the lower card, then the next request.
    let v = run(&duel("KS", "QH", &format!("{body}\nnext")), "");
    assert_eq!(v["current"], "hero");
    let v = run(&duel("KS", "QH", &format!("{body}\nnext\nnext")), "");
    assert_eq!(v["round"], 3);
    assert_eq!(v["current"], Value::Null);
    assert_eq!(lines(&v, "deal the cards from the table").len(), 2);
    assert!(lines(&v, "no card for").is_empty(), "{:#?}", texts(&v));
    // Someone standing given no card sits the round out, and the log says so.
    let v = run(&duel("KS", "QH", "set deck physical\nnext\nnext\ninit Orc JC\nnext"), "");
    assert_eq!(v["current"], "orc");
    assert!(has_log(&v, "no card for Hero: not in this round's order"), "{:#?}", texts(&v));
    // The virtual deck (the default) deals by itself.
    let v = run(&duel("KS", "QH", "next\nnext"), "50,1");
    assert_eq!(v["current"], "hero");
    assert_eq!(who(&v, "hero")["card"], "AS");
}

// ---------------------------------------------------------------------------------------------
// JSON

// SW-ROLL-2, SW-DMG-2: the Savage Worlds fields of `--json`.
#[test]
fn sw_json_fields() {
    // One wound and Fatigue: 5 − 2 misses Parry 5.
    let v = run(&fight("Hero", "damage Hero 10\ncond Hero fatigued\nattack Hero Orc dmg=0"), "5,1");
    let hero = who(&v, "hero");
    assert_eq!(hero["wild"], true);
    assert_eq!(hero["wounds"], 1);
    assert_eq!(hero["max_wounds"], 3);
    assert_eq!(hero["health"], json!({"current": 2, "max": 3}));
    assert_eq!(hero["shaken"], true);
    assert_eq!(hero["incapacitated"], Value::Null);
    assert_eq!(hero["bennies"], 2);
    assert_eq!(hero["card"], "AS");
    assert_eq!(hero["injuries"], json!([]));
    assert_eq!(hero["fatigue"], 1);
    assert_eq!(hero["actions_left"], 2);
    assert_eq!(hero["budget"], json!([{"name": "actions", "left": 2, "total": 3}]));
    let orc = who(&v, "orc");
    assert_eq!(orc["wild"], false);
    assert_eq!(orc["wounds"], 0);
    assert_eq!(orc["max_wounds"], 0);
    assert_eq!(orc["health"], json!({"current": 0, "max": 0}));
    assert_eq!(orc["shaken"], false);
    assert_eq!(orc["bennies"], 0);
    assert_eq!(orc["card"], "QH");
    assert_eq!(orc["fatigue"], 0);
    assert_eq!(orc["actions_left"], 3);
    assert_eq!(
        v["options"],
        json!({
            "shaken_success_acts": "off",
            "deck": "virtual",
            "player_health.pc": "exact",
            "player_health.ally": "exact",
            "player_health.enemy": "label",
            "player_health.neutral": "label",
            "typed_dice": "roll",
            "turn_timer": "off",
        })
    );
    assert_eq!(v["system"], json!({"gm_bennies": 0, "deck_left": 50, "joker_out": false}));
}
