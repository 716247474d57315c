//! Savage Worlds words as other tools write them, turned into skirmish's Savage fields: skills
//! and edges found by name in the system's own field table, a die, a damage text.

use crate::rules::System;
use crate::rules::stats::{FieldKind, TraitDie};

/// Reading: Savage Worlds Adventure Edition folds Throwing into Athletics, so a sheet without a
/// Throwing skill throws with its Athletics die. Each pair is (the sheet's skill, skirmish's field).
const SKILL_STAND_INS: &[(&str, &str)] = &[("athletics", "throwing")];

/// The Savage field a skill of this name fills (`Fighting` → `fighting`), when skirmish has one.
/// `has_throwing` says whether the sheet has a Throwing skill of its own.
pub(crate) fn skill_field(name: &str, has_throwing: bool) -> Option<String> {
    let key = super::fields::snake(name);
    if let Some((_, field)) = SKILL_STAND_INS.iter().find(|(skill, _)| *skill == key) {
        return (!has_throwing).then(|| field.to_string());
    }
    let is_die = System::SAVAGE
        .rules()
        .spec()
        .fields
        .iter()
        .any(|f| f.name == key && matches!(f.kind, FieldKind::Die));
    (is_die && !is_attribute(&key)).then_some(key)
}

/// The skill fields skirmish rolls (the table's dice that are not attributes), and the stand-ins.
pub(crate) fn skill_names() -> Vec<&'static str> {
    let table = System::SAVAGE.rules().spec().fields;
    let dice = table.iter().filter(|f| matches!(f.kind, FieldKind::Die)).map(|f| f.name);
    dice.filter(|name| !is_attribute(name))
        .chain(SKILL_STAND_INS.iter().map(|(skill, _)| *skill))
        .collect()
}

/// The one of `known` that `word` looks like a misspelling of (`Strenght` → `strength`): within
/// two letters of it, and not it.
pub(crate) fn misspelt<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let word = word.trim().to_ascii_lowercase();
    let near = crate::rules::nearest(&word, known.iter().copied(), 1).into_iter().next()?;
    let distance = crate::rules::words::edit_distance(&word, near);
    (word.len() >= 4 && distance > 0 && distance <= 2).then_some(near)
}

/// A field's name as a sheet prints it: `strength` → `Strength`.
pub(crate) fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The five attributes, by the field names the table gives them.
pub(crate) const ATTRIBUTES: [&str; 5] = ["agility", "smarts", "spirit", "strength", "vigor"];

fn is_attribute(key: &str) -> bool {
    ATTRIBUTES.contains(&key)
}

/// The Savage flag an Edge of this name sets (`Level Headed` → `level_headed`), when skirmish
/// has one: every flag of the table that names an Edge is found by its name.
pub(crate) fn edge_field(name: &str) -> Option<String> {
    // An Edge's note in parentheses ("Quick (from race)") is not part of its name.
    let bare = name.split('(').next().unwrap_or(name);
    let key = super::fields::snake(bare);
    System::SAVAGE
        .rules()
        .spec()
        .fields
        .iter()
        .any(|f| f.name == key && matches!(f.kind, FieldKind::Flag) && key != "wild")
        .then_some(key)
}

/// A trait die as written (`d12 + 1`, `D8`), in the form the table takes (`d12+1`).
pub(crate) fn die(text: &str) -> Option<String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let compact = compact.replace('−', "-");
    TraitDie::parse(&compact).map(|d| d.to_string())
}

/// A damage text as skirmish's `dmg` takes it (`Str+d6` → `str+d6`), and whether it is a
/// shotgun's `1-3d6` (skirmish's `shotgun` flag rolls 3d6/2d6/1d6 by range). A marker after it
/// in markup (`<sup>US</sup>`, under strength) is dropped.
pub(crate) fn damage(text: &str) -> Result<(String, bool), String> {
    let before_markup = text.split('<').next().unwrap_or(text);
    let plain: String = before_markup.chars().filter(|c| !c.is_whitespace()).collect();
    let plain = plain.to_ascii_lowercase().replace('−', "-");
    // A bare number (`+2`, an armor's bonus) is not a weapon's damage.
    if !plain.contains('d') && !plain.contains("str") {
        return Err(format!("damage '{plain}': no dice in it"));
    }
    if plain == "1-3d6" {
        return Ok(("3d6".to_string(), true));
    }
    crate::rules::savage::check_damage(&plain).map_err(|e| e.to_string())?;
    Ok((plain, false))
}

/// A range as skirmish takes it: three whole numbers, short/medium/long (`12/24/48`).
pub(crate) fn is_range(text: &str) -> bool {
    let parts: Vec<&str> = text.split('/').map(str::trim).collect();
    parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_and_edges_are_found_in_the_table() {
        assert_eq!(skill_field("Fighting", false).as_deref(), Some("fighting"));
        assert_eq!(skill_field("Athletics", false).as_deref(), Some("throwing"));
        assert_eq!(skill_field("Athletics", true), None);
        assert_eq!(skill_field("Stealth", false), None);
        assert_eq!(skill_field("Agility", false), None);
        assert_eq!(edge_field("Improved Level Headed").as_deref(), Some("improved_level_headed"));
        assert_eq!(edge_field("Quick (racial)").as_deref(), Some("quick"));
        assert_eq!(edge_field("Wild"), None);
        assert_eq!(edge_field("Brawny"), None);
    }

    #[test]
    fn dice_damage_and_numbers_read() {
        assert_eq!(die("d12 + 1").as_deref(), Some("d12+1"));
        assert_eq!(die("d7"), None);
        assert_eq!(damage("Str+d6<sup>US</sup>"), Ok(("str+d6".to_string(), false)));
        assert_eq!(damage("1-3d6"), Ok(("3d6".to_string(), true)));
        assert!(damage("Special").is_err());
        assert!(damage("+2").is_err());
    }
}
