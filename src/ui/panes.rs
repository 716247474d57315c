//! The panes: turn order and the action menu (the dice log and the selected combatant, with its
//! sheet, have their own modules, `log_pane` and `combatant_pane`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::draw;
use super::fit::{cells, fit, shorten, to_u16};
use super::theme::Theme;
use crate::app::{App, Row};
use crate::encounter::alerts::{Alert, AlertAt};
use crate::encounter::{Combatant, CombatantId, Encounter};
use crate::rules::Health;
use crate::rules::conditions::Level;

pub(super) fn block(title: &str, theme: Theme) -> Block<'static> {
    Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title()))
        .border_style(theme.dim())
}

/// A pane's frame as [`block`] draws it, drawn faster (every frame draws four); returns the
/// area inside.
pub(super) fn pane(title: &str, theme: Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let title = Line::from(Span::styled(format!(" {title} "), theme.title()));
    draw::frame(buf, area, &title, theme.dim())
}

/// A bar of `width` cells for health.
/// A bar of health left, or of damage taken where the system counts health that way (Savage
/// Worlds wounds: an unhurt Wild Card shows an empty bar).
fn bar(health: Health, width: usize, counts_taken: bool) -> String {
    if health.max <= 0 || width == 0 {
        return " ".repeat(width);
    }
    let left = health.current.clamp(0, health.max);
    let shown = if counts_taken { health.max - left } else { left };
    let cells_wide = i64::try_from(width).unwrap_or(i64::MAX);
    let filled = usize::try_from((shown.saturating_mul(cells_wide) + health.max - 1) / health.max)
        .unwrap_or(0);
    format!("{}{}", "█".repeat(filled.min(width)), "░".repeat(width - filled.min(width)))
}

fn health_style(theme: Theme, health: Health) -> Style {
    if health.max <= 0 {
        return theme.plain();
    }
    match health.current * 3 / health.max.max(1) {
        i64::MIN..=0 => theme.bad(),
        1 => theme.warn(),
        _ => theme.good(),
    }
}

/// Condition badges: `Dazed`, severe as `DAZED`; short ones keep six cells, a longer name
/// cut with `…` (`Incap…`), so a cut never reads as another word.
fn badges(enc: &Encounter, c: &Combatant, short: bool) -> Vec<String> {
    c.conditions
        .iter()
        .map(|k| {
            let name = if short { shorten(&k.name, 6) } else { k.name.clone() };
            let name = if k.level == Level::Severe { name.to_uppercase() } else { name };
            match &k.until {
                // What ends it, with whole names only: `Dazed (Mira's end)`, `Blind (Mira's
                // start ×2)` for the second start of her turns from now.
                Some(a) if !short => {
                    let of = enc.get(&a.of).map_or(a.of.as_str(), |o| o.name.as_str());
                    let turns = if a.turns > 1 { format!(" ×{}", a.turns) } else { String::new() };
                    format!("{name} ({of}'s {}{turns})", a.edge)
                }
                _ => name,
            }
        })
        .collect()
}

/// The conditions of a turn-order row in `room` cells, and whether the health bar still fits
/// before them: whole names with the bar, then without it, then short names with and without
/// it; when even those do not fit, as many short ones as fit and `+N` for the rest, so a
/// condition is never hidden without a word.
fn condition_marks(enc: &Encounter, c: &Combatant, room: usize) -> (String, bool) {
    const BAR: usize = 7;
    let (full, short) = (badges(enc, c, false).join(" "), badges(enc, c, true));
    let short_line = short.join(" ");
    let fits = |text: &str, bar: bool| cells(text) + if bar { BAR } else { 0 } <= room;
    if full.is_empty() {
        return (full, true);
    }
    for (text, bar) in [(&full, true), (&full, false), (&short_line, true), (&short_line, false)] {
        if fits(text, bar) {
            return (text.clone(), bar);
        }
    }
    let mut shown = String::new();
    for (n, badge) in short.iter().enumerate() {
        let more = format!("+{}", short.len() - n);
        let next = if shown.is_empty() { badge.clone() } else { format!("{shown} {badge}") };
        // Room for this badge and, unless it is the last, the count of those after it.
        let after =
            if n + 1 < short.len() { 1 + cells(&format!("+{}", short.len() - n - 1)) } else { 0 };
        if cells(&next) + after > room {
            let sep = if shown.is_empty() { "" } else { " " };
            return (format!("{shown}{sep}{more}"), false);
        }
        shown = next;
    }
    (shown, false)
}

