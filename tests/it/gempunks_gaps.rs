//! Gempunks gaps of issue 25 (rules/gempunks.md): Shove refused for a weapon with the Piercing
//! attribute (GEM-OPT-5), Pickpocket taking only an item not held (GEM-OPT-9), and an Assault
//! with two weapons (GEM-ACT-1, GEM-WPN-1, GEM-MOD-4). Scripted dice in the spec's order
//! (GEM-ROLL-1); initiative typed so that it draws no dice.

use crate::gempunks::log;
use crate::harness::{run, run_err};

/// Hero against Orc (GD 3, T 4, HP 5), with weapons of every kind a Shove asks about.
const SHOVERS: &str = "new gempunks\nadd Hero side=pc\n\
                       weapon Hero fists acc=0 dmg=1d6 unarmed melee\n\
                       weapon Hero club acc=0 dmg=1d6 type=blunt melee\n\
                       weapon Hero spear acc=0 dmg=1d6 type=blunt melee piercing\n\
                       weapon Hero pick acc=0 dmg=1d6 type=piercing melee\n\
                       weapon Hero torch acc=0 dmg=1d6 type=fire melee\n\
                       weapon Hero claws acc=0 dmg=1d6 unarmed melee piercing\n\
                       add Orc gd=3 ad=5 toughness=4 hp=5\ninit Hero 10\ninit Orc 1\nstart\n";

// GEM-OPT-5: a Shove takes non-piercing physical damage only: a weapon with the Piercing
// attribute is refused whatever its damage type, as is damage typed piercing or not physical.
#[test]
fn gem_opt_5_shove_is_refused_for_a_piercing_weapon() {
    // (weapon, refused with, or the log's line when it shoves)
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("fists", Ok("Orc is flung 1 m (GEM-OPT-5)")),
        ("club", Ok("Orc is flung 1 m (GEM-OPT-5)")),
        ("spear", Err("spear has the Piercing attribute")),
        ("claws", Err("claws has the Piercing attribute")),
        ("pick", Err("non-piercing physical damage only")),
        ("torch", Err("non-piercing physical damage only")),
    ];
    for (weapon, want) in cases {
        let script = format!("{SHOVERS}attack Hero Orc {weapon} option=shove\n");
        match want {
            // Need GD 3 − (0 − 1) = 4 (−1 unless unarmed; 3 unarmed): the 4 hits; damage 5.
            Ok(line) => {
                let state = run(&script, "4,5");
                let text = log(&state).join("\n");
                assert!(text.contains(line), "{weapon}: {text}");
                assert_eq!(crate::gempunks::hp(&state, "orc"), 5, "{weapon}: no wounds");
            }
            Err(why) => {
                let err = run_err(&script, "4,5");
                assert!(err.contains(why), "{weapon}: {err}");
                assert!(err.contains("GEM-OPT-5"), "{weapon}: {err}");
            }
        }
    }
}

/// Hero (bare hands, a bomb) against Orc (GD 3, T 4, HP 5) holding a club, with paws.
const POCKETS: &str = "new gempunks\nadd Hero side=pc\n\
                       weapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                       weapon Hero bomb acc=0 dmg=1d6 melee\n\
                       add Orc gd=3 ad=5 toughness=4 hp=5\nweapon Orc club acc=0 dmg=1d6 melee\n\
                       weapon Orc paws acc=0 dmg=1d6 unarmed melee\n\
                       init Hero 10\ninit Orc 1\nstart\n";

// GEM-OPT-9: a Pickpocket takes only a loose item (not worn, implanted or held). A weapon the
// target holds, or another's item it holds, is refused before any die and named as Disarm's
// work (GEM-OPT-4); loose gear, or another's item stowed on it, falls. Need GD 3 − 0 = 3: the
// 4 hits; damage 2 ≥ T/2.
#[test]
fn gem_opt_9_pickpocket_takes_only_an_item_not_held() {
    // Hero stows its bomb on Orc (need 4 with the −1: the 4 hits, damage 2).
    let stowed = "attack Hero Orc hands option=reverse-pickpocket item=bomb\nnext\nnext\n";
    // Orc disarms Hero of its bomb and keeps it (Hero GD 5: the 5 hits, damage 3 ≥ 3/2).
    let taken = "next\nattack Orc Hero paws option=disarm item=bomb take\nnext\n";
    // Hero knocks Orc's club to the ground.
    let dropped = "attack Hero Orc hands option=disarm item=club\nnext\nnext\n";
    // (before the pickpocket, item=, dice, refused with, or the log's line when it lands)
    let cases: &[(&str, &str, &str, Result<&str, &str>)] = &[
        ("", "club", "", Err("Orc holds its club: a Pickpocket takes only a loose item")),
        ("", "Club", "", Err("a held item is Disarm's work, option=disarm item=Club")),
        (taken, "hero.bomb", "5,3", Err("Orc holds Hero's bomb: a Pickpocket takes only")),
        ("", "pouch", "4,2", Ok("Orc's pouch falls to the ground")),
        (stowed, "hero.bomb", "4,2,4,2", Ok("Hero's bomb falls to the ground (`do Hero pickup")),
        ("", "hero.bomb", "", Err("Hero's bomb is not on Orc: nothing for a Pickpocket")),
        (dropped, "club", "4,2", Err("Orc's club lies dropped: nothing for a Pickpocket")),
    ];
    for (before, item, dice, want) in cases {
        let script = format!(
            "{POCKETS}{before}attack Hero Orc hands option=pickpocket item={item} take=off\n"
        );
        match want {
            Ok(line) => {
                let text = log(&run(&script, dice)).join("\n");
                assert!(text.contains(line), "{item}: {text}");
            }
            Err(why) => {
                let err = run_err(&script, dice);
                assert!(err.contains(why), "{item}: {err}");
                assert!(err.contains("GEM-OPT-9"), "{item}: {err}");
            }
        }
    }
}

