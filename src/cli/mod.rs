//! The command line (clap): the subcommands and their entry points, with the small headless ones
//! (`roll`, `check`, `odds`). Part of the runtime layer: it reads files and stdin, and owns the
//! clock-seeded dice. The tracker's start, `run` scripts and their text and JSON output each have
//! a module here.

mod answer;
mod json;
mod list;
mod log_from;
mod replan;
mod script;
mod shared;
pub mod shell;
mod text;
mod tracker;
pub mod watch;

pub use answer::Answer;
pub use json::to_json;
pub use list::{rows as fight_rows, table as fight_table};
pub use script::{SaveTargets, ScriptError, run_onto, run_script};
pub use text::to_text;
pub use tracker::{Pace, Start, replay_app, tracker_app};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueHint};

use crate::printable::escaped;
use crate::rules::System;
use crate::rules::dice::DiceExpr;
use crate::save;
use script::run;
use shared::{EXIT_COMMAND, EXIT_INPUT, fail, load_assets, play_dice};
use tracker::tui;

/// skirmish: a keyboard-only battle tracker for WOIN, Gempunks, Savage Worlds and GURPS.
#[derive(Debug, Parser)]
#[command(name = "skirmish", version, about)]
pub struct Cli {
    /// Folder for autosaves (default: ~/.local/share/skirmish/saves).
    #[arg(long, global = true, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub saves: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Sub>,
}

#[derive(Debug, Subcommand)]
pub enum Sub {
    /// Open a save file in the tracker (it is autosaved back to the same file); with no FILE,
    /// pick one of the fights in the saves folder, newest first.
    Open {
        #[arg(value_hint = ValueHint::FilePath)]
        file: Option<PathBuf>,
    },
    /// List the fights in the saves folder, newest first: name, system, round, when last
    /// played, and the file.
    List,
    /// Start a new encounter in the tracker under one of the systems.
    #[command(about = format!("Start a new encounter in the tracker: {}", System::listed(System::key)))]
    New {
        #[arg(value_parser = shell::systems())]
        system: String,
        /// The encounter's name.
        name: Vec<String>,
    },
    /// Apply commands to an encounter without the TUI, then print the log and the final state.
    ///
    /// With --save FILE onto FILE itself, only the log lines the script added are printed, after
    /// a line counting those left out (--log all prints every one; --log new does the same
    /// without --save), and the script's records are appended: the file is opened from its last snapshot,
    /// whose sum and every record after it are checked and folded as a whole load checks them,
    /// and the history before the snapshot is not read (`skirmish check FILE` checks every
    /// record). An undo past the snapshot, --log all, --recover and saving elsewhere read the
    /// whole file.
    Run {
        /// A save file to start from (otherwise the script starts with `new SYSTEM`).
        #[arg(value_hint = ValueHint::FilePath)]
        file: Option<PathBuf>,
        /// Commands, one per line (`#` starts a comment); `-` reads standard input.
        #[arg(long, value_name = "PATH|-", value_hint = ValueHint::FilePath)]
        script: Option<String>,
        /// Every die face in the order the rules roll them, e.g. 6,6,6,2.
        #[arg(long, value_name = "LIST")]
        dice: Option<String>,
        /// Seed for the dice when no --dice list is given.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Which log lines to print: new (the default when --save appends onto FILE: those the script added,
        /// after a line counting the rest; with --json, `log` holds them and `log_from` the
        /// index of the first in the whole log) or all (the default otherwise).
        #[arg(long, value_name = "new|all", value_enum)]
        log: Option<log_from::LogShown>,
        /// Write the resulting encounter to this file.
        #[arg(long, value_name = "PATH", value_hint = ValueHint::FilePath)]
        save: Option<PathBuf>,
        /// Open a journal with a damaged record (a torn last one, say): the damaged file is kept
        /// whole as FILE.damaged (FILE.damaged.1, … when one is kept already), and the fight
        /// opens as it stood before the damage.
        #[arg(long)]
        recover: bool,
    },
    /// Roll a dice expression, e.g. `skirmish roll 4d6kh3`.
    Roll {
        expr: Vec<String>,
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// The players' screen: follow a fight read-only as the players may see it (hidden
    /// combatants, exact enemy health and GM notes stay hidden). `q` quits.
    Watch {
        /// The fight file (default: the fight the tracker has open in the saves folder).
        #[arg(value_hint = ValueHint::FilePath)]
        file: Option<PathBuf>,
        /// Print the players' view once and exit.
        #[arg(long)]
        once: bool,
        /// With --once: print one JSON object instead of text.
        #[arg(long, requires = "once")]
        json: bool,
        /// Ring the terminal bell when a player character's turn begins and when one is on deck.
        #[arg(long, conflicts_with = "once")]
        bell: bool,
    },
    /// Check that a save file loads and replays (every record's checksum, every branch).
    Check {
        #[arg(value_hint = ValueHint::FilePath)]
        file: PathBuf,
        /// Also plan each command again with the dice faces its own events recorded and report
        /// any command whose events differ (rules change between versions, so older records
        /// may differ for good reasons).
        #[arg(long)]
        replan: bool,
    },
    #[command(about = shell::odds_about())]
    Odds {
        #[arg(value_parser = shell::odds_systems())]
        system: String,
        /// What the system's odds take (see above), e.g. `d8 tn=4 mod=-2` for savage.
        args: Vec<String>,
    },
    /// Write a report of a saved fight: participants, statistics per combatant, the log by round.
    Export {
        #[arg(value_hint = ValueHint::FilePath)]
        file: PathBuf,
        /// md (Markdown, the default) or json.
        #[arg(long, value_name = "md|json", default_value = "md", value_parser = shell::formats())]
        format: String,
        /// Leave out hidden combatants and the GM's notes (a report to share with the players).
        #[arg(long)]
        players: bool,
        /// Write the report here instead of standard output.
        #[arg(short, long, value_name = "OUT", value_hint = ValueHint::FilePath)]
        output: Option<PathBuf>,
    },
    /// Replay a saved fight, read-only: step by command, turn or round, play it, pick a line of
    /// play from its history tree, and branch from any step into a new file (b). Nothing is
    /// written to FILE and no lock is taken.
    Replay {
        #[arg(value_hint = ValueHint::FilePath)]
        file: PathBuf,
        /// Seconds between steps while playing (Space plays, + and - change it), or `real`: at
        /// the pace the fight was played, each wait at most 10 seconds.
        #[arg(long, value_name = "SECONDS|real", default_value = "1")]
        pace: tracker::Pace,
    },
    /// List the creatures `add NAME` knows, the built-in ones and those of your own bestiary
    /// folder (~/.config/skirmish/bestiary/SYSTEM/), with any file of it that could not be read.
    Bestiary {
        /// One system only.
        #[arg(value_parser = shell::systems())]
        system: Option<String>,
    },
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), e.g. `skirmish man > ~/.local/share/man/man1/skirmish.1`.
    Man,
}

