//! The dashboard where it used to fail a GM (issue 14): text that is not ASCII, messages, a
//! terminal too small, Save as, and refusals that come before the dice faces are asked for; and
//! the one guard that takes the terminal and gives it back (issue 23).

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};
use ratatui::widgets::{Paragraph, Widget};
use skirmish::app::dialog::Step;
use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, Mode, NewFiles};
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::{ScriptedDice, SeededDice};
use skirmish::runtime::{TerminalGuard, Tty};
use skirmish::ui::{self, Pane, buffer_text};

use super::tui::{PLAIN, app, assets, demo, drive, keys, new_woin, screen};

/// Item 17, text input safety: Tab after a multi-byte whitespace (a no-break space) completes
/// the word after it instead of cutting the line inside that character.
#[test]
fn tab_completes_after_a_no_break_space() {
    let mut a = new_woin();
    drive(&mut a, ":add \"Goblin Boss\"<Enter>");
    drive(&mut a, ":damage\u{a0}Gob<Tab>");
    assert_eq!(a.input.value(), "damage\u{a0}\"Goblin Boss\" ");
    drive(&mut a, "4<Enter>");
    assert_eq!(a.session.encounter().get("goblin-boss").expect("boss").health.current, 6);
    // After accented letters and a wide character, in a word being completed and before it.
    drive(&mut a, ":note Gob<Tab>élan 日本<Tab>");
    assert_eq!(a.input.value(), "note \"Goblin Boss\" élan 日本");
    assert!(a.status.error && a.status.text == "no completions here", "{:?}", a.status);
}

/// Item 17: a name still open in quotes completes as one word (the quote is not typed twice).
#[test]
fn tab_completes_a_quoted_name_being_typed() {
    let mut a = new_woin();
    drive(&mut a, ":add \"Goblin Boss\"<Enter>:add \"Élodie Brûlée\"<Enter>");
    drive(&mut a, ":damage \"Goblin B<Tab>");
    assert_eq!(a.input.value(), "damage \"Goblin Boss\" ");
    drive(&mut a, "<Esc>:damage \"Él<Tab>");
    assert_eq!(a.input.value(), "damage \"Élodie Brûlée\" ");
}

/// Item 17: non-ASCII typed everywhere text goes (the command line with its history, cursor
/// moves and completion after any whitespace, dialog filters and fields, normal mode), drawn at
/// many sizes, never panics.
#[test]
fn monkey_types_non_ascii_everywhere() {
    use rand::{RngExt, SeedableRng};
    let pool = [
        ":damage\u{a0}B",
        ":cond\u{3000}Jé",
        ":roll 2d6 for\u{a0}J",
        ":note Zo",
        "é",
        "\u{a0}",
        "日",
        "🎲",
        "\"",
        " ",
        "<Tab>",
        "<BS>",
        "<Left>",
        "<Home>",
        "<Enter>",
        "<Esc>",
        "<Up>",
        "d",
        "c",
        "g",
        "1",
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut a = app(demo(System::SAVAGE));
    drive(&mut a, ":add \"Zoë\u{a0}Ångström\" side=pc<Enter>:add 日本の鬼 x2<Enter>");
    assert_eq!(a.session.encounter().combatants.len(), 10, "{:?}", a.status);
    for step in 0..3_000 {
        let key = pool[rng.random_range(0..pool.len())];
        for event in keys(key) {
            a.handle_event(&Event::Key(event));
        }
        a.quit = false;
        a.effects.clear();
        if step % 7 == 0 {
            screen(&a, rng.random_range(40..140u16), rng.random_range(10..50u16));
        }
    }
}

/// Item 8, messages: an error stays until the next command succeeds, then gives way to what
/// that command did; faces typed but not needed are still reported after a success.
#[test]
fn an_error_clears_when_the_next_command_succeeds() {
    let mut a = new_woin();
    drive(&mut a, ":frobnicate<Enter>");
    assert!(a.status.error, "{:?}", a.status);
    drive(&mut a, ":add Aria side=pc<Enter>");
    assert!(!a.status.error, "the add succeeded: {:?}", a.status);
    assert!(a.status.text.contains("Aria"), "{:?}", a.status);
    // A key that does nothing, then a key that runs a command.
    let mut a = app(demo(System::WOIN));
    drive(&mut a, "z");
    assert!(a.status.error, "{:?}", a.status);
    drive(&mut a, "n");
    assert!(!a.status.error, "next turn succeeded: {:?}", a.status);
    // Three faces for a 2d6: refused in its step with the count wanted; two, and it lands.
    drive(&mut a, "dogre<Enter>2d6<Enter>3 4 5<Enter>");
    assert!(a.status.error, "{:?}", a.status);
    assert!(a.status.text.starts_with("damage to Ogre takes 2 faces; 3 typed"), "{:?}", a.status);
    drive(&mut a, "<BS><BS><Enter>");
    assert!(!a.status.error, "{:?}", a.status);
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    // A dialog's complaint goes once its step is answered: a roll with no dice, then dice.
    drive(&mut a, "r<Enter>");
    assert_eq!(a.status.text, "dice: nothing chosen yet");
    drive(&mut a, "2d6<Enter>");
    assert!(!a.status.error, "{:?}", a.status);
    // The roll's message carries its dice, as its log line does.
    drive(&mut a, "<Enter>3 4<Enter>");
    assert!(a.status.text.contains("[3, 4] = 7"), "{:?}", a.status);
}

/// Item 8: a message longer than two lines takes the lines it needs above the key bar, so its
/// end is on screen, not cut.
#[test]
fn a_very_long_message_is_shown_whole() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, ":attack Aria Ogre luc=9 zz=1 force<Enter>");
    assert!(a.status.error, "{:?}", a.status);
    let text = screen(&a, 80, 24);
    let shown: String = text.lines().map(str::trim).collect::<Vec<_>>().join(" ");
    let last_word = a.status.text.split_whitespace().last().expect("a message");
    assert!(a.status.text.chars().count() > 160, "a three-line message: {}", a.status.text);
    assert!(shown.contains(last_word), "the message ends on screen:\n{text}");
}

