//! The dice log at 80×24 as a GM reads it (issue 14 item 7): the newest line is the bottom row
//! when the log is not scrolled, no blank row sits above text, the newest attack's own line
//! (who attacked whom, hit or miss) is in view with its consequences in all four systems, the
//! replay screen included, and scrolling back reaches every line.

use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use skirmish::app::{App, Mode};
use skirmish::encounter::{Event, Session};
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;
use skirmish::ui::{self, Pane, buffer_text};

use super::tui::{PLAIN, app, assets, demo, drive, drive_keep, screen};

/// The dice log pane on a screen: the rows inside its borders (trimmed at the end), and the
/// pane's width with its borders.
fn log_pane(text: &str) -> (Vec<String>, usize) {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (top, start) = lines
        .iter()
        .enumerate()
        .find_map(|(y, l)| {
            let s: String = l.iter().collect();
            s.find("┌ Dice log").map(|byte| (y, s[..byte].chars().count()))
        })
        .unwrap_or_else(|| panic!("no dice log on the screen\n{text}"));
    let width = lines[top][start..].iter().position(|&c| c == '┐').map_or(0, |p| p + 1);
    let rows = lines[top + 1..]
        .iter()
        .take_while(|l| l.get(start) != Some(&'└'))
        .map(|l| {
            let inner: String = l[start + 1..start + width - 1].iter().collect();
            inner.trim_end().to_string()
        })
        .collect();
    (rows, width)
}

/// Every row of the log, as a pane of this width tall enough for all of it lays them out.
fn all_rows(app: &App, width: usize) -> Vec<String> {
    let area = Rect::new(0, 0, u16::try_from(width).expect("a pane width"), 1000);
    let mut buf = Buffer::empty(area);
    ui::render_pane(app, PLAIN, Pane::Log, area, &mut buf);
    let mut rows: Vec<String> = buffer_text(&buf)
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('└'))
        .map(|l| l.split('│').nth(1).unwrap_or_default().trim_end().to_string())
        .collect();
    while rows.last().is_some_and(String::is_empty) {
        rows.pop();
    }
    rows
}

/// A row without its first two cells: the round, the timeline's `▸` and the `⋯` mark all sit
/// there.
fn body(row: &str) -> String {
    row.chars().skip(2).collect()
}

/// The start of the newest command's attack line (the `Attacked` event's, in every system), if
/// it made one.
fn newest_attack(app: &App) -> Option<String> {
    let (path, _) = app.session.line();
    let node = app.session.nodes().get(*path.last()?)?;
    node.entry.events.iter().find_map(|e| match e {
        Event::Attacked { summary, .. } => Some(summary.chars().take(24).collect()),
        _ => None,
    })
}

/// The log at 80×24, not scrolled: the newest line is the bottom row (or the last row of a log
/// shorter than the pane), no row is blank above text, and the newest attack's line is in view.
pub(super) fn check_newest(app: &App, context: &str) {
    assert_eq!(app.log_scroll, 0, "{context}");
    let text = screen(app, 80, 24);
    let (rows, width) = log_pane(&text);
    let all = all_rows(app, width);
    let Some(last) = rows.iter().rposition(|r| !r.is_empty()) else {
        assert!(all.is_empty(), "{context}: an empty pane over a log\n{text}");
        return;
    };
    assert!(
        rows[..last].iter().all(|r| !r.is_empty()),
        "{context}: a blank row above text\n{text}"
    );
    assert_eq!(
        body(&rows[last]),
        body(all.last().map_or("", String::as_str)),
        "{context}: the newest line is not the last row\n{text}"
    );
    if all.len() >= rows.len() {
        assert_eq!(last + 1, rows.len(), "{context}: the bottom row is blank\n{text}");
    }
    if let Some(attack) = newest_attack(app) {
        assert!(
            rows.iter().any(|r| r.contains(&attack)),
            "{context}: the attack's own line {attack:?} is not in view\n{text}"
        );
    }
}

