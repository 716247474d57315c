//! GURPS attacks in the dice order of GURPS-ORDER-1: the fields `attack` takes, the typed faces
//! for each kind of roll, and one attack after another: random location, attack roll, critical
//! hit table, the defense ([`super::defend`]), the damage; and the odds shown before rolling. The
//! weapon is [`super::weapon`]'s, the effective skill [`super::skill`]'s, critical misses
//! [`super::critical`]'s.

pub use super::attack_fields::ATTACK_FIELDS;
use super::critical::{crit_words, critical_miss};
use super::defend::defend;
use super::defense::{self, Asked};
use super::injury;
use super::maneuver::Kind;
use super::roll::{self, Sources, Verdict, with};
use super::skill::{Plan, Strike, plan, plan_strike};
use super::state::{self, CritFlags, GurpsEvent, Person};
use super::tables::{self, CritHit};
use super::weapon::{armor_divisor, damage_words, divisor_words, invalid};
use super::{DEFAULT_ATTRIBUTE, Gurps};
use crate::rules::dice::{DiceExpr, DiceSource, RollRecord, ScriptedDice};
use crate::rules::effect::{Effect, Hit, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

/// The field a further strike of one command carries its number in: the tracker's own, never
/// typed (a typed field's key is letters, digits, `_` and `.`).
pub(super) const STRIKE: &str = "@strike";
/// The foes of a Rapid Strike on two (their ids), for the strikes after the first.
const FOES: &str = "@foes";

/// GURPS-MAN-7: the weapon `second=` names for All-Out Attack (Double)'s other attack, found as
/// the engine will find it (whole name, or a unique beginning) and ready, checked before the
/// first strike's dice rather than after them.
fn second_weapon(
    req: &AttackRequest<'_, GurpsState>,
    f: &FieldReader<'_>,
) -> Result<(), RulesError> {
    let Some(wanted) = f.value("second") else {
        return Ok(());
    };
    let who = req.attacker;
    let lower = wanted.to_lowercase();
    let exact = who.weapons.iter().find(|w| w.name.to_lowercase() == lower);
    let mut begun = who.weapons.iter().filter(|w| w.name.to_lowercase().starts_with(&lower));
    let found = exact.or_else(|| begun.next().filter(|_| begun.next().is_none()));
    let Some(weapon) = found else {
        let names: Vec<&str> = who.weapons.iter().map(|w| w.name.as_str()).collect();
        return invalid(format!(
            "second={wanted}: {} has no weapon '{wanted}'; it has {} (GURPS-MAN-7)",
            who.name,
            if names.is_empty() { "none".to_string() } else { names.join(", ") }
        ));
    };
    if state::person(req.state, req.attacker_id).unready.contains(&weapon.name) {
        return invalid(format!(
            "second={wanted}: {}'s {} is not ready; `maneuver {} ready weapon={}` first \
             (GURPS-MAN-10)",
            who.name, weapon.name, who.name, weapon.name
        ));
    }
    Ok(())
}

/// A typed source for one roll's faces (`roll=`, `defroll=` …), or the dice.
fn typed(f: &FieldReader<'_>, key: &str) -> Result<Option<ScriptedDice>, RulesError> {
    f.value(key)
        .map(|t| ScriptedDice::parse(t).map_err(|e| RulesError::Invalid(format!("{key}: {e}"))))
        .transpose()
}

/// The attack: the effects the engine records, in the dice order of GURPS-ORDER-1.
pub fn resolve(
    req: AttackRequest<'_, GurpsState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    if let [first, _, ..] = req.members {
        return invalid(format!(
            "a GURPS attack comes from one combatant: name one ({} …)",
            first.view.name
        ));
    }
    let f = FieldReader(req.fields);
    // GURPS-ATK-6: a Rapid Strike on two foes, one strike each: the first strike is asked for
    // on the first foe alone, the foes' ids riding along for the strikes after it.
    if let ([one, two], None, true) = (req.targets, f.value("sacrifice"), f.flag("rapid")) {
        plan(&req)?;
        let mut fields = req.fields.to_vec();
        fields.push((FOES.into(), Some(format!("{} {}", one.id, two.id))));
        let weapon = req.weapon.map(|w| w.name.clone());
        return Ok(vec![Effect::Continue { weapon, fields, targets: Some(vec![one.id.into()]) }]);
    }
    check_targets(&req, &f)?;
    // GURPS-ATK-7: one command may make several strikes, each asked for once the one before it
    // is recorded (its knockdown and death checks too), so the dice follow GURPS-ORDER-1.
    let number = f.int_in(STRIKE, 0, 3)?.max(1);
    let picked;
    let mut req = req;
    if number == 1 {
        check_turn(&req, &f)?;
        super::pick_maneuver::chosen(&f)?;
        // The maneuver, asked when none was taken this turn; a source that plays on takes
        // Attack, the rules' default.
        if let Some(word) = super::pick_maneuver::ask(&req, dice)? {
            let mut fields = req.fields.to_vec();
            fields.push(("maneuver".into(), Some(word.into())));
            picked = fields;
            req = AttackRequest { fields: &picked, ..req };
        }
    }
    let f = FieldReader(req.fields);
    let strike = match number {
        1 => Strike::First,
        2 if f.flag("rapid") => Strike::RapidSecond,
        _ => Strike::Other,
    };
    let label = match strike {
        Strike::First if f.flag("rapid") => " (rapid strike 1)",
        Strike::First => "",
        Strike::RapidSecond => " (rapid strike 2)",
        Strike::Other => " (All-Out Attack, second attack)",
    };
    let p = match plan_strike(&req, strike) {
        Ok(p) => p,
        Err(RulesError::Invalid(why)) if strike != Strike::First => {
            let text = format!("{}'s next strike is not made: {why}", req.attacker.name);
            return Ok(vec![Effect::Log { text, roll: None }]);
        }
        Err(e) => return Err(e),
    };
    let kind = match p.maneuver.kind {
        Kind::Wait => p.maneuver.then.unwrap_or(Kind::Attack),
        k => k,
    };
    check_double(&req, &f, &p, strike == Strike::First, kind)?;
    let mut effects = opening(&req, &p, strike);
    let mut srcs = Sources {
        attack: typed(&f, "roll")?,
        defense: typed(&f, "defroll")?,
        damage: typed(&f, "dmgroll")?,
        location: typed(&f, "locroll")?,
        crit: typed(&f, "critroll")?,
    };
    let mut target = state::person(req.state, req.target_id);
    one(&req, &p, label, &mut target, &mut srcs, dice, &mut effects)?;
    // The next strike: a Rapid Strike's second, then All-Out Attack (Double)'s other attack.
    let next = match strike {
        Strike::First if p.rapid => Some(Strike::RapidSecond),
        Strike::First | Strike::RapidSecond if kind == Kind::AoaDouble => Some(Strike::Other),
        _ => None,
    };
    if let Some(next) = next {
        effects.push(next_strike(&req, &p, next, number, &srcs));
    }
    Ok(effects)
}

