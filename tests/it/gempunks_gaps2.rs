//! Gempunks gaps of issue 25, items 13 to 15 (rules/gempunks.md): identical chances compared by
//! the faces that hit (GEM-ATK-3); the log's words (why a hit is automatic, a lowered defense,
//! plural names, counts of hits, instance labels); and the weapon attributes the tracker applies
//! or refuses (GEM-WPN-2, GEM-OPT-4/5/7). Scripted dice in the spec's order (GEM-ROLL-1);
//! initiative typed so that it draws no dice.

use crate::gempunks::log;
use crate::harness::{run, run_err};

/// Hero (Accuracy 0) against Orc and Troll whose defenses are typed per case.
fn two_foes(orc_ad: i64, troll_ad: i64) -> String {
    format!(
        "new gempunks\nadd Hero side=pc\nweapon Hero club acc=0 dmg=1d6 melee\n\
         add Orc ad={orc_ad} toughness=4 hp=6\nadd Troll ad={troll_ad} toughness=4 hp=6\n\
         init Hero 10\ninit Orc 2\ninit Troll 1\nstart\n"
    )
}

// GEM-ATK-3: chances are the faces that hit, not the needs as numbers. Needs 7 and 9 both hit
// only on a 6 (it counts as 9): identical, so the plain need and no cap (both hits may go to the
// Troll); needs 6 and 9 likewise. Needs 5 and 9 differ: the Troll is the hardest, at most 1 of 2.
#[test]
fn gem_atk_3_identical_chances_compare_the_faces_that_hit() {
    // (Orc AD, Troll AD, both hits on the Troll accepted, the set's line names a common need)
    let cases: &[(i64, i64, bool, bool)] = &[
        (7, 9, true, false),
        (6, 9, true, false),
        (9, 8, true, false),
        (5, 9, false, true),
        (4, 7, false, true),
    ];
    for &(orc, troll, accepted, common) in cases {
        // Assault: two dice, both 6s; their crit dice 1, 1 miss; damage 3, 3.
        let script =
            format!("{}attack Hero Orc,Troll club assault split=troll:2\n", two_foes(orc, troll));
        if accepted {
            let state = run(&script, "6,6,1,1,3,3");
            let text = log(&state).join("\n");
            assert_eq!(text.contains("common need"), common, "{orc}/{troll}: {text}");
            assert!(!text.contains("→ Orc"), "{orc}/{troll}: {text}");
            assert_eq!(crate::gempunks::hp(&state, "troll"), 6, "{orc}/{troll}: 3 < T 4");
        } else {
            let err = run_err(&script, "6,6,1,1,3,3");
            assert!(err.contains("at most 1 of 2"), "{orc}/{troll}: {err}");
        }
    }
    // Without split=, identical chances deal the hits round-robin with no cap line.
    let state =
        run(&format!("{}attack Hero Orc,Troll club assault\n", two_foes(7, 9)), "6,6,1,1,3,3");
    let text = log(&state).join("\n");
    assert!(!text.contains("hardest"), "{text}");
}

/// Bo (a rope at range, bare hands) and Ana (AD 5, GD 4, T 4), and a Stationary Kell.
const CHOOSERS: &str = "new gempunks\nadd Bo side=pc\n\
                        weapon Bo rope acc=0 dmg=1d6 ranged range=10/20/40\n\
                        weapon Bo hands acc=0 dmg=1d6-1 unarmed melee\n\
                        add Ana side=pc ad=5 gd=4 toughness=4\nadd Kell ad=5 gd=5\n\
                        cond Kell stationary\ninit Bo 10\ninit Ana 5\ninit Kell 1\nstart\n";

