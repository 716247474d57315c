//! The systems: the handle on a ruleset and the one list of built-in rulesets. The interface
//! itself is in `ruleset`, requests in `request`, answers in `effect`, shared values in `types`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{gempunks, gurps, savage, woin};

use super::ruleset::Ruleset;

/// A game system: a handle on its [`Ruleset`]. The four built-in systems are constants; a ruleset
/// defined elsewhere (a test's) is wrapped with [`System::custom`]. Two handles are equal when
/// their keys are.
#[derive(Clone, Copy)]
pub struct System(&'static dyn Ruleset);

impl System {
    pub const WOIN: System = System(&woin::Woin);
    pub const GEMPUNKS: System = System(&gempunks::Gempunks);
    pub const SAVAGE: System = System(&savage::Savage);
    pub const GURPS: System = System(&gurps::Gurps);

    /// The built-in systems: the one list the rest of the program consults.
    pub const ALL: [System; 4] = [System::WOIN, System::GEMPUNKS, System::SAVAGE, System::GURPS];

    /// A system whose rules live outside this crate.
    pub const fn custom(rules: &'static dyn Ruleset) -> System {
        System(rules)
    }

    /// The rules of this system.
    pub fn rules(self) -> &'static dyn Ruleset {
        self.0
    }

    /// The word used in commands and file names: `woin`, `gempunks`, `savage`, `gurps`.
    pub fn key(self) -> &'static str {
        self.0.key()
    }

    /// A built-in system by its key or one of its aliases, any case.
    pub fn parse(text: &str) -> Option<System> {
        let text = text.to_ascii_lowercase();
        System::ALL.into_iter().find(|s| s.key() == text || s.0.aliases().contains(&text.as_str()))
    }

    /// A built-in system by the tag its saves use (`Woin`).
    pub fn from_tag(tag: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.0.tag() == tag)
    }
}

impl PartialEq for System {
    fn eq(&self, other: &System) -> bool {
        self.key() == other.key()
    }
}

impl Eq for System {}

impl std::hash::Hash for System {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Debug for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.tag())
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

/// Saved as a plain unit variant (`system: Woin`), as before systems became open.
impl Serialize for System {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("System", 0, self.0.tag())
    }
}

impl<'de> Deserialize<'de> for System {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<System, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = System;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a system: Woin, Gempunks, Savage or Gurps")
            }
            fn visit_str<E: serde::de::Error>(self, tag: &str) -> Result<System, E> {
                System::from_tag(tag).ok_or_else(|| E::unknown_variant(tag, TAGS))
            }
            fn visit_enum<A: serde::de::EnumAccess<'de>>(
                self,
                data: A,
            ) -> Result<System, A::Error> {
                use serde::de::VariantAccess;
                let (Identifier(tag), variant) = data.variant()?;
                variant.unit_variant()?;
                self.visit_str(&tag)
            }
        }
        const TAGS: &[&str] = &["Woin", "Gempunks", "Savage", "Gurps"];
        deserializer.deserialize_enum("System", TAGS, Visit)
    }
}

/// An enum variant's name, read as an identifier (what RON's `deserialize_enum` hands over).
pub struct Identifier(pub String);

impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Identifier, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Identifier;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a variant name")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Identifier, E> {
                Ok(Identifier(text.to_string()))
            }
        }
        deserializer.deserialize_identifier(Visit)
    }
}
