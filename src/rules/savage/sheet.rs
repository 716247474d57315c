//! What Savage Worlds shows of a combatant and of the fight: the figures at a glance, the derived figures, status lines.

use super::*;

impl Savage {
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SavageState,
    ) -> Vec<(&'static str, String)> {
        // An untrained skill rolls d4−2 (the attack's own reading of an unset skill).
        // A die as people write it: `d6−1`, with a true minus sign.
        let die = |d: crate::rules::stats::TraitDie| d.to_string().replace('-', "−");
        let skill = |name| match who.stats.die(name) {
            Some(d) => die(d),
            None => format!("{}−2", die(attack::UNTRAINED)),
        };
        // An Extra has no bennies of its own unless given some (the GM's pool pays for it).
        let bennies = match who.stats.int("bennies") {
            Some(n) => n.to_string(),
            None if Self::is_wild(who.stats) => "0".to_string(),
            None => "none".to_string(),
        };
        // SW-ATK-7: an object's Parry is 2.
        let parry = if who.stats.flag("object") { 2 } else { attack::effective_parry(who) };
        vec![
            ("parry", parry.to_string()),
            ("toughness", wounds::toughness(who.stats).to_string()),
            ("fighting", skill("fighting")),
            ("shooting", skill("shooting")),
            ("spirit", die(who.stats.die("spirit").unwrap_or(DEFAULT_DIE))),
            ("bennies", bennies),
        ]
    }

    // JSON and display: wounds, Shaken, the incapacitated state, bennies, injuries, fatigue.
    pub(crate) fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
        let incapacitated = ["Dead", "Stabilised", "Bleeding-Out", "Unconscious", "Stunned"]
            .iter()
            .find(|n| has(n))
            .map(|n| n.to_ascii_lowercase().replace('-', "_"));
        let incapacitated = match incapacitated {
            Some(state) => Derived::Text(state),
            None if who.health.current < 0 => Derived::Text("incapacitated".into()),
            None => Derived::Nothing,
        };
        let fatigue =
            who.conditions.iter().find(|c| c.name == "Fatigued").map_or(0, |c| {
                if c.level == crate::rules::conditions::Level::Severe { 2 } else { 1 }
            });
        vec![
            ("wild", Derived::Bool(Self::is_wild(who.stats))),
            ("wounds", Derived::Int(who.health.max.saturating_sub(who.health.current))),
            ("max_wounds", Derived::Int(who.health.max)),
            ("shaken", Derived::Bool(has("Shaken"))),
            ("incapacitated", incapacitated),
            ("bennies", Derived::Int(who.stats.int_or("bennies", 0))),
            (
                "injuries",
                Derived::List(
                    who.conditions
                        .iter()
                        .filter(|c| c.name == "Injured")
                        .filter_map(|c| c.detail.clone())
                        .collect(),
                ),
            ),
            ("fatigue", Derived::Int(fatigue)),
        ]
    }

    // SW-ROLL-2, SW-INIT-3: what every Trait roll of it carries now.
    pub(crate) fn status_lines(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &SavageState,
    ) -> Vec<String> {
        let carried: Vec<String> = attack::trait_modifiers(who)
            .iter()
            .map(|(why, n)| format!("{why} {}", signed(*n)))
            .collect();
        match carried.is_empty() {
            true => Vec::new(),
            false => vec![format!("trait rolls: {}", carried.join(" · "))],
        }
    }

    pub(crate) fn state_figures(&self, state: &SavageState) -> Vec<(&'static str, Derived)> {
        let st = state;
        let deck_left = i64::try_from(st.deck.remaining().len()).unwrap_or(i64::MAX);
        vec![
            ("gm_bennies", Derived::Int(st.gm_bennies)),
            ("deck_left", Derived::Int(deck_left)),
            ("joker_out", Derived::Bool(st.joker_out)),
        ]
    }

    pub(crate) fn order_status(&self, state: &SavageState, options: &Options) -> Option<String> {
        let st = state;
        // SW-INIT-6: the cards are the table's; the tracker's own deck is not in play.
        let deck = if SPEC.deals_by_hand(options) {
            "physical deck".to_string()
        } else {
            format!("deck {} left", st.deck.remaining().len())
        };
        Some(match st.gm_bennies {
            0 => deck,
            n => format!("{deck} · GM bennies {n}"),
        })
    }

    pub(crate) fn kind_of(&self, stats: &Stats) -> Option<&'static str> {
        Some(if Self::is_wild(stats) { "Wild Card" } else { "Extra" })
    }
}
