//! Overlays drawn on top of the panes: dialogs, the help screen and the demo picker.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::fit::{cells, shorten, to_u16, wrap_words};
use super::theme::Theme;
use crate::app::dialog::{Dialog, Step};
use crate::app::keymap::Action;
use crate::app::{App, FightRow, Status};
use crate::encounter::Session;

pub(super) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

pub(super) fn frame(title: &str, theme: Theme) -> Block<'static> {
    Block::bordered().title(Span::styled(format!(" {title} "), theme.title()))
}

/// A dialog box; returns where the cursor goes.
pub fn dialog(dialog: &Dialog, theme: Theme, area: Rect, buf: &mut Buffer) -> Option<(u16, u16)> {
    // As wide as it can be up to 64; as tall as its lines (at least 16), within the screen.
    // Lists get the rows a 16-row box leaves them (at least a few); the box grows past 16 only
    // for the lines above them.
    let base = centered(area, 64, 16);
    let inner = Rect {
        x: 0,
        y: 0,
        width: base.width.saturating_sub(2),
        height: base.height.saturating_sub(2),
    };
    let mut lines = answered(dialog, theme, inner.width as usize);
    if let Some(preview) = &dialog.preview {
        let rows = wrap_words(&format!("odds: {preview}"), inner.width as usize);
        lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.current())));
    }
    if dialog.refused.is_none() {
        lines.extend(live_history(dialog, theme, inner.width as usize));
    }
    if let (Some(why), None) = (&dialog.fix, &dialog.refused) {
        let rows = wrap_words(&format!("refused: {why} · change it here"), inner.width as usize);
        lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.error())));
    }
    // The cursor as (column, line) inside, placed once the box is.
    let mut cursor: Option<(u16, usize)> = None;
    if let Some(why) = &dialog.refused {
        let rows = wrap_words(&format!("refused: {why}"), inner.width as usize);
        lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.error())));
        lines.push(Line::styled("nothing changed · Enter or Esc closes", theme.dim()));
    } else if let Some(step) = dialog.step() {
        match step {
            Step::Text { label, hint, input, .. } => {
                let label = long_label(label, inner.width, theme, &mut lines);
                let y = lines.len();
                let (line, x) = field_line(label, input, inner.width, theme);
                lines.push(line);
                // The hint may be longer than the dialog is wide: wrap it by words.
                lines.extend(
                    wrap_words(hint, inner.width as usize)
                        .into_iter()
                        .map(|row| Line::styled(row, theme.dim())),
                );
                cursor = Some((x, y));
            }
            Step::Toggles { label, options, on, cursor: at } => {
                lines.push(Line::styled(
                    format!("{label}: Space switches, Enter goes on"),
                    theme.key(),
                ));
                let room = (inner.height as usize).saturating_sub(lines.len()).max(4);
                // As a pick's rows: one too long ends in `…`.
                let width = inner.width as usize;
                let rows = options.iter().zip(on).map(|((_, text), on)| {
                    let mark = if *on { "[x]" } else { "[ ]" };
                    shorten(&format!("  {mark} {text}"), width)
                });
                lines.extend(window(rows, *at, room, theme));
            }
            Step::Pick { label, filter, cursor: at, .. } => {
                let label = long_label(label, inner.width, theme, &mut lines);
                let y = lines.len();
                let (line, x) = field_line(label, filter, inner.width, theme);
                lines.push(line);
                cursor = Some((x, y));
                let visible = step.visible();
                let room = (inner.height as usize).saturating_sub(lines.len()).max(4);
                if visible.is_empty() {
                    lines
                        .push(Line::styled("  nothing matches; Backspace to widen", theme.error()));
                }
                // A row too long ends in `…`, so a cut figure never reads as another.
                let width = inner.width as usize;
                let rows = visible.iter().map(|(_, label)| shorten(&format!("  {label}"), width));
                lines.extend(window(rows, *at, room, theme));
            }
        }
    }
    let wanted = u16::try_from(lines.len().saturating_add(2)).unwrap_or(u16::MAX);
    let rect = centered(area, 64, wanted.max(16));
    Clear.render(rect, buf);
    let block = frame(dialog.title, theme);
    let inner = block.inner(rect);
    block.render(rect, buf);
    // Still too many: the earliest answers give way, so the step being answered shows.
    let skip = lines.len().saturating_sub(inner.height as usize);
    lines.drain(..skip);
    Paragraph::new(lines).render(inner, buf);
    cursor.and_then(|(x, line)| {
        let row = u16::try_from(line.checked_sub(skip)?).ok()?;
        Some((inner.x + x, inner.y + row))
    })
}

