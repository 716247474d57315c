//! The tracker's terminal backend: it remembers what the terminal shows and sends, for each
//! frame, only the cells that look different, by the shortest cursor moves, colour changes and
//! erasures it finds (a selection move is a few hundred bytes, not a redrawn pane).

use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::{Cell, CellDiffOption};
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use ratatui::text::Span;

/// Modifiers that show on a blank cell (the others change only how a glyph is drawn).
const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

/// The graphic rendition in force: what the next printed character is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    underline: Color,
    modifier: Modifier,
}

impl Pen {
    const PLAIN: Pen = Pen {
        fg: Color::Reset,
        bg: Color::Reset,
        underline: Color::Reset,
        modifier: Modifier::empty(),
    };

    fn of(cell: &Cell) -> Pen {
        Pen { fg: cell.fg, bg: cell.bg, underline: cell.underline_color, modifier: cell.modifier }
    }

    /// Whether erasing with this pen leaves cells that look like a blank, unstyled cell.
    fn erases_clean(self) -> bool {
        self.bg == Color::Reset && !self.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// The nearest pen that erases clean.
    fn for_erasing(self) -> Pen {
        Pen { bg: Color::Reset, modifier: self.modifier - SHOWN_ON_BLANK, ..self }
    }
}

fn blank(cell: &Cell) -> bool {
    cell.symbol() == " "
}

/// Whether the terminal shows the two cells the same: a space's foreground shows only through a
/// modifier that marks blanks (reverse, underline, strike-through, blink).
fn looks_same(a: &Cell, b: &Cell) -> bool {
    if a.symbol() != b.symbol() || a.bg != b.bg {
        return false;
    }
    let shown = if blank(a) { SHOWN_ON_BLANK } else { Modifier::all() };
    let modifier = a.modifier & shown;
    if modifier != b.modifier & shown {
        return false;
    }
    let fg_shows = !blank(a) || !modifier.is_empty();
    if fg_shows && a.fg != b.fg {
        return false;
    }
    !modifier.contains(Modifier::UNDERLINED) || a.underline_color == b.underline_color
}

/// A cell that only the terminal knows (an image, a link): never written, never written through.
fn untouchable(cell: &Cell) -> bool {
    #[expect(
        deprecated,
        reason = "ratatui still sets `skip` for cells a widget leaves to the terminal"
    )]
    let skip = cell.skip;
    skip || matches!(cell.diff_option, CellDiffOption::Skip)
}

/// Columns a cell's symbol takes.
fn width(cell: &Cell) -> u16 {
    let symbol = cell.symbol();
    if symbol.len() == 1 { 1 } else { (Span::raw(symbol).width() as u16).clamp(1, 2) }
}

/// Where each glyph of a row starts: `true` where a glyph starts, `false` on the columns a wide
/// glyph covers.
fn starts(row: &[Cell]) -> Vec<bool> {
    let mut out = vec![true; row.len()];
    let mut x = 0;
    while x < row.len() {
        let w = width(&row[x]) as usize;
        for covered in out.iter_mut().skip(x + 1).take(w - 1) {
            *covered = false;
        }
        x += w;
    }
    out
}

