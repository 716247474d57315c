//! The rules behind `damage`, `cond` and `shake`, system by system, as tables of cases with
//! scripted dice. Each case names its rule ID.

use std::sync::Arc;

use skirmish::command::parse;
use skirmish::encounter::{Assets, Session};
use skirmish::rules::System;
use skirmish::rules::conditions::Level;
use skirmish::rules::dice::ScriptedDice;
use skirmish::save;

fn assets() -> Arc<Assets> {
    Arc::new(save::assets::embedded_assets().expect("shipped assets parse"))
}

/// Play lines with scripted faces; returns the session, or the first refusal's text.
fn play(system: System, lines: &[&str], faces: &[u32]) -> Result<Session, String> {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let mut session = Session::new(system, "rules", assets());
    for line in lines {
        let command = parse(line).map_err(|e| e.to_string())?.ok_or("blank line")?;
        session.execute(&command, &mut dice).map_err(|e| format!("{line}: {e}"))?;
    }
    assert_eq!(dice.remaining(), 0, "every scripted face is used: {lines:?}");
    Ok(session)
}

fn health(session: &Session, id: &str) -> i64 {
    session.encounter().get(id).expect("combatant").health.current
}

fn has(session: &Session, id: &str, condition: &str) -> Option<Level> {
    session.encounter().get(id).expect("combatant").condition(condition).map(|c| c.level)
}

#[test]
fn woin_dmg_1_soak_and_sixes() {
    // (damage command, faces, HEALTH left of 20 with SOAK 3)
    let cases: &[(&str, &[u32], i64)] = &[
        ("damage T 10", &[], 13),         // WOIN-DMG-1: 10 − SOAK 3
        ("damage T 2", &[], 20),          // WOIN-DMG-1: all SOAKed
        ("damage T 2d6", &[6, 1], 16),    // WOIN-DMG-1: 7 − 3 = 4
        ("damage T 2d6", &[1, 1], 20),    // WOIN-DMG-1: 2 − 3, nothing
        ("damage T 1d6", &[6], 17),       // WOIN-DMG-1: 6 − 3 = 3
        ("damage T 3d6", &[6, 6, 1], 10), // WOIN-DMG-1: 13 − 3
        ("damage T 2d6-6", &[6, 6], 17),  // WOIN-DMG-1: 6 − 3 = 3, more than the two sixes
        ("damage T 2d6-9", &[6, 6], 18),  // WOIN-DMG-1: 3 − 3 = 0, but two sixes still do 2
        ("damage T 10 raw", &[], 10),     // raw skips SOAK
    ];
    for (line, faces, left) in cases {
        let s = play(System::WOIN, &["add T health=20 soak=3", line], faces).expect("plays");
        assert_eq!(health(&s, "t"), *left, "{line} {faces:?}");
    }
}

#[test]
fn woin_dmg_2_disarmored_halves_soak_and_severe_removes_it() {
    let cases: &[(&[&str], i64)] = &[
        (&["cond T disarmored"], 20 - (10 - 3)), // WOIN-DMG-2: SOAK 5 halved, rounded up: 3
        (&["cond T disarmored severe"], 20 - 10), // WOIN-DMG-2: severe, no SOAK
        (&["cond T disarmored", "cond T disarmored"], 10), // WOIN-COND-1 then WOIN-DMG-2
    ];
    for (conds, left) in cases {
        let mut lines = vec!["add T health=20 soak=5"];
        lines.extend_from_slice(conds);
        lines.push("damage T 10");
        let s = play(System::WOIN, &lines, &[]).expect("plays");
        assert_eq!(health(&s, "t"), *left, "{conds:?}");
    }
}

#[test]
fn woin_immune_damage_type_does_nothing() {
    let s = play(System::WOIN, &["add T health=20 immune=poison", "damage T 9 poison"], &[])
        .expect("plays");
    assert_eq!(health(&s, "t"), 20);
}

#[test]
fn woin_cond_1_second_application_is_severe() {
    let s = play(System::WOIN, &["add T", "cond T dazed"], &[]).expect("plays");
    assert_eq!(has(&s, "t", "Dazed"), Some(Level::First));
    let s = play(System::WOIN, &["add T", "cond T dazed", "cond T dazed"], &[]).expect("plays");
    assert_eq!(has(&s, "t", "Dazed"), Some(Level::Severe));
    let s = play(System::WOIN, &["add T", "cond T dazed", "cond T dazed", "cond T dazed"], &[])
        .expect("plays");
    assert_eq!(has(&s, "t", "Dazed"), Some(Level::Severe), "a third application changes nothing");
}

