//! `skirmish run FILE --script S --save FILE` at a flat cost (issue 28 item 2): the fight is
//! opened from its last snapshot (the snapshot and every record after it checked, nothing before
//! it read), the script's records are appended, and only the log lines the script added are
//! printed unless `--log all` asks for every one.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use skirmish::command::parse;
use skirmish::encounter::Session;
use skirmish::rules::System;
use skirmish::rules::dice::SeededDice;
use skirmish::save;

use crate::cli::{skirmish, text};
use crate::harness::assets;

fn temp(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("skirmish-run-append-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// A compacted journal past the snapshot threshold: its last record is the snapshot. Built once.
fn compacted() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut s = Session::new(System::WOIN, "long", assets());
        let mut dice = SeededDice::new(5);
        for line in ["add Aria side=pc health=50000", "add Ogre", "start"] {
            s.execute(&parse(line).unwrap().unwrap(), &mut dice).expect("sets up");
        }
        let moves = ["damage Aria 1d6 raw", "roll 3d6 for Ogre", "heal Aria 1", "next"];
        for k in 0..1200 {
            s.execute(&parse(moves[k % moves.len()]).unwrap().unwrap(), &mut dice).expect("plays");
        }
        let text = save::to_ron(&s).expect("written");
        let last = text.lines().last().expect("a last line");
        assert!(last[17..].starts_with("Snapshot("), "ends with its snapshot: {}", &last[..60]);
        text
    })
}

/// A copy of the compacted fight, at `dir/name`.
fn fight_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, compacted()).expect("written");
    path
}

fn run_on(path: &Path, script: &str, extra: &[&str]) -> Output {
    let file = path.to_str().expect("utf-8");
    let mut args = vec!["run", file, "--seed", "3", "--script", "-", "--save", file];
    args.extend_from_slice(extra);
    skirmish(&args, script)
}

fn check(path: &Path) -> Output {
    skirmish(&["check", path.to_str().expect("utf-8")], "")
}

/// The file's text with line `line` (from 1) changed by `edit`.
fn with_line(text: &str, line: usize, edit: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    for (k, l) in text.lines().enumerate() {
        out.push_str(&if k + 1 == line { edit(l) } else { l.to_string() });
        out.push('\n');
    }
    out
}

/// The first die face on the line, one higher (or one lower): an edit only a checksum finds.
fn other_face(line: &str) -> String {
    let at = line.find("face: ").expect("a die face") + "face: ".len();
    let face: u32 = line[at..at + 1].parse().expect("a digit");
    let other = if face < 6 { face + 1 } else { face - 1 };
    format!("{}{other}{}", &line[..at], &line[at + 1..])
}

/// The first line (from 1) at or after `from` that records a die face.
fn line_with_face(text: &str, from: usize) -> usize {
    let k = text.lines().skip(from - 1).position(|l| l.contains("face: ")).expect("a roll");
    from + k
}

/// A report's parts: its heading (if any), its log lines, and the board after the blank line.
fn parts(out: &str) -> (Option<String>, Vec<String>, String) {
    let (log, board) = out.split_once("\n\n").expect("a log, then the board");
    let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
    let heading = lines.first().filter(|l| l.starts_with("… ")).cloned();
    if heading.is_some() {
        lines.remove(0);
    }
    (heading, lines, board.to_string())
}

/// The count a heading gives: `… 1,234 earlier lines not shown; …`.
fn left_out(heading: &str) -> usize {
    let number = heading.trim_start_matches("… ").split(' ').next().expect("a count");
    number.replace(',', "").parse().expect("a number")
}

