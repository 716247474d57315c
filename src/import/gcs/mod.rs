//! GURPS Character Sheet (GCS) files, format versions 4 and 5, read into a GURPS [`Sheet`]: the
//! values GCS has already computed (its `calc` blocks), never the character rules recomputed.

mod body;
mod node;
mod traits;
mod weapons;

#[cfg(test)]
mod tests;

use serde_json::Value;

use self::node::Node;
use crate::import::{ImportError, Sheet};
use crate::rules::System;
use crate::rules::stats::{Stats, format_hundredths};

/// The newest GCS data version read; GCS 5.x wrote version 4 with the same fields.
pub const NEWEST_VERSION: i64 = 5;
/// The oldest GCS data version read.
pub const OLDEST_VERSION: i64 = 4;
/// What to do with a file GCS wrote without its computed values.
const RESAVE: &str = "open and save it in GCS 5.24 or later";
/// The encumbrance levels, lightest first: name and the multiple of Basic Lift they end at.
const ENCUMBRANCE: [(&str, f64); 5] =
    [("None", 1.0), ("Light", 2.0), ("Medium", 3.0), ("Heavy", 6.0), ("Extra-Heavy", 10.0)];

/// Whether a JSON value is a GCS character file: a data `version`, a `profile` and a list of
/// `attributes` (GCS 5's entity id starts with `A`; version 4 says `"type": "character"`).
pub fn looks_like(value: &Value) -> bool {
    let Some(object) = value.as_object() else { return false };
    let version = object.get("version").is_some_and(Value::is_number);
    let shaped = object.get("profile").is_some_and(Value::is_object)
        && object.get("attributes").is_some_and(Value::is_array);
    let tagged = object.get("type").and_then(Value::as_str) == Some("character")
        || object.get("id").and_then(Value::as_str).is_some_and(|id| id.starts_with('A'));
    version && shaped && tagged
}

/// Read a GCS character file (`file` names it in errors) into a GURPS sheet; `enc` picks the
/// encumbrance level (0 None … 4 Extra-Heavy) instead of the carried weight.
pub fn read(text: &str, file: &str, enc: Option<u8>) -> Result<Sheet, ImportError> {
    let value: Value = serde_json::from_str(text).map_err(|err| {
        let text = err.to_string();
        // serde_json ends its message with the position, which `at` gives already.
        let what = text.split(" at line ").next().unwrap_or(&text);
        ImportError::new(
            file,
            format!("line {}, column {}", err.line(), err.column()),
            format!("not valid JSON: {what}"),
        )
    })?;
    let root = Node::root(&value, file);
    if !looks_like(&value) {
        return Err(root.error(
            "not a GCS character file (it has no `version`, `profile` and `attributes` as GCS \
             writes them)",
        ));
    }
    check_version(&root)?;
    if let Some(level) = enc.filter(|level| usize::from(*level) >= ENCUMBRANCE.len()) {
        return Err(ImportError::new(
            file,
            "",
            format!("enc={level}: expected an encumbrance level from 0 (None) to 4 (Extra-Heavy)"),
        ));
    }
    let calc = root
        .get("calc")
        .ok_or_else(|| root.error(format!("the file has no computed values (`calc`): {RESAVE}")))?;
    let mut reader = Reader::new(file);
    reader.sheet.name = name(&root, file, &mut reader)?;
    reader.attributes(&root)?;
    reader.encumbrance(&root, &calc, enc)?;
    reader.size(&root)?;
    body::read(&mut reader, &root)?;
    traits::read(&mut reader, &root)?;
    weapons::read(&mut reader, &root)?;
    reader.unread(&root)?;
    Ok(reader.sheet)
}

