//! Gempunks turns and items (rules/gempunks.md): the Readings that change turns (GEM-INIT-1
//! `gem_init_tie`, GEM-INIT-3 `gem_debt_from`, GEM-ACT-1 `gem_reg_assault`), Melee Guard's two
//! actions (GEM-ACT-8), Incapacitate on a regiment counted per member (GEM-OPT-2), items dropped,
//! taken, stowed and sundered (GEM-OPT-4, GEM-OPT-6, GEM-OPT-9) and one attacker per weapon per
//! round (GEM-WPN-1). Scripted dice in the spec's order (GEM-ROLL-1).

use crate::gempunks::{combatant, has, log};
use crate::harness::{run, run_err};

/// `n` faces of `face`, as `--dice` takes them.
fn faces(face: u32, n: usize) -> String {
    vec![face.to_string(); n].join(",")
}

fn budget(state: &serde_json::Value, id: &str) -> (i64, i64) {
    let b = &combatant(state, id)["budget"];
    let left = |i: usize| b[i]["left"].as_i64().unwrap_or(-1);
    (left(0), left(1))
}

fn totals(state: &serde_json::Value, id: &str) -> (i64, i64) {
    let b = &combatant(state, id)["budget"];
    let total = |i: usize| b[i]["total"].as_i64().unwrap_or(-1);
    (total(0), total(1))
}

// GEM-INIT-1: two heroes of one controller share its d6 and tie; `gem_init_tie=roll` (default)
// breaks the tie with a d6 each, `list` keeps the order they were added and rolls nothing.
#[test]
fn gem_init_1_ties_roll_off_or_keep_the_list() {
    let cases: &[(&str, &str, &str)] = &[
        ("", "3,2,5", "ana"),
        ("", "3,5,2", "bo"),
        ("set gem_init_tie roll\n", "3,2,5", "ana"),
        ("set gem_init_tie list\n", "3", "bo"),
    ];
    for (set, dice, first) in cases {
        let script = format!("new gempunks\n{set}add Bo side=pc\nadd Ana side=pc\nstart\n");
        let state = run(&script, dice);
        assert_eq!(state["current"], *first, "{set}{dice}: {:?}", log(&state));
    }
    // `list` with nothing left to roll: a roll-off would have run out of dice.
    let err = run_err("new gempunks\nadd Bo side=pc\nadd Ana side=pc\nstart\n", "3");
    assert!(err.contains("dice"), "{err}");
}

// GEM-INIT-3 (b), GEM-ACT-9: one immediate action owed is paid from the move action
// (`gem_debt_from=move_first`, the default) or from the standard (`standard_first`); two owed
// take both either way.
#[test]
fn gem_init_3_debts_paid_from_move_or_standard_first() {
    let cases: &[(&str, u8, (i64, i64))] = &[
        ("", 1, (1, 0)),
        ("set gem_debt_from move_first\n", 1, (1, 0)),
        ("set gem_debt_from standard_first\n", 1, (0, 1)),
        ("set gem_debt_from standard_first\n", 2, (0, 0)),
        ("", 2, (0, 0)),
    ];
    for (set, owed, expected) in cases {
        let immediate = "attack Hero Orc hands immediate\n".repeat(usize::from(*owed));
        let script = format!(
            "new gempunks\n{set}add Orc\nadd Hero side=pc\n\
             weapon Hero hands acc=0 dmg=1d6 unarmed melee\ninit Orc 10\ninit Hero 5\nstart\n\
             {immediate}next\n"
        );
        let state = run(&script, &faces(1, usize::from(*owed)));
        assert_eq!(totals(&state, "hero"), *expected, "{set}{owed} owed");
        assert!(!has(&state, "hero", "Owes Action"));
    }
}

const BANDITS5: &str = "new gempunks\nadd Bandit x5 regiment hp=3 toughness=3\n\
                        weapon Bandits fists acc=1 dmg=1d6-1 unarmed\nadd Ogre ad=5 toughness=4 hp=6\n\
                        init Bandits 10\ninit Ogre 5\n";

