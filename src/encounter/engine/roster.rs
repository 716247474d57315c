//! Setting up the fight: adding and removing combatants (names, ids, groups, bestiary entries), weapons and rule options.

use super::*;
use crate::rules::Health;
use crate::rules::request::Moment;
use crate::rules::ruleset::all_options;
use crate::rules::types::OptionSpec;

impl Planner<'_> {
    pub(super) fn add(
        &mut self,
        name: &str,
        count: Option<u32>,
        side: Option<Side>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let creature = self.assets.creature(system, name).cloned();
        let base = creature.as_ref().map_or(name, |c| c.name.as_str()).trim().to_string();
        if base.is_empty() || base.len() > MAX_TEXT {
            return refuse("a combatant needs a name of 1 to 1000 characters");
        }
        let mut stats = Stats::default();
        let mut side = side;
        let mut note = None;
        // Checked when the assets loaded: its stats, side and weapons are already typed.
        if let Some(creature) = &creature {
            stats = creature.stats.clone();
            side = side.or(Some(creature.side));
            note = Some(creature.note.clone()).filter(|n| !n.is_empty());
        }
        let mut hidden = false;
        for field in fields {
            if field.key == "hidden" {
                hidden = field.value.as_deref().is_none_or(|v| matches!(v, "on" | "yes" | "true"));
                continue;
            }
            stats.set(rules.spec().fields, &field.key, field.value.as_deref()).map_err(|err| {
                match err {
                    FieldError::Unknown { field, mut valid } => {
                        valid.extend(COMMON_FIELDS);
                        EngineError::Field(FieldError::Unknown { field, valid })
                    }
                    other => EngineError::Field(other),
                }
            })?;
            self.check_names(&mut stats, &field.key)?;
        }
        let side = side.unwrap_or(Side::Enemy);
        // A system may make the members one unit (a Gempunks regiment): one combatant.
        let newcomer = crate::rules::request::Newcomer {
            name: &base,
            count,
            side,
            stats: &mut stats,
            options: &self.scratch.options,
        };
        let unit = rules.enter(newcomer)?;
        let count = if unit.is_some() { None } else { count };
        let base = unit.unwrap_or(base);
        let weapons = creature.map(|c| c.weapons).unwrap_or_default();
        let health = rules.health(&stats);
        let names: Vec<String> = match count {
            Some(n) => {
                let taken = self.member_numbers(&base);
                if taken.checked_add(n).is_none() {
                    return refuse(format!(
                        "{base} {taken} leaves no numbers for {n} more; members are numbered up to {}",
                        u32::MAX
                    ));
                }
                (1..=n).map(|k| format!("{base} {}", taken + k)).collect()
            }
            None => vec![self.unique_name(&base)],
        };
        let members: Vec<String> = names.iter().map(|n| slug(n)).collect();
        let group = count.map(|_| self.unique_group(&slug(&base), &members));
        let mut ids = Vec::new();
        for member in names {
            let id = self.unique_id(&slug(&member), group.as_deref());
            ids.push(id.clone());
            let combatant = Combatant {
                id: id.into(),
                name: member,
                side,
                group: group.clone(),
                stats: stats.clone(),
                health,
                conditions: Vec::new(),
                notes: note.iter().cloned().collect(),
                weapons: weapons.clone(),
                hidden,
                initiative: None,
                held: false,
            };
            self.emit(Event::Added { combatant: Box::new(combatant) })?;
        }
        self.joined(&ids)
    }

    /// Newcomers `ids` just added to a fight under way roll initiative now; a count already
    /// passed this round waits for the next.
    pub(super) fn joined(&mut self, ids: &[String]) -> Result<(), EngineError> {
        if self.scratch.round > 0 {
            // Joining a fight under way: roll now; a count already passed this round waits.
            self.roll_missing()?;
            self.break_all_ties()?;
            let order = self.slot_ids();
            let current = self.scratch.turn.as_ref().map(|t| (t.id.clone(), t.pass));
            let at = current.and_then(|(id, pass)| order.iter().position(|s| s.is(&id, pass)));
            if let Some(at) = at {
                for slot in order[..at].iter().filter(|s| ids.iter().any(|i| *i == s.id)) {
                    let id = slot.id.to_string();
                    self.emit(Event::TurnPassed { id: id.into(), pass: slot.pass })?;
                }
            }
        }
        Ok(())
    }

    /// The names a stat field just set holds (damage types, conditions), checked and made
    /// canonical by the system (WOIN `immune=`, WOIN-TYPE-1).
    pub(super) fn check_names(&self, stats: &mut Stats, key: &str) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let catalogue = self.assets.catalogue_ref(system).cloned().unwrap_or_else(|| {
            crate::rules::conditions::Catalogue {
                system: system.key().to_string(),
                conditions: Vec::new(),
            }
        });
        system
            .rules()
            .check_names(
                stats,
                &key.to_ascii_lowercase(),
                crate::rules::request::FieldOf::Stats { catalogue: &catalogue },
            )
            .map_err(EngineError::Field)
    }

    /// The highest number already used by `base 1`, `base 2` … members.
    pub(super) fn member_numbers(&self, base: &str) -> u32 {
        let prefix = format!("{} ", base.to_lowercase());
        self.scratch
            .combatants
            .iter()
            .filter_map(|c| c.name.to_lowercase().strip_prefix(&prefix)?.parse::<u32>().ok())
            .max()
            .unwrap_or(0)
    }

    pub(super) fn unique_name(&self, base: &str) -> String {
        let taken =
            |n: &str| self.scratch.combatants.iter().any(|c| c.name.eq_ignore_ascii_case(n));
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base} {k}")).find(|n| !taken(n)).unwrap_or_default()
    }

    pub(super) fn unique_id(&self, base: &str, group: Option<&str>) -> String {
        // Ids and group ids share one namespace, so a name never means two things.
        let taken = |id: &str| {
            group == Some(id)
                || self
                    .scratch
                    .combatants
                    .iter()
                    .any(|c| c.id == id || c.group.as_deref() == Some(id))
        };
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base}-{k}")).find(|id| !taken(id)).unwrap_or_default()
    }

    /// A group id no combatant, group or member about to join (`members`) uses.
    pub(super) fn unique_group(&self, base: &str, members: &[String]) -> String {
        let taken = |g: &str| {
            members.iter().any(|m| m == g)
                || self
                    .scratch
                    .combatants
                    .iter()
                    .any(|c| c.group.as_deref() == Some(g) || c.id == g)
        };
        if !taken(base) {
            return base.to_string();
        }
        (2..).map(|k| format!("{base}-{k}")).find(|g| !taken(g)).unwrap_or_default()
    }

    pub(super) fn remove(&mut self, who: &str) -> Result<(), EngineError> {
        let id = self.who(who)?.id.to_string();
        let was_current = self.scratch.turn.as_ref().is_some_and(|t| t.id == id);
        self.anchor_leaves(&id)?;
        self.drop_alerts_of(&id)?;
        self.emit(Event::Removed { id: id.into() })?;
        if was_current { self.advance() } else { Ok(()) }
    }

    /// A weapon from `NAME FIELD=VALUE …` text, checked against the system's weapon fields.
    pub(super) fn weapon_from(
        &self,
        name: &str,
        fields: &[Field],
    ) -> Result<crate::rules::stats::Weapon, EngineError> {
        let table = self.scratch.system.rules().spec().weapon_fields;
        if table.is_empty() {
            return refuse(format!(
                "{} weapons arrive with that system's attacks",
                self.scratch.system
            ));
        }
        crate::encounter::assets::weapon_from_fields(self.scratch.system, name, fields)
            .map_err(EngineError::Field)
    }

    pub(super) fn weapon(
        &mut self,
        who: &str,
        name: &str,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let id = self.who(who)?.id.to_string();
        let weapon = self.weapon_from(name, fields)?;
        self.emit(Event::WeaponSet { id: id.into(), weapon })
    }

    /// `edit`: the fields checked by the system's field table exactly as `add` checks them; the
    /// damage already taken is kept when the health maximum moves.
    pub(super) fn edit(
        &mut self,
        who: &str,
        side: Option<Side>,
        fields: &[Field],
    ) -> Result<(), EngineError> {
        let c = self.who(who)?;
        let (id, name, old) = (c.id.to_string(), c.name.clone(), c.health);
        let rules = self.scratch.system.rules();
        let mut stats = c.stats.clone();
        let mut dropped: Vec<String> = Vec::new();
        let mut changes: Vec<String> = side.iter().map(|s| format!("side={s}")).collect();
        for field in fields {
            if field.key == "drop" {
                let wanted = field.value.as_deref().unwrap_or_default();
                let Some(weapon) = c.weapons.iter().find(|w| w.name.eq_ignore_ascii_case(wanted))
                else {
                    let has: Vec<&str> = c.weapons.iter().map(|w| w.name.as_str()).collect();
                    return refuse(match has.is_empty() {
                        true => format!("drop={wanted}: {name} carries no weapons"),
                        false => format!("drop={wanted}: {name} carries {}", has.join(", ")),
                    });
                };
                if !dropped.contains(&weapon.name) {
                    dropped.push(weapon.name.clone());
                    changes.push(format!("drops {}", weapon.name));
                }
                continue;
            }
            stats.set(rules.spec().fields, &field.key, field.value.as_deref()).map_err(|err| {
                match err {
                    FieldError::Unknown { field, mut valid } => {
                        valid.extend(["side", "drop"]);
                        EngineError::Field(FieldError::Unknown { field, valid })
                    }
                    other => EngineError::Field(other),
                }
            })?;
            self.check_names(&mut stats, &field.key)?;
            changes.push(field.to_string());
        }
        let side = side.unwrap_or(c.side);
        let max = rules.health(&stats).max;
        // What was taken stays taken: the current health moves with the maximum.
        let current = old.current.saturating_add(max.saturating_sub(old.max)).min(max);
        let health = Health { current, max };
        self.emit(Event::Edited { id: id.into(), side, stats, health, dropped, changes })
    }

    pub(super) fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let system = self.scratch.system;
        let rules = system.rules();
        let options: Vec<&OptionSpec> = all_options(rules).collect();
        let counters = rules.spec().settable;
        if counters.iter().any(|o| o.name == name) {
            let count = value
                .parse::<u32>()
                .map_err(|_| EngineError::Refused(format!("{name}: expected a whole number")))?;
            let set = Moment::Set { name, value: i64::from(count) };
            let effects = rules.moment(set, self.dice)?;
            if effects.is_empty() {
                return refuse(format!("{name} cannot be set in {system}"));
            }
            // Out of the system's range: a plain refusal, not an internal error.
            return self.apply_effects("", &[], effects).map_err(|err| match err {
                EngineError::Apply(ApplyError(message)) => EngineError::Refused(message),
                other => other,
            });
        }
        let Some(spec) = options.iter().find(|o| o.name == name) else {
            let names: Vec<&str> =
                options.iter().copied().chain(counters).map(|o| o.name).collect();
            return refuse(format!(
                "unknown option '{name}'; {system} options: {}",
                names.join(", ")
            ));
        };
        if !spec.accepts(value) && spec.values.is_empty() {
            return refuse(format!("{name}: expected a whole number"));
        }
        if !spec.accepts(value) {
            return refuse(format!("{name}: expected {}", spec.values.join(" or ")));
        }
        self.emit(Event::OptionSet { name: name.into(), value: value.into() })
    }

    /// `hide` / `reveal`: a combatant, or every member of a group named by its id.
    pub(super) fn set_hidden(&mut self, who: &str, hidden: bool) -> Result<(), EngineError> {
        let enc = &self.scratch;
        let wanted = slug(who);
        let group: Vec<CombatantId> = enc
            .combatants
            .iter()
            .filter(|c| c.group.as_deref() == Some(wanted.as_str()))
            .map(|c| c.id.clone())
            .collect();
        let ids = if group.len() > 1 && enc.get(&wanted).is_none() {
            group
        } else {
            vec![enc.combatants[enc.resolve(who)?].id.clone()]
        };
        let change: Vec<CombatantId> = ids
            .iter()
            .filter(|id| enc.get(id).is_some_and(|c| c.hidden != hidden))
            .cloned()
            .collect();
        if change.is_empty() {
            let name = enc.holder_name(&ids);
            return refuse(if hidden {
                format!("{name} is already hidden from the players")
            } else {
                format!("{name} is not hidden; `hide` keeps it off the players' view")
            });
        }
        self.emit(if hidden {
            Event::Hidden { ids: change }
        } else {
            Event::Revealed { ids: change }
        })
    }
}
