//! Dice notation, rolling and the [`DiceSource`] trait (placeholder until the dice module lands).

/// Where die faces come from: a seeded generator in play, a script of faces in tests.
pub trait DiceSource {
    /// One face of a die with `sides` sides, in `1..=sides`.
    fn roll(&mut self, sides: u32) -> Result<u32, String>;
}
