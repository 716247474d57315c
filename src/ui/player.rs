//! The players' screen (`skirmish watch`), drawn from a [`PlayerView`] only: the round, whose turn
//! it is and who is on deck in a band that cannot be missed, the turn order with visible
//! conditions, and the recent log. Any size draws without a panic; below the smallest useful size
//! only the turn band is kept.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::fit::{cells, fit, to_u16};
use super::theme::Theme;
use crate::rules::types::HealthBand;
use crate::view::{PlayerCombatant, PlayerHealth, PlayerView, band_word};

/// What the watcher has to say besides the fight: where it reads from, and any trouble.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchNote {
    pub text: String,
    /// Trouble (the file is gone or broken): drawn as an error.
    pub error: bool,
}

/// The players' screen: the view (none until a fight has been read) and the watcher's note.
pub struct PlayerScreen<'a> {
    pub view: Option<&'a PlayerView>,
    pub note: &'a WatchNote,
    pub theme: Theme,
    /// The current turn's time, when the GM shows it (`set turn_timer …`).
    pub timer: Option<crate::app::TurnClock>,
}

impl Widget for PlayerScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        if area.width == 0 || area.height == 0 {
            return;
        }
        let Some(view) = self.view else {
            let style = if self.note.error { theme.error() } else { theme.plain() };
            Paragraph::new(Line::styled(self.note.text.clone(), style))
                .wrap(ratatui::widgets::Wrap { trim: true })
                .render(area, buf);
            return;
        };
        if area.height < 10 || area.width < 30 {
            compact(view, self.note, theme, area, buf);
            return;
        }
        // Trouble with the file is read whole: it may take up to three lines.
        let note_rows = if self.note.error {
            let rows = note_rows(self.note, area.width as usize).len();
            to_u16(rows.clamp(1, 3))
        } else {
            1
        };
        let header = Rect { height: 1, ..area };
        let band = Rect { y: area.y + 1, height: 4, ..area };
        let status = Rect { y: area.bottom().saturating_sub(note_rows), height: note_rows, ..area };
        let body =
            Rect { y: area.y + 5, height: area.height.saturating_sub(5 + note_rows), ..area };
        render_header(view, self.timer, theme, header, buf);
        render_band(view, theme, band, buf);
        if body.width >= 70 {
            let [order, log] =
                Layout::horizontal([Constraint::Percentage(56), Constraint::Percentage(44)])
                    .areas(body);
            render_order(view, theme, order, buf);
            render_log(view, theme, log, buf);
        } else {
            let rows = to_u16(view.order.len()).saturating_add(2);
            let [order, log] =
                Layout::vertical([Constraint::Max(rows.max(3)), Constraint::Min(0)]).areas(body);
            render_order(view, theme, order, buf);
            if log.height >= 3 {
                render_log(view, theme, log, buf);
            }
        }
        render_note(self.note, theme, status, buf);
    }
}

fn block(title: &str, theme: Theme) -> Block<'static> {
    Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.title()))
        .border_style(theme.dim())
}

fn round_text(view: &PlayerView) -> String {
    match (view.round, &view.turn) {
        (0, None) => "not started".to_string(),
        // A turn before round 1: an ambush's surprise turn.
        (0, Some(_)) => "before round 1".to_string(),
        (n, _) => format!("Round {n}"),
    }
}

fn render_header(
    view: &PlayerView,
    timer: Option<crate::app::TurnClock>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = area.width as usize;
    let bar = theme.header().add_modifier(Modifier::BOLD);
    let right = format!(" {} ", round_text(view));
    let left = format!(" {} · {}", view.name, view.system);
    let room = width.saturating_sub(cells(&right));
    let text = format!("{}{right}", fit(&left, room));
    Paragraph::new(Line::styled(fit(&text, width), bar)).render(area, buf);
    // The turn's time before the round, where the name leaves room for it.
    let Some((mark, style)) = timer.map(|t| super::clock::turn_mark(t, bar, theme)) else {
        return;
    };
    let room = width.saturating_sub(cells(&right) + cells(&left) + 1);
    if cells(&mark) <= room {
        let x = area.right().saturating_sub(to_u16(cells(&right) + cells(&mark)));
        Line::from(Span::styled(mark.clone(), style))
            .render(Rect { x, width: to_u16(cells(&mark)), ..area }, buf);
    }
}

