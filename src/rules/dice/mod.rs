//! Dice notation (`4d6kh3`, `2d+1`, `(d8!+2)*2`), rolling it with full records, and the
//! [`DiceSource`] trait through which all randomness enters the rules. See `docs/dice.md`.

pub mod cards;
mod error;
mod expr;
mod parse;
pub mod question;
mod roll;
mod source;

pub use error::DiceError;
pub use expr::DiceExpr;
pub use roll::{DieRoll, RollRecord};
pub use source::{DiceSource, ScriptedDice, SeededDice, TypedFirst, roll_die};

/// Most dice one expression may ask for, adding up the count of every term.
pub const MAX_DICE: u32 = 10_000;
/// Most sides one die may have.
pub const MAX_SIDES: u32 = 1_000_000;
/// Longest expression text accepted, in bytes.
pub const MAX_TEXT_BYTES: usize = 4096;
/// Deepest nesting of parentheses accepted.
pub const MAX_DEPTH: usize = 64;
/// Largest constant an expression may hold (the `3` in `2d6+3`).
pub const MAX_NUMBER: i64 = 1_000_000;
/// Largest size of a result: an expression's bounds, every part of it on the way to them, and
/// every roll's total must lie between `-MAX_TOTAL` and `MAX_TOTAL`.
pub const MAX_TOTAL: i64 = 1_000_000_000;
/// Most extra dice one exploding die may add, so a rigged source cannot keep a roll going forever.
pub const MAX_EXPLOSIONS: u32 = 100;
