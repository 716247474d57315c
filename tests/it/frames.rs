//! What the tracker sends to the terminal, read back by a small model of a terminal: every frame
//! must leave the screen looking exactly like ratatui's buffer (random screens, the demos driven
//! by keys), and a selection move must stay within its byte budget.

use ratatui::Terminal;
use ratatui::buffer::{Buffer, Cell};
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use skirmish::app::App;
use skirmish::runtime::{FrameBackend, FrameWriter, Screen, draw_frame};
use skirmish::ui::theme::Theme;

use super::tui::{app, keys};

/// A colour as a terminal keeps it: the 16 named colours are palette entries 0–15.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ink {
    Default,
    Index(u8),
    Rgb(u8, u8, u8),
}

fn ink(color: Color) -> Ink {
    let index = match color {
        Color::Reset => return Ink::Default,
        Color::Rgb(r, g, b) => return Ink::Rgb(r, g, b),
        Color::Indexed(n) => n,
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
    };
    Ink::Index(index)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rendition {
    fg: Ink,
    bg: Ink,
    underline: Ink,
    modifier: Modifier,
}

const PLAIN: Rendition = Rendition {
    fg: Ink::Default,
    bg: Ink::Default,
    underline: Ink::Default,
    modifier: Modifier::empty(),
};

#[derive(Debug, Clone, PartialEq, Eq)]
struct Glyph {
    /// Empty on the second column of a wide glyph.
    text: String,
    look: Rendition,
}

/// A terminal as the tracker uses it (no scrolling, no wrapping into a new line): it panics on
/// anything it was not built to read, so the backend cannot rely on behaviour left undefined.
struct Model {
    width: usize,
    height: usize,
    cells: Vec<Vec<Glyph>>,
    x: usize,
    y: usize,
    /// A glyph was printed in the last column: the next one would wrap.
    pending_wrap: bool,
    pen: Rendition,
}

fn erased(look: Rendition) -> Glyph {
    Glyph { text: " ".into(), look: Rendition { bg: look.bg, ..PLAIN } }
}

fn columns(text: &str) -> usize {
    Span::raw(text).width()
}

impl Model {
    fn new(width: u16, height: u16) -> Model {
        let (width, height) = (usize::from(width), usize::from(height));
        Model {
            width,
            height,
            cells: vec![vec![erased(PLAIN); width]; height],
            x: 0,
            y: 0,
            pending_wrap: false,
            pen: PLAIN,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        let text = std::str::from_utf8(bytes).expect("the frame is UTF-8");
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => {
                    assert_eq!(chars.next(), Some('['), "only CSI sequences are sent");
                    let mut params = String::new();
                    let command = loop {
                        let c = chars.next().expect("a complete sequence");
                        if c.is_ascii_digit() || c == ';' || c == '?' {
                            params.push(c);
                        } else {
                            break c;
                        }
                    };
                    self.csi(&params, command);
                }
                '\r' => {
                    self.x = 0;
                    self.pending_wrap = false;
                }
                '\n' => {
                    assert!(self.y + 1 < self.height, "a line feed at the bottom would scroll");
                    self.y += 1;
                    // Raw mode or not, the backend only sends `\n` right after `\r`.
                    assert_eq!(self.x, 0, "a line feed away from column 0");
                    self.pending_wrap = false;
                }
                c if c.is_control() => panic!("unexpected control character {c:?}"),
                c => {
                    let mut glyph = c.to_string();
                    // Marks that take no column belong to the glyph before them.
                    while let Some(&next) = chars.peek() {
                        if next.is_control() || columns(&next.to_string()) > 0 {
                            break;
                        }
                        glyph.push(next);
                        chars.next();
                    }
                    self.print(&glyph);
                }
            }
        }
    }

    fn print(&mut self, glyph: &str) {
        assert!(
            !self.pending_wrap,
            "printing at {},{} would wrap to the next line",
            self.x, self.y
        );
        let w = columns(glyph).max(1);
        assert!(self.x + w <= self.width, "a glyph past the right edge");
        // A wide glyph partly overwritten disappears whole.
        for x in self.x..self.x + w {
            self.break_wide(x);
        }
        self.cells[self.y][self.x] = Glyph { text: glyph.to_string(), look: self.pen };
        for x in self.x + 1..self.x + w {
            self.cells[self.y][x] = Glyph { text: String::new(), look: self.pen };
        }
        self.x += w;
        if self.x >= self.width {
            self.x = self.width - 1;
            self.pending_wrap = true;
        }
    }

    /// Column `x` is about to change: a wide glyph over it turns into blanks.
    fn break_wide(&mut self, x: usize) {
        let row = &mut self.cells[self.y];
        let start = (0..=x).rev().find(|&s| !row[s].text.is_empty()).unwrap_or(x);
        let w = columns(&row[start].text).max(1);
        if w > 1 && start + w > x {
            for cell in row.iter_mut().skip(start).take(w) {
                *cell = erased(cell.look);
            }
        }
    }

    fn numbers(params: &str) -> Vec<usize> {
        if params.is_empty() {
            return vec![];
        }
        params
            .split(';')
            .map(|p| if p.is_empty() { 0 } else { p.parse().expect("a number") })
            .collect()
    }

    fn csi(&mut self, params: &str, command: char) {
        if let Some(private) = params.strip_prefix('?') {
            assert!(
                matches!((private, command), ("25" | "2026", 'h' | 'l')),
                "?{private}{command}"
            );
            return;
        }
        let n = Self::numbers(params);
        let first = |default: usize| n.first().copied().filter(|&v| v != 0).unwrap_or(default);
        let relative = matches!(command, 'A' | 'B' | 'C' | 'D' | 'X' | 'K');
        assert!(!(relative && self.pending_wrap), "{command} right after the last column");
        match command {
            'H' => {
                self.y = first(1) - 1;
                self.x = n.get(1).copied().filter(|&v| v != 0).unwrap_or(1) - 1;
                assert!(self.x < self.width && self.y < self.height, "moved off the screen");
            }
            'A' => self.y = self.y.checked_sub(first(1)).expect("moved above the screen"),
            'B' => self.y += first(1),
            'C' => self.x += first(1),
            'D' => self.x = self.x.checked_sub(first(1)).expect("moved left of the screen"),
            'G' => self.x = first(1) - 1,
            'd' => self.y = first(1) - 1,
            'X' => {
                for x in self.x..(self.x + first(1)).min(self.width) {
                    self.break_wide(x);
                    self.cells[self.y][x] = erased(self.pen);
                }
            }
            'K' => {
                assert!(n.is_empty() || n == [0], "only erase to the end of the line");
                for x in self.x..self.width {
                    self.break_wide(x);
                    self.cells[self.y][x] = erased(self.pen);
                }
            }
            'J' => {
                assert_eq!(n, [2], "only erase the whole screen");
                self.cells = vec![vec![erased(self.pen); self.width]; self.height];
            }
            'm' => self.sgr(&n),
            other => panic!("unexpected sequence CSI {params}{other}"),
        }
        assert!(self.x < self.width && self.y < self.height, "moved off the screen");
        self.pending_wrap = false;
    }

    fn sgr(&mut self, n: &[usize]) {
        if n.is_empty() {
            self.pen = PLAIN;
            return;
        }
        let mut i = 0;
        // A colour number the model was sent: past 255 it is a wrong sequence, not a colour.
        let byte = |v: usize| u8::try_from(v).unwrap_or_else(|_| panic!("colour number {v}"));
        let color = |i: &mut usize| -> Ink {
            match n.get(*i + 1) {
                Some(5) => {
                    *i += 2;
                    Ink::Index(byte(n[*i]))
                }
                Some(2) => {
                    *i += 4;
                    Ink::Rgb(byte(n[*i - 2]), byte(n[*i - 1]), byte(n[*i]))
                }
                other => panic!("colour form {other:?}"),
            }
        };
        while i < n.len() {
            let m = &mut self.pen.modifier;
            match n[i] {
                0 => self.pen = PLAIN,
                1 => *m |= Modifier::BOLD,
                2 => *m |= Modifier::DIM,
                3 => *m |= Modifier::ITALIC,
                4 => *m |= Modifier::UNDERLINED,
                5 => *m |= Modifier::SLOW_BLINK,
                6 => *m |= Modifier::RAPID_BLINK,
                7 => *m |= Modifier::REVERSED,
                8 => *m |= Modifier::HIDDEN,
                9 => *m |= Modifier::CROSSED_OUT,
                22 => *m -= Modifier::BOLD | Modifier::DIM,
                23 => *m -= Modifier::ITALIC,
                24 => *m -= Modifier::UNDERLINED,
                25 => *m -= Modifier::SLOW_BLINK | Modifier::RAPID_BLINK,
                27 => *m -= Modifier::REVERSED,
                28 => *m -= Modifier::HIDDEN,
                29 => *m -= Modifier::CROSSED_OUT,
                c @ 30..=37 => self.pen.fg = Ink::Index(byte(c - 30)),
                38 => self.pen.fg = color(&mut i),
                39 => self.pen.fg = Ink::Default,
                c @ 40..=47 => self.pen.bg = Ink::Index(byte(c - 40)),
                48 => self.pen.bg = color(&mut i),
                49 => self.pen.bg = Ink::Default,
                58 => self.pen.underline = color(&mut i),
                59 => self.pen.underline = Ink::Default,
                c @ 90..=97 => self.pen.fg = Ink::Index(byte(c - 90 + 8)),
                c @ 100..=107 => self.pen.bg = Ink::Index(byte(c - 100 + 8)),
                other => panic!("unexpected SGR {other}"),
            }
            i += 1;
        }
    }

    /// Where the screen does not look like `buf`, if anywhere: each visible difference, the
    /// way a person would see it (a space's colour shows only through reverse, underline,
    /// strike-through or blink).
    fn differences(&self, buf: &Buffer) -> Vec<String> {
        let mut out = Vec::new();
        for y in 0..self.height.min(usize::from(buf.area.height)) {
            let mut x = 0;
            while x < self.width.min(usize::from(buf.area.width)) {
                let at = |v: usize| u16::try_from(v).expect("a cell on the screen");
                let want = &buf[(at(x), at(y))];
                let got = &self.cells[y][x];
                let w = columns(want.symbol()).max(1);
                if !same_look(want, got) {
                    out.push(format!(
                        "({x},{y}): want {:?} {:?}, shown {:?} {:?}",
                        want.symbol(),
                        want.style(),
                        got.text,
                        got.look
                    ));
                }
                x += w;
            }
        }
        out
    }
}