// GEM-CHOOSE-1, GEM-CRIT-4: the set's line says why every die hits (a willing target and the
// modifiers that allow it, or `auto`, an effect) and what `lower=` did to a defense (dropped to
// 2, or 2 already on a Stationary target).
#[test]
fn gem_choose_1_the_log_says_why_a_hit_is_automatic_and_what_lower_did() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "attack Bo Ana hands willing=ana",
            "6,3,2",
            "every die hits: Ana chooses to be hit (modifiers +0 ≥ 0, GEM-CHOOSE-1)",
        ),
        (
            "attack Bo Ana hands auto",
            "1,2",
            "every die an automatic hit (auto: an effect, GEM-CRIT-4)",
        ),
        (
            "attack Bo Ana rope dist=25 lower=ana",
            "2",
            "Ana needs 3 (lowers its AD from 5 to 2, GEM-CHOOSE-1)",
        ),
        (
            "attack Bo Ana hands option=grapple lower=ana",
            "1",
            "Ana needs (GD) 2 (lowers its GD from 4 to 2, GEM-CHOOSE-1)",
        ),
        ("attack Bo Kell hands lower=kell", "1", "Kell needs 2 (lower=: its AD is 2 already)"),
    ];
    for (line, dice, said) in cases {
        let state = run(&format!("{CHOOSERS}{line}\n"), dice);
        let text = log(&state).join("\n");
        assert!(text.contains(said), "{line}: {text}");
    }
    // A plain attack says neither.
    let state = run(&format!("{CHOOSERS}attack Bo Ana hands\n"), "1");
    let text = log(&state).join("\n");
    assert!(!text.contains("every die") && !text.contains("lowers"), "{text}");
}

/// A regiment of five Bandits and an Ogre.
const BANDITS: &str = "new gempunks\nadd Bandit x5 regiment hp=3 toughness=3\n\
                       weapon Bandits fists acc=1 dmg=1d6-1 unarmed\n\
                       add Ogre ad=5 toughness=4 hp=6\nweapon Ogre club acc=1 dmg=2d6\n\
                       init Bandits 10\ninit Ogre 5\n";

// GEM-REG-1: a regiment's name is plural, and the log's possessives and verbs agree with it
// (a single creature's stay singular).
#[test]
fn gem_reg_1_a_regiments_plural_name_reads_well_in_the_log() {
    let script = format!(
        "{BANDITS}set gem_reg_assault per_attack\nstart\nattack Bandits Ogre assault\nnext\n\
         attack Ogre Bandits\nnext\nhold\nnext\n"
    );
    let state = run(&script, &["1"; 6].join(","));
    let text = log(&state).join("\n");
    for said in [
        "Bandits join (enemy, regiment)",
        "Bandits ready fists",
        "Bandits' turn",
        "Bandits roll attack set 1 of 3 with fists",
        "Bandits (5 × 1 attack(s)) attack Ogre",
        "Bandits' Assault has 1 more to roll this turn",
        "Bandits hold their action",
        "Bandits' held action lapses",
        "Ogre joins (enemy)",
        "Ogre's turn",
        "Ogre attacks with club",
        "Ogre attacks Bandits needs",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert!(!text.contains("Bandits's") && !text.contains("Bandits joins"), "{text}");
}

// GEM-ATK-2, GEM-ROLL-1: a set's dice records count the dice that hit, and say so: the number
// after `=` is a count of hits, never a sum of faces; the set's line counts in words.
#[test]
fn gem_atk_2_a_count_of_hits_is_not_printed_as_a_sum() {
    let script = format!("{}attack Hero Orc club assault\n", two_foes(4, 4));
    // Both hit (6 and 4 against need 4); the 6's crit die 1 misses; damage 2, 2.
    let state = run(&script, "6,4,1,2,2");
    let rolls: Vec<(String, i64)> = state["log"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|x| {
                    Some((x["roll"]["expr"].as_str()?.to_string(), x["roll"]["total"].as_i64()?))
                })
                .collect()
        })
        .unwrap_or_default();
    assert!(rolls.contains(&("2d6 attack, hits counted".to_string(), 2)), "{rolls:?}");
    let text = log(&state).join("\n");
    assert!(text.contains(": 2 hits, 1 crit die, 0 crits"), "{text}");
}

// GEM-ATK-6, GEM-CRIT-2: hit instances and crit chains name their attack die by its place in the
// set (`die #2`), never as `d2`, which reads as a two-sided die.
#[test]
fn gem_atk_6_instance_labels_do_not_look_like_dice() {
    let script = format!("{}attack Hero Orc,Troll club assault\n", two_foes(4, 4));
    let state = run(&script, "6,4,1,2,2");
    let text = log(&state).join("\n");
    assert!(text.contains("hits shared: h1 (die #1, ×1) → Orc; h2 (die #2, ×1) → Troll"), "{text}");
    assert!(text.contains("crit chain: die #1 (6) → crit 1 miss: ×1"), "{text}");
    let dice_like = regex_free_dice(&text);
    assert!(dice_like.is_empty(), "{dice_like:?} in {text}");
}