/// GURPS-MAN-11: while another's turn runs, an attack needs a Wait that triggers now, or the
/// GM's `force` (a free attack the rules do not name).
fn check_turn(req: &AttackRequest<'_, GurpsState>, f: &FieldReader<'_>) -> Result<(), RulesError> {
    let running = req.state.people.iter().any(|(_, p)| p.in_turn);
    if req.on_turn || !running || f.flag("force") {
        return Ok(());
    }
    let me = state::person(req.state, req.attacker_id);
    if me.maneuver.as_ref().is_some_and(|m| m.kind == Kind::Wait) {
        return Ok(());
    }
    let a = req.attacker.name;
    invalid(format!(
        "it is not {a}'s turn: an attack out of turn needs a Wait that triggers (`maneuver {a} \
         wait` on its turn) or `force` (GURPS-MAN-11)"
    ))
}

/// GURPS-ATK-7, GURPS-DEF-11: one target, or a second that is the ally dodging into the attack.
fn check_targets(
    req: &AttackRequest<'_, GurpsState>,
    f: &FieldReader<'_>,
) -> Result<(), RulesError> {
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
                "a GURPS attack has one target (two with a Rapid Strike, or an ally's \
                 sacrifice=); attack each in turn (GURPS-ATK-7)",
            );
        }
    };
    if sacrificial && option(&Gurps, req.options, "gurps_sacrificial") == "off" {
        return invalid("sacrificial dodges are off (set gurps_sacrificial on)");
    }
    Ok(())
}

