//! GURPS attacks: the weapon (listed or inline), effective skill with every modifier named
//! (GURPS-ATK-1, GURPS-ATK-2, GURPS-ATK-5, GURPS-ATK-6, GURPS-RANGE-1, the maneuvers'), then one
//! attack in the dice order of GURPS-ORDER-1: random location, attack roll, critical tables,
//! sacrificial dodge, Acrobatics, the defense (a second with Double Defense), and the damage.

use super::defense::{self, Asked, Choice, Incoming};
use super::injury;
use super::maneuver::{Kind, Maneuver};
use super::roll::{self, Verdict};
use super::state::{self, CritFlags, GurpsEvent, Person};
use super::tables::{self, CritHit, CritMiss};
use super::{DEFAULT_ATTRIBUTE, Gurps};
use crate::rules::conditions::Source;
use crate::rules::dice::{DiceExpr, DiceSource, RollRecord, ScriptedDice};
use crate::rules::system::{
    AttackRequest, Effect, FieldReader, Hit, Inflicted, RulesError, Who, option,
};

/// Fields `attack` takes under GURPS.
pub const ATTACK_FIELDS: &[&str] = &[
    "skill",
    "dmg",
    "type",
    "loc",
    "deceptive",
    "rapid",
    "range",
    "speed",
    "mod",
    "defense",
    "retreat",
    "drop",
    "acrobatic",
    "sacrifice",
    "roll",
    "defroll",
    "dmgroll",
    "locroll",
    "critroll",
    "unaware",
    "acc",
    "bulk",
    "ranged",
    "thrown",
    "small",
    "firearm",
    "tbb",
    "offhand",
    "force",
];

/// `+2`, `−3`, `0`.
pub fn signed(n: i64) -> String {
    match n {
        n if n < 0 => format!("−{}", -n),
        n => format!("+{n}"),
    }
}

fn invalid<T>(text: impl Into<String>) -> Result<T, RulesError> {
    Err(RulesError::Invalid(text.into()))
}

/// The weapon an attack uses, from the listed weapon and the inline fields.
#[derive(Debug, Clone)]
pub struct Arms {
    pub name: Option<String>,
    pub skill: i64,
    /// Dice and adds.
    pub dice: i64,
    pub adds: i64,
    pub kind: &'static str,
    pub ranged: bool,
    pub thrown: bool,
    pub small: bool,
    pub firearm: bool,
    pub tbb: bool,
    pub acc: i64,
    pub bulk: i64,
    pub offhand: bool,
    pub unready_after: bool,
    pub sturdy: bool,
    pub cheap: bool,
}

impl Arms {
    pub fn melee(&self) -> bool {
        !self.ranged && !self.thrown
    }

    /// `2d+1`.
    pub fn damage_text(&self) -> String {
        damage_words(self.dice, self.adds)
    }
}

/// `2d+1`, `1d−2`, `3d`.
pub fn damage_words(dice: i64, adds: i64) -> String {
    match adds {
        0 => format!("{dice}d"),
        a if a > 0 => format!("{dice}d+{a}"),
        a => format!("{dice}d{a}"),
    }
}

/// Parse GURPS damage: `2d+1`, `2d6-1`, `sw+2`, `thr`, or a flat number; sw and thr from ST.
pub fn parse_damage(text: &str, st: i64) -> Result<(i64, i64), RulesError> {
    let t = text.trim().to_ascii_lowercase().replace('−', "-");
    let bad = || {
        RulesError::Invalid(format!(
            "dmg={text}: expected GURPS damage such as 2d+1, 1d-2, sw+1 or thr"
        ))
    };
    let split = t.find(['+', '-']).unwrap_or(t.len());
    let (head, tail) = t.split_at(split);
    let adds: i64 = if tail.is_empty() {
        0
    } else {
        tail.trim_start_matches('+').parse().map_err(|_| bad())?
    };
    if !(-100..=100).contains(&adds) {
        return Err(bad());
    }
    let (dice, base) = match head {
        "sw" => tables::basic_damage(st, true),
        "thr" => tables::basic_damage(st, false),
        h => match h.split_once('d') {
            Some((n, sides)) if sides.is_empty() || sides == "6" => {
                (n.parse::<i64>().ok().filter(|n| (1..=100).contains(n)).ok_or_else(bad)?, 0)
            }
            Some(_) => return Err(bad()),
            None => (0, h.parse::<i64>().ok().filter(|n| (0..=1000).contains(n)).ok_or_else(bad)?),
        },
    };
    Ok((dice, base + adds))
}