/// Words such as `d2` or `(d12` in a log: a `d` right after a space or parenthesis, followed by
/// digits and then a space, a comma or a closing parenthesis (not a dice expression like 1d6).
fn regex_free_dice(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for word in text.split([' ', '(', ';']) {
        let w = word.trim_end_matches([',', ')', ':']);
        if w.len() > 1 && w.starts_with('d') && w[1..].chars().all(|c| c.is_ascii_digit()) {
            found.push(w.to_string());
        }
    }
    found
}

// GEM-WPN-2: Loud, Demolition and Muscle-Area touch nothing the tracker keeps (no map, no
// structures, no area sizes): a weapon that sets one is refused
// with what the GM does instead, never kept as an attribute that silently does nothing.
#[test]
fn gem_wpn_2_attributes_the_tracker_does_not_keep_are_refused() {
    let cases: &[(&str, &str)] = &[
        ("loud", "the GM decides who hears"),
        ("demolition", "the GM applies it"),
        ("muscle_area", "names who is inside with area="),
    ];
    for (attribute, gm) in cases {
        let script =
            format!("new gempunks\nadd Hero\nweapon Hero gun acc=0 dmg=1d6 ranged {attribute}\n");
        let err = run_err(&script, "");
        assert!(err.contains("skirmish does not track"), "{attribute}: {err}");
        assert!(err.contains(gm), "{attribute}: {err}");
        // Switched off, it is no attribute at all.
        let state = run(
            &format!(
                "new gempunks\nadd Hero\nweapon Hero gun acc=0 dmg=1d6 ranged {attribute}=off\n"
            ),
            "",
        );
        assert!(log(&state).join("\n").contains("Hero readies gun"), "{attribute}");
    }
}

/// Hero (Muscle 4) with ropes, a throwing axe and a club, against Orc (GD 3, AD 3, T 4) holding a
/// sword.
const ROPES: &str = "new gempunks\nadd Hero side=pc muscle=4\n\
                     weapon Hero rope acc=0 dmg=1d6 ranged range=10/20/40 rope\n\
                     weapon Hero hook acc=0 dmg=1d6 ranged range=10 retract=6\n\
                     weapon Hero axe acc=0 dmg=1d6 melee thrown range=5/5/5\n\
                     weapon Hero club acc=0 dmg=1d6 melee\n\
                     add Orc gd=3 ad=3 toughness=4 hp=5\nweapon Orc sword acc=0 dmg=1d6 melee\n\
                     init Hero 10\ninit Orc 1\nstart\n";

// GEM-WPN-2, GEM-OPT-4/5/7: a rope's pull is an unarmed Disarm, Trip or Shove towards the
// attacker (no Shove penalty for not being unarmed): a Shove pulls floor(raw/T) m, a
// Self-Retracting Rope its own X m; a Disarm flings the item towards the puller, where it lies
// dropped (Orc's sword then cannot attack until picked up). Anything else is refused.
#[test]
fn gem_wpn_2_a_rope_pulls_as_an_unarmed_disarm_trip_or_shove() {
    // (attack, dice, the log's line)
    let cases: &[(&str, &str, &str)] = &[
        (
            "attack Hero Orc rope pull option=shove",
            "3,5",
            "Orc is pulled 1 m towards Hero (Rope, GEM-OPT-5)",
        ),
        (
            "attack Hero Orc hook pull option=shove",
            "3,1",
            "Orc is pulled 6 m towards Hero (Rope, GEM-OPT-5)",
        ),
        ("attack Hero Orc rope pull option=trip", "3,4", "Orc"),
        (
            "attack Hero Orc hook pull option=disarm",
            "4,4",
            "Orc's sword is flung 6 m towards Hero and lies there",
        ),
        (
            "attack Hero Orc rope pull option=disarm",
            "4,4",
            "Orc's sword is flung up to 4 m towards Hero",
        ),
    ];
    for (line, dice, said) in cases {
        let state = run(&format!("{ROPES}{line}\n"), dice);
        let text = log(&state).join("\n");
        assert!(text.contains(said), "{line}: {text}");
        // Need GD 3 − 0: a Shove pulled by a rope has no "not unarmed" penalty.
        assert!(
            text.contains("needs (GD) 3") || text.contains("disarm ranged -1"),
            "{line}: {text}"
        );
        assert!(!text.contains("shove, not unarmed"), "{line}: {text}");
    }
    let tripped = run(&format!("{ROPES}attack Hero Orc rope pull option=trip\n"), "3,4");
    assert!(crate::gempunks::has(&tripped, "orc", "Prone"), "{:?}", log(&tripped));
    // The sword lies dropped: Orc's attack with it is refused until picked up.
    let pulled = format!("{ROPES}attack Hero Orc rope pull option=disarm\nnext\n");
    let err = run_err(&format!("{pulled}attack Orc Hero sword\n"), "4,4,4");
    assert!(err.contains("Orc's sword lies dropped"), "{err}");
    let refused: &[(&str, &str)] = &[
        ("attack Hero Orc club pull option=shove", "club is not a rope"),
        ("attack Hero Orc rope pull", "pulls as an unarmed Disarm, Trip or Shove"),
        ("attack Hero Orc rope pull option=grapple", "pulls as an unarmed Disarm, Trip or Shove"),
        ("attack Hero Orc rope pull option=disarm take", "it does not land in a hand"),
    ];
    for (line, why) in refused {
        let err = run_err(&format!("{ROPES}{line}\n"), "4,4");
        assert!(err.contains(why), "{line}: {err}");
    }
}

