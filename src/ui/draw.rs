//! Drawing on the path of every frame: the same cells as ratatui's `Buffer::set_stringn` and
//! `set_line`, a bordered block with a title, and a word-wrapped paragraph, with less work per
//! cell. Plain ASCII and the common narrow symbols go straight into the cells; only the rest of
//! the text is split into graphemes and measured by ratatui, and only lines too wide for their row are word-wrapped
//! (by ratatui's rules, without its paragraph's work per frame).
//! The tests below check each against ratatui, cell for cell.

use std::collections::VecDeque;

use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, StyledGrapheme};
use ratatui::widgets::Widget;

/// A character that is a whole cell by itself whatever stands next to it but a mark that
/// joins it: printable ASCII, and the narrow symbols the screens use most (Latin-1, dashes and
/// dots, arrows, maths, box drawing, blocks, shapes, card suits). None of them joins the
/// character before it, and two of them in a row never share a cell.
#[inline]
fn simple(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' '..='~');
    }
    matches!(c,
        '\u{a1}'..='\u{ac}'
        | '\u{ae}'..='\u{ff}'
        | '\u{2010}'..='\u{2027}'
        | '\u{2030}'..='\u{205e}'
        | '\u{2190}'..='\u{21ff}'
        | '\u{2200}'..='\u{22ff}'
        | '\u{2500}'..='\u{25fc}'
        | '\u{25ff}'
        | '\u{2660}'..='\u{2667}'
        | '\u{2694}'
    )
}

fn char_at(text: &str, i: usize) -> Option<char> {
    text.get(i..)?.chars().next()
}

/// What `Buffer::set_stringn` does: `text` from (x, y) in at most `max_width` cells, in
/// `style`; returns where the text ended.
pub(crate) fn put_str(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    text: &str,
    max_width: usize,
    style: Style,
) -> (u16, u16) {
    let area = buf.area;
    if y < area.top() || y >= area.bottom() || x < area.left() {
        return buf.set_stringn(x, y, text, max_width, style);
    }
    let mut room = area.right().saturating_sub(x).min(u16::try_from(max_width).unwrap_or(u16::MAX));
    let (mut x, mut i) = (x, 0);
    while i < text.len() && room > 0 {
        // A run of simple characters, one cell each, but for the last one when more text
        // follows it (a combining mark after it would share its cell).
        let rest = text.get(i..).unwrap_or_default();
        let start = buf.index_of(x, y);
        let (mut n, mut used): (u16, usize) = (0, rest.len());
        let mut chars = rest.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let joined = chars.peek().is_some_and(|&(_, next)| !simple(next));
            if n == room || !simple(c) || joined {
                used = at;
                break;
            }
            let cell = &mut buf.content[start + usize::from(n)];
            // Most of a row is padding: a blank cell keeps its symbol.
            if c != ' ' || cell.symbol() != " " {
                cell.set_char(c);
            }
            cell.set_style(style);
            n += 1;
        }
        i += used;
        x = x.saturating_add(n);
        room -= n;
        if i >= text.len() || room == 0 {
            break;
        }
        // The rest goes through ratatui up to two simple characters in a row (graphemes never
        // join across them): the simple one before the other text, that text, and the simple
        // ones after it (a prefix mark joins the cell after it).
        let Some(first) = char_at(text, i) else { break };
        let (mut to, mut other, mut before) = (i + first.len_utf8(), !simple(first), simple(first));
        while let Some(c) = char_at(text, to) {
            if other && before && simple(c) {
                break;
            }
            other |= !simple(c);
            before = simple(c);
            to += c.len_utf8();
        }
        // Near the edge, a wide grapheme that does not fit ends the text: ratatui decides, with
        // all of the rest.
        let part = text.get(i..to).filter(|p| 2 * p.chars().count() <= usize::from(room));
        let (last, rest) = match part {
            Some(part) => (false, part),
            None => (true, text.get(i..).unwrap_or_default()),
        };
        let (after, _) = buf.set_stringn(x, y, rest, usize::from(room), style);
        room = room.saturating_sub(after.saturating_sub(x));
        x = after;
        if last {
            break;
        }
        i = to;
    }
    (x, y)
}