/// Scrolling back key by key shows every row of the log, then comes back to the same view.
pub(super) fn check_reachable(app: &mut App, context: &str) {
    let text = screen(app, 80, 24);
    let (newest, width) = log_pane(&text);
    let all = all_rows(app, width);
    let mut seen: Vec<String> = newest.iter().map(|r| body(r)).collect();
    for _ in 0..=all.len() {
        drive(app, "K");
        seen.extend(log_pane(&screen(app, 80, 24)).0.iter().map(|r| body(r)));
    }
    for row in &all {
        assert!(seen.contains(&body(row)), "{context}: never shown while scrolling: {row:?}");
    }
    for _ in 0..=all.len() {
        drive(app, "J");
    }
    assert_eq!(log_pane(&screen(app, 80, 24)).0, newest, "{context}: back to the newest lines");
}

/// Run one command typed on the command line; whether it was taken.
fn command(app: &mut App, line: &str) -> bool {
    let before = app.session.line().0.len();
    drive_keep(app, &format!(":{line}<Enter>"));
    // A line missing answers goes on in a dialog: each question takes what the rules suggest
    // (or the tracker rolls).
    for _ in 0..40 {
        if app.live_question().is_none() {
            break;
        }
        drive_keep(app, "<Enter>");
    }
    app.effects.clear();
    app.log_scroll = ui::log_scroll_within(app, Rect::new(0, 0, 80, 24));
    if !matches!(app.mode, Mode::Normal) {
        drive_keep(app, "<Esc>");
    }
    app.session.line().0.len() != before
}

/// Issue 14 item 7, in each system's demo: after an attack its own line (not the actions spent
/// or the GURPS maneuver before it) is in view with the newest line as the bottom row, and so
/// after the next commands; every line is reachable by scrolling.
#[test]
fn each_demos_attack_shows_its_own_line_and_the_newest_at_80x24() {
    let cases: [(System, &[&str], &str); 5] = [
        (System::WOIN, &[], "attack \"Goblin 2\" Brom roll=6,6,6 dmgroll=6,2,4"),
        (System::GURPS, &["next", "next"], "attack \"Orc Brute\" Rook force"),
        (System::GEMPUNKS, &[], "attack Tam \"Bandit 2\" dmg=1d6+2"),
        (System::GEMPUNKS, &["next"], "attack Bandit Vex,Tam dmg=1d6"),
        (System::SAVAGE, &[], "attack \"Bandit 1\" Jessa"),
    ];
    for (system, setup, attack) in cases {
        let mut a = app(demo(system));
        for line in setup {
            assert!(command(&mut a, line), "{system}: {line}: {}", a.status.text);
        }
        assert!(command(&mut a, attack), "{system}: {attack}: {}", a.status.text);
        assert!(newest_attack(&a).is_some(), "{system}: {attack} made no attack line");
        check_newest(&a, &format!("{system}: {attack}"));
        check_reachable(&mut a, &format!("{system}: {attack}"));
        for next in ["roll 1d6", "next"] {
            if command(&mut a, next) {
                check_newest(&a, &format!("{system}: {attack}, then {next}"));
            }
        }
        check_reachable(&mut a, &format!("{system}: {attack} and after"));
    }
}