fn check_version(root: &Node<'_>) -> Result<(), ImportError> {
    let at = root.need("version", "the GCS data version")?;
    let version = at.whole()?;
    if version > NEWEST_VERSION {
        return Err(at.error(format!(
            "written by a newer GCS (data version {version}); skirmish reads versions \
             {OLDEST_VERSION} and {NEWEST_VERSION}"
        )));
    }
    if version < OLDEST_VERSION {
        return Err(at.error(format!(
            "written by an old GCS (data version {version}) without the values skirmish reads: \
             {RESAVE}"
        )));
    }
    Ok(())
}

/// The profile's name, else the file's own name (said in `odd`).
fn name(root: &Node<'_>, file: &str, reader: &mut Reader) -> Result<String, ImportError> {
    let given = match root.get("profile") {
        Some(profile) => profile.name_of("name")?,
        None => None,
    };
    if let Some(given) = given {
        return Ok(given);
    }
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or("GCS character");
    reader.odd(format!("no name in profile.name: named {stem} after the file"));
    Ok(stem.to_string())
}

/// The sheet being filled.
pub(super) struct Reader {
    pub sheet: Sheet,
}

impl Reader {
    fn new(file: &str) -> Reader {
        let sheet = Sheet {
            system: Some(System::GURPS),
            note: format!("imported from GCS: {file}"),
            ..Sheet::default()
        };
        Reader { sheet }
    }

    pub fn read_line(&mut self, line: impl Into<String>) {
        self.sheet.report.read.push(line.into());
    }

    pub fn ignored(&mut self, line: impl Into<String>) {
        self.sheet.report.ignored.push(line.into());
    }

    pub fn odd(&mut self, line: impl Into<String>) {
        self.sheet.report.odd.push(line.into());
    }

    /// Set a combatant field, checked against the GURPS field table now: a value skirmish would
    /// refuse refuses the file, naming the place it came from.
    pub fn field(&mut self, key: &str, value: String, at: &Node<'_>) -> Result<(), ImportError> {
        check(System::GURPS.rules().spec().fields, key, &value, at)?;
        self.sheet.fields.retain(|(k, _)| k != key);
        self.sheet.fields.push((key.to_string(), value));
        Ok(())
    }

    fn attributes(&mut self, root: &Node<'_>) -> Result<(), ImportError> {
        let list = root.items("attributes")?;
        let find = |id: &str| {
            list.iter().find(|a| a.get("attr_id").and_then(|n| n.value.as_str()) == Some(id))
        };
        let wanted: [(&str, &str, &str, bool); 9] = [
            ("st", "st", "ST", true),
            ("dx", "dx", "DX", true),
            ("iq", "iq", "IQ", true),
            ("ht", "ht", "HT", true),
            ("will", "will", "Will", false),
            ("per", "per", "Per", false),
            ("hp", "hp", "HP", false),
            ("fp", "fp", "FP", false),
            ("basic_speed", "speed", "Basic Speed", false),
        ];
        for (id, key, label, required) in wanted {
            let Some(attr) = find(id) else {
                if required {
                    return Err(root.error(format!("missing attribute `{id}` ({label})")));
                }
                self.odd(format!("no {label} attribute (`{id}`) in the file: left to skirmish"));
                continue;
            };
            let calc = computed(attr)?;
            let value = calc.need("value", &format!("the {label} GCS computed"))?;
            if matches!(key, "hp" | "fp") && value.whole()? == 0 {
                self.odd(format!(
                    "{label} 0 (it has none, as a spirit or a golem): left to skirmish's default"
                ));
                continue;
            }
            let text =
                if key == "speed" { hundredths(&value)? } else { value.whole()?.to_string() };
            self.field(key, text.clone(), &value)?;
            self.read_line(format!("{label} {text}"));
            if let Some((lost, lost_at)) = lost(attr, &calc, &value)? {
                self.pool_lost(key, label, lost, &lost_at)?;
                let max = value.whole()?;
                let condition = match key {
                    "hp" => "Reeling",
                    "fp" => "Very-Tired",
                    _ => continue,
                };
                if max.saturating_sub(lost).saturating_mul(3) < max {
                    self.sheet.conditions.push(condition.into());
                    self.read_line(format!("{label} below a third: starts {condition}"));
                    self.odd(format!(
                        "{label} below a third: GCS's Move and Dodge may be halved for it \
                         already, and skirmish halves them again"
                    ));
                }
            }
        }
        Ok(())
    }

