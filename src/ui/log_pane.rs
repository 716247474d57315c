//! The dice log pane: each entry wrapped with its roll's faces, scrolled by rows, the current
//! command's headline pinned over its own lines, and the small print giving way first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::log_spans::{roll_spans, wrap_spans};
use super::panes::block;
use super::theme::Theme;
use crate::app::{App, log_fold};
use crate::encounter::Encounter;

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
    folded_rows(enc, entry, marked, theme, width, 0)
}

/// One log entry laid out as [`entry_rows`] does, closed by `▸ +N` when it is the headline of a
/// command with `folded` lines hidden under it.
fn folded_rows(
    enc: &Encounter,
    entry: &crate::encounter::LogEntry,
    marked: bool,
    theme: Theme,
    width: usize,
    folded: usize,
) -> Vec<Line<'static>> {
    let round_line = entry.opens == Some(crate::encounter::Opens::Round);
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
    if folded > 0 {
        // A no-break space: the mark never parts from its count across rows.
        spans.push(Span::styled(format!(" ▸\u{a0}+{folded}"), theme.dim()));
    }
    wrap_spans(spans, width)
}

/// The log index of the headline of command `depth` of the current line (see
/// [`log_fold::Told::headline`]).
fn headline(app: &App, depth: usize) -> Option<usize> {
    log_fold::told(&app.session, depth).map(|t| t.headline)
}

/// The command (its depth in the current line) that log line `index` belongs to.
fn command_of(app: &App, index: usize) -> Option<usize> {
    log_fold::command_of(&app.session, index)
}

/// A row of the pane, with a mark to write over its first two cells: `⋯` where lines above it
/// are not shown.
type Row = (Line<'static>, Option<&'static str>);

/// What the pane shows: its rows from the top, and how far back the view is scrolled.
struct View {
    rows: Vec<Row>,
    /// Rows back from the newest, for the title (`None`: the newest lines).
    back: Option<usize>,
    /// The most `App::log_scroll` can usefully be.
    max_scroll: usize,
    /// The view reaches back past the oldest line the session holds (a long fight's older lines
    /// are folded again on demand: [`wants_older`]).
    wants_older: bool,
}

