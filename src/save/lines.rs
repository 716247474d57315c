//! A save file's lines read one at a time (a long journal is never held whole), each with its
//! number, a byte that is not UTF-8 named by its line and column; and the damage a line can
//! show, which every reader of a journal reports.

/// What is wrong with a journal, and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Lines read one at a time from a file or a text, so a long journal is never held whole: each
/// line's number (from 1), blank lines skipped, line ends (`\n`, `\r\n`) cut off.
pub struct Lines<R> {
    reader: R,
    bytes: Vec<u8>,
    number: usize,
    /// Lines read so far, blank ones included.
    read: usize,
    /// Whether the last line read ended with a line break (a journal's last record is whole).
    pub whole: bool,
}

impl<R: std::io::BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines { reader, bytes: Vec::new(), number: 0, read: 0, whole: true }
    }

    /// How many lines were read so far, blank ones included.
    pub fn count(&self) -> usize {
        self.read
    }

    /// The next line that is not blank, with its number; `None` at the end. A line that is not
    /// UTF-8 is an error naming its line and column, as one that does not parse.
    pub fn next_line(&mut self) -> Option<Result<(usize, &str), Damage>> {
        let end = loop {
            self.bytes.clear();
            self.number += 1;
            match self.reader.read_until(b'\n', &mut self.bytes) {
                Ok(0) => return None,
                Ok(_) => self.read += 1,
                Err(err) => {
                    return Some(Err(Damage {
                        line: self.number,
                        column: 1,
                        message: format!("the file could not be read on: {err}"),
                    }));
                }
            }
            self.whole = self.bytes.ends_with(b"\n");
            let mut end = self.bytes.len();
            if self.whole {
                end -= 1;
                if self.bytes[..end].ends_with(b"\r") {
                    end -= 1;
                }
            }
            match std::str::from_utf8(&self.bytes[..end]) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(_) => break end,
                Err(err) => {
                    let good = &self.bytes[..err.valid_up_to()];
                    // Columns count characters, as the RON parser's do.
                    let column = String::from_utf8_lossy(good).chars().count() + 1;
                    return Some(Err(Damage {
                        line: self.number,
                        column,
                        message: "this byte is not UTF-8 text (a save is UTF-8 RON)".into(),
                    }));
                }
            }
        };
        // Checked above; read again here so that the loop may reuse the buffer.
        std::str::from_utf8(&self.bytes[..end]).ok().map(|line| Ok((self.number, line)))
    }
}
