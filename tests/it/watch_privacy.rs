//! The players' view keeps a fight being prepared off their screens, and their log follows the
//! privacy settings of the moment it is shown (issue 22).
//!
//! Rules pinned here:
//! - PV-SHOW-1: players see a fight once it is under way (`start`, a surprise turn) or once the
//!   GM said `show`; before that only "waiting for the GM" and the system: no name, no
//!   combatants, no log, not even the file's name.
//! - PV-SHOW-2: `show` and `show off` are commands: in the journal, undone by `undo`, refused
//!   (saying what to do instead) when they would change nothing.
//! - PV-SHOW-3: a watcher that showed one fight shows waiting when the GM opens another being
//!   prepared, and that fight once it starts.
//! - PV-HEALTH-3: the players' log gives health as `player_health.*` says when it is shown,
//!   for lines made before the setting changed too: in `watch` (kept along) and
//!   `export --players`.
//! - PV-HEALTH-4: a health label reads as how someone looks, never as a game term.

use std::path::{Path, PathBuf};

use crate::typed_command::Command;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles};
use skirmish::cli::watch::Watch;
use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::export::{Format, players_only, render, report};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::rules::types::HealthBand;
use skirmish::save::follow::{Follower, Target};
use skirmish::ui::buffer_text;
use skirmish::ui::player::{PlayerScreen, WatchNote};
use skirmish::ui::theme::Theme;
use skirmish::view::{LiveView, PlayerView, PlayersSee, band_word, player_view, players_see};

use super::cli::{skirmish, text};
use super::harness::assets;

/// Play a script (one command a line) with seeded dice; every line must be accepted.
fn play(script: &str) -> Session {
    let mut session = Session::new(System::WOIN, "", assets());
    let mut dice = SeededDice::new(7);
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let system = session.encounter().system;
        let command = parse_in(line, Some(system)).expect("parses").expect("a command");
        if let Err(err) = session.execute(&command, &mut dice) {
            panic!("`{line}` was refused: {err}");
        }
    }
    session
}

/// The refusal of the last line of `script` (the lines before it must be accepted).
fn refusal(script: &str) -> String {
    let mut lines: Vec<&str> = script.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let last = lines.pop().expect("a line to refuse");
    let mut session = play(&lines.join("\n"));
    let command = parse_in(last, Some(System::WOIN)).expect("parses").expect("a command");
    match session.execute(&command, &mut SeededDice::new(7)) {
        Ok(_) => panic!("`{last}` was accepted"),
        Err(err) => err.to_string(),
    }
}

fn log(view: &PlayerView) -> Vec<String> {
    view.log.iter().map(|l| l.text.clone()).collect()
}

/// The GM prepares "Second Fight": an Ogre and Rook, initiative not yet rolled.
const PREPARED: &str = "
    new woin \"Second Fight\"
    add Ogre side=enemy health=20
    add Rook side=pc
";

/// Everything the players get of a fight they are kept from: the view, as JSON and as text.
fn everything(seen: &PlayersSee) -> String {
    let json = serde_json::to_string(seen).expect("serializes");
    format!("{json}\n{}", seen.to_text())
}

