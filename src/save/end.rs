//! A journal's end read from the back: its header, its last snapshot, every record after it and
//! as many before it as the reader asks for, so a long fight opens or is followed from its
//! snapshot without reading the rest of the file.

use std::io::{self, Read, Seek, SeekFrom};

/// Most records read on either side of a snapshot; past that the whole journal is read instead.
pub const MOST: usize = 4096;

/// Bytes read at a time from the back (more as lines grow longer).
const CHUNK: usize = 1 << 16;

/// The end of a journal, as read from the back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    /// The first line (the header).
    pub header: String,
    /// The records just before the snapshot, oldest first: as many as were asked for.
    pub before: Vec<String>,
    /// Whether `before` goes back to the header (no record before it is left out).
    pub from_start: bool,
    /// The last snapshot's line.
    pub snapshot: String,
    /// Every record after the snapshot, in order.
    pub after: Vec<String>,
    /// The offset just past the last whole line (one that ends with a line break).
    pub end: u64,
    /// That line, with its line break, as written.
    pub last_line: Vec<u8>,
    /// Whether the file ends with a line break (else its last line is still being written).
    pub whole: bool,
}

/// A file's lines from its end back to its start, a chunk at a time.
struct Backwards<R> {
    reader: R,
    /// The offset of `buf[0]` in the file.
    start: u64,
    buf: Vec<u8>,
    /// How much of `buf` is not given out yet.
    left: usize,
}

impl<R: Read + Seek> Backwards<R> {
    fn new(reader: R, len: u64) -> Backwards<R> {
        Backwards { reader, start: len, buf: Vec::new(), left: 0 }
    }

    /// The line before those given out so far: its offset and its bytes with its line break (none
    /// for a last line without one); `None` past the start.
    fn prev(&mut self) -> io::Result<Option<(u64, Vec<u8>)>> {
        loop {
            if self.left == 0 && self.start == 0 {
                return Ok(None);
            }
            let region = &self.buf[..self.left];
            // A line break that ends the region ends the line wanted, and is part of it.
            let body = region.strip_suffix(b"\n").unwrap_or(region);
            if let Some(at) = body.iter().rposition(|&b| b == b'\n') {
                let line = region[at + 1..].to_vec();
                self.left = at + 1;
                return Ok(Some((self.start + at as u64 + 1, line)));
            }
            if self.start == 0 {
                let line = region.to_vec();
                self.left = 0;
                return Ok(Some((0, line)));
            }
            let more = (CHUNK.max(self.buf.len()) as u64).min(self.start);
            let mut bytes = vec![0; usize::try_from(more).map_err(io::Error::other)?];
            self.start -= more;
            self.reader.seek(SeekFrom::Start(self.start))?;
            self.reader.read_exact(&mut bytes)?;
            bytes.extend_from_slice(&self.buf[..self.left]);
            self.left = bytes.len();
            self.buf = bytes;
        }
    }
}

/// A line's text without its line break (`\n` or `\r\n`); `None` when it is not UTF-8.
fn text_of(bytes: &[u8]) -> Option<String> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let body = body.strip_suffix(b"\r").unwrap_or(body);
    String::from_utf8(body.to_vec()).ok()
}

/// The first line of a file.
fn first_line<R: Read + Seek>(reader: &mut R) -> io::Result<Option<String>> {
    reader.seek(SeekFrom::Start(0))?;
    let mut line = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let read = reader.read(&mut chunk)?;
        if read == 0 {
            break;
        }
        match chunk[..read].iter().position(|&b| b == b'\n') {
            Some(at) => {
                line.extend_from_slice(&chunk[..at]);
                break;
            }
            None => line.extend_from_slice(&chunk[..read]),
        }
        // No header is this long: this is not a journal skirmish wrote.
        if line.len() > CHUNK {
            return Ok(None);
        }
    }
    Ok(text_of(&line))
}

/// A file's header and its last whole line (one that ends with a line break): the offset just
/// past it and its bytes; `None` when no line of the file is whole yet or the header is not
/// text. A last line still being written is passed over.
pub fn last_whole_line<R: Read + Seek>(
    mut reader: R,
) -> io::Result<Option<(String, u64, Vec<u8>)>> {
    let Some(header) = first_line(&mut reader)? else { return Ok(None) };
    let len = reader.seek(SeekFrom::End(0))?;
    let mut back = Backwards::new(reader, len);
    while let Some((at, bytes)) = back.prev()? {
        if bytes.ends_with(b"\n") {
            let end = at.saturating_add(bytes.len() as u64);
            return Ok(Some((header, end, bytes)));
        }
    }
    Ok(None)
}