// GEM-OPT-9: an unarmed Pickpocket with `take` keeps the loose item: the attacker's own item
// stowed on the target comes back to its hands, and attacks again.
#[test]
fn gem_opt_9_an_unarmed_pickpocket_takes_a_stowed_item_back() {
    let stowed = "attack Hero Orc hands option=reverse-pickpocket item=bomb\nnext\nnext\n";
    let back =
        format!("{POCKETS}{stowed}attack Hero Orc hands option=pickpocket item=hero.bomb take\n");
    let state = run(&format!("{back}next\nnext\nattack Hero Orc bomb\n"), "4,2,4,2,1");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero takes its bomb back off Orc"), "{text}");
    assert!(text.contains("Hero attacks with bomb"), "{text}");
}

// GEM-OPT-9: a Reverse Pickpocket stows an item its attacker holds: one already stowed or
// dropped is refused before any die.
#[test]
fn gem_opt_9_reverse_pickpocket_stows_only_a_held_item() {
    let stow = "attack Hero Orc hands option=reverse-pickpocket item=bomb\n";
    let err = run_err(&format!("{POCKETS}{stow}next\nnext\n{stow}"), "4,2");
    assert!(
        err.contains("Hero's bomb is stowed on Orc: a Reverse Pickpocket stows an item Hero holds"),
        "{err}"
    );
}

/// Hero with a club, a dagger and an axe against Orc (AD 5, T 50: no wound ends the test).
const DUAL: &str = "new gempunks\nadd Hero side=pc\n\
                    weapon Hero club acc=0 dmg=1d6 type=blunt melee\n\
                    weapon Hero dagger acc=0 dmg=1d6 melee\nweapon Hero axe acc=0 dmg=1d6 melee\n\
                    add Orc ad=5 toughness=50 hp=9\ninit Hero 10\ninit Orc 1\nstart\n";

// GEM-ACT-1, GEM-WPN-1, GEM-MOD-4: an Assault naming two weapons (`weapons=club,dagger`) makes
// 2 + 1 attacks, every one at −2 from the first die on; a set has one weapon, so the first set
// keeps one attack for the dagger (default n: 2), and the dagger's set rolls the last.
// Need AD 5 − (0 − 2) = 7.
#[test]
fn gem_act_1_an_assault_with_two_weapons_makes_one_more_attack_at_the_penalty() {
    let first = format!("{DUAL}attack Hero Orc club assault weapons=club,dagger\n");
    let state = run(&format!("{first}attack Hero Orc dagger assault\n"), "1,1,1");
    let text = log(&state).join("\n");
    for line in [
        "Hero assaults with club and dagger this round: 3 attacks, each wield at least once, all at -2 (multiweapon ×2",
        "Hero's Assault has 1 more to roll this turn",
        "Hero (1 × 3 attack(s)) attacks Orc needs 7: 2d6, acc -2 (multiweapon ×2 -2)",
        "Hero attacks Orc needs 7: 1d6, acc -2 (multiweapon ×2 -2)",
        "Hero's Assault is spent",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // Three weapons: 4 attacks at −4 (need 9); a set of one rolls 2, keeping one each for the others.
    let state = run(&format!("{DUAL}attack Hero Orc axe assault weapons=club,dagger,axe\n"), "1,1");
    let text = log(&state).join("\n");
    assert!(text.contains("4 attacks, each wield at least once, all at -4"), "{text}");
    assert!(text.contains("needs 9: 2d6"), "{text}");
    // The weapons may be named by a unique beginning, in any order.
    let state = run(&format!("{DUAL}attack Hero Orc dagger assault weapons=CL,dag n=1\n"), "1");
    assert!(log(&state).join("\n").contains("Assault has 2 more"), "{:?}", log(&state));
}

// GEM-WPN-1: each wield attacks at least once: a set that would use the attacks a named weapon
// still needs is refused, as is a weapon the Assault did not name; `weapons=` is checked.
#[test]
fn gem_wpn_1_each_named_weapon_keeps_an_attack() {
    let first = format!("{DUAL}attack Hero Orc club assault weapons=club,dagger n=1\n");
    // (script, refused with)
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{DUAL}attack Hero Orc club assault weapons=club,dagger n=3\n"),
            "Hero's Assault has 3 attack(s) left and keeps one for each weapon still to attack (dagger): each wield attacks at least once (GEM-WPN-1)",
        ),
        (
            format!("{first}attack Hero Orc club assault n=2\n"),
            "keeps one for each weapon still to attack (dagger)",
        ),
        (
            format!("{first}attack Hero Orc axe assault\n"),
            "axe is not among the weapons Hero's Assault named this round (club, dagger)",
        ),
        (
            format!("{first}attack Hero Orc dagger assault weapons=dagger,axe\n"),
            "are named on its Assault's first set (club, dagger)",
        ),
        (
            format!("{DUAL}attack Hero Orc club weapons=club,dagger\n"),
            "the round's weapons are named on an Assault",
        ),
        (format!("{DUAL}attack Hero Orc club assault weapons=club,club\n"), "club is named twice"),
        (
            format!("{DUAL}attack Hero Orc club assault weapons=club,spear\n"),
            "Hero has no weapon 'spear'",
        ),
        (
            format!("{DUAL}attack Hero Orc club assault weapons=dagger,axe\n"),
            "this set attacks with club: name it",
        ),
    ];
    for (script, why) in &cases {
        let err = run_err(script, "1,1,1");
        assert!(err.contains(why), "{why}\n{err}");
    }
    // The rest of the Assault with the named dagger is accepted, its one die at −2.
    let state = run(
        &format!("{first}attack Hero Orc dagger assault n=1\nattack Hero Orc club assault\n"),
        "1,1,1",
    );
    assert!(log(&state).join("\n").contains("Hero's Assault is spent"), "{:?}", log(&state));
}