fn same_look(want: &Cell, got: &Glyph) -> bool {
    if want.symbol() != got.text || ink(want.bg) != got.look.bg {
        return false;
    }
    let blank = want.symbol() == " ";
    let marks = Modifier::REVERSED
        | Modifier::UNDERLINED
        | Modifier::CROSSED_OUT
        | Modifier::SLOW_BLINK
        | Modifier::RAPID_BLINK;
    let shown = if blank { marks } else { Modifier::all() };
    if want.modifier & shown != got.look.modifier & shown {
        return false;
    }
    let fg_shows = !blank || want.modifier.intersects(marks);
    (!fg_shows || ink(want.fg) == got.look.fg)
        && (!want.modifier.contains(Modifier::UNDERLINED)
            || ink(want.underline_color) == got.look.underline)
}

/// A terminal of `size` drawn by the tracker's backend, its bytes collected by `frame`.
fn screen(size: Size) -> (Screen<Vec<u8>>, FrameWriter<Vec<u8>>) {
    let frame = FrameWriter::new(Vec::new());
    let terminal = Terminal::new(FrameBackend::with_size(frame.clone(), size)).expect("terminal");
    (terminal, frame)
}

/// Draw the app, feed the model what was sent, and check the model's screen against ratatui's.
fn draw_and_check(
    terminal: &mut Screen<Vec<u8>>,
    frame: &FrameWriter<Vec<u8>>,
    model: &mut Model,
    a: &App,
    theme: Theme,
    step: &str,
) -> usize {
    frame.discard();
    draw_frame(terminal, frame, a, theme).expect("drawn");
    let sent = frame.contents();
    model.feed(&sent);
    let side = |v: usize| u16::try_from(v).expect("a screen size");
    let area = Rect::new(0, 0, side(model.width), side(model.height));
    let mut buf = Buffer::empty(area);
    skirmish::ui::render(a, theme, area, &mut buf);
    let differences = model.differences(&buf);
    assert!(differences.is_empty(), "{step}: the screen differs:\n{}", differences.join("\n"));
    sent.len()
}