/// Run a subcommand (or, with none, the tracker).
pub fn main(cli: Cli) -> ExitCode {
    let saves = cli.saves;
    match cli.command {
        None => tui(Start::Resume, saves.as_deref()),
        Some(Sub::Open { file: Some(file) }) => tui(Start::Open(file), saves.as_deref()),
        Some(Sub::Open { file: None }) => tui(Start::Pick, saves.as_deref()),
        Some(Sub::List) => list::list(saves.as_deref()),
        Some(Sub::New { system, name }) => match System::parse(&system) {
            Some(system) => {
                let name =
                    if name.is_empty() { format!("{system} encounter") } else { name.join(" ") };
                tui(Start::New(system, name), saves.as_deref())
            }
            None => fail(
                EXIT_INPUT,
                format!("unknown system '{system}'; expected {}", System::listed(System::key)),
            ),
        },
        Some(Sub::Watch { file, once, json, bell }) => {
            watch::watch(file, watch::Shown { once, json, bell }, saves.as_deref())
        }
        Some(Sub::Replay { file, pace }) => tracker::replay(&file, pace, saves.as_deref()),
        Some(sub) => run_sub(sub),
    }
}

/// Run a headless subcommand.
pub fn run_sub(sub: Sub) -> ExitCode {
    match sub {
        Sub::Open { .. } | Sub::New { .. } | Sub::Watch { .. } | Sub::List => {
            main(Cli { saves: None, command: Some(sub) })
        }
        Sub::Run { file, script, dice, seed, json, log, save, recover } => {
            let files =
                script::RunFiles { file: file.as_deref(), save_to: save.as_deref(), recover, log };
            run(files, script.as_deref(), dice.as_deref(), seed, json)
        }
        Sub::Roll { expr, seed } => roll(&expr.join(" "), seed),
        Sub::Bestiary { system } => list::bestiary(system.as_deref()),
        Sub::Check { file, replan } => check(&file, replan),
        Sub::Export { file, format, players, output } => {
            export(&file, &format, players, output.as_deref())
        }
        Sub::Replay { file, pace } => tracker::replay(&file, pace, None),
        Sub::Completions { shell } => {
            let script = shell::completions(shell, <Cli as clap::CommandFactory>::command());
            match std::io::Write::write_all(&mut std::io::stdout().lock(), script.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => fail(EXIT_COMMAND, format!("cannot write the script: {err}")),
            }
        }
        Sub::Man => {
            let cli = <Cli as clap::CommandFactory>::command();
            match shell::man_page(cli, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => fail(EXIT_INPUT, format!("cannot write the manual page: {err}")),
            }
        }
        Sub::Odds { system, args } => {
            let report = System::parse(&system)
                .ok_or_else(|| format!("unknown system '{system}'"))
                .and_then(|s| s.rules().spec().odds_report(&args));
            match report {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(err) => fail(EXIT_INPUT, err),
            }
        }
    }
}

