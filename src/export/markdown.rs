//! The report as Markdown: title, the fight in a line, participants, statistics, the time at
//! the table (when the fight's records carry times), then the log by round and turn.

use std::fmt::Write;

use super::report::Report;
use crate::printable::escaped;

/// Text as it reads, never as markup: control characters escaped ([`escaped`]), a backslash
/// before each character that could open markup (emphasis, code, raw HTML, an entity,
/// strikethrough, a table cell's end, a link), and before a heading or list marker at its start.
fn md(text: &str) -> String {
    let text = escaped(text);
    let mut out = String::with_capacity(text.len() + 4);
    // `1.` or `2)` at the start would begin a numbered list.
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let numbered =
        (1..=9).contains(&digits) && matches!(text[digits..].chars().next(), Some('.' | ')'));
    // A bracket makes a link only with `](`, `][` or a definition's `]:`; the dice of a roll-off
    // (`d6 [1, 4, 4]`) stay as they are.
    let link = ["](", "][", "]:"].iter().any(|pair| text.contains(pair));
    for (i, c) in text.char_indices() {
        let opens_block = i == 0 && matches!(c, '#' | '-' | '+' | '=');
        let inline =
            matches!(c, '\\' | '`' | '*' | '_' | '<' | '>' | '&' | '~' | '|') || (c == '[' && link);
        if inline || opens_block || (numbered && i == digits) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Render the report as Markdown.
pub fn to_markdown(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", md(&report.title));
    let rounds = match report.rounds {
        0 => "not started".to_string(),
        1 => "1 round".to_string(),
        n => format!("{n} rounds"),
    };
    let date = report.date.as_deref().map(|d| format!(" · {}", md(d))).unwrap_or_default();
    let _ = writeln!(out, "{}{date} · {rounds}\n", md(&report.system));
    if let Some(ended) = &report.ended {
        let _ = writeln!(out, "{}\n", md(ended));
    }
    participants(&mut out, report);
    statistics(&mut out, report);
    time(&mut out, report);
    log(&mut out, report);
    out
}

/// The participants' table, then their notes.
fn participants(out: &mut String, report: &Report) {
    out.push_str("## Participants\n\n");
    out.push_str("| name | side | health at start | health at end | conditions at end |\n");
    out.push_str("|---|---|---|---|---|\n");
    for p in &report.participants {
        let mut end = p.health_end.clone();
        // The players' label for it already says so.
        let label = crate::view::band_word(crate::rules::types::HealthBand::Down);
        if p.down && end != label {
            end.push_str(", down");
        }
        let conditions =
            if p.conditions.is_empty() { "—".to_string() } else { p.conditions.join(", ") };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            md(&p.name),
            md(&p.side),
            md(&p.health_start),
            md(&end),
            md(&conditions)
        );
    }
    let notes: Vec<_> = report.participants.iter().filter(|p| !p.notes.is_empty()).collect();
    if !notes.is_empty() {
        out.push_str("\nNotes:\n\n");
        for p in notes {
            let texts: Vec<String> = p.notes.iter().map(|n| md(n)).collect();
            let _ = writeln!(out, "- {}: {}", md(&p.name), texts.join(" · "));
        }
    }
}

/// The statistics' table, a row per participant.
fn statistics(out: &mut String, report: &Report) {
    out.push_str("\n## Statistics\n\n");
    out.push_str(
        "| name | dealt | taken | healed | attacks | hits | defended | misses | crits | conditions | downed | biggest hit | taken down by |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for p in &report.participants {
        let s = &p.stats;
        let biggest = s
            .biggest_hit
            .as_ref()
            .map_or_else(|| "—".to_string(), |b| format!("{} on {}", b.amount, b.target));
        let by = if s.downed_by.is_empty() {
            "—".to_string()
        } else {
            let names: Vec<&str> =
                s.downed_by.iter().map(|b| b.as_deref().unwrap_or("(no attack)")).collect();
            names.join(", ")
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            md(&p.name),
            s.damage_dealt,
            s.damage_taken.map_or_else(|| "—".to_string(), |n| n.to_string()),
            s.healing.map_or_else(|| "—".to_string(), |n| n.to_string()),
            s.attacks,
            s.hits,
            s.defended,
            s.misses,
            s.criticals,
            s.conditions_inflicted,
            s.downed,
            md(&biggest),
            md(&by)
        );
    }
}

/// The time at the table: the fight's real duration, each combatant's turns, each turn; left
/// out when the fight's records carry no times.
fn time(out: &mut String, report: &Report) {
    use crate::clock::span;
    let Some(timing) = &report.timing else { return };
    out.push_str("\n## Time at the table\n\n");
    let _ = writeln!(out, "{} from the first command to the last.", span(timing.duration_ms));
    if timing.turns.is_empty() {
        return;
    }
    out.push_str("\n| name | turns | mean | longest |\n|---|---|---|---|\n");
    for c in &timing.combatants {
        let (mean, longest) = (span(c.mean_ms), span(c.longest_ms));
        let _ = writeln!(out, "| {} | {} | {mean} | {longest} |", md(&c.name), c.turns);
    }
    out.push_str("\n| round | turn | time |\n|---|---|---|\n");
    for t in &timing.turns {
        let _ = writeln!(out, "| {} | {} | {} |", t.round, md(&t.who), span(t.ms));
    }
}

/// The log, under a heading per round and per turn.
fn log(out: &mut String, report: &Report) {
    out.push_str("\n## Log\n");
    for round in &report.log {
        match round.round {
            0 => out.push_str("\n### Before round 1\n"),
            n => {
                let _ = writeln!(out, "\n### Round {n}");
            }
        }
        for turn in &round.turns {
            // The line that opened a turn is its heading; the round's own line (`Round 2`) is
            // what the round's heading says.
            let heading = turn.lines.iter().find(|l| l.heading);
            if let Some(who) = &turn.who {
                let title = heading.map_or_else(|| format!("{who}'s turn"), |l| l.text.clone());
                let _ = writeln!(out, "\n#### {}", md(&title));
            }
            let mut lines = turn.lines.iter().filter(|l| !l.heading && !l.text.is_empty());
            let first = lines.next();
            if turn.who.is_some() || first.is_some() {
                out.push('\n');
            }
            for line in first.into_iter().chain(lines) {
                let _ = writeln!(out, "- {}", md(&line.text));
            }
        }
    }
}