#[test]
fn woin_cond_2_and_4_shake_off_needs_five_or_six_for_severe() {
    // (add fields, condition lines, shake face, removed?)
    let cases: &[(&str, &[&str], u32, bool)] = &[
        ("", &["cond T dazed"], 5, true),       // WOIN-COND-2: 5 removes it
        ("", &["cond T dazed"], 4, false),      // WOIN-COND-2: 4 does not
        (" human", &["cond T dazed"], 4, true), // WOIN-COND-2: humans +1
        ("", &["cond T dazed severe"], 5, false), // WOIN-COND-4: severe needs 6
        ("", &["cond T dazed severe"], 6, true), // WOIN-COND-4
        (" human", &["cond T dazed severe"], 5, true), // WOIN-COND-4: human +1 still applies
    ];
    for (extra, conds, face, removed) in cases {
        let add = format!("add T{extra}");
        let mut lines = vec![add.as_str()];
        lines.extend_from_slice(conds);
        lines.push("shake T dazed");
        let s = play(System::WOIN, &lines, &[*face]).expect("plays");
        assert_eq!(has(&s, "t", "Dazed").is_none(), *removed, "{extra} {conds:?} face {face}");
    }
}

#[test]
fn woin_cond_3_removing_severe_removes_it_entirely() {
    let s =
        play(System::WOIN, &["add T", "cond T pain severe", "uncond T pain"], &[]).expect("plays");
    assert_eq!(has(&s, "t", "Pain"), None);
}

#[test]
fn woin_cond_5_persistent_conditions_cannot_be_shaken_and_bleeding_never_persists() {
    let err = play(System::WOIN, &["add T", "cond T dazed source=spell", "shake T dazed"], &[])
        .expect_err("refused");
    assert!(err.contains("persistent (spell) and cannot be shaken off"), "{err}");
    let err =
        play(System::WOIN, &["add T", "cond T bleeding environment"], &[]).expect_err("refused");
    assert!(err.contains("Bleeding can never be persistent"), "{err}");
}

#[test]
fn conditions_with_a_duration_expire() {
    let lines = ["add A init=1d6", "cond A dazed rounds=1", "start", "next"];
    let s = play(System::WOIN, &lines, &[3]).expect("plays");
    assert_eq!(s.encounter().round, 2);
    assert_eq!(has(&s, "a", "Dazed"), None, "one round, gone when round 2 starts");
    assert!(s.log().iter().any(|l| l.text == "A is no longer Dazed (expired)"));
}

#[test]
fn gem_dmg_2_wounds_from_armor_and_toughness() {
    // (damage, HP left of 6 with armor 1 and Toughness 3)
    let cases: &[(&str, i64)] = &[
        ("damage T 3", 6),  // GEM-DMG-2: (3 − 1) / 3 = 0 wounds
        ("damage T 4", 5),  // GEM-DMG-2: (4 − 1) / 3 = 1
        ("damage T 10", 3), // GEM-DMG-2: 9 / 3 = 3
        ("damage T 0", 6),
        ("damage T 2 raw", 4),
    ];
    for (line, left) in cases {
        let s =
            play(System::GEMPUNKS, &["add T hp=6 armor=1 toughness=3", line], &[]).expect("plays");
        assert_eq!(health(&s, "t"), *left, "{line}");
    }
}

#[test]
fn sw_dmg_2_toughness_shaken_and_raises() {
    // (lines after `add W wild toughness=6`, wounds taken, Shaken?)
    let cases: &[(&[&str], i64, bool)] = &[
        (&["damage W 5"], 0, false),               // SW-DMG-2: below Toughness
        (&["damage W 6"], 0, true),                // SW-DMG-2: at Toughness: Shaken
        (&["damage W 9"], 0, true),                // SW-DMG-2: no raise yet
        (&["damage W 10"], 1, true),               // SW-DMG-2: one raise: a wound and Shaken
        (&["damage W 14"], 2, true),               // SW-DMG-2: two raises
        (&["damage W 6", "damage W 7"], 1, true),  // SW-DMG-2: Shaken again becomes a wound
        (&["damage W 6", "damage W 10"], 1, true), // SW-DMG-2: a raise on the Shaken: its wounds only
    ];
    for (lines, wounds, shaken) in cases {
        let mut all = vec!["add W wild toughness=6"];
        all.extend_from_slice(lines);
        let s = play(System::SAVAGE, &all, &[]).expect("plays");
        let c = s.encounter().get("w").expect("w");
        assert_eq!(c.health.max - c.health.current, *wounds, "{lines:?}");
        assert_eq!(c.condition("Shaken").is_some(), *shaken, "{lines:?}");
    }
}

#[test]
fn sw_dmg_3_extras_fall_at_the_first_wound_wild_cards_after_three() {
    let s = play(System::SAVAGE, &["add E toughness=5", "damage E 9"], &[]).expect("plays");
    assert!(s.encounter().is_down(s.encounter().get("e").expect("e")), "SW-DMG-3: an Extra is out");
    let s = play(System::SAVAGE, &["add W wild toughness=5", "damage W 17"], &[]).expect("plays");
    let w = s.encounter().get("w").expect("w");
    assert_eq!(w.health.max - w.health.current, 3);
    assert!(!s.encounter().is_down(w), "SW-DMG-3: three wounds, still fighting");
    // SW-DMG-3, SW-INC-1: a fourth wound; the Vigor roll (d4 3, Wild Die 1, −3 for wounds) fails:
    // bleeding out, with a permanent Injury (2d6 7: the Guts, d6 2: Broken).
    let s = play(System::SAVAGE, &["add W wild toughness=5", "damage W 21"], &[3, 1, 3, 4, 2])
        .expect("plays");
    let w = s.encounter().get("w").expect("w");
    assert!(s.encounter().is_down(w), "SW-DMG-3: a fourth wound");
    assert!(w.condition("Bleeding-Out").is_some(), "SW-INC-1: failure bleeds out");
    assert_eq!(
        w.condition("Injured").and_then(|c| c.detail.clone()).as_deref(),
        Some("Guts, Broken: Agility −1 die type (permanent)"),
        "SW-INJ-1"
    );
}

