//! Characters read from files joining the fight (`import`, `party join`): each sheet checked
//! against the system's field tables exactly as `add` checks its fields, with its health already
//! lost and the conditions it brings; the `Added` events carry it all, so no file is read again.

use super::*;
use crate::import::Sheet;
use crate::rules::request::Newcomer;

/// How much health a sheet may say was lost, in multiples of its maximum (GURPS goes to −5×HP
/// before death is certain).
const MOST_LOST: i64 = 6;

impl Planner<'_> {
    /// `import FILE [side=…] [as=NAME] [enc=N]`: the file's first character takes `as=`; every
    /// character takes `side=`, else the side the file gives (a printed stat block: enemy),
    /// else pc; a character's companions (Savaged.us allied extras) fight beside it.
    pub(super) fn import(
        &mut self,
        sheets: Option<&[Sheet]>,
        side: Option<Side>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let Some(sheets) = sheets else {
            return refuse(
                "import reads its file in the tracker or a `run` script; this command was not \
                 read from one (its events carry what it read)",
            );
        };
        if sheets.is_empty() {
            return refuse("the file holds no character to import");
        }
        let mut rename = None;
        for field in fields {
            let value = field.value.as_deref().unwrap_or("").trim();
            match field.key.as_str() {
                "as" if value.is_empty() => return refuse("as=NAME: the NAME is missing"),
                "as" => rename = Some(value.to_string()),
                // Read with the file: it chose the Move and Dodge the sheet holds.
                "enc" => {}
                other => {
                    // A bare word after `as=`: most likely the rest of a name with spaces.
                    let quote = if field.value.is_none() {
                        " (a name with spaces is quoted: as=\"Evil Brana\")"
                    } else {
                        ""
                    };
                    return refuse(format!(
                        "unknown import option '{other}'; expected side=pc|ally|enemy|neutral, \
                         as=NAME or enc=0..4{quote}"
                    ));
                }
            }
        }
        let mut ids = Vec::new();
        let mut first_side = Side::Pc;
        for (at, sheet) in sheets.iter().enumerate() {
            let name = match &rename {
                Some(name) if at == 0 => name.clone(),
                _ => sheet.name.clone(),
            };
            let side = match sheet.side {
                // A character's companion (a Savaged.us allied extra) fights beside it.
                Some(Side::Ally) if at > 0 => match first_side {
                    Side::Pc | Side::Ally => Side::Ally,
                    other => other,
                },
                own => side.or(own).unwrap_or(Side::Pc),
            };
            if at == 0 {
                first_side = side;
            }
            ids.push(self.enter_sheet(sheet, &name, side)?);
        }
        self.joined(&ids)
    }

    /// `party join` (and its other words, which the tracker and `run` carry out on the roster
    /// file before anything is planned).
    pub(super) fn party(
        &mut self,
        action: Option<&str>,
        sheets: Option<&[Sheet]>,
    ) -> Result<(), EngineError> {
        match action {
            Some("join") => {
                // A member already fighting under its name stays as it is.
                let here = |sheet: &&Sheet| {
                    self.scratch.combatants.iter().any(|c| c.name.eq_ignore_ascii_case(&sheet.name))
                };
                let Some(sheets) = sheets else { return self.import(None, None, &[]) };
                let new: Vec<Sheet> = sheets.iter().filter(|s| !here(s)).cloned().collect();
                if new.is_empty() && !sheets.is_empty() {
                    return refuse("the whole party is in the fight already");
                }
                self.import(Some(&new), None, &[])
            }
            Some(word @ ("add" | "keep" | "drop")) => {
                refuse(format!("`party {word}` writes the roster: the tracker or `run` does it"))
            }
            None => refuse("`party` lists the roster: the tracker or `run` does it"),
            Some(other) => {
                refuse(format!("party {other}: expected add, join, keep or drop (or nothing)"))
            }
        }
    }

    /// One sheet as a newcomer: its fields, weapons, health and conditions checked and added.
    /// Its id.
    fn enter_sheet(
        &mut self,
        sheet: &Sheet,
        name: &str,
        side: Side,
    ) -> Result<String, EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let name = name.trim();
        if name.is_empty() || name.len() > MAX_TEXT {
            return refuse("a combatant needs a name of 1 to 1000 characters");
        }
        if let Some(of) = sheet.system.filter(|s| *s != system) {
            return refuse(format!("{name} is a {of} character; this encounter plays {system}"));
        }
        let mut stats = Stats::default();
        for (key, value) in &sheet.fields {
            stats
                .set(rules.spec().fields, key, Some(value))
                .map_err(|err| EngineError::Refused(format!("{name}: {err}")))?;
            self.check_names(&mut stats, key)?;
        }
        let mut weapons = Vec::new();
        for weapon in &sheet.weapons {
            let fields: Vec<Field> = weapon
                .fields
                .iter()
                .map(|(key, value)| Field { key: key.clone(), value: Some(value.clone()) })
                .collect();
            weapons.push(
                self.weapon_from(&weapon.name, &fields).map_err(|err| {
                    EngineError::Refused(format!("{name}'s {}: {err}", weapon.name))
                })?,
            );
        }
        let newcomer =
            Newcomer { name, count: None, side, stats: &mut stats, options: &self.scratch.options };
        let base = rules.enter(newcomer)?.unwrap_or_else(|| name.to_string());
        let mut health = rules.health(&stats);
        let most = health.max.max(1).saturating_mul(MOST_LOST);
        if !(0..=most).contains(&sheet.taken) {
            return refuse(format!(
                "{name}: {} {} lost is out of range (0 to {most})",
                sheet.taken,
                rules.spec().health.label
            ));
        }
        health.current = health.max.saturating_sub(sheet.taken);
        let member = self.unique_name(&base);
        let id = self.unique_id(&slug(&member), None);
        let combatant = Combatant {
            id: id.clone().into(),
            name: member,
            side,
            group: None,
            stats,
            health,
            conditions: Vec::new(),
            notes: Some(sheet.note.clone()).filter(|n| !n.is_empty()).into_iter().collect(),
            weapons,
            hidden: false,
            initiative: None,
            held: false,
        };
        self.emit(Event::Added { combatant: Box::new(combatant) })?;
        for condition in &sheet.conditions {
            // `Fatigued severe`: the name, then the level, as `cond` takes them.
            let (name, severe) = match condition.trim().rsplit_once(' ') {
                Some((name, level)) if level.eq_ignore_ascii_case("severe") => (name, true),
                _ => (condition.trim(), false),
            };
            self.condition(&id, name, severe, &[])?;
        }
        Ok(id)
    }
}