/// Item 8: the explosion (ace) mark `!` sits on the die that exploded, in the dice log pane
/// exactly as in the headless log's text of the roll.
#[test]
fn the_ace_mark_is_on_the_die_that_exploded() {
    let cases: [(&str, Vec<u32>); 4] = [
        ("d6!", vec![6, 6, 2]),
        ("2d6!kh1", vec![6, 2, 3]),
        ("2d8!", vec![3, 8, 1]),
        ("3", vec![]),
    ];
    for (expr, faces) in cases {
        let mut a = new_woin().with_dice(Box::new(ScriptedDice::new(faces)));
        drive(&mut a, &format!(":roll {expr}<Enter>"));
        let roll = a.session.log().last().and_then(|l| l.roll.clone()).expect("a roll");
        let headless = roll.to_string();
        assert_eq!(headless.contains('!'), expr.contains('!'), "{headless}");
        let area = Rect::new(0, 0, 100, 6);
        let mut buf = Buffer::empty(area);
        ui::render_pane(&a, PLAIN, Pane::Log, area, &mut buf);
        let pane = buffer_text(&buf);
        assert!(pane.contains(&headless), "{expr}: the log pane shows\n{pane}\nnot {headless}");
    }
}

/// Keys as the runtime hands them over, without drawing and keeping the writes asked for.
fn press(a: &mut App, script: &str) {
    for key in keys(script) {
        a.handle_event(&Event::Key(key));
    }
}