// GEM-WPN-2, GEM-WPN-3: a Thrown melee weapon is thrown with no penalty, as a ranged attack whose
// range increments double per 2 Muscle (Muscle 4: 5/5/5 becomes 20/20/20, so 25 m is one
// increment beyond the first); it leaves the hand and lies dropped, so it attacks again only once
// picked up. A melee weapon without Thrown is refused (its penalty is not in the rules) unless
// forced; a ranged weapon is never thrown.
#[test]
fn gem_wpn_2_a_thrown_weapon_leaves_the_hand() {
    let state = run(&format!("{ROPES}attack Hero Orc axe throw dist=25\n"), "5,4");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero's axe is thrown: it lies where it fell"), "{text}");
    assert!(text.contains("acc -1 (far ×1 -1)"), "{text}");
    assert_eq!(crate::gempunks::hp(&state, "orc"), 4);
    let again = format!("{ROPES}attack Hero Orc axe throw\nnext\nnext\n");
    let err = run_err(&format!("{again}attack Hero Orc axe\n"), "5,4,5,4");
    assert!(err.contains("Hero's axe lies dropped"), "{err}");
    let state = run(&format!("{again}do Hero pickup item=axe\nattack Hero Orc axe\n"), "5,4,5,4");
    assert!(log(&state).join("\n").contains("Hero picks up its axe"), "{:?}", log(&state));
    // Without Muscle the same 25 m lies beyond the last increment (15 m).
    let weak = ROPES.replace("muscle=4", "muscle=0");
    let err = run_err(&format!("{weak}attack Hero Orc axe throw dist=25\n"), "5,4");
    assert!(err.contains("dist=25"), "{err}");
    let refused: &[(&str, &str)] = &[
        ("attack Hero Orc club throw", "club has no Thrown attribute"),
        ("attack Hero Orc rope throw", "rope is not a melee weapon"),
    ];
    for (line, why) in refused {
        let err = run_err(&format!("{ROPES}{line}\n"), "5,4");
        assert!(err.contains(why), "{line}: {err}");
    }
    let forced = run(&format!("{ROPES}attack Hero Orc club throw mod=-2 force\n"), "5,4");
    assert!(log(&forced).join("\n").contains("Hero's club is thrown"), "{:?}", log(&forced));
}

/// Vex (Carrying Capacity 5) with a cannon of reload weight 8 (need 1: every die hits), Tam
/// (Carrying Capacity 20), Ogre (Carrying Capacity 40) with a ballista of weight 10, and Orc.
const GUNNERS: &str = "new gempunks\nadd Vex side=pc carry=5\n\
                       weapon Vex cannon acc=2 dmg=1d6 ranged reload=8\n\
                       add Tam side=pc carry=20\nadd Ogre carry=40\n\
                       weapon Ogre ballista acc=2 dmg=1d6 ranged reload=10\n\
                       add Orc ad=3 toughness=10\n\
                       init Vex 10\ninit Tam 8\ninit Ogre 5\ninit Orc 1\nstart\n";