fn push_number(out: &mut Vec<u8>, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// `ESC [ n c`, with `n` left out when it is 1 (the default of relative moves).
fn csi(out: &mut Vec<u8>, n: u32, command: u8) {
    out.extend_from_slice(b"\x1b[");
    if n != 1 {
        push_number(out, n);
    }
    out.push(command);
}

/// SGR parameters for a colour; `base` is 30 for the foreground, 40 for the background, 50 for
/// underline (which has no short forms). The 16 standard colours take their short codes, as
/// terminfo's `setaf` does for xterm-256color.
fn color(params: &mut Vec<u32>, base: u32, color: Color) {
    let indexed = match color {
        Color::Reset => {
            params.push(base + 9);
            return;
        }
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
        Color::Indexed(n) => n,
        Color::Rgb(r, g, b) => {
            params.extend([base + 8, 2, u32::from(r), u32::from(g), u32::from(b)]);
            return;
        }
    };
    match (base, indexed) {
        (30 | 40, 0..=7) => params.push(base + u32::from(indexed)),
        (30 | 40, 8..=15) => params.push(base + 60 + u32::from(indexed) - 8),
        _ => params.extend([base + 8, 5, u32::from(indexed)]),
    }
}

const MODIFIER_ON: [(Modifier, u32); 9] = [
    (Modifier::BOLD, 1),
    (Modifier::DIM, 2),
    (Modifier::ITALIC, 3),
    (Modifier::UNDERLINED, 4),
    (Modifier::SLOW_BLINK, 5),
    (Modifier::RAPID_BLINK, 6),
    (Modifier::REVERSED, 7),
    (Modifier::HIDDEN, 8),
    (Modifier::CROSSED_OUT, 9),
];

/// Modifiers switched off together by one code (22 ends bold and dim, 25 both blinks).
const MODIFIER_OFF: [(Modifier, u32); 7] = [
    (Modifier::BOLD.union(Modifier::DIM), 22),
    (Modifier::ITALIC, 23),
    (Modifier::UNDERLINED, 24),
    (Modifier::SLOW_BLINK.union(Modifier::RAPID_BLINK), 25),
    (Modifier::REVERSED, 27),
    (Modifier::HIDDEN, 28),
    (Modifier::CROSSED_OUT, 29),
];

/// The parameters that take the terminal from `from` to `to`.
fn changes(from: Pen, to: Pen, params: &mut Vec<u32>) {
    let mut on = to.modifier - from.modifier;
    for (group, code) in MODIFIER_OFF {
        if from.modifier.intersects(group) && !to.modifier.contains(from.modifier & group) {
            params.push(code);
            // What the code also ended and should stay comes back on.
            on |= to.modifier & group;
        }
    }
    for (modifier, code) in MODIFIER_ON {
        if on.contains(modifier) {
            params.push(code);
        }
    }
    if from.fg != to.fg {
        color(params, 30, to.fg);
    }
    if from.bg != to.bg {
        color(params, 40, to.bg);
    }
    if from.underline != to.underline {
        color(params, 50, to.underline);
    }
}

fn write_sgr(out: &mut Vec<u8>, params: &[u32]) {
    out.extend_from_slice(b"\x1b[");
    for (i, &p) in params.iter().enumerate() {
        if i > 0 {
            out.push(b';');
        }
        push_number(out, p);
    }
    out.push(b'm');
}

fn sgr_len(params: &[u32]) -> usize {
    3 + params.len().saturating_sub(1) + params.iter().map(|&p| p.to_string().len()).sum::<usize>()
}

/// What the pen and the cursor are known to be, and where the output goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    /// `None` until known, and after a character in the last column (the terminal then waits
    /// to wrap, and relative moves behave differently from one terminal to another).
    cursor: Option<(u16, u16)>,
    pen: Option<Pen>,
}

/// Writes escape sequences and glyphs into a frame, keeping [`State`] up to date.
struct Pencil {
    state: State,
    /// The terminal's width, when known: a glyph reaching it leaves the cursor unknown, and only
    /// a row that reaches it may be erased to its end.
    edge: Option<u16>,
    /// Columns as far as the screen is known (the wrap is assumed at this edge when the
    /// terminal's width is not known).
    known_width: u16,
    out: Vec<u8>,
}

/// The parameters of the shortest SGR sequence from `from` (if known) to `to`.
fn sgr_params(from: Option<Pen>, to: Pen) -> Vec<u32> {
    let mut full = Vec::new();
    if to != Pen::PLAIN {
        full.push(0);
        changes(Pen::PLAIN, to, &mut full);
    }
    match from {
        Some(from) => {
            let mut step = Vec::new();
            changes(from, to, &mut step);
            if sgr_len(&step) < sgr_len(&full) { step } else { full }
        }
        None => full,
    }
}

fn sgr_cost(from: Option<Pen>, to: Pen) -> usize {
    if from == Some(to) { 0 } else { sgr_len(&sgr_params(from, to)) }
}