/// The weapon for this attack (GURPS-ATK-1: it must be ready).
pub fn arms(req: &AttackRequest<'_>) -> Result<Arms, RulesError> {
    let f = FieldReader(req.fields);
    let w = req.weapon.map(|w| &w.stats);
    if let Some(weapon) = req.weapon
        && weapon.stats.flag("unready")
    {
        return invalid(format!(
            "{}'s {} is not ready; `maneuver {} ready` first (GURPS-ATK-1)",
            req.attacker.name, weapon.name, req.attacker.name
        ));
    }
    let int = |key: &str| -> Result<Option<i64>, RulesError> {
        Ok(f.int(key)?.or_else(|| w.and_then(|w| w.int(key))))
    };
    let flag = |key: &str| f.flag(key) || w.is_some_and(|w| w.flag(key));
    let dx = req.attacker.stats.int_or("dx", DEFAULT_ATTRIBUTE);
    let skill = int("skill")?.unwrap_or(dx);
    if !(1..=40).contains(&skill) {
        return invalid(format!("skill={skill}: expected 1 to 40"));
    }
    let st = req.attacker.stats.int_or("st", DEFAULT_ATTRIBUTE);
    let dmg = f.value("dmg").or_else(|| w.and_then(|w| w.text("dmg"))).unwrap_or("thr");
    let (dice, adds) = parse_damage(dmg, st)?;
    let kind_text = f.value("type").or_else(|| w.and_then(|w| w.text("type"))).unwrap_or("cr");
    let kind = injury::damage_type(kind_text)?;
    if kind == "tbb" {
        return invalid("type=tbb: write type=burn and the tbb flag");
    }
    let tbb = flag("tbb");
    Ok(Arms {
        name: req.weapon.map(|w| w.name.clone()),
        skill,
        dice,
        adds,
        kind: if tbb && kind == "burn" { "tbb" } else { kind },
        ranged: flag("ranged") || flag("firearm"),
        thrown: flag("thrown"),
        small: flag("small"),
        firearm: flag("firearm"),
        tbb,
        acc: int("acc")?.unwrap_or(0),
        bulk: int("bulk")?.unwrap_or(0),
        offhand: flag("offhand"),
        unready_after: flag("unready_after"),
        sturdy: flag("sturdy"),
        cheap: flag("cheap"),
    })
}

/// Everything decided before any die: the weapon, the location, the skill and its modifiers.
#[derive(Debug, Clone)]
pub struct Plan {
    pub arms: Arms,
    /// The location aimed at (`None`: random).
    pub location: Option<tables::Location>,
    pub mods: Vec<(String, i64)>,
    /// Move and Attack's cap (GURPS-MAN-8).
    pub cap: Option<i64>,
    pub deceptive: i64,
    pub rapid: bool,
    /// The maneuver this attack is made under (taken now if none was).
    pub maneuver: Maneuver,
    pub takes_maneuver: bool,
    pub feint: i64,
}

impl Plan {
    pub fn skill(&self) -> i64 {
        let total: i64 = self.arms.skill + self.mods.iter().map(|(_, m)| m).sum::<i64>();
        match self.cap {
            Some(cap) => total.min(cap),
            None => total,
        }
    }

    /// `skill 14, neck −5, shock −2 = 7`.
    pub fn skill_text(&self) -> String {
        let mut text = format!("skill {}", self.arms.skill);
        for (why, m) in &self.mods {
            text.push_str(&format!(", {why} {}", signed(*m)));
        }
        if let Some(cap) = self.cap
            && self.skill() == cap
        {
            text.push_str(&format!(", capped at {cap}"));
        }
        format!("{text} = {}", self.skill())
    }
}

