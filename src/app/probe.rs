//! Asking the engine whether a dialog's command is refused whatever the dice show, so the
//! dialog can go back to the answer that causes it.

use crate::command::{self, Command};
use crate::encounter::engine::{EngineError, plan};
use crate::encounter::{Assets, Encounter};
use crate::rules::dice::{DiceError, DiceSource};

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
