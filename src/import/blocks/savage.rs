//! A Savage Worlds stat block: a name line (a Wild Card marked `WC`, `(WC)`, `Wild Card`, `★`
//! or `☠`), `Attributes:`, `Skills:`, `Charisma: …; Pace: …; Parry: …; Toughness: 7 (2)`,
//! `Hindrances:`, `Edges:`, `Gear:` (a weapon is an item with its damage in parentheses) and
//! `Special Abilities:` with one item a line (an attack `Claws: Str+d6`, `Size +1`,
//! `Armor +2`). Lists may run over several lines.

use super::{Block, Line, Shape, at_line, first_int, heading_of, is_bullet, list_items, read_all};
use crate::import::fields::Checked;
use crate::import::savage_terms::{
    ATTRIBUTES, damage, die, edge_field, is_range, misspelt, skill_field, skill_names, title,
};
use crate::import::sheet::{ImportError, Report, Sheet, SheetWeapon};
use crate::rules::System;

const LISTS: &[&str] = &["Attributes", "Skills", "Hindrances", "Edges", "Gear"];
const FIGURES: &[&str] = &["Charisma", "Pace", "Parry", "Toughness"];
const SPECIAL: &str = "Special Abilities";
/// Headings skirmish reads nothing from: their lines are reported as ignored.
const OTHER: &[&str] =
    &["Powers", "Power Points", "Treasure", "Languages", "Cyberware", "Arcane Background"];

/// Gear whose name says it is thrown: its attack rolls Throwing.
const THROWN: &[&str] = &["throw", "javelin", "sling"];

fn is_heading(text: &str) -> bool {
    let all = [LISTS, FIGURES, &[SPECIAL], OTHER].concat();
    heading_of(text, &all).is_some() || is_bullet(text)
}

pub(super) fn read(lines: &[Line<'_>], file: &str) -> Result<Vec<Sheet>, ImportError> {
    let shape = Shape {
        anchor: |text| heading_of(text, &["Attributes"]).is_some(),
        heading: is_heading,
        none: "no Savage Worlds stat block: expected a name line, then \
               \"Attributes: Agility d6, Smarts d6, …\"",
    };
    read_all(lines, file, &shape, |block| {
        Reader { file, f: Checked::combatant(System::SAVAGE) }.block(block)
    })
}

/// The name without its Wild Card mark, and whether it had one.
fn name_and_mark(text: &str) -> (String, bool) {
    let mut name = text.trim().to_string();
    let mut wild = false;
    for mark in ["(WC)", "[WC]", "(Wild Card)", "[Wild Card]", "★", "☠", "*"] {
        for side in [true, false] {
            let stripped =
                if side { name.strip_prefix(mark) } else { name.strip_suffix(mark) }.map(str::trim);
            if let Some(rest) = stripped {
                name = rest.to_string();
                wild = true;
            }
        }
    }
    for mark in ["WC:", "WC ", "Wild Card:", "Wild Card "] {
        let head = name.get(..mark.len()).filter(|h| h.eq_ignore_ascii_case(mark));
        if let Some(rest) = head.and_then(|h| name.get(h.len()..)).filter(|r| !r.is_empty()) {
            name = rest.trim().to_string();
            wild = true;
        }
    }
    (name.trim_end_matches(':').trim().to_string(), wild)
}

/// What the lines being read belong to.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    List(&'static str),
    Special,
    Other,
}

struct Reader<'f> {
    file: &'f str,
    f: Checked,
}

