//! Benchmarks for the core budgets (docs/performance.md): folding 100k events, loading and saving,
//! a command with its synced append, undo, and the players' watcher following it at 100, 10k and
//! 100k events and with 500 combatants; `run --save` appending, opening after an undo never
//! compacted and the watcher after a compaction at 100, 10k and 100k events;
//! the memory a loaded fight holds, and a million dice rolls. A plain harness (no extra crates):
//! each case runs several times and the median is printed next to its budget.
#![expect(
    clippy::expect_used,
    clippy::panic,
    reason = "a benchmark that cannot set up its case stops with the reason"
)]

use std::alloc::{GlobalAlloc, Layout, System as Heap};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use skirmish::cli::watch::SHOWN_LOG;
use skirmish::clock::Clock;
use skirmish::command::parse;
use skirmish::encounter::history::replay;
use skirmish::encounter::{Assets, Session};
use skirmish::rules::System;
use skirmish::rules::dice::{DiceExpr, SeededDice};
use skirmish::save;
use skirmish::save::follow::{Follower, Found, Target};
use skirmish::view;

/// The heap in use, counted by a wrapper around the system allocator, and its highest mark.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

struct Counting;

// SAFETY: every call is passed on to the system allocator unchanged; only sizes are counted.
#[expect(unsafe_code, reason = "a counting allocator implements `GlobalAlloc`, an unsafe trait")]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on as given.
        unsafe { Heap.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { Heap.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Both blocks exist while the contents move.
        let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
        PEAK.fetch_max(live, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as for `dealloc`, and `new_size` is the caller's.
        unsafe { Heap.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The heap a value built by `f` holds once built (what loading a fight keeps in memory).
fn held<T>(name: &str, budget_mib: f64, f: impl FnOnce() -> T) -> T {
    let before = LIVE.load(Ordering::Relaxed);
    let value = f();
    let mib = LIVE.load(Ordering::Relaxed).saturating_sub(before) as f64 / (1024.0 * 1024.0);
    let verdict = if mib <= budget_mib { "ok" } else { "OVER BUDGET" };
    println!("{name:<36} holds  {mib:>9.1} MiB  budget {budget_mib:>7.1} MiB  {verdict}");
    value
}

/// The most heap in use at once while `f` runs, above what was in use before it (what loading
/// needs at its worst, not only what it keeps).
fn peak<T>(name: &str, budget_mib: f64, f: impl FnOnce() -> T) -> T {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = f();
    let mib = PEAK.load(Ordering::Relaxed).saturating_sub(before) as f64 / (1024.0 * 1024.0);
    let verdict = if mib <= budget_mib { "ok" } else { "OVER BUDGET" };
    println!("{name:<36} peak   {mib:>9.1} MiB  budget {budget_mib:>7.1} MiB  {verdict}");
    value
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn measure(name: &str, budget_ms: f64, runs: usize, mut f: impl FnMut()) {
    f();
    let times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    report(name, budget_ms, median(times));
}

fn report(name: &str, budget_ms: f64, median: Duration) {
    let ms = median.as_secs_f64() * 1000.0;
    if budget_ms.is_infinite() {
        // A figure for comparison, with no budget of its own.
        println!("{name:<36} median {ms:>9.3} ms   (for comparison)");
        return;
    }
    let verdict = if ms <= budget_ms { "ok" } else { "OVER BUDGET" };
    println!("{name:<36} median {ms:>9.3} ms   budget {budget_ms:>7.1} ms   {verdict}");
}

/// A WOIN fight with a dozen combatants, played until it holds at least `events` events.
fn fight(events: usize, assets: &Arc<Assets>) -> Session {
    fight_with(events, 0, assets)
}

/// The same fight with `crowd` more goblins (in groups of ten) joining before the start.
fn fight_with(events: usize, crowd: usize, assets: &Arc<Assets>) -> Session {
    let mut dice = SeededDice::new(42);
    let mut session = Session::new(System::WOIN, "bench", assets.clone());
    let mut setup = vec![
        "add Aria side=pc health=500".to_string(),
        "add Brom side=pc health=500".to_string(),
        "add Goblin x6".to_string(),
        "add Ogre".to_string(),
        "add Bandit x3".to_string(),
    ];
    setup.extend((0..crowd / 10).map(|k| format!("add Raider{k} x10")));
    setup.push("start".to_string());
    let turn = [
        "damage gob 1d6",
        "roll 3d6 for Aria",
        "cond Ogre dazed",
        "shake Ogre dazed",
        "heal Aria 1",
        "next",
    ];
    for line in &setup {
        let command = parse(line).ok().flatten().expect("bench script parses");
        session.execute(&command, &mut dice).expect("bench setup applies");
    }
    let mut i = 0;
    let mut total = 0;
    let heal = parse("heal Aria 500").ok().flatten().expect("parses");
    while total < events {
        // Damage lands on Aria, raw, so the fight never ends; she is healed now and then.
        let line = match turn[i % turn.len()] {
            l if l.starts_with("damage") => "damage Aria 1d6 raw",
            l => l,
        };
        let command = parse(line).ok().flatten().expect("bench script parses");
        if session.execute(&command, &mut dice).is_ok() {
            total += session.entries().last().map_or(0, |e| e.events.len());
        }
        if i % 50 == 0 && session.execute(&heal, &mut dice).is_ok() {
            total += 1;
        }
        i += 1;
    }
    session
}

fn main() {
    let assets = Arc::new(save::assets::embedded_assets().expect("assets"));
    let big = fight(100_000, &assets);
    let entries: Vec<_> = big.entries().into_iter().cloned().collect();
    let count: usize = entries.iter().map(|e| e.events.len()).sum();
    println!("fold: {count} events in {} commands", entries.len());
    measure("fold 100k events", 100.0, 11, || {
        let folded = replay(System::WOIN, "bench", &entries);
        black_box(folded.map(|(e, _)| e.round).ok());
    });

    let medium = fight(10_000, &assets);
    let dir = std::env::temp_dir().join(format!("skirmish-bench-{}", std::process::id()));
    let path = dir.join("bench.ron");
    save::save(&medium, &path).expect("bench save");
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!("save file: {bytes} bytes for 10k events");
    measure("load a 10k-event save", 50.0, 11, || {
        black_box(save::load(Path::new(&path), assets.clone()).ok());
    });
    measure("atomic save of a 10k-event encounter", 30.0, 11, || {
        save::save(&medium, &path).expect("save");
    });

    // Opening a long fight, and what a loaded fight keeps in memory.
    let big_path = dir.join("big.ron");
    save::save(&big, &big_path).expect("bench save");
    measure("load a 100k-event save", 50.0, 5, || {
        black_box(save::load(Path::new(&big_path), assets.clone()).ok());
    });
    first_frame(&big_path, &assets);
    drop(held("memory: a 100k-event fight, loaded", 48.0, || {
        save::load(Path::new(&big_path), assets.clone()).expect("loads")
    }));
    drop(peak("memory: loading a 100k-event fight", 48.0, || {
        save::load(Path::new(&big_path), assets.clone()).expect("loads")
    }));
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/woin-demo.ron");
    drop(held("memory: the WOIN demo fight, loaded", 16.0, || {
        save::load(&demo, assets.clone()).expect("loads")
    }));

    // A command with its synced journal append, at three sizes of fight (the curve in
    // docs/performance.md): plan and fold one `roll`, then append its record and fdatasync.
    let crowd = fight_with(1_000, 500, &assets);
    let sizes = [
        ("100 events".to_string(), fight(100, &assets)),
        ("10k events".to_string(), medium),
        ("100k events".to_string(), big),
        (format!("{} combatants", crowd.encounter().combatants.len()), crowd),
    ];
    for (events, session) in sizes {
        command_costs(&events, session, &dir, &assets);
    }

    let expr = DiceExpr::parse("3d6").expect("dice");
    let mut dice = SeededDice::new(7);
    measure("a million dice (333,334 x 3d6)", 1000.0, 5, || {
        let mut sum = 0i64;
        for _ in 0..333_334 {
            sum += expr.roll(&mut dice).map(|r| r.total).unwrap_or(0);
        }
        black_box(sum);
    });

    // Issue 28 items 2, 3 and 5: `run FILE --save FILE`, opening after an undo that was never
    // compacted, and the players' watcher after a compaction, at 100, 10k and 100k events.
    appending_opening_following(&assets, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first frame of a long fight: its snapshot read and drawn while the history is read on
/// another thread (waited for after each run, outside the time).
fn first_frame(big_path: &Path, assets: &Arc<Assets>) {
    let mut firsts = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let opened = save::open(big_path, assets.clone()).expect("opens");
        let save::Opened::Glanced { now, whole, .. } = opened else {
            panic!("a 100k-event journal opens from its snapshot")
        };
        let keys = skirmish::app::keymap::KeyMap::defaults();
        let app = skirmish::app::App::new(now, None, keys, skirmish::app::NewFiles::new(None, 1));
        let area = ratatui::layout::Rect::new(0, 0, 120, 40);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        skirmish::ui::render(&app, skirmish::ui::theme::Theme::from_env(), area, &mut buf);
        firsts.push(start.elapsed());
        black_box(whole.recv().ok());
    }
    let ms = median(firsts).as_secs_f64() * 1000.0;
    let verdict = if ms <= 50.0 { "ok" } else { "OVER BUDGET" };
    println!(
        "{:<36} median {ms:>9.3} ms   budget {:>7.1} ms   {verdict}",
        "open 100k events to first frame", 50.0
    );
}

/// A command with its synced append, its record alone, undo + redo, and the players' watcher
/// following it, on one size of fight.
fn command_costs(events: &str, mut session: Session, dir: &Path, assets: &Arc<Assets>) {
    let journal = dir.join(format!("journal-{}.ron", events.replace(' ', "-")));
    let (text, mut written) = save::journal::write_full(&session).expect("written");
    std::fs::write(&journal, text).expect("journal");
    // Appends go through the fight's lock, as the tracker's do.
    let mut lock = save::lock::lock(&journal).expect("lock");
    let roll = parse("roll 3d6 for Aria").ok().flatten().expect("parses");
    let mut dice = SeededDice::new(9);
    // Each command stamped with the time it was made, as the tracker's are.
    let clock = skirmish::clock::SystemClock;
    measure(&format!("command + synced append, {events}"), 1.0, 51, || {
        session.execute_at(&roll, &mut dice, clock.now()).expect("rolls");
        let (tail, now) = save::journal::tail(&session, &written).expect("written");
        lock.append(tail.as_bytes()).expect("append");
        written = now;
    });
    // The same without the disk: what the command itself costs (plan, fold, its record).
    measure(&format!("command + its record, {events}"), 1.0, 51, || {
        session.execute_at(&roll, &mut dice, clock.now()).expect("rolls");
        let (tail, now) = save::journal::tail(&session, &written).expect("written");
        black_box(tail);
        written = now;
    });
    let undo = parse("undo").ok().flatten().expect("parses");
    let redo = parse("redo").ok().flatten().expect("parses");
    measure(&format!("undo + redo, {events}"), 2.0, 51, || {
        session.execute(&undo, &mut dice).expect("undo");
        session.execute(&redo, &mut dice).expect("redo");
    });
    // The players' watcher: one poll after the GM's next command is appended (the append
    // itself outside the time), on the journal written afresh (the record-only case above
    // appended nothing).
    let (text, now) = save::journal::write_full(&session).expect("written");
    std::fs::write(&journal, text).expect("journal");
    written = now;
    let mut watcher = Follower::new(Target::File(journal.clone()), assets.clone());
    let mut live = view::LiveView::default();
    match watcher.poll() {
        Found::Fight { session, .. } => black_box(live.view(session)),
        other => panic!("the watcher reads the fight: {other:?}"),
    };
    let polls = if session.nodes().len() > 10_000 { 11 } else { 51 };
    let mut kept_views = Vec::new();
    let (times, views): (Vec<Duration>, Vec<Duration>) = (0..polls)
        .map(|_| {
            session.execute_at(&roll, &mut dice, clock.now()).expect("rolls");
            let (tail, now) = save::journal::tail(&session, &written).expect("written");
            lock.append(tail.as_bytes()).expect("append");
            written = now;
            let start = Instant::now();
            let found = watcher.poll();
            let took = start.elapsed();
            let Found::Fight { session: followed, .. } = found else {
                panic!("the watcher follows: {found:?}")
            };
            // What the players' screen then does with it: its view kept along with the
            // newest lines of the log (what `watch` does), and for comparison the view
            // built afresh.
            let start = Instant::now();
            black_box(live.view_newest(followed, SHOWN_LOG));
            kept_views.push(start.elapsed());
            let start = Instant::now();
            black_box(view::player_view(followed));
            (took, start.elapsed())
        })
        .unzip();
    report(&format!("watcher poll after a command, {events}"), 1.0, median(times));
    report(&format!("  players' view kept along, {events}"), 1.0, median(kept_views));
    report(&format!("  players' view afresh, {events}"), f64::INFINITY, median(views));
}

/// Issue 28 items 2, 3 and 5, each at 100, 10k and 100k events: one command appended by
/// `skirmish run FILE --save FILE` (without its printing), the first frame and the first command
/// of a fight whose journal ends in an undo after its snapshot, and the watcher's poll after
/// the GM compacts.
fn appending_opening_following(assets: &Arc<Assets>, dir: &Path) {
    use skirmish::app::{App, NewFiles, Ran, keymap::KeyMap};
    for (label, events) in [("100", 100), ("10k", 10_000), ("100k", 100_000)] {
        let session = fight(events, assets);
        let (text, written) = save::journal::write_full(&session).expect("written");
        let runs = if events > 10_000 { 5 } else { 11 };

        // Item 2: the script's command planned on the fight as the file holds it, then saved.
        let path = dir.join(format!("run-{label}.ron"));
        std::fs::write(&path, &text).expect("journal");
        measure(&format!("run --save, one command, {label} events"), 100.0, runs, || {
            let mut dice = SeededDice::new(3);
            let script = "roll 3d6 for Aria\n";
            let ran = skirmish::cli::run_onto(&path, script, &mut dice, assets.clone());
            black_box(ran.expect("runs").nodes().len());
        });

        // Item 3: the GM played on after the last compaction and undid one command (the
        // tracker killed before it compacted again).
        let mut played = session.clone();
        let mut dice = SeededDice::new(4);
        for line in ["roll 3d6 for Aria", "heal Aria 1", "undo"] {
            let command = parse(line).ok().flatten().expect("parses");
            played.execute(&command, &mut dice).expect("applies");
        }
        let (tail, _) = save::journal::tail(&played, &written).expect("written");
        let undone = dir.join(format!("undone-{label}.ron"));
        std::fs::write(&undone, format!("{text}{tail}")).expect("journal");
        let open = || {
            let opened = save::open(&undone, assets.clone()).expect("opens");
            let mut app = App::new(
                Session::new(System::WOIN, "", assets.clone()),
                None,
                KeyMap::defaults(),
                NewFiles::new(None, 1),
            );
            app.show_opened(undone.clone(), opened);
            app
        };
        let frame = |app: &App| {
            let area = ratatui::layout::Rect::new(0, 0, 120, 40);
            let mut buf = ratatui::buffer::Buffer::empty(area);
            skirmish::ui::render(app, skirmish::ui::theme::Theme::from_env(), area, &mut buf);
            black_box(buf);
        };
        let mut firsts = Vec::new();
        let mut commands = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            let mut app = open();
            frame(&app);
            firsts.push(start.elapsed());
            // The first command typed: applied at once, or refused until the history is in.
            while app.run_line("roll 1d6", None) != Ran::Applied {
                std::thread::sleep(Duration::from_millis(1));
                app.poll_loading();
            }
            frame(&app);
            commands.push(start.elapsed());
            // Whatever is still being read is waited for outside the time.
            while app.loading.is_some() {
                std::thread::sleep(Duration::from_millis(1));
                app.poll_loading();
            }
            app.effects.clear();
        }
        report(&format!("open after an undo, first frame, {label}"), 50.0, median(firsts));
        report(&format!("open after an undo, first command, {label}"), 50.0, median(commands));

        // Item 5: the watcher has the fight; the GM runs a command and compacts (save, quit).
        let followed = dir.join(format!("followed-{label}.ron"));
        std::fs::write(&followed, &text).expect("journal");
        let mut lock = save::lock::lock(&followed).expect("lock");
        let mut watcher = Follower::new(Target::File(followed.clone()), assets.clone());
        assert!(matches!(watcher.poll(), Found::Fight { .. }), "the watcher reads the fight");
        let mut gm = session;
        let roll = parse("roll 3d6 for Aria").ok().flatten().expect("parses");
        let polls: Vec<Duration> = (0..runs)
            .map(|_| {
                gm.execute(&roll, &mut dice).expect("rolls");
                lock.replace(save::journal::write(&gm).expect("written").as_bytes())
                    .expect("compacts");
                let start = Instant::now();
                let found = watcher.poll();
                let took = start.elapsed();
                assert!(matches!(found, Found::Fight { .. }), "the watcher follows");
                took
            })
            .collect();
        // A compaction is read again once, like an open (its budget), not per command.
        report(&format!("watcher poll after a compaction, {label}"), 50.0, median(polls));
    }
}
