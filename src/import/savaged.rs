//! The Savaged.us "generic JSON export" read into Savage Worlds sheets: the character, then each
//! allied extra as its own sheet on the allies' side. Pure: text in, sheets or an error out.
//! Readings: a skill fills the Savage field of its name (Fighting, Shooting, Throwing, Notice,
//! Intimidation, Taunt, Healing, Guts), Athletics stands in for Throwing when the sheet has no
//! Throwing (the Adventure Edition throws with Athletics); other skills are reported as ignored.
//! An Edge or Hindrance sets the flag of its name when the field table has one (Quick, Level
//! Headed, Improved Level Headed, Ambidextrous); the rest are reported. Parry, Toughness (armor
//! included) and Pace are the export's totals; wounds are the health taken, fatigue 1 is
//! Fatigued and 2 Fatigued severe (Exhausted). Weapons not equipped are left out, innate ones
//! (claws) kept, and each other profile of a weapon (thrown as well as thrust) is a weapon too.

use serde_json::Value;

use super::fields::Checked;
use super::savage_terms::{ATTRIBUTES, damage, die, edge_field, is_range, skill_field};
use super::sheet::{ImportError, Report, Sheet, SheetWeapon};
use crate::rules::{Side, System};

/// Most wounds or fatigue levels an export can sensibly hold; more is a broken file.
const MOST_LEVELS: i64 = 20;

/// Whether a JSON value is a Savaged.us generic export: attributes plus the derived totals.
pub fn looks_like(value: &Value) -> bool {
    value.get("attributes").is_some_and(Value::is_array)
        && ["parryTotal", "toughnessTotal", "paceTotal", "toughnessAsRead"]
            .iter()
            .any(|key| value.get(key).is_some())
}

/// Read an export: the character first, then each allied extra (side ally).
pub fn read(text: &str, file: &str) -> Result<Vec<Sheet>, ImportError> {
    if text.trim().is_empty() {
        return Err(ImportError::new(file, "", "the file is empty"));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message).to_string();
        ImportError::new(
            file,
            format!("line {}, column {}", e.line(), e.column()),
            format!("malformed JSON: {message}"),
        )
    })?;
    if !looks_like(&value) {
        return Err(ImportError::new(file, "", not_an_export(&value)));
    }
    let reader = Reader { file, prefix: String::new() };
    let mut sheets = vec![reader.character(&value, None)?];
    if let Some(extras) = value.get("alliedExtras").and_then(Value::as_array) {
        for (i, extra) in extras.iter().enumerate() {
            let reader = Reader { file, prefix: format!("alliedExtras[{i}].") };
            sheets.push(reader.character(extra, Some(Side::Ally))?);
        }
    }
    Ok(sheets)
}

/// Why a JSON file is not an export, with a guess at what it is.
fn not_an_export(value: &Value) -> String {
    let gcs = value.get("rows").is_some() || value.get("calc").is_some();
    let what = if gcs && value.get("version").is_some() {
        " (it looks like a GCS character file: import it into a GURPS fight)"
    } else if !value.is_object() {
        " (it is not a JSON object)"
    } else {
        ""
    };
    format!(
        "not a Savaged.us generic export: expected \"attributes\" and \"parryTotal\", \
         \"toughnessTotal\", \"paceTotal\"{what}"
    )
}

/// Reads one character or allied extra; `prefix` is its place in the file.
struct Reader<'a> {
    file: &'a str,
    prefix: String,
}

