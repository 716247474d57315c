//! Characters from other tools: a GURPS Character Sheet (GCS) file, a Savaged.us export, or a
//! stat block pasted as text, read into [`Sheet`]s: the fields `add` takes, the weapons
//! `weapon` takes, the health already lost and a report of what was read, skipped and odd.
//! Reading never touches the fight: the engine checks a sheet against its system's field
//! tables exactly as it checks `add`, and the `Added` events carry the values, so a fight
//! replays without the file.

pub mod blocks;
mod fields;
pub mod gcs;
mod savage_terms;
pub mod savaged;
pub mod sheet;

pub use sheet::{ImportError, Report, Sheet, SheetWeapon};
