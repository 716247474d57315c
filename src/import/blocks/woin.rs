//! A WOIN NPC stat block: a name line (its size and `human` read from it and the lines under
//! it), the attribute row `STR AGI END INT LOG WIL CHA LUC MAG PSI` with a row of scores and dice
//! under it (`4 (2d6) 7 (3d6) …`) or on one line (`STR 4 (2d6) AGI 7 (3d6) …`), figure lines
//! (`HEALTH 12`, `SPEED 6`, `INITIATIVE 3d6`, `SOAK 5 (leather)`, `ACTIONS 3`, `DEFENSES
//! MELEE 12, RANGED 11, MENTAL 10, VITAL 10` or `MELEE DEFENSE 12; …`) and attack lines
//! (`Longsword: melee 5d6 (2d6+2 slashing)`, `Crossbow: 4d6 range 60' (2d6 piercing)`).
//! Readings: AGI and INT scores give `agi` and `intuition`; the WIL pool gives `will`; the LUC
//! pool's dice count gives the LUC dice left; without an INITIATIVE line the INT pool is the
//! initiative pool (an INTUITION check). Skills, exploits and gear lines are reported, not read.

use super::{Block, Line, Shape, at_line, first_int, heading_of, read_all};
use crate::import::fields::Checked;
use crate::import::sheet::{ImportError, Report, Sheet, SheetWeapon};
use crate::rules::System;
use crate::rules::woin::{SIZES, tables::canonical_type};

const ATTRIBUTES: &[&str] =
    &["STR", "AGI", "END", "INT", "LOG", "WIL", "CHA", "LUC", "MAG", "PSI", "REP"];
/// Headings of lines read as nothing but reported.
const OTHER: &[&str] = &[
    "Skills",
    "Exploits",
    "Equipment",
    "Gear",
    "Traits",
    "Languages",
    "Tactics",
    "Special",
    "Loot",
];
/// The figures a line may start with, and the field each fills (`None`: read as nothing).
const FIGURES: &[(&str, Option<&str>)] = &[
    ("HEALTH", Some("health")),
    ("SPEED", Some("speed")),
    ("INITIATIVE", Some("init")),
    ("SOAK", Some("soak")),
    ("ACTIONS", Some("actions")),
    ("MELEE", Some("melee")),
    ("RANGED", Some("ranged")),
    ("MENTAL", Some("mental")),
    ("VITAL", Some("vital")),
    ("PERCEPTION", None),
    ("CLIMB", None),
    ("SWIM", None),
    ("JUMP", None),
    ("CARRY", None),
];
const DEFENSE_WORDS: &[&str] = &["DEFENSE", "DEFENSES", "DEFENCE", "DEFENCES"];

/// Words of a line: split at spaces and at `,;:()`.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || ",;:()[]".contains(c))
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_attribute_row(text: &str) -> bool {
    let count = words(text)
        .iter()
        .filter(|w| ATTRIBUTES.contains(&w.to_ascii_uppercase().as_str()))
        .count();
    count >= 4
}

fn first_word_upper(text: &str) -> String {
    words(text).first().map(|w| w.to_ascii_uppercase()).unwrap_or_default()
}

fn is_figure_line(text: &str) -> bool {
    let first = first_word_upper(text);
    DEFENSE_WORDS.contains(&first.as_str())
        || FIGURES.iter().any(|(word, _)| *word == first) && words(text).len() > 1
}

fn is_heading(text: &str) -> bool {
    is_attribute_row(text) || is_figure_line(text) || heading_of(text, OTHER).is_some()
}

/// `3d6` or `2d6+2`: a pool of d6 with an optional bonus.
fn is_dice(word: &str) -> bool {
    let Some((n, rest)) = word.split_once(['d', 'D']) else { return false };
    let sides: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let bonus = &rest[sides.len()..];
    !n.is_empty()
        && n.chars().all(|c| c.is_ascii_digit())
        && !sides.is_empty()
        && (bonus.is_empty()
            || (bonus.starts_with(['+', '-']) && bonus[1..].chars().all(|c| c.is_ascii_digit())))
}

