//! What GURPS shows of a combatant and of the fight: the figures at a glance, the derived figures, status lines.

use super::*;

impl Gurps {
    // What a GM reads when someone attacks it: its defenses now (maneuver and posture applied),
    // DR, Move now and FP left.
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<(&'static str, String)> {
        let me = state::person(st, id);
        let (dodge, parry, block) = defense::standing(who, &me);
        let defense = |d: Option<i64>| d.map_or("—".to_string(), |d| d.to_string());
        let max_fp = Self::max_fp(who.stats);
        vec![
            ("dodge", defense(dodge)),
            ("parry", defense(parry)),
            ("block", defense(block)),
            // Where an unaimed blow lands (GURPS-LOC-1's default): the torso's DR.
            ("dr", torso_dr(who.stats).to_string()),
            ("move", Self::move_in_posture(who)),
            ("fp", format!("{}/{max_fp}", Self::fp_left(who.stats, &me))),
        ]
    }

    pub(crate) fn derived_in(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<(&'static str, Derived)> {
        let me = state::person(st, id);
        let max_fp = Self::max_fp(who.stats);
        let posture = tables::POSTURES
            .iter()
            .find(|p| p.condition.is_some_and(|c| has(who, c)))
            .map_or("standing", |p| p.key);
        let (dodge, parry, block) = defense::standing(who, &me);
        let int = |v: Option<i64>| v.map_or(Derived::Nothing, Derived::Int);
        vec![
            ("fp.current", Derived::Int(Self::fp_left(who.stats, &me))),
            ("fp.max", Derived::Int(max_fp)),
            (
                "maneuver",
                me.maneuver
                    .as_ref()
                    .map_or(Derived::Nothing, |m| Derived::Text(m.kind.word().into())),
            ),
            ("posture", Derived::Text(posture.into())),
            (
                "shock",
                Derived::Int(if me.in_turn { me.shock } else { me.shock.max(me.shock_next) }),
            ),
            ("defenses.dodge", int(dodge)),
            ("defenses.parry", int(parry)),
            ("defenses.block", int(block)),
            ("crippled", Derived::List(me.crippled.clone())),
            ("reeling", Derived::Bool(who.health.current.saturating_mul(3) < who.health.max)),
            ("very_tired", Derived::Bool(has(who, "Very-Tired"))),
            ("effective.move", Derived::Int(Self::move_now(who))),
            ("effective.st", Derived::Int(Self::st_now(who))),
        ]
    }

    pub(crate) fn status_lines(
        &self,
        who: CombatantView<'_>,
        id: &str,
        st: &GurpsState,
    ) -> Vec<String> {
        let me = state::person(st, id);
        let figures = self.derived_in(who, id, st);
        let mut first = vec![match &me.maneuver {
            Some(m) => m.describe(),
            None => "no maneuver yet".into(),
        }];
        if let Some((_, Derived::Text(p))) = figures.iter().find(|(n, _)| *n == "posture")
            && p != "standing"
        {
            first.push(p.clone());
        }
        let shock = me.shock.max(me.shock_next);
        if shock > 0 {
            first.push(format!("shock −{shock}"));
        }
        let mut lines = vec![first.join(" · ")];
        let mut marks = Vec::new();
        // GURPS-FP-1: Very Tired halves ST (the glance's Move is halved already, as reeling
        // halves it).
        if has(who, "Very-Tired") {
            marks.push(format!("very tired: ST {}", Self::st_now(who)));
        }
        if who.health.current <= 0 {
            marks.push("HT roll each turn (0 HP)".into());
        }
        // GURPS-FP-1: the tracker reminds of the Will roll to act at 0 FP.
        if Self::fp_left(who.stats, &me) <= 0 {
            marks.push("Will roll to act (0 FP)".into());
        }
        if !me.unready.is_empty() {
            marks.push(format!("not ready: {}", me.unready.join(", ")));
        }
        if !me.crippled.is_empty() {
            marks.push(format!("crippled: {}", me.crippled.join(", ")));
        }
        if !marks.is_empty() {
            lines.push(marks.join(" · "));
        }
        lines
    }
}