/// Markers that do not rely on colour: ▶ current, ⏸ holding, ✖ down, ◌ hidden.
fn marker(enc: &Encounter, c: &Combatant) -> char {
    if enc.turn.as_ref().is_some_and(|t| t.id == c.id) {
        '▶'
    } else if enc.is_down(c) {
        '✖'
    } else if c.held {
        '⏸'
    } else if c.hidden {
        '◌'
    } else {
        ' '
    }
}

pub fn order(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    order_of(app, &app.rows(), theme, area, buf);
}

/// The turn order of `rows` (laid out once per frame: a fight of hundreds sorts them).
pub fn order_of(app: &App, rows: &[Row], theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    // What the system adds to the title (the Savage Worlds deck: cards left before a shuffle).
    let title = match enc.system.rules().board(&enc.state, &enc.options).order_status {
        Some(status) => format!("Turn order · {status}"),
        None => "Turn order".to_string(),
    };
    let inner = pane(&title, theme, area, buf);
    if rows.is_empty() {
        Paragraph::new(vec![
            Line::styled("No combatants yet.", theme.dim()),
            Line::raw(""),
            Line::raw(":add Aria side=pc"),
            Line::raw(":add Goblin x3"),
            Line::raw(":import aldric.gcs · :party join"),
            Line::raw(":start"),
        ])
        .render(inner, buf);
        return;
    }
    let height = inner.height as usize;
    // The rows, with the alerts due this round placed where they fire (the others below).
    let shown = with_alerts(enc, rows);
    let at_selected = shown.iter().position(|s| *s == Shown::Row(app.selected)).unwrap_or(0);
    let offset = at_selected.saturating_sub(height.saturating_sub(1));
    let width = inner.width as usize;
    let health_text = |h: Health| enc.system.rules().spec().health.text(h);
    let counts_taken = enc.system.rules().spec().health.counts == crate::rules::spec::Counts::Taken;
    // Whose turn it is, found once (each group row asks).
    let current = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id));
    let window: Vec<&Shown> = shown.iter().skip(offset).take(height).collect();
    let visible: Vec<_> = window
        .iter()
        .enumerate()
        .filter_map(|(line_no, s)| match s {
            Shown::Row(index) => Some((line_no, *index)),
            Shown::Alert(_) => None,
        })
        .map(|(line_no, index)| {
            let (c, name, health, members) = row_view(enc, &rows[index], current);
            (line_no, index, c, name, health, members)
        })
        .collect();
    // The name column is as wide as the longest name shown, leaving the rest to conditions;
    // when a combatant's conditions need more, a group's summary (`▸Goblin ×3 (2 up)`) gives
    // way first, down to the longest single name.
    let longest = visible.iter().map(|v| cells(&v.3)).max().unwrap_or(0);
    let single = visible.iter().filter(|v| v.5.is_none()).map(|v| cells(&v.3)).max();
    let marks =
        visible.iter().filter(|v| v.5.is_none()).map(|v| cells(&badges(enc, v.2, false).join(" ")));
    let room = width.saturating_sub(2 + 5 + 9).saturating_sub(marks.max().unwrap_or(0));
    let wanted = longest.min(room.max(single.unwrap_or(longest)));
    let name_width = wanted.min(width.saturating_sub(2 + 5 + 1 + 8 + 7)).clamp(6, 22);
    for (line_no, index, c, name, health, members) in visible {
        let y = inner.y + to_u16(line_no);
        let init = c.initiative.as_ref().map_or("—".to_string(), |i| i.value.to_string());
        let mark = match members {
            Some(ms) if current.is_some_and(|i| ms.contains(&i)) => '▶',
            Some(ms) if ms.iter().all(|&m| enc.is_down(&enc.combatants[m])) => '✖',
            Some(_) => ' ',
            None => marker(enc, c),
        };
        let htext = health_column(health, members.is_some(), counts_taken, &health_text);

        // The selection is a cursor block over its initiative (`› 6♦` in reverse video): a
        // move redraws those few cells of two rows, never the names.
        let chosen = index == app.selected;
        let cursor = if chosen { theme.key().patch(theme.selected()) } else { Style::new() };
        let mut spans = vec![
            Span::styled(mark.to_string(), theme.current()),
            Span::styled(if chosen { "›" } else { " " }, cursor),
            Span::styled(format!("{:>4}", fit(&init, 4).trim_end()), cursor),
            Span::raw(" "),
        ];
        let name_style =
            if members.is_none() && enc.is_down(c) { theme.down() } else { theme.side(c.side) };
        // A group's summary gives up its `(N up)` before its name is cut.
        let name = match name.rsplit_once(" (") {
            Some((head, _)) if members.is_some() && cells(&name) > name_width => head,
            _ => name.as_str(),
        };
        spans.push(Span::styled(fit(name, name_width), name_style));
        spans.push(Span::styled(
            format!(" {:>7} ", fit(&htext, 7).trim_end()),
            health_style(theme, health),
        ));
        // Conditions matter more than the bar: they take the free columns whole names first,
        // then without the bar, and only then are their names shortened (and cut at the edge).
        let left = width.saturating_sub(2 + 5 + name_width + 9);
        let (marks, with_bar) = match members {
            Some(_) => (String::new(), true),
            None => condition_marks(enc, c, left),
        };
        if with_bar {
            spans.push(Span::styled(bar(health, 6, counts_taken), health_style(theme, health)));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(marks, theme.warn()));
        draw::put_line(buf, inner.x, y, &Line::from(spans), inner.width);
    }
    for (line_no, s) in window.iter().enumerate() {
        if let Shown::Alert(text) = s {
            let y = inner.y + to_u16(line_no);
            let line = Line::styled(fit(&format!("⚑ {text}"), inner.width as usize), theme.warn());
            draw::put_line(buf, inner.x, y, &line, inner.width);
        }
    }
}

