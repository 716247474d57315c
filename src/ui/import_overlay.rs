//! The overlays of an import: the report of what was read (or the party's roster), scrolled
//! until a key closes it, and the box a stat block is pasted into.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::fit::{cells, to_u16, wrap_words};
use super::overlay::{centered, frame};
use super::theme::Theme;

/// What an import read, or the party's roster: its lines, scrolled, until a key closes it.
pub fn report(
    title: &str,
    lines: &[String],
    scroll: u16,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = area.width.saturating_sub(4).min(78);
    let inner = usize::from(width.saturating_sub(4)).max(1);
    // A long line goes on under itself, a little further in than it began.
    let lines: Vec<String> = lines
        .iter()
        .flat_map(|line| {
            let indent = (line.len() - line.trim_start().len() + 2).min(inner / 2);
            let mut rows = wrap_words(line.trim_start(), inner.saturating_sub(indent).max(1));
            let pad = " ".repeat(indent);
            for (at, row) in rows.iter_mut().enumerate() {
                let lead = if at == 0 { &pad[..indent - 2.min(indent)] } else { pad.as_str() };
                *row = format!("{lead}{row}");
            }
            rows
        })
        .collect();
    let height = area.height.saturating_sub(2).min(to_u16(lines.len()).saturating_add(4));
    let rect = centered(area, width, height);
    Clear.render(rect, buf);
    let shown = usize::from(height.saturating_sub(4));
    let last = lines.len().saturating_sub(shown);
    let from = usize::from(scroll).min(last);
    let mut rows: Vec<Line> = lines
        .iter()
        .skip(from)
        .take(shown)
        .map(|line| Line::styled(line.clone(), theme.plain()))
        .collect();
    rows.push(Line::raw(""));
    let more = if last > 0 { "↑↓ PgUp PgDn scroll · " } else { "" };
    rows.push(Line::styled(format!("{more}Esc closes"), theme.dim()));
    Paragraph::new(rows)
        .block(frame(title, theme).padding(ratatui::widgets::Padding::horizontal(1)))
        .render(rect, buf);
}

/// The box a stat block is pasted into: the text's last rows that fit (long lines wrapped),
/// the cursor after them.
pub fn paste(text: &str, theme: Theme, area: Rect, buf: &mut Buffer) -> Option<(u16, u16)> {
    let width = area.width.saturating_sub(4).min(78);
    let height = area.height.saturating_sub(2).min(20);
    let rect = centered(area, width, height);
    Clear.render(rect, buf);
    let shown = usize::from(height.saturating_sub(4));
    let inner = usize::from(width.saturating_sub(4)).max(1);
    let wrapped: Vec<String> = text.split('\n').flat_map(|line| rows_of(line, inner)).collect();
    let from = wrapped.len().saturating_sub(shown);
    let mut rows: Vec<Line> = if text.is_empty() {
        vec![Line::styled("paste a Savage Worlds or WOIN stat block here", theme.dim())]
    } else {
        wrapped[from..].iter().map(|l| Line::styled(l.clone(), theme.plain())).collect()
    };
    let cursor_row = rows.len().saturating_sub(1);
    let cursor_col = if text.is_empty() { 0 } else { wrapped.last().map_or(0, |l| cells(l)) };
    while rows.len() < shown {
        rows.push(Line::raw(""));
    }
    rows.push(Line::raw(""));
    rows.push(Line::styled("Ctrl-D reads it · Enter new line · Esc cancels", theme.dim()));
    Paragraph::new(rows)
        .block(frame("stat block", theme).padding(ratatui::widgets::Padding::horizontal(1)))
        .render(rect, buf);
    let x = rect.x.saturating_add(2).saturating_add(to_u16(cursor_col));
    let y = rect.y.saturating_add(1).saturating_add(to_u16(cursor_row));
    (x < rect.right().saturating_sub(1)).then_some((x, y))
}

/// A line cut into rows of at most `width` cells (an empty line is one empty row).
fn rows_of(line: &str, width: usize) -> Vec<String> {
    let mut rows = vec![String::new()];
    for c in line.chars() {
        let full =
            rows.last().is_some_and(|row| cells(row) + cells(c.encode_utf8(&mut [0; 4])) > width);
        if full {
            rows.push(String::new());
        }
        if let Some(row) = rows.last_mut() {
            row.push(c);
        }
    }
    rows
}
