//! WOIN attacks: the pool and its named modifiers (WOIN-ATK-1..4, WOIN-CALL-1), the roll against
//! the target's effective DEFENSE (WOIN-ATK-5), critical hits (WOIN-CRIT-1..4), damage through SOAK
//! (WOIN-DMG-1, WOIN-DMG-2), grabs (WOIN-GRAB-1) and weapon traits (combust, Cortex emitter).
//! Dice are rolled in this order: the attack pool, the damage dice, each explosion as it arises,
//! then one d6 per damage type for the condition table.

use super::Woin;
use super::tables::{WEAPON_FIELDS, crit_row};
use crate::rules::conditions::{Condition, Level, Source};
use crate::rules::dice::{DiceExpr, DiceSource, DieRoll, RollRecord, ScriptedDice};
use crate::rules::state::SystemEvent;
use crate::rules::system::{
    AttackOutcome, AttackRequest, DamageRequest, FieldReader, Hit, Inflicted, RulesError, Ruleset,
    Who, option,
};

/// Fields `attack` takes under WOIN.
pub const ATTACK_FIELDS: &[&str] = &[
    "pool",
    "dmg",
    "type",
    "vs",
    "spend",
    "luc",
    "range",
    "higher",
    "cover",
    "pinned",
    "crossfire",
    "flank",
    "into_melee",
    "dark",
    "prone",
    "aim",
    "called",
    "grab",
    "roll",
    "dmgroll",
    "force",
    "overwatch",
    "dart",
];

/// Explosions stop after this many extra dice, so a rigged script cannot loop forever.
const MAX_EXPLOSIONS: usize = 100;
/// Range increments beyond which no attack is possible (WOIN-ATK-2).
const MAX_INCREMENTS: i64 = 5;

