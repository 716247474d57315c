//! Before any die of a set: the option and its defense (GEM-ATK-1, GEM-OPT), legality (unarmed
//! options, Heavy weapons, Cut Out, Tie Up, Cower, willing and lowered targets), the modifiers
//! (GEM-MOD), each target's need and how many dice (GEM-REG-4, GEM-ACT-1, GEM-ATK-4).

use super::damage;
use super::options::AttackOption;
use super::set::DieSpec;
use super::split;
use super::state;
use super::weapon::Arms;
use super::{Gempunks, member_hp, regiment_members};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, CombatantView, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;
use crate::rules::words::slug;

/// GEM-ACT-1: a set of an Assault spread over the turn — a hero's attacks rolled a few at a time
/// (`n=`), a regiment's one set per attack (`gem_reg_assault=per_attack`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssaultUse {
    /// An earlier set of this Assault paid its standard action.
    pub paid: bool,
    /// What the Assault has left after this set: attacks (a hero) or sets (a regiment).
    pub left_after: u8,
}

/// Everything known about a set before any die: who rolls how many dice against whom.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub arms: Arms,
    pub option: AttackOption,
    /// acc = Accuracy + modifiers (GEM-ATK-1).
    pub acc: i64,
    /// The modifiers alone, with their names.
    pub mods: Vec<(String, i64)>,
    /// Each target's own need.
    pub needs: Vec<i64>,
    /// One spec per attack die, in order.
    pub dice: Vec<DieSpec>,
    /// Area: the target each die belongs to.
    pub area_of: Option<Vec<usize>>,
    pub heavy: bool,
    pub plan: split::Plan,
    /// The regiment's members (or the attacker's count) taking part and the attacks each.
    pub members: i64,
    pub attacks_each: i64,
    /// An Assault spread over several sets this turn (GEM-ACT-1).
    pub assault: Option<AssaultUse>,
    /// The attacks an Assault would make with these wields: a creature's normal number, the
    /// most a Melee Guard reacts with (GEM-ACT-1, GEM-ACT-8).
    pub normal_attacks: i64,
    /// A ranged (not melee) weapon.
    pub ranged: bool,
}

pub(super) fn invalid(text: impl Into<String>) -> RulesError {
    RulesError::Invalid(text.into())
}

/// Down, Unconscious or Stationary: AD and GD are 2 (GEM-MOD-4).
pub(super) fn stationary(view: &CombatantView<'_>) -> bool {
    view.health.current <= 0
        || view.conditions.iter().any(|c| c.name == "Unconscious" || c.name == "Stationary")
}

/// Is `view` named by `word` (its id or its name)?
pub(super) fn names(id: &str, view: &CombatantView<'_>, word: &str) -> bool {
    let w = word.trim();
    id.eq_ignore_ascii_case(w) || view.name.eq_ignore_ascii_case(w) || slug(w) == id
}

/// The members taking part: a regiment's standing members less those Incapacitate holds back
/// this turn (GEM-OPT-2), or one per combatant of a group with a standard action left (GEM-INIT-2).
fn standing_members(req: &AttackRequest<'_, GemState>, gem: &state::GemState) -> i64 {
    super::group::taking_part(req, gem)
        .0
        .iter()
        .map(|p| {
            if regiment_members(p.view.stats).is_some() {
                let n = damage::regiment_strength(p.view.health.current, member_hp(p.view.stats)).0;
                (n - gem.benched_of(p.id)).max(0)
            } else {
                1
            }
        })
        .sum()
}

/// Legality before dice (issue 14 item 4): the fields read only after the attack dice (typed
/// faces, `area=` and `split=` lists, `ride=`) are checked now, so a bad one is refused first.
fn read_ahead(
    req: AttackRequest<'_, GemState>,
    f: &FieldReader<'_>,
    area: bool,
) -> Result<(), RulesError> {
    for key in ["roll", "dmgroll"] {
        super::attack::typed(*f, key)?;
    }
    let target = |name: &str| req.targets.iter().any(|t| names(t.id, &t.view, name.trim()));
    if let Some(list) = f.value("area").filter(|v| !v.eq_ignore_ascii_case("on")) {
        for piece in list.split(',') {
            if !piece.split_once(':').is_some_and(|(name, _)| target(name)) {
                return Err(invalid(format!(
                    "area={list}: '{piece}' is not TARGET:N, how many of a target's members the \
                     template catches (GEM-ATK-4)"
                )));
            }
        }
    }
    // `n=` chooses how many of a regiment's dice to roll; an area attack rolls one die per
    // creature caught, so it would be ignored there.
    if area && let Some(n) = f.value("n") {
        return Err(invalid(format!(
            "n={n}: an area attack rolls one die per creature caught, not a chosen number \
             (GEM-ATK-4)"
        )));
    }
    if let Some(list) = f.value("split") {
        if area {
            return Err(invalid("an area attack's hits are not shared out: no split= (GEM-ATK-4)"));
        }
        // The same words as the split itself, read after the dice (split::parse).
        for piece in list.split(',') {
            match piece.split_once(':') {
                Some((name, _)) if !target(name) => {
                    return Err(invalid(format!(
                        "split={list}: '{}' is not a target",
                        name.trim()
                    )));
                }
                Some((_, what)) if !what.trim().is_empty() => {}
                _ => {
                    return Err(invalid(format!(
                        "split={list}: '{piece}' is not NAME:COUNT or NAME:h1+h2"
                    )));
                }
            }
        }
    }
    if let Some(ride) = f.value("ride")
        && ride != "me"
        && ride != "them"
    {
        return Err(invalid(format!(
            "ride={ride}: expected me (the attacker rides) or them (GEM-OPT-10)"
        )));
    }
    Ok(())
}