#[test]
fn sw_shaken_1_spirit_roll_with_wound_penalties() {
    // (setup, faces for the Spirit roll (trait die then Wild Die), recovered?)
    let cases: &[(&[&str], &[u32], bool)] = &[
        (&["add W wild spirit=d6", "damage W 5"], &[4, 2], true), // SW-SHAKEN-1: 4 succeeds
        (&["add W wild spirit=d6", "damage W 5"], &[3, 2], false), // SW-SHAKEN-1: 3 fails
        (&["add W wild spirit=d6", "damage W 5"], &[1, 5], true), // SW-ROLL-1: the Wild Die counts
        (&["add W wild spirit=d6", "damage W 5"], &[1, 1], false), // SW-ROLL-1: snake eyes
        (&["add E spirit=d8", "damage E 5"], &[4], true), // SW-ROLL-1: Extras roll no Wild Die
        (&["add W wild spirit=d6", "damage W 9"], &[4, 1], false), // SW-ROLL-2: one wound, −1
        (&["add W wild spirit=d6", "damage W 9"], &[6, 1, 2], true), // SW-ROLL-1: aces, 8 − 1
    ];
    for (setup, faces, recovered) in cases {
        let mut lines = setup.to_vec();
        lines.push("shake 0 shaken");
        let lines: Vec<String> = lines
            .iter()
            .map(|l| {
                l.replace(
                    "shake 0",
                    if setup[0].starts_with("add W") { "shake W" } else { "shake E" },
                )
            })
            .collect();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let s = play(System::SAVAGE, &refs, faces).expect("plays");
        let id = if setup[0].starts_with("add W") { "w" } else { "e" };
        assert_eq!(has(&s, id, "Shaken").is_none(), *recovered, "{setup:?} {faces:?}");
    }
}

#[test]
fn gurps_dmg_1_and_2_dr_and_wound_modifiers() {
    // (damage, HP left of 20 with DR 2)
    let cases: &[(&str, i64)] = &[
        ("damage T 7 cr", 15),   // GURPS-DMG-2: 5 × 1
        ("damage T 7 cut", 13),  // GURPS-DMG-2: 5 × 1.5 = 7
        ("damage T 7 imp", 10),  // GURPS-DMG-2: 5 × 2
        ("damage T 7 pi-", 18),  // GURPS-DMG-2: 5 × 0.5 = 2
        ("damage T 3 pi-", 19),  // GURPS-DMG-2: 1 × 0.5, at least 1
        ("damage T 2 imp", 20),  // GURPS-DMG-1: all stopped by DR
        ("damage T 7 pi++", 10), // GURPS-DMG-2
        ("damage T 7", 15),      // no type: crushing
    ];
    for (line, left) in cases {
        let s = play(System::GURPS, &["add T hp=20 dr=2", line], &[]).expect("plays");
        assert_eq!(health(&s, "t"), *left, "{line}");
    }
    let err = play(System::GURPS, &["add T", "damage T 5 slash"], &[]).expect_err("refused");
    assert!(err.contains("unknown GURPS damage type 'slash'; expected one of pi-, burn"), "{err}");
}

#[test]
fn gurps_hp_4_dead_at_minus_five_times_hp() {
    // GURPS-HP-3: four death checks on the way down to −49, each a critical success.
    let s = play(System::GURPS, &["add T hp=10", "damage T 59 raw"], &[1, 1, 1].repeat(4))
        .expect("plays");
    assert!(!s.encounter().is_down(s.encounter().get("t").expect("t")), "−49 HP: still up");
    let s = play(System::GURPS, &["add T hp=10", "damage T 60 raw"], &[]).expect("plays");
    assert!(
        s.encounter().is_down(s.encounter().get("t").expect("t")),
        "GURPS-HP-4: −50 HP is dead"
    );
}

#[test]
fn gurps_stunned_recovers_on_an_ht_roll() {
    let s = play(System::GURPS, &["add T ht=11", "cond T stunned", "shake T stunned"], &[4, 4, 3])
        .expect("plays");
    assert_eq!(has(&s, "t", "Stunned"), None, "11 on 3d6 against HT 11");
    let s = play(System::GURPS, &["add T ht=11", "cond T stunned", "shake T stunned"], &[4, 4, 4])
        .expect("plays");
    assert!(has(&s, "t", "Stunned").is_some(), "12 fails");
}

#[test]
fn heal_never_goes_past_the_maximum() {
    let s =
        play(System::WOIN, &["add T health=10", "damage T 4 raw", "heal T 9"], &[]).expect("plays");
    assert_eq!(health(&s, "t"), 10);
}

