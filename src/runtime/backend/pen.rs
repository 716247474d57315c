//! How a cell looks and what draws it: the pen (colours and modifiers) a cell needs, whether two
//! cells look the same on the terminal, and the shortest SGR sequence from one pen to another.

use ratatui::buffer::{Cell, CellDiffOption};
use ratatui::style::{Color, Modifier};
use ratatui::text::Span;

/// Modifiers that show on a blank cell (the others change only how a glyph is drawn).
pub(super) const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

/// The graphic rendition in force: what the next printed character is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pen {
    pub(super) fg: Color,
    pub(super) bg: Color,
    pub(super) underline: Color,
    pub(super) modifier: Modifier,
}

impl Pen {
    pub(super) const PLAIN: Pen = Pen {
        fg: Color::Reset,
        bg: Color::Reset,
        underline: Color::Reset,
        modifier: Modifier::empty(),
    };

    pub(super) fn of(cell: &Cell) -> Pen {
        Pen { fg: cell.fg, bg: cell.bg, underline: cell.underline_color, modifier: cell.modifier }
    }

    /// Whether erasing with this pen leaves cells that look like a blank, unstyled cell.
    pub(super) fn erases_clean(self) -> bool {
        self.bg == Color::Reset && !self.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// The nearest pen that erases clean.
    pub(super) fn for_erasing(self) -> Pen {
        Pen { bg: Color::Reset, modifier: self.modifier - SHOWN_ON_BLANK, ..self }
    }
}

pub(super) fn blank(cell: &Cell) -> bool {
    cell.symbol() == " "
}

/// Whether the terminal shows the two cells the same: a space's foreground shows only through a
/// modifier that marks blanks (reverse, underline, strike-through, blink).
pub(super) fn looks_same(a: &Cell, b: &Cell) -> bool {
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
pub(super) fn untouchable(cell: &Cell) -> bool {
    #[expect(
        deprecated,
        reason = "ratatui still sets `skip` for cells a widget leaves to the terminal"
    )]
    let skip = cell.skip;
    skip || matches!(cell.diff_option, CellDiffOption::Skip)
}

/// A column or a count of columns as the terminal's `u16`, held at `u16::MAX` rather than wrapped.
pub(super) fn column(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// Columns a cell's symbol takes.
pub(super) fn width(cell: &Cell) -> u16 {
    let symbol = cell.symbol();
    if symbol.len() == 1 { 1 } else { column(Span::raw(symbol).width()).clamp(1, 2) }
}

/// Where each glyph of a row starts: `true` where a glyph starts, `false` on the columns a wide
/// glyph covers.
pub(super) fn starts(row: &[Cell]) -> Vec<bool> {
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

pub(super) fn push_number(out: &mut Vec<u8>, n: u32) {
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
pub(super) fn csi(out: &mut Vec<u8>, n: u32, command: u8) {
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

pub(super) fn write_sgr(out: &mut Vec<u8>, params: &[u32]) {
    out.extend_from_slice(b"\x1b[");
    for (i, &p) in params.iter().enumerate() {
        if i > 0 {
            out.push(b';');
        }
        push_number(out, p);
    }
    out.push(b'm');
}

pub(super) fn sgr_len(params: &[u32]) -> usize {
    3 + params.len().saturating_sub(1) + params.iter().map(|&p| p.to_string().len()).sum::<usize>()
}

/// The parameters of the shortest SGR sequence from `from` (if known) to `to`.
pub(super) fn sgr_params(from: Option<Pen>, to: Pen) -> Vec<u32> {
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

pub(super) fn sgr_cost(from: Option<Pen>, to: Pen) -> usize {
    if from == Some(to) { 0 } else { sgr_len(&sgr_params(from, to)) }
}
