//! Gempunks rules (rules/gempunks.md), run in-process as `skirmish run` runs a script, with
//! scripted dice in the spec's order (GEM-ROLL-1): every attack die, the crit dice, the chain
//! generations, the grenade direction die, then each instance's damage dice in attack-die order.
//! Initiative is typed so that it draws no dice.

use serde_json::Value;

use crate::harness::{run, run_err};

pub(crate) fn combatant<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["combatants"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == id))
        .unwrap_or_else(|| panic!("no combatant {id} in {state}"))
}

pub(crate) fn hp(state: &Value, id: &str) -> i64 {
    combatant(state, id)["health"]["current"].as_i64().expect("health")
}

/// Whether the JSON lists the condition (written there lowercase, spaces and dashes as `_`).
pub(crate) fn has(state: &Value, id: &str, condition: &str) -> bool {
    let wanted = condition.to_ascii_lowercase().replace([' ', '-'], "_");
    combatant(state, id)["conditions"]
        .as_array()
        .is_some_and(|cs| cs.iter().any(|c| c["name"].as_str() == Some(wanted.as_str())))
}

pub(crate) fn log(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .map(|l| l.iter().filter_map(|x| x["text"].as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn damage_rolls(state: &Value) -> Vec<(String, i64)> {
    state["log"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter(|x| x["text"].as_str().is_some_and(|t| t.contains("wound")))
                .filter_map(|x| {
                    Some((x["roll"]["expr"].as_str()?.to_string(), x["roll"]["total"].as_i64()?))
                })
                .collect()
        })
        .unwrap_or_default()
}

const BANDITS: &str = "new gempunks\nadd Bandit x20 regiment hp=3 ad=5 gd=4 toughness=3\n\
                       weapon Bandits fists acc=1 dmg=1d6-1 unarmed\nadd Ogre ad=5 toughness=4 hp=6\n\
                       init Bandits 10\ninit Ogre 5\nstart\n";

const SEED_DICE: &str = "1,1,1,1,2,2,2,2,3,3,3,3,4,4,5,5,6,6,6,6,2,5,5,6,4,3,5,1,6,2,4,4,6,2,5,5,3";

// GEM-ATK-2, GEM-CRIT-1, GEM-CRIT-2, GEM-REG-4, GEM-ROLL-1, GEM-DMG-1, GEM-DMG-2, GEM-OPT-1
// (a Normal attack wounds), GEM-ATK-5 (one set, one die per attack per member): the seed's
// bandits (spec worked example 1): 5 instances of 1d6−1, 2 of 2d6−2, 1 of 3d6−3; 6 wounds.
#[test]
fn gem_crit_2_the_seed_bandits_make_five_single_two_double_and_one_triple_instance() {
    let state = run(&format!("{BANDITS}attack Bandits Ogre fists\n"), SEED_DICE);
    let rolls = damage_rolls(&state);
    let exprs: Vec<&str> = rolls.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(
        exprs,
        ["1d6-1", "1d6-1", "1d6-1", "1d6-1", "1d6-1", "2d6-2", "2d6-2", "3d6-3"],
        "{:?}",
        log(&state)
    );
    let totals: Vec<i64> = rolls.iter().map(|(_, t)| *t).collect();
    assert_eq!(totals, [2, 4, 0, 5, 1, 6, 6, 10]);
    assert_eq!(hp(&state, "ogre"), 0);
    assert!(has(&state, "ogre", "Unconscious"));
    let text = log(&state).join("\n");
    assert!(text.contains("20d6, acc +1"), "{text}");
    assert!(text.contains("8 hits, 4 crit dice, 3 crits"), "{text}");
    assert!(text.contains("crit chain: die #20 (6) → crit 6 → 4: ×3"), "{text}");
    assert!(text.contains("crit chain: die #17 (6) → crit 2 miss: ×1"), "{text}");
}

// GEM-CRIT-3: Heavy lets a hitting 5 grant the crit die; the chain goes on only on a 6 (spec
// example 2), and without Heavy the 5 is a plain hit.
#[test]
fn gem_crit_3_heavy_attack_crits_on_a_five() {
    let script = "new gempunks\nadd Vera side=pc\nweapon Vera maul acc=2 dmg=2d6+1 type=blunt\n\
                  add Troll ad=7 toughness=5 hp=4 armor.blunt=1\ninit Vera 10\ninit Troll 5\nstart\n";
    let state = run(&format!("{script}attack Vera Troll heavy\n"), "5,6,5,4,2,6,1,3,5");
    assert_eq!(hp(&state, "troll"), 0);
    let rolls = damage_rolls(&state);
    assert_eq!(rolls, [("6d6+3 blunt".to_string(), 24)]);
    let state = run(&format!("{script}attack Vera Troll\n"), "5,4,2");
    assert_eq!(damage_rolls(&state), [("2d6+1 blunt".to_string(), 7)]);
    assert_eq!(hp(&state, "troll"), 3, "7 − armor 1 = 6 → 1 wound");
}

// GEM-ATK-1: `weapon=none` attacks with no weapon even when the attacker carries one: the
// Accuracy and damage are the ones given (need 7 − 3 = 4). With no weapon named the first one is
// used (need 7 − 2 = 5).
#[test]
fn gem_atk_1_weapon_none_attacks_with_no_weapon() {
    let script = "new gempunks\nadd Vera side=pc\nweapon Vera maul acc=2 dmg=2d6+1 type=blunt\n\
                  add Troll ad=7 toughness=5 hp=4\ninit Vera 10\ninit Troll 5\nstart\n";
    let state = run(&format!("{script}attack Vera Troll weapon=none acc=3 dmg=1d6:blunt\n"), "4,3");
    assert_eq!(damage_rolls(&state), [("1d6 blunt".to_string(), 3)]);
    let text = log(&state).join("\n");
    assert!(text.contains("Troll needs 4") && !text.contains("attacks with maul"), "{text}");
    let state = run(&format!("{script}attack Vera Troll\n"), "5,4,2");
    assert_eq!(damage_rolls(&state), [("2d6+1 blunt".to_string(), 7)]);
    assert!(log(&state).iter().any(|l| l == "Vera attacks with maul"), "{:?}", log(&state));
    let err = run_err(&format!("{script}attack Vera Troll weapon=none acc=3\n"), "");
    assert!(err.contains("this attack has no damage: give dmg="), "{err}");
}

// GEM-OPT-2, GEM-INIT-3: Incapacitate by a regiment (spec example 3): skips pile up, no wounds,
// and the next turn has no actions; the skips are then cleared.
#[test]
fn gem_opt_2_incapacitate_skips_the_next_turns_actions() {
    let script = "new gempunks\nadd Thugs x5 regiment hp=2\nweapon Thugs club acc=1 dmg=1d6+1\n\
                  add Kell side=pc gd=4 hp=3\ninit Thugs 10\ninit Kell 5\nstart\n\
                  attack Thugs Kell option=incapacitate\n";
    let state = run(script, "2,3,4,6,1,1,6,2,5");
    assert_eq!(hp(&state, "kell"), 3);
    assert!(has(&state, "kell", "Skip-Move") && has(&state, "kell", "Skip-Standard"));
    assert_eq!(combatant(&state, "kell")["pending_skips"], serde_json::json!(["move", "standard"]));
    let state = run(&format!("{script}next\n"), "2,3,4,6,1,1,6,2,5");
    let kell = combatant(&state, "kell");
    assert_eq!(kell["budget"][0]["total"], 0, "{kell}");
    assert_eq!(kell["budget"][1]["total"], 0);
    assert!(!has(&state, "kell", "Skip-Move") && !has(&state, "kell", "Skip-Standard"));
}

const CROSSBOWS: &str = "new gempunks\nadd Crossbowman x10 regiment\n\
                         weapon Crossbowmen bolt acc=1 dmg=1d6 ranged\n\
                         add Ogre ad=5 toughness=20 hp=9\nadd Troll ad=7 toughness=20 hp=9\n\
                         add Goblin ad=4 toughness=20 hp=9\n\
                         init Crossbowmen 10\ninit Ogre 5\ninit Troll 4\ninit Goblin 3\nstart\n";
const CROSS_DICE: &str = "1,2,3,4,5,5,5,6,6,4,5,3,1,1,1,1,1,1";

// GEM-ATK-3, GEM-ATK-6, GEM-ATK-7: spec example 4 — common need 5, troll hardest with a cap of 2;
// the proposal, the GM's split by counts, and a split over the cap refused.
#[test]
fn gem_atk_7_split_with_the_hardest_cap() {
    let state = run(&format!("{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin\n"), CROSS_DICE);
    let text = log(&state).join("\n");
    assert!(text.contains("common need 5 (hardest Troll: at most 2 hits)"), "{text}");
    assert!(
        text.contains(
            "hits shared: h1 (die #5, ×1) → Ogre; h2 (die #6, ×1) → Troll; h3 (die #7, ×1) → Goblin; \
             h4 (die #8, ×2) → Ogre; h5 (die #9, ×1) → Troll"
        ),
        "{text}"
    );
    let state = run(
        &format!("{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin split=ogre:3,troll:2\n"),
        CROSS_DICE,
    );
    let text = log(&state).join("\n");
    assert!(
        text.contains(
            "h1 (die #5, ×1) → Ogre; h2 (die #6, ×1) → Ogre; h3 (die #7, ×1) → Ogre; h4 (die #8, ×2) → Troll"
        ),
        "{text}"
    );
    let err = run_err(
        &format!("{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin split=troll:3,ogre:2\n"),
        CROSS_DICE,
    );
    assert!(err.contains("3 hits on the hardest (Troll); at most 2 of 5"), "{err}");
    let err = run_err(
        &format!("{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin split=ogre:3,bob:2\n"),
        CROSS_DICE,
    );
    assert!(err.contains("'bob' is not a target"), "{err}");
    let err = run_err(
        &format!("{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin split=ogre:1,troll:2\n"),
        CROSS_DICE,
    );
    assert!(err.contains("gives 3 hits; the set made 5"), "{err}");
    // Instances by name.
    let state = run(
        &format!(
            "{CROSSBOWS}attack Crossbowmen Ogre,Troll,Goblin split=goblin:h1+h4+h5,troll:h2,ogre:h3\n"
        ),
        CROSS_DICE,
    );
    let text = log(&state).join("\n");
    assert!(
        text.contains("h1 (die #5, ×1) → Goblin; h2 (die #6, ×1) → Troll; h3 (die #7, ×1) → Ogre"),
        "{text}"
    );
}

// GEM-CHOOSE-1, GEM-CRIT-4, GEM-OPT-3: spec example 5 — a negative modifier forbids choosing to
// be hit, lowering AD to 2 is allowed; a willing target is hit automatically, the crit die still
// uses the real need, and a grapple holds both.
#[test]
fn gem_choose_1_willing_and_lowered_targets() {
    let script = "new gempunks\nadd Bo side=pc\nweapon Bo rope acc=0 dmg=1d6 ranged range=10/20/40\n\
                  weapon Bo hands acc=0 dmg=1d6-1 unarmed melee\n\
                  add Ana side=pc ad=5 gd=4 toughness=4\ninit Bo 10\ninit Ana 5\nstart\n";
    let err = run_err(&format!("{script}attack Bo Ana rope dist=25 willing=ana\n"), "2");
    assert!(err.contains("cannot choose to be hit: the modifiers total -1"), "{err}");
    let state = run(&format!("{script}attack Bo Ana rope dist=25 lower=ana\n"), "2");
    let text = log(&state).join("\n");
    assert!(text.contains("Ana needs 3"), "{text}");
    assert!(text.contains("0 hits"), "{text}");
    let state = run(&format!("{script}attack Bo Ana hands option=grapple willing=ana\n"), "6,3,5");
    assert!(has(&state, "ana", "Grappled") && has(&state, "bo", "Grappled"));
    assert_eq!(combatant(&state, "ana")["grappled_with"], serde_json::json!(["Bo"]));
}

// GEM-REG-5, GEM-REG-1, GEM-ACT-1: spec example 7 — pooled wounds; a hit of h or more drops one
// member and the excess is lost; the row shows the strength.
#[test]
fn gem_reg_5_pooled_wounds_and_overflow() {
    let script = "new gempunks\nadd Guard x8 regiment hp=2 toughness=4 ad=5\nadd Ogre side=pc\n\
                  weapon Ogre club acc=1 dmg=2d6\ninit Ogre 10\ninit Guards 5\nstart\n\
                  attack Ogre Guards assault\n";
    let state = run(script, "4,6,2,3,3,5,4");
    let guards = combatant(&state, "guards");
    assert_eq!(guards["members"]["standing"], 7, "{guards}");
    assert_eq!(guards["members"]["total"], 8);
    assert_eq!(guards["wound_pool"], 1);
    assert_eq!(guards["health"]["current"], 13);
    assert_eq!(guards["health"]["max"], 16);
    let next = format!("{script}next\nnext\nattack Ogre Guards heavy\n");
    let state = run(&next, "4,6,2,3,3,5,4,4,1,4");
    let guards = combatant(&state, "guards");
    assert_eq!(guards["members"]["standing"], 6, "{guards}");
    assert_eq!(guards["wound_pool"], 0);
}

// GEM-REG-1: a regiment needs at least 5 members (Reading gem_regiment_min) and a count.
#[test]
fn gem_reg_1_regiment_size_is_checked() {
    let err = run_err("new gempunks\nadd Bandit x3 regiment\n", "");
    assert!(err.contains("at least 5 members"), "{err}");
    let err = run_err("new gempunks\nadd Bandit regiment\n", "");
    assert!(err.contains("add Bandit x20 regiment"), "{err}");
    let state = run("new gempunks\nset gem_regiment_min 3\nadd Bandit x3 regiment hp=3\n", "");
    assert_eq!(combatant(&state, "bandits")["health"]["max"], 9);
    assert_eq!(state["combatants"].as_array().map(Vec::len), Some(1));
}

// GEM-REG-3: at most three attack sets between a regiment's turns.
#[test]
fn gem_reg_3_three_sets_a_round() {
    let script = "new gempunks\nadd Bandit x5 regiment\nweapon Bandits fists acc=1 dmg=1d6-1\n\
                  add Post ad=30 toughness=50 hp=9\ninit Bandits 10\ninit Post 5\nstart\n\
                  attack Bandits Post\nattack Bandits Post reaction force\nattack Bandits Post reaction force\n";
    run(script, "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1");
    let err = run_err(
        &format!("{script}attack Bandits Post reaction\n"),
        "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
    );
    assert!(err.contains("3 attack sets"), "{err}");
}

// GEM-REG-4: n= picks how many dice the regiment rolls; more than it has is refused.
#[test]
fn gem_reg_4_n_dice() {
    let state = run(&format!("{BANDITS}attack Bandits Ogre fists n=3\n"), "1,1,1");
    assert!(log(&state).join("\n").contains("3d6"));
    let err = run_err(&format!("{BANDITS}attack Bandits Ogre n=21\n"), "");
    assert!(err.contains("n=21"), "{err}");
}

// GEM-ATK-2: need ≤ 1 hits on anything, need ≥ 10 misses but for automatic hits (GEM-CRIT-4).
#[test]
fn gem_atk_2_extreme_needs() {
    let script = "new gempunks\nadd Hero side=pc\nadd Wall ad=15 toughness=50 hp=9\n\
                  add Dummy ad=0 toughness=50 hp=9\ninit Hero 10\ninit Wall 1\ninit Dummy 2\nstart\n";
    let state = run(&format!("{script}attack Hero Dummy dmg=1d6\n"), "1,1");
    assert!(log(&state).join("\n").contains("1 hit"));
    let state = run(&format!("{script}attack Hero Wall dmg=1d6\n"), "6");
    assert!(log(&state).join("\n").contains("0 hits"));
    let state = run(&format!("{script}attack Hero Wall dmg=1d6 auto\n"), "6,6,1");
    let text = log(&state).join("\n");
    assert!(text.contains("1 hit, 1 crit die, 0 crits"), "{text}");
}

// GEM-DMG-1: typed parts meet armor and vulnerability by type.
#[test]
fn gem_dmg_1_parts_by_type() {
    let script = "new gempunks\nadd Hero side=pc\nadd Golem ad=2 toughness=2 hp=20 armor=3 vuln.fire=1\n\
                  init Hero 10\ninit Golem 1\nstart\n\
                  attack Hero Golem dmg=1d6+2:cutting,1d6:fire\n";
    // Attack 4 hits; cutting 4+2 = 6 − 3 = 3; fire 5 − 3 + 1 = 3: net 6 → 3 wounds.
    let state = run(script, "4,4,5");
    assert_eq!(hp(&state, "golem"), 17);
    // Issue 11 item 8: armor and vulnerability as maps by type, `*` for every type.
    let golem = combatant(&state, "golem");
    assert_eq!(golem["armor"], serde_json::json!({"*": 3}));
    assert_eq!(golem["vuln"], serde_json::json!({"*": 0, "fire": 1}));
    assert_eq!(
        (golem["ad"].as_i64(), golem["gd"].as_i64(), golem["toughness"].as_i64()),
        (Some(2), Some(5), Some(2))
    );
}

// GEM-OPT-7: a trip takes one wound off and knocks prone; a soft trip ignores armor, no wounds.
#[test]
fn gem_opt_7_trip() {
    let script = "new gempunks\nadd Hero side=pc\nadd Orc gd=3 toughness=3 hp=9 armor=2\n\
                  init Hero 10\ninit Orc 1\nstart\n";
    let state = run(&format!("{script}attack Hero Orc dmg=2d6 option=trip\n"), "5,6,5");
    assert_eq!(hp(&state, "orc"), 7, "11 − 2 = 9 → 3 wounds, one fewer");
    assert!(has(&state, "orc", "Prone"));
    assert_eq!(combatant(&state, "orc")["prone"], true);
    let state = run(&format!("{script}attack Hero Orc dmg=1d6 option=trip soft\n"), "5,3");
    assert_eq!(hp(&state, "orc"), 9);
    assert!(has(&state, "orc", "Prone"));
}

// GEM-WPN-3: a missed grenade lands 2 m per point missed, scaled by Muscle; at 8 m or more, at the
// thrower's feet with no direction die (spec example 8).
#[test]
fn gem_wpn_3_grenade_scatter() {
    let script = "new gempunks\nadd Thrower side=pc muscle=2\nweapon Thrower bomb acc=0 dmg=2d6 grenade\n\
                  add Spot ad=0 toughness=50 hp=9\ninit Thrower 10\ninit Spot 1\nstart\n";
    let state = run(&format!("{script}attack Thrower Spot\n"), "2,3");
    assert!(log(&state).join("\n").contains("misses by 3: lands 12 m east"), "{:?}", log(&state));
    let state = run(&format!("{script}attack Thrower Spot\n"), "1");
    assert!(log(&state).join("\n").contains("at the thrower's feet"));
}

// GEM-WPN-2: a Heavy weapon refuses Assault.
#[test]
fn gem_wpn_2_heavy_weapons_make_only_heavy_attacks() {
    let script = "new gempunks\nadd Hero side=pc\nweapon Hero maul acc=1 dmg=2d6 heavy\n\
                  add Orc\ninit Hero 10\ninit Orc 1\nstart\nattack Hero Orc assault\n";
    let err = run_err(script, "");
    assert!(err.contains("Heavy"), "{err}");
}

// GEM-ATK-4: an area attack rolls one die per creature inside, each against its own need, and
// the regiment's members caught pool into it; GEM-MOD-3: no single-target modifiers there.
#[test]
fn gem_atk_4_area_dice_per_creature() {
    let script = "new gempunks\nadd Witch side=pc\nadd Bandit x6 regiment hp=1 ad=4 toughness=2 armor=0\n\
                  add Ogre ad=7 toughness=20 hp=9\ninit Witch 10\ninit Bandits 5\ninit Ogre 1\nstart\n\
                  attack Witch Bandits,Ogre dmg=1d6 area=bandits:3\n";
    // Need 4 for the bandits (three dice), 7 for the ogre (one die): 4, 1, 5 | 5.
    let state = run(script, "4,1,5,5,3,2");
    let b = combatant(&state, "bandits");
    assert_eq!(b["members"]["standing"], 4, "{b}");
    assert_eq!(hp(&state, "ogre"), 9);
    let err =
        run_err(&format!("{script}attack Witch Bandits dmg=1d6 area spatial\n"), "4,1,5,5,3,2");
    assert!(err.contains("single-target"), "{err}");
}

// Issue 11 item 6: the odds of a set before rolling.
#[test]
fn gempunks_odds_report_is_exact_and_never_clamped() {
    let rules = skirmish::rules::System::GEMPUNKS.rules();
    let text = rules.spec().odds_report(&["20".into(), "need=4".into()]).expect("report");
    assert!(text.contains("expect 10.00 hits"), "{text}");
    assert!(text.contains("P(≥1 hit) 1048575/1048576"), "{text}");
    let big =
        rules.spec().odds_report(&["200".into(), "need=4".into(), "heavy".into()]).expect("report");
    assert!(big.contains("expect 100.00 hits"), "{big}");
    assert!(big.contains("(rounded)"), "{big}");
    assert!(rules.spec().odds_report(&["x".into()]).is_err());
}

/// The regiment demo is what its script makes (issue 11 item 9: a regiment attacking two
/// targets), like the other samples (tests/it/saves.rs).
#[test]
fn the_regiment_demo_matches_its_script() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let script =
        std::fs::read_to_string(root.join("saves/scripts/gempunks-regiment.txt")).expect("script");
    let mut dice = skirmish::rules::dice::SeededDice::new(7);
    let targets = skirmish::cli::SaveTargets { after: None, loaded_from: None };
    let session =
        skirmish::cli::run_script(None, &script, &mut dice, crate::harness::assets(), targets)
            .expect("the demo script runs");
    let sample =
        std::fs::read_to_string(root.join("saves/gempunks-regiment-demo.ron")).expect("sample");
    assert_eq!(
        skirmish::save::to_ron(&session).expect("written"),
        sample,
        "regenerate with its script"
    );
    let state = skirmish::cli::to_json(&session);
    let bandits = combatant(&state, "bandits");
    assert_eq!(bandits["members"]["total"], 20);
}

// GEM-MOD-5: a shot through two goblins (spec example 6): it passes the first, dropped to HP ≤ 0,
// and carries on with the damage less what the first one needed.
#[test]
fn gem_mod_5_through_multiple_creatures() {
    let script = "new gempunks\nadd Sniper side=pc\nweapon Sniper rifle acc=3 dmg=2d6+2:piercing ranged\n\
                  add gobA ad=4 toughness=3 hp=1 armor=0\nadd gobB ad=4 toughness=3 hp=2 armor.piercing=1\n\
                  init Sniper 10\ninit gobA 2\ninit gobB 1\nstart\n\
                  attack Sniper gobA,gobB through=gobA,gobB\n";
    let state = run(script, "4,5,4");
    assert_eq!(hp(&state, "goba"), -2);
    assert_eq!(hp(&state, "gobb"), 0);
    let text = log(&state).join("\n");
    assert!(text.contains("gobA needs 2, gobB needs 2"), "{text}");
    assert!(text.contains("11 − (0 + 1 × 3) = 8 carries on"), "{text}");
    let err = run_err(&format!("{script}attack Sniper gobB through=gobA\n"), "4,5,4");
    assert!(err.contains("in line order"), "{err}");
}

/// Hero with bare hands against Orc (GD 3, T 4, HP 5), for the options.
const HANDS: &str = "new gempunks\nadd Hero side=pc\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                     weapon Hero bow acc=0 dmg=1d6 ranged range=10/20/40\n\
                     add Orc gd=3 ad=5 toughness=4 hp=5\ninit Hero 10\ninit Orc 1\nstart\n";

// GEM-OPT-4, GEM-OPT-9: disarm and pickpocket do no damage and work on raw ≥ T/2; ranged ones
// take −1.
#[test]
fn gem_opt_4_and_9_disarm_and_pickpocket() {
    let state = run(&format!("{HANDS}attack Hero Orc hands option=disarm\n"), "4,2");
    assert!(has(&state, "orc", "Disarmed"));
    assert_eq!(hp(&state, "orc"), 5);
    let state = run(&format!("{HANDS}attack Hero Orc hands option=disarm\n"), "4,1");
    assert!(!has(&state, "orc", "Disarmed"));
    let state = run(&format!("{HANDS}attack Hero Orc bow option=disarm\n"), "4,2");
    assert!(log(&state).join("\n").contains("Orc needs (GD) 4"), "ranged −1");
    let state = run(&format!("{HANDS}attack Hero Orc bow option=pickpocket\n"), "4,3");
    assert!(log(&state).join("\n").contains("a loose item falls off it"));
    let err = run_err(&format!("{HANDS}attack Hero Orc bow option=reverse-pickpocket\n"), "4,3");
    assert!(err.contains("unarmed only"), "{err}");
}

// GEM-OPT-4: a bare attack says it is unarmed with the `unarmed` flag, right after the target
// (before, the word was read as a weapon's name there), and may then disarm and take.
#[test]
fn gem_opt_4_a_bare_attack_is_unarmed_by_its_flag() {
    let bare = "new gempunks\nadd Hero side=pc\nadd Orc gd=3 ad=5 toughness=4 hp=5\n\
                init Hero 10\ninit Orc 1\nstart\n";
    let state =
        run(&format!("{bare}attack Hero Orc unarmed dmg=1d6-1 option=reverse-pickpocket\n"), "4,3");
    assert!(!log(&state).join("\n").contains("unarmed only"));
    let err =
        run_err(&format!("{bare}attack Hero Orc dmg=1d6-1 option=reverse-pickpocket\n"), "4,3");
    assert!(err.contains("unarmed only"), "{err}");
}

// GEM-OPT-6: sunder an item with the holder's AD: T 5, HP 1 (a magical one T 8, HP 2).
#[test]
fn gem_opt_6_sunder() {
    let state = run(&format!("{HANDS}attack Hero Orc hands option=sunder item=club\n"), "6,5,5");
    let text = log(&state).join("\n");
    assert!(text.contains("Orc needs 6"), "AD 5 − (−1 melee sunder): {text}");
    assert!(text.contains("sunder club (T 5, HP 1): 5 damage, 1 wound(s): destroyed"), "{text}");
    assert_eq!(hp(&state, "orc"), 5);
}

// GEM-OPT-8, GEM-OPT-10, GEM-OPT-3: strangle and ride need a grapple; strangle's first wound
// stops the breath instead; ride sets who rides whom.
#[test]
fn gem_opt_8_and_10_strangle_and_ride_need_a_grapple() {
    let err = run_err(&format!("{HANDS}attack Hero Orc hands option=strangle\n"), "4,4");
    assert!(err.contains("needs Hero to be grappling Orc"), "{err}");
    let grapple = format!("{HANDS}attack Hero Orc hands option=grapple\n");
    let state = run(&format!("{grapple}attack Hero Orc hands option=strangle force\n"), "4,4,4,4");
    assert!(has(&state, "orc", "Strangled"));
    assert_eq!(combatant(&state, "orc")["cannot_breathe"], true);
    assert_eq!(hp(&state, "orc"), 5, "its one wound stops the breath instead");
    let state =
        run(&format!("{grapple}attack Hero Orc hands option=ride ride=me force\n"), "4,4,4");
    assert!(has(&state, "hero", "Riding"));
}

// GEM-ACT-2, GEM-ACT-3, GEM-INIT-2: Heavy Attack and Rush are one standard action each; a
// second set on the same turn is refused unless forced.
#[test]
fn gem_act_2_and_3_one_set_per_standard_action() {
    let state = run(&format!("{HANDS}attack Hero Orc hands rush\n"), "1");
    assert_eq!(combatant(&state, "hero")["budget"][0]["left"], 0);
    let err =
        run_err(&format!("{HANDS}attack Hero Orc hands heavy\nattack Hero Orc hands\n"), "1,1");
    assert!(err.contains("standard"), "{err}");
}

// GEM-REG-2, GEM-REG-6: a regiment is one initiative entry and one turn; at no members standing
// it is down and leaves the order.
#[test]
fn gem_reg_2_and_6_one_turn_and_gone_at_zero() {
    let script = "new gempunks\nadd Bandit x5 regiment hp=1 toughness=1 armor=0 ad=1\n\
                  add Hero side=pc\ninit Bandits 10\ninit Hero 5\nstart\n";
    let state = run(script, "");
    assert_eq!(state["order"].as_array().map(Vec::len), Some(2), "{}", state["order"]);
    let kill = format!("{script}next\nattack Hero Bandits dmg=5d6 n=1\n");
    let state = run(&kill, "2,1,1,1,1,1");
    let b = combatant(&state, "bandits");
    assert_eq!(b["members"]["standing"], 4, "one instance drops one member: the excess is lost");
    assert_eq!(b["down"], false);
    let state = run(
        &format!(
            "{script}damage Bandits 1\ndamage Bandits 1\ndamage Bandits 1\ndamage Bandits 1\ndamage Bandits 1\n"
        ),
        "",
    );
    let b = combatant(&state, "bandits");
    assert_eq!(b["members"]["standing"], 0);
    assert_eq!(b["down"], true);
}

/// Issue 11 item 7, GEM-ATK-3: the attack dialog picks a regiment's set against two targets,
/// shows the odds of its dice before rolling, and the regiment's row shows its strength.
#[test]
fn the_attack_dialog_takes_a_regiment_against_two_targets() {
    use crate::tui::{app, drive, screen};
    use skirmish::app::Mode;
    let session = skirmish::encounter::Session::new(
        skirmish::rules::System::GEMPUNKS,
        "Test",
        crate::harness::assets(),
    );
    let mut a = app(session);
    drive(
        &mut a,
        ":add Bandit x20 regiment hp=3 ad=5 gd=4 toughness=3<Enter>\
         :weapon Bandits fists acc=1 dmg=1d6-1 unarmed<Enter>\
         :add Ogre ad=5 toughness=4 hp=6<Enter>:add Troll ad=7 toughness=5 hp=9<Enter>\
         :init Bandits 10<Enter>:init Ogre 5<Enter>:init Troll 4<Enter>:start<Enter>",
    );
    assert!(screen(&a, 100, 30).contains("Bandits 20/20"), "{}", screen(&a, 100, 30));
    // Attacker, Ogre, fists, no switches, nothing more, Troll as a second target.
    drive(&mut a, "a<Enter>ogre<Enter><Enter><Enter><Enter><Down><Space><Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("at the dice") };
    let preview = dialog.preview.clone().unwrap_or_default();
    assert_eq!(preview, "20 dice need 5: expect 6.7 hits; P(≥1 crit) 68.12%");
    // Rolled by the tracker roll by roll: the set and its crit dice come first, then the
    // proposed split to accept, then the damage.
    let left = crate::tui::rolls_until_a_decision(&mut a, &[]);
    assert!(left.is_empty());
    let Mode::Dialog(dialog) = &a.mode else { panic!("at the split step") };
    let label = dialog.step().map(|s| s.label().to_string()).unwrap_or_default();
    assert!(label.starts_with("Bandits' hits to share"), "{label}");
    drive(&mut a, "<Enter>");
    crate::tui::answer(&mut a, &[]);
    assert!(matches!(a.mode, Mode::Normal), "{}", screen(&a, 100, 30));
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.contains("attack Ogre needs 4, Troll needs 6: 20d6")), "{log:#?}");
    assert!(log.iter().any(|l| l.starts_with("hits shared: h1")), "{log:#?}");
}