// PV-SHOW-1: before `start` (or `show`) the players get "waiting for the GM" and the system only.
#[test]
fn pv_show_1_a_fight_being_prepared_is_not_shown() {
    let cases = [
        ("", false),
        ("start", true),
        ("show", true),
        ("show\nshow off", false),
        ("start\nundo", false),
        ("show\nstart\nundo", true),
        ("show\nundo", false),
        // WOIN-AMBUSH-1: a won ambush's surprise turn is the fight under way, before round 1.
        ("ambush Ogre Rook pool=9d6 vs=1d6\nstart", true),
    ];
    for (more, shown) in cases {
        let session = play(&format!("{PREPARED}\n{more}"));
        let seen = players_see(&session);
        // The watcher's view kept along says the same as one made afresh.
        assert_eq!(LiveView::default().see_newest(&session, usize::MAX), seen, "after {more:?}");
        match &seen {
            PlayersSee::Fight(view) => {
                assert!(shown, "after {more:?}: shown too early");
                assert_eq!(view, &player_view(&session), "after {more:?}");
                assert_eq!(view.name, "Second Fight");
            }
            PlayersSee::Waiting { system } => {
                assert!(!shown, "after {more:?}: still waiting");
                assert_eq!(system, "WOIN");
                let all = everything(&seen);
                for secret in ["Second", "Ogre", "Rook", "joins"] {
                    assert!(!all.contains(secret), "after {more:?}, {secret} shows: {all}");
                }
                assert_eq!(seen.to_text(), "waiting for the GM (WOIN)\n");
                assert_eq!(
                    serde_json::to_value(&seen).expect("JSON"),
                    serde_json::json!({"state": "waiting", "system": "WOIN"})
                );
            }
        }
    }
}

