//! The Savage Worlds action deck: 52 cards and two Jokers, which have left it since the last
//! shuffle, and a draw through dice (SW-INIT-1).

use serde::{Deserialize, Serialize};

use crate::rules::dice::cards::{Card, Suit};
use crate::rules::dice::{DiceError, DiceSource};

/// The full 54-card deck from lowest to highest: 2♣ 2♦ 2♥ 2♠ 3♣ … A♠, red Joker, black Joker.
pub fn full_deck() -> Vec<Card> {
    let mut cards: Vec<Card> =
        (2..=14).flat_map(|rank| Suit::ALL.map(|suit| Card::Suited { rank, suit })).collect();
    cards.push(Card::Joker { red: true });
    cards.push(Card::Joker { red: false });
    cards
}

/// The action deck: which cards have left it since the last shuffle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub out: Vec<Card>,
}

impl Deck {
    /// Cards still in the deck, in the fixed order of [`full_deck`].
    pub fn remaining(&self) -> Vec<Card> {
        full_deck().into_iter().filter(|c| !self.out.contains(c)).collect()
    }

    /// Draw one card: a die with as many sides as cards remain picks it (so a script of
    /// faces can pick exact cards: face 1 is the lowest card left).
    pub fn draw(&mut self, dice: &mut dyn DiceSource) -> Result<Option<Card>, DiceError> {
        let remaining = self.remaining();
        if remaining.is_empty() {
            return Ok(None);
        }
        let face = dice.draw_card(u32::try_from(remaining.len()).unwrap_or(u32::MAX))?;
        let card = remaining[(face as usize).saturating_sub(1).min(remaining.len() - 1)];
        self.out.push(card);
        Ok(Some(card))
    }

    /// Take a named card out of the deck (a card drawn from a physical deck or typed by hand).
    pub fn take(&mut self, card: Card) {
        if !self.out.contains(&card) {
            self.out.push(card);
        }
    }

    /// Put every card back except those listed (cards still in someone's hand).
    pub fn shuffle_keeping(&mut self, kept: &[Card]) {
        self.out.retain(|c| kept.contains(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::ScriptedDice;

    // SW-INIT-1: 52 cards and two Jokers.
    #[test]
    fn sw_init_1_deck_has_54_cards() {
        let deck = full_deck();
        assert_eq!(deck.len(), 54);
        assert_eq!(deck.iter().filter(|c| c.is_joker()).count(), 2);
    }

    // SW-INIT-2: Ace high down to 2; ties by suit spades, hearts, diamonds, clubs.
    #[test]
    fn sw_init_2_card_order() {
        let order = |t: &str| Card::parse(t).unwrap().order();
        assert!(order("AS") > order("AH"));
        assert!(order("AH") > order("AD"));
        assert!(order("AD") > order("AC"));
        assert!(order("AC") > order("KS"));
        assert!(order("3C") > order("2S"));
        assert!(order("joker") > order("AS"));
        let mut sorted = full_deck();
        sorted.sort_by_key(|c| c.order());
        assert_eq!(sorted, full_deck());
    }

    #[test]
    fn draws_pick_by_face_among_remaining() {
        let mut deck = Deck::default();
        let mut dice = ScriptedDice::new([54, 1, 52]);
        assert_eq!(deck.draw(&mut dice).unwrap(), Card::parse("joker"));
        assert_eq!(deck.draw(&mut dice).unwrap(), Card::parse("2C"));
        // 52 cards left: 2♦ … A♠ and the red Joker; face 52 is the red Joker.
        assert_eq!(deck.draw(&mut dice).unwrap(), Card::parse("redjoker"));
        assert_eq!(deck.remaining().len(), 51);
        deck.shuffle_keeping(&[Card::parse("2C").unwrap()]);
        assert_eq!(deck.remaining().len(), 53);
    }
}
