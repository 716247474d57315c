//! A set's modifiers (GEM-MOD-1..5, and those of the options and actions), each named and pushed
//! in the order the log shows them, with the legality checks that sit between them.

use super::{Kind, invalid, names};
use crate::rules::gempunks::attack_option::AttackOption;
use crate::rules::gempunks::state::GemState;
use crate::rules::gempunks::weapon::Arms;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::types::RulesError;

/// Named modifiers, in order.
type Mods = Vec<(String, i64)>;

/// Every modifier of the set, and how many weapons (and wieldings) it counts this round.
pub(super) fn all(
    req: AttackRequest<'_, GemState>,
    arms: &Arms,
    kind: Kind,
    gem: &GemState,
    round: &[String],
) -> Result<(Mods, i64), RulesError> {
    let f = FieldReader(req.fields);
    let mut mods = Mods::new();
    actions(req, arms, kind, &mut mods)?;
    situation(&f, kind, &mut mods)?;
    far(&f, arms, kind.ranged, &mut mods)?;
    let total_wields = multiweapon(req, arms, gem, round, &mut mods)?;
    // GEM-MOD-4: Trigger Grip.
    if arms.trigger_grip
        && !f.flag("two_hands")
        && req.attacker.stats.int_or("carry", 0) < arms.weight.saturating_mul(10)
    {
        mods.push(("trigger grip".into(), -2));
    }
    through(req, kind, &mut mods)?;
    let extra = f.int("mod")?.unwrap_or(0);
    if extra != 0 {
        if !(-20..=20).contains(&extra) {
            return Err(invalid(format!("mod={extra}: expected -20 to 20")));
        }
        mods.push(("mod".into(), extra));
    }
    Ok((mods, total_wields))
}

/// The actions' and options' own modifiers (Cut Out, Disarm, Shove, Sunder…) and whether the
/// action or option may be taken at all (Tie Up, Cower, take, Shove).
fn actions(
    req: AttackRequest<'_, GemState>,
    arms: &Arms,
    kind: Kind,
    mods: &mut Mods,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    let Kind { option, ranged, unarmed, heavy, assault, .. } = kind;
    // GEM-ACT-5: Cut Out is one non-heavy Normal or Sunder attack at −1 melee, −2 ranged.
    if f.value("cutout").is_some() {
        if heavy || assault || !matches!(option, AttackOption::Normal | AttackOption::Sunder) {
            return Err(invalid(
                "cutout=TYPE is one non-heavy Normal or Sunder attack (GEM-ACT-5)",
            ));
        }
        mods.push(("cut out".into(), if ranged { -2 } else { -1 }));
    }
    // GEM-ACT-6: Tie Up is unarmed, against GD, on a creature it grapples.
    if f.flag("tieup") && (!unarmed || option != AttackOption::Normal) {
        return Err(invalid("tieup is an unarmed attack with no other option (GEM-ACT-6)"));
    }
    // GEM-ACT-6: the DC of the knots, typed from the items check made at the table.
    if let Some(dc) = f.int("dc")? {
        if !f.flag("tieup") {
            return Err(invalid("dc=N is the DC of a Tie Up: give it with tieup (GEM-ACT-6)"));
        }
        if !(0..=50).contains(&dc) {
            return Err(invalid(format!("dc={dc}: expected 0 to 50 (GEM-ACT-6)")));
        }
    }
    cowering(req, ranged)?;
    match option {
        AttackOption::Disarm | AttackOption::Pickpocket if ranged => {
            mods.push((format!("{} ranged", option.word()), -1))
        }
        AttackOption::Shove if !unarmed => mods.push(("shove, not unarmed".into(), -1)),
        AttackOption::Sunder => mods.push(("sunder".into(), if ranged { -2 } else { -1 })),
        AttackOption::ReversePickpocket => mods.push(("reverse pickpocket".into(), -1)),
        _ => {}
    }
    // GEM-OPT-4, GEM-OPT-9: only an unarmed Disarm or Pickpocket may take the item.
    if f.flag("take")
        && (!unarmed || !matches!(option, AttackOption::Disarm | AttackOption::Pickpocket))
    {
        return Err(invalid(
            "take: only an unarmed Disarm or Pickpocket takes the item (GEM-OPT-4, GEM-OPT-9)",
        ));
    }
    // GEM-OPT-9: a Pickpocket takes only a loose item; a Reverse stows one its attacker holds.
    if matches!(option, AttackOption::Pickpocket | AttackOption::ReversePickpocket) {
        crate::rules::gempunks::items::check_loose(req, option == AttackOption::ReversePickpocket)?;
    }
    if option == AttackOption::Shove && arms.piercing {
        return Err(invalid(format!(
            "option=shove: {} has the Piercing attribute; a shove takes non-piercing physical \
             damage only (GEM-OPT-5)",
            arms.name
        )));
    }
    if option == AttackOption::Shove && !arms.can_shove() {
        return Err(invalid("option=shove takes non-piercing physical damage only (GEM-OPT-5)"));
    }
    Ok(())
}

