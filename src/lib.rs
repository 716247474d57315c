//! skirmish: a keyboard-only battle tracker for tabletop game masters.
//! Layers (see docs/architecture.md): `rules` (pure) ← `encounter` ← `command` ← `save` ← runtime.

pub mod rules;