// GEM-ACT-1, GEM-REG-3, GEM-REG-4: a regiment's Assault rolls all its attacks as one set
// (`gem_reg_assault=one_set`: 5 members × 2 dice), or one set per attack (`per_attack`: two sets
// of 5 dice, the second paid by the same standard action; a third needs another action).
#[test]
fn gem_act_1_a_regiments_assault_one_set_or_a_set_per_attack() {
    let one = run(&format!("{BANDITS5}start\nattack Bandits Ogre assault\n"), &faces(1, 10));
    let text = log(&one).join("\n");
    assert!(text.contains("Bandits (5 × 2 attack(s)) attack Ogre needs 4: 10d6"), "{text}");
    assert_eq!(budget(&one, "bandits").0, 0);
    let per =
        format!("{BANDITS5}set gem_reg_assault per_attack\nstart\nattack Bandits Ogre assault\n");
    let state = run(&per, &faces(1, 5));
    let text = log(&state).join("\n");
    assert!(text.contains("Bandits (5 × 1 attack(s)) attack Ogre needs 4: 5d6"), "{text}");
    assert!(text.contains("Bandits' Assault has 1 more to roll this turn (GEM-ACT-1)"), "{text}");
    assert_eq!(budget(&state, "bandits").0, 0, "the first set pays the standard action");
    let state = run(&format!("{per}attack Bandits Ogre assault\n"), &faces(1, 10));
    let text = log(&state).join("\n");
    assert!(text.contains("Bandits roll attack set 2 of 3"), "{text}");
    assert_eq!(text.matches(": 5d6").count(), 2, "{text}");
    let err = run_err(
        &format!("{per}attack Bandits Ogre assault\nattack Bandits Ogre assault\n"),
        &faces(1, 15),
    );
    assert!(err.contains("standard"), "a third set is a new action: {err}");
}

// GEM-ACT-8: Melee Guard costs the standard and the move action; Ranged Guard the standard only.
#[test]
fn gem_act_8_melee_guard_costs_the_standard_and_the_move_action() {
    let script = "new gempunks\nadd Hero side=pc\nadd Orc\ninit Hero 10\ninit Orc 5\nstart\n";
    let cases: &[(&str, (i64, i64))] =
        &[("do Hero mguard\n", (0, 0)), ("do Hero rguard\n", (0, 1)), ("do Hero move\n", (1, 0))];
    for (line, left) in cases {
        let state = run(&format!("{script}{line}"), "");
        assert_eq!(budget(&state, "hero"), *left, "{line}");
    }
    let err = run_err(&format!("{script}do Hero move\ndo Hero mguard\n"), "");
    assert!(err.contains("move"), "no move action left for the guard: {err}");
}

/// `brutes` of ten Brutes (a regiment, Accuracy 5: every die hits Thugs' GD 5) incapacitate Thugs (a regiment of
/// five, 2 HP each: the threshold is 2 × 2 = 4; 1d6+3 always reaches it).
fn thugs(brutes: u32) -> String {
    format!(
        "new gempunks\nadd Brute x10 regiment\nweapon Brutes club acc=5 dmg=1d6+3\n\
         add Thug x5 regiment hp=2 gd=5\nweapon Thugs knife acc=0 dmg=1d6\nadd Hero side=pc ad=5\n\
         init Brutes 10\ninit Thugs 5\ninit Hero 1\nstart\nattack Brutes Thugs option=incapacitate n={brutes}\n"
    )
}

