//! Stat blocks pasted as text (Savage Worlds and WOIN), read into sheets; what could not be read
//! is reported line by line. Pure: text in, sheets or an error out.
//! Several blocks may share one text. Each block is found by its anchor line (Savage Worlds:
//! `Attributes: …`; WOIN: the row of attribute names `STR AGI END …`); its name is the first line
//! of the paragraph the anchor is in (the lines above it up to a blank line or the previous
//! block's own headings), and lines between the name and the anchor are its description. Keep a
//! blank line between blocks.

mod savage;
mod woin;

use super::sheet::{ImportError, Report, Sheet, SheetWeapon};
use crate::rules::{Side, System};

/// Read the stat blocks of `text` (from `file`, for the messages) for `system`.
pub fn read(text: &str, file: &str, system: System) -> Result<Vec<Sheet>, ImportError> {
    if text.trim().is_empty() {
        return Err(ImportError::new(file, "", "holds no text: expected a stat block"));
    }
    let lines: Vec<Line<'_>> =
        text.lines().enumerate().map(|(i, text)| Line { n: i.saturating_add(1), text }).collect();
    // A text the other reader reads is the other system's: said so, rather than what is missing.
    let other = |read: fn(&[Line<'_>], &str) -> Result<Vec<Sheet>, ImportError>, of: System| {
        let message = format!(
            "holds {} stat blocks; this encounter plays {}",
            of.rules().spec().name,
            system.rules().spec().name
        );
        read(&lines, file).ok().map(|_| ImportError::new(file, "", message))
    };
    if system == System::SAVAGE {
        savage::read(&lines, file).map_err(|err| other(woin::read, System::WOIN).unwrap_or(err))
    } else if system == System::WOIN {
        woin::read(&lines, file).map_err(|err| other(savage::read, System::SAVAGE).unwrap_or(err))
    } else {
        Err(ImportError::new(
            file,
            "",
            format!(
                "stat blocks are read for Savage Worlds and WOIN, not {}",
                system.rules().spec().name
            ),
        ))
    }
}

/// One line of the text with its 1-based number.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    n: usize,
    text: &'a str,
}

impl Line<'_> {
    fn blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// One block: its name line, the description lines after it and the lines from the anchor on.
struct Block<'t, 'a> {
    name: Line<'a>,
    description: &'t [Line<'a>],
    body: &'t [Line<'a>],
}

impl Block<'_, '_> {
    /// The sheet a block was read into: a foe's, since a printed stat block most often is one
    /// (`side=` says otherwise), noted with the lines it came from.
    fn sheet(
        &self,
        name: String,
        system: System,
        fields: Vec<(String, String)>,
        weapons: Vec<SheetWeapon>,
        report: Report,
    ) -> Sheet {
        let last = self.body.last().map_or(self.name.n, |l| l.n);
        Sheet {
            name,
            system: Some(system),
            side: Some(Side::Enemy),
            fields,
            weapons,
            note: format!("stat block, lines {}–{last}", self.name.n),
            report,
            ..Sheet::default()
        }
    }
}

/// The blocks of `lines`, each starting at an anchor line; `heading` says which lines belong to a
/// block's body (so the walk back to a name stops there). Lines before the first block are
/// returned apart.
fn blocks<'t, 'a>(
    lines: &'t [Line<'a>],
    anchor: impl Fn(&str) -> bool,
    heading: impl Fn(&str) -> bool,
    file: &str,
) -> Result<(Vec<Block<'t, 'a>>, &'t [Line<'a>]), ImportError> {
    let anchors: Vec<usize> = (0..lines.len()).filter(|&i| anchor(lines[i].text)).collect();
    let mut starts = Vec::new();
    let mut floor = 0;
    for &at in &anchors {
        let mut start = at;
        while start > floor && !lines[start - 1].blank() && !heading(lines[start - 1].text) {
            start -= 1;
        }
        if start == at {
            let message = "a stat block needs its name on the line above (or a paragraph above)";
            return Err(ImportError::new(file, format!("line {}", lines[at].n), message));
        }
        starts.push((start, at));
        floor = at.saturating_add(1);
    }
    let mut out = Vec::new();
    for (k, &(start, at)) in starts.iter().enumerate() {
        let end = starts.get(k.saturating_add(1)).map_or(lines.len(), |&(next, _)| next);
        out.push(Block {
            name: lines[start],
            description: &lines[start.saturating_add(1)..at],
            body: &lines[at..end],
        });
    }
    let before = &lines[..starts.first().map_or(lines.len(), |&(start, _)| start)];
    Ok((out, before))
}

