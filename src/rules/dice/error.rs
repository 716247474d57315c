//! The one error type of the dice module, shared by the parser, the roller and the dice sources.

use std::fmt;

/// Everything that can go wrong while reading dice notation, reading a dice script or rolling.
///
/// Columns count characters from 1. Every message starts with `dice:` and says what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// The text does not follow the notation (or the script format).
    Parse {
        /// 1-based character column of the offending token.
        column: usize,
        /// What the reader was looking for, in plain words.
        expected: String,
        /// The text actually found there; empty at the end of the text.
        found: String,
    },
    /// The expression is empty or only whitespace.
    Empty,
    /// The expression is longer than [`super::MAX_TEXT_BYTES`].
    TooLong {
        /// Length of the text in bytes.
        len: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// Parentheses are nested deeper than [`super::MAX_DEPTH`].
    TooDeep {
        /// Column of the first `(` beyond the limit.
        column: usize,
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// The expression asks for more than [`super::MAX_DICE`] dice in total.
    TooManyDice {
        /// Column of the dice term that went over the limit.
        column: usize,
        /// Dice counted up to and including that term.
        count: u64,
        /// The limit.
        limit: u32,
    },
    /// A die has more than [`super::MAX_SIDES`] sides.
    TooManySides {
        /// Column of the number of sides.
        column: usize,
        /// The number of sides asked for.
        sides: u64,
        /// The limit.
        limit: u32,
    },
    /// A dice term asks for zero dice, as in `0d6`.
    ZeroDice {
        /// Column of the count.
        column: usize,
    },
    /// A die with zero sides, as in `d0`, or a request to roll one.
    ZeroSides {
        /// Column of the number of sides, or 0 when the request did not come from text.
        column: usize,
    },
    /// A keep count outside `1..=dice`, as in `4d6kh5` or `4d6kh0`.
    BadKeep {
        /// Column of the keep count.
        column: usize,
        /// The keep count asked for.
        keep: u64,
        /// How many dice the term rolls.
        dice: u32,
    },
    /// An exploding one-sided die, which would explode on every roll.
    CannotExplode {
        /// Column of the `!`.
        column: usize,
    },
    /// A [`super::ScriptedDice`] ran out of faces.
    ScriptExhausted {
        /// Faces handed out before it ran out.
        used: usize,
        /// Sides of the die that was being rolled.
        sides: u32,
    },
    /// The faces typed in a command's field (`roll=`) ran out before its roll was done.
    FieldRanOut {
        /// The field, as typed (`roll`).
        field: String,
        used: usize,
        sides: u32,
    },
    /// A dice source produced a face that does not fit the die.
    FaceOutOfRange {
        /// The face produced.
        face: u32,
        /// Sides of the die being rolled.
        sides: u32,
        /// 1-based position of the face in the script, or 0 when the source is not a script.
        position: usize,
    },
    /// The expression, or a part of it, can reach beyond [`super::MAX_TOTAL`] either way.
    TooLarge {
        /// The bound that went out of range.
        reach: i64,
        /// The limit on either side of zero.
        limit: i64,
    },
    /// Explosions took a roll's total beyond [`super::MAX_TOTAL`] either way.
    RollTooLarge {
        /// The total rolled.
        total: i64,
        /// The limit on either side of zero.
        limit: i64,
    },
    /// A result does not fit in a 64-bit integer (possible only through explosions).
    Overflow,
    /// The source stopped planning to ask for a roll or a decision (see [`super::question`]):
    /// not a mistake, a question for the GM.
    Stopped(Box<super::question::Need>),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::Parse { column, expected, found } => {
                write!(f, "dice: expected {expected} at column {column}, found ")?;
                if found.is_empty() {
                    f.write_str("the end of the text")
                } else {
                    write!(f, "'{found}'")
                }
            }
            DiceError::Empty => {
                f.write_str("dice: the expression is empty; expected something like 2d6+3")
            }
            DiceError::TooLong { len, limit } => {
                write!(f, "dice: the expression is {len} bytes long; expected at most {limit}")
            }
            DiceError::TooDeep { column, limit } => write!(
                f,
                "dice: parentheses nest too deep at column {column}; expected at most {limit} levels"
            ),
            DiceError::TooManyDice { column, count, limit } => write!(
                f,
                "dice: {count} dice by column {column}; expected at most {limit} in one expression"
            ),
            DiceError::TooManySides { column, sides, limit } => write!(
                f,
                "dice: a die with {sides} sides at column {column}; expected at most {limit} sides"
            ),
            DiceError::ZeroDice { column } => {
                write!(f, "dice: expected at least one die at column {column}, found 0")
            }
            DiceError::ZeroSides { column: 0 } => {
                f.write_str("dice: cannot roll a die with 0 sides; expected at least 1")
            }
            DiceError::ZeroSides { column } => {
                write!(f, "dice: expected at least one side at column {column}, found 0")
            }
            DiceError::BadKeep { column, keep, dice } => write!(
                f,
                "dice: expected to keep between 1 and {dice} dice at column {column}, found {keep}"
            ),
            DiceError::CannotExplode { column } => write!(
                f,
                "dice: a d1 cannot explode (it always rolls its maximum); expected at least 2 sides before the '!' at column {column}"
            ),
            DiceError::FieldRanOut { field, used, sides } => {
                let faces = if *used == 1 { "face" } else { "faces" };
                write!(
                    f,
                    "{field}= gave {used} {faces} and the roll needs another, for a d{sides}: \
                     type every face of that roll, or leave {field}= out for the tracker to roll"
                )
            }
            DiceError::ScriptExhausted { used, sides } => {
                let faces = if *used == 1 { "face" } else { "faces" };
                write!(
                    f,
                    "dice: the dice script ran out after {used} {faces}; expected another face for a d{sides}"
                )
            }
            DiceError::FaceOutOfRange { face, sides, position: 0 } => write!(
                f,
                "dice: the dice source gave face {face} for a d{sides}; expected 1 to {sides}"
            ),
            DiceError::FaceOutOfRange { face, sides, position } => write!(
                f,
                "dice: face {face} at position {position} of the dice script does not fit a d{sides}; expected 1 to {sides}"
            ),
            DiceError::TooLarge { reach, limit } => write!(
                f,
                "dice: the expression can reach {reach}; expected every result, and every part of one, between -{limit} and {limit}"
            ),
            DiceError::RollTooLarge { total, limit } => write!(
                f,
                "dice: explosions took the roll to {total}; expected a total between -{limit} and {limit}"
            ),
            DiceError::Overflow => {
                f.write_str("dice: the numbers are too large to add up (arithmetic overflow)")
            }
            DiceError::Stopped(need) => write!(f, "this needs an answer first: {need}"),
        }
    }
}

impl std::error::Error for DiceError {}
