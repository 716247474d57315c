//! The dice log folded at 80×24 (issue 24 item 7): not scrolled, the open command (the newest
//! with anything to fold) shows its headline and consequences, the commands before it fold under
//! their headlines with `▸ +N` once they do not all fit, `f` folds the open command and opens it
//! again, the first key back shows every line, and the key bar shows `a attack` and
//! `t timeline`.

use skirmish::app::App;
use skirmish::app::log_fold;
use skirmish::rules::System;
use skirmish::rules::dice::ScriptedDice;

use super::tui::{app, demo, drive, drive_at, screen};

/// The rows inside the dice log's borders (trimmed at the end), on a screen of any size.
fn log_rows(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(top) = lines.iter().position(|l| l.starts_with("┌ Dice log")) else {
        panic!("no dice log on the screen\n{text}")
    };
    lines[top + 1..]
        .iter()
        .take_while(|l| !l.starts_with('└'))
        .map(|l| l.split('│').nth(1).unwrap_or_default().trim_end().to_string())
        .collect()
}

/// The key bar: the screen's last row.
fn key_bar(text: &str) -> String {
    text.lines().last().unwrap_or_default().to_string()
}

/// The GURPS demo in round 2 (Rook, stunned, passes): the Brute hits Rook on its turn, no
/// defense, and the wound calls for more rolls (a dozen lines against eight rows).
fn gurps_attack() -> App {
    let faces: Vec<u32> = [4, 3, 2].into_iter().cycle().take(60).collect();
    let mut a = app(demo(System::GURPS)).with_dice(Box::new(ScriptedDice::new(faces)));
    drive(&mut a, ":next<Enter>:attack \"Orc Brute\" Rook defense=none maneuver=attack<Enter>");
    let texts: Vec<&str> = a.session.log().iter().map(|l| l.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.starts_with("Rook takes 11 cut")), "{texts:#?}");
    a
}

/// A command folded shows `▸ +N` with N the lines it hides, counted as the fold counts them:
/// every line of the command but its headline and the lines that open a round or a turn. At
/// 80×24 the attack's own rows fill the pane (its headline, the newest line at the bottom); at
/// 120×40 it shows whole with the commands before it folded above.
#[test]
fn older_commands_fold_under_their_headlines_with_the_lines_hidden() {
    let a = gurps_attack();
    let open = log_fold::open(&a.session).expect("the attack is open");
    let headline = &a.session.log()[open.headline].text;
    assert!(headline.starts_with("Orc Brute attacks Rook"), "{headline}");
    super::log_view::check_newest(&a, "a GURPS attack");
    let hidden: Vec<usize> = (0..open.depth)
        .filter_map(|d| log_fold::told(&a.session, d))
        .map(|t| t.hidden(a.session.log()))
        .filter(|&n| n > 0)
        .collect();
    let text = screen(&a, 120, 40);
    let rows = log_rows(&text);
    let marks: Vec<usize> = rows
        .iter()
        .filter_map(|r| r.rsplit_once("▸\u{a0}+").and_then(|(_, n)| n.parse().ok()))
        .collect();
    assert!(!marks.is_empty(), "the commands before the attack fold:\n{text}");
    for n in &marks {
        assert!(hidden.contains(n), "▸ +{n} is no command's count {hidden:?}\n{text}");
    }
    // Every line of the attack is in view, below the folded ones.
    let attack: Vec<&str> = a.session.log()[open.start..].iter().map(|l| l.text.as_str()).collect();
    let joined = rows.join(" ");
    for line in attack {
        let start: String = line.chars().take(30).collect();
        assert!(joined.contains(&start), "{start:?} not in view\n{text}");
    }
}