/// A line of the turn order: a row, or an alert waiting.
#[derive(Debug, PartialEq, Eq)]
enum Shown {
    Row(usize),
    Alert(String),
}

/// The rows of the order, each alert due this round just before or after the row of the
/// combatant it waits on (`⚑ Reinforcements`, placed where it fires), and every other alert
/// below them with its round (`⚑ round 3: …`). Without their numbers: `alerts` lists those.
fn with_alerts(enc: &Encounter, rows: &[Row]) -> Vec<Shown> {
    let due = |a: &&Alert| enc.round > 0 && a.round <= enc.round;
    let mut placed = Vec::new();
    let mut lines = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let holds = |id: &CombatantId| match row {
            Row::One(i) | Row::Member(i) => enc.combatants[*i].id == *id,
            Row::Group { members, .. } => members.iter().any(|&m| enc.combatants[m].id == *id),
        };
        // Where it stands says when; a repeating one says how often.
        let text = |a: &Alert| match a.every {
            Some(k) => format!("{} (every {k} rounds)", a.text),
            None => a.text.clone(),
        };
        for alert in enc.alerts.iter().filter(due) {
            if let AlertAt::Before(id) = &alert.at
                && holds(id)
            {
                lines.push(Shown::Alert(text(alert)));
                placed.push(alert.number);
            }
        }
        lines.push(Shown::Row(index));
        for alert in enc.alerts.iter().filter(due) {
            if let AlertAt::After(id) = &alert.at
                && holds(id)
            {
                lines.push(Shown::Alert(text(alert)));
                placed.push(alert.number);
            }
        }
    }
    let mut rest: Vec<&Alert> = enc.alerts.iter().filter(|a| !placed.contains(&a.number)).collect();
    rest.sort_by_key(|a| (a.round, a.number));
    for alert in rest {
        let line = alert.line(enc);
        let text = line.split_once(' ').map_or(line.as_str(), |(_, rest)| rest);
        lines.push(Shown::Alert(text.to_string()));
    }
    lines
}