fn roll(text: &str, seed: Option<u64>) -> ExitCode {
    let expr = match DiceExpr::parse(text) {
        Ok(expr) => expr,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    match expr.roll(&mut play_dice(seed)) {
        Ok(record) => {
            println!("{record}");
            ExitCode::SUCCESS
        }
        Err(err) => fail(EXIT_INPUT, err),
    }
}

fn check(path: &Path, replan: bool) -> ExitCode {
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    match save::load(path, assets.clone()) {
        Ok(session) => {
            // What `run --save` and the tracker's first screen trust: the last snapshot with the
            // records after it must come to the state the whole history comes to.
            if let Some(tail) = save::tail::open(path, assets)
                && tail.session.encounter() != session.encounter()
            {
                let why = format!(
                    "{}: its last snapshot does not match its history: the records before it \
                     come to another state (the file was edited, or written by a skirmish \
                     whose rules differed); `skirmish run FILE --script /dev/null --save NEW` \
                     writes it afresh from its history",
                    path.display()
                );
                return fail(EXIT_INPUT, escaped(&why));
            }
            let enc = session.encounter();
            let events: usize = session.entries().iter().map(|e| e.events.len()).sum();
            // The name, the commands and what they say come from the file: escaped.
            let ok = format!(
                "{}: ok: {} encounter \"{}\", {} commands, {events} events, {} combatants, round {}",
                path.display(),
                enc.system,
                enc.name,
                session.entries().len(),
                enc.combatants.len(),
                enc.round
            );
            println!("{}", escaped(&ok));
            if !replan {
                return ExitCode::SUCCESS;
            }
            let found = replan::replan(&session);
            for (n, command, why) in &found.skipped {
                let line = format!("command {n} (`{command}`): not planned again: {why}");
                println!("{}", escaped(&line));
            }
            for (n, command, what) in &found.differ {
                let line = format!("command {n} (`{command}`) plans differently now: {what}");
                println!("{}", escaped(&line));
            }
            println!(
                "replan: {} commands plan to the same events, {} differ, {} could not be planned again",
                found.same,
                found.differ.len(),
                found.skipped.len()
            );
            if found.differ.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(EXIT_INPUT) }
        }
        Err(err) => fail(EXIT_INPUT, err),
    }
}

fn export(path: &Path, format: &str, players: bool, output: Option<&Path>) -> ExitCode {
    let Some(format) = crate::export::Format::parse(format) else {
        return fail(EXIT_INPUT, format!("--format: expected md or json, found '{format}'"));
    };
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let session = match save::load(path, assets) {
        Ok(session) => session,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    // The fight's day: when its file was last written.
    let date = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| crate::export::date_of(d.as_secs()));
    let mut report = crate::export::report(&session, date);
    if players {
        report = crate::export::players_only(report, &session);
    }
    let text = crate::export::render(&report, format);
    match output {
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Some(out)
            if save::lock::same_file(out, path)
                || std::path::absolute(out).ok() == std::path::absolute(path).ok() =>
        {
            fail(EXIT_INPUT, "-o names the save file itself; the report would replace the fight")
        }
        Some(out) if let Some(folder) = crate::runtime::missing_folder(out) => fail(
            EXIT_INPUT,
            format!(
                "cannot write {}: the folder {} does not exist; make it first or give another -o",
                out.display(),
                folder.display()
            ),
        ),
        Some(out) => match save::write_atomic(out, text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => fail(EXIT_INPUT, format!("cannot write {}: {err}", out.display())),
        },
    }
}
