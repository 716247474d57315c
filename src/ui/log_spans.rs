//! A log line's spans: a roll's faces with the ones that matter picked out, and spans wrapped
//! to the pane's width by words.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::fit::cells;
use super::theme::Theme;
use crate::encounter::Encounter;
use crate::rules::dice::RollRecord;

/// A roll's faces with the ones that matter picked out, in the same text as the headless log
/// (`RollRecord`'s `Display`): a die that exploded carries the `!`, the die it added follows.
pub(super) fn roll_spans(enc: &Encounter, roll: &RollRecord, theme: Theme) -> Vec<Span<'static>> {
    if roll.dice.is_empty() {
        return vec![Span::styled(format!("{} = {}", roll.expr, roll.total), theme.dim())];
    }
    let notable = (enc.system.rules().spec().notable)(roll);
    let mut spans = vec![Span::styled(format!("{} [", roll.expr), theme.dim())];
    for (n, die) in roll.dice.iter().enumerate() {
        if n > 0 {
            spans.push(Span::styled(", ", theme.dim()));
        }
        // The dice an explosion added are marked `exploded`; the mark goes on the one before.
        let bang = if roll.dice.get(n + 1).is_some_and(|next| next.exploded) { "!" } else { "" };
        let face =
            if die.kept { format!("{}{bang}", die.face) } else { format!("({}{bang})", die.face) };
        let style =
            if notable.get(n).copied().unwrap_or(false) { theme.notable() } else { theme.plain() };
        spans.push(Span::styled(face, style));
    }
    spans.push(Span::styled(format!("] = {}", roll.total), theme.dim()));
    spans
}

/// Lay spans out in rows of `width` cells, breaking at the last space that fits (or mid-word
/// when a word is longer than a row); continuation rows are indented by two.
pub(super) fn wrap_spans(spans: Vec<Span<'static>>, width: usize) -> Vec<Line<'static>> {
    // Most entries fit their row as they are.
    if spans.iter().map(Span::width).sum::<usize>() <= width {
        return vec![Line::from(spans)];
    }
    // Flatten to styled characters with their widths, choose the breaks, then regroup into
    // spans.
    let cells: Vec<(char, Style, usize)> = spans
        .iter()
        .flat_map(|s| {
            s.content.chars().map(move |c| (c, s.style, cells(c.encode_utf8(&mut [0; 4]))))
        })
        .collect();
    let seen = |c: &(char, Style, usize)| c.2 > 0 && !c.0.is_whitespace();
    let mut rows: Vec<Vec<(char, Style, usize)>> = Vec::new();
    let mut start = 0;
    let mut indent = 0;
    while start < cells.len() {
        let room = width.saturating_sub(indent).max(1);
        // As many glyphs as the row holds (at least one), with any marks joined to the last.
        let (mut end, mut used) = (start, 0);
        while end < cells.len() && (end == start || used + cells[end].2 <= room) {
            used += cells[end].2;
            end += 1;
        }
        while end < cells.len() && cells[end].2 == 0 {
            end += 1;
        }
        // Break at the last space that leaves something to see on the row (a mark of no width
        // or a space alone would show as a blank row).
        if end < cells.len()
            && let Some(space) = (start + 1..end)
                .rev()
                .find(|&i| cells[i].0 == ' ' && cells[start..i].iter().any(seen))
        {
            end = space;
        }
        let mut row = vec![(' ', Style::new(), 1); indent];
        row.extend_from_slice(&cells[start..end]);
        rows.push(row);
        start = end;
        while start < cells.len() && cells[start].0 == ' ' {
            start += 1;
        }
        indent = 2;
    }
    // A row of nothing to see (spaces and marks of no width left at a line's end) is no row.
    let mut kept = 0;
    rows.retain(|row| {
        kept += 1;
        kept == 1 || row.iter().any(seen)
    });
    rows.into_iter()
        .map(|row| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for (c, style, _) in row {
                match spans.last_mut() {
                    Some(last) if last.style == style => last.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans)
        })
        .collect()
}