impl Pencil {
    fn set_pen(&mut self, to: Pen) {
        if self.state.pen != Some(to) {
            write_sgr(&mut self.out, &sgr_params(self.state.pen, to));
            self.state.pen = Some(to);
        }
    }

    /// The cheapest pen that draws `cell` as it should look, counting the change to the pen of
    /// the cell printed `then`: a blank cell needs only its background and the modifiers that
    /// show on blanks, so it may keep the pen it finds or take the next glyph's at once.
    fn pen_for(&self, cell: &Cell, then: Option<&Cell>) -> Pen {
        let exact = Pen::of(cell);
        let Some(pen) = self.state.pen.filter(|_| blank(cell)) else { return exact };
        let shown = cell.modifier & SHOWN_ON_BLANK;
        let draws_blank = |p: Pen| {
            p.bg == cell.bg
                && p.modifier & SHOWN_ON_BLANK == shown
                && (shown.is_empty() || (p.fg == cell.fg && p.underline == cell.underline_color))
        };
        let mut keep =
            Pen { bg: cell.bg, modifier: (pen.modifier - SHOWN_ON_BLANK) | shown, ..pen };
        if !shown.is_empty() {
            keep.fg = cell.fg;
            keep.underline = cell.underline_color;
        }
        let Some(then) = then else { return keep };
        let ahead = Pen::of(then);
        if !draws_blank(ahead) {
            return keep;
        }
        let via_keep = sgr_cost(Some(pen), keep) + sgr_cost(Some(keep), ahead);
        if sgr_cost(Some(pen), ahead) <= via_keep { ahead } else { keep }
    }

    /// Print `cell` at the cursor, which is at column `x` of row `y`; `then` is the cell after it.
    fn print(&mut self, x: u16, y: u16, cell: &Cell, then: Option<&Cell>) {
        let pen = self.pen_for(cell, then);
        self.set_pen(pen);
        self.out.extend_from_slice(cell.symbol().as_bytes());
        let after = x.saturating_add(width(cell));
        let edge = self.edge.unwrap_or(self.known_width);
        self.state.cursor = (after < edge).then_some((after, y));
    }

    fn move_to(&mut self, x: u16, y: u16) {
        if self.state.cursor != Some((x, y)) {
            moves(&mut self.out, self.state.cursor, (x, y));
            self.state.cursor = Some((x, y));
        }
    }

    /// Make the pen erase clean, as cheaply as possible.
    fn pen_for_erasing(&mut self) {
        match self.state.pen {
            Some(pen) if pen.erases_clean() => {}
            Some(pen) => self.set_pen(pen.for_erasing()),
            None => self.set_pen(Pen::PLAIN),
        }
    }
}

/// The shortest sequence that takes the cursor from `from` (if known) to `to`.
fn moves(out: &mut Vec<u8>, from: Option<(u16, u16)>, (x, y): (u16, u16)) {
    let mut best = Vec::new();
    // Absolute: always right.
    best.extend_from_slice(b"\x1b[");
    if (x, y) != (0, 0) {
        push_number(&mut best, u32::from(y) + 1);
        if x != 0 {
            best.push(b';');
            push_number(&mut best, u32::from(x) + 1);
        }
    }
    best.push(b'H');
    if let Some((cx, cy)) = from {
        let mut consider = |candidate: Vec<u8>| {
            if candidate.len() < best.len() {
                best = candidate;
            }
        };
        let mut vertical = Vec::new();
        match cy.cmp(&y) {
            std::cmp::Ordering::Equal => {}
            std::cmp::Ordering::Less => csi(&mut vertical, u32::from(y - cy), b'B'),
            std::cmp::Ordering::Greater => csi(&mut vertical, u32::from(cy - y), b'A'),
        }
        let mut relative = vertical;
        horizontal(&mut relative, cx, x);
        consider(relative);
        // Down by carriage return and line feeds (with or without the terminal's CR-LF
        // translation, `\r\n` lands in column 0).
        if y > cy && y - cy <= 4 {
            let mut lines = vec![b'\r'];
            lines.extend(std::iter::repeat_n(b'\n', usize::from(y - cy)));
            horizontal(&mut lines, 0, x);
            consider(lines);
        }
    }
    out.extend_from_slice(&best);
}