/// The checks and the effective skill (GURPS-ATK-1, GURPS-ATK-2, GURPS-ATK-5, GURPS-ATK-6,
/// GURPS-MAN-3, GURPS-MAN-4, GURPS-MAN-7, GURPS-MAN-8, GURPS-RANGE-1, GURPS-POST-2).
pub fn plan(req: &AttackRequest<'_>) -> Result<Plan, RulesError> {
    let f = FieldReader(req.fields);
    let who = req.attacker;
    let has = |n: &str| who.conditions.iter().any(|c| c.name == n);
    if has("Stunned") {
        return invalid(format!("{} is stunned: Do Nothing only (GURPS-STUN-1)", who.name));
    }
    if has("Unconscious") || has("Dead") || has("Mortally-Wounded") || has("Lost-Balance") {
        return invalid(format!("{} cannot attack now", who.name));
    }
    let arms = arms(req)?;
    let me = state::person(req.state, req.attacker_id);
    // GURPS-ATK-1, GURPS-MAN-10: a weapon dropped or turned in the hand needs Ready first.
    if let Some(name) = &arms.name
        && me.unready.contains(name)
    {
        return invalid(format!(
            "{}'s {name} is not ready; `maneuver {} ready weapon={name}` first (GURPS-MAN-10)",
            who.name, who.name
        ));
    }
    let rapid = f.flag("rapid");
    // The maneuver: the one taken this turn, or an Attack taken by this attack.
    let (maneuver, takes_maneuver) = match me.maneuver.clone().filter(|_| me.in_turn) {
        Some(m) => (m, false),
        None if req.on_turn => (Maneuver::new(Kind::Attack), true),
        None => match me.maneuver.clone() {
            // Out of turn: a Wait being triggered acts as the maneuver it named.
            Some(m) if m.kind == Kind::Wait => {
                (Maneuver::new(m.then.unwrap_or(Kind::Attack)), true)
            }
            _ => (Maneuver::new(Kind::Attack), false),
        },
    };
    let kind = match maneuver.kind {
        Kind::Wait => maneuver.then.unwrap_or(Kind::Attack),
        k => k,
    };
    let allowed = kind.attacks();
    if allowed == 0 {
        return invalid(format!(
            "{} took {} this turn: no attack (GURPS-MAN-1)",
            who.name,
            maneuver.describe()
        ));
    }
    let mut mods: Vec<(String, i64)> = Vec::new();
    let mut cap = None;
    // GURPS-ATK-4: the location's penalty.
    let location = match f.value("loc").map(str::to_ascii_lowercase) {
        None => Some(tables::LOCATIONS[0]),
        Some(w) if w == "random" => None,
        Some(w) => Some(injury::parse_location(&w)?),
    };
    if let Some(at) = location {
        injury::check_target(arms.kind, at)?;
        if at.penalty != 0 {
            mods.push((at.key.to_string(), at.penalty));
        }
    }
    // GURPS-ATK-5: Deceptive Attack, melee.
    let deceptive = f.int_in("deceptive", 0, 10)?;
    if deceptive > 0 && !arms.melee() {
        return invalid("a Deceptive Attack is melee only (GURPS-ATK-5)");
    }
    // GURPS-ATK-6: Rapid Strike.
    if rapid {
        if !arms.melee() {
            return invalid("a Rapid Strike is melee only (GURPS-ATK-6)");
        }
        if arms.unready_after {
            return invalid(
                "no Rapid Strike with a weapon that is unready after attacking (GURPS-ATK-6)",
            );
        }
        if !matches!(kind, Kind::Attack) && !kind.all_out_attack() {
            return invalid("a Rapid Strike needs Attack or All-Out Attack (GURPS-ATK-6)");
        }
        let one_per_turn = option(&Gurps, req.options, "gurps_rapid_strike") == "one_per_turn";
        if one_per_turn && me.in_turn && me.rapid_used {
            return invalid("one Rapid Strike per turn (GURPS-ATK-6)");
        }
        mods.push(("rapid strike".into(), -6));
    }
    let strikes: u8 = if rapid { 2 } else { 1 };
    if me.in_turn && me.attacks.saturating_add(strikes) > allowed.saturating_add(u8::from(rapid)) {
        return invalid(format!(
            "{} has made its attack{} this turn under {}",
            who.name,
            if allowed > 1 { "s" } else { "" },
            maneuver.describe()
        ));
    }
    if arms.offhand {
        mods.push(("off hand".into(), -4));
    }
    // GURPS-SHOCK-1: shock this turn.
    if me.shock > 0 && me.in_turn {
        mods.push(("shock".into(), -me.shock));
    }
    // GURPS-POST-2: its own posture in melee, the target's at range.
    let posture_of = |conds: &[crate::rules::conditions::Condition]| {
        tables::POSTURES
            .iter()
            .find(|p| p.condition.is_some_and(|c| conds.iter().any(|k| k.name == c)))
            .copied()
    };
    if arms.melee() {
        if let Some(p) = posture_of(who.conditions).filter(|p| p.melee != 0) {
            mods.push((p.key.to_string(), p.melee));
        }
    } else if let Some(p) = posture_of(req.target.conditions).filter(|p| p.ranged_at != 0) {
        mods.push((format!("target {}", p.key), p.ranged_at));
    }
    let prev = me.previous.as_ref().filter(|p| p.target.as_deref() == Some(req.target_id));
    if !arms.melee() {
        // GURPS-MAN-3: Aim adds Acc, +1 after two turns, +2 after three; +1 braced. Not with
        // Move and Attack.
        if let Some(aim) = prev.filter(|p| p.kind == Kind::Aim && p.aim_turns > 0)
            && kind != Kind::MoveAttack
        {
            let bonus = arms.acc + (aim.aim_turns - 1).min(2) + i64::from(aim.braced);
            mods.push(("aim".into(), bonus));
        }
        // GURPS-RANGE-1: range and speed.
        let range = f.int_in("range", 0, 100_000)?;
        let speed = f.int_in("speed", 0, 100_000)?;
        let seed = option(&Gurps, req.options, "gurps_range_bands") == "seed";
        let penalty = tables::range_penalty(range.saturating_add(speed), seed);
        if penalty != 0 {
            mods.push(("range".into(), penalty));
        }
    }
    // GURPS-MAN-4: Evaluate on this foe last turn.
    if let Some(ev) = prev.filter(|p| p.kind == Kind::Evaluate)
        && ev.evaluate > 0
    {
        mods.push(("evaluate".into(), ev.evaluate));
    }
    match kind {
        Kind::AoaDetermined => {
            mods.push(("All-Out Attack".into(), if arms.melee() { 4 } else { 1 }));
        }
        // GURPS-MAN-8: Move and Attack.
        Kind::MoveAttack => {
            if rapid {
                return invalid("no Rapid Strike with Move and Attack (GURPS-MAN-8)");
            }
            if arms.melee() {
                mods.push(("Move and Attack".into(), -4));
                cap = Some(9);
            } else {
                mods.push(("Move and Attack".into(), (-2).min(arms.bulk)));
            }
        }
        _ => {}
    }
    if deceptive > 0 {
        mods.push(("deceptive".into(), -2 * deceptive));
    }
    let extra = f.int_in("mod", -50, 50)?;
    if extra != 0 {
        mods.push(("mod".into(), extra));
    }
    // GURPS-MAN-6: a Feint on this foe, used by this attack.
    let feint = me
        .feint
        .as_ref()
        .filter(|fe| fe.foe == req.target_id && (me.in_turn || !req.on_turn))
        .map_or(0, |fe| fe.penalty);
    let p = Plan { arms, location, mods, cap, deceptive, rapid, maneuver, takes_maneuver, feint };
    // GURPS-ATK-5: Deceptive may not bring effective skill below 10.
    if deceptive > 0 && p.skill() < 10 {
        return invalid(format!(
            "Deceptive {deceptive} brings effective skill to {}; it may not go below 10 (GURPS-ATK-5)",
            p.skill()
        ));
    }
    // GURPS-ATK-1 [B344]: effective skill below 3 is refused.
    if p.skill() < 3 {
        return invalid(format!(
            "effective skill {} is below 3: no attack ({}) (GURPS-ATK-1)",
            p.skill(),
            p.skill_text()
        ));
    }
    Ok(p)
}