/// `f` folds the open command under its headline (the bottom rows are its headline, `▸ +N`),
/// from any scroll; `f` again opens it; a newer command with lines to fold shows open again.
#[test]
fn the_fold_key_folds_and_opens_the_open_command() {
    let mut a = gurps_attack();
    let open = log_fold::open(&a.session).expect("open");
    let hidden = open.hidden(a.session.log());
    let unfolded = log_rows(&screen(&a, 80, 24));
    drive(&mut a, "KKf");
    assert_eq!(a.log_scroll, 0, "back at the newest lines");
    let text = screen(&a, 80, 24);
    let rows = log_rows(&text);
    assert!(rows.last().is_some_and(|r| r.ends_with(&format!("▸\u{a0}+{hidden}"))), "{text}");
    assert!(rows.iter().any(|r| r.contains("Orc Brute attacks Rook")), "{text}");
    assert_ne!(rows, unfolded);
    drive(&mut a, "f");
    assert_eq!(log_rows(&screen(&a, 80, 24)), unfolded, "f opens it again");
    // Folded, then a new attack: the new one shows open.
    drive(&mut a, "f:next<Enter>:attack Mira \"Orc Brute\" defense=none maneuver=attack<Enter>");
    let newer = log_fold::open(&a.session).expect("open");
    assert_ne!(newer.node, open.node);
    super::log_view::check_newest(&a, "the next attack");
    let rows = log_rows(&screen(&a, 80, 24));
    let last = rows.last().cloned().unwrap_or_default();
    assert!(!last.contains("▸\u{a0}+"), "the new attack is not folded: {rows:#?}");
}

/// Issue 14's promise holds with folds: the first key back shows the newest rows as they are,
/// every line (the folded ones too), and scrolling reaches every line of the log.
#[test]
fn scrolling_back_shows_every_line() {
    let mut a = gurps_attack();
    drive(&mut a, "K");
    let text = screen(&a, 80, 24);
    assert!(text.contains("Dice log (every line)"), "{text}");
    assert!(!log_rows(&text).iter().any(|r| r.contains("▸\u{a0}+")), "{text}");
    drive(&mut a, "<End>");
    super::log_view::check_reachable(&mut a, "folded GURPS log");
}

/// A `next` that only says whose turn it is leaves the attack before it open; a pane with room
/// for every line (120×40 after a short fight) folds nothing.
#[test]
fn a_bare_next_keeps_the_attack_open_and_room_folds_nothing() {
    let mut a = app(demo(System::WOIN));
    drive(&mut a, ":attack \"Goblin 2\" Brom roll=6,6,6 dmgroll=6,2,4<Enter>");
    let attack = log_fold::open(&a.session).expect("the attack is open");
    drive(&mut a, ":note Brom hurt<Enter>");
    assert_eq!(log_fold::open(&a.session), Some(attack), "a one-line note folds nothing");
    let mut fresh = super::tui::new_woin();
    drive_at(&mut fresh, 120, 40, ":add Aria side=pc<Enter>:add Rat x6<Enter>:start<Enter>");
    let text = screen(&fresh, 120, 40);
    assert!(!log_rows(&text).iter().any(|r| r.contains("▸\u{a0}+")), "{text}");
    assert!(log_rows(&text).iter().any(|r| r.contains("Rat 6 joins")), "{text}");
    // At 80×24 the `add` of six folds under its first line.
    let small = screen(&fresh, 80, 24);
    let rows = log_rows(&small);
    assert!(rows.iter().any(|r| r.ends_with("Rat 1 joins (enemy) ▸\u{a0}+5")), "{small}");
    assert!(!rows.iter().any(|r| r.contains("Rat 6 joins")), "{small}");
}

/// Nothing to fold: the key says so and changes nothing.
#[test]
fn nothing_to_fold_says_so() {
    let mut a = super::tui::new_woin();
    drive(&mut a, ":add Aria<Enter>f");
    assert!(a.status.text.contains("nothing to fold"), "{:?}", a.status);
    assert_eq!(a.log_folded, None);
}

/// The key bar at 80 columns shows attack and the timeline (the rarer keys give way; the help
/// lists them all), at 120 every key with the fold's; `?` lists the fold key.
#[test]
fn the_key_bar_shows_attack_and_timeline() {
    let a = app(demo(System::GURPS));
    let bar = key_bar(&screen(&a, 80, 24));
    for hint in ["n next", "a attack", "d damage", "u undo", "t timeline", "? help", "q quit"] {
        assert!(bar.contains(hint), "{hint:?} in {bar:?}");
    }
    assert!(bar.chars().count() <= 80, "{bar:?}");
    let wide = key_bar(&screen(&a, 120, 40));
    for hint in ["h heal", "x shake", "r roll", "f fold log"] {
        assert!(wide.contains(hint), "{hint:?} in {wide:?}");
    }
    let mut a = a;
    drive(&mut a, "?");
    let mut help = screen(&a, 80, 24);
    for _ in 0..40 {
        drive(&mut a, "j");
        help.push_str(&screen(&a, 80, 24));
    }
    assert!(help.contains("fold the dice log"), "{help}");
}
