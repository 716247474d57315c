//! Crashes and failing disks (issue 9): the real tracker, in a pseudo-terminal (util-linux
//! `script`), killed with SIGKILL at random moments, never loses a command it acknowledged; a
//! save that runs out of room part-way leaves the fight and its backup as they were.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use skirmish::save;

fn dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("crash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config")).expect("dir");
    dir
}

/// The journal's records (lines after the header).
fn records(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count().saturating_sub(1))
}

fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The tracker on `path` in an 80×24 pseudo-terminal; answers its cursor query.
fn tracker(path: &Path, home: &Path) -> (Child, std::process::ChildStdin) {
    let inner = format!(
        "stty cols 80 rows 24; exec '{}' --saves '{}' open '{}'",
        env!("CARGO_BIN_EXE_skirmish"),
        home.display(),
        path.display()
    );
    let mut child = Command::new("script")
        .args(["-qfec", &inner, "/dev/null"])
        .env("TERM", "xterm")
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux `script` runs the tracker in a pseudo-terminal");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let asked = Arc::new(AtomicBool::new(false));
    let flag = asked.clone();
    // Read the screen as it comes (so the terminal never blocks) and notice the cursor query.
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            if seen.windows(4).any(|w| w == b"\x1b[6n") {
                flag.store(true, Ordering::SeqCst);
                seen.clear();
            }
        }
    });
    wait_for("the tracker's start", Duration::from_secs(20), || asked.load(Ordering::SeqCst));
    stdin.write_all(b"\x1b[1;1R").expect("answer");
    (child, stdin)
}

/// The tracker's own process id, as the system lists the holder of the fight's lock.
fn holder(path: &Path) -> u32 {
    let mut pid = None;
    wait_for("the lock's owner", Duration::from_secs(10), || {
        pid = save::lock::holder_pid(path);
        pid.is_some()
    });
    pid.unwrap_or_default()
}

/// One round: `acked` commands each seen synced in the file, then one more with a SIGKILL at a
/// moment `delay` after it was typed. Whatever the moment, the fight loads (at worst without a
/// torn last record, through `--recover`'s cut) with every acknowledged command.
fn kill_round(round: u64, acked: usize, delay: Duration) {
    let home = dir(&format!("kill-{round}"));
    let path = home.join("fight.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &path)
        .expect("copy");
    let start = super::harness::assets();
    let base = save::load(&path, start.clone()).expect("demo").nodes().len();
    let (mut child, mut stdin) = tracker(&path, &home);
    let pid = holder(&path);
    let mut count = records(&path);
    for _ in 0..acked {
        stdin.write_all(b":roll 1d6\r").expect("typed");
        wait_for("a synced record", Duration::from_secs(10), || records(&path) > count);
        count = records(&path);
    }
    stdin.write_all(b":roll 1d6\r").expect("typed");
    std::thread::sleep(delay);
    let killed = Command::new("kill").args(["-9", &pid.to_string()]).status().expect("kill");
    assert!(killed.success());
    let _ = child.wait();
    let text = std::fs::read_to_string(&path).expect("the fight's file is still there");
    let kept = match save::damaged_tail(&text) {
        save::Tail::Whole => save::load(&path, start).expect("loads").nodes().len(),
        save::Tail::Damaged { good, damage, dropped } => {
            assert_eq!(damage.line, text.lines().count(), "only the last record can be torn");
            assert_eq!(dropped, 0, "nothing after the torn record");
            save::from_ron(&good, &path, start).expect("the rest loads").nodes().len()
        }
        save::Tail::Lost(damage) => panic!("round {round}: the fight is lost: {damage:?}"),
    };
    assert!(
        kept >= base + acked,
        "round {round}: {kept} commands kept, {} acknowledged",
        base + acked
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// Moments spread over the first few milliseconds after a command is typed (the append and its
/// sync fall in there), from a fixed seed so a failure can be repeated.
fn moments(count: u64) -> impl Iterator<Item = (u64, Duration)> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    (0..count).map(move |round| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (round, Duration::from_micros(state % 4000))
    })
}

/// A clean quit (`q`) writes the compacted fight and then lets the fight's lock go.
#[test]
fn a_clean_quit_leaves_no_lock_file() {
    let home = dir("quit");
    let path = home.join("fight.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &path)
        .expect("copy");
    let base = save::load(&path, super::harness::assets()).expect("demo").nodes().len();
    let (mut child, mut stdin) = tracker(&path, &home);
    holder(&path);
    let count = records(&path);
    stdin.write_all(b":roll 1d6\r").expect("typed");
    wait_for("a synced record", Duration::from_secs(10), || records(&path) > count);
    stdin.write_all(b"q").expect("quit");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        assert!(start.elapsed() < Duration::from_secs(10), "the tracker did not quit");
        std::thread::sleep(Duration::from_millis(5));
    }
    save::lock::lock(&path).expect("the lock went with the tracker");
    let back = save::load(&path, super::harness::assets()).expect("the fight loads");
    assert_eq!(back.nodes().len(), base + 1, "the roll is kept");
    let _ = std::fs::remove_dir_all(&home);
}

/// The quick version, run in CI: a few kills at random moments.
#[test]
fn kill_9_loses_no_acknowledged_command() {
    for (round, delay) in moments(3) {
        kill_round(round, 3, delay);
    }
}

/// The long version: `cargo test --test it kill_9_many -- --ignored`.
#[test]
#[ignore = "long: forty kills of the real tracker"]
fn kill_9_many_times_loses_no_acknowledged_command() {
    for (round, delay) in moments(40) {
        kill_round(round, 6, delay);
    }
}

/// A write that runs out of room part-way (a full disk, made here with a file-size limit) fails
/// with a message, and the fight and its `.bak` are byte for byte what they were, with no temp
/// file left behind: a rewrite (the script loaded from another file) and an append (`run FILE
/// --save FILE`, cut off again rather than left with a torn record).
#[test]
fn a_save_that_runs_out_of_room_loses_nothing_and_keeps_the_backup() {
    for (case, from_itself) in [("a rewrite", false), ("an append", true)] {
        let home = dir("full");
        let path = home.join("fight.ron");
        let backup = home.join("fight.ron.bak");
        let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron");
        std::fs::copy(demo, &path).expect("copy");
        let source = if from_itself { path.clone() } else { home.join("source.ron") };
        std::fs::copy(demo, &source).expect("copy");
        std::fs::write(&backup, "the previous backup\n").expect("backup");
        let before = std::fs::read(&path).expect("fight");
        // Each roll adds a record, so the write needs more room than the file had; the limit
        // (in 512-byte blocks) lets nothing much larger than the old file be written.
        let limit = before.len() / 512 + 1;
        let script = "roll 1d6\n".repeat(40);
        let inner = format!(
            "trap '' XFSZ; ulimit -f {limit}; exec '{}' run '{}' --script - --save '{}'",
            env!("CARGO_BIN_EXE_skirmish"),
            source.display(),
            path.display()
        );
        let mut child = Command::new("sh")
            .args(["-c", &inner])
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh runs");
        child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script");
        let out = child.wait_with_output().expect("ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{case}: the save cannot have fitted: {err}");
        assert!(err.contains("fight.ron"), "{case}: the failure names the file: {err}");
        assert_eq!(std::fs::read(&path).expect("fight"), before, "{case}: the fight is as it was");
        assert_eq!(std::fs::read_to_string(&backup).expect("bak"), "the previous backup\n");
        let left: Vec<String> = std::fs::read_dir(&home)
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("tmp"))
            .collect();
        assert!(left.is_empty(), "{case}: temp files left: {left:?}");
        let _ = std::fs::remove_dir_all(&home);
    }
}