/// The shortest move along a row from column `from` to `to`.
fn horizontal(out: &mut Vec<u8>, from: u16, to: u16) {
    if from == to {
        return;
    }
    if to == 0 {
        out.push(b'\r');
        return;
    }
    let mut best = Vec::new();
    if to > from {
        csi(&mut best, u32::from(to - from), b'C');
    } else {
        csi(&mut best, u32::from(from - to), b'D');
    }
    let mut absolute = b"\x1b[".to_vec();
    push_number(&mut absolute, u32::from(to) + 1);
    absolute.push(b'G');
    let mut back = vec![b'\r'];
    csi(&mut back, u32::from(to), b'C');
    for candidate in [absolute, back] {
        if candidate.len() < best.len() {
            best = candidate;
        }
    }
    out.extend_from_slice(&best);
}

/// Columns at most this far apart are printed through rather than jumped when that is shorter.
const LONGEST_GAP: usize = 8;

impl Pencil {
    fn trial(&self) -> Pencil {
        Pencil {
            state: self.state,
            edge: self.edge,
            known_width: self.known_width,
            out: Vec::new(),
        }
    }

    /// Take a trial's output and state as this pencil's.
    fn adopt(&mut self, trial: Pencil) {
        self.out.extend_from_slice(&trial.out);
        self.state = trial.state;
    }

    /// What it would cost to set the pen for `cell` from here.
    fn pen_cost(&self, cell: &Cell) -> usize {
        let mut probe = self.trial();
        probe.set_pen(probe.pen_for(cell, None));
        probe.out.len()
    }
}

/// Bring the cursor to column `n` of row `y`: by a move, or by printing again the unchanged
/// glyphs between the cursor and `n` when that is shorter.
fn go_to(pencil: &mut Pencil, n: usize, y: u16, next: &[Cell], starts: &[bool]) {
    let mut jump = pencil.trial();
    jump.move_to(n as u16, y);
    let jump_cost = jump.out.len() + jump.pen_cost(&next[n]);
    if let Some((cx, cy)) = pencil.state.cursor {
        let cx = cx as usize;
        if cy == y
            && cx < n
            && n - cx <= LONGEST_GAP
            && starts[cx]
            && !next[cx..n].iter().any(untouchable)
        {
            let mut through = pencil.trial();
            let mut x = cx;
            while x < n {
                let w = width(&next[x]) as usize;
                through.print(x as u16, y, &next[x], next.get(x + w));
                x += w;
            }
            if x == n && through.state.cursor == Some((n as u16, y)) {
                let cost = through.out.len() + through.pen_cost(&next[n]);
                if cost < jump_cost {
                    pencil.adopt(through);
                    return;
                }
            }
        }
    }
    pencil.adopt(jump);
}

/// A cell that is a plain blank: erasing gives it.
fn erasable(cell: &Cell) -> bool {
    blank(cell) && cell.bg == Color::Reset && !cell.modifier.intersects(SHOWN_ON_BLANK)
}