#[test]
fn unknown_fields_and_names_list_what_would_work() {
    let err = play(System::WOIN, &["add T agility=3"], &[]).expect_err("refused");
    assert!(
        err.contains("unknown field 'agility'; valid fields: init, agi, intuition, health"),
        "{err}"
    );
    assert!(err.ends_with("side, hidden"), "{err}");
    let err = play(System::SAVAGE, &["add T toughnes=3"], &[]).expect_err("refused");
    assert!(err.contains("valid fields: wild, extra, agility"), "{err}");
    let err = play(System::WOIN, &["add Goblin x3", "damage gob 3"], &[]).expect_err("refused");
    assert!(err.contains("'gob' could be Goblin 1, Goblin 2, Goblin 3"), "{err}");
    let err = play(System::WOIN, &["add Aria", "damage Arya 3"], &[]).expect_err("refused");
    assert!(err.contains("no combatant 'Arya'; nearest: Aria"), "{err}");
    let err = play(System::WOIN, &["add Aria", "cond Aria dazzled"], &[]).expect_err("refused");
    assert!(err.contains("no condition 'dazzled' in woin; nearest: Dazed"), "{err}");
}

#[test]
fn attack_is_dispatched_to_the_system() {
    // Every system resolves attacks now; a bad name is refused by the engine for each.
    for system in System::ALL {
        let err = play(system, &["add A", "attack A Nobody"], &[]).expect_err("bad name");
        assert!(err.contains("no combatant 'Nobody'"), "{err}");
    }
    let err = play(System::WOIN, &["add A", "add B", "attack A B"], &[]).expect_err("unarmed");
    assert!(err.contains("A has no weapon to attack with"), "{err}");
}

/// SW-ROLL-1: `skirmish odds savage` prints exact success and raise odds of a trait roll.
#[test]
fn sw_roll_1_odds_from_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["odds", "savage", "d8", "tn=4", "mod=-2"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // The d8 needs 6+ (3 in 8) and the acing Wild Die 6+ (1 in 6): misses both 5/8 × 5/6.
    assert!(text.contains("success 23/48 (47.92%)"), "{text}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["odds", "savage", "d7"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

/// SW-ATK-7: an object has Parry 2 and takes damage without aces or the raise die; a hit that
/// succeeds only thanks to the cover margin strikes the obstacle, whose armor adds to Toughness.
#[test]
fn sw_atk_7_objects_and_obstacles() {
    let door = [
        "add Hero wild strength=d8 fighting=d8",
        "add Door toughness=8 object",
        "init Hero KS",
        "init Door 2C",
        "start",
    ];
    // Fighting 7 vs Parry 2 (two raises); damage str+d6 = 8 and 6: no ace, no raise die: 14 vs 8.
    let mut lines = door.to_vec();
    lines.push("attack Hero Door dmg=str+d6");
    let s = play(System::SAVAGE, &lines, &[7, 1, 8, 6]).expect("plays");
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.contains("vs Parry 2: 7, success with 1 raise(s)")), "{log:#?}");
    assert!(log.iter().any(|l| l.starts_with("Door takes 14: 14 vs Toughness 8")), "{log:#?}");
    // Shooting 5 (Wild Die 1) with heavy cover −4: 1 misses TN 4, but 5 would have hit without
    // the cover: the shot strikes the wall, whose armor 10 adds to Toughness 6.
    let target = [
        "add Gun wild shooting=d10",
        "add Orc toughness=6",
        "init Gun KS",
        "init Orc 2C",
        "start",
        "attack Gun Orc skill=shooting dmg=2d6 cover=heavy obstacle=10",
    ];
    let s = play(System::SAVAGE, &target, &[5, 1, 5, 5]).expect("plays");
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.contains("through the obstacle: +10 Toughness")), "{log:#?}");
    assert!(log.iter().any(|l| l.contains("10 vs Toughness 16: no effect")), "{log:#?}");
}

/// WOIN-AMBUSH-1: a winner gets exactly one action in the ambush turn; and play returns to an
/// interrupted turn as it was left (WOIN-INIT-3: its spent actions stay spent).
#[test]
fn woin_ambush_1_one_action_and_resumed_turns_keep_their_budget() {
    let ambush =
        ["add Aria init=1d6", "add Gob init=1d6", "ambush Aria Gob", "start", "do Aria move"];
    // Ambush: Aria 2d6 = 11 against 2d6 = 4; then initiative 5 and 2.
    let s = play(System::WOIN, &ambush, &[5, 6, 2, 2, 5, 2]).expect("plays");
    let left = s.encounter().turn.as_ref().map(|t| t.budget[0].left());
    assert_eq!(left, Some(0), "one action in the ambush turn");
    let mut more = ambush.to_vec();
    more.push("do Aria move");
    let err = play(System::WOIN, &more, &[5, 6, 2, 2, 5, 2]).expect_err("a second action");
    assert!(err.contains("has 0 of 1 left"), "{err}");

    let lines = [
        "add Aria init=1d6",
        "add Brom init=1d6",
        "start",
        "hold Brom",
        "do Aria move",
        "act Brom",
        "next",
    ];
    let s = play(System::WOIN, &lines, &[6, 3]).expect("plays");
    let turn = s.encounter().turn.as_ref().expect("a turn");
    assert_eq!(turn.id, "aria", "back to the interrupted turn");
    assert_eq!(turn.budget[0].left(), 1, "its spent action stays spent");
}

