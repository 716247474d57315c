//! `skirmish run --json`: a session as one JSON object (state, combatants with their derived
//! figures and budgets, and the log, or the lines a script added to a loaded fight).

use serde_json::{Value, json};

use super::answer::Answer;
use super::log_from::LogFrom;
use crate::encounter::{Combatant, Session};
use crate::rules::initiative::InitValue;
use crate::rules::stats::StatValue;

fn stat_json(value: &StatValue) -> Value {
    match value {
        StatValue::Int(n) => json!(n),
        StatValue::Decimal(h) => json!(*h as f64 / 100.0),
        StatValue::Dice(d) | StatValue::Text(d) => json!(d),
        StatValue::Die(d) => json!(d.to_string()),
        StatValue::Flag(b) => json!(b),
        StatValue::List(items) => json!(items),
    }
}

fn derived_json(value: &crate::rules::types::Derived) -> Value {
    use crate::rules::types::Derived;
    match value {
        Derived::Int(n) => json!(n),
        Derived::Bool(b) => json!(b),
        Derived::Text(t) => json!(t),
        Derived::List(items) => json!(items),
        Derived::Map(pairs) => {
            Value::Object(pairs.iter().map(|(k, v)| (k.clone(), json!(v))).collect())
        }
        Derived::Nothing => Value::Null,
    }
}

fn initiative_json(value: InitValue) -> Value {
    match value {
        InitValue::Count(n) => json!(n),
        InitValue::Speed(h) => json!(h as f64 / 100.0),
        InitValue::Card(card) => json!(card.code()),
    }
}

fn combatant_json(session: &Session, c: &Combatant) -> Value {
    let enc = session.encounter();
    let mut object = json!({
        "id": c.id,
        "name": c.name,
        "side": c.side.key(),
        "initiative": c.initiative.as_ref().map_or(Value::Null, |i| initiative_json(i.value)),
        "health": {"current": c.health.current, "max": enc.health_now(c).max},
        "card": match c.initiative.as_ref().map(|i| i.value) {
            Some(InitValue::Card(card)) => json!(card.code()),
            _ => Value::Null,
        },
        "conditions": c.conditions.iter().map(|k| {
            let mut cond = json!({
                // Lowercase, spaces and dashes as underscores, in every system.
                "name": k.name.to_lowercase().replace(['-', ' '], "_"),
                "level": k.level.to_string(),
                "persistent": k.persistent,
                "source": k.source.to_string(),
            });
            if let Some(n) = k.rounds { cond["rounds"] = json!(n); }
            cond
        }).collect::<Vec<_>>(),
        "down": enc.is_down(c),
        "held": c.held,
        "hidden": c.hidden,
        "group": c.group,
        "notes": c.notes,
    });
    if let Value::Object(map) = &mut object {
        // Derived figures (effective DEFENSEs, SOAK …) first: they win over the raw stats.
        let rules = enc.system.rules();
        for (path, value) in rules.sheet(enc.subject(c)).derived {
            match path.split_once('.') {
                Some((group, key)) => {
                    let entry = map.entry(group.to_string()).or_insert_with(|| json!({}));
                    entry[key] = derived_json(&value);
                }
                None => {
                    map.insert(path.to_string(), derived_json(&value));
                }
            }
        }
        for (key, value) in c.stats.iter() {
            map.entry(key.to_string()).or_insert_with(|| stat_json(value));
        }
        if !c.weapons.is_empty() {
            let weapons: Vec<Value> = c
                .weapons
                .iter()
                .map(|w| {
                    let mut obj = json!({"name": w.name});
                    for (key, value) in w.stats.iter() {
                        obj[key] = stat_json(value);
                    }
                    obj
                })
                .collect();
            map.insert("weapons".into(), json!(weapons));
        }
        // The actions left: this turn's if it is the current one, else what a turn will give.
        let pools = enc.budget(&c.id);
        if let Some(first) = pools.first() {
            map.insert("actions_left".into(), json!(first.left()));
        }
        map.insert(
            "budget".into(),
            json!(
                pools
                    .iter()
                    .map(|p| json!({"name": p.name, "left": p.left(), "total": p.total}))
                    .collect::<Vec<_>>()
            ),
        );
    }
    object
}

/// The `messages` of `skirmish run --json`: what each command that only answers said, with its
/// script line and how many log lines came before it (at most the log's length), counted in the
/// whole log.
pub fn answers_json(session: &Session, answers: &[Answer], from: Option<&LogFrom<'_>>) -> Value {
    let log_lines = from.map_or(0, |f| f.earlier).saturating_add(session.log_total());
    answers
        .iter()
        .map(|a| {
            json!({"line": a.line, "command": a.command, "text": a.text, "log": a.log.min(log_lines)})
        })
        .collect()
}

/// The `--json` shape of a session.
pub fn to_json(session: &Session) -> Value {
    to_json_from(session, None)
}

/// The `--json` shape of a session, its `log` from `from` on when given (with `log_from`, the
/// index in the whole log of its first line, which is how many lines are left out), else whole.
pub fn to_json_from(session: &Session, from: Option<&LogFrom<'_>>) -> Value {
    let enc = session.encounter();
    let mut object = json!({
        "system": enc.system.key(),
        "name": enc.name,
        "round": enc.round,
        "current": enc.turn.as_ref().map(|t| t.id.to_string()),
        "order": enc.acting_order(),
        "options": crate::rules::ruleset::all_options(enc.system.rules())
            .map(|o| (o.name.to_string(), json!(enc.option(o.name))))
            .collect::<serde_json::Map<String, Value>>(),
        "system": enc.system.rules().board(&enc.state, &enc.options).figures.into_iter()
            .map(|(name, value)| (name.to_string(), derived_json(&value)))
            .collect::<serde_json::Map<String, Value>>(),
        "combatants": enc.combatants.iter().map(|c| combatant_json(session, c)).collect::<Vec<_>>(),
        "log": log_json(session, from),
    });
    if let Some(from) = from {
        object["log_from"] = json!(from.first);
    }
    object
}

/// Every line of the current line's log (from `from` on, when given), a long fight's older lines
/// folded again; a line that says so ends the list should they not fold.
fn log_json(session: &Session, from: Option<&LogFrom<'_>>) -> Vec<Value> {
    let mut out = Vec::new();
    let mut visit = |l: &crate::encounter::LogEntry| {
        let mut line = json!({"round": l.round, "text": l.text});
        if let Some(who) = &l.who {
            line["who"] = json!(who);
        }
        if let Some(roll) = &l.roll {
            line["roll"] = json!({"expr": roll.expr, "faces": roll.faces(), "total": roll.total});
        }
        out.push(line);
    };
    let folded = match from {
        None => session.each_line(&mut visit),
        Some(from) => session.each_line_from(from.in_session(), &mut visit),
    };
    if let Err(err) = folded {
        let text = format!("(the log stops here: its older lines did not fold again: {err})");
        out.push(json!({"round": session.encounter().round, "text": text}));
    }
    out
}
