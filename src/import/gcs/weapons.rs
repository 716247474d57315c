//! GCS weapons: each melee and ranged usage of an equipped item or an enabled trait as its own
//! skirmish weapon, with the skill level, damage, Parry and Block GCS computed.

mod values;

use self::values::{Absolute, damage, defense, first_number};
use super::node::Node;
use super::{Reader, check, traits};
use crate::import::{ImportError, SheetWeapon};
use crate::rules::System;

/// A usage being read: its owner's name, where it is and whether it is part of the body.
struct Usage<'a> {
    owner: String,
    at: Node<'a>,
    natural: bool,
}

pub(super) fn read(reader: &mut Reader, root: &Node<'_>) -> Result<(), ImportError> {
    let mut usages = Vec::new();
    for row in traits::enabled(root)?.0 {
        let owner = traits::name(&row)?;
        for at in row.items("weapons")? {
            usages.push(Usage { owner: owner.clone(), at, natural: true });
        }
    }
    let mut plain = Vec::new();
    equipment(reader, &root.items("equipment")?, &mut usages, &mut plain)?;
    if !plain.is_empty() {
        reader.ignored(format!("equipment without a weapon: {}", plain.join("; ")));
    }
    let mut best_block: Option<(i64, Node<'_>)> = None;
    for usage in &usages {
        if usage.at.flag("hide") {
            reader.ignored(format!("hidden weapon: {}", label(usage)?));
            continue;
        }
        if let Some((weapon, block)) = weapon(reader, usage)? {
            if let Some(block) = block
                && best_block.as_ref().is_none_or(|(b, _)| block > *b)
            {
                best_block = Some((block, usage.at.clone()));
            }
            reader.sheet.weapons.push(weapon);
        }
    }
    distinct_names(&mut reader.sheet.weapons);
    if let Some((block, at)) = best_block {
        reader.field("block", block.to_string(), &at)?;
        reader.read_line(format!("Block {block} (the best GCS computed)"));
    }
    Ok(())
}

/// Equipped items' usages, containers opened; items without weapons named for the report.
fn equipment<'a>(
    reader: &mut Reader,
    rows: &[Node<'a>],
    usages: &mut Vec<Usage<'a>>,
    plain: &mut Vec<String>,
) -> Result<(), ImportError> {
    for row in rows {
        let name = row.name_of("description")?.unwrap_or_else(|| "(unnamed)".into());
        let quantity = row.get("quantity").map(|q| q.number()).transpose()?.unwrap_or(1.0);
        let weapons = row.items("weapons")?;
        if !row.flag("equipped") || quantity <= 0.0 {
            if !weapons.is_empty() {
                reader.ignored(format!("not equipped: {name} (its weapons left out)"));
            }
            continue;
        }
        if weapons.is_empty() && row.items("children")?.is_empty() {
            plain.push(name.clone());
        }
        for at in weapons {
            usages.push(Usage { owner: name.clone(), at, natural: false });
        }
        equipment(reader, &row.items("children")?, usages, plain)?;
    }
    Ok(())
}

/// `Spear (thrust)`: the owner and its usage; GCS's own Natural Attacks by the usage alone
/// (`Punch`).
fn label(usage: &Usage<'_>) -> Result<String, ImportError> {
    let owner = usage.owner.trim();
    Ok(match usage.at.name_of("usage")? {
        Some(how) if usage.natural && owner.eq_ignore_ascii_case("natural attacks") => how,
        Some(how) => format!("{owner} ({})", how.to_lowercase()),
        None => owner.to_string(),
    })
}

/// Melee or ranged: GCS 5's weapon id starts with `w` or `W`, version 4 says its `type`.
fn is_melee(at: &Node<'_>) -> Result<Option<bool>, ImportError> {
    if let Some(kind) = at.text_of("type")? {
        return Ok(match kind {
            "melee_weapon" => Some(true),
            "ranged_weapon" => Some(false),
            _ => None,
        });
    }
    Ok(match at.text_of("id")?.and_then(|id| id.chars().next()) {
        Some('w') => Some(true),
        Some('W') => Some(false),
        _ => None,
    })
}

/// A usage as a weapon, with its absolute Block when it has one.
fn weapon(
    reader: &mut Reader,
    usage: &Usage<'_>,
) -> Result<Option<(SheetWeapon, Option<i64>)>, ImportError> {
    let name = label(usage)?;
    let at = &usage.at;
    let Some(melee) = is_melee(at)? else {
        reader.odd(format!("{name}: neither melee nor ranged by its id or type; left out"));
        return Ok(None);
    };
    // GCS leaves `calc` out when nothing in it differs from the usage as written: no level.
    let calc = at.get("calc").unwrap_or_else(|| at.clone());
    let skill = calc.get("level").map(|l| l.whole()).transpose()?.unwrap_or(0);
    if skill <= 0 {
        reader.odd(format!("{name}: GCS gives it no skill level (no skill to use it); left out"));
        return Ok(None);
    }
    let mut w = Built { name, fields: Vec::new(), words: Vec::new() };
    w.set("skill", skill.to_string(), &calc)?;
    let dmg_at = calc.get("damage");
    match dmg_at.as_ref().map(|d| d.text()).transpose()? {
        Some(text) => {
            let read = damage(text);
            for line in read.odd {
                reader.odd(format!("{}: {line}", w.name));
            }
            let dmg_at = dmg_at.clone().unwrap_or_else(|| calc.clone());
            if let Some(dmg) = read.dmg {
                w.set("dmg", dmg, &dmg_at)?;
            }
            if let Some(kind) = read.kind {
                w.set("type", kind.clone(), &dmg_at)?;
                if let Some(dmg) = w.fields.iter().find(|(k, _)| k == "dmg").map(|(_, v)| v.clone())
                {
                    w.reword("dmg", Some(format!("{dmg} {kind}")));
                    w.reword("type", None);
                }
            }
        }
        None => reader.odd(format!("{}: no damage computed by GCS; dmg left out", w.name)),
    }
    let value = |key: &str| -> Result<Option<(String, Node<'_>)>, ImportError> {
        let found = calc.get(key).or_else(|| at.get(key));
        Ok(match found {
            Some(n) => Some((n.text()?.trim().to_string(), n)),
            None => None,
        })
    };
    let mut block = None;
    if melee {
        block = melee_values(reader, &mut w, skill, &value, at)?;
    } else {
        ranged_values(reader, &mut w, &value, at)?;
    }
    if let Some((text, n)) = value("strength")? {
        strength(reader, &mut w, &text, &n)?;
    }
    if usage.natural {
        w.set("natural", "on".into(), at)?;
    }
    let words: Vec<&str> = w.words.iter().map(|(_, word)| word.as_str()).collect();
    reader.read_line(format!("{}: {}", w.name, words.join(", ")));
    Ok(Some((SheetWeapon { name: w.name, fields: w.fields }, block)))
}

/// Looks a usage value up: its computed form, else the form written.
type Lookup<'f, 'a> = dyn Fn(&str) -> Result<Option<(String, Node<'a>)>, ImportError> + 'f;

/// Reach, Parry (as the modifier that gives GCS's Parry from the skill) and Block.
fn melee_values<'a>(
    reader: &mut Reader,
    w: &mut Built,
    skill: i64,
    value: &Lookup<'_, 'a>,
    at: &Node<'a>,
) -> Result<Option<i64>, ImportError> {
    if let Some((reach, n)) = value("reach")?.filter(|(r, _)| !r.is_empty()) {
        let reach = reach.to_ascii_uppercase();
        if crate::rules::gurps::skill::reach_span(&reach).is_some() {
            w.set("reach", reach, &n)?;
        } else {
            reader.odd(format!("{}: Reach {reach} is not one skirmish reads; left out", w.name));
        }
    }
    let base = (skill / 2).saturating_add(3);
    let parry = value("parry")?;
    let parry_at = parry.as_ref().map_or_else(|| at.clone(), |(_, n)| n.clone());
    let parry = defense(parry.as_ref().map_or("No", |(t, _)| t.as_str()))
        .ok_or_else(|| parry_at.error("expected a Parry such as 11, 9F, 10U or No"))?;
    w.set("parry", parry.modifier(base), &parry_at)?;
    if let Absolute::Value { value, marks } = &parry {
        w.reword("parry", Some(format!("Parry {value}{marks} (parry={})", parry.modifier(base))));
    }
    let block = value("block")?;
    let mut best = None;
    if let Some((text, n)) = block {
        let read = defense(&text).ok_or_else(|| n.error("expected a Block such as 9 or No"))?;
        if let Absolute::Value { value, .. } = read {
            w.set("block", read.modifier(base), &n)?;
            w.reword("block", Some(format!("Block {value} (block={})", read.modifier(base))));
            best = Some(value);
            if matches!(parry, Absolute::No) {
                w.set("shield", "on".into(), &n)?;
                reader.odd(format!("{}: blocks and cannot parry, taken as a shield", w.name));
            }
        }
    }
    Ok(best)
}

/// Accuracy, range, RoF, shots, Bulk and Recoil, and how it flies (thrown, firearm).
fn ranged_values<'a>(
    reader: &mut Reader,
    w: &mut Built,
    value: &Lookup<'_, 'a>,
    at: &Node<'a>,
) -> Result<(), ImportError> {
    w.set("ranged", "on".into(), at)?;
    if let Some((acc, n)) = value("accuracy")? {
        match first_number(&acc) {
            Some((base, rest)) => {
                w.set("acc", base.to_string(), &n)?;
                if !rest.is_empty() {
                    reader.odd(format!("{}: Accuracy {acc}: {base} kept, {rest} not", w.name));
                }
            }
            None => reader.odd(format!("{}: Accuracy {acc} not kept", w.name)),
        }
    }
    if let Some((range, n)) = value("range")?.filter(|(r, _)| !r.is_empty()) {
        let range = range.replace(',', "");
        if range.contains('x') {
            reader.odd(format!("{}: range {range} is not resolved to yards", w.name));
        }
        w.set("range", range, &n)?;
    }
    if let Some((rof, n)) = value("rate_of_fire")? {
        // What rapid fire reads whole (`3`, a shotgun's `3x9`) is kept whole.
        let whole = crate::rules::gurps::rapid::parse_rof(&rof);
        match whole.map(|r| (r.shots, r.projectiles)) {
            Some((shots, 1)) => w.set("rof", shots.to_string(), &n)?,
            Some((shots, projectiles)) => w.set("rof", format!("{shots}x{projectiles}"), &n)?,
            None => match first_number(&rof) {
                Some((shots, rest)) => {
                    w.set("rof", shots.to_string(), &n)?;
                    if !rest.is_empty() {
                        reader.odd(format!("{}: RoF {rof}: {shots} kept, {rest} not", w.name));
                    }
                }
                None => reader.odd(format!("{}: RoF {rof} not kept", w.name)),
            },
        }
    }
    if let Some((shots, n)) = value("shots")?.filter(|(s, _)| !s.is_empty()) {
        if shots.starts_with('T') {
            w.set("thrown", "on".into(), &n)?;
        }
        w.set("shots", shots, &n)?;
    }
    for (key, field, label) in [("bulk", "bulk", "Bulk"), ("recoil", "rcl", "Recoil")] {
        let Some((text, n)) = value(key)?.filter(|(t, _)| !t.is_empty()) else { continue };
        match first_number(&text) {
            Some((number, rest)) => {
                w.set(field, number.to_string(), &n)?;
                if !rest.is_empty() {
                    reader.odd(format!("{}: {label} {text}: {number} kept, {rest} not", w.name));
                }
                if field == "rcl" && !w.fields.iter().any(|(k, _)| k == "thrown") {
                    w.set("firearm", "on".into(), &n)?;
                    reader.odd(format!("{}: has Recoil, taken as a firearm (no Block)", w.name));
                }
            }
            None => reader.odd(format!("{}: {label} {text} not kept", w.name)),
        }
    }
    Ok(())
}