/// A typed source for one roll's faces (`roll=`, `defroll=` …), or the dice.
fn typed(f: &FieldReader<'_>, key: &str) -> Result<Option<ScriptedDice>, RulesError> {
    f.value(key)
        .map(|t| ScriptedDice::parse(t).map_err(|e| RulesError::Invalid(format!("{key}: {e}"))))
        .transpose()
}

/// Dice for one kind of roll: the typed faces while they last, then the session's dice.
struct Faces<'d> {
    typed: Option<ScriptedDice>,
    dice: &'d mut dyn DiceSource,
}

impl DiceSource for Faces<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, crate::rules::dice::DiceError> {
        match self.typed.as_mut().filter(|t| t.remaining() > 0) {
            Some(t) => t.roll(sides),
            None => self.dice.roll(sides),
        }
    }
}

/// The attack: the effects the engine records, in the dice order of GURPS-ORDER-1.
pub fn resolve(
    req: AttackRequest<'_>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    if let [first, _, ..] = req.members {
        return invalid(format!(
            "a GURPS attack comes from one combatant: name one ({} …)",
            first.view.name
        ));
    }
    let f = FieldReader(req.fields);
    // GURPS-DEF-11: the second target may only be the ally dodging into the attack.
    let sacrificial = match (req.targets, f.value("sacrifice")) {
        ([_], None) => false,
        ([_, ally], Some(name)) if ally.view.name.eq_ignore_ascii_case(name) || ally.id == name => {
            true
        }
        (_, Some(name)) => {
            return invalid(format!(
                "sacrifice={name}: name the ally as the second target, `attack A B,{name} sacrifice={name}`"
            ));
        }
        _ => {
            return invalid(
                "a GURPS attack here has one target; attack each in turn (GURPS-ATK-7)",
            );
        }
    };
    if sacrificial && option(&Gurps, req.options, "gurps_sacrificial") == "off" {
        return invalid("sacrificial dodges are off (set gurps_sacrificial on)");
    }
    let p = plan(&req)?;
    let mut effects = Vec::new();
    if p.takes_maneuver {
        effects.push(Effect::System(
            GurpsEvent::Maneuver { id: req.attacker_id.into(), maneuver: p.maneuver.clone() }
                .wrap(),
        ));
        if req.on_turn {
            effects.push(Effect::Pay { pool: "maneuver", amount: 1 });
        }
    }
    effects.push(Effect::System(
        GurpsEvent::Attacked {
            id: req.attacker_id.into(),
            weapon: p.arms.name.clone(),
            rapid: p.rapid,
        }
        .wrap(),
    ));
    if p.feint > 0 {
        effects.push(Effect::System(GurpsEvent::FeintUsed { id: req.attacker_id.into() }.wrap()));
    }
    let mut srcs = Sources {
        attack: typed(&f, "roll")?,
        defense: typed(&f, "defroll")?,
        damage: typed(&f, "dmgroll")?,
        location: typed(&f, "locroll")?,
        crit: typed(&f, "critroll")?,
    };
    let mut target = state::person(req.state, req.target_id);
    let strikes = if p.rapid { 2 } else { 1 };
    for n in 0..strikes {
        one(&req, &p, n, &mut target, &mut srcs, dice, &mut effects)?;
    }
    Ok(effects)
}

struct Sources {
    attack: Option<ScriptedDice>,
    defense: Option<ScriptedDice>,
    damage: Option<ScriptedDice>,
    location: Option<ScriptedDice>,
    crit: Option<ScriptedDice>,
}

fn with<'d>(typed: &'d mut Option<ScriptedDice>, dice: &'d mut dyn DiceSource) -> Faces<'d> {
    Faces { typed: typed.take(), dice }
}

