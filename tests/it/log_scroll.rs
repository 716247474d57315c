//! The dice log pane scrolled from the keyboard never panics (issue 22, item 6), whatever its
//! lines hold and whatever the terminal's size, and the view stays where a GM expects it.

use crate::typed_command::Command;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use skirmish::app::App;
use skirmish::rules::System;
use skirmish::ui::{self, Pane, buffer_text};

use super::tui::{PLAIN, app, demo, drive, keys, new_woin};

/// Issue 22 item 6: a note of about ninety words, then PgUp at 80×24, stopped the program
/// (the view ended inside the note, its own headline, and the pin subtracted past zero).
#[test]
fn a_long_note_then_page_up_does_not_panic() {
    let mut a = new_woin();
    let words: Vec<String> = (0..90).map(|n| format!("word{n}")).collect();
    // Typed on the command line as a GM would, without drawing a frame per letter.
    a.run_line("add Aria", None);
    a.run_line(&format!("note Aria {}", words.join(" ")), None);
    let terminal = drive(&mut a, "<PgUp><PgUp><PgUp><PgDn><PgUp>");
    let text = buffer_text(terminal.backend().buffer());
    assert!(text.contains("Dice log (↑"), "scrolled back into the note:\n{text}");
    let terminal = drive(&mut a, &"<PgDn>".repeat(20));
    let text = buffer_text(terminal.backend().buffer());
    assert!(text.contains("word89"), "back at the newest line:\n{text}");
}

/// Home goes to the log's first line and End back to its newest, in one key each.
#[test]
fn home_and_end_reach_both_ends_of_the_log() {
    let mut a = new_woin();
    a.run_line("add Aria", None);
    for n in 0..60 {
        a.run_line(&format!("note Aria line{n}"), None);
    }
    let terminal = drive(&mut a, "<Home>");
    let text = buffer_text(terminal.backend().buffer());
    assert!(text.contains("Aria joins"), "the first line on screen:\n{text}");
    assert!(!text.contains("│ 0 note on Aria: line59"), "the newest is off screen:\n{text}");
    let terminal = drive(&mut a, "<End>");
    let text = buffer_text(terminal.backend().buffer());
    assert!(text.contains("│ 0 note on Aria: line59"), "back at the newest line:\n{text}");
}

/// What a log line may hold: plain words, words longer than any row, wide (CJK) glyphs,
/// marks of no width, an emoji.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,9}",
        (1usize..400).prop_map(|n| "x".repeat(n)),
        (1usize..60).prop_map(|n| "鬼日本".chars().cycle().take(n).collect()),
        Just("e\u{301}".to_string()),
        Just("\u{200b}".to_string()),
        Just("a\u{301}\u{302}\u{303}".to_string()),
        Just("🎲".to_string()),
        Just("—".to_string()),
    ]
}

/// Something that leaves lines in the log: a note of 0 to 120 words, or a roll of many dice.
#[derive(Debug, Clone)]
enum Entry {
    Note(Vec<String>),
    Roll(u32),
}

fn entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        3 => proptest::collection::vec(word(), 0..120).prop_map(Entry::Note),
        1 => (1u32..300).prop_map(Entry::Roll),
    ]
}

/// The keys that move around a log: the log's own (PgUp, PgDn, K, J), and others a GM presses
/// meanwhile.
fn key() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => Just("<PgUp>"),
        3 => Just("<PgDn>"),
        1 => Just("<Home>"),
        1 => Just("<End>"),
        1 => Just("j"),
        1 => Just("k"),
        1 => Just("K"),
        1 => Just("J"),
    ]
}

/// A fight whose log holds these entries after its own lines (a demo's, with attacks whose
/// headlines pin, or a new fight's).
fn fight(from_demo: bool, entries: &[Entry]) -> App {
    let mut a = if from_demo { app(demo(System::WOIN)) } else { new_woin() };
    a.run_line("add Zoë", None);
    for entry in entries {
        match entry {
            Entry::Note(words) => {
                let note = Command::Note { who: "Zoë".into(), text: words.join(" ") };
                a.run_command(note.into(), None);
            }
            Entry::Roll(dice) => {
                a.run_line(&format!("roll {dice}d6"), None);
            }
        }
    }
    a
}

/// The log pane alone in `width` × `height` cells, scrolled `scroll` rows back.
fn pane(a: &mut App, width: u16, height: u16, scroll: usize) -> Vec<String> {
    a.log_scroll = scroll;
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    ui::render_pane(a, PLAIN, Pane::Log, area, &mut buf);
    buffer_text(&buf).lines().map(str::to_string).collect()
}

