//! Running the `skirmish run` binary on a script with scripted dice, shared by the rules tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// A config directory that does not exist, so user overrides of the bestiary cannot leak in.
const NO_CONFIG: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-config");

/// Feed `script` on stdin with these `--dice` (and any `extra` arguments), asking for `--json`.
pub fn exec(script: &str, dice: &str, extra: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["run", "--script", "-", "--dice", dice, "--json"])
        .args(extra)
        .env("XDG_CONFIG_HOME", NO_CONFIG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("skirmish starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(script.as_bytes())
        .expect("script written");
    child.wait_with_output().expect("skirmish runs")
}

/// The run succeeded and used every scripted face.
pub fn check_success(output: &Output, script: &str, dice: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "skirmish failed ({}) with dice {dice}:\n{stderr}\nscript:\n{script}",
        output.status
    );
    assert!(
        !stderr.contains("were not used"),
        "every scripted face should be used (dice {dice}):\n{stderr}\nscript:\n{script}"
    );
}

/// Run a script that must succeed and use every scripted face; the `--json` state.
pub fn run(script: &str, dice: &str) -> Value {
    let output = exec(script, dice, &[]);
    check_success(&output, script, dice);
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Run a script whose last command must be refused; the refusal (stderr).
pub fn run_err(script: &str, dice: &str) -> String {
    let output = exec(script, dice, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        output.status.code(),
        Some(1),
        "expected a refused command with dice {dice}; stderr:\n{stderr}\nscript:\n{script}"
    );
    stderr
}
