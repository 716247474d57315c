//! An `import` read from its file: the file checked (a file, readable, text, not huge), its
//! format found (a GCS character, a Savaged.us export, skirmish's own bestiary RON, or a stat
//! block with `--text`) and read into sheets; and any command made ready to run, an import
//! with the sheets it read and the report beside it, a party's roster through [`super::party`].

use std::fs;
use std::path::Path;

use crate::command::table;
use crate::command::{Command, Invocation};
use crate::encounter::assets::{Creature, CreatureEntry};
use crate::encounter::{Combatant, Event, Session};
use crate::import::{ImportError, Sheet, SheetWeapon};
use crate::rules::conditions::{Catalogue, Condition, Level};
use crate::rules::stats::{Stats, Weapon};
use crate::rules::{Side, System};

/// The largest file an import reads: a character is a few hundred kilobytes at most.
const MOST_BYTES: u64 = 16 * 1024 * 1024;

/// A command made ready to run.
#[derive(Debug)]
pub enum Prepared {
    /// Run it (an import with its sheets read in), then show the report's lines, if any.
    Run { command: Command, report: Vec<String> },
    /// Carried out already (a party's roster listed or written): what to tell the GM.
    Done(String),
}

/// `command` ready for the session: an import with its file read, a party's roster read or
/// written; any other command as it is. `saves` is the saves folder given (`--saves`), beside
/// which the party's roster lives. `Err` says what went wrong, naming the file; nothing changed.
pub fn prepare(
    command: Command,
    session: &Session,
    saves: Option<&Path>,
) -> Result<Prepared, String> {
    let Command::Verb(verb) = &command else {
        return Ok(Prepared::Run { command, report: Vec::new() });
    };
    if verb.args.sheets().is_some() {
        return Ok(Prepared::Run { command, report: Vec::new() });
    }
    if verb.is(&table::PARTY.spec) {
        return super::party::prepare(verb, session, saves);
    }
    if !verb.is(&table::IMPORT.spec) {
        return Ok(Prepared::Run { command, report: Vec::new() });
    }
    let enc = encumbrance(verb)?;
    let system = session.encounter().system;
    let catalogue = session.assets().catalogue(system);
    let text = verb.args.flag(1);
    let sheets = match verb.args.word(0) {
        // Standard input (`skirmish run … < block.txt`); the tracker opens a box to paste into.
        "-" => {
            let mut read = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut read)
                .map_err(|err| format!("standard input cannot be read: {err}"))?;
            sheets_of(&read, "standard input", text, system, enc, &catalogue)
        }
        file => read_file(&super::typed_path(file), text, system, enc, &catalogue),
    }
    .map_err(|err| err.to_string())?;
    // The first character under the name `as=` gives it.
    let rename = verb.args.fields(3).iter().find(|f| f.key == "as").and_then(|f| f.value.clone());
    let report = sheets
        .iter()
        .enumerate()
        .flat_map(|(at, sheet)| match &rename {
            Some(name) if at == 0 => {
                sheet.report.lines(&format!("{name} ({} in the file)", sheet.name))
            }
            _ => sheet.report.lines(&sheet.name),
        })
        .collect();
    let command =
        Command::Verb(Invocation { spec: verb.spec, args: verb.args.with_sheets(sheets) });
    Ok(Prepared::Run { command, report })
}

/// `enc=0`..`4`: the GURPS encumbrance level to read Move and Dodge at.
fn encumbrance(verb: &Invocation) -> Result<Option<u8>, String> {
    let Some(field) = verb.args.fields(3).iter().find(|f| f.key == "enc") else {
        return Ok(None);
    };
    let value = field.value.as_deref().unwrap_or("");
    value.parse::<u8>().ok().filter(|n| *n <= 4).map(Some).ok_or_else(|| {
        format!("enc={value}: expected an encumbrance level from 0 (none) to 4 (extra-heavy)")
    })
}

/// The characters in the file at `path` for an encounter of `system`.
pub fn read_file(
    path: &Path,
    text: bool,
    system: System,
    enc: Option<u8>,
    catalogue: &Catalogue,
) -> Result<Vec<Sheet>, ImportError> {
    let file = path.display().to_string();
    let fail = |message: String| ImportError::new(&file, "", message);
    let meta = fs::metadata(path).map_err(|err| fail(io_words(&err)))?;
    if meta.is_dir() {
        return Err(fail("is a folder; give a character file".into()));
    }
    if meta.len() > MOST_BYTES {
        return Err(fail(format!(
            "is {} bytes; a character file is well under {MOST_BYTES}",
            meta.len()
        )));
    }
    let bytes = fs::read(path).map_err(|err| fail(io_words(&err)))?;
    let text_read = String::from_utf8(bytes)
        .map_err(|_| fail("is not text (UTF-8): expected JSON, RON or a stat block".into()))?;
    sheets_of(&text_read, &file, text, system, enc, catalogue)
}