/// WOIN-OVER-1: overwatch costs an action, fires off-turn without spending, once per target per
/// turn, at most INTUITION targets, −1d6 after the first; it ends at the shooter's next turn.
/// WOIN-SUPP-1: an ally under suppressive fire counts as in cover (−2d6, −3d6 with an auto weapon)
/// until its next turn ends, and overwatch cannot fire on it; single-shot weapons cannot suppress.
#[test]
fn woin_over_1_and_woin_supp_1() {
    let base = [
        "add Aria intuition=1",
        "weapon Aria rifle pool=3d6 dmg=1d6 type=ballistic ranged traits=auto",
        "add Brom",
        "add Cale",
        "add Gob",
        "init Aria 20",
        "init Brom 15",
        "init Cale 12",
        "init Gob 10",
        "start",
        "do Aria overwatch",
        "next",
    ];
    // Brom's turn: Aria fires from overwatch at Brom (3d6: 1, 1, 1, a miss).
    let mut lines = base.to_vec();
    lines.push("attack Aria Brom overwatch");
    let s = play(System::WOIN, &lines, &[1, 1, 1]).expect("plays");
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.contains(&"Aria fires from overwatch at Brom"), "{log:#?}");
    assert!(
        log.iter()
            .any(|l| l.starts_with("Aria attacks Brom with rifle: pool 3d6 vs RANGED 10: miss")),
        "{log:#?}"
    );
    // Once per target per turn; INTUITION 1 caps the targets.
    let mut twice = lines.clone();
    twice.push("attack Aria Brom overwatch");
    let err = play(System::WOIN, &twice, &[1, 1, 1]).expect_err("again");
    assert!(err.contains("overwatch has already fired on Brom this turn"), "{err}");
    let mut capped = lines.clone();
    capped.extend(["next", "attack Aria Cale overwatch"]);
    let err = play(System::WOIN, &capped, &[1, 1, 1]).expect_err("cap");
    assert!(err.contains("overwatch is spent: 1 targets, its INTUITION"), "{err}");
    // Without overwatch there is no off-turn shot.
    let mut none = base[..10].to_vec();
    none.extend(["next", "attack Aria Brom overwatch"]);
    let err = play(System::WOIN, &none, &[]).expect_err("no overwatch");
    assert!(err.contains("Aria is not on overwatch"), "{err}");

    // Suppressive fire for Brom: Gob's attacks on him lose 3d6 (auto), overwatch cannot touch him.
    let suppress = [
        "add Aria",
        "weapon Aria rifle pool=3d6 dmg=1d6 type=ballistic ranged traits=auto",
        "add Brom",
        "add Gob",
        "weapon Gob bow pool=5d6 dmg=1d6 type=piercing ranged",
        "init Aria 20",
        "init Gob 15",
        "init Brom 10",
        "start",
        "do Aria suppress ally=Brom",
        "next",
        "attack Gob Brom",
    ];
    let s = play(System::WOIN, &suppress, &[2, 2]).expect("plays");
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains("(−3d6 suppressive fire cover) vs RANGED 10")),
        "{log:#?}"
    );
    let single = [
        "add Aria",
        "weapon Aria musket pool=3d6 dmg=2d6 ranged traits=single",
        "add Brom",
        "start",
        "do Aria suppress ally=Brom",
    ];
    let err = play(System::WOIN, &single, &[5, 6, 3, 4]).expect_err("single");
    assert!(err.contains("musket is a single-shot weapon and cannot suppress"), "{err}");
}

/// SW-ATK-4: autofire rolls up to RoF Shooting dice and one Wild Die (standing in for the lowest),
/// at −2; each success is its own hit, met in turn by the damage model.
#[test]
fn sw_atk_4_autofire_hits_one_after_another() {
    let lines = [
        "add Gun wild shooting=d10",
        "weapon Gun smg dmg=2d6 range=12/24/48 rof=3",
        "add Orc toughness=5",
        "init Gun KS",
        "init Orc 2C",
        "start",
        "attack Gun Orc autofire=3",
    ];
    // Shooting 7, 2, 9 and the Wild Die 5 for the 2: 5, 3, 7 after −2; two hits.
    // First 2d6 = 6 against Toughness 5: Shaken; second 6: Shaken again, a wound: out.
    let s = play(System::SAVAGE, &lines, &[7, 2, 9, 5, 3, 3, 4, 2]).expect("plays");
    let log: Vec<&str> = s.log().iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains("autofires at Orc: d10 ×3 (-2) vs TN 4: 5, 3, 7 → 2 hit(s)")),
        "{log:#?}"
    );
    let orc = s.encounter().get("orc").expect("orc");
    assert!(
        s.encounter().is_down(orc),
        "the second hit finds it Shaken: a wound, and an Extra is out"
    );
    let err = play(
        System::SAVAGE,
        &[
            "add Gun wild",
            "weapon Gun pistol dmg=2d6 range=12/24/48",
            "add Orc",
            "attack Gun Orc autofire=3",
        ],
        &[],
    )
    .expect_err("RoF 1");
    assert!(err.contains("autofire=3: the weapon's RoF is 1"), "{err}");
}

