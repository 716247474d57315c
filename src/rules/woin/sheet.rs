//! What WOIN shows of a combatant and of the fight: the figures at a glance, the derived figures, status lines.

use super::*;

impl Woin {
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &WoinState,
    ) -> Vec<(&'static str, String)> {
        let defense = |which| attack::effective_defense(who.stats, who.conditions, which);
        vec![
            ("melee def", defense("melee").to_string()),
            ("ranged def", defense("ranged").to_string()),
            ("mental def", defense("mental").to_string()),
            ("vital def", defense("vital").to_string()),
            ("soak", Self::effective_soak(who.stats, who.conditions).to_string()),
            ("luc", who.stats.int_or("luc", 0).to_string()),
        ]
    }

    // Effective SOAK (WOIN-DMG-2) and DEFENSEs (Slowed, Downed, Restrained), and LUC dice left.
    pub(crate) fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let defense = |which| attack::effective_defense(who.stats, who.conditions, which);
        vec![
            ("soak", Derived::Int(Self::effective_soak(who.stats, who.conditions))),
            ("defenses.melee", Derived::Int(defense("melee"))),
            ("defenses.ranged", Derived::Int(defense("ranged"))),
            ("defenses.mental", Derived::Int(defense("mental"))),
            ("defenses.vital", Derived::Int(defense("vital"))),
            ("luc", Derived::Int(who.stats.int_or("luc", 0))),
        ]
    }
}
