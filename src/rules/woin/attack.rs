//! WOIN attacks: the pool and its named modifiers (WOIN-ATK-1..4, WOIN-CALL-1), the roll against
//! the target's effective DEFENSE (WOIN-ATK-5), critical hits (WOIN-CRIT-1..4), damage through SOAK
//! (WOIN-DMG-1, WOIN-DMG-2), grabs (WOIN-GRAB-1) and weapon traits (combust, Cortex emitter).
//! Dice are rolled in this order: the attack pool, the damage dice, each explosion as it arises,
//! then one d6 per damage type for the condition table. The pool's modifiers, the damage roll and
//! what a hit inflicts have their own modules.

use super::Woin;
use super::damage_roll::roll_damage;
use super::hit_effects;
use super::pool::{self, Pool};
pub use super::prepared::{Prepared, cover_dice, immune, overwatch_shots};
use super::prepared::{ask_d6s, roll_d6s};
use super::tables::WEAPON_FIELDS;
use crate::rules::conditions::{Condition, Level};
use crate::rules::dice::{DiceExpr, DiceSource, RollRecord, ScriptedDice};
use crate::rules::effect::{AttackOutcome, Hit, Who};
use crate::rules::request::{AttackRequest, DamageRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::signature::{ArgKind, FieldArg, field, number, switch};
use crate::rules::state::SystemEvent;
use crate::rules::typed::Rules;
use crate::rules::types::RulesError;
use crate::rules::woin::state::WoinState;

/// Every field `attack` takes under WOIN, each with its kind (WOIN-ATK-2's positional modifiers,
/// a grab and an overwatch shot are switches), besides the engine's `force`.
pub const ATTACK_FIELDS: &[FieldArg] = &[
    field("pool", ArgKind::Dice),
    field("dmg", ArgKind::Dice),
    field("type", ArgKind::Text),
    field("vs", ArgKind::Word("melee|ranged|mental|vital")),
    number("spend", 0, 20),
    number("luc", 0, 20),
    number("range", 0, 1000),
    switch("higher"),
    switch("cover"),
    number("pinned", 0, 20),
    number("crossfire", 0, 20),
    switch("flank"),
    switch("into_melee"),
    switch("dark"),
    switch("prone"),
    switch("aim"),
    field("called", ArgKind::Word("push|trip|disarm|slow|special")),
    switch("grab"),
    field("roll", ArgKind::Faces),
    field("dmgroll", ArgKind::Faces),
    switch("overwatch"),
    field("dart", ArgKind::Text),
    field("luck", ArgKind::Text),
];

/// Faces typed at the table (`roll=6,6,3`), checked against the number of d6 needed.
pub(super) fn typed_faces(text: &str, what: &str) -> Result<ScriptedDice, RulesError> {
    ScriptedDice::parse(text)
        .map(|s| s.in_field(what))
        .map_err(|e| RulesError::Invalid(format!("{what}: {e}")))
}

/// A creature's DEFENSE after its conditions (Slowed, Downed, Restrained).
pub fn effective_defense(
    stats: &crate::rules::stats::Stats,
    conditions: &[Condition],
    which: &str,
) -> i64 {
    let physical = which != "mental";
    let mut defense = stats.int_or(which, 10);
    for c in conditions {
        match (c.name.as_str(), c.level) {
            ("Slowed", Level::First) if physical => defense -= 4,
            ("Slowed", Level::Severe) | ("Restrained", Level::Severe) if physical => {
                defense = defense.min(10)
            }
            ("Downed", Level::Severe) => defense = defense.min(10),
            _ => {}
        }
    }
    defense.max(0)
}

/// Work out the pool and the DEFENSE without rolling (also used for the odds shown before).
pub fn prepare(req: AttackRequest<'_, WoinState>) -> Result<Prepared, RulesError> {
    let f = FieldReader(req.fields);
    let weapon = req.weapon.map(|w| &w.stats);
    let pool_expr = dice_field(&f, "pool", &pool_text(req, &f)?)?;
    let damage_text = f
        .value("dmg")
        .map(str::to_string)
        .or_else(|| weapon.and_then(|w| w.dice("dmg").map(str::to_string)))
        .unwrap_or_else(|| "1d6".into());
    let damage_expr = dice_field(&f, "dmg", &damage_text)?;
    let named: Vec<String> = match f.value("type") {
        Some(t) => t.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect(),
        None => weapon.map(|w| w.list("type").to_vec()).unwrap_or_default(),
    };
    // WOIN-TYPE-1: canonical names only; an unknown one is refused.
    let types = named
        .iter()
        .map(|t| super::tables::damage_type(t).map(str::to_string))
        .collect::<Result<Vec<_>, _>>()?;
    let traits: Vec<String> = weapon.map(|w| w.list("traits").to_vec()).unwrap_or_default();
    let dart = super::hit_effects::check(req, &f, &traits)?;
    super::luc::check(req)?;
    // Legality before dice (issue 14 item 4): faces typed for a later roll are read now too.
    for key in ["roll", "dmgroll"] {
        f.value(key).map(|t| typed_faces(t, key)).transpose()?;
    }
    let ranged =
        weapon.is_some_and(|w| w.flag("ranged")) && !weapon.is_some_and(|w| w.flag("melee"));
    let called = called_shot(&f)?;
    let vs = defense_against(req, &f, called.is_some(), ranged)?;
    // Positional dice follow the kind of attack: a weapon fired, or one aimed at RANGED.
    let ranged = ranged || vs == "ranged";
    let Pool { dice: pool, parts, spend, luc } =
        pool::form(req, &f, pool_expr.dice_count(), called.as_deref(), ranged)?;
    let defense = effective_defense(req.target.stats, req.target.conditions, &vs);
    let crit_sixes = if option(&Woin, req.options, "deadlier_crits") == "on" { 2 } else { 3 };
    Ok(Prepared {
        base: pool_expr.dice_count(),
        pool,
        parts,
        damage: damage_expr,
        types,
        traits,
        ranged,
        called,
        vs,
        defense,
        crit_sixes,
        spend,
        luc,
        dart,
    })
}

/// Dice from `key=` or the weapon: a bad `key=` is refused under its own name (`pool=zz: …`).
fn dice_field(f: &FieldReader<'_>, key: &str, text: &str) -> Result<DiceExpr, RulesError> {
    DiceExpr::parse(text).map_err(|e| match f.value(key) {
        Some(v) => RulesError::Invalid(format!("{key}={v}: {e}")),
        None => e.into(),
    })
}

/// The pool's dice: `pool=`, else the weapon's.
fn pool_text(req: AttackRequest<'_, WoinState>, f: &FieldReader<'_>) -> Result<String, RulesError> {
    let weapon = req.weapon.map(|w| &w.stats);
    f.value("pool").map(str::to_string).or_else(|| weapon.and_then(|w| w.dice("pool").map(str::to_string))).ok_or_else(|| {
        RulesError::Invalid(format!(
            "{} has no weapon to attack with: give one (weapon {} NAME pool=4d6 dmg=1d6+2 …) or pool=Nd6",
            req.attacker.name, req.attacker.name
        ))
    })
}

/// `called=`, checked against the called shots WOIN knows (WOIN-CALL-1).
fn called_shot(f: &FieldReader<'_>) -> Result<Option<String>, RulesError> {
    let called = f.value("called").map(str::to_ascii_lowercase);
    if let Some(c) = &called
        && !["push", "trip", "disarm", "slow", "special"].contains(&c.as_str())
    {
        return Err(RulesError::Invalid(format!(
            "called={c}: expected push, trip, disarm, slow or special"
        )));
    }
    Ok(called)
}

/// Which DEFENSE the attack is against: VITAL for a called shot, else `vs=`, else the weapon's,
/// else RANGED for a ranged weapon and MELEE for the rest.
fn defense_against(
    req: AttackRequest<'_, WoinState>,
    f: &FieldReader<'_>,
    called: bool,
    ranged: bool,
) -> Result<String, RulesError> {
    const DEFENSES: [&str; 4] = ["melee", "ranged", "mental", "vital"];
    let weapon = req.weapon.map(|w| &w.stats);
    // `vs=` is checked even where a called shot overrides it, so a bad one is never ignored.
    if let Some(v) = f.value("vs")
        && !DEFENSES.contains(&v.to_ascii_lowercase().as_str())
    {
        return Err(RulesError::Invalid(format!(
            "vs={v}: expected melee, ranged, mental or vital"
        )));
    }
    let vs = match (called, f.value("vs"), weapon.and_then(|w| w.text("vs"))) {
        (true, _, _) => "vital".to_string(),
        (false, Some(v), _) | (false, None, Some(v)) => v.to_ascii_lowercase(),
        (false, None, None) if ranged => "ranged".to_string(),
        _ => "melee".to_string(),
    };
    if !DEFENSES.contains(&vs.as_str()) {
        return Err(RulesError::Invalid(format!(
            "vs={vs}: expected melee, ranged, mental or vital"
        )));
    }
    Ok(vs)
}

/// Every face typed in `dmgroll=`, and how many of them the attack's own rolls used.
pub type TypedLeft = (Vec<u32>, usize);

/// Resolve one WOIN attack. `dmgroll=` types every face after the attack roll, in the order the
/// dialog names them: the damage dice, a critical's explosions, its condition-table d6s, then
/// Pain's d6 (rolled by the engine after the cost): the faces the attack leaves for it come back
/// with the outcome.
pub fn resolve(
    req: AttackRequest<'_, WoinState>,
    dice: &mut dyn DiceSource,
) -> Result<(AttackOutcome, Option<TypedLeft>), RulesError> {
    let f = FieldReader(req.fields);
    let p = prepare(req)?;
    super::restrictions::check_attack(req, p.ranged, &p.traits)?;
    let sixes =
        if p.crit_sixes == 1 { "a six".to_string() } else { format!("{} sixes", p.crit_sixes) };
    let beat = format!("{} or more ({} DEFENSE), or {sixes}", p.defense, p.vs.to_uppercase());
    let label = format!("{}'s attack", req.attacker.name);
    let attack_roll = roll_attack(&f, p.pool, (label, beat), dice)?;
    let verdict = judge(req, &p, &attack_roll);
    let (hit, critical) = (verdict.hit, verdict.critical);
    let mut out = outcome(req, &p, verdict);
    out.rolls.push(attack_roll);
    let mut typed = f.value("dmgroll").map(|t| typed_faces(t, "dmgroll")).transpose()?;
    let left = |t: &Option<ScriptedDice>| t.as_ref().map(|t| (t.faces().to_vec(), t.used()));
    if !hit {
        return Ok((out, left(&typed)));
    }
    let source: &mut dyn DiceSource = match typed.as_mut() {
        Some(t) => t,
        None => dice,
    };
    let damage_roll = roll_damage(req, &p, critical, source)?;
    let loss = land_damage(req, &p.types, damage_roll, &mut out)?;
    hit_effects::inflict(req, &p, critical, loss, &mut out, source)?;

    super::restrictions::knocked_prone(req, &mut out);
    // Conditions it is immune to never land, whatever brought them.
    out.conditions.retain(|c| !immune(req.target.stats, &c.name));
    Ok((out, left(&typed)))
}

/// The outcome as the attack roll leaves it: the summary, the LUC spent and the actions paid.
fn outcome(req: AttackRequest<'_, WoinState>, p: &Prepared, verdict: Verdict) -> AttackOutcome {
    AttackOutcome {
        summary: verdict.summary,
        hit: verdict.hit,
        critical: verdict.critical,
        after: if p.luc > 0 {
            vec![
                super::state::WoinEvent::LucSpent {
                    id: req.attacker_id.to_string(),
                    amount: p.luc,
                    reaction: false,
                }
                .wrap(),
            ]
        } else {
            Vec::new()
        },
        // An overwatch shot was paid for by the overwatch action.
        cost: match (overwatch_shots(req), &p.called) {
            (Some(_), _) => Vec::new(),
            (None, Some(_)) => vec![("actions", 2)],
            (None, None) => vec![("actions", 1)],
        },
        ..AttackOutcome::default()
    }
}

/// WOIN-ATK-5: roll the pool, from `roll=` faces when typed (exactly one per die), else from
/// `dice`.
fn roll_attack(
    f: &FieldReader<'_>,
    pool: i64,
    (label, beat): (String, String),
    dice: &mut dyn DiceSource,
) -> Result<RollRecord, RulesError> {
    let mut typed_roll = f.value("roll").map(|t| typed_faces(t, "roll")).transpose()?;
    if let Some(t) = &typed_roll
        && i64::try_from(t.remaining()).ok() != Some(pool)
    {
        return Err(RulesError::Invalid(format!(
            "roll= gave {} faces for a pool of {pool}d6",
            t.remaining()
        )));
    }
    let source: &mut dyn DiceSource = match typed_roll.as_mut() {
        Some(t) => t,
        None => dice,
    };
    ask_d6s(label, pool, Some(beat), source)?;
    let faces = roll_d6s(pool, source)?;
    let total: i64 = faces.iter().map(|d| i64::from(d.face)).sum();
    Ok(RollRecord { expr: format!("{pool}d6"), dice: faces, total })
}

/// Whether the attack hits and is critical, and the line that says so.
struct Verdict {
    hit: bool,
    critical: bool,
    summary: String,
}

/// WOIN-ATK-5: the roll's sum against the effective DEFENSE, and the summary naming each
/// modifier of the pool.
fn judge(req: AttackRequest<'_, WoinState>, p: &Prepared, attack_roll: &RollRecord) -> Verdict {
    let (total, defense) = (attack_roll.total, p.defense);
    let sixes = u32::try_from(attack_roll.count_faces(6)).unwrap_or(u32::MAX);
    // WOIN-CRIT-1, WOIN-CRIT-4: three sixes (two with deadlier crits) always hit, unless the target
    // is immune to every damage type of the attack.
    let needed = p.crit_sixes;
    let all_immune = !p.types.is_empty() && p.types.iter().all(|t| immune(req.target.stats, t));
    let rolled_crit = sixes >= needed && !all_immune;
    let hit = total >= defense || rolled_crit;
    let cursed =
        req.target.conditions.iter().any(|c| c.name == "Cursed" && c.level == Level::Severe);
    let critical = hit && (rolled_crit || (cursed && !all_immune));
    let margin = total - defense;
    let weapon_name = req.weapon.map_or(String::new(), |w| format!(" with {}", w.name));
    let modifiers =
        if p.parts.is_empty() { String::new() } else { format!(" ({})", p.parts.join(", ")) };
    let verdict = match (hit, critical) {
        (true, true) if total < defense => {
            format!("CRITICAL HIT on {sixes} sixes (total missed by {})", -margin)
        }
        (true, true) => format!("CRITICAL HIT by {margin}"),
        (true, false) => format!("hit by {margin}"),
        (false, _) => format!("miss by {}", -margin),
    };
    let summary = format!(
        "{} attacks {}{weapon_name}: pool {}d6{modifiers} vs {} {defense}: {verdict}",
        req.attacker.name,
        req.target.name,
        p.base,
        p.vs.to_uppercase()
    );
    Verdict { hit, critical, summary }
}

/// The hit's damage, of the first type the target is not immune to (it is stopped only when the
/// target is immune to every type). Returns the health it will take off, which a special called
/// shot is judged by; the engine lands it.
fn land_damage(
    req: AttackRequest<'_, WoinState>,
    types: &[String],
    damage_roll: RollRecord,
    out: &mut AttackOutcome,
) -> Result<i64, RulesError> {
    let damage_total = damage_roll.total;
    let kind =
        types.iter().find(|t| !immune(req.target.stats, t)).or(types.first()).map(String::as_str);
    let expected = Woin.damage(DamageRequest {
        stats: req.target.stats,
        health: req.target.health,
        conditions: req.target.conditions,
        amount: damage_total,
        roll: Some(&damage_roll),
        kind,
        armor_ignored: 0,
        armor_added: 0,
        parts: &[],
        location: None,
        id: req.target_id,
        state: req.state,
        options: req.options,
    })?;
    out.rolls.push(damage_roll.clone());
    out.hits.push(Hit {
        target: Who::TARGET,
        amount: damage_total,
        roll: Some(damage_roll),
        kind: kind.map(str::to_string),
        ..Hit::default()
    });
    Ok(expected.loss)
}

/// The weapon fields, for the ruleset.
pub fn weapon_fields() -> &'static [crate::rules::stats::FieldSpec] {
    WEAPON_FIELDS
}