/// GEM-ATK-6, GEM-ATK-7 in the TUI: typed faces for the hits, the proposed split shown before
/// damage (spec example 4), changed by the GM, then the damage faces.
#[test]
fn the_attack_dialog_proposes_the_split_before_damage() {
    use crate::tui::{app, drive};
    use skirmish::app::Mode;
    use skirmish::app::dialog::Step;
    let session = skirmish::encounter::Session::new(
        skirmish::rules::System::GEMPUNKS,
        "Test",
        crate::harness::assets(),
    );
    let mut a = app(session);
    drive(
        &mut a,
        ":add Crossbowman x10 regiment<Enter>:weapon Crossbowmen bolt acc=1 dmg=1d6 ranged<Enter>\
         :add Ogre ad=5 toughness=20 hp=9<Enter>:add Troll ad=7 toughness=20 hp=9<Enter>\
         :add Goblin ad=4 toughness=20 hp=9<Enter>\
         :init Crossbowmen 10<Enter>:init Ogre 5<Enter>:init Troll 4<Enter>:init Goblin 3<Enter>\
         :start<Enter>",
    );
    // Ogre first, then Troll and Goblin as the other targets (listed Troll, Goblin: the Ogre,
    // chosen already, is not offered again).
    drive(&mut a, "a<Enter>ogre<Enter><Enter><Enter><Enter><Space><Down><Space><Enter>");
    let faces = [1, 2, 3, 4, 5, 5, 5, 6, 6, 4, 5, 3, 1, 1, 1, 1, 1, 1];
    let damage = crate::tui::rolls_until_a_decision(&mut a, &faces);
    let Mode::Dialog(dialog) = &a.mode else { panic!("at the split step") };
    let Some(Step::Text { input, label, .. }) = dialog.step() else { panic!("split step") };
    assert_eq!(input.value(), "split=ogre:h1+h4,troll:h2+h5,goblin:h3");
    let shares = "5 hits: h1 (die #5, ×1); h2 (die #6, ×1); h3 (die #7, ×1); h4 (die #8, ×2); h5 (die #9, ×1)";
    assert!(label.contains(shares), "{label}");
    assert!(label.contains("the hardest (Troll) take at most 2"), "{label}");
    let clear = "<BS>".repeat(input.value().chars().count());
    drive(&mut a, &format!("{clear}split=ogre:3,troll:2<Enter>"));
    let left = crate::tui::answer(&mut a, damage);
    assert!(left.is_empty(), "{left:?}");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l
            .contains("h1 (die #5, ×1) → Ogre; h2 (die #6, ×1) → Ogre; h3 (die #7, ×1) → Ogre")),
        "{log:#?}"
    );
}

