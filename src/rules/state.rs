//! A system's own state and events, carried by the engine without knowing their types: the engine
//! stores, clones, compares and saves them; only the system that made them looks inside.

use std::any::Any;
use std::fmt;

use serde::de::{DeserializeSeed, EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::system::{Identifier, System};

/// What a system's state value must be able to do (saved in a journal's snapshot).
pub trait StateData: erased_serde::Serialize + Any + fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn StateData>;
    fn eq_dyn(&self, other: &dyn StateData) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

erased_serde::serialize_trait_object!(StateData);

impl<T: Serialize + Any + fmt::Debug + Clone + PartialEq + Send + Sync> StateData for T {
    fn clone_box(&self) -> Box<dyn StateData> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn StateData) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The state a system keeps for one encounter (the Savage Worlds deck, WOIN overwatch …), folded
/// from that system's events.
pub struct SystemState(Box<dyn StateData>);

impl SystemState {
    pub fn new<T: StateData>(value: T) -> SystemState {
        SystemState(Box::new(value))
    }

    /// A system that keeps nothing of its own.
    pub fn none() -> SystemState {
        SystemState::new(())
    }

    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The state as RON text, for a snapshot; read back with [`decode_state`]. An error when
    /// the system's state does not serialise (the snapshot is then not written).
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        ron::to_string(&*self.0)
    }

    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }
}

impl Clone for SystemState {
    fn clone(&self) -> SystemState {
        SystemState(self.0.clone_box())
    }
}

impl PartialEq for SystemState {
    fn eq(&self, other: &SystemState) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

impl Eq for SystemState {}

impl fmt::Debug for SystemState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a system's event value must be able to do.
pub trait EventData: erased_serde::Serialize + Any + fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn EventData>;
    fn eq_dyn(&self, other: &dyn EventData) -> bool;
    fn as_any(&self) -> &dyn Any;
}

erased_serde::serialize_trait_object!(EventData);

impl<T: Serialize + Any + fmt::Debug + Clone + PartialEq + Send + Sync> EventData for T {
    fn clone_box(&self) -> Box<dyn EventData> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn EventData) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One change to a system's own state. Saved as `Woin(Ambushed(…))`: the system's tag, then the
/// system's own externally tagged event.
pub struct SystemEvent {
    system: System,
    data: Box<dyn EventData>,
}

impl SystemEvent {
    pub fn new<T: EventData>(system: System, data: T) -> SystemEvent {
        SystemEvent { system, data: Box::new(data) }
    }

    pub fn system(&self) -> System {
        self.system
    }

    /// The event as the system's own type, if it is one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.data.as_any().downcast_ref()
    }
}

impl Clone for SystemEvent {
    fn clone(&self) -> SystemEvent {
        SystemEvent { system: self.system, data: self.data.clone_box() }
    }
}

impl PartialEq for SystemEvent {
    fn eq(&self, other: &SystemEvent) -> bool {
        self.system == other.system && self.data.eq_dyn(&*other.data)
    }
}

impl Eq for SystemEvent {}

impl fmt::Debug for SystemEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}({:?})", self.system, self.data)
    }
}

impl Serialize for SystemEvent {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_variant(
            "SystemEvent",
            0,
            self.system.rules().tag(),
            &*self.data,
        )
    }
}

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
                    return Err(serde::de::Error::unknown_variant(&tag, TAGS));
                };
                variant.newtype_variant_seed(Decode(system))
            }
        }
        const TAGS: &[&str] = &["Woin", "Gempunks", "Savage", "Gurps"];
        deserializer.deserialize_enum("SystemEvent", TAGS, Visit)
    }
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

/// Decode one system's event type: what [`super::Ruleset::decode_event`] implementations call.
pub fn decode<T>(
    system: System,
    d: &mut dyn erased_serde::Deserializer,
) -> Result<SystemEvent, erased_serde::Error>
where
    T: EventData + for<'de> Deserialize<'de>,
{
    Ok(SystemEvent::new(system, erased_serde::deserialize::<T>(d)?))
}

/// Decode one system's state type from a snapshot: what [`super::Ruleset::decode_state`]
/// implementations call.
pub fn decode_state<T>(
    d: &mut dyn erased_serde::Deserializer,
) -> Result<SystemState, erased_serde::Error>
where
    T: StateData + Clone + PartialEq + for<'de> Deserialize<'de>,
{
    Ok(SystemState::new(erased_serde::deserialize::<T>(d)?))
}

/// The `Ruleset` methods by which a system keeps its own state and events, written once for every
/// system: `$module` holds the state type, the event type, and the `apply` and `observe` functions.
macro_rules! own_state {
    ($module:ident, $state:ident, $event:ident, $system:expr) => {
        fn new_state(&self) -> $crate::rules::state::SystemState {
            $crate::rules::state::SystemState::new($module::$state::default())
        }

        fn decode_state(
            &self,
            d: &mut dyn erased_serde::Deserializer,
        ) -> Result<$crate::rules::state::SystemState, erased_serde::Error> {
            $crate::rules::state::decode_state::<$module::$state>(d)
        }

        fn decode_event(
            &self,
            d: &mut dyn erased_serde::Deserializer,
        ) -> Result<$crate::rules::state::SystemEvent, erased_serde::Error> {
            $crate::rules::state::decode::<$module::$event>($system, d)
        }

        fn apply_event(
            &self,
            state: &mut $crate::rules::state::SystemState,
            event: &$crate::rules::state::SystemEvent,
            roster: &mut dyn $crate::rules::ruleset::Roster,
        ) -> Result<$crate::rules::ruleset::Line, $crate::rules::system::RulesError> {
            $module::apply(state, event, roster)
        }

        fn observe(
            &self,
            state: &mut $crate::rules::state::SystemState,
            fact: $crate::rules::ruleset::Fact<'_>,
        ) {
            $module::observe(state, fact);
        }
    };
}
pub(crate) use own_state;