impl Reader<'_> {
    fn error(&self, at: &str, message: impl Into<String>) -> ImportError {
        ImportError::new(self.file, format!("{}{at}", self.prefix), message)
    }

    /// A whole number at `key` of `value` (`at` names it), `None` when absent or null.
    fn int(&self, value: &Value, key: &str, at: &str) -> Result<Option<i64>, ImportError> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => match n.as_i64() {
                Some(n) => Ok(Some(n)),
                None => Err(self.error(at, format!("{n} is not a whole number"))),
            },
            Some(other) => Err(self.error(at, format!("expected a whole number, found {other}"))),
        }
    }

    fn need_int(&self, value: &Value, key: &str) -> Result<i64, ImportError> {
        self.int(value, key, key)?
            .ok_or_else(|| self.error(key, "missing: expected a whole number"))
    }

    fn text<'v>(&self, value: &'v Value, key: &str, at: &str) -> Result<&'v str, ImportError> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(""),
            Some(Value::String(s)) => Ok(s.trim()),
            Some(other) => Err(self.error(at, format!("expected text, found {other}"))),
        }
    }

    /// Set a field, or refuse the file at `at` with the field table's reason.
    fn set(&self, f: &mut Checked, at: &str, key: &str, value: &str) -> Result<(), ImportError> {
        f.set(key, value).map_err(|e| self.error(at, e))
    }

    fn character(&self, v: &Value, side: Option<Side>) -> Result<Sheet, ImportError> {
        if !v.is_object() {
            return Err(self.error("", "expected a character (a JSON object)"));
        }
        let name = self.text(v, "name", "name")?;
        if name.is_empty() {
            return Err(self.error("name", "missing: every character needs a name"));
        }
        let mut f = Checked::combatant(System::SAVAGE);
        let mut report = Report::default();
        let wild = match v.get("wildcard").and_then(Value::as_bool) {
            Some(wild) => wild,
            None => {
                let guess = side.is_none();
                report.odd.push(format!(
                    "no \"wildcard\": taken as {}",
                    if guess { "a Wild Card" } else { "an Extra" }
                ));
                guess
            }
        };
        self.set(&mut f, "wildcard", "wild", if wild { "on" } else { "off" })?;
        report.read.push(if wild { "Wild Card".into() } else { "Extra".into() });
        self.attributes(v, &mut f, &mut report)?;
        self.skills(v, &mut f, &mut report)?;
        for (key, field) in
            [("parryTotal", "parry"), ("toughnessTotal", "toughness"), ("paceTotal", "pace")]
        {
            let n = self.need_int(v, key)?;
            self.set(&mut f, key, field, &n.to_string())?;
            report.read.push(format!("{field} {n}"));
        }
        for (key, field) in [("armorValue", "armor"), ("size", "size"), ("bennies", "bennies")] {
            if let Some(n) = self.int(v, key, key)? {
                self.set(&mut f, key, field, &n.to_string())?;
                report.read.push(format!("{field} {n}"));
            }
        }
        let charisma = self.int(v, "charisma", "charisma")?;
        let uses_charisma = v.get("usesCharisma").and_then(Value::as_bool).unwrap_or(false);
        if let Some(n) = charisma.filter(|n| uses_charisma || *n != 0) {
            self.set(&mut f, "charisma", "charisma", &n.to_string())?;
            report.read.push(format!("charisma {n}"));
        }
        if v.get("heavyArmor").and_then(Value::as_bool).unwrap_or(false) {
            report.odd.push("Heavy Armor: skirmish does not mark it; Toughness is kept".into());
        }
        self.flags(v, "edges", "Edge", &mut f, &mut report)?;
        self.flags(v, "hindrances", "Hindrance", &mut f, &mut report)?;
        let taken = self.wounds(v, wild, &mut report)?;
        let conditions = self.fatigue(v, &mut report)?;
        let weapons = self.weapons(v, &mut report)?;
        self.leftovers(v, &mut report);
        let from = self.text(v, "raceGenderAndProfession", "raceGenderAndProfession")?;
        let note = match from {
            "" => "Savaged.us export".to_string(),
            from => format!("Savaged.us export: {from}"),
        };
        Ok(Sheet {
            name: name.to_string(),
            system: Some(System::SAVAGE),
            side,
            fields: f.into_fields(),
            weapons,
            taken,
            conditions,
            note,
            report,
        })
    }

    /// The five attributes; each must be there.
    fn attributes(
        &self,
        v: &Value,
        f: &mut Checked,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let list = v.get("attributes").and_then(Value::as_array);
        let list = list.ok_or_else(|| self.error("attributes", "missing: expected a list"))?;
        for (i, item) in list.iter().enumerate() {
            let at = format!("attributes[{i}]");
            let name = self.text(item, "name", &format!("{at}.name"))?.to_ascii_lowercase();
            if !ATTRIBUTES.contains(&name.as_str()) {
                report.ignored.push(format!("attribute {name}"));
                continue;
            }
            let (value, where_) = self.trait_die(item, &at)?;
            self.set(f, &where_, &name, &value)?;
            report.read.push(format!("{name} {value}"));
        }
        for attribute in ATTRIBUTES {
            if !f.has(attribute) {
                return Err(self.error("attributes", format!("missing: no {attribute}")));
            }
        }
        Ok(())
    }

    /// A die from `dieValue` and `mod` (d12+1), or from `value` when they are absent; with the
    /// place to name if the table refuses it.
    fn trait_die(&self, item: &Value, at: &str) -> Result<(String, String), ImportError> {
        let sides = self.int(item, "dieValue", &format!("{at}.dieValue"))?;
        let bonus = self.int(item, "mod", &format!("{at}.mod"))?.unwrap_or(0);
        if let Some(sides) = sides {
            let text = match bonus {
                0 => format!("d{sides}"),
                b => format!("d{sides}{b:+}"),
            };
            return Ok((text, format!("{at}.dieValue")));
        }
        let value = self.text(item, "value", &format!("{at}.value"))?;
        let text = die(value).unwrap_or_else(|| value.to_string());
        Ok((text, format!("{at}.value")))
    }

    fn skills(&self, v: &Value, f: &mut Checked, report: &mut Report) -> Result<(), ImportError> {
        let Some(list) = v.get("skills").and_then(Value::as_array) else {
            report.odd.push("no skills listed".into());
            return Ok(());
        };
        fn named(item: &Value) -> &str {
            item.get("name").and_then(Value::as_str).unwrap_or("").trim()
        }
        let has_throwing = list.iter().any(|s| named(s).eq_ignore_ascii_case("throwing"));
        for (i, item) in list.iter().enumerate() {
            let name = named(item);
            // The export lists the untrained roll as a skill of its own.
            if name.is_empty() || name.starts_with('(') {
                continue;
            }
            let (value, at) = self.trait_die(item, &format!("skills[{i}]"))?;
            match skill_field(name, has_throwing) {
                Some(field) => {
                    self.set(f, &at, &field, &value)?;
                    report.read.push(format!("{name} {value} → {field}"));
                }
                None => report.ignored.push(format!("skill {name} {value}")),
            }
        }
        Ok(())
    }

    /// Edges or Hindrances: the ones the field table has a flag for set it.
    fn flags(
        &self,
        v: &Value,
        key: &str,
        what: &str,
        f: &mut Checked,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let Some(list) = v.get(key).and_then(Value::as_array) else { return Ok(()) };
        for (i, item) in list.iter().enumerate() {
            let at = format!("{key}[{i}]");
            let name = self.text(item, "name", &format!("{at}.name"))?;
            match edge_field(name) {
                Some(field) => {
                    self.set(f, &at, &field, "on")?;
                    report.read.push(format!("{what} {name} → {field}"));
                }
                None => report.ignored.push(format!("{what} {name}")),
            }
        }
        Ok(())
    }

    fn wounds(&self, v: &Value, wild: bool, report: &mut Report) -> Result<i64, ImportError> {
        let wounds = self.int(v, "wounds", "wounds")?.unwrap_or(0);
        if !(0..=MOST_LEVELS).contains(&wounds) {
            return Err(
                self.error("wounds", format!("{wounds} wounds: expected 0 to {MOST_LEVELS}"))
            );
        }
        let most = self.int(v, "woundsMax", "woundsMax")?;
        if let Some(most) = most {
            if wild && most != 3 {
                report.ignored.push(format!("max wounds {most} (skirmish has no field for it)"));
            }
            if wounds > most {
                report.odd.push(format!("{wounds} wounds, more than its {most}"));
            }
        }
        if wounds > 0 {
            report.read.push(format!("{wounds} wound(s) taken"));
        }
        Ok(wounds)
    }

    /// Fatigue as the catalogue's Fatigued, severe for the second level (Exhausted).
    fn fatigue(&self, v: &Value, report: &mut Report) -> Result<Vec<String>, ImportError> {
        let fatigue = self.int(v, "fatigue", "fatigue")?.unwrap_or(0);
        if !(0..=MOST_LEVELS).contains(&fatigue) {
            return Err(self.error("fatigue", format!("{fatigue}: expected 0 to {MOST_LEVELS}")));
        }
        Ok(match fatigue {
            0 => Vec::new(),
            1 => {
                report.read.push("fatigue 1 → Fatigued".into());
                vec!["Fatigued".into()]
            }
            n => {
                if n > 2 {
                    report.odd.push(format!("fatigue {n}: past Exhausted, kept as Exhausted"));
                }
                report.read.push(format!("fatigue {n} → Fatigued severe (Exhausted)"));
                vec!["Fatigued severe".into()]
            }
        })
    }

    fn weapons(&self, v: &Value, report: &mut Report) -> Result<Vec<SheetWeapon>, ImportError> {
        let Some(list) = v.get("weapons").and_then(Value::as_array) else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for (i, w) in list.iter().enumerate() {
            let at = format!("weapons[{i}]");
            let name = self.text(w, "name", &format!("{at}.name"))?;
            if name.is_empty() {
                return Err(self.error(&format!("{at}.name"), "missing: a weapon needs a name"));
            }
            let is = |key: &str| w.get(key).and_then(Value::as_bool);
            if is("equipped") == Some(false) && is("innate") != Some(true) {
                report.ignored.push(format!("weapon {name} (not equipped)"));
                continue;
            }
            out.extend(self.weapon(w, name, &at, report)?);
            // Each other way to use it (a spear thrown as well as thrust) is a weapon of its own.
            let profiles =
                w.get("profiles").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            let active = self.int(w, "activeProfile", &format!("{at}.activeProfile"))?.unwrap_or(0);
            for (k, profile) in profiles.iter().enumerate() {
                if profiles.len() < 2 || i64::try_from(k).ok() == Some(active) {
                    continue;
                }
                let at = format!("{at}.profiles[{k}]");
                let label = self.text(profile, "name", &format!("{at}.name"))?;
                let label = match label {
                    "" => format!("{name} ({})", k.saturating_add(1)),
                    label => format!("{name} ({label})"),
                };
                out.extend(self.weapon(profile, &label, &at, report)?);
            }
        }
        Ok(out)
    }

    /// One weapon, or one profile of a weapon (its `thrown_weapon` for the weapon's `thrown`);
    /// `None` when its damage does not read (reported).
    fn weapon(
        &self,
        w: &Value,
        name: &str,
        at: &str,
        report: &mut Report,
    ) -> Result<Option<SheetWeapon>, ImportError> {
        let text = self.text(w, "damage", &format!("{at}.damage"))?;
        let (dmg, shotgun) = match damage(text) {
            Ok(read) => read,
            Err(why) => {
                report.odd.push(format!("weapon {name} left out: {why}"));
                return Ok(None);
            }
        };
        let mut f = Checked::weapon(System::SAVAGE);
        let set = |f: &mut Checked, key: &str, field: &str, value: &str| {
            self.set(f, &format!("{at}.{key}"), field, value)
        };
        set(&mut f, "damage", "dmg", &dmg)?;
        if shotgun {
            set(&mut f, "damage", "shotgun", "on")?;
        }
        let range = self.text(w, "range", &format!("{at}.range"))?;
        let ranged = is_range(range);
        if ranged {
            set(&mut f, "range", "range", range)?;
        } else if !range.is_empty() && !range.eq_ignore_ascii_case("melee") {
            report.odd.push(format!("weapon {name}: range \"{range}\" is not short/medium/long"));
        }
        for key in ["ap", "rof", "shots"] {
            match self.int(w, key, &format!("{at}.{key}"))? {
                // RoF and shots only mean something for a weapon that fires.
                Some(n) if n >= 1 && (key == "ap" || ranged) => {
                    set(&mut f, key, key, &n.to_string())?
                }
                _ => {}
            }
        }
        if let Some(reach) = self.int(w, "reach", &format!("{at}.reach"))?.filter(|n| *n > 0) {
            set(&mut f, "reach", "reach", &reach.to_string())?;
        }
        for key in ["thrown", "thrown_weapon"] {
            if w.get(key).and_then(Value::as_bool) == Some(true) {
                set(&mut f, key, "skill", "throwing")?;
            }
        }
        report.read.push(format!("weapon {name}"));
        Ok(Some(f.into_weapon(name)))
    }

    /// What the export has that skirmish keeps no field for, a line each.
    fn leftovers(&self, v: &Value, report: &mut Report) {
        let names = |key: &str| -> Vec<String> {
            v.get(key).and_then(Value::as_array).map_or(Vec::new(), |list| {
                list.iter()
                    .filter_map(|item| item.get("name").and_then(Value::as_str))
                    .map(str::to_string)
                    .collect()
            })
        };
        for attack in names("otherAttacks") {
            report.ignored.push(format!("attack {attack} (from a power)"));
        }
        for ab in names("abs") {
            report.ignored.push(format!("arcane background {ab} and its powers"));
        }
        let worn: Vec<String> = [names("armor"), names("shields")].concat();
        if !worn.is_empty() {
            report.ignored.push(format!(
                "armor and shields ({}): already in Toughness and Parry",
                worn.join(", ")
            ));
        }
        if v.get("vehicles").and_then(Value::as_array).is_some_and(|l| !l.is_empty()) {
            report.ignored.push("vehicles".into());
        }
    }
}

#[cfg(test)]
mod tests;
