//! What Gempunks shows of a combatant and of the fight: the figures at a glance, the derived figures, status lines.

use super::*;

impl Gempunks {
    pub(crate) fn glance(
        &self,
        who: CombatantView<'_>,
        _: &str,
        _: &GemState,
    ) -> Vec<(&'static str, String)> {
        let s = who.stats;
        // GEM-MOD-4: down, Unconscious or Stationary, both defenses are 2.
        let defense = |name| if prepare::stationary(&who) { 2 } else { s.int_or(name, 5) };
        vec![
            ("ad", defense("ad").to_string()),
            ("gd", defense("gd").to_string()),
            ("toughness", s.int_or("toughness", damage::DEFAULT_TOUGHNESS).to_string()),
            ("armor", s.int_or("armor", 0).to_string()),
            ("muscle", s.int_or("muscle", 0).to_string()),
            ("magic", s.int_or("magic", 0).to_string()),
        ]
    }

    // Issue 11 item 8: the defenses, Toughness, armor by type, a regiment's strength and the
    // state attack options leave.
    pub(crate) fn derived(&self, who: CombatantView<'_>) -> Vec<(&'static str, Derived)> {
        let s = who.stats;
        let mut out = vec![
            ("ad", Derived::Int(s.int_or("ad", 5))),
            ("gd", Derived::Int(s.int_or("gd", 5))),
            ("toughness", Derived::Int(s.int_or("toughness", damage::DEFAULT_TOUGHNESS))),
        ];
        let armor: Vec<(String, i64)> = std::iter::once(("*".to_string(), s.int_or("armor", 0)))
            .chain(s.iter().filter_map(|(k, _)| {
                k.strip_prefix("armor.").map(|t| (t.to_string(), s.int_or(k, 0)))
            }))
            .collect();
        out.push(("armor", Derived::Map(armor)));
        let vuln: Vec<(String, i64)> = std::iter::once(("*".to_string(), s.int_or("vuln", 0)))
            .chain(s.iter().filter_map(|(k, _)| {
                k.strip_prefix("vuln.").map(|t| (t.to_string(), s.int_or(k, 0)))
            }))
            .collect();
        out.push(("vuln", Derived::Map(vuln)));
        if let Some(total) = regiment_members(s) {
            let (standing, pool) = damage::regiment_strength(who.health.current, member_hp(s));
            out.push(("members.standing", Derived::Int(standing)));
            out.push(("members.total", Derived::Int(total)));
            out.push(("wound_pool", Derived::Int(pool)));
        }
        let has = |n: &str| who.conditions.iter().find(|c| c.name == n);
        let skips: Vec<String> = [("Skip-Move", "move"), ("Skip-Standard", "standard")]
            .iter()
            .filter(|(n, _)| has(n).is_some())
            .map(|(_, w)| w.to_string())
            .collect();
        out.push(("pending_skips", Derived::List(skips)));
        if regiment_members(s).is_some() {
            // GEM-OPT-2: a regiment's skips, counted in members.
            let count = |name| turns::count(who.conditions, name);
            out.push((
                "pending_skip_members",
                Derived::Map(vec![
                    ("move".into(), count(turns::SKIP_MOVE)),
                    ("standard".into(), count(turns::SKIP_STANDARD)),
                ]),
            ));
        }
        let grappled: Vec<String> = who
            .conditions
            .iter()
            .filter(|c| c.name == "Grappled")
            .filter_map(|c| c.detail.as_deref())
            .map(|d| d.trim_start_matches("with ").to_string())
            .collect();
        out.push(("grappled_with", Derived::List(grappled)));
        out.push(("prone", Derived::Bool(has("Prone").is_some())));
        out.push(("cannot_breathe", Derived::Bool(has("Strangled").is_some())));
        // GEM-ACT-6: the knots' DC, while tied up.
        if let Some(dc) = has(tieup::TIED).and_then(|c| tieup::written_dc(c.detail.as_deref())) {
            out.push(("tied_up_dc", Derived::Int(dc)));
        }
        out
    }

    pub(crate) fn kind_of(&self, stats: &Stats) -> Option<&'static str> {
        regiment_members(stats).map(|_| "regiment")
    }

    // GEM-REG-5: members standing and the wound pool, from the regiment's HP pool.
    pub(crate) fn strength(&self, who: CombatantView<'_>) -> Option<Strength> {
        let total = regiment_members(who.stats)?;
        let h = member_hp(who.stats);
        let (standing, pool) = damage::regiment_strength(who.health.current, h);
        Some(Strength { standing, total, pool, per_member: h })
    }
}
