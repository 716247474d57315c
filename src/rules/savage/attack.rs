//! Savage Worlds attacks: the skill and its die, the TN (Parry or 4, SW-ATK-1), every modifier by
//! name (SW-ATK-2), the trait roll with aces and the Wild Die (SW-ROLL-1), wound, fatigue, Joker
//! and multi-action modifiers (SW-ROLL-2, SW-INIT-3, SW-ACT-1), and the damage of a hit, with
//! +1d6 on a raise and AP against armor (SW-DMG-1). Dice order: the trait die with its aces, the
//! Wild Die with its aces, each damage die with its aces in order, then the raise d6. Autofire
//! has its own module.

mod bennies;
mod modifiers;

pub use bennies::soak_after;

pub use modifiers::{carried_penalties, defending, effective_parry, trait_modifiers};

use modifiers::{Modifiers, attacker_modifiers, situation_modifiers, target_number};

use super::damage_dice::{acing, check_damage, roll_damage_asked};
use super::tables::{self, MAX_FIELD};
use super::{Savage, TraitRoll, asked_trait_roll, needs};
use crate::rules::conditions::{Edge, Source};
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceSource, RollRecord, ScriptedDice};
use crate::rules::effect::{AttackOutcome, Effect, Hit, Inflicted, Who};
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::savage::state::SavageState;
use crate::rules::signature::{ArgKind, FieldArg, field, number, switch};
use crate::rules::stats::TraitDie;
use crate::rules::types::RulesError;

/// A whole-number field within `min..=max`, if given.
pub(super) fn int_within(
    f: &FieldReader<'_>,
    key: &str,
    min: i64,
    max: i64,
) -> Result<Option<i64>, RulesError> {
    let value = f.value(key).map(|v| {
        v.trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                RulesError::Invalid(format!(
                    "{key}={v}: expected a whole number from {min} to {max}"
                ))
            })
    });
    value.transpose()
}

/// Every field `attack` takes under Savage Worlds, each with its kind (the modifiers of
/// [`tables::SWITCHES`] and shooting into melee are switches), besides the engine's `force`.
pub const ATTACK_FIELDS: &[FieldArg] = &[
    field("skill", ArgKind::Word("fighting|shooting|throwing")),
    field("die", ArgKind::Text),
    number("tn", 0, 100),
    field("dmg", ArgKind::Dice),
    number("ap", 0, 100),
    number("mod", -100, 100),
    field("range", ArgKind::Word("short|medium|long")),
    field("called", ArgKind::Text),
    field("cover", ArgKind::Word("light|medium|heavy|near_total")),
    field("dark", ArgKind::Word("dim|dark|pitch")),
    number("gang", 0, 100),
    switch("wild_attack"),
    switch("drop"),
    switch("aim"),
    switch("touch"),
    switch("unarmed_defender"),
    switch("unstable"),
    switch("double_tap"),
    switch("burst"),
    switch("two_weapons"),
    switch("offhand"),
    field("autofire", ArgKind::Number),
    switch("nonlethal"),
    switch("into_melee"),
    field("roll", ArgKind::Faces),
    field("dmgroll", ArgKind::Faces),
    number("obstacle", 0, 100),
    field("reroll", ArgKind::Word("benny|no")),
    field("soak", ArgKind::Word("benny|no")),
];

/// An untrained skill rolls a d4 at −2.
pub(super) const UNTRAINED: TraitDie = TraitDie { sides: 4, bonus: 0 };
const UNTRAINED_PENALTY: i64 = -2;

pub(super) type Fields<'a> = crate::rules::request::FieldReader<'a>;

/// What `range=` takes (SW-ATK-1).
pub(super) const RANGE_BANDS: &str = "short, medium or long";

/// A field that must be one of a table's words.
pub(super) fn word<T>(
    f: &Fields<'_>,
    key: &str,
    lookup: fn(&str) -> Option<T>,
    expected: &str,
) -> Result<Option<T>, RulesError> {
    f.value(key)
        .map(|v| {
            lookup(&v.to_ascii_lowercase())
                .ok_or_else(|| RulesError::Invalid(format!("{key}={v}: expected {expected}")))
        })
        .transpose()
}