/// GEM-ACT-4: a cowering creature cannot be attacked from total cover or from 100 m.
fn cowering(req: AttackRequest<'_, GemState>, ranged: bool) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    for t in req.targets {
        if t.view.conditions.iter().any(|c| c.name == "Cowering") {
            let from_cover = f.flag("total_cover") && !f.flag("through_cover");
            let far_off = ranged && f.int("dist")?.is_some_and(|d| d >= 100);
            if from_cover || far_off {
                return Err(invalid(format!(
                    "{} is cowering: no attack from total cover (unless through_cover) or from 100 m \
                     and more (GEM-ACT-4)",
                    t.view.name
                )));
            }
        }
    }
    Ok(())
}

/// GEM-MOD-1, GEM-MOD-3: the situation's flags (high ground, wind, cover…), each for the attacks
/// it names.
fn situation(f: &FieldReader<'_>, kind: Kind, mods: &mut Mods) -> Result<(), RulesError> {
    let Kind { ranged, area, .. } = kind;
    let melee = !ranged;
    let mut flag_mod = |key: &str, label: &str, value: i64, allowed: bool, why: &str| {
        if f.flag(key) {
            if !allowed {
                return Err(invalid(format!("{key}: {why}")));
            }
            mods.push((label.to_string(), value));
        }
        Ok(())
    };
    flag_mod("high_ground", "high ground", 1, melee, "High Ground is for melee attacks")?;
    flag_mod("in_melee", "in melee", -1, ranged, "In Melee is for ranged attacks")?;
    flag_mod("wind", "wind", -1, ranged, "Wind is for ranged attacks")?;
    flag_mod("unstable", "unstable", -1, ranged, "Unstable is for ranged attacks")?;
    let single = "a single-target modifier, not for area attacks (GEM-MOD-3)";
    flag_mod("spatial", "spatial reasoning", -1, !area, single)?;
    flag_mod("uncertain", "uncertain location", -1, !area, single)?;
    flag_mod("cover", "cover", -1, true, "")?;
    if f.flag("total_cover") {
        if !f.flag("cover") {
            mods.push(("cover".into(), -1));
        }
        mods.push(("total cover".into(), -1));
    }
    if f.flag("leaving_range") {
        mods.push(("leaving range".into(), -2));
    }
    Ok(())
}

/// GEM-MOD-2: Far, from `far=N` increments beyond the first or `dist=M` metres.
fn far(f: &FieldReader<'_>, arms: &Arms, ranged: bool, mods: &mut Mods) -> Result<(), RulesError> {
    let far = match (f.int("far")?, f.int("dist")?) {
        (Some(n), _) if (0..=20).contains(&n) => n,
        (Some(n), _) => return Err(invalid(format!("far={n}: expected 0 to 20 increments"))),
        (None, Some(m)) => increments_to(arms, m)?,
        (None, None) => 0,
    };
    if far > 0 {
        if !ranged {
            return Err(invalid("far/dist: Far is for ranged attacks"));
        }
        mods.push((format!("far ×{far}"), -far));
    }
    Ok(())
}

