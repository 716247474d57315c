//! The fields an import emits, each checked against its system's field tables as it is added, so
//! a value skirmish would refuse stops the import at the place in the file it came from.

use crate::rules::System;
use crate::rules::request::FieldOf;
use crate::rules::stats::Stats;

use super::sheet::SheetWeapon;

/// A sheet's fields (or a weapon's) with the values the system's table has accepted so far.
pub(crate) struct Checked {
    system: System,
    weapon: bool,
    stats: Stats,
    fields: Vec<(String, String)>,
}

impl Checked {
    /// Fields of a combatant (`add NAME …`).
    pub(crate) fn combatant(system: System) -> Checked {
        Checked { system, weapon: false, stats: Stats::default(), fields: Vec::new() }
    }

    /// Fields of a weapon (`weapon NAME WEAPON …`).
    pub(crate) fn weapon(system: System) -> Checked {
        Checked { system, weapon: true, stats: Stats::default(), fields: Vec::new() }
    }

    /// Set `key` to `value` (a flag takes `on` or `off`); a later value replaces an earlier one.
    /// The error is the table's own words: the field, the value and what it expects.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let spec = self.system.rules().spec();
        let table = if self.weapon { spec.weapon_fields } else { spec.fields };
        self.stats.set(table, key, Some(value)).map_err(|e| e.to_string())?;
        if self.weapon {
            self.system
                .rules()
                .check_names(&mut self.stats, key, FieldOf::Weapon)
                .map_err(|e| e.to_string())?;
        }
        match self.fields.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.fields.push((key.to_string(), value.to_string())),
        }
        Ok(())
    }

    pub(crate) fn has(&self, key: &str) -> bool {
        self.fields.iter().any(|(k, _)| k == key)
    }

    pub(crate) fn into_fields(self) -> Vec<(String, String)> {
        self.fields
    }

    pub(crate) fn into_weapon(self, name: &str) -> SheetWeapon {
        SheetWeapon { name: name.to_string(), fields: self.fields }
    }
}

/// A name as skirmish's field names spell it: lowercase words joined by `_`
/// (`Improved Level Headed` → `improved_level_headed`).
pub(crate) fn snake(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("_")
}

/// Test help: a sheet must pass the same check a bestiary entry does (the system's field tables,
/// names and weapons), so everything an import emits is accepted by `add` and `weapon`.
#[cfg(test)]
pub(crate) fn assert_accepted(sheet: &super::Sheet) {
    use crate::encounter::assets::{Creature, CreatureEntry};
    let system = sheet.system.unwrap_or(System::SAVAGE);
    let word = |text: &str| {
        if text.chars().any(char::is_whitespace) { format!("\"{text}\"") } else { text.into() }
    };
    let pairs = |fields: &[(String, String)]| {
        fields.iter().map(|(k, v)| format!("{k}={}", word(v))).collect::<Vec<_>>().join(" ")
    };
    let side = match sheet.side {
        Some(crate::rules::Side::Ally) => "ally",
        Some(crate::rules::Side::Enemy) => "enemy",
        Some(crate::rules::Side::Neutral) => "neutral",
        _ => "pc",
    };
    let entry = CreatureEntry {
        name: sheet.name.clone(),
        side: side.into(),
        stats: pairs(&sheet.fields),
        note: sheet.note.clone(),
        weapons: sheet
            .weapons
            .iter()
            .map(|w| format!("\"{}\" {}", w.name, pairs(&w.fields)))
            .collect(),
    };
    let assets = crate::save::assets::embedded_assets().expect("embedded assets load");
    let catalogue = assets.catalogue(system);
    if let Err(e) = Creature::check(system, &entry, &catalogue) {
        panic!("{} is refused by skirmish's tables: {e}\n{entry:?}", sheet.name);
    }
    for condition in &sheet.conditions {
        let name = condition.split_whitespace().next().unwrap_or("");
        assert!(
            catalogue.conditions.iter().any(|c| c.name == name),
            "condition {condition} is not in the catalogue"
        );
    }
}
