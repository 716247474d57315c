//! The integration tests, as one binary with a module per area.
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "a test reports a failure by stopping with its message, helpers included"
)]

mod alerts;
mod append;
mod ask;
mod ask_gempunks;
mod ask_gurps;
mod ask_savage;
mod ask_woin;
mod bounds;
mod canonical;
mod cli;
mod cli_edges;
mod clock;
mod command;
mod crash;
mod dice;
mod durations;
mod edit;
mod export;
mod export_lines;
mod fifth;
mod fight_end;
mod frames;
mod fuzz_numbers;
mod gempunks;
mod gempunks_gaps;
mod gempunks_gaps2;
mod gempunks_play;
mod gurps;
mod gurps_gaps;
mod gurps_rapid;
mod gurps_sheet_fields;
mod harness;
mod history;
mod history_cost;
mod import;
mod initiative;
mod journal_write;
mod legal;
mod live;
mod locks;
mod log_fold;
mod log_scroll;
mod log_view;
mod long_log;
mod names;
mod odds;
mod odds_large;
mod replay;
mod rules;
mod run_append;
mod savage;
mod saves;
mod setup_groups;
mod streamed;
mod tui;
mod tui_safety;
mod typed_command;
mod typed_dice;
mod verb_dialog;
mod walk;
mod watch;
mod watch_privacy;
mod woin;
