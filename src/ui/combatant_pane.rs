//! The selected combatant: the pane's glance (name, status, the system's figures in fixed
//! cells, weapons, conditions) and the whole sheet Enter opens over the dashboard.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::draw;
use super::fit::{cells, fit, shorten};
use super::panes::{block, pane};
use super::theme::Theme;
use crate::app::{App, Row};
use crate::encounter::Combatant;
use crate::rules::Ruleset;
use crate::rules::conditions::Level;
use crate::rules::stats::{StatValue, Weapon};

pub fn combatant(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    combatant_of(app, &app.rows(), theme, area, buf);
}

/// The combatant pane for the selection among `rows`.
pub fn combatant_of(app: &App, rows: &[Row], theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    let title = "Combatant";
    let Some(i) = app.selected_combatant_in(rows) else {
        Paragraph::new(Line::styled("Select someone with j/k.", theme.dim()))
            .block(block(title, theme))
            .render(area, buf);
        return;
    };
    let c = &enc.combatants[i];
    // The name line never wraps (its side and id are cut first), so the lines below keep their
    // rows from one combatant to the next and a selection move redraws only what differs.
    let inner = pane(title, theme, area, buf);
    let room = inner.width as usize;
    draw::put_line(buf, inner.x, inner.y, &name_line(c, room, theme), inner.width);
    let below =
        Rect { y: inner.y.saturating_add(1), height: inner.height.saturating_sub(1), ..inner };
    let lines = details(app, c, theme, room, true);
    // The pane is a summary: its bottom border says where the rest is (the whole sheet).
    // On a group's row Enter folds or unfolds it instead.
    let what = match rows.get(app.selected) {
        Some(Row::Group { open: true, .. }) => " Enter: fold the group ",
        Some(Row::Group { .. }) => " Enter: unfold the group ",
        _ => " Enter: whole sheet ",
    };
    let more = Line::styled(shorten(what, room), theme.dim());
    draw::put_line(buf, inner.x, area.bottom().saturating_sub(1), &more, inner.width);
    // Rows that do not fit are never dropped without a word: a ↓ at the border's right end.
    if draw::rows_needed(&lines, below.width) > below.height as usize && room > cells(what) + 3 {
        let x = inner.right().saturating_sub(3);
        draw::put_line(
            buf,
            x,
            area.bottom().saturating_sub(1),
            &Line::styled(" ↓ ", theme.dim()),
            3,
        );
    }
    draw::wrapped(buf, below, lines);
}

/// The name line of a combatant: its name, then side and id. When `room` is short the side
/// goes first (the turn order's colour says it), then the id is cut.
fn name_line(c: &Combatant, room: usize, theme: Theme) -> Line<'static> {
    let name = shorten(&c.name, room);
    let left = room.saturating_sub(cells(&name));
    let whole = format!("  {} · {}", c.side, c.id);
    let rest = if cells(&whole) <= left { whole } else { shorten(&format!("  {}", c.id), left) };
    let rest = if rest.chars().count() > 3 { rest } else { String::new() };
    Line::from(vec![
        Span::styled(name, theme.side(c.side).patch(theme.title())),
        Span::styled(rest, theme.dim()),
    ])
}