/// Item 11, too small: while "terminal too small" shows, keys do nothing (no turn passes, no
/// dialog opens, no hidden field fills) except quitting; a resize brings the keys back.
#[test]
fn a_terminal_too_small_takes_only_quit_and_resize() {
    let mut a = app(demo(System::WOIN));
    let turn = a.session.encounter().current().map(|c| c.id.clone());
    a.handle_event(&Event::Resize(50, 15));
    assert!(screen(&a, 50, 15).contains("need 60×20 · q quits"), "{}", screen(&a, 50, 15));
    press(&mut a, "nd:x");
    assert_eq!(a.session.encounter().current().map(|c| c.id.clone()), turn);
    assert!(matches!(a.mode, Mode::Normal), "no dialog or command line opened");
    // A dialog open when the terminal shrinks: typing does not go into its hidden field.
    a.handle_event(&Event::Resize(80, 24));
    press(&mut a, "d");
    a.handle_event(&Event::Resize(59, 24));
    press(&mut a, "ogre<Enter>7<Enter><Esc>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("the dialog is still open") };
    assert_eq!((dialog.at, dialog.answers.len()), (0, 0));
    let Some(Step::Pick { filter, .. }) = dialog.step() else { panic!("at the who step") };
    assert_eq!(filter.value(), "");
    assert!(!a.quit);
    press(&mut a, "q");
    assert!(a.quit, "q quits");
    // Grown again: the keys work.
    a.quit = false;
    a.handle_event(&Event::Resize(80, 24));
    press(&mut a, "<Esc>n");
    assert_ne!(a.session.encounter().current().map(|c| c.id.clone()), turn);
}

/// Item 12, Save as: the name starts empty, the dialog says which folder the file goes in (the
/// fight's own), and the path is built from the two: `mysave` is `FOLDER/mysave.ron`.
#[test]
fn save_as_names_a_file_in_the_fights_folder() {
    let opened = |save: Option<&str>, autosaves: Option<&str>| {
        let files = NewFiles::new(autosaves.map(PathBuf::from), 0);
        App::new(demo(System::WOIN), save.map(PathBuf::from), KeyMap::defaults(), files)
    };
    let mut a = opened(Some("/fights/w8.ron"), Some("/saves"));
    press(&mut a, "s");
    let Mode::Dialog(dialog) = &a.mode else { panic!("the Save as dialog") };
    let Some(Step::Text { input, .. }) = dialog.step() else { panic!("a file name step") };
    assert_eq!(input.value(), "", "the name starts empty");
    assert!(screen(&a, 80, 24).contains("goes in /fights"), "{}", screen(&a, 80, 24));
    for (typed, path) in [
        ("mysave", "/fights/mysave.ron"),
        ("mysave.ron", "/fights/mysave.ron"),
        ("Zoë's fight", "/fights/Zoë's fight.ron"),
        ("old/w9", "/fights/old/w9.ron"),
        ("/tmp/elsewhere.ron", "/tmp/elsewhere.ron"),
    ] {
        let mut a = opened(Some("/fights/w8.ron"), Some("/saves"));
        press(&mut a, &format!("s{typed}<Enter>"));
        let written: Vec<_> = a.effects.iter().map(|e| (e.path.clone(), e.switch_to)).collect();
        assert_eq!(written, [(PathBuf::from(path), true)], "{typed}: {:?}", a.status);
    }
    // No file yet: the autosave folder.
    let mut a = opened(None, Some("/saves"));
    press(&mut a, "smysave<Enter>");
    assert_eq!(a.effects.last().map(|e| e.path.clone()), Some(PathBuf::from("/saves/mysave.ron")));
}

/// The refusal an open dialog shows, if any.
fn refusal(a: &App) -> Option<&str> {
    match &a.mode {
        Mode::Dialog(dialog) => dialog.refused.as_deref(),
        _ => None,
    }
}

/// Item 10, refusals before the faces step: a shake-off already tried this turn (WOIN-COND-2)
/// is refused as the condition is chosen, before any face is asked for; the dialog shows why and
/// takes no more text, so faces typed ahead go nowhere (no hidden field, no dashboard key).
#[test]
fn a_second_shake_off_is_refused_before_the_faces() {
    let mut a = new_woin().with_dice(Box::new(ScriptedDice::new([6, 6, 6])));
    drive(&mut a, ":add Aria side=pc init=3d6<Enter>:add Goblin init=5<Enter>:start<Enter>");
    drive(&mut a, ":cond Aria dazed<Enter>");
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("aria"));
    // The first try, with a face from the table that fails.
    drive(&mut a, "x<Enter><Enter>1<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let entries = a.session.entries().len();
    drive(&mut a, "x<Enter><Enter>");
    let why = "Aria already tried to shake off Dazed this turn";
    assert_eq!(refusal(&a), Some(why), "refused before the faces step");
    assert!(screen(&a, 80, 24).contains("refused: Aria already tried"), "{}", screen(&a, 80, 24));
    assert_eq!((a.status.error, a.status.text.as_str()), (true, why));
    // Faces typed ahead from the table: a space is "next turn" on the dashboard.
    drive(&mut a, "6 6<Space>n");
    assert_eq!(refusal(&a), Some(why));
    assert_eq!(a.session.entries().len(), entries);
    drive(&mut a, "<Enter>");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!((a.status.error, a.status.text.as_str()), (true, why));
}

/// Item 10: an attack with no actions left (WOIN-ACT-1) is refused before the faces step, even
/// though the rules roll before they charge the action: it is refused whatever the dice show.
#[test]
fn an_attack_with_no_actions_left_is_refused_before_the_faces() {
    let mut a = new_woin().with_dice(Box::new(SeededDice::new(5)));
    drive(
        &mut a,
        ":add Aria side=pc init=30<Enter>:weapon Aria sword pool=3d6 dmg=1d6 melee<Enter>:add Goblin init=5 health=100<Enter>:start<Enter>",
    );
    drive(&mut a, ":attack Aria Goblin sword<Enter>:attack Aria Goblin sword<Enter>");
    let entries = a.session.entries().len();
    drive(&mut a, "a<Enter><Enter><Enter><Enter><Enter>");
    let why = refusal(&a).expect("refused before the faces step");
    assert!(why.starts_with("an attack costs 1 action; Aria has 0 of 2"), "{why}");
    assert_eq!(a.session.entries().len(), entries);
}

/// Item 10: a command that rolls nothing (damage by a number) has no faces step; one that
/// rolls still asks for its faces.
#[test]
fn a_dialog_asks_for_faces_only_when_something_is_rolled() {
    let mut a = app(demo(System::WOIN));
    let health = |a: &App| a.session.encounter().get("ogre").expect("ogre").health.current;
    let before = health(&a);
    drive(&mut a, "dogre<Enter>7<Enter>");
    assert!(matches!(a.mode, Mode::Normal), "no faces to ask for");
    assert_eq!(health(&a), before - (7 - 4), "SOAK 4");
    drive(&mut a, "dogre<Enter>1d6<Enter>");
    assert!(matches!(a.mode, Mode::Dialog(_)), "a die to roll: the faces step");
    drive(&mut a, "5<Enter>");
    assert_eq!(health(&a), before - 3 - (5 - 4));
}

/// Item 10: a refusal after the last answer stays in the dialog until Enter or Esc (keys typed
/// meanwhile go nowhere); an answer that does not read goes back to its field, as typed; faces
/// the rules cannot use (too many for the die) go back to the faces step with the answers kept.
#[test]
fn a_refusal_after_the_last_step_stays_until_dismissed() {
    let mut a = app(demo(System::WOIN));
    let entries = a.session.entries().len();
    drive(&mut a, "dogre<Enter>3 firee<Enter>");
    let why = refusal(&a).expect("refused").to_string();
    assert!(why.contains("firee"), "{why}");
    drive(&mut a, "5<Space>");
    assert_eq!(refusal(&a).map(str::to_string), Some(why), "keys go nowhere");
    drive(&mut a, "<Esc>");
    assert!(matches!(a.mode, Mode::Normal));
    assert_eq!(a.session.entries().len(), entries);
    drive(&mut a, "hogre<Enter>lots<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("still open: {}", a.status.text) };
    assert!(dialog.fix.as_deref().is_some_and(|why| why.contains("'lots'")), "{dialog:?}");
    assert_eq!((dialog.at, dialog.refused.as_deref()), (1, None), "back at the amount");
    drive(&mut a, "<Esc>");
    assert_eq!(a.session.entries().len(), entries);
    drive(&mut a, "dogre<Enter>2d6<Enter>7 1<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("still open: {}", a.status.text) };
    assert_eq!(dialog.answers, ["ogre", "2d6"]);
    assert_eq!(dialog.refused, None);
}

/// Item 17: names in wide characters keep the turn order's columns lined up (the health column
/// starts in the same cell on every row), counted in screen cells rather than characters.
#[test]
fn wide_names_keep_the_turn_order_columns() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, ":add 日本の鬼 x2<Enter>:add 鬼<Enter>:add Zoë<Enter>");
    let area = Rect::new(0, 0, 60, 12);
    let mut buf = Buffer::empty(area);
    ui::render_pane(&a, PLAIN, Pane::Order, area, &mut buf);
    let slash: Vec<u16> = (area.top() + 1..area.bottom() - 1)
        .filter_map(|y| (area.left()..area.right()).find(|&x| buf[(x, y)].symbol() == "/"))
        .collect();
    assert!(slash.len() >= 6, "{}", buffer_text(&buf));
    assert!(slash.iter().all(|&x| x == slash[0]), "{slash:?}\n{}", buffer_text(&buf));
}

/// Items 8 and 17: a message in wide characters wraps by screen cells, so none of it is cut.
#[test]
fn a_message_in_wide_characters_wraps_by_cells() {
    let mut a = app(demo(System::WOIN));
    let name = "鬼".repeat(40);
    drive(&mut a, &format!(":heal {name} 1<Enter>"));
    assert!(a.status.error && a.status.text.contains(&name), "{:?}", a.status);
    let text = screen(&a, 80, 24);
    assert!(text.matches('鬼').count() >= 40, "{text}");
}

/// Jessa's turn in a Savage Worlds fight, armed for each roll: a pistol (Shooting), a sword
/// (Fighting) and a knife thrown (Throwing); a Bandit to attack.
fn savage_armed() -> App {
    let mut a = app(Session::new(System::SAVAGE, "Dialog", assets()));
    drive(
        &mut a,
        ":add Jessa side=pc wild fighting=d8 shooting=d10 throwing=d6 parry=6 toughness=6<Enter>\
         :weapon Jessa pistol dmg=2d6 range=12/24/48 pistol<Enter>\
         :weapon Jessa sword dmg=str+d8<Enter>\
         :weapon Jessa knife dmg=str+d4 range=3/6/12 skill=throwing<Enter>\
         :add Bandit parry=5 toughness=5<Enter>:init Jessa AS<Enter>:init Bandit 2C<Enter>\
         :start<Enter>",
    );
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("jessa"));
    a
}