// GEM-OPT-2, GEM-INIT-3 (a): Incapacitate on a regiment keeps a tally per level, one member at a
// time (the second hit on a member adds its standard action): the regiment's next turn loses an
// action only when every member standing skips it, and the members that lost their standard
// action roll no dice that turn. `gem_incap_stack=replace` counts a second skip as the standard
// only.
#[test]
fn gem_opt_2_incapacitate_on_a_regiment_counts_members_per_level() {
    // (brutes, option, members skipping move, standard, Thugs' turn totals (standard, move),
    // dice Thugs roll then)
    type Case = (u32, &'static str, i64, i64, (i64, i64), i64);
    let cases: &[Case] = &[
        (1, "", 1, 0, (1, 1), 5),
        (2, "", 1, 1, (1, 1), 4),
        (5, "", 3, 2, (1, 1), 3),
        (10, "", 5, 5, (0, 0), 0),
        (5, "set gem_incap_stack replace\n", 1, 2, (1, 1), 3),
    ];
    for (brutes, set, moves, standard, totals_then, dice_left) in cases {
        let script = format!("{set}{}", thugs(*brutes)).replacen("new gempunks\n", "", 1);
        let script = format!("new gempunks\n{script}");
        let n = *brutes as usize;
        let dice = format!("{},{}", faces(2, n), faces(1, n));
        let state = run(&script, &dice);
        let skips = &combatant(&state, "thugs")["pending_skip_members"];
        assert_eq!(skips["move"], *moves, "{brutes} brutes {set}: {:?}", log(&state));
        assert_eq!(skips["standard"], *standard, "{brutes} brutes {set}");
        let state = run(&format!("{script}next\n"), &dice);
        assert_eq!(totals(&state, "thugs"), *totals_then, "{brutes} brutes {set}");
        assert!(!has(&state, "thugs", "Skip-Move") && !has(&state, "thugs", "Skip-Standard"));
        if *dice_left > 0 {
            let err =
                run_err(&format!("{script}next\nattack Thugs Hero n={}\n", dice_left + 1), &dice);
            assert!(err.contains(&format!("rolls 1 to {dice_left} dice")), "{err}");
            let more = faces(1, usize::try_from(*dice_left).unwrap_or(0));
            let state =
                run(&format!("{script}next\nattack Thugs Hero\n"), &format!("{dice},{more}"));
            let text = log(&state).join("\n");
            assert!(text.contains(&format!("Hero needs 5: {dice_left}d6")), "{text}");
        }
    }
}

/// Hero (bare hands, a maul, a bow and a bomb) against Orc (GD 3, AD 5, T 4) holding a club, a
/// magical staff and a pouch.
const ARMED: &str = "new gempunks\nadd Hero side=pc\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                     weapon Hero maul acc=0 dmg=2d6 melee\nweapon Hero bow acc=0 dmg=1d6 ranged\n\
                     weapon Hero bomb acc=0 dmg=1d6 melee\n\
                     add Orc gd=3 ad=5 toughness=4 hp=5\nweapon Orc club acc=0 dmg=1d6 melee\n\
                     weapon Orc staff acc=0 dmg=1d6 melee magical\n\
                     init Hero 10\ninit Orc 1\nstart\n";

// GEM-OPT-4: a Disarm that lands (raw ≥ T/2) drops the target's first weapon, or the `item=`
// named; dropped, it cannot attack until `do NAME pickup item=…` (a move action) brings it back;
// an unarmed attacker with `take` keeps it, and only an unarmed one may; undo puts it back.
#[test]
fn gem_opt_4_a_disarmed_weapon_waits_to_be_picked_up() {
    let disarm = format!("{ARMED}attack Hero Orc hands option=disarm\nnext\n");
    let state = run(&disarm, "4,2");
    assert!(log(&state).join("\n").contains("Orc's club falls to the ground"), "{:?}", log(&state));
    let err = run_err(&format!("{disarm}attack Orc Hero club\n"), "4,2,1");
    assert!(err.contains("Orc's club lies dropped"), "{err}");
    assert!(err.contains("do Orc pickup item=club"), "{err}");
    // Its other weapon still attacks.
    run(&format!("{disarm}attack Orc Hero staff\n"), "4,2,1");
    let state = run(&format!("{disarm}do Orc pickup item=club\nattack Orc Hero club\n"), "4,2,1");
    assert_eq!(budget(&state, "orc"), (0, 0), "pickup is the move action");
    assert!(log(&state).join("\n").contains("Orc picks up its club: back in hand"));
    let err =
        run_err(&format!("{disarm}do Orc pickup item=club\nundo\nattack Orc Hero club\n"), "4,2,1");
    assert!(err.contains("lies dropped"), "undo drops it again: {err}");
    let err = run_err(&format!("{disarm}do Orc pickup item=staff\n"), "4,2");
    assert!(err.contains("Orc's staff is not lying dropped"), "{err}");
    // `item=` names what drops; `take` keeps it.
    let took = format!("{ARMED}attack Hero Orc hands option=disarm item=staff take\nnext\n");
    let state = run(&took, "4,2");
    assert!(log(&state).join("\n").contains("Hero takes Orc's staff"));
    let err = run_err(&format!("{took}attack Orc Hero staff\n"), "4,2,1");
    assert!(err.contains("Orc's staff is held by Hero"), "{err}");
    let err = run_err(&format!("{took}do Orc pickup item=staff\n"), "4,2");
    assert!(err.contains("is held by Hero: Orc cannot pick it up"), "{err}");
    let err = run_err(&format!("{ARMED}attack Hero Orc bow option=disarm take\n"), "4,2");
    assert!(err.contains("only an unarmed Disarm or Pickpocket takes the item"), "{err}");
    // A Disarm that does not land moves nothing.
    let state = run(
        &format!("{ARMED}attack Hero Orc hands option=disarm\nnext\nattack Orc Hero club\n"),
        "4,1,1",
    );
    assert!(!log(&state).join("\n").contains("falls"));
}

// GEM-OPT-9: a Pickpocket that lands drops the loose item named (picked up by its owner); a
// Reverse Pickpocket stows the attacker's item on the target, out of the attacker's hands, where
// the target may ready it.
#[test]
fn gem_opt_9_pickpocketed_and_stowed_items() {
    let state = run(
        &format!(
            "{ARMED}attack Hero Orc hands option=pickpocket item=pouch\nnext\ndo Orc pickup item=pouch\n"
        ),
        "4,2",
    );
    let text = log(&state).join("\n");
    assert!(text.contains("Orc's pouch falls to the ground"), "{text}");
    assert!(text.contains("Orc picks up its pouch"), "{text}");
    let stow = format!("{ARMED}attack Hero Orc hands option=reverse-pickpocket item=bomb\n");
    let state = run(&stow, "5,2");
    assert!(log(&state).join("\n").contains("Hero's bomb is stowed on Orc"), "{:?}", log(&state));
    run(&format!("{stow}attack Hero Orc bomb force\n"), "5,2,1");
    let err = run_err(&format!("{stow}attack Hero Orc bomb reaction\n"), "5,2,1");
    assert!(err.contains("Hero's bomb is stowed on Orc"), "{err}");
    let state = run(&format!("{stow}next\ndo Orc pickup item=hero.bomb\n"), "5,2");
    assert!(log(&state).join("\n").contains("Orc readies Hero's bomb, found stowed on it"));
}

// GEM-OPT-6: a sundered item at HP 0 is destroyed and never attacks again; a magical item (T 8,
// HP 2) takes two wounds, across sets.
#[test]
fn gem_opt_6_a_sundered_weapon_is_destroyed() {
    // Need: AD 5 − (0 − 1) = 6; the 6 hits, its crit die 1 misses; 2d6 4,4 = 8.
    let club = format!("{ARMED}attack Hero Orc maul option=sunder item=club\nnext\n");
    let state = run(&club, "6,1,4,4");
    assert!(log(&state).join("\n").contains("Orc's club is destroyed"), "{:?}", log(&state));
    let err = run_err(&format!("{club}attack Orc Hero club\n"), "6,1,4,4");
    assert!(err.contains("Orc's club was destroyed"), "{err}");
    let err = run_err(&format!("{club}do Orc pickup item=club\n"), "6,1,4,4");
    assert!(err.contains("was destroyed: Orc cannot pick it up"), "{err}");
    // (dice, what the log says after each sunder of the staff, destroyed)
    let cases: &[(&str, &[&str], bool)] = &[
        ("6,1,4,4", &["staff (T 8, HP 2): 8 damage, 1 wound(s): damaged"], false),
        (
            "6,1,4,4,6,1,5,5",
            &["1 wound(s): damaged", "staff (T 8, HP 2): 10 damage, 1 wound(s): destroyed"],
            true,
        ),
        ("6,1,2,2", &["4 damage, 0 wound(s): unharmed"], false),
    ];
    for (dice, expected, destroyed) in cases {
        let mut script = format!("{ARMED}attack Hero Orc maul option=sunder item=staff\n");
        if dice.matches(',').count() > 3 {
            script.push_str("attack Hero Orc maul option=sunder item=staff force\n");
        }
        let state = run(&script, dice);
        let text = log(&state).join("\n");
        for line in *expected {
            assert!(text.contains(line), "{dice}: {line}: {text}");
        }
        let staff = format!("{script}next\nattack Orc Hero staff\n");
        if *destroyed {
            let err = run_err(&staff, &format!("{dice},1"));
            assert!(err.contains("Orc's staff was destroyed"), "{dice}: {err}");
        } else {
            run(&staff, &format!("{dice},1"));
        }
    }
}

// GEM-WPN-1: a weapon attacks for one creature a round. Orc attacks with its club, Hero takes it
// with an unarmed Disarm and holds it as `of=orc`: Hero's reaction with it the same round is
// refused, naming Orc; next round it is Hero's.
#[test]
fn gem_wpn_1_one_attacker_per_weapon_per_round() {
    let script = "new gempunks\nadd Orc gd=3 ad=5 toughness=4 hp=9\nweapon Orc club acc=0 dmg=1d6 melee\n\
                  add Hero side=pc ad=5\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                  init Orc 10\ninit Hero 5\nstart\nattack Orc Hero club\nnext\n\
                  attack Hero Orc hands option=disarm take\nweapon Hero club of=orc acc=0 dmg=1d6 melee\n";
    let err = run_err(&format!("{script}attack Hero Orc club reaction\n"), "1,4,2,1");
    assert!(
        err.contains("Orc's club has already attacked for Orc this round: one attacker per weapon per round (GEM-WPN-1)"),
        "{err}"
    );
    run(&format!("{script}attack Hero Orc club reaction force\n"), "1,4,2,1");
    let state = run(&format!("{script}next\nnext\nattack Hero Orc club\n"), "1,4,2,1");
    assert!(log(&state).join("\n").contains("Hero attacks with Orc's club"), "{:?}", log(&state));
    // And Orc, its club taken, cannot use it back.
    let err = run_err(&format!("{script}next\nattack Orc Hero club\n"), "1,4,2,1");
    assert!(err.contains("Orc's club is held by Hero"), "{err}");
}

// GEM-OPT-2, GEM-INIT-3 (a): spec example 3 — Kell takes a move skip, then a move+standard skip;
// `gem_incap_stack=both` (default) keeps the move skip, so the next turn has no actions;
// `replace` swaps it for the standard skip, so Kell keeps its move action.
#[test]
fn gem_opt_2_second_skip_stacks_or_replaces() {
    let cases: &[(&str, (i64, i64), &[&str])] = &[
        ("", (0, 0), &["move", "standard"]),
        ("set gem_incap_stack both\n", (0, 0), &["move", "standard"]),
        ("set gem_incap_stack replace\n", (0, 1), &["standard"]),
    ];
    for (set, then, pending) in cases {
        let script = format!(
            "new gempunks\n{set}add Thugs x5 regiment hp=2\nweapon Thugs club acc=1 dmg=1d6+1\n\
             add Kell side=pc gd=4 hp=3\ninit Thugs 10\ninit Kell 5\nstart\n\
             attack Thugs Kell option=incapacitate\n"
        );
        let state = run(&script, "2,3,4,6,1,1,6,2,5");
        assert_eq!(combatant(&state, "kell")["pending_skips"], serde_json::json!(pending), "{set}");
        let state = run(&format!("{script}next\n"), "2,3,4,6,1,1,6,2,5");
        assert_eq!(totals(&state, "kell"), *then, "{set}");
    }
}

// GEM-ACT-1: a hero may spread its Assault's attacks over its turn: `n=1` rolls one now, the
// next `assault` set (on another target) rolls the rest without another standard action, and
// a set past the Assault's attacks needs a new action.
#[test]
fn gem_act_1_a_hero_spreads_its_assault_over_the_turn() {
    let script = "new gempunks\nadd Hero side=pc\nweapon Hero knife acc=0 dmg=1d6 melee\n\
                  add Orc ad=5 hp=9\nadd Troll ad=5 hp=9\ninit Hero 10\ninit Orc 1\ninit Troll 2\n\
                  start\nattack Hero Orc assault n=1\n";
    let state = run(script, "1");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero's Assault has 1 more to roll this turn"), "{text}");
    assert_eq!(budget(&state, "hero").0, 0);
    let state = run(&format!("{script}attack Hero Troll assault\n"), "1,1");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero attacks Troll needs 5: 1d6"), "{text}");
    assert!(text.contains("Hero's Assault is spent"), "{text}");
    let err = run_err(&format!("{script}attack Hero Troll assault n=2\n"), "1,1,1");
    assert!(err.contains("n=2: Hero rolls 1 to 1 dice"), "{err}");
    let err =
        run_err(&format!("{script}attack Hero Troll assault\nattack Hero Orc assault\n"), "1,1,1");
    assert!(err.contains("standard"), "{err}");
    // Rolled whole, as before: no Assault left over, nothing logged of it.
    let state = run(
        "new gempunks\nadd Hero side=pc\nweapon Hero knife acc=0 dmg=1d6 melee\nadd Orc ad=5\ninit Hero 10\ninit Orc 1\nstart\nattack Hero Orc assault\n",
        "1,1",
    );
    assert!(!log(&state).join("\n").contains("Assault has"), "{:?}", log(&state));
}

// GEM-OPT-4, GEM-ACT-8 in the tracker's command line: a disarm with typed faces, the refusal on
// the status line, `do … pickup` and the Actions pane's two-pool cost.
#[test]
fn the_command_line_disarms_refuses_and_picks_up() {
    use crate::tui::{app, drive, screen};
    let session = skirmish::encounter::Session::new(
        skirmish::rules::System::GEMPUNKS,
        "Test",
        crate::harness::assets(),
    );
    let mut a = app(session);
    drive(
        &mut a,
        ":add Hero side=pc<Enter>:weapon Hero hands acc=0 dmg=1d6 unarmed melee<Enter>\
         :add Orc gd=3 ad=5 toughness=4 hp=5<Enter>:weapon Orc club acc=0 dmg=1d6 melee<Enter>\
         :init Hero 10<Enter>:init Orc 1<Enter>:start<Enter>\
         :attack Hero Orc hands option=disarm roll=4 dmgroll=2 take=off<Enter>:next<Enter>\
         :attack Orc Hero club roll=1<Enter>",
    );
    assert!(a.status.error, "{:?}", a.status);
    assert!(a.status.text.contains("Orc's club lies dropped (GEM-OPT-4)"), "{:?}", a.status);
    drive(&mut a, ":do Orc pickup item=club<Enter>:attack Orc Hero club roll=1<Enter>");
    assert!(!a.status.error, "{:?}", a.status);
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.contains(&"Orc picks up its club: back in hand"), "{log:#?}");
    assert!(screen(&a, 120, 40).contains("Melee Guard (1 standard + 1 move)"));
}

