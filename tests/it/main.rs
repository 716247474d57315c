//! The integration tests, as one binary with a module per area.

mod bounds;
mod cli;
mod command;
mod crash;
mod dice;
mod edit;
mod export;
mod fifth;
mod fight_end;
mod frames;
mod gempunks;
mod gurps;
mod harness;
mod history;
mod initiative;
mod names;
mod odds;
mod replay;
mod rules;
mod savage;
mod saves;
mod tui;
mod tui_safety;
mod watch;
mod woin;