/// Lay the log out for a pane of `width` × `height` cells.
///
/// Not scrolled, the newest line is the bottom row and the newest command shows under its
/// headline: when its lines do not all fit, the headline stays at the top of them and its small
/// print gives way (whole lines, marked `⋯`), older lines filling any row left above. The first
/// key back then shows the newest rows as they are, nothing left out ("every line"), and each
/// key after that moves by [`crate::app::LOG_STEP`] rows, a command's headline pinned over its
/// own lines, so every row shows at some scroll and no row is ever left blank above text. A
/// view that starts inside a line marks its first row `⋯`.
fn view(app: &App, theme: Theme, width: usize, height: usize, marked: usize) -> View {
    let enc = app.session.encounter();
    let entries = app.session.log();
    let first_marked = entries.len().saturating_sub(marked);
    let step = crate::app::LOG_STEP;
    // Lay out entries from the newest back, only as far as any view needs.
    let want = app.log_scroll.saturating_add(height).saturating_add(step);
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
    let reached_oldest = laid.last().is_none_or(|(index, _)| *index == 0);
    let wants_older = reached_oldest && count < want && app.session.log_start() > 0;
    // Every line laid: none older is held, or none older was needed.
    let complete = reached_oldest && !wants_older;
    let mut rows: Vec<Line<'static>> = Vec::with_capacity(count);
    let mut row_entry: Vec<usize> = Vec::with_capacity(count);
    for (index, lines) in laid.into_iter().rev() {
        row_entry.extend(std::iter::repeat_n(index, lines.len()));
        rows.extend(lines);
    }
    let total = rows.len();
    let continued = |r: usize| r > 0 && row_entry[r - 1] == row_entry[r];
    let plain_to = |from: usize, end: usize| -> Vec<Row> {
        let mut out: Vec<Row> = rows[from..end].iter().map(|l| (l.clone(), None)).collect();
        if let Some(first) = out.first_mut()
            && continued(from)
        {
            first.1 = Some("⋯ ");
        }
        out
    };
    // Not scrolled, the log is a glance: older commands folded, the open one's small print
    // giving way. When it shows just what the newest rows show, there is no glance to leave.
    let glance = glance(app, theme, width, height, marked)
        .filter(|g| *g != plain_to(total.saturating_sub(height), total));
    let extra = if glance.is_some() { step } else { 0 };
    let max_back = if complete { total.saturating_sub(height) } else { usize::MAX };
    let max_scroll = max_back.saturating_add(extra);
    let scroll = app.log_scroll.min(max_scroll);
    if scroll == 0
        && let Some(rows) = glance
    {
        return View { rows, back: None, max_scroll, wants_older };
    }
    // Rows back from the newest: the first key back shows the glance's lines as they are.
    let back = scroll.saturating_sub(extra).min(max_back);
    let end = total - back.min(total);
    let top = end.saturating_sub(height);
    let plain = |from: usize| plain_to(from, end);
    let shown_back = (scroll > 0).then_some(back);
    // A command's headline is pinned over its own lines when the view starts below it.
    // The first key back from a summary shows the newest rows as they are, nothing left out.
    let pin = (back > 0 && top < end)
        .then(|| command_of(app, row_entry[top]))
        .flatten()
        .filter(|&d| command_of(app, row_entry[end - 1]) == Some(d))
        .and_then(|d| headline(app, d))
        .filter(|&h| h < row_entry[top] || (h == row_entry[top] && continued(top)));
    if let Some(h) = pin
        && height > step
        && let Some(entry) = entries.get(h)
    {
        let mut pinned = entry_rows(enc, entry, h >= first_marked, theme, width);
        pinned.truncate((height / 2).min(height - step));
        let room = height - pinned.len();
        let head_end = row_entry.partition_point(|&i| i <= h);
        let from = end.saturating_sub(room).max(head_end);
        // A view that ends inside the headline itself (a note longer than the pane) has no
        // lines of its command below the headline to pin it over.
        if end.checked_sub(from) == Some(room) {
            let mut out: Vec<Row> = pinned.into_iter().map(|l| (l, None)).collect();
            let mut body = plain(from);
            if from > head_end
                && let Some(first) = body.first_mut()
            {
                first.1 = Some(if continued(from) { "⋯ " } else { " ⋯" });
            }
            out.extend(body);
            return View { rows: out, back: shown_back, max_scroll, wants_older };
        }
    }
    View { rows: plain(top), back: shown_back, max_scroll, wants_older }
}

