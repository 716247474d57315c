//! Before any die of a set: the option and its defense (GEM-ATK-1, GEM-OPT), legality (unarmed
//! options, Heavy weapons, Cut Out, Tie Up, Cower, willing and lowered targets), the modifiers
//! (GEM-MOD), each target's need and how many dice (GEM-REG-4, GEM-ACT-1, GEM-ATK-4).

mod attributes;
mod modifiers;
mod wields;

use super::attack_option::AttackOption;
use super::damage;
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
pub use attributes::{Uses, thrown_away, untracked};

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
    /// The round's weapons this set names for its Assault, and the attacks it makes
    /// (GEM-ACT-1, GEM-WPN-1).
    pub declared: Option<(Vec<String>, i64)>,
    /// Why every die hits, when it does: `auto` (an effect) or the target willing (GEM-CRIT-4,
    /// GEM-CHOOSE-1), with the modifiers' total that allowed it.
    pub automatic: Option<Automatic>,
    /// The targets that lowered their defenses to 2, each with the defense it had (GEM-CHOOSE-1).
    pub lowered: Vec<(usize, i64)>,
    /// The weapon attributes the set uses: a rope's pull, a throw (GEM-WPN-2).
    pub uses: Uses,
}

/// Why a set's dice all hit (GEM-CRIT-4, GEM-CHOOSE-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Automatic {
    /// `auto`: an effect that hits automatically.
    Effect,
    /// `willing=`: the target chose to be hit, the modifiers totalling this (≥ 0).
    Willing { target: usize, modsum: i64 },
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
        super::set::typed(*f, key)?;
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
    let mut arms =
        Arms::from(req.weapon.map(|w| w.name.as_str()), req.weapon.map(|w| &w.stats), f)?;
    let option = match f.value("option") {
        Some(word) => AttackOption::parse(word)?,
        None => AttackOption::Normal,
    };
    let uses = attributes::uses(req, &mut arms, option)?;
    let attacker = req.attacker.name;
    let bare = req.weapon.is_none() || f.value("dmg").is_some();
    // GEM-WPN-2: a rope's pull is an unarmed Disarm, Trip or Shove.
    let unarmed =
        arms.unarmed || (bare && req.weapon.is_none() && f.flag("unarmed")) || uses.pull.is_some();
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
    let ranged = arms.ranged && !arms.melee;
    let kind = Kind { option, ranged, unarmed, heavy, assault, area };
    let gem = req.state;
    // GEM-ACT-1, GEM-WPN-1: the round's weapons, named on an Assault's first set.
    let later = assault && gem.assault_left(req.attacker_id) > 0;
    let (round, fresh) = wields::round_weapons(req, &arms.name, assault, later)?;
    wields::check_joining(req, &round, &arms.name, later)?;
    let (mods, total_wields) = modifiers::all(req, &arms, kind, gem, &round)?;
    let modsum: i64 = mods.iter().map(|(_, v)| v).sum();
    let acc = arms.acc + modsum;
    let (willing, lowered) = chosen(req, modsum)?;
    grappled(req, option)?;
    let needs = needs_of(req, &arms, option, acc, &lowered);
    // Each lowered target's defense before it dropped to 2.
    let plain = needs_of(req, &arms, option, acc, &[]);
    let lowered: Vec<(usize, i64)> =
        lowered.iter().map(|&t| (t, plain[t].saturating_add(acc))).collect();
    // GEM-ACT-1, GEM-REG-4: the dice.
    let members = standing_members(&req, gem);
    if members == 0 && gem.benched_of(req.attacker_id) > 0 {
        return Err(invalid(format!(
            "every member of {attacker} standing lost its standard action to Incapacitate this \
             turn (GEM-OPT-2)"
        )));
    }
    let a = attacks_of(req, assault, area, total_wields, &round, &arms.name)?;
    let automatic = match willing {
        Some(target) => Some(Automatic::Willing { target, modsum }),
        None => f.flag("auto").then_some(Automatic::Effect),
    };
    let auto = automatic.is_some();
    let (dice, area_of, plan) = if area {
        area_dice(req, &needs, auto)?
    } else {
        let n = count(&f, attacker, members, &a)?;
        shot_dice(&f, &needs, usize::try_from(n).unwrap_or(0), auto)
    };
    if dice.is_empty() {
        return Err(invalid(format!("{attacker} has no one standing to attack")));
    }
    let used = if a.hero { i64::try_from(dice.len()).unwrap_or(i64::MAX) } else { 1 };
    if a.spread && a.budget - used < i64::try_from(a.reserve.len()).unwrap_or(0) {
        return Err(keep_for(attacker, &a));
    }
    let attacks_each = a.each;
    let assault = a.spread.then(|| AssaultUse {
        paid: a.paid,
        left_after: u8::try_from((a.budget - used).max(0)).unwrap_or(0),
    });
    let declared = (fresh && round.len() > 1).then(|| (round.clone(), a.normal));
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
        normal_attacks: a.normal,
        ranged,
        declared,
        automatic,
        lowered,
        uses,
    })
}