/// NOW and ON DECK, large: the current name in capitals, spaced, in reverse video.
fn render_band(view: &PlayerView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let inner = block("Turn", theme).inner(area);
    block("Turn", theme).render(area, buf);
    let width = inner.width as usize;
    let now = match &view.turn {
        Some(name) => spaced(&name.to_uppercase()),
        None if view.round == 0 => "waiting for the fight to start".to_string(),
        None => "—".to_string(),
    };
    let next = view.on_deck.clone().unwrap_or_else(|| "—".to_string());
    let strong = Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD);
    let now_line = Line::from(vec![
        Span::styled(" NOW      ", theme.title()),
        Span::styled(fit(&format!(" ▶ {now} "), width.saturating_sub(10)), strong),
    ]);
    let next_line = Line::from(vec![
        Span::styled(" ON DECK  ", theme.title()),
        Span::styled(fit(&format!(" ▷ {next}"), width.saturating_sub(10)), theme.current()),
    ]);
    Paragraph::new(vec![now_line, next_line]).render(inner, buf);
}

/// `ARIA` → `A R I A`, when there is room for it; long names stay as they are.
fn spaced(name: &str) -> String {
    if cells(name) > 20 {
        return name.to_string();
    }
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

fn marker(c: &PlayerCombatant) -> &'static str {
    if c.current {
        "▶"
    } else if c.down {
        "✖"
    } else if c.held {
        "⏸"
    } else if c.on_deck {
        "▷"
    } else {
        " "
    }
}

fn health_text(health: &PlayerHealth) -> String {
    match health {
        PlayerHealth::Exact { text, .. } => text.clone(),
        PlayerHealth::Label { band } => band_word(*band).to_string(),
        PlayerHealth::Hidden => String::new(),
    }
}

fn band_style(health: &PlayerHealth, theme: Theme) -> Style {
    let band = match health {
        PlayerHealth::Exact { band, .. } | PlayerHealth::Label { band } => *band,
        PlayerHealth::Hidden => return theme.plain(),
    };
    match band {
        HealthBand::Unhurt => theme.good(),
        HealthBand::Hurt => theme.plain(),
        HealthBand::Bloodied => theme.warn(),
        HealthBand::Critical | HealthBand::Down => theme.bad(),
    }
}

fn render_order(view: &PlayerView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let outer = block("Turn order", theme);
    let inner = outer.inner(area);
    outer.render(area, buf);
    let width = inner.width as usize;
    let cards = view.order.iter().any(|c| c.card.is_some());
    let card_w = if cards { 6 } else { 0 };
    let name_w = view.order.iter().map(|c| cells(&c.name)).max().unwrap_or(4).clamp(4, 18);
    let health_w = view.order.iter().map(|c| cells(&health_text(&c.health))).max().unwrap_or(0);
    // Room for the longest label whole ("out of the fight").
    let health_w = health_w.min(16);
    // The side in words too, so that nothing rests on colour alone, when there is room.
    let side_w = if width >= 2 + card_w + name_w + 1 + 8 + health_w + 8 { 8 } else { 0 };
    let rows = inner.height as usize;
    // Keep the marker in sight: scroll so that the current row is on screen.
    let at = view.order.iter().position(|c| c.current).unwrap_or(0);
    let skip = at.saturating_sub(rows.saturating_sub(2)).min(view.order.len().saturating_sub(rows));
    let mut lines = Vec::new();
    for c in view.order.iter().skip(skip).take(rows) {
        let mut spans = vec![Span::styled(
            format!("{} ", marker(c)),
            if c.current { theme.current() } else { theme.plain() },
        )];
        if cards {
            spans.push(Span::styled(fit(c.card.as_deref().unwrap_or(""), card_w), theme.notable()));
        }
        let name_style = if c.down {
            theme.down()
        } else if c.current {
            theme.current().add_modifier(Modifier::REVERSED)
        } else {
            theme.side(c.side)
        };
        spans.push(Span::styled(fit(&c.name, name_w), name_style));
        spans.push(Span::raw(" "));
        if side_w > 0 {
            spans.push(Span::styled(fit(c.side.key(), side_w), theme.dim()));
        }
        if health_w > 0 {
            spans.push(Span::styled(
                fit(&health_text(&c.health), health_w),
                band_style(&c.health, theme),
            ));
            spans.push(Span::raw(" "));
        }
        let used = 2 + card_w + name_w + 1 + side_w + if health_w > 0 { health_w + 1 } else { 0 };
        let conditions = c.conditions.join(", ");
        spans.push(Span::styled(fit(&conditions, width.saturating_sub(used)), theme.warn()));
        lines.push(Line::from(spans));
    }
    if view.order.is_empty() {
        lines.push(Line::styled("no one in sight yet", theme.dim()));
    }
    Paragraph::new(lines).render(inner, buf);
}

