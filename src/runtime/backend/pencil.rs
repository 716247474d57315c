//! Writing one row: the pencil that keeps the cursor and pen the terminal is known to have, the
//! shortest cursor moves, and each row's changed cells printed, printed through or erased,
//! whichever is shortest.

use ratatui::buffer::Cell;
use ratatui::style::Color;

use super::pen::{
    Pen, SHOWN_ON_BLANK, blank, column, csi, looks_same, push_number, sgr_cost, sgr_params, starts,
    untouchable, width, write_sgr,
};

/// What the pen and the cursor are known to be, and where the output goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// `None` until known, and after a character in the last column (the terminal then waits
    /// to wrap, and relative moves behave differently from one terminal to another).
    pub(super) cursor: Option<(u16, u16)>,
    pub(super) pen: Option<Pen>,
}

/// Writes escape sequences and glyphs into a frame, keeping [`State`] up to date.
pub(super) struct Pencil {
    pub(super) state: State,
    /// The terminal's width, when known: a glyph reaching it leaves the cursor unknown, and only
    /// a row that reaches it may be erased to its end.
    pub(super) edge: Option<u16>,
    /// Columns as far as the screen is known (the wrap is assumed at this edge when the
    /// terminal's width is not known).
    pub(super) known_width: u16,
    pub(super) out: Vec<u8>,
}

impl Pencil {
    pub(super) fn set_pen(&mut self, to: Pen) {
        if self.state.pen != Some(to) {
            write_sgr(&mut self.out, &sgr_params(self.state.pen, to));
            self.state.pen = Some(to);
        }
    }

    /// The cheapest pen that draws `cell` as it should look, counting the change to the pen of
    /// the cell printed `then`: a blank cell needs only its background and the modifiers that
    /// show on blanks, so it may keep the pen it finds or take the next glyph's at once.
    pub(super) fn pen_for(&self, cell: &Cell, then: Option<&Cell>) -> Pen {
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
    pub(super) fn print(&mut self, x: u16, y: u16, cell: &Cell, then: Option<&Cell>) {
        let pen = self.pen_for(cell, then);
        self.set_pen(pen);
        self.out.extend_from_slice(cell.symbol().as_bytes());
        let after = x.saturating_add(width(cell));
        let edge = self.edge.unwrap_or(self.known_width);
        self.state.cursor = (after < edge).then_some((after, y));
    }

    pub(super) fn move_to(&mut self, x: u16, y: u16) {
        if self.state.cursor != Some((x, y)) {
            moves(&mut self.out, self.state.cursor, (x, y));
            self.state.cursor = Some((x, y));
        }
    }

    /// Make the pen erase clean, as cheaply as possible.
    pub(super) fn pen_for_erasing(&mut self) {
        match self.state.pen {
            Some(pen) if pen.erases_clean() => {}
            Some(pen) => self.set_pen(pen.for_erasing()),
            None => self.set_pen(Pen::PLAIN),
        }
    }
}

/// The shortest sequence that takes the cursor from `from` (if known) to `to`.
pub(super) fn moves(out: &mut Vec<u8>, from: Option<(u16, u16)>, (x, y): (u16, u16)) {
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
pub(super) fn horizontal(out: &mut Vec<u8>, from: u16, to: u16) {
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
pub(super) const LONGEST_GAP: usize = 8;

impl Pencil {
    pub(super) fn trial(&self) -> Pencil {
        Pencil {
            state: self.state,
            edge: self.edge,
            known_width: self.known_width,
            out: Vec::new(),
        }
    }

    /// Take a trial's output and state as this pencil's.
    pub(super) fn adopt(&mut self, trial: Pencil) {
        self.out.extend_from_slice(&trial.out);
        self.state = trial.state;
    }

    /// What it would cost to set the pen for `cell` from here.
    pub(super) fn pen_cost(&self, cell: &Cell) -> usize {
        let mut probe = self.trial();
        probe.set_pen(probe.pen_for(cell, None));
        probe.out.len()
    }
}

/// Bring the cursor to column `n` of row `y`: by a move, or by printing again the unchanged
/// glyphs between the cursor and `n` when that is shorter.
pub(super) fn go_to(pencil: &mut Pencil, n: usize, y: u16, next: &[Cell], starts: &[bool]) {
    let mut jump = pencil.trial();
    jump.move_to(column(n), y);
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
                through.print(column(x), y, &next[x], next.get(x + w));
                x += w;
            }
            if x == n && through.state.cursor == Some((column(n), y)) {
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
pub(super) fn erasable(cell: &Cell) -> bool {
    blank(cell) && cell.bg == Color::Reset && !cell.modifier.intersects(SHOWN_ON_BLANK)
}

/// Write what it takes to turn row `y` from `shown` into `next`.
pub(super) fn encode_row(pencil: &mut Pencil, y: u16, shown: &[Cell], next: &[Cell]) {
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
    let reaches_edge = pencil.edge == Some(column(len));
    let mut x = 0;
    while let Some(n) = (x..len).find(|&i| need[i]) {
        go_to(pencil, n, y, next, &next_starts);
        if !erasable(&next[n]) {
            let w = width(&next[n]) as usize;
            let then = next.get(n + w).filter(|_| need.get(n + w) == Some(&true));
            pencil.print(column(n), y, &next[n], then);
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
                        trial.print(column(i), y, &next[i], then);
                    }
                }
                1 => {
                    trial.pen_for_erasing();
                    csi(&mut trial.out, u32::try_from(last - n + 1).unwrap_or(u32::MAX), b'X');
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
                moves(&mut probe, trial.state.cursor, (column(a), y));
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