/// Every demo fight in `saves/`, found by listing the folder (so a demo added there is covered
/// without touching this test), each named by its file.
fn demo_saves() -> Vec<(String, skirmish::encounter::Session)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("saves/ is listed")
        .map(|entry| entry.expect("a saves/ entry").path())
        .filter(|path| path.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let session = skirmish::save::load(&path, super::tui::assets()).expect("demo loads");
            (name, session)
        })
        .collect()
}

/// The keys a GM presses in a session, one frame after each.
const SESSION: &str = "jjjkkk<Enter>jj<Enter>kkkkjjjjjjjj:add Zed side=pc<Enter>jjjjn?<Esc>d<Esc>:roll 3d6<Enter>kkkkkkkk<Enter>jjuu<C-r>:frob<Enter>jjj:set<Tab><Esc>";

/// Every demo in `saves/`, at three sizes, in colour and without: each frame of the session, and
/// the frame after a resize, leaves the model terminal showing what ratatui drew.
#[test]
fn every_frame_of_a_session_leaves_the_screen_as_drawn() {
    for (name, session) in demo_saves() {
        for (w, h) in [(80, 24), (120, 40), (60, 20)] {
            for color in [true, false] {
                let theme = Theme { color };
                let mut a = app(session.clone());
                let (mut terminal, frame) = screen(Size::new(w, h));
                let mut model = Model::new(w, h);
                draw_and_check(&mut terminal, &frame, &mut model, &a, theme, "first frame");
                for (n, key) in keys(SESSION).into_iter().enumerate() {
                    a.handle_event(&Event::Key(key));
                    a.effects.clear();
                    a.quit = false;
                    let step = format!("{name} {w}×{h} colour {color}, key {n} ({key:?})");
                    draw_and_check(&mut terminal, &frame, &mut model, &a, theme, &step);
                }
                // A resize clears the screen and draws it all again.
                let size = Size::new(w + 7, h + 3);
                frame.discard();
                terminal.backend_mut().set_size(size);
                terminal.autoresize().expect("resized");
                let mut model = Model::new(size.width, size.height);
                model.feed(&frame.contents());
                draw_and_check(&mut terminal, &frame, &mut model, &a, theme, "after a resize");
            }
        }
    }
}

