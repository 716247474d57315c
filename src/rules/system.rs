//! The registry: the handle on a ruleset ([`System`]) and the one list of the built-in systems,
//! with what looks a system up by its key or tag (the saves' `system: Woin` and `Woin(…)` events),
//! and the systems defined outside this crate that are registered to be looked up the same way.
//! It sits above the systems and is the only module in `rules` that names them; no system imports
//! it. The interface is in `ruleset`, requests in `request`, answers in `effect`, shared values in
//! `types`.

use std::fmt;
use std::sync::{LazyLock, PoisonError, RwLock};

use serde::de::{DeserializeSeed, EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::ruleset::Ruleset;
use super::state::SystemEvent;
use super::{gempunks, gurps, savage, woin};

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
        self.0.spec().key
    }

    /// A known system (built in or registered) by its key or one of its aliases, any case.
    pub fn parse(text: &str) -> Option<System> {
        let text = text.to_ascii_lowercase();
        System::known()
            .into_iter()
            .find(|s| s.key() == text || s.0.spec().aliases.contains(&text.as_str()))
    }

    /// A known system (built in or registered) by the tag its saves use (`Woin`).
    pub fn from_tag(tag: &str) -> Option<System> {
        System::known().into_iter().find(|s| s.0.spec().tag == tag)
    }

    /// Make a system defined outside this crate known by its key and by its tag, so that a fight
    /// of it loads (`system: Lite`, its `Lite(…)` events) and `new lite` finds it. Registering
    /// the same system again changes nothing; another system's key or tag is refused.
    pub fn register(system: System) -> Result<(), String> {
        let mut registered = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
        let (key, tag) = (system.key(), system.0.spec().tag);
        let clash = System::ALL
            .iter()
            .chain(registered.iter())
            .find(|s| s.key() == key || s.0.spec().tag == tag)
            .copied();
        match clash {
            None => {
                registered.push(system);
                Ok(())
            }
            Some(known) if known == system && known.0.spec().tag == tag => Ok(()),
            Some(known) => Err(format!(
                "cannot register {system} (key `{key}`, tag `{tag}`): {known} has key `{}` and tag `{}`",
                known.key(),
                known.0.spec().tag
            )),
        }
    }

    /// The built-in systems, then those registered.
    fn known() -> Vec<System> {
        let registered = REGISTERED.read().unwrap_or_else(PoisonError::into_inner);
        System::ALL.into_iter().chain(registered.iter().copied()).collect()
    }

    /// The built-in systems as people read a list: `woin, gempunks, savage or gurps` for
    /// `System::listed(System::key)`. Every text that names them all is written from here.
    pub fn listed(word: impl Fn(System) -> &'static str) -> String {
        or_list(&System::ALL.map(word))
    }
}

/// Systems defined outside this crate, registered by [`System::register`]: found by key and tag
/// after the built-in ones. Only ever added to, so a handle found here stays valid.
static REGISTERED: RwLock<Vec<System>> = RwLock::new(Vec::new());

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
        f.write_str(self.0.spec().tag)
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.spec().name)
    }
}

/// Saved as a plain unit variant (`system: Woin`), as before systems became open.
impl Serialize for System {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("System", 0, self.0.spec().tag)
    }
}

impl<'de> Deserialize<'de> for System {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<System, D::Error> {
        struct Visit;
        impl<'de> Visitor<'de> for Visit {
            type Value = System;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a system: {}", System::listed(|s| s.rules().spec().tag))
            }
            fn visit_str<E: serde::de::Error>(self, tag: &str) -> Result<System, E> {
                System::from_tag(tag).ok_or_else(|| E::unknown_variant(tag, tags()))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<System, A::Error> {
                let (Identifier(tag), variant) = data.variant()?;
                variant.unit_variant()?;
                self.visit_str(&tag)
            }
        }
        deserializer.deserialize_enum("System", tags(), Visit)
    }
}

/// Read as `Woin(…)`: the tag names the built-in system, whose own type reads the rest.
impl<'de> Deserialize<'de> for SystemEvent {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SystemEvent, D::Error> {
        struct Visit;
        impl<'de> Visitor<'de> for Visit {
            type Value = SystemEvent;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a system's event, such as Woin(…) or Savage(…)")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<SystemEvent, A::Error> {
                let (Identifier(tag), variant) = data.variant()?;
                let Some(system) = System::from_tag(&tag) else {
                    return Err(serde::de::Error::unknown_variant(&tag, tags()));
                };
                variant.newtype_variant_seed(Decode(system))
            }
        }
        deserializer.deserialize_enum("SystemEvent", tags(), Visit)
    }
}

/// The built-in systems' tags, in the order of [`System::ALL`]: what serde names as expected
/// when a save holds another.
fn tags() -> &'static [&'static str] {
    static TAGS: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| System::ALL.iter().map(|s| s.rules().spec().tag).collect());
    &TAGS
}

/// Reads one system's event with that system's own type.
struct Decode(System);

impl<'de> DeserializeSeed<'de> for Decode {
    type Value = SystemEvent;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<SystemEvent, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        self.0.rules().decode_event(&mut erased).map_err(serde::de::Error::custom)
    }
}

/// An enum variant's name, read as an identifier (what RON's `deserialize_enum` hands over).
struct Identifier(String);

impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Identifier, D::Error> {
        struct Visit;
        impl Visitor<'_> for Visit {
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

/// Words as a list people read: `a, b or c`.
fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_words_reads_with_commas_and_a_last_or() {
        for (words, text) in [
            (&[][..], ""),
            (&["woin"][..], "woin"),
            (&["woin", "gurps"][..], "woin or gurps"),
            (&["woin", "gempunks", "savage", "gurps"][..], "woin, gempunks, savage or gurps"),
        ] {
            assert_eq!(or_list(words), text, "{words:?}");
        }
    }

    #[test]
    fn the_list_and_the_tags_serde_names_follow_the_built_in_systems() {
        assert_eq!(System::listed(System::key), "woin, gempunks, savage or gurps");
        assert_eq!(System::listed(|s| s.rules().spec().tag), "Woin, Gempunks, Savage or Gurps");
        let in_order: Vec<&str> = System::ALL.iter().map(|s| s.rules().spec().tag).collect();
        assert_eq!(tags(), in_order.as_slice());
    }
}