/// The fields of the switches an open attack dialog offers at its current step.
fn switches(a: &App) -> Vec<&str> {
    let Mode::Dialog(dialog) = &a.mode else { panic!("the attack dialog: {:?}", a.status) };
    let Some(Step::Toggles { options, .. }) = dialog.step() else { panic!("at the switches") };
    options.iter().map(|(field, _)| field.as_str()).collect()
}

/// SW-ATK-2, issue 14 item 3: the attack dialog offers only the switches for the roll the
/// chosen weapon makes (Wild Attack, touch and the unarmed defender for Fighting; aim for
/// Shooting and Throwing; the unstable platform for Shooting); the rest apply to any attack. Its
/// free field's hint names ganging up only for Fighting and a range (SW-ATK-1) only for the rest.
#[test]
fn sw_atk_2_attack_dialog_offers_only_the_weapons_switches() {
    let any = ["drop", "double_tap", "burst", "two_weapons", "offhand", "nonlethal"];
    let cases: [(&str, &[&str], &[&str]); 3] = [
        ("pistol", &["aim", "unstable"], &["wild_attack", "touch", "unarmed_defender"]),
        ("sword", &["wild_attack", "touch", "unarmed_defender"], &["aim", "unstable"]),
        ("knife", &["aim"], &["wild_attack", "touch", "unarmed_defender", "unstable"]),
    ];
    for (weapon, offered, withheld) in cases {
        let mut a = savage_armed();
        drive(&mut a, &format!("a<Enter>bandit<Enter>{weapon}<Enter>"));
        let shown = switches(&a);
        for field in offered.iter().chain(&any) {
            assert!(shown.contains(field), "{weapon}: {field} offered: {shown:?}");
        }
        for field in withheld {
            assert!(!shown.contains(field), "{weapon}: {field} withheld: {shown:?}");
        }
        let text = screen(&a, 80, 24);
        assert_eq!(text.contains("Wild Attack"), weapon == "sword", "{text}");
        assert_eq!(text.contains("aimed +2"), weapon != "sword", "{text}");
        // The free field's hint likewise: ganging up for Fighting, a range band for the rest.
        drive(&mut a, "<Enter>");
        let Mode::Dialog(dialog) = &a.mode else { panic!("{weapon}: the dialog") };
        let Some(Step::Text { hint, .. }) = dialog.step() else { panic!("{weapon}: more") };
        assert_eq!(hint.contains("gang=N"), weapon == "sword", "{weapon}: {hint}");
        assert_eq!(hint.contains("range=medium"), weapon != "sword", "{weapon}: {hint}");
        assert!(hint.contains("called=head cover=light dark=dim"), "{weapon}: {hint}");
    }
    // A switch offered still goes into the command: the sword's Wild Attack (+2).
    let mut a = savage_armed().with_dice(Box::new(ScriptedDice::new([4, 1, 3, 3])));
    drive(&mut a, "a<Enter>bandit<Enter>sword<Enter><Space><Enter><Enter>");
    super::tui::answer(&mut a, &[]);
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.contains("Wild Attack")), "{log:#?}");
}

