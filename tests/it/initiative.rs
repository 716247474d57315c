//! Initiative and turn order, run in-process as `skirmish run` runs a script, with scripted dice.
//!
//! Every scenario runs a script with an exact list of dice, then reads the `--json` state. `run`
//! insists that every scripted face was used, so each test also pins how many dice each step
//! consumes (a group rolls once, round 2 of WOIN rolls nothing, a held Savage Worlds character
//! draws no card …).

use std::path::Path;

use serde_json::Value;
use skirmish::cli::to_json;

use crate::harness::{assets, check_success, exec, run, run_err, succeeded};

/// Run a script that must succeed, whether or not it uses every face; the JSON and the number
/// of faces left unused. For the tests of known bugs, so that they fail on the behaviour rather
/// than on the count.
fn run_any(script: &str, dice: &str) -> (Value, usize) {
    let ran = exec(script, dice, None);
    (to_json(&succeeded(ran.result, script, dice)), ran.unused)
}

/// Like `run`, also saving the encounter as `--save` does; the JSON and the budget of the turn
/// under way as (pool, total). The budget is read from the save loaded back with the crate's own
/// loader, so it is the one a replay of the event log rebuilds.
fn run_budget(script: &str, dice: &str, tag: &str) -> (Value, Vec<(String, u8)>) {
    let path = format!("{}/initiative-{tag}.ron", env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::remove_file(&path);
    let session = check_success(exec(script, dice, Some(Path::new(&path))), script, dice);
    let saved = skirmish::save::load(Path::new(&path), assets()).expect("the save loads");
    let budget = saved
        .encounter()
        .turn
        .as_ref()
        .expect("a turn is under way")
        .budget
        .iter()
        .map(|pool| (pool.name.clone(), pool.total))
        .collect();
    (to_json(&session), budget)
}

fn pools(list: &[(&str, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|&(n, t)| (n.to_string(), t)).collect()
}

fn order(v: &Value) -> Vec<String> {
    v["order"]
        .as_array()
        .expect("order is a list")
        .iter()
        .map(|id| id.as_str().expect("ids are strings").to_string())
        .collect()
}

fn current(v: &Value) -> Option<&str> {
    v["current"].as_str()
}

fn round(v: &Value) -> u64 {
    v["round"].as_u64().expect("round is a number")
}

fn combatant<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["combatants"]
        .as_array()
        .expect("combatants is a list")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no combatant {id}"))
}

fn init<'a>(v: &'a Value, id: &str) -> &'a Value {
    &combatant(v, id)["initiative"]
}

fn log_lines(v: &Value) -> Vec<(u64, String)> {
    v["log"]
        .as_array()
        .expect("log is a list")
        .iter()
        .map(|l| {
            (
                l["round"].as_u64().expect("log round"),
                l["text"].as_str().expect("log text").to_string(),
            )
        })
        .collect()
}

/// Whose turns began, in log order, as (round, id).
fn turns_taken(v: &Value) -> Vec<(u64, String)> {
    v["log"]
        .as_array()
        .expect("log is a list")
        .iter()
        .filter(|l| {
            l["text"]
                .as_str()
                .is_some_and(|t| t.contains("'s turn") || t.contains("acts from hold"))
        })
        .map(|l| {
            (
                l["round"].as_u64().expect("log round"),
                l["who"].as_str().expect("a turn names who").to_string(),
            )
        })
        .collect()
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

fn turns(list: &[(u64, &str)]) -> Vec<(u64, String)> {
    list.iter().map(|&(r, id)| (r, id.to_string())).collect()
}

/// `next` repeated `n` times, one per line.
fn nexts(n: usize) -> String {
    "next\n".repeat(n)
}

// ---------------------------------------------------------------------------------------------
// Savage Worlds deck arithmetic: a card is drawn by a die with one side per card left, face k
// picking the k-th lowest card left in the order 2♣ 2♦ 2♥ 2♠ 3♣ … A♠, red Joker, black Joker.

fn deck_order() -> Vec<String> {
    let ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let mut cards: Vec<String> =
        ranks.iter().flat_map(|r| ["C", "D", "H", "S"].map(|s| format!("{r}{s}"))).collect();
    cards.push("RedJoker".into());
    cards.push("Joker".into());
    cards
}

/// Which cards are out of the action deck, to script the faces that draw given cards.
#[derive(Default)]
struct Deck {
    out: Vec<String>,
}

impl Deck {
    fn left(&self) -> Vec<String> {
        deck_order().into_iter().filter(|c| !self.out.contains(c)).collect()
    }

    /// The face that draws `card` now; the card leaves the deck.
    fn face(&mut self, card: &str) -> u32 {
        let left = self.left();
        let at = left
            .iter()
            .position(|c| c == card)
            .unwrap_or_else(|| panic!("{card} is not in the deck"));
        self.out.push(card.to_string());
        u32::try_from(at + 1).expect("small")
    }

    /// Faces drawing `cards` in turn, as a `--dice` fragment.
    fn draw(&mut self, cards: &[&str]) -> String {
        cards.iter().map(|c| self.face(c).to_string()).collect::<Vec<_>>().join(",")
    }

    /// A card typed by hand also leaves the deck.
    fn take(&mut self, card: &str) {
        self.out.push(card.to_string());
    }

    fn shuffle_keeping(&mut self, kept: &[&str]) {
        self.out.retain(|c| kept.contains(&c.as_str()));
    }
}

fn dice(parts: &[&str]) -> String {
    parts.iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join(",")
}

#[test]
fn deck_helper_matches_the_documented_faces() {
    let mut deck = Deck::default();
    assert_eq!(deck.face("AS"), 52);
    let mut deck = Deck::default();
    assert_eq!(deck.face("Joker"), 54);
    assert_eq!(deck.face("2C"), 1);
    assert_eq!(deck.face("RedJoker"), 52);
}

// ---------------------------------------------------------------------------------------------
// WOIN

// WOIN-INIT-1: initiative is the INITIATIVE pool's total (default 2d6); a group rolls once.
#[test]
fn woin_init_1_pool_total() {
    let cases: &[(&str, &str, i64)] = &[
        ("add Aria init=4d6", "6,5,4,1", 16),
        ("add Aria", "3,4", 7),
        ("add Aria init=3d6+2", "1,1,1", 5),
        ("add Aria init=5d6 agi=9", "6,6,6,6,6", 30),
    ];
    for &(add, faces, total) in cases {
        let v = run(&format!("new woin\n{add}\nstart\n"), faces);
        assert_eq!(init(&v, "aria"), total, "{add} with {faces}");
        assert_eq!(current(&v), Some("aria"));
        assert_eq!(round(&v), 1);
    }
    // Three members added together share one roll of the pool.
    let v = run("new woin\nadd Kobold x3 init=3d6\nstart\n", "2,2,3");
    for id in ["kobold-1", "kobold-2", "kobold-3"] {
        assert_eq!(init(&v, id), 7, "{id}");
    }
    assert_eq!(order(&v), ids(&["kobold-1", "kobold-2", "kobold-3"]));
}

// WOIN-INIT-2: equal totals: higher AGILITY first; still tied, a d6 roll-off, highest first,
// ties rerolled. No roll-off die is rolled when AGILITY settles it.
#[test]
fn woin_init_2_agility_then_rolloff() {
    let cases: &[(&str, &str, &[&str])] = &[
        // 7 vs 7, AGILITY 5 beats 3: no roll-off.
        ("add Aria agi=3\nadd Brom agi=5\n", "4,3,5,2", &["brom", "aria"]),
        // The same, whoever was added first.
        ("add Brom agi=5\nadd Aria agi=3\n", "4,3,5,2", &["brom", "aria"]),
        // 7 vs 7, AGILITY 3 each: roll-off 2 vs 6.
        ("add Aria agi=3\nadd Brom agi=3\n", "4,3,5,2,2,6", &["brom", "aria"]),
        // Roll-off 6 vs 1: the first added wins.
        ("add Aria agi=3\nadd Brom agi=3\n", "4,3,5,2,6,1", &["aria", "brom"]),
        // Three-way tie: 4, 4, 2; Aria and Brom reroll 1 vs 5.
        (
            "add Aria agi=2\nadd Brom agi=2\nadd Cale agi=2\n",
            "3,3,2,4,1,5,4,4,2,1,5",
            &["brom", "aria", "cale"],
        ),
        // Rerolled ties repeat until settled: 3/3, then 6/6, then 2/4.
        ("add Aria\nadd Brom\n", "1,1,1,1,3,3,6,6,2,4", &["brom", "aria"]),
        // Only the tied roll off: Dara (12) and Cale (2) are not part of it.
        (
            "add Dara\nadd Aria\nadd Cale\nadd Brom\n",
            "6,6,3,3,1,1,4,2,5,4",
            &["dara", "aria", "brom", "cale"],
        ),
    ];
    for &(adds, faces, expected) in cases {
        let v = run(&format!("new woin\n{adds}start\n"), faces);
        assert_eq!(order(&v), ids(expected), "{adds} with {faces}");
    }
}

// WOIN-INIT-2: the roll-off is logged.
#[test]
fn woin_init_2_rolloff_is_logged() {
    let v = run("new woin\nadd Aria agi=3\nadd Brom agi=3\nstart\n", "4,3,5,2,4,4,1,3");
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    let lines: Vec<String> =
        log_lines(&v).into_iter().filter(|(_, t)| t.contains("roll-off")).map(|(_, t)| t).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("Aria") && lines[0].contains("4, 1"));
    assert!(lines[1].starts_with("Brom") && lines[1].contains("4, 3"));
}