/// A record edited before the snapshot is not read by the append (its checksum chain would
/// catch it), so `run --save` appends while `check`, which reads every record, names the damage.
/// On an undamaged copy the appended file loads whole and checks, and it is byte for byte the
/// file the whole-file path (`--log all`, which reads and checks every record) appends.
#[test]
fn an_append_reads_only_from_the_snapshot_and_writes_what_a_whole_read_writes() {
    let dir = temp("tail");
    let good = compacted();
    let damaged_at = line_with_face(good, 20);
    let damaged = with_line(good, damaged_at, other_face);
    let path = dir.join("damaged.ron");
    std::fs::write(&path, &damaged).expect("written");
    let out = check(&path);
    assert_eq!(out.status.code(), Some(2), "check finds the damage");
    assert!(text(&out.stderr).contains(&format!("damaged.ron:{damaged_at}:")), "{out:?}");
    let script = "roll 1d6\ndamage Aria 1d6 raw\n";
    let out = run_on(&path, script, &[]);
    assert!(out.status.success(), "appended past the damage: {}", text(&out.stderr));
    let after = std::fs::read_to_string(&path).expect("read");
    assert!(after.starts_with(&damaged) && after.len() > damaged.len(), "appended, nothing else");
    let out = check(&path);
    assert!(text(&out.stderr).contains(&format!("damaged.ron:{damaged_at}:")), "{out:?}");

    let (fast, whole) = (fight_file(&dir, "fast.ron"), fight_file(&dir, "whole.ron"));
    let script = "roll 1d6\ndamage Aria 1d6 raw\nnext\nundo\nheal Aria 3\n";
    assert!(run_on(&fast, script, &[]).status.success());
    assert!(run_on(&whole, script, &["--log", "all"]).status.success());
    let appended = std::fs::read_to_string(&fast).expect("read");
    assert!(appended.starts_with(good), "every older byte kept");
    assert_eq!(appended, std::fs::read_to_string(&whole).expect("read"), "the same records");
    let out = check(&fast);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let loaded = save::load(&fast, assets()).expect("loads whole");
    assert_eq!(loaded.nodes().len(), 1203 + 4, "four more commands");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file whose end does not check is never written: damage to the snapshot or to a record after
/// it, a record after it removed, a torn last record. The run fails with exit 2 naming the file
/// and line, and the file stays byte for byte as it was.
#[test]
fn an_append_refuses_a_damaged_tail_and_leaves_the_file_alone() {
    let dir = temp("refused");
    let path = fight_file(&dir, "fight.ron");
    assert!(run_on(&path, "roll 1d6\nroll 2d6\nroll 3d6\n", &[]).status.success());
    let good = std::fs::read_to_string(&path).expect("read");
    let lines: Vec<&str> = good.lines().collect();
    let snapshot = lines.iter().position(|l| l[17..].starts_with("Snapshot(")).expect("one") + 1;
    let after = lines.len() - 1;
    let mut removed: Vec<&str> = lines.clone();
    removed.remove(after - 1);
    let damages = [
        ("the snapshot edited", with_line(&good, snapshot, |l| l.replacen("Ogre", "Orge", 1))),
        ("a record after it edited", with_line(&good, after, other_face)),
        ("a record after it removed", removed.join("\n") + "\n"),
        ("the last record torn", good[..good.len() - 20].to_string()),
    ];
    for (what, damaged) in damages {
        std::fs::write(&path, &damaged).expect("written");
        let out = run_on(&path, "roll 1d6\n", &[]);
        assert_eq!(out.status.code(), Some(2), "{what}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("fight.ron:"), "{what}: {}", text(&out.stderr));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), damaged, "{what}: untouched");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check` compares the last snapshot with the history before it: a snapshot edited and sealed
/// again (its sums made right) is what `run --save` and the tracker's first screen would trust,
/// so `check` refuses it, names the mismatch and says how to write the file afresh.
#[test]
fn check_refuses_a_snapshot_that_does_not_match_its_history() {
    let dir = temp("stale");
    let path = fight_file(&dir, "fight.ron");
    assert!(check(&path).status.success(), "the compacted fight checks");
    let good = std::fs::read_to_string(&path).expect("read");
    let snapshot = good.lines().count();
    let stale =
        with_line(&good, snapshot, |l| l.replacen("health: (current: ", "health: (current: 1", 1));
    assert_ne!(stale, good, "the snapshot holds Aria's health");
    std::fs::write(&path, save::journal::reseal(&stale)).expect("written");
    let out = check(&path);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("its last snapshot does not match its history"), "{err}");
    assert!(err.contains("--save NEW"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--log new` (the default with a FILE) prints one heading counting the earlier lines, then only
/// the lines the script added, then the board; `--log all` prints what `run` always printed. An
/// undo past the snapshot reads the history before it and the output still follows the rule.
#[test]
fn run_on_a_file_prints_only_the_new_lines_after_a_heading() {
    let dir = temp("shown");
    let scripts = [
        ("two rolls", "roll 1d6\nroll 2d6\n", 2),
        ("undo past the snapshot", "undo\nundo\nundo\nroll 1d6\n", 1),
        ("nothing", "", 0),
    ];
    for (what, script, added) in scripts {
        let (new, all) = (fight_file(&dir, "new.ron"), fight_file(&dir, "all.ron"));
        let out_new = run_on(&new, script, &[]);
        let out_all = run_on(&all, script, &["--log", "all"]);
        assert!(out_new.status.success(), "{what}: {}", text(&out_new.stderr));
        assert!(out_all.status.success(), "{what}: {}", text(&out_all.stderr));
        let (heading, lines, board) = parts(&text(&out_new.stdout));
        let (none, every, board_all) = parts(&text(&out_all.stdout));
        let heading = heading.unwrap_or_else(|| panic!("{what}: a heading"));
        assert!(
            heading.ends_with(&format!(
                "earlier lines not shown; for every line: skirmish run {0} --log all, or \
                 skirmish export {0}",
                new.display()
            )),
            "{what}: {heading}"
        );
        assert_eq!(none, None, "{what}: no heading with --log all");
        assert_eq!(lines.len(), added, "{what}: only the new lines: {lines:?}");
        assert_eq!(left_out(&heading) + lines.len(), every.len(), "{what}: the count");
        assert!(every.ends_with(&lines), "{what}: the newest lines");
        assert_eq!(board, board_all, "{what}: the board");
        assert_eq!(std::fs::read(&new).expect("read"), std::fs::read(&all).expect("read"));
        assert!(check(&new).status.success(), "{what}: the file checks");
    }
    // Without --save, `run FILE` prints the whole fight as it always did; `--log new` asks for
    // the heading and the new lines (none here) instead.
    let file = fight_file(&dir, "plain.ron");
    let whole = skirmish(&["run", file.to_str().expect("utf-8")], "");
    let (heading, lines, _) = parts(&text(&whole.stdout));
    assert!(heading.is_none() && !lines.is_empty(), "{}", text(&whole.stdout));
    let out = skirmish(&["run", file.to_str().expect("utf-8"), "--log", "new"], "");
    let (heading, lines, _) = parts(&text(&out.stdout));
    assert!(heading.is_some() && lines.is_empty(), "{}", text(&out.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--json` follows the same rule: with `--log new` its `log` holds the new lines and `log_from`
/// the index of the first (how many are left out); with `--log all` it is as before, every line
/// and no `log_from`. What `branches` answered is placed by the same count of the whole log.
#[test]
fn run_json_on_a_file_gives_the_new_lines_and_where_they_start() {
    let dir = temp("json");
    let script = "roll 1d6\nbranches\nroll 2d6\n";
    let (new, all) = (fight_file(&dir, "new.ron"), fight_file(&dir, "all.ron"));
    let json = |out: Output| -> serde_json::Value {
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    let new = json(run_on(&new, script, &["--json"]));
    let all = json(run_on(&all, script, &["--json", "--log", "all"]));
    let (new_log, all_log) = (new["log"].as_array().expect("log"), all["log"].as_array().unwrap());
    assert_eq!(new_log.len(), 2, "{new_log:?}");
    assert_eq!(new["log_from"].as_u64(), Some((all_log.len() - 2) as u64));
    assert!(all.get("log_from").is_none(), "no log_from with --log all");
    assert_eq!(&all_log[all_log.len() - 2..], &new_log[..]);
    assert_eq!(new["messages"], all["messages"], "answers placed in the whole log");
    assert_eq!(new["messages"][0]["log"].as_u64(), Some((all_log.len() - 1) as u64));
    for key in ["combatants", "round", "current", "order"] {
        assert_eq!(new[key], all[key], "{key}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script that adds more lines than a session holds (it lets the oldest go past 4,096) still
/// prints every line it added, the ones let go folded again; so does a whole fight asked for
/// its lines from any point (`Session::each_line_from` against the whole log).
#[test]
fn the_new_lines_are_all_printed_when_the_session_let_some_go() {
    let dir = temp("many");
    let script = "roll 1d6\n".repeat(5000);
    let (new, all) = (fight_file(&dir, "new.ron"), fight_file(&dir, "all.ron"));
    let out_new = run_on(&new, &script, &[]);
    let out_all = run_on(&all, &script, &["--log", "all"]);
    let (heading, lines, _) = parts(&text(&out_new.stdout));
    let (_, every, _) = parts(&text(&out_all.stdout));
    assert_eq!(lines.len(), 5000);
    assert_eq!(left_out(&heading.expect("a heading")) + 5000, every.len());
    assert!(every.ends_with(&lines));
    let whole = save::load(&new, assets()).expect("loads");
    let log = whole.whole_log().expect("folds").into_owned();
    assert!(whole.log_start() > 0, "the session let its oldest lines go");
    for from in [0, 1, 700, whole.log_start() - 1, whole.log_start(), log.len() - 1, log.len()] {
        let mut got = Vec::new();
        whole.each_line_from(from, |line| got.push(line.clone())).expect("folds");
        assert_eq!(got, log[from..], "from line {from}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Appends that take the records after the last snapshot to 1,000 or more end with a new
/// snapshot, appended like any record: the file checks whole, a fight opened from the new
/// snapshot stands where the whole read stands, and the next append reads from it only (an edit
/// before it, after the old snapshot, goes unseen by the append and is named by `check`).
#[test]
fn a_long_run_of_appends_ends_with_a_new_snapshot_that_the_next_append_starts_from() {
    let dir = temp("resnap");
    let path = fight_file(&dir, "fight.ron");
    let snapshots = |text: &str| text.lines().filter(|l| l[17..].starts_with("Snapshot(")).count();
    assert!(run_on(&path, &"roll 1d6\n".repeat(600), &[]).status.success());
    let journal = std::fs::read_to_string(&path).expect("read");
    assert_eq!(snapshots(&journal), 1, "600 records: no new snapshot yet");
    assert!(run_on(&path, &"damage Aria 1d6 raw\n".repeat(400), &[]).status.success());
    let journal = std::fs::read_to_string(&path).expect("read");
    assert_eq!(snapshots(&journal), 2, "1,000 records after the last one: a new snapshot");
    let last = journal.lines().last().expect("a last line");
    assert!(last[17..].starts_with("Snapshot("), "the new snapshot ends the file");
    let out = check(&path);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let whole = save::load(&path, assets()).expect("loads whole");
    let opened = save::tail::open(&path, assets()).expect("opens from the new snapshot");
    assert_eq!(opened.after, 0, "nothing after the new snapshot");
    assert_eq!(opened.session.encounter(), whole.encounter(), "the same state");
    assert_eq!(opened.earlier + opened.session.log_total(), whole.log_total(), "the same log");
    assert!(whole.log().ends_with(opened.session.log()), "the same newest lines");
    // An edit between the two snapshots is not read by the next append.
    let lines: Vec<&str> = journal.lines().collect();
    let old_snapshot = compacted().lines().count();
    let damaged_at = line_with_face(&journal, old_snapshot + 10);
    assert!(damaged_at < lines.len(), "before the new snapshot");
    let damaged = with_line(&journal, damaged_at, other_face);
    std::fs::write(&path, &damaged).expect("written");
    let out = run_on(&path, "roll 2d6\n", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&path).expect("read").starts_with(&damaged));
    let out = check(&path);
    assert!(text(&out.stderr).contains(&format!("fight.ron:{damaged_at}:")), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `save PATH` line naming another file, on a fight opened from its snapshot, writes the whole
/// fight there (its history read at that line, the script's records grafted on): the same file
/// as the whole-file path writes; the fight's own file still gets only the new records.
#[test]
fn a_save_elsewhere_from_the_snapshot_writes_the_whole_fight() {
    let dir = temp("elsewhere");
    let (fast, whole) = (fight_file(&dir, "fast.ron"), fight_file(&dir, "whole.ron"));
    let copy = |name: &str| dir.join(name).to_str().expect("utf-8").to_string();
    let script = |to: &str| format!("roll 1d6\nsave {to}\nroll 2d6\n");
    let out = run_on(&fast, &script(&copy("fast-copy.ron")), &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run_on(&whole, &script(&copy("whole-copy.ron")), &["--log", "all"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("read");
    assert_eq!(read("fast-copy.ron"), read("whole-copy.ron"), "the whole fight, the same bytes");
    assert!(read("fast.ron").starts_with(compacted()), "its own file appended to");
    assert_eq!(read("fast.ron"), read("whole.ron"));
    assert!(check(&dir.join("fast-copy.ron")).status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
