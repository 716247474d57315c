//! Asking the engine what a dialog's command would do before the GM types any face: whether it
//! rolls at all, and whether it is refused whatever the dice show.

use crate::command::{self, Command};
use crate::encounter::engine::{EngineError, plan};
use crate::encounter::{Assets, Encounter};
use crate::rules::dice::{DiceError, DiceSource};

/// What a dialog does at its faces step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BeforeFaces {
    /// The command rolls nothing, or is refused before any die: run it now, no faces to ask.
    RunNow,
    /// The command is refused with the lowest and the highest faces alike: the rules refuse
    /// it, not the dice, so no faces are asked.
    Refused(String),
    /// The dice decide: ask for the faces.
    AskFaces,
}

/// Dice that give every die the same end of its range and remember whether they were asked.
struct Probe {
    highest: bool,
    asked: bool,
}

impl DiceSource for Probe {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.asked = true;
        if sides == 0 {
            return Err(DiceError::ZeroSides { column: 0 });
        }
        Ok(if self.highest { sides } else { 1 })
    }
}

/// Plan `text` as a dialog wrote it, without recording anything.
pub fn before_faces(encounter: &Encounter, assets: &Assets, text: &str) -> BeforeFaces {
    let command: Command = match command::parse_in(text, Some(encounter.system)) {
        Ok(Some(command)) => command,
        // A refusal in the words: running the line reports it as a typed command would.
        Ok(None) | Err(_) => return BeforeFaces::RunNow,
    };
    let mut lowest = Probe { highest: false, asked: false };
    let low = plan(encounter, &command, assets, &mut lowest);
    if !lowest.asked {
        return BeforeFaces::RunNow;
    }
    let mut highest = Probe { highest: true, asked: false };
    match (low, plan(encounter, &command, assets, &mut highest)) {
        (Err(low), Err(high)) if low == high => BeforeFaces::Refused(low.to_string()),
        _ => BeforeFaces::AskFaces,
    }
}

/// A refusal the faces typed caused: too few of them, or one the die does not have.
pub fn is_about_faces(err: &EngineError) -> bool {
    use crate::rules::RulesError;
    matches!(
        err,
        EngineError::Rules(RulesError::Dice(
            DiceError::ScriptExhausted { .. } | DiceError::FaceOutOfRange { .. }
        ))
    )
}