/// What happened since the dialog's own steps, in the order it came: each roll made with what it
/// showed, and each decision with the option taken, up to the question now.
fn live_history(dialog: &Dialog, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let Some(live) = &dialog.live else { return Vec::new() };
    let now = dialog.at.saturating_sub(live.own);
    let Some(made) = live.asked.get(now).or(live.asked.last()).map(|a| &a.so_far) else {
        return Vec::new();
    };
    let mut out: Vec<(usize, String, bool)> =
        made.iter().enumerate().map(|(i, m)| (i, m.clone(), true)).collect();
    for (j, asked) in live.asked.iter().enumerate().take(now) {
        let crate::rules::ask::Need::Decide(decision) = &asked.need else { continue };
        let Some(answer) = dialog.answers.get(live.own + j) else { continue };
        let shown = match dialog.steps.get(live.own + j) {
            Some(step @ Step::Pick { options, .. }) => step
                .answer()
                .filter(|a| a == answer)
                .and_then(|_| picked_label(step))
                .or_else(|| options.iter().find(|(_, v)| v == answer).map(|(l, _)| l.clone()))
                .unwrap_or_else(|| answer.clone()),
            _ => answer.clone(),
        };
        // After the rolls made before it was asked, before those after.
        out.push((asked.so_far.len(), format!("{}: {shown}", decision.label), false));
    }
    out.sort_by_key(|(at, _, roll)| (*at, *roll));
    let mut lines = Vec::new();
    for (_, text, roll) in out {
        let style = if roll { theme.current() } else { ratatui::style::Style::default() };
        lines.extend(wrap_words(&text, width).into_iter().map(|row| Line::styled(row, style)));
    }
    lines
}

/// The label of the option a pick's cursor is on.
fn picked_label(step: &Step) -> Option<String> {
    let Step::Pick { options, cursor, .. } = step else { return None };
    let visible = step.visible();
    let (index, _) = visible.get((*cursor).min(visible.len().saturating_sub(1)))?;
    options.get(*index).map(|(label, _)| label.clone())
}

/// The steps answered so far, `label: answer`, an answer too long for a row wrapped by words.
fn answered(dialog: &Dialog, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = Vec::new();
    // A line typed after `:` (or the next-turn key's): the command being answered.
    if dialog.template == crate::app::dialog::Template::Line {
        let rows = wrap_words(&dialog.line, width);
        lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.key())));
    }
    // The questions' answers show in the history below, in the order they came.
    let own = dialog.own_steps();
    for (step, answer) in dialog.steps.iter().zip(&dialog.answers).take(own) {
        // A pick shows what was picked as the list showed it (a name, not an id; "no weapon"
        // rather than a blank).
        let picked = match step {
            Step::Pick { options, .. } => {
                options.iter().find(|(_, value)| value == answer).map(|(label, _)| label.clone())
            }
            // Switches show as listed too (further targets by name, not by id).
            Step::Toggles { options, .. } if !answer.is_empty() => Some(
                answer
                    .split_whitespace()
                    .map(|w| options.iter().find(|(f, _)| f == w).map_or(w, |(_, l)| l.as_str()))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        };
        let shown = match &picked {
            Some(label) => label.as_str(),
            None if answer.is_empty() => "—",
            None => answer,
        };
        // An answer too long for a row (a defense with its odds) wraps by words, never cut.
        let label = format!("{}: ", step.label());
        if cells(&label) + cells(shown) <= width {
            lines.push(Line::from(vec![
                Span::styled(label, theme.dim()),
                Span::raw(shown.to_string()),
            ]));
        } else {
            let rows = wrap_words(&format!("{label}{shown}"), width);
            lines.extend(rows.into_iter().map(Line::raw));
        }
    }
    lines
}

