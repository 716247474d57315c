//! The players' log follows the privacy settings of the moment it is shown, and says health in
//! words that cannot be taken for game terms (issue 22).
//!
//! Rules pinned here:
//! - PV-HEALTH-3: the players' log gives health as `player_health.*` says when it is shown,
//!   for lines made before the setting changed too: in `watch` (kept along) and
//!   `export --players`.
//! - PV-HEALTH-4: a health label reads as how someone looks, never as a game term.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use skirmish::command::parse_in;
use skirmish::encounter::Session;
use skirmish::export::{Format, players_only, render, report};
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::rules::system::HealthBand;
use skirmish::ui::buffer_text;
use skirmish::ui::player::{PlayerScreen, WatchNote};
use skirmish::ui::theme::Theme;
use skirmish::view::{LiveView, PlayerView, band_word, player_view};

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

fn log(view: &PlayerView) -> Vec<String> {
    view.log.iter().map(|l| l.text.clone()).collect()
}

/// The GM prepares "Second Fight": an Ogre and Rook, initiative not yet rolled.
const PREPARED: &str = "
    new woin \"Second Fight\"
    add Ogre side=enemy health=20
    add Rook side=pc
";

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
        PlayerScreen { view: Some(&view), note: &note, theme: Theme { color: false } }
            .render(area, &mut buf);
        let screen = buffer_text(&buf);
        let label = &line["Ogre is hit (".len()..line.len() - 1];
        let row = screen.lines().find(|l| l.contains("Ogre ") && l.contains("enemy"));
        assert!(row.is_some_and(|r| r.contains(label)), "{label}: {screen}");
    }
}
