//! The party: a saved roster of player characters per system, in the data folder beside the
//! saves (`party/SYSTEM.ron`), kept as sheets. `party add` writes members as they stand, `party
//! keep` writes back the health and conditions they leave a fight with, `party drop` takes
//! members off, `party` lists them, and `party join` reads them for the engine to add.

use std::fs;
use std::path::{Path, PathBuf};

use super::import::{Prepared, sheet_of_combatant};
use crate::command::{Command, Invocation};
use crate::encounter::Session;
use crate::import::Sheet;
use crate::rules::{Side, System};

/// The roster of `system`'s party beside the saves folder `saves` (`--saves`, else the usual).
pub fn roster_path(saves: Option<&Path>, system: System) -> Result<PathBuf, String> {
    let dir = super::saves_dir(saves)
        .ok_or("no data folder for the party (set HOME or XDG_DATA_HOME, or give --saves DIR)")?;
    Ok(dir.join("party").join(format!("{}.ron", system.key())))
}

/// The members kept in the roster at `path` (none when there is no file yet).
pub fn load(path: &Path) -> Result<Vec<Sheet>, String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(format!("{}: cannot be read: {err}", path.display())),
    };
    super::parse_ron(&text, path).map_err(|err| {
        format!("{err}; the roster is left as it is (fix or remove the file to write it again)")
    })
}

/// Write the roster whole, through a file beside it renamed over it, so a roster is never half
/// written.
fn store(path: &Path, members: &[Sheet]) -> Result<(), String> {
    let fail = |err: std::io::Error| format!("{}: cannot be written: {err}", path.display());
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    let config = ron::ser::PrettyConfig::new();
    let text = ron::ser::to_string_pretty(members, config)
        .map_err(|err| format!("{}: cannot be written: {err}", path.display()))?;
    let next = path.with_extension("ron.new");
    fs::write(&next, text).map_err(fail)?;
    fs::rename(&next, path).map_err(fail)
}

/// `party`, `party add NAME,…`, `party join`, `party keep`, `party drop NAME,…`.
pub(super) fn prepare(
    verb: &Invocation,
    session: &Session,
    saves: Option<&Path>,
) -> Result<Prepared, String> {
    let system = session.encounter().system;
    let path = roster_path(saves, system)?;
    let mut members = load(&path)?;
    let names = verb.args.names(1);
    let action = verb.args.optional(0);
    if !names.is_empty() && !matches!(action, Some("add" | "drop")) {
        return Err(format!(
            "party {}: names go with `party add` or `party drop`",
            action.unwrap_or_default()
        ));
    }
    match action {
        None => Ok(Prepared::Done(listing(&members, system))),
        Some("join") => {
            if members.is_empty() {
                return Err(format!(
                    "the {system} party is empty: `party add NAME,…` saves members first"
                ));
            }
            let args = verb.args.with_sheets(members);
            let command = Command::Verb(Invocation { spec: verb.spec, args });
            Ok(Prepared::Run { command, report: Vec::new() })
        }
        Some("add") => {
            let added = add(&mut members, session, names)?;
            store(&path, &members)?;
            Ok(Prepared::Done(format!(
                "party: {} saved ({} in the {system} party)",
                added.join(", "),
                members.len()
            )))
        }
        Some("keep") => {
            let kept = keep(&mut members, session);
            if kept.is_empty() {
                return Err("no member of the party is in this fight".into());
            }
            store(&path, &members)?;
            Ok(Prepared::Done(format!("party: kept {}", kept.join(", "))))
        }
        Some("drop") => {
            if names.is_empty() {
                return Err("name the members to take off: party drop NAME,…".into());
            }
            let mut missing = Vec::new();
            let mut gone = Vec::new();
            for name in names {
                let at = members.iter().position(|m| m.name.eq_ignore_ascii_case(name));
                match at {
                    Some(at) => gone.push(members.remove(at).name),
                    None => missing.push(name.as_str()),
                }
            }
            if !missing.is_empty() {
                return Err(format!("{} not in the party", missing.join(", ")));
            }
            store(&path, &members)?;
            Ok(Prepared::Done(format!(
                "party: {} taken off ({} left)",
                gone.join(", "),
                members.len()
            )))
        }
        Some(other) => {
            Err(format!("party {other}: expected add, join, keep or drop (or nothing, to list)"))
        }
    }
}

/// The roster in a line per member.
fn listing(members: &[Sheet], system: System) -> String {
    if members.is_empty() {
        return format!("the {system} party is empty: `party add NAME,…` saves fighters to it");
    }
    let mut lines = vec![format!("the {system} party ({}):", members.len())];
    for member in members {
        let mut line = format!("  {}", member.name);
        if member.taken > 0 {
            line.push_str(&format!(" · {} lost", member.taken));
        }
        if !member.conditions.is_empty() {
            line.push_str(&format!(" · {}", member.conditions.join(", ")));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// Save the combatants named (every pc when none is) as they stand, in place of members of the
/// same name. Their names.
fn add(
    members: &mut Vec<Sheet>,
    session: &Session,
    names: &[String],
) -> Result<Vec<String>, String> {
    let encounter = session.encounter();
    let chosen: Vec<_> = if names.is_empty() {
        // The player characters and their companions.
        encounter.combatants.iter().filter(|c| matches!(c.side, Side::Pc | Side::Ally)).collect()
    } else {
        names
            .iter()
            .map(|name| {
                encounter
                    .resolve(name)
                    .map(|at| &encounter.combatants[at])
                    .map_err(|err| err.to_string())
            })
            .collect::<Result<_, _>>()?
    };
    if chosen.is_empty() {
        return Err("no player character or ally in this fight; name the members".into());
    }
    let mut added = Vec::new();
    for combatant in chosen {
        let mut sheet = sheet_of_combatant(combatant, encounter.system);
        sheet.conditions.retain(|c| lasting(session, c));
        match members.iter_mut().find(|m| m.name.eq_ignore_ascii_case(&sheet.name)) {
            Some(kept) => *kept = sheet,
            None => members.push(sheet),
        }
        added.push(combatant.name.clone());
    }
    Ok(added)
}

/// Whether a condition (`Fatigued severe`) outlasts the fight, as the system's catalogue says.
fn lasting(session: &Session, condition: &str) -> bool {
    let name = condition.split(' ').next().unwrap_or_default();
    let system = session.encounter().system;
    session
        .assets()
        .catalogue_ref(system)
        .and_then(|c| c.find(name).ok())
        .is_some_and(|c| c.lasting)
}

/// Each member in the fight under its own name gets its health lost and conditions back from
/// it. The names kept.
fn keep(members: &mut [Sheet], session: &Session) -> Vec<String> {
    let encounter = session.encounter();
    let mut kept = Vec::new();
    for member in members.iter_mut() {
        let Some(there) =
            encounter.combatants.iter().find(|c| c.name.eq_ignore_ascii_case(&member.name))
        else {
            continue;
        };
        let now = sheet_of_combatant(there, encounter.system);
        member.taken = now.taken;
        member.conditions = now.conditions.into_iter().filter(|c| lasting(session, c)).collect();
        kept.push(member.name.clone());
    }
    kept
}