// WOIN-INIT-2: a newcomer tied with combatants that already rolled off first rolls as many
// roll-off dice as they did, then those still identical reroll.
#[test]
fn woin_init_2_newcomer_rolls_off_against_earlier_rolloffs() {
    let v = run(
        "new woin\nadd Aria\nadd Brom\ninit Aria 10\ninit Brom 10\nstart\nadd Cale\n",
        // Roll-off 5 vs 2; Cale rolls 10, then 5 (tied with Aria's 5), then Aria 1, Cale 6.
        "5,2,5,5,5,1,6",
    );
    assert_eq!(order(&v), ids(&["cale", "aria", "brom"]));
    assert_eq!(current(&v), Some("aria"));
}

// WOIN-INIT-1: the Deaf condition takes 1d6 (severe: 2d6) off the INITIATIVE pool (woin.md:
// "apply mechanically … INITIATIVE dice (Deaf)"; Deaf: "-1d6 to PERCEPTION and INITIATIVE").
#[test]

fn woin_init_1_deaf_rolls_fewer_initiative_dice() {
    let cases: &[(&str, i64, usize)] =
        &[("cond Aria deaf", 12, 1), ("cond Aria deaf severe", 6, 2)];
    for &(cond, total, unused) in cases {
        let (v, left) = run_any(&format!("new woin\nadd Aria init=3d6\n{cond}\nstart\n"), "6,6,6");
        assert_eq!(init(&v, "aria"), total, "{cond}");
        assert_eq!(left, unused, "{cond}: scripted faces not used");
    }
}

// WOIN-INIT-3: highest count first; `next` walks the order and then begins round 2.
#[test]
fn woin_init_3_highest_first_and_next_walks_the_order() {
    let setup = "new woin\nadd Aria\nadd Brom init=3d6\nadd Cale init=1d6\nstart\n";
    // Aria 5, Brom 15, Cale 6.
    let faces = "2,3,5,5,5,6";
    let walk = [(1, "brom"), (1, "cale"), (1, "aria"), (2, "brom"), (2, "cale")];
    for (n, &(r, who)) in walk.iter().enumerate() {
        let v = run(&format!("{setup}{}", nexts(n)), faces);
        assert_eq!(order(&v), ids(&["brom", "cale", "aria"]), "after {n} next");
        assert_eq!((round(&v), current(&v)), (r, Some(who)), "after {n} next");
    }
}

// WOIN-INIT-3: a turn is 2 actions, plus 1 free action and 1 reaction; `actions=N` changes the
// actions on the count.
#[test]
fn woin_init_3_turn_budget() {
    let script = "new woin\nadd Aria\nadd Brom actions=1\nstart\n";
    let (v, budget) = run_budget(script, "6,6,1,1", "woin-init-3-a");
    assert_eq!(current(&v), Some("aria"));
    assert_eq!(budget, pools(&[("actions", 2), ("free", 1), ("reaction", 1)]));
    let (v, budget) = run_budget(&format!("{script}next\n"), "6,6,1,1", "woin-init-3-b");
    assert_eq!(current(&v), Some("brom"));
    assert_eq!(budget, pools(&[("actions", 1), ("free", 1), ("reaction", 1)]));
}

// WOIN-INIT-4: 3 actions: 2 on its count, 1 more at count −10 (a turn of its own in the order,
// with one action and no free action or reaction).
#[test]
fn woin_init_4_third_action_ten_counts_later() {
    // Brute 15 (3d6), Aria 8, Cale 4: Brute again at 5, between Aria and Cale.
    let script = "new woin\nadd Brute init=3d6 actions=3\nadd Aria\nadd Cale\nstart\n";
    let faces = "5,5,5,4,4,2,2";
    let v = run(script, faces);
    assert_eq!(init(&v, "brute"), 15);
    assert_eq!(order(&v), ids(&["brute", "aria", "brute", "cale"]));

    let v = run(&format!("{script}{}", nexts(4)), faces);
    assert_eq!(
        turns_taken(&v),
        turns(&[(1, "brute"), (1, "aria"), (1, "brute"), (1, "cale"), (2, "brute"),])
    );
    assert!(log_lines(&v).iter().any(|(r, t)| *r == 1 && t == "Brute's turn again (extra action)"));
    let main = pools(&[("actions", 2), ("free", 1), ("reaction", 1)]);
    for (n, who, expected) in
        [(0, "brute", main.clone()), (2, "brute", pools(&[("actions", 1)])), (4, "brute", main)]
    {
        let (v, budget) =
            run_budget(&format!("{script}{}", nexts(n)), faces, &format!("woin-init-4-{n}"));
        assert_eq!(current(&v), Some(who));
        assert_eq!(budget, expected, "after {n} next");
    }
}

