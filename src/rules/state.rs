//! A system's own state and events, carried by the engine without knowing their types: the engine
//! stores, clones, compares and saves them; only the system that made them looks inside.

use std::any::Any;
use std::fmt;

use serde::{Deserialize, Serialize};

/// What a system's state value must be able to do (saved in a journal's snapshot).
pub trait StateData: erased_serde::Serialize + Any + fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn StateData>;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn eq_dyn(&self, other: &dyn StateData) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

erased_serde::serialize_trait_object!(StateData);

impl<T: Serialize + Any + fmt::Debug + Clone + PartialEq + Send + Sync> StateData for T {
    fn clone_box(&self) -> Box<dyn StateData> {
        Box::new(self.clone())
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
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

    /// The placeholder an encounter holds before its system's state is set or read back.
    pub fn is_placeholder(&self) -> bool {
        self.get::<()>().is_some()
    }

    /// The state as the system's own type to change, a placeholder first made a fresh state;
    /// `None` when it holds another type.
    pub fn own_mut<T: StateData + Default>(&mut self) -> Option<&mut T> {
        if self.is_placeholder() {
            *self = SystemState::new(T::default());
        }
        self.get_mut()
    }

    /// The state moved out as the system's own type (a placeholder, or another type, reads as a
    /// fresh state), leaving the placeholder behind.
    pub fn take<T: StateData + Default>(&mut self) -> T {
        let taken = std::mem::replace(self, SystemState::none());
        match taken.0.into_any().downcast::<T>() {
            Ok(own) => *own,
            Err(other) => {
                debug_assert!(other.is::<()>(), "a system took another system's state");
                T::default()
            }
        }
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

/// A system event's numbers checked before the fold applies it, as `encounter::bounds` checks
/// the core events': a number out of range (from a save, or planned) is refused, named.
pub trait Bounded {
    fn check_bounds(&self) -> Result<(), String>;
}

/// A number within `min..=max`, or what was expected.
pub fn within(what: &str, n: i64, min: i64, max: i64) -> Result<(), String> {
    if (min..=max).contains(&n) {
        Ok(())
    } else {
        Err(format!("{what} {n} is out of range; expected {min} to {max}"))
    }
}

/// What a system's event value must be able to do.
pub trait EventData: erased_serde::Serialize + Any + fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn EventData>;
    fn check_bounds(&self) -> Result<(), String>;
    fn eq_dyn(&self, other: &dyn EventData) -> bool;
    fn as_any(&self) -> &dyn Any;
}

erased_serde::serialize_trait_object!(EventData);

impl<T: Serialize + Any + fmt::Debug + Clone + PartialEq + Send + Sync + Bounded> EventData for T {
    fn clone_box(&self) -> Box<dyn EventData> {
        Box::new(self.clone())
    }

    fn check_bounds(&self) -> Result<(), String> {
        Bounded::check_bounds(self)
    }

    fn eq_dyn(&self, other: &dyn EventData) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One change to a system's own state. Saved as `Woin(Ambushed(…))`: the system's tag, then the
/// system's own externally tagged event. Read back through the registry (`system.rs`), which
/// finds the system by that tag and hands the rest to its [`super::ruleset::Ruleset::decode_event`].
pub struct SystemEvent {
    /// The tag of the system that made it ([`super::ruleset::Ruleset::tag`]).
    tag: &'static str,
    data: Box<dyn EventData>,
}

impl SystemEvent {
    /// An event of the system whose tag this is.
    pub fn new<T: EventData>(tag: &'static str, data: T) -> SystemEvent {
        SystemEvent { tag, data: Box::new(data) }
    }

    /// The tag of the system that made it.
    pub fn tag(&self) -> &'static str {
        self.tag
    }

    /// Its numbers checked by the system that made it.
    pub fn check_bounds(&self) -> Result<(), String> {
        self.data.check_bounds()
    }

    /// The event as the system's own type, if it is one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.data.as_any().downcast_ref()
    }
}

impl Clone for SystemEvent {
    fn clone(&self) -> SystemEvent {
        SystemEvent { tag: self.tag, data: self.data.clone_box() }
    }
}

impl PartialEq for SystemEvent {
    fn eq(&self, other: &SystemEvent) -> bool {
        self.tag == other.tag && self.data.eq_dyn(&*other.data)
    }
}

impl Eq for SystemEvent {}

impl fmt::Debug for SystemEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:?})", self.tag, self.data)
    }
}

impl Serialize for SystemEvent {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_variant("SystemEvent", 0, self.tag, &*self.data)
    }
}

/// Decode one system's event type: what [`super::ruleset::Ruleset::decode_event`]
/// implementations call, with their own tag.
pub fn decode<T>(
    tag: &'static str,
    d: &mut dyn erased_serde::Deserializer,
) -> Result<SystemEvent, erased_serde::Error>
where
    T: EventData + for<'de> Deserialize<'de>,
{
    Ok(SystemEvent::new(tag, erased_serde::deserialize::<T>(d)?))
}

/// Decode one system's state type from a snapshot: what
/// [`super::ruleset::Ruleset::decode_state`] implementations call.
pub fn decode_state<T>(
    d: &mut dyn erased_serde::Deserializer,
) -> Result<SystemState, erased_serde::Error>
where
    T: StateData + Clone + PartialEq + for<'de> Deserialize<'de>,
{
    Ok(SystemState::new(erased_serde::deserialize::<T>(d)?))
}
