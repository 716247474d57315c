//! skirmish: a keyboard-only battle tracker for tabletop game masters.
//! Layers (see docs/architecture.md): `rules` (pure) ← `command` ← `encounter` ← `save` ← runtime.

pub mod app;
pub mod cli;
pub mod clock;
pub mod command;
pub mod encounter;
pub mod export;
pub mod import;
pub mod printable;
pub mod rules;
pub mod runtime;
pub mod save;
pub mod ui;
pub mod view;