/// The characters in `text` (read from `file`, named in errors).
pub fn sheets_of(
    text: &str,
    file: &str,
    block: bool,
    system: System,
    enc: Option<u8>,
    catalogue: &Catalogue,
) -> Result<Vec<Sheet>, ImportError> {
    if block {
        return crate::import::blocks::read(text, file, system);
    }
    let start = text.trim_start();
    if start.starts_with('{') {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|err| {
            let at = format!("line {}, column {}", err.line(), err.column());
            let what = err.to_string();
            let what = what.split(" at line ").next().unwrap_or_default().to_string();
            ImportError::new(file, at, format!("is not valid JSON: {what}"))
        })?;
        if crate::import::gcs::looks_like(&value) {
            return crate::import::gcs::read(text, file, enc).map(|sheet| vec![sheet]);
        }
        if crate::import::savaged::looks_like(&value) {
            return crate::import::savaged::read(text, file);
        }
        return Err(ImportError::new(
            file,
            "",
            "is JSON but neither a GCS character nor a Savaged.us export",
        ));
    }
    if start.starts_with('(') || start.starts_with('[') || start.starts_with("//") {
        return bestiary(text, file, system, catalogue);
    }
    Err(ImportError::new(
        file,
        "",
        "is neither a GCS character (.gcs), a Savaged.us export (JSON) nor a bestiary file \
         (RON); a stat block as printed imports with `import --text FILE`",
    ))
}

/// A file of skirmish's own bestiary form: one creature, or a list of them.
fn bestiary(
    text: &str,
    file: &str,
    system: System,
    catalogue: &Catalogue,
) -> Result<Vec<Sheet>, ImportError> {
    let options = ron::Options::default();
    let entries: Vec<CreatureEntry> = match options.from_str::<Vec<CreatureEntry>>(text) {
        Ok(list) => list,
        Err(list_err) => match options.from_str::<CreatureEntry>(text) {
            Ok(one) => vec![one],
            Err(one_err) => {
                // The error of the form the file begins with.
                let err = if text.trim_start().starts_with('[') { list_err } else { one_err };
                let at = format!("line {}, column {}", err.span.start.line, err.span.start.col);
                return Err(ImportError::new(file, at, err.code.to_string()));
            }
        },
    };
    if entries.is_empty() {
        return Err(ImportError::new(file, "", "holds an empty list: no creature to import"));
    }
    entries
        .iter()
        .map(|entry| {
            let creature = Creature::check(system, entry, catalogue).map_err(|message| {
                let (line, column) = super::assets::position_of(text, &entry.name);
                ImportError::new(file, format!("line {line}, column {column}"), message)
            })?;
            let mut sheet = sheet_of_creature(&creature, system);
            let fields = |pairs: &[(String, String)]| {
                pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
            };
            sheet.report.read.push(format!("fields: {}", fields(&sheet.fields)));
            for weapon in &sheet.weapons {
                let line = format!("weapon {}: {}", weapon.name, fields(&weapon.fields));
                sheet.report.read.push(line);
            }
            Ok(sheet)
        })
        .collect()
}

/// A bestiary creature as a sheet.
fn sheet_of_creature(creature: &Creature, system: System) -> Sheet {
    let base = sheet_of(&creature.name, creature.side, &creature.stats, &creature.weapons, system);
    Sheet { note: creature.note.clone(), ..base }
}

/// A combatant as it stands, as a sheet (a party member kept): its health lost and conditions.
pub fn sheet_of_combatant(combatant: &Combatant, system: System) -> Sheet {
    let base =
        sheet_of(&combatant.name, combatant.side, &combatant.stats, &combatant.weapons, system);
    Sheet {
        taken: combatant.health.max.saturating_sub(combatant.health.current).max(0),
        conditions: combatant.conditions.iter().map(condition_words).collect(),
        note: combatant.notes.first().cloned().unwrap_or_default(),
        ..base
    }
}

/// A sheet of these stats and weapons, fresh.
fn sheet_of(name: &str, side: Side, stats: &Stats, weapons: &[Weapon], system: System) -> Sheet {
    Sheet {
        name: name.to_string(),
        system: Some(system),
        side: Some(side),
        fields: pairs(stats),
        weapons: weapons
            .iter()
            .map(|w| SheetWeapon { name: w.name.clone(), fields: pairs(&w.stats) })
            .collect(),
        ..Sheet::default()
    }
}

/// The sheets an import's events carry: each combatant added, with the conditions given it
/// after (`check --replan` plans the import again from them, the file unread).
pub fn sheets_from_events(events: &[Event], system: System) -> Vec<Sheet> {
    let mut sheets: Vec<(String, Sheet)> = Vec::new();
    for event in events {
        match event {
            Event::Added { combatant } => {
                sheets.push((combatant.id.to_string(), sheet_of_combatant(combatant, system)));
            }
            Event::ConditionAdded { id, condition } => {
                if let Some((_, sheet)) = sheets.iter_mut().find(|(of, _)| of == id.as_str()) {
                    sheet.conditions.push(condition_words(condition));
                }
            }
            _ => {}
        }
    }
    sheets.into_iter().map(|(_, sheet)| sheet).collect()
}

/// A condition as `cond` takes it: its name, then `severe` at the severe level.
fn condition_words(condition: &Condition) -> String {
    match condition.level {
        Level::Severe => format!("{} severe", condition.name),
        Level::First => condition.name.clone(),
    }
}

/// Stats as the `FIELD=VALUE` pairs that set them again.
fn pairs(stats: &Stats) -> Vec<(String, String)> {
    stats.iter().map(|(key, value)| (key.to_string(), value.to_string())).collect()
}

/// An I/O error in a GM's words.
fn io_words(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "cannot be read (permission denied)".into(),
        _ => format!("cannot be read: {err}"),
    }
}
