//! A hit instance's damage (GEM-DMG-1: m·X dice and m·B per part, armor and vulnerability per
//! damage type) and the one wound function (GEM-DMG-2), with a regiment's pooled wounds (GEM-REG-5).

use super::weapon::Arms;
use crate::rules::dice::{DiceSource, DieRoll, RollRecord, roll_die};
use crate::rules::stats::Stats;
use crate::rules::types::RulesError;

/// An instance's damage by part: (type, amount).
pub type Parts = Vec<(Option<String>, i64)>;

/// Toughness when none is given.
pub const DEFAULT_TOUGHNESS: i64 = 3;

/// Armor against a damage type: `armor.TYPE` if given, else `armor` (GEM-DMG-1).
pub fn armor_for(stats: &Stats, kind: Option<&str>) -> i64 {
    kind.and_then(|k| stats.int(&format!("armor.{k}"))).unwrap_or_else(|| stats.int_or("armor", 0))
}

/// Vulnerability to a damage type: `vuln.TYPE` if given, else `vuln`.
pub fn vuln_for(stats: &Stats, kind: Option<&str>) -> i64 {
    kind.and_then(|k| stats.int(&format!("vuln.{k}"))).unwrap_or_else(|| stats.int_or("vuln", 0))
}

/// GEM-DMG-1: net = Σ max(0, part − armor[type] + vuln[type]) (Reading `gem_vuln=add`;
/// `double` doubles a part the creature is vulnerable to, after armor), with `ignored` armor
/// points ignored on each part. Returns the net and how it came about.
pub fn net(
    stats: &Stats,
    parts: &[(Option<String>, i64)],
    ignored: i64,
    double: bool,
) -> (i64, String) {
    let mut total = 0i64;
    let mut words = Vec::new();
    for (kind, amount) in parts {
        let armor = (armor_for(stats, kind.as_deref()) - ignored).max(0);
        let vuln = vuln_for(stats, kind.as_deref());
        let part = if double {
            let after = amount.saturating_sub(armor).max(0);
            if vuln > 0 { after.saturating_mul(2) } else { after }
        } else {
            amount.saturating_sub(armor).saturating_add(vuln).max(0)
        };
        total = total.saturating_add(part);
        let label = kind.as_deref().map(|k| format!(" {k}")).unwrap_or_default();
        let mut w = format!("{amount}{label} − armor {armor}");
        if vuln > 0 {
            w.push_str(&if double { " ×2 vuln".to_string() } else { format!(" + vuln {vuln}") });
        }
        words.push(w);
    }
    (total, words.join(", "))
}

/// GEM-DMG-2 (Reading `gem_wounds=floor`): wounds = floor(net / T). The one wound function.
pub fn wounds(net: i64, toughness: i64) -> i64 {
    net.max(0) / toughness.max(1)
}

/// GEM-REG-5: what one instance of `w` wounds takes from a regiment's HP pool (members × h − W).
/// w ≥ h drops one member and the excess is lost (Reading `gem_reg_overflow=lost`): h; otherwise
/// the wounds join the pool and members drop as it fills: w.
pub fn regiment_loss(w: i64, member_hp: i64, pool_overflow: bool) -> i64 {
    if pool_overflow { w } else { w.min(member_hp.max(1)) }
}

/// Members still standing and the wound pool, from a regiment's HP pool: n = ceil(current / h),
/// W = n·h − current.
pub fn regiment_strength(current: i64, member_hp: i64) -> (i64, i64) {
    let h = member_hp.max(1);
    if current <= 0 {
        return (0, 0);
    }
    let n = (current + h - 1) / h;
    (n, n * h - current)
}