// WOIN-INIT-4: the extra turn at −10 sorts among the others by count, even below everyone.
#[test]
fn woin_init_4_extra_turn_sorts_by_count() {
    let cases: &[(&str, &[&str])] = &[
        // Brute 20 → 10; Aria 12, Cale 9.
        ("init Brute 20\ninit Aria 12\ninit Cale 9\n", &["brute", "aria", "brute", "cale"]),
        // Brute 14 → 4; Aria 12, Cale 9.
        ("init Brute 14\ninit Aria 12\ninit Cale 9\n", &["brute", "aria", "cale", "brute"]),
        // Brute 25 → 15; Aria 12, Cale 9.
        ("init Brute 25\ninit Aria 12\ninit Cale 9\n", &["brute", "brute", "aria", "cale"]),
        // Brute 11 → 1; Aria 12, Cale 9.
        ("init Brute 11\ninit Aria 12\ninit Cale 9\n", &["aria", "brute", "cale", "brute"]),
    ];
    for &(inits, expected) in cases {
        let v =
            run(&format!("new woin\nadd Brute actions=3\nadd Aria\nadd Cale\n{inits}start\n"), "");
        assert_eq!(order(&v), ids(expected), "{inits}");
    }
}

// WOIN-INIT-5: 4+ actions: 2 on its count, then 1 every 5 counts (−5, −10, −15 …) until all
// are used; counts may go to 0 or below and still act, in order.
#[test]
fn woin_init_5_extra_turns_every_five_counts() {
    let cases: &[(u32, i64, i64, &[&str])] = &[
        // 12, 7, 2 around Aria at 5.
        (4, 12, 5, &["brute", "brute", "aria", "brute"]),
        // 8, 3, −2, −7 around Aria at 1.
        (5, 8, 1, &["brute", "brute", "aria", "brute", "brute"]),
        // 3, −2, −7 around Aria at 0.
        (4, 3, 0, &["brute", "aria", "brute", "brute"]),
        // 20, 15, 10, 5 around Aria at −1: everyone still acts.
        (5, 20, -1, &["brute", "brute", "brute", "brute", "aria"]),
        // 2, −3, −8, −13 around Aria at −4.
        (5, 2, -4, &["brute", "brute", "aria", "brute", "brute"]),
        // Six actions: 2 on the count, then 4 more at −5 … −20.
        (6, 9, 3, &["brute", "brute", "aria", "brute", "brute", "brute"]),
    ];
    for &(actions, brute, aria, expected) in cases {
        let script = format!(
            "new woin\nadd Brute actions={actions}\nadd Aria\ninit Brute {brute}\ninit Aria {aria}\nstart\n"
        );
        let v = run(&script, "");
        assert_eq!(order(&v), ids(expected), "actions={actions} at {brute}");
        // `next` visits every turn, including those at counts ≤ 0, then begins round 2.
        let n = expected.len();
        let v = run(&format!("{script}{}", nexts(n)), "");
        let mut walked: Vec<(u64, &str)> = expected.iter().map(|&id| (1, id)).collect();
        walked.push((2, expected[0]));
        assert_eq!(turns_taken(&v), turns(&walked), "actions={actions} at {brute}");
    }
}

// WOIN-INIT-5: each turn after the first two actions has one action, and no free action or
// reaction (those belong to the turn on the combatant's own count).
#[test]
fn woin_init_5_extra_turn_budget() {
    let script = "new woin\nadd Brute actions=5\nadd Aria\ninit Brute 8\ninit Aria 1\nstart\n";
    let main = pools(&[("actions", 2), ("free", 1), ("reaction", 1)]);
    let extra = pools(&[("actions", 1)]);
    // Brute 8, Brute 3, Aria 1, Brute −2, Brute −7.
    let steps = [
        ("brute", &main),
        ("brute", &extra),
        ("aria", &main),
        ("brute", &extra),
        ("brute", &extra),
    ];
    for (n, (who, expected)) in steps.into_iter().enumerate() {
        let (v, budget) =
            run_budget(&format!("{script}{}", nexts(n)), "", &format!("woin-init-5-{n}"));
        assert_eq!(current(&v), Some(who), "after {n} next");
        assert_eq!(&budget, expected, "after {n} next");
    }
}

