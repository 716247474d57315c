//! The integration tests, as one binary with a module per area.

mod bounds;
mod cli;
mod command;
mod dice;
mod fifth;
mod gurps;
mod harness;
mod history;
mod initiative;
mod odds;
mod rules;
mod savage;
mod saves;
mod tui;
mod tui_safety;
mod woin;
