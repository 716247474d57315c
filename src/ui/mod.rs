//! The dashboard, drawn from `&App` only: header, turn order, combatant, dice log, action menu,
//! command line and status, and the dialog, help and picker overlays. No mutation, no I/O.

mod clock;
mod combatant_pane;
mod draw;
mod fit;
mod import_overlay;
mod log_pane;
mod log_spans;
mod overlay;
mod panes;
pub mod player;
pub mod theme;
mod timeline;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::{App, Mode, SaveState};
pub use crate::app::{MIN_HEIGHT, MIN_WIDTH};
use fit::wrap_words;
pub(crate) use fit::{cells, fit, shorten};
use theme::Theme;

/// Draw the whole screen and place the cursor where typing goes.
pub fn draw(frame: &mut Frame, app: &App, theme: Theme) {
    let area = frame.area();
    let cursor = render(app, theme, area, frame.buffer_mut());
    if let Some((x, y)) = cursor {
        frame.set_cursor_position((x, y));
    }
}

/// Render into a buffer; returns the cursor position when something is being typed.
pub fn render(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) -> Option<(u16, u16)> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(app, area, buf, theme);
        return None;
    }
    if let Some(t) = &app.timeline {
        return timeline::render(app, t, theme, area, buf);
    }
    if let Mode::Picker { options, cursor } = &app.mode {
        overlay::picker(options, *cursor, &app.status, theme, area, buf);
        return None;
    }
    if let Mode::Fights { rows, cursor } = &app.mode {
        overlay::fights(rows, *cursor, &app.status, theme, area, buf);
        return None;
    }
    if let Mode::Recover { path, damage, otherwise } = &app.mode {
        overlay::recover(path, damage, otherwise.is_some(), theme, area, buf);
        return None;
    }
    let [header, order, combatant, log, actions, status, keys] = dashboard(area);
    render_header(app, theme, header, buf);
    let rows = app.rows();
    panes::order_of(app, &rows, theme, order, buf);
    combatant_pane::combatant_of(app, &rows, theme, combatant, buf);
    log_pane::log(app, theme, log, buf);
    panes::actions(app, theme, actions, buf);
    // A message longer than a line takes the key bar's line and, when it needs them, the lines
    // above (up to half the screen), so it is read whole.
    let rows = match app.mode {
        Mode::Command => Vec::new(),
        _ => wrap_words(&app.status.text, status.width.saturating_sub(1) as usize),
    };
    let mut cursor = if rows.len() > 1 {
        let room = (area.height / 2).max(2) as usize;
        let cut = rows.len() > room;
        let mut lines: Vec<String> = rows.into_iter().take(room).collect();
        if let Some(last) = lines.last_mut().filter(|_| cut) {
            // Its last glyph gives way to the `…`.
            *last = shorten(&format!("{last}…"), cells(last).max(1));
        }
        let height = fit::to_u16(lines.len());
        let rect = Rect { y: keys.bottom() - height, height, ..keys };
        let style = if app.status.error { theme.error() } else { theme.plain() };
        ratatui::widgets::Clear.render(rect, buf);
        let lines: Vec<Line> =
            lines.into_iter().map(|l| Line::styled(format!(" {l}"), style)).collect();
        Paragraph::new(lines).render(rect, buf);
        None
    } else {
        let cursor = render_status(app, theme, status, buf);
        render_keys(app, theme, keys, buf);
        cursor
    };
    match &app.mode {
        Mode::Dialog(dialog) => cursor = overlay::dialog(dialog, theme, area, buf),
        Mode::Help { scroll } => overlay::help(app, *scroll, theme, area, buf),
        Mode::Sheet { id, scroll } => combatant_pane::sheet(app, id, *scroll, theme, area, buf),
        Mode::Report { title, lines, scroll } => {
            import_overlay::report(title, lines, *scroll, theme, area, buf);
        }
        Mode::Paste { text } => {
            cursor = import_overlay::paste(text, theme, area, buf);
        }
        Mode::Normal => {
            if let Some(text) = &app.summary {
                overlay::summary(text, theme, area, buf);
            } else if let Some(text) = &app.banner {
                overlay::banner(text, theme, area, buf);
            }
        }
        _ => {}
    }
    cursor
}