impl Reader<'_> {
    fn set(&mut self, n: usize, key: &str, value: &str) -> Result<(), ImportError> {
        self.f.set(key, value).map_err(|e| at_line(self.file, n, e))
    }

    fn block(mut self, block: &Block<'_, '_>) -> Result<Sheet, ImportError> {
        let (name, wild) = name_and_mark(block.name.text);
        if name.is_empty() {
            return Err(at_line(self.file, block.name.n, "the name line is empty"));
        }
        let mut report = Report::default();
        self.set(block.name.n, "wild", if wild { "on" } else { "off" })?;
        report.read.push(if wild {
            "Wild Card".into()
        } else {
            "Extra (no Wild Card mark)".into()
        });
        for line in block.description {
            report.ignored.push(format!("line {}: description", line.n));
        }
        // Lists gather their lines first: an item may run onto the next line.
        let mut lists: Vec<(&'static str, Vec<(usize, String)>)> = Vec::new();
        let mut special: Vec<(usize, String)> = Vec::new();
        let mut section = Section::None;
        for line in block.body {
            let text = line.text.trim();
            if text.is_empty() {
                section = Section::None;
                continue;
            }
            if let Some((head, rest)) = heading_of(text, LISTS) {
                section = Section::List(head);
                lists.push((head, vec![(line.n, rest.to_string())]));
            } else if heading_of(text, FIGURES).is_some() {
                section = Section::None;
                self.figures(line.n, text, &mut report)?;
            } else if let Some((_, rest)) = heading_of(text, &[SPECIAL]) {
                section = Section::Special;
                if !rest.is_empty() {
                    special.push((line.n, rest.to_string()));
                }
            } else if heading_of(text, OTHER).is_some() {
                section = Section::Other;
                report.ignored.push(format!("line {}: {text}", line.n));
            } else {
                match section {
                    Section::List(_) if !is_bullet(text) => {
                        if let Some((_, pieces)) = lists.last_mut() {
                            pieces.push((line.n, text.to_string()));
                        }
                    }
                    Section::Special if is_bullet(text) || text.contains(':') => {
                        special.push((line.n, text.to_string()))
                    }
                    Section::Special if !special.is_empty() => {
                        if let Some((_, item)) = special.last_mut() {
                            item.push(' ');
                            item.push_str(text);
                        }
                    }
                    Section::Other => report.ignored.push(format!("line {}: {text}", line.n)),
                    _ => report.odd.push(format!("line {}: not read: {text}", line.n)),
                }
            }
        }
        let mut weapons = Vec::new();
        let has_throwing = lists
            .iter()
            .filter(|(head, _)| *head == "Skills")
            .flat_map(|(_, pieces)| list_items(pieces))
            .any(|(_, item)| item.to_ascii_lowercase().starts_with("throwing"));
        for (head, pieces) in &lists {
            for (n, item) in list_items(pieces) {
                match *head {
                    "Attributes" => self.attribute(n, &item, &mut report)?,
                    "Skills" => self.skill(n, &item, has_throwing, &mut report)?,
                    "Gear" => weapons.extend(self.gear(n, &item, &mut report)?),
                    _ => self.flag(n, head, &item, &mut report)?,
                }
            }
        }
        for (n, item) in &special {
            weapons.extend(self.special(*n, item, &mut report)?);
        }
        // A block without these would fight with skirmish's defaults in their place.
        for needed in ATTRIBUTES.iter().chain(&["parry", "toughness"]) {
            if !self.f.has(needed) {
                let message = format!(
                    "no {} in {name}'s block: a Savage Worlds block gives the five attributes, \
                     Parry and Toughness",
                    title(needed)
                );
                return Err(at_line(self.file, block.name.n, &message));
            }
        }
        if !self.f.has("pace") {
            report.odd.push("no pace: skirmish's 6 is used".into());
        }
        if wild && !self.f.has("bennies") {
            self.set(block.name.n, "bennies", "2")?;
            report.read.push("bennies 2 (a Wild Card foe's share)".into());
        }
        Ok(block.sheet(name, System::SAVAGE, self.f.into_fields(), weapons, report))
    }

    /// `Charisma: 0; Pace: 6; Parry: 5; Toughness: 7 (2)`.
    fn figures(&mut self, n: usize, text: &str, report: &mut Report) -> Result<(), ImportError> {
        for segment in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((head, value)) = heading_of(segment, FIGURES) else {
                let word = segment.split([':', ' ']).next().unwrap_or_default();
                if let Some(near) = misspelt(word, FIGURES) {
                    let message = format!("\"{word}\" is not a figure (did you mean {near}?)");
                    return Err(at_line(self.file, n, &message));
                }
                report.odd.push(format!("line {n}: not read: {segment}"));
                continue;
            };
            let key = head.to_ascii_lowercase();
            let Some(number) = first_int(value) else {
                report.odd.push(format!("line {n}: {head} \"{value}\" is not a number"));
                continue;
            };
            self.set(n, &key, &number.to_string())?;
            report.read.push(format!("line {n}: {key} {number}"));
            if key == "toughness" {
                // The armor part of Toughness is in parentheses: `7 (2)`.
                if let Some(armor) = value.split_once('(').and_then(|(_, a)| first_int(a)) {
                    self.set(n, "armor", &armor.to_string())?;
                    report.read.push(format!("line {n}: armor {armor}"));
                }
            }
        }
        Ok(())
    }

    /// A name and a die: `Agility d8`, `Fighting d12+1`.
    fn name_die(&self, n: usize, item: &str) -> Result<(String, String), ImportError> {
        let at = item.char_indices().map(|(i, _)| i).find(|&i| {
            let rest = &item[i..];
            let starts_word = i == 0 || item[..i].ends_with(' ');
            let mut chars = rest.chars();
            starts_word
                && matches!(chars.next(), Some('d' | 'D'))
                && chars.next().is_some_and(|c| c.is_ascii_digit())
        });
        let Some(at) = at else {
            return Err(at_line(self.file, n, format!("\"{item}\": expected a name and a die")));
        };
        // A note after the die (`d4 (A)`, an animal's Smarts) is not part of it.
        let raw = item[at..].split('(').next().unwrap_or("").trim();
        let value = die(raw).unwrap_or_else(|| raw.to_string());
        Ok((item[..at].trim().to_string(), value))
    }

    fn attribute(&mut self, n: usize, item: &str, report: &mut Report) -> Result<(), ImportError> {
        let (name, value) = self.name_die(n, item)?;
        let key = name.to_ascii_lowercase();
        if !ATTRIBUTES.contains(&key.as_str()) {
            // An attribute misread would fight at the wrong die: refused, not guessed.
            let near = misspelt(&name, &ATTRIBUTES)
                .map_or(String::new(), |a| format!(" (did you mean {}?)", title(a)));
            let message = format!("\"{name}\" is not an attribute{near}");
            return Err(at_line(self.file, n, &message));
        }
        self.set(n, &key, &value)?;
        report.read.push(format!("line {n}: {key} {value}"));
        Ok(())
    }

    fn skill(
        &mut self,
        n: usize,
        item: &str,
        has_throwing: bool,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let (name, value) = self.name_die(n, item)?;
        match skill_field(&name, has_throwing) {
            Some(field) => {
                self.set(n, &field, &value)?;
                report.read.push(format!("line {n}: {name} {value} → {field}"));
            }
            None => match misspelt(&name, &skill_names()) {
                Some(near) => report.odd.push(format!(
                    "line {n}: skill {name} {value} not read: did you mean {}?",
                    title(near)
                )),
                None => report.ignored.push(format!("line {n}: skill {name} {value}")),
            },
        }
        Ok(())
    }

    /// An Edge or Hindrance: the flag of its name, if the field table has one.
    fn flag(
        &mut self,
        n: usize,
        head: &str,
        item: &str,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let what = head.trim_end_matches('s');
        match edge_field(item) {
            Some(field) => {
                self.set(n, &field, "on")?;
                report.read.push(format!("line {n}: {what} {item} → {field}"));
            }
            None => report.ignored.push(format!("line {n}: {what} {item}")),
        }
        Ok(())
    }

    /// A piece of gear: a weapon when its parentheses hold a damage (`Sword (Str+d8)`,
    /// `Rifle (Range 24/48/96, Damage 2d8, AP 2, RoF 3)`), otherwise reported.
    fn gear(
        &mut self,
        n: usize,
        item: &str,
        report: &mut Report,
    ) -> Result<Option<SheetWeapon>, ImportError> {
        let (name, inner) = match item.split_once('(') {
            Some((name, rest)) => (name.trim(), rest.trim_end().trim_end_matches(')')),
            None => (item.trim(), ""),
        };
        let parts: Vec<&str> = inner.split([',', ';']).map(str::trim).collect();
        let weapon = self.weapon(n, name, &parts, report)?;
        if weapon.is_none() {
            let why = if inner.starts_with('+') { ": armor, already in Toughness" } else { "" };
            report.ignored.push(format!("line {n}: gear {item}{why}"));
        }
        Ok(weapon)
    }

    /// A weapon from its parts (`Str+d6`, `Damage 2d6`, `AP 2`, `Range 12/24/48`, `RoF 3`,
    /// `Shots 30`, `Reach 1`), or `None` when no part is a damage.
    fn weapon(
        &mut self,
        n: usize,
        name: &str,
        parts: &[&str],
        report: &mut Report,
    ) -> Result<Option<SheetWeapon>, ImportError> {
        let mut f = Checked::weapon(System::SAVAGE);
        let mut found = false;
        let mut unread = Vec::new();
        let set = |f: &mut Checked, key: &str, value: &str| {
            f.set(key, value).map_err(|e| at_line(self.file, n, format!("weapon {name}: {e}")))
        };
        for part in parts.iter().filter(|p| !p.is_empty()) {
            let lower = part.to_ascii_lowercase();
            let (word, rest) = lower.split_once(' ').unwrap_or((&lower, ""));
            let rest = rest.trim().trim_end_matches(['"', '″', '.']);
            let damage_text = match word {
                "damage" | "dmg" => rest,
                _ => &lower,
            };
            if !found && let Ok((dmg, shotgun)) = damage(damage_text) {
                set(&mut f, "dmg", &dmg)?;
                if shotgun {
                    set(&mut f, "shotgun", "on")?;
                }
                found = true;
                continue;
            }
            let number = || first_int(rest).map(|v| v.to_string());
            match (word, number()) {
                ("range", _) if is_range(rest) => set(&mut f, "range", rest)?,
                _ if is_range(&lower) => set(&mut f, "range", &lower)?,
                ("ap" | "rof" | "shots" | "reach", Some(v)) => set(&mut f, word, &v)?,
                _ => unread.push(*part),
            }
        }
        if !found {
            return Ok(None);
        }
        for part in unread {
            report.odd.push(format!("line {n}: weapon {name}: \"{part}\" not read"));
        }
        let lower = name.to_ascii_lowercase();
        if f.has("range") && THROWN.iter().any(|t| lower.contains(t)) {
            set(&mut f, "skill", "throwing")?;
        }
        report.read.push(format!("line {n}: weapon {name}"));
        Ok(Some(f.into_weapon(name)))
    }

    /// One special ability: an attack (`Claws: Str+d6`), `Size +1`, `Armor +2`, an Edge of
    /// skirmish's, or reported as ignored.
    fn special(
        &mut self,
        n: usize,
        item: &str,
        report: &mut Report,
    ) -> Result<Option<SheetWeapon>, ImportError> {
        let item = item.trim().trim_start_matches(super::BULLETS).trim();
        let (name, text) = item.split_once(':').unwrap_or((item, ""));
        let (name, text) = (name.trim(), text.trim());
        let lower = name.to_ascii_lowercase();
        for key in ["size", "armor"] {
            if lower.starts_with(key) {
                let Some(value) = first_int(name).or_else(|| first_int(text)) else { break };
                if key == "armor" && self.f.has("armor") {
                    report.read.push(format!("line {n}: {name} (armor already in Toughness)"));
                } else {
                    self.set(n, key, &value.to_string())?;
                    report.read.push(format!("line {n}: {key} {value}"));
                }
                return Ok(None);
            }
        }
        if let Some(field) = edge_field(name) {
            self.set(n, &field, "on")?;
            report.read.push(format!("line {n}: {name} → {field}"));
            return Ok(None);
        }
        // An attack's damage comes first in its text: `Str+d6.`, `2d6, AP 2, Reach 1.`
        let parts: Vec<&str> = text.split([',', ';', '.']).map(str::trim).collect();
        let looks_like_attack =
            parts.first().is_some_and(|p| damage(p.strip_prefix("Damage").unwrap_or(p)).is_ok());
        if looks_like_attack {
            let mut keep = Vec::new();
            for part in &parts {
                let lower = part.to_ascii_lowercase();
                let known =
                    ["ap ", "reach ", "range ", "rof "].iter().any(|k| lower.starts_with(k));
                if known || damage(part).is_ok() {
                    keep.push(*part);
                }
            }
            return self.weapon(n, name, &keep, report);
        }
        report.ignored.push(format!("line {n}: special ability {name}"));
        Ok(None)
    }
}
