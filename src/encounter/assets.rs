//! Game data the engine consults: each system's condition catalogue and bestiary. Loaded (from the
//! embedded copies or the user's overrides) by `save`; here it is plain data.

use crate::rules::request::FieldOf;
use serde::{Deserialize, Serialize};

use crate::command::Field;
use crate::rules::conditions::Catalogue;
use crate::rules::stats::{Stats, Weapon};
use crate::rules::{Side, System};

/// A bestiary entry as written in its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureEntry {
    pub name: String,
    pub side: String,
    /// Fields as typed after `add NAME`: `init=3d6 agi=4 health=12`.
    pub stats: String,
    #[serde(default)]
    pub note: String,
    /// Weapons, each as `NAME FIELD=VALUE …` (the fields of `weapon`).
    #[serde(default)]
    pub weapons: Vec<String>,
}

/// A bestiary entry checked against its system when the assets load: what `add NAME` starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Creature {
    pub name: String,
    pub side: Side,
    pub stats: Stats,
    pub note: String,
    pub weapons: Vec<Weapon>,
}

impl Creature {
    /// Check an entry against the system's fields and weapon fields; the error says what is wrong.
    pub fn check(
        system: System,
        entry: &CreatureEntry,
        catalogue: &Catalogue,
    ) -> Result<Creature, String> {
        let name = entry.name.trim();
        if name.is_empty() {
            return Err("a creature needs a name".into());
        }
        let side = Side::parse(&entry.side).ok_or_else(|| {
            format!("{name}: side \"{}\" is not pc, ally, enemy or neutral", entry.side)
        })?;
        let mut stats = Stats::default();
        let fields =
            crate::command::parse_fields(&entry.stats).map_err(|e| format!("{name}: {e}"))?;
        for field in &fields {
            stats
                .set(system.rules().spec().fields, &field.key, field.value.as_deref())
                .and_then(|()| {
                    system.rules().check_names(
                        &mut stats,
                        &field.key.to_ascii_lowercase(),
                        FieldOf::Stats { catalogue },
                    )
                })
                .map_err(|e| format!("{name}: {e}"))?;
        }
        let weapons = entry
            .weapons
            .iter()
            .map(|text| {
                weapon_from_text(system, text).map_err(|e| format!("{name}: weapon '{text}': {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Creature { name: name.to_string(), side, stats, note: entry.note.clone(), weapons })
    }
}

impl Creature {
    /// A character read from a file (the GM's own bestiary folder) checked as an entry is: its
    /// fields and weapons against the system's tables. Its health lost and conditions are left
    /// out: a creature joins fresh.
    pub fn from_sheet(
        system: System,
        sheet: &crate::import::Sheet,
        catalogue: &Catalogue,
    ) -> Result<Creature, String> {
        let name = sheet.name.trim();
        if name.is_empty() {
            return Err("a creature needs a name".into());
        }
        if let Some(of) = sheet.system.filter(|s| *s != system) {
            return Err(format!("{name} is a {of} character, not {system}"));
        }
        let mut stats = Stats::default();
        for (key, value) in &sheet.fields {
            stats
                .set(system.rules().spec().fields, key, Some(value))
                .and_then(|()| {
                    let key = key.to_ascii_lowercase();
                    system.rules().check_names(&mut stats, &key, FieldOf::Stats { catalogue })
                })
                .map_err(|e| format!("{name}: {e}"))?;
        }
        let weapons = sheet
            .weapons
            .iter()
            .map(|weapon| {
                let fields: Vec<Field> = weapon
                    .fields
                    .iter()
                    .map(|(key, value)| Field { key: key.clone(), value: Some(value.clone()) })
                    .collect();
                weapon_from_fields(system, &weapon.name, &fields)
                    .map_err(|e| format!("{name}: weapon '{}': {e}", weapon.name))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Creature {
            name: name.to_string(),
            side: sheet.side.unwrap_or(Side::Enemy),
            stats,
            note: sheet.note.clone(),
            weapons,
        })
    }
}

/// A weapon from `NAME FIELD=VALUE …` text (a bestiary line): the name is every word before the
/// first field.
pub fn weapon_from_text(system: System, text: &str) -> Result<Weapon, String> {
    let table = system.rules().spec().weapon_fields;
    let tokens = crate::command::tokenize(text).map_err(|e| e.to_string())?;
    let is_field = |t: &crate::command::parse::Token| {
        t.eq.is_some() || (!t.quoted && table.iter().any(|f| f.name.eq_ignore_ascii_case(&t.text)))
    };
    let split = tokens.iter().position(is_field).unwrap_or(tokens.len());
    if split == 0 {
        return Err("a weapon starts with its name".into());
    }
    let name = tokens[..split].iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
    let fields = tokens[split..]
        .iter()
        .map(crate::command::parse::field_of)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    weapon_from_fields(system, &name, &fields).map_err(|e| e.to_string())
}

/// A weapon from its name and fields, checked against the system's weapon fields.
pub fn weapon_from_fields(
    system: System,
    name: &str,
    fields: &[Field],
) -> Result<Weapon, crate::rules::stats::FieldError> {
    let table = system.rules().spec().weapon_fields;
    let mut stats = Stats::default();
    for field in fields {
        stats.set(table, &field.key, field.value.as_deref())?;
        system.rules().check_names(&mut stats, &field.key.to_ascii_lowercase(), FieldOf::Weapon)?;
    }
    Ok(Weapon { name: name.to_string(), stats })
}

/// Catalogues and bestiaries for the four systems.
#[derive(Debug, Clone, Default)]
pub struct Assets {
    pub catalogues: Vec<(System, Catalogue)>,
    pub bestiary: Vec<(System, Vec<Creature>)>,
    /// Reference tables shown in the help pane (Savage Worlds).
    pub references: Vec<(System, String)>,
    /// What could not be read of the GM's own bestiary folder: a line per file skipped, by the
    /// system whose folder it is in.
    pub warnings: Vec<(System, String)>,
}

impl Assets {
    /// The condition catalogue of a system (empty if none was loaded).
    pub fn catalogue(&self, system: System) -> Catalogue {
        self.catalogues.iter().find(|(s, _)| *s == system).map(|(_, c)| c.clone()).unwrap_or_else(
            || Catalogue { system: system.key().to_string(), conditions: Vec::new() },
        )
    }

    /// The condition catalogue of a system, borrowed.
    pub fn catalogue_ref(&self, system: System) -> Option<&Catalogue> {
        self.catalogues.iter().find(|(s, _)| *s == system).map(|(_, c)| c)
    }

    /// A system's reference text, if it has one.
    pub fn reference(&self, system: System) -> Option<&str> {
        self.references.iter().find(|(s, _)| *s == system).map(|(_, t)| t.as_str())
    }

    pub fn creatures(&self, system: System) -> &[Creature] {
        self.bestiary.iter().find(|(s, _)| *s == system).map_or(&[], |(_, c)| c.as_slice())
    }

    /// A bestiary entry by name, ignoring case.
    pub fn creature(&self, system: System, name: &str) -> Option<&Creature> {
        self.creatures(system).iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }
}
