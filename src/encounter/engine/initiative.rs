//! Initiative: rolling or dealing it for every holder, tie roll-offs, typed values and swaps.

use super::*;

impl Planner<'_> {
    pub(super) fn slot_ids(&self) -> Vec<TurnSlot> {
        let enc = &self.scratch;
        enc.schedule()
            .iter()
            .map(|s| TurnSlot::new(enc.combatants[s.index].id.clone(), s.pass))
            .collect()
    }

    /// One representative per initiative holder (a single combatant, or a group's first member).
    pub(super) fn holders(&self) -> Vec<usize> {
        let enc = &self.scratch;
        (0..enc.combatants.len())
            .filter(|&i| {
                let c = &enc.combatants[i];
                !enc.combatants[..i].iter().any(|o| o.same_holder(c))
            })
            .collect()
    }

    pub(super) fn init_context(&self) -> InitContext {
        let enc = &self.scratch;
        let mut ctx = InitContext {
            state: enc.state.clone(),
            shared: Vec::new(),
            in_hand: Vec::new(),
            events: Vec::new(),
        };
        for c in &enc.combatants {
            let Some(init) = &c.initiative else { continue };
            if let (Some(key), Some(roll)) = (&init.shared, &init.roll)
                && !ctx.shared.iter().any(|(k, _)| k == key)
            {
                ctx.shared.push((key.clone(), roll.clone()));
            }
            if let crate::rules::initiative::InitValue::Card(card) = init.value {
                ctx.in_hand.push(card);
            }
        }
        ctx
    }

    /// Roll, or deal, initiative for every holder that has none (SW-INIT-6: none for the down
    /// when cards are dealt).
    pub(super) fn roll_missing(&mut self) -> Result<(), EngineError> {
        let rules = self.scratch.system.rules();
        let mut ctx = self.init_context();
        for index in self.holders() {
            let c = &self.scratch.combatants[index];
            let ids = self.scratch.holder_ids(&c.id);
            // SW-INIT-6: no card for the incapacitated; a group gets one while any member is up.
            let all_down =
                ids.iter().filter_map(|id| self.scratch.get(id)).all(|m| self.scratch.is_down(m));
            if c.initiative.is_some() || c.held || (rules.spec().deals_each_round() && all_down) {
                continue;
            }
            let request = InitRequest { stats: &c.stats, side: c.side, conditions: &c.conditions };
            let initiative = rules.roll_initiative(request, &mut ctx, self.dice)?;
            for event in std::mem::take(&mut ctx.events) {
                self.emit(Event::System(event))?;
            }
            self.emit(Event::InitiativeSet { ids, initiative: Box::new(initiative) })?;
        }
        Ok(())
    }

    /// WOIN-INIT-2, GEM-INIT-1, GURPS-INIT-1: d6 roll-offs between holders still tied.
    pub(super) fn break_all_ties(&mut self) -> Result<(), EngineError> {
        // GEM-INIT-1 `gem_init_tie=list`: ties keep the order added, with no dice.
        if !self.scratch.system.rules().spec().rolls_off_ties(&self.scratch.options) {
            return Ok(());
        }
        let holders: Vec<usize> = self
            .holders()
            .into_iter()
            .filter(|&i| self.scratch.combatants[i].initiative.is_some())
            .collect();
        let inits: Vec<_> = holders
            .iter()
            .filter_map(|&i| self.scratch.combatants[i].initiative.as_ref())
            .collect();
        let ids: Vec<_> = holders
            .iter()
            .map(|&i| self.scratch.holder_ids(&self.scratch.combatants[i].id))
            .collect();
        let names: Vec<String> =
            holders.iter().map(|&i| self.scratch.combatants[i].name.clone()).collect();
        let dice = &mut *self.dice;
        let mut roll = |j: usize| {
            // Each roll-off die is named, so a GM rolling at the table is asked for it.
            let who = names.get(j).map_or("a tied holder", String::as_str);
            let ask = crate::rules::dice::question::RollAsk {
                label: format!("{who}'s tie roll-off"),
                dice: "1d6".to_string(),
                count: 1,
                beat: None,
            };
            dice.before_roll(&ask)?;
            dice.roll_off(ids.get(j).and_then(|ids| ids.first()).map_or("", |id| id.as_str()))
        };
        let added = break_ties_by(&inits, &mut roll)?;
        for (ids, faces) in ids.into_iter().zip(added) {
            if faces.is_empty() {
                continue;
            }
            self.emit(Event::RolledOff { ids, faces })?;
        }
        Ok(())
    }

    /// A combatant, or a group by its name (`init Bandit 9H`): its first member holds the
    /// group's shared initiative.
    fn holder(&self, who: &str) -> Result<&Combatant, EngineError> {
        match self.scratch.group_named(who).and_then(|m| m.first().copied()) {
            Some(first) => Ok(&self.scratch.combatants[first]),
            None => self.who(who),
        }
    }

    pub(super) fn typed_init(&mut self, who: &str, value: &str) -> Result<(), EngineError> {
        let c = self.holder(who)?;
        let initiative = self.scratch.system.rules().typed_initiative(&c.stats, value)?;
        let ids = self.scratch.holder_ids(&c.id);
        self.emit(Event::InitiativeSet { ids, initiative: Box::new(initiative) })?;
        self.break_all_ties()
    }

    pub(super) fn swap(&mut self, first: &str, second: &str) -> Result<(), EngineError> {
        let (a, b) = (self.holder(first)?, self.holder(second)?);
        if a.same_holder(b) {
            return refuse(format!("{} and {} share one initiative already", a.name, b.name));
        }
        match (&a.initiative, &b.initiative) {
            (Some(x), Some(y)) if x.ties_with(y) => {}
            (Some(x), Some(y)) => {
                return refuse(format!(
                    "{} ({}) and {} ({}) are not tied; only tied combatants can swap",
                    a.name, x.value, b.name, y.value
                ));
            }
            _ => return refuse("both need an initiative before they can swap"),
        }
        let (first, second) = (self.scratch.holder_ids(&a.id), self.scratch.holder_ids(&b.id));
        self.emit(Event::Swapped { first, second })
    }
}