/// GEM-ACT-1, GEM-WPN-1: the attacks of this set, and of the Assault it belongs to.
struct Attacks {
    /// Attacks per member in this set.
    each: i64,
    /// An Assault rolled over several sets (a hero's, or `gem_reg_assault=per_attack`).
    spread: bool,
    hero: bool,
    /// An earlier set of this Assault paid its standard action.
    paid: bool,
    /// What the Assault has left before this set: attacks (a hero) or sets (a regiment).
    budget: i64,
    /// The named weapons other than this set's still to attack: each keeps one.
    reserve: Vec<String>,
    /// The attacks an Assault makes with these wields (GEM-ACT-8's normal number).
    normal: i64,
}

fn attacks_of(
    req: AttackRequest<'_, GemState>,
    assault: bool,
    area: bool,
    total_wields: i64,
    round: &[String],
    this: &str,
) -> Result<Attacks, RulesError> {
    let gem = req.state;
    let normal = 2 + (total_wields - 1).max(0);
    let regiment = req.members.iter().any(|m| regiment_members(m.view.stats).is_some());
    let per_attack = regiment && option_of(req, "gem_reg_assault") == "per_attack";
    let hero = !regiment && req.members.len() == 1;
    let spread = assault && !area && (per_attack || hero);
    let reserve = if assault { wields::still_to_attack(req, round, this) } else { Vec::new() };
    if assault && !spread && !reserve.is_empty() {
        return Err(invalid(format!(
            "a set has one weapon (GEM-ATK-5): an Assault with {} is rolled a set per weapon, as a \
             hero's or with gem_reg_assault=per_attack, not in one set",
            round.join(" and ")
        )));
    }
    let left_before = gem.assault_left(req.attacker_id);
    let paid = spread && left_before > 0;
    let budget = if paid { i64::from(left_before) } else { normal };
    let each = match (assault, spread) {
        (true, false) => normal,
        (true, true) if hero => budget,
        _ => 1,
    };
    Ok(Attacks { each, spread, hero, paid, budget, reserve, normal })
}

/// How many dice this set rolls: `n=` or all its members' attacks, less one attack kept for each
/// named weapon still to attack in a hero's Assault (GEM-REG-4, GEM-WPN-1).
fn count(
    f: &FieldReader<'_>,
    attacker: &str,
    members: i64,
    a: &Attacks,
) -> Result<i64, RulesError> {
    let all = members.saturating_mul(a.each);
    let kept = if a.spread && a.hero { i64::try_from(a.reserve.len()).unwrap_or(0) } else { 0 };
    let most = all - kept;
    if most < 1 && all >= 1 {
        return Err(keep_for(attacker, a));
    }
    match f.int("n")? {
        Some(n) if (1..=most).contains(&n) => Ok(n),
        Some(n) if (1..=all).contains(&n) => Err(keep_for(attacker, a)),
        Some(n) => Err(invalid(format!(
            "n={n}: {attacker} rolls 1 to {all} dice here ({members} member(s) × {} attack(s), GEM-REG-4)",
            a.each
        ))),
        None => Ok(most),
    }
}

/// The refusal of a set that would leave a named weapon no attack of its Assault.
fn keep_for(attacker: &str, a: &Attacks) -> RulesError {
    invalid(format!(
        "{attacker}'s Assault has {} {} left and keeps one for each weapon still to attack \
         ({}): each wield attacks at least once (GEM-WPN-1)",
        a.budget,
        if a.hero { "attack(s)" } else { "set(s)" },
        a.reserve.join(", ")
    ))
}