/// WOIN-OVER-1: an overwatch shot needs overwatch, a target without cover, a new target this
/// turn, and no more targets than INTUITION. Checked before any die is rolled.
pub fn check_overwatch(req: AttackRequest<'_, WoinState>) -> Result<Vec<SystemEvent>, RulesError> {
    if !FieldReader(req.fields).flag("overwatch") {
        return Ok(Vec::new());
    }
    let woin = req.state;
    let (shooter, target) = (req.attacker.name, req.target.name);
    let Some(watch) = woin.overwatch.iter().find(|o| o.id == req.attacker_id) else {
        return Err(RulesError::Invalid(format!(
            "{shooter} is not on overwatch (`do {shooter} overwatch` first)"
        )));
    };
    if cover_dice(req) > 0 {
        return Err(RulesError::Invalid(format!(
            "{target} is covered by suppressive fire: overwatch cannot fire on it"
        )));
    }
    if watch.this_turn.iter().any(|t| t == req.target_id) {
        return Err(RulesError::Invalid(format!(
            "overwatch has already fired on {target} this turn"
        )));
    }
    let intuition = usize::try_from(req.attacker.stats.int_or("intuition", 3).max(1)).unwrap_or(1);
    if watch.shots >= intuition {
        return Err(RulesError::Invalid(format!(
            "overwatch is spent: {} targets, its INTUITION",
            watch.shots
        )));
    }
    Ok(vec![
        super::state::WoinEvent::OverwatchShot {
            shooter: req.attacker_id.to_string(),
            target: req.target_id.to_string(),
        }
        .wrap(),
    ])
}
