//! Text measured and fitted to a number of terminal cells, the one place the screens cut or pad
//! text: grapheme by grapheme as ratatui's buffer draws it, control characters escaped, a cut
//! marked with `…`.

use ratatui::buffer::CellWidth;
use ratatui::style::Style;
use ratatui::text::Span;

use crate::printable::escaped;

/// A count of cells or rows as ratatui's `u16`, held at `u16::MAX` rather than wrapped (no screen
/// is that large).
pub(crate) fn to_u16(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// Cells `text` takes on screen, as ratatui draws it: a wide character such as 鬼 takes two, a
/// combining mark shares the cell before it, an emoji sequence is one glyph, and a control
/// character is not drawn at all.
pub(crate) fn cells(text: &str) -> usize {
    // Most text on screen is plain ASCII, one cell per byte.
    if text.bytes().all(|b| matches!(b, b' '..=b'~')) {
        return text.len();
    }
    // One character (the log measures its lines character by character) is one grapheme.
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return if c.is_control() { 0 } else { usize::from(text.cell_width()) };
    }
    let span = Span::raw(text);
    span.styled_graphemes(Style::new()).map(|g| usize::from(g.symbol.cell_width())).sum()
}

/// `text` in at most `width` cells, its control characters escaped (`\u{1b}`) so that they show
/// as they do in `run` and `watch --once`; when it does not fit, as much as fits before a `…`,
/// never splitting a glyph from its marks. Nothing at all in no cells.
pub(crate) fn shorten(text: &str, width: usize) -> String {
    cut(text, width).0
}

/// `text` in exactly `width` cells: [`shorten`]ed, then padded with spaces (also the cell a
/// wide glyph that did not fit before the `…` leaves).
pub(crate) fn fit(text: &str, width: usize) -> String {
    let (mut out, used) = cut(text, width);
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(used)));
    out
}

/// [`shorten`], and the cells the result takes.
fn cut(text: &str, width: usize) -> (String, usize) {
    let text = escaped(text);
    let whole = cells(&text);
    if whole <= width {
        return (text.into_owned(), whole);
    }
    if width == 0 {
        return (String::new(), 0);
    }
    let mut out = String::new();
    let mut used = 0;
    let span = Span::raw(text.as_ref());
    for grapheme in span.styled_graphemes(Style::new()) {
        let wide = usize::from(grapheme.symbol.cell_width());
        if used + wide + 1 > width {
            break;
        }
        out.push_str(grapheme.symbol);
        used += wide;
    }
    out.push('…');
    (out, used + 1)
}