/// How many increments beyond the first `m` metres lie.
fn increments_to(arms: &Arms, m: i64) -> Result<i64, RulesError> {
    if arms.increments.is_empty() {
        return Err(invalid(format!(
            "dist={m}: {} has no range increments (range=10/20/40); give far=N",
            arms.name
        )));
    }
    // Reading: each number is the length of the next increment (10/20/40 ends at 10, 30
    // and 70 m), as the spec's example 5 counts 25 m as one increment beyond the first.
    let mut edge = 0i64;
    let ends: Vec<i64> = arms
        .increments
        .iter()
        .map(|r| {
            edge = edge.saturating_add(*r);
            edge
        })
        .collect();
    let at = ends.iter().position(|&r| m <= r).ok_or_else(|| {
        invalid(format!(
            "dist={m}: beyond {}'s last increment, {} m (GEM-MOD-2)",
            arms.name,
            ends.last().copied().unwrap_or(0)
        ))
    })?;
    Ok(i64::try_from(at).unwrap_or(0))
}

/// GEM-MOD-4, GEM-WPN-1: Multiweapon, from the weapons used or named this round or `wield=N`, and an
/// Automatic or Semiautomatic weapon attacking at every opportunity; returns the weapons and
/// wieldings counted.
fn multiweapon(
    req: AttackRequest<'_, GemState>,
    arms: &Arms,
    gem: &GemState,
    round: &[String],
    mods: &mut Mods,
) -> Result<i64, RulesError> {
    let f = FieldReader(req.fields);
    let mut wields = gem.wields_of(req.attacker_id);
    // GEM-ACT-1: the weapons the round's Assault named count from its first set on.
    for w in round.iter().map(String::as_str).chain([arms.name.as_str()]) {
        if !wields.iter().any(|u| u.eq_ignore_ascii_case(w)) {
            wields.push(w);
        }
    }
    let max_wield = if arms.automatic {
        5
    } else if arms.semiautomatic {
        2
    } else {
        1
    };
    let wield = match f.int("wield")? {
        Some(w) if (1..=max_wield).contains(&w) => w,
        Some(w) => {
            return Err(invalid(format!(
                "wield={w}: {} can be wielded 1 to {max_wield} times (GEM-WPN-1)",
                arms.name
            )));
        }
        None => 1,
    };
    let total_wields = i64::try_from(wields.len()).unwrap_or(1) + (wield - 1);
    if total_wields >= 2 {
        mods.push((format!("multiweapon ×{total_wields}"), -2 * (total_wields - 1)));
    }
    // GEM-WPN-1: in a guard, an Automatic (−2) or Semiautomatic (−4) weapon attacks at every
    // opportunity.
    if f.flag("every") {
        let penalty = if arms.automatic {
            -2
        } else if arms.semiautomatic {
            -4
        } else {
            0
        };
        if penalty == 0 {
            return Err(invalid(format!(
                "every: {} is neither Automatic nor Semiautomatic; only those attack at every \
                 opportunity in a guard (GEM-WPN-1)",
                arms.name
            )));
        }
        if !f.flag("reaction") {
            return Err(invalid(
                "every: attacking at every opportunity is for a guard's reactions: add reaction \
                 (GEM-WPN-1)",
            ));
        }
        mods.push(("every opportunity".into(), penalty));
    }
    Ok(total_wields)
}

/// GEM-MOD-5: shooting through creatures, named in line order as the set's targets.
fn through(
    req: AttackRequest<'_, GemState>,
    kind: Kind,
    mods: &mut Mods,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    let Some(through) = f.value("through") else {
        return Ok(());
    };
    let listed: Vec<&str> = through.split(',').map(str::trim).collect();
    let same = listed.len() == req.targets.len()
        && listed.iter().zip(req.targets).all(|(w, t)| names(t.id, &t.view, w));
    if !same || kind.area || kind.option != AttackOption::Normal {
        return Err(invalid(format!(
            "through={through}: name the targets in line order, the same as the attack's \
             TARGET list, for a Normal attack that is not an area (GEM-MOD-5)"
        )));
    }
    let extra = i64::try_from(through.split(',').count()).unwrap_or(1) - 1;
    if extra > 0 {
        mods.push(("through creatures".into(), -extra));
    }
    Ok(())
}
