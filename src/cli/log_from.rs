//! Which log lines `skirmish run` prints: every line, or on a fight loaded from a file only those
//! its script added, after a heading that counts the lines left out and says where to see them.

use std::path::Path;

use clap::ValueEnum;

use crate::printable::escaped;

/// `run --log`: how much of the log is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogShown {
    /// Only the lines the script added, after a heading (the default when appending onto FILE).
    New,
    /// Every line of the fight (the default when the script starts the fight).
    All,
}

/// Where the printed log starts in the whole log of a fight loaded from `file`.
#[derive(Debug, Clone, Copy)]
pub struct LogFrom<'a> {
    /// Lines of the whole log before the first line the session holds or can fold again (a
    /// fight opened from its snapshot keeps only the newest).
    pub earlier: usize,
    /// The first line printed, counted in the whole log: the fewest lines the current line held
    /// at any point of the run (so lines an undo took back and the script replaced are shown).
    pub first: usize,
    /// The file the earlier lines are in.
    pub file: &'a Path,
}

impl LogFrom<'_> {
    /// The heading line, with its line break; empty when no line is left out.
    pub fn heading(&self) -> String {
        if self.first == 0 {
            return String::new();
        }
        let file = shell_word(&self.file.to_string_lossy());
        let lines = if self.first == 1 { "line" } else { "lines" };
        let heading = format!(
            "… {} earlier {lines} not shown; for every line: skirmish run {file} --log all, or \
             skirmish export {file}",
            grouped(self.first)
        );
        // A file's name may hold control characters: escaped, as every name printed is.
        format!("{}\n", escaped(&heading))
    }

    /// The first printed line's index among the lines the session holds.
    pub fn in_session(&self) -> usize {
        self.first.saturating_sub(self.earlier)
    }
}

/// A count with its thousands grouped by commas: 123,456.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A path as a shell reads it back: as it is when it holds only plain characters, else in single
/// quotes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-+,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        let cases = [(0, "0"), (999, "999"), (1000, "1,000"), (123_456, "123,456")];
        for (n, want) in cases {
            assert_eq!(grouped(n), want);
        }
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn paths_are_quoted_for_a_shell_only_when_needed() {
        assert_eq!(shell_word("saves/fight-1.ron"), "saves/fight-1.ron");
        assert_eq!(shell_word("my fight.ron"), "'my fight.ron'");
        assert_eq!(shell_word("it's.ron"), "'it'\\''s.ron'");
    }

    #[test]
    fn the_heading_counts_what_is_left_out() {
        let from = |first| LogFrom { earlier: 0, first, file: Path::new("f.ron") };
        assert_eq!(from(0).heading(), "");
        assert!(from(1).heading().starts_with("… 1 earlier line not shown;"));
        assert_eq!(
            from(12_345).heading(),
            "… 12,345 earlier lines not shown; for every line: skirmish run f.ron --log all, or \
             skirmish export f.ron\n"
        );
    }
}