    /// HP and FP already lost: HP as the sheet's `taken`, FP as `fp_lost`.
    fn pool_lost(
        &mut self,
        key: &str,
        label: &str,
        lost: i64,
        at: &Node<'_>,
    ) -> Result<(), ImportError> {
        if lost == 0 {
            return Ok(());
        }
        if lost < 0 {
            self.odd(format!("{label} above its maximum by {}: taken as full", -lost));
            return Ok(());
        }
        // A loss far past any field's bounds is a broken file, not a character.
        if lost > crate::rules::stats::MAX_STAT {
            return Err(at.error(format!("{label} lost {lost}: beyond any character")));
        }
        match key {
            "hp" => {
                self.sheet.taken = lost;
                self.read_line(format!("HP lost {lost}"));
            }
            "fp" => {
                self.field("fp_lost", lost.to_string(), at)?;
                self.read_line(format!("FP lost {lost}"));
            }
            _ => self.odd(format!("{label}: {lost} lost, not kept")),
        }
        Ok(())
    }

    fn size(&mut self, root: &Node<'_>) -> Result<(), ImportError> {
        let Some(sm) = root.get("profile").and_then(|p| p.get("SM")) else { return Ok(()) };
        let value = sm.whole()?;
        if value != 0 {
            self.field("sm", value.to_string(), &sm)?;
            self.read_line(format!("SM {}", crate::rules::words::signed(value)));
        }
        Ok(())
    }

    /// Move and Dodge at the encumbrance level of the carried weight against Basic Lift, or the
    /// level asked for.
    fn encumbrance(
        &mut self,
        root: &Node<'_>,
        calc: &Node<'_>,
        enc: Option<u8>,
    ) -> Result<(), ImportError> {
        let lift_at = calc.need("basic_lift", "Basic Lift")?;
        let lift = weight(&lift_at)?;
        let mut carried = 0.0;
        for item in root.items("equipment")? {
            let extended = computed(&item)?.need("extended_weight", "the item's weight")?;
            carried += weight(&extended)?;
        }
        let by_weight =
            ENCUMBRANCE.iter().position(|(_, times)| carried <= lift * times).unwrap_or(4);
        let level = enc.map_or(by_weight, usize::from);
        let (label, _) = ENCUMBRANCE.get(level).copied().unwrap_or(ENCUMBRANCE[4]);
        for (key, what) in [("move", "Move"), ("dodge", "Dodge")] {
            let list = calc.need(key, &format!("{what} by encumbrance level"))?;
            let items = calc.items(key)?;
            let at = items.get(level).ok_or_else(|| {
                list.error(format!("expected five values, one per encumbrance level ({what})"))
            })?;
            let value = at.whole()?;
            self.field(key, value.to_string(), at)?;
            self.read_line(format!("{what} {value}"));
        }
        let how = if enc.is_some() { "asked for with enc=" } else { "by the carried weight" };
        self.odd(format!(
            "encumbrance {label} (level {level}, {how}): {} lb carried against Basic Lift {} lb; \
             Move and Dodge are GCS's for that level",
            pounds(carried),
            pounds(lift)
        ));
        Ok(())
    }

    /// Skills, spells, notes and equipment left behind, a line each.
    fn unread(&mut self, root: &Node<'_>) -> Result<(), ImportError> {
        for (key, what) in [("skills", "skill"), ("spells", "spell")] {
            let mut list = Vec::new();
            collect_rows(&root.items(key)?, &mut list)?;
            for row in list {
                let name = row.name_of("name")?.unwrap_or_else(|| "(unnamed)".into());
                let level = row
                    .get("calc")
                    .and_then(|c| c.get("level"))
                    .and_then(|l| l.whole().ok())
                    .map(|l| format!(" {l}"))
                    .unwrap_or_default();
                let spec =
                    row.name_of("specialization")?.map(|s| format!(" ({s})")).unwrap_or_default();
                self.ignored(format!("{what}: {name}{spec}{level}"));
            }
        }
        let notes = root.items("notes")?.len();
        if notes > 0 {
            self.ignored(format!("notes: {notes}"));
        }
        let other = root.items("other_equipment")?.len();
        if other > 0 {
            self.ignored(format!("other equipment (not carried): {other} items"));
        }
        Ok(())
    }
}