/// The dashboard's areas: header, turn order, combatant, log, actions, status, key bar.
fn dashboard(area: Rect) -> [Rect; 7] {
    let [header, body, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    // Half the height for the log: at 80×24 an attack's headline and its consequences fit.
    let [top, bottom] =
        Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(body);
    let [order, combatant] =
        Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(top);
    let [log, actions] =
        Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(bottom);
    [header, order, combatant, log, actions, status, keys]
}

/// How far back the dice log can be scrolled on a screen of `area`, from `app.log_scroll`: the
/// runtime keeps the app's scroll within this before each frame, so scrolling back down starts
/// at once from the oldest line.
pub fn log_scroll_within(app: &App, area: Rect) -> usize {
    let [_, _, _, log, ..] = dashboard(area);
    log_pane::log_scroll_within(app, log)
}

/// Whether the dice log, scrolled as the app says on a screen of `area`, reaches past the oldest
/// line the session holds (see [`crate::encounter::LOG_KEPT`]).
pub fn log_wants_older(app: &App, area: Rect) -> bool {
    let [_, _, _, log, ..] = dashboard(area);
    log_pane::wants_older(app, log)
}

/// What the runtime does before each frame on a screen of `area`: a log scrolled back past the
/// lines a long fight holds has the older ones folded again, then the log's and any overlay's
/// scroll are kept within what they can show.
pub fn settle(app: &mut App, area: Rect) {
    while log_wants_older(app, area) && app.session.extend_log_back().unwrap_or(false) {}
    app.log_scroll = log_scroll_within(app, area);
    if let Some(within) = overlay_scroll_within(app, area) {
        app.hold_overlay_scroll(within);
    }
}

/// How far the help screen or a sheet open on a screen of `area` can scroll, from its own
/// scroll (`None` when neither is open or the screen is too small to show it): the runtime keeps
/// the mode's scroll within this before each frame, as it does the log's, so `k` after pressing
/// on past the end moves back at once.
pub fn overlay_scroll_within(app: &App, area: Rect) -> Option<u16> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT || app.timeline.is_some() {
        return None;
    }
    match &app.mode {
        Mode::Help { scroll } => Some((*scroll).min(overlay::help_scroll_max(app, area))),
        Mode::Sheet { id, scroll } => {
            Some((*scroll).min(combatant_pane::sheet_scroll_max(app, id, area)))
        }
        _ => None,
    }
}

/// One pane on its own (for snapshots and benchmarks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Header,
    Order,
    Combatant,
    Log,
    Actions,
}

/// Render a single pane into `area`.
pub fn render_pane(app: &App, theme: Theme, pane: Pane, area: Rect, buf: &mut Buffer) {
    match pane {
        Pane::Header => render_header(app, theme, area, buf),
        Pane::Order => panes::order(app, theme, area, buf),
        Pane::Combatant => combatant_pane::combatant(app, theme, area, buf),
        Pane::Log => log_pane::log(app, theme, area, buf),
        Pane::Actions => panes::actions(app, theme, area, buf),
    }
}

