//! The `skirmish` binary: parses the command line and hands off to the library.

use std::process::ExitCode;

use clap::Parser;
use skirmish::cli::{Cli, main as run};

fn main() -> ExitCode {
    run(Cli::parse())
}