// WOIN-INIT-6: the next round keeps the same order, roll-offs included, and rolls nothing.
#[test]
fn woin_init_6_same_order_next_round_without_dice() {
    // Aria 7 agi 2, Brom 7 agi 2 (roll-off 2 vs 5), Cale 9 with 3 actions (9 and −1).
    let setup = "new woin\nadd Aria agi=2\nadd Brom agi=2\nadd Cale actions=3\nstart\n";
    let faces = "3,4,5,2,4,5,2,5";
    let first = run(setup, faces);
    let expected = ids(&["cale", "brom", "aria", "cale"]);
    assert_eq!(order(&first), expected);
    for rounds_done in 1..=3 {
        let v = run(&format!("{setup}{}", nexts(4 * rounds_done)), faces);
        assert_eq!(round(&v), 1 + rounds_done as u64);
        assert_eq!(current(&v), Some("cale"));
        assert_eq!(order(&v), expected, "round {}", round(&v));
        for (id, n) in [("aria", 7), ("brom", 7), ("cale", 9)] {
            assert_eq!(init(&v, id), n, "{id}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Gempunks

// GEM-INIT-1: each controller rolls one d6 for all its characters (default controller: the
// side); each adds its Agility; highest first; ties rolled off.
#[test]
fn gem_init_1_one_die_per_controller() {
    let v = run(
        "new gempunks
add Aria agility=2 side=pc controller=alice
add Brom agility=1 side=pc controller=bob
add Cale agility=3 side=pc controller=Alice
add Kobold x3 agility=0
add Witch agility=3
start
",
        // alice 4, bob 5, enemy 2; Aria 6 and Brom 6 roll off 3 vs 6.
        "4,5,2,3,6",
    );
    for (id, n) in
        [("aria", 6), ("brom", 6), ("cale", 7), ("kobold-1", 2), ("kobold-3", 2), ("witch", 5)]
    {
        assert_eq!(init(&v, id), n, "{id}");
    }
    assert_eq!(
        order(&v),
        ids(&["cale", "brom", "aria", "witch", "kobold-1", "kobold-2", "kobold-3"])
    );
}

// GEM-INIT-1: the side is the default controller; rolled once per combat, so round 2 and a
// newcomer under a controller that has rolled use no dice.
#[test]
fn gem_init_1_side_is_the_default_controller_and_rolls_once() {
    let setup =
        "new gempunks\nadd Aria agility=1 side=pc\nadd Brom agility=2 side=pc\nadd Rat\nstart\n";
    // pc 3, enemy 5: Aria 4, Brom 5, Rat 5; Brom and Rat roll off 1 vs 2.
    let faces = "3,5,1,2";
    let v = run(setup, faces);
    assert_eq!(order(&v), ids(&["rat", "brom", "aria"]));
    let v = run(&format!("{setup}{}", nexts(4)), faces);
    assert_eq!((round(&v), current(&v)), (2, Some("brom")));
    assert_eq!(order(&v), ids(&["rat", "brom", "aria"]));
    // Dara joins the pc side mid-fight: the pc die (3) + 4 = 7, no new die.
    let v = run(&format!("{setup}add Dara agility=4 side=pc\n"), faces);
    assert_eq!(init(&v, "dara"), 7);
    assert_eq!(order(&v), ids(&["dara", "rat", "brom", "aria"]));
    assert_eq!(current(&v), Some("rat"));
    // A new controller mid-fight rolls its own die.
    let v =
        run(&format!("{setup}add Eve agility=0 side=pc controller=eve\n"), &format!("{faces},6"));
    assert_eq!(init(&v, "eve"), 6);
}

// GEM-INIT-1: several characters of one controller with equal Agility tie: roll-off, rerolled.
#[test]
fn gem_init_1_ties_within_a_controller_roll_off() {
    let v = run(
        "new gempunks\nadd Aria agility=1\nadd Brom agility=1\nadd Cale agility=1\nstart\n",
        // enemy 4: all 5; roll-off 2, 2, 5; Aria and Brom reroll 6 vs 1.
        "4,2,2,5,6,1",
    );
    assert_eq!(order(&v), ids(&["cale", "aria", "brom"]));
}

// ---------------------------------------------------------------------------------------------
// Savage Worlds

// SW-INIT-1: one card to each Wild Card and one to each group of Extras, whose members share it;
// a new deal every round.
#[test]
fn sw_init_1_one_card_per_wild_card_and_per_group() {
    let mut deck = Deck::default();
    let round1 = deck.draw(&["KD", "9C", "AS"]);
    let round2 = deck.draw(&["3H", "QC", "10S"]);
    let setup = "new savage\nadd Hero wild side=pc\nadd Thug x3 extra\nadd Boss wild\nstart\n";
    let v = run(setup, &round1);
    assert_eq!(init(&v, "hero"), "KD");
    for id in ["thug-1", "thug-2", "thug-3"] {
        assert_eq!(init(&v, id), "9C", "{id}");
    }
    assert_eq!(init(&v, "boss"), "AS");
    assert_eq!(order(&v), ids(&["boss", "hero", "thug-1", "thug-2", "thug-3"]));
    assert_eq!(current(&v), Some("boss"));

    let v = run(&format!("{setup}{}", nexts(5)), &dice(&[&round1, &round2]));
    assert_eq!(round(&v), 2);
    assert_eq!([init(&v, "hero"), init(&v, "thug-2"), init(&v, "boss")], ["3H", "QC", "10S"]);
    assert_eq!(order(&v), ids(&["thug-1", "thug-2", "thug-3", "boss", "hero"]));
    assert_eq!(current(&v), Some("thug-1"));
    // The old cards go back in one line, not one per holder.
    let collected: Vec<_> =
        log_lines(&v).into_iter().filter(|(_, t)| t.contains("cards go back")).collect();
    assert_eq!(collected, [(2, "last round's cards go back for a new deal".to_string())]);
    assert!(!log_lines(&v).iter().any(|(_, t)| t.contains("no card this round")));
}

// SW-INIT-1: the card is drawn with a die of as many sides as cards are left.
#[test]
fn sw_init_1_draw_die_has_one_side_per_card_left() {
    let script = "new savage\nadd Hero wild\nadd Thug extra\nstart\n";
    // 54 cards, then 53: face 53 is the black Joker after the red one left.
    let v = run(script, "53,53");
    assert_eq!(init(&v, "hero"), "RedJoker");
    assert_eq!(init(&v, "thug"), "Joker");
    let err = run_err(script, "1,54");
    assert!(err.contains("line 4") && err.contains("d53"), "{err}");
}

// SW-INIT-2: count down from Ace to 2; equal ranks by suit: spades, hearts, diamonds, clubs.
#[test]
fn sw_init_2_suit_order_for_equal_ranks() {
    let cases: &[([&str; 4], [&str; 4])] = &[
        (["7C", "7H", "7S", "7D"], ["c", "b", "d", "a"]),
        (["AD", "AS", "AC", "AH"], ["b", "d", "a", "c"]),
        (["2S", "3C", "2H", "KC"], ["d", "b", "a", "c"]),
        (["Joker", "AS", "2C", "KS"], ["a", "b", "d", "c"]),
    ];
    for (cards, expected) in cases {
        let mut deck = Deck::default();
        let v = run(
            "new savage\nadd A wild\nadd B wild\nadd C wild\nadd D wild\nstart\n",
            &deck.draw(cards),
        );
        assert_eq!(order(&v), ids(expected), "{cards:?}");
    }
}

// SW-INIT-3: a new deal each round; the deck is shuffled at the end of a round in which a Joker
// was dealt, and only then.
#[test]
fn sw_init_3_shuffle_after_a_joker_round() {
    let setup = "new savage\nadd Hero wild\nadd Thug extra\nstart\n";
    let mut deck = Deck::default();
    let r1 = deck.draw(&["Joker", "10H"]);
    deck.shuffle_keeping(&[]);
    // The full deck again: the black Joker is face 54 once more.
    let r2 = deck.draw(&["Joker", "2C"]);
    deck.shuffle_keeping(&[]);
    let r3 = deck.draw(&["5D", "KS"]);
    // No Joker in round 3: no shuffle, 52 cards left and 5♦, K♠ stay out.
    let r4 = deck.draw(&["RedJoker", "AS"]);
    assert_eq!(r4, "51,50");
    let v = run(&format!("{setup}{}", nexts(6)), &dice(&[&r1, &r2, &r3, &r4]));
    assert_eq!(round(&v), 4);
    assert_eq!((init(&v, "hero"), init(&v, "thug")), (&"RedJoker".into(), &"AS".into()));
    let shuffled: Vec<u64> =
        log_lines(&v).into_iter().filter(|(_, t)| t.contains("shuffled")).map(|(r, _)| r).collect();
    assert_eq!(shuffled, vec![2, 3]);

    // Without the shuffle the 52-card deck of round 2 cannot give face 54.
    let mut deck = Deck::default();
    let r1 = deck.draw(&["QH", "10H"]);
    let err = run_err(&format!("{setup}next\nnext\n"), &dice(&[&r1, "54"]));
    assert!(err.contains("line 6") && err.contains("d52"), "{err}");
}

// SW-INIT-3: the Joker was dealt this round even if its holder left the fight: still shuffle.
#[test]

fn sw_init_3_shuffle_even_if_the_joker_holder_left() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["Joker", "4C"]);
    deck.shuffle_keeping(&[]);
    // After the shuffle face 9 is 4♣ again; without it, it would be 4♦.
    let r2 = deck.draw(&["4C"]);
    assert_eq!(r2, "9");
    let v = run(
        "new savage\nadd Hero wild\nadd Thug extra\nstart\nremove Hero\nnext\n",
        &dice(&[&r1, &r2]),
    );
    assert_eq!(round(&v), 2);
    assert_eq!(init(&v, "thug"), "4C");
    assert!(log_lines(&v).iter().any(|(r, t)| *r == 2 && t.contains("shuffled")));
}

// SW-INIT-3, SW-INIT-4: only a round in which a Joker was dealt ends in a shuffle; a Joker
// still held from an earlier round was not dealt again.
#[test]

fn sw_init_3_held_joker_does_not_reshuffle_every_round() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["Joker", "4C"]);
    deck.shuffle_keeping(&["Joker"]);
    let r2 = deck.draw(&["2C"]);
    // No Joker dealt in round 2: 2♣ stays out and face 1 is now 2♦.
    let r3 = deck.draw(&["2D"]);
    assert_eq!(r3, "1");
    let v = run(
        "new savage\nadd Hero wild\nadd Thug extra\nstart\nhold\nnext\nnext\n",
        &dice(&[&r1, &r2, &r3]),
    );
    assert_eq!(round(&v), 3);
    assert_eq!(init(&v, "thug"), "2D");
    let shuffled: Vec<u64> =
        log_lines(&v).into_iter().filter(|(_, t)| t.contains("shuffled")).map(|(r, _)| r).collect();
    assert_eq!(shuffled, vec![2]);
}