/// Everything decided before the dice: skill, die, TN and the named modifiers.
pub struct Prepared {
    pub skill: String,
    pub die: TraitDie,
    pub tn: i64,
    pub mods: Vec<(String, i64)>,
    pub damage_bonus: Vec<(String, i64)>,
    pub melee: bool,
    /// A shotgun fired (SW-ATK-8): its damage by range band, bystanders on a 1 or 2.
    pub shotgun: bool,
    /// The damage text: `dmg=`, a shotgun's band, the weapon's, or Strength alone.
    pub damage: String,
    /// A pistol fired in melee: against Parry.
    pub against_parry: bool,
    /// Conditions this attack uses up: (on the target?, name).
    pub ends: Vec<(bool, String)>,
    /// Armor the damage ignores: `ap=`, else the weapon's (SW-DMG-1).
    pub ap: i64,
    /// The armor of an obstacle in the way (`obstacle=N`, SW-ATK-7), 0 when none.
    pub obstacle: i64,
}

impl Prepared {
    pub fn modifier(&self) -> i64 {
        self.mods.iter().map(|(_, m)| m).sum()
    }
}

/// Work out the roll without making it (also used for the odds shown before).
pub fn prepare(req: AttackRequest<'_, SavageState>) -> Result<Prepared, RulesError> {
    let f = crate::rules::request::FieldReader(req.fields);
    let weapon = req.weapon.map(|w| &w.stats);
    let skill = attack_skill(req, &f)?;
    only_where_the_seed_says(&f, &skill)?;
    let mut mods: Vec<(String, i64)> = Vec::new();
    let die = match f.value("die") {
        Some(d) => TraitDie::parse(d)
            .ok_or_else(|| RulesError::Invalid(format!("die={d}: expected d4 … d12+N")))?,
        None => match req.attacker.stats.die(&skill) {
            Some(d) => d,
            None => {
                mods.push(("unskilled".into(), UNTRAINED_PENALTY));
                UNTRAINED
            }
        },
    };
    // SW-ATK-1: Fighting against Parry; Shooting and Throwing against 4, with range; a pistol
    // fired in melee against Parry.
    let pistol_in_melee = weapon.is_some_and(|w| w.flag("pistol")) && f.flag("into_melee");
    let melee = skill == "fighting";
    let tn = target_number(req, &f, melee || pistol_in_melee)?;
    let mut tally = Modifiers { mods, damage_bonus: Vec::new(), ends: Vec::new() };
    // SW-ATK-8: a shotgun is +2 to Shooting.
    let shotgun = skill == "shooting" && weapon.is_some_and(|w| w.flag("shotgun"));
    if shotgun {
        tally.add("shotgun", tables::SHOTGUN_BONUS);
    }
    let called_bonus = situation_modifiers(req, &f, melee, &mut tally)?;
    attacker_modifiers(req, melee, &mut tally);
    if called_bonus != 0 {
        tally.damage_bonus.push(("called shot".into(), called_bonus));
    }
    // Legality before dice (issue 14 item 4): every value read after a roll is read here first.
    let damage = damage_text(req, &f, shotgun)?;
    check_damage(&damage).map_err(|e| match f.value("dmg") {
        Some(v) => RulesError::Invalid(format!("dmg={v}: {e}")),
        None => e,
    })?;
    typed(&f, "roll")?;
    typed(&f, "dmgroll")?;
    bennies::check(req, &f)?;
    Ok(Prepared {
        skill,
        die,
        tn,
        mods: tally.mods,
        damage_bonus: tally.damage_bonus,
        melee,
        shotgun,
        damage,
        against_parry: melee || pistol_in_melee,
        ends: tally.ends,
        ap: armor_piercing(req, &f)?,
        obstacle: int_within(&f, "obstacle", 0, MAX_FIELD)?.unwrap_or(0),
    })
}

/// `skill=`, else the weapon's, else Shooting for a ranged weapon and Fighting for the rest.
fn attack_skill(req: AttackRequest<'_, SavageState>, f: &Fields<'_>) -> Result<String, RulesError> {
    let weapon = req.weapon.map(|w| &w.stats);
    let ranged_weapon = weapon.is_some_and(|w| w.text("range").is_some() || w.flag("shotgun"));
    let skill = f
        .value("skill")
        .or_else(|| weapon.and_then(|w| w.text("skill")))
        .map(str::to_ascii_lowercase)
        .unwrap_or_else(|| if ranged_weapon { "shooting".into() } else { "fighting".into() });
    if !["fighting", "shooting", "throwing"].contains(&skill.as_str()) {
        return Err(RulesError::Invalid(format!(
            "skill={skill}: expected fighting, shooting or throwing"
        )));
    }
    Ok(skill)
}

