//! GURPS attacks in the dice order of GURPS-ORDER-1: the fields `attack` takes, the typed faces
//! for each kind of roll, and one attack after another: random location, attack roll, critical
//! hit table, the defense ([`super::defend`]), the damage; and the odds shown before rolling. The
//! weapon is [`super::weapon`]'s, the effective skill [`super::skill`]'s, critical misses
//! [`super::critical`]'s.

pub use super::attack_fields::ATTACK_FIELDS;
use super::critical::critical_miss;
use super::defend::{Defense, defend};
use super::defense::{self, Asked};
use super::hit::{Landing, critical_hit, damage, roll_location};
use super::maneuver::Kind;
use super::rapid;
use super::roll::{self, Sources, Verdict, with};
use super::skill::{Plan, Strike, plan, plan_strike};
use super::state::{self, GurpsEvent, Person};
use super::tables::{self, CritHit};
use super::weapon::invalid;
use super::{DEFAULT_ATTRIBUTE, Gurps};
use crate::rules::dice::DiceSource;
use crate::rules::effect::{Effect, Who};
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
    // GURPS-RAPID-1: a further hit of a volley, its location and damage alone.
    if let Some(hit) = rapid::continuing(&f)? {
        return rapid::further_hit(&req, hit, dice);
    }
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
    let mut srcs = Sources::typed(&f)?;
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
    let mut fields = srcs.carried(req.fields, &[STRIKE]);
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
        let (at, text) = roll_location(req, "", srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    // Step 3: the attack roll.
    let skill = p.skill();
    let mut src = with(&mut srcs.attack, dice);
    let asked = format!("{a}'s attack on {t}{label}");
    let attack = roll::roll_asked(skill, &asked, "attack", &mut src)?;
    srcs.attack = src.typed;
    let (verdict, margin) = (attack.verdict, attack.margin());
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
        let (at, text) = roll_location(req, "", srcs, dice, effects)?;
        location = Some(at);
        side_text = text;
    }
    let at = location.unwrap_or(tables::LOCATIONS[0]);
    if !side_text.is_empty() {
        summary.push_str(&format!(" at the {side_text}"));
    }
    let tag = String::new();
    let mut landing = Landing { at, side_text, crit: CritHit::Normal, struck: Who::TARGET, tag };
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
    // GURPS-RAPID-1: a volley scores a hit more per full Recoil of margin.
    let mut hits = p.volley.map_or(1, |v| rapid::scored(req, v, margin, effects));
    if critical {
        landing.crit = critical_hit(req, at, srcs, dice, effects)?;
    } else {
        // Steps 4–5: the defense.
        match defend(req, p, at, target, srcs, dice, effects)? {
            Defense::Struck(who) => landing.struck = who,
            Defense::Stopped { kind, name, margin } => {
                // GURPS-RAPID-2: a Dodge stops one hit more per full Recoil of its margin.
                hits = match p.volley {
                    Some(v) => rapid::after_defense(req, v, hits, (kind, &name, margin), effects),
                    None => 0,
                };
                if hits == 0 {
                    if let Some(Effect::Attacked { hit, defended, .. }) =
                        effects.get_mut(verdict_at)
                    {
                        *hit = false;
                        *defended = true;
                    }
                    return Ok(());
                }
            }
        }
    }
    landing.tag = rapid::tag(1, hits);
    let strong = p.maneuver.kind == Kind::AoaStrong;
    damage(req, &p.arms, strong, &landing, srcs, dice, effects)?;
    // The volley's other hits, one at a time, on whoever took the first.
    if hits > 1 {
        let struck = match landing.struck {
            Who::Target(1) => req.targets.get(1).map_or(req.target_id, |x| x.id),
            _ => req.target_id,
        };
        effects.push(rapid::next_hit(req, 2, hits, struck, srcs));
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
