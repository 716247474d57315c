//! The tracker's terminal backend: it remembers what the terminal shows and sends, for each
//! frame, only the cells that look different, by the shortest cursor moves, colour changes and
//! erasures it finds (a selection move is a few hundred bytes, not a redrawn pane). How a cell
//! looks is in `pen`, how a row is written in `pencil`.

mod pen;
mod pencil;

use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use pen::width;
use pencil::{Pencil, State, encode_row};
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
            self.pencil.known_width = self.pencil.known_width.max(pen::column(next.len()));
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
