//! The players' view (issue 13): the projection rule by rule (PV-* below), the watcher following a
//! GM's journal through appends, a compaction, a restart, a vanished and a broken file, and the
//! players' screen at 80×24, other sizes and tiny ones.
//!
//! Rules pinned here:
//! - PV-HIDE-1: a hidden combatant is not in the order, not counted, not in the log, never marked.
//! - PV-HIDE-2: what a hidden combatant does to a visible one shows without its name.
//! - PV-HIDE-3: while a hidden combatant has the turn, the marker stays on the last visible one.
//! - PV-HIDE-4: `hide` and `reveal` (a group by its id) change the view from then on; undoable.
//! - PV-HEALTH-1: health per side by `player_health.*` (defaults: pc, ally exact; enemy, neutral
//!   label); a side set to hidden shows nothing.
//! - PV-HEALTH-2: labels by share: unhurt full, hurt > half, bloodied ≤ half, critical ≤ a
//!   quarter, down when the system says so; Savage Worlds by wounds (0, 1, 2, 3+).
//! - PV-NEVER-1: GM notes, stats, weapons, odds and dice never reach the view.
//! - PV-CARDS-1: Savage Worlds cards show for visible combatants.

use std::path::{Path, PathBuf};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles};
use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::rules::types::{Health, HealthBand};
use skirmish::save::follow::{Follower, Found, Target};
use skirmish::ui::buffer_text;
use skirmish::ui::player::{PlayerScreen, WatchNote};
use skirmish::ui::theme::Theme;
use skirmish::view::{PlayerHealth, PlayerView, PlayersSee, player_view, players_see};

use super::harness::assets;

const PLAIN: Theme = Theme { color: false };

/// Play a script (one command a line) with seeded dice; every line must be accepted.
fn play(script: &str) -> Session {
    let mut lines = script.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().expect("a script starts with `new`");
    let mut session = Session::new(System::WOIN, "", assets());
    let mut dice = SeededDice::new(7);
    for line in std::iter::once(first).chain(lines) {
        let system = session.encounter().system;
        let command = parse_in(line, Some(system)).expect("parses").expect("a command");
        if let Err(err) = session.execute(&command, &mut dice) {
            panic!("`{line}` was refused: {err}");
        }
    }
    session
}

fn view_of(script: &str) -> PlayerView {
    player_view(&play(script))
}

fn names(view: &PlayerView) -> Vec<&str> {
    view.order.iter().map(|c| c.name.as_str()).collect()
}

fn log(view: &PlayerView) -> Vec<&str> {
    view.log.iter().map(|l| l.text.as_str()).collect()
}

fn json(view: &PlayerView) -> String {
    serde_json::to_string(view).expect("the view serializes")
}

/// A WOIN fight: Aria acts on 15, a hidden Troll on 10, a Goblin on 5.
const AMBUSH: &str = "
    new woin Ambush
    add Aria side=pc
    add Troll side=enemy hidden
    add Goblin side=enemy
    init Aria 15
    init Troll 10
    init Goblin 5
    note Troll weak to fire
    weapon Troll club pool=3d6 dmg=1d6 type=blunt melee
    start
";

// PV-HIDE-1: not listed, not counted, not in the log, not marked, nowhere in the JSON.
#[test]
fn pv_hide_1_hidden_never_leaks_through_order_counts_log_or_marker() {
    let steps = [
        ("", Some("Aria"), Some("Goblin")),
        ("next", Some("Aria"), Some("Goblin")), // the Troll's turn
        ("next\nnext", Some("Goblin"), Some("Aria")),
        ("next\nnext\nnext", Some("Aria"), Some("Goblin")), // round 2
    ];
    for (more, turn, on_deck) in steps {
        let view = view_of(&format!("{AMBUSH}\n{more}"));
        assert_eq!(names(&view), ["Aria", "Goblin"], "after {more:?}");
        assert_eq!(view.order.len(), 2, "the count leaves the Troll out");
        assert_eq!(view.turn.as_deref(), turn, "after {more:?}");
        assert_eq!(view.on_deck.as_deref(), on_deck, "after {more:?}");
        let text = json(&view).to_lowercase();
        assert!(!text.contains("troll"), "after {more:?}: {text}");
    }
}