/// How a system's blocks are found: the anchor line each starts from, the lines that belong to
/// a block's body, and what to say when the text has none.
struct Shape {
    anchor: fn(&str) -> bool,
    heading: fn(&str) -> bool,
    none: &'static str,
}

/// Every block of `lines` read by `read_block`; lines before the first block go to the first
/// sheet's report.
fn read_all(
    lines: &[Line<'_>],
    file: &str,
    shape: &Shape,
    read_block: impl Fn(&Block<'_, '_>) -> Result<Sheet, ImportError>,
) -> Result<Vec<Sheet>, ImportError> {
    let (found, before) = blocks(lines, shape.anchor, shape.heading, file)?;
    if found.is_empty() {
        return Err(ImportError::new(file, "", shape.none));
    }
    let mut sheets = found.iter().map(read_block).collect::<Result<Vec<_>, _>>()?;
    if let Some(first) = sheets.first_mut() {
        for line in before.iter().filter(|l| !l.blank()) {
            first.report.ignored.push(format!("line {}: {}", line.n, line.text.trim()));
        }
    }
    Ok(sheets)
}

/// A line's `Heading:` and the rest, when it starts with one of `headings` (any case).
fn heading_of<'a>(text: &'a str, headings: &[&'static str]) -> Option<(&'static str, &'a str)> {
    let (head, rest) = text.trim().split_once(':')?;
    let head = head.trim().trim_start_matches(BULLETS).trim();
    headings.iter().find(|h| h.eq_ignore_ascii_case(head)).map(|h| (*h, rest.trim()))
}

/// The marks a list item may start with.
const BULLETS: &[char] = &['•', '·', '*', '-', '–', '—', '▪', '●'];

/// A line that starts a list item with a bullet.
fn is_bullet(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with(['•', '·', '▪', '●']) || t.starts_with("* ") || t.starts_with("- ")
}

/// Text split at commas outside parentheses, each piece with the line it starts on. `pieces` are
/// the text of consecutive lines of one list.
fn list_items(pieces: &[(usize, String)]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    let mut current_line = None;
    for (n, text) in pieces {
        for c in text.chars().chain(std::iter::once(' ')) {
            match c {
                '(' | '[' => depth = depth.saturating_add(1),
                ')' | ']' => depth = depth.saturating_sub(1).max(0),
                _ => {}
            }
            if c == ',' && depth == 0 {
                if let Some(line) = current_line.take() {
                    out.push((line, current.trim().to_string()));
                }
                current.clear();
                continue;
            }
            if current_line.is_none() && !c.is_whitespace() {
                current_line = Some(*n);
            }
            current.push(c);
        }
    }
    if let Some(line) = current_line {
        out.push((line, current.trim().trim_end_matches('.').to_string()));
    }
    out.retain(|(_, item)| !item.is_empty());
    out
}

/// The first whole number in a text (`6 (d6 run)` → 6, `+2` → 2, `−1` → -1), if any.
fn first_int(text: &str) -> Option<i64> {
    let text = text.replace('−', "-");
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    let n: i64 = digits.parse().ok()?;
    let negative = text[..start].ends_with('-');
    Some(if negative { -n } else { n })
}

/// An error at a line.
fn at_line(file: &str, n: usize, message: impl Into<String>) -> ImportError {
    ImportError::new(file, format!("line {n}"), message)
}

#[cfg(test)]
mod tests;
