//! One frame of the terminal collected and sent in a single write ([`FrameWriter`]), and the
//! dashboard's terminal drawn through it ([`Screen`]).

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use ratatui::Terminal;

use super::backend::FrameBackend;

/// Collects a whole frame and hands it to the terminal in one write. Clones share the same
/// buffer, so the loop can add the synchronized-output markers around what ratatui writes.
pub struct FrameWriter<W: Write> {
    shared: Rc<RefCell<(Vec<u8>, W)>>,
}

impl<W: Write> Clone for FrameWriter<W> {
    fn clone(&self) -> Self {
        FrameWriter { shared: Rc::clone(&self.shared) }
    }
}

impl<W: Write> FrameWriter<W> {
    pub fn new(out: W) -> Self {
        FrameWriter { shared: Rc::new(RefCell::new((Vec::with_capacity(64 * 1024), out))) }
    }

    /// Send everything collected since the last commit, as one write.
    pub fn commit(&self) -> io::Result<()> {
        let mut shared = self.shared.borrow_mut();
        let (buffer, out) = &mut *shared;
        if !buffer.is_empty() {
            out.write_all(buffer)?;
            out.flush()?;
            buffer.clear();
        }
        Ok(())
    }

    /// How many bytes are collected and not yet sent.
    pub fn pending(&self) -> usize {
        self.shared.borrow().0.len()
    }

    /// What was collected and not yet sent.
    pub fn contents(&self) -> Vec<u8> {
        self.shared.borrow().0.clone()
    }

    /// Forget what was collected (tests measure one frame at a time).
    pub fn discard(&self) {
        self.shared.borrow_mut().0.clear();
    }

    /// Forget what was collected after the first `len` bytes.
    pub fn truncate(&self, len: usize) {
        self.shared.borrow_mut().0.truncate(len);
    }
}

impl<W: Write> Write for FrameWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.shared.borrow_mut().0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    /// Deferred: ratatui flushes after each draw, but the frame is sent by [`FrameWriter::commit`].
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The dashboard's terminal: frames collected by a [`FrameWriter`], drawn by [`FrameBackend`].
pub type Screen<W> = Terminal<FrameBackend<FrameWriter<W>>>;