// SW-INIT-3: the Joker's holder acts first in the round.
#[test]
fn sw_init_3_joker_acts_first() {
    let mut deck = Deck::default();
    let v =
        run("new savage\nadd Hero wild\nadd Thug extra\nstart\n", &deck.draw(&["AS", "RedJoker"]));
    assert_eq!(order(&v), ids(&["thug", "hero"]));
}

// SW-INIT-4: a held action lasts across rounds; the holder gets no new card while holding and
// `act` gives it the turn, after which play returns to the one it interrupted.
#[test]
fn sw_init_4_hold_across_rounds() {
    let setup = "new savage\nadd Hero wild\nadd Thug extra\nstart\n";
    let mut deck = Deck::default();
    let r1 = deck.draw(&["AS", "4C"]);
    // Round 2 deals to Thug only.
    let r2 = deck.draw(&["7D"]);
    // Round 3: Hero acted in round 2 and gets a card again.
    let r3 = deck.draw(&["3S", "QH"]);

    let v = run(&format!("{setup}hold\n"), &r1);
    assert_eq!(current(&v), Some("thug"));
    assert_eq!(combatant(&v, "hero")["held"], true);
    assert_eq!(order(&v), ids(&["thug"]));

    let v = run(&format!("{setup}hold\nnext\n"), &dice(&[&r1, &r2]));
    assert_eq!((round(&v), current(&v)), (2, Some("thug")));
    assert_eq!(combatant(&v, "hero")["held"], true);
    assert_eq!(init(&v, "hero"), "AS", "the held card is kept");
    assert_eq!(init(&v, "thug"), "7D");
    assert_eq!(order(&v), ids(&["thug"]));

    let v = run(&format!("{setup}hold\nnext\nact Hero\n"), &dice(&[&r1, &r2]));
    assert_eq!(current(&v), Some("hero"));
    assert_eq!(combatant(&v, "hero")["held"], false);

    let v = run(&format!("{setup}hold\nnext\nact Hero\nnext\n"), &dice(&[&r1, &r2]));
    assert_eq!((round(&v), current(&v)), (2, Some("thug")));

    let v = run(&format!("{setup}hold\nnext\nact Hero\nnext\nnext\n"), &dice(&[&r1, &r2, &r3]));
    assert_eq!(round(&v), 3);
    assert_eq!((init(&v, "hero"), init(&v, "thug")), (&"3S".into(), &"QH".into()));
    assert_eq!(current(&v), Some("thug"));
}

// SW-INIT-4, SW-INIT-3: a held Joker stays in the hand when the deck is shuffled.
#[test]
fn sw_init_4_held_joker_survives_the_shuffle() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["Joker", "4C"]);
    deck.shuffle_keeping(&["Joker"]);
    // 53 cards: face 53 is the red Joker, the highest left.
    let r2 = deck.draw(&["RedJoker"]);
    assert_eq!(r2, "53");
    let v =
        run("new savage\nadd Hero wild\nadd Thug extra\nstart\nhold\nnext\n", &dice(&[&r1, &r2]));
    assert_eq!(round(&v), 2);
    assert_eq!((init(&v, "hero"), init(&v, "thug")), (&"Joker".into(), &"RedJoker".into()));
    assert!(log_lines(&v).iter().any(|(r, t)| *r == 2 && t.contains("shuffled")));
}

// SW-INIT-4: a character that acts from hold in round 2 has used that round's action: its old
// card must not give it a second turn in the same round.
#[test]

fn sw_init_4_acting_from_hold_uses_the_rounds_turn() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["4C", "AS"]);
    let r2 = deck.draw(&["AH"]);
    let r3 = deck.draw(&["KS", "KH"]);
    // Round 1: Thug (A♠), Hero (4♣) holds. Round 2: Thug (A♥) is interrupted by Hero.
    let (v, _) = run_any(
        "new savage\nadd Hero wild\nadd Thug extra\nstart\nnext\nhold\nact Hero\nnext\nnext\n",
        &dice(&[&r1, &r2, &r3]),
    );
    assert_eq!(
        turns_taken(&v),
        turns(&[(1, "thug"), (1, "hero"), (2, "thug"), (2, "hero"), (2, "thug"), (3, "hero"),])
    );
}

// SW-INIT-5: Quick redraws cards of 5 or lower; Level Headed draws 2 and Improved Level Headed
// 3, keeping the best; the set-aside cards leave the deck too.
#[test]
fn sw_init_5_quick_and_level_headed() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("quick", &["4C", "5S", "9H"], "9H"),
        ("quick", &["2C", "6C"], "6C"),
        ("quick", &["6D"], "6D"),
        ("quick", &["5H", "RedJoker"], "RedJoker"),
        ("quick", &["Joker"], "Joker"),
        ("level_headed", &["3C", "KD"], "KD"),
        ("level_headed", &["KD", "3C"], "KD"),
        ("level_headed", &["2C", "4S"], "4S"),
        ("improved_level_headed", &["3C", "QS", "10H"], "QS"),
        ("improved_level_headed", &["QS", "QD", "QH"], "QS"),
        ("level_headed quick", &["3C", "4D", "JH"], "JH"),
        ("level_headed quick", &["3C", "8D"], "8D"),
        ("improved_level_headed quick", &["3C", "4D", "2S", "5C", "7S"], "7S"),
    ];
    for &(flags, drawn, kept) in cases {
        let mut deck = Deck::default();
        let mut faces = deck.draw(drawn);
        // Thug draws the lowest card still in the deck, which shows the set-aside cards left it.
        let lowest = deck.left()[0].clone();
        faces.push_str(",1");
        let v = run(&format!("new savage\nadd Hero wild {flags}\nadd Thug extra\nstart\n"), &faces);
        assert_eq!(init(&v, "hero"), kept, "{flags} drawing {drawn:?}");
        assert_eq!(init(&v, "thug"), lowest.as_str(), "{flags} drawing {drawn:?}");
    }
}

