//! The dashboard where it used to fail a GM (issue 14): text that is not ASCII, messages, a
//! terminal too small, Save as, and refusals that come before the dice faces are asked for.

use ratatui::crossterm::event::Event;
use skirmish::app::Mode;
use skirmish::rules::System;

use super::tui::{app, demo, drive, keys, new_woin, screen};

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
    drive(&mut a, ":add \"Zoë\u{a0}Ångström\" side=pc<Enter>");
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
