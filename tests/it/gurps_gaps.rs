//! GURPS rules the audit of issue 25 found missing, each by its rule ID (rules/gurps.md): a 17
//! or 18 always fails, Low Pain Threshold's doubled shock, the knockdown roll for a head or
//! vitals hit, no 0-HP roll on Do Nothing, the target's Size Modifier, armor divisors. Run
//! in-process with scripted dice, as `skirmish run` runs a script.

use serde_json::Value;

use crate::gurps::{assert_log, has_log, texts, who};
use crate::harness::{run, run_err};
use skirmish::rules::gurps::roll;

fn assert_no_log(v: &Value, needle: &str) {
    assert!(!has_log(v, needle), "a log line with '{needle}' in {:#?}", texts(v));
}

fn conditions(v: &Value, id: &str) -> Vec<String> {
    who(v, id)["conditions"]
        .as_array()
        .expect("conditions")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

// GURPS-ROLL-2: a 17 or 18 always fails, whatever the effective skill; 17 is a critical
// failure only at 15 or less, 18 always.
#[test]
fn gurps_roll_2_seventeen_and_eighteen_always_fail() {
    use roll::Verdict::*;
    let cases = [
        (20, 17, Failure),
        (17, 17, Failure),
        (16, 17, Failure),
        (15, 17, CriticalFailure),
        (25, 18, CriticalFailure),
        (20, 16, Success),
        (16, 16, Success),
    ];
    for (skill, total, want) in cases {
        assert_eq!(roll::judge(skill, total), want, "skill {skill} rolls {total}");
    }
}

// GURPS-ROLL-2 in play: an attack at 20, a Dodge of 17 and a knockdown HT of 18 each fail on a 17.
#[test]
fn gurps_roll_2_seventeen_fails_attacks_defenses_and_ht() {
    let base = "new gurps\nadd A speed=7\nadd B speed=5 dodge=17 hp=10 ht=18\nstart\n";
    let v = run(&format!("{base}attack A B skill=20"), "6,6,5");
    assert_log(&v, "rolls 17 vs 20: failure (17 or 18 always fails)");
    assert_eq!(who(&v, "b")["health"]["current"], 10, "the attack missed");

    let v = run(&format!("{base}attack A B skill=14"), "3,3,4,6,6,5,3");
    assert_log(&v, "rolls 17 vs 17: failure (17 or 18 always fails)");
    assert_eq!(who(&v, "b")["health"]["current"], 9, "the dodge failed: thrust 1d−2 hits for 1");

    // A major wound (6 > HP/2) and a knockdown HT 18 that rolls 17: it fails.
    let v =
        run(&format!("{base}attack A B skill=14 dmg=1d+3 type=cr defense=none"), "3,3,4,3,6,6,5");
    assert_log(&v, "knockdown, HT 18: rolls 17 vs 18: failure (17 or 18 always fails)");
    assert!(conditions(&v, "b").iter().any(|c| c == "stunned"), "{:?}", conditions(&v, "b"));
}

// GURPS-SHOCK-1, GURPS-SHOCK-2: Low Pain Threshold doubles shock and its cap is −8, not −4;
// shock summed over hits keeps that cap, and a plain hit never takes doubled shock back down.
#[test]
fn gurps_shock_2_low_pain_threshold_doubles_shock_up_to_8() {
    // (flags, hits, shock)
    let cases = [
        ("", "3", 3),
        ("", "6", 4),
        ("lpt", "1", 2),
        ("lpt", "3", 6),
        ("lpt", "5", 8),
        ("lpt", "3 1", 8),
        ("lpt", "2 1", 6),
        ("hpt", "5", 0),
    ];
    for (flags, hits, want) in cases {
        let mut script = format!("new gurps\nadd B hp=19 {flags}\n");
        for hit in hits.split_whitespace() {
            script.push_str(&format!("damage B {hit} cr\n"));
        }
        let v = run(&script, "");
        assert_eq!(who(&v, "b")["shock"], want, "{flags} hits {hits}");
    }
}

// GURPS-MAJOR-2: by default a skull, face, eye or vitals hit with injury enough for shock rolls
// knockdown even when the wound is not major (no location penalty then); other places, and
// `major_only`, roll only for a major wound.
#[test]
fn gurps_major_2_head_and_vitals_knockdown_by_default() {
    // (option, location, dice after the damage die, the knockdown line or none); HP 30, HT 10:
    // 1d+3 pi rolls 1: 4, the skull 2 after its DR 2 (×4: 8), vitals 12, face 4; none over HP/2.
    let cases = [
        ("", "skull", "3,3,3", Some("knockdown, HT 10: rolls 9 vs 10")),
        ("", "vitals", "3,3,3", Some("knockdown, HT 10: rolls 9 vs 10")),
        ("", "face", "3,3,3", Some("knockdown, HT 10: rolls 9 vs 10")),
        ("", "torso", "", None),
        ("set gurps_head_knockdown major_only\n", "skull", "", None),
    ];
    for (set, at, after, line) in cases {
        let script = format!(
            "new gurps\n{set}add A speed=7\nadd B speed=5 hp=30 ht=10\nstart\n\
             attack A B skill=18 loc={at} dmg=1d+3 type=pi defense=none"
        );
        let dice =
            if after.is_empty() { "3,3,4,1".to_string() } else { format!("3,3,4,1,{after}") };
        let v = run(&script, &dice);
        match line {
            Some(line) => assert_log(&v, line),
            None => assert_no_log(&v, "B: knockdown"),
        }
    }
    // A failed knockdown roll stuns the victim and lays it prone (GURPS-MAJOR-3).
    let v = run(
        "new gurps\nadd A speed=7\nadd B speed=5 hp=30 ht=10\nstart\n\
         attack A B skill=18 loc=skull dmg=1d+3 type=pi defense=none",
        "3,3,4,1,4,4,4",
    );
    assert_eq!(conditions(&v, "b"), ["stunned", "prone"]);
}

// GURPS-HP-2: Do Nothing, a stunned combatant's included, makes no HT roll at 0 HP as its turn
// begins; only a defense roll before its next turn calls for it, just before that defense.
#[test]
fn gurps_hp_2_do_nothing_makes_no_zero_hp_roll() {
    let base = "new gurps\nadd A speed=7\nadd B hp=10 ht=10 speed=5\ndamage B 11 raw\n\
                cond B stunned\nstart\nnext";
    let v = run(base, "");
    assert_log(&v, "B is stunned and does nothing: no HT roll at 0 HP unless it defends");
    assert!(!has_log(&v, "rolls HT"), "{:#?}", texts(&v));
    assert_eq!(who(&v, "b")["maneuver"], "do-nothing");

    // (attack's defense, dice after its stun roll fails on 15, a 0-HP roll's line or none)
    let cases = [
        (" defense=none", "3,3,4,3", None),
        ("", "3,3,4,3,3,3,6,6,5,3", Some("B at -1 HP rolls HT 10 to act: rolls 9 vs 10")),
    ];
    for (defense, dice, line) in cases {
        let script = format!("{base}\nnext\nattack A B skill=14{defense}");
        let v = run(&script, &format!("5,5,5,{dice}"));
        match line {
            Some(line) => assert_log(&v, line),
            None => assert_no_log(&v, "to act"),
        }
        assert_eq!(who(&v, "b")["health"]["current"], -2, "{defense}: 1d−2 hits for 1");
    }
    // `skipht` is a Do Nothing too: no roll as the turn begins, one before a later defense.
    let skipped = "new gurps\nadd A speed=7\nadd B hp=10 ht=10 speed=5\ndamage B 11 raw\nstart\n\
                   skipht B\nnext\nnext\nattack A B skill=14";
    let v = run(skipped, "3,3,4,3,3,3,6,6,5,3");
    assert_eq!(texts(&v).iter().filter(|t| t.contains("rolls HT 10")).count(), 1);
    assert_log(&v, "B at -1 HP rolls HT 10 to act: rolls 9 vs 10");
    // A failed roll before the defense: unconscious, and no defense.
    let v = run(&format!("{base}\nnext\nattack A B skill=14"), "5,5,5,3,3,4,6,6,1,3");
    assert_log(&v, "falls unconscious");
    assert!(conditions(&v, "b").contains(&"unconscious".to_string()));
}

// GURPS-ATK-2: the target's Size Modifier adds to the attacker's effective skill, from `sm=` on
// the combatant or the bestiary's (goblin −1, security drone −2, troll +1).
#[test]
fn gurps_atk_2_target_size_modifier() {
    // (the target's line, skill, dice, the attack's line)
    let cases = [
        ("add B sm=2", 10, "4,4,4,1", "(skill 10, target SM +2 = 12): rolls 12 vs 12: success"),
        ("add B", 10, "4,4,4", "(skill 10 = 10): rolls 12 vs 10: failure"),
        ("add Goblin", 14, "4,4,6", "(skill 14, target SM −1 = 13): rolls 14 vs 13: failure"),
        ("add \"Security Drone\"", 14, "4,4,5", "(skill 14, target SM −2 = 12): rolls 13 vs 12"),
        ("add Troll", 10, "4,4,3,1", "(skill 10, target SM +1 = 11): rolls 11 vs 11: success"),
    ];
    for (add, skill, dice, line) in cases {
        let target = if add.contains("Drone") {
            "security-drone"
        } else {
            add.split_whitespace().nth(1).unwrap_or_default()
        };
        let script = format!(
            "new gurps\nadd A speed=9\n{add}\nstart\n\
             attack A {target} skill={skill} dmg=1d defense=none"
        );
        let v = run(&script, dice);
        assert_log(&v, line);
    }
}

// GURPS-DMG-5: an armor divisor after the dice divides DR (rounded down) before it is
// subtracted; below 1 it multiplies DR, and DR 0 becomes 1. The type may follow the damage.
#[test]
fn gurps_dmg_5_armor_divisors() {
    // (DR, damage, the divisor's line, the damage line); the die rolls 1.
    let cases = [
        (4, "1d+9(2) cut", "armor divisor (2): DR 4 → 2", "10 cut − DR 2 = 8 × 1.5 = 12"),
        (5, "1d+9 (2) cut", "armor divisor (2): DR 5 → 2", "10 cut − DR 2 = 8 × 1.5 = 12"),
        (7, "1d+9(3) cr", "armor divisor (3): DR 7 → 2", "10 cr − DR 2 = 8 × 1 = 8"),
        (3, "1d+9(0.5) pi", "armor divisor (0.5): DR 3 → 6", "10 pi − DR 6 = 4 × 1 = 4"),
        (0, "1d+9(0.5) pi", "armor divisor (0.5): DR 0 → 1", "10 pi − DR 1 = 9 × 1 = 9"),
        (4, "1d+9 cut", "", "10 cut − DR 4 = 6 × 1.5 = 9"),
    ];
    for (dr, dmg, divided, line) in cases {
        let script = format!(
            "new gurps\nadd A speed=7\nadd B speed=5 hp=30 dr={dr}\nstart\n\
             attack A B skill=14 dmg=\"{dmg}\" defense=none"
        );
        let v = run(&script, "3,3,4,1");
        if divided.is_empty() {
            assert_no_log(&v, "armor divisor");
        } else {
            assert_log(&v, divided);
        }
        assert_log(&v, line);
    }
    // On a weapon, with its own type; the damage roll names it.
    let v = run(
        "new gurps\nadd A speed=7\nweapon A rifle dmg=3d(2) type=pi ranged\nadd B speed=5 dr=6\n\
         start\nattack A B skill=14 defense=none",
        "3,3,4,2,2,2",
    );
    assert_log(&v, "armor divisor (2): DR 6 → 3");
    assert_log(&v, "6 pi − DR 3 = 3 × 1 = 3");
    assert_eq!(who(&v, "b")["health"]["current"], 7);
    let rolls = v["log"].as_array().expect("log").iter().filter_map(|l| l["roll"]["expr"].as_str());
    assert!(rolls.clone().any(|e| e == "3d(2) pi damage"), "{:?}", rolls.collect::<Vec<_>>());
    for bad in ["2d(0) cut", "2d(x) cut", "2d(2 cut", "2d(2) cut sharp"] {
        let err = run_err(
            &format!("new gurps\nadd A speed=7\nadd B\nstart\nattack A B dmg=\"{bad}\""),
            "",
        );
        assert!(err.contains("an armor divisor after the dice"), "{bad}: {err}");
    }
}

// GURPS-MAJOR-3, GURPS-ATK-3 (12): a failed knockdown roll and a critical hit's 12 drop what the
// victim holds, into the state: the weapon is not ready, neither parries nor attacks until a
// Ready; a natural weapon and a shield stay.
#[test]
fn gurps_major_3_knockdown_and_critical_12_drop_weapons() {
    let base = "new gurps\nadd A speed=7\nadd B speed=5 hp=10 ht=10\n\
                weapon B sword skill=14 parry=0\nweapon B jaws skill=12 parry=No natural\n\
                weapon B shield skill=12 shield db=1\nstart\n";
    // (the attack, dice, the line that says so)
    let cases = [
        ("dmg=1d+5 type=cr defense=none", "3,3,4,1,6,6,1", "dropping what it holds"),
        ("dmg=1d", "1,1,1,4,4,4,1", "B drops what it holds"),
    ];
    for (attack, dice, line) in cases {
        let v = run(&format!("{base}attack A B skill=14 {attack}"), dice);
        assert_log(&v, line);
        assert_log(&v, "B's sword is not ready");
        assert_no_log(&v, "B's jaws is not ready");
        assert_no_log(&v, "B's shield is not ready");
        assert_eq!(who(&v, "b")["defenses"]["parry"], Value::Null, "{attack}: no Parry");
        assert_ne!(who(&v, "b")["defenses"]["block"], Value::Null, "{attack}: the shield stays");
    }
    // Dropped, the sword neither attacks nor parries until a Ready picks it up.
    let dropped = format!("{base}attack A B skill=14 dmg=1d defense=none");
    let err = run_err(&format!("{dropped}\nnext\nattack B A sword"), "1,1,1,4,4,4,1");
    assert!(err.contains("sword is not ready"), "{err}");
    let v = run(&format!("{dropped}\nnext\nmaneuver B ready weapon=sword"), "1,1,1,4,4,4,1");
    assert_log(&v, "B readies its sword");
    assert_eq!(who(&v, "b")["defenses"]["parry"], 11, "Parry 10, DB 1");
}

// GURPS-CRIT-1, GURPS-CRIT-3: a critical miss's 14 drops a ranged weapon (a melee one flies
// away: dropped too); a 5–6 with a pointed or ranged weapon rolls again and takes the second
// roll's result, so a second 7 loses its balance and a second 10 drops the weapon.
#[test]
fn gurps_crit_1_critical_misses_change_the_state() {
    let base = "new gurps\nadd A speed=7\nweapon A bow skill=12 dmg=1d type=imp ranged\n\
                weapon A knife skill=12 dmg=1d type=imp\nadd B speed=5\nstart\n";
    // (weapon, the critical miss dice after an 18, the line, the weapon lost, a condition)
    let cases = [
        ("bow", "5,5,4", "A: critical miss, drops bow", true, None),
        ("knife", "5,5,4", "A: critical miss, knife flies 1d yards away", true, None),
        ("bow", "1,1,3,1,2,4", "A: critical miss, loses its balance", false, Some("lost_balance")),
        ("knife", "1,1,3,3,3,4", "A: critical miss, drops knife", true, None),
        (
            "knife",
            "1,1,4,2,2,1",
            "A: critical miss, hits itself in an arm or leg (full",
            false,
            None,
        ),
        ("bow", "4,4,4", "A: critical miss, bow turns in its hand: unready", true, None),
    ];
    for (weapon, dice, line, lost, condition) in cases {
        let v = run(&format!("{base}attack A B {weapon}"), &format!("6,6,6,{dice}"));
        assert_log(&v, line);
        assert_eq!(
            has_log(&v, &format!("A's {weapon} is not ready")),
            lost,
            "{weapon} {dice}: {:#?}",
            texts(&v)
        );
        if let Some(c) = condition {
            assert!(conditions(&v, "a").contains(&c.to_string()), "{:?}", conditions(&v, "a"));
        }
    }
}

// GURPS-CRIT-1, GURPS-CRIT-3, GURPS-MAN-10: a broken weapon stays out of the fight (no Ready
// takes it up); GURPS-DEF-6, GURPS-DEF-1: a shield left unready by a critically failed Block adds
// no DB to any defense until it is readied.
#[test]
fn gurps_crit_3_broken_weapons_and_unready_shields() {
    let base = "new gurps\nadd A speed=7\nweapon A bow skill=12 dmg=1d type=imp ranged\n\
                add B speed=5\nstart\n";
    let broke = format!("{base}attack A B bow\nnext\nnext");
    let err = run_err(&format!("{broke}\nmaneuver A ready weapon=bow"), "6,6,6,6,6,6");
    assert!(err.contains("A's bow is broken or out of the fight"), "{err}");
    // A dropped bow (9–11) is taken up again.
    let v = run(&format!("{base}attack A B bow\nnext\nnext\nmaneuver A ready"), "6,6,6,3,3,4");
    assert_log(&v, "A readies its bow");

    let base = "new gurps\nadd A speed=7\nadd B speed=5\nweapon B shield skill=12 shield db=1\n\
                start\n";
    let v = run(base, "");
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 9, "Dodge 8 + DB 1");
    let v = run(&format!("{base}attack A B skill=14 defense=block"), "3,3,4,6,6,6,3");
    assert_log(&v, "B's shield is not ready");
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 8, "no DB from an unready shield");
    assert_eq!(who(&v, "b")["defenses"]["block"], Value::Null);
    let v = run(
        &format!("{base}attack A B skill=14 defense=block\nnext\nmaneuver B ready"),
        "3,3,4,6,6,6,3",
    );
    assert_eq!(who(&v, "b")["defenses"]["dodge"], 9, "readied, the DB is back");
}

// GURPS-CRIT-1 15, GURPS-CRIT-3 (issue 25 item 2): a critical miss's 15 strains the weapon arm
// for the fight: the arm is marked, and the weapon it wields can neither attack nor be readied.
#[test]
fn gurps_crit_1_fifteen_strains_the_weapon_arm_for_the_fight() {
    let base = "new gurps\nadd A speed=7\nweapon A knife skill=12 dmg=1d type=cut\n\
                add B speed=5\nstart\n";
    // An 18 to hit, then 6, 5, 4 (15) on the critical miss table.
    let v = run(&format!("{base}attack A B knife"), "6,6,6,6,5,4");
    assert_log(&v, "A: critical miss, strains its weapon arm: unusable for the fight");
    assert_log(&v, "A's weapon arm is strained: its knife is unusable for the fight");
    let err =
        run_err(&format!("{base}attack A B knife\nnext\nnext\nattack A B knife"), "6,6,6,6,5,4");
    assert!(err.contains("knife"), "{err}");
    let err = run_err(
        &format!("{base}attack A B knife\nnext\nnext\nmaneuver A ready weapon=knife"),
        "6,6,6,6,5,4",
    );
    assert!(err.contains("no Ready mends it"), "{err}");
}
