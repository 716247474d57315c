//! End-to-end runs of the `skirmish` binary: what it prints and the exit codes of `run` and `roll`.
//! The rule scenarios run in-process through `harness`; these check the I/O around them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A config directory that does not exist, so user overrides of the bestiary cannot leak in.
const NO_CONFIG: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config");

/// Run the binary with `args`, feeding `stdin`.
pub(super) fn skirmish(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .env("XDG_CONFIG_HOME", NO_CONFIG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skirmish starts");
    child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes()).expect("stdin written");
    child.wait_with_output().expect("skirmish runs")
}

pub(super) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A refused line stops the script: exit 1, the line number, the line and the reason on stderr;
/// stdout has the log and board as the lines before it left them (with --json, nothing: its
/// reader expects the whole run or none).
#[test]
fn run_stops_at_a_refused_line_with_exit_1() {
    let script = "new woin\nadd Aria\nadd Orc\nundo\nundo\nundo\n";
    let out = skirmish(&["run", "--script", "-", "--json"], script);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "skirmish: line 6: undo: nothing to undo: this is the start\n");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let out = skirmish(&["run", "--script", "-"], "new woin\nadd Aria\nroll 2d6\nfrob\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("skirmish: line 4: unknown command 'frob'"));
    let shown = text(&out.stdout);
    assert!(shown.contains("Aria joins") && shown.contains("2d6 ["), "{shown}");
}

/// Faces left over from `--dice` are a note on stderr, not a failure; stdout is still the JSON.
#[test]
fn run_notes_unused_scripted_dice() {
    let script = "new woin\nadd Aria init=2d6\nstart\n";
    let out = skirmish(&["run", "--script", "-", "--dice", "3,4,5,6", "--json"], script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "skirmish: note: 2 scripted dice were not used\n");
    let state: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(state["combatants"][0]["initiative"], 7);
}

/// Input that cannot be read at all (a missing script, a bad `--dice` list) exits 2.
#[test]
fn run_exits_2_on_unreadable_input() {
    let missing = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-such-script.txt");
    let out = skirmish(&["run", "--script", missing], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("skirmish: cannot read the script: "));
    let out = skirmish(&["run", "--script", "-", "--dice", "6,,5"], "new woin\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("skirmish: --dice: "), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
}

/// `roll` prints the expression, its faces and the total; a seed repeats it; bad text exits 2.
#[test]
fn roll_prints_the_faces_and_exits_2_on_bad_text() {
    let first = skirmish(&["roll", "4d6kh3", "--seed", "7"], "");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let line = text(&first.stdout);
    assert!(line.starts_with("4d6kh3 [") && line.contains("] = "), "{line}");
    assert_eq!(text(&skirmish(&["roll", "4d6kh3", "--seed", "7"], "").stdout), line);
    let bad = skirmish(&["roll", "4q6"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).starts_with("skirmish: dice: "), "{}", text(&bad.stderr));
}

/// Issue 14, item 18: the README's picture of the WOIN demo's end is the tracker's own text
/// report of that save, so it never goes stale.
#[test]
fn the_readme_shows_the_demo_as_it_ends() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let after = readme.split("`saves/woin-demo.ron` ends like this:").nth(1).expect("the block");
    let block = after.split("```").nth(1).expect("a code block").trim_matches('\n');
    let assets = std::sync::Arc::new(skirmish::save::assets::embedded_assets().expect("assets"));
    let session = skirmish::save::load(&root.join("saves/woin-demo.ron"), assets).expect("demo");
    let report = skirmish::cli::to_text(&session);
    let end = report.trim_end().rsplit("\n\n").next().expect("the final state");
    assert_eq!(block, end, "update the README's block from `skirmish run saves/woin-demo.ron`");
}

