//! The standard 54-card deck as a table device, next to the dice: suits, ranks, the two Jokers,
//! the usual order (rank, then suit clubs < diamonds < hearts < spades, Jokers above all) and the
//! names a GM types (`QS`, `10h`, `joker`). No system's rules live here: which deck is dealt, when,
//! and what a card means belong to the system that deals it (Savage Worlds: `savage/deck.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Suits in the usual tie-break order, lowest first: clubs, diamonds, hearts, spades.
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

/// A playing card. Ranks run 2..=14 (11 J, 12 Q, 13 K, 14 A).
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
