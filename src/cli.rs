//! The command line (clap): the headless `run`, `roll` and `check` subcommands, and their text and
//! JSON output. Part of the runtime layer: it reads files and stdin, and owns the clock-seeded dice.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};

use crate::app::keymap::KeyMap;
use crate::app::{App, NewFiles, Status};
use crate::command::{self, Command};
use crate::encounter::{Assets, Combatant, Outcome, Session};
use crate::rules::System;
use crate::rules::dice::{DiceExpr, DiceSource, ScriptedDice, SeededDice};
use crate::rules::initiative::InitValue;
use crate::rules::stats::StatValue;
use crate::save;

/// skirmish: a keyboard-only battle tracker for WOIN, Gempunks, Savage Worlds and GURPS.
#[derive(Debug, Parser)]
#[command(name = "skirmish", version, about)]
pub struct Cli {
    /// Folder for autosaves (default: ~/.local/share/skirmish/saves).
    #[arg(long, global = true, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Sub>,
}

#[derive(Debug, Subcommand)]
pub enum Sub {
    /// Open a save file in the tracker (it is autosaved back to the same file).
    Open { file: PathBuf },
    /// Start a new encounter in the tracker: woin, gempunks, savage or gurps.
    New {
        system: String,
        /// The encounter's name.
        name: Vec<String>,
    },
    /// Apply commands to an encounter without the TUI, then print the log and the final state.
    Run {
        /// A save file to start from (otherwise the script starts with `new SYSTEM`).
        file: Option<PathBuf>,
        /// Commands, one per line (`#` starts a comment); `-` reads standard input.
        #[arg(long, value_name = "PATH|-")]
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
        /// Write the resulting encounter to this file.
        #[arg(long, value_name = "PATH")]
        save: Option<PathBuf>,
    },
    /// Roll a dice expression, e.g. `skirmish roll 4d6kh3`.
    Roll {
        expr: Vec<String>,
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Check that a save file loads and replays.
    Check { file: PathBuf },
    /// Exact odds: `skirmish odds woin` (seed 000's tables beside exact values), or a Savage
    /// Worlds trait roll: `skirmish odds savage d8 tn=4 mod=-2 [extra]`.
    Odds {
        system: String,
        /// For savage: the trait die, then tn=N, mod=N, and `extra` for a roll without the Wild Die.
        args: Vec<String>,
    },
}

/// Exit code for a command that failed in a script.
const EXIT_COMMAND: u8 = 1;
/// Exit code for unreadable input: a bad save, a bad dice list, a missing script.
const EXIT_INPUT: u8 = 2;

/// Dice for play: seeded from the clock unless a seed is given.
pub fn play_dice(seed: Option<u64>) -> SeededDice {
    let seed = seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ u64::from(std::process::id()).rotate_left(32)
    });
    SeededDice::new(seed)
}

/// Load the assets, with the user's overrides.
pub fn load_assets() -> Result<Arc<Assets>, save::LoadError> {
    save::assets::load(save::assets::config_dir().as_deref()).map(Arc::new)
}

fn fail(code: u8, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("skirmish: {message}");
    ExitCode::from(code)
}

/// How the tracker starts.
pub enum Start {
    /// The latest autosave, or the demo picker.
    Resume,
    Open(PathBuf),
    New(System, String),
}

/// Run a subcommand (or, with none, the tracker).
pub fn main(cli: Cli) -> ExitCode {
    let saves = cli.saves;
    match cli.command {
        None => tui(Start::Resume, saves.as_deref()),
        Some(Sub::Open { file }) => tui(Start::Open(file), saves.as_deref()),
        Some(Sub::New { system, name }) => match System::parse(&system) {
            Some(system) => {
                let name =
                    if name.is_empty() { format!("{system} encounter") } else { name.join(" ") };
                tui(Start::New(system, name), saves.as_deref())
            }
            None => fail(
                EXIT_INPUT,
                format!("unknown system '{system}'; expected woin, gempunks, savage or gurps"),
            ),
        },
        Some(sub) => run_sub(sub),
    }
}

/// The key bindings: the shipped ones with the user's keys.ron on top.
fn load_keymap() -> Result<KeyMap, String> {
    let mut keymap = KeyMap::defaults();
    if let Some(path) = save::assets::config_dir().map(|d| d.join("keys.ron"))
        && path.exists()
    {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        keymap.patch(&text).map_err(|e| format!("{}:{e}", path.display()))?;
    }
    Ok(keymap)
}