/// SW-ATK-2, issue 14 item 2: a modifier refused for the roll the attack makes takes the dialog
/// back to the field where it was chosen, with what was typed kept and the refusal shown there;
/// changing it lets the attack run. Cases: (weapon, switches, more, the step it goes back to,
/// the refusal).
#[test]
fn sw_atk_2_a_modifier_refused_for_the_roll_goes_back_to_its_field() {
    let cases = [
        ("sword", "", "aim", "more", "`aim` is for Shooting and Throwing rolls only"),
        // SW-ATK-1: range bands are for Shooting and Throwing, never a sword's Fighting roll.
        ("sword", "", "range=medium", "more", "`range` is for Shooting and Throwing rolls only"),
        ("pistol", "", "gang=2", "more", "`gang` is for Fighting rolls only"),
        ("sword", "<Space>", "skill=shooting", "more", "`wild_attack` is for Fighting rolls"),
        // Bare-handed, the roll not named yet: every switch is offered, and Aim is refused.
        (
            "",
            "<Down><Down><Space>",
            "",
            "modifiers",
            "`aim` is for Shooting and Throwing rolls only",
        ),
    ];
    for (weapon, switched, more, back_to, why) in cases {
        let mut a = savage_armed();
        if weapon.is_empty() {
            drive(&mut a, ":edit Jessa drop=pistol<Enter>:edit Jessa drop=sword<Enter>");
            drive(&mut a, ":edit Jessa drop=knife<Enter>");
        }
        let entries = a.session.entries().len();
        drive(
            &mut a,
            &format!("a<Enter>bandit<Enter>{weapon}<Enter>{switched}<Enter>{more}<Enter>"),
        );
        let case = format!("{weapon} {switched} {more}");
        let Mode::Dialog(dialog) = &a.mode else { panic!("{case}: closed: {:?}", a.status) };
        assert_eq!(dialog.refused, None, "{case}: not a dead end");
        assert!(
            dialog.fix.as_deref().is_some_and(|f| f.starts_with(why)),
            "{case}: {:?}",
            dialog.fix
        );
        assert_eq!(dialog.step().map(Step::label), Some(back_to), "{case}");
        assert!(a.status.error && a.status.text.starts_with(why), "{case}: {:?}", a.status);
        let text = screen(&a, 80, 24);
        assert!(text.contains(&format!("refused: {}", &why[..20])), "{case}: {text}");
        assert!(text.contains("change it here"), "{case}: {text}");
        assert_eq!(a.session.entries().len(), entries, "{case}: nothing ran");
        // What was typed is kept: the switches as they were, the text as typed.
        match dialog.step() {
            Some(Step::Text { input, .. }) => assert_eq!(input.value(), more, "{case}"),
            Some(Step::Toggles { options, on, .. }) => {
                let on: Vec<&str> = options
                    .iter()
                    .zip(on)
                    .filter(|(_, on)| **on)
                    .map(|(o, _)| o.0.as_str())
                    .collect();
                assert_eq!(on, ["aim"], "{case}");
            }
            other => panic!("{case}: {other:?}"),
        }
        // Changed there, the attack runs (the field emptied, the switch turned off).
        let change =
            if back_to == "more" { "<BS>".repeat(more.chars().count()) } else { "<Space>".into() };
        let walk = if back_to == "more" { "<Enter>" } else { "<Enter><Enter>" };
        drive(&mut a, &format!("{change}{walk}"));
        super::tui::answer(&mut a, &[]);
        assert!(matches!(a.mode, Mode::Normal), "{case}: {:?}", a.status);
        assert!(a.session.entries().len() > entries, "{case}: the attack ran");
    }
}

/// The attack dialog's "no weapon" pick, then each roll's faces typed as it is asked: the
/// command it wrote, the log's lines, and the screen at the first roll.
fn bare_attack_through_the_dialog(a: &mut App, target: &str, more: &str, faces: &[u32]) -> String {
    drive(a, &format!("a<Enter>{target}<Enter>no weapon<Enter><Enter>{more}<Enter>"));
    let text = screen(a, 80, 24);
    let entries = a.session.entries().len();
    let left = super::tui::answer(a, faces);
    assert!(left.is_empty(), "every face used: {left:?}");
    assert!(matches!(a.mode, Mode::Normal), "the attack ran: {:?}\n{text}", a.status);
    assert_eq!(a.session.entries().len(), entries + 1, "{:?}", a.status);
    text
}

/// SW-ATK-1, issue 14 (bare attacks): the attack dialog's "no weapon" writes `weapon=none`, so
/// Jessa, who carries a pistol, a sword and a knife, attacks with none: Fighting against Parry,
/// never Shooting with the pistol, her first weapon.
#[test]
fn sw_atk_1_the_dialogs_no_weapon_attacks_with_none() {
    let mut a = savage_armed();
    let faces_step = bare_attack_through_the_dialog(&mut a, "bandit", "", &[2, 1]);
    assert!(faces_step.contains("weapon: no weapon: give skill= or die="), "{faces_step}");
    assert!(faces_step.contains("Jessa's Fighting"), "{faces_step}");
    assert!(
        faces_step.contains("Jessa's Fighting:") && faces_step.contains("d8, needs"),
        "{faces_step}"
    );
    let last = a.session.entries().last().map(|e| e.command.as_str());
    assert_eq!(last, Some("attack jessa bandit weapon=none"));
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.starts_with("Jessa attacks Bandit: Fighting d8 vs Parry 5: 2, miss")),
        "{log:#?}"
    );
    assert!(!log.iter().any(|l| l.contains("with pistol")), "{log:#?}");
}

/// WOIN-ATK-1, WOIN-GRAB-1, issue 14 (bare attacks): in WOIN too the dialog's "no weapon" is an
/// attack with none, even with a longsword carried: the pool typed (`pool=3d6`), 1d6 damage,
/// and, being unarmed, it may grab.
#[test]
fn woin_atk_1_the_dialogs_no_weapon_attacks_with_none() {
    let mut a = new_woin();
    drive(
        &mut a,
        ":add Aria side=pc luc=2<Enter>:weapon Aria longsword pool=5d6 dmg=2d6+2 type=slashing \
         melee<Enter>:add Goblin<Enter>:init Aria 20<Enter>:init Goblin 5<Enter>:start<Enter>",
    );
    assert_eq!(a.session.encounter().current().map(|c| c.id.as_str()), Some("aria"));
    let faces_step = bare_attack_through_the_dialog(&mut a, "gob", "pool=3d6 grab", &[4, 4, 4, 1]);
    assert!(faces_step.contains("3d6 vs MELEE 10"), "{faces_step}");
    let last = a.session.entries().last().map(|e| e.command.as_str());
    assert_eq!(last, Some("attack aria goblin weapon=none pool=3d6 grab"));
    let log: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.starts_with("Aria attacks Goblin: pool 3d6")), "{log:#?}");
    assert!(!log.iter().any(|l| l.contains("with longsword")), "{log:#?}");
    let goblin = a.session.encounter().get("goblin").expect("goblin");
    assert!(goblin.conditions.iter().any(|c| c.name == "Restrained"), "{log:#?}");
}