// GEM-WPN-2: an Incremental Reload weapon is empty once it fires, and an empty one does not fire
// (force overrides); any creature reloads it by its Carrying Capacity per move action, until the
// whole weight is in; at twice the weight, fully once a round as a Lesser Action (no move spent);
// at four times, as part of the attack (it never empties). A loaded weapon fires once per member.
#[test]
fn gem_wpn_2_incremental_reload_empties_and_fills() {
    let fired = format!("{GUNNERS}attack Vex Orc cannon\n");
    let state = run(&fired, "1,1");
    assert!(
        log(&state).join("\n").contains("Vex's cannon is empty: 8 to reload"),
        "{:?}",
        log(&state)
    );
    // (after firing, dice, refused with or the log's line)
    let cases: &[(&str, &str, Result<&str, &str>)] = &[
        (
            "next\nnext\nnext\nnext\nattack Vex Orc cannon\n",
            "",
            Err("Vex's cannon is empty: 0 of its reload weight 8"),
        ),
        ("do Vex reload item=cannon\n", "", Ok("Vex reloads its cannon by 5: 5/8")),
        (
            "do Vex reload item=cannon\nnext\ndo Tam reload item=vex.cannon\n",
            "",
            Ok("Tam reloads Vex's cannon by 20: ready to fire"),
        ),
        (
            "next\ndo Tam lesser_reload item=vex.cannon\n",
            "",
            Ok("Tam reloads Vex's cannon as a Lesser Action: ready to fire"),
        ),
        (
            "do Vex lesser_reload item=cannon\n",
            "",
            Err("a Lesser Action reload needs Carrying Capacity 16"),
        ),
        (
            "next\ndo Tam reload item=vex.cannon\nnext\nnext\nnext\nattack Vex Orc cannon\n",
            "1,1",
            Ok("Vex's cannon is empty: 8 to reload"),
        ),
        ("next\nnext\nnext\nnext\nattack Vex Orc cannon force\n", "1,1", Ok("Vex attacks Orc")),
        (
            "next\ndo Tam reload item=vex.cannon\ndo Tam reload item=vex.cannon force\n",
            "",
            Err("is loaded: nothing to reload"),
        ),
    ];
    for (then, dice, want) in cases {
        let script = format!("{fired}{then}");
        let faces = if dice.is_empty() { "1,1".to_string() } else { format!("1,1,{dice}") };
        match want {
            Ok(line) => {
                let state = run(&script, &faces);
                assert!(log(&state).join("\n").contains(line), "{then}: {:?}", log(&state));
            }
            Err(why) => {
                let err = run_err(&script, &faces);
                assert!(err.contains(why), "{then}: {err}");
            }
        }
    }
    // The Lesser Action spends no move action, and only once a round.
    let state = run(&format!("{fired}next\ndo Tam lesser_reload item=vex.cannon\n"), "1,1");
    let tam = &crate::gempunks::combatant(&state, "tam")["budget"];
    assert_eq!(tam[1]["left"], 1, "{tam}");
    let twice = format!(
        "{}attack Vex Orc cannon\nattack Vex Orc mortar force\nnext\n\
         do Tam lesser_reload item=vex.cannon\ndo Tam lesser_reload item=vex.mortar\n",
        GUNNERS.replace("add Tam", "weapon Vex mortar acc=2 dmg=1d6 ranged reload=8\nadd Tam")
    );
    let err = run_err(&twice, "1,1,1,1");
    assert!(err.contains("Tam has used its Lesser Action reload this round"), "{err}");
    // Carrying Capacity 40 ≥ 4 × 10: the ballista reloads with each attack, even an Assault.
    let ogre = format!("{GUNNERS}next\nnext\nattack Ogre Orc ballista assault\n");
    let state = run(&ogre, "1,1,1,1");
    let text = log(&state).join("\n");
    assert!(text.contains("Ogre reloads the ballista as part of the attack"), "{text}");
    // One shot of an area catches two creatures: two dice, one load.
    let area = format!("{GUNNERS}attack Vex Orc,Tam cannon area\n");
    // Orc needs 1, Tam 3: the first die hits Orc, the second misses Tam; one damage die.
    let state = run(&area, "1,1,1");
    assert!(log(&state).join("\n").contains("Vex's cannon is empty"), "{:?}", log(&state));
    // Vex's cannon fires once per reload: an Assault's two attacks are refused.
    let err = run_err(&format!("{GUNNERS}attack Vex Orc cannon assault\n"), "1,1,1,1");
    assert!(err.contains("cannon fires once per reload"), "{err}");
}