/// GURPS-MAN-7: `second=` only under All-Out Attack (Double), whose first strike needs two ready
/// weapons or one that stays ready.
fn check_double(
    req: &AttackRequest<'_, GurpsState>,
    f: &FieldReader<'_>,
    p: &Plan,
    first: bool,
    kind: Kind,
) -> Result<(), RulesError> {
    if f.value("second").is_some() && kind != Kind::AoaDouble {
        return invalid("second=WEAPON names All-Out Attack (Double)'s other weapon (GURPS-MAN-7)");
    }
    if first && kind == Kind::AoaDouble {
        second_weapon(req, f)?;
    }
    if first
        && kind == Kind::AoaDouble
        && p.arms.unready_after
        && f.value("second")
            .is_none_or(|w| p.arms.name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(w)))
    {
        return invalid(format!(
            "All-Out Attack (Double) needs two ready weapons or one that stays ready; {} is unready after attacking: name the other with second=WEAPON (GURPS-MAN-7)",
            p.arms.name.as_deref().unwrap_or("this weapon")
        ));
    }
    Ok(())
}

/// The events before any die: the maneuver taken (and paid), the attack counted, a Feint used.
fn opening(req: &AttackRequest<'_, GurpsState>, p: &Plan, strike: Strike) -> Vec<Effect> {
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
    if strike != Strike::RapidSecond {
        effects.push(Effect::System(
            GurpsEvent::Attacked {
                id: req.attacker_id.into(),
                weapon: p.arms.name.clone(),
                rapid: p.rapid,
            }
            .wrap(),
        ));
    }
    if p.feint > 0 {
        effects.push(Effect::System(GurpsEvent::FeintUsed { id: req.attacker_id.into() }.wrap()));
    }
    effects
}

/// The command's next strike, asked for once this one is recorded: its weapon, the typed faces
/// this strike left unused, its number, and its foe when a Rapid Strike named two.
fn next_strike(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    next: Strike,
    number: i64,
    srcs: &Sources,
) -> Effect {
    let f = FieldReader(req.fields);
    let weapon = match next {
        Strike::Other => f.value("second").map(str::to_string).or_else(|| p.arms.name.clone()),
        _ => p.arms.name.clone(),
    };
    let mut fields: Vec<(String, Option<String>)> = req
        .fields
        .iter()
        .filter(|(k, _)| {
            !matches!(k.as_str(), STRIKE | "roll" | "defroll" | "dmgroll" | "locroll" | "critroll")
        })
        .cloned()
        .collect();
    let left = [
        ("roll", &srcs.attack),
        ("defroll", &srcs.defense),
        ("dmgroll", &srcs.damage),
        ("locroll", &srcs.location),
        ("critroll", &srcs.crit),
    ];
    for (key, src) in left {
        if let (Some(text), Some(src)) = (f.value(key), src)
            && src.remaining() > 0
        {
            let faces: Vec<&str> = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .skip(src.used())
                .collect();
            fields.push((key.to_string(), Some(faces.join(","))));
        }
    }
    fields.push((STRIKE.into(), Some((number + 1).to_string())));
    // A Rapid Strike on two foes: its second strike at the second, AOA Double's other
    // attack at the first.
    let foes: Vec<&str> = f.value(FOES).map(|t| t.split(' ').collect()).unwrap_or_default();
    let targets = match (next, foes.as_slice()) {
        (Strike::RapidSecond, [_, second]) => Some(vec![second.to_string()]),
        (Strike::Other, [first, _]) => Some(vec![first.to_string()]),
        _ => None,
    };
    Effect::Continue { weapon, fields, targets }
}