/// Write what it takes to turn row `y` from `shown` into `next`.
fn encode_row(pencil: &mut Pencil, y: u16, shown: &[Cell], next: &[Cell]) {
    let len = next.len().min(shown.len());
    let (shown_starts, next_starts) = (starts(shown), starts(next));
    let need: Vec<bool> = (0..len)
        .map(|x| {
            next_starts[x]
                && !untouchable(&next[x])
                && (!looks_same(&shown[x], &next[x])
                    || !shown_starts[x]
                    // A wide glyph replaced by a narrow one leaves a column to redraw.
                    || width(&shown[x]) != width(&next[x]))
        })
        .collect();
    let reaches_edge = pencil.edge == Some(len as u16);
    let mut x = 0;
    while let Some(n) = (x..len).find(|&i| need[i]) {
        go_to(pencil, n, y, next, &next_starts);
        if !erasable(&next[n]) {
            let w = width(&next[n]) as usize;
            let then = next.get(n + w).filter(|_| need.get(n + w) == Some(&true));
            pencil.print(n as u16, y, &next[n], then);
            x = n + w;
            continue;
        }
        // A run of blanks: spaces, an erasure of so many characters, or of the rest of the row,
        // whichever is shortest counting the move to what comes after.
        let end = (n..len).find(|&i| !next_starts[i] || !erasable(&next[i])).unwrap_or(len);
        let last = (n..end).rev().find(|&i| need[i]).unwrap_or(n);
        let after = (end..len).find(|&i| need[i]);
        let mut best: Option<(usize, Pencil)> = None;
        for option in 0..3 {
            let mut trial = pencil.trial();
            match option {
                0 => {
                    for i in n..=last {
                        let then =
                            next.get(i + 1).filter(|_| i < last || need.get(i + 1) == Some(&true));
                        trial.print(i as u16, y, &next[i], then);
                    }
                }
                1 => {
                    trial.pen_for_erasing();
                    csi(&mut trial.out, (last - n + 1) as u32, b'X');
                }
                _ if end == len && reaches_edge => {
                    trial.pen_for_erasing();
                    trial.out.extend_from_slice(b"\x1b[K");
                }
                _ => continue,
            }
            let mut cost = trial.out.len();
            if let Some(a) = after {
                let mut probe = Vec::new();
                moves(&mut probe, trial.state.cursor, (a as u16, y));
                cost += probe.len() + trial.pen_cost(&next[a]);
            }
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, trial));
            }
        }
        if let Some((_, trial)) = best {
            pencil.adopt(trial);
        }
        x = last + 1;
    }
}

/// A ratatui backend that writes the least it can: see the module's documentation.
pub struct FrameBackend<W: Write> {
    out: W,
    /// A size given instead of the terminal's (tests, benchmarks).
    fixed: Option<Size>,
    /// What the terminal shows, row by row, as far as it is known (blank where never drawn,
    /// as ratatui assumes too).
    screen: Vec<Vec<Cell>>,
    pencil: Pencil,
    cursor_shown: Option<bool>,
}

impl<W: Write> FrameBackend<W> {
    /// A backend for the terminal `out` writes to, of the terminal's size.
    pub fn new(out: W) -> Self {
        let mut backend = FrameBackend {
            out,
            fixed: None,
            screen: Vec::new(),
            pencil: Pencil {
                state: State { cursor: None, pen: None },
                edge: None,
                known_width: 0,
                out: Vec::new(),
            },
            cursor_shown: None,
        };
        backend.pencil.edge = backend.size().ok().map(|s| s.width);
        backend
    }

    /// A backend for a screen of `size` that is not asked for its size (tests, benchmarks).
    pub fn with_size(out: W, size: Size) -> Self {
        let mut backend = FrameBackend::new(out);
        backend.fixed = Some(size);
        backend.pencil.edge = Some(size.width);
        backend
    }

    /// Change the size given instead of the terminal's (a resize in a test); ratatui's next
    /// `autoresize` clears the screen and draws it whole.
    pub fn set_size(&mut self, size: Size) {
        self.fixed = Some(size);
    }

    fn row_mut(&mut self, y: u16, width: usize) -> &mut Vec<Cell> {
        let y = usize::from(y);
        if self.screen.len() <= y {
            self.screen.resize_with(y + 1, Vec::new);
        }
        let row = &mut self.screen[y];
        if row.len() < width {
            row.resize(width, Cell::EMPTY);
        }
        row
    }

    fn send(&mut self) -> io::Result<()> {
        if !self.pencil.out.is_empty() {
            self.out.write_all(&self.pencil.out)?;
            self.pencil.out.clear();
        }
        Ok(())
    }
}