// GEM-ACT-4, GEM-INIT-3: Cower refuses attacks from total cover or from 100 m and more, and ends
// as the cowering creature's turn begins.
#[test]
fn gem_act_4_cower() {
    let script = "new gempunks\nadd Orc\nadd Hero side=pc\nweapon Hero bow acc=0 dmg=1d6 ranged range=50/50/50\n\
                  init Orc 10\ninit Hero 5\nstart\ndo Orc cower\nnext\n";
    let err = run_err(&format!("{script}attack Hero Orc total_cover\n"), "");
    assert!(err.contains("Orc is cowering"), "{err}");
    let err = run_err(&format!("{script}attack Hero Orc dist=120\n"), "");
    assert!(err.contains("Orc is cowering"), "{err}");
    let state = run(&format!("{script}attack Hero Orc total_cover through_cover\n"), "1");
    assert!(has(&state, "orc", "Cowering"));
    let state = run(&format!("{script}next\n"), "");
    assert!(!has(&state, "orc", "Cowering"), "ends as its turn begins");
}

// GEM-ACT-5: Cut Out: a non-heavy attack at −1 (melee) whose wound makes an implant fall out.
#[test]
fn gem_act_5_cut_out() {
    let state = run(&format!("{HANDS}attack Hero Orc hands cutout=gem\n"), "6,1,5");
    let text = log(&state).join("\n");
    assert!(text.contains("cut out -1"), "{text}");
    assert!(text.contains("an implanted gem falls out of Orc"), "{text}");
    let err = run_err(&format!("{HANDS}attack Hero Orc hands cutout=gem heavy\n"), "");
    assert!(err.contains("GEM-ACT-5"), "{err}");
}