/// Where and how an attack landed, for its damage.
struct Landing {
    at: tables::Location,
    /// The location rolled with its side (`left hand`), or empty.
    side_text: String,
    crit: CritHit,
    /// The target, or the ally whose sacrificial dodge took the hit.
    struck: Who,
}

/// One attack on the target through GURPS-ORDER-1 steps 2–6.
fn one(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    label: &str,
    target: &mut Person,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let (a, t) = (req.attacker.name, req.target.name);
    let with_weapon = p.arms.name.as_ref().map_or(String::new(), |w| format!(" with {w}"));
    let on_hit = option(&Gurps, req.options, "gurps_location_roll") == "on_hit";
    // Step 2: a random location, before the attack (or once it lands, `on_hit`).
    let mut location = p.location;
    let mut side_text = String::new();
    if location.is_none() && !on_hit {
        let (at, text) = roll_location(req, srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    // Step 3: the attack roll.
    let skill = p.skill();
    let mut src = with(&mut srcs.attack, dice);
    let asked = format!("{a}'s attack on {t}{label}");
    let attack = roll::roll_asked(skill, &asked, "attack", &mut src)?;
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
            defended: false,
        });
        if verdict == Verdict::CriticalFailure {
            critical_miss(req, &p.arms, a, Who::Actor, srcs, dice, effects)?;
        }
        return Ok(());
    }
    if location.is_none() {
        let (at, text) = roll_location(req, srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    let at = location.unwrap_or(tables::LOCATIONS[0]);
    if !side_text.is_empty() {
        summary.push_str(&format!(" at the {side_text}"));
    }
    let mut landing = Landing { at, side_text, crit: CritHit::Normal, struck: Who::TARGET };
    let critical = verdict == Verdict::CriticalSuccess;
    // The verdict's place in the log: a hit unless the defense stops it (then defended, so the
    // statistics count a hit roll that did not land), written once the defense is known.
    let verdict_at = effects.len();
    effects.push(Effect::Attacked {
        target: Who::TARGET,
        summary: summary.clone(),
        rolls: vec![attack.roll],
        hit: true,
        critical,
        defended: false,
    });
    if critical {
        landing.crit = critical_hit(req, at, srcs, dice, effects)?;
    } else {
        // Steps 4–5: the defense.
        match defend(req, p, at, target, srcs, dice, effects)? {
            Some(who) => landing.struck = who,
            None => {
                if let Some(Effect::Attacked { hit, defended, .. }) = effects.get_mut(verdict_at) {
                    *hit = false;
                    *defended = true;
                }
                return Ok(());
            }
        }
    }
    damage(req, p, &landing, srcs, dice, effects)
}

/// Step 2: a random hit location (and, by option, a hand's or foot's side), with its text.
fn roll_location(
    req: &AttackRequest<'_, GurpsState>,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(tables::Location, String), RulesError> {
    let (a, t) = (req.attacker.name, req.target.name);
    let mut src = with(&mut srcs.location, dice);
    let r = roll::table(&format!("{a}'s hit location on {t}"), "hit location", &mut src)?;
    let word = tables::random_location(r.total);
    let mut text = word.to_string();
    let mut rolls = vec![r.clone()];
    if matches!(word, "hand" | "foot")
        && option(&Gurps, req.options, "gurps_extremity_side") == "roll"
    {
        let asked = format!("{t}'s {word}: side (1–3 right, 4–6 left)");
        roll::named(&asked, "1d6", 1, None, &mut src)?;
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
}

/// GURPS-ATK-3 / GURPS-CRIT-2: the critical hit table (the head blow table at the head, by
/// option); no defense.
fn critical_hit(
    req: &AttackRequest<'_, GurpsState>,
    at: tables::Location,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<CritHit, RulesError> {
    let (a, t) = (req.attacker.name, req.target.name);
    let head = matches!(at.key, "skull" | "face" | "eye")
        && option(&Gurps, req.options, "gurps_head_blow_table") == "on";
    let mut src = with(&mut srcs.crit, dice);
    let kind = if head { "head blow" } else { "critical hit" };
    let r = roll::table(&format!("{a}'s {kind} table"), kind, &mut src)?;
    srcs.crit = src.typed;
    let crit = if head { tables::head_blow(r.total) } else { tables::critical_hit(r.total) };
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
        effects
            .push(Effect::System(GurpsEvent::Critical { id: req.target_id.into(), flags }.wrap()));
    }
    Ok(crit)
}

/// Step 6: the damage roll (maximum, or multiplied, on some critical hits), against the DR at
/// the location struck.
fn damage(
    req: &AttackRequest<'_, GurpsState>,
    p: &Plan,
    landing: &Landing,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let Landing { at, ref side_text, crit, struck } = *landing;
    let f = FieldReader(req.fields);
    let mut src = with(&mut srcs.damage, dice);
    let (dice_n, mut adds) = (p.arms.dice, p.arms.adds);
    // GURPS-MAN-7: AOA Strong, +2 or +1 per die, whichever is more.
    if p.maneuver.kind == Kind::AoaStrong && p.arms.melee() {
        adds += dice_n.max(2);
    }
    let words = format!("{}{}", damage_words(dice_n, adds), divisor_words(p.arms.divisor));
    let mut roll = if matches!(crit, CritHit::Maximum | CritHit::MaxNoDr) {
        RollRecord {
            expr: format!("{words} {} maximum", p.arms.kind),
            dice: vec![],
            total: 6 * dice_n + adds,
        }
    } else {
        if dice_n > 0 {
            let weapon = p.arms.name.as_ref().map_or(String::new(), |w| format!(" {w}"));
            let asked = format!("{}'s{weapon} damage", req.attacker.name);
            let count = usize::try_from(dice_n).unwrap_or(0);
            roll::named(&asked, &format!("{words} {}", p.arms.kind), count, None, &mut src)?;
        }
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
    // GURPS-DMG-5: the armor divisor divides what DR the critical left (none when it left none).
    let divisor = if matches!(crit, CritHit::MaxNoDr) { 100 } else { p.arms.divisor };
    let (ignored, added, divided) = armor_divisor(dr, ignored, divisor);
    effects.extend(divided.map(|text| Effect::Log { text, roll: None }));
    effects.push(Effect::Hit(Hit {
        target: struck,
        amount: roll.total,
        roll: Some(roll),
        kind: Some(p.arms.kind.to_string()),
        // The side, for what a crippled arm or hand drops (GURPS-LOC-3).
        location: Some(match f.value("loc").map(str::to_ascii_lowercase) {
            _ if !side_text.is_empty() => side_text.clone(),
            Some(w) if w.starts_with("shield") => w,
            _ => at.key.to_string(),
        }),
        armor_ignored: ignored,
        armor_added: added,
        ..Hit::default()
    }));
    // GURPS-ATK-3 (12): the victim drops what it holds, penetrating or not (a critical hit
    // allows no defense, so the victim is the target).
    if matches!(crit, CritHit::Drop) {
        let text = format!("{} drops what it holds", req.target.name);
        effects.push(Effect::Log { text, roll: None });
        let me = state::person(req.state, req.target_id);
        effects.extend(injury::drop_all(req.target, req.target_id, &me));
    }
    Ok(())
}

/// The odds shown before rolling: hit, critical, and the best defense.
pub fn odds(req: AttackRequest<'_, GurpsState>) -> Result<String, RulesError> {
    let p = plan(&req)?;
    let skill = p.skill();
    let f = FieldReader(req.fields);
    let (hit, crit) = (super::odds::success(skill), super::odds::critical(skill));
    let mut text = format!("skill {skill}: hit {:.1}%, crit {:.1}%", hit.percent(), crit.percent());
    let target = state::person(req.state, req.target_id);
    let incoming = super::defend::incoming(&req, &p);
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