/// SW-ATK-5: area damage for each combatant under the template, cover counting as armor; a missed
/// throw deviates 1d6" towards a d12 clock face.
#[test]
fn sw_atk_5_blast_and_deviation() {
    let lines = ["add Cole wild", "add Orc toughness=5", "blast Cole Orc dmg=2d6 cover=light"];
    // 2d6 = 6 against Toughness 5 + 1 for light cover: Shaken only.
    let s = play(System::SAVAGE, &lines, &[4, 2]).expect("plays");
    let orc = s.encounter().get("orc").expect("orc");
    assert!(orc.condition("Shaken").is_some());
    assert!(!s.encounter().is_down(orc));
    assert!(s.log().iter().any(|l| l.text.contains("(cover +1 Toughness)")));
    // 2d6 acing: 6 + 5, and 4: 15, two raises over 6: wounds, and the Extra is out.
    let s = play(System::SAVAGE, &lines, &[6, 5, 4]).expect("plays");
    assert!(s.encounter().is_down(s.encounter().get("orc").expect("orc")));
    let s = play(System::SAVAGE, &["add Cole", "deviate Cole"], &[3, 7]).expect("plays");
    assert!(s.log().iter().any(|l| l.text == "Cole's throw lands 3\" off, towards 7 o'clock"));
}

/// SW-ATK-4: under suppressive fire each combatant rolls Spirit: a failure Shakes it, and a 1 on the
/// Spirit die means it is hit.
#[test]
fn sw_atk_4_suppressed_spirit_rolls() {
    let cases: &[(&[u32], bool, bool)] =
        &[(&[5], false, false), (&[3], true, false), (&[1], true, true)];
    for (faces, shaken, hit) in cases {
        let s =
            play(System::SAVAGE, &["add Orc spirit=d6", "suppressed Orc"], faces).expect("plays");
        let orc = s.encounter().get("orc").expect("orc");
        assert_eq!(orc.condition("Shaken").is_some(), *shaken, "{faces:?}");
        let said = s.log().iter().any(|l| l.text.contains("is hit: roll its damage"));
        assert_eq!(said, *hit, "{faces:?}");
    }
}

/// One way to give a condition: typed by hand, the catalogue name is matched loosely and an
/// immunity is explained; brought by the rules, an immunity means it never lands (WOIN-COND-1).
#[test]
fn woin_cond_1_conditions_go_through_one_door() {
    let err = play(System::WOIN, &["add T immune=poisoned", "cond T pois"], &[])
        .expect_err("immune by hand");
    assert!(err.contains("T is immune to Poisoned"), "{err}");
    let err = play(System::WOIN, &["add T", "cond T bleeding source=spell"], &[])
        .expect_err("never persistent");
    assert!(err.contains("Bleeding can never be persistent"), "{err}");
    let s =
        play(System::WOIN, &["add T", "cond T daz", "cond T Dazed rounds=2"], &[]).expect("plays");
    assert_eq!(has(&s, "t", "Dazed"), Some(Level::Severe));
    // A Savage Worlds hit's Shaken comes through the same door, once.
    let s = play(System::SAVAGE, &["add T toughness=4", "damage T 5", "damage T 4"], &[])
        .expect("plays");
    let t = s.encounter().get("t").expect("t");
    assert_eq!(t.conditions.iter().filter(|c| c.name == "Shaken").count(), 1);
}

/// Every cost a system's tables name is one of the pools its turns have: an unknown pool is a bug
/// this catches, never a free action.
#[test]
fn every_action_cost_names_a_declared_pool() {
    for system in System::ALL {
        let rules = system.rules();
        for action in rules.spec().actions {
            assert!(
                rules.spec().pools.contains(&action.pool),
                "{system}: `do {}` costs from undeclared pool {}",
                action.key,
                action.pool
            );
        }
        let s = play(system, &["add Nobody"], &[]).expect("plays");
        let enc = s.encounter();
        let who = enc.subject(&enc.combatants[0]);
        for pass in [skirmish::rules::Pass::main(10, 2), skirmish::rules::Pass::extra(0, 1)] {
            for pool in rules.turn_budget(who, pass) {
                assert!(
                    rules.spec().pools.contains(&pool.name.as_str()),
                    "{system}: {}",
                    pool.name
                );
            }
        }
    }
}

