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
        save::Tail::Damaged { good, damage } => {
            assert_eq!(damage.line, text.lines().count(), "only the last record can be torn");
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

/// A compaction that runs out of room part-way (a full disk, made here with a file-size limit)
/// fails with a message, and the fight and its `.bak` are byte for byte what they were, with no
/// temp file left behind.
#[test]
fn a_save_that_runs_out_of_room_loses_nothing_and_keeps_the_backup() {
    let home = dir("full");
    let path = home.join("fight.ron");
    let backup = home.join("fight.ron.bak");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &path)
        .expect("copy");
    std::fs::write(&backup, "the previous backup\n").expect("backup");
    let before = std::fs::read(&path).expect("fight");
    // Each roll adds a record, so the rewrite needs more room than the file had; the limit (in
    // 512-byte blocks) lets nothing much larger than the old file be written.
    let limit = before.len() / 512 + 1;
    let script = "roll 1d6\n".repeat(40);
    let inner = format!(
        "trap '' XFSZ; ulimit -f {limit}; exec '{}' run '{}' --script - --save '{}'",
        env!("CARGO_BIN_EXE_skirmish"),
        path.display(),
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
    assert_ne!(out.status.code(), Some(0), "the save cannot have fitted: {err}");
    assert!(err.contains("fight.ron"), "the failure names the file: {err}");
    assert_eq!(std::fs::read(&path).expect("fight"), before, "the fight is as it was");
    assert_eq!(std::fs::read_to_string(&backup).expect("bak"), "the previous backup\n");
    let left: Vec<String> = std::fs::read_dir(&home)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp"))
        .collect();
    assert!(left.is_empty(), "temp files left: {left:?}");
    let _ = std::fs::remove_dir_all(&home);
}
