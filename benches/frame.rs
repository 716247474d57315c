//! Frame render benchmarks (docs/performance.md): the whole dashboard at 120×40 with 12
//! combatants and with 500, and with a history of 100, 10k and 100k events, median of many frames
//! against the budget of 0.5 ms for each; the tracker's undo and redo at those lengths.
//! `cargo bench --bench frame -- 500` runs only the cases whose name holds `500`.
#![expect(
    clippy::expect_used,
    reason = "a benchmark that cannot set up its case stops with the reason"
)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use skirmish::app::keymap::KeyMap;
use skirmish::app::{App, NewFiles};
use skirmish::command::parse;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::save;
use skirmish::ui::{self, theme::Theme};

fn fight(combatants: usize) -> App {
    let assets = Arc::new(save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::WOIN, "bench", assets);
    let mut dice = SeededDice::new(3);
    let mut lines = vec!["add Aria side=pc".to_string(), "add Brom side=pc".to_string()];
    let mut left = combatants - 2;
    while left > 0 {
        let n = left.min(10);
        lines.push(format!("add Goblin x{n}"));
        left -= n;
    }
    lines.extend(
        ["start", "cond Aria dazed", "damage Aria 2d6", "next", "roll 3d6 for Brom"]
            .map(String::from),
    );
    for line in &lines {
        let command = parse(line).ok().flatten().expect("bench script parses");
        session.execute(&command, &mut dice).expect("bench script applies");
    }
    App::new(session, None, KeyMap::defaults(), NewFiles::new(None, 0))
}

/// A WOIN fight with a dozen combatants played until it holds at least `events` events: the
/// fight `benches/core.rs` plays (Aria takes raw damage and is healed now and then, so it never
/// ends), in the tracker with no file behind it.
fn played(events: usize) -> App {
    let assets = Arc::new(save::assets::embedded_assets().expect("assets"));
    let mut session = Session::new(System::WOIN, "bench", assets);
    let mut dice = SeededDice::new(42);
    let run = |session: &mut Session, dice: &mut SeededDice, line: &str| {
        let command = parse(line).ok().flatten().expect("bench script parses");
        session
            .execute(&command, dice)
            .map(|_| session.entries().last().map_or(0, |e| e.events.len()))
    };
    let setup = [
        "add Aria side=pc health=500",
        "add Brom side=pc health=500",
        "add Goblin x6",
        "add Ogre",
        "add Bandit x3",
        "start",
    ];
    for line in setup {
        run(&mut session, &mut dice, line).expect("bench setup applies");
    }
    let turn = [
        "damage Aria 1d6 raw",
        "roll 3d6 for Aria",
        "cond Ogre dazed",
        "shake Ogre dazed",
        "heal Aria 1",
        "next",
    ];
    let mut total = 0;
    for i in 0.. {
        if total >= events {
            break;
        }
        total += run(&mut session, &mut dice, turn[i % turn.len()]).unwrap_or(0);
        if i % 50 == 0 {
            total += run(&mut session, &mut dice, "heal Aria 500").unwrap_or(0);
        }
    }
    App::new(session, None, KeyMap::defaults(), NewFiles::new(None, 0))
}

/// The median of `runs` calls of `f` (after one not counted), against its budget.
fn measure_calls(name: &str, budget_ms: f64, runs: usize, mut f: impl FnMut()) {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    report(name, budget_ms, times[times.len() / 2]);
}

fn report(name: &str, budget_ms: f64, median: Duration) {
    let ms = median.as_secs_f64() * 1000.0;
    let verdict = if ms <= budget_ms { "ok" } else { "OVER BUDGET" };
    println!("{name:<36} median {ms:>9.3} ms   budget {budget_ms:>7.1} ms   {verdict}");
}

fn measure(name: &str, budget_ms: f64, app: &App) {
    let area = Rect::new(0, 0, 120, 40);
    let theme = Theme { color: true };
    let mut buf = Buffer::empty(area);
    let mut times: Vec<Duration> = (0..400)
        .map(|_| {
            buf.reset();
            let start = Instant::now();
            black_box(ui::render(app, theme, area, &mut buf));
            start.elapsed()
        })
        .collect();
    times.sort();
    report(name, budget_ms, times[times.len() / 2]);
}

fn main() {
    // Cargo passes `--bench` to a harness-less bench; any other argument is a name filter.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let wanted = |name: &str| filter.iter().all(|f| name.contains(f.as_str()));
    for combatants in [12, 500] {
        let name = format!("frame 120x40, {combatants} combatants");
        if wanted(&name) {
            measure(&name, 0.5, &fight(combatants));
        }
    }

    // A long history: the frame and the tracker's undo and redo (each with its status line and
    // autosave decision, no file behind it) must cost the same at any length (issue 28 item 1).
    for (events, label) in [(100, "100"), (10_000, "10k"), (100_000, "100k")] {
        let frame = format!("frame 120x40, history {label} events");
        let undo = format!("tracker undo + redo, {label} events");
        if !wanted(&frame) && !wanted(&undo) {
            continue;
        }
        let mut app = played(events);
        if wanted(&frame) {
            measure(&frame, 0.5, &app);
        }
        if wanted(&undo) {
            measure_calls(&undo, 2.0, 201, || {
                app.run_line("undo", None);
                app.run_line("redo", None);
                black_box(&app.status);
            });
        }
    }
}