/// Minimum ST and what its marks say (†, ‡, B, M, R), the marks reported.
fn strength(
    reader: &mut Reader,
    w: &mut Built,
    text: &str,
    at: &Node<'_>,
) -> Result<(), ImportError> {
    if text.is_empty() {
        return Ok(());
    }
    match first_number(text) {
        Some((st, rest)) => {
            if st > 0 {
                w.set("st", st.to_string(), at)?;
            }
            if !rest.is_empty() {
                reader.odd(format!("{}: ST {text}: the marks {rest} not kept", w.name));
            }
        }
        None => reader.odd(format!("{}: ST {text} not kept", w.name)),
    }
    Ok(())
}

/// A weapon's fields as they are set, each checked against GURPS's weapon fields.
struct Built {
    name: String,
    fields: Vec<(String, String)>,
    /// The report's words for each field, by key.
    words: Vec<(String, String)>,
}

impl Built {
    fn set(&mut self, key: &str, value: String, at: &Node<'_>) -> Result<(), ImportError> {
        check(System::GURPS.rules().spec().weapon_fields, key, &value, at)?;
        let word = if value == "on" { key.to_string() } else { format!("{key} {value}") };
        self.reword(key, Some(word));
        self.fields.retain(|(k, _)| k != key);
        self.fields.push((key.to_string(), value));
        Ok(())
    }

    /// How a field reads in the report (`2d+1 cut`, `Parry 14 (parry=+4)`); `None` drops it.
    fn reword(&mut self, key: &str, word: Option<String>) {
        match (self.words.iter().position(|(k, _)| k == key), word) {
            (Some(i), Some(word)) => {
                if let Some(slot) = self.words.get_mut(i) {
                    slot.1 = word;
                }
            }
            (Some(i), None) => {
                self.words.remove(i);
            }
            (None, Some(word)) => self.words.push((key.to_string(), word)),
            (None, None) => {}
        }
    }
}

/// Two usages that came out with one name (`Spear` twice) get `2`, `3` …
fn distinct_names(weapons: &mut [SheetWeapon]) {
    for i in 1..weapons.len() {
        let (before, rest) = weapons.split_at_mut(i);
        let Some(this) = rest.first_mut() else { continue };
        let base = this.name.clone();
        let mut n = 2;
        while before.iter().any(|w| w.name.eq_ignore_ascii_case(&this.name)) {
            this.name = format!("{base} {n}");
            n += 1;
        }
    }
}