// GEM-ACT-6: Tie Up needs a grapple and an unarmed attack; a would-be wound ties the target.
#[test]
fn gem_act_6_tie_up() {
    let err = run_err(&format!("{HANDS}attack Hero Orc hands tieup\n"), "");
    assert!(err.contains("tieup needs Hero to be grappling Orc"), "{err}");
    let state = run(
        &format!(
            "{HANDS}attack Hero Orc hands option=grapple\nattack Hero Orc hands tieup force\n"
        ),
        "4,4,4,5,3",
    );
    assert!(has(&state, "orc", "Tied Up"));
    assert_eq!(hp(&state, "orc"), 5, "no wounds");
}

// GEM-ACT-7, GEM-ACT-8: a guard lasts until the guard's next turn; its attacks are reactions,
// paid for by the guard, not by the turn.
#[test]
fn gem_act_7_and_8_guards() {
    let script = "new gempunks\nadd Hero side=pc\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                  add Orc\ninit Hero 10\ninit Orc 5\nstart\ndo Hero mguard\nnext\n";
    let state = run(&format!("{script}attack Hero Orc hands reaction force\n"), "1");
    assert!(has(&state, "hero", "Guarding"));
    let state = run(&format!("{script}next\n"), "");
    assert!(!has(&state, "hero", "Guarding"));
    let state = run(
        "new gempunks\nadd Hero side=pc\nadd Orc\ninit Hero 10\ninit Orc 5\nstart\ndo Hero rguard\n",
        "",
    );
    assert!(has(&state, "hero", "Guarding"));
}