/// A buffer's text, one line per row, trailing spaces trimmed (for snapshots and tests).
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        for x in area.left()..area.right() {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The only thing drawn below the smallest size; keys then only quit (see `App::too_small`).
fn too_small(app: &App, area: Rect, buf: &mut Buffer, theme: Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let quit = match app.keymap.first_key_of(crate::app::keymap::Action::Quit) {
        key if key.is_empty() => "Ctrl-C".to_string(),
        key => key,
    };
    let text = format!(
        "terminal too small: {}×{}, need {MIN_WIDTH}×{MIN_HEIGHT} · {quit} quits",
        area.width, area.height
    );
    let y = area.y + area.height / 2;
    Paragraph::new(Line::styled(text, theme.error()))
        .centered()
        .wrap(ratatui::widgets::Wrap { trim: true })
        .render(Rect { y, height: area.height - area.height / 2, ..area }, buf);
}

fn render_header(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let enc = app.session.encounter();
    let round =
        if enc.round == 0 { "not started".to_string() } else { format!("round {}", enc.round) };
    let turn = enc
        .current()
        .map_or_else(|| "—".to_string(), |c| format!("{} turn", enc.named(c).possessive()));
    let (saved, style) = match &app.save_state {
        SaveState::Saved => ("✓ saved ", theme.header()),
        SaveState::Unsaved => ("● unsaved ", theme.header()),
        SaveState::Failed(_) => ("✗ save failed ", theme.header().patch(theme.error())),
    };
    // Redo has more than one way forward from here: `:branches` lists them.
    let forks = app.session.forks_here();
    let mark = if forks > 1 { format!("⑂{forks} {saved}") } else { saved.to_string() };
    // The current turn's time (`set turn_timer=…`) before the save mark.
    let timer = app.turn_clock().map(|t| clock::turn_mark(t, theme.header(), theme));
    let mark = mark.as_str();
    let width = fit::to_u16(mark.chars().count());
    let timer_width = timer.as_ref().map_or(0, |(text, _)| fit::to_u16(cells(text)));
    // Round and whose turn always show, with a space before the save mark: the encounter's name
    // is shortened first, then the system's name goes, and only then is the turn cut.
    let room = (area.width as usize).saturating_sub(width as usize + timer_width as usize + 1);
    let tail = format!(" · {round} · {turn}");
    // A name that says the system already (`WOIN encounter`) needs no second mention.
    let system = if enc.name.contains(&enc.system.to_string()) {
        String::new()
    } else {
        format!(" · {}", enc.system)
    };
    let fixed = cells(" ⚔ ") + cells(&tail);
    let left = if fixed + cells(&enc.name) + cells(&system) <= room {
        format!(" ⚔ {}{system}{tail}", enc.name)
    } else if fixed + cells(&system) + 8 <= room {
        let name = shorten(&enc.name, room - fixed - cells(&system));
        format!(" ⚔ {name}{system}{tail}")
    } else {
        let name = shorten(&enc.name, room.saturating_sub(fixed).max(1));
        shorten(&format!(" ⚔ {name}{tail}"), room)
    };
    buf.set_style(area, theme.header());
    Line::from(left).style(theme.header()).render(area, buf);
    if area.width > width {
        Line::from(Span::styled(mark, style))
            .render(Rect { x: area.right() - width, width, ..area }, buf);
    }
    if let Some((text, style)) = timer.filter(|_| area.width > width + timer_width) {
        let x = area.right() - width - timer_width;
        Line::from(Span::styled(text, style)).render(Rect { x, width: timer_width, ..area }, buf);
    }
}

fn render_status(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) -> Option<(u16, u16)> {
    if let Mode::Command = app.mode {
        let width = area.width.saturating_sub(2) as usize;
        let scroll = app.input.visual_scroll(width);
        Paragraph::new(Line::from(vec![
            Span::styled(":", theme.key()),
            Span::raw(app.input.value()),
        ]))
        .scroll((0, fit::to_u16(scroll)))
        .render(area, buf);
        let x = fit::to_u16(app.input.visual_cursor().saturating_sub(scroll) + 1);
        return Some((area.x + x.min(area.width.saturating_sub(1)), area.y));
    }
    let style = if app.status.error { theme.error() } else { theme.plain() };
    Line::styled(format!(" {}", app.status.text), style).render(area, buf);
    None
}

/// The dashboard's key hints that fit in `width` cells: in the order a turn goes, the most
/// needed kept when not all fit (help, the command line and quit first, then next, attack,
/// damage, undo and the timeline; at 80 columns the rarer ones give way).
fn normal_keys(app: &App, width: usize) -> Vec<(String, &'static str)> {
    use crate::app::keymap::Action::*;
    // (action, label, rank: the lower the more needed).
    let all = [
        (NextTurn, "next", 3),
        (Attack, "attack", 4),
        (Damage, "damage", 5),
        (Heal, "heal", 9),
        (Condition, "cond", 8),
        (ShakeOff, "shake", 11),
        (Roll, "roll", 10),
        (Undo, "undo", 6),
        (Timeline, "timeline", 7),
        (LogFold, "fold log", 12),
        (CommandLine, "command", 1),
        (Help, "help", 0),
        (Quit, "quit", 2),
    ];
    let pairs: Vec<(String, &'static str, u8)> = all
        .iter()
        .map(|&(a, label, rank)| (app.keymap.first_key_of(a), label, rank))
        .filter(|(key, ..)| !key.is_empty())
        .collect();
    // Each pair takes its key, a space, its label and a space; a space leads the bar and the
    // last pair's own trailing space may fall off the edge.
    let cost = |(key, label, _): &(String, &str, u8)| cells(key) + cells(label) + 2;
    let mut by_rank: Vec<usize> = (0..pairs.len()).collect();
    by_rank.sort_by_key(|&i| pairs[i].2);
    let mut kept = vec![false; pairs.len()];
    let mut used = 0;
    for i in by_rank {
        if used + cost(&pairs[i]) <= width {
            used += cost(&pairs[i]);
            kept[i] = true;
        }
    }
    pairs
        .into_iter()
        .zip(kept)
        .filter(|(_, k)| *k)
        .map(|((key, label, _), _)| (key, label))
        .collect()
}

fn render_keys(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    let pairs: Vec<(String, &str)> = match &app.mode {
        Mode::Normal if app.summary.is_some() || app.banner.is_some() => {
            vec![("any key".into(), "close")]
        }
        Mode::Normal => normal_keys(app, area.width as usize),
        Mode::Command => vec![
            ("Enter".into(), "run"),
            ("Tab".into(), "complete"),
            ("↑↓".into(), "history"),
            ("Esc".into(), "cancel"),
        ],
        Mode::Dialog(dialog) if dialog.refused.is_some() => {
            vec![("Enter/Esc".into(), "close")]
        }
        // A roll the rules reached: the faces from the table, or the tracker's.
        Mode::Dialog(_)
            if matches!(app.live_question(), Some(crate::rules::ask::Need::Roll(_))) =>
        {
            vec![
                ("faces".into(), "type"),
                ("Enter/r".into(), "tracker rolls"),
                ("⇧Tab".into(), "back"),
                ("Esc".into(), "cancel"),
            ]
        }
        Mode::Dialog(dialog) => match dialog.step() {
            Some(crate::app::dialog::Step::Pick { .. }) => vec![
                ("Enter".into(), "next"),
                ("↑↓".into(), "choose"),
                ("type".into(), "filter"),
                ("Esc".into(), "cancel"),
            ],
            Some(crate::app::dialog::Step::Toggles { .. }) => vec![
                ("Space".into(), "switch"),
                ("↑↓".into(), "choose"),
                ("Enter".into(), "next"),
                ("Esc".into(), "cancel"),
            ],
            _ => vec![("Enter".into(), "next"), ("Esc".into(), "cancel")],
        },
        Mode::Paste { .. } => {
            vec![("Ctrl-D".into(), "read"), ("Enter".into(), "new line"), ("Esc".into(), "cancel")]
        }
        Mode::Report { .. } => vec![("↑↓ PgUp PgDn".into(), "scroll"), ("Esc".into(), "close")],
        Mode::Help { .. } | Mode::Sheet { .. } => {
            vec![("j/k".into(), "scroll"), ("any key".into(), "close")]
        }
        Mode::Picker { .. } | Mode::Fights { .. } => {
            vec![("j/k".into(), "choose"), ("Enter".into(), "open"), ("q".into(), "quit")]
        }
        Mode::Recover { .. } => vec![("y".into(), "open without it"), ("n".into(), "leave it")],
    };
    let mut spans = vec![Span::raw(" ")];
    for (key, label) in pairs {
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::styled(format!(" {label} "), theme.dim()));
    }
    Line::from(spans).render(area, buf);
}