pub(super) fn read(lines: &[Line<'_>], file: &str) -> Result<Vec<Sheet>, ImportError> {
    let shape = Shape {
        anchor: is_attribute_row,
        heading: is_heading,
        none: "no WOIN stat block: expected a name line, then the attribute row \
               \"STR AGI END INT LOG WIL CHA LUC MAG PSI\" and its scores",
    };
    read_all(lines, file, &shape, |block| {
        Reader { file, f: Checked::combatant(System::WOIN) }.block(block)
    })
}

/// One attribute as the row gives it: its score and its dice pool, either may be missing.
#[derive(Default, Clone)]
struct Attribute {
    score: Option<i64>,
    dice: Option<String>,
}

/// The entries of a row of scores: `4 (2d6)`, `2d6`, `-`.
fn entries(words: &[&str]) -> Vec<Attribute> {
    let mut out: Vec<Attribute> = Vec::new();
    let mut after_number = false;
    for word in words {
        let bare = word.trim_matches(['(', ')']);
        if let Ok(score) = bare.parse::<i64>() {
            out.push(Attribute { score: Some(score), dice: None });
            after_number = true;
        } else if is_dice(bare) {
            match out.last_mut() {
                Some(last) if after_number && last.dice.is_none() => last.dice = Some(bare.into()),
                _ => out.push(Attribute { score: None, dice: Some(bare.into()) }),
            }
            after_number = false;
        } else if bare == "-" || bare == "—" || bare == "–" {
            if !after_number {
                out.push(Attribute::default());
            }
            after_number = false;
        }
    }
    out
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
        let mut report = Report::default();
        let name_line = block.name.text.trim();
        let name = name_line.split(['(', '[']).next().unwrap_or(name_line).trim().to_string();
        if name.is_empty() {
            return Err(at_line(self.file, block.name.n, "the name line has no name"));
        }
        // Size and kind are on the name line or the type line under it.
        for line in std::iter::once(&block.name).chain(block.description) {
            let lower = line.text.to_ascii_lowercase();
            let said = words(&lower);
            if let Some(size) =
                SIZES.iter().find(|s| said.contains(s)).filter(|_| !self.f.has("size"))
            {
                self.set(line.n, "size", size)?;
                report.read.push(format!("line {}: size {size}", line.n));
            }
            if said.contains(&"human") && !self.f.has("human") {
                self.set(line.n, "human", "on")?;
                report.read.push(format!("line {}: human", line.n));
            }
            if line.n != block.name.n {
                report.ignored.push(format!("line {}: description", line.n));
            }
        }
        let mut body = block.body.iter().peekable();
        let mut attributes: Vec<(&str, Attribute)> = Vec::new();
        if let Some(row) = body.next() {
            let said = words(row.text);
            let inline = said.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()));
            if inline {
                self.inline_row(&said, &mut attributes);
            } else {
                let names: Vec<&str> = said
                    .iter()
                    .map(|w| w.to_ascii_uppercase())
                    .filter_map(|w| ATTRIBUTES.iter().find(|a| **a == w).copied())
                    .collect();
                while body.peek().is_some_and(|l| l.blank()) {
                    body.next();
                }
                match body.next() {
                    Some(values) => {
                        let found = entries(&words(values.text));
                        attributes = names.into_iter().zip(found).collect();
                    }
                    None => report
                        .odd
                        .push(format!("line {}: no scores under the attribute row", row.n)),
                }
            }
            self.attributes(row.n, &attributes, &mut report)?;
        }
        let mut weapons = Vec::new();
        for line in body {
            let text = line.text.trim();
            if text.is_empty() {
                continue;
            }
            if is_figure_line(text) {
                self.figures(line.n, text, &mut report)?;
            } else if heading_of(text, OTHER).is_some() {
                report.ignored.push(format!("line {}: {text}", line.n));
            } else if let Some(attack) = self.attack(line.n, text, &mut report)? {
                weapons.extend(attack);
            } else if !text.eq_ignore_ascii_case("actions") && !text.eq_ignore_ascii_case("attacks")
            {
                report.odd.push(format!("line {}: not read: {text}", line.n));
            }
        }
        if !self.f.has("init") {
            let int =
                attributes.iter().find(|(a, _)| *a == "INT").and_then(|(_, v)| v.dice.clone());
            if let Some(pool) = int {
                self.set(block.name.n, "init", &pool)?;
                report.read.push(format!("init {pool} (the INT pool: no INITIATIVE line)"));
            }
        }
        for needed in ["health", "melee", "ranged"] {
            if !self.f.has(needed) {
                report.odd.push(format!("no {needed}: skirmish's default is used"));
            }
        }
        Ok(block.sheet(name, System::WOIN, self.f.into_fields(), weapons, report))
    }

    /// `STR 4 (2d6) AGI 7 (3d6) …` on one line.
    fn inline_row<'w>(&self, said: &[&'w str], out: &mut Vec<(&'static str, Attribute)>) {
        let mut current: Option<(&'static str, Vec<&'w str>)> = None;
        for word in said {
            let upper = word.to_ascii_uppercase();
            if let Some(name) = ATTRIBUTES.iter().find(|a| **a == upper) {
                if let Some((name, got)) = current.take() {
                    out.push((name, entries(&got).into_iter().next().unwrap_or_default()));
                }
                current = Some((name, Vec::new()));
            } else if let Some((_, got)) = current.as_mut() {
                got.push(word);
            }
        }
        if let Some((name, got)) = current {
            out.push((name, entries(&got).into_iter().next().unwrap_or_default()));
        }
    }

    fn attributes(
        &mut self,
        n: usize,
        attributes: &[(&str, Attribute)],
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let mut unused = Vec::new();
        for (name, value) in attributes {
            let shown = match (value.score, &value.dice) {
                (Some(s), Some(d)) => format!("{name} {s} ({d})"),
                (Some(s), None) => format!("{name} {s}"),
                (None, Some(d)) => format!("{name} {d}"),
                (None, None) => format!("{name} -"),
            };
            let luc =
                value.dice.as_deref().and_then(|d| d.split(['d', 'D']).next()?.parse::<i64>().ok());
            match (*name, value.score, &value.dice) {
                ("AGI", Some(score), _) => self.set(n, "agi", &score.to_string())?,
                ("INT", Some(score), _) => self.set(n, "intuition", &score.to_string())?,
                ("WIL", _, Some(pool)) => self.set(n, "will", pool)?,
                ("LUC", _, Some(_)) if luc.is_some_and(|l| l > 0) => {
                    self.set(n, "luc", &luc.unwrap_or(0).to_string())?
                }
                _ => {
                    unused.push(shown);
                    continue;
                }
            }
            report.read.push(format!("line {n}: {shown}"));
        }
        if !unused.is_empty() {
            report.ignored.push(format!("line {n}: {}", unused.join(", ")));
        }
        Ok(())
    }

    /// `HEALTH 12  SPEED 6  SOAK 5 (leather)`, `DEFENSES MELEE 12, RANGED 11 …`.
    fn figures(&mut self, n: usize, text: &str, report: &mut Report) -> Result<(), ImportError> {
        let said = words(text);
        let mut i = 0;
        while i < said.len() {
            let upper = said[i].to_ascii_uppercase();
            i = i.saturating_add(1);
            let Some((word, field)) = FIGURES.iter().find(|(w, _)| *w == upper) else { continue };
            while said
                .get(i)
                .is_some_and(|w| DEFENSE_WORDS.contains(&w.to_ascii_uppercase().as_str()))
            {
                i = i.saturating_add(1);
            }
            let Some(value) = said.get(i) else {
                report.odd.push(format!("line {n}: {word} has no value"));
                continue;
            };
            let value = if *field == Some("init") {
                is_dice(value).then(|| value.to_string())
            } else {
                first_int(value).map(|v| v.to_string())
            };
            match (field, value) {
                (Some(field), Some(value)) => {
                    i = i.saturating_add(1);
                    self.set(n, field, &value)?;
                    report.read.push(format!("line {n}: {field} {value}"));
                }
                (None, _) => report.ignored.push(format!("line {n}: {word}")),
                (Some(_), None) => {
                    report.odd.push(format!("line {n}: {word} \"{}\" not read", said[i]))
                }
            }
        }
        Ok(())
    }

    /// `NAME: [melee|ranged] POOL [range N'] (DAMAGE TYPE…) [vs DEFENSE]`: `None` when the line
    /// is not an attack, `Some(None)` for an attack that could not be read (reported).
    fn attack(
        &mut self,
        n: usize,
        text: &str,
        report: &mut Report,
    ) -> Result<Option<Option<SheetWeapon>>, ImportError> {
        let Some((name, rest)) = text.split_once(':') else { return Ok(None) };
        let name = name.trim().trim_start_matches(super::BULLETS).trim();
        let said: Vec<String> = words(&rest.replace(['\'', '’'], " ft "))
            .iter()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let dice: Vec<usize> = (0..said.len()).filter(|&i| is_dice(&said[i])).collect();
        if name.is_empty() || dice.is_empty() {
            return Ok(None);
        }
        let [pool, dmg, ..] = dice[..] else {
            report.odd.push(format!("line {n}: attack {name}: needs an attack pool and a damage"));
            return Ok(Some(None));
        };
        let mut damage = said[dmg].clone();
        if let Some(bonus) = said
            .get(dmg.saturating_add(1))
            .filter(|w| w.starts_with(['+', '-']) && w[1..].parse::<u32>().is_ok())
        {
            damage.push_str(bonus);
        }
        let mut f = Checked::weapon(System::WOIN);
        let set = |f: &mut Checked, key: &str, value: &str| {
            f.set(key, value).map_err(|e| at_line(self.file, n, format!("attack {name}: {e}")))
        };
        set(&mut f, "pool", &said[pool])?;
        set(&mut f, "dmg", &damage)?;
        let types: Vec<&str> = said.iter().filter_map(|w| canonical_type(w)).collect();
        if !types.is_empty() {
            set(&mut f, "type", &types.join(","))?;
        }
        let range = said.iter().enumerate().find_map(|(i, w)| {
            let next = said.get(i.saturating_add(1)).map(String::as_str);
            let number = w.parse::<i64>().ok();
            match (w.as_str(), next) {
                ("range", Some(next)) => first_int(next),
                (_, Some("ft" | "feet")) => number,
                _ => None,
            }
        });
        if let Some(range) = range {
            set(&mut f, "range", &range.to_string())?;
        }
        let ranged = range.is_some() || said.iter().any(|w| w == "ranged");
        set(&mut f, if ranged { "ranged" } else { "melee" }, "on")?;
        let vs = said
            .iter()
            .position(|w| w == "vs" || w == "vs.")
            .and_then(|i| said.get(i.saturating_add(1)));
        if let Some(defense) =
            vs.filter(|d| ["melee", "ranged", "mental", "vital"].contains(&d.as_str()))
        {
            set(&mut f, "vs", defense)?;
        }
        report.read.push(format!("line {n}: attack {name}"));
        Ok(Some(Some(f.into_weapon(name))))
    }
}
