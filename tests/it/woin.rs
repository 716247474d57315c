//! WOIN combat and conditions (rules/woin.md), run in-process as `skirmish run` runs a script,
//! with scripted dice, and read back from `--json`.
//!
//! Each test names the rule IDs it checks. `run` insists that every scripted face was used, so the
//! dice lists also pin how many dice each step rolls: the attack pool, then the damage dice (the
//! damage expression, then the bought `spend` dice), then on a critical each explosion chain, then
//! one d6 per damage type for the condition table; turn-start effects roll as the turn begins.
//! Tests of behaviour that contradicts woin.md are kept, marked `#[ignore = "BUG: …"]`.

use serde_json::Value;

use crate::harness::{run, run_err};

/// Conditions as (name, level) in a table of cases.
type Pairs = &'static [(&'static str, &'static str)];
/// Script lines in a table of cases.
type Lines = &'static [&'static str];
/// Damage rolls' faces in a table of cases.
type Faces = &'static [u64];
/// A turn's pools as (name, total) in a table of cases.
type Budget = &'static [(&'static str, i64)];

/// A fight between Aria (a PC at initiative 20) and T (at 10). `pre` runs before `start`,
/// `lines` after it, on Aria's turn.
fn fight(aria: &str, target: &str, pre: &[&str], lines: &[&str]) -> String {
    let mut script =
        format!("new woin\nadd Aria side=pc {aria}\nadd T {target}\ninit Aria 20\ninit T 10\n");
    for line in pre {
        script.push_str(line);
        script.push('\n');
    }
    script.push_str("start\n");
    for line in lines {
        script.push_str(line);
        script.push('\n');
    }
    script
}

/// `fight` with nothing before `start`.
fn duel(aria: &str, target: &str, lines: &[&str]) -> String {
    fight(aria, target, &[], lines)
}

fn combatant<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["combatants"]
        .as_array()
        .expect("combatants is a list")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}"))
}

fn health(state: &Value, id: &str) -> i64 {
    combatant(state, id)["health"]["current"].as_i64().expect("health is a number")
}

fn actions_left(state: &Value, id: &str) -> i64 {
    combatant(state, id)["actions_left"].as_i64().expect("actions_left is a number")
}

fn luc(state: &Value, id: &str) -> i64 {
    combatant(state, id)["luc"].as_i64().expect("luc is a number")
}

/// The conditions of a combatant as (name, level), in the order gained.
fn conditions(state: &Value, id: &str) -> Vec<(String, String)> {
    combatant(state, id)["conditions"]
        .as_array()
        .expect("conditions is a list")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().expect("name").to_string(),
                c["level"].as_str().expect("level").to_string(),
            )
        })
        .collect()
}

fn conds(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|&(n, l)| (n.to_string(), l.to_string())).collect()
}

/// Every log line's text.
fn texts(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .expect("log is a list")
        .iter()
        .map(|l| l["text"].as_str().expect("log text").to_string())
        .collect()
}

fn logged(state: &Value, fragment: &str) -> bool {
    texts(state).iter().any(|t| t.contains(fragment))
}

/// The attack lines of the log, in order.
fn attacks(state: &Value) -> Vec<&Value> {
    state["log"]
        .as_array()
        .expect("log is a list")
        .iter()
        .filter(|l| l["text"].as_str().is_some_and(|t| t.contains(" attacks ")))
        .collect()
}

fn last_attack(state: &Value) -> &Value {
    attacks(state).last().copied().expect("an attack was logged")
}

/// How many d6 the last attack rolled.
fn pool_size(state: &Value) -> usize {
    last_attack(state)["roll"]["faces"].as_array().expect("the attack has faces").len()
}

fn text_of(line: &Value) -> &str {
    line["text"].as_str().expect("log text")
}

/// Did the last attack hit (critically or not)?
fn hit(state: &Value) -> bool {
    let text = text_of(last_attack(state));
    text.contains("hit") || text.contains("HIT")
}

fn critical(state: &Value) -> bool {
    text_of(last_attack(state)).contains("CRITICAL")
}