/// Hero with a sword, a bow, a heavy maul and an automatic saw; Orc cannot be hit (AD 30), so
/// every reaction rolls one die and misses. Hero guards on its turn; the reactions come in Orc's.
const GUARD: &str = "new gempunks\nadd Hero side=pc\nweapon Hero sword acc=0 dmg=1d6 melee\n\
                     weapon Hero bow acc=0 dmg=1d6 ranged range=50/50/50\n\
                     weapon Hero maul acc=0 dmg=2d6 melee heavy\n\
                     weapon Hero saw acc=0 dmg=1d6 melee automatic\n\
                     add Orc ad=30 toughness=50 hp=9\ninit Hero 10\ninit Orc 5\nstart\n";

// GEM-ACT-7, GEM-ACT-8: `attack … reaction` is a guard's attack. Each case: the guard taken on
// Hero's turn (if any), the reactions made in Orc's turn, and the refusal of the last one (`None`:
// all accepted).
#[test]
fn gem_act_7_and_8_reactions_need_a_guard_of_their_kind() {
    let cases: &[(&str, &[&str], Option<&str>)] = &[
        // No guard: no reaction (GEM-ACT-7, GEM-ACT-8).
        ("", &["sword"], Some("Hero is not Guarding: a reaction is a guard's attack")),
        ("", &["sword force"], None),
        // GEM-ACT-8: Melee Guard, non-heavy melee, at most the normal number (an Assault's 2).
        ("mguard", &["sword", "sword"], None),
        (
            "mguard",
            &["sword", "sword", "sword"],
            Some("Hero's Melee Guard has made 2 of its 2 attacks"),
        ),
        ("mguard", &["sword", "sword", "sword force"], None),
        ("mguard", &["bow"], Some("melee attacks only, and bow is a ranged weapon (GEM-ACT-8)")),
        ("mguard", &["maul"], Some("Melee Guard reacts with non-heavy attacks only")),
        ("mguard", &["sword heavy"], Some("Melee Guard reacts with non-heavy attacks only")),
        ("mguard", &["sword assault"], Some("not an Assault or a Rush (GEM-ACT-8)")),
        // GEM-WPN-1: an Automatic weapon at −2 attacks at every opportunity, past the count.
        ("mguard", &["saw every", "saw every", "saw every"], None),
        ("mguard", &["sword every"], Some("sword is neither Automatic nor Semiautomatic")),
        // GEM-ACT-7: Ranged Guard, non-heavy ranged, no count (the 90° cone is the GM's).
        ("rguard", &["bow", "bow", "bow"], None),
        (
            "rguard",
            &["sword"],
            Some("ranged attacks only, and sword is a melee weapon (GEM-ACT-7)"),
        ),
        ("rguard", &["bow heavy"], Some("Ranged Guard reacts with non-heavy attacks only")),
    ];
    for (guard, reactions, refused) in cases {
        let mut script = GUARD.to_string();
        if !guard.is_empty() {
            script.push_str(&format!("do Hero {guard}\n"));
        }
        script.push_str("next\n");
        for r in *reactions {
            script.push_str(&format!("attack Hero Orc {r} reaction\n"));
        }
        let dice = faces(1, reactions.len());
        match refused {
            Some(text) => {
                let err = run_err(&script, &dice);
                assert!(err.contains(text), "{guard} {reactions:?}: {err}");
                let dice_drawn = err.contains("dice");
                assert!(!dice_drawn, "refused before any die: {err}");
            }
            None => {
                let state = run(&script, &dice);
                let text = log(&state).join("\n");
                let reactions = text.split("Orc's turn").nth(1).unwrap_or_default();
                assert!(!reactions.contains("standard"), "reactions cost no action: {text}");
            }
        }
    }
    let state = run(&format!("{GUARD}do Hero mguard\nnext\nattack Hero Orc sword reaction\n"), "1");
    let text = log(&state).join("\n");
    assert!(text.contains("Hero reacts from its guard: attack 1 of 2"), "{text}");
    let state =
        run(&format!("{GUARD}do Hero mguard\nnext\nattack Hero Orc saw every reaction\n"), "1");
    let text = log(&state).join("\n");
    assert!(text.contains("every opportunity -2"), "{text}");
    let err = run_err(&format!("{GUARD}attack Hero Orc saw every\n"), "1");
    assert!(err.contains("add reaction (GEM-WPN-1)"), "{err}");
}

