//! What the subcommands share: their exit codes and the error message they end with, the
//! assets with the user's overrides, and the dice seeded from the clock.

use std::process::ExitCode;
use std::sync::Arc;

use crate::encounter::Assets;
use crate::printable::escaped;
use crate::rules::dice::SeededDice;
use crate::save;

/// Exit code for a command that failed in a script.
pub(super) const EXIT_COMMAND: u8 = 1;
/// Exit code for unreadable input: a bad save, a bad dice list, a missing script.
pub(super) const EXIT_INPUT: u8 = 2;

/// Dice for play: seeded from the clock unless a seed is given.
pub(super) fn play_dice(seed: Option<u64>) -> SeededDice {
    let seed = seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_nanos() & u128::from(u64::MAX)).unwrap_or(0));
        nanos ^ u64::from(std::process::id()).rotate_left(32)
    });
    SeededDice::new(seed)
}

/// Load the assets, with the user's overrides.
pub(super) fn load_assets() -> Result<Arc<Assets>, save::LoadError> {
    save::assets::load(save::assets::config_dir().as_deref()).map(Arc::new)
}

/// Print `message` after `skirmish: ` on stderr and end with `code`.
pub(super) fn fail(code: u8, message: impl std::fmt::Display) -> ExitCode {
    // A message may quote a name or a line from a file: each of its lines with its control
    // characters escaped.
    let message = message.to_string();
    let lines: Vec<_> = message.split('\n').map(escaped).collect();
    eprintln!("skirmish: {}", lines.join("\n"));
    ExitCode::from(code)
}