/// A field being typed in, `label: value`, in `width` cells: a value longer than its room
/// scrolls sideways to keep the cursor in view (as the command line does). Returns the line and
/// the cursor's column.
/// A label too long to sit before its field (a question with its hits or odds) goes on rows of
/// its own above it, wrapped by words; the field then reads `› `. The label to put before it.
fn long_label<'a>(
    label: &'a str,
    width: u16,
    theme: Theme,
    lines: &mut Vec<Line<'static>>,
) -> &'a str {
    if cells(label) + 2 <= usize::from(width) / 2 {
        return label;
    }
    let rows = wrap_words(label, usize::from(width));
    lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.key())));
    "›"
}

pub(super) fn field_line(
    label: &str,
    input: &tui_input::Input,
    width: u16,
    theme: Theme,
) -> (Line<'static>, u16) {
    // A field under its own long label reads `› `.
    let prefix = if label == "›" { "› ".to_string() } else { format!("{label}: ") };
    let room = (width as usize).saturating_sub(cells(&prefix) + 1).max(1);
    let scroll = input.visual_scroll(room);
    let mut skipped = 0;
    let mut used = 0;
    let mut shown = String::new();
    for ch in input.value().chars() {
        let w = cells(ch.encode_utf8(&mut [0; 4]));
        if skipped < scroll {
            skipped += w;
            continue;
        }
        if used + w > room {
            break;
        }
        used += w;
        shown.push(ch);
    }
    let x = cells(&prefix) + input.visual_cursor().saturating_sub(scroll);
    let line = Line::from(vec![Span::styled(prefix, theme.key()), Span::raw(shown)]);
    (line, u16::try_from(x).unwrap_or(u16::MAX).min(width.saturating_sub(1)))
}

/// The rows of a list that fit in `room` lines, scrolled to keep `at` in sight, the chosen one
/// highlighted, and a last line saying how many more are below when some are hidden.
fn window(
    rows: impl ExactSizeIterator<Item = String>,
    at: usize,
    room: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let total = rows.len();
    if total == 0 {
        return Vec::new();
    }
    let room = room.max(1);
    // Keep a line for the "more" marker when the list does not fit.
    let mut shown = if total > room { room.saturating_sub(1).max(1) } else { total };
    let mut first = at.saturating_sub(shown - 1).min(total.saturating_sub(shown));
    // Near the end the marker's line holds the last row instead.
    if total > room && first + room >= total {
        shown = room;
        first = total - room;
    }
    let mut lines: Vec<Line> = rows
        .enumerate()
        .skip(first)
        .take(shown)
        .map(|(n, text)| {
            let line = Line::raw(text);
            if n == at { line.style(theme.selected()) } else { line }
        })
        .collect();
    let below = total - (first + shown).min(total);
    if below > 0 {
        lines.push(Line::styled(format!("  ↓ {below} more"), theme.dim()));
    }
    lines
}

/// The help screen's box on a screen of `area`.
fn help_rect(area: Rect) -> Rect {
    centered(area, area.width.saturating_sub(4).min(100), area.height.saturating_sub(2))
}