/// What `Buffer::set_line` does: the spans of `line` from (x, y) in at most `max_width` cells.
pub(crate) fn put_line(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    line: &Line,
    max_width: u16,
) -> (u16, u16) {
    let mut room = max_width;
    let mut x = x;
    for span in line {
        if room == 0 {
            break;
        }
        let style = line.style.patch(span.style);
        let (after, _) = put_str(buf, x, y, &span.content, usize::from(room), style);
        room = room.saturating_sub(after.saturating_sub(x));
        x = after;
    }
    (x, y)
}

/// What `Block::bordered().title(title).border_style(border)` draws (plain lines, borders that
/// replace what is under them); returns the area inside the borders.
pub(crate) fn frame(buf: &mut Buffer, area: Rect, title: &Line, border: Style) -> Rect {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return area;
    }
    let (left, top) = (area.left(), area.top());
    let (right, bottom) = (area.right() - 1, area.bottom() - 1);
    if area.width >= 2 && area.height >= 2 {
        // Each border cell once, a row at a time.
        let width = usize::from(area.width);
        for (y, ends) in [(top, ["┌", "┐"]), (bottom, ["└", "┘"])] {
            let start = buf.index_of(left, y);
            for (k, cell) in buf.content[start..start + width].iter_mut().enumerate() {
                let symbol = match k {
                    0 => ends[0],
                    k if k + 1 == width => ends[1],
                    _ => "─",
                };
                cell.set_symbol(symbol).set_style(border);
            }
        }
        for y in top + 1..bottom {
            let start = buf.index_of(left, y);
            for k in [start, start + width - 1] {
                buf.content[k].set_symbol("│").set_style(border);
            }
        }
    } else {
        // One cell wide or high: ratatui's order of sides and corners decides what shows.
        let mut set = |x: u16, y: u16, symbol: &str| {
            buf[(x, y)].set_symbol(symbol).set_style(border);
        };
        for y in top..=bottom {
            set(left, y, "│");
        }
        for x in left..=right {
            set(x, top, "─");
        }
        for y in top..=bottom {
            set(right, y, "│");
        }
        for x in left..=right {
            set(x, bottom, "─");
        }
        set(right, bottom, "┘");
        set(right, top, "┐");
        set(left, bottom, "└");
        set(left, top, "┌");
    }
    let titles =
        Rect { x: left.saturating_add(1), y: top, width: area.width.saturating_sub(2), height: 1 };
    if !titles.is_empty() {
        let width = u16::try_from(title.width()).unwrap_or(u16::MAX).min(titles.width);
        title.render(Rect { width, ..titles }, buf);
    }
    Rect {
        x: left.saturating_add(1),
        y: top.saturating_add(1),
        width: area.width.saturating_sub(2),
        height: area.height.saturating_sub(2),
    }
}

/// What `Paragraph::new(lines).wrap(Wrap { trim: true })` draws in `area`: a line that fits
/// its row (and does not start with a space, which the wrap would trim) is written as it is,
/// the others are word-wrapped as ratatui wraps them. The area is blank, as at the start of a
/// frame.
pub(crate) fn wrapped(buf: &mut Buffer, area: Rect, lines: Vec<Line>) {
    let area = area.intersection(buf.area);
    let mut y = area.top();
    for line in lines {
        if y >= area.bottom() {
            break;
        }
        let first = line.spans.iter().flat_map(|s| s.content.chars()).next();
        let spaced = first.is_some_and(|c| c.is_whitespace() || c == '\u{200B}');
        if !spaced && line.width() <= usize::from(area.width) {
            put_line(buf, area.x, y, &line, area.width);
            y += 1;
            continue;
        }
        for row in wrap_rows(line.styled_graphemes(Style::default()), area.width) {
            if y >= area.bottom() {
                break;
            }
            let mut x = area.x;
            for StyledGrapheme { symbol, style } in row {
                let width = symbol.cell_width();
                if width == 0 {
                    continue;
                }
                // Ratatui's rows can overrun the area (a no-break space before a wide glyph in
                // a row of two); nothing is written past it here.
                if x >= area.right() {
                    break;
                }
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_symbol(if symbol.is_empty() { " " } else { symbol }).set_style(style);
                }
                x = x.saturating_add(width);
            }
            y += 1;
        }
    }
}

