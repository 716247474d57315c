//! Frame render benchmarks (docs/performance.md): the whole dashboard at 120×40 with 12
//! combatants and with 500, median of many frames against the budget of 0.5 ms for both.
//! `cargo bench --bench frame -- 500` runs only the cases whose name holds `500`.

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
    let ms = times[times.len() / 2].as_secs_f64() * 1000.0;
    let verdict = if ms <= budget_ms { "ok" } else { "OVER BUDGET" };
    println!("{name:<36} median {ms:>9.3} ms   budget {budget_ms:>7.1} ms   {verdict}");
}

fn main() {
    // Cargo passes `--bench` to a harness-less bench; any other argument is a name filter.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    for combatants in [12, 500] {
        let name = format!("frame 120x40, {combatants} combatants");
        if filter.iter().all(|f| name.contains(f.as_str())) {
            measure(&name, 0.5, &fight(combatants));
        }
    }
}