#[test]
fn random_screens_are_sent_right() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261122);
    let words = ["a", "bc", " ", "   ", "鬼", "⚔", "█░", "é", "x鬼y", "│", "e\u{301}"];
    let colors = [
        Color::Reset,
        Color::Red,
        Color::LightCyan,
        Color::DarkGray,
        Color::Indexed(200),
        Color::Rgb(1, 2, 3),
    ];
    let modifiers = [
        Modifier::empty(),
        Modifier::BOLD,
        Modifier::DIM,
        Modifier::BOLD | Modifier::DIM,
        Modifier::REVERSED,
        Modifier::UNDERLINED | Modifier::ITALIC,
        Modifier::CROSSED_OUT,
        Modifier::SLOW_BLINK,
        Modifier::HIDDEN,
    ];
    for (w, h) in [(12u16, 4u16), (31, 9), (80, 24)] {
        let (mut terminal, frame) = screen(Size::new(w, h));
        let mut model = Model::new(w, h);
        let mut shown = Buffer::empty(Rect::new(0, 0, w, h));
        for step in 0..600 {
            for _ in 0..rng.random_range(0..6) {
                let x = rng.random_range(0..w);
                let y = rng.random_range(0..h);
                let mut style = Style::new()
                    .fg(colors[rng.random_range(0..colors.len())])
                    .bg(colors[rng.random_range(0..colors.len())])
                    .add_modifier(modifiers[rng.random_range(0..modifiers.len())]);
                if rng.random_range(0..3) == 0 {
                    style = style.bg(Color::Reset);
                }
                let text: String = (0..rng.random_range(1..8))
                    .map(|_| words[rng.random_range(0..words.len())])
                    .collect();
                shown.set_stringn(x, y, &text, usize::from(w - x), style);
            }
            if rng.random_range(0..25) == 0 {
                shown.reset();
            }
            // ratatui's buffers hold no wide glyph with something printed over its second
            // column (no terminal could show both).
            for y in 0..h {
                for x in 0..w - 1 {
                    if columns(shown[(x, y)].symbol()) > 1 && shown[(x + 1, y)].symbol() != " " {
                        shown[(x, y)].set_symbol(" ");
                    }
                }
            }
            frame.discard();
            let cursor = (rng.random_range(0..4) == 0)
                .then(|| (rng.random_range(0..w), rng.random_range(0..h)));
            terminal
                .draw(|f| {
                    f.buffer_mut().merge(&shown);
                    if let Some(c) = cursor {
                        f.set_cursor_position(c);
                    }
                })
                .expect("drawn");
            model.feed(&frame.contents());
            let differences = model.differences(&shown);
            assert!(
                differences.is_empty(),
                "{w}×{h} step {step}:\n{}\nsent {}",
                differences.join("\n"),
                String::from_utf8_lossy(&frame.contents()).replace('\x1b', "⎋")
            );
            if let Some((x, y)) = cursor {
                assert_eq!((model.x, model.y), (usize::from(x), usize::from(y)), "the cursor");
            }
        }
    }
}