/// GEM-ATK-1, GEM-MOD-1..4, GEM-CHOOSE-1, GEM-REG-4, GEM-ATK-4: read the command, check it is
/// legal, and work out every die's need before rolling.
pub fn prepare(req: AttackRequest<'_, GemState>) -> Result<Prepared, RulesError> {
    let f = FieldReader(req.fields);
    let arms = Arms::from(req.weapon.map(|w| w.name.as_str()), req.weapon.map(|w| &w.stats), f)?;
    let option = match f.value("option") {
        Some(word) => AttackOption::parse(word)?,
        None => AttackOption::Normal,
    };
    let attacker = req.attacker.name;
    let bare = req.weapon.is_none() || f.value("dmg").is_some();
    let unarmed = arms.unarmed || (bare && req.weapon.is_none() && f.flag("unarmed"));
    if option.unarmed_only() && !unarmed {
        return Err(invalid(format!(
            "option={} is made unarmed only: use an unarmed weapon (one with the unarmed flag)",
            option.word()
        )));
    }
    let area = f.value("area").is_some() || f.flag("area");
    read_ahead(req, &f, area)?;
    let heavy = f.flag("heavy") || arms.heavy;
    let assault = f.flag("assault");
    let rush = f.flag("rush");
    if arms.heavy && (assault || rush) {
        return Err(invalid(format!(
            "{} is Heavy: it makes only Heavy attacks, never an Assault or a Rush (GEM-WPN-2)",
            arms.name
        )));
    }
    if f.flag("heavy") && (assault || rush) {
        return Err(invalid("a Heavy Attack is its own action: not with assault or rush"));
    }
    // GEM-MOD: the modifiers, each named.
    let mut mods: Vec<(String, i64)> = Vec::new();
    let ranged = arms.ranged && !arms.melee;
    let melee = !ranged;
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
    // GEM-ACT-4: a cowering creature cannot be attacked from total cover or from 100 m.
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
    if option == AttackOption::Shove && !arms.can_shove() {
        return Err(invalid("option=shove takes non-piercing physical damage only (GEM-OPT-5)"));
    }
    let flag_mod = |mods: &mut Vec<(String, i64)>,
                    key: &str,
                    label: &str,
                    value: i64,
                    allowed: bool,
                    why: &str| {
        if f.flag(key) {
            if !allowed {
                return Err(invalid(format!("{key}: {why}")));
            }
            mods.push((label.to_string(), value));
        }
        Ok(())
    };
    flag_mod(
        &mut mods,
        "high_ground",
        "high ground",
        1,
        melee,
        "High Ground is for melee attacks",
    )?;
    flag_mod(&mut mods, "in_melee", "in melee", -1, ranged, "In Melee is for ranged attacks")?;
    flag_mod(&mut mods, "wind", "wind", -1, ranged, "Wind is for ranged attacks")?;
    flag_mod(&mut mods, "unstable", "unstable", -1, ranged, "Unstable is for ranged attacks")?;
    let single = "a single-target modifier, not for area attacks (GEM-MOD-3)";
    flag_mod(&mut mods, "spatial", "spatial reasoning", -1, !area, single)?;
    flag_mod(&mut mods, "uncertain", "uncertain location", -1, !area, single)?;
    flag_mod(&mut mods, "cover", "cover", -1, true, "")?;
    if f.flag("total_cover") {
        if !f.flag("cover") {
            mods.push(("cover".into(), -1));
        }
        mods.push(("total cover".into(), -1));
    }
    flag_mod(&mut mods, "leaving_range", "leaving range", -2, true, "")?;
    // GEM-MOD-2: Far, from `far=N` increments beyond the first or `dist=M` metres.
    let far = match (f.int("far")?, f.int("dist")?) {
        (Some(n), _) if (0..=20).contains(&n) => n,
        (Some(n), _) => return Err(invalid(format!("far={n}: expected 0 to 20 increments"))),
        (None, Some(m)) => {
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
            i64::try_from(at).unwrap_or(0)
        }
        (None, None) => 0,
    };
    if far > 0 {
        if !ranged {
            return Err(invalid("far/dist: Far is for ranged attacks"));
        }
        mods.push((format!("far ×{far}"), -far));
    }
    // GEM-MOD-4: Multiweapon, from the weapons used this round or `wield=N`.
    let gem = req.state;
    let mut wields = gem.wields_of(req.attacker_id);
    if !wields.contains(&arms.name.as_str()) {
        wields.push(&arms.name);
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
    // GEM-MOD-4: Trigger Grip.
    if arms.trigger_grip
        && !f.flag("two_hands")
        && req.attacker.stats.int_or("carry", 0) < arms.weight.saturating_mul(10)
    {
        mods.push(("trigger grip".into(), -2));
    }
    if let Some(through) = f.value("through") {
        // GEM-MOD-5: the creatures in line order are the set's targets, in the same order.
        let listed: Vec<&str> = through.split(',').map(str::trim).collect();
        let same = listed.len() == req.targets.len()
            && listed.iter().zip(req.targets).all(|(w, t)| names(t.id, &t.view, w));
        if !same || area || option != AttackOption::Normal {
            return Err(invalid(format!(
                "through={through}: name the targets in line order, the same as the attack's \
                 TARGET list, for a Normal attack that is not an area (GEM-MOD-5)"
            )));
        }
        let extra = i64::try_from(through.split(',').count()).unwrap_or(1) - 1;
        if extra > 0 {
            mods.push(("through creatures".into(), -extra));
        }
    }
    let extra = f.int("mod")?.unwrap_or(0);
    if extra != 0 {
        if !(-20..=20).contains(&extra) {
            return Err(invalid(format!("mod={extra}: expected -20 to 20")));
        }
        mods.push(("mod".into(), extra));
    }
    let modsum: i64 = mods.iter().map(|(_, v)| v).sum();
    let acc = arms.acc + modsum;
    // GEM-CHOOSE-1: willing and lowered targets.
    let find = |word: &str| req.targets.iter().position(|t| names(t.id, &t.view, word));
    let mut willing = None;
    if let Some(w) = f.value("willing") {
        let t = find(w).ok_or_else(|| invalid(format!("willing={w}: not a target of this set")))?;
        let who = &req.targets[t].view;
        if stationary(who) {
            return Err(invalid(format!(
                "{} is not conscious: it cannot choose to be hit",
                who.name
            )));
        }
        if modsum < 0 {
            return Err(invalid(format!(
                "{} cannot choose to be hit: the modifiers total {modsum}; it may only lower its \
                 defenses to 2 (lower={})",
                who.name, req.targets[t].id
            )));
        }
        if req.targets.len() > 1 && option_of(req, "gem_willing_multi") != "on" {
            return Err(invalid(
                "a target chooses to be hit only in a single-target set (set gem_willing_multi=on)",
            ));
        }
        willing = Some(t);
    }
    let mut lowered = Vec::new();
    if let Some(l) = f.value("lower") {
        for word in l.split(',') {
            let t = find(word).ok_or_else(|| invalid(format!("lower={word}: not a target")))?;
            lowered.push(t);
        }
    }
    if option.needs_grapple() || f.flag("tieup") {
        for t in req.targets {
            let grappled = t.view.conditions.iter().any(|c| {
                c.name == "Grappled"
                    && c.detail.as_deref().is_some_and(|d| d.contains(req.attacker.name))
            });
            if !grappled {
                let what = if f.flag("tieup") { "tieup" } else { option.word() };
                return Err(invalid(format!(
                    "{what} needs {} to be grappling {} ({})",
                    attacker,
                    t.view.name,
                    match option {
                        AttackOption::Strangle => "GEM-OPT-8",
                        AttackOption::Ride => "GEM-OPT-10",
                        _ => "GEM-ACT-6",
                    }
                )));
            }
        }
    }
    // Each target's need.
    let needs: Vec<i64> = req
        .targets
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let s = p.view.stats;
            let defense = if arms.grenade {
                5
            } else if stationary(&p.view) || lowered.contains(&t) {
                2
            } else if option.against_ad() && !f.flag("tieup") {
                s.int_or("ad", 5)
            } else {
                s.int_or("gd", 5)
            };
            defense - acc
        })
        .collect();
    // GEM-ACT-1, GEM-REG-4: the dice.
    let members = standing_members(&req, gem);
    if members == 0 && gem.benched_of(req.attacker_id) > 0 {
        return Err(invalid(format!(
            "every member of {attacker} standing lost its standard action to Incapacitate this \
             turn (GEM-OPT-2)"
        )));
    }
    let assault_attacks = 2 + (total_wields - 1).max(0);
    let regiment = req.members.iter().any(|m| regiment_members(m.view.stats).is_some());
    let per_attack = regiment && option_of(req, "gem_reg_assault") == "per_attack";
    let hero = !regiment && req.members.len() == 1;
    let spread = assault && !area && (per_attack || hero);
    let left_before = gem.assault_left(req.attacker_id);
    let paid = spread && left_before > 0;
    let assault_budget = if paid { i64::from(left_before) } else { assault_attacks };
    let attacks_each = match (assault, spread) {
        (true, false) => assault_attacks,
        (true, true) if hero => assault_budget,
        _ => 1,
    };
    let all = members.saturating_mul(attacks_each);
    let auto = f.flag("auto") || willing.is_some();
    let (dice, area_of, plan) = if area {
        let mut dice = Vec::new();
        let mut owner = Vec::new();
        let caught = f.value("area").filter(|v| *v != "on");
        for (t, p) in req.targets.iter().enumerate() {
            let mut count = 1i64;
            if let Some(list) = caught {
                for piece in list.split(',') {
                    if let Some((name, n)) = piece.split_once(':')
                        && names(p.id, &p.view, name)
                    {
                        let cap = regiment_members(p.view.stats)
                            .map(|_| {
                                damage::regiment_strength(
                                    p.view.health.current,
                                    member_hp(p.view.stats),
                                )
                                .0
                            })
                            .unwrap_or(1);
                        count = n
                            .trim()
                            .parse::<i64>()
                            .ok()
                            .filter(|n| (1..=cap).contains(n))
                            .ok_or_else(|| {
                                invalid(format!(
                                    "area={list}: {} has {cap} member(s) to catch",
                                    p.view.name
                                ))
                            })?;
                    }
                }
            }
            // Reading `gem_area=common`: the area's dice all use the common need instead.
            let need = if option_of(req, "gem_area") == "common" {
                split::plan(&needs).common
            } else {
                needs[t]
            };
            for _ in 0..count {
                dice.push(DieSpec { need, auto });
                owner.push(t);
            }
        }
        (dice, Some(owner), split::Plan { common: 0, hardest: Vec::new() })
    } else {
        let n = match f.int("n")? {
            Some(n) if (1..=all).contains(&n) => n,
            Some(n) => {
                return Err(invalid(format!(
                    "n={n}: {attacker} rolls 1 to {all} dice here ({members} member(s) × {attacks_each} attack(s), GEM-REG-4)"
                )));
            }
            None => all,
        };
        let count = usize::try_from(n).unwrap_or(0);
        if f.value("through").is_some() {
            // GEM-MOD-5: one die per shot, compared with each creature's need in turn; its crit
            // dice use the first creature's need.
            let first = needs.first().copied().unwrap_or(0);
            let plan = split::Plan { common: first, hardest: Vec::new() };
            (vec![DieSpec { need: first, auto }; count], None, plan)
        } else {
            let plan = split::plan(&needs);
            (vec![DieSpec { need: plan.common, auto }; count], None, plan)
        }
    };
    if dice.is_empty() {
        return Err(invalid(format!("{attacker} has no one standing to attack")));
    }
    let used = if hero { i64::try_from(dice.len()).unwrap_or(i64::MAX) } else { 1 };
    let assault = spread.then(|| AssaultUse {
        paid,
        left_after: u8::try_from((assault_budget - used).max(0)).unwrap_or(0),
    });
    Ok(Prepared {
        arms,
        option,
        acc,
        mods,
        needs,
        dice,
        area_of,
        heavy,
        plan,
        members,
        attacks_each,
        assault,
        normal_attacks: assault_attacks,
        ranged,
    })
}

pub(super) fn option_of<'a>(req: AttackRequest<'a, GemState>, name: &str) -> &'a str {
    option(&Gempunks, req.options, name)
}

pub(super) fn f_value<'a>(req: AttackRequest<'a, GemState>, key: &str) -> Option<&'a str> {
    req.fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.as_deref())
}

pub(super) fn f_flag(req: AttackRequest<'_, GemState>, key: &str) -> bool {
    FieldReader(req.fields).flag(key)
}
