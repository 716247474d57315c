//! The timeline screen (`skirmish replay`, the tracker's `t`): the tracker's panes as the fight
//! stood at the step, a header saying so, and along the bottom the line of play with its round
//! marks, forks and the current step; the history tree's list and the prompts on top.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::fit::to_u16;
use super::panes;
use super::theme::Theme;
use crate::app::App;
use crate::app::timeline::{LineChoice, Prompt, Timeline};

/// Draw the timeline screen; returns where the cursor goes when a prompt is open.
pub fn render(
    app: &App,
    timeline: &Timeline,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) -> Option<(u16, u16)> {
    let [header, body, bar, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [top, bottom] =
        Layout::vertical([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(body);
    let [order, combatant] =
        Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(top);
    let [log, actions] =
        Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(bottom);
    render_header(app, timeline, theme, header, buf);
    panes::order(app, theme, order, buf);
    super::combatant_pane::combatant(app, theme, combatant, buf);
    let marked =
        timeline.at.checked_sub(1).and_then(|i| timeline.steps.get(i)).map_or(0, |s| s.lines);
    super::log_pane::log_marked(app, theme, log, buf, marked);
    panes::actions(app, theme, actions, buf);
    render_bar(timeline, theme, bar, buf);
    let style = if app.status.error { theme.error() } else { theme.plain() };
    let mut cursor = None;
    match &timeline.prompt {
        Some(Prompt::Round(input) | Prompt::BranchName(input)) => {
            let label = match &timeline.prompt {
                Some(Prompt::Round(_)) => " go to round",
                _ => " branch into",
            };
            // Scrolled sideways by screen cells, as a dialog's field is: a wide name keeps its
            // end and the cursor in sight.
            let (line, x) = super::overlay::field_line(label, input, status.width, theme);
            line.render(status, buf);
            cursor = Some((status.x + x, status.y));
        }
        None => Line::styled(format!(" {}", app.status.text), style).render(status, buf),
    }
    render_keys(timeline, theme, keys, buf);
    if let Some((choices, at)) = &timeline.choices {
        render_choices(timeline, choices, *at, theme, body, buf);
    }
    cursor
}

fn render_header(app: &App, timeline: &Timeline, theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    let round =
        if enc.round == 0 { "not started".to_string() } else { format!("round {}", enc.round) };
    let turn = enc
        .current()
        .map_or_else(|| "—".to_string(), |c| format!("{} turn", enc.named(c).possessive()));
    let what = if timeline.present.is_some() { "timeline" } else { "replay" };
    let mark = if timeline.present.is_some() { " Esc: present " } else { " read-only " };
    let width = to_u16(mark.chars().count());
    let room = area.width.saturating_sub(width);
    // The system's name goes first when the line is too long for the screen.
    let mut left = format!(" ⏮ {what} · {} · {} · {round} · {turn}", enc.name, enc.system);
    if super::fit::cells(&left) > room as usize {
        left = format!(" ⏮ {what} · {} · {round} · {turn}", enc.name);
    }
    buf.set_style(area, theme.header());
    Line::from(left).style(theme.header()).render(Rect { width: room, ..area }, buf);
    if area.width > width {
        Line::styled(mark, theme.header())
            .render(Rect { x: area.right() - width, width, ..area }, buf);
    }
}

/// The column of step `k` of `n` on a bar `width` cells wide.
fn column(k: usize, n: usize, width: usize) -> usize {
    if n == 0 || width < 2 {
        return 0;
    }
    k.saturating_mul(width - 1) / n
}

/// Three rows: the line of play (round marks ┃, forks ⑂, the step ●), the round numbers under
/// their marks, and what the step is.
fn render_bar(timeline: &Timeline, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(2) as usize;
    if width < 4 || area.height < 3 {
        return;
    }
    let n = timeline.steps.len();
    let mut cells = vec!['─'; width];
    let mut numbers = vec![' '; width];
    let mut round = 0;
    for (k, step) in timeline.steps.iter().enumerate() {
        let col = column(k + 1, n, width);
        if step.round != round {
            round = step.round;
            cells[col] = '┃';
            for (i, c) in round.to_string().chars().enumerate() {
                if let Some(slot) = numbers.get_mut(col + i) {
                    *slot = c;
                }
            }
        }
        if step.fork {
            cells[col] = '⑂';
        }
    }
    let here = column(timeline.at, n, width);
    let bar: Vec<Span> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if i == here {
                Span::styled("●", theme.current())
            } else if i < here {
                Span::styled(c.to_string(), theme.plain())
            } else {
                Span::styled(c.to_string(), theme.dim())
            }
        })
        .collect();
    let x = area.x + 1;
    buf.set_line(x, area.y, &Line::from(bar), to_u16(width));
    let numbers: String = numbers.into_iter().collect();
    buf.set_line(x, area.y + 1, &Line::styled(numbers, theme.dim()), to_u16(width));
    let round = timeline.round_at(timeline.at);
    let round = if round == 0 { "before round 1".to_string() } else { format!("round {round}") };
    let play = if timeline.playing && timeline.real {
        " · ▶ at the fight's pace".to_string()
    } else if timeline.playing {
        format!(" · ▶ every {:.1} s", timeline.pace_ms as f64 / 1000.0)
    } else {
        String::new()
    };
    let forks = timeline.steps.iter().filter(|s| s.fork).count();
    let forks = match forks {
        0 => String::new(),
        1 => " · 1 fork ⑂ (t lists the lines)".to_string(),
        n => format!(" · {n} forks ⑂ (t lists the lines)"),
    };
    let info = format!("step {}/{n} · {round}{play}{forks}", timeline.at);
    buf.set_line(x, area.y + 2, &Line::styled(info, theme.title()), to_u16(width));
}

fn render_keys(timeline: &Timeline, theme: Theme, area: Rect, buf: &mut Buffer) {
    let pairs: &[(&str, &str)] = if timeline.prompt.is_some() {
        &[("Enter", "go"), ("Esc", "cancel")]
    } else if timeline.choices.is_some() {
        &[("j/k", "choose"), ("Enter", "show"), ("Esc", "close")]
    } else if timeline.present.is_some() {
        &[
            ("←→", "step"),
            ("[]", "turn"),
            ("{}", "round"),
            ("g", "round N"),
            ("Space", "play"),
            ("t", "lines"),
            ("Esc", "present"),
        ]
    } else {
        &[
            ("←→", "step"),
            ("[]", "turn"),
            ("{}", "round"),
            ("g", "round N"),
            ("Space", "play"),
            ("t", "lines"),
            ("b", "branch"),
            ("q", "quit"),
        ]
    };
    let mut spans = vec![Span::raw(" ")];
    for (key, label) in pairs {
        spans.push(Span::styled(*key, theme.key()));
        spans.push(Span::styled(format!(" {label} "), theme.dim()));
    }
    Line::from(spans).render(area, buf);
}

fn render_choices(
    timeline: &Timeline,
    choices: &[LineChoice],
    at: usize,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let height = (to_u16(choices.len()) + 2).min(area.height);
    let width = area.width.saturating_sub(4).min(72);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(rect, buf);
    let room = height.saturating_sub(2) as usize;
    let first = at.saturating_sub(room.saturating_sub(1));
    let lines: Vec<Line> = choices
        .iter()
        .enumerate()
        .skip(first)
        .take(room)
        .map(|(n, c)| {
            let on_screen = timeline.line.last() == Some(&c.end);
            let mark = if on_screen { "▶" } else { " " };
            let fork = if c.shared == c.length {
                "this line".to_string()
            } else {
                format!("leaves at step {}", c.shared)
            };
            let text =
                format!("{mark}{:>2}. {} commands, {fork}, ends: {}", n + 1, c.length, c.last);
            let line = Line::raw(text);
            if n == at { line.style(theme.selected()) } else { line }
        })
        .collect();
    Paragraph::new(lines)
        .block(Block::bordered().title(Span::styled(" Lines of play ", theme.title())))
        .render(rect, buf);
}
