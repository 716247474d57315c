//! The dice log pane: each entry wrapped with its roll's faces, scrolled by rows, the current
//! command's headline pinned over its own lines, and the small print giving way first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::cells;
use super::panes::block;
use super::theme::Theme;
use crate::app::App;
use crate::encounter::Encounter;
use crate::rules::dice::RollRecord;

/// A roll's faces with the ones that matter picked out, in the same text as the headless log
/// (`RollRecord`'s `Display`): a die that exploded carries the `!`, the die it added follows.
fn roll_spans(enc: &Encounter, roll: &RollRecord, theme: Theme) -> Vec<Span<'static>> {
    if roll.dice.is_empty() {
        return vec![Span::styled(format!("{} = {}", roll.expr, roll.total), theme.dim())];
    }
    let notable = enc.system.rules().notable(roll);
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
fn wrap_spans(spans: Vec<Span<'static>>, width: usize) -> Vec<Line<'static>> {
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
        if end < cells.len()
            && let Some(space) = (start + 1..end).rev().find(|&i| cells[i].0 == ' ')
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

pub fn log(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    log_marked(app, theme, area, buf, 0);
}

/// One log entry laid out in rows of `width` cells, as the pane shows it.
fn entry_rows(
    enc: &Encounter,
    entry: &crate::encounter::LogEntry,
    marked: bool,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let round_line = entry.text.starts_with("Round ");
    // A critical must stand out even without colour: a marker and bold.
    let critical = entry.text.contains("CRITICAL");
    let (text, style) = match (round_line, critical) {
        (true, _) => (entry.text.clone(), theme.title()),
        (_, true) => (format!("✸ {}", entry.text), theme.error()),
        _ => (entry.text.clone(), theme.plain()),
    };
    let (round, style) = if marked {
        (format!("▸{:>1} ", entry.round), style.patch(theme.current()))
    } else {
        (format!("{:>2} ", entry.round), style)
    };
    let mut spans = vec![Span::styled(round, theme.dim()), Span::styled(text, style)];
    if let Some(roll) = &entry.roll {
        spans.push(Span::raw(" "));
        spans.extend(roll_spans(enc, roll, theme));
    }
    wrap_spans(spans, width)
}

/// `app.log_scroll` held within the rows the log pane in `area` can scroll back.
pub fn log_scroll_within(app: &App, area: Rect) -> usize {
    let enc = app.session.encounter();
    let inner = block("Dice log", Theme { color: false }).inner(area);
    let (height, width) = (inner.height as usize, inner.width as usize);
    if height == 0 || width < 8 {
        return 0;
    }
    let want = app.log_scroll.saturating_add(height);
    let mut count = 0;
    for entry in app.session.log().iter().rev() {
        count += entry_rows(enc, entry, false, Theme { color: false }, width).len();
        if count >= want {
            return app.log_scroll;
        }
    }
    app.log_scroll.min(count.saturating_sub(height))
}

/// The log with its newest `marked` lines marked ▸ (the timeline's current step).
///
/// `App::log_scroll` counts rows back from the newest. The first line of each command (its
/// headline: who attacked whom, hit or miss) stays pinned at the top while the view shows lines
/// of that command below it, so a long attack never scrolls its own headline away.
pub fn log_marked(app: &App, theme: Theme, area: Rect, buf: &mut Buffer, marked: usize) {
    let enc = app.session.encounter();
    let entries = app.session.log();
    let inner = block("Dice log", theme).inner(area);
    let (height, width) = (inner.height as usize, inner.width as usize);
    if height == 0 || width < 8 {
        block("Dice log", theme).render(area, buf);
        return;
    }
    // Lay out entries from the newest back, only as far as the view needs.
    let first_marked = entries.len().saturating_sub(marked);
    let want = app.log_scroll.saturating_add(height);
    let mut laid: Vec<(usize, Vec<Line<'static>>)> = Vec::new();
    let mut count = 0;
    for (index, entry) in entries.iter().enumerate().rev() {
        let wrapped = entry_rows(enc, entry, index >= first_marked, theme, width);
        count += wrapped.len();
        laid.push((index, wrapped));
        if count >= want {
            break;
        }
    }
    let mut rows: Vec<Line<'static>> = Vec::with_capacity(count);
    let mut row_entry: Vec<usize> = Vec::with_capacity(count);
    for (index, lines) in laid.into_iter().rev() {
        row_entry.extend(std::iter::repeat_n(index, lines.len()));
        rows.extend(lines);
    }
    let scroll = app.log_scroll.min(rows.len().saturating_sub(height));
    let end = rows.len() - scroll;
    let top = end.saturating_sub(height);
    // The command the top row belongs to, and its headline (its first log line).
    let (_, starts) = app.session.line();
    let head = row_entry
        .get(top)
        .and_then(|&index| starts.iter().rev().find(|&&s| s <= index).copied())
        .filter(|&h| h < entries.len());
    let head_first = head.and_then(|h| row_entry.iter().position(|&i| i == h));
    // The command the bottom row belongs to: a headline is pinned only over its own command's
    // lines, never over a newer command's.
    let bottom_head = row_entry
        .get(end.saturating_sub(1))
        .and_then(|&index| starts.iter().rev().find(|&&s| s <= index).copied());
    let mut pinned: Vec<Line<'static>> = Vec::new();
    let mut body_start = top;
    let mut head_end = 0;
    if let Some(h) = head
        && head_first.is_none_or(|first| first < top)
        && bottom_head == Some(h)
        && height > crate::app::LOG_STEP
        && let Some(entry) = entries.get(h)
    {
        pinned = entry_rows(enc, entry, h >= first_marked, theme, width);
        // The headline keeps at most half the pane, and leaves a key's scroll below it, so
        // every row shows at some scroll; the rest shows the newest rows of the view.
        pinned.truncate((height / 2).min(height.saturating_sub(crate::app::LOG_STEP)));
        head_end = row_entry.iter().rposition(|&i| i == h).map_or(0, |last| last + 1);
        body_start = (top + pinned.len()).max(head_end).min(end);
    }
    let title =
        if scroll > 0 { format!("Dice log (↑{scroll} lines)") } else { "Dice log".into() };
    super::panes::pane(&title, theme, area, buf);
    let shown = pinned.len();
    // At the newest lines, the command's consequences come before its small print: whole
    // lines, the word on typed faces and the actions spent given up first, never half a line.
    let body: Vec<Line<'static>> = if shown > 0 && scroll == 0 && body_start > head_end {
        let room = height.saturating_sub(shown);
        let from = head_end.min(end);
        let mut kept: Vec<(usize, usize)> = Vec::new(); // (first row, rows) of each entry
        let mut at = from;
        while at < end {
            let index = row_entry[at];
            let n = row_entry[at..end].iter().take_while(|&&i| i == index).count();
            kept.push((at, n));
            at += n;
        }
        let rank = |first: usize| entries.get(row_entry[first]).map_or(2, |e| line_rank(&e.text));
        // Give way by rank (the small print, then notes of rolls), the oldest first; then take
        // back what fits again, newest first.
        let mut dropped = vec![false; kept.len()];
        let mut total: usize = kept.iter().map(|k| k.1).sum();
        for r in 0..=2 {
            for (i, &(first, n)) in kept.iter().enumerate() {
                if total > room && rank(first) == r {
                    dropped[i] = true;
                    total -= n;
                }
            }
        }
        for i in (0..kept.len()).rev() {
            if dropped[i] && total + kept[i].1 <= room {
                dropped[i] = false;
                total += kept[i].1;
            }
        }
        kept.iter()
            .zip(&dropped)
            .filter(|(_, gone)| !**gone)
            .flat_map(|(&(first, n), _)| rows[first..first + n].iter().cloned())
            .collect()
    } else if shown == 0 && scroll == 0 && top > 0 && row_entry[top - 1] == row_entry[top] {
        // At the newest lines, never begin with the end of a line cut in half: the rows of
        // that line are left blank and the view starts at the next whole line.
        let next = (top..end).find(|&r| row_entry[r] != row_entry[top]).unwrap_or(end);
        let blank = std::iter::repeat_n(Line::default(), next - top);
        blank.chain(rows[next..end].iter().cloned()).collect()
    } else {
        rows[body_start..end].to_vec()
    };
    for (n, line) in pinned.into_iter().chain(body).enumerate().take(height) {
        super::draw::put_line(buf, inner.x, inner.y + n as u16, &line, inner.width);
    }
    // Lines hidden between a pinned headline and the rest: a "⋯" where the round goes on the
    // first line below it (a line of its own would hide one more).
    if shown > 0 && body_start > head_end && body_start < end {
        let continued = scroll > 0 && row_entry[body_start - 1] == row_entry[body_start];
        let mark = if continued { "⋯ " } else { " ⋯" };
        buf.set_string(inner.x, inner.y + shown as u16, mark, theme.dim());
    }
}

/// How much a log line matters when a command's lines do not all fit: 0 for the small print
/// (the word on faces typed at the table, actions spent: `Aria: attack, −1 of actions`), 1 for a
/// note on a roll (`critical hit: condition table …`), 2 for what happened to someone.
fn line_rank(text: &str) -> u8 {
    let spent = text.rsplit_once(", −").is_some_and(|(_, tail)| {
        tail.starts_with(|c: char| c.is_ascii_digit()) && tail.split(' ').count() <= 3
    });
    if text.starts_with("dice typed at the table") || spent {
        0
    } else if text.starts_with(char::is_lowercase) {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 14 item 17: rows are measured in cells, so a name in wide glyphs (or with
    /// combining marks) never runs past the pane, and no mark is parted from its letter.
    #[test]
    fn log_rows_are_measured_in_cells() {
        let text = "鬼王 the ogre hits Jose\u{301} for 7: 鬼鬼鬼鬼鬼鬼鬼鬼鬼鬼鬼鬼 shrugs it off";
        for width in [8, 11, 20, 33] {
            let rows = wrap_spans(vec![Span::raw(text)], width);
            for row in &rows {
                assert!(row.width() <= width, "{width}: {row:?} is {} cells", row.width());
                assert!(!row.to_string().starts_with('\u{301}'), "{width}: {row:?}");
            }
            let joined: String = rows.iter().map(|r| r.to_string().trim().to_string()).collect();
            assert_eq!(joined.replace(' ', ""), text.replace(' ', ""), "{width}: nothing lost");
        }
        assert_eq!(wrap_spans(vec![Span::raw("fits")], 4).len(), 1);
    }
}