/// What the review of the new core found, each refused or handled (WOIN-AMBUSH-1, SW-SHAKEN-1).
#[test]
fn system_state_follows_removals_and_refuses_what_makes_no_sense() {
    // A declared ambush whose target leaves: `start` goes on without it.
    let lines = [
        "add Aria side=pc",
        "add Goblin x2",
        "ambush Aria \"Goblin 1\"",
        "remove \"Goblin 1\"",
        "start",
    ];
    let s = play(System::WOIN, &lines, &[3, 4, 5, 6]).expect("starts");
    assert_eq!(s.encounter().round, 1);
    // The same ambush twice is refused; so is an attack on oneself.
    let err =
        play(System::WOIN, &["add Aria", "add Orc", "ambush Aria Orc", "ambush Aria Orc"], &[])
            .expect_err("twice");
    assert!(err.contains("Aria already tries to ambush Orc"), "{err}");
    let err = play(System::WOIN, &["add Aria", "attack Aria Aria pool=2d6 force"], &[])
        .expect_err("itself");
    assert!(err.contains("Aria cannot attack itself"), "{err}");
    // The GM's benny pool stays within its range, refused in plain words.
    let err = play(System::SAVAGE, &["set gm_bennies 4000000000"], &[]).expect_err("too many");
    assert!(err.contains("the GM's benny pool 4000000000 is out of range"), "{err}");
    assert!(!err.contains("internal"), "{err}");
    // A group's id and a member's id never coincide.
    let s = play(System::WOIN, &["add Goblin x2", "add Goblin x2"], &[]).expect("adds");
    let groups: Vec<_> = s.encounter().combatants.iter().filter_map(|c| c.group.clone()).collect();
    for g in &groups {
        assert!(s.encounter().get(g).is_none(), "group id {g} is also a combatant's id");
    }
}

/// Legality before dice (WOIN-ACT-1, SW-ACT-1): an attack the budget refuses is refused before any
/// die is rolled or asked for, with the real reason.
#[test]
fn refused_attacks_roll_no_dice() {
    let woin = [
        "add Aria side=pc",
        "add Orc",
        "init Aria 12",
        "init Orc 5",
        "start",
        "do Aria move",
        "do Aria move",
        "attack Aria Orc pool=3d6",
    ];
    let err = play(System::WOIN, &woin, &[]).expect_err("no actions left");
    assert!(err.contains("an attack costs 1 action; Aria has 0 of 2 left this turn"), "{err}");
    assert!(!err.contains("ran out"), "{err}");
    let called = [
        "add Aria side=pc",
        "add Orc",
        "init Aria 12",
        "init Orc 5",
        "start",
        "do Aria move",
        "attack Aria Orc pool=3d6 called=trip",
    ];
    let err = play(System::WOIN, &called, &[]).expect_err("a called shot needs two");
    assert!(err.contains("costs 2 actions"), "{err}");
}