/// Issue 14 item 7 (the tester's finding 5), GURPS and Gempunks: the line heading an attack's
/// lines is the attack itself (the GURPS roll against skill, the Gempunks set with its needs,
/// hits and crits), not the maneuver or the action spent that the log gives before it.
#[test]
fn gurps_and_gempunks_attacks_are_headed_by_the_attack_not_the_action_spent() {
    let gurps = [
        "add Rook side=pc st=12 dx=12 ht=12 speed=7",
        "weapon Rook broadsword skill=14 dmg=2d+1 type=cut",
        "add Orc hp=12 ht=11 dr=2 speed=5",
        "weapon Orc axe skill=14 dmg=sw type=cut",
        "start",
        "attack Rook Orc",
    ];
    // Attack 10 vs 14, the Parry fails on 15, 6 + 6 + 1 cut: a major wound, the knockdown
    // roll failed.
    let faces = [3, 4, 3, 5, 5, 5, 6, 6, 4, 4, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
    let mut a = app(Session::new(System::GURPS, "Alley", assets()))
        .with_dice(Box::new(ScriptedDice::new(faces)));
    for line in gurps {
        assert!(command(&mut a, line), "{line}: {}", a.status.text);
    }
    let text = screen(&a, 80, 24);
    assert!(log_pane(&text).0.iter().any(|r| r.contains("Rook attacks Orc with")), "{text}");
    check_newest(&a, "GURPS");
    // The tester's Gempunks group attack: a set for two targets.
    let mut a = app(demo(System::GEMPUNKS))
        .with_dice(Box::new(ScriptedDice::new([6, 5, 4, 2, 4, 2, 2, 5, 3, 3, 3, 3, 3, 3])));
    for line in ["next", "attack Bandit Vex,Tam dmg=1d6"] {
        assert!(command(&mut a, line), "{line}: {}", a.status.text);
    }
    let text = screen(&a, 80, 24);
    let rows = log_pane(&text).0;
    assert!(rows.iter().any(|r| r.contains("Bandit 3, Bandit 4")), "the attackers named: {text}");
    assert!(rows.iter().any(|r| r.contains("attack Vex needs 6")), "{text}");
    assert!(!rows.iter().any(|r| r.contains("−1 of standard")), "{text}");
    check_newest(&a, "Gempunks");
}

/// Issue 14 item 7, the replay screen: at every step of every demo the log shows the newest line
/// as its bottom row and no blank row above text.
#[test]
fn every_replay_step_shows_the_newest_line_at_the_bottom() {
    for system in System::ALL {
        let mut a = App::new(
            demo(system),
            None,
            skirmish::app::keymap::KeyMap::defaults(),
            skirmish::app::NewFiles::new(None, 0),
        );
        a.open_timeline(None, false, 1000);
        drive_keep(&mut a, "<Home>");
        let steps = a.timeline.as_ref().map_or(0, |t| t.steps.len());
        for k in 0..=steps {
            check_newest(&a, &format!("{system}: replay step {k}"));
            drive_keep(&mut a, "<Right>");
        }
    }
}

/// The commands a random fight is made of, per demo.
fn pool(system: System) -> &'static [&'static str] {
    if system == System::WOIN {
        return &[
            "attack \"Goblin 2\" Brom",
            "attack Ogre Aria",
            "attack Brom Ogre",
            "next",
            "roll 1d6",
            "damage Aria 4",
            "cond Brom pain",
            "shake Aria",
            "undo",
        ];
    }
    if system == System::GURPS {
        return &[
            "attack \"Orc Brute\" Rook",
            "attack Mira \"Cultist 1\"",
            "next",
            "roll 3d6",
            "damage Mira 3",
            "undo",
        ];
    }
    if system == System::SAVAGE {
        return &[
            "attack \"Bandit 1\" Jessa",
            "attack Jessa \"Bandit 2\"",
            "next",
            "roll 1d8",
            "damage Cole 9",
            "undo",
        ];
    }
    &[
        "attack Tam \"Bandit 2\" dmg=1d6+2",
        "attack Bandit Vex,Tam dmg=1d6",
        "next",
        "roll 2d6",
        "damage Vex 2",
        "undo",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Issue 14 item 7: for random fights in any system, after every command the newest log
    /// line is the log pane's bottom row and no blank row sits above text; every line is
    /// reachable by scrolling at the end.
    #[test]
    fn the_newest_line_is_always_the_bottom_row(
        system in 0usize..4,
        picks in proptest::collection::vec(0usize..16, 1..10),
    ) {
        let system = System::ALL[system];
        let mut a = app(demo(system));
        let pool = pool(system);
        let mut done = Vec::new();
        for pick in picks {
            let line = pool[pick % pool.len()];
            if command(&mut a, line) {
                done.push(line);
                check_newest(&a, &format!("{system}: {done:?}"));
            }
        }
        check_reachable(&mut a, &format!("{system}: {done:?}"));
    }
}