// GEM-ACT-10, GEM-ACT-11: Delay is the core hold; Move spends the move action.
#[test]
fn gem_act_10_and_11_delay_and_move() {
    let script = "new gempunks\nadd Hero side=pc\nadd Orc\ninit Hero 10\ninit Orc 5\nstart\n";
    let state = run(&format!("{script}do Hero move\n"), "");
    let hero = combatant(&state, "hero");
    assert_eq!(hero["budget"][1]["left"], 0, "{hero}");
    assert_eq!(hero["budget"][0]["left"], 1);
    let state = run(&format!("{script}hold\n"), "");
    assert_eq!(state["current"], "orc");
    assert_eq!(combatant(&state, "hero")["held"], true);
    let state = run(&format!("{script}hold\nact Hero\n"), "");
    assert_eq!(state["current"], "hero");
}

// GEM-ACT-9: an immediate action costs nothing now and a move action (then the standard) at the
// creature's next turn; no more than two are owed.
#[test]
fn gem_act_9_immediate_actions_are_paid_next_turn() {
    let script = "new gempunks\nadd Orc\nadd Hero side=pc\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                  init Orc 10\ninit Hero 5\nstart\n\
                  attack Hero Orc hands immediate\nattack Hero Orc hands immediate\n";
    let state = run(script, "1,1");
    let err = run_err(&format!("{script}attack Hero Orc hands immediate\n"), "1,1,1");
    assert!(err.contains("already owes 2 immediate actions"), "{err}");
    assert!(has(&state, "hero", "Owes Action"));
    let state = run(&format!("{script}next\n"), "1,1");
    let hero = combatant(&state, "hero");
    assert_eq!(hero["budget"][1]["total"], 0, "the move pays the first: {hero}");
    assert_eq!(hero["budget"][0]["total"], 0, "the standard the second");
    assert!(!has(&state, "hero", "Owes Action"));
}

