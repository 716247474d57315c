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

/// Dice that give every die the same end of its range and count how many were asked. Cards
/// are the real ones, drawn from `deck` once and kept, so the command run afterwards deals the
/// same cards and the rolls named belong to whoever those cards put first.
struct Probe<'a> {
    highest: bool,
    asked: bool,
    count: usize,
    deck: &'a mut dyn DiceSource,
    cards: Vec<u32>,
    dealt: usize,
}

impl<'a> Probe<'a> {
    fn new(highest: bool, deck: &'a mut dyn DiceSource, cards: Vec<u32>) -> Probe<'a> {
        Probe { highest, asked: false, count: 0, deck, cards, dealt: 0 }
    }
}

impl DiceSource for Probe<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.asked = true;
        self.count += 1;
        if sides == 0 {
            return Err(DiceError::ZeroSides { column: 0 });
        }
        Ok(if self.highest { sides } else { 1 })
    }

    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        let card = match self.cards.get(self.dealt) {
            Some(&card) => card,
            None => {
                let card = self.deck.draw_card(cards)?;
                self.cards.push(card);
                card
            }
        };
        self.dealt += 1;
        Ok(card)
    }
}

/// Cards drawn ahead (by [`before_faces`]) dealt first, then `rest` for everything.
pub struct CardsFirst<'a> {
    pub cards: std::collections::VecDeque<u32>,
    pub rest: &'a mut dyn DiceSource,
}

impl DiceSource for CardsFirst<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.rest.roll(sides)
    }

    fn draw_card(&mut self, cards: u32) -> Result<u32, DiceError> {
        match self.cards.pop_front() {
            Some(card) if (1..=cards).contains(&card) => Ok(card),
            _ => self.rest.draw_card(cards),
        }
    }
}

/// Plan `text` as a dialog wrote it, without recording anything. Cards it deals are drawn from
/// `deck` and returned, for the real run to deal again.
pub fn before_faces(
    encounter: &Encounter,
    assets: &Assets,
    text: &str,
    deck: &mut dyn DiceSource,
) -> (BeforeFaces, Vec<u32>) {
    let command: Command = match command::parse_in(text, Some(encounter.system)) {
        Ok(Some(command)) => command,
        // A refusal in the words: running the line reports it as a typed command would.
        Ok(None) | Err(_) => return (BeforeFaces::RunNow, Vec::new()),
    };
    // The session's own commands roll nothing.
    let Some(verb) = command.invocation() else {
        return (BeforeFaces::RunNow, Vec::new());
    };
    let mut lowest = Probe::new(false, deck, Vec::new());
    let low = plan(encounter, verb, assets, &mut lowest);
    let (asked, lowest_count, cards) = (lowest.asked, lowest.count, lowest.cards);
    if !asked {
        return (BeforeFaces::RunNow, cards);
    }
    let mut highest = Probe::new(true, deck, cards);
    let high = plan(encounter, verb, assets, &mut highest);
    let (highest_count, cards) = (highest.count, highest.cards);
    (judge(encounter, &command, low, high, lowest_count, highest_count), cards)
}

/// A deck that always deals its top card, for probes that must not draw from the real one.
struct TopCard;

impl DiceSource for TopCard {
    fn roll(&mut self, _sides: u32) -> Result<u32, DiceError> {
        Ok(1)
    }

    fn draw_card(&mut self, _cards: u32) -> Result<u32, DiceError> {
        Ok(1)
    }
}

/// Why `text` is refused whatever the dice show, if it is: its words, or the rules alike with
/// the lowest and the highest faces. Nothing is drawn from the real deck.
pub fn refusal(encounter: &Encounter, assets: &Assets, text: &str) -> Option<String> {
    let command = match command::parse_in(text, Some(encounter.system)) {
        Ok(Some(Command::Verb(command))) => command,
        Ok(Some(_) | None) => return None,
        Err(err) => return Some(err.to_string()),
    };
    let mut deck = TopCard;
    let mut lowest = Probe::new(false, &mut deck, Vec::new());
    let low = plan(encounter, &command, assets, &mut lowest).err()?;
    if !lowest.asked {
        return Some(low.to_string());
    }
    let mut highest = Probe::new(true, &mut deck, Vec::new());
    let high = plan(encounter, &command, assets, &mut highest).err()?;
    (low == high).then(|| low.to_string())
}

/// What the two probes say together.
fn judge(
    encounter: &Encounter,
    command: &Command,
    low: Result<Vec<Event>, EngineError>,
    high: Result<Vec<Event>, EngineError>,
    lowest: usize,
    highest: usize,
) -> BeforeFaces {
    let needs = match (&low, &high) {
        (Err(low), Err(high)) if low == high => return BeforeFaces::Refused(low.to_string()),
        _ => match crate::encounter::engine::attack_dice_order(encounter, command) {
            Ok(Some(order)) => order,
            _ => {
                let more = highest > lowest;
                rolls_in_order(encounter, low.as_deref().unwrap_or_default(), more)
            }
        },
    };
    BeforeFaces::AskFaces { needs }
}

/// The rolls a command's events record, in order (`Aria: 1d6 damage, then Brom: 1d6 …`), as
/// the lowest faces make them; `more` when higher faces ask for further dice.
fn rolls_in_order(encounter: &Encounter, events: &[Event], more: bool) -> String {
    // A newcomer is named by the event that adds it (its initiative is rolled as it joins).
    let name = |id: &str| {
        let added = events.iter().find_map(|e| match e {
            Event::Added { combatant } if combatant.id == id => Some(combatant.name.clone()),
            _ => None,
        });
        added.or_else(|| encounter.get(id).map(|c| c.name.clone())).unwrap_or_else(|| id.into())
    };
    let mut rolls = Vec::new();
    for event in events {
        match event {
            Event::Damaged { id, roll: Some(roll), explain, .. } => {
                // Ongoing damage says which condition it is (`Bleeding (first), not SOAKed`).
                let what = explain
                    .split(" (")
                    .next()
                    .filter(|w| !w.contains(' ') && w.starts_with(char::is_uppercase))
                    .unwrap_or("damage");
                rolls.push(format!("{}: {what} {}", name(id), roll.expr))
            }
            Event::ShakeRolled { id, name: condition, roll, .. } => {
                rolls.push(format!("{}: {} against {condition}", name(id), roll.expr))
            }
            Event::Rolled { roll, by } => rolls.push(match by {
                Some(id) => format!("{}: {}", name(id), roll.expr),
                None => roll.expr.clone(),
            }),
            Event::Logged { roll: Some(roll), who, attempt, .. } => {
                // A turn's attempt to shake a condition off says which (SW-SHAKEN-1).
                let why =
                    attempt.as_ref().map(|c| format!(" to shake off {c}")).unwrap_or_default();
                rolls.push(match who {
                    Some(id) => format!("{}: {}{why}", name(id), roll.expr),
                    None => format!("{}{why}", roll.expr),
                })
            }
            Event::InitiativeSet { ids, initiative } => {
                if let (Some(roll), Some(id)) = (&initiative.roll, ids.first()) {
                    // One roll for a group: `Goblin 4 … Goblin 5`, as the log says it.
                    let who = match ids.last().filter(|_| ids.len() > 1) {
                        Some(last) => format!("{} … {}", name(id), name(last)),
                        None => name(id),
                    };
                    rolls.push(format!("{who}: initiative {}", roll.expr));
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
