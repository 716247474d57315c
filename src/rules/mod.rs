//! The pure rules core: dice notation and the four game systems. No terminal, files, clocks or
//! random-number types appear in its API; dice arrive through [`dice::DiceSource`].

pub mod ask;
pub mod conditions;
pub mod dice;
pub mod effect;
pub mod gempunks;
pub mod gurps;
pub mod initiative;
pub mod odds;
pub mod request;
pub mod ruleset;
pub mod savage;
pub mod signature;
pub mod spec;
pub mod state;
pub mod stats;
pub mod system;
pub mod typed;
pub mod types;
pub mod verb;
pub mod woin;
pub mod words;

pub use request::{DamageOutcome, DamageRequest, ShakeOutcome};
pub use ruleset::Ruleset;
pub use system::System;
pub use types::{ActionPool, Health, Pass, RulesError, Side};
pub use words::{Named, nearest, signed, slug};
