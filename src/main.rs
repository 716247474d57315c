//! The `skirmish` binary: parses the command line and hands off to the library.

use std::process::ExitCode;

use clap::Parser;
use skirmish::cli::{Cli, run_sub};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(sub) => run_sub(sub),
        None => {
            eprintln!("skirmish: the live tracker arrives with the TUI; try `skirmish run --help`");
            ExitCode::SUCCESS
        }
    }
}