/// A combatant below its name, `room` cells wide: status and the system's glance figures; then
/// for the `pane` a row of weapon names, the conditions named and the system's own lines; for
/// the sheet the system's lines, every stat as set, each weapon with its fields, each condition
/// with its effect, and the notes.
fn details(app: &App, c: &Combatant, theme: Theme, room: usize, pane: bool) -> Vec<Line<'static>> {
    let enc = app.session.encounter();
    let rules = enc.system.rules();
    let mut lines = Vec::new();
    let init = c.initiative.as_ref().map_or("none yet".to_string(), |i| i.value.to_string());
    // What every combatant has, so the row fits the pane as anyone's does and the glance below
    // keeps its rows; a regiment's strength is on its members row (below the glance).
    let mut status = vec![format!("init {init}"), rules.spec().health.text(enc.health_now(c))];
    if enc.is_down(c) {
        status.push("DOWN".into());
    }
    if c.held {
        status.push("holding".into());
    }
    if c.hidden {
        status.push("hidden".into());
    }
    lines.push(Line::raw(status.join(" · ")));
    let sheet = rules.sheet(enc.subject(c));
    let glance: Vec<String> = sheet
        .glance
        .into_iter()
        // A negative figure with a true minus sign, as the rest of the screen writes it.
        .map(|(label, value)| match value.strip_prefix('-') {
            Some(magnitude) => format!("{label} −{magnitude}"),
            None => format!("{label} {value}"),
        })
        .collect();
    // Two cells to a row at the least; a pane narrower than that runs them on, wrapped.
    match room / GLANCE_CELL {
        0 | 1 => lines.push(Line::raw(glance.join(" · "))),
        _ => lines.extend(grid(&glance, room, GLANCE_CELL).into_iter().map(Line::raw)),
    }
    // The pane is a glance whose rows keep their places from one combatant to the next: one
    // row naming the weapons, the conditions named (the turn order's marks spelled out, wrapped,
    // never hidden), then what the system adds. The sheet has each weapon's fields, each
    // condition's effect and the notes.
    if pane {
        if !c.weapons.is_empty() {
            let names: Vec<&str> = c.weapons.iter().map(|w| w.name.as_str()).collect();
            let row = shorten(&format!("⚔ {}", names.join(" · ")), room);
            lines.push(Line::styled(row, theme.plain()));
        }
        if !c.conditions.is_empty() {
            let names: Vec<String> = c.conditions.iter().map(|k| condition_name(enc, k)).collect();
            lines.push(Line::styled(names.join(" · "), theme.warn()));
        }
        lines.extend(system_lines(app, c, theme));
        return lines;
    }
    lines.extend(system_lines(app, c, theme));
    // Every stat as set (what `edit` changes), in cells as wide as the widest.
    let set: Vec<String> = rules
        .spec()
        .fields
        .iter()
        .filter_map(|f| match c.stats.get(f.name)? {
            // A switch that is off says nothing worth a cell (`wild off`).
            StatValue::Flag(false) => None,
            v => Some(format!("{} {v}", f.name)),
        })
        .collect();
    if !set.is_empty() {
        lines.push(Line::styled(format!("as set (:edit {} FIELD=VALUE)", c.id), theme.dim()));
        let widest = set.iter().map(|g| cells(g)).max().unwrap_or(0);
        let cell = (widest + 1).clamp(GLANCE_CELL, room.max(GLANCE_CELL));
        lines.extend(grid(&set, room, cell).into_iter().map(|row| Line::styled(row, theme.dim())));
    }
    lines.extend(c.weapons.iter().map(|weapon| weapon_line(rules, weapon, theme)));
    lines.extend(condition_lines(app, c, theme));
    if !c.conditions.is_empty() {
        lines.push(Line::styled("x shakes off a condition · :uncond removes one", theme.dim()));
    }
    for note in &c.notes {
        lines.push(Line::styled(format!("✎ {note}"), theme.dim()));
    }
    lines
}

/// The sheet's row for a weapon: its name, then its fields in the system's order.
fn weapon_line(rules: &dyn Ruleset, weapon: &Weapon, theme: Theme) -> Line<'static> {
    let fields: Vec<String> = rules
        .spec()
        .weapon_fields
        .iter()
        .filter_map(|f| match weapon.stats.get(f.name)? {
            StatValue::Flag(true) => Some(f.name.to_string()),
            StatValue::Flag(false) => None,
            value => Some(format!("{} {value}", f.name)),
        })
        .collect();
    let head = format!("⚔ {}", weapon.name);
    let rest = if fields.is_empty() { String::new() } else { format!(": {}", fields.join(" · ")) };
    Line::from(vec![Span::styled(head, theme.plain()), Span::styled(rest, theme.dim())])
}

/// The sheet's conditions, each with what it does.
fn condition_lines(app: &App, c: &Combatant, theme: Theme) -> Vec<Line<'static>> {
    let enc = app.session.encounter();
    let mut lines = Vec::new();
    let catalogue = app.session.assets().catalogue_ref(enc.system);
    for k in &c.conditions {
        let mut head = format!("{} ({}", k.name, k.level);
        if k.source != crate::rules::conditions::Source::Manual {
            head.push_str(&format!(", {}", k.source));
        }
        if let Some(n) = k.rounds {
            head.push_str(&format!(", {n} rd left"));
        }
        if let Some(a) = &k.until {
            let of = enc.get(&a.of).map_or(a.of.as_str(), |o| o.name.as_str());
            head.push_str(&format!(", {}", a.describe(of)));
        }
        if k.persistent {
            head.push_str(", persistent");
        }
        head.push(')');
        let effect = catalogue.and_then(|cat| cat.find(&k.name).ok()).map(|spec| match k.level {
            Level::Severe => spec.severe.clone().unwrap_or_else(|| spec.first.clone()),
            Level::First => spec.first.clone(),
        });
        lines.push(Line::from(vec![
            Span::styled(head, theme.warn()),
            Span::raw(effect.map(|e| format!(": {e}")).unwrap_or_default()),
        ]));
    }
    lines
}

