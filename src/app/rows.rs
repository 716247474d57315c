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
        let mut rows = Vec::new();
        let mut seen_groups: Vec<&str> = Vec::new();
        for i in order {
            let c = &enc.combatants[i];
            match &c.group {
                None => rows.push(Row::One(i)),
                Some(g) if seen_groups.contains(&g.as_str()) => {}
                Some(g) => {
                    seen_groups.push(g);
                    let members: Vec<usize> = (0..enc.combatants.len())
                        .filter(|&j| enc.combatants[j].group.as_deref() == Some(g))
                        .collect();
                    let open = self.unfolded.contains(g);
                    rows.push(Row::Group { id: g.clone(), members: members.clone(), open });
                    if open {
                        rows.extend(members.into_iter().map(Row::Member));
                    }
                }
            }
        }
        rows
    }

    /// The combatant the selection points at (a folded group: its first member able to act).
    pub fn selected_combatant(&self) -> Option<usize> {
        let enc = self.session.encounter();
        match self.rows().get(self.selected)? {
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