/// What the command makes of the attack, read once and asked by each modifier.
#[derive(Debug, Clone, Copy)]
struct Kind {
    option: AttackOption,
    ranged: bool,
    unarmed: bool,
    heavy: bool,
    assault: bool,
    area: bool,
}

/// GEM-CHOOSE-1: the target willing to be hit, if any, and the targets that lower their defenses.
fn chosen(
    req: AttackRequest<'_, GemState>,
    modsum: i64,
) -> Result<(Option<usize>, Vec<usize>), RulesError> {
    let f = FieldReader(req.fields);
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
    Ok((willing, lowered))
}

/// GEM-OPT-8, GEM-OPT-10, GEM-ACT-6: Strangle, Ride and Tie Up need the attacker to be grappling
/// every target.
fn grappled(req: AttackRequest<'_, GemState>, option: AttackOption) -> Result<(), RulesError> {
    let tieup = FieldReader(req.fields).flag("tieup");
    if !option.needs_grapple() && !tieup {
        return Ok(());
    }
    for t in req.targets {
        let grappled = t.view.conditions.iter().any(|c| {
            c.name == "Grappled"
                && c.detail.as_deref().is_some_and(|d| d.contains(req.attacker.name))
        });
        if !grappled {
            let what = if tieup { "tieup" } else { option.word() };
            return Err(invalid(format!(
                "{what} needs {} to be grappling {} ({})",
                req.attacker.name,
                t.view.name,
                match option {
                    AttackOption::Strangle => "GEM-OPT-8",
                    AttackOption::Ride => "GEM-OPT-10",
                    _ => "GEM-ACT-6",
                }
            )));
        }
    }
    Ok(())
}

/// Each target's need: its defense (AD or GD, 2 when it cannot or will not defend, 5 against a
/// grenade) less the attack's accuracy.
fn needs_of(
    req: AttackRequest<'_, GemState>,
    arms: &Arms,
    option: AttackOption,
    acc: i64,
    lowered: &[usize],
) -> Vec<i64> {
    let tieup = FieldReader(req.fields).flag("tieup");
    req.targets
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let s = p.view.stats;
            let defense = if arms.grenade {
                5
            } else if stationary(&p.view) || lowered.contains(&t) {
                2
            } else if option.against_ad() && !tieup {
                s.int_or("ad", 5)
            } else {
                s.int_or("gd", 5)
            };
            defense - acc
        })
        .collect()
}

/// A set's dice, the target of each when an area decides it, and how hits are shared out.
type SetDice = (Vec<DieSpec>, Option<Vec<usize>>, split::Plan);

/// The dice, the target of each and the split plan (none) of an area attack: one die per creature
/// caught (`area=NAME:N` for a regiment's members), each at its target's need (GEM-ATK-4).
fn area_dice(
    req: AttackRequest<'_, GemState>,
    needs: &[i64],
    auto: bool,
) -> Result<SetDice, RulesError> {
    let mut dice = Vec::new();
    let mut owner = Vec::new();
    let f = FieldReader(req.fields);
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
                    count =
                        n.trim().parse::<i64>().ok().filter(|n| (1..=cap).contains(n)).ok_or_else(
                            || {
                                invalid(format!(
                                    "area={list}: {} has {cap} member(s) to catch",
                                    p.view.name
                                ))
                            },
                        )?;
                }
            }
        }
        // Reading `gem_area=common`: the area's dice all use the common need instead.
        let need = if option_of(req, "gem_area") == "common" {
            split::plan(needs).common
        } else {
            needs[t]
        };
        for _ in 0..count {
            dice.push(DieSpec { need, auto });
            owner.push(t);
        }
    }
    Ok((dice, Some(owner), split::Plan { common: 0, hardest: Vec::new() }))
}

/// The `count` dice of a set that is not an area, and how their hits are shared out.
fn shot_dice(f: &FieldReader<'_>, needs: &[i64], count: usize, auto: bool) -> SetDice {
    if f.value("through").is_some() {
        // GEM-MOD-5: one die per shot, compared with each creature's need in turn; its crit
        // dice use the first creature's need.
        let first = needs.first().copied().unwrap_or(0);
        let plan = split::Plan { common: first, hardest: Vec::new() };
        (vec![DieSpec { need: first, auto }; count], None, plan)
    } else {
        let plan = split::plan(needs);
        (vec![DieSpec { need: plan.common, auto }; count], None, plan)
    }
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