/// Design rule 1: `src/rules` is pure. No file in it reaches for the terminal, files, clocks or
/// the layers above it (the encounter, the app, saves); `rand` appears only behind `DiceSource`,
/// in the seeded dice.
#[test]
fn the_rules_module_reaches_for_nothing_outside_it() {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/rules is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(all.len() > 20, "found the rules' files: {all:?}");
    let banned = [
        "ratatui",
        "crossterm",
        "std::fs",
        "std::time",
        "std::io",
        "crate::encounter",
        "crate::app",
        "crate::ui",
        "crate::save",
        "crate::runtime",
        "crate::cli",
    ];
    let mut found = Vec::new();
    for path in &all {
        let text = std::fs::read_to_string(path).expect("a rules file reads");
        let seeded = path.ends_with("dice/source.rs");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in banned.iter().filter(|w| code.contains(*w)) {
                found.push(format!("{}:{}: {word}", path.display(), n + 1));
            }
            if !seeded && (code.contains("rand::") || code.contains("use rand")) {
                found.push(format!("{}:{}: rand", path.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "the rules reach outside:\n{}", found.join("\n"));
}

/// The refusal of a script's last line, or a panic when it plays.
fn refused(system: System, lines: &[&str]) -> String {
    match play(system, lines, &[]) {
        Ok(_) => panic!("expected the last of {lines:?} to be refused"),
        Err(err) => err,
    }
}

/// One stat or weapon field's list, as stored.
fn stored_list(session: &Session, id: &str, weapon: Option<&str>, field: &str) -> Vec<String> {
    let c = session.encounter().get(id).expect("combatant");
    let stats = match weapon {
        Some(w) => &c.weapons.iter().find(|x| x.name == w).expect("weapon").stats,
        None => &c.stats,
    };
    stats.list(field).to_vec()
}

// WOIN-TYPE-1: a damage type or an immunity is checked where it is set (`add`, `edit`, `weapon`,
// a bestiary entry), refused with the nearest names when unknown, and stored by its canonical
// name, as `damage … firee` is refused.
#[test]
fn woin_type_1_types_and_immunities_are_checked_where_they_are_set() {
    // (lines, the refusal's fragments)
    let refusals: &[(&[&str], &[&str])] = &[
        (
            &["add Aria immune=firee,dazzled"],
            &["immune=firee,dazzled: 'firee' is neither", "nearest: fire", "'dazzled'", "dazed"],
        ),
        (
            &["add Aria", "weapon Aria x pool=3d6 type=slashing,forse"],
            &["type=slashing,forse: unknown WOIN damage type 'forse'"],
        ),
        (&["add Aria", "edit Aria immune=psychic,pai"], &["'pai' is neither", "pain"]),
        (&["add Aria immune=fire", "edit Aria immune=heat,slashng"], &["slashing"]),
    ];
    for (lines, fragments) in refusals {
        let err = refused(System::WOIN, lines);
        for fragment in *fragments {
            assert!(err.contains(fragment), "{lines:?}: {err}");
        }
    }
    // Canonical names, each once: `fire` is `heat`, a condition is its catalogue name.
    let s = play(
        System::WOIN,
        &[
            "add Aria immune=Fire,heat,Dazed,burning,psychic",
            "weapon Aria x pool=3d6 type=Slashing,fire,heat",
            "add Bo",
            "edit Bo immune=sound,PAIN",
            "add Drake",
        ],
        &[],
    )
    .expect("plays");
    assert_eq!(stored_list(&s, "aria", None, "immune"), ["heat", "dazed", "burning", "psionic"]);
    assert_eq!(stored_list(&s, "aria", Some("x"), "type"), ["slashing", "heat"]);
    assert_eq!(stored_list(&s, "bo", None, "immune"), ["sonic", "pain"]);
    // The bestiary's Young Dragon lists `fire,heat,burning`.
    let s = play(System::WOIN, &["add \"Young Dragon\""], &[]).expect("plays");
    assert_eq!(stored_list(&s, "young-dragon", None, "immune"), ["heat", "burning"]);
    // A bestiary entry (a user's override) with a misspelt immunity or type is refused by name.
    let catalogue = assets().catalogue(System::WOIN);
    let entry = |stats: &str, weapon: &str| skirmish::encounter::assets::CreatureEntry {
        name: "Drake".into(),
        side: "enemy".into(),
        stats: stats.into(),
        note: String::new(),
        weapons: vec![weapon.into()],
    };
    let check = |stats: &str, weapon: &str| {
        skirmish::encounter::assets::Creature::check(
            System::WOIN,
            &entry(stats, weapon),
            &catalogue,
        )
    };
    let err = check("immune=firee", "bite pool=3d6").expect_err("a misspelt immunity");
    assert!(err.contains("Drake: immune=firee: 'firee' is neither"), "{err}");
    let err = check("", "bite pool=3d6 type=pierce").expect_err("a misspelt type");
    assert!(
        err.contains("weapon 'bite pool=3d6 type=pierce'") && err.contains("piercing"),
        "{err}"
    );
    assert!(check("immune=fire", "bite pool=3d6 type=piercing").is_ok());
}

// GURPS-DMG-2: a weapon's damage type is one of the wound-modifier types, checked as it is set
// (not first at the attack) and stored in lowercase.
#[test]
fn gurps_dmg_2_weapon_types_are_checked_where_they_are_set() {
    let refusals: &[(&str, &str)] = &[
        ("weapon A sword dmg=sw+1 type=cutt", "type=cutt: unknown GURPS damage type 'cutt'"),
        ("weapon A beam dmg=2d type=tbb", "type=tbb: write type=burn and the tbb flag"),
    ];
    for (line, expected) in refusals {
        let err = refused(System::GURPS, &["add A", line]);
        assert!(err.contains(expected), "{line}: {err}");
    }
    let s =
        play(System::GURPS, &["add A", "weapon A sword dmg=sw+1 type=CUT"], &[]).expect("plays");
    let a = s.encounter().get("a").expect("A");
    assert_eq!(a.weapons[0].stats.text("type"), Some("cut"));
}

// GEM-DMG-1: armor and vulnerability by damage type are kept under the type's canonical word, so
// `armor.crushing` meets blunt damage (crushing = bludgeoning = blunt), and a weapon's `type=` too.
#[test]
fn gem_dmg_1_armor_by_type_is_kept_under_the_canonical_type() {
    // (T's armor by type; damage 7 blunt against Toughness 3, HP 6: HP left)
    let cases: &[(&str, i64)] = &[
        ("armor.crushing=4", 5),    // (7 − 4) / 3 = 1 wound
        ("armor.Bludgeoning=4", 5), // the same
        ("armor.blunt=4", 5),
        ("armor.fire=4", 4),    // (7 − 0) / 3 = 2 wounds
        ("vuln.crushing=2", 3), // (7 + 2) / 3 = 3 wounds
    ];
    for (armor, left) in cases {
        let add = format!("add T hp=6 toughness=3 {armor}");
        let s = play(System::GEMPUNKS, &[&add, "damage T 7 blunt"], &[]).expect("plays");
        assert_eq!(health(&s, "t"), *left, "{armor}");
        // `edit` keeps the canonical word too.
        let edit = format!("edit T {armor}");
        let s = play(System::GEMPUNKS, &["add T hp=6 toughness=3", &edit, "damage T 7 blunt"], &[])
            .expect("plays");
        assert_eq!(health(&s, "t"), *left, "edit {armor}");
    }
    let s = play(System::GEMPUNKS, &["add A", "weapon A club dmg=1d6 type=Crushing melee"], &[])
        .expect("plays");
    let a = s.encounter().get("a").expect("A");
    assert_eq!(a.weapons[0].stats.text("type"), Some("blunt"));
}