/// The faces of the damage rolls dealt to `name` by attacks and turn-start effects.
fn damage_faces(state: &Value, name: &str) -> Vec<Vec<u64>> {
    let prefix = format!("{name} takes ");
    state["log"]
        .as_array()
        .expect("log is a list")
        .iter()
        .filter(|l| l["text"].as_str().is_some_and(|t| t.starts_with(&prefix)))
        .filter_map(|l| l["roll"]["faces"].as_array())
        .map(|faces| faces.iter().map(|f| f.as_u64().expect("a face")).collect())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Attack pools

// WOIN-ATK-1: the pool comes from the weapon or pool=, capped at the max dice pool.
#[test]
fn woin_atk_1_pool_from_weapon_or_pool_field_capped_at_max_pool() {
    // (Aria's fields, attack arguments, dice: all 1s so every attack misses, pool size)
    let cases: &[(&str, &str, &str, usize)] = &[
        ("", "", "1,1,1,1", 4),                          // the first weapon's pool=4d6
        ("", "club", "1,1", 2),                          // the named weapon
        ("", "cl", "1,1", 2),                            // a unique beginning of its name
        ("", "sword pool=3d6", "1,1,1", 3),              // pool= wins over the weapon's
        ("", "pool=5d6", "1,1,1,1,1", 5),                // pool= alone
        ("max_pool=3", "", "1,1,1", 3),                  // the weapon's 4d6 capped at 3d6
        ("max_pool=3", "pool=6d6", "1,1,1", 3),          // pool= is capped too
        ("max_pool=5", "pool=5d6", "1,1,1,1,1", 5),      // at the cap: unchanged
        ("max_pool=2", "club", "1,1", 2),                // under the cap: unchanged
        ("max_pool=3", "pool=6d6 higher", "1,1,1,1", 4), // WOIN-ATK-2 dice go past the cap
    ];
    for (aria, args, dice, size) in cases {
        let state = run(
            &duel(
                aria,
                "melee=30",
                &[
                    "weapon Aria sword pool=4d6 dmg=1d6 type=slashing melee",
                    "weapon Aria club pool=2d6 dmg=1d6 type=blunt melee",
                    &format!("attack Aria T {args}"),
                ],
            ),
            dice,
        );
        assert_eq!(pool_size(&state), *size, "{aria} / attack Aria T {args}");
        assert!(!hit(&state), "{args}: 1s miss MELEE 30");
    }
    let state = run(&duel("max_pool=3", "melee=30", &["attack Aria T pool=6d6"]), "1,1,1");
    assert!(text_of(last_attack(&state)).contains("capped at 3d6"), "the cap is named");
}

// WOIN-ATK-1: no weapon and no pool= is refused, naming both ways out.
#[test]
fn woin_atk_1_attack_without_weapon_or_pool_is_refused() {
    let err = run_err(&duel("", "", &["attack Aria T higher"]), "");
    assert!(err.contains("pool=") && err.contains("weapon"), "{err}");
    let err = run_err(&duel("", "", &["weapon Aria sword pool=3d6", "attack Aria T axe"]), "");
    assert!(err.contains("no weapon 'axe'") && err.contains("sword"), "{err}");
}

// WOIN-ATK-1, WOIN-GRAB-1, WOIN-COND-11: `weapon=none` attacks with no weapon even when the
// attacker carries some: the pool is pool=, the damage dmg= or 1d6, the log names no weapon, it is
// an unarmed attack (it may grab) and a Disarmed attacker may make it. With no weapon named the
// first one is used, as before.
#[test]
fn woin_atk_1_weapon_none_attacks_with_no_weapon() {
    let arms = [
        "weapon Aria sword pool=4d6 dmg=2d6 type=slashing melee",
        "weapon Aria bow pool=5d6 dmg=1d6 type=piercing ranged",
    ];
    // (Aria's conditions, attack, dice, the attack's line begins, pool size, damage dice, T's
    // conditions)
    type Case<'a> = (&'a str, &'a str, &'a str, &'a str, usize, usize, Pairs);
    let cases: &[Case] = &[
        ("", "attack Aria T", "4,4,4,4,1,1", "Aria attacks T with sword:", 4, 2, &[]),
        ("", "attack Aria T weapon=none pool=3d6", "4,4,4,1", "Aria attacks T:", 3, 1, &[]),
        (
            "",
            "attack Aria T weapon=none pool=3d6 dmg=2d6",
            "4,4,4,1,1",
            "Aria attacks T:",
            3,
            2,
            &[],
        ),
        (
            "",
            "attack Aria T weapon=none pool=3d6 grab",
            "4,4,4,1",
            "Aria attacks T:",
            3,
            1,
            &[("restrained", "first")],
        ),
        (
            "cond Aria disarmed",
            "attack Aria T weapon=none pool=3d6",
            "4,4,4,1",
            "Aria attacks T:",
            3,
            1,
            &[],
        ),
    ];
    for (condition, attack, dice, starts, pool, damage_dice, t_has) in cases {
        let pre: Vec<&str> =
            arms.iter().copied().chain([*condition]).filter(|l| !l.is_empty()).collect();
        let state = run(&fight("", "health=30 melee=10", &pre, &[attack]), dice);
        let line = text_of(last_attack(&state));
        assert!(line.starts_with(starts), "{attack}: {line}");
        assert_eq!(pool_size(&state), *pool, "{attack}: {line}");
        assert!(hit(&state), "{attack}: {line}");
        let rolled = damage_faces(&state, "T");
        assert_eq!(rolled.iter().map(Vec::len).collect::<Vec<_>>(), [*damage_dice], "{attack}");
        assert_eq!(conditions(&state, "t"), conds(t_has), "{attack}");
    }
    let refused: &[(&str, &str, &str)] = &[
        ("", "attack Aria T weapon=none", "has no weapon to attack with"),
        ("", "attack Aria T sword weapon=none", "names sword and weapon=none"),
        ("", "attack Aria T weapon=bow", "weapon=bow: expected weapon=none"),
        ("cond Aria disarmed", "attack Aria T", "Disarmed: the sword cannot be used"),
    ];
    for (condition, attack, why) in refused {
        let pre: Vec<&str> =
            arms.iter().copied().chain([*condition]).filter(|l| !l.is_empty()).collect();
        let err = run_err(&fight("", "", &pre, &[attack]), "");
        assert!(err.contains(why), "{attack}: {err}");
    }
}

// WOIN-ATK-1: melee weapons go against MELEE, ranged ones against RANGED, vs= picks MENTAL or VITAL.
#[test]
fn woin_atk_1_which_defense() {
    // (attack arguments, dice, the DEFENSE named)
    let cases: &[(&str, &str, &str)] = &[
        ("sword", "1,1,1", "vs MELEE 11"),
        ("bow", "1,1,1", "vs RANGED 12"),
        ("pool=3d6", "1,1,1", "vs MELEE 11"),
        ("pool=3d6 vs=ranged", "1,1,1", "vs RANGED 12"),
        ("pool=3d6 vs=mental", "1,1,1", "vs MENTAL 13"),
        ("pool=3d6 vs=vital", "1,1,1", "vs VITAL 14"),
        ("wand", "1,1,1", "vs MENTAL 13"), // a weapon's own vs=mental (magic)
    ];
    for (args, dice, defense) in cases {
        let state = run(
            &duel(
                "",
                "melee=11 ranged=12 mental=13 vital=14",
                &[
                    "weapon Aria sword pool=3d6 dmg=1d6 type=slashing melee",
                    "weapon Aria bow pool=3d6 dmg=1d6 type=piercing ranged range=30",
                    "weapon Aria wand pool=3d6 dmg=1d6 type=holy vs=mental ranged range=30",
                    &format!("attack Aria T {args}"),
                ],
            ),
            dice,
        );
        assert!(text_of(last_attack(&state)).contains(defense), "{args}: {defense}");
    }
    let err = run_err(&duel("", "", &["attack Aria T pool=3d6 vs=soak"]), "");
    assert!(err.contains("vs=soak"), "{err}");
}

// WOIN-ATK-2: each positional modifier, as dice added to or taken from the pool.
#[test]
fn woin_atk_2_positional_modifiers() {
    // (condition on T, attack arguments, pool size). Both weapons roll 6d6; all faces are 1s so
    // every attack misses and rolls only its pool.
    let cases: &[(&str, &str, usize)] = &[
        ("", "sword", 6),
        ("", "bow", 6),
        ("", "bow range=1", 6), // the first increment is free
        ("", "bow range=2", 5), // −1d6 per increment beyond the first
        ("", "bow range=3", 4),
        ("", "bow range=5", 2), // the last one allowed
        ("", "bow higher", 7),  // higher ground +1d6
        ("", "sword higher", 7),
        ("", "bow cover", 4), // target in cover −2d6
        ("", "sword cover", 4),
        ("", "bow pinned=1", 7), // pinned down +1d6 per turn, ranged
        ("", "bow pinned=3", 9),
        ("", "sword pinned=3", 6),              // not in melee
        ("", "pool=6d6 vs=ranged pinned=2", 8), // an attack vs RANGED counts as ranged
        ("", "bow crossfire=1", 7),             // crossfire +1d6 per extra attacker
        ("", "bow crossfire=3", 9),
        ("", "bow crossfire=5", 9),   // max +3d6
        ("", "sword crossfire=2", 6), // ranged only
        ("", "sword flank", 7),       // flank +1d6, melee
        ("", "bow flank", 6),         // not for ranged weapons
        ("", "bow into_melee", 4),    // shooting into melee −2d6
        ("", "bow dark", 4),          // darkness/fog/smoke −2d6
        ("", "sword dark", 4),
        ("", "bow prone", 5),       // prone target: −1d6 ranged
        ("", "sword prone", 8),     // … +2d6 melee
        ("cond T prone", "bow", 5), // the Prone condition counts
        ("cond T prone", "sword", 8),
        ("cond T prone", "sword prone", 8), // once only
        ("cond T downed", "bow", 5),        // Downed lies prone
        ("cond T downed", "sword", 8),
        ("cond T downed severe", "sword", 8),
        ("", "sword aim", 7),                // aim or feint typed on the attack
        ("", "bow range=3 higher cover", 3), // they add up: 6 − 2 + 1 − 2
        ("", "bow crossfire=5 pinned=1 higher cover", 9), // 6 + 3 (capped) + 1 + 1 − 2
    ];
    for (cond, args, size) in cases {
        let mut lines = vec![
            "weapon Aria sword pool=6d6 dmg=1d6 type=slashing melee",
            "weapon Aria bow pool=6d6 dmg=1d6 type=piercing ranged range=30",
        ];
        if !cond.is_empty() {
            lines.push(cond);
        }
        let attack = format!("attack Aria T {args}");
        lines.push(&attack);
        let dice = vec!["1"; *size].join(",");
        let state = run(&duel("", "melee=30 ranged=30", &lines), &dice);
        assert_eq!(pool_size(&state), *size, "{cond} / {attack}");
    }
}

// WOIN-ATK-2: nothing can be attacked beyond 5 range increments.
#[test]
fn woin_atk_2_range_past_five_increments_is_refused() {
    for range in ["6", "10"] {
        let err = run_err(
            &duel(
                "",
                "",
                &[
                    "weapon Aria bow pool=6d6 dmg=1d6 type=piercing ranged range=30",
                    &format!("attack Aria T bow range={range}"),
                ],
            ),
            "",
        );
        assert!(err.contains("out of range") && err.contains('5'), "range={range}: {err}");
    }
}

// WOIN-ATK-2: an attack against RANGED DEFENSE is a ranged attack, whether or not the weapon says
// so: a prone target is −1d6, not +2d6, and there is no flank die.
#[test]

fn woin_atk_2_vs_ranged_attack_is_ranged_for_prone_and_flank() {
    let state = run(
        &fight("", "melee=30 ranged=30", &["cond T prone"], &["attack Aria T pool=4d6 vs=ranged"]),
        "1,1,1",
    );
    assert_eq!(pool_size(&state), 3, "prone target: −1d6 at range");
    let state = run(
        &duel("", "melee=30 ranged=30", &["attack Aria T pool=4d6 vs=ranged flank"]),
        "1,1,1,1",
    );
    assert_eq!(pool_size(&state), 4, "flank is melee only");
}

// WOIN-ATK-2, WOIN-ACT-1: `do NAME aim` (or feint) gives +1d6 to the attack right after it; any
// other action in between, a second attack or a new turn loses it.
#[test]
fn woin_atk_2_aim_and_feint_help_only_the_next_attack() {
    // (lines on Aria's turn, dice, pool size of each attack in order)
    let cases: &[(Lines, &str, &[usize])] = &[
        (&["attack Aria T"], "1,1,1,1", &[4]),
        (&["do Aria aim", "attack Aria T"], "1,1,1,1,1", &[5]),
        (&["do Aria feint", "attack Aria T"], "1,1,1,1,1", &[5]),
        (&["do Aria aim", "do Aria move", "attack Aria T pool=4d6 force"], "1,1,1,1", &[4]),
        (&["do Aria aim", "do Aria stand", "attack Aria T pool=4d6 force"], "1,1,1,1", &[4]),
        (&["do Aria aim", "shake Aria deaf", "attack Aria T pool=4d6 force"], "1,1,1,1,1", &[4]),
        (
            &["do Aria aim", "attack Aria T", "attack Aria T pool=4d6 force"],
            "1,1,1,1,1,1,1,1,1",
            &[5, 4],
        ),
        // aimed at the end of one turn; the next turn's attack gets nothing
        (&["do Aria move", "do Aria aim", "next", "next", "attack Aria T"], "1,1,1,1", &[4]),
    ];
    for (lines, dice, sizes) in cases {
        let mut all =
            vec!["weapon Aria sword pool=4d6 dmg=1d6 type=slashing melee", "cond Aria deaf"];
        all.extend_from_slice(lines);
        let state = run(&duel("", "melee=30", &all), dice);
        let got: Vec<usize> = attacks(&state)
            .iter()
            .map(|a| a["roll"]["faces"].as_array().expect("faces").len())
            .collect();
        assert_eq!(&got, sizes, "{lines:?}");
    }
    let state = run(
        &duel(
            "",
            "melee=30",
            &["weapon Aria sword pool=4d6 dmg=1d6", "do Aria aim", "attack Aria T"],
        ),
        "1,1,1,1,1",
    );
    assert_eq!(actions_left(&state, "aria"), 0, "aim 1 + attack 1");
}

// WOIN-ATK-3: each extra damage die costs 2 attack dice (1 with `set damage_die_cost 1`); the
// bought dice are rolled after the weapon's damage dice.
#[test]
fn woin_atk_3_spend_dice_on_damage() {
    // (option line, attack arguments, dice, attack pool size, damage faces, T's HEALTH of 30)
    let cases: &[(&str, &str, &str, usize, Faces, i64)] = &[
        ("", "pool=6d6 spend=1", "3,3,3,3,2,5", 4, &[2, 5], 23),
        ("", "pool=6d6 spend=2", "5,5,1,2,3", 2, &[1, 2, 3], 24),
        ("", "pool=6d6 spend=1 dmg=1d6+2", "3,3,3,3,4,4", 4, &[4, 4], 20),
        ("set damage_die_cost 2", "pool=6d6 spend=1", "3,3,3,3,2,5", 4, &[2, 5], 23),
        ("set damage_die_cost 1", "pool=6d6 spend=1", "2,2,2,2,2,1,1", 5, &[1, 1], 28),
        ("set damage_die_cost 1", "pool=6d6 spend=2", "3,3,3,3,1,2,3", 4, &[1, 2, 3], 24),
        ("", "pool=6d6 spend=1", "1,1,1,1", 4, &[], 30), // a miss rolls no damage
        ("", "pool=6d6 spend=1 higher", "2,2,2,2,2,1,1", 5, &[1, 1], 28), // spend before position
    ];
    for (option, args, dice, size, faces, left) in cases {
        let mut lines = Vec::new();
        if !option.is_empty() {
            lines.push(*option);
        }
        let attack = format!("attack Aria T {args}");
        lines.push(&attack);
        let state = run(&duel("", "health=30", &lines), dice);
        assert_eq!(pool_size(&state), *size, "{option} / {attack}");
        let dealt: Vec<Vec<u64>> = damage_faces(&state, "T");
        let expected: Vec<Vec<u64>> = if faces.is_empty() { vec![] } else { vec![faces.to_vec()] };
        assert_eq!(dealt, expected, "{option} / {attack}");
        assert_eq!(health(&state, "t"), *left, "{option} / {attack}");
    }
}

// WOIN-ATK-4: LUC dice join the pool after it is formed, beyond the cap, and are spent.
#[test]
fn woin_atk_4_luc_dice() {
    // (Aria's fields, attack arguments, dice, pool size, LUC left)
    let cases: &[(&str, &str, &str, usize, i64)] = &[
        ("luc=2", "pool=3d6 luc=1", "1,1,1,1", 4, 1),
        ("luc=2", "pool=3d6 luc=2", "1,1,1,1,1", 5, 0),
        ("luc=2 max_pool=3", "pool=5d6 luc=2", "1,1,1,1,1", 5, 0), // 3 (capped) + 2
        ("luc=3", "pool=3d6", "1,1,1", 3, 3),                      // none asked, none spent
    ];
    for (aria, args, dice, size, left) in cases {
        let state = run(&duel(aria, "melee=30", &[&format!("attack Aria T {args}")]), dice);
        assert_eq!(pool_size(&state), *size, "{aria} / {args}");
        assert_eq!(luc(&state, "aria"), *left, "{aria} / {args}");
    }
}

// WOIN-ATK-4, WOIN-COND-6 (Cursed): LUC is refused when Cursed or when there is not enough.
#[test]
fn woin_atk_4_luc_refusals() {
    let cases: &[(&str, Lines, &str, &str)] = &[
        ("luc=1", &[], "pool=3d6 luc=2", "has 1 LUC"),
        ("luc=0", &[], "pool=3d6 luc=1", "has 0 LUC"),
        ("luc=3", &["cond Aria cursed"], "pool=3d6 luc=1", "Cursed"),
        ("luc=3", &["cond Aria cursed severe"], "pool=3d6 luc=1", "Cursed"),
    ];
    for (aria, pre, args, why) in cases {
        let err = run_err(&fight(aria, "", pre, &[&format!("attack Aria T {args}")]), "");
        assert!(err.contains(why), "{aria} {pre:?} {args}: {err}");
    }
}

// WOIN-ATK-5: a hit when the total reaches the target's effective DEFENSE.
#[test]
fn woin_atk_5_hit_iff_total_reaches_defense() {
    // (T's fields, conditions on T, attack arguments, dice, hit, T's HEALTH of 10)
    let cases: &[(&str, &str, &str, &str, bool, i64)] = &[
        ("melee=12", "", "pool=3d6", "4,4,4,2", true, 8), // 12 = 12
        ("melee=12", "", "pool=3d6", "4,4,3", false, 10), // 11 < 12
        ("melee=12", "", "pool=3d6", "5,5,5,3", true, 7), // 15 > 12
        ("ranged=13 melee=3", "", "bow", "5,4,4,1", true, 9), // ranged: vs RANGED
        ("ranged=13 melee=3", "", "bow", "5,4,3", false, 10),
        ("mental=11", "", "pool=3d6 vs=mental", "4,4,3,1", true, 9),
        ("vital=15 melee=3", "", "pool=3d6 vs=vital", "5,5,4", false, 10),
        ("melee=12", "cond T slowed", "pool=3d6", "3,3,2,1", true, 9), // Slowed: −4 → 8
        ("melee=12", "cond T slowed", "pool=3d6", "3,2,2", false, 10), // 7 < 8
        ("mental=12", "cond T slowed", "pool=3d6 vs=mental", "4,4,3", false, 10), // not MENTAL
        ("melee=14", "cond T slowed severe", "pool=3d6", "4,3,3,1", true, 9), // becomes 10
        ("melee=14", "cond T restrained severe", "pool=3d6", "4,3,3,1", true, 9),
        // severe Downed: every DEFENSE 10; also prone, so the fist gets +2d6 (WOIN-ATK-2)
        ("mental=14", "cond T downed severe", "pool=3d6 vs=mental", "2,2,2,2,2,1", true, 9),
        ("melee=6", "cond T slowed severe", "pool=3d6", "2,2,1", false, 10), // 5 < 6 (not raised)
    ];
    for (target, cond, args, dice, hits, left) in cases {
        let mut lines = vec![
            "weapon Aria fist pool=3d6 dmg=1d6 melee",
            "weapon Aria bow pool=3d6 dmg=1d6 type=piercing ranged range=30",
        ];
        if !cond.is_empty() {
            lines.push(cond);
        }
        let attack = format!("attack Aria T {args}");
        lines.push(&attack);
        let state = run(&duel("", target, &lines), dice);
        assert_eq!(hit(&state), *hits, "{target} {cond} / {attack}");
        assert_eq!(health(&state, "t"), *left, "{target} {cond} / {attack}");
    }
}

// ---------------------------------------------------------------------------------------------
// Critical hits

// WOIN-CRIT-1: three sixes always hit, even when the total misses; four are no better than three;
// two are nothing special.
#[test]
fn woin_crit_1_three_sixes_always_hit() {
    // (T's fields, attack arguments, dice, hit, critical, T's conditions)
    let cases: &[(&str, &str, &str, bool, bool, Pairs)] = &[
        // 18 misses MELEE 20, but three sixes hit: damage 2, then the slashing die 3 → Blind
        ("melee=20", "pool=3d6 type=slashing", "6,6,6,2,3", true, true, &[("blind", "first")]),
        // four sixes: still one condition die per damage type
        ("melee=30", "pool=4d6 type=slashing", "6,6,6,6,2,3", true, true, &[("blind", "first")]),
        ("melee=30", "pool=5d6 type=slashing", "6,6,6,6,6,2,3", true, true, &[("blind", "first")]),
        // two sixes: an ordinary miss, no damage dice
        ("melee=20", "pool=3d6 type=slashing", "6,6,5", false, false, &[]),
        // an ordinary hit with two sixes: no explosion, no condition die
        ("melee=10", "pool=3d6 type=slashing", "6,6,5,6", true, false, &[]),
        // immune to the damage type: no critical, so 18 misses MELEE 20
        ("melee=20 immune=slashing", "pool=3d6 type=slashing", "6,6,6", false, false, &[]),
        // immune and the total hits: a plain hit, the 6 on damage does not explode, no condition
        ("melee=10 immune=slashing", "pool=3d6 type=slashing", "6,6,6,6", true, false, &[]),
        // immune to one of two types: still a critical, one condition die for the other type
        (
            "melee=20 immune=slashing",
            "pool=3d6 type=slashing,piercing",
            "6,6,6,2,4",
            true,
            true,
            &[("pain", "first")],
        ),
    ];
    for (target, args, dice, hits, crit, expected) in cases {
        let state = run(
            &duel("", &format!("health=30 {target}"), &[&format!("attack Aria T dmg=1d6 {args}")]),
            dice,
        );
        assert_eq!(hit(&state), *hits, "{target} / {args} / {dice}");
        assert_eq!(critical(&state), *crit, "{target} / {args} / {dice}");
        assert_eq!(conditions(&state, "t"), conds(expected), "{target} / {args} / {dice}");
    }
    let state = run(&duel("", "melee=20", &["attack Aria T pool=3d6"]), "6,6,6,1");
    assert!(text_of(last_attack(&state)).contains("CRITICAL"), "the log says so");
}

// WOIN-CRIT-2: on a critical hit every 6 on the damage dice adds a d6, repeating; all the base
// damage dice (bought dice included) roll first, then each six's chain in order.
#[test]
fn woin_crit_2_exploding_damage() {
    // (attack arguments, dice, damage faces as logged, T's HEALTH of 40)
    let cases: &[(&str, &str, Faces, i64)] = &[
        // base 6,3; the six explodes into 6, which explodes into 2: 6+3+6+2 = 17
        ("pool=3d6 dmg=2d6", "6,6,6,6,3,6,2", &[6, 6, 2, 3], 23),
        // two base sixes: first six's chain (1), then the second's (4)
        ("pool=3d6 dmg=2d6", "6,6,6,6,6,1,4", &[6, 1, 6, 4], 23),
        // a bought die explodes too: base 2, bought 6 → 3
        ("pool=5d6 dmg=1d6 spend=1", "6,6,6,2,6,3", &[2, 6, 3], 29),
        // the fixed part of the damage does not explode
        ("pool=3d6 dmg=1d6+6", "6,6,6,5", &[5], 29),
        // no six on damage, nothing to explode
        ("pool=3d6 dmg=2d6", "6,6,6,1,2", &[1, 2], 37),
        // not a critical: the six stays a six
        ("pool=3d6 dmg=2d6", "6,6,5,6,3", &[6, 3], 31),
    ];
    for (args, dice, faces, left) in cases {
        let state = run(&duel("", "health=40", &[&format!("attack Aria T {args}")]), dice);
        assert_eq!(damage_faces(&state, "T"), vec![faces.to_vec()], "{args} / {dice}");
        assert_eq!(health(&state, "t"), *left, "{args} / {dice}");
    }
}

/// WOIN-CRIT-3's table as woin.md gives it.
const CRIT_TABLE: &[(&str, [&str; 6])] = &[
    ("acid", ["pain", "pain", "pain", "burning", "burning", "burning"]),
    ("ballistic", ["bleeding", "bleeding", "pain", "pain", "downed", "slowed"]),
    ("blunt", ["dazed", "dazed", "deaf", "sleeping", "drunk", "drunk"]),
    ("cold", ["slowed", "slowed", "slowed", "slowed", "sleeping", "restrained"]),
    ("electricity", ["dazed", "dazed", "dazed", "pain", "pain", "burning"]),
    ("heat", ["burning", "burning", "pain", "pain", "disarmored", "disarmed"]),
    ("fire", ["burning", "burning", "pain", "pain", "disarmored", "disarmed"]),
    ("holy", ["blind", "blind", "blind", "afraid", "afraid", "afraid"]),
    ("ion", ["fatigued", "fatigued", "fatigued", "fatigued", "fatigued", "fatigued"]),
    ("light", ["blind", "blind", "blind", "blind", "disarmed", "disarmed"]),
    ("necrotic", ["fatigued", "fatigued", "fatigued", "fatigued", "downed", "downed"]),
    ("piercing", ["bleeding", "bleeding", "bleeding", "pain", "pain", "disarmed"]),
    ("poison", ["poisoned", "poisoned", "sleeping", "drunk", "sick", "sick"]),
    ("psionic", ["dazed", "dazed", "dazed", "dazed", "dazed", "confused"]),
    ("psychic", ["dazed", "dazed", "dazed", "dazed", "dazed", "confused"]),
    ("radiation", ["sick", "sick", "sick", "sick", "sick", "sick"]),
    ("slashing", ["bleeding", "bleeding", "blind", "disarmed", "slowed", "slowed"]),
    ("sonic", ["deaf", "deaf", "deaf", "deaf", "drunk", "drunk"]),
    ("sound", ["deaf", "deaf", "deaf", "deaf", "drunk", "drunk"]),
    ("unholy", ["sick", "sick", "cursed", "cursed", "angry", "angry"]),
];

// WOIN-CRIT-3: every damage type and face of the condition die, on six fresh targets per type.
#[test]
fn woin_crit_3_condition_table() {
    for (kind, row) in CRIT_TABLE {
        let mut script = String::from("new woin\nadd Aria side=pc\n");
        for k in 1..=6 {
            script.push_str(&format!("add T{k} health=50\ninit T{k} {}\n", 10 - k));
        }
        script.push_str("init Aria 20\nstart\n");
        let mut dice = Vec::new();
        for k in 1..=6 {
            script.push_str(&format!("attack Aria T{k} pool=3d6 dmg=1d6 type={kind} force\n"));
            dice.push(format!("6,6,6,1,{k}"));
        }
        let state = run(&script, &dice.join(","));
        for (k, expected) in row.iter().enumerate() {
            let id = format!("t{}", k + 1);
            assert_eq!(
                conditions(&state, &id),
                conds(&[(expected, "first")]),
                "{kind}, condition die {}",
                k + 1
            );
        }
    }
}

// WOIN-CRIT-3: one condition die per damage type, in the order the types are given; simple mode
// takes the first column and rolls no die; an immune target is spared the condition (the die is
// still rolled), and a creature immune to the type gets no die at all.
#[test]
fn woin_crit_3_types_simple_mode_and_immunity() {
    // (option, T's fields, damage types, dice after the attack's 6,6,6 and damage 1, conditions)
    let cases: &[(&str, &str, &str, &str, Pairs)] = &[
        ("", "", "slashing", "4", &[("disarmed", "first")]),
        ("", "", "piercing,poison", "4,1", &[("pain", "first"), ("poisoned", "first")]),
        ("", "", "poison,piercing", "4,1", &[("drunk", "first"), ("bleeding", "first")]),
        ("", "", "slashing,piercing", "1,2", &[("bleeding", "severe")]), // WOIN-COND-1
        ("set simple_crits on", "", "slashing", "", &[("bleeding", "first")]),
        ("set simple_crits on", "", "heat,cold", "", &[("burning", "first"), ("slowed", "first")]),
        ("set simple_crits on", "", "unholy", "", &[("sick", "first")]),
        ("set simple_crits off", "", "slashing", "3", &[("blind", "first")]),
        ("", "immune=bleeding", "slashing", "1", &[]),
        ("", "immune=bleeding", "slashing", "3", &[("blind", "first")]),
        ("", "immune=slashing", "slashing,piercing", "6", &[("disarmed", "first")]),
        ("set simple_crits on", "immune=bleeding", "slashing,holy", "", &[("blind", "first")]),
    ];
    for (option, target, types, more, expected) in cases {
        let mut lines = Vec::new();
        if !option.is_empty() {
            lines.push(*option);
        }
        let attack = format!("attack Aria T pool=3d6 dmg=1d6 type={types}");
        lines.push(&attack);
        let dice = if more.is_empty() { "6,6,6,1".to_string() } else { format!("6,6,6,1,{more}") };
        let state = run(&duel("", &format!("health=30 {target}"), &lines), &dice);
        assert!(critical(&state), "{option} {target} {types}");
        assert_eq!(conditions(&state, "t"), conds(expected), "{option} {target} {types} {more}");
        assert!(
            conditions(&state, "t").is_empty()
                || combatant(&state, "t")["conditions"][0]["source"] == "crit",
            "conditions from a critical hit are marked as such"
        );
    }
}

// WOIN-TYPE-1: each damage type has one canonical name; immunity, criticals and ongoing damage
// compare canonical types, and an unknown type is refused with the nearest names.
#[test]
fn woin_type_1_canonical_damage_types() {
    // (T's fields, lines, dice, T's HEALTH of 30 left, T's conditions)
    let cases: &[(&str, Lines, &str, i64, Pairs)] = &[
        ("immune=fire", &["damage T 5 heat"], "", 30, &[]),
        ("immune=heat", &["damage T 5 Fire"], "", 30, &[]),
        ("immune=sound", &["damage T 5 sonic"], "", 30, &[]),
        ("immune=psychic", &["damage T 5 psionic"], "", 30, &[]),
        ("immune=electric", &["damage T 5 electricity"], "", 30, &[]),
        ("immune=fire", &["damage T 5 cold"], "", 25, &[]),
        // a critical of an alias rolls on its canonical row …
        (
            "",
            &["attack Aria T pool=3d6 dmg=1d6 type=fire"],
            "6,6,6,1,5",
            29,
            &[("disarmored", "first")],
        ),
        (
            "",
            &["attack Aria T pool=3d6 dmg=1d6 type=Psychic"],
            "6,6,6,1,6",
            29,
            &[("confused", "first")],
        ),
        // … and immunity under another name stops it (no damage, no critical)
        ("immune=fire", &["attack Aria T pool=3d6 dmg=1d6 type=heat"], "6,6,6,1", 30, &[]),
        // Burning is fire damage (WOIN-COND-8)
        ("immune=fire", &["cond T burning", "next"], "", 30, &[("burning", "first")]),
        ("", &["cond T burning", "next"], "3", 27, &[("burning", "first")]),
    ];
    for (target, lines, dice, left, expected) in cases {
        let state = run(&duel("", &format!("health=30 melee=5 {target}"), lines), dice);
        assert_eq!(health(&state, "t"), *left, "{target} {lines:?}");
        assert_eq!(conditions(&state, "t"), conds(expected), "{target} {lines:?}");
    }
    // The log names the canonical type of an alias.
    let state = run(&duel("", "health=30", &["damage T 5 fire", "damage T 2 sound"]), "");
    assert!(logged(&state, "T takes 5 heat"), "{:?}", texts(&state));
    assert!(logged(&state, "T takes 2 sonic"), "{:?}", texts(&state));
    let refusals: &[(&str, &str)] = &[
        ("damage T 5 firee", "fire"),
        ("damage T 5 force", "unknown WOIN damage type 'force'"),
        ("attack Aria T pool=3d6 dmg=1d6 type=slashng", "slashing"),
        ("attack Aria T pool=3d6 dmg=1d6 type=heat,psyhic", "psychic"),
    ];
    for (line, nearest) in refusals {
        let err = run_err(&duel("", "", &[line]), "6,6,6,1,1,1");
        assert!(err.contains("damage type") && err.contains(nearest), "{line}: {err}");
    }
}

/// Aria's sword (melee), bow (ranged) and fists (unarmed), each 5d6 for 1d6.
const ARMS: &[&str] = &[
    "weapon Aria sword pool=5d6 dmg=1d6 type=slashing melee",
    "weapon Aria bow pool=5d6 dmg=1d6 type=piercing ranged range=30",
    "weapon Aria fists pool=5d6 dmg=1d6 type=blunt melee traits=unarmed",
];

// WOIN-COND-11: the attacks an attacker's conditions forbid are refused with the reason (before
// any die is rolled); `force` overrides.
#[test]
fn woin_cond_11_conditions_forbid_attacks() {
    // (Aria's conditions, attack, reason)
    let cases: &[(Lines, &str, &str)] = &[
        (&["cond Aria afraid severe"], "attack Aria T sword", "severely Afraid: no attacks"),
        (&["cond Aria manic"], "attack Aria T sword", "Manic: no attacks"),
        (&["cond Aria placid"], "attack Aria T pool=3d6", "Placid: no attacks"),
        (&["cond Aria blind severe"], "attack Aria T bow", "severely Blind: no ranged attacks"),
        (&["cond Aria disarmed"], "attack Aria T sword", "Disarmed: the sword cannot be used"),
        (&["cond Aria disarmed"], "attack Aria T bow", "Disarmed: the bow cannot be used"),
    ];
    for (conditions, attack, why) in cases {
        let pre: Vec<&str> = ARMS.iter().chain(conditions.iter()).copied().collect();
        let err = run_err(&fight("", "", &pre, &[attack]), "");
        assert!(err.contains(why) && err.contains("force"), "{conditions:?} {attack}: {err}");
        // forced, it is rolled: five dice (three for severe Blind) and the damage die
        let forced = format!("{attack} force");
        let dice = if attack.contains("pool=3d6") { "2,2,2,1" } else { "2,2,2,2,2,1" };
        let dice = if conditions[0].contains("blind") { "2,2,2,1" } else { dice };
        let state = run(&fight("", "melee=5 ranged=5", &pre, &[&forced]), dice);
        assert!(hit(&state), "{conditions:?} {forced}");
    }
    // what stays allowed: first-level Afraid, a Blind melee attack, a Disarmed unarmed one
    let allowed: &[(&str, &str, &str)] = &[
        ("cond Aria afraid", "attack Aria T sword", "2,2,2,2,2,1"),
        ("cond Aria blind severe", "attack Aria T sword", "2,2,2,1"),
        ("cond Aria disarmed", "attack Aria T fists", "2,2,2,2,2,1"),
        ("cond Aria angry", "attack Aria T sword", "2,2,2,2,2,1"),
    ];
    for (condition, attack, dice) in allowed {
        let pre: Vec<&str> = ARMS.iter().copied().chain([*condition]).collect();
        let state = run(&fight("", "melee=5", &pre, &[attack]), dice);
        assert!(hit(&state), "{condition} {attack}");
    }
}

// WOIN-COND-11: severe Blind and severe Sick take 2d6 off the attacker's attack rolls; a Blind
// attacker gets no flank or crossfire bonus.
#[test]
fn woin_cond_11_conditions_cost_attack_dice() {
    // (Aria's conditions, attack, dice in the pool)
    let cases: &[(Lines, &str, usize)] = &[
        (&[], "attack Aria T pool=5d6", 5),
        (&["cond Aria blind severe"], "attack Aria T pool=5d6", 3),
        (&["cond Aria sick severe"], "attack Aria T pool=5d6", 3),
        (&["cond Aria sick"], "attack Aria T pool=5d6", 5),
        (&["cond Aria blind severe", "cond Aria sick severe"], "attack Aria T pool=5d6", 1),
        (&[], "attack Aria T pool=3d6 flank", 4),
        (&["cond Aria blind"], "attack Aria T pool=3d6 flank", 3),
        (&[], "attack Aria T bow crossfire=2", 7),
        (&["cond Aria blind"], "attack Aria T bow crossfire=2", 5),
    ];
    for (conditions, attack, size) in cases {
        let pre: Vec<&str> = ARMS.iter().chain(conditions.iter()).copied().collect();
        let dice = vec!["1"; *size].join(",");
        let state = run(&fight("", "melee=30 ranged=30", &pre, &[attack]), &dice);
        assert_eq!(pool_size(&state), *size, "{conditions:?} {attack}");
    }
}

// WOIN-COND-11: a hit knocks a Dazed creature prone (a Prone condition, once).
#[test]
fn woin_cond_11_dazed_knocked_prone_by_a_hit() {
    // (T's conditions, dice, T's conditions after)
    let cases: &[(Lines, &str, Pairs)] = &[
        (&["cond T dazed"], "2,2,2,1", &[("dazed", "first"), ("prone", "first")]),
        (&["cond T dazed"], "1,1,1", &[("dazed", "first")]), // a miss
        // already prone (+2d6 to a melee attack on it): no second fall
        (
            &["cond T dazed", "cond T prone"],
            "2,2,2,2,2,1",
            &[("dazed", "first"), ("prone", "first")],
        ),
        (&[], "2,2,2,1", &[]),
    ];
    for (pre, dice, after) in cases {
        let state =
            run(&fight("", "melee=5 health=30", pre, &["attack Aria T pool=3d6 dmg=1d6"]), dice);
        assert_eq!(conditions(&state, "t"), conds(after), "{pre:?} {dice}");
    }
}

// WOIN-CRIT-4: with `set deadlier_crits on` two sixes are a critical hit.
#[test]
fn woin_crit_4_deadlier_crits_on_two_sixes() {
    // (option, dice, hit, critical)
    let cases: &[(&str, &str, bool, bool)] = &[
        ("set deadlier_crits on", "6,6,1,1,2", true, true), // 13 misses 20: a critical anyway
        ("set deadlier_crits on", "6,5,1", false, false),   // one six is nothing
        ("set deadlier_crits on", "6,6,6,1,2", true, true), // three are still enough
        ("set deadlier_crits off", "6,6,1", false, false),
        ("", "6,6,1", false, false), // off by default
    ];
    for (option, dice, hits, crit) in cases {
        let mut lines = Vec::new();
        if !option.is_empty() {
            lines.push(*option);
        }
        lines.push("attack Aria T pool=3d6 dmg=1d6 type=slashing");
        let state = run(&duel("", "melee=20 health=30", &lines), dice);
        assert_eq!((hit(&state), critical(&state)), (*hits, *crit), "{option} {dice}");
    }
    let state = run(
        &duel(
            "",
            "melee=20 health=30",
            &["set deadlier_crits on", "attack Aria T pool=3d6 dmg=1d6 type=slashing"],
        ),
        "6,6,1,1,2",
    );
    assert_eq!(conditions(&state, "t"), conds(&[("bleeding", "first")]));
}

// WOIN-CRIT-1, WOIN-CRIT-2, WOIN-CRIT-3 with Cursed (seed 000): severe Cursed turns every hit into
// a critical; first level does not; a miss is still a miss; immunity to the damage type still
// prevents the critical.
#[test]
fn woin_cursed_severe_every_hit_is_critical() {
    // (T's fields, condition, dice, hit, critical, T's HEALTH of 30)
    let cases: &[(&str, &str, &str, bool, bool, i64)] = &[
        ("", "cond T cursed severe", "4,4,4,6,1,2", true, true, 23), // 6 explodes into 1; Bleeding
        ("", "cond T cursed", "4,4,4,6", true, false, 24),
        ("", "cond T cursed severe", "1,1,1", false, false, 30),
        ("immune=slashing", "cond T cursed severe", "4,4,4,6", true, false, 30),
        ("", "", "4,4,4,6", true, false, 24),
    ];
    for (target, cond, dice, hits, crit, left) in cases {
        let mut lines = Vec::new();
        if !cond.is_empty() {
            lines.push(*cond);
        }
        lines.push("attack Aria T pool=3d6 dmg=1d6 type=slashing");
        let state = run(&duel("", &format!("health=30 {target}"), &lines), dice);
        assert_eq!((hit(&state), critical(&state)), (*hits, *crit), "{target} {cond} {dice}");
        assert_eq!(health(&state, "t"), *left, "{target} {cond} {dice}");
    }
}

// ---------------------------------------------------------------------------------------------
// Damage

// WOIN-DMG-1: SOAK comes off each hit, but every 6 on the damage dice still does 1.
#[test]
fn woin_dmg_1_soak_and_sixes_on_attacks() {
    // (T's SOAK, damage, dice after the attack's 5,5 (a hit on MELEE 10), T's HEALTH of 30)
    let cases: &[(i64, &str, &str, i64)] = &[
        (3, "2d6", "4,5", 24),  // 9 − 3
        (0, "2d6", "4,5", 21),  // no SOAK
        (20, "2d6", "6,6", 28), // all SOAKed, two sixes do 2
        (20, "2d6", "6,5", 29), // one six does 1
        (20, "2d6", "5,5", 30), // nothing
        (3, "1d6+2", "1", 30),  // 3 − 3
        (3, "1d6+2", "6", 25),  // 8 − 3 = 5, more than the one six
        (9, "2d6", "6,4", 29),  // 10 − 9 = 1, the six also says 1
    ];
    for (soak, dmg, dice, left) in cases {
        let state = run(
            &duel(
                "",
                &format!("health=30 soak={soak}"),
                &[&format!("attack Aria T pool=2d6 dmg={dmg}")],
            ),
            &format!("5,5,{dice}"),
        );
        assert_eq!(health(&state, "t"), *left, "SOAK {soak}, {dmg} rolled {dice}");
    }
    // A critical's exploded sixes count too: 6 → 6 → 1 is 13 against SOAK 20: the two sixes do 2.
    let state =
        run(&duel("", "health=30 soak=20", &["attack Aria T pool=3d6 dmg=1d6"]), "6,6,6,6,6,1");
    assert_eq!(health(&state, "t"), 28);
}

// WOIN-DMG-2: Disarmored halves SOAK (rounding up); severe leaves none. Visible as `soak`.
#[test]
fn woin_dmg_2_disarmored() {
    // (T's SOAK, conditions, effective SOAK, T's HEALTH of 30 after 2d6 rolling 4,4)
    let cases: &[(i64, Lines, i64, i64)] = &[
        (6, &[], 6, 28),
        (6, &["cond T disarmored"], 3, 25),
        (5, &["cond T disarmored"], 3, 25), // 2.5 rounds up
        (6, &["cond T disarmored severe"], 0, 22),
        (6, &["cond T disarmored", "cond T disarmored"], 0, 22), // WOIN-COND-1
    ];
    for (soak, conds_, effective, left) in cases {
        let mut lines = conds_.to_vec();
        lines.push("attack Aria T pool=2d6 dmg=2d6");
        let state = run(&duel("", &format!("health=30 soak={soak}"), &lines), "5,5,4,4");
        assert_eq!(combatant(&state, "t")["soak"], *effective, "{soak} {conds_:?}");
        assert_eq!(health(&state, "t"), *left, "{soak} {conds_:?}");
    }
    // A heat critical rolling 5 on the table leaves the target Disarmored.
    let state = run(
        &duel("", "health=30 soak=6", &["attack Aria T pool=3d6 dmg=1d6 type=heat"]),
        "6,6,6,1,5",
    );
    assert_eq!(conditions(&state, "t"), conds(&[("disarmored", "first")]));
    assert_eq!(combatant(&state, "t")["soak"], 3);
}

// ---------------------------------------------------------------------------------------------
// Called shots and grabs

// WOIN-CALL-1: a called shot costs 2d6 from the pool and 2 actions, goes against VITAL, and on a
// hit knocks prone, disarms, slows, pushes, or (with damage ≥ 25% of HEALTH) the stat block's effect.
#[test]
fn woin_call_1_called_shots() {
    // (attack arguments, dice, pool size, T's conditions, text in the attack line)
    let cases: &[(&str, &str, usize, Pairs, &str)] = &[
        ("pool=5d6 called=trip", "4,4,4,1", 3, &[("prone", "first")], "vs VITAL 12"),
        ("pool=5d6 called=disarm", "4,4,4,1", 3, &[("disarmed", "first")], "called shot"),
        ("pool=5d6 called=slow", "4,4,4,1", 3, &[("slowed", "first")], "called shot"),
        ("pool=5d6 called=push", "4,4,4,1", 3, &[], "pushed"),
        ("pool=5d6 called=trip", "4,4,3", 3, &[], "miss"), // 11 < VITAL 12, though MELEE is 3
        ("pool=5d6 called=trip vs=melee", "4,4,3", 3, &[], "vs VITAL 12"), // always VITAL
        ("pool=6d6 called=trip higher", "3,3,3,3,1,1", 5, &[("prone", "first")], "VITAL"),
        // 25% of 20 HEALTH is 5
        ("pool=5d6 called=special dmg=1d6+4", "4,4,4,1", 3, &[], "25% of HEALTH reached"),
        ("pool=5d6 called=special dmg=1d6+3", "4,4,4,1", 3, &[], "too little damage"),
    ];
    for (args, dice, size, expected, fragment) in cases {
        let state =
            run(&duel("", "melee=3 vital=12 health=20", &[&format!("attack Aria T {args}")]), dice);
        assert_eq!(pool_size(&state), *size, "{args}");
        assert_eq!(conditions(&state, "t"), conds(expected), "{args}");
        assert!(
            texts(&state).iter().any(|t| t.contains(fragment)),
            "{args}: '{fragment}' in {:?}",
            texts(&state)
        );
        assert_eq!(actions_left(&state, "aria"), 0, "{args}: a called shot takes both actions");
    }
    // With one action left the called shot is refused, naming its cost.
    let err =
        run_err(&duel("", "", &["do Aria move", "attack Aria T pool=5d6 called=trip"]), "4,4,4,1");
    assert!(err.contains("costs 2") && err.contains("1 of 2"), "{err}");
    let err = run_err(&duel("", "", &["attack Aria T pool=5d6 called=behead"]), "");
    assert!(err.contains("called=behead"), "{err}");
}

// WOIN-CALL-1: push and trip cost +1d6 per size category the target is larger than the attacker.
#[test]

fn woin_call_1_trip_costs_more_against_a_larger_target() {
    let state = run(
        &duel(
            "size=medium",
            "size=large melee=30 vital=30",
            &["attack Aria T pool=6d6 called=trip"],
        ),
        "1,1,1",
    );
    assert_eq!(pool_size(&state), 3, "6 − 2 (called) − 1 (one size larger)");
}

// WOIN-GRAB-1: an unarmed hit may grab: Restrained, twice severe (no actions, DEFENSEs 10).
#[test]
fn woin_grab_1_unarmed_grab_restrains() {
    // (attack lines, dice, T's conditions)
    let cases: &[(Lines, &str, Pairs)] = &[
        (&["attack Aria T pool=3d6 grab"], "4,4,4,1", &[("restrained", "first")]),
        (&["attack Aria T fist grab"], "4,4,4,1", &[("restrained", "first")]),
        (
            &["attack Aria T pool=3d6 grab", "attack Aria T pool=3d6 grab"],
            "4,4,4,1,4,4,4,1",
            &[("restrained", "severe")],
        ),
        (&["attack Aria T pool=3d6 grab"], "1,1,1", &[]), // a miss grabs nothing
        (&["attack Aria T pool=3d6"], "4,4,4,1", &[]),    // no grab asked
    ];
    for (lines, dice, expected) in cases {
        let mut all = vec!["weapon Aria fist pool=3d6 dmg=1d6 type=blunt melee traits=unarmed"];
        all.extend_from_slice(lines);
        let state = run(&duel("", "health=30 melee=12", &all), dice);
        assert_eq!(conditions(&state, "t"), conds(expected), "{lines:?}");
    }
    let state = run(
        &duel(
            "",
            "health=30 melee=14",
            &["attack Aria T pool=3d6 grab", "attack Aria T pool=3d6 grab"],
        ),
        "5,5,4,1,5,5,4,1",
    );
    assert_eq!(combatant(&state, "t")["defenses"]["melee"], 10, "severe Restrained: 10");
    assert_eq!(actions_left(&state, "t"), 0, "severe Restrained: no actions (WOIN-ACT-2)");
    // A weapon that is not unarmed cannot grab.
    let err = run_err(
        &duel(
            "",
            "",
            &["weapon Aria sword pool=3d6 dmg=1d6 type=slashing melee", "attack Aria T sword grab"],
        ),
        "4,4,4,1",
    );
    assert!(err.contains("unarmed"), "{err}");
}

// WOIN-GRAB-1, WOIN-ACT-1: `grab` and `force` are flags like `higher`, even right after the target.
#[test]
fn woin_grab_1_grab_flag_right_after_the_target() {
    let state = run(&duel("", "health=30", &["attack Aria T grab pool=3d6"]), "4,4,4,1");
    assert_eq!(conditions(&state, "t"), conds(&[("restrained", "first")]));
    let state = run(
        &duel("", "health=30", &["do Aria move", "do Aria move", "attack Aria T force pool=3d6"]),
        "1,1,1",
    );
    assert_eq!(attacks(&state).len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Actions

// WOIN-ACT-1: what each `do` costs from the turn's actions.
#[test]
fn woin_act_1_action_costs() {
    let cases: &[(&str, i64)] = &[
        ("move", 1),
        ("attack", 1),
        ("aim", 1),
        ("feint", 1),
        ("stand", 1),
        ("overwatch", 1),
        ("door", 1),
        ("pickup", 1),
        ("scan", 1),
        ("heal", 2),
        ("reload", 2),
        ("cast", 2),
        ("lock", 2),
        ("drop", 0),
        ("draw", 0),
        ("prone", 0),
    ];
    for (action, cost) in cases {
        let state = run(&duel("", "", &[&format!("do Aria {action}")]), "");
        assert_eq!(actions_left(&state, "aria"), 2 - cost, "do Aria {action}");
    }
    let state = run(&duel("", "", &["do Aria move", "do Aria scan"]), "");
    assert_eq!(actions_left(&state, "aria"), 0);
    assert_eq!(combatant(&state, "aria")["budget"][0]["total"], 2);
}

// WOIN-ACT-1: running out is refused with the cost and what is left; `force` does it anyway;
// off-turn actions need `force`; shaking off is its own command.
#[test]
fn woin_act_1_refusals_and_force() {
    let cases: &[(Lines, Lines)] = &[
        (&["do Aria move", "do Aria heal"], &["costs 2", "1 of 2 left"]),
        (&["do Aria reload", "do Aria move"], &["costs 1", "0 of 2 left", "force"]),
        (&["do Aria cast", "attack Aria T pool=3d6"], &["costs 1", "0 of 2 left"]),
        (&["do T move"], &["not T's turn", "force"]),
        (&["do Aria dance"], &["no action 'dance'", "move"]),
        (&["do Aria shake"], &["shake Aria"]),
    ];
    for (lines, fragments) in cases {
        let err = run_err(&duel("", "", lines), "1,1,1");
        for fragment in *fragments {
            assert!(err.contains(fragment), "{lines:?}: '{fragment}' in {err}");
        }
    }
    let err = run_err("new woin\nadd Aria\ndo Aria move\n", "");
    assert!(err.contains("start"), "{err}");
    // force: over budget and off turn
    let state = run(&duel("", "", &["do Aria move", "do Aria heal force", "do T move force"]), "");
    assert_eq!(actions_left(&state, "aria"), 0);
    assert_eq!(actions_left(&state, "t"), 2, "an off-turn forced action is only logged");
    let state =
        run(&duel("", "melee=30", &["do Aria cast", "attack Aria T pool=3d6 force"]), "1,1,1");
    assert_eq!(attacks(&state).len(), 1, "a forced attack past the budget");
}

// WOIN-ACT-1: free actions (drop, draw, drop prone) take the turn's one free action.
#[test]

fn woin_act_1_free_actions_use_the_free_action() {
    let state = run(&duel("", "", &["do Aria draw"]), "");
    let free = combatant(&state, "aria")["budget"]
        .as_array()
        .expect("budget")
        .iter()
        .find(|p| p["name"] == "free")
        .cloned()
        .expect("a free pool");
    assert_eq!(free["left"], 0);
    assert_eq!(actions_left(&state, "aria"), 2);
    run_err(&duel("", "", &["do Aria draw", "do Aria drop"]), "");
}

// WOIN-ACT-2: conditions take actions away (visible as `actions_left`), stacking, floor 0.
#[test]
fn woin_act_2_conditions_remove_actions() {
    let cases: &[(Lines, i64)] = &[
        (&[], 2),
        (&["dazed"], 1),
        (&["fatigued"], 1),
        (&["sick"], 1),
        (&["slowed"], 2),
        (&["slowed severe"], 1),
        (&["sleeping"], 1),
        (&["manic"], 2),
        (&["restrained"], 2),
        (&["dazed severe"], 0),
        (&["sleeping severe"], 0),
        (&["manic severe"], 0),
        (&["restrained severe"], 0),
        (&["fatigued severe"], 1),
        (&["sick severe"], 1),
        (&["dazed", "fatigued"], 0),
        (&["dazed", "fatigued", "sick"], 0), // floor 0
        (&["sleeping", "dazed"], 0),         // only 1, less 1
        (&["blind", "deaf", "pain", "afraid"], 2),
    ];
    for (names, left) in cases {
        let pre: Vec<String> = names.iter().map(|n| format!("cond Aria {n}")).collect();
        let pre: Vec<&str> = pre.iter().map(String::as_str).collect();
        // on its own turn …
        let state = run(&fight("", "", &pre, &[]), "");
        assert_eq!(actions_left(&state, "aria"), *left, "{names:?} on its turn");
        // … and off it, as what its next turn will give
        let state = run(&fight("", "", &[], &[&pre.join("\n"), "next"]), "");
        assert_eq!(actions_left(&state, "aria"), *left, "{names:?} off its turn");
    }
    let state = run(&fight("actions=4", "", &["cond Aria dazed"], &[]), "");
    assert_eq!(actions_left(&state, "aria"), 1, "the main pass of a 4-action creature, Dazed");
}

// WOIN-ACT-2: "losses stack": Sleeping leaves one action and Dazed takes one, in either order.
#[test]

fn woin_act_2_sleeping_and_dazed_in_either_order() {
    let state = run(&fight("", "", &["cond Aria dazed", "cond Aria sleeping"], &[]), "");
    assert_eq!(actions_left(&state, "aria"), 0);
}

// WOIN-ACT-2 (issue 14, item 5): an action lost to a condition stays lost this turn; gaining an
// unrelated condition later in the turn never gives it back.
#[test]
fn woin_act_2_gaining_a_condition_never_gives_back_a_lost_action() {
    // (conditions before the turn, lines on Aria's turn, dice, actions left)
    let cases: &[(Lines, Lines, &str, i64)] = &[
        (&["cond Aria dazed"], &["shake Aria dazed", "cond Aria deaf"], "5", 0),
        (&["cond Aria dazed"], &["shake Aria dazed", "cond Aria blind"], "6", 0),
        (
            &["cond Aria fatigued"],
            &["cond Aria dazed", "shake Aria fatigued", "cond Aria deaf"],
            "5",
            0,
        ),
        (&["cond Aria dazed"], &["cond Aria deaf"], "", 1),
    ];
    for (pre, lines, dice, left) in cases {
        let state = run(&fight("", "", pre, lines), dice);
        assert_eq!(actions_left(&state, "aria"), *left, "{pre:?} {lines:?}");
    }
}

// WOIN-ACT-2, WOIN-INIT-4: Dazed is −1 action per round (seed 000), not −1 on every pass.
#[test]

fn woin_act_2_dazed_costs_one_action_per_round_with_extra_passes() {
    // Aria acts at 20 and again at 10, before T's 10 (higher initiative first).
    let state = run(&fight("actions=3", "", &["cond Aria dazed"], &["next"]), "");
    assert_eq!(state["current"], "aria", "Aria's extra pass at 10 … ");
    assert_eq!(
        actions_left(&state, "aria"),
        1,
        "… keeps its one action: Dazed took the main pass's"
    );
}

// WOIN-INIT-4, WOIN-INIT-5: extra passes and what they allow (one action, no free action or
// reaction); counts may go to 0 or below.
#[test]
fn woin_init_4_5_extra_pass_budgets() {
    // (X's actions, X's count, `next`s, expected order, current, actions left, budget pools)
    let cases: &[(i64, i64, usize, Lines, &str, i64, Budget)] = &[
        (2, 20, 0, &["x", "aria"], "x", 2, &[("actions", 2), ("free", 1), ("reaction", 1)]),
        (3, 20, 0, &["x", "aria", "x"], "x", 2, &[("actions", 2), ("free", 1), ("reaction", 1)]),
        (3, 20, 2, &["x", "aria", "x"], "x", 1, &[("actions", 1)]), // at 10
        (4, 20, 1, &["x", "x", "aria", "x"], "x", 1, &[("actions", 1)]), // at 15
        (4, 20, 3, &["x", "x", "aria", "x"], "x", 1, &[("actions", 1)]), // at 10
        (
            5,
            3,
            0,
            &["x", "aria", "x", "x", "x"],
            "x",
            2,
            &[("actions", 2), ("free", 1), ("reaction", 1)],
        ),
        (5, 3, 4, &["x", "aria", "x", "x", "x"], "x", 1, &[("actions", 1)]), // at −12
        (3, 20, 3, &["x", "aria", "x"], "x", 2, &[("actions", 2), ("free", 1), ("reaction", 1)]), // round 2
    ];
    for (actions, count, nexts, order, current, left, budget) in cases {
        // Aria acts at 12, or at 1 when X starts low.
        let aria = if *count < 12 { 1 } else { 12 };
        let mut script = format!(
            "new woin\nadd Aria side=pc\nadd X actions={actions}\ninit Aria {aria}\ninit X {count}\nstart\n"
        );
        script.push_str(&"next\n".repeat(*nexts));
        let state = run(&script, "");
        let got: Vec<&str> = state["order"]
            .as_array()
            .expect("order")
            .iter()
            .map(|v| v.as_str().expect("id"))
            .collect();
        assert_eq!(&got, order, "actions={actions} at {count}");
        assert_eq!(state["current"], *current, "actions={actions}, {nexts} next");
        assert_eq!(actions_left(&state, "x"), *left, "actions={actions}, {nexts} next");
        let pools: Vec<(String, i64)> = combatant(&state, "x")["budget"]
            .as_array()
            .expect("budget")
            .iter()
            .map(|p| {
                (p["name"].as_str().expect("name").to_string(), p["total"].as_i64().expect("total"))
            })
            .collect();
        let expected: Vec<(String, i64)> =
            budget.iter().map(|&(n, t)| (n.to_string(), t)).collect();
        assert_eq!(pools, expected, "actions={actions}, {nexts} next");
    }
}

// ---------------------------------------------------------------------------------------------
// Conditions

// WOIN-COND-1: first application first level, the second severe, further ones no change.
#[test]
fn woin_cond_1_second_application_is_severe() {
    let cases: &[(Lines, Pairs)] = &[
        (&["cond T dazed"], &[("dazed", "first")]),
        (&["cond T dazed", "cond T dazed"], &[("dazed", "severe")]),
        (&["cond T dazed", "cond T dazed", "cond T dazed"], &[("dazed", "severe")]),
        (&["cond T dazed severe"], &[("dazed", "severe")]),
        (&["cond T dazed severe", "cond T dazed"], &[("dazed", "severe")]),
        (&["cond T dazed", "cond T deaf"], &[("dazed", "first"), ("deaf", "first")]),
        (&["cond T prone", "cond T prone"], &[("prone", "first")]), // Prone has no severe level
    ];
    for (lines, expected) in cases {
        let state = run(&duel("", "", lines), "");
        assert_eq!(conditions(&state, "t"), conds(expected), "{lines:?}");
    }
    let err = run_err(&duel("", "", &["cond T prone severe"]), "");
    assert!(err.contains("no severe level"), "{err}");
    // Typed again, a condition with no severe level changes nothing, and the log says so.
    let mut s = skirmish::encounter::Session::new(
        skirmish::rules::System::WOIN,
        "t",
        crate::harness::assets(),
    );
    let mut none = skirmish::rules::dice::ScriptedDice::new([]);
    for line in ["add T", "cond T prone", "cond T prone"] {
        let command = skirmish::command::parse(line).expect("parses").expect("a command");
        s.execute(&command, &mut none).expect(line);
    }
    let said: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert_eq!(said.iter().filter(|l| l.contains("gains Prone")).count(), 1, "{said:?}");
    assert_eq!(said.last(), Some(&"T is Prone already"), "{said:?}");
    // Through attacks: the second slashing critical with a Bleeding face makes it severe.
    let state = run(
        &duel(
            "",
            "health=30",
            &[
                "attack Aria T pool=3d6 dmg=1d6 type=slashing",
                "attack Aria T pool=3d6 dmg=1d6 type=slashing",
            ],
        ),
        "6,6,6,1,1,6,6,6,1,2",
    );
    assert_eq!(conditions(&state, "t"), conds(&[("bleeding", "severe")]));
}

// WOIN-COND-2: shaking off costs an action, rolls 1d6, succeeds on 5–6 (humans +1), once per turn
// per condition; several actions may try several conditions.
#[test]
fn woin_cond_2_shake_off() {
    // (Aria's fields, lines, dice, Aria's conditions left, actions left)
    let cases: &[(&str, Lines, &str, Pairs, i64)] = &[
        ("", &["shake Aria blind"], "5", &[("deaf", "first")], 1),
        ("", &["shake Aria blind"], "6", &[("deaf", "first")], 1),
        ("", &["shake Aria blind"], "4", &[("blind", "first"), ("deaf", "first")], 1),
        ("", &["shake Aria blind"], "1", &[("blind", "first"), ("deaf", "first")], 1),
        ("human", &["shake Aria blind"], "4", &[("deaf", "first")], 1),
        ("human", &["shake Aria blind"], "3", &[("blind", "first"), ("deaf", "first")], 1),
        ("", &["shake Aria blind", "shake Aria deaf"], "4,5", &[("blind", "first")], 0),
        ("", &["shake Aria bl"], "5", &[("deaf", "first")], 1), // a unique beginning
        // failed in round 1, tried again on its next turn
        (
            "",
            &["shake Aria blind", "next", "next", "shake Aria blind"],
            "4,5",
            &[("deaf", "first")],
            1,
        ),
    ];
    for (aria, lines, dice, left, actions) in cases {
        let state = run(&fight(aria, "", &["cond Aria blind", "cond Aria deaf"], lines), dice);
        assert_eq!(conditions(&state, "aria"), conds(left), "{aria} {lines:?} {dice}");
        assert_eq!(actions_left(&state, "aria"), *actions, "{aria} {lines:?} {dice}");
    }
    let refusals: &[(Lines, &str, &str)] = &[
        (&["shake Aria blind", "shake Aria blind"], "4", "already tried"),
        (&["shake Aria blind", "shake Aria deaf", "shake Aria afraid"], "4,4", "0 of 2"),
        (&["shake T blind"], "", "not T's turn"),
        (&["shake Aria dazed"], "", "not dazed"),
    ];
    for (lines, dice, why) in refusals {
        let err = run_err(
            &fight(
                "",
                "",
                &["cond Aria blind", "cond Aria deaf", "cond Aria afraid", "cond T blind"],
                lines,
            ),
            dice,
        );
        assert!(err.contains(why), "{lines:?}: '{why}' in {err}");
    }
}

// WOIN-COND-2, WOIN-ACT-2: conditions that forbid actions still allow shake-off attempts.
#[test]

fn woin_cond_2_shake_off_without_actions() {
    let state = run(&fight("", "", &["cond Aria dazed severe"], &["shake Aria dazed"]), "6");
    assert_eq!(conditions(&state, "aria"), conds(&[]));
    let state = run(
        &fight(
            "",
            "",
            &["cond Aria sleeping severe", "cond Aria dazed"],
            &["shake Aria sleeping", "shake Aria dazed"],
        ),
        "1,1",
    );
    assert_eq!(conditions(&state, "aria").len(), 2);
}

// WOIN-COND-3: shaking off a severe condition removes it entirely.
#[test]
fn woin_cond_3_severe_removed_entirely() {
    let state =
        run(&fight("", "", &["cond Aria blind", "cond Aria blind"], &["shake Aria blind"]), "6");
    assert_eq!(conditions(&state, "aria"), conds(&[]));
    assert!(logged(&state, "shaken off"));
    let state = run(&duel("", "", &["cond Aria fatigued severe", "uncond Aria fatigued"]), "");
    assert_eq!(conditions(&state, "aria"), conds(&[]));
}

// WOIN-COND-4: a severe condition needs a 6 (humans 5–6); `set severe_needs_six off` lets 5 do.
#[test]
fn woin_cond_4_severe_needs_six() {
    // (Aria's fields, option, condition level, die, shaken off)
    let cases: &[(&str, &str, &str, &str, bool)] = &[
        ("", "", "severe", "5", false),
        ("", "", "severe", "6", true),
        ("human", "", "severe", "5", true),
        ("human", "", "severe", "4", false),
        ("", "set severe_needs_six on", "severe", "5", false),
        ("", "set severe_needs_six off", "severe", "5", true),
        ("", "set severe_needs_six off", "severe", "4", false),
        ("human", "set severe_needs_six off", "severe", "4", true),
        ("", "", "", "5", true),
        ("", "", "", "4", false),
    ];
    for (aria, option, level, die, off) in cases {
        let mut pre = Vec::new();
        if !option.is_empty() {
            pre.push(option.to_string());
        }
        pre.push(format!("cond Aria blind {level}"));
        let pre: Vec<&str> = pre.iter().map(String::as_str).collect();
        let state = run(&fight(aria, "", &pre, &["shake Aria blind"]), die);
        assert_eq!(conditions(&state, "aria").is_empty(), *off, "{aria} {option} {level} {die}");
    }
    let state = run(&fight("", "", &["cond Aria blind severe"], &["shake Aria blind"]), "5");
    assert!(logged(&state, "needs 6"), "the log names the 6 needed");
}

// WOIN-COND-4: severe Disarmed and a combust weapon's severe Burning need a 6 by their own text,
// whatever the option says.
#[test]

fn woin_cond_4_text_sixes_hold_with_the_option_off() {
    let state = run(
        &fight(
            "",
            "",
            &["set severe_needs_six off", "cond Aria disarmed severe"],
            &["shake Aria disarmed"],
        ),
        "5",
    );
    assert_eq!(conditions(&state, "aria"), conds(&[("disarmed", "severe")]));
    let state = run(
        &fight(
            "",
            "",
            &["set severe_needs_six off", "weapon T torch pool=3d6 dmg=1d6 traits=combust"],
            &["next", "attack T Aria", "next", "shake Aria burning"],
        ),
        "6,6,6,1,1,1,5", // the critical, 1 damage, then 2d6 Burning as Aria's turn starts, the shake
    );
    assert_eq!(conditions(&state, "aria"), conds(&[("burning", "severe")]));
}

// WOIN-COND-5: spell and environment conditions are persistent and cannot be shaken off;
// Bleeding and Burning can never be persistent.
#[test]
fn woin_cond_5_persistent_conditions() {
    // (cond line, persistent, source)
    let cases: &[(&str, bool, &str)] = &[
        ("cond Aria dazed", false, "manual"),
        ("cond Aria dazed source=spell", true, "spell"),
        ("cond Aria dazed spell", true, "spell"),
        ("cond Aria fatigued source=environment", true, "environment"),
        ("cond Aria slowed environment", true, "environment"),
        ("cond Aria blind source=crit", false, "crit"),
        ("cond Aria blind source=exploit", false, "exploit"),
    ];
    for (line, persistent, source) in cases {
        let state = run(&duel("", "", &[line]), "");
        let c = &combatant(&state, "aria")["conditions"][0];
        assert_eq!(c["persistent"], *persistent, "{line}");
        assert_eq!(c["source"], *source, "{line}");
    }
    for line in
        ["cond Aria dazed spell", "cond Aria fatigued environment", "cond Aria blind severe spell"]
    {
        let name = line.split(' ').nth(2).expect("a condition");
        let err = run_err(&fight("", "", &[line], &[&format!("shake Aria {name}")]), "");
        assert!(err.contains("persistent"), "{line}: {err}");
    }
    for line in [
        "cond Aria bleeding spell",
        "cond Aria burning source=environment",
        "cond Aria burning severe spell",
    ] {
        let err = run_err(&duel("", "", &[line]), "");
        assert!(err.contains("never be persistent"), "{line}: {err}");
    }
    // Persistent conditions still do their work: a spell's Dazed takes an action.
    let state = run(&fight("", "", &["cond Aria dazed spell"], &[]), "");
    assert_eq!(actions_left(&state, "aria"), 1);
}

/// T (a knife, 3d6) attacks Aria on T's turn; `after` follows.
fn knifed(aria: &str, pre: &[&str], after: &[&str]) -> String {
    let mut pre_all = vec!["weapon T knife pool=3d6 dmg=1d6 type=slashing melee"];
    pre_all.extend_from_slice(pre);
    let mut lines = vec!["next", "attack T Aria"];
    lines.extend_from_slice(after);
    fight(aria, "", &pre_all, &lines)
}

// WOIN-COND-6: a LUC die cancels a condition as it is applied, as a reaction; not when Cursed,
// without LUC, with the reaction used this round, or for a condition from an earlier round.
#[test]
fn woin_cond_6_luck_cancels_a_condition() {
    // A critical leaves Aria Bleeding (slashing die 1); she cancels it.
    let state = run(&knifed("luc=2", &[], &["luck Aria bleeding"]), "6,6,6,1,1");
    assert_eq!(conditions(&state, "aria"), conds(&[]));
    assert_eq!(luc(&state, "aria"), 1);
    assert!(logged(&state, "LUC"));
    // A condition gained from `cond` in this round can be cancelled too.
    let state = run(&duel("luc=1", "", &["cond Aria dazed", "luck Aria dazed"]), "");
    assert_eq!(conditions(&state, "aria"), conds(&[]));
    assert_eq!(luc(&state, "aria"), 0);
    // A new round gives a new reaction.
    let state = run(
        &knifed(
            "luc=2",
            &[],
            &["luck Aria bleeding", "next", "next", "attack T Aria", "luck Aria disarmed"],
        ),
        "6,6,6,1,1,6,6,6,1,4",
    );
    assert_eq!(conditions(&state, "aria"), conds(&[]));
    assert_eq!(luc(&state, "aria"), 0);

    let refusals: &[(&str, Lines, Lines, &str, &str)] = &[
        ("luc=2", &["cond Aria cursed"], &["luck Aria bleeding"], "6,6,6,1,1", "Cursed"),
        ("luc=0", &[], &["luck Aria bleeding"], "6,6,6,1,1", "no LUC"),
        (
            "luc=2",
            &[],
            &["luck Aria bleeding", "attack T Aria", "luck Aria disarmed"],
            "6,6,6,1,1,6,6,6,1,4",
            "reaction",
        ),
        // Bleeding from round 1, luck tried in round 2 (after it bled at Aria's turn)
        ("luc=2", &[], &["next", "luck Aria bleeding"], "6,6,6,1,1,3", "as it is applied"),
        ("luc=2", &[], &["luck Aria dazed"], "6,6,6,1,1", "not dazed"),
    ];
    for (aria, pre, after, dice, why) in refusals {
        let err = run_err(&knifed(aria, pre, after), dice);
        assert!(err.contains(why), "{aria} {pre:?} {after:?}: '{why}' in {err}");
    }
}

// WOIN-COND-7: `set shake_off attribute`: 10 or more on a straight attribute check.
#[test]
fn woin_cond_7_attribute_check_option() {
    // (Aria's fields, dice, shaken off)
    let cases: &[(&str, &str, bool)] = &[
        ("", "5,5", true),
        ("", "6,6", true),
        ("", "4,5", false),
        ("", "1,1", false),
        ("human", "4,5", true), // the human +1 still applies
        ("human", "4,4", false),
    ];
    for (aria, dice, off) in cases {
        let state = run(
            &fight(
                aria,
                "",
                &["set shake_off attribute", "cond Aria blind severe"],
                &["shake Aria blind"],
            ),
            dice,
        );
        assert_eq!(conditions(&state, "aria").is_empty(), *off, "{aria} {dice}");
        assert_eq!(actions_left(&state, "aria"), 1, "still one action");
    }
    let state =
        run(&fight("", "", &["set shake_off d6", "cond Aria blind"], &["shake Aria blind"]), "5");
    assert!(conditions(&state, "aria").is_empty(), "back to the d6");
}

// WOIN-COND-8: ongoing damage rolls at the start of the affected creature's own turn, not SOAKed.
#[test]
fn woin_cond_8_ongoing_damage_at_turn_start() {
    // (T's conditions, dice at T's turn, T's HEALTH of 30 with SOAK 5, damage rolls logged)
    let cases: &[(Lines, &str, i64, &[Faces])] = &[
        (&["bleeding"], "4", 26, &[&[4]]),
        (&["bleeding severe"], "2,3", 25, &[&[2, 3]]),
        (&["burning"], "1", 29, &[&[1]]),
        (&["burning severe"], "6,6", 18, &[&[6, 6]]),
        (&["poisoned severe"], "5", 25, &[&[5]]),
        (&["poisoned"], "", 30, &[]),
        (&["bleeding", "burning", "poisoned severe"], "1,2,3", 24, &[&[1], &[2], &[3]]),
        (&["dazed", "pain", "sick"], "", 30, &[]),
    ];
    for (names, dice, left, rolls) in cases {
        let pre: Vec<String> = names.iter().map(|n| format!("cond T {n}")).collect();
        let pre: Vec<&str> = pre.iter().map(String::as_str).collect();
        // Aria's turn comes first: nothing rolls for T yet.
        let state = run(&fight("", "health=30 soak=5", &pre, &[]), "");
        assert_eq!(health(&state, "t"), 30, "{names:?} before T's turn");
        let state = run(&fight("", "health=30 soak=5", &pre, &["next"]), dice);
        assert_eq!(health(&state, "t"), *left, "{names:?}");
        let expected: Vec<Vec<u64>> = rolls.iter().map(|r| r.to_vec()).collect();
        assert_eq!(damage_faces(&state, "T"), expected, "{names:?}");
    }
    // Every turn of its own, every round; not on an extra pass.
    let state =
        run(&fight("", "health=30 actions=3", &["cond T bleeding"], &["next", "next"]), "2");
    assert_eq!(state["current"], "t");
    assert_eq!(health(&state, "t"), 28, "T's extra pass at 0 rolls nothing");
    let state =
        run(&fight("", "health=30", &["cond T bleeding"], &["next", "next", "next"]), "2,3");
    assert_eq!(health(&state, "t"), 25, "rounds 1 and 2");
}

// WOIN-COND-8: a creature its own turn's ongoing damage takes down does not keep the turn: it
// passes on, as `next` passes anyone down — unless that was the last foe, which ends the fight.
#[test]
fn woin_cond_8_downed_by_its_own_ongoing_damage_passes_the_turn() {
    // (T's HEALTH, the Burning d6, whose turn it is after `next`, T down?)
    let cases: &[(i64, &str, &str, bool)] = &[(6, "6", "u", true), (6, "5", "t", false)];
    for (hp, die, current, down) in cases {
        let script = format!(
            "new woin\nadd Aria side=pc health=30\nadd T health={hp}\nadd U health=30\n\
             init Aria 20\ninit T 10\ninit U 5\nstart\ncond T burning\nnext\n"
        );
        let state = run(&script, die);
        assert_eq!(state["current"], *current, "Burning {die} on HEALTH {hp}");
        assert_eq!(combatant(&state, "t")["down"], *down);
        assert_eq!(logged(&state, "T is down: its turn passes"), *down, "{:?}", texts(&state));
        assert_eq!(state["round"], 1);
    }
    // The last foe down: the fight is over where it stands (round 1, T's turn).
    let script = "new woin\nadd Aria side=pc health=30\nadd T health=6\ninit Aria 20\n\
                  init T 10\nstart\ncond T burning\nnext\n";
    let state = run(script, "6");
    assert_eq!((state["round"].as_i64(), state["current"].as_str()), (Some(1), Some("t")));
    assert!(logged(&state, "The fight is over"), "{:?}", texts(&state));
}

// WOIN-COND-11: Pain hurts 1d6 (not SOAKed) when its second action of a turn is spent, severe
// Pain when its first is; once a turn, actions only (free actions do not count).
#[test]
fn woin_cond_11_pain_hurts_on_actions() {
    // (Aria's Pain, her commands on her turn, dice, her HEALTH of 30 left)
    let cases: &[(&str, Lines, &str, i64)] = &[
        ("pain", &["do Aria move"], "", 30),
        ("pain", &["do Aria move", "do Aria move"], "4", 26),
        ("pain", &["do Aria move", "attack Aria T pool=3d6"], "1,1,1,3", 27),
        ("pain", &["attack Aria T pool=3d6 called=trip"], "1,5", 25),
        ("pain severe", &["do Aria move"], "2", 28),
        ("pain severe", &["do Aria move", "do Aria move"], "2", 28),
        ("pain", &["do Aria move", "next", "next", "do Aria move"], "", 30),
    ];
    for (pain, lines, dice, left) in cases {
        let pre = format!("cond Aria {pain}");
        let state = run(&fight("health=30 soak=5", "melee=20", &[&pre], lines), dice);
        assert_eq!(health(&state, "aria"), *left, "{pain} {lines:?}");
    }
    let lines = ["do Aria move", "do Aria move"];
    let state = run(&fight("health=30", "", &["cond Aria pain"], &lines), "6");
    let said = state["log"].as_array().expect("log").iter().filter_map(|l| l["text"].as_str());
    let said: Vec<&str> = said.collect();
    assert!(
        said.iter().any(|l| l.contains("Pain (first) on a second action this turn, not SOAKed")),
        "{said:#?}"
    );
}

// WOIN-COND-11: severe Sick takes 2d6 off attribute checks — a shake-off by attribute check
// (`set shake_off attribute`) and an ambush check — never below one die; the d6 shake-off roll
// is no attribute check and keeps its die.
#[test]
fn woin_cond_11_severe_sick_on_shake_off_and_ambush_checks() {
    // (Aria's conditions, set-up, command, dice: her WILL 4d6 check lost two dice)
    let shake = ["set shake_off attribute", "cond Aria blind", "cond Aria sick severe"];
    let state = run(&fight("will=4d6", "", &shake, &["shake Aria blind"]), "4,5");
    assert!(conditions(&state, "aria").iter().any(|(n, _)| n == "blind"), "4+5 < 10");
    let state = run(&fight("will=4d6", "", &shake[..2], &["shake Aria blind"]), "4,5,1,1");
    assert!(!conditions(&state, "aria").iter().any(|(n, _)| n == "blind"), "11 ≥ 10");
    let state = run(&fight("", "", &shake[1..], &["shake Aria blind"]), "5");
    assert!(!conditions(&state, "aria").iter().any(|(n, _)| n == "blind"), "the d6 roll");
    // An ambush: Aria's 2d6 drops to 1d6, the goblin's does not.
    let ambush = |pre: &[&str]| {
        let mut lines: Vec<&str> = pre.to_vec();
        lines.push("ambush Aria T");
        let script = format!(
            "new woin\nadd Aria side=pc\nadd T\n{}\ninit Aria 20\ninit T 10\nstart",
            lines.join("\n")
        );
        let said = texts(&run(&script, "6,3,4"));
        said.into_iter().find(|l| l.starts_with("ambush:")).expect("the ambush check")
    };
    let said = ambush(&["cond Aria sick severe"]);
    assert!(said.starts_with("ambush: Aria 6 against T 7"), "{said}");
}

// WOIN-COND-9: severe Fatigued halves max HEALTH, clamps the current, and healing stops there.
#[test]
fn woin_cond_9_severe_fatigued_halves_max_health() {
    let cases: &[(Lines, i64)] = &[
        (&["cond Aria fatigued"], 20),
        (&["cond Aria fatigued", "cond Aria fatigued"], 10),
        (&["cond Aria fatigued severe"], 10),
        (&["cond Aria fatigued severe", "heal Aria 5"], 10),
        (&["cond Aria fatigued severe", "damage Aria 4", "heal Aria 9"], 10),
        (&["cond Aria fatigued severe", "damage Aria 4", "heal Aria 2"], 8),
        (&["damage Aria 15", "cond Aria fatigued severe"], 5), // already below: untouched
        (&["cond Aria fatigued severe", "uncond Aria fatigued", "heal Aria 3"], 13),
        (&["cond Aria fatigued severe", "uncond Aria fatigued", "heal Aria 30"], 20),
    ];
    for (lines, left) in cases {
        let state = run(&duel("health=20", "", lines), "");
        assert_eq!(health(&state, "aria"), *left, "{lines:?}");
    }
    // Through ion criticals: the second Fatigued is severe.
    let state = run(
        &duel(
            "",
            "health=20 melee=30",
            &["attack Aria T pool=3d6 dmg=1d6 type=ion", "attack Aria T pool=3d6 dmg=1d6 type=ion"],
        ),
        "6,6,6,1,3,6,6,6,1,5",
    );
    assert_eq!(conditions(&state, "t"), conds(&[("fatigued", "severe")]));
    assert_eq!(health(&state, "t"), 10);
}

// WOIN-COND-10: severe Confused rolls 1d6 as each of its turns starts and logs what it does.
#[test]
fn woin_cond_10_severe_confused_rolls_its_turn() {
    let cases: Pairs = &[
        ("1", "Afraid"),
        ("2", "Angry"),
        ("3", "Forgetful"),
        ("4", "Manic"),
        ("5", "Drunk"),
        ("6", "Dazed"),
    ];
    for (die, acts) in cases {
        let state = run(&fight("", "", &["cond T confused severe"], &["next"]), die);
        assert!(
            logged(&state, &format!("T is Confused: acts {acts}")),
            "{die} → {acts}: {:?}",
            texts(&state)
        );
        let line = state["log"]
            .as_array()
            .expect("log")
            .iter()
            .find(|l| l["text"].as_str().is_some_and(|t| t.contains("Confused: acts")))
            .expect("the Confused line");
        assert_eq!(line["roll"]["faces"][0], die.parse::<u64>().expect("a face"));
    }
    // First-level Confused rolls nothing; severe rolls again each turn.
    run(&fight("", "", &["cond T confused"], &["next", "next", "next"]), "");
    let state = run(&fight("", "", &["cond T confused severe"], &["next", "next", "next"]), "1,2");
    assert!(logged(&state, "acts Afraid") && logged(&state, "acts Angry"));
}

// WOIN-COND-10, WOIN-ACT-2: a severe Confused roll of 6 is first-level Dazed for that turn: −1 action.
#[test]

fn woin_cond_10_confused_dazed_costs_an_action() {
    let state = run(&fight("", "", &["cond T confused severe"], &["next"]), "6");
    assert_eq!(actions_left(&state, "t"), 1);
}

// Poisoned (seed 000; woin.md lists "cannot heal (Poisoned)" among the mechanical effects, with no
// rule ID of its own; WOIN-COND-3 for `uncond`): wounds cannot be healed while it lasts.
#[test]
fn woin_poisoned_blocks_heal() {
    for level in ["", "severe"] {
        let err = run_err(
            &duel("", "", &["damage T 5", &format!("cond T poisoned {level}"), "heal T 2"]),
            "",
        );
        assert!(err.contains("Poisoned"), "{level}: {err}");
    }
    let state =
        run(&duel("", "", &["damage T 5", "cond T poisoned", "uncond T poisoned", "heal T 2"]), "");
    assert_eq!(health(&state, "t"), 7);
}

// ---------------------------------------------------------------------------------------------
// Weapon traits

// WOIN-CRIT-3, WOIN-COND-1 with the weapon traits (seed 000): combust: a critical hit inflicts
// severe Burning. Cortex emitter: Poisoned and Sick on a hit, both severe on a critical.
#[test]
fn woin_weapon_traits_combust_and_cortex() {
    // (weapon traits, T's fields, dice, T's conditions)
    let cases: &[(&str, &str, &str, Pairs)] = &[
        ("combust", "", "6,6,6,1", &[("burning", "severe")]),
        ("combust", "", "5,5,5,1", &[]), // a plain hit: nothing
        ("combust", "", "6,6,5,1", &[]),
        ("combust", "immune=burning", "6,6,6,1", &[]),
        ("cortex", "", "5,5,5,1", &[("poisoned", "first"), ("sick", "first")]),
        ("cortex", "", "6,6,6,1", &[("poisoned", "severe"), ("sick", "severe")]),
        ("cortex", "", "1,1,1", &[]), // a miss
        ("cortex", "immune=sick", "5,5,5,1", &[("poisoned", "first")]),
    ];
    for (traits, target, dice, expected) in cases {
        let state = run(
            &duel(
                "",
                &format!("health=30 {target}"),
                &[
                    &format!("weapon Aria gun pool=3d6 dmg=1d6 traits={traits}"),
                    "attack Aria T gun",
                ],
            ),
            dice,
        );
        assert_eq!(conditions(&state, "t"), conds(expected), "{traits} {target} {dice}");
    }
    // With a damage type, the table's condition comes too: cold 1 → Slowed.
    let state = run(
        &duel(
            "",
            "health=30",
            &["weapon Aria flamer pool=3d6 dmg=1d6 type=cold traits=combust", "attack Aria T"],
        ),
        "6,6,6,1,1",
    );
    assert_eq!(conditions(&state, "t"), conds(&[("slowed", "first"), ("burning", "severe")]));
}

// ---------------------------------------------------------------------------------------------
// JSON and the bestiary

// WOIN-DMG-2, WOIN-ATK-5, WOIN-INIT-3, WOIN-COND-5 as `--json` shows them: the fields a WOIN
// combatant carries (effective SOAK and DEFENSEs, LUC, actions, budget, conditions, weapons), and the
// top-level options.
#[test]
fn woin_json_fields() {
    let state = run(
        &duel(
            "luc=3 soak=4 melee=12 ranged=13 mental=14 vital=15",
            "",
            &[
                "weapon Aria sword pool=4d6 dmg=1d6+2 type=slashing melee",
                "cond Aria slowed",
                "cond Aria disarmored",
                "cond Aria blind spell",
                "set simple_crits on",
            ],
        ),
        "",
    );
    let aria = combatant(&state, "aria");
    assert_eq!(aria["soak"], 2);
    assert_eq!(aria["defenses"]["melee"], 8);
    assert_eq!(aria["defenses"]["ranged"], 9);
    assert_eq!(aria["defenses"]["mental"], 14);
    assert_eq!(aria["defenses"]["vital"], 11);
    assert_eq!(aria["luc"], 3);
    assert_eq!(aria["actions_left"], 2);
    let budget: Vec<(String, i64, i64)> = aria["budget"]
        .as_array()
        .expect("budget")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().expect("name").to_string(),
                p["left"].as_i64().expect("left"),
                p["total"].as_i64().expect("total"),
            )
        })
        .collect();
    assert_eq!(
        budget,
        vec![("actions".into(), 2, 2), ("free".into(), 1, 1), ("reaction".into(), 1, 1)]
    );
    let blind = &aria["conditions"][2];
    assert_eq!(blind["name"], "blind");
    assert_eq!(blind["level"], "first");
    assert_eq!(blind["persistent"], true);
    assert_eq!(blind["source"], "spell");
    assert_eq!(aria["conditions"][0]["persistent"], false);
    assert_eq!(aria["conditions"][0]["source"], "manual");
    let sword = &aria["weapons"][0];
    assert_eq!(sword["name"], "sword");
    assert_eq!(sword["pool"], "4d6");
    assert_eq!(sword["melee"], true);
    assert_eq!(sword["type"], serde_json::json!(["slashing"]));
    let options = &state["options"];
    assert_eq!(options["simple_crits"], "on");
    assert_eq!(options["severe_needs_six"], "on");
    assert_eq!(options["damage_die_cost"], "2");
    assert_eq!(options["deadlier_crits"], "off");
    assert_eq!(options["shake_off"], "d6");
    // Defaults: no SOAK, DEFENSEs 10, no LUC, 10 HEALTH.
    let t = combatant(&state, "t");
    assert_eq!(t["soak"], 0);
    assert_eq!(
        t["defenses"],
        serde_json::json!({"melee": 10, "ranged": 10, "mental": 10, "vital": 10})
    );
    assert_eq!(t["luc"], 0);
    assert_eq!(t["health"], serde_json::json!({"current": 10, "max": 10}));
    // Options are refused when unknown or out of range.
    let err = run_err("new woin\nset simple_crits maybe\n", "");
    assert!(err.contains("on or off") || err.contains("off or on"), "{err}");
    let err = run_err("new woin\nset gritty on\n", "");
    assert!(err.contains("severe_needs_six"), "{err}");
}