// SW-INIT-5: the edges apply to every deal, not only the first.
#[test]
fn sw_init_5_edges_apply_every_round() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["8C", "9C"]);
    let r2 = deck.draw(&["3D", "JD"]);
    let v = run("new savage\nadd Hero wild level_headed\nstart\nnext\n", &dice(&[&r1, &r2]));
    assert_eq!(round(&v), 2);
    assert_eq!(init(&v, "hero"), "JD");
}

// SW-INIT-6: a card entered by hand is used as is, and leaves the deck.
#[test]
fn sw_init_6_typed_card() {
    let mut deck = Deck::default();
    deck.take("AS");
    let thug = deck.draw(&["RedJoker"]);
    assert_eq!(thug, "52");
    let v = run("new savage\nadd Hero wild\nadd Thug extra\ninit Hero AS\nstart\n", &thug);
    assert_eq!((init(&v, "hero"), init(&v, "thug")), (&"AS".into(), &"RedJoker".into()));
    assert_eq!(order(&v), ids(&["thug", "hero"]));

    let cases: &[(&str, &str)] =
        &[("QS", "QS"), ("10h", "10H"), ("2♣", "2C"), ("joker", "Joker"), ("redjoker", "RedJoker")];
    for &(typed, code) in cases {
        let v = run(&format!("new savage\nadd Hero wild\ninit Hero {typed}\nstart\n"), "");
        assert_eq!(init(&v, "hero"), code, "{typed}");
    }
    // A group member's typed card sets the whole group.
    let v = run("new savage\nadd Thug x2 extra\ninit \"Thug 2\" 9S\nstart\n", "");
    assert_eq!((init(&v, "thug-1"), init(&v, "thug-2")), (&"9S".into(), &"9S".into()));
}

// SW-INIT-6: an Incapacitated character gets no card, at the start or in a later round.
#[test]
fn sw_init_6_no_card_when_incapacitated() {
    let mut deck = Deck::default();
    let hero = deck.draw(&["8H"]);
    let v = run("new savage\nadd Hero wild\nadd Mook extra\ndamage Mook 1 raw\nstart\n", &hero);
    assert_eq!(init(&v, "mook"), &Value::Null);
    assert_eq!(combatant(&v, "mook")["down"], true);
    assert_eq!(order(&v), ids(&["hero"]));

    // Hero is taken out during round 1 (SW-INC-1: its Vigor roll comes up snake eyes, dead):
    // round 2 deals to Mook only.
    let mut deck = Deck::default();
    let r1 = deck.draw(&["8H", "3C"]);
    let r2 = deck.draw(&["JC"]);
    let v = run(
        "new savage\nadd Hero wild\nadd Mook extra\nstart\ndamage Hero 999 raw\nnext\nnext\n",
        &dice(&[&r1, "1,1", &r2]),
    );
    assert_eq!(round(&v), 2);
    assert_eq!(init(&v, "hero"), &Value::Null);
    assert_eq!(init(&v, "mook"), "JC");
    assert_eq!(order(&v), ids(&["mook"]));
    assert_eq!(current(&v), Some("mook"));
}

// SW-INIT-6, SW-INIT-1: a group of Extras still gets its card while any member is up.
#[test]

fn sw_init_6_group_with_a_member_down_still_gets_a_card() {
    let mut deck = Deck::default();
    let (v, _) = run_any(
        "new savage\nadd Hero wild\nadd Thug x2 extra\ndamage \"Thug 1\" 1 raw\nstart\n",
        &deck.draw(&["AS", "10D"]),
    );
    assert_eq!(init(&v, "thug-2"), "10D");
    assert_eq!(order(&v), ids(&["hero", "thug-2"]));
}

// ---------------------------------------------------------------------------------------------
// GURPS

// GURPS-INIT-1: Basic Speed (highest first), then DX, then a d6 roll-off (ties rerolled); no
// other dice, and the order is fixed for the combat.
#[test]
fn gurps_init_1_speed_dx_rolloff() {
    let setup = "new gurps
add Aria speed=6 dx=12
add Brom speed=6 dx=13
add Cale speed=5.75 dx=14
add Dara speed=6 dx=12
add Eve dx=12 ht=11
start
";
    // Aria and Dara tie on 6.00 and DX 12: roll-off 4/4, then 2 vs 5.
    let faces = "4,4,2,5";
    let v = run(setup, faces);
    assert_eq!(order(&v), ids(&["brom", "dara", "aria", "cale", "eve"]));
    assert_eq!(init(&v, "aria").as_f64(), Some(6.0));
    assert_eq!(init(&v, "cale").as_f64(), Some(5.75));
    // Eve's Basic Speed is (DX + HT) / 4 = 5.75; DX 12 puts her behind Cale (DX 14).
    assert_eq!(init(&v, "eve").as_f64(), Some(5.75));

    let v = run(&format!("{setup}{}", nexts(10)), faces);
    assert_eq!((round(&v), current(&v)), (3, Some("brom")));
    assert_eq!(order(&v), ids(&["brom", "dara", "aria", "cale", "eve"]));

    // No tie, no dice at all.
    let v = run("new gurps\nadd Aria speed=5.5\nadd Brom speed=5.25\nstart\n", "");
    assert_eq!(order(&v), ids(&["aria", "brom"]));
}

// GURPS-INIT-1: a Basic Speed typed by hand, still broken by DX then a roll-off.
#[test]
fn gurps_init_1_typed_speed() {
    let v = run("new gurps\nadd Aria speed=6 dx=11\nadd Brom dx=12\ninit Brom 5.75\nstart\n", "");
    assert_eq!(init(&v, "brom").as_f64(), Some(5.75));
    assert_eq!(order(&v), ids(&["aria", "brom"]));
    let v = run("new gurps\nadd Aria speed=6 dx=11\nadd Brom dx=12\ninit Brom 6\nstart\n", "");
    assert_eq!(order(&v), ids(&["brom", "aria"]), "DX 12 beats DX 11");
    let v =
        run("new gurps\nadd Aria speed=6 dx=12\nadd Brom dx=12\ninit Brom 6.00\nstart\n", "1,3");
    assert_eq!(order(&v), ids(&["brom", "aria"]), "roll-off 1 vs 3");
}

// ---------------------------------------------------------------------------------------------
// Across the systems

// WOIN-INIT-1, GEM-INIT-1, SW-INIT-6, GURPS-INIT-1: initiative typed by hand replaces the roll,
// so `start` rolls nothing for it.
#[test]
fn typed_initiative_in_every_system() {
    let cases: &[(&str, &str, &str, Value)] = &[
        ("woin", "add Aria init=4d6", "17", Value::from(17)),
        ("woin", "add Aria", "-3", Value::from(-3)),
        ("gempunks", "add Aria agility=3", "17", Value::from(17)),
        ("gurps", "add Aria", "17", Value::from(17.0)),
        ("gurps", "add Aria", "5.75", Value::from(5.75)),
        ("savage", "add Aria wild", "QS", Value::from("QS")),
        ("savage", "add Aria wild level_headed quick", "2C", Value::from("2C")),
    ];
    for (system, add, typed, expected) in cases {
        let v = run(&format!("new {system}\n{add}\ninit Aria {typed}\nstart\n"), "");
        let got = init(&v, "aria");
        match (got.as_f64(), expected.as_f64()) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{system}: {got} vs {expected}"),
            _ => assert_eq!(got, expected, "{system}"),
        }
        assert_eq!(current(&v), Some("aria"));
    }
    // Typing a value after the roll replaces it, without moving the turn.
    let v = run("new woin\nadd Aria\nadd Brom\nstart\ninit Brom 17\n", "6,6,1,1");
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    assert_eq!(current(&v), Some("aria"));
}