// PV-SHOW-2: `show`/`show off` parse and print back, are refused when they change nothing, and
// travel in the journal like any command.
#[test]
fn pv_show_2_show_is_a_command_in_the_journal() {
    let parsed = [
        ("show", Command::Show { on: true }, "show"),
        ("show on", Command::Show { on: true }, "show"),
        ("show off", Command::Show { on: false }, "show off"),
        ("SHOW OFF", Command::Show { on: false }, "show off"),
    ];
    for (typed, command, canonical) in parsed {
        let got = parse_in(typed, Some(System::WOIN)).expect("parses").expect("a command");
        assert_eq!(Command::from(got.clone()), command, "{typed}");
        assert_eq!(got.to_string(), canonical, "{typed}");
    }
    let bad = parse_in("show later", Some(System::WOIN)).expect_err("refused");
    assert!(bad.to_string().contains("off"), "{bad}");
    let refused = [
        ("show\nshow", "already"),
        ("show off", "not shown"),
        ("show\nshow off\nshow off", "not shown"),
        ("start\nshow", "under way"),
        ("start\nshow off", "hide"),
    ];
    for (script, says) in refused {
        let err = refusal(&format!("{PREPARED}\n{script}"));
        assert!(err.contains(says), "`{script}`: {err}");
    }
    // Saved and loaded: still shown; `undo` takes it back.
    let session = play(&format!("{PREPARED}\nshow"));
    let text = skirmish::save::journal::write(&session).expect("written");
    assert!(text.contains("Show"), "the journal has the command: {text}");
    let dir = temp_dir("show-journal");
    let path = dir.join("fight.ron");
    std::fs::write(&path, text).expect("written");
    let mut loaded = skirmish::save::load(&path, assets()).expect("loads");
    assert!(matches!(players_see(&loaded), PlayersSee::Fight(_)), "shown after loading");
    let undo = parse_in("undo", None).expect("parses").expect("a command");
    loaded.execute(&undo, &mut SeededDice::new(1)).expect("undone");
    assert!(matches!(players_see(&loaded), PlayersSee::Waiting { .. }), "undone");
    let _ = std::fs::remove_dir_all(&dir);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-privacy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// A tracker writing a fight to `path`, as the GM's would.
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

/// The watch screen as the watcher draws it, at 80×24.
fn drawn(watch: &Watch) -> String {
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    watch.screen(Theme { color: false }).render(area, &mut buf);
    buffer_text(&buf)
}

// PV-SHOW-3: the watcher of the GM's current fight goes to waiting when the GM opens a fight
// being prepared, and shows it once it starts.
#[test]
fn pv_show_3_the_watcher_waits_while_the_gm_prepares_the_next_fight() {
    let dir = temp_dir("next-fight");
    let mut watch = Watch::new(Follower::new(Target::Current(dir.clone()), assets()));
    let first = dir.join("first-fight.ron");
    let mut app = tracker(Session::new(System::WOIN, "First Fight", assets()), &first);
    for line in ["add Aria side=pc", "add Goblin side=enemy"] {
        gm(&mut app, line);
    }
    std::fs::write(skirmish::save::last_pointer(&dir), first.display().to_string()).unwrap();
    watch.poll();
    assert!(matches!(watch.seen, Some(PlayersSee::Waiting { .. })), "first: not started yet");
    gm(&mut app, "start");
    watch.poll();
    assert!(drawn(&watch).contains("First Fight"), "{}", drawn(&watch));
    // The GM opens the next fight and prepares it.
    let second = dir.join("second-fight.ron");
    let mut next = tracker(Session::new(System::WOIN, "Second Fight", assets()), &second);
    std::fs::write(skirmish::save::last_pointer(&dir), second.display().to_string()).unwrap();
    for line in ["add Ogre side=enemy", "add Rook side=pc", "init Ogre 12"] {
        gm(&mut next, line);
        watch.poll();
        assert_eq!(watch.seen, Some(players_see(&next.session)), "after `{line}`");
        let screen = drawn(&watch);
        assert!(screen.contains("waiting for the GM"), "after `{line}`: {screen}");
        for secret in ["Second", "second", "Ogre", "Rook", "First", "Aria", "Goblin"] {
            assert!(!screen.contains(secret), "after `{line}`, {secret} shows: {screen}");
        }
    }
    gm(&mut next, "start");
    watch.poll();
    let screen = drawn(&watch);
    assert!(screen.contains("Second Fight") && screen.contains("Ogre"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

// PV-SHOW-1 through the binary: `watch --once` as text and JSON.
#[test]
fn pv_show_1_watch_once_says_waiting_for_the_gm() {
    let dir = temp_dir("once");
    let file = dir.join("second-fight.ron");
    let file_arg = file.to_str().expect("a UTF-8 path");
    let out = skirmish(&["run", "--script", "-", "--save", file_arg], PREPARED);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = skirmish(&["watch", file_arg, "--once"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "waiting for the GM (WOIN)\n");
    let out = skirmish(&["watch", file_arg, "--once", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json, serde_json::json!({"state": "waiting", "system": "WOIN"}));
    let out = skirmish(&["run", file_arg, "--script", "-", "--save", file_arg], "start\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = skirmish(&["watch", file_arg, "--once", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["state"], "fight");
    assert_eq!(json["name"], "Second Fight");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rook (pc, exact by default) and the Ogre (enemy, a label by default) are hurt and healed.
const HURT: &str = "
    new woin \"Second Fight\"
    add Ogre side=enemy health=20
    add Rook side=pc
    start
    damage Rook 6 raw
    heal Rook 1
    damage Ogre 12 raw
";

// PV-HEALTH-3: lines made before a `player_health.*` change are shown as it now says.
#[test]
fn pv_health_3_the_log_follows_todays_privacy_settings() {
    let cases: [(&str, [&str; 3]); 5] = [
        (
            "",
            [
                "Rook takes 6 (HEALTH 4/10)",
                "Rook heals 1 (HEALTH 5/10)",
                "Ogre is hit (badly hurt)",
            ],
        ),
        (
            "set player_health.pc label",
            ["Rook is hit (badly hurt)", "Rook is healed", "Ogre is hit (badly hurt)"],
        ),
        (
            "set player_health.pc hidden",
            ["Rook is hit", "Rook is healed", "Ogre is hit (badly hurt)"],
        ),
        (
            "set player_health.enemy exact",
            [
                "Rook takes 6 (HEALTH 4/10)",
                "Rook heals 1 (HEALTH 5/10)",
                "Ogre takes 12 (HEALTH 8/20)",
            ],
        ),
        (
            "set player_health.pc label\nset player_health.pc exact",
            [
                "Rook takes 6 (HEALTH 4/10)",
                "Rook heals 1 (HEALTH 5/10)",
                "Ogre is hit (badly hurt)",
            ],
        ),
    ];
    for (set, expected) in cases {
        // The watcher's view kept along: made before the change, then walked on over it only.
        let mut session = play(HURT);
        let mut live = LiveView::default();
        let _ = live.view(&session);
        play_on(&mut session, set);
        let view = player_view(&session);
        let lines = log(&view);
        let health: Vec<&str> = lines
            .iter()
            .map(String::as_str)
            .filter(|l| l.contains(" is hit") || l.contains(" takes ") || l.contains(" heal"))
            .collect();
        assert_eq!(health, expected, "after {set:?}");
        assert_eq!(live.view(&session), view, "kept along, after {set:?}");
        // The players' report says the same.
        let players = render(&players_only(report(&session, None), &session), Format::Markdown);
        for line in expected {
            assert!(players.contains(&format!("- {line}\n")), "export after {set:?}: {players}");
        }
        if !set.ends_with("exact") && !set.is_empty() {
            assert!(!players.contains("HEALTH 4/10"), "export after {set:?}: {players}");
            assert!(!lines.iter().any(|l| l.contains("HEALTH")), "after {set:?}: {lines:?}");
        }
    }
}

/// Play more commands on `session` (seeded dice); every line must be accepted.
fn play_on(session: &mut Session, more: &str) {
    let mut dice = SeededDice::new(11);
    for line in more.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let command = parse_in(line, Some(System::WOIN)).expect("parses").expect("a command");
        session.execute(&command, &mut dice).expect("accepted");
    }
}

// PV-HEALTH-4: each band's label, in the order and in the log, is a description: no word of it
// is a condition of any system or a word of the players' log for an attack's verdict.
#[test]
fn pv_health_4_labels_do_not_read_as_game_terms() {
    let catalogue_terms = assets()
        .catalogues
        .iter()
        .flat_map(|(_, c)| c.conditions.iter().map(|s| s.name.to_lowercase().replace('-', " ")))
        .collect::<Vec<_>>();
    let verdicts = ["critical", "hit", "miss", "bloodied", "wound", "wounds", "wounded"];
    let bands = [
        (HealthBand::Unhurt, "unhurt"),
        (HealthBand::Hurt, "hurt"),
        (HealthBand::Bloodied, "badly hurt"),
        (HealthBand::Critical, "barely standing"),
        (HealthBand::Down, "out of the fight"),
    ];
    for (band, word) in bands {
        assert_eq!(band_word(band), word);
        for term in catalogue_terms.iter().map(String::as_str).chain(verdicts) {
            let words: Vec<&str> = word.split(' ').collect();
            let term_words: Vec<&str> = term.split(' ').collect();
            let inside = words.windows(term_words.len()).any(|w| w == term_words.as_slice());
            assert!(!inside, "{band:?} reads as the game term {term:?}: {word}");
        }
    }
    // In the log, each band after a hit on a 20-health enemy (a label by default).
    let cases = [
        (3, "Ogre is hit (hurt)"),
        (10, "Ogre is hit (badly hurt)"),
        (15, "Ogre is hit (barely standing)"),
        (20, "Ogre is hit (out of the fight)"),
    ];
    for (amount, line) in cases {
        let view = player_view(&play(&format!("{PREPARED}\nstart\ndamage Ogre {amount} raw")));
        assert!(log(&view).contains(&line.to_string()), "{amount}: {:?}", log(&view));
        // The order on the players' screen has room for the label whole.
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        let note = WatchNote { text: "watching".into(), error: false };
        PlayerScreen { view: Some(&view), note: &note, theme: Theme { color: false }, timer: None }
            .render(area, &mut buf);
        let screen = buffer_text(&buf);
        let label = &line["Ogre is hit (".len()..line.len() - 1];
        let row = screen.lines().find(|l| l.contains("Ogre ") && l.contains("enemy"));
        assert!(row.is_some_and(|r| r.contains(label)), "{label}: {screen}");
    }
}
