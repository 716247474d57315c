//! Playing cards and the 54-card action deck (52 cards and two Jokers), drawn through dice.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::{DiceError, DiceSource};

/// Suits in Savage Worlds tie-break order, lowest first: clubs, diamonds, hearts, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }
}

/// A card of the action deck. Ranks run 2..=14 (11 J, 12 Q, 13 K, 14 A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Card {
    Suited {
        rank: u8,
        suit: Suit,
    },
    /// `red` tells the two Jokers apart; the black one sorts first.
    Joker {
        red: bool,
    },
}

impl Card {
    /// Ordering value, higher acts first: Jokers above the Ace of Spades, then rank, then suit.
    pub fn order(self) -> i64 {
        match self {
            Card::Suited { rank, suit } => i64::from(rank) * 4 + suit as i64,
            Card::Joker { red } => 100 - i64::from(red),
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker { .. })
    }

    /// The card's rank, with Jokers above every Ace.
    pub fn rank(self) -> u8 {
        match self {
            Card::Suited { rank, .. } => rank,
            Card::Joker { .. } => 15,
        }
    }

    /// ASCII form used on the command line and in JSON: `QS`, `10H`, `2C`, `Joker`, `RedJoker`.
    pub fn code(self) -> String {
        match self {
            Card::Suited { rank, suit } => format!("{}{}", rank_name(rank), suit.letter()),
            Card::Joker { red: false } => "Joker".into(),
            Card::Joker { red: true } => "RedJoker".into(),
        }
    }

    /// Parse `QS`, `q♠`, `10h`, `AS`, `joker`, `redjoker`, `blackjoker`.
    pub fn parse(text: &str) -> Option<Card> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "joker" | "blackjoker" | "black-joker" | "jk" => {
                return Some(Card::Joker { red: false });
            }
            "redjoker" | "red-joker" => return Some(Card::Joker { red: true }),
            _ => {}
        }
        let suit_at = t.char_indices().last()?.0;
        let suit = match &t[suit_at..] {
            "c" | "♣" => Suit::Clubs,
            "d" | "♦" => Suit::Diamonds,
            "h" | "♥" => Suit::Hearts,
            "s" | "♠" => Suit::Spades,
            _ => return None,
        };
        let rank = match &t[..suit_at] {
            "a" => 14,
            "k" => 13,
            "q" => 12,
            "j" => 11,
            n => n.parse::<u8>().ok().filter(|r| (2..=10).contains(r))?,
        };
        Some(Card::Suited { rank, suit })
    }
}

fn rank_name(rank: u8) -> String {
    match rank {
        14 => "A".into(),
        13 => "K".into(),
        12 => "Q".into(),
        11 => "J".into(),
        n => n.to_string(),
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Suited { rank, suit } => write!(f, "{}{}", rank_name(rank), suit.symbol()),
            Card::Joker { red: false } => write!(f, "Joker"),
            Card::Joker { red: true } => write!(f, "Red Joker"),
        }
    }
}

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
        let face = dice.draw_card(remaining.len() as u32)?;
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
    fn cards_parse_and_print() {
        for (text, code, shown) in [
            ("QS", "QS", "Q♠"),
            ("10h", "10H", "10♥"),
            ("a♠", "AS", "A♠"),
            ("joker", "Joker", "Joker"),
            ("redjoker", "RedJoker", "Red Joker"),
        ] {
            let card = Card::parse(text).unwrap();
            assert_eq!(card.code(), code);
            assert_eq!(card.to_string(), shown);
            assert_eq!(Card::parse(&card.code()), Some(card));
        }
        for bad in ["", "1S", "11H", "QX", "S", "jokers"] {
            assert_eq!(Card::parse(bad), None, "{bad}");
        }
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