// PV-HIDE-2: the hidden Troll's hit on Aria shows, without the Troll.
#[test]
fn pv_hide_2_what_a_hidden_one_does_shows_without_its_name() {
    let session = {
        let mut s = play(&format!("{AMBUSH}\nnext"));
        let command = parse_in("attack Troll Aria", Some(System::WOIN)).unwrap().unwrap();
        let mut dice = skirmish::rules::dice::ScriptedDice::parse("6,6,6,4,4").unwrap();
        s.execute(&command, &mut dice).expect("the attack lands");
        s
    };
    let view = player_view(&session);
    let lines = log(&view);
    assert!(lines.contains(&"Aria is attacked: critical hit"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Aria takes 4 (HEALTH 6/")), "{lines:?}");
    assert!(!json(&view).to_lowercase().contains("troll"));
    // The GM's own log names the Troll and the roll: none of it is copied.
    assert!(session.log().iter().any(|l| l.text.contains("Troll attacks Aria")));
    assert!(!lines.iter().any(|l| l.contains("3d6") || l.contains("MELEE")), "{lines:?}");
}

// PV-HIDE-3: the marker stays on Aria while the Troll acts, even into the next round.
#[test]
fn pv_hide_3_marker_stays_on_the_last_visible_one() {
    let script = "
        new woin Marker
        add Troll side=enemy hidden
        add Aria side=pc
        add Goblin side=enemy
        init Troll 20
        init Aria 15
        init Goblin 5
        start
    ";
    // (commands after start, the marker, the round shown, the row marked current)
    let cases = [
        ("", None, 1, None), // the Troll opens round 1: no one the players see has acted
        ("next", Some("Aria"), 1, Some("Aria")),
        ("next\nnext", Some("Goblin"), 1, Some("Goblin")),
        ("next\nnext\nnext", Some("Goblin"), 1, Some("Goblin")), // the Troll opens round 2
        ("next\nnext\nnext\nnext", Some("Aria"), 2, Some("Aria")),
    ];
    for (more, turn, round, current) in cases {
        let view = view_of(&format!("{script}\n{more}"));
        assert_eq!(view.turn.as_deref(), turn, "after {more:?}");
        assert_eq!(view.round, round, "after {more:?}");
        let marked: Vec<&str> =
            view.order.iter().filter(|c| c.current).map(|c| c.name.as_str()).collect();
        assert_eq!(marked, current.into_iter().collect::<Vec<_>>(), "after {more:?}");
    }
}

// PV-HIDE-4: reveal shows, hide hides again, undo takes either back; a group goes by its id.
#[test]
fn pv_hide_4_hide_and_reveal_are_commands_and_undoable() {
    let base = format!("{AMBUSH}\nnext");
    let revealed = view_of(&format!("{base}\nreveal troll"));
    assert_eq!(names(&revealed), ["Aria", "Troll", "Goblin"]);
    assert_eq!(revealed.turn.as_deref(), Some("Troll"), "revealed on its own turn: marked");
    assert_eq!(log(&revealed).last(), Some(&"Troll comes into view"));
    let hidden = view_of(&format!("{base}\nreveal troll\nhide troll"));
    assert_eq!(names(&hidden), ["Aria", "Goblin"]);
    assert_eq!(hidden.turn.as_deref(), Some("Aria"));
    let undone = view_of(&format!("{base}\nreveal troll\nundo"));
    assert_eq!(names(&undone), ["Aria", "Goblin"]);
    // A whole group by its id, added hidden.
    let group = "
        new woin Group
        add Aria side=pc
        add Wolf x3 hidden
    ";
    assert_eq!(names(&view_of(group)), ["Aria"]);
    assert_eq!(
        names(&view_of(&format!("{group}\nreveal wolf"))),
        ["Aria", "Wolf 1", "Wolf 2", "Wolf 3"]
    );
    assert_eq!(names(&view_of(&format!("{group}\nreveal wolf-2"))), ["Aria", "Wolf 2"]);
    // Refusals say what is wrong.
    let mut session = play(group);
    let again = parse_in("hide wolf", Some(System::WOIN)).unwrap().unwrap();
    let err = session.execute(&again, &mut SeededDice::new(1)).expect_err("already hidden");
    assert!(err.to_string().contains("already hidden"), "{err}");
    let show = parse_in("reveal aria", Some(System::WOIN)).unwrap().unwrap();
    let err = session.execute(&show, &mut SeededDice::new(1)).expect_err("not hidden");
    assert!(err.to_string().contains("not hidden"), "{err}");
}

fn health_of<'v>(view: &'v PlayerView, name: &str) -> &'v PlayerHealth {
    &view.order.iter().find(|c| c.name == name).expect("listed").health
}

// PV-HEALTH-1: each side as the GM sets it; the defaults show PCs and allies exactly.
#[test]
fn pv_health_1_each_side_as_the_gm_sets_it() {
    let base = "
        new woin Health
        add Aria side=pc health=20
        add Brom side=ally health=20
        add Orc side=enemy health=20
        add Cat side=neutral health=20
        damage Aria 5 raw
        damage Brom 5 raw
        damage Orc 5 raw
        damage Cat 5 raw
    ";
    let exact = |text: &str| PlayerHealth::Exact { text: text.into(), band: HealthBand::Hurt };
    let label = PlayerHealth::Label { band: HealthBand::Hurt };
    // (options set, then what Aria, Brom, Orc and Cat show)
    let cases: Vec<(&str, [PlayerHealth; 4])> = vec![
        ("", [exact("HEALTH 15/20"), exact("HEALTH 15/20"), label.clone(), label.clone()]),
        (
            "set player_health.enemy=exact\nset player_health.pc label",
            [label.clone(), exact("HEALTH 15/20"), exact("HEALTH 15/20"), label.clone()],
        ),
        (
            "set player_health.ally hidden\nset player_health.neutral=hidden",
            [exact("HEALTH 15/20"), PlayerHealth::Hidden, label.clone(), PlayerHealth::Hidden],
        ),
    ];
    for (options, expected) in cases {
        let view = view_of(&format!("{base}\n{options}"));
        let got: Vec<&PlayerHealth> =
            ["Aria", "Brom", "Orc", "Cat"].iter().map(|n| health_of(&view, n)).collect();
        assert_eq!(got, expected.iter().collect::<Vec<_>>(), "with {options:?}");
    }
    // A label never lets the number through, in the order or in the log.
    let view = view_of(base);
    assert!(log(&view).contains(&"Orc is hit (hurt)"), "{:?}", log(&view));
    assert!(log(&view).contains(&"Aria takes 5 (HEALTH 15/20)"), "{:?}", log(&view));
    assert!(!json(&view).contains("15/20\",\"band\":\"hurt\"}},{\"name\":\"Cat"));
    // A bad value is refused with what is expected; every system takes the options.
    for system in ["woin", "gempunks", "savage", "gurps"] {
        let mut session = play(&format!("new {system}"));
        let sys = session.encounter().system;
        let good = parse_in("set player_health.enemy exact", Some(sys)).unwrap().unwrap();
        session.execute(&good, &mut SeededDice::new(1)).expect("every system takes it");
        let bad = parse_in("set player_health.enemy loud", Some(sys)).unwrap().unwrap();
        let err = session.execute(&bad, &mut SeededDice::new(1)).expect_err("refused");
        assert!(err.to_string().contains("exact or label or hidden"), "{system}: {err}");
    }
}

// PV-HEALTH-2: bands by share of health, and Savage Worlds by wounds.
#[test]
fn pv_health_2_labels() {
    let woin = System::WOIN.rules();
    // (current, max, band)
    let shares = [
        (20, 20, HealthBand::Unhurt),
        (19, 20, HealthBand::Hurt),
        (11, 20, HealthBand::Hurt),
        (10, 20, HealthBand::Bloodied),
        (6, 20, HealthBand::Bloodied),
        (5, 20, HealthBand::Critical),
        (1, 20, HealthBand::Critical),
        (0, 20, HealthBand::Down),
        (1, 1, HealthBand::Unhurt),
        (2, 3, HealthBand::Hurt),
        (1, 3, HealthBand::Bloodied),
    ];
    for (current, max, band) in shares {
        assert_eq!(woin.vitals(Health { current, max }, &[]).band, band, "{current}/{max}");
    }
    let savage = System::SAVAGE.rules();
    // (wounds left of a Wild Card's 3, band): 0 wounds unhurt … 3 critical, past that down.
    let wounds = [
        (3, HealthBand::Unhurt),
        (2, HealthBand::Hurt),
        (1, HealthBand::Bloodied),
        (0, HealthBand::Critical),
        (-1, HealthBand::Down),
    ];
    for (current, band) in wounds {
        assert_eq!(savage.vitals(Health { current, max: 3 }, &[]).band, band, "{current}/3");
    }
    // An Extra is unhurt until it is out.
    assert_eq!(savage.vitals(Health { current: 0, max: 0 }, &[]).band, HealthBand::Unhurt);
    assert_eq!(savage.vitals(Health { current: -1, max: 0 }, &[]).band, HealthBand::Down);
    // Through the projection: a Savage Worlds enemy with two wounds is bloodied.
    let view = view_of(
        "
        new savage Wounds
        add Boss side=enemy wild
        damage Boss 2 raw
    ",
    );
    assert_eq!(health_of(&view, "Boss"), &PlayerHealth::Label { band: HealthBand::Bloodied });
}

// PV-NEVER-1: notes, stats, weapons, odds and dice stay with the GM.
#[test]
fn pv_never_1_notes_stats_weapons_odds_and_dice() {
    let session = {
        let mut s = play(
            "
            new woin Secrets
            add Aria side=pc melee=13
            add Orc side=enemy
            init Aria 15
            init Orc 5
            note Aria owes the ferryman
            note Orc carries the key
            weapon Aria sword pool=4d6 dmg=2d6+2 type=slashing melee
            roll 3d6 for Orc
            start
        ",
        );
        let command = parse_in("attack Aria Orc", Some(System::WOIN)).unwrap().unwrap();
        let mut dice = skirmish::rules::dice::ScriptedDice::parse("6,5,4,3,3,3").unwrap();
        s.execute(&command, &mut dice).expect("the attack is made");
        s
    };
    let text = json(&player_view(&session));
    for secret in
        ["ferryman", "key", "sword", "4d6", "2d6", "melee", "MELEE", "13", "3d6", "pool", "vs", "%"]
    {
        assert!(!text.contains(secret), "{secret} leaked: {text}");
    }
    assert!(
        text.contains("Aria attacks Orc: hit") || text.contains("Aria attacks Orc: critical"),
        "{text}"
    );
}

// PV-CARDS-1: the deal is shown for visible combatants, never for hidden ones.
#[test]
fn pv_cards_1_savage_cards_for_visible_combatants() {
    let session = play(
        "
        new savage Cards
        add Hero side=pc wild
        add Lurker side=enemy hidden
        add Thug side=enemy
        start
    ",
    );
    let view = player_view(&session);
    let mut listed = names(&view);
    listed.sort();
    assert_eq!(listed, ["Hero", "Thug"]);
    for c in &view.order {
        let dealt = session.encounter().combatants.iter().find(|x| x.name == c.name).unwrap();
        let card = dealt.initiative.as_ref().unwrap().value.to_string();
        assert_eq!(c.card.as_deref(), Some(card.as_str()), "{}", c.name);
    }
    let lurker = session.encounter().get("lurker").unwrap().initiative.as_ref().unwrap().value;
    assert!(!json(&view).contains(&format!("\"{lurker}\"")), "the hidden one's card leaked");
}

/// A tracker writing a fight to `path`, as the GM's would: appends, then compactions.
fn tracker(session: Session, path: &Path) -> App {
    let dir = path.parent().map(Path::to_path_buf);
    App::new(session, Some(path.to_path_buf()), KeyMap::defaults(), NewFiles::new(dir, 1))
        .with_dice(Box::new(SeededDice::new(3)))
}

fn gm(app: &mut App, line: &str) {
    app.run_line(line, None);
    assert!(!app.status.error, "`{line}`: {}", app.status.text);
    skirmish::runtime::perform_effects(app, None);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-watch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

fn fight(found: Found) -> PlayerView {
    match found {
        Found::Fight { session, .. } => player_view(session),
        other => panic!("expected the fight, found {other:?}"),
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A GM session appends commands, compacts, restarts; the watcher follows every step, reads a
/// half-written record as not yet there, and says when the file is gone or broken.
#[test]
fn the_watcher_follows_a_gm_session_through_appends_compaction_and_restart() {
    let dir = temp_dir("follow");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Followed", assets()), &path);
    let mut watcher = Follower::new(Target::File(path.clone()), assets());
    assert!(matches!(watcher.poll(), Found::Gone { .. }), "no file yet");
    let steps = [
        "add Aria side=pc",
        "add Troll side=enemy hidden",
        "add Orc side=enemy",
        "init Aria 15",
        "init Troll 10",
        "init Orc 5",
        "start",
        "damage Orc 3 raw",
        "next",
    ];
    for line in steps {
        gm(&mut app, line);
        let before = std::fs::read(&path).expect("the GM wrote");
        let view = fight(watcher.poll());
        assert_eq!(view, player_view(&app.session), "after `{line}`");
        assert!(matches!(watcher.poll(), Found::Same), "nothing new after `{line}`");
        assert_eq!(std::fs::read(&path).expect("file"), before, "the watcher wrote nothing");
    }
    assert_eq!(fight_now(&app).turn.as_deref(), Some("Aria"), "the Troll's turn: marker stays");
    // A compaction replaces the file by rename; the watcher reads the new one.
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    assert_eq!(fight(watcher.poll()), player_view(&app.session), "after the compaction");
    for line in ["next", "damage Aria 2 raw", "undo", "reveal troll"] {
        gm(&mut app, line);
        assert_eq!(fight(watcher.poll()), player_view(&app.session), "after `{line}`");
    }
    // The GM quits (compacting) and starts again on the same file.
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    drop(app);
    let session = skirmish::save::load(&path, assets()).expect("reloads");
    let mut app = tracker(session, &path);
    gm(&mut app, "next");
    assert_eq!(fight(watcher.poll()), player_view(&app.session), "after the restart");
    // Half a record (an append caught mid-write) is left for the next poll.
    let whole = std::fs::read_to_string(&path).expect("file");
    std::fs::write(&path, format!("{whole}Command((n: 99, aft")).expect("torn");
    assert_eq!(fight(watcher.poll()), player_view(&app.session), "the torn tail is not read");
    std::fs::write(&path, &whole).expect("mended");
    // Gone, then back; broken, said so.
    let before_listing = files(&dir);
    std::fs::remove_file(&path).expect("removed");
    match watcher.poll() {
        Found::Gone { path: gone } => assert_eq!(gone, path),
        other => panic!("expected the file gone, found {other:?}"),
    }
    assert!(matches!(watcher.poll(), Found::Same), "said once");
    std::fs::write(&path, &whole).expect("back");
    assert_eq!(fight(watcher.poll()), player_view(&app.session), "back again");
    std::fs::write(&path, "(version: 3, this is not a fight\n").expect("broken");
    match watcher.poll() {
        Found::Broken { message, .. } => assert!(message.contains("fight.ron"), "{message}"),
        other => panic!("expected a broken file, found {other:?}"),
    }
    assert_eq!(files(&dir), before_listing, "the watcher made no file of its own");
    let _ = std::fs::remove_dir_all(&dir);
}

fn fight_now(app: &App) -> PlayerView {
    player_view(&app.session)
}

/// The watcher reads a fight whose lock the tracker holds: it never asks for the lock.
#[test]
fn the_watcher_reads_while_the_tracker_holds_the_lock() {
    let dir = temp_dir("lock");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Locked", assets()), &path);
    gm(&mut app, "add Aria side=pc");
    let lock = skirmish::save::lock::lock(&path).expect("the tracker's lock");
    let mut watcher = Follower::new(Target::File(path.clone()), assets());
    assert_eq!(names(&fight(watcher.poll())), ["Aria"]);
    // The tracker goes; the watcher keeps following and leaves the lock free for the next one.
    drop(lock);
    gm(&mut app, "add Brom side=pc");
    assert_eq!(names(&fight(watcher.poll())), ["Aria", "Brom"]);
    let again = skirmish::save::lock::lock(&path).expect("no one but a tracker holds the lock");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// With no file named, the watcher follows the fight the tracker last had open in the saves
/// folder, and moves on when the GM opens another.
#[test]
fn the_watcher_follows_the_gms_current_fight_by_default() {
    let dir = temp_dir("current");
    let mut watcher = Follower::new(Target::Current(dir.clone()), assets());
    assert!(matches!(watcher.poll(), Found::NoFight { .. }));
    let first = dir.join("first.ron");
    let mut app = tracker(Session::new(System::WOIN, "First", assets()), &first);
    gm(&mut app, "add Aria side=pc");
    std::fs::write(skirmish::save::last_pointer(&dir), first.display().to_string()).unwrap();
    assert_eq!(fight(watcher.poll()).name, "First");
    let second = dir.join("second.ron");
    let mut other = tracker(Session::new(System::WOIN, "Second", assets()), &second);
    gm(&mut other, "add Brom side=pc");
    std::fs::write(skirmish::save::last_pointer(&dir), second.display().to_string()).unwrap();
    assert_eq!(fight(watcher.poll()).name, "Second");
    let _ = std::fs::remove_dir_all(&dir);
}

fn screen(view: Option<&PlayerView>, note: &WatchNote, width: u16, height: u16) -> String {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    PlayerScreen { view, note, theme: PLAIN, timer: None }.render(area, &mut buf);
    buffer_text(&buf)
}

fn watching() -> WatchNote {
    WatchNote { text: "watching fight.ron (read-only)".into(), error: false }
}

fn screen_fight() -> PlayerView {
    view_of(
        "
        new woin \"Old Bridge\"
        add Aria side=pc
        add Brom side=pc
        add Troll side=enemy hidden
        add Goblin x2
        init Aria 15
        init Troll 12
        init Brom 10
        init goblin-1 5
        start
        damage Goblin-1 4 raw
        cond Aria prone
        next
        damage Aria 3 raw
        next
    ",
    )
}

#[test]
fn player_screen_80x24() {
    let view = screen_fight();
    insta::assert_snapshot!(screen(Some(&view), &watching(), 80, 24));
}

#[test]
fn player_screen_narrow_and_tall_stacks_the_log_under_the_order() {
    let view = screen_fight();
    insta::assert_snapshot!(screen(Some(&view), &watching(), 50, 30));
}

#[test]
fn player_screen_says_when_the_file_is_gone() {
    let view = screen_fight();
    let note = WatchNote {
        text: "the fight file fight.ron is gone (deleted or moved); waiting for it to come back"
            .into(),
        error: true,
    };
    insta::assert_snapshot!(screen(Some(&view), &note, 80, 24));
    insta::assert_snapshot!("player_screen_before_any_fight", screen(None, &note, 40, 6));
}

#[test]
fn player_screen_small_keeps_now_and_on_deck() {
    let view = screen_fight();
    insta::assert_snapshot!(screen(Some(&view), &watching(), 24, 7));
}

/// Every size from nothing to wide draws without a panic, and the turn band shows when there is
/// a row for it.
#[test]
fn player_screen_any_size_without_panic() {
    let view = screen_fight();
    let sizes = (0..=40u16).flat_map(|w| (0..=12u16).map(move |h| (w, h))).chain(
        (41..=200u16).step_by(13).flat_map(|w| (13..=60u16).step_by(7).map(move |h| (w, h))),
    );
    let sizes: Vec<(u16, u16)> = sizes.collect();
    for note in [watching(), WatchNote { text: "x ".repeat(300), error: true }] {
        for &(width, height) in &sizes {
            {
                let text = screen(Some(&view), &note, width, height);
                if width >= 8 && height >= 3 {
                    assert!(
                        text.contains("Brom") || text.contains("B R O M"),
                        "{width}×{height}:\n{text}"
                    );
                }
                let _ = screen(None, &note, width, height);
            }
        }
    }
}

/// A terminal resized while watching (bigger, smaller, tiny, back) redraws at each size, and ends
/// exactly as a fresh screen of the final size.
#[test]
fn player_screen_follows_resizes() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let view = screen_fight();
    let note = watching();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    for (width, height) in [(80, 24), (120, 40), (30, 10), (10, 3), (1, 1), (0, 0), (80, 24)] {
        terminal.backend_mut().resize(width, height);
        terminal.autoresize().expect("resize");
        let frame = terminal
            .draw(|f| {
                f.render_widget(
                    PlayerScreen { view: Some(&view), note: &note, theme: PLAIN, timer: None },
                    f.area(),
                )
            })
            .expect("draws");
        assert_eq!(
            buffer_text(frame.buffer),
            screen(Some(&view), &note, width, height),
            "{width}×{height}"
        );
    }
}

/// `q`, Esc and Ctrl-C quit the watcher; no other key does anything.
#[test]
fn the_watcher_quits_on_q_esc_and_ctrl_c_only() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::cli::watch::quits;
    let key = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
    let none = KeyModifiers::NONE;
    for (event, quit) in [
        (key(KeyCode::Char('q'), none), true),
        (key(KeyCode::Esc, none), true),
        (key(KeyCode::Char('c'), KeyModifiers::CONTROL), true),
        (key(KeyCode::Char('c'), none), false),
        (key(KeyCode::Char('n'), none), false),
        (key(KeyCode::Enter, none), false),
        (key(KeyCode::Char(':'), none), false),
        (Event::Resize(10, 10), false),
    ] {
        assert_eq!(quits(&event), quit, "{event:?}");
    }
}

/// The watcher's fight is the fight a fresh load of the same file gives: the same encounter, log,
/// history tree, current point and line of play.
fn assert_as_loaded(watcher: &Follower, path: &Path, after: &str) {
    let followed = watcher.session().expect("the watcher holds the fight");
    let loaded = skirmish::save::load(path, assets()).expect("the file loads");
    assert_eq!(followed.encounter(), loaded.encounter(), "encounter after `{after}`");
    assert_eq!(followed.log(), loaded.log(), "log after `{after}`");
    assert_eq!(followed.nodes(), loaded.nodes(), "history after `{after}`");
    assert_eq!(followed.head(), loaded.head(), "current point after `{after}`");
    assert_eq!(followed.line(), loaded.line(), "line of play after `{after}`");
    assert_eq!(followed.branches(), loaded.branches(), "branches after `{after}`");
    assert_eq!(followed.redo_entries(), loaded.redo_entries(), "redo after `{after}`");
}

/// A fight with undo, redo and branch switches, after `add Aria side=pc`.
const SCRIPT: [&str; 29] = [
    "add Orc side=enemy",
    "add Troll side=enemy hidden",
    "init Aria 15",
    "init Orc 10",
    "init Troll 5",
    "start",
    "damage Orc 3 raw",
    "next",
    "undo",
    "undo",
    "damage Troll 2 raw",
    "next",
    "cond Aria prone",
    "undo",
    "undo",
    "redo",
    "undo",
    "undo",
    "branch 1",
    "roll 3d6 for Aria",
    "reveal troll",
    "undo",
    "undo",
    "undo",
    "undo",
    "branch 2",
    "next",
    "undo",
    "redo",
];

/// A fight played with undo, redo and branches: the watcher reads the file whole once, then only
/// what each command appends, and its fight stays the one a fresh load gives; a compaction (a new
/// file renamed over) is read whole, and appends after it are read on again.
#[test]
fn the_watcher_reads_only_what_is_appended_and_matches_a_fresh_load() {
    let dir = temp_dir("incremental");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Followed", assets()), &path);
    gm(&mut app, "add Aria side=pc");
    let mut watcher = Follower::new(Target::File(path.clone()), assets());
    assert!(matches!(watcher.poll(), Found::Fight { .. }));
    assert_eq!(watcher.whole_reads(), 1);
    for line in SCRIPT {
        gm(&mut app, line);
        let view = fight(watcher.poll());
        assert_eq!(view, player_view(&app.session), "after `{line}`");
        assert_as_loaded(&watcher, &path, line);
    }
    assert_eq!(watcher.whole_reads(), 1, "every command after the first read was read on");
    app.compact();
    skirmish::runtime::perform_effects(&mut app, None);
    assert!(matches!(watcher.poll(), Found::Fight { .. }));
    assert_eq!(watcher.whole_reads(), 2, "a compacted file is a new file, read whole");
    assert_as_loaded(&watcher, &path, "the compaction");
    for line in ["next", "damage Aria 1 raw", "undo", "hide orc"] {
        gm(&mut app, line);
        assert_eq!(fight(watcher.poll()), player_view(&app.session), "after `{line}`");
        assert_as_loaded(&watcher, &path, line);
    }
    assert_eq!(watcher.whole_reads(), 2, "appends after the compaction are read on");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record caught half-written is left for the next poll, and read once its line is whole.
#[test]
fn the_watcher_leaves_a_half_written_record_for_the_next_poll() {
    use std::io::Write;
    let dir = temp_dir("torn");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Torn", assets()), &path);
    gm(&mut app, "add Aria side=pc");
    let before = std::fs::read(&path).expect("file");
    gm(&mut app, "add Brom side=pc");
    let after = std::fs::read(&path).expect("file");
    let record = &after[before.len()..];
    assert!(record.len() > 10 && record.ends_with(b"\n"), "one record appended");
    std::fs::write(&path, &before).expect("back to one command");
    let mut watcher = Follower::new(Target::File(path.clone()), assets());
    assert_eq!(names(&fight(watcher.poll())), ["Aria"]);
    let append = |bytes: &[u8]| {
        let mut file = std::fs::OpenOptions::new().append(true).open(&path).expect("opens");
        file.write_all(bytes).expect("appends");
    };
    let half = record.len() / 2;
    append(&record[..half]);
    assert_eq!(names(&fight(watcher.poll())), ["Aria"], "half a record is not read");
    append(&record[half..record.len() - 1]);
    assert_eq!(names(&fight(watcher.poll())), ["Aria"], "all but its newline is not read either");
    append(b"\n");
    assert_eq!(names(&fight(watcher.poll())), ["Aria", "Brom"], "the whole record is read");
    assert_eq!(watcher.whole_reads(), 1, "read on from where each poll stopped");
    assert_as_loaded(&watcher, &path, "add Brom side=pc");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An earlier record edited in place, then the file grown by the GM's next command: the watcher
/// does not take the new record on trust but reads the file whole and says where it is broken,
/// writing nothing. Both an edit that moves the records after it, and one resealed with fresh
/// checksums (the last record read then differs), are caught.
#[test]
fn the_watcher_catches_an_earlier_record_edited_before_the_file_grew() {
    // (case, the text edited, what it becomes, whether the checksums are written afresh)
    let edits = [
        ("moved", "\"init Orc 5\"", "\"init Orc 55\"", false),
        ("resealed", "\"init Orc 5\"", "\"init Orc 6\"", true),
    ];
    for (name, from, to, reseal) in edits {
        let dir = temp_dir(&format!("edited-{name}"));
        let path = dir.join("fight.ron");
        let mut app = tracker(Session::new(System::WOIN, "Edited", assets()), &path);
        for line in ["add Aria side=pc", "add Orc side=enemy", "init Aria 15", "init Orc 5"] {
            gm(&mut app, line);
        }
        gm(&mut app, "start");
        let mut watcher = Follower::new(Target::File(path.clone()), assets());
        assert!(matches!(watcher.poll(), Found::Fight { .. }));
        let text = std::fs::read_to_string(&path).expect("file");
        let edited_line = text.lines().position(|l| l.contains(from)).expect("the record") + 1;
        let mut edited = text.replace(from, to);
        if reseal {
            edited = skirmish::save::journal::reseal(&edited);
        }
        std::fs::write(&path, edited).expect("edited in place");
        gm(&mut app, "damage Orc 1 raw");
        let written = std::fs::read(&path).expect("file");
        match watcher.poll() {
            Found::Broken { message, .. } => {
                let at = if reseal { text.lines().count() + 1 } else { edited_line };
                assert!(message.contains(&format!("fight.ron:{at}:")), "{name}: {message}");
            }
            other => panic!("{name}: expected the file broken, found {other:?}"),
        }
        assert_eq!(watcher.whole_reads(), 2, "{name}: read whole to find the damage");
        assert_eq!(
            std::fs::read(&path).expect("file"),
            written,
            "{name}: the watcher wrote nothing"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Older formats are read whole at every change, as before: a version 3 journal (its checksums
/// cover each record serialised again) and a version 2 file (one RON value).
#[test]
fn the_watcher_reads_older_formats_whole_at_every_change() {
    use std::io::Write;
    for (name, fixture) in
        [("v3", "tests/fixtures/v3/woin-demo.ron"), ("v2", "tests/fixtures/v2/woin-demo.ron")]
    {
        let dir = temp_dir(&format!("older-{name}"));
        let path = dir.join("fight.ron");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture);
        std::fs::copy(&source, &path).expect("copied");
        let mut watcher = Follower::new(Target::File(path.clone()), assets());
        assert!(matches!(watcher.poll(), Found::Fight { .. }), "{name}");
        let mut file = std::fs::OpenOptions::new().append(true).open(&path).expect("opens");
        file.write_all(b"\n").expect("grows");
        drop(file);
        assert!(matches!(watcher.poll(), Found::Fight { .. }), "{name}: grown");
        assert_eq!(watcher.whole_reads(), 2, "{name}: read whole again");
        assert_as_loaded(&watcher, &path, name);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The players' screen keeps its view along with the fight (a command added walks that command,
/// an undo cuts back, a branch switch or a file read whole walks the line again): after every
/// step it is the view built afresh from the GM's session.
#[test]
fn the_watch_screen_keeps_the_players_view_equal_to_a_fresh_one() {
    use skirmish::cli::watch::Watch;
    let dir = temp_dir("live-view");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Followed", assets()), &path);
    gm(&mut app, "add Aria side=pc");
    let mut watch = Watch::new(Follower::new(Target::File(path.clone()), assets()));
    watch.poll();
    assert_eq!(watch.seen, Some(players_see(&app.session)), "at the start");
    let after =
        ["compact", "next", "damage Aria 1 raw", "undo", "hide orc", "next", "undo", "undo"];
    for line in SCRIPT.iter().chain(&after) {
        if *line == "compact" {
            app.compact();
            skirmish::runtime::perform_effects(&mut app, None);
        } else {
            gm(&mut app, line);
        }
        watch.poll();
        assert_eq!(watch.seen, Some(players_see(&app.session)), "after `{line}`");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The watch screen keeps only the newest lines of the players' log (`SHOWN_LOG`, more than any
/// terminal shows), so a poll's work does not grow with the fight; the rest of its view is the
/// players' whole view, and `--once` still prints the whole log.
#[test]
fn the_watch_screen_keeps_the_newest_lines_of_a_long_log() {
    use skirmish::cli::watch::{SHOWN_LOG, Watch};
    let dir = temp_dir("long-log");
    let path = dir.join("fight.ron");
    let mut script = String::from("new woin\nadd Aria side=pc\nshow\n");
    for _ in 0..SHOWN_LOG {
        script.push_str("damage Aria 1 raw\nheal Aria 1\n");
    }
    let session = play(&script);
    std::fs::write(&path, skirmish::save::journal::write(&session).expect("written"))
        .expect("written");
    let mut watch = Watch::new(Follower::new(Target::File(path), assets()));
    watch.poll();
    let whole = player_view(&session);
    assert!(whole.log.len() > SHOWN_LOG, "the fight's log is long: {}", whole.log.len());
    let shown = watch.seen.as_ref().and_then(PlayersSee::fight).cloned().expect("a view");
    assert_eq!(shown.log, whole.log[whole.log.len() - SHOWN_LOG..]);
    assert_eq!(PlayerView { log: whole.log.clone(), ..shown }, whole);
    let _ = std::fs::remove_dir_all(&dir);
}

/// SW-DMG-2: a hit that Shakes without a wound is told to the players as a hit, then the
/// Shaken, never as "takes no damage"; a hit of nothing at all still says so.
#[test]
fn a_hit_that_shakes_is_a_hit_for_the_players() {
    let view = view_of(
        "new savage
         add Jessa side=pc wild
         add Bandit toughness=5
         damage Bandit 6
         damage Jessa 0",
    );
    let lines = log(&view);
    assert!(lines.contains(&"Bandit is hit"), "{lines:?}");
    assert!(lines.contains(&"Bandit gains Shaken"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Bandit takes no damage")), "{lines:?}");
    assert!(lines.contains(&"Jessa takes no damage"), "{lines:?}");
}

/// Issue 27 item 4: `watch --bell` rings when a player character's turn begins and when one
/// comes on deck, never for the first view it opens on, and not for an enemy's turn alone.
#[test]
fn the_bell_rings_for_a_player_characters_turn_and_on_deck() {
    use skirmish::cli::watch::Watch;
    let dir = temp_dir("bell");
    let path = dir.join("fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "Bell", assets()), &path);
    for line in [
        "add Aria side=pc",
        "add Orc side=enemy",
        "add Bram side=pc",
        "init Aria 15",
        "init Orc 10",
        "init Bram 5",
        "start",
    ] {
        gm(&mut app, line);
    }
    let mut watch = Watch::new(Follower::new(Target::File(path.clone()), assets()));
    assert!(watch.poll());
    assert!(!watch.bell_due(), "the first view rings for nothing");
    // Aria's turn ends: the Orc acts, Bram is on deck (a PC on deck rings).
    gm(&mut app, "next");
    assert!(watch.poll());
    assert!(watch.bell_due(), "Bram on deck");
    // Bram's turn: a PC's turn begins.
    gm(&mut app, "next");
    assert!(watch.poll());
    assert!(watch.bell_due(), "Bram's turn");
    // A change that moves no one: no bell.
    gm(&mut app, "damage Orc 1 raw");
    assert!(watch.poll());
    assert!(!watch.bell_due(), "nothing moved");
    let _ = std::fs::remove_dir_all(&dir);
}