fn tui(start: Start, saves: Option<&Path>) -> ExitCode {
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let keymap = match load_keymap() {
        Ok(k) => k,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let dir = save::saves_dir(saves);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let new_files = NewFiles::new(dir.clone(), stamp);
    let app = match start {
        Start::Open(path) => match save::load(&path, assets) {
            Ok(session) => App::new(session, Some(path), keymap, new_files),
            Err(err) => return fail(EXIT_INPUT, err),
        },
        Start::New(system, name) => {
            let mut app = App::new(Session::new(system, "", assets), None, keymap, new_files);
            app.run_command(Command::New { system, name: Some(name) }, None);
            app
        }
        Start::Resume => {
            let latest = dir.as_deref().and_then(save::resume_path);
            match latest.map(|path| (save::load(&path, assets.clone()), path)) {
                Some((Ok(session), path)) => App::new(session, Some(path), keymap, new_files),
                Some((Err(err), _)) => {
                    let mut app = App::picker(save::demo_sessions(assets), keymap, new_files);
                    app.status = Status { text: format!("could not resume: {err}"), error: true };
                    app
                }
                None => App::picker(save::demo_sessions(assets), keymap, new_files),
            }
        }
    };
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return fail(
            EXIT_INPUT,
            "the tracker needs a terminal; for scripts use `skirmish run --script FILE`",
        );
    }
    let pointer = dir.as_deref().map(save::last_pointer);
    match crate::runtime::run(app, pointer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(EXIT_COMMAND, format!("{err:#}")),
    }
}

/// Run a headless subcommand.
pub fn run_sub(sub: Sub) -> ExitCode {
    match sub {
        Sub::Open { .. } | Sub::New { .. } => main(Cli { saves: None, command: Some(sub) }),
        Sub::Run { file, script, dice, seed, json, save } => {
            run(file.as_deref(), script.as_deref(), dice.as_deref(), seed, json, save.as_deref())
        }
        Sub::Roll { expr, seed } => roll(&expr.join(" "), seed),
        Sub::Check { file } => check(&file),
        Sub::Odds { system, args } => {
            let report = System::parse(&system)
                .ok_or_else(|| format!("unknown system '{system}'"))
                .and_then(|s| s.rules().odds_report(&args).map_err(|e| e.to_string()));
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

fn check(path: &Path) -> ExitCode {
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    match save::load(path, assets) {
        Ok(session) => {
            let enc = session.encounter();
            let events: usize = session.entries().iter().map(|e| e.events.len()).sum();
            println!(
                "{}: ok: {} encounter \"{}\", {} commands, {events} events, {} combatants, round {}",
                path.display(),
                enc.system,
                enc.name,
                session.entries().len(),
                enc.combatants.len(),
                enc.round
            );
            ExitCode::SUCCESS
        }
        Err(err) => fail(EXIT_INPUT, err),
    }
}

fn read_script(script: &str) -> io::Result<String> {
    if script == "-" {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text)?;
        Ok(text)
    } else {
        std::fs::read_to_string(script)
    }
}

fn run(
    file: Option<&Path>,
    script: Option<&str>,
    dice_list: Option<&str>,
    seed: Option<u64>,
    json: bool,
    save_to: Option<&Path>,
) -> ExitCode {
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let session = match file {
        Some(path) => match save::load(path, assets.clone()) {
            Ok(s) => Some(s),
            Err(err) => return fail(EXIT_INPUT, err),
        },
        None => None,
    };
    let text = match script.map(read_script).transpose() {
        Ok(t) => t.unwrap_or_default(),
        Err(err) => return fail(EXIT_INPUT, format!("cannot read the script: {err}")),
    };
    let mut scripted = match dice_list.map(ScriptedDice::parse).transpose() {
        Ok(d) => d,
        Err(err) => return fail(EXIT_INPUT, format!("--dice: {err}")),
    };
    let mut seeded = play_dice(seed);
    let dice: &mut dyn DiceSource = match scripted.as_mut() {
        Some(s) => s,
        None => &mut seeded,
    };
    let targets = SaveTargets { after: save_to, loaded_from: file };
    let session = match run_script(session, &text, dice, assets, targets) {
        Ok(session) => session,
        Err(err) => return fail(err.code, err),
    };
    if let Some(s) = &scripted
        && s.remaining() > 0
    {
        eprintln!("skirmish: note: {} scripted dice were not used", s.remaining());
    }
    let out = if json {
        let mut text = serde_json::to_string_pretty(&to_json(&session)).unwrap_or_default();
        text.push('\n');
        text
    } else {
        to_text(&session)
    };
    let mut stdout = io::stdout().lock();
    if stdout.write_all(out.as_bytes()).is_err() {
        return ExitCode::from(EXIT_COMMAND);
    }
    ExitCode::SUCCESS
}

/// Where a script's encounter is written.
#[derive(Debug, Clone, Copy, Default)]
pub struct SaveTargets<'a> {
    /// Written once the whole script has run (`--save`); also the target of a bare `save` line.
    pub after: Option<&'a Path>,
    /// The save the encounter was loaded from: a bare `save` line's target when `after` is none.
    pub loaded_from: Option<&'a Path>,
}

/// Why a script stopped, as `skirmish run` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// The exit code `skirmish run` ends with.
    pub code: u8,
    /// The message it prints after `skirmish: `, e.g.
    /// `line 2: undo: nothing to undo: this is the start`.
    pub message: String,
}