// Typed values each system refuses, named with the script line.
#[test]
fn typed_initiative_rejects_values_of_another_kind() {
    let cases: &[(&str, &str, &str)] = &[
        ("woin", "17.5", "whole number"),
        ("gempunks", "high", "whole number"),
        ("gurps", "fast", "Basic Speed"),
        ("savage", "17", "card"),
        ("savage", "1S", "card"),
    ];
    for &(system, typed, says) in cases {
        let err = run_err(&format!("new {system}\nadd Aria\ninit Aria {typed}\n"), "");
        assert!(err.contains("line 3") && err.contains(says), "{system} {typed}: {err}");
    }
}

// WOIN-INIT-2: `swap` exchanges two tied combatants; it refuses when they are not tied, and
// AGILITY counts: equal totals with different AGILITY are not a tie.
#[test]
fn swap_only_tied_combatants() {
    // Lines 1–5; the second `init` rolls off 5 vs 2.
    let setup = "new woin\nadd Aria agi=2\nadd Brom agi=2\ninit Aria 10\ninit Brom 10\n";
    let v = run(&format!("{setup}start\n"), "5,2");
    assert_eq!(order(&v), ids(&["aria", "brom"]));
    let v = run(&format!("{setup}swap Aria Brom\nstart\n"), "5,2");
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    // Swapping mid-round does not change whose turn it is.
    let v = run(&format!("{setup}start\nswap Brom Aria\n"), "5,2");
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    assert_eq!(current(&v), Some("aria"));

    let err = run_err(&format!("{setup}add Cale agi=2\ninit Cale 12\nswap Aria Cale\n"), "5,2");
    assert!(err.contains("line 8") && err.contains("not tied"), "{err}");
    let err = run_err(&format!("{setup}add Cale agi=1\ninit Cale 10\nswap Aria Cale\n"), "5,2");
    assert!(err.contains("line 8") && err.contains("not tied"), "{err}");
}

// WOIN-INIT-3: everyone acts each round. Swapping the current combatant behind a tied one
// that has not acted yet must not cost that one its turn.
#[test]

fn swap_with_the_current_combatant_keeps_every_turn() {
    let (v, _) = run_any(
        "new woin\nadd Aria\nadd Brom\nadd Cale\ninit Aria 10\ninit Brom 10\ninit Cale 3\nstart\nswap Aria Brom\nnext\nnext\n",
        // Roll-off 5 vs 2: Aria ahead of Brom until the swap.
        "5,2",
    );
    assert_eq!(turns_taken(&v), turns(&[(1, "aria"), (1, "brom"), (1, "cale")]));
}

// WOIN-INIT-3: typing a lower initiative for the combatant whose turn it is must not skip the
// others still to act this round.
#[test]

fn typed_init_for_the_current_combatant_keeps_every_turn() {
    let (v, _) = run_any(
        "new woin\nadd Aria\nadd Brom\nadd Cale\ninit Aria 12\ninit Brom 10\ninit Cale 3\nstart\ninit Aria 1\nnext\nnext\n",
        "",
    );
    assert_eq!(turns_taken(&v), turns(&[(1, "aria"), (1, "brom"), (1, "cale")]));
}

// GEM-INIT-1, GURPS-INIT-1: swap works for ties in the other systems too.
#[test]
fn swap_in_gempunks_and_gurps() {
    let v = run(
        "new gempunks\nadd Aria agility=1\nadd Brom agility=1\nstart\nswap Aria Brom\n",
        "3,6,2",
    );
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    let v = run(
        "new gurps\nadd Aria speed=6 dx=12\nadd Brom speed=6 dx=12\nstart\nswap Brom Aria\n",
        "6,2",
    );
    assert_eq!(order(&v), ids(&["brom", "aria"]));
    let err = run_err(
        "new gurps\nadd Aria speed=6 dx=12\nadd Brom speed=6 dx=13\nstart\nswap Brom Aria\n",
        "",
    );
    assert!(err.contains("line 5") && err.contains("not tied"), "{err}");
}

// WOIN-INIT-3: a combatant added mid-round gets its initiative at once but does not take the
// turn; it acts when its count comes up (this round if still ahead, else next round).
#[test]
fn adding_mid_round_keeps_the_current_turn() {
    // Aria 12, Brom 8, Cale 4; Brom's turn.
    let setup = "new woin\nadd Aria\nadd Brom\nadd Cale\nstart\nnext\n";
    let faces = "6,6,4,4,2,2";
    // Dara rolls 10: ahead of Brom, so she waits for round 2.
    let v = run(&format!("{setup}add Dara\n"), &format!("{faces},5,5"));
    assert_eq!(current(&v), Some("brom"));
    assert_eq!(order(&v), ids(&["aria", "dara", "brom", "cale"]));
    let v = run(&format!("{setup}add Dara\nnext\nnext\nnext\n"), &format!("{faces},5,5"));
    assert_eq!(
        turns_taken(&v),
        turns(&[(1, "aria"), (1, "brom"), (1, "cale"), (2, "aria"), (2, "dara")])
    );
    // Dara rolls 6: behind Brom, so she acts this round.
    let v = run(&format!("{setup}add Dara\nnext\nnext\n"), &format!("{faces},3,3"));
    assert_eq!(turns_taken(&v), turns(&[(1, "aria"), (1, "brom"), (1, "dara"), (1, "cale")]));
    // A group joins with one roll.
    let v = run(&format!("{setup}add Rat x2\n"), &format!("{faces},1,1"));
    assert_eq!(current(&v), Some("brom"));
    assert_eq!(order(&v), ids(&["aria", "brom", "cale", "rat-1", "rat-2"]));
}

// SW-INIT-1: a Savage Worlds newcomer is dealt a card at once, without changing the turn.
#[test]
fn adding_mid_round_in_savage_worlds_deals_a_card() {
    let mut deck = Deck::default();
    let r1 = deck.draw(&["KS", "2D"]);
    let newcomer = deck.draw(&["AS"]);
    let v = run(
        "new savage\nadd Hero wild\nadd Thug extra\nstart\nnext\nadd Boss wild\n",
        &dice(&[&r1, &newcomer]),
    );
    assert_eq!(init(&v, "boss"), "AS");
    assert_eq!(current(&v), Some("thug"));
    assert_eq!(order(&v), ids(&["boss", "hero", "thug"]));
}