/// Issue 14 item 14 and issue 28 item 7 (DESIGN: a selection move ≤ 256 bytes to the terminal in
/// every demo in saves/): every move between adjacent rows of every demo fight in `saves/`, at
/// 80×24 and 120×40, in colour and without, groups folded and opened, sends at most 256 bytes: the
/// turn order moves its cursor block and the combatant pane's rows keep their places, so only
/// values and names are redrawn.
#[test]
fn selection_moves_in_the_demos_stay_within_256_bytes() {
    let demos = demo_saves();
    assert!(!demos.is_empty(), "no demo found in saves/");
    let mut report = Vec::new();
    let mut most = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for (w, h) in [(80, 24), (120, 40)] {
        for (name, session) in &demos {
            for open in [false, true] {
                for color in [true, false] {
                    let theme = Theme { color };
                    let mut a = app(session.clone());
                    if open {
                        let groups =
                            a.session.encounter().combatants.iter().filter_map(|c| c.group.clone());
                        a.unfolded.extend(groups.collect::<Vec<_>>());
                    }
                    let rows = a.rows();
                    for from in 0..rows.len() {
                        for (key, to) in [('j', from + 1), ('k', from.wrapping_sub(1))] {
                            if to >= rows.len() {
                                continue;
                            }
                            let (mut terminal, frame) = screen(Size::new(w, h));
                            let mut model = Model::new(w, h);
                            a.selected = from;
                            draw_and_check(&mut terminal, &frame, &mut model, &a, theme, "first");
                            a.handle_event(&Event::Key(super::tui::keys(&key.to_string())[0]));
                            assert_eq!(a.selected, to);
                            let step = format!(
                                "{name} {w}×{h} rows {from}→{to}, colour {color}, open {open}"
                            );
                            let sent =
                                draw_and_check(&mut terminal, &frame, &mut model, &a, theme, &step);
                            let range = most.entry(name.as_str()).or_insert((sent, sent));
                            *range = (range.0.min(sent), range.1.max(sent));
                            report.push((sent, step));
                        }
                    }
                }
            }
        }
    }
    report.sort();
    for (sent, step) in &report {
        println!("{sent:>3} bytes: {step}");
    }
    for (name, (least, most)) in &most {
        println!("{name}: {least}–{most} bytes a move");
    }
    println!("{} moves", report.len());
    let over: Vec<_> = report.iter().filter(|(sent, _)| *sent > 256).collect();
    assert!(over.is_empty(), "moves over 256 bytes: {over:#?}");
}

/// The combatant pane is a glance of fixed rows (issue 28 item 7): for everyone in every demo of
/// `saves/`, at 80×24 and 120×40, the status row is one row and the system's first glance figure
/// opens the row below it. A regiment's strength once ran its status row onto a second row at 80
/// columns, which moved every figure below it down and redrew them all on a move onto its row.
#[test]
fn the_glance_keeps_its_rows_for_everyone_in_the_demos() {
    for (name, session) in demo_saves() {
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let mut a = app(session.clone());
            let groups = a.session.encounter().combatants.iter().filter_map(|c| c.group.clone());
            a.unfolded.extend(groups.collect::<Vec<_>>());
            let rows = a.rows();
            for n in 0..rows.len() {
                a.selected = n;
                let Some(i) = a.selected_combatant_in(&rows) else { continue };
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                skirmish::ui::render(&a, Theme { color: false }, area, &mut buf);
                let screen = skirmish::ui::buffer_text(&buf);
                let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
                // The pane's inside starts one column right of its frame's corner.
                let (top, left) = lines
                    .iter()
                    .enumerate()
                    .find_map(|(y, l)| {
                        let text: String = l.iter().collect();
                        let at = text.find("┌ Combatant")?;
                        Some((y, text[..at].chars().count() + 1))
                    })
                    .expect("the combatant pane");
                let pane_row = |k: usize| -> String { lines[top + k][left..].iter().collect() };
                let enc = a.session.encounter();
                let c = &enc.combatants[i];
                let (label, value) = enc.system.rules().sheet(enc.subject(c)).glance.remove(0);
                let who = format!("{name} {w}×{h} {}", c.name);
                assert!(pane_row(2).starts_with("init "), "{who}: the status row\n{screen}");
                assert!(
                    pane_row(3).starts_with(&format!("{label} {value}")),
                    "{who}: the glance right under the status row\n{screen}"
                );
            }
        }
    }
}