// GEM-ACT-1, GEM-WPN-1: a second weapon may not join an Assault unnamed, since its first set was
// rolled without the penalty (`force` lets it, as before); a regiment's Assault rolled as one set
// has one weapon, so it cannot name two.
#[test]
fn gem_act_1_a_weapon_joining_unnamed_is_refused() {
    let first = format!("{DUAL}attack Hero Orc club assault n=1\n");
    let err = run_err(&format!("{first}attack Hero Orc dagger assault\n"), "1,1");
    assert!(
        err.contains("name the round's weapons on its first set (weapons=club,dagger)"),
        "{err}"
    );
    let state = run(&format!("{first}attack Hero Orc dagger assault force\n"), "1,1");
    assert!(log(&state).join("\n").contains("multiweapon ×2 -2"), "{:?}", log(&state));
    let bandits = "new gempunks\nadd Bandit x5 regiment hp=1\nweapon Bandits club acc=0 dmg=1d6 melee\n\
                   weapon Bandits knife acc=0 dmg=1d6 melee\nadd Orc ad=5\ninit Bandits 10\ninit Orc 1\nstart\n";
    let err =
        run_err(&format!("{bandits}attack Bandits Orc club assault weapons=club,knife\n"), "");
    assert!(err.contains("a set has one weapon (GEM-ATK-5)"), "{err}");
    // Rolled a set per attack (`gem_reg_assault=per_attack`), it names them: 3 sets at −2, the
    // last kept for the knife (5 members: 5 dice a set).
    let per = bandits.replace("start\n", "set gem_reg_assault per_attack\nstart\n");
    let sets = format!(
        "{per}attack Bandits Orc club assault weapons=club,knife\nattack Bandits Orc club assault\n"
    );
    let ones = |n: usize| vec!["1"; n].join(",");
    let state = run(&sets, &ones(10));
    assert!(log(&state).join("\n").contains("3 attacks, each wield at least once, all at -2"));
    let err = run_err(&format!("{sets}attack Bandits Orc club assault\n"), &ones(15));
    assert!(
        err.contains(
            "Assault has 1 set(s) left and keeps one for each weapon still to attack (knife)"
        ),
        "{err}"
    );
    let state = run(&format!("{sets}attack Bandits Orc knife assault\n"), &ones(15));
    assert!(log(&state).join("\n").contains("Assault is spent"), "{:?}", log(&state));
}

// GEM-ACT-5 (a gap of the same kind, logged but not kept): the implant a Cut Out wounds out
// falls, kept as a dropped item: an implanted weapon no longer attacks until picked up.
// Need AD 5 − (0 − 1) = 6: the 6 hits, its crit die 1 misses; damage 5 ≥ T 4: a wound.
#[test]
fn gem_act_5_a_cut_out_implant_is_dropped() {
    let script = "new gempunks\nadd Hero side=pc\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                  add Orc ad=5 toughness=4 hp=5\nweapon Orc blade acc=0 dmg=1d6 melee\n\
                  init Hero 10\ninit Orc 1\nstart\nattack Hero Orc hands cutout=blade\nnext\n";
    let state = run(script, "6,1,5");
    assert!(log(&state).join("\n").contains("an implanted blade falls out of Orc (GEM-ACT-5)"));
    let err = run_err(&format!("{script}attack Orc Hero blade\n"), "6,1,5,1");
    assert!(err.contains("Orc's blade lies dropped"), "{err}");
    let state =
        run(&format!("{script}do Orc pickup item=blade\nattack Orc Hero blade\n"), "6,1,5,1");
    assert!(log(&state).join("\n").contains("Orc picks up its blade"), "{:?}", log(&state));
}