impl End {
    /// Read a journal's end: from the back to its last snapshot (none within [`MOST`] records
    /// of the end, or the header reached first: `None`), then back past it one record at a time
    /// until `enough` says so for the record just read (or the header is reached). Blank lines
    /// are skipped; a line that is not UTF-8 gives `None`, for the whole file to be read and
    /// the damage named.
    pub fn read<R: Read + Seek>(
        mut reader: R,
        mut enough: impl FnMut(&str) -> bool,
    ) -> io::Result<Option<End>> {
        let Some(header) = first_line(&mut reader)? else { return Ok(None) };
        let len = reader.seek(SeekFrom::End(0))?;
        let mut back = Backwards::new(reader, len);
        let mut after = Vec::new();
        let mut last: Option<(u64, Vec<u8>)> = None;
        let mut whole = true;
        let snapshot = loop {
            let Some((at, bytes)) = back.prev()? else { return Ok(None) };
            if at == 0 {
                return Ok(None);
            }
            if last.is_none() {
                if bytes.ends_with(b"\n") {
                    last = Some((at, bytes.clone()));
                } else {
                    // A record still being written: left for later.
                    whole = false;
                    continue;
                }
            }
            let Some(text) = text_of(&bytes) else { return Ok(None) };
            if text.trim().is_empty() {
                continue;
            }
            if super::sum::body(&text).starts_with("Snapshot(") {
                break text;
            }
            if after.len() >= MOST {
                return Ok(None);
            }
            after.push(text);
        };
        let mut before = Vec::new();
        let mut from_start = false;
        while let Some((at, bytes)) = back.prev()? {
            if at == 0 {
                from_start = true;
                break;
            }
            let Some(text) = text_of(&bytes) else { return Ok(None) };
            if text.trim().is_empty() {
                continue;
            }
            if before.len() >= MOST {
                return Ok(None);
            }
            let done = enough(&text);
            before.push(text);
            if done {
                break;
            }
        }
        before.reverse();
        after.reverse();
        let Some((at, last_line)) = last else { return Ok(None) };
        let end = at + last_line.len() as u64;
        Ok(Some(End { header, before, from_start, snapshot, after, end, last_line, whole }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_back(text: &str) -> Vec<(u64, String)> {
        let mut back = Backwards::new(io::Cursor::new(text.as_bytes()), text.len() as u64);
        let mut out = Vec::new();
        while let Some((at, bytes)) = back.prev().expect("reads") {
            out.push((at, String::from_utf8(bytes).expect("text")));
        }
        out
    }

    #[test]
    fn lines_come_back_last_first_with_their_offsets_and_line_breaks() {
        let cases = [
            ("a\nbb\nccc\n", vec![(5, "ccc\n"), (2, "bb\n"), (0, "a\n")]),
            ("a\nbb", vec![(2, "bb"), (0, "a\n")]),
            ("a\n\nb\n", vec![(3, "b\n"), (2, "\n"), (0, "a\n")]),
            ("", vec![]),
            ("\n", vec![(0, "\n")]),
        ];
        for (text, want) in cases {
            let want: Vec<(u64, String)> =
                want.into_iter().map(|(at, l)| (at, l.to_string())).collect();
            assert_eq!(lines_back(text), want, "{text:?}");
        }
    }

    /// Lines longer than a chunk, and many of them, are read back whole.
    #[test]
    fn long_lines_cross_chunks() {
        let long = "x".repeat(CHUNK * 2 + 17);
        let text = format!("head\n{long}\nshort\n{long}y\n");
        let got = lines_back(&text);
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].1, format!("{long}y\n"));
        assert_eq!(got[1].1, "short\n");
        assert_eq!(got[2].1, format!("{long}\n"));
        assert_eq!(got[3], (0, "head\n".to_string()));
    }

    #[test]
    fn the_end_holds_the_snapshot_what_follows_and_what_was_asked_before() {
        let text = "(h)\nCommand(n: 1)\nCommand(n: 2)\nAt(n: 1)\nSnapshot(n: 1)\nCommand(n: 3)\n\
                    At(n: 2)\nCommand(n: 4, par";
        let end = End::read(io::Cursor::new(text.as_bytes()), |l| l.starts_with("Command("))
            .expect("reads")
            .expect("an end");
        assert_eq!(end.header, "(h)");
        assert_eq!(end.before, ["Command(n: 2)", "At(n: 1)"]);
        assert!(!end.from_start);
        assert_eq!(end.snapshot, "Snapshot(n: 1)");
        assert_eq!(end.after, ["Command(n: 3)", "At(n: 2)"]);
        assert!(!end.whole, "the last record is still being written");
        assert_eq!(end.last_line, b"At(n: 2)\n");
        assert_eq!(usize::try_from(end.end).ok(), text.find("Command(n: 4"));
        let all = End::read(io::Cursor::new(text.as_bytes()), |_| false).expect("reads");
        let all = all.expect("an end");
        assert!(all.from_start && all.before.len() == 3);
        let none = "(h)\nCommand(n: 1)\n";
        assert_eq!(End::read(io::Cursor::new(none.as_bytes()), |_| true).expect("reads"), None);
    }
}