impl<W: Write> Backend for FrameBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut updates: Vec<(u16, u16, &Cell)> = content.collect();
        updates.sort_by_key(|&(x, y, _)| (y, x));
        let mut start = 0;
        while start < updates.len() {
            let y = updates[start].1;
            let end = start + updates[start..].iter().take_while(|u| u.1 == y).count();
            let reach = updates[start..end].iter().map(|u| usize::from(u.0) + 1).max().unwrap_or(0);
            let reach = reach.max(self.pencil.edge.map_or(0, usize::from));
            let shown = std::mem::take(self.row_mut(y, reach));
            let mut next = shown.clone();
            for &(x, _, cell) in &updates[start..end] {
                next[usize::from(x)] = cell.clone();
            }
            // ratatui leaves the columns a wide glyph covers empty, and does not send them.
            for &(x, _, cell) in &updates[start..end] {
                let start = usize::from(x) + 1;
                let end = (usize::from(x) + usize::from(width(cell))).min(next.len());
                for column in next.iter_mut().take(end).skip(start) {
                    *column = Cell::EMPTY;
                }
            }
            self.pencil.known_width = self.pencil.known_width.max(next.len() as u16);
            encode_row(&mut self.pencil, y, &shown, &next);
            self.screen[usize::from(y)] = next;
            start = end;
        }
        self.send()
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.pencil.out.extend(std::iter::repeat_n(b'\n', usize::from(n)));
        self.pencil.state.cursor = None;
        self.send()
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        if self.cursor_shown != Some(false) {
            self.pencil.out.extend_from_slice(b"\x1b[?25l");
            self.cursor_shown = Some(false);
        }
        self.send()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        if self.cursor_shown != Some(true) {
            self.pencil.out.extend_from_slice(b"\x1b[?25h");
            self.cursor_shown = Some(true);
        }
        self.send()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        match self.pencil.state.cursor {
            Some((x, y)) => Ok(Position { x, y }),
            None => ratatui::crossterm::cursor::position()
                .map(|(x, y)| Position { x, y })
                .map_err(io::Error::other),
        }
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let Position { x, y } = position.into();
        self.pencil.move_to(x, y);
        self.send()
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        // Erased cells take the pen's background.
        self.pencil.pen_for_erasing();
        let cursor = self.pencil.state.cursor;
        let sequence: &[u8] = match clear_type {
            ClearType::All => b"\x1b[2J",
            ClearType::AfterCursor => b"\x1b[J",
            ClearType::BeforeCursor => b"\x1b[1J",
            ClearType::CurrentLine => b"\x1b[2K",
            ClearType::UntilNewLine => b"\x1b[K",
        };
        self.pencil.out.extend_from_slice(sequence);
        match (clear_type, cursor) {
            (ClearType::All, _) | (_, None) => {
                self.screen.clear();
                // A clear follows every resize: the width may have changed.
                self.pencil.edge = self.size().ok().map(|s| s.width);
                self.pencil.known_width = 0;
            }
            (ClearType::AfterCursor, Some((x, y))) => {
                self.screen.truncate(usize::from(y) + 1);
                if let Some(row) = self.screen.get_mut(usize::from(y)) {
                    row.truncate(usize::from(x));
                }
            }
            (ClearType::BeforeCursor, Some((x, y))) => {
                for row in self.screen.iter_mut().take(usize::from(y)) {
                    row.clear();
                }
                if let Some(row) = self.screen.get_mut(usize::from(y)) {
                    for cell in row.iter_mut().take(usize::from(x) + 1) {
                        *cell = Cell::EMPTY;
                    }
                }
            }
            (ClearType::CurrentLine, Some((_, y))) => {
                if let Some(row) = self.screen.get_mut(usize::from(y)) {
                    row.clear();
                }
            }
            (ClearType::UntilNewLine, Some((x, y))) => {
                if let Some(row) = self.screen.get_mut(usize::from(y)) {
                    row.truncate(usize::from(x));
                }
            }
        }
        self.send()
    }

    fn size(&self) -> io::Result<Size> {
        match self.fixed {
            Some(size) => Ok(size),
            None => {
                let (width, height) = ratatui::crossterm::terminal::size()?;
                Ok(Size { width, height })
            }
        }
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        if let Some(size) = self.fixed {
            return Ok(WindowSize { columns_rows: size, pixels: Size { width: 0, height: 0 } });
        }
        let size = ratatui::crossterm::terminal::window_size()?;
        Ok(WindowSize {
            columns_rows: Size { width: size.columns, height: size.rows },
            pixels: Size { width: size.width, height: size.height },
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()?;
        self.out.flush()
    }
}