// WOIN-ATK-1: the bestiary goblin comes armed; `attack goblin Aria` uses its first weapon, a
// weapon name picks another.
#[test]
fn woin_bestiary_goblin_weapons() {
    let script = |attack: &str| {
        format!(
            "new woin\nadd Goblin\nadd Aria side=pc melee=6 ranged=15 health=20\ninit Goblin 20\ninit Aria 10\nstart\n{attack}\n"
        )
    };
    // (attack line, dice, weapon, DEFENSE, pool size, Aria's HEALTH)
    let cases: &[(&str, &str, &str, &str, usize, i64)] = &[
        ("attack goblin Aria", "2,2,2,3", "with rusty blade", "vs MELEE 6", 3, 16), // 1d6+1
        ("attack goblin Aria rusty", "2,2,2,3", "with rusty blade", "vs MELEE 6", 3, 16),
        ("attack goblin Aria sling", "5,5,5,3", "with sling", "vs RANGED 15", 3, 17), // 1d6
        ("attack goblin Aria sl", "5,5,4", "with sling", "vs RANGED 15", 3, 20),      // 14 misses
        ("attack goblin Aria sling higher flank", "1,1,1,1", "with sling", "RANGED", 4, 20), // no flank
        ("attack goblin Aria flank higher", "1,1,1,1,1", "with rusty blade", "MELEE", 5, 20), // past max_pool 4
    ];
    for (attack, dice, weapon, defense, size, left) in cases {
        let state = run(&script(attack), dice);
        let text = text_of(last_attack(&state));
        assert!(text.contains(weapon) && text.contains(defense), "{attack}: {text}");
        assert_eq!(health(&state, "aria"), *left, "{attack}");
        assert_eq!(pool_size(&state), *size, "{attack}");
    }
    let state = run(&script("attack goblin Aria"), "6,6,6,1,4");
    assert_eq!(conditions(&state, "aria"), conds(&[("disarmed", "first")]), "a slashing critical");
    let goblin = combatant(&state, "goblin");
    let names: Vec<&str> = goblin["weapons"]
        .as_array()
        .expect("weapons")
        .iter()
        .map(|w| w["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["rusty blade", "sling"]);
    assert_eq!(goblin["soak"], 1);
    assert_eq!(goblin["max_pool"], 4);
    let err = run_err(&script("attack goblin Aria axe"), "");
    assert!(err.contains("no weapon 'axe'") && err.contains("rusty blade, sling"), "{err}");
}

const SWORD: &str = "weapon Aria sword pool=5d6 dmg=1d6 type=slashing melee";
const DARTGUN: &str = "weapon Aria dartgun pool=5d6 dmg=1d6 type=piercing ranged traits=dart";

// Issue 14 item 4: a WOIN verb or `do` action that the budget or the rules refuse is refused with
// its reason before any die: the dice script is empty, so a roll would report "ran out".
// WOIN-COND-6 (luck), WOIN-AMBUSH-1, WOIN-SUPP-1, WOIN-ACT-1, WOIN-COND-11.
#[test]
fn woin_act_1_verbs_refused_before_dice() {
    // (before start, after start, the reason)
    let cases: &[(Lines, Lines, &str)] = &[
        (&[], &["luck Aria dazed"], "no conditions"), // WOIN-COND-6
        (&["cond Aria dazed"], &["luck Aria dazed"], "only as it is applied"), // WOIN-COND-6
        (&[], &["ambush Aria T"], "already on"),      // WOIN-AMBUSH-1
        (&[], &["do Aria suppress"], "covers an ally"), // WOIN-SUPP-1
        (&[], &["do Aria reload", "do Aria reload"], "costs 2 actions"), // WOIN-ACT-1
        (&[], &["do T move"], "not T's turn"),        // WOIN-ACT-1
        (&[], &["do Aria move", "do Aria move", "shake Aria dazed"], "Aria"),
        (&["cond Aria angry"], &["do Aria reload"], "Angry"), // WOIN-COND-11
        (&["cond Aria placid"], &["do Aria overwatch"], "Placid"), // WOIN-COND-11
        (&["cond Aria charmed by=T"], &["attack Aria T pool=3d6"], "Charmed by T"), // WOIN-COND-11
        (&[SWORD], &["attack Aria T sword grab"], "only an unarmed attack can grab"), // WOIN-GRAB-1
        (&[SWORD], &["attack Aria T sword dart=sick"], "traits=dart"),
        (&[DARTGUN], &["attack Aria T dartgun dart=glue"], "dart=glue: expected"),
    ];
    for (pre, lines, why) in cases {
        let err = run_err(&fight("", "", pre, lines), "");
        assert!(err.contains(why) && !err.contains("ran out"), "{pre:?} {lines:?}: {err}");
    }
}

// WOIN-COND-11: Angry takes no action but attacking and moving toward a foe; Placid takes no
// aggressive one; both refused with the reason, `force` overrides.
#[test]
fn woin_cond_11_angry_and_placid_refuse_actions() {
    // (Aria's condition, `do` action, refused)
    let cases: &[(&str, &str, bool)] = &[
        ("cond Aria angry", "do Aria reload", true),
        ("cond Aria angry", "do Aria heal", true),
        ("cond Aria angry", "do Aria scan", true),
        ("cond Aria angry", "do Aria suppress ally=T", true),
        ("cond Aria angry", "do Aria drop", true),
        ("cond Aria angry", "do Aria move", false),
        ("cond Aria angry", "do Aria aim", false),
        ("cond Aria angry", "do Aria overwatch", false),
        ("cond Aria placid", "do Aria overwatch", true),
        ("cond Aria placid", "do Aria aim", true),
        ("cond Aria placid", "do Aria suppress ally=T", true),
        ("cond Aria placid", "do Aria reload", false),
        ("cond Aria afraid", "do Aria reload", false),
    ];
    for (condition, action, refused) in cases {
        let pre = [ARMS[1], condition];
        if *refused {
            let err = run_err(&fight("", "", &pre, &[action]), "");
            assert!(
                err.contains("WOIN-COND-11") && err.contains("force"),
                "{condition} {action}: {err}"
            );
            let forced = format!("{action} force");
            let state = run(&fight("", "", &pre, &[&forced]), "");
            assert!(!logged(&state, "refused"), "{condition} {forced}");
        } else {
            run(&fight("", "", &pre, &[action]), "");
        }
    }
}

// WOIN-COND-11: a combatant Charmed by someone (`cond … charmed by=NAME`) will not attack them;
// others it may attack, and a Charmed condition with no charmer named refuses nothing.
#[test]
fn woin_cond_11_charmed_will_not_attack_its_charmer() {
    let script = |pre: &str, attack: &str| {
        format!(
            "new woin\nadd Aria side=pc\nadd T melee=5\nadd U melee=5\ninit Aria 20\ninit T 10\ninit U 5\n{pre}\nstart\n{attack}\n"
        )
    };
    let err = run_err(&script("cond Aria charmed by=T", "attack Aria T pool=3d6"), "");
    assert!(err.contains("Charmed by T") && err.contains("force"), "{err}");
    let allowed = [
        ("cond Aria charmed by=T", "attack Aria T pool=3d6 force"),
        ("cond Aria charmed by=T", "attack Aria U pool=3d6"),
        ("cond Aria charmed", "attack Aria T pool=3d6"),
    ];
    for (pre, attack) in allowed {
        let state = run(&script(pre, attack), "2,2,2,1");
        assert!(hit(&state), "{pre} {attack}");
    }
    let err = run_err(&script("cond Aria charmed by=Nobody", ""), "");
    assert!(err.contains("Nobody"), "{err}");
}

// WOIN-COND-11: initiative is an attribute check, so severe Sick rolls 2d6 fewer (never below
// 1d6), as Deaf does; first-level Sick does not.
#[test]
fn woin_cond_11_severe_sick_rolls_fewer_initiative_dice() {
    // (Aria's conditions, faces for her initiative)
    let cases: &[(Lines, &str)] = &[
        (&[], "3,3,3,3"),
        (&["cond Aria sick"], "3,3,3,3"),
        (&["cond Aria sick severe"], "3,3"),
        (&["cond Aria sick severe", "cond Aria deaf"], "3"),
        (&["cond Aria sick severe", "cond Aria deaf severe"], "3"),
    ];
    for (pre, faces) in cases {
        let mut script = String::from("new woin\nadd Aria side=pc init=4d6\nadd T\ninit T 1\n");
        for line in pre.iter() {
            script.push_str(line);
            script.push('\n');
        }
        script.push_str("start\n");
        let state = run(&script, faces);
        assert!(logged(&state, "Aria"), "{pre:?}");
    }
}

// WOIN-OVER-1: a forced `do NAME overwatch` off its turn spends nothing but still puts it on
// overwatch, so it may fire on the current combatant.
#[test]
fn woin_over_1_forced_overwatch_off_turn() {
    let lines = ["do T overwatch force", "attack T Aria pool=3d6 overwatch"];
    let state = run(&fight("", "", &[], &lines), "1,1,1");
    assert!(logged(&state, "T fires from overwatch at Aria"), "{:#?}", texts(&state));
    assert!(logged(&state, "T is on overwatch"), "{:#?}", texts(&state));
    let err = run_err(&fight("", "", &[], &["do T overwatch"]), "");
    assert!(err.contains("not T's turn"), "{err}");
}
