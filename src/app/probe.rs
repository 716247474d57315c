//! Asking the engine what a dialog's command would do before the GM types any face: whether it
//! rolls at all, and whether it is refused whatever the dice show.

use crate::command::{self, Command};
use crate::encounter::engine::{EngineError, plan};
use crate::encounter::{Assets, Encounter, Event};
use crate::rules::dice::{DiceError, DiceSource};

/// What a dialog does at its faces step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BeforeFaces {
    /// The command rolls nothing, or is refused before any die: run it now, no faces to ask.
    RunNow,
    /// The command is refused with the lowest and the highest faces alike: the rules refuse
    /// it, not the dice, so no faces are asked.
    Refused(String),
    /// The dice decide: ask for the faces, saying which rolls they are for, in order.
    AskFaces { needs: String },
}

/// Dice that give every die the same end of its range and count how many were asked.
struct Probe {
    highest: bool,
    asked: bool,
    count: usize,
}

impl Probe {
    fn new(highest: bool) -> Probe {
        Probe { highest, asked: false, count: 0 }
    }
}

impl DiceSource for Probe {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.asked = true;
        self.count += 1;
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
    let mut lowest = Probe::new(false);
    let low = plan(encounter, &command, assets, &mut lowest);
    if !lowest.asked {
        return BeforeFaces::RunNow;
    }
    let mut highest = Probe::new(true);
    let high = plan(encounter, &command, assets, &mut highest);
    let needs = match (&low, &high) {
        (Err(low), Err(high)) if low == high => return BeforeFaces::Refused(low.to_string()),
        _ => match crate::encounter::engine::attack_dice_order(encounter, &command) {
            Ok(Some(order)) => order,
            _ => {
                let more = highest.count > lowest.count;
                rolls_in_order(encounter, low.as_deref().unwrap_or_default(), more)
            }
        },
    };
    BeforeFaces::AskFaces { needs }
}

/// The rolls a command's events record, in order (`Aria: 1d6 damage, then Brom: 1d6 …`), as
/// the lowest faces make them; `more` when higher faces ask for further dice.
fn rolls_in_order(encounter: &Encounter, events: &[Event], more: bool) -> String {
    let name = |id: &str| encounter.get(id).map_or(id.to_string(), |c| c.name.clone());
    let mut rolls = Vec::new();
    for event in events {
        match event {
            Event::Damaged { id, roll: Some(roll), .. } => {
                rolls.push(format!("{}: damage {}", name(id), roll.expr))
            }
            Event::ShakeRolled { id, name: condition, roll, .. } => {
                rolls.push(format!("{}: {} against {condition}", name(id), roll.expr))
            }
            Event::Rolled { roll, by } => rolls.push(match by {
                Some(id) => format!("{}: {}", name(id), roll.expr),
                None => roll.expr.clone(),
            }),
            Event::Logged { roll: Some(roll), who, .. } => rolls.push(match who {
                Some(id) => format!("{}: {}", name(id), roll.expr),
                None => roll.expr.clone(),
            }),
            Event::InitiativeSet { ids, initiative } => {
                if let (Some(roll), Some(id)) = (&initiative.roll, ids.first()) {
                    rolls.push(format!("{}: initiative {}", name(id), roll.expr));
                }
            }
            Event::RolledOff { .. } => rolls.push("a d6 roll-off for each tied".to_string()),
            Event::Attacked { rolls: records, .. } => {
                rolls.extend(records.iter().map(|r| r.expr.clone()))
            }
            _ => {}
        }
    }
    let mut text = match rolls.is_empty() {
        true => "the dice the rules ask for".to_string(),
        false => rolls.join(", then "),
    };
    if more {
        text.push_str(" (more if the dice call for them)");
    }
    text
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