/// `skirmish` with `args` (`{}` takes the next of `paths`) and no user config.
fn skirmish(args: &[&str], paths: &[&Path]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skirmish"));
    let mut paths = paths.iter();
    for arg in args {
        match *arg {
            "{}" => cmd.arg(paths.next().expect("a path for each {}")),
            arg => cmd.arg(arg),
        };
    }
    cmd.env("XDG_CONFIG_HOME", "/nonexistent-skirmish-config").output().expect("runs")
}

/// The WOIN demo with notes written in accents (`é`, two bytes each) as its last commands, at
/// `path`; the commands it holds.
fn accented_fight(path: &Path) -> usize {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/woin-demo.ron");
    let out = skirmish(&["run", "{}", "--script", "-", "--save", "{}"], &[&demo, path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut session = save::load(path, super::harness::assets()).expect("the fight");
    let mut dice = skirmish::rules::dice::ScriptedDice::new([]);
    for line in ["note Aria épée levée", "note Brom prêt, épée levée"] {
        let command = skirmish::command::parse(line).expect("parses").expect("a command");
        session.execute(&command, &mut dice).expect("noted");
    }
    save::save(&session, path).expect("saved");
    session.nodes().len()
}

/// The file cut inside the last `é` of its last record (between the character's two bytes).
fn torn_inside_a_character(path: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).expect("fight");
    let at = bytes.windows(2).rposition(|w| w == "é".as_bytes()).expect("an é");
    bytes.truncate(at + 1);
    std::fs::write(path, &bytes).expect("torn");
    bytes
}

/// A record torn inside a character (a note with `é`, cut between its bytes) is found by
/// `check`, and `run --recover` opens the fight without it: every whole command kept, the torn
/// file kept whole beside it.
#[test]
fn a_tail_torn_inside_a_character_is_recovered() {
    let home = dir("torn-utf8");
    let path = home.join("fight.ron");
    let commands = accented_fight(&path);
    let torn = torn_inside_a_character(&path);
    let last = torn.split(|&b| b == b'\n').count();
    let out = skirmish(&["check", "{}"], &[&path]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("fight.ron:{last}:")), "check names the torn line: {err}");
    let out = skirmish(&["run", "{}", "--recover"], &[&path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains(&format!(":{last}:")) && err.contains("fight.ron.damaged"), "{err}");
    assert_eq!(std::fs::read(home.join("fight.ron.damaged")).expect("kept"), torn);
    let back = save::load(&path, super::harness::assets()).expect("opens as it stood");
    assert_eq!(back.nodes().len(), commands - 1, "every whole command kept");
    let _ = std::fs::remove_dir_all(&home);
}

/// The tracker's offer recovers such a tail too: `y` keeps the file aside and opens the fight.
#[test]
fn the_trackers_offer_recovers_a_tail_torn_inside_a_character() {
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, Mode, NewFiles};
    let home = dir("offer-utf8");
    let path = home.join("fight.ron");
    let commands = accented_fight(&path);
    let torn = torn_inside_a_character(&path);
    let mut app = App::recover_offer(
        path.clone(),
        "the last line is torn".into(),
        None,
        super::harness::assets(),
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    app.handle_event(&Event::Key(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::NONE)));
    assert!(matches!(app.mode, Mode::Normal), "{:?}", app.status);
    assert_eq!(app.session.nodes().len(), commands - 1, "every whole command kept");
    assert_eq!(std::fs::read(home.join("fight.ron.damaged")).expect("kept"), torn);
    let _ = std::fs::remove_dir_all(&home);
}

