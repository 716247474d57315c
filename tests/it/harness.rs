//! Running a script in-process, as `skirmish run` does, with scripted dice and the shipped assets
//! (no user overrides), shared by the rules tests; `cli.rs` runs the binary itself.

use std::path::Path;
use std::sync::{Arc, LazyLock};

use serde_json::Value;
use skirmish::cli::{SaveTargets, ScriptError, run_script, to_json};
use skirmish::encounter::{Assets, Session};
use skirmish::rules::dice::ScriptedDice;

/// The embedded assets, parsed once: a user's bestiary or conditions cannot leak into a test.
static ASSETS: LazyLock<Arc<Assets>> = LazyLock::new(|| {
    Arc::new(skirmish::save::assets::embedded_assets().expect("the shipped assets load"))
});

/// The shipped assets, as the binary has them with no user config.
pub fn assets() -> Arc<Assets> {
    ASSETS.clone()
}

/// How a script ended, and how many scripted faces it left unused.
pub struct Ran {
    pub result: Result<Session, ScriptError>,
    pub unused: usize,
}

/// Run `script` with these scripted `dice` (as `--dice` takes them), writing the encounter to
/// `save_to` at the end as `--save` does.
pub fn exec(script: &str, dice: &str, save_to: Option<&Path>) -> Ran {
    let mut scripted = ScriptedDice::parse(dice).expect("the dice list parses");
    let targets = SaveTargets { after: save_to, loaded_from: None };
    let result = run_script(None, script, &mut scripted, assets(), targets);
    Ran { result, unused: scripted.remaining() }
}

/// The run succeeded, whether or not it used every face; the encounter.
pub fn succeeded(result: Result<Session, ScriptError>, script: &str, dice: &str) -> Session {
    result.unwrap_or_else(|err| {
        panic!("skirmish failed ({}) with dice {dice}:\n{err}\nscript:\n{script}", err.code)
    })
}

/// The run succeeded and used every scripted face; the encounter.
pub fn check_success(ran: Ran, script: &str, dice: &str) -> Session {
    let session = succeeded(ran.result, script, dice);
    assert_eq!(
        ran.unused, 0,
        "every scripted face should be used (dice {dice}); {} were not\nscript:\n{script}",
        ran.unused
    );
    session
}

/// Run a script that must succeed and use every scripted face; the `--json` state.
pub fn run(script: &str, dice: &str) -> Value {
    to_json(&check_success(exec(script, dice, None), script, dice))
}

/// Run a script whose last command must be refused; the refusal as `skirmish run` prints it
/// after `skirmish: `, e.g. `line 4: undo: nothing to undo: this is the start`.
pub fn run_err(script: &str, dice: &str) -> String {
    match exec(script, dice, None).result {
        Ok(_) => panic!("expected a refused command with dice {dice}; it ran\nscript:\n{script}"),
        Err(err) => {
            assert_eq!(err.code, 1, "expected a refused command with dice {dice}: {err}");
            err.message
        }
    }
}
