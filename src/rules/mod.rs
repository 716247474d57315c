//! The pure rules core: dice notation and the four game systems. No terminal, files, clocks or
//! random-number types appear in its API; dice arrive through [`dice::DiceSource`].

pub mod dice;