/// A second recovery never replaces the first one's copy: `FILE.damaged`, then
/// `FILE.damaged.1`, each holding the file as it was when it was recovered.
#[test]
fn recovering_twice_keeps_both_damaged_files() {
    let home = dir("twice");
    let path = home.join("fight.ron");
    std::fs::write(&path, save::DEMOS[0].1).expect("demo");
    let mut kept = Vec::new();
    for round in 0..2 {
        let mut text = std::fs::read_to_string(&path).expect("fight");
        text.push_str("Command(n: 99, after: 1");
        std::fs::write(&path, &text).expect("torn");
        let out = skirmish(&["run", "{}", "--recover"], &[&path]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "round {round}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        kept.push(text);
    }
    assert_eq!(std::fs::read_to_string(home.join("fight.ron.damaged")).expect("first"), kept[0]);
    assert_eq!(std::fs::read_to_string(home.join("fight.ron.damaged.1")).expect("second"), kept[1]);
    let _ = std::fs::remove_dir_all(&home);
}

/// Damage in the middle of a journal is told as such: its line, and how many records after it
/// cannot be kept without it; never "at its end".
#[test]
fn damage_in_the_middle_says_where_and_what_is_dropped() {
    let home = dir("middle");
    let path = home.join("fight.ron");
    let lines: Vec<String> = save::DEMOS[0].1.lines().map(String::from).collect();
    let total = lines.len();
    let mut edited = lines.clone();
    // Line 5: a space added by hand, its checksum left as it was.
    edited[4] = edited[4].replacen("after: ", "after:  ", 1);
    std::fs::write(&path, edited.join("\n") + "\n").expect("edited");
    let after = total - 5;
    let out = skirmish(&["run", "{}", "--recover"], &[&path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("fight.ron:5:"), "{err}");
    assert!(err.contains(&format!("the {after} records after it")), "{err}");
    let save::Tail::Damaged { damage, .. } = save::damaged_tail(&(edited.join("\n") + "\n")) else {
        panic!("a good journal before line 5")
    };
    assert_eq!(damage.line, 5);
    let back = save::load(&path, super::harness::assets()).expect("opens");
    assert_eq!(back.nodes().len(), 3, "the three commands before line 5");
    let _ = std::fs::remove_dir_all(&home);
}

/// The tracker's offer for damage in the middle says where it is and what is lost with it
/// (never "at its end"), and where the whole file is kept.
#[test]
fn the_offer_for_damage_in_the_middle_says_where() {
    use skirmish::app::keymap::KeyMap;
    use skirmish::app::{App, NewFiles};
    let mut lines: Vec<String> = save::DEMOS[0].1.lines().map(String::from).collect();
    let after = lines.len() - 5;
    lines[4] = lines[4].replacen("after: ", "after:  ", 1);
    let tail = save::damaged_tail(lines.join("\n") + "\n");
    let words = tail.words().expect("damage");
    assert!(words.starts_with("line 5 is damaged"), "{words}");
    assert!(words.contains(&format!("the {after} records after it")), "{words}");
    let app = App::recover_offer(
        PathBuf::from("fights/bridge.ron"),
        words,
        None,
        super::harness::assets(),
        KeyMap::defaults(),
        NewFiles::new(None, 1),
    );
    let screen = super::tui::screen(&app, 80, 24);
    assert!(!screen.contains("at its end"), "{screen}");
    assert!(screen.contains("fights/bridge.ron.damaged"), "{screen}");
    insta::assert_snapshot!("recover_offer_middle_80x24", screen);
}