// GEM-ATK-1, GEM-MOD-1, GEM-MOD-2, GEM-MOD-3, GEM-MOD-4: need = defense − (Accuracy + modifiers),
// each modifier as the spec gives it. Orc: AD 5, GD 3.
#[test]
fn gem_mod_4_modifiers_table() {
    let cases: &[(&str, &str)] = &[
        ("hands", "Orc needs 5"),
        ("hands high_ground", "Orc needs 4"),
        ("bow far=2", "Orc needs 7"),
        ("bow dist=15", "Orc needs 6"),
        ("bow dist=35", "Orc needs 7"),
        ("bow in_melee wind unstable", "Orc needs 8"),
        ("hands spatial uncertain", "Orc needs 7"),
        ("hands cover", "Orc needs 6"),
        ("hands total_cover", "Orc needs 7"),
        ("hands leaving_range", "Orc needs 7"),
        ("hands mod=+2", "Orc needs 3"),
        ("hands option=trip", "Orc needs (GD) 3"),
    ];
    for (fields, expected) in cases {
        let state = run(&format!("{HANDS}attack Hero Orc {fields}\n"), "1");
        let text = log(&state).join("\n");
        assert!(text.contains(expected), "{fields}: {text}");
    }
    for (fields, why) in [
        ("hands far=1", "Far is for ranged"),
        ("bow high_ground", "High Ground is for melee"),
        ("bow dist=71", "beyond bow's last increment, 70 m"),
    ] {
        let err = run_err(&format!("{HANDS}attack Hero Orc {fields}\n"), "1");
        assert!(err.contains(why), "{fields}: {err}");
    }
    // Stationary: an unconscious target has AD 2.
    let state = run(&format!("{HANDS}cond Orc unconscious\nattack Hero Orc hands\n"), "1");
    assert!(log(&state).join("\n").contains("Orc needs 2"));
    // Trigger Grip −2 unless Carrying Capacity ≥ 10 × weight or two hands.
    let grip = "new gempunks\nadd Hero side=pc carry=20\nweapon Hero gun acc=0 dmg=1d6 ranged trigger_grip weight=3\n\
                add Orc ad=5\ninit Hero 10\ninit Orc 1\nstart\n";
    let state = run(&format!("{grip}attack Hero Orc\n"), "1");
    assert!(log(&state).join("\n").contains("Orc needs 7"));
    let state = run(&format!("{grip}attack Hero Orc two_hands\n"), "1");
    assert!(log(&state).join("\n").contains("Orc needs 5"));
}