impl ScriptError {
    fn command(message: impl Into<String>) -> Self {
        ScriptError { code: EXIT_COMMAND, message: message.into() }
    }
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}

/// Run a script's lines (`#` starts a comment) on `session`, or on the encounter its `new` line
/// starts, rolling with `dice`; the first refused line stops it. `skirmish run` without the I/O:
/// what it would print is `to_json` or `to_text` of the result.
pub fn run_script(
    mut session: Option<Session>,
    text: &str,
    dice: &mut dyn DiceSource,
    assets: Arc<Assets>,
    targets: SaveTargets<'_>,
) -> Result<Session, ScriptError> {
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let command = match command::parse_in(line, session.as_ref().map(|s| s.encounter().system))
        {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(err) => return Err(ScriptError::command(format!("line {line_no}: {err}"))),
        };
        if let Command::New { system, .. } = &command
            && session.is_none()
        {
            session = Some(Session::new(*system, "", assets.clone()));
        }
        let Some(s) = session.as_mut() else {
            return Err(ScriptError::command(format!(
                "line {line_no}: no encounter yet; begin the script with `new SYSTEM [NAME]`"
            )));
        };
        match s.execute(&command, dice) {
            Ok(Outcome::SaveRequested { path }) => {
                let target =
                    path.map(PathBuf::from).or_else(|| targets.after.map(Path::to_path_buf));
                let Some(target) = target.or_else(|| targets.loaded_from.map(Path::to_path_buf))
                else {
                    return Err(ScriptError::command(format!(
                        "line {line_no}: save needs a PATH here"
                    )));
                };
                if let Err(err) = save::save(s, &target) {
                    return Err(ScriptError::command(format!(
                        "line {line_no}: {}: {err}",
                        target.display()
                    )));
                }
            }
            Ok(_) => {}
            Err(err) => {
                return Err(ScriptError::command(format!("line {line_no}: {line}: {err}")));
            }
        }
    }
    let Some(session) = session else {
        return Err(ScriptError::command(
            "no encounter: give a save FILE or a script starting with `new`",
        ));
    };
    if let Some(path) = targets.after
        && let Err(err) = save::save(&session, path)
    {
        return Err(ScriptError::command(format!("{}: {err}", path.display())));
    }
    Ok(session)
}

fn stat_json(value: &StatValue) -> Value {
    match value {
        StatValue::Int(n) => json!(n),
        StatValue::Decimal(h) => json!(*h as f64 / 100.0),
        StatValue::Dice(d) | StatValue::Text(d) => json!(d),
        StatValue::Die(d) => json!(d.to_string()),
        StatValue::Flag(b) => json!(b),
        StatValue::List(items) => json!(items),
    }
}

fn derived_json(value: &crate::rules::system::Derived) -> Value {
    use crate::rules::system::Derived;
    match value {
        Derived::Int(n) => json!(n),
        Derived::Bool(b) => json!(b),
        Derived::Text(t) => json!(t),
        Derived::List(items) => json!(items),
        Derived::Nothing => Value::Null,
    }
}

fn initiative_json(value: InitValue) -> Value {
    match value {
        InitValue::Count(n) => json!(n),
        InitValue::Speed(h) => json!(h as f64 / 100.0),
        InitValue::Card(card) => json!(card.code()),
    }
}