/// `text` without whitespace or marks of no width, to compare what a row shows with what a line
/// says whatever the wrapping (a wide glyph's second cell is a space in the buffer's text, and a
/// mark of no width after a space has no glyph to sit on).
fn solid(text: &str) -> String {
    let unseen =
        |c: char| c.is_whitespace() || c == '\u{200b}' || ('\u{300}'..='\u{36f}').contains(&c);
    text.chars().filter(|&c| !unseen(c)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 22 item 6: logs of any lines, scrolled with any keys at any terminal size (drawn
    /// after every key, as the runtime does, the scroll held within the log first), never
    /// panic; back at the newest, the last line of the log is on the pane's bottom row.
    #[test]
    fn scrolling_any_log_at_any_size_never_panics(
        from_demo in any::<bool>(),
        entries in proptest::collection::vec(entry(), 1..8),
        sizes in proptest::collection::vec((1u16..=300, 1u16..=100), 1..4),
        presses in proptest::collection::vec(key(), 0..30),
        pane_size in (1u16..=160, 1u16..=60),
        scrolls in proptest::collection::vec(0usize..2_000, 1..4),
    ) {
        let mut a = fight(from_demo, &entries);
        for (n, &(width, height)) in sizes.iter().enumerate() {
            let area = Rect::new(0, 0, width, height);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
            a.handle_event(&Event::Resize(width, height));
            for key in presses.iter().skip(n * 10).take(10).flat_map(|k| keys(k)) {
                a.handle_event(&Event::Key(key));
                a.effects.clear();
                a.quit = false;
                a.log_scroll = ui::log_scroll_within(&a, area);
                terminal.draw(|f| ui::draw(f, &a, PLAIN)).expect("draw");
            }
        }
        // The pane alone, at its own size and scrolled anywhere, even past the log's start.
        let (width, height) = pane_size;
        for &scroll in &scrolls {
            pane(&mut a, width, height, scroll);
        }
        // Not scrolled, the newest line ends on the lowest row with text inside the frame (the
        // bottom row once the log fills the pane), and no row above it is left blank.
        let rows = pane(&mut a, width, height, 0);
        if width >= 10 && height >= 3 {
            let inside: Vec<String> = rows[1..usize::from(height) - 1]
                .iter()
                .map(|row| solid(row.chars().skip(1).collect::<String>().trim_end_matches('│')))
                .collect();
            let used = inside.iter().rposition(|row| !row.is_empty()).map_or(0, |r| r + 1);
            prop_assert!(
                inside[..used].iter().all(|row| !row.is_empty()),
                "a blank row above text:\n{}", rows.join("\n")
            );
            let last = a.session.log().last().expect("the log has lines");
            let mut said = format!("{}{}", last.round, last.text);
            if let Some(roll) = &last.roll {
                said.push_str(&roll.to_string());
            }
            // A row's first two cells may carry a `⋯` mark over what it shows.
            let lowest = inside[..used].last().map(|row| row.replace('⋯', "")).unwrap_or_default();
            prop_assert!(
                !lowest.is_empty() && solid(&said).ends_with(&lowest),
                "the lowest row {:?} is not the end of {:?}:\n{}", lowest, said, rows.join("\n")
            );
            let total: usize = a.session.log().iter().map(|l| l.text.len()).sum();
            if total > usize::from(width) * usize::from(height) * 4 {
                prop_assert_eq!(used, inside.len(), "a long log fills the pane:\n{}", rows.join("\n"));
            }
        }
    }
}

/// A row of only a space and marks of no width (zero-width spaces) is not a row: the line breaks
/// inside the word after them rather than leave a blank row (found by the property above).
#[test]
fn spaces_and_marks_of_no_width_never_make_a_blank_row() {
    let words = ["x".repeat(45), "aa".into(), "e\u{301}".into(), "🎲".into(), "e\u{301}".into()];
    let mut words: Vec<String> = words.to_vec();
    words.extend(["\u{200b}".to_string(), "\u{200b}".to_string(), "x".repeat(27)]);
    let mut a = fight(false, &[Entry::Note(words)]);
    let rows = pane(&mut a, 32, 5, 0);
    let inside: Vec<String> = rows[1..4].iter().map(|r| solid(r.trim_matches('│'))).collect();
    assert!(inside.iter().all(|row| !row.is_empty()), "a blank row:\n{}", rows.join("\n"));
    // Nor are they a row of their own at a line's end.
    let words = vec!["x".repeat(124), "\u{200b}".into(), "\u{200b}".into()];
    let mut a = fight(false, &[Entry::Note(words), Entry::Note(Vec::new())]);
    let rows = pane(&mut a, 126, 5, 0);
    let inside: Vec<String> = rows[1..4].iter().map(|r| solid(r.trim_matches('│'))).collect();
    let used = inside.iter().rposition(|row| !row.is_empty()).map_or(0, |r| r + 1);
    assert!(inside[..used].iter().all(|row| !row.is_empty()), "a blank row:\n{}", rows.join("\n"));
}