/// One row of the turn order as shown: the combatant whose initiative and marks it shows (a
/// group's current or first member), its name, its health and, for a group, its members.
fn row_view<'e>(
    enc: &'e Encounter,
    row: &'e Row,
    current: Option<usize>,
) -> (&'e Combatant, String, Health, Option<&'e Vec<usize>>) {
    match row {
        Row::One(i) => (
            &enc.combatants[*i],
            match enc.system.rules().unit(enc.combatants[*i].view()).strength {
                // A regiment's row: `Bandits 17/20`.
                Some(s) => format!("{} {}/{}", enc.combatants[*i].name, s.standing, s.total),
                None => enc.combatants[*i].name.clone(),
            },
            enc.health_now(&enc.combatants[*i]),
            None,
        ),
        Row::Member(i) => (
            &enc.combatants[*i],
            format!(" └ {}", enc.combatants[*i].name),
            enc.health_now(&enc.combatants[*i]),
            None,
        ),
        Row::Group { members, open, .. } => {
            let first = &enc.combatants[members[0]];
            let base = first.name.rsplit_once(' ').map_or(first.name.as_str(), |(b, _)| b);
            let up = members.iter().filter(|&&m| !enc.is_down(&enc.combatants[m])).count();
            let fold = if *open { '▾' } else { '▸' };
            let total = members.iter().fold(Health { current: 0, max: 0 }, |acc, &m| {
                let h = enc.health_now(&enc.combatants[m]);
                Health { current: acc.current + h.current.max(0), max: acc.max + h.max }
            });
            let current = current.filter(|i| members.contains(i));
            let c = &enc.combatants[current.unwrap_or(members[0])];
            (c, format!("{fold}{base} ×{} ({up} up)", members.len()), total, Some(members))
        }
    }
}

/// The health column of a row (at most 7 cells).
fn health_column(
    health: Health,
    group: bool,
    counts_taken: bool,
    health_text: &dyn Fn(Health) -> String,
) -> String {
    match group {
        // A group of Savage Worlds Extras has no wounds to count: "(N up)" says it.
        true if health.max == 0 => String::new(),
        true if counts_taken => {
            format!("{}/{}", health.max - health.current.clamp(0, health.max), health.max)
        }
        true => format!("{}/{}", health.current, health.max),
        // The system's own last word (`35/40`, `2/3`), or where that is too long for the
        // column (`(incapacitated)`: the ✖ says down) the count as the group row gives it.
        false => match health_text(health).split_whitespace().last() {
            Some(word) if cells(word) <= 7 => word.to_string(),
            _ if counts_taken => {
                format!("{}/{}", health.max.saturating_sub(health.current), health.max)
            }
            _ => format!("{}/{}", health.current, health.max),
        },
    }
}

pub fn actions(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    let rules = enc.system.rules();
    let mut lines = Vec::new();
    match (enc.current(), &enc.turn) {
        (Some(c), Some(turn)) => {
            let pools: Vec<String> = turn
                .budget
                .iter()
                .map(|p| match p.note.as_str() {
                    "" => format!("{} {}/{}", p.name, p.left(), p.total),
                    note => format!("{} {}/{} ({note})", p.name, p.left(), p.total),
                })
                .collect();
            lines.push(Line::from(vec![
                Span::styled(c.name.clone(), theme.current()),
                Span::raw(format!(": {}", pools.join(" · "))),
            ]));
        }
        _ if enc.round == 0 => {
            lines.push(Line::styled("Not started: :start rolls initiative.", theme.dim()))
        }
        _ => lines.push(Line::styled("Nobody's turn.", theme.dim())),
    }
    for action in rules.spec().actions {
        let costs: Vec<String> = rules
            .spec()
            .action_costs(action)
            .into_iter()
            .filter_map(|(pool, cost)| match (cost, pool) {
                (0, _) | (_, "free") => None,
                (n, "actions" | "action") => Some(n.to_string()),
                (n, pool) => Some(format!("{n} {pool}")),
            })
            .collect();
        let cost = if costs.is_empty() { "free".to_string() } else { costs.join(" + ") };
        lines.push(Line::from(vec![
            Span::raw(format!("{} ", action.label)),
            Span::styled(format!("({cost})"), theme.dim()),
        ]));
    }
    // Rule options that differ from the defaults (`set`), so the table knows what is in play.
    let changed: Vec<String> = crate::rules::ruleset::all_options(rules)
        .filter(|o| enc.option(o.name) != o.default)
        .map(|o| format!("{} {}", o.name, enc.option(o.name)))
        .collect();
    if !changed.is_empty() {
        lines.push(Line::styled(format!("options: {}", changed.join(" · ")), theme.warn()));
    }
    // Every line takes a row at least: those past the pane's height are never laid out.
    lines.truncate(area.height.saturating_sub(2) as usize);
    let inner = pane("Actions", theme, area, buf);
    draw::wrapped(buf, inner, lines);
}