/// The help screen's lines for a box `width` cells wide inside its frame.
fn help_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
    // A key or option and what it does; the text wraps under itself, not under the key.
    let entry = |key: String, text: &str| -> Vec<Line<'static>> {
        let indent = cells(&key);
        let rows = wrap_words(text, width.saturating_sub(indent).max(10));
        rows.into_iter()
            .enumerate()
            .map(|(n, row)| {
                let head = if n == 0 { key.clone() } else { " ".repeat(indent) };
                Line::from(vec![Span::styled(head, theme.key()), Span::raw(row)])
            })
            .collect()
    };
    let mut lines = vec![Line::styled("Keys", theme.title())];
    for action in Action::ALL {
        lines.extend(entry(format!("{:>14}  ", app.keymap.keys_of(action)), action.help()));
    }
    // Verbs bound to keys of their own in keys.ron.
    for (verb, keys) in app.keymap.verb_keys() {
        lines.extend(entry(format!("{keys:>14}  "), &format!("{verb} (its dialog)")));
    }
    let rules = app.session.encounter().system.rules();
    {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Rule options (:set OPTION VALUE)", theme.title()));
        for o in crate::rules::ruleset::all_options(rules) {
            let now = app.session.encounter().option(o.name);
            let help = if o.values.is_empty() {
                o.help.to_string()
            } else {
                format!("{} ({})", o.help, o.values.join("|"))
            };
            lines.extend(entry(format!("{:>26}  ", format!("{} {now}", o.name)), &help));
        }
    }
    // Counters the system keeps (the GM's benny pool): set the same way, shown as they stand.
    let enc = app.session.encounter();
    let figures = rules.board(&enc.state, &enc.options).figures;
    for o in rules.spec().settable {
        let now = figures.iter().find(|(name, _)| *name == o.name).map_or_else(
            || o.default.to_string(),
            |(_, value)| match value {
                crate::rules::types::Derived::Int(n) => n.to_string(),
                other => format!("{other:?}"),
            },
        );
        lines.extend(entry(format!("{:>26}  ", format!("{} {now}", o.name)), o.help));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Commands (type : first; the same words work in scripts)",
        theme.title(),
    ));
    for c in crate::command::table::commands(Some(app.session.encounter().system)) {
        lines.push(Line::from(vec![Span::styled(c.usage(), theme.key())]));
        // Wrapped here, under itself, so the rows counted for "↓ more" are the rows shown.
        let rows = wrap_words(&crate::command::help::summary(c), width.saturating_sub(4).max(10));
        lines.extend(rows.into_iter().map(|row| Line::styled(format!("    {row}"), theme.plain())));
    }
    if let Some(reference) = app.session.assets().reference(app.session.encounter().system) {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Reference", theme.title()));
        lines.extend(reference.lines().map(|l| Line::raw(l.to_string())));
    }
    lines
}

/// The help screen on a screen of `area`: its box, its lines, the rows they take and the
/// furthest it scrolls (its last row at the box's bottom).
fn help_view(app: &App, theme: Theme, area: Rect) -> (Rect, Vec<Line<'static>>, usize, u16) {
    let rect = help_rect(area);
    let inner = rect.width.saturating_sub(2);
    let lines = help_lines(app, theme, usize::from(inner));
    let rows = super::draw::rows_needed(&lines, inner);
    let room = usize::from(rect.height.saturating_sub(2));
    let max = u16::try_from(rows.saturating_sub(room)).unwrap_or(u16::MAX);
    (rect, lines, rows, max)
}

/// The furthest the help screen scrolls on a screen of `area`.
pub fn help_scroll_max(app: &App, area: Rect) -> u16 {
    help_view(app, Theme { color: false }, area).3
}

/// The help screen scrolled `scroll` rows, never past its last row.
pub fn help(app: &App, scroll: u16, theme: Theme, area: Rect, buf: &mut Buffer) {
    let (rect, lines, rows, max) = help_view(app, theme, area);
    Clear.render(rect, buf);
    let scroll = scroll.min(max);
    // Rows below the box's last: its bottom border says so.
    let mut block = frame("Help · j/k scroll · any other key closes", theme);
    if usize::from(scroll).saturating_add(usize::from(rect.height.saturating_sub(2))) < rows {
        block = block.title_bottom(Line::styled(" ↓ more: j ", theme.dim()));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .block(block)
        .render(rect, buf);
}

pub fn picker(
    options: &[(String, Session)],
    cursor: usize,
    status: &Status,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let note = status_note(status, 64.min(area.width).saturating_sub(2), theme);
    let rect = centered(area, 64, to_u16(options.len()) * 2 + 8 + to_u16(note.len()));
    let mut lines = vec![
        Line::styled("Welcome to skirmish.", theme.title()),
        Line::raw("No saved fight yet: pick a demo encounter to run."),
        Line::raw(""),
    ];
    lines.extend(note);
    for (n, (label, session)) in options.iter().enumerate() {
        let enc = session.encounter();
        let line = Line::raw(format!("  {label}"));
        lines.push(if n == cursor { line.style(theme.selected()) } else { line });
        lines.push(Line::styled(
            format!("    {} combatants, round {}", enc.combatants.len(), enc.round),
            theme.dim(),
        ));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("j/k choose · Enter open · q quit", theme.dim()));
    Paragraph::new(lines).block(frame("skirmish", theme)).render(rect, buf);
}

/// An error the GM must read before picking (the last fight missing, a fight that would not
/// open), over a blank line; nothing otherwise.
fn status_note(status: &Status, width: u16, theme: Theme) -> Vec<Line<'static>> {
    if !status.error || status.text.is_empty() {
        return Vec::new();
    }
    let rows = wrap_words(&status.text, width.saturating_sub(2).max(1) as usize);
    let mut lines: Vec<Line> = rows.into_iter().map(|r| Line::styled(r, theme.error())).collect();
    lines.push(Line::raw(""));
    lines
}

