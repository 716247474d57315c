//! The turn-order rows: initiative order with groups folded or open, which combatant the
//! selection points at, and keeping the selection on whoever's turn it is.

use super::{App, Row};

impl App {
    /// Turn-order lines: initiative order first, then those without initiative; groups folded
    /// unless opened.
    pub fn rows(&self) -> Vec<Row> {
        let enc = self.session.encounter();
        let mut order = enc.initiative_order();
        order.extend((0..enc.combatants.len()).filter(|i| enc.combatants[*i].initiative.is_none()));
        // Each group's members in the order they were added, gathered in one pass (a fight of
        // hundreds draws this every frame): a group's slot, found by name only when it differs
        // from the previous combatant's (members are usually added together).
        let mut groups: Vec<(&str, Option<Vec<usize>>)> = Vec::new();
        let mut slot_of: Vec<usize> = vec![usize::MAX; enc.combatants.len()];
        let mut last: Option<usize> = None;
        for (i, c) in enc.combatants.iter().enumerate() {
            let Some(g) = c.group.as_deref() else { continue };
            let slot = match last.filter(|&s| groups[s].0 == g) {
                Some(s) => s,
                None => groups.iter().position(|(name, _)| *name == g).unwrap_or_else(|| {
                    groups.push((g, Some(Vec::new())));
                    groups.len() - 1
                }),
            };
            if let Some(members) = groups[slot].1.as_mut() {
                members.push(i);
            }
            slot_of[i] = slot;
            last = Some(slot);
        }
        let mut rows = Vec::with_capacity(order.len());
        for i in order {
            let c = &enc.combatants[i];
            match &c.group {
                None => rows.push(Row::One(i)),
                // The group's row goes where its first member in the order is.
                Some(g) => {
                    let Some(members) = groups.get_mut(slot_of[i]).and_then(|s| s.1.take()) else {
                        continue;
                    };
                    let open = self.unfolded.contains(g);
                    if open {
                        rows.push(Row::Group { id: g.clone(), members: members.clone(), open });
                        rows.extend(members.into_iter().map(Row::Member));
                    } else {
                        rows.push(Row::Group { id: g.clone(), members, open });
                    }
                }
            }
        }
        rows
    }

    /// The combatant the selection points at (a folded group: its first member able to act).
    pub fn selected_combatant(&self) -> Option<usize> {
        self.selected_combatant_in(&self.rows())
    }

    /// As [`App::selected_combatant`], with the rows already laid out.
    pub fn selected_combatant_in(&self, rows: &[Row]) -> Option<usize> {
        let enc = self.session.encounter();
        match rows.get(self.selected)? {
            Row::One(i) | Row::Member(i) => Some(*i),
            Row::Group { members, .. } => {
                let current = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id));
                current
                    .filter(|i| members.contains(i))
                    .or_else(|| members.iter().copied().find(|&i| !enc.is_down(&enc.combatants[i])))
                    .or_else(|| members.first().copied())
            }
        }
    }

    pub(super) fn selected_id(&self) -> Option<String> {
        let i = self.selected_combatant()?;
        Some(self.session.encounter().combatants[i].id.to_string())
    }

    /// Select the row of whoever's turn it is.
    pub(crate) fn follow_turn(&mut self) {
        let enc = self.session.encounter();
        let Some(current) = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id)) else {
            self.clamp_selection();
            return;
        };
        let rows = self.rows();
        let at = rows.iter().position(|r| match r {
            Row::One(i) | Row::Member(i) => *i == current,
            Row::Group { members, open, .. } => !open && members.contains(&current),
        });
        if let Some(at) = at {
            self.selected = at;
        }
        self.clamp_selection();
    }

    pub(crate) fn clamp_selection(&mut self) {
        let n = self.rows().len();
        self.selected = self.selected.min(n.saturating_sub(1));
    }
}