// WOIN-INIT-3: removing the current combatant passes the turn on; removing another does not.
#[test]
fn removing_the_current_combatant_passes_the_turn() {
    let setup = "new woin\nadd Aria\nadd Brom\nadd Cale\nstart\nnext\n";
    let faces = "6,6,4,4,2,2";
    let cases: &[(&str, u64, &str, &[&str])] = &[
        ("remove Brom\n", 1, "cale", &["aria", "cale"]),
        ("remove Aria\n", 1, "brom", &["brom", "cale"]),
        ("remove Cale\n", 1, "brom", &["aria", "brom"]),
        // The last in the order: a new round begins.
        ("next\nremove Cale\n", 2, "aria", &["aria", "brom"]),
    ];
    for &(what, r, who, expected) in cases {
        let v = run(&format!("{setup}{what}"), faces);
        assert_eq!((round(&v), current(&v)), (r, Some(who)), "{what}");
        assert_eq!(order(&v), ids(expected), "{what}");
    }
}

// WOIN-INIT-3: down combatants are listed but skipped.
#[test]
fn down_combatants_are_skipped() {
    let setup = "new woin\nadd Aria\nadd Brom\nadd Cale\nstart\n";
    let faces = "6,6,4,4,2,2";
    let v = run(&format!("{setup}damage Brom 999 raw\nnext\n"), faces);
    assert_eq!(current(&v), Some("cale"));
    assert_eq!(order(&v), ids(&["aria", "cale"]));
    assert_eq!(combatant(&v, "brom")["down"], true);
    assert_eq!(init(&v, "brom"), 8, "still has its count");
    // Down before the fight: never gets the turn.
    let v = run(
        "new woin\nadd Aria\nadd Brom\nadd Cale\ndamage Aria 10 raw\nstart\nnext\nnext\n",
        faces,
    );
    assert_eq!(turns_taken(&v), turns(&[(1, "brom"), (1, "cale"), (2, "brom")]));
    // Healed, it is back in the order.
    let v = run(&format!("{setup}damage Brom 10 raw\nheal Brom 1\n"), faces);
    assert_eq!(order(&v), ids(&["aria", "brom", "cale"]));
}

// The tracker's `hold` / `act` (no WOIN rule; see the command table): a held combatant is
// skipped until `act`, which interrupts; `next` then resumes the interrupted turn. Outside
// Savage Worlds a hold lapses when the round ends.
#[test]
fn hold_and_act() {
    let setup = "new woin\nadd Aria\nadd Brom\nadd Cale\nstart\n";
    let faces = "6,6,4,4,2,2";
    let v = run(&format!("{setup}hold\n"), faces);
    assert_eq!(current(&v), Some("brom"));
    assert_eq!(order(&v), ids(&["brom", "cale"]));
    assert_eq!(combatant(&v, "aria")["held"], true);

    let v = run(&format!("{setup}hold\nnext\nact Aria\n"), faces);
    assert_eq!(current(&v), Some("aria"));
    let v = run(&format!("{setup}hold\nnext\nact Aria\nnext\n"), faces);
    assert_eq!(current(&v), Some("cale"), "back to the interrupted turn");
    let v = run(&format!("{setup}hold\nnext\nact Aria\nnext\nnext\n"), faces);
    assert_eq!((round(&v), current(&v)), (2, Some("aria")));
    assert_eq!(
        turns_taken(&v),
        turns(&[(1, "aria"), (1, "brom"), (1, "cale"), (1, "aria"), (1, "cale"), (2, "aria")])
    );

    // Never acted on: the hold lapses at the end of the round.
    let v = run(&format!("{setup}hold\nnext\nnext\n"), faces);
    assert_eq!((round(&v), current(&v)), (2, Some("aria")));
    assert_eq!(combatant(&v, "aria")["held"], false);
    assert!(log_lines(&v).iter().any(|(_, t)| t.contains("lapses")));

    let err = run_err(&format!("{setup}act Brom\n"), faces);
    assert!(err.contains("line 6") && err.contains("not holding"), "{err}");
}

// WOIN-INIT-3: each combatant acts once per count; one held before its turn and brought in
// with `act` has taken that turn.
#[test]

fn hold_before_own_turn_then_act_is_its_turn() {
    let (v, _) = run_any(
        "new woin\nadd Aria\nadd Brom\nadd Cale\nstart\nhold Cale\nact Cale\nnext\nnext\nnext\n",
        "6,6,4,4,2,2",
    );
    assert_eq!(
        turns_taken(&v),
        turns(&[(1, "aria"), (1, "cale"), (1, "aria"), (1, "brom"), (2, "aria")])
    );
}

// `undo` goes back to before `start`; `redo` replays without rolling, and a new `start` rolls
// afresh.
#[test]
fn undo_back_to_the_start() {
    let setup = "new woin\nadd Aria\nadd Brom\nstart\nnext\nnext\n";
    let v = run(&format!("{setup}undo\nundo\nundo\n"), "6,6,1,1");
    assert_eq!(round(&v), 0);
    assert_eq!(current(&v), None);
    assert!(order(&v).is_empty());
    assert_eq!(init(&v, "aria"), &Value::Null);
    assert_eq!(init(&v, "brom"), &Value::Null);

    let v = run(&format!("{setup}undo\nundo\nundo\nredo\nredo\nredo\n"), "6,6,1,1");
    assert_eq!((round(&v), current(&v)), (2, Some("aria")));
    assert_eq!((init(&v, "aria"), init(&v, "brom")), (&12.into(), &2.into()));

    let v = run(&format!("{setup}undo\nundo\nundo\nstart\n"), "6,6,1,1,1,2,5,5");
    assert_eq!((round(&v), current(&v)), (1, Some("brom")));
    assert_eq!((init(&v, "aria"), init(&v, "brom")), (&3.into(), &10.into()));

    let err = run_err(&format!("{setup}{}", "undo\n".repeat(6)), "6,6,1,1");
    assert!(err.contains("line 12") && err.contains("nothing to undo"), "{err}");
}

// Scripted dice that run out, or a face that does not fit the die, fail the run and name the
// script line.
#[test]
fn dice_errors_name_the_line() {
    let cases: &[(&str, &str, &str, &[&str])] = &[
        // Out of dice for the pool.
        ("new woin\nadd Aria init=3d6\nstart\n", "6,6", "line 3", &["ran out", "d6"]),
        // Out of dice for a roll-off.
        ("new woin\nadd Aria\nadd Brom\nstart\n", "3,4,5,2,1", "line 4", &["ran out", "d6"]),
        // Out of dice for round 2's deal.
        ("new savage\nadd Hero wild\nstart\nnext\n", "10", "line 4", &["ran out", "d53"]),
        // A face too big for a d6.
        ("new woin\nadd Aria\nstart\n", "7,1", "line 3", &["face 7", "d6"]),
        // Too big for a 54-card deck.
        ("new savage\n\nadd Hero wild\nstart\n", "55", "line 4", &["face 55", "d54"]),
        // Gempunks controller die.
        ("new gempunks\nadd Aria\nstart\n", "9", "line 3", &["face 9", "d6"]),
        // A GURPS roll-off.
        (
            "new gurps\nadd Aria\nadd Brom\n# tied at 5.00 and DX 10\nstart\n",
            "",
            "line 5",
            &["ran out", "d6"],
        ),
    ];
    for &(script, faces, line, says) in cases {
        let err = run_err(script, faces);
        assert!(err.contains(line), "{script} with {faces}: {err}");
        for s in says {
            assert!(err.contains(s), "{script} with {faces}: {err}");
        }
    }
}
