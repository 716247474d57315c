//! Game assets: the copies embedded in the binary, each replaceable by a file of the same name in
//! the user's config directory (`~/.config/skirmish/conditions/woin.ron`, …).

use std::path::{Path, PathBuf};

use super::{LoadError, parse_ron};
use crate::encounter::{Assets, Creature, CreatureEntry};
use crate::rules::conditions::Catalogue;
use crate::rules::{Side, System};

/// The shipped assets, by relative path.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("conditions/woin.ron", include_str!("../../assets/conditions/woin.ron")),
    ("conditions/gempunks.ron", include_str!("../../assets/conditions/gempunks.ron")),
    ("conditions/savage.ron", include_str!("../../assets/conditions/savage.ron")),
    ("conditions/gurps.ron", include_str!("../../assets/conditions/gurps.ron")),
    ("bestiary/woin.ron", include_str!("../../assets/bestiary/woin.ron")),
    ("bestiary/gempunks.ron", include_str!("../../assets/bestiary/gempunks.ron")),
    ("bestiary/savage.ron", include_str!("../../assets/bestiary/savage.ron")),
    ("bestiary/gurps.ron", include_str!("../../assets/bestiary/gurps.ron")),
    ("reference/savage.txt", include_str!("../../assets/reference/savage.txt")),
];

fn embedded(rel: &str) -> &'static str {
    EMBEDDED.iter().find(|(p, _)| *p == rel).map_or("", |(_, text)| text)
}

/// The user's config directory for skirmish: `$XDG_CONFIG_HOME/skirmish` or `~/.config/skirmish`.
pub fn config_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("skirmish"))
}

/// Read one asset: the override in `dir` if there is one, else the embedded copy.
fn read(dir: Option<&Path>, rel: &str) -> Result<(String, PathBuf), LoadError> {
    if let Some(path) = dir.map(|d| d.join(rel))
        && path.exists()
    {
        let text = std::fs::read_to_string(&path)
            .map_err(|source| LoadError::Io { path: path.clone(), source })?;
        return Ok((text, path));
    }
    Ok((embedded(rel).to_string(), PathBuf::from(format!("assets/{rel} (embedded)"))))
}

/// Load every system's assets, overrides from `dir` taking the place of the embedded copies.
pub fn load(dir: Option<&Path>) -> Result<Assets, LoadError> {
    let mut assets = Assets::default();
    for system in System::ALL {
        let (text, path) = read(dir, &format!("conditions/{}.ron", system.key()))?;
        let catalogue: Catalogue = parse_ron(&text, &path)?;
        let (text, path) = read(dir, &format!("bestiary/{}.ron", system.key()))?;
        let entries: Vec<CreatureEntry> = parse_ron(&text, &path)?;
        let creatures = entries
            .iter()
            .map(|entry| {
                Creature::check(system, entry, &catalogue).map_err(|message| {
                    let (line, column) = position_of(&text, &entry.name);
                    LoadError::Syntax { path: path.clone(), line, column, message }
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut creatures = creatures;
        if let Some(dir) = dir {
            own_bestiary(dir, system, &catalogue, &mut creatures, &mut assets.warnings);
        }
        assets.catalogues.push((system, catalogue));
        assets.bestiary.push((system, creatures));
        let rel = format!("reference/{}.txt", system.key());
        if EMBEDDED.iter().any(|(p, _)| *p == rel) {
            let (text, _) = read(dir, &rel)?;
            assets.references.push((system, text));
        }
    }
    Ok(assets)
}

/// The files of the GM's own bestiary for `system`: every file in `bestiary/SYSTEM/` (a
/// bestiary RON of one creature or a list, a GCS character for GURPS, a Savaged.us export for
/// Savage Worlds, stat blocks as printed in a `.txt`). A creature of a built-in's name takes its place. A
/// file that does not read is skipped with a warning that names it and where it went wrong.
fn own_bestiary(
    dir: &Path,
    system: System,
    catalogue: &Catalogue,
    creatures: &mut Vec<Creature>,
    warnings: &mut Vec<(System, String)>,
) {
    let folder = dir.join("bestiary");
    for path in files_in(&folder.join(system.key())) {
        // A text file holds stat blocks as printed.
        let block = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"));
        let sheets = match super::import::read_file(&path, block, system, None, catalogue) {
            Ok(sheets) => sheets,
            Err(err) => {
                warnings.push((system, format!("bestiary: {err} (skipped)")));
                continue;
            }
        };
        // A character's companions (Savaged.us allied extras) take its side.
        let first = sheets.first().and_then(|s| s.side);
        for (at, mut sheet) in sheets.into_iter().enumerate() {
            if at > 0 && sheet.side == Some(Side::Ally) {
                sheet.side = first;
            }
            match Creature::from_sheet(system, &sheet, catalogue) {
                Ok(creature) => {
                    creatures.retain(|c| !c.name.eq_ignore_ascii_case(&creature.name));
                    creatures.push(creature);
                }
                Err(err) => {
                    warnings
                        .push((system, format!("bestiary: {}: {err} (skipped)", path.display())));
                }
            }
        }
    }
}

/// The files in `folder` (none when there is no such folder), not hidden, sorted by name.
fn files_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .filter(|path| !path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    files
}

/// The embedded assets alone (tests, and a fallback).
pub fn embedded_assets() -> Result<Assets, LoadError> {
    load(None)
}

/// Line and column (1-based) of a bestiary entry's `name: "NAME"` in its file, or 1:1.
pub(super) fn position_of(text: &str, name: &str) -> (usize, usize) {
    let needle = format!("name: \"{name}\"");
    let Some(at) = text.find(&needle).or_else(|| text.find(&format!("\"{name}\""))) else {
        return (1, 1);
    };
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