/// The log not scrolled, newest line at the bottom: the open command ([`log_fold::open`], else
/// the newest) with every line, under its pinned headline with the small print giving way when
/// they do not all fit, or folded to its headline when the GM folded it (`f`); the commands
/// before it each with every line while all of them fit, folded to their headlines (`▸ +N`)
/// from the first that does not. `None` for an empty log.
fn glance(app: &App, theme: Theme, width: usize, height: usize, marked: usize) -> Option<Vec<Row>> {
    let session = &app.session;
    let (enc, entries) = (session.encounter(), session.log());
    let first_marked = entries.len().saturating_sub(marked);
    let path_len = session.line().0.len();
    let open = log_fold::open(session);
    let head = open.or_else(|| log_fold::told(session, path_len.checked_sub(1)?))?;
    let folded = open.is_some_and(|o| app.log_folded == Some(o.node));
    let lay = |i: usize, hidden: usize| {
        folded_rows(enc, &entries[i], i >= first_marked, theme, width, hidden)
    };
    // Laid from the newest line back: (line, its rows).
    let mut laid: Vec<(usize, Vec<Line<'static>>)> = Vec::new();
    for i in (head.start..entries.len()).rev() {
        if folded && head.end > i && !head.shows(i, entries) {
            continue;
        }
        let hidden = if folded && i == head.headline { head.hidden(entries) } else { 0 };
        laid.push((i, lay(i, hidden)));
    }
    let mut count: usize = laid.iter().map(|(_, r)| r.len()).sum();
    let (mut older, mut folding) = (0, false);
    for depth in (0..head.depth).rev() {
        if older >= height {
            break;
        }
        let held = session.line().1.get(depth).is_some_and(|&m| m >= session.log_start());
        let Some(told) = log_fold::told(session, depth) else {
            if held {
                continue;
            }
            break;
        };
        let all: Vec<(usize, Vec<Line<'static>>)> =
            (told.start..told.end).rev().map(|i| (i, lay(i, 0))).collect();
        let rows: usize = all.iter().map(|(_, r)| r.len()).sum();
        let hidden = told.hidden(entries);
        folding |= hidden > 0 && count.saturating_add(rows) > height;
        let shown: Vec<(usize, Vec<Line<'static>>)> = if folding && hidden > 0 {
            let shows = |i: usize| told.shows(i, entries);
            (told.start..told.end)
                .rev()
                .filter(|&i| shows(i))
                .map(|i| (i, lay(i, if i == told.headline { hidden } else { 0 })))
                .collect()
        } else {
            all
        };
        let rows: usize = shown.iter().map(|(_, r)| r.len()).sum();
        count = count.saturating_add(rows);
        older += rows;
        laid.extend(shown);
    }
    let mut rows: Vec<Line<'static>> = Vec::with_capacity(count);
    let mut row_entry: Vec<usize> = Vec::with_capacity(count);
    for (index, lines) in laid.into_iter().rev() {
        row_entry.extend(std::iter::repeat_n(index, lines.len()));
        rows.extend(lines);
    }
    // The open command's rows from its headline on do not fit: a summary under the headline.
    let h = head.headline;
    let from_head = row_entry.iter().filter(|&&i| i >= h).count();
    let reached_head = row_entry.first().is_some_and(|&i| i <= h);
    if !folded
        && height > crate::app::LOG_STEP
        && (!reached_head || from_head > height)
        && let Some(rows) =
            summary_rows(app, theme, width, height, first_marked, (h, head.end), &rows, &row_entry)
    {
        return Some(rows);
    }
    let top = rows.len().saturating_sub(height);
    let continued = top > 0 && row_entry[top - 1] == row_entry[top];
    let mut out: Vec<Row> = rows.drain(top..).map(|l| (l, None)).collect();
    if let Some(first) = out.first_mut()
        && continued
    {
        first.1 = Some("⋯ ");
    }
    Some(out)
}

/// The open command when it does not fit: its headline `h`, then as many of its lines as fit,
/// the newest always at the bottom with every line from `keep_from` on (the commands after it,
/// each a line with nothing to fold) and the small print giving way first, whole lines only; any
/// row left over shows the lines just above the headline.
#[expect(
    clippy::too_many_arguments,
    reason = "the pane's geometry and the command's parts, laid out together"
)]
fn summary_rows(
    app: &App,
    theme: Theme,
    width: usize,
    height: usize,
    first_marked: usize,
    (h, keep_from): (usize, usize),
    rows: &[Line<'static>],
    row_entry: &[usize],
) -> Option<Vec<Row>> {
    let entries = app.session.log();
    let enc = app.session.encounter();
    let mut pinned = entries
        .get(h)
        .map(|e| entry_rows(enc, e, h >= first_marked, theme, width))
        .unwrap_or_default();
    pinned.truncate((height / 2).min(height - crate::app::LOG_STEP));
    let room = height - pinned.len();
    let end = rows.len();
    let head_end = row_entry.partition_point(|&i| i <= h);
    // (first row, rows) of each line after the headline.
    let mut kept: Vec<(usize, usize)> = Vec::new();
    let mut at = head_end;
    while at < end {
        let n = row_entry[at..].iter().take_while(|&&i| i == row_entry[at]).count();
        kept.push((at, n));
        at += n;
    }
    let rank = |first: usize| entries.get(row_entry[first]).map_or(2, line_rank);
    // Give way by rank (the small print, then notes of rolls, the oldest first; then what
    // happened to someone, the damage taken and where the fight is, the newest first: a
    // command's first consequences stay nearest its headline), never the newest line; then take
    // back what fits again, the most telling first.
    // The newest line never gives way, nor any line of a command after this one (each is the
    // headline of a command with nothing to fold).
    let last = kept
        .iter()
        .position(|k| row_entry[k.0] >= keep_from)
        .unwrap_or(kept.len())
        .min(kept.len().saturating_sub(1));
    let mut dropped = vec![false; kept.len()];
    let mut gone: Vec<usize> = Vec::new();
    let mut total: usize = kept.iter().map(|k| k.1).sum();
    for r in 0..=4 {
        let order: Vec<usize> = if r < 2 { (0..last).collect() } else { (0..last).rev().collect() };
        for i in order {
            let (first, n) = kept[i];
            if total > room && rank(first) == r {
                dropped[i] = true;
                gone.push(i);
                total -= n;
            }
        }
    }
    for &i in gone.iter().rev() {
        if total + kept[i].1 <= room {
            dropped[i] = false;
            total += kept[i].1;
        }
    }
    let continued = |r: usize| r > 0 && row_entry[r - 1] == row_entry[r];
    let line = |r: usize, mark: Option<&'static str>| (rows[r].clone(), mark);
    let mut body: Vec<Row> = Vec::with_capacity(room);
    if total <= room {
        let mut gap = false;
        for (&(first, n), &gone) in kept.iter().zip(&dropped) {
            gap |= gone;
            if !gone {
                body.extend(
                    (first..first + n).map(|r| line(r, (gap && r == first).then_some(" ⋯"))),
                );
                gap = false;
            }
        }
    }
    let head_first = row_entry.partition_point(|&i| i < h);
    let reached = row_entry.first().is_some_and(|&i| i <= h);
    let fits_above =
        |body: &[Row]| room - body.len() == 0 || (reached && head_first >= room - body.len());
    if body.is_empty() || !fits_above(&body) {
        // The newest line alone is taller than the room, or no line above fills what is left:
        // the newest rows as they are, under the headline.
        let from = end.saturating_sub(room).max(head_end);
        body = (from..end)
            .map(|r| {
                let mark = (r == from && r > head_end).then_some(if continued(r) {
                    "⋯ "
                } else {
                    " ⋯"
                });
                line(r, mark)
            })
            .collect();
        if body.is_empty() || !fits_above(&body) {
            return None;
        }
    }
    let above = room - body.len();
    let mut out: Vec<Row> = Vec::with_capacity(height);
    for r in head_first - above..head_first {
        out.push(line(r, (r == head_first - above && continued(r)).then_some("⋯ ")));
    }
    out.extend(pinned.into_iter().map(|l| (l, None)));
    out.extend(body);
    Some(out)
}

/// `app.log_scroll` held within the rows the log pane in `area` can scroll back.
pub fn log_scroll_within(app: &App, area: Rect) -> usize {
    let inner = block("Dice log", Theme { color: false }).inner(area);
    let (height, width) = (inner.height as usize, inner.width as usize);
    if height == 0 || width < 8 {
        return 0;
    }
    app.log_scroll.min(view(app, Theme { color: false }, width, height, 0).max_scroll)
}

/// Whether the log scrolled as far as `app.log_scroll` says reaches past the oldest line the
/// session holds: the runtime then has the session fold older lines again before the frame.
pub fn wants_older(app: &App, area: Rect) -> bool {
    let inner = block("Dice log", Theme { color: false }).inner(area);
    let (height, width) = (inner.height as usize, inner.width as usize);
    height > 0 && width >= 8 && view(app, Theme { color: false }, width, height, 0).wants_older
}

/// The log with its newest `marked` lines marked ▸ (the timeline's current step), laid out as
/// [`view`] says.
pub fn log_marked(app: &App, theme: Theme, area: Rect, buf: &mut Buffer, marked: usize) {
    let inner = block("Dice log", theme).inner(area);
    let (height, width) = (inner.height as usize, inner.width as usize);
    if height == 0 || width < 8 {
        block("Dice log", theme).render(area, buf);
        return;
    }
    let view = view(app, theme, width, height, marked);
    let title = match view.back {
        Some(0) => "Dice log (every line)".to_string(),
        Some(back) => format!("Dice log (↑{back} lines)"),
        None => "Dice log".into(),
    };
    super::panes::pane(&title, theme, area, buf);
    for (n, (line, mark)) in view.rows.into_iter().enumerate().take(height) {
        let y = inner.y + super::fit::to_u16(n);
        super::draw::put_line(buf, inner.x, y, &line, inner.width);
        if let Some(mark) = mark {
            // A gap above a line of the timeline's step keeps the step's `▸`.
            let stepped = line.spans.first().is_some_and(|s| s.content.starts_with('▸'));
            let mark = if stepped && mark == " ⋯" { "▸⋯" } else { mark };
            buf.set_string(inner.x, y, mark, theme.dim());
        }
    }
}

/// How much a log line matters when a command's lines do not all fit: 0 for the small print
/// (the word on faces typed at the table, actions spent: `Aria: attack, −1 of actions`), 1 for a
/// note on a roll (`critical hit: condition table …`), 2 for what happened to someone, 3 for the
/// damage someone took (`Rook takes 9 cut: … → HP 2/12`, the one form the fold writes it in), 4
/// for where the fight is (`Round 2`, `Ogre's turn`, `Aria acts from hold`: a line that opens a
/// round or a turn, as the fold marks it).
fn line_rank(entry: &crate::encounter::LogEntry) -> u8 {
    if entry.opens.is_some() {
        return 4;
    }
    let text = entry.text.as_str();
    let damage = text.split_once(" takes ").is_some_and(|(_, rest)| {
        rest.starts_with(|c: char| c.is_ascii_digit())
            && rest.contains(": ")
            && rest.contains(" → ")
    });
    if damage {
        return 3;
    }
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
    use crate::encounter::{LogEntry, Opens};
    use crate::ui::fit::cells;

    /// Where the fight is comes from the fold's mark, not from how a line reads: a turn taken
    /// from hold ranks with `Round 2`, a line that only begins with the word "Round" does not.
    #[test]
    fn a_line_ranks_by_what_it_opens_not_by_its_words() {
        let line = |text: &str, opens| LogEntry {
            round: 2,
            text: text.into(),
            roll: None,
            who: None,
            opens,
        };
        assert_eq!(line_rank(&line("Aria acts from hold", Some(Opens::Turn))), 4);
        assert_eq!(line_rank(&line("Round 2", Some(Opens::Round))), 4);
        assert_eq!(line_rank(&line("Round-up of the goblins fails", None)), 2);
        // Damage taken outranks what else happened, in the one form the fold writes it.
        assert_eq!(line_rank(&line("Rook takes 9 cut: 9 cut − DR 2 = 7 → HP 2/12", None)), 3);
        assert_eq!(line_rank(&line("Aria takes Ogre's sword", None)), 2);
    }

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

    /// Issue 22 item 6: a mark of no width between two spaces never gets a row to itself (it
    /// would show as a blank row above text); the row goes on into the next word instead.
    #[test]
    fn no_row_shows_nothing() {
        for width in [8, 9, 10, 12] {
            let text = "aaaaaaaaa \u{200b} xxxxxxxxxxxx \u{301}\u{200b} b";
            for row in wrap_spans(vec![Span::raw(text)], width) {
                let seen: String =
                    row.to_string().chars().filter(|c| cells(&c.to_string()) > 0).collect();
                assert!(!seen.trim().is_empty(), "{width}: {row:?} shows nothing");
            }
        }
    }
}