/// The skill an attack rolls, once it is known: a weapon's, or the one `skill=` names.
pub fn known_skill(req: AttackRequest<'_, SavageState>) -> Option<String> {
    let f = FieldReader(req.fields);
    if req.weapon.is_none() && f.value("skill").is_none() {
        return None;
    }
    attack_skill(req, &f).ok()
}

/// The attack dialog's hint for its free field once the roll is known, naming only the options
/// for it: range for Shooting and Throwing (SW-ATK-1), ganging up for Fighting (SW-ATK-2).
pub fn hint(req: AttackRequest<'_, SavageState>) -> Option<String> {
    let skill = known_skill(req)?;
    let examples = [
        ("range", "range=medium"),
        ("called", "called=head"),
        ("cover", "cover=light"),
        ("dark", "dark=dim"),
        ("gang", "gang=N"),
        ("mod", "mod=N"),
    ];
    let shown: Vec<&str> = examples
        .iter()
        .filter(|(field, _)| tables::applies_to(field, &skill))
        .map(|(_, example)| *example)
        .collect();
    Some(format!("blank, or {} …", shown.join(" ")))
}

/// SW-ATK-1, SW-ATK-2: a modifier the rules give to some rolls only (a range band, ganging up,
/// aim …) is refused on any other, before a die is rolled.
fn only_where_the_seed_says(f: &Fields<'_>, skill: &str) -> Result<(), RulesError> {
    for (field, skills, rule) in tables::ONLY_FOR {
        let given = f.0.iter().any(|(k, v)| {
            k == field && !v.as_deref().is_some_and(|v| v.eq_ignore_ascii_case("off"))
        });
        if given && !skills.contains(&skill) {
            let names: Vec<String> = skills.iter().map(|s| capitalised(s)).collect();
            return Err(RulesError::Invalid(format!(
                "`{field}` is for {} rolls only ({rule}); this attack rolls {}",
                names.join(" and "),
                capitalised(skill)
            )));
        }
    }
    Ok(())
}

/// `fighting` → `Fighting`.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Faces typed for the field `key` (`roll`, `dmgroll`), if given.
pub(super) fn typed(f: &Fields<'_>, key: &str) -> Result<Option<ScriptedDice>, RulesError> {
    f.value(key)
        .map(|t| {
            ScriptedDice::parse(t)
                .map(|s| s.in_field(key))
                .map_err(|e| RulesError::Invalid(format!("{key}: {e}")))
        })
        .transpose()
}

/// The damage text: `dmg=`, else a shotgun's by range band (SW-ATK-8), else the weapon's, else
/// Strength alone.
fn damage_text(
    req: AttackRequest<'_, SavageState>,
    f: &Fields<'_>,
    shotgun: bool,
) -> Result<String, RulesError> {
    if let Some(dmg) = f.value("dmg") {
        return Ok(dmg.to_string());
    }
    if shotgun {
        // No band given is short range, as no range penalty is taken either.
        let band = word(f, "range", tables::shotgun_damage, RANGE_BANDS)?;
        return Ok(band.or(tables::shotgun_damage("short")).unwrap_or_default().to_string());
    }
    let weapon = req.weapon.map(|w| &w.stats);
    Ok(weapon.and_then(|w| w.text("dmg")).unwrap_or("str").to_string())
}

/// AP: `ap=`, else the weapon's; never below 0.
fn armor_piercing(req: AttackRequest<'_, SavageState>, f: &Fields<'_>) -> Result<i64, RulesError> {
    let weapon = req.weapon.map(|w| &w.stats);
    Ok(int_within(f, "ap", 0, MAX_FIELD)?
        .or_else(|| weapon.and_then(|w| w.int("ap")))
        .unwrap_or(0)
        .max(0))
}

/// Whether a roll lands: a success, or (SW-ATK-7) a miss only because of cover that strikes
/// the obstacle instead.
fn lands(p: &Prepared, roll: &TraitRoll) -> (bool, bool) {
    let cover: i64 = p.mods.iter().filter(|(why, _)| why.ends_with("cover")).map(|(_, m)| -m).sum();
    let through_obstacle =
        p.obstacle > 0 && !roll.critical_failure && roll.total < p.tn && roll.total + cover >= p.tn;
    ((roll.total >= p.tn && !roll.critical_failure) || through_obstacle, through_obstacle)
}

