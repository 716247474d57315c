//! GCS traits: the few skirmish has a field for, recognised by name and level (Combat Reflexes,
//! Pain Thresholds, Hard to Kill/Subdue, Extra Attack, Enhanced defenses); the rest reported.

use super::Reader;
use super::node::{Node, one_line};
use crate::import::ImportError;

/// A trait's name (without its specialization) and the field it sets: `None` for a flag, else
/// the field taking its level.
const KNOWN: [(&str, &str, bool); 9] = [
    ("combat reflexes", "combat_reflexes", false),
    ("high pain threshold", "hpt", false),
    ("low pain threshold", "lpt", false),
    ("hard to kill", "htk", true),
    ("hard to subdue", "hts", true),
    ("extra attack", "extra_attacks", true),
    ("enhanced dodge", "enhanced_dodge", true),
    ("enhanced parry", "enhanced_parry", true),
    ("enhanced block", "enhanced_block", true),
];

/// The trait rows in force (containers opened), and the names of the disabled ones left out
/// with all under them.
pub(super) fn enabled<'a>(root: &Node<'a>) -> Result<(Vec<Node<'a>>, Vec<String>), ImportError> {
    let mut rows = root.items("traits")?;
    if rows.is_empty() {
        // Files older than version 4 called them advantages.
        rows = root.items("advantages")?;
    }
    let (mut out, mut disabled) = (Vec::new(), Vec::new());
    walk(&rows, &mut out, &mut disabled)?;
    Ok((out, disabled))
}

fn walk<'a>(
    rows: &[Node<'a>],
    out: &mut Vec<Node<'a>>,
    disabled: &mut Vec<String>,
) -> Result<(), ImportError> {
    for row in rows {
        if row.flag("disabled") {
            disabled.push(name(row)?);
            continue;
        }
        out.push(row.clone());
        walk(&row.items("children")?, out, disabled)?;
    }
    Ok(())
}

/// A trait's name with GCS's `@placeholder@` replaced as the file says.
pub(super) fn name(row: &Node<'_>) -> Result<String, ImportError> {
    let mut text = row.name_of("name")?.unwrap_or_else(|| "(unnamed)".into());
    let map = row.get("replacements").and_then(|r| r.value.as_object());
    for (key, value) in map.into_iter().flatten() {
        if let Some(value) = value.as_str() {
            text = text.replace(&format!("@{key}@"), &one_line(value));
        }
    }
    Ok(one_line(&text))
}

pub(super) fn read(reader: &mut Reader, root: &Node<'_>) -> Result<(), ImportError> {
    let (rows, disabled) = enabled(root)?;
    for name in disabled {
        reader.ignored(format!("disabled trait: {name}"));
    }
    for row in rows {
        if !row.items("children")?.is_empty() {
            continue;
        }
        let full = name(&row)?;
        let base = full.split(" (").next().unwrap_or(&full).trim().to_ascii_lowercase();
        let Some((_, key, leveled)) = KNOWN.iter().find(|(n, _, _)| *n == base).copied() else {
            // A trait with weapons (Natural Attacks, Claws) is read as those weapons.
            if row.items("weapons")?.is_empty() {
                reader.ignored(format!("trait: {full}"));
            }
            continue;
        };
        if !leveled {
            reader.field(key, "on".into(), &row)?;
            reader.read_line(full);
            continue;
        }
        let (level, at) = level(&row)?;
        let level = level.max(1);
        let before = reader.sheet.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let total = match before {
            Some(before) => {
                reader.odd(format!("{full}: a second {base}; the levels are added"));
                before.parse::<i64>().unwrap_or(0).saturating_add(level)
            }
            None => level,
        };
        reader.field(key, total.to_string(), &at)?;
        reader.read_line(format!("{full} {level}"));
        if full.contains(" (") && key == "enhanced_parry" {
            reader.odd(format!(
                "{full}: GCS counts it in that skill's parries only, as read; \
                 enhanced_parry={total} is recorded for the character"
            ));
        }
    }
    Ok(())
}

/// A leveled trait's level: `calc.current_level`, else `levels`; a fraction is refused.
fn level<'a>(row: &Node<'a>) -> Result<(i64, Node<'a>), ImportError> {
    let at = row.get("calc").and_then(|c| c.get("current_level")).or_else(|| row.get("levels"));
    match at {
        Some(at) => Ok((at.whole()?, at)),
        None => Ok((1, row.clone())),
    }
}
