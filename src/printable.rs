//! Text from a person or a file (names, notes, a fight's title, the log lines that carry them),
//! made safe to print: every control character shown escaped, never sent raw to a terminal or
//! into a report. Pure; every layer may use it.

use std::borrow::Cow;

/// `text` with each control character written as Rust writes it in a string (`\u{1b}`, `\n`,
/// `\t`), so an escape sequence in a name cannot move the cursor, recolour or retitle the
/// terminal, and a newline cannot forge a line of the log. Text without any is borrowed as is.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        let cases = [
            ("Goblin 2", "Goblin 2"),
            ("\u{1b}[31mRed", "\\u{1b}[31mRed"),
            ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
            ("bell\u{7}", "bell\\u{7}"),
            ("del\u{7f}", "del\\u{7f}"),
            ("csi\u{9b}2J", "csi\\u{9b}2J"),
            ("Jösse · −2 → ✸ 鬼", "Jösse · −2 → ✸ 鬼"),
            ("back\\slash", "back\\slash"),
        ];
        for (text, want) in cases {
            assert_eq!(escaped(text), want, "{text:?}");
        }
    }
}