/// The saves folder's fights, newest first, scrolled so the one chosen is in view: its name,
/// then its system, round, when last played and its file.
pub fn fights(
    rows: &[FightRow],
    cursor: usize,
    status: &Status,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = area.width.saturating_sub(4).min(96);
    let note = status_note(status, width.saturating_sub(2), theme);
    let wanted = to_u16(rows.len()).saturating_mul(2).saturating_add(6 + to_u16(note.len()));
    let rect = centered(area, width, wanted.min(area.height.saturating_sub(2)));
    // The box's rows less its borders, the opening line and the key line, two rows a fight.
    let room = usize::from((rect.height.saturating_sub(6 + to_u16(note.len())) / 2).max(1));
    let first = cursor.saturating_sub(room - 1).min(rows.len().saturating_sub(room));
    let mut lines = vec![Line::styled("Pick a fight to open, newest first.", theme.title())];
    lines.extend(note);
    if first > 0 {
        lines.push(Line::styled(format!("  ↑ {first} more"), theme.dim()));
    } else {
        lines.push(Line::raw(""));
    }
    for (n, row) in rows.iter().enumerate().skip(first).take(room) {
        let line = Line::raw(format!("  {}", row.name));
        lines.push(if n == cursor { line.style(theme.selected()) } else { line });
        lines.push(Line::styled(format!("    {}", row.detail), theme.dim()));
    }
    let after = rows.len().saturating_sub(first + room);
    lines.push(if after > 0 {
        Line::styled(format!("  ↓ {after} more"), theme.dim())
    } else {
        Line::raw("")
    });
    lines.push(Line::styled("j/k choose · Enter open · q quit", theme.dim()));
    Paragraph::new(lines).block(frame("skirmish open", theme)).render(rect, buf);
}

/// The offer to open a fight whose journal ends in a damaged record, without that part.
pub fn recover(
    path: &std::path::Path,
    damage: &str,
    picker_next: bool,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let kept = crate::save::damaged_path(path);
    let no = if picker_next {
        "leave the file as it is and pick another fight"
    } else {
        "leave the file as it is and quit"
    };
    let lines = vec![
        Line::styled("This fight's file is damaged.", theme.title()),
        Line::raw(""),
        Line::raw(path.display().to_string()),
        Line::raw(damage.to_string()),
        Line::raw(""),
        Line::raw(format!("y  keep the whole file aside as {} (or .N after it:", kept.display())),
        Line::raw("   none is replaced), then open the fight as it stood before the damage"),
        Line::raw(format!("n  {no}")),
    ];
    let rect = centered(area, 76, 14);
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(frame("Damaged save", theme))
        .render(rect, buf);
}

/// The end of a fight: the summary the log also keeps, until a key closes it.
pub fn summary(text: &str, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(8).min(64);
    let rows = wrap_words(text, width.saturating_sub(4) as usize);
    let rect = centered(area, width, to_u16(rows.len()) + 4);
    Clear.render(rect, buf);
    let mut lines: Vec<Line> =
        rows.into_iter().map(|row| Line::styled(row, theme.plain())).collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled("any key closes · the log keeps this", theme.dim()));
    Paragraph::new(lines)
        .block(frame("Fight over", theme).padding(ratatui::widgets::Padding::horizontal(1)))
        .render(rect, buf);
}

/// Alerts play just reached (`alert`), over the panes until the next key.
pub fn banner(text: &str, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(8).min(64);
    let rows: Vec<String> =
        text.lines().flat_map(|line| wrap_words(line, width.saturating_sub(4) as usize)).collect();
    let rect = centered(area, width, to_u16(rows.len()) + 4);
    Clear.render(rect, buf);
    let mut lines: Vec<Line> =
        rows.into_iter().map(|row| Line::styled(row, theme.warn())).collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled("any key closes · the log keeps this", theme.dim()));
    Paragraph::new(lines)
        .block(frame("Alert", theme).padding(ratatui::widgets::Padding::horizontal(1)))
        .render(rect, buf);
}