/// Check one value against a field table, as `add` and `weapon` will.
pub(super) fn check(
    table: &'static [crate::rules::stats::FieldSpec],
    key: &str,
    value: &str,
    at: &Node<'_>,
) -> Result<(), ImportError> {
    let mut stats = Stats::default();
    stats
        .set(table, key, Some(value))
        .map_err(|err| at.error(format!("{key}={value} is not one skirmish takes: {err}")))
}

/// A row's computed values, refused when GCS did not write them.
pub(super) fn computed<'a>(row: &Node<'a>) -> Result<Node<'a>, ImportError> {
    row.get("calc").ok_or_else(|| {
        ImportError::new(
            row.file,
            format!("{}.calc", row.path),
            format!("missing: the values GCS computes; {RESAVE}"),
        )
    })
}

/// Rows of a GCS list with their containers' children, depth first.
pub(super) fn collect_rows<'a>(
    rows: &[Node<'a>],
    out: &mut Vec<Node<'a>>,
) -> Result<(), ImportError> {
    for row in rows {
        let children = row.items("children")?;
        if children.is_empty() {
            out.push(row.clone());
        } else {
            collect_rows(&children, out)?;
        }
    }
    Ok(())
}

/// A pool's amount lost: `calc.current` against the maximum, else the `damage` GCS keeps.
fn lost<'a>(
    attr: &Node<'a>,
    calc: &Node<'a>,
    max: &Node<'a>,
) -> Result<Option<(i64, Node<'a>)>, ImportError> {
    if let Some(current) = calc.get("current") {
        return Ok(Some((max.whole()?.saturating_sub(current.whole()?), current)));
    }
    attr.get("damage").map(|d| Ok((d.whole()?, d))).transpose()
}

/// A decimal in hundredths as skirmish writes it (Basic Speed `5.75`).
fn hundredths(at: &Node<'_>) -> Result<String, ImportError> {
    let n = at.number()?;
    let scaled = n * 100.0;
    if (scaled - scaled.round()).abs() > 1e-6 || scaled.abs() > 1e9 {
        return Err(at.error(format!("{n}: expected a number with at most two decimals")));
    }
    #[expect(clippy::cast_possible_truncation, reason = "rounded and within ±1e9, checked above")]
    Ok(format_hundredths(scaled.round() as i64))
}

/// A GCS weight (`"14 lb"`, `"1,200 lb"`, `"6.5 kg"`) in pounds, by GCS's own conversions.
pub(super) fn weight(at: &Node<'_>) -> Result<f64, ImportError> {
    let text = match at.value {
        Value::Number(_) => return at.number(),
        _ => at.text()?.trim().to_ascii_lowercase().replace(',', ""),
    };
    let split =
        text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let bad = || at.error(format!("{text}: expected a weight such as 14 lb"));
    let n: f64 = number.trim().parse().map_err(|_| bad())?;
    let pounds = match unit.trim() {
        "" | "lb" | "#" => n,
        "oz" => n / 16.0,
        "tn" | "t" => n * 2000.0,
        "kg" => n * 2.0,
        "g" => n / 500.0,
        _ => return Err(bad()),
    };
    if !pounds.is_finite() || pounds.abs() > 1e12 {
        return Err(bad());
    }
    Ok(pounds)
}

/// Pounds as a short number: `25`, `2.5`.
fn pounds(n: f64) -> String {
    let text = format!("{n:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
