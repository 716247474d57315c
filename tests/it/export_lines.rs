//! The report against the log it reports (issue 22): every line `skirmish run FILE` prints is in
//! `skirmish export FILE`, Markdown and JSON, in the same order, in its round and under the turn
//! it happened in, for each demo save and for long fights played with a seed; and names and notes
//! with control characters or markup in them, escaped on every way out (issue 22 item 9).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A config directory that does not exist, so user overrides cannot leak in.
const NO_CONFIG: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Run the binary: its exit status, standard output and standard error.
fn skirmish_out(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .env("XDG_CONFIG_HOME", NO_CONFIG)
        .output()
        .expect("skirmish runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (out.status.success(), text(out.stdout), text(out.stderr))
}

/// Run the binary; it must succeed. Its standard output.
fn skirmish(args: &[&str]) -> String {
    let (ok, out, err) = skirmish_out(args);
    assert!(ok, "{args:?}: {err}");
    out
}

/// The long fights: (script under tests/fixtures/export, seed).
const LONG_FIGHTS: &[(&str, &str)] =
    &[("gurps-long", "3"), ("gempunks-long", "5"), ("woin-held", "4")];

/// Every demo save, and each long fight played with its seed and saved in a folder of its own.
fn fights() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("saves"))
        .expect("saves/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with("-demo.ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "the demos: {files:?}");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export-lines");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (name, seed) in LONG_FIGHTS {
        let script = root().join(format!("tests/fixtures/export/{name}.txt"));
        let save = dir.join(format!("{name}.ron"));
        let (script, save_to) = (script.to_string_lossy(), save.to_string_lossy());
        skirmish(&["run", "--seed", seed, "--script", &script, "--save", &save_to]);
        files.push(save);
    }
    files
}

/// The log part of `skirmish run FILE --log all`: each line as `[ROUND] TEXT`, the dice after it.
fn run_log(file: &Path) -> Vec<String> {
    let text = skirmish(&["run", &file.to_string_lossy(), "--log", "all"]);
    text.lines().take_while(|l| !l.is_empty()).map(str::to_string).collect()
}

/// Markdown's backslash escapes undone (a backslash before ASCII punctuation).
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(&next) if c == '\\' && next.is_ascii_punctuation() => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The Markdown report's log as (round, line): headings and list items in order, the round's
/// heading itself a line (`Round 2`), the setup's (`Before round 1`) not.
fn markdown_log(report: &str) -> Lines {
    let mut round = 0;
    let mut out = Vec::new();
    let log = report.split_once("\n## Log\n").map(|(_, log)| log).expect("a log section");
    for line in log.lines().filter(|l| !l.is_empty()) {
        if let Some(heading) = line.strip_prefix("### ") {
            if heading == "Before round 1" {
                continue;
            }
            let n = heading.strip_prefix("Round ").and_then(|n| n.parse().ok());
            round = n.unwrap_or_else(|| panic!("a round heading: {line}"));
            out.push((round, heading.to_string()));
        } else if let Some(text) = line.strip_prefix("#### ").or_else(|| line.strip_prefix("- ")) {
            out.push((round, unescape(text)));
        } else {
            panic!("not a heading or a line of the log: {line}");
        }
    }
    out
}

/// Lines of a log as (round, text).
type Lines = Vec<(u32, String)>;

/// The JSON report's log as (round, line), and each turn's `who` with its first line.
fn json_log(report: &str) -> (Lines, Vec<(String, String)>) {
    let value: serde_json::Value = serde_json::from_str(report).expect("JSON");
    let mut lines = Vec::new();
    let mut turns = Vec::new();
    for round in value["log"].as_array().expect("log") {
        let n = round["round"].as_u64().and_then(|n| u32::try_from(n).ok()).expect("round");
        for turn in round["turns"].as_array().expect("turns") {
            let texts: Vec<String> = turn["lines"]
                .as_array()
                .expect("lines")
                .iter()
                .map(|l| l["text"].as_str().expect("text").to_string())
                .collect();
            if let Some(who) = turn["who"].as_str() {
                turns.push((who.to_string(), texts.first().cloned().unwrap_or_default()));
            }
            lines.extend(texts.into_iter().map(|t| (n, t)));
        }
    }
    (lines, turns)
}

/// The report's lines against `run`'s, one for one: same round, same text, dice and all.
fn same_lines(file: &Path, format: &str, report: &[(u32, String)], run: &[String]) {
    let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    for (i, ((round, text), printed)) in report.iter().zip(run).enumerate() {
        let rest = printed.strip_prefix(&format!("[{round}] "));
        let same = rest.is_some_and(|r| r == text || r.trim_start() == text);
        assert!(
            same,
            "{name} ({format}) line {}: the report has [{round}] {text:?}, run printed {printed:?}",
            i + 1
        );
    }
    assert_eq!(report.len(), run.len(), "{name} ({format}): as many lines as the log holds");
}

#[test]
fn the_report_holds_every_line_of_the_log_in_its_turn() {
    for file in fights() {
        let path = file.to_string_lossy().to_string();
        let run = run_log(&file);
        let markdown = skirmish(&["export", &path]);
        same_lines(&file, "md", &markdown_log(&markdown), &run);
        let json = skirmish(&["export", &path, "--format", "json"]);
        let (lines, turns) = json_log(&json);
        same_lines(&file, "json", &lines, &run);
        // Each turn is its combatant's: its first line is the one that opened it.
        for (who, first) in turns {
            assert!(first.contains(&who), "{path}: the turn of {who} opens with {first:?}");
        }
    }
}