fn combatant_json(session: &Session, c: &Combatant) -> Value {
    let enc = session.encounter();
    let mut object = json!({
        "id": c.id,
        "name": c.name,
        "side": c.side.key(),
        "initiative": c.initiative.as_ref().map_or(Value::Null, |i| initiative_json(i.value)),
        "health": {"current": c.health.current, "max": enc.system.rules().max_health(c.health, &c.conditions)},
        "card": match c.initiative.as_ref().map(|i| i.value) {
            Some(InitValue::Card(card)) => json!(card.code()),
            _ => Value::Null,
        },
        "conditions": c.conditions.iter().map(|k| {
            let mut cond = json!({
                "name": k.name.to_lowercase(),
                "level": k.level.to_string(),
                "persistent": k.persistent,
                "source": k.source.to_string(),
            });
            if let Some(n) = k.rounds { cond["rounds"] = json!(n); }
            cond
        }).collect::<Vec<_>>(),
        "down": enc.is_down(c),
        "held": c.held,
        "hidden": c.hidden,
        "group": c.group,
        "notes": c.notes,
    });
    if let Value::Object(map) = &mut object {
        // Derived figures (effective DEFENSEs, SOAK …) first: they win over the raw stats.
        let rules = enc.system.rules();
        for (path, value) in rules.derived(c.view()) {
            match path.split_once('.') {
                Some((group, key)) => {
                    let entry = map.entry(group.to_string()).or_insert_with(|| json!({}));
                    entry[key] = derived_json(&value);
                }
                None => {
                    map.insert(path.to_string(), derived_json(&value));
                }
            }
        }
        for (key, value) in c.stats.iter() {
            map.entry(key.to_string()).or_insert_with(|| stat_json(value));
        }
        if !c.weapons.is_empty() {
            let weapons: Vec<Value> = c
                .weapons
                .iter()
                .map(|w| {
                    let mut obj = json!({"name": w.name});
                    for (key, value) in w.stats.iter() {
                        obj[key] = stat_json(value);
                    }
                    obj
                })
                .collect();
            map.insert("weapons".into(), json!(weapons));
        }
        // The actions left: this turn's if it is the current one, else what a turn will give.
        let pools = enc.budget(&c.id);
        if let Some(first) = pools.first() {
            map.insert("actions_left".into(), json!(first.left()));
        }
        map.insert(
            "budget".into(),
            json!(
                pools
                    .iter()
                    .map(|p| json!({"name": p.name, "left": p.left(), "total": p.total}))
                    .collect::<Vec<_>>()
            ),
        );
    }
    object
}

/// The `--json` shape of a session.
pub fn to_json(session: &Session) -> Value {
    let enc = session.encounter();
    json!({
        "system": enc.system.key(),
        "name": enc.name,
        "round": enc.round,
        "current": enc.turn.as_ref().map(|t| t.id.clone()),
        "order": enc.acting_order(),
        "options": enc.system.rules().options().iter()
            .map(|o| (o.name.to_string(), json!(enc.option(o.name))))
            .collect::<serde_json::Map<String, Value>>(),
        "system": enc.system.rules().state_figures(&enc.state).into_iter()
            .map(|(name, value)| (name.to_string(), derived_json(&value)))
            .collect::<serde_json::Map<String, Value>>(),
        "combatants": enc.combatants.iter().map(|c| combatant_json(session, c)).collect::<Vec<_>>(),
        "log": session.log().iter().map(|l| {
            let mut line = json!({"round": l.round, "text": l.text});
            if let Some(who) = &l.who { line["who"] = json!(who); }
            if let Some(roll) = &l.roll {
                line["roll"] = json!({"expr": roll.expr, "faces": roll.faces(), "total": roll.total});
            }
            line
        }).collect::<Vec<_>>(),
    })
}

/// The text report: the log, then the order.
pub fn to_text(session: &Session) -> String {
    let enc = session.encounter();
    let mut out = String::new();
    for line in session.log() {
        match &line.roll {
            Some(roll) if !line.text.contains(&roll.to_string()) => {
                out.push_str(&format!("[{}] {}  {roll}\n", line.round, line.text));
            }
            _ => out.push_str(&format!("[{}] {}\n", line.round, line.text)),
        }
    }
    let current = enc.current().map_or("nobody".to_string(), |c| format!("{}'s turn", c.name));
    out.push_str(&format!(
        "\n{} ({}), round {}, {current}\n",
        if enc.name.is_empty() { "encounter" } else { &enc.name },
        enc.system,
        enc.round
    ));
    let rules = enc.system.rules();
    let mut listed: Vec<usize> = enc.initiative_order();
    let unlisted: Vec<usize> = (0..enc.combatants.len()).filter(|i| !listed.contains(i)).collect();
    listed.extend(unlisted);
    for i in listed {
        let c = &enc.combatants[i];
        let marker = if enc.turn.as_ref().is_some_and(|t| t.id == c.id) { '>' } else { ' ' };
        let init = c.initiative.as_ref().map_or("-".to_string(), |i| i.value.to_string());
        let mut flags = Vec::new();
        if enc.is_down(c) {
            flags.push("down".to_string());
        }
        if c.held {
            flags.push("holding".to_string());
        }
        flags.extend(c.conditions.iter().map(ToString::to_string));
        let row = format!(
            "{marker} {init:>5}  {:<16} {:<7} {:<14} {}",
            c.name,
            c.side.key(),
            rules.health_text(c.health),
            flags.join(", ")
        );
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}