/// `watch FILE --once` prints the players' view (text or JSON) and leaves the file as it was;
/// a missing file, or no terminal without `--once`, exits with 2 and says why.
#[test]
fn watch_once_prints_the_players_view_and_writes_nothing() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("watch-once-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("fight.ron");
    let file_arg = file.to_str().expect("a UTF-8 path");
    let script = "new woin Bridge\nadd Aria side=pc\nadd Troll hidden\nnote Aria owes a debt\n\
                  init Aria 10\ninit Troll 5\nstart\n";
    let out = skirmish(&["run", "--script", "-", "--save", file_arg], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let before = std::fs::read(&file).expect("saved");
    let listing = |d: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let files = listing(&dir);
    let out = skirmish(&["watch", file_arg, "--once"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("Bridge (WOIN), round 1\nnow: Aria\n"), "{shown}");
    assert!(!shown.contains("Troll") && !shown.contains("debt"), "{shown}");
    let out = skirmish(&["watch", file_arg, "--once", "--json"], "");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["turn"], "Aria");
    assert_eq!(
        json["order"][0]["health"],
        serde_json::json!({"shown": "exact", "text": "HEALTH 10/10", "band": "unhurt"})
    );
    assert_eq!(json["order"].as_array().map(Vec::len), Some(1));
    assert_eq!(std::fs::read(&file).expect("still there"), before, "the watcher wrote nothing");
    assert_eq!(listing(&dir), files, "the watcher made no file");
    let missing = dir.join("nope.ron");
    let out = skirmish(&["watch", missing.to_str().unwrap(), "--once"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("nope.ron: no such file"), "{}", text(&out.stderr));
    let out = skirmish(&["watch", file_arg], "");
    assert_eq!(out.status.code(), Some(2), "no terminal: refused");
    assert!(text(&out.stderr).contains("--once"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--version` prints the crate's version; `completions` prints a script for each shell that
/// names the subcommands; an unknown shell is refused listing the known ones; `man` prints roff.
#[test]
fn version_completions_and_man_page() {
    let out = skirmish(&["--version"], "");
    assert_eq!(text(&out.stdout), format!("skirmish {}\n", env!("CARGO_PKG_VERSION")));
    for (shell, marker) in [
        ("bash", "complete -F _skirmish"),
        ("zsh", "#compdef skirmish"),
        ("fish", "complete -c skirmish"),
        ("elvish", "edit:completion:arg-completer[skirmish]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = skirmish(&["completions", shell], "");
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.contains(marker), "{shell} lacks {marker:?}");
        assert!(script.contains("odds"), "{shell} completes the subcommands");
    }
    let out = skirmish(&["completions", "tcsh"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bash, elvish, fish, powershell, zsh"));
    let out = skirmish(&["man"], "");
    assert!(out.status.success());
    let page = text(&out.stdout);
    assert!(page.contains(".TH skirmish 1"), "{page}");
    assert!(page.contains("completions"), "the page lists the subcommands");
}

/// `skirmish export` prints the report, writes it with -o, gives JSON with --format json, leaves
/// the save untouched and takes no lock; a bad format or -o naming the save itself exits 2.
#[test]
fn export_writes_a_report_and_leaves_the_save_alone() {
    let dir = std::path::PathBuf::from(concat!(env!("CARGO_TARGET_TMPDIR"), "/export-cli"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let save = dir.join("fight.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &save)
        .expect("copy");
    let before = std::fs::read(&save).expect("read");
    let path = save.to_str().expect("utf-8");
    let out = skirmish(&["export", path], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    assert!(md.starts_with("# Ambush at the Old Bridge\n\nWOIN · "), "{md}");
    assert!(md.contains("| Goblin 1 | 0 | 5 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | — | — |"), "{md}");
    let report = dir.join("report.json");
    let out = skirmish(
        &["export", path, "--format", "json", "--players", "-o", report.to_str().expect("utf-8")],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report).expect("report written")).expect("JSON");
    assert_eq!(json["title"], "Ambush at the Old Bridge");
    // An enemy's health is a label for the players: its damage taken is not given either.
    assert_eq!(json["participants"][2]["stats"]["damage_taken"], serde_json::Value::Null);
    assert_eq!(json["participants"][2]["notes"], serde_json::json!([]), "--players drops notes");
    let out = skirmish(&["export", path, "--format", "pdf"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "skirmish: --format: expected md or json, found 'pdf'\n");
    let out = skirmish(&["export", path, "-o", path], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&save).expect("read"), before, "the save is byte-identical");
    assert!(!dir.join("fight.ron.lock").exists(), "export takes no lock");
}

/// `skirmish replay` needs a terminal (exit 2 without one), refuses a pace out of range, and
/// takes no lock on the file it reads.
#[test]
fn replay_without_a_terminal_exits_2_and_locks_nothing() {
    let dir = std::path::PathBuf::from(concat!(env!("CARGO_TARGET_TMPDIR"), "/replay-cli"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let save = dir.join("fight.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/woin-demo.ron"), &save)
        .expect("copy");
    let path = save.to_str().expect("utf-8");
    let out = skirmish(&["replay", path], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("replay needs a terminal"), "{}", text(&out.stderr));
    let out = skirmish(&["replay", path, "--pace", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "skirmish: --pace: expected seconds from 0.1 to 10, or real; found 0\n"
    );
    assert!(!dir.join("fight.ron.lock").exists(), "replay takes no lock");
}

/// Issue 14, item 18: the README's 80×24 picture of the dashboard is the WOIN demo drawn by the
/// tracker itself (`SKIRMISH_BLESS=1` writes it back), so it never goes stale.
#[test]
fn the_readme_pictures_the_dashboard_as_drawn() {
    use super::tui::{app, demo, screen};
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README");
    let marker = "The dashboard at 80×24 (the WOIN demo):\n\n```\n";
    let start = readme.find(marker).expect("the picture's heading") + marker.len();
    let len = readme[start..].find("```").expect("the picture's end");
    let drawn = screen(&app(demo(skirmish::rules::System::WOIN)), 80, 24);
    let drawn: String = drawn.lines().map(|l| format!("{}\n", l.trim_end())).collect();
    let shown: String =
        readme[start..start + len].lines().map(|l| format!("{}\n", l.trim_end())).collect();
    if shown != drawn && std::env::var_os("SKIRMISH_BLESS").is_some() {
        let updated = format!("{}{}{}", &readme[..start], drawn, &readme[start + len..]);
        std::fs::write(&path, updated).expect("README written");
        return;
    }
    assert_eq!(
        shown, drawn,
        "the README's picture is stale: run SKIRMISH_BLESS=1 cargo test --test it readme"
    );
}
