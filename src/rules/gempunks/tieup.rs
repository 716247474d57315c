//! Tie Up's knots (GEM-ACT-6): the DC from the tier's items check (typed `dc=N` or rolled) and
//! `escape`, the tied creature's legerdemain check against DC + 3 on its own turn.

use super::Gempunks;
use super::set::typed;
use crate::rules::dice::question::RollAsk;
use crate::rules::dice::{DiceExpr, DiceSource, RollRecord};
use crate::rules::effect::{ConditionChange, Ending};
use crate::rules::effect::{Effect, Who};
use crate::rules::gempunks::state::GemState;
use crate::rules::request::{AttackRequest, FieldReader, SpecialRequest};
use crate::rules::ruleset::option;
use crate::rules::types::{Pass, RulesError};

pub const TIED: &str = "Tied Up";

/// How far past the DC an escape must reach (GEM-ACT-6).
const ESCAPE_OVER: i64 = 3;

fn invalid(text: impl Into<String>) -> RulesError {
    RulesError::Invalid(text.into())
}

/// A skill check: one die (Reading `gem_check_die`, d6 by default: the spec names none) plus the
/// creature's skill bonus (`items=`, `legerdemain=`), named `label` with what it needs, if
/// anything, before its die.
fn check(
    options: &crate::rules::types::Options,
    bonus: i64,
    (label, beat): (String, Option<String>),
    dice: &mut dyn DiceSource,
) -> Result<RollRecord, RulesError> {
    let die = if option(&Gempunks, options, "gem_check_die") == "d10" { 10 } else { 6 };
    let expr = match bonus {
        0 => format!("1d{die}"),
        b if b > 0 => format!("1d{die}+{b}"),
        b => format!("1d{die}{b}"),
    };
    dice.before_roll(&RollAsk { label, dice: expr.clone(), count: 1, beat })?;
    Ok(DiceExpr::parse(&expr)?.roll(dice)?)
}

/// A check as it reads in the log: `d6+2: 3 + 2 = 5`.
fn shown(roll: &RollRecord) -> String {
    let face: i64 = roll.faces().iter().map(|&f| i64::from(f)).sum();
    match roll.total - face {
        0 => format!("{}: {face}", roll.expr),
        b if b > 0 => format!("{}: {face} + {b} = {}", roll.expr, roll.total),
        b => format!("{}: {face} − {} = {}", roll.expr, -b, roll.total),
    }
}

/// The DC a Tie Up ties with: `dc=N` as typed, else the tier's items check rolled now. The text
/// says how it came, the roll is there when one was made.
pub fn dc(
    req: AttackRequest<'_, GemState>,
    dice: &mut dyn DiceSource,
) -> Result<(i64, String, Option<RollRecord>), RulesError> {
    if let Some(dc) = FieldReader(req.fields).int("dc")? {
        return Ok((dc, format!("DC {dc}, typed"), None));
    }
    let items = req.attacker.stats.int_or("items", 0);
    let label = format!("{}'s items check for the knots' DC", req.attacker.name);
    let roll = check(req.options, items, (label, None), dice)?;
    let text =
        format!("DC {} from {}'s items check {}", roll.total, req.attacker.name, shown(&roll));
    Ok((roll.total, text, Some(roll)))
}

/// The DC written on a Tied Up condition (`DC 7`).
pub fn written_dc(detail: Option<&str>) -> Option<i64> {
    detail?.trim().strip_prefix("DC")?.trim().parse().ok()
}

/// `escape NAME [roll=FACE] [dc=N] [force]` (GEM-ACT-6): on its own turn, for its standard action,
/// a tied-up creature rolls legerdemain; at DC + 3 or more it is free.
pub fn escape(
    req: SpecialRequest<'_, GemState>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Effect>, RulesError> {
    let f = FieldReader(req.fields);
    let Some(who) = req.actor else {
        return Err(invalid("escape needs who escapes: escape NAME"));
    };
    let name = who.name;
    let Some(tied) = who.conditions.iter().find(|c| c.name == TIED) else {
        return Err(invalid(format!("{name} is not tied up: nothing to escape (GEM-ACT-6)")));
    };
    let dc = match (f.int("dc")?, written_dc(tied.detail.as_deref())) {
        (Some(dc), _) | (None, Some(dc)) => dc,
        (None, None) => {
            return Err(invalid(format!(
                "{name}'s Tied Up has no DC written on it: give the knots' DC, escape {name} dc=N \
                 (GEM-ACT-6)"
            )));
        }
    };
    let force = f.flag("force");
    if !force {
        if !req.started {
            return Err(invalid("the fight has not started: escape comes on the creature's turn"));
        }
        let current = req.current.map(|c| c.name);
        if current != Some(name) {
            return Err(invalid(format!(
                "{name} escapes on its own turn, not {}'s (GEM-ACT-6); force overrides",
                current.unwrap_or("no one")
            )));
        }
        let budget = Gempunks.budget_in(who, Pass::main(0, 1), req.options);
        let standard = budget.iter().find(|p| p.name == "standard").map_or(0, |p| p.total);
        if req.actions_taken >= standard {
            return Err(invalid(format!(
                "{name} has no standard action left this turn to escape with (GEM-ACT-6); force \
                 overrides"
            )));
        }
    }
    let bonus = who.stats.int_or("legerdemain", 0);
    let mut faces = typed(f, "roll")?;
    let source: &mut dyn DiceSource = match faces.as_mut() {
        Some(s) => s,
        None => dice,
    };
    let goal = dc.saturating_add(ESCAPE_OVER);
    let label = format!("{name}'s legerdemain to slip the knots (DC {dc} + 3)");
    let roll = check(req.options, bonus, (label, Some(format!("{goal} or more"))), source)?;
    if let Some(t) = &faces
        && t.remaining() > 0
    {
        return Err(invalid(format!(
            "roll= gave {} face(s) more than the one legerdemain die",
            t.remaining()
        )));
    }
    let escaped = roll.total >= goal;
    let text = if escaped {
        format!("{name} slips the knots: legerdemain {} ≥ DC {dc} + 3 (GEM-ACT-6)", shown(&roll))
    } else {
        format!(
            "{name} stays tied up: legerdemain {}, below DC {dc} + 3 = {goal} (GEM-ACT-6)",
            shown(&roll)
        )
    };
    let mut effects = vec![Effect::Log { text, roll: Some(roll) }];
    if escaped {
        effects.push(Effect::Condition {
            who: Who::Actor,
            change: ConditionChange::End { name: TIED.into(), why: Ending::Removed },
        });
    }
    effects.push(Effect::Pay { pool: "standard", amount: 1 });
    Ok(effects)
}
