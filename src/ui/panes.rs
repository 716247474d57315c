//! The panes: turn order, the selected combatant and the action menu (the dice log has its own
//! module, `log_pane`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::theme::Theme;
use super::{cells, draw, shorten};
use crate::app::{App, Row};
use crate::encounter::{Combatant, Encounter};
use crate::rules::Health;
use crate::rules::conditions::Level;
use crate::rules::stats::StatValue;

pub use super::log_pane::{log, log_marked, log_scroll_within};

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

/// Fit a string into exactly `width` cells: padded with spaces, or cut with `…`.
fn fit(text: &str, width: usize) -> String {
    let used = cells(text);
    if used <= width {
        return format!("{text}{}", " ".repeat(width - used));
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let wide = cells(c.encode_utf8(&mut [0; 4]));
        if used + wide + 1 > width {
            break;
        }
        out.push(c);
        used += wide;
    }
    if width > 0 {
        out.push('…');
        used += 1;
    }
    out.push_str(&" ".repeat(width.saturating_sub(used)));
    out
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
    let filled = ((shown * width as i64 + health.max - 1) / health.max) as usize;
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
fn badges(c: &Combatant, short: bool) -> Vec<String> {
    c.conditions
        .iter()
        .map(|k| {
            let name = if short && k.name.chars().count() > 6 {
                let mut cut: String = k.name.chars().take(5).collect();
                cut.push('…');
                cut
            } else {
                k.name.clone()
            };
            if k.level == Level::Severe { name.to_uppercase() } else { name }
        })
        .collect()
}

/// The conditions of a turn-order row in `room` cells, and whether the health bar still fits
/// before them: whole names with the bar, then without it, then short names with and without
/// it; when even those do not fit, as many short ones as fit and `+N` for the rest, so a
/// condition is never hidden without a word.
fn condition_marks(c: &Combatant, room: usize) -> (String, bool) {
    const BAR: usize = 7;
    let (full, short) = (badges(c, false).join(" "), badges(c, true));
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
    let title = match enc.system.rules().order_status(&enc.state, &enc.options) {
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
            Line::raw(":start"),
        ])
        .render(inner, buf);
        return;
    }
    let height = inner.height as usize;
    let offset = app.selected.saturating_sub(height.saturating_sub(1));
    let width = inner.width as usize;
    let health_text = |h: Health| enc.system.rules().health_text(h);
    let counts_taken = enc.system.rules().health_counts_taken();
    // Whose turn it is, found once (each group row asks).
    let current = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id));
    let visible: Vec<_> = rows
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .map(|(index, row)| {
            let (c, name, health, members) = match row {
                Row::One(i) => (
                    &enc.combatants[*i],
                    match enc.system.rules().strength(enc.combatants[*i].view()) {
                        // A regiment's row: `Bandits 17/20`.
                        Some(s) => {
                            format!("{} {}/{}", enc.combatants[*i].name, s.standing, s.total)
                        }
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
            };
            (index, c, name, health, members)
        })
        .collect();
    // The name column is as wide as the longest name shown, leaving the rest to conditions;
    // when a combatant's conditions need more, a group's summary (`▸Goblin ×3 (2 up)`) gives
    // way first, down to the longest single name.
    let longest = visible.iter().map(|v| cells(&v.2)).max().unwrap_or(0);
    let single = visible.iter().filter(|v| v.4.is_none()).map(|v| cells(&v.2)).max();
    let marks =
        visible.iter().filter(|v| v.4.is_none()).map(|v| cells(&badges(v.1, false).join(" ")));
    let room = width.saturating_sub(2 + 5 + 9).saturating_sub(marks.max().unwrap_or(0));
    let wanted = longest.min(room.max(single.unwrap_or(longest)));
    let name_width = wanted.min(width.saturating_sub(2 + 5 + 1 + 8 + 7)).clamp(6, 22);
    for (line_no, (index, c, name, health, members)) in visible.into_iter().enumerate() {
        let y = inner.y + line_no as u16;
        let init = c.initiative.as_ref().map_or("—".to_string(), |i| i.value.to_string());
        let mark = match members {
            Some(ms) if current.is_some_and(|i| ms.contains(&i)) => '▶',
            Some(ms) if ms.iter().all(|&m| enc.is_down(&enc.combatants[m])) => '✖',
            Some(_) => ' ',
            None => marker(enc, c),
        };
        let htext = match members {
            // A group of Savage Worlds Extras has no wounds to count: "(N up)" says it.
            Some(_) if health.max == 0 => String::new(),
            Some(_) if counts_taken => {
                format!("{}/{}", health.max - health.current.clamp(0, health.max), health.max)
            }
            Some(_) => format!("{}/{}", health.current, health.max),
            // The system's own last word (`35/40`, `2/3`), or where that is too long for the
            // column (`(incapacitated)`: the ✖ says down) the count as the group row gives it.
            None => match health_text(health).split_whitespace().last() {
                Some(word) if cells(word) <= 7 => word.to_string(),
                _ if counts_taken => {
                    format!("{}/{}", health.max.saturating_sub(health.current), health.max)
                }
                _ => format!("{}/{}", health.current, health.max),
            },
        };

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
            None => condition_marks(c, left),
        };
        if with_bar {
            spans.push(Span::styled(bar(health, 6, counts_taken), health_style(theme, health)));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(marks, theme.warn()));
        draw::put_line(buf, inner.x, y, &Line::from(spans), inner.width);
    }
}

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
    let mut status = vec![format!("init {init}"), rules.health_text(enc.health_now(c))];
    let strength = rules.strength(c.view());
    if let Some(s) = strength {
        status.push(format!("{}/{} standing · W {}/{}", s.standing, s.total, s.pool, s.per_member));
    }
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
    let glance: Vec<String> = rules
        .glance(c.view(), &c.id, &enc.state)
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
            let names: Vec<String> = c.conditions.iter().map(condition_name).collect();
            lines.push(Line::styled(names.join(" · "), theme.warn()));
        }
        lines.extend(system_lines(app, c, theme));
        return lines;
    }
    lines.extend(system_lines(app, c, theme));
    // Every stat as set (what `edit` changes), in cells as wide as the widest.
    let set: Vec<String> = rules
        .fields()
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
    // The sheet: each weapon on its rows, the name, then its fields in the system's order.
    for weapon in &c.weapons {
        let fields: Vec<String> = rules
            .weapon_fields()
            .iter()
            .filter_map(|f| match weapon.stats.get(f.name)? {
                StatValue::Flag(true) => Some(f.name.to_string()),
                StatValue::Flag(false) => None,
                value => Some(format!("{} {value}", f.name)),
            })
            .collect();
        let head = format!("⚔ {}", weapon.name);
        let rest =
            if fields.is_empty() { String::new() } else { format!(": {}", fields.join(" · ")) };
        lines.push(Line::from(vec![
            Span::styled(head, theme.plain()),
            Span::styled(rest, theme.dim()),
        ]));
    }
    // Conditions, each with what it does, and how to end them.
    let catalogue = app.session.assets().catalogue_ref(enc.system);
    for k in &c.conditions {
        let mut head = format!("{} ({}", k.name, k.level);
        if k.source != crate::rules::conditions::Source::Manual {
            head.push_str(&format!(", {}", k.source));
        }
        if let Some(n) = k.rounds {
            head.push_str(&format!(", {n} rd left"));
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
    if !c.conditions.is_empty() {
        lines.push(Line::styled("x shakes off a condition · :uncond removes one", theme.dim()));
    }
    for note in &c.notes {
        lines.push(Line::styled(format!("✎ {note}"), theme.dim()));
    }
    lines
}

/// A glance figure's cell: `fighting d12+1`, `mental def 11` and a space.
const GLANCE_CELL: usize = 15;

/// A condition as the pane names it: `Bleeding (severe, 3 rd)`.
fn condition_name(k: &crate::rules::conditions::Condition) -> String {
    let mut about = Vec::new();
    if k.level == Level::Severe {
        about.push("severe".to_string());
    }
    if let Some(n) = k.rounds {
        about.push(format!("{n} rd"));
    }
    match about.is_empty() {
        true => k.name.clone(),
        false => format!("{} ({})", k.name, about.join(", ")),
    }
}

/// What the system adds below the glance: a regiment's members (● standing, ◐ the one the
/// pool is wearing down, ○ fallen), then its own status lines (GURPS maneuver, shock …).
fn system_lines(app: &App, c: &Combatant, theme: Theme) -> Vec<Line<'static>> {
    let enc = app.session.encounter();
    let rules = enc.system.rules();
    let mut lines = Vec::new();
    if let Some(s) = rules.strength(c.view()) {
        let total = usize::try_from(s.total.clamp(0, 200)).unwrap_or(0);
        let standing = usize::try_from(s.standing.clamp(0, 200)).unwrap_or(0);
        let marks: String = (0..total)
            .map(|k| match k {
                k if k + 1 == standing && s.pool > 0 => '◐',
                k if k < standing => '●',
                _ => '○',
            })
            .collect();
        lines.push(Line::raw(format!("members {marks}")));
    }
    for line in rules.status_lines(c.view(), &c.id, &enc.state) {
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

/// The whole sheet of combatant `id` (Enter on it): every line of [`details`], none cut,
/// scrolled by `scroll` rows.
pub fn sheet(app: &App, id: &str, scroll: u16, theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    let Some(c) = enc.index_of(id).map(|i| &enc.combatants[i]) else { return };
    let width = area.width.saturating_sub(4).min(72);
    let room = width.saturating_sub(2);
    let mut lines = vec![name_line(c, room as usize, theme)];
    lines.extend(details(app, c, theme, room as usize, false));
    // As tall as the sheet, within the screen; scrolled no further than its last row.
    let rows = draw::rows_needed(&lines, room);
    let height = u16::try_from(rows.saturating_add(2)).unwrap_or(u16::MAX);
    let rect = super::overlay::centered(area, width, height.min(area.height.saturating_sub(2)));
    let scroll = scroll.min(height.saturating_sub(rect.height));
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
    for action in rules.actions() {
        let costs: Vec<String> = rules
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
    let changed: Vec<String> = crate::rules::system::all_options(rules)
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