/// Faces typed at the table (`roll=6,6,3`), checked against the number of d6 needed.
fn typed_faces(text: &str, what: &str) -> Result<ScriptedDice, RulesError> {
    ScriptedDice::parse(text).map_err(|e| RulesError::Invalid(format!("{what}: {e}")))
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

pub fn immune(stats: &crate::rules::stats::Stats, what: &str) -> bool {
    stats.list("immune").iter().any(|i| i.eq_ignore_ascii_case(what))
}

/// Roll `count` d6 from `dice` as one record.
fn roll_d6s(count: i64, dice: &mut dyn DiceSource) -> Result<Vec<DieRoll>, RulesError> {
    (0..count.max(0))
        .map(|_| Ok(DieRoll { sides: 6, face: dice.roll(6)?, kept: true, exploded: false }))
        .collect()
}

/// An attack worked out up to the roll: the pool with its modifiers, and what it is against.
pub struct Prepared {
    pub base: u32,
    pub pool: i64,
    pub parts: Vec<String>,
    pub damage: DiceExpr,
    pub types: Vec<String>,
    pub traits: Vec<String>,
    pub ranged: bool,
    pub called: Option<String>,
    pub vs: String,
    pub defense: i64,
    /// Sixes needed for a critical (WOIN-CRIT-1, WOIN-CRIT-4).
    pub crit_sixes: u32,
    pub spend: i64,
    pub luc: i64,
}

/// Work out the pool and the DEFENSE without rolling (also used for the odds shown before).
pub fn prepare(req: AttackRequest<'_>) -> Result<Prepared, RulesError> {
    let f = FieldReader(req.fields);
    if let Some((unknown, _)) =
        req.fields.iter().find(|(k, _)| !ATTACK_FIELDS.contains(&k.as_str()))
    {
        return Err(RulesError::Invalid(format!(
            "unknown attack option '{unknown}'; WOIN attacks take: {}",
            ATTACK_FIELDS.join(", ")
        )));
    }
    let weapon = req.weapon.map(|w| &w.stats);
    let from_weapon = |key: &str| weapon.and_then(|w| w.dice(key).map(str::to_string));
    let pool_text = f.value("pool").map(str::to_string).or_else(|| from_weapon("pool")).ok_or_else(|| {
        RulesError::Invalid(format!(
            "{} has no weapon to attack with: give one (weapon {} NAME pool=4d6 dmg=1d6+2 …) or pool=Nd6",
            req.attacker.name, req.attacker.name
        ))
    })?;
    let pool_expr = DiceExpr::parse(&pool_text)?;
    let damage_text = f
        .value("dmg")
        .map(str::to_string)
        .or_else(|| from_weapon("dmg"))
        .unwrap_or_else(|| "1d6".into());
    let damage_expr = DiceExpr::parse(&damage_text)?;
    let types: Vec<String> = match f.value("type") {
        Some(t) => {
            t.split(',').map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty()).collect()
        }
        None => weapon.map(|w| w.list("type").to_vec()).unwrap_or_default(),
    };
    let traits: Vec<String> = weapon.map(|w| w.list("traits").to_vec()).unwrap_or_default();
    let ranged =
        weapon.is_some_and(|w| w.flag("ranged")) && !weapon.is_some_and(|w| w.flag("melee"));
    let called = f.value("called").map(str::to_ascii_lowercase);
    if let Some(c) = &called
        && !["push", "trip", "disarm", "slow", "special"].contains(&c.as_str())
    {
        return Err(RulesError::Invalid(format!(
            "called={c}: expected push, trip, disarm, slow or special"
        )));
    }
    let vs = match (&called, f.value("vs"), weapon.and_then(|w| w.text("vs"))) {
        (Some(_), _, _) => "vital".to_string(),
        (None, Some(v), _) | (None, None, Some(v)) => v.to_ascii_lowercase(),
        (None, None, None) if ranged => "ranged".to_string(),
        _ => "melee".to_string(),
    };
    if !["melee", "ranged", "mental", "vital"].contains(&vs.as_str()) {
        return Err(RulesError::Invalid(format!(
            "vs={vs}: expected melee, ranged, mental or vital"
        )));
    }
    // Positional dice follow the kind of attack: a weapon fired, or one aimed at RANGED.
    let ranged = ranged || vs == "ranged";

    // WOIN-ATK-1: the pool, capped at the attacker's max dice pool.
    let mut parts: Vec<String> = Vec::new();
    let mut pool = i64::from(pool_expr.dice_count());
    if let Some(cap) = req.attacker.stats.int("max_pool")
        && pool > cap
    {
        parts.push(format!("capped at {cap}d6"));
        pool = cap;
    }
    let mut add = |dice: i64, why: &str, pool: &mut i64| {
        if dice != 0 {
            *pool += dice;
            parts.push(format!("{}{}d6 {why}", if dice > 0 { "+" } else { "−" }, dice.abs()));
        }
    };
    // WOIN-ATK-3: extra damage dice, paid for from the pool.
    let spend = f.int_in("spend", 0, 20)?;
    let cost: i64 = option(&Woin, req.options, "damage_die_cost").parse().unwrap_or(2);
    add(-spend * cost, &format!("for {spend} damage dice"), &mut pool);
    // WOIN-CALL-1: a called shot costs 2d6 and two actions; a push or trip costs 1d6 more per
    // size category the target is larger, and 1d6 more for more than two legs or none.
    if matches!(called.as_deref(), Some("push" | "trip")) {
        let larger = size_rank(req.target.stats) - size_rank(req.attacker.stats);
        add(-larger.max(0), "target larger", &mut pool);
        let legs = req.target.stats.int_or("legs", 2);
        if legs != 2 {
            add(-1, "not two legs", &mut pool);
        }
    }
    if called.is_some() {
        add(-2, "called shot", &mut pool);
    }
    // WOIN-ATK-2: position.
    let increments = f.int_in("range", 0, 1000)?;
    if increments > MAX_INCREMENTS {
        return Err(RulesError::Invalid(format!(
            "range={increments}: out of range (at most {MAX_INCREMENTS} increments)"
        )));
    }
    add(-(increments - 1).max(0), "range", &mut pool);
    if f.flag("higher") {
        add(1, "higher ground", &mut pool);
    }
    if f.flag("cover") {
        add(-2, "cover", &mut pool);
    }
    if ranged {
        add(f.int_in("pinned", 0, 20)?, "pinned down", &mut pool);
        add(f.int_in("crossfire", 0, 20)?.min(3), "crossfire", &mut pool);
    }
    if f.flag("flank") && !ranged {
        add(1, "flank", &mut pool);
    }
    if f.flag("into_melee") {
        add(-2, "into melee", &mut pool);
    }
    if f.flag("dark") {
        add(-2, "darkness", &mut pool);
    }
    let target_prone = f.flag("prone")
        || req.target.conditions.iter().any(|c| c.name == "Prone" || c.name == "Downed");
    if target_prone {
        if ranged { add(-1, "prone target", &mut pool) } else { add(2, "prone target", &mut pool) }
    }
    let woin = super::state::of(req.state);
    if f.flag("aim") || (req.on_turn && woin.aimed.iter().any(|a| a == req.attacker_id)) {
        add(1, "aim or feint", &mut pool);
    }
    // WOIN-SUPP-1: an ally under suppressive fire counts as in cover.
    add(-cover_dice(req), "suppressive fire cover", &mut pool);
    // WOIN-OVER-1: each overwatch target after the first, −1d6 (Reading: flat, not cumulative).
    if overwatch_shots(req).is_some_and(|fired| fired > 0) {
        add(-1, "overwatch, not the first target", &mut pool);
    }
    // WOIN-ATK-4: LUC dice go on after the pool is formed.
    let luc = f.int_in("luc", 0, 20)?;
    if luc > 0 {
        if req.attacker.conditions.iter().any(|c| c.name == "Cursed") {
            return Err(RulesError::Invalid(format!(
                "{} is Cursed and may not spend LUC",
                req.attacker.name
            )));
        }
        let has = req.attacker.stats.int_or("luc", 0);
        if has < luc {
            return Err(RulesError::Invalid(format!(
                "{} has {has} LUC dice, not {luc}",
                req.attacker.name
            )));
        }
        add(luc, "LUC", &mut pool);
    }
    if pool < 1 {
        return Err(RulesError::Invalid(format!(
            "the pool is down to {pool}d6 ({}); buy fewer damage dice or drop a penalty",
            parts.join(", ")
        )));
    }
    let pool = pool.clamp(0, 100);
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
    })
}