/// Resolve one Savage Worlds attack of one shot or blow, prepared (autofire is `autofire`'s),
/// with the effects of a benny spent on a reroll.
pub fn resolve(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    dice: &mut dyn DiceSource,
) -> Result<(AttackOutcome, Vec<Effect>), RulesError> {
    let f = crate::rules::request::FieldReader(req.fields);
    let wild = Savage::is_wild(req.attacker.stats);
    let mut typed_roll = typed(&f, "roll")?;
    let label = format!("{}'s {}", req.attacker.name, capitalised(&p.skill));
    let against = if p.against_parry { "Parry" } else { "TN" };
    let beat = Some(needs(p.tn, against, p.modifier() + p.die.bonus));
    let first = {
        let source: &mut dyn DiceSource = match typed_roll.as_mut() {
            Some(t) => t,
            None => dice,
        };
        asked_trait_roll(label, p.die, wild, p.modifier(), beat, source)?
    };
    let landed = lands(p, &first).0;
    let rerolled = bennies::reroll(req, p, first, landed, &mut typed_roll, dice)?;
    let roll = rerolled.kept;
    // SW-ATK-7: a shot that misses only because of the cover penalty, and would have hit
    // without it, strikes the obstacle instead; its armor (obstacle=N: +1 glass … +10 stone
    // wall) adds to the target's Toughness.
    let obstacle = p.obstacle;
    let (success, through_obstacle) = lands(p, &roll);
    let raises = if success { roll.raises(p.tn) } else { 0 };
    let mut out = AttackOutcome {
        summary: summary(req, p, &roll, success, raises),
        hit: success,
        cost: vec![("actions", 1)],
        ..AttackOutcome::default()
    };
    out.rolls.push(roll.record.clone());
    if let Some((other, note)) = rerolled.other {
        out.rolls.push(other);
        out.summary.push_str(&format!("; {note}"));
    }
    out.ends = p.ends.clone();
    // SW-ATK-3: a failed shot into melee whose skill die shows 1 (1 or 2 with autofire or a
    // shotgun) may hit a bystander.
    let stray = if f.int("autofire")?.is_some() || p.shotgun { 2 } else { 1 };
    if !success
        && !p.melee
        && f.flag("into_melee")
        && roll.trait_faces.first().is_some_and(|&face| face <= stray)
    {
        out.summary.push_str(&format!(
            "; the skill die shows {}: it may hit a random adjacent bystander",
            roll.trait_faces.first().copied().unwrap_or(1)
        ));
    }
    if f.flag("wild_attack") {
        // SW-ATK-2: its −2 Parry lasts until its next action, as its next turn begins.
        out.attacker_conditions
            .push(Inflicted::new("Wild-Attack", Source::Manual).until(Edge::Start));
    }
    if !success {
        return Ok((out, rerolled.spent));
    }
    land_damage(req, p, raises, through_obstacle.then_some(obstacle), &mut out, dice)?;
    Ok((out, rerolled.spent))
}

/// The attack line: who attacks whom with what, the roll against Parry or the TN with each
/// modifier named, and the verdict.
fn summary(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    roll: &TraitRoll,
    success: bool,
    raises: i64,
) -> String {
    let weapon_name = req.weapon.map_or(String::new(), |w| format!(" with {}", w.name));
    let mods = if p.mods.is_empty() {
        String::new()
    } else {
        let parts: Vec<String> = p.mods.iter().map(|(why, m)| format!("{m:+} {why}")).collect();
        format!(" ({})", parts.join(", "))
    };
    let verdict = match (roll.critical_failure, success, raises) {
        (true, _, _) => "CRITICAL FAILURE (snake eyes)".to_string(),
        (_, false, _) => "miss".to_string(),
        (_, true, 0) => "success".to_string(),
        (_, true, n) => format!("success with {n} raise(s)"),
    };
    let skill = capitalised(&p.skill);
    format!(
        "{} attacks {}{weapon_name}: {skill} {}{mods} vs {} {}: {}, {verdict}",
        req.attacker.name,
        req.target.name,
        p.die,
        if p.against_parry { "Parry" } else { "TN" },
        p.tn,
        roll.total
    )
}

