//! The engine's function for each core verb, next to the entry it plans: a verb's signature is
//! declared in `command/table.rs` (the language sits above the engine and cannot name it), and
//! its row here says how the values read become the engine's call. A system's verbs carry their
//! own function (`rules::verb::Verb`).

use super::health::own_condition;
use super::*;
use crate::command::Invocation;
use crate::command::invocation::Args;
use crate::command::table::{self, Entry};

/// How the engine plans one core verb from the values its signature read.
type PlanFn = fn(&mut Planner<'_>, &Args) -> Result<(), EngineError>;

/// A core verb's entry and the engine's function for it.
struct Plan {
    entry: &'static Entry,
    plan: PlanFn,
}

/// Every core verb the engine plans; the session's operations are not here.
static PLANS: &[Plan] = &[
    Plan { entry: &table::ADD, plan: |p, a| p.add(a.word(0), a.count(1), a.side(2), a.fields(3)) },
    Plan { entry: &table::REMOVE, plan: |p, a| p.remove(a.word(0)) },
    Plan { entry: &table::START, plan: |p, _| p.start() },
    Plan { entry: &table::INIT, plan: |p, a| p.typed_init(a.word(0), a.word(1)) },
    Plan { entry: &table::SWAP, plan: |p, a| p.swap(a.word(0), a.word(1)) },
    Plan { entry: &table::NEXT, plan: next },
    Plan { entry: &table::END, plan: |p, _| p.end() },
    Plan { entry: &table::HOLD, plan: |p, a| p.hold(a.optional(0)) },
    Plan { entry: &table::ACT, plan: |p, a| p.act(a.word(0)) },
    Plan {
        entry: &table::DAMAGE,
        plan: |p, a| p.damage(a.word(0), given(a.amount(1))?, a.optional(2), a.flag(3)),
    },
    Plan { entry: &table::HEAL, plan: |p, a| p.heal(a.word(0), given(a.amount(1))?) },
    Plan {
        entry: &table::COND,
        plan: |p, a| p.condition(a.word(0), a.word(1), a.flag(2), a.fields(3)),
    },
    Plan { entry: &table::UNCOND, plan: uncond },
    Plan { entry: &table::SHAKE, plan: |p, a| p.shake(a.word(0), a.word(1)) },
    Plan {
        entry: &table::ATTACK,
        plan: |p, a| p.attack(a.word(0), a.names(1), a.optional(2), a.fields(3)),
    },
    Plan { entry: &table::ROLL, plan: roll },
    Plan { entry: &table::NOTE, plan: note },
    Plan { entry: &table::HIDE, plan: |p, a| p.set_hidden(a.word(0), true) },
    Plan { entry: &table::REVEAL, plan: |p, a| p.set_hidden(a.word(0), false) },
    Plan { entry: &table::SHOW, plan: |p, a| p.show(!a.flag(0)) },
    Plan { entry: &table::WEAPON, plan: weapon },
    Plan { entry: &table::EDIT, plan: edit },
    Plan { entry: &table::DO, plan: |p, a| p.do_action(a.word(0), a.word(1), a.fields(2)) },
    Plan { entry: &table::SET, plan: |p, a| p.set_option(a.word(0), a.word(1)) },
    Plan { entry: &table::IMPORT, plan: |p, a| p.import(a.sheets(), a.side(2), a.fields(3)) },
    Plan { entry: &table::ALERT, plan: |p, a| p.alert(a.word(0), a.fields(1)) },
    Plan { entry: &table::PARTY, plan: |p, a| p.party(a.optional(0), a.sheets()) },
];

/// A value the signature always reads, for a verb built by hand without it.
fn given<T>(value: Option<T>) -> Result<T, EngineError> {
    value.ok_or_else(|| EngineError::Refused("the command lacks a value it needs".into()))
}

impl Planner<'_> {
    /// Plan a verb: a core one by its function in [`PLANS`], else one of the system's.
    pub(super) fn verb(&mut self, verb: &Invocation) -> Result<(), EngineError> {
        match PLANS.iter().find(|p| verb.is(&p.entry.spec)) {
            Some(core) => (core.plan)(self, &verb.args),
            None => self.special(verb),
        }
    }
}

/// Whom a setup verb's NAME names: every member of a group named by its id (`thug` for Thug 1–3,
/// as `hide` and an attacking group take it), or the one combatant `who` names.
fn each(p: &Planner<'_>, who: &str) -> Result<Vec<String>, EngineError> {
    let enc = &p.scratch;
    let wanted = slug(who);
    let group: Vec<String> = enc
        .combatants
        .iter()
        .filter(|c| c.group.as_deref() == Some(wanted.as_str()))
        .map(|c| c.id.to_string())
        .collect();
    if group.len() > 1 && enc.get(&wanted).is_none() {
        return Ok(group);
    }
    Ok(vec![p.who(who)?.id.to_string()])
}

/// `weapon NAME WEAPON …`: the combatant, or every member of the group, armed alike.
fn weapon(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    for id in each(p, a.word(0))? {
        p.weapon(&id, a.word(1), a.fields(2))?;
    }
    Ok(())
}

/// `edit NAME …`: the combatant, or every member of the group, each changed as `edit` changes
/// one (damage taken stays each member's own).
fn edit(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    for id in each(p, a.word(0))? {
        p.edit(&id, a.side(1), a.fields(2))?;
    }
    Ok(())
}

fn next(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    p.require_started("next")?;
    p.next_flags = a.turn_flags(0).to_vec();
    p.advance()
}

fn uncond(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    let c = p.who(a.word(0))?;
    let name = own_condition(c, a.word(1))?;
    let id = c.id.to_string();
    p.emit(Event::ConditionEnded { id: id.into(), name, why: Ended::Removed })
}

fn roll(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    let by = match a.optional(1) {
        Some(q) => Some(p.who(q)?),
        None => None,
    };
    let label = match &by {
        Some(c) => format!("{}'s roll", c.name),
        None => "roll".to_string(),
    };
    let by = by.map(|c| c.id.to_string());
    let expr = DiceExpr::parse(a.word(0))?;
    p.dice.before_roll(&crate::rules::dice::question::RollAsk::of(label, &expr))?;
    let roll = expr.roll(p.dice)?;
    p.emit(Event::Rolled { roll: Box::new(roll), by: by.map(CombatantId::from) })
}

fn note(p: &mut Planner<'_>, a: &Args) -> Result<(), EngineError> {
    let (who, text) = (a.word(0), a.word(1));
    let id = p.who(who)?.id.to_string();
    // Refused whole rather than cut: a note is never shortened without a word.
    let length = text.chars().count();
    if length > MAX_TEXT {
        return refuse(format!(
            "a note holds at most {MAX_TEXT} characters; this one has {length}"
        ));
    }
    p.emit(Event::Noted { id: id.into(), text: text.to_string() })
}

#[cfg(test)]
mod tests {
    use super::PLANS;
    use crate::command::table::{COMMANDS, Run};

    /// Every core entry the engine carries out has its function here, and only those do.
    #[test]
    fn every_engine_entry_has_one_plan() {
        for entry in COMMANDS {
            let plans = PLANS.iter().filter(|p| std::ptr::eq(p.entry, *entry)).count();
            let wanted = usize::from(matches!(entry.run, Run::Engine));
            assert_eq!(plans, wanted, "`{}` has {plans} plan(s)", entry.name);
        }
    }
}