/// Heal takes dice as damage does (a potion's 2d4+2), rolled from the faces typed, the roll
/// logged before the healing; an amount typed wrong takes the dialog back to the amount, as
/// typed, instead of closing it.
#[test]
fn heal_rolls_dice_and_a_typo_goes_back_to_the_amount() {
    let mut a = new_woin();
    drive(&mut a, ":add Aria side=pc<Enter>:damage Aria 20 raw<Enter>");
    let hurt = a.session.encounter().combatants[0].health.current;
    drive(&mut a, "haria<Enter>2x4<Enter>");
    let Mode::Dialog(dialog) = &a.mode else { panic!("the dialog stays: {:?}", a.status) };
    assert_eq!(dialog.at, 1, "back at the amount");
    assert!(dialog.fix.as_deref().is_some_and(|why| why.contains("expected an AMOUNT or DICE")));
    let Some(Step::Text { input, .. }) = dialog.steps.get(1) else { panic!("{dialog:?}") };
    assert_eq!(input.value(), "2x4", "as typed");
    drive(&mut a, &format!("{}2d4+2<Enter>3 1<Enter>", "<BS>".repeat(3)));
    assert!(matches!(a.mode, Mode::Normal), "{:?}", a.status);
    assert_eq!(a.session.encounter().combatants[0].health.current, hurt + 6);
    let log: Vec<String> = a.session.log().iter().rev().take(3).map(|l| l.text.clone()).collect();
    assert_eq!(log[0], "dice typed at the table: 3 1");
    assert!(log[1].starts_with("Aria recovers 6"), "{log:?}");
    let roll = a.session.log().iter().rev().nth(2).and_then(|l| l.roll.as_ref());
    assert!(roll.is_some_and(|r| r.total == 6), "the roll is logged first: {log:?}");
    // The same from the command line, and a fixed amount still works.
    drive(&mut a, ":heal Aria 2<Enter>");
    assert_eq!(a.session.encounter().combatants[0].health.current, hurt + 8);
}

/// Issue 22 item 6, the same class nearby: the help screen, a combatant's sheet holding long
/// notes and the timeline, opened and scrolled with random keys at random sizes from 1×1 to
/// 300×100 (the scrolls held within what is shown, as the runtime does), never panic.
#[test]
fn monkey_scrolls_every_overlay_at_any_size() {
    use rand::{RngExt, SeedableRng};
    let pool = [
        "?", "<Enter>", "t", "j", "k", "<PgUp>", "<PgDn>", "<Home>", "<End>", "<Space>", "<Esc>",
        "[", "]", "{", "}", "<Left>", "<Right>", "K", "J", "<Up>", "<Down>", "g", "b", "鬼", "é",
        "<BS>", "<Tab>",
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(22);
    let mut a = app(demo(System::SAVAGE));
    let long = ["word", "鬼日本の鬼", "e\u{301}", &"x".repeat(30), "\u{200b}"];
    for n in 0..6 {
        let words: Vec<&str> = (0..90).map(|i| long[(i * (n + 1)) % long.len()]).collect();
        let who = a.session.encounter().combatants[n].name.clone();
        a.run_line(&format!("note {} {}", App::quoted(&who), words.join(" ")), None);
        assert!(!a.status.error, "{:?}", a.status);
    }
    let (mut width, mut height) = (80, 24);
    for step in 0..400 {
        // The log's own keys often, so it is scrolled deep into the long notes.
        let key =
            if rng.random_bool(0.3) { "<PgUp>" } else { pool[rng.random_range(0..pool.len())] };
        // A new size now and then, mostly one the dashboard is drawn at.
        if step % 10 == 0 {
            (width, height) = if rng.random_bool(0.2) {
                (rng.random_range(1..=300u16), rng.random_range(1..=100u16))
            } else {
                (rng.random_range(60..=300u16), rng.random_range(20..=100u16))
            };
            a.handle_event(&Event::Resize(width, height));
        }
        for event in keys(key) {
            a.handle_event(&Event::Key(event));
        }
        a.quit = false;
        a.effects.clear();
        let area = Rect::new(0, 0, width, height);
        a.log_scroll = ui::log_scroll_within(&a, area);
        if let Some(within) = ui::overlay_scroll_within(&a, area) {
            a.hold_overlay_scroll(within);
        }
        ui::render(&a, PLAIN, area, &mut Buffer::empty(area));
    }
}

/// The rows inside the open overlay's frame (help or sheet) on an 80×24 screen, each trimmed.
fn overlay_rows(a: &App) -> Vec<String> {
    let text = screen(a, 80, 24);
    let rows: Vec<Vec<char>> = text.lines().map(|r| r.chars().collect()).collect();
    let title = |r: &Vec<char>| r.iter().collect::<String>().contains("j/k scroll");
    let top = rows.iter().position(title).expect("an overlay is open");
    // The overlay's left and right borders: the corners of its title row.
    let left = rows[top].iter().rposition(|&c| c == '┌').expect("a corner");
    let right = left + rows[top][left..].iter().position(|&c| c == '┐').expect("a corner");
    rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left) == Some(&'│'))
        .map(|r| r[left + 1..right.min(r.len())].iter().collect::<String>().trim().to_string())
        .collect()
}

/// Issue 22 item 6, nearby: the help screen and a sheet scrolled past their end stop at their
/// last row (the box never goes blank), and `k` then moves back at once, as the log does.
#[test]
fn help_and_sheet_stop_scrolling_at_their_last_row() {
    // Three notes, together taller than the sheet's box at 80×24.
    let note = |mark: &str| (0..120).map(|n| format!("{mark}{n}")).collect::<Vec<_>>().join(" ");
    for (open, last) in [("?", None), ("<Enter>", Some("c119"))] {
        let mut a = new_woin();
        a.run_line("add Aria", None);
        for mark in ["a", "b", "c"] {
            a.run_line(&format!("note Aria {}", note(mark)), None);
        }
        drive(&mut a, &format!("{open}{}", "<PgDn>".repeat(60)));
        let end = overlay_rows(&a);
        assert!(end.last().is_some_and(|r| !r.is_empty()), "{open}: the last row shows: {end:?}");
        if let Some(last) = last {
            assert!(end.iter().any(|r| r.contains(last)), "{open}: {end:?}");
        }
        assert!(!screen(&a, 80, 24).contains("↓ more"), "{open}: nothing more below");
        drive(&mut a, "k");
        let back = overlay_rows(&a);
        assert_eq!(back[1..], end[..end.len() - 1], "{open}: k moves back one row at once");
    }
}