/// SW-DMG-1: the damage of a hit, acing, with a d6 more on a raise (neither against an object,
/// SW-ATK-7), AP against armor, and an obstacle struck on the way adding its armor.
fn land_damage(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    raises: i64,
    obstacle: Option<i64>,
    out: &mut AttackOutcome,
    dice: &mut dyn DiceSource,
) -> Result<(), RulesError> {
    let f = crate::rules::request::FieldReader(req.fields);
    let damage_text = &p.damage;
    let strength = req.attacker.stats.die("strength").unwrap_or(UNTRAINED);
    let mut typed_damage = typed(&f, "dmgroll")?;
    let source: &mut dyn DiceSource = match typed_damage.as_mut() {
        Some(t) => t,
        None => dice,
    };
    // SW-ATK-7: damage to an object neither aces nor gains the raise die.
    let object = req.target.stats.flag("object");
    let ap = p.ap;
    let armor = req.target.stats.int_or("armor", 0);
    let pierced = ap.min(armor);
    let ask = damage_ask(req, p, raises > 0 && !object, pierced, obstacle);
    source.before_roll(&ask)?;
    let (mut total, mut faces) =
        roll_damage_asked(damage_text, strength, !object, source, Some(&ask))?;
    let mut expr = damage_text.clone();
    // SW-DMG-1: a raise on the attack adds a d6 that aces too.
    if raises > 0 && !object {
        if !faces.is_empty() {
            source.before_roll(&super::damage_dice::next_die(&ask, 6))?;
        }
        total += acing(6, source, &mut faces)?;
        expr.push_str("+d6 raise");
    }
    let bonus: i64 = p.damage_bonus.iter().map(|(_, b)| b).sum();
    total += bonus;
    if bonus != 0 {
        expr.push_str(&format!("{bonus:+}"));
    }
    let damage_roll = RollRecord { expr, dice: faces, total };
    if let Some(obstacle) = obstacle {
        out.summary.push_str(&format!("; through the obstacle: +{obstacle} Toughness"));
    }
    out.rolls.push(damage_roll.clone());
    out.hits.push(Hit {
        target: Who::TARGET,
        amount: total,
        roll: Some(damage_roll),
        nonlethal: f.flag("nonlethal"),
        location: f.value("called").map(str::to_string),
        armor_ignored: pierced,
        armor_added: obstacle.unwrap_or(0),
        ..Hit::default()
    });
    if pierced > 0 {
        out.summary.push_str(&format!("; AP {ap} ignores {pierced} armor"));
    }
    Ok(())
}

/// The damage roll as the GM is asked for it: `Aldric's damage: d8+d6 +d6 raise, needs
/// Toughness 7` (SW-DMG-1), its dice counted without aces.
pub(super) fn damage_ask(
    req: AttackRequest<'_, SavageState>,
    p: &Prepared,
    raise: bool,
    pierced: i64,
    obstacle: Option<i64>,
) -> RollAsk {
    let strength = req.attacker.stats.die("strength").unwrap_or(UNTRAINED);
    let mut spelled =
        super::damage_dice::with_strength(&p.damage, strength).unwrap_or_else(|| p.damage.clone());
    let mut count = super::damage_dice::dice_count(&p.damage);
    if raise {
        spelled.push_str(" +d6 raise");
        count = count.saturating_add(1);
    }
    // One die at a time (each may ace): the first, then each next die as its own question.
    if count > 1 {
        let first = spelled.split(['+', ' ']).find(|t| t.contains('d')).unwrap_or("d6");
        let first = first.trim_start_matches(|c: char| c.is_ascii_digit());
        spelled = format!("{first} (first of {spelled})");
        count = 1;
    }
    let toughness = super::wounds::toughness(req.target.stats)
        .saturating_add(obstacle.unwrap_or(0))
        .saturating_sub(pierced);
    RollAsk {
        label: format!("{}'s damage", req.attacker.name),
        dice: spelled,
        count,
        beat: Some(format!("Toughness {toughness}")),
    }
}

/// The exact odds of success and of a raise, before rolling.
pub fn odds(req: AttackRequest<'_, SavageState>) -> Result<String, RulesError> {
    let p = prepare(req)?;
    let wild = Savage::is_wild(req.attacker.stats);
    let need = p.tn - p.modifier() - p.die.bonus;
    let success = super::odds::trait_roll(p.die.sides, wild, need);
    let raise = super::odds::trait_roll(p.die.sides, wild, need + 4);
    Ok(format!(
        "{} {:+} vs {}: success {:.1}%, raise {:.1}%",
        p.die,
        p.modifier(),
        p.tn,
        success.percent(),
        raise.percent()
    ))
}