fn render_log(view: &PlayerView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let outer = block("Log", theme);
    let inner = outer.inner(area);
    outer.render(area, buf);
    let width = inner.width as usize;
    let rows = inner.height as usize;
    let mut lines: Vec<Line> = Vec::new();
    // Newest at the bottom; each entry wrapped to the pane's width.
    for entry in view.log.iter().rev() {
        let style = if entry.text.starts_with("Round ") { theme.title() } else { theme.plain() };
        let wrapped = wrap(&entry.text, width);
        for row in wrapped.into_iter().rev() {
            lines.push(Line::styled(row, style));
        }
        if lines.len() >= rows {
            break;
        }
    }
    lines.truncate(rows);
    lines.reverse();
    Paragraph::new(lines).render(inner, buf);
}

/// Break text into rows of at most `width` cells at spaces (a longer word is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    if width == 0 {
        return Vec::new();
    }
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let needed = if row.is_empty() { cells(word) } else { cells(&row) + 1 + cells(word) };
        if needed > width && !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(word);
        if cells(&row) > width {
            rows.push(fit(&row, width));
            row.clear();
        }
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// The note's rows, one cell in from the edge.
fn note_rows(note: &WatchNote, width: usize) -> Vec<String> {
    wrap(&format!("q quit · {}", note.text), width.saturating_sub(1))
}

fn render_note(note: &WatchNote, theme: Theme, area: Rect, buf: &mut Buffer) {
    let style =
        if note.error { theme.error().add_modifier(Modifier::REVERSED) } else { theme.dim() };
    let width = area.width as usize;
    let mut rows = note_rows(note, width);
    let room = area.height as usize;
    if rows.len() > room {
        rows.truncate(room);
        if let Some(last) = rows.last_mut() {
            *last = fit(&format!("{last} …"), width);
        }
    }
    let lines: Vec<Line> =
        rows.into_iter().map(|r| Line::styled(fit(&format!(" {r}"), width), style)).collect();
    Paragraph::new(lines).render(area, buf);
}

/// A small terminal: the round, now and on deck, then as much of the order as fits.
fn compact(view: &PlayerView, note: &WatchNote, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width as usize;
    let strong = Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD);
    let mut lines = vec![
        Line::styled(fit(&round_text(view), width), theme.header()),
        Line::styled(fit(&format!("▶ {}", view.turn.as_deref().unwrap_or("—")), width), strong),
        Line::styled(
            fit(&format!("▷ {}", view.on_deck.as_deref().unwrap_or("—")), width),
            theme.current(),
        ),
    ];
    if note.error {
        lines.push(Line::styled(fit(&note.text, width), theme.error()));
    }
    for c in &view.order {
        lines.push(Line::raw(fit(
            &format!("{} {} {}", marker(c), c.name, health_text(&c.health)),
            width,
        )));
    }
    lines.truncate(area.height as usize);
    Paragraph::new(lines).render(area, buf);
}