/// Resolve one WOIN attack.
pub fn resolve(
    req: AttackRequest<'_>,
    dice: &mut dyn DiceSource,
) -> Result<AttackOutcome, RulesError> {
    let f = FieldReader(req.fields);
    let weapon = req.weapon.map(|w| &w.stats);
    let Prepared {
        base,
        pool,
        parts,
        damage: damage_expr,
        types,
        traits,
        ranged: _,
        called,
        vs,
        defense,
        crit_sixes,
        spend,
        luc,
    } = prepare(req)?;

    // WOIN-ATK-5: roll and sum against the effective DEFENSE.
    let mut typed_roll = f.value("roll").map(|t| typed_faces(t, "roll")).transpose()?;
    if let Some(t) = &typed_roll
        && t.remaining() as i64 != pool
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
    let faces = roll_d6s(pool, source)?;
    let total: i64 = faces.iter().map(|d| i64::from(d.face)).sum();
    let attack_roll = RollRecord { expr: format!("{pool}d6"), dice: faces, total };
    let sixes = attack_roll.count_faces(6) as u32;
    // WOIN-CRIT-1, WOIN-CRIT-4: three sixes (two with deadlier crits) always hit, unless the target
    // is immune to every damage type of the attack.
    let needed = crit_sixes;
    let all_immune = !types.is_empty() && types.iter().all(|t| immune(req.target.stats, t));
    let rolled_crit = sixes >= needed && !all_immune;
    let hit = total >= defense || rolled_crit;
    let cursed =
        req.target.conditions.iter().any(|c| c.name == "Cursed" && c.level == Level::Severe);
    let critical = hit && (rolled_crit || (cursed && !all_immune));
    let margin = total - defense;
    let weapon_name = req.weapon.map_or(String::new(), |w| format!(" with {}", w.name));
    let modifiers =
        if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) };
    let verdict = match (hit, critical) {
        (true, true) if total < defense => {
            format!("CRITICAL HIT on {sixes} sixes (total missed by {})", -margin)
        }
        (true, true) => format!("CRITICAL HIT by {margin}"),
        (true, false) => format!("hit by {margin}"),
        (false, _) => format!("miss by {}", -margin),
    };
    let mut out = AttackOutcome {
        summary: format!(
            "{} attacks {}{weapon_name}: pool {}d6{modifiers} vs {} {defense}: {verdict}",
            req.attacker.name,
            req.target.name,
            base,
            vs.to_uppercase()
        ),
        hit,
        critical,
        after: if luc > 0 {
            vec![
                super::state::WoinEvent::LucSpent {
                    id: req.attacker_id.to_string(),
                    amount: luc,
                    reaction: false,
                }
                .wrap(),
            ]
        } else {
            Vec::new()
        },
        // An overwatch shot was paid for by the overwatch action.
        cost: match (overwatch_shots(req), &called) {
            (Some(_), _) => Vec::new(),
            (None, Some(_)) => vec![("actions", 2)],
            (None, None) => vec![("actions", 1)],
        },
        ..AttackOutcome::default()
    };
    out.rolls.push(attack_roll);
    if !hit {
        return Ok(out);
    }

    // WOIN-DMG-1, WOIN-ATK-3, WOIN-CRIT-2: damage dice plus bought dice; on a crit every 6 adds
    // another d6, repeating.
    let mut typed_damage = f.value("dmgroll").map(|t| typed_faces(t, "dmgroll")).transpose()?;
    let source: &mut dyn DiceSource = match typed_damage.as_mut() {
        Some(t) => t,
        None => dice,
    };
    let base = damage_expr.roll(source)?;
    let mut damage_dice = base.dice.clone();
    damage_dice.extend(roll_d6s(spend, source)?);
    let mut damage_total =
        base.total + damage_dice[base.dice.len()..].iter().map(|d| i64::from(d.face)).sum::<i64>();
    if critical {
        // Rolled after all the damage dice, in order; recorded right after the die that set
        // each chain off, so the log shows which six exploded.
        let mut chained = Vec::with_capacity(damage_dice.len() + 4);
        let mut added = 0;
        for die in damage_dice {
            let mut last = die.face;
            chained.push(die);
            while die.sides == 6 && last == 6 && added < MAX_EXPLOSIONS {
                added += 1;
                last = source.roll(6)?;
                damage_total += i64::from(last);
                chained.push(DieRoll { sides: 6, face: last, kept: true, exploded: true });
            }
        }
        damage_dice = chained;
    }
    if let Some(t) = &typed_damage
        && t.remaining() > 0
    {
        return Err(RulesError::Invalid(format!(
            "dmgroll= gave {} faces more than the damage needs",
            t.remaining()
        )));
    }
    let mut expr = base.expr.clone();
    if spend > 0 {
        expr.push_str(&format!("+{spend}d6"));
    }
    if critical {
        expr.push_str(" exploding");
    }
    let damage_roll = RollRecord { expr, dice: damage_dice, total: damage_total };
    // Damage is stopped only when the target is immune to every type the attack carries.
    let kind =
        types.iter().find(|t| !immune(req.target.stats, t)).or(types.first()).map(String::as_str);
    // What the hit will do, for the called shot's verdict below; the engine lands it.
    let expected = Woin.damage(DamageRequest {
        stats: req.target.stats,
        health: req.target.health,
        conditions: req.target.conditions,
        amount: damage_total,
        roll: Some(&damage_roll),
        kind,
        armor_ignored: 0,
        armor_added: 0,
    })?;
    out.rolls.push(damage_roll.clone());
    out.hits.push(Hit {
        target: Who::TARGET,
        amount: damage_total,
        roll: Some(damage_roll),
        kind: kind.map(str::to_string),
        ..Hit::default()
    });

    // WOIN-CRIT-3: one d6 per damage type on the condition table (simple mode: the first column).
    if critical {
        let simple = option(&Woin, req.options, "simple_crits") == "on";
        for kind in &types {
            if immune(req.target.stats, kind) {
                continue;
            }
            let Some(row) = crit_row(kind) else { continue };
            let face = if simple { 1 } else { dice.roll(6)? };
            let condition = row[face as usize - 1];
            if !simple {
                let roll = RollRecord {
                    expr: format!("d6 ({kind})"),
                    dice: vec![DieRoll { sides: 6, face, kept: true, exploded: false }],
                    total: i64::from(face),
                };
                out.rolls.push(roll.clone());
                out.table.push(("critical hit: condition table".to_string(), roll));
            }
            if !immune(req.target.stats, condition) {
                out.conditions.push(Inflicted::new(condition, Source::Crit));
            }
        }
    }
    // Weapon traits (seed 000): combust sets a crit's target severely on fire; the Cortex emitter
    // poisons and sickens on a hit, severely on a crit.
    let has_trait = |t: &str| traits.iter().any(|x| x == t);
    // Both need a 6 to shake off when severe, whatever the option (WOIN-COND-4).
    let weapon_condition =
        |name: &str| Inflicted { name: name.to_string(), source: Source::Exploit, needs_six: true };
    if critical && has_trait("combust") && !immune(req.target.stats, "burning") {
        out.conditions.extend([weapon_condition("Burning"), weapon_condition("Burning")]);
    }
    if has_trait("cortex") {
        let times = if critical { 2 } else { 1 };
        for name in ["Poisoned", "Sick"] {
            if !immune(req.target.stats, &name.to_ascii_lowercase()) {
                out.conditions.extend(std::iter::repeat_n(weapon_condition(name), times));
            }
        }
    }
    // Dartgun darts (seed 000): the dart loaded decides the condition a hit inflicts.
    if let Some(dart) = f.value("dart") {
        if !has_trait("dart") {
            return Err(RulesError::Invalid("dart= needs a weapon with traits=dart".into()));
        }
        let conditions: &[&str] = match dart.to_ascii_lowercase().as_str() {
            "sleeping" => &["Sleeping"],
            "deep_sleep" | "sleeping_severe" => &["Sleeping", "Sleeping"],
            "sick" => &["Sick"],
            "restrained" => &["Restrained"],
            "pain" => &["Pain"],
            "confused" => &["Confused"],
            other => {
                return Err(RulesError::Invalid(format!(
                    "dart={other}: expected sleeping, deep_sleep, sick, restrained, pain or confused"
                )));
            }
        };
        out.conditions.extend(
            conditions
                .iter()
                .filter(|c| !immune(req.target.stats, c))
                .map(|c| Inflicted::new(c, Source::Exploit)),
        );
    }
    // WOIN-CALL-1 and WOIN-GRAB-1: what a called shot or a grab does on a hit.
    match called.as_deref() {
        Some("trip") => out.conditions.push(Inflicted::new("Prone", Source::Exploit)),
        Some("disarm") => out.conditions.push(Inflicted::new("Disarmed", Source::Exploit)),
        Some("slow") => out.conditions.push(Inflicted::new("Slowed", Source::Exploit)),
        Some("push") => out.summary.push_str("; pushed one square"),
        Some("special") => {
            let quarter = req.target.health.max.saturating_add(3) / 4;
            let done = expected.loss;
            out.summary.push_str(if done >= quarter {
                "; the stat block's called-shot effect applies (25% of HEALTH reached)"
            } else {
                "; too little damage for the stat block's called-shot effect (needs 25% of HEALTH)"
            });
        }
        _ => {}
    }
    if f.flag("grab") {
        if !(has_trait("unarmed") || weapon.is_none()) {
            return Err(RulesError::Invalid("only an unarmed attack can grab".into()));
        }
        out.conditions.push(Inflicted::new("Restrained", Source::Exploit));
    }
    // Conditions it is immune to never land, whatever brought them.
    out.conditions.retain(|c| !immune(req.target.stats, &c.name));
    Ok(out)
}

