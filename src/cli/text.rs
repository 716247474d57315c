//! `skirmish run`'s text report: the log (or only the lines a script added to a loaded fight),
//! with what commands answered, then the order with each combatant's health and flags. Names and
//! notes reach the terminal with their control characters escaped.

use super::answer::Answer;
use super::log_from::LogFrom;
use crate::encounter::{LogEntry, Session};
use crate::printable::escaped;

/// The text report: the log, then the order.
pub fn to_text(session: &Session) -> String {
    with_answers(session, &[])
}

/// One log entry as the report prints it, with its dice when its text does not show them.
fn log_entry(line: &LogEntry) -> String {
    let text = escaped(&line.text);
    match &line.roll {
        Some(roll) if !line.text.contains(&roll.to_string()) => {
            format!("[{}] {text}  {}\n", line.round, escaped(&roll.to_string()))
        }
        _ => format!("[{}] {text}\n", line.round),
    }
}

/// The text report with what the commands that only answer said, each after the log entries
/// that came before it (a later undo may have taken some back), every line of it after `> `.
pub fn with_answers(session: &Session, answers: &[Answer]) -> String {
    report(session, answers, None)
}

/// The text report, its log from `from` on (after a heading that counts the lines left out)
/// when given, else whole.
pub fn report(session: &Session, answers: &[Answer], from: Option<&LogFrom<'_>>) -> String {
    let enc = session.encounter();
    let mut out = from.map_or_else(String::new, LogFrom::heading);
    let mut answers = answers.iter().peekable();
    let mut at = from.map_or(0, |f| f.first);
    // Each answer after the lines that came before it, the lines of a long fight folded again.
    let mut print_answers = |out: &mut String, at: usize, last: bool| {
        while let Some(answer) = answers.next_if(|a| last || a.log <= at) {
            for line in answer.text.lines() {
                out.push_str(&format!("> {}\n", escaped(line)));
            }
        }
    };
    let mut visit = |line: &LogEntry| {
        print_answers(&mut out, at, false);
        out.push_str(&log_entry(line));
        at += 1;
    };
    let folded = match from {
        None => session.each_line(&mut visit),
        Some(from) => session.each_line_from(from.in_session(), &mut visit),
    };
    print_answers(&mut out, at, true);
    if let Err(err) = folded {
        out.push_str(&format!("(the log stops here: its older lines did not fold again: {err})\n"));
    }
    let current = enc
        .current()
        .map_or("nobody".to_string(), |c| format!("{} turn", enc.named(c).possessive()));
    let heading = format!(
        "{} ({}), round {}, {current}",
        if enc.name.is_empty() { "encounter" } else { &enc.name },
        enc.system,
        enc.round
    );
    out.push_str(&format!("\n{}\n", escaped(&heading)));
    let rules = enc.system.rules();
    let mut listed: Vec<usize> = enc.initiative_order();
    let unlisted: Vec<usize> = (0..enc.combatants.len()).filter(|i| !listed.contains(i)).collect();
    listed.extend(unlisted);
    for i in listed {
        let c = &enc.combatants[i];
        let marker = if enc.turn.as_ref().is_some_and(|t| t.id == c.id) { '>' } else { ' ' };
        let init = c.initiative.as_ref().map_or("-".to_string(), |i| i.value.to_string());
        let mut flags = Vec::new();
        if enc.is_down(c) {
            flags.push("down".to_string());
        }
        if c.held {
            flags.push("holding".to_string());
        }
        if let Some(s) = rules.unit(c.view()).strength {
            flags.push(format!("members {s}"));
        }
        flags.extend(c.conditions.iter().map(ToString::to_string));
        let row = format!(
            "{marker} {init:>5}  {:<16} {:<7} {:<14} {}",
            c.name,
            c.side.key(),
            rules.spec().health.text(enc.health_now(c)),
            flags.join(", ")
        );
        out.push_str(&escaped(row.trim_end()));
        out.push('\n');
    }
    out
}