/// A glance figure's cell: `fighting d12+1`, `mental def 11` and a space.
const GLANCE_CELL: usize = 15;

/// A condition as the pane names it: `Bleeding (severe, 3 rd)`.
fn condition_name(
    enc: &crate::encounter::Encounter,
    k: &crate::rules::conditions::Condition,
) -> String {
    let mut about = Vec::new();
    if k.level == Level::Severe {
        about.push("severe".to_string());
    }
    if let Some(n) = k.rounds {
        about.push(format!("{n} rd"));
    }
    if let Some(a) = &k.until {
        let of = enc.get(&a.of).map_or(a.of.as_str(), |o| o.name.as_str());
        about.push(a.describe(of));
    }
    match about.is_empty() {
        true => k.name.clone(),
        false => format!("{} ({})", k.name, about.join(", ")),
    }
}

/// What the system adds below the glance: a regiment's strength as `skirmish run` writes it
/// (`members 17/20 W 1/2`) and a mark per member (● standing, ◐ the one the pool is wearing
/// down, ○ fallen), then the system's own status lines (GURPS maneuver, shock …).
fn system_lines(app: &App, c: &Combatant, theme: Theme) -> Vec<Line<'static>> {
    let enc = app.session.encounter();
    let rules = enc.system.rules();
    let mut lines = Vec::new();
    if let Some(s) = rules.unit(c.view()).strength {
        let total = usize::try_from(s.total.clamp(0, 200)).unwrap_or(0);
        let standing = usize::try_from(s.standing.clamp(0, 200)).unwrap_or(0);
        let marks: String = (0..total)
            .map(|k| match k {
                k if k + 1 == standing && s.pool > 0 => '◐',
                k if k < standing => '●',
                _ => '○',
            })
            .collect();
        lines.push(Line::raw(format!("members {s} {marks}")));
    }
    for line in rules.sheet(enc.subject(c)).status {
        lines.push(Line::styled(line, theme.warn()));
    }
    lines
}

/// `entries` in rows of cells `cell` wide, as many to a row as `room` holds, so values line up;
/// a value longer than its cell is cut.
fn grid(entries: &[String], room: usize, cell: usize) -> Vec<String> {
    let per_row = (room / cell).max(1);
    entries
        .chunks(per_row)
        .map(|chunk| chunk.iter().map(|g| format!("{} ", fit(g, cell - 1))).collect())
        .collect()
}

/// The whole sheet of combatant `id` (Enter on it) on a screen of `area`: its box, its lines
/// (every line of [`details`], none cut), the rows they take with the frame, and the furthest it
/// scrolls (its last row at the box's bottom). `None` when no one has that id.
fn sheet_view(
    app: &App,
    id: &str,
    theme: Theme,
    area: Rect,
) -> Option<(Rect, Vec<Line<'static>>, u16, u16)> {
    let enc = app.session.encounter();
    let c = enc.index_of(id).map(|i| &enc.combatants[i])?;
    let width = area.width.saturating_sub(4).min(72);
    let room = width.saturating_sub(2);
    let mut lines = vec![name_line(c, room as usize, theme)];
    lines.extend(details(app, c, theme, room as usize, false));
    // As tall as the sheet, within the screen; scrolled no further than its last row.
    let rows = draw::rows_needed(&lines, room);
    let height = u16::try_from(rows.saturating_add(2)).unwrap_or(u16::MAX);
    let rect = super::overlay::centered(area, width, height.min(area.height.saturating_sub(2)));
    Some((rect, lines, height, height.saturating_sub(rect.height)))
}

/// The furthest the sheet of combatant `id` scrolls on a screen of `area`.
pub fn sheet_scroll_max(app: &App, id: &str, area: Rect) -> u16 {
    sheet_view(app, id, Theme { color: false }, area).map_or(0, |view| view.3)
}

/// The whole sheet of combatant `id`, scrolled by `scroll` rows, never past its last row.
pub fn sheet(app: &App, id: &str, scroll: u16, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some((rect, lines, height, max)) = sheet_view(app, id, theme, area) else { return };
    let scroll = scroll.min(max);
    ratatui::widgets::Clear.render(rect, buf);
    let mut frame = block("Sheet · j/k scroll · any other key closes", theme);
    // Rows below the box's last: its bottom border says so (a small screen cuts a long sheet).
    if scroll.saturating_add(rect.height) < height {
        frame = frame.title_bottom(Line::styled(" ↓ more: j ", theme.dim()));
    }
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: true })
        .scroll((scroll, 0))
        .block(frame)
        .render(rect, buf);
}