/// The replay's branch prompt, nearby: a file name in wide characters longer than the status
/// line scrolls by screen cells, as the command line does, so the end just typed shows, and the
/// cursor stands right after it.
#[test]
fn the_replays_branch_prompt_scrolls_wide_names_by_cells() {
    let mut a = app(demo(System::WOIN));
    a.open_timeline(None, false, 1000);
    let typed = "鬼".repeat(50);
    press(&mut a, &format!("b{}{typed}X", "<BS>".repeat(40)));
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    let cursor = ui::render(&a, PLAIN, area, &mut buf).expect("a cursor in the prompt");
    let text = buffer_text(&buf);
    let line = text.lines().nth(usize::from(cursor.1)).expect("the prompt's line");
    assert!(line.starts_with(" branch into: "), "{line}");
    assert!(line.trim_end().ends_with("鬼 X"), "the end typed shows: {line:?}");
    // The cursor is the cell after the X.
    let x_at = (0..80).find(|&x| buf[(x, cursor.1)].symbol() == "X").expect("the X");
    assert_eq!(cursor.0, x_at + 1, "{line}");
}

/// A terminal that records, in order, what the guard tells it: bytes as sent, and raw mode as
/// `<raw on>` and `<raw off>`.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<u8>>>);

impl Recorder {
    fn note(&self, what: &str) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(what.as_bytes());
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(PoisonError::into_inner)).into()
    }
}

impl Write for Recorder {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Tty for Recorder {
    fn raw_mode(&mut self, on: bool) -> io::Result<()> {
        self.note(if on { "<raw on>" } else { "<raw off>" });
        Ok(())
    }

    fn frames(&mut self) -> io::Result<Box<dyn Write>> {
        Ok(Box::new(self.clone()))
    }