/// One attack on the target through GURPS-ORDER-1 steps 2–6.
fn one(
    req: &AttackRequest<'_>,
    p: &Plan,
    strike: usize,
    target: &mut Person,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let f = FieldReader(req.fields);
    let (a, t) = (req.attacker.name, req.target.name);
    let with_weapon = p.arms.name.as_ref().map_or(String::new(), |w| format!(" with {w}"));
    let label = if p.rapid { format!(" (rapid strike {})", strike + 1) } else { String::new() };
    let on_hit = option(&Gurps, req.options, "gurps_location_roll") == "on_hit";
    // Step 2: a random location, before the attack (or once it lands, `on_hit`).
    let mut location = p.location;
    let mut side_text = String::new();
    let roll_location = |srcs: &mut Sources,
                         dice: &mut dyn DiceSource,
                         effects: &mut Vec<Effect>|
     -> Result<(tables::Location, String), RulesError> {
        let mut src = with(&mut srcs.location, dice);
        let r = roll::table("hit location", &mut src)?;
        let word = tables::random_location(r.total);
        let mut text = word.to_string();
        let mut rolls = vec![r.clone()];
        if matches!(word, "hand" | "foot")
            && option(&Gurps, req.options, "gurps_extremity_side") == "roll"
        {
            let mut side = DiceExpr::parse("1d6")?.roll(&mut src)?;
            side.expr = "1d6 side".into();
            text = format!("{} {word}", if side.total <= 3 { "right" } else { "left" });
            rolls.push(side);
        }
        srcs.location = src.typed;
        for roll in rolls {
            effects.push(Effect::Note {
                who: Who::TARGET,
                text: format!("{a}'s attack on {t}: hit location {text}"),
                roll,
            });
        }
        let at = tables::location(word).unwrap_or(tables::LOCATIONS[0]);
        Ok((at, text))
    };
    if location.is_none() && !on_hit {
        let (at, text) = roll_location(srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    // Step 3: the attack roll.
    let skill = p.skill();
    let mut src = with(&mut srcs.attack, dice);
    let attack = roll::roll(skill, "attack", &mut src)?;
    srcs.attack = src.typed;
    let verdict = attack.verdict;
    let mut summary =
        format!("{a} attacks {t}{with_weapon}{label} ({}): {}", p.skill_text(), attack.text());
    if !verdict.success() {
        effects.push(Effect::Attacked {
            target: Who::TARGET,
            summary,
            rolls: vec![attack.roll],
            hit: false,
            critical: verdict == Verdict::CriticalFailure,
        });
        if verdict == Verdict::CriticalFailure {
            critical_miss(req, &p.arms, a, Who::Actor, srcs, dice, effects)?;
        }
        return Ok(());
    }
    if location.is_none() {
        let (at, text) = roll_location(srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    let at = location.unwrap_or(tables::LOCATIONS[0]);
    if !side_text.is_empty() {
        summary.push_str(&format!(" at the {side_text}"));
    }
    let mut crit = CritHit::Normal;
    let mut struck = Who::TARGET;
    let critical = verdict == Verdict::CriticalSuccess;
    effects.push(Effect::Attacked {
        target: Who::TARGET,
        summary: summary.clone(),
        rolls: vec![attack.roll],
        hit: true,
        critical,
    });
    if critical {
        // GURPS-ATK-3 / GURPS-CRIT-2: the critical hit table; no defense.
        let head = matches!(at.key, "skull" | "face" | "eye")
            && option(&Gurps, req.options, "gurps_head_blow_table") == "on";
        let mut src = with(&mut srcs.crit, dice);
        let r = roll::table(if head { "head blow" } else { "critical hit" }, &mut src)?;
        srcs.crit = src.typed;
        crit = if head { tables::head_blow(r.total) } else { tables::critical_hit(r.total) };
        effects.push(Effect::Note {
            who: Who::TARGET,
            text: format!("{a}'s critical hit on {t}: {} (no defense)", crit_words(crit)),
            roll: r,
        });
        let flags = CritFlags {
            major: matches!(crit, CritHit::Major | CritHit::HalfDrMajor),
            double_shock: crit == CritHit::ShockAndCripple,
            cripple: crit == CritHit::ShockAndCripple,
        };
        if flags != CritFlags::default() {
            effects.push(Effect::System(
                GurpsEvent::Critical { id: req.target_id.into(), flags }.wrap(),
            ));
        }
    } else {
        // Steps 4–5: the defense.
        match defend(req, p, at, target, srcs, dice, effects)? {
            Some(who) => struck = who,
            None => return Ok(()),
        }
    }
    // Step 6: damage.
    let mut src = with(&mut srcs.damage, dice);
    let (dice_n, mut adds) = (p.arms.dice, p.arms.adds);
    // GURPS-MAN-7: AOA Strong, +2 or +1 per die, whichever is more.
    if p.maneuver.kind == Kind::AoaStrong && p.arms.melee() {
        adds += dice_n.max(2);
    }
    let words = damage_words(dice_n, adds);
    let mut roll = if matches!(crit, CritHit::Maximum | CritHit::MaxNoDr) {
        RollRecord {
            expr: format!("{words} {} maximum", p.arms.kind),
            dice: vec![],
            total: 6 * dice_n + adds,
        }
    } else {
        let mut r = DiceExpr::parse(&format!("{dice_n}d6"))?.roll(&mut src)?;
        r.total = r.total.saturating_add(adds);
        r.expr = format!("{words} {} damage", p.arms.kind);
        r
    };
    srcs.damage = src.typed;
    // GURPS-DMG-3: never below 1 (0 for cr); critical multipliers take the adds too.
    roll.total = roll.total.max(if p.arms.kind == "cr" { 0 } else { 1 });
    if let CritHit::Times(n) = crit {
        roll.total = roll.total.saturating_mul(n);
        roll.expr.push_str(&format!(" ×{n}"));
    }
    let victim = match struck {
        Who::Target(1) => req.targets.get(1).map_or(req.target, |x| x.view),
        _ => req.target,
    };
    let dr = injury::location_dr(victim.stats, at);
    let ignored = match crit {
        // Halved DR: rounded down leaves DR / 2, rounded up (head blows) (DR + 1) / 2.
        CritHit::HalfDr(false) => dr - dr / 2,
        CritHit::HalfDr(true) | CritHit::HalfDrMajor => dr / 2,
        CritHit::MaxNoDr => dr,
        _ => 0,
    };
    effects.push(Effect::Hit(Hit {
        target: struck,
        amount: roll.total,
        roll: Some(roll),
        kind: Some(p.arms.kind.to_string()),
        location: Some(at.key.to_string()),
        armor_ignored: ignored,
        ..Hit::default()
    }));
    if matches!(crit, CritHit::Drop) {
        effects.push(Effect::Log { text: format!("{t} drops what it holds"), roll: None });
    }
    let _ = f;
    Ok(())
}

fn crit_words(crit: CritHit) -> String {
    match crit {
        CritHit::Normal => "normal damage".into(),
        CritHit::Times(n) => format!("damage ×{n}"),
        CritHit::Maximum => "maximum damage".into(),
        CritHit::HalfDr(_) => "DR halved".into(),
        CritHit::Major => "a major wound if anything penetrates".into(),
        CritHit::ShockAndCripple => "shock doubled, a hit limb crippled".into(),
        CritHit::Drop => "normal damage, the victim drops what it holds".into(),
        CritHit::MaxNoDr => "maximum damage, DR ignored".into(),
        CritHit::HalfDrMajor => "DR halved, a major wound if anything penetrates".into(),
        CritHit::Daze => "normal damage, Do Nothing next turn".into(),
        CritHit::Scar => "normal damage and a lasting mark".into(),
    }
}

/// Steps 4–5: sacrificial dodge, Acrobatics, the defense (and Double Defense's second). Who
/// the attack hits, or `None` when it is stopped.
fn defend(
    req: &AttackRequest<'_>,
    p: &Plan,
    at: tables::Location,
    target: &mut Person,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<Option<Who>, RulesError> {
    let f = FieldReader(req.fields);
    let t = req.target.name;
    let _ = at;
    // GURPS-DEF-11: an ally dodges into the attack's path; on a success it is hit instead.
    if let Some(ally) = req.targets.get(1) {
        let (dodge, _) = defense::base_dodge(ally.view);
        let mut src = with(&mut srcs.defense, dice);
        let r = roll::roll(dodge, "sacrificial dodge", &mut src)?;
        srcs.defense = src.typed;
        let ok = r.verdict.success();
        effects.push(Effect::Note {
            who: Who::Target(1),
            text: format!(
                "{} dodges into the attack on {t}: Dodge {dodge}, {}; {}",
                ally.view.name,
                r.text(),
                if ok { "takes the hit" } else { "too slow" }
            ),
            roll: r.roll,
        });
        if ok {
            return Ok(Some(Who::Target(1)));
        }
    }
    // GURPS-DEF-1: no defense against an attack it does not know of.
    if f.flag("unaware") {
        effects.push(Effect::Log { text: format!("{t} is unaware: no defense"), roll: None });
        return Ok(Some(Who::TARGET));
    }
    let incoming = Incoming {
        attacker: req.attacker_id.to_string(),
        melee: p.arms.melee(),
        thrown: p.arms.thrown,
        small: p.arms.small,
        firearm: p.arms.firearm,
        deceptive: p.deceptive,
        feint: p.feint,
    };
    let mut asked = Asked {
        named: f.value("defense").map(str::to_ascii_lowercase),
        retreat: f.flag("retreat"),
        drop: f.flag("drop"),
        acrobatic: 0,
    };
    let strict = option(&Gurps, req.options, "gurps_retreat_limits") == "strict";
    // GURPS-HP-2 (`on_action`): a target at 0 HP or less rolls HT before its first defense
    // since its last turn; failing, it falls unconscious and does not defend.
    let on_action = option(&Gurps, req.options, "gurps_zero_hp_check") == "on_action";
    if on_action && req.target.health.current <= 0 && !target.ht_checked {
        let mut src = with(&mut srcs.defense, dice);
        let rolled = super::verbs::zero_hp_roll(req.target, req.target_id, &mut src)?;
        srcs.defense = src.typed;
        target.ht_checked = true;
        let out = rolled.iter().any(|e| matches!(e, Effect::Inflict { .. }));
        effects.extend(rolled.into_iter().map(|e| match e {
            Effect::Note { text, roll, .. } => Effect::Note { who: Who::TARGET, text, roll },
            Effect::Inflict { what, .. } => Effect::Inflict { who: Who::TARGET, what },
            other => other,
        }));
        if out {
            return Ok(Some(Who::TARGET));
        }
    }
    let open = defense::choices(req.target, target, &incoming, &asked, strict)?;
    if open.is_empty() && asked.named.as_deref().is_none_or(|n| n == "none") {
        effects.push(Effect::Log { text: format!("{t} has no active defense"), roll: None });
        return Ok(Some(Who::TARGET));
    }
    let ask_mode = option(&Gurps, req.options, "gurps_auto_defense") == "ask";
    if ask_mode && asked.named.is_none() {
        let labels: Vec<String> = open.iter().map(Choice::label).collect();
        return invalid(format!(
            "name {t}'s defense (gurps_auto_defense=ask): defense=dodge|parry|block|none; open: {}",
            labels.join(", ")
        ));
    }
    // GURPS-DEF-10: an acrobatic dodge rolls Acrobatics first.
    if f.flag("acrobatic") {
        if option(&Gurps, req.options, "gurps_acrobatic_dodge") == "flat" {
            asked.acrobatic = 2;
        } else {
            let skill = req.target.stats.int("acrobatics").ok_or_else(|| {
                RulesError::Invalid(format!("{t} has no acrobatics=N for an acrobatic dodge"))
            })?;
            let mut src = with(&mut srcs.defense, dice);
            let r = roll::roll(skill, "Acrobatics", &mut src)?;
            srcs.defense = src.typed;
            asked.acrobatic = if r.verdict.success() { 2 } else { -2 };
            effects.push(Effect::Note {
                who: Who::TARGET,
                text: format!("{t}: Acrobatics {}", r.text()),
                roll: r.roll,
            });
        }
        if asked.named.is_none() {
            asked.named = Some("dodge".into());
        }
    }
    let open = defense::choices(req.target, target, &incoming, &asked, strict)?;
    let Some(choice) = defense::pick(&open, asked.named.as_deref())? else {
        effects.push(Effect::Log { text: format!("{t} does not defend"), roll: None });
        return Ok(Some(Who::TARGET));
    };
    let double =
        target.maneuver.as_ref().is_some_and(|m| m.kind == Kind::AodDouble) && incoming.melee;
    let mut tries = vec![choice];
    let mut n = 0;
    while let Some(choice) = tries.get(n).cloned() {
        n += 1;
        let mut src = with(&mut srcs.defense, dice);
        let r = roll::roll(choice.value, choice.kind, &mut src)?;
        srcs.defense = src.typed;
        let ok = r.verdict.success();
        effects.push(Effect::Note {
            who: Who::TARGET,
            text: format!("{t} defends: {}, {}", choice.label(), r.text()),
            roll: r.roll.clone(),
        });
        let retreat_from = choice.retreat.then(|| req.attacker_id.to_string());
        effects.push(Effect::System(
            GurpsEvent::Defended {
                id: req.target_id.into(),
                kind: choice.kind.into(),
                weapon: choice.weapon.clone(),
                retreat: retreat_from.clone(),
            }
            .wrap(),
        ));
        // Counted at once, for a Rapid Strike's second attack.
        match choice.kind {
            "parry" => {
                let w = choice.weapon.clone().unwrap_or_default();
                match target.parries.iter_mut().find(|(k, _)| *k == w) {
                    Some((_, c)) => *c = c.saturating_add(1),
                    None => target.parries.push((w, 1)),
                }
            }
            "block" => target.blocked = true,
            _ => {}
        }
        if retreat_from.is_some() {
            target.retreat_from = retreat_from;
        }
        if f.flag("drop") && choice.kind == "dodge" {
            effects.push(Effect::AddCondition {
                who: Who::TARGET,
                name: "Prone".into(),
                rounds: None,
                detail: None,
                persistent: false,
            });
        }
        if ok {
            // GURPS-DEF-6: a critical defense against melee sends the attacker to the table.
            if r.verdict == Verdict::CriticalSuccess && incoming.melee {
                critical_miss(req, &p.arms, req.attacker.name, Who::Actor, srcs, dice, effects)?;
            }
            return Ok(None);
        }
        if r.verdict == Verdict::CriticalFailure {
            match choice.kind {
                "dodge" => effects.push(Effect::AddCondition {
                    who: Who::TARGET,
                    name: "Prone".into(),
                    rounds: None,
                    detail: None,
                    persistent: false,
                }),
                "block" => match choice.weapon.clone() {
                    Some(weapon) => effects.push(Effect::System(
                        GurpsEvent::Unready { id: req.target_id.into(), weapon, broken: false }
                            .wrap(),
                    )),
                    None => effects.push(Effect::Log {
                        text: format!("{t}'s shield is unready (critical failure)"),
                        roll: None,
                    }),
                },
                _ => {
                    let arms = Arms { name: choice.weapon.clone(), ..p.arms.clone() };
                    critical_miss(req, &arms, t, Who::TARGET, srcs, dice, effects)?;
                }
            }
        }
        // GURPS-MAN-9: Double Defense, one other defense after a failure.
        if double && n == 1 {
            let mut again = Asked { named: None, ..asked.clone() };
            if option(&Gurps, req.options, "gurps_double_defense_retreat") == "first" {
                again.retreat = false;
            }
            let next = defense::choices(req.target, target, &incoming, &again, strict)?;
            let other: Vec<Choice> = next
                .into_iter()
                .filter(|c| {
                    c.kind != choice.kind || (c.kind == "parry" && c.weapon != choice.weapon)
                })
                .collect();
            if let Some(second) = defense::pick(&other, None)? {
                tries.push(second);
            }
        }
    }
    Ok(Some(Who::TARGET))
}

/// GURPS-CRIT-1: the critical miss table for `name` (the attacker, or a parrying defender).
fn critical_miss(
    req: &AttackRequest<'_>,
    arms: &Arms,
    name: &str,
    who: Who,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let auto = option(&Gurps, req.options, "gurps_crit_reroll") == "auto";
    let mut src = with(&mut srcs.crit, dice);
    let first = roll::table("critical miss", &mut src)?;
    let result = tables::critical_miss(first.total);
    let weapon = arms.name.clone().unwrap_or_else(|| "its weapon".into());
    let mut rolls = vec![first];
    let mut lost: Option<bool> = None;
    let text = match result {
        CritMiss::Breaks if arms.sturdy && auto => {
            let again = roll::table("critical miss (sturdy)", &mut src)?;
            let broke = tables::critical_miss(again.total) == CritMiss::Breaks;
            rolls.push(again);
            lost = Some(broke);
            if broke { format!("{weapon} breaks") } else { format!("drops {weapon} (sturdy)") }
        }
        CritMiss::Breaks => {
            lost = Some(true);
            format!("{weapon} breaks")
        }
        CritMiss::HitsSelf(full) => {
            let needs_second = (arms.melee()
                && matches!(arms.kind, "imp" | "pi-" | "pi" | "pi+" | "pi++"))
                || !arms.melee();
            if needs_second && auto {
                let again = roll::table("critical miss (again)", &mut src)?;
                let hits = matches!(again.total, 5 | 6);
                rolls.push(again);
                if hits {
                    format!(
                        "hits itself in an arm or leg ({} damage)",
                        if full { "full" } else { "half" }
                    )
                } else {
                    format!("nearly hits itself; drops {weapon}")
                }
            } else {
                format!(
                    "hits itself in an arm or leg ({} damage)",
                    if full { "full" } else { "half" }
                )
            }
        }
        CritMiss::LostBalance => {
            "loses its balance: no more actions, defenses −2 until its next turn".into()
        }
        CritMiss::Unready => {
            lost = Some(false);
            format!("{weapon} turns in its hand: unready")
        }
        CritMiss::Dropped if arms.cheap => {
            lost = Some(true);
            format!("{weapon} breaks (cheap)")
        }
        CritMiss::Dropped => {
            lost = Some(false);
            format!("drops {weapon}")
        }
        CritMiss::Flies if arms.melee() => format!("{weapon} flies 1d yards away"),
        CritMiss::Flies => format!("drops {weapon}"),
        CritMiss::Strained => "strains its weapon arm: unusable for the fight".into(),
        CritMiss::Falls if arms.melee() => "falls down".into(),
        CritMiss::Falls => {
            "loses its balance: no more actions, defenses −2 until its next turn".into()
        }
    };
    srcs.crit = src.typed;
    let last = rolls.len() - 1;
    for (i, roll) in rolls.into_iter().enumerate() {
        effects.push(Effect::Note {
            who,
            text: if i == last {
                format!("{name}: critical miss, {text}")
            } else {
                format!("{name}: critical miss, roll again")
            },
            roll,
        });
    }
    // GURPS-CRIT-3: the mechanical results.
    if let (Some(broken), Some(w)) = (lost, arms.name.clone()) {
        let id = match who {
            Who::Actor => req.attacker_id,
            _ => req.target_id,
        };
        let event = GurpsEvent::Unready { id: id.into(), weapon: w, broken };
        effects.push(Effect::System(event.wrap()));
    }
    let condition = match result {
        CritMiss::LostBalance => Some("Lost-Balance"),
        CritMiss::Falls if arms.melee() => Some("Prone"),
        CritMiss::Falls => Some("Lost-Balance"),
        _ => None,
    };
    if let Some(name) = condition {
        effects.push(Effect::Inflict { who, what: Inflicted::new(name, Source::Crit) });
    }
    Ok(())
}

/// The odds shown before rolling: hit, critical, and the best defense.
pub fn odds(req: AttackRequest<'_>) -> Result<String, RulesError> {
    let p = plan(&req)?;
    let skill = p.skill();
    let f = FieldReader(req.fields);
    let (hit, crit) = (super::odds::success(skill), super::odds::critical(skill));
    let mut text = format!("skill {skill}: hit {:.1}%, crit {:.1}%", hit.percent(), crit.percent());
    let target = state::person(req.state, req.target_id);
    let incoming = Incoming {
        attacker: req.attacker_id.to_string(),
        melee: p.arms.melee(),
        thrown: p.arms.thrown,
        small: p.arms.small,
        firearm: p.arms.firearm,
        deceptive: p.deceptive,
        feint: p.feint,
    };
    let asked = Asked {
        named: f.value("defense").map(str::to_ascii_lowercase),
        retreat: f.flag("retreat"),
        drop: f.flag("drop"),
        acrobatic: 0,
    };
    let strict = option(&Gurps, req.options, "gurps_retreat_limits") == "strict";
    let open = defense::choices(req.target, &target, &incoming, &asked, strict).unwrap_or_default();
    match defense::pick(&open, asked.named.as_deref()).ok().flatten() {
        Some(best) => {
            let def = super::odds::success(best.value);
            text.push_str(&format!("; {} {} {:.1}%", best.kind, best.value, def.percent()));
            let lands = super::odds::lands(skill, Some(best.value));
            text.push_str(&format!("; lands {:.1}%", lands.percent()));
        }
        None => {
            let lands = super::odds::lands(skill, None);
            text.push_str(&format!("; no defense; lands {:.1}%", lands.percent()));
        }
    }
    Ok(text)
}

/// HT and Will, for rolls elsewhere.
pub fn ht(stats: &crate::rules::stats::Stats) -> i64 {
    stats.int_or("ht", DEFAULT_ATTRIBUTE)
}