/// The weapon fields, for the ruleset.
pub fn weapon_fields() -> &'static [crate::rules::stats::FieldSpec] {
    WEAPON_FIELDS
}

/// Size categories in order; medium is the usual.
const SIZES: &[&str] = &["tiny", "small", "medium", "large", "enormous", "gigantic", "colossal"];

fn size_rank(stats: &crate::rules::stats::Stats) -> i64 {
    let size = stats.text("size").unwrap_or("medium").to_ascii_lowercase();
    SIZES.iter().position(|s| *s == size).unwrap_or(2) as i64
}

/// Dice of cover the target has from an ally's suppressive fire (WOIN-SUPP-1).
pub fn cover_dice(req: AttackRequest<'_>) -> i64 {
    let woin = super::state::of(req.state);
    woin.suppressed.iter().filter(|s| s.ally == req.target_id).map(|s| s.dice).max().unwrap_or(0)
}

/// An overwatch shot, with how many targets this overwatch has already fired on (WOIN-OVER-1).
pub fn overwatch_shots(req: AttackRequest<'_>) -> Option<usize> {
    let woin = super::state::of(req.state);
    FieldReader(req.fields)
        .flag("overwatch")
        .then(|| woin.overwatch.iter().find(|o| o.id == req.attacker_id).map_or(0, |o| o.shots))
}

/// WOIN-OVER-1: an overwatch shot needs overwatch, a target without cover, a new target this
/// turn, and no more targets than INTUITION. Checked before any die is rolled.
pub fn check_overwatch(req: AttackRequest<'_>) -> Result<Vec<SystemEvent>, RulesError> {
    if !FieldReader(req.fields).flag("overwatch") {
        return Ok(Vec::new());
    }
    let woin = super::state::of(req.state);
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