/// The demo where it showed: the Orc Brute's attack was missing, and Cultist 2's Reeling (from
/// the `damage` made during Cultist 1's turn) sat under Mira's.
#[test]
fn the_gurps_demo_report_puts_each_line_under_its_turn() {
    let file = root().join("saves/gurps-demo.ron");
    let markdown = skirmish(&["export", &file.to_string_lossy()]);
    let turn_of = |line: &str| {
        let at = markdown.find(&format!("\n- {line}")).unwrap_or_else(|| panic!("{line}"));
        let heading = markdown[..at].rfind("\n#### ").expect("a turn before it");
        markdown[heading + 6..].lines().next().unwrap_or_default().to_string()
    };
    let cases = [
        ("Orc Brute: All-Out Attack (Determined)", "Orc Brute's turn"),
        (
            "Orc Brute attacks Rook with great axe (skill 14, All-Out Attack +4 = 18): rolls 13 vs 18: success by 5",
            "Orc Brute's turn",
        ),
        ("Mira: aim, −1 of maneuver", "Mira's turn"),
        ("Cultist 2 gains Reeling", "Cultist 1's turn"),
        ("Cultist 2 gains Unconscious", "Cultist 2's turn"),
    ];
    for (line, turn) in cases {
        assert_eq!(turn_of(line), turn, "{line}");
    }
    assert!(markdown.ends_with("\n### Round 2\n\n#### Rook's turn\n\n"), "{markdown}");
}

/// A fight whose title, names and notes carry escape sequences (colour, clear screen, a window
/// title ended by BEL), a newline, and Markdown that must stay text.
const UNSAFE: &str = "new woin \"F\x1b]0;pwned\x07ight\"\n\
add \"\x1b[31mRed\" side=enemy\n\
add \"<script>alert(1)</script>\" side=pc\n\
add \"*bold* [x](http://e.vil) `code`\"\n\
note \"\x1b[31mRed\" \"bad \x1b[2J note\"\n\
note \"<script>alert(1)</script>\" \"# not a heading\"\n\
start\n";

/// Item 9: no control character reaches a terminal or a report raw. `run`, `check`,
/// `watch --once` and the Markdown report show them escaped as `\u{1b}`; JSON escapes them
/// itself (`\u001b`) and still carries the exact name; the Markdown report shows markup in a name
/// or a note as text; an error naming one escapes it too.
#[test]
fn control_characters_and_markup_are_escaped_on_every_way_out() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export-escapes");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (script, save) = (dir.join("unsafe.txt"), dir.join("unsafe.ron"));
    std::fs::write(&script, UNSAFE).expect("script written");
    let (script, save) = (script.to_string_lossy().to_string(), save.to_string_lossy().to_string());
    let raw = |text: &str| text.chars().any(|c| c.is_control() && c != '\n');
    let ran = skirmish(&["run", "--seed", "1", "--script", &script, "--save", &save]);
    let outputs = [
        ("run", ran),
        ("run FILE", skirmish(&["run", &save, "--log", "all"])),
        ("check", skirmish(&["check", &save])),
        ("watch --once", skirmish(&["watch", "--once", &save])),
        ("export", skirmish(&["export", &save])),
        ("export --players", skirmish(&["export", "--players", &save])),
        ("export --format json", skirmish(&["export", "--format", "json", &save])),
        ("run --json", skirmish(&["run", &save, "--json", "--log", "all"])),
        ("watch --once --json", skirmish(&["watch", "--once", "--json", &save])),
    ];
    for (what, out) in &outputs {
        assert!(!raw(out), "{what} printed a control character raw:\n{out}");
    }
    let text = |what: &str| &outputs.iter().find(|(w, _)| *w == what).expect(what).1;
    assert!(text("run FILE").contains("[0] \\u{1b}[31mRed joins (enemy)"), "{}", text("run FILE"));
    assert!(text("run FILE").contains("bad \\u{1b}[2J note"), "{}", text("run FILE"));
    assert!(text("check").contains("\"F\\u{1b}]0;pwned\\u{7}ight\""), "{}", text("check"));
    assert!(text("watch --once").contains(" \\u{1b}[31mRed (enemy)"), "{}", text("watch --once"));
    let md = text("export");
    for shown in [
        "# F\\\\u{1b}]0;pwned\\\\u{7}ight\n",
        "| \\\\u{1b}[31mRed | enemy |",
        "- \\\\u{1b}[31mRed: bad \\\\u{1b}[2J note\n",
        "| \\<script\\>alert(1)\\</script\\> | pc |",
        "- \\<script\\>alert(1)\\</script\\>: \\# not a heading\n",
        "| \\*bold\\* \\[x](http://e.vil) \\`code\\` | enemy |",
    ] {
        assert!(md.contains(shown), "the report should hold {shown:?}:\n{md}");
    }
    assert!(!md.contains("<script>") && !md.contains("*bold*"), "{md}");
    // JSON escapes by itself and keeps the name exact.
    let json: serde_json::Value = serde_json::from_str(text("export --format json")).expect("JSON");
    let names: Vec<&str> = json["participants"]
        .as_array()
        .expect("participants")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(names.contains(&"\x1b[31mRed"), "{names:?}");
    assert!(text("export --format json").contains("\\u001b[31mRed"));
    // Errors that quote it.
    let wrong = dir.join("wrong.txt");
    std::fs::write(&wrong, "damage \"\x1b[34mBlue\" 3\n").expect("script written");
    let (ok, _, err) = skirmish_out(&["run", &save, "--script", &wrong.to_string_lossy()]);
    assert!(!ok && !raw(&err) && err.contains("\\u{1b}[34mBlue"), "{err}");
    let (ok, _, err) = skirmish_out(&["run", "--dice", "\x1b[2J"]);
    assert!(!ok && !raw(&err) && err.contains("\\u{1b}[2J"), "{err}");
}