// GEM-ACT-8, GEM-INIT-3 (d): the Melee Guard's count is undone with its reaction and ends with the
// guard as Hero's next turn begins; a new guard counts afresh.
#[test]
fn gem_act_8_the_reaction_count_undoes_and_ends_with_the_guard() {
    let two = format!(
        "{GUARD}do Hero mguard\nnext\nattack Hero Orc sword reaction\nattack Hero Orc sword reaction\n"
    );
    run(&format!("{two}undo\nattack Hero Orc sword reaction\n"), "1,1,1");
    let err = run_err(&format!("{two}next\nattack Hero Orc sword reaction\n"), "1,1,1");
    assert!(err.contains("Hero is not Guarding"), "the guard ended: {err}");
    run(
        &format!(
            "{two}next\ndo Hero mguard\nnext\nattack Hero Orc sword reaction\nattack Hero Orc sword reaction\n"
        ),
        "1,1,1,1",
    );
}

/// Hero (items +2) grapples Orc (GD 3, T 4, legerdemain +1), then ties it up (forced: a second
/// standard action). Dice: grapple `4` hits, damage `4` ≥ T; Tie Up `4` hits, damage `5` would wound.
const TIE: &str = "new gempunks\nadd Hero side=pc items=2\nweapon Hero hands acc=0 dmg=1d6 unarmed melee\n\
                   add Orc gd=3 ad=5 toughness=4 hp=5 legerdemain=1\ninit Hero 10\ninit Orc 1\nstart\n\
                   attack Hero Orc hands option=grapple\n";