// GEM-WPN-1, GEM-ACT-1, GEM-MOD-4: wields: an Automatic weapon wielded 3 times makes an Assault of
// 4 attacks at −4; a second weapon the same round brings the multiweapon penalty.
#[test]
fn gem_wpn_1_wields_and_multiweapon() {
    let script = "new gempunks\nadd Hero side=pc\nweapon Hero smg acc=0 dmg=1d6 ranged automatic\n\
                  weapon Hero knife acc=0 dmg=1d6 melee\nadd Orc ad=5 toughness=50 hp=9\n\
                  init Hero 10\ninit Orc 1\nstart\n";
    let state = run(&format!("{script}attack Hero Orc smg assault wield=3\n"), "1,1,1,1");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero (1 × 4 attack(s)) attacks Orc needs 9: 4d6"), "{text}");
    let err = run_err(&format!("{script}attack Hero Orc knife wield=2\n"), "");
    assert!(err.contains("1 to 1 times"), "{err}");
    let state = run(&format!("{script}attack Hero Orc smg\nattack Hero Orc knife force\n"), "1,1");
    assert!(log(&state).join("\n").contains("multiweapon ×2 -2"), "{:?}", log(&state));
}

// Readings played the other way: GEM-ATK-3 `gem_common_hit=own_need` loses a hit given to a
// target its die misses alone; GEM-ATK-4 `gem_area=common` gives an area's dice the common need;
// GEM-REG-6 `gem_reg_break=below_min` breaks a regiment below its minimum.
#[test]
fn gem_atk_3_4_reg_6_readings_the_other_way() {
    let state = run(
        &format!("{CROSSBOWS}set gem_common_hit own_need\nattack Crossbowmen Ogre,Troll,Goblin\n"),
        "1,2,3,4,5,5,5,6,6,4,5,3,1,1,1,1,1",
    );
    let text = log(&state).join("\n");
    assert!(text.contains("h2 (die #6, a 5) would miss Troll alone (needs 6): lost"), "{text}");
    let script = "new gempunks\nset gem_area common\nadd Witch side=pc\n\
                  add Bandit x6 regiment hp=1 ad=4 toughness=2 armor=0\n\
                  add Ogre ad=7 toughness=20 hp=9\ninit Witch 10\ninit Bandits 5\ninit Ogre 1\nstart\n\
                  attack Witch Bandits,Ogre dmg=1d6 area=bandits:3\n";
    let state = run(script, "4,1,5,5");
    assert!(log(&state).join("\n").contains("0 hits"));
    let script = "new gempunks\nset gem_reg_break below_min\nadd Bandit x5 regiment hp=1 toughness=1 armor=0\n\
                  damage Bandits 1\n";
    let state = run(script, "");
    let b = combatant(&state, "bandits");
    assert_eq!((b["members"]["standing"].as_i64(), b["down"].as_bool()), (Some(0), Some(true)));
}