/// One instance's damage roll: each part rolls m·X dice and adds m·B, B with Muscle
/// (Muscle-Damage) and Magic Power (Magic-Damage) on the first part, multiplied too unless
/// `gem_mult_stat_bonus=off` (GEM-DMG-1). Parts in weapon order (GEM-ROLL-1), all of them one
/// roll named `label` before its first die.
pub fn roll_instance(
    arms: &Arms,
    m: u32,
    attacker: &Stats,
    mult_stat: bool,
    label: String,
    dice: &mut dyn DiceSource,
) -> Result<(RollRecord, Parts), RulesError> {
    let m64 = i64::from(m);
    let mut stat = 0i64;
    if arms.muscle_damage {
        stat += attacker.int_or("muscle", 0);
    }
    if arms.magic_damage {
        stat += attacker.int_or("magic", 0);
    }
    // Each part's dice and bonus, and the whole as written, before any die.
    let mut plan = Vec::new();
    let mut exprs = Vec::new();
    for (i, part) in arms.parts.iter().enumerate() {
        let count = part.dice.saturating_mul(m);
        if count > 10_000 {
            return Err(RulesError::Invalid(format!(
                "a ×{m} instance of {}d{} rolls more than 10,000 dice",
                part.dice, part.sides
            )));
        }
        let mut bonus = part.bonus.saturating_mul(m64);
        if i == 0 {
            bonus = bonus.saturating_add(if mult_stat { stat.saturating_mul(m64) } else { stat });
        }
        let mut expr = if count > 0 { format!("{count}d{}", part.sides) } else { String::new() };
        if bonus != 0 || count == 0 {
            expr.push_str(&if count > 0 { format!("{bonus:+}") } else { bonus.to_string() });
        }
        if let Some(k) = &part.kind {
            expr.push_str(&format!(" {k}"));
        }
        exprs.push(expr);
        plan.push((part, count, bonus));
    }
    let expr = exprs.join(" + ");
    let count: u32 = plan.iter().map(|(_, c, _)| *c).fold(0, u32::saturating_add);
    if count > 0 {
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        dice.before_roll(&super::asks::damage(label, expr.clone(), count))?;
    }
    let mut all = Vec::new();
    let mut parts = Vec::new();
    for (part, count, bonus) in plan {
        let mut sum = 0i64;
        for _ in 0..count {
            let face = roll_die(dice, part.sides)?;
            all.push(DieRoll { sides: part.sides, face, kept: true, exploded: false });
            sum += i64::from(face);
        }
        parts.push((part.kind.clone(), sum.saturating_add(bonus)));
    }
    let total = parts.iter().map(|(_, a)| *a).fold(0i64, i64::saturating_add);
    Ok((RollRecord { expr, dice: all, total }, parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    // GEM-DMG-1: armor and vulnerability per type; parts floored at 0 separately.
    #[test]
    fn gem_dmg_1_armor_and_vulnerability_by_type() {
        let mut s = Stats::default();
        s.set_int("armor", 2);
        s.set_int("armor.fire", 0);
        s.set_int("vuln.fire", 3);
        let parts = vec![(Some("cutting".to_string()), 1), (Some("fire".to_string()), 4)];
        assert_eq!(net(&s, &parts, 0, false).0, 7);
        assert_eq!(net(&s, &parts, 0, true).0, 8);
        assert_eq!(net(&s, &[(None, 5)], 0, false).0, 3);
        assert_eq!(net(&s, &[(None, 5)], 2, false).0, 5);
    }

    // GEM-DMG-2 and GEM-REG-5: floor wounds; a regiment's loss and strength.
    #[test]
    fn gem_reg_5_wounds_pool_and_overflow() {
        assert_eq!(wounds(7, 4), 1);
        assert_eq!(wounds(-3, 4), 0);
        assert_eq!(regiment_loss(1, 2, false), 1);
        assert_eq!(regiment_loss(3, 2, false), 2);
        assert_eq!(regiment_loss(3, 2, true), 3);
        assert_eq!(regiment_strength(16, 2), (8, 0));
        assert_eq!(regiment_strength(15, 2), (8, 1));
        assert_eq!(regiment_strength(13, 2), (7, 1));
        assert_eq!(regiment_strength(0, 2), (0, 0));
    }
}