// GEM-ACT-6: a Tie Up that would wound ties with the DC of the tier's items check: typed `dc=N`,
// or one die (`gem_check_die`, d6 by default) + items rolled after the hit's damage.
#[test]
fn gem_act_6_tie_up_writes_the_items_check_dc() {
    // (set, tie-up fields, dice, the log line, tied)
    let cases: &[(&str, &str, &str, &str, bool)] = &[
        (
            "",
            "",
            "4,4,4,5,3",
            "Orc is tied up, DC 5 from Hero's items check d6+2: 3 + 2 = 5 (GEM-ACT-6)",
            true,
        ),
        ("", "dc=7", "4,4,4,5", "Orc is tied up, DC 7, typed (GEM-ACT-6)", true),
        (
            "set gem_check_die d10\n",
            "",
            "4,4,4,5,9",
            "DC 11 from Hero's items check d10+2: 9 + 2 = 11",
            true,
        ),
        ("", "", "4,4,4,3", "no wound: not tied", false),
    ];
    for (set, fields, dice, line, tied) in cases {
        let script = format!("{TIE}{set}attack Hero Orc hands tieup {fields} force\n");
        let state = run(&script, dice);
        let text = log(&state).join("\n");
        assert!(text.contains(line), "{set}{fields} {dice}: {text}");
        assert_eq!(has(&state, "orc", "Tied Up"), *tied, "{set}{fields} {dice}");
        let dc = &combatant(&state, "orc")["tied_up_dc"];
        assert_eq!(dc.is_i64(), *tied, "JSON tied_up_dc while tied: {dc}");
    }
    let state = run(&format!("{TIE}attack Hero Orc hands tieup dc=7 force\n"), "4,4,4,5");
    assert_eq!(combatant(&state, "orc")["tied_up_dc"], 7);
    let err = run_err(&format!("{TIE}attack Hero Orc hands dc=7\n"), "4,4,4");
    assert!(err.contains("dc=N is the DC of a Tie Up"), "{err}");
}

