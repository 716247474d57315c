//! A fight's report (`skirmish export`, `:export`): the participants, statistics per combatant
//! counted from the events, the time at the table from the commands' times, and the log by round
//! and turn, as Markdown or JSON. Pure: it reads a
//! [`Session`] and returns text; the caller writes it.

mod markdown;
mod report;
mod stats;
mod timing;

pub use markdown::to_markdown;
pub use report::{LogLine, LogRound, LogTurn, Participant, Report};
pub use stats::{BiggestHit, Statistics, statistics};
pub use timing::{CombatantTime, Timing, TurnTime, timing};

use crate::encounter::{Opens, Session};
use stats::Tally;

/// The report's formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Markdown,
    Json,
}

impl Format {
    /// `md` (or `markdown`) and `json`.
    pub fn parse(text: &str) -> Option<Format> {
        match text.to_ascii_lowercase().as_str() {
            "md" | "markdown" => Some(Format::Markdown),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// The file extension a report of this format gets.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => "md",
            Format::Json => "json",
        }
    }
}

/// Build the report of the current line of play. `date` is the caller's (the report itself reads
/// no clock).
pub fn report(session: &Session, date: Option<String>) -> Report {
    let enc = session.encounter();
    let rules = enc.system.rules();
    let Tally { stats, start_health, ended } = stats::tally(session);
    let participants = enc
        .combatants
        .iter()
        .map(|c| Participant {
            id: c.id.to_string(),
            name: c.name.clone(),
            side: c.side.to_string(),
            hidden: c.hidden,
            health_start: rules
                .spec()
                .health
                .text(start_health.get(c.id.as_str()).copied().unwrap_or(c.health)),
            health_end: rules.spec().health.text(c.health),
            down: enc.is_down(c),
            conditions: c
                .conditions
                .iter()
                .map(|k| match k.rounds {
                    Some(n) => format!("{} ({n} rd)", k.name),
                    None => k.name.clone(),
                })
                .collect(),
            notes: c.notes.clone(),
            stats: stats.get(c.id.as_str()).cloned().unwrap_or_default(),
        })
        .collect();
    Report {
        title: enc.name.clone(),
        system: enc.system.to_string(),
        date,
        rounds: enc.round,
        ended,
        participants,
        timing: timing::timing(session),
        log: by_round_and_turn(session),
    }
}

/// The session's own log (what the fold wrote, as `skirmish run` and the tracker show it), cut
/// where its lines say a round or a turn opens: nothing is left out, nothing moves.
fn by_round_and_turn(session: &Session) -> Vec<LogRound> {
    let enc = session.encounter();
    let mut rounds: Vec<LogRound> = Vec::new();
    let mut add = |line: &crate::encounter::LogEntry| {
        if line.opens == Some(Opens::Round) || rounds.last().is_none_or(|r| r.round != line.round) {
            rounds.push(LogRound { round: line.round, turns: Vec::new() });
        }
        let Some(round) = rounds.last_mut() else { return };
        if line.opens == Some(Opens::Turn) || round.turns.is_empty() {
            let who = line.who.as_deref().filter(|_| line.opens == Some(Opens::Turn));
            let who = who.map(|id| enc.get(id).map_or_else(|| id.to_string(), |c| c.name.clone()));
            round.turns.push(LogTurn { who, lines: Vec::new() });
        }
        // The line as `skirmish run` prints it: its dice after it when its words do not show
        // them (a line of dice alone is still a line).
        let text = match &line.roll {
            Some(roll) if line.text.is_empty() => roll.to_string(),
            Some(roll) if !line.text.contains(&roll.to_string()) => {
                format!("{}  {roll}", line.text)
            }
            _ => line.text.clone(),
        };
        if let Some(turn) = round.turns.last_mut() {
            turn.lines.push(LogLine { text, heading: line.opens.is_some() });
        }
    };
    // A long fight's older lines are folded again; should that fail, the report says so.
    if let Err(err) = session.each_line(&mut add) {
        let text = format!("(the log stops here: its older lines did not fold again: {err})");
        add(&crate::encounter::LogEntry {
            round: enc.round,
            text,
            roll: None,
            who: None,
            opens: None,
        });
    }
    rounds
}

/// The players' report, through the players' view ([`crate::view`]) so the two never disagree:
/// only combatants the players may see, their health at the end as the view shows it (exact, a
/// label or nothing, by `player_health.*`), no GM notes, nobody hidden named in the statistics,
/// and the players' log (written afresh from the events, as `watch` shows it) in place of the
/// GM's.
pub fn players_only(mut report: Report, session: &Session) -> Report {
    use crate::view::{self, PlayerHealth};
    let encounter = session.encounter();
    // Someone who left the fight keeps the mark the report took while they were in it.
    let seen = |p: &Participant| !p.hidden && encounter.get(&p.id).is_none_or(view::visible);
    let unseen: Vec<String> =
        report.participants.iter().filter(|p| !seen(p)).map(|p| p.name.clone()).collect();
    report.participants.retain(|p| seen(p));
    // Only the turns of those the players may see are timed for them.
    if let Some(timing) = report.timing.as_mut() {
        let shown = |name: &String| report.participants.iter().any(|p| p.name == *name);
        timing.turns.retain(|t| shown(&t.who));
        timing.combatants.retain(|c| shown(&c.name));
    }
    for p in &mut report.participants {
        p.notes.clear();
        if let Some(c) = encounter.get(&p.id) {
            p.health_end = match view::player_health(encounter, c) {
                PlayerHealth::Exact { text, .. } => text,
                PlayerHealth::Label { band } => view::band_word(band).to_string(),
                PlayerHealth::Hidden => "not shown".to_string(),
            };
            // Health the players' view does not show exactly is not given away by its changes.
            if view::health_shown(encounter, c.side) != view::HealthShown::Exact {
                p.health_start = "not shown".to_string();
                p.stats.damage_taken = None;
                p.stats.healing = None;
            }
        }
        let stats = &mut p.stats;
        if stats.biggest_hit.as_ref().is_some_and(|b| unseen.contains(&b.target)) {
            stats.biggest_hit = None;
        }
        for by in stats.downed_by.iter_mut().flatten() {
            if unseen.contains(by) {
                *by = "someone unseen".to_string();
            }
        }
    }
    let players = view::player_view(session);
    let mut rounds: Vec<LogRound> = Vec::new();
    for line in players.log {
        // The view opens each round with its own line (`Round 2`), as the GM's log does.
        let opens = rounds.last().is_none_or(|r| r.round != line.round);
        if opens {
            rounds.push(LogRound {
                round: line.round,
                turns: vec![LogTurn { who: None, lines: Vec::new() }],
            });
        }
        let heading = opens && line.text == format!("Round {}", line.round);
        if let Some(turn) = rounds.last_mut().and_then(|r| r.turns.last_mut()) {
            turn.lines.push(LogLine { text: line.text, heading });
        }
    }
    report.log = rounds;
    report
}

/// The report as pretty JSON.
pub fn to_json(report: &Report) -> String {
    let mut text = serde_json::to_string_pretty(report).unwrap_or_default();
    text.push('\n');
    text
}

/// Render a report in a format.
pub fn render(report: &Report, format: Format) -> String {
    match format {
        Format::Markdown => to_markdown(report),
        Format::Json => to_json(report),
    }
}

/// The day (`YYYY-MM-DD`, UTC) of a time in seconds since 1970 (Howard Hinnant's civil-from-days).
pub fn date_of(seconds: u64) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