/// How many rows [`wrapped`] needs for `lines` at `width` cells (all of them, however tall).
pub(crate) fn rows_needed(lines: &[Line], width: u16) -> usize {
    lines
        .iter()
        .map(|line| {
            let first = line.spans.iter().flat_map(|s| s.content.chars()).next();
            let spaced = first.is_some_and(|c| c.is_whitespace() || c == '\u{200B}');
            if !spaced && line.width() <= usize::from(width) {
                1
            } else {
                wrap_rows(line.styled_graphemes(Style::default()), width).len()
            }
        })
        .sum()
}

/// The rows of one line in ratatui's word wrap with `trim` (its `WordWrapper`, which is not
/// public, step for step): words move to the next row whole unless longer than a row, and the
/// spaces where a row breaks, or that start the line, are dropped.
fn wrap_rows<'a>(
    graphemes: impl Iterator<Item = StyledGrapheme<'a>>,
    max: u16,
) -> Vec<Vec<StyledGrapheme<'a>>> {
    let mut rows = Vec::new();
    if max == 0 {
        return rows;
    }
    let (mut row, mut word) = (Vec::new(), Vec::new());
    let mut spaces: VecDeque<StyledGrapheme> = VecDeque::new();
    let (mut row_width, mut word_width, mut space_width) = (0u16, 0u16, 0u16);
    let mut after_word = false;
    for g in graphemes {
        let space = g.is_whitespace();
        let width = g.symbol.cell_width();
        if width > max {
            continue;
        }
        let word_ends = after_word && space;
        let too_long = row.is_empty()
            && (word_width.saturating_add(width) > max || space_width.saturating_add(width) > max);
        if word_ends || too_long {
            if !row.is_empty() {
                row.extend(spaces.drain(..));
                row_width = row_width.saturating_add(space_width);
            }
            row.append(&mut word);
            row_width = row_width.saturating_add(word_width);
            spaces.clear();
            (space_width, word_width) = (0, 0);
        }
        let pending = row_width.saturating_add(space_width).saturating_add(word_width);
        if row_width >= max || (width > 0 && pending >= max) {
            let mut room = max.saturating_sub(row_width);
            rows.push(std::mem::take(&mut row));
            row_width = 0;
            while let Some(front) = spaces.front() {
                let w = front.symbol.cell_width();
                if w > room {
                    break;
                }
                space_width = space_width.saturating_sub(w);
                room -= w;
                spaces.pop_front();
            }
            if space && spaces.is_empty() {
                continue;
            }
        }
        if space {
            space_width = space_width.saturating_add(width);
            spaces.push_back(g);
        } else {
            word_width = word_width.saturating_add(width);
            word.push(g);
        }
        after_word = !space;
    }
    if row.is_empty() && word.is_empty() && !spaces.is_empty() {
        rows.push(Vec::new());
    }
    if !row.is_empty() {
        row.extend(spaces.drain(..));
    }
    row.append(&mut word);
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};
    use ratatui::text::Span;
    use ratatui::widgets::{Block, Paragraph, Wrap};

    /// Texts with what makes ratatui's work hard: wide glyphs, combining and prefix marks,
    /// joiners, control bytes, no-break and zero-width spaces, emoji sequences.
    const TEXTS: &[&str] = &[
        "",
        "Goblin 2",
        "  indented",
        "7♥ Jessa · wounds 0/3",
        "e\u{301}toile",
        "Jose\u{301}",
        "a\u{301}\u{302}b",
        "\u{600}1a",
        "x\u{600}12",
        "鬼 oni 鬼鬼",
        "ab鬼",
        "a\tb\nc\x1b[31m",
        "no\u{a0}break",
        "zero\u{200b}width",
        "👨\u{200d}👩\u{200d}👧 family",
        "🇫🇷 flag",
        "████░░",
        "\u{301}lead",
        "end鬼",
        "mixed → arrows — and −2 signs · dots",
    ];

    fn styles() -> [Style; 2] {
        [
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().bg(Color::Red).remove_modifier(Modifier::DIM),
        ]
    }

    /// A buffer with something in it already, so that writing over old cells is checked too.
    fn canvas(area: Rect) -> Buffer {
        let mut buf = Buffer::empty(area);
        for y in area.top()..area.bottom() {
            buf.set_string(area.x, y, "#".repeat(usize::from(area.width)), Style::new().italic());
        }
        buf
    }

    #[test]
    fn put_str_writes_what_set_stringn_writes() {
        let area = Rect::new(2, 1, 12, 2);
        for text in TEXTS {
            for x in [2, 3, 7, 11, 13] {
                for max in [0, 1, 2, 3, 5, 9, 40] {
                    for style in styles() {
                        let (mut ours, mut theirs) = (canvas(area), canvas(area));
                        let a = put_str(&mut ours, x, 2, text, max, style);
                        let b = theirs.set_stringn(x, 2, text, max, style);
                        assert_eq!(ours, theirs, "{text:?} at {x}, {max} cells");
                        assert_eq!(a, b, "{text:?} at {x}, {max} cells: where it ends");
                    }
                }
            }
        }
    }

    proptest::proptest! {
        /// Any mix of the characters that end or join graphemes, anywhere in a row.
        #[test]
        fn put_str_writes_what_set_stringn_writes_for_any_text(
            picks in proptest::collection::vec(0usize..18, 0..24),
            x in 0u16..14,
            max in 0usize..20,
        ) {
            const PIECES: [&str; 18] = [
                "a", "b", " ", "鬼", "\u{301}", "\u{600}", "\u{200d}", "👩", "\t", "·",
                "\u{a0}", "\u{200b}", "🇫", "\r\n", "█", "▶", "\u{fe0f}", "♥",
            ];
            let text: String = picks.iter().map(|&k| PIECES[k]).collect();
            let area = Rect::new(0, 0, 14, 1);
            let (mut ours, mut theirs) = (canvas(area), canvas(area));
            let a = put_str(&mut ours, x, 0, &text, max, styles()[0]);
            let b = theirs.set_stringn(x, 0, &text, max, styles()[0]);
            proptest::prop_assert_eq!(ours, theirs, "{:?}", text);
            proptest::prop_assert_eq!(a, b);
        }
    }

    proptest::proptest! {
        /// Any run of words, spaces and wide glyphs wraps as ratatui's paragraph wraps it.
        #[test]
        fn wrapped_draws_what_a_wrapped_paragraph_draws_for_any_text(
            texts in proptest::collection::vec(
                proptest::collection::vec(0usize..9, 0..40), 1..4),
            width in 1u16..16,
        ) {
            const PIECES: [&str; 9] = ["a", "bc", " ", "  ", "鬼", "\u{a0}", "·", "word", "\u{301}"];
            let lines = || -> Vec<Line<'static>> {
                texts
                    .iter()
                    .map(|t| Line::from(t.iter().map(|&k| PIECES[k]).collect::<String>()))
                    .collect()
            };
            // Ratatui may write past the area (see `wrapped`): its buffer has room for that, and
            // only the area is compared.
            let area = Rect::new(0, 0, width, 30);
            let whole = Rect::new(0, 0, width + 4, 30);
            let (mut ours, mut theirs) = (Buffer::empty(whole), Buffer::empty(whole));
            wrapped(&mut ours, area, lines());
            Paragraph::new(lines()).wrap(Wrap { trim: true }).render(area, &mut theirs);
            for y in 0..area.height {
                for x in 0..area.width {
                    proptest::prop_assert_eq!(&ours[(x, y)], &theirs[(x, y)], "({}, {})", x, y);
                }
            }
        }
    }

    /// Every character `simple` lets through is one cell wide and a grapheme of its own next
    /// to ASCII and to each other, as ratatui sees them.
    #[test]
    fn simple_characters_are_cells_of_their_own() {
        let all: Vec<char> =
            (0..0x2700).filter_map(char::from_u32).filter(|&c| simple(c)).collect();
        let mut wrong = Vec::new();
        for pair in all.windows(2) {
            let text = format!("{}a{}{}b", pair[0], pair[0], pair[1]);
            let mut buf = Buffer::empty(Rect::new(0, 0, 8, 1));
            let (x, _) = buf.set_stringn(0, 0, &text, 8, Style::new());
            let symbols: Vec<&str> = buf.content[..5].iter().map(|c| c.symbol()).collect();
            let chars: Vec<String> = text.chars().map(String::from).collect();
            if x != 5 || symbols != chars {
                wrong.push(format!("U+{:04X}", u32::from(pair[0])));
            }
        }
        assert!(wrong.is_empty(), "not one cell each: {}", wrong.join(" "));
    }

    #[test]
    fn put_line_writes_what_set_line_writes() {
        let area = Rect::new(0, 0, 16, 1);
        for (first, second) in TEXTS.iter().zip(TEXTS.iter().rev()) {
            let [a, b] = styles();
            let line = Line::from(vec![Span::styled(*first, a), Span::styled(*second, b)])
                .style(Style::new().underlined());
            for max in [0, 1, 4, 9, 16] {
                let (mut ours, mut theirs) = (canvas(area), canvas(area));
                let x = put_line(&mut ours, 0, 0, &line, max);
                let y = theirs.set_line(0, 0, &line, max);
                assert_eq!(ours, theirs, "{first:?} + {second:?} in {max}");
                assert_eq!(x, y);
            }
        }
    }

    #[test]
    fn frame_draws_what_a_bordered_block_draws() {
        let border = Style::new().fg(Color::DarkGray);
        for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (5, 4), (12, 5), (30, 3)] {
            for title in ["", "Turn order", " Dice log · 3 more ", "鬼 wide title that is long"] {
                let area = Rect::new(1, 1, w, h);
                let line = Line::from(Span::styled(title, Style::new().bold()));
                let (mut ours, mut theirs) =
                    (canvas(Rect::new(0, 0, 32, 7)), canvas(Rect::new(0, 0, 32, 7)));
                let inner = frame(&mut ours, area, &line, border);
                let block = Block::bordered().title(line.clone()).border_style(border);
                assert_eq!(inner, block.inner(area));
                block.render(area, &mut theirs);
                assert_eq!(ours, theirs, "{w}×{h} {title:?}");
            }
        }
    }

    #[test]
    fn wrapped_draws_what_a_wrapped_paragraph_draws() {
        let [a, b] = styles();
        let lines = || -> Vec<Line<'static>> {
            let mut lines: Vec<Line> = TEXTS.iter().map(|t| Line::styled(*t, a)).collect();
            lines.push(Line::from(vec![
                Span::styled("Shaken (first, damage)", b),
                Span::raw(": free actions only; a Spirit roll at the start of the turn"),
            ]));
            lines.push(Line::raw("   "));
            lines.push(Line::raw("word  two   spaces   "));
            lines.push(Line::raw("averyveryverylongwordthatmustbreak here"));
            lines
        };
        for width in [1, 2, 5, 8, 13, 21, 40] {
            for height in [1, 4, 30, 90] {
                let area = Rect::new(1, 0, width, height);
                let whole = Rect::new(0, 0, 42, 91);
                // On a blank area, as every frame starts (ratatui leaves the cell after a wide
                // glyph as it was; `set_stringn` blanks it).
                let (mut ours, mut theirs) = (Buffer::empty(whole), Buffer::empty(whole));
                wrapped(&mut ours, area, lines());
                Paragraph::new(lines()).wrap(Wrap { trim: true }).render(area, &mut theirs);
                // Ratatui may write past the area (see `wrapped`): only the area is compared.
                for (x, y) in area.positions().map(|p| (p.x, p.y)) {
                    assert_eq!(ours[(x, y)], theirs[(x, y)], "{width}×{height} at ({x}, {y})");
                }
            }
        }
    }
}