/// Words laid out in rows of at most `width` cells, breaking at spaces; a word longer than a
/// row is cut across rows.
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows: Vec<String> = Vec::new();
    let (mut row, mut used) = (String::new(), 0);
    for word in text.split(' ') {
        if used > 0 && used + 1 + cells(word) > width {
            rows.push(std::mem::take(&mut row));
            used = 0;
        }
        if used > 0 {
            row.push(' ');
            used += 1;
        }
        for c in word.chars() {
            let wide = cells(c.encode_utf8(&mut [0; 4]));
            if used > 0 && used + wide > width {
                rows.push(std::mem::take(&mut row));
                used = 0;
            }
            row.push(c);
            used += wide;
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use super::{cells, fit, shorten};

    /// What ratatui draws of `text` in a row of `width` cells, cell by cell, and how many cells
    /// hold a glyph's start.
    fn drawn(text: &str, width: u16) -> (String, usize) {
        let mut buf = Buffer::empty(Rect::new(0, 0, width.max(1), 1));
        let (end, _) =
            buf.set_stringn(0, 0, text, usize::from(width), ratatui::style::Style::new());
        let row = (0..width.max(1)).map(|x| buf[(x, 0)].symbol()).collect();
        (row, usize::from(end))
    }

    /// The cells counted are the cells ratatui fills.
    #[test]
    fn cells_are_what_ratatui_draws() {
        let cases = [
            ("Goblin", 6),
            ("", 0),
            ("鬼 Oni", 6),
            // e + a combining acute accent: one cell.
            ("Jose\u{301}", 4),
            // A sword with the emoji selector, a family joined by ZWJs: one wide glyph each.
            ("\u{2694}\u{fe0f}", 2),
            ("\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}", 2),
            ("a\u{200b}b", 2),
            ("Red\u{1b}[31m", 7),
            ("tab\there", 7),
            // One character at a time, as the log measures its lines.
            ("鬼", 2),
            ("é", 1),
            ("\u{301}", 0),
            ("\u{1b}", 0),
        ];
        for (text, want) in cases {
            assert_eq!(cells(text), want, "{text:?}");
            assert_eq!(drawn(text, 20).1, want, "ratatui on {text:?}");
        }
    }

    /// Each case: the text, the width, what `shorten` gives and what `fit` gives.
    #[test]
    fn text_is_cut_with_an_ellipsis_and_padded_to_the_width() {
        let cases: &[(&str, usize, &str, &str)] = &[
            ("Goblin", 10, "Goblin", "Goblin    "),
            ("Goblin", 6, "Goblin", "Goblin"),
            ("Goblin", 5, "Gobl…", "Gobl…"),
            ("Goblin", 1, "…", "…"),
            ("Goblin", 0, "", ""),
            ("", 0, "", ""),
            ("", 3, "", "   "),
            // Wide glyphs: two cells each, never split; the cell one leaves is padded.
            ("鬼鬼鬼", 6, "鬼鬼鬼", "鬼鬼鬼"),
            ("鬼鬼鬼", 5, "鬼鬼…", "鬼鬼…"),
            ("鬼鬼鬼", 4, "鬼…", "鬼… "),
            ("鬼鬼鬼", 2, "…", "… "),
            ("a鬼", 2, "a…", "a…"),
            // Combining marks stay with their letter and take no cell.
            ("Jose\u{301} Luis", 9, "Jose\u{301} Luis", "Jose\u{301} Luis"),
            ("Jose\u{301} Luis", 5, "Jose\u{301}…", "Jose\u{301}…"),
            ("Jose\u{301} Luis", 4, "Jos…", "Jos…"),
            ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}", "e\u{301}e\u{301}e\u{301}"),
            // Emoji sequences are one glyph of two cells.
            ("\u{2694}\u{fe0f} Orc", 6, "\u{2694}\u{fe0f} Orc", "\u{2694}\u{fe0f} Orc"),
            ("\u{2694}\u{fe0f} Orc", 2, "…", "… "),
            ("\u{2694}\u{fe0f} Orc", 3, "\u{2694}\u{fe0f}…", "\u{2694}\u{fe0f}…"),
            // Zero-width characters cost nothing.
            ("a\u{200b}b", 2, "a\u{200b}b", "a\u{200b}b"),
            // Control characters are shown escaped, and cut as what is shown.
            ("Red\u{1b}[31m", 20, "Red\\u{1b}[31m", "Red\\u{1b}[31m       "),
            ("Red\u{1b}[31m", 6, "Red\\u…", "Red\\u…"),
            ("a\nb", 4, "a\\nb", "a\\nb"),
            ("a\nb", 3, "a\\…", "a\\…"),
        ];
        for &(text, width, short, fitted) in cases {
            assert_eq!(shorten(text, width), short, "shorten({text:?}, {width})");
            assert_eq!(fit(text, width), fitted, "fit({text:?}, {width})");
            assert!(cells(&shorten(text, width)) <= width, "{text:?} in {width}");
            assert_eq!(cells(&fit(text, width)), width, "{text:?} in {width}");
        }
    }

    /// Whatever the text and the width, a fitted text fills exactly its cells when ratatui
    /// draws it, and nothing of it is lost unless it ends in `…`.
    #[test]
    fn fitted_text_fills_its_cells_exactly_when_drawn() {
        let texts = [
            "Goblin Boss",
            "鬼の王 Oni-king",
            "Élodie Brûlée",
            "Jose\u{301}\u{301} Luis",
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467} family",
            "ｶﾞｷﾞ halfwidth",
            "\u{200b}\u{200d}zero\u{feff}",
            "bell\u{7} \u{1b}]0;title\u{7}",
            "\u{301}leading mark",
        ];
        for text in texts {
            for width in 0..=24u16 {
                let fitted = fit(text, usize::from(width));
                let (row, end) = drawn(&fitted, width);
                assert_eq!(end, usize::from(width), "{text:?} in {width}: {row:?}");
                let short = shorten(text, usize::from(width));
                let whole = short == super::escaped(text);
                assert!(whole || short.ends_with('…') || width == 0, "{text:?} in {width}");
                assert!(fitted.starts_with(&short), "{text:?} in {width}");
            }
        }
    }
}
