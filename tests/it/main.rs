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
mod gempunks;
mod gempunks_play;
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
mod typed_dice;
mod watch;
mod woin;