/// Vex and Kell (AD 4), then three bestiary goblins, separate creatures sharing count 7, each
/// with its own turn: Goblin 1, 2, 3, then Vex, then Kell. `body` runs after `start`.
fn goblins(body: &str) -> String {
    format!(
        "new gempunks\nadd Vex side=pc hp=6 ad=4 toughness=3 controller=anna\n\
         add Kell side=pc hp=8 ad=4 toughness=4 controller=ben\nadd Goblin x3\n\
         init Goblin-1 7\ninit Vex 5\ninit Kell 4\nstart\n{body}\n"
    )
}

/// The standard actions left on the turn under way, as the JSON has them.
fn standard_left(state: &Value, id: &str) -> Option<i64> {
    combatant(state, id)["budget"]
        .as_array()?
        .iter()
        .find(|p| p["name"] == "standard")
        .and_then(|p| p["left"].as_i64())
}

// GEM-INIT-2, GEM-ATK-5: a group of separate creatures attacking as one set spends the standard
// action of every member that rolls: the one on its turn at once, the others ahead of their own
// turns this round. A member whose turn is over does not roll (the log says so; `force` brings it
// in); the set's line names the attackers. Each die here is a 1: a miss, so no damage dice.
#[test]
fn gem_init_2_a_groups_set_spends_each_members_standard_action() {
    // (lines after `start`, faces, the set's line, a line about who spends or is left out)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "attack goblin Vex,Kell roll=1,1,1",
            "",
            "Goblin 1, Goblin 2, Goblin 3 attack Vex needs 3, Kell needs 3: 3d6",
            "Goblin 3 attacks in Goblin 1's set: its standard action this round is spent",
        ),
        (
            "next\nattack goblin Vex,Kell roll=1,1",
            "",
            "Goblin 2, Goblin 3 attack Vex needs 3, Kell needs 3: 2d6",
            "Goblin 1 does not attack in this set: its turn this round is over (GEM-INIT-2)",
        ),
        (
            "next\nattack goblin Vex force roll=1,1,1",
            "",
            "Goblin 2, Goblin 1, Goblin 3 attack Vex needs 3: 3d6",
            "Goblin 3 attacks in Goblin 2's set",
        ),
        // On the last goblin's turn only it is left to roll: a set of one, named as one.
        ("next\nnext\nattack goblin Vex roll=1", "", "Goblin 3 attacks Vex needs 3: 1d6", ""),
    ];
    for (body, dice, set_line, member_line) in cases {
        let state = run(&goblins(body), dice);
        let text = log(&state).join("\n");
        assert!(text.contains(set_line), "{body}: {text}");
        assert!(text.contains(member_line), "{body}: {text}");
    }
    // Goblin 3's turn begins with its standard action gone; an attack then is refused …
    let state = run(&goblins("next\nattack goblin Vex,Kell roll=1,1\nnext"), "");
    assert_eq!(state["current"], "goblin-3");
    assert_eq!(standard_left(&state, "goblin-3"), Some(0));
    let text = log(&state).join("\n");
    assert!(
        text.contains("Goblin 3: standard action already spent in Goblin 2's set, −1 of standard"),
        "{text}"
    );
    let err =
        run_err(&goblins("next\nattack goblin Vex,Kell roll=1,1\nnext\nattack goblin Vex"), "");
    assert!(err.contains("0 of 1 left"), "{err}");
    // … and the next round gives it back.
    let state =
        run(&goblins("attack goblin Vex,Kell roll=1,1,1\nnext\nnext\nnext\nnext\nnext\nnext"), "");
    assert_eq!((state["round"].as_i64(), state["current"].as_str()), (Some(2), Some("goblin-2")));
    assert_eq!(standard_left(&state, "goblin-2"), Some(1));
}