    fn fixed_size(&self) -> Option<Size> {
        Some(Size::new(20, 4))
    }
}

/// Raw mode, the alternate screen, the cursor hidden and bracketed paste, as the guard takes a
/// terminal.
const TAKEN: &str = "<raw on>\x1b[?1049h\x1b[?25l\x1b[?2004h";
/// The terminal given back: out of raw mode, synchronized output ended, colours reset, paste as
/// keys again, the main
/// screen, the cursor shown.
const GIVEN_BACK: &str = "<raw off>\x1b[?2026l\x1b[0m\x1b[?2004l\x1b[?1049l\x1b[?25h";

/// There is one terminal: the tests that take it wait for each other.
fn one_terminal_at_a_time() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Item 23.6: the guard takes the terminal, its frames go to that terminal, and dropping it
/// gives the terminal back, once; then it can be taken again.
#[test]
fn the_terminal_guard_gives_the_terminal_back_when_dropped() {
    let _one = one_terminal_at_a_time();
    let tty = Recorder::default();
    let mut guard = TerminalGuard::take(Box::new(tty.clone())).expect("taken");
    assert_eq!(tty.text(), TAKEN);
    let (screen, frame) = guard.parts();
    screen.draw(|f| f.render_widget(Paragraph::new("hello"), f.area())).expect("drawn");
    frame.commit().expect("sent");
    let drawn = tty.text();
    assert!(drawn.starts_with(TAKEN) && drawn.contains("\x1b[2J") && drawn.contains("hello"));
    drop(guard);
    let text = tty.text();
    assert_eq!(text, format!("{drawn}{GIVEN_BACK}"));
    let again = Recorder::default();
    drop(TerminalGuard::take(Box::new(again.clone())).expect("taken again"));
    assert_eq!(again.text(), format!("{TAKEN}{GIVEN_BACK}"));
}

/// Item 23.6: a second guard while one holds the terminal is refused and touches nothing.
#[test]
fn only_one_terminal_guard_at_a_time() {
    let _one = one_terminal_at_a_time();
    let (first, second) = (Recorder::default(), Recorder::default());
    let guard = TerminalGuard::take(Box::new(first.clone())).expect("taken");
    let Err(err) = TerminalGuard::take(Box::new(second.clone())) else {
        panic!("a second guard was given the terminal");
    };
    assert!(err.to_string().contains("already in use"), "{err}");
    assert_eq!(second.text(), "", "the refused terminal is not touched");
    drop(guard);
    assert_eq!(first.text(), format!("{TAKEN}{GIVEN_BACK}"));
}

/// Writes `<unwinding>` when dropped.
struct Unwinding(Recorder);

impl Drop for Unwinding {
    fn drop(&mut self) {
        self.0.note("<unwinding>");
    }
}

/// Item 23.6: a panic on the guard's thread gives the terminal back from the panic hook, before
/// the message is printed and before anything unwinds (so also where a panic aborts), and only
/// once.
#[test]
fn a_panic_on_the_guards_thread_gives_the_terminal_back_before_unwinding() {
    let _one = one_terminal_at_a_time();
    let tty = Recorder::default();
    let inside = tty.clone();
    let run = std::thread::spawn(move || {
        let _guard = TerminalGuard::take(Box::new(inside.clone())).expect("taken");
        // Dropped before the guard as the stack unwinds.
        let _mark = Unwinding(inside);
        panic!("a deliberate panic: the terminal guard gives the terminal back");
    });
    assert!(run.join().is_err());
    assert_eq!(tty.text(), format!("{TAKEN}{GIVEN_BACK}<unwinding>"));
}

/// Item 23.6: a panic on another thread (the loader's) leaves the terminal to the loop that goes
/// on drawing; its guard gives it back when it drops.
#[test]
fn a_panic_on_another_thread_leaves_the_terminal_to_its_guard() {
    let _one = one_terminal_at_a_time();
    let tty = Recorder::default();
    let guard = TerminalGuard::take(Box::new(tty.clone())).expect("taken");
    let worker = std::thread::spawn(|| panic!("a deliberate panic on a worker thread"));
    assert!(worker.join().is_err());
    assert_eq!(tty.text(), TAKEN, "still taken");
    drop(guard);
    assert_eq!(tty.text(), format!("{TAKEN}{GIVEN_BACK}"));
}

/// A terminal that goes into raw mode but takes no bytes.
struct Refusing(Recorder);

impl Write for Refusing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("no room"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Tty for Refusing {
    fn raw_mode(&mut self, on: bool) -> io::Result<()> {
        self.0.raw_mode(on)
    }

    fn frames(&mut self) -> io::Result<Box<dyn Write>> {
        Ok(Box::new(io::sink()))
    }
}

/// Item 23.6: when the alternate screen cannot be entered, raw mode is turned off again (the
/// tracker used to return with the terminal still raw), and the terminal is free.
#[test]
fn a_terminal_that_refuses_the_alternate_screen_is_left_out_of_raw_mode() {
    let _one = one_terminal_at_a_time();
    let tty = Recorder::default();
    let Err(err) = TerminalGuard::take(Box::new(Refusing(tty.clone()))) else {
        panic!("taken without the alternate screen");
    };
    assert!(format!("{err:#}").contains("cannot switch to the alternate screen"), "{err:#}");
    assert_eq!(tty.text(), "<raw on><raw off>");
    drop(TerminalGuard::take(Box::new(Recorder::default())).expect("free again"));
}

/// Everything `skirmish ARGS` writes to an 80×24 pseudo-terminal (util-linux `script`) from its
/// start until it quits on `q`, once it has drawn.
fn quit_in_a_terminal(home: &Path, args: &[&str]) -> String {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let inner = format!(
        "stty cols 80 rows 24; exec '{}' --saves '{}' {}",
        env!("CARGO_BIN_EXE_skirmish"),
        home.display(),
        quoted.join(" ")
    );
    let mut child = Command::new("script")
        .args(["-qfec", &inner, "/dev/null"])
        .env("TERM", "xterm")
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux `script` runs skirmish in a pseudo-terminal");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let seen = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(&buf[..n]);
            }
        })
    };
    let has = |what: &str| {
        let seen = seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.windows(what.len()).any(|w| w == what.as_bytes())
    };
    let wait = |what: &str| {
        let start = Instant::now();
        while !has(what) {
            assert!(start.elapsed() < Duration::from_secs(20), "{args:?}: no {what:?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    // Clearing the screen asks where the cursor is.
    wait("\x1b[6n");
    stdin.write_all(b"\x1b[1;1R").expect("answer");
    // The end of the first frame's synchronized output.
    wait("\x1b[?2026l");
    stdin.write_all(b"q").expect("quit");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        assert!(start.elapsed() < Duration::from_secs(10), "{args:?} did not quit");
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = reader.join();
    let seen = seen.lock().unwrap_or_else(PoisonError::into_inner);
    String::from_utf8_lossy(&seen).into_owned()
}

/// Item 23.6: the tracker, `replay` and `watch`, each quit with `q` in a real terminal, take it
/// the same way (the alternate screen, the cursor hidden) and give it back the same way, as the
/// last thing they write.
#[test]
fn tracker_replay_and_watch_give_the_terminal_back_on_quit() {
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("terminal-guard-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("config")).expect("dir");
    let fight = home.join("fight.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &fight)
        .expect("copy");
    let fight = fight.display().to_string();
    let given_back = GIVEN_BACK.trim_start_matches("<raw off>");
    for args in [["open", &fight], ["replay", &fight], ["watch", &fight]] {
        let text = quit_in_a_terminal(&home, &args);
        let taken = text.find("\x1b[?1049h\x1b[?25l");
        let drawn = text.find("\x1b[?2026h");
        assert!(taken.is_some() && taken < drawn, "{args:?}: taken before the first frame");
        assert!(text.ends_with(given_back), "{args:?}: given back last: {:?}", tail(&text));
        assert_eq!(text.matches("\x1b[?1049l").count(), 1, "{args:?}: given back once");
    }
    let _ = std::fs::remove_dir_all(&home);
}

fn tail(text: &str) -> String {
    text.chars().rev().take(80).collect::<Vec<_>>().into_iter().rev().collect()
}

/// Item 23.6 (one text-fitting helper): the players' screen measures names in cells as the
/// dashboard does, so names in wide characters or with combining marks keep its turn order's
/// side column straight (it counted characters: 鬼の王 pushed the column three cells right).
#[test]
fn the_players_turn_order_keeps_its_columns_with_wide_names() {
    use skirmish::ui::player::{PlayerScreen, WatchNote};
    use skirmish::view::players_see;
    let mut a = new_woin();
    for line in ["add 鬼の王 side=pc", "add Aria side=pc", "add Jose\u{301} side=pc", "start"] {
        a.run_line(line, None);
    }
    let seen = players_see(&a.session);
    let note = WatchNote { text: "watching".into(), error: false };
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    PlayerScreen { view: seen.fight(), note: &note, theme: PLAIN, timer: None }
        .render(area, &mut buf);
    let columns: Vec<u16> = (area.top()..area.bottom())
        .filter_map(|y| {
            let x = (area.left()..area.right() - 1)
                .find(|&x| buf[(x, y)].symbol() == "p" && buf[(x + 1, y)].symbol() == "c")?;
            (x > 2).then_some(x)
        })
        .collect();
    assert_eq!(columns.len(), 3, "{}", buffer_text(&buf));
    assert!(columns.iter().all(|&x| x == columns[0]), "{columns:?}\n{}", buffer_text(&buf));
}
