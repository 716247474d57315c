//! One hit of a GURPS attack once it lands (GURPS-ORDER-1 steps 2 and 6): a random hit location
//! with its side, the critical hit table, and the damage roll against the DR where it struck. A
//! volley of rapid fire ([`super::rapid`]) rolls the location and damage of each hit here, one
//! hit at a time.

use super::Gurps;
use super::critical::crit_words;
use super::injury;
use super::roll::{self, Sources, with};
use super::state::{self, CritFlags, GurpsEvent};
use super::tables::{self, CritHit};
use super::weapon::{Arms, armor_divisor, damage_words, divisor_words};
use crate::rules::dice::{DiceExpr, DiceSource, RollRecord};
use crate::rules::effect::{Effect, Hit, Who};
use crate::rules::gurps::state::GurpsState;
use crate::rules::request::{AttackRequest, FieldReader};
use crate::rules::ruleset::option;
use crate::rules::types::RulesError;

/// Where and how an attack landed, for its damage.
pub(super) struct Landing {
    pub(super) at: tables::Location,
    /// The location rolled with its side (`left hand`), or empty.
    pub(super) side_text: String,
    pub(super) crit: CritHit,
    /// The target, or the ally whose sacrificial dodge took the hit.
    pub(super) struck: Who,
    /// Which hit of a volley this is (`, hit 2 of 4`), or empty for a single hit.
    pub(super) tag: String,
}

/// Step 2: a random hit location (and, by option, a hand's or foot's side), with its text;
/// `tag` names the hit of a volley it is for.
pub(super) fn roll_location(
    req: &AttackRequest<'_, GurpsState>,
    tag: &str,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(tables::Location, String), RulesError> {
    let (a, t) = (req.attacker.name, req.target.name);
    let mut src = with(&mut srcs.location, dice);
    let r = roll::table(&format!("{a}'s hit location on {t}{tag}"), "hit location", &mut src)?;
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
            text: format!("{a}'s attack on {t}{tag}: hit location {text}"),
            roll,
        });
    }
    let at = tables::location(word).unwrap_or(tables::LOCATIONS[0]);
    Ok((at, text))
}

/// GURPS-ATK-3 / GURPS-CRIT-2: the critical hit table (the head blow table at the head, by
/// option); no defense.
pub(super) fn critical_hit(
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
pub(super) fn damage(
    req: &AttackRequest<'_, GurpsState>,
    arms: &Arms,
    strong: bool,
    landing: &Landing,
    srcs: &mut Sources,
    dice: &mut dyn DiceSource,
    effects: &mut Vec<Effect>,
) -> Result<(), RulesError> {
    let Landing { at, ref side_text, crit, struck, ref tag } = *landing;
    let f = FieldReader(req.fields);
    let mut src = with(&mut srcs.damage, dice);
    let (dice_n, mut adds) = (arms.dice, arms.adds);
    // GURPS-MAN-7: AOA Strong, +2 or +1 per die, whichever is more.
    if strong && arms.melee() {
        adds += dice_n.max(2);
    }
    let words = format!("{}{}", damage_words(dice_n, adds), divisor_words(arms.divisor));
    let mut roll = if matches!(crit, CritHit::Maximum | CritHit::MaxNoDr) {
        RollRecord {
            expr: format!("{words} {} maximum{tag}", arms.kind),
            dice: vec![],
            total: 6 * dice_n + adds,
        }
    } else {
        if dice_n > 0 {
            let weapon = arms.name.as_ref().map_or(String::new(), |w| format!(" {w}"));
            let asked = format!("{}'s{weapon} damage{tag}", req.attacker.name);
            let count = usize::try_from(dice_n).unwrap_or(0);
            roll::named(&asked, &format!("{words} {}", arms.kind), count, None, &mut src)?;
        }
        let mut r = DiceExpr::parse(&format!("{dice_n}d6"))?.roll(&mut src)?;
        r.total = r.total.saturating_add(adds);
        r.expr = format!("{words} {} damage{tag}", arms.kind);
        r
    };
    srcs.damage = src.typed;
    // GURPS-DMG-3: never below 1 (0 for cr); critical multipliers take the adds too.
    roll.total = roll.total.max(if arms.kind == "cr" { 0 } else { 1 });
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
    let divisor = if matches!(crit, CritHit::MaxNoDr) { 100 } else { arms.divisor };
    let (ignored, added, divided) = armor_divisor(dr, ignored, divisor);
    effects.extend(divided.map(|text| Effect::Log { text, roll: None }));
    effects.push(Effect::Hit(Hit {
        target: struck,
        amount: roll.total,
        roll: Some(roll),
        kind: Some(arms.kind.to_string()),
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