// GEM-ACT-6: on its own turn, for its standard action, the tied creature rolls legerdemain
// (die + legerdemain) against DC + 3; reaching it frees it. Each case: the DC the knots were tied
// with, the escape's fields and dice after the tie, whether Orc is free afterwards.
#[test]
fn gem_act_6_escape_rolls_legerdemain_against_dc_plus_3() {
    let tied = |dc: &str| format!("{TIE}attack Hero Orc hands tieup dc={dc} force\nnext\n");
    let cases: &[(&str, &str, &str, bool, &str)] = &[
        (
            "5",
            "roll=6",
            "",
            false,
            "Orc stays tied up: legerdemain d6+1: 6 + 1 = 7, below DC 5 + 3 = 8",
        ),
        ("4", "roll=6", "", true, "Orc slips the knots: legerdemain d6+1: 6 + 1 = 7 ≥ DC 4 + 3"),
        ("4", "", ",6", true, "Orc slips the knots"),
        ("4", "", ",5", false, "Orc stays tied up"),
        // `dc=` on the escape stands for the DC the GM tied it with.
        ("9", "roll=3 dc=1", "", true, "3 + 1 = 4 ≥ DC 1 + 3"),
    ];
    for (dc, fields, more, free, line) in cases {
        let script = format!("{}escape Orc {fields}\n", tied(dc));
        let state = run(&script, &format!("4,4,4,5{more}"));
        let text = log(&state).join("\n");
        assert!(text.contains(line), "dc={dc} {fields}{more}: {text}");
        assert!(text.contains("Orc: escape, −1 of standard"), "{text}");
        assert_eq!(!has(&state, "orc", "Tied Up"), *free, "dc={dc} {fields}{more}");
        assert_eq!(budget(&state, "orc"), (0, 1), "the escape is the standard action");
    }
    // Refused before any die: not its turn, no standard action left, not tied up.
    let refusals: &[(String, &str)] = &[
        (
            format!("{TIE}attack Hero Orc hands tieup dc=4 force\nescape Orc\n"),
            "Orc escapes on its own turn, not Hero's (GEM-ACT-6)",
        ),
        (
            format!("{}escape Orc roll=1\nescape Orc\n", tied("4")),
            "Orc has no standard action left this turn to escape with",
        ),
        (
            format!("{}escape Hero\n", tied("4")),
            "Hero is not tied up: nothing to escape (GEM-ACT-6)",
        ),
        (format!("{}escape Orc roll=6,6\n", tied("4")), "roll= gave 1 face(s) more"),
    ];
    for (script, text) in refusals {
        let err = run_err(script, "4,4,4,5");
        assert!(err.contains(text), "{text}: {err}");
    }
    // `force` tries off its turn; undo ties it again.
    let state = run(
        &format!("{TIE}attack Hero Orc hands tieup dc=4 force\nescape Orc roll=6 force\n"),
        "4,4,4,5",
    );
    assert!(!has(&state, "orc", "Tied Up"));
    let state = run(&format!("{}escape Orc roll=6\nundo\n", tied("4")), "4,4,4,5");
    assert!(has(&state, "orc", "Tied Up"), "undo ties it again");
}
