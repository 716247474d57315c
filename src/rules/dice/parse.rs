//! Reading dice notation: a small tokenizer and a recursive-descent parser that builds a
//! [`DiceExpr`] and enforces every limit before anything is rolled.

use super::expr::{DiceExpr, DiceTerm, Keep, Node, Sign, bounds};
use super::{DiceError, MAX_DEPTH, MAX_DICE, MAX_NUMBER, MAX_SIDES, MAX_TEXT_BYTES};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Digits; `None` when the value does not fit in an `i64`.
    Num(Option<i64>),
    D,
    Percent,
    Bang,
    K,
    H,
    L,
    Plus,
    Minus,
    Star,
    Open,
    Close,
    Other,
    End,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    kind: Kind,
    column: usize,
    text: String,
}

// Error messages quote what was found; a pasted wall of digits should not flood the screen.
const MAX_QUOTED_CHARS: usize = 24;

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    while let Some((index, c)) = chars.next() {
        let column = index + 1;
        if c.is_whitespace() {
            continue;
        }
        if c.is_ascii_digit() {
            let mut digits = String::from(c);
            while let Some(&(_, next)) = chars.peek() {
                if !next.is_ascii_digit() {
                    break;
                }
                digits.push(next);
                chars.next();
            }
            let value = digits.parse::<i64>().ok();
            tokens.push(Token { kind: Kind::Num(value), column, text: digits });
            continue;
        }
        let kind = match c {
            'd' | 'D' => Kind::D,
            '%' => Kind::Percent,
            '!' => Kind::Bang,
            'k' | 'K' => Kind::K,
            'h' | 'H' => Kind::H,
            'l' | 'L' => Kind::L,
            '+' => Kind::Plus,
            '-' => Kind::Minus,
            '*' => Kind::Star,
            '(' => Kind::Open,
            ')' => Kind::Close,
            _ => Kind::Other,
        };
        tokens.push(Token { kind, column, text: c.to_string() });
    }
    tokens.push(Token { kind: Kind::End, column: text.chars().count() + 1, text: String::new() });
    tokens
}

/// Parse `text` into a [`DiceExpr`], checking every limit.
pub(super) fn parse(text: &str) -> Result<DiceExpr, DiceError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(DiceError::TooLong { len: text.len(), limit: MAX_TEXT_BYTES });
    }
    let tokens = tokenize(text);
    let mut parser = Parser { tokens, pos: 0, depth: 0, dice: 0 };
    if parser.peek().kind == Kind::End {
        return Err(DiceError::Empty);
    }
    let root = parser.sum()?;
    if parser.peek().kind != Kind::End {
        return Err(parser.unexpected("'+', '-', '*' or the end of the expression"));
    }
    let (min, max) = bounds(&root)?;
    Ok(DiceExpr { root, min, max, dice: parser.dice })
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// Parentheses currently open.
    depth: usize,
    /// Dice counted so far, across all terms.
    dice: u32,
}

impl Parser {
    fn peek(&self) -> &Token {
        // The tokenizer always ends the list with `End`, and `advance` never moves past it.
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn advance(&mut self) -> Token {
        let token = self.peek().clone();
        if token.kind != Kind::End {
            self.pos += 1;
        }
        token
    }

    fn unexpected(&self, expected: &str) -> DiceError {
        let token = self.peek();
        DiceError::Parse {
            column: token.column,
            expected: expected.to_string(),
            found: quote(&token.text),
        }
    }

    /// sum := product (('+' | '-') product)*
    fn sum(&mut self) -> Result<Node, DiceError> {
        let first = self.product()?;
        let mut rest = Vec::new();
        loop {
            let sign = match self.peek().kind {
                Kind::Plus => Sign::Plus,
                Kind::Minus => Sign::Minus,
                _ => break,
            };
            self.advance();
            rest.push((sign, self.product()?));
        }
        Ok(if rest.is_empty() { first } else { Node::Sum(Box::new(first), rest) })
    }

    /// product := factor ('*' factor)*
    fn product(&mut self) -> Result<Node, DiceError> {
        let mut factors = vec![self.factor()?];
        while self.peek().kind == Kind::Star {
            self.advance();
            factors.push(self.factor()?);
        }
        Ok(if factors.len() == 1 { factors.remove(0) } else { Node::Product(factors) })
    }

    /// factor := '-' atom | atom
    fn factor(&mut self) -> Result<Node, DiceError> {
        if self.peek().kind == Kind::Minus {
            self.advance();
            // Only one sign per term: `--2` is almost always a typo, and `-(-2)` says it plainly.
            if self.peek().kind == Kind::Minus {
                return Err(self.unexpected("a number, a die or '(' after '-'"));
            }
            return Ok(Node::Neg(Box::new(self.atom()?)));
        }
        self.atom()
    }

    /// atom := number | dice | '(' sum ')'
    fn atom(&mut self) -> Result<Node, DiceError> {
        match self.peek().kind {
            Kind::Num(value) => {
                let token = self.advance();
                if self.peek().kind == Kind::D {
                    let count = value.ok_or_else(|| too_big(&token, MAX_DICE.into()))?;
                    return self.dice(Some((token.column, count)));
                }
                let value = value.filter(|n| *n <= MAX_NUMBER);
                Ok(Node::Num(value.ok_or_else(|| too_big(&token, MAX_NUMBER))?))
            }
            Kind::D => self.dice(None),
            Kind::Open => {
                let open = self.advance();
                if self.depth >= MAX_DEPTH {
                    return Err(DiceError::TooDeep { column: open.column, limit: MAX_DEPTH });
                }
                self.depth += 1;
                let inner = self.sum()?;
                if self.peek().kind != Kind::Close {
                    return Err(self
                        .unexpected(&format!("')' to close the '(' from column {}", open.column)));
                }
                self.advance();
                self.depth -= 1;
                Ok(inner)
            }
            _ => Err(self.unexpected("a number, a die or '('")),
        }
    }

    /// dice := [count] 'd' [sides | '%'] ['!'] ['k' ['h' | 'l'] keep]
    ///
    /// The current token is the `d`; `count` is the column and value of the number before it.
    fn dice(&mut self, count: Option<(usize, i64)>) -> Result<Node, DiceError> {
        let d = self.advance();
        let (start, count_value) = count.unwrap_or((d.column, 1));
        if count_value == 0 {
            return Err(DiceError::ZeroDice { column: start });
        }
        let total = u64::from(self.dice).saturating_add(count_value.unsigned_abs());
        if total > u64::from(MAX_DICE) {
            return Err(DiceError::TooManyDice { column: start, count: total, limit: MAX_DICE });
        }
        // Cannot fail: the count is within the dice limit, which is a `u32`.
        let count_value = u32::try_from(count_value).map_err(|_| DiceError::Overflow)?;

        let sides = match self.peek().kind {
            Kind::Num(value) => {
                let token = self.advance();
                let value = value.ok_or_else(|| too_big(&token, MAX_SIDES.into()))?;
                if value == 0 {
                    return Err(DiceError::ZeroSides { column: token.column });
                }
                if value > i64::from(MAX_SIDES) {
                    return Err(DiceError::TooManySides {
                        column: token.column,
                        sides: value.unsigned_abs(),
                        limit: MAX_SIDES,
                    });
                }
                u32::try_from(value).map_err(|_| DiceError::Overflow)?
            }
            Kind::Percent => {
                self.advance();
                100
            }
            // GURPS writes `3d` for three six-sided dice.
            _ if count.is_some() => 6,
            _ => return Err(self.unexpected("a number of sides after 'd'")),
        };

        let mut explode = false;
        if self.peek().kind == Kind::Bang {
            let bang = self.advance();
            if sides == 1 {
                return Err(DiceError::CannotExplode { column: bang.column });
            }
            explode = true;
        }

        let mut keep = None;
        if self.peek().kind == Kind::K {
            self.advance();
            let high = match self.peek().kind {
                Kind::H => {
                    self.advance();
                    true
                }
                Kind::L => {
                    self.advance();
                    false
                }
                _ => true,
            };
            let Kind::Num(value) = self.peek().kind else {
                return Err(self.unexpected("how many dice to keep"));
            };
            let token = self.advance();
            let n = value.ok_or_else(|| too_big(&token, count_value.into()))?.unsigned_abs();
            if n == 0 || n > u64::from(count_value) {
                return Err(DiceError::BadKeep {
                    column: token.column,
                    keep: n,
                    dice: count_value,
                });
            }
            let n = u32::try_from(n).map_err(|_| DiceError::Overflow)?;
            keep = Some(if high { Keep::High(n) } else { Keep::Low(n) });
        }

        self.dice += count_value;
        Ok(Node::Dice(DiceTerm { count: count_value, sides, explode, keep }))
    }
}

fn too_big(token: &Token, limit: i64) -> DiceError {
    DiceError::Parse {
        column: token.column,
        expected: format!("a number no larger than {limit}"),
        found: quote(&token.text),
    }
}

fn quote(text: &str) -> String {
    let mut found: String = text.chars().take(MAX_QUOTED_CHARS).collect();
    if text.chars().count() > MAX_QUOTED_CHARS {
        found.push_str("...");
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::MAX_TOTAL;
    use super::*;

    fn parse_err(text: &str) -> DiceError {
        match DiceExpr::parse(text) {
            Ok(expr) => panic!("{text:?} parsed as {expr}"),
            Err(err) => err,
        }
    }

    #[test]
    fn notation_table() {
        // text, canonical text, dice count, min, max
        let cases: &[(&str, &str, u32, i64, i64)] = &[
            ("3d6", "3d6", 3, 3, 18),
            ("d20", "d20", 1, 1, 20),
            ("1d20", "d20", 1, 1, 20),
            ("2D8", "2d8", 2, 2, 16),
            (" 2 d 6 + 3 ", "2d6+3", 2, 5, 15),
            ("2d6+3", "2d6+3", 2, 5, 15),
            ("1d8-1", "d8-1", 1, 0, 7),
            ("d20+d4-2", "d20+d4-2", 2, 0, 22),
            ("-2+d6", "-2+d6", 1, -1, 4),
            ("-d6", "-d6", 1, -6, -1),
            ("7", "7", 0, 7, 7),
            ("(2d6+1)*2", "(2d6+1)*2", 2, 6, 26),
            ("2*-3", "2*(-3)", 0, -6, -6),
            ("-2*3", "-2*3", 0, -6, -6),
            ("-(2*3)", "-(2*3)", 0, -6, -6),
            ("-(-4)", "-(-4)", 0, 4, 4),
            ("1-(-4)", "1-(-4)", 0, 5, 5),
            ("1+-4", "1+(-4)", 0, -3, -3),
            ("d6-d6", "d6-d6", 2, -5, 5),
            ("(d6-4)*(d6-4)", "(d6-4)*(d6-4)", 2, -6, 9),
            ("(1+2)+3", "(1+2)+3", 0, 6, 6),
            ("1+(2+3)", "1+(2+3)", 0, 6, 6),
            ("(2*3)*4", "(2*3)*4", 0, 24, 24),
            ("((((d4))))", "d4", 1, 1, 4),
            ("4d6kh3", "4d6kh3", 4, 3, 18),
            ("4d6KH3", "4d6kh3", 4, 3, 18),
            ("4d6k3", "4d6kh3", 4, 3, 18),
            ("4d6kl1", "4d6kl1", 4, 1, 6),
            ("4d6 k l 1", "4d6kl1", 4, 1, 6),
            ("2d20kh2", "2d20kh2", 2, 2, 40),
            ("d8!", "d8!", 1, 1, 8),
            ("3d6!", "3d6!", 3, 3, 18),
            ("4d6!kh3", "4d6!kh3", 4, 3, 18),
            ("2d+1", "2d6+1", 2, 3, 13),
            ("3d-2", "3d6-2", 3, 1, 16),
            ("2d", "2d6", 2, 2, 12),
            ("3dkh2", "3d6kh2", 3, 2, 12),
            ("2d!", "2d6!", 2, 2, 12),
            ("d%", "d100", 1, 1, 100),
            ("2d%", "2d100", 2, 2, 200),
            ("d1", "d1", 1, 1, 1),
            ("007", "7", 0, 7, 7),
            ("d06", "d6", 1, 1, 6),
            ("1000d1000000", "1000d1000000", 1000, 1000, MAX_TOTAL),
            ("10000d100000", "10000d100000", 10_000, 10_000, MAX_TOTAL),
            ("-1000d1000000", "-1000d1000000", 1000, -MAX_TOTAL, -1000),
            ("1000000*1000", "1000000*1000", 0, MAX_TOTAL, MAX_TOTAL),
            ("5000d6+5000d6", "5000d6+5000d6", 10_000, 10_000, 60_000),
            ("1000000", "1000000", 0, MAX_NUMBER, MAX_NUMBER),
            ("-1000000", "-1000000", 0, -MAX_NUMBER, -MAX_NUMBER),
        ];
        for &(text, canonical, count, min, max) in cases {
            let expr = DiceExpr::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(expr.to_string(), canonical, "{text:?}");
            assert_eq!(expr.dice_count(), count, "{text:?}");
            assert_eq!((expr.min(), expr.max()), (min, max), "{text:?}");
            assert_eq!(DiceExpr::parse(canonical), Ok(expr.clone()), "{text:?}");
            assert_eq!(text.parse::<DiceExpr>(), Ok(expr), "{text:?}");
        }
    }

    #[test]
    fn same_meaning_same_expression() {
        let pairs = [
            ("1d6", "d6"),
            ("2d", "2d6"),
            ("d%", "1d100"),
            ("4d6k3", "4d6kh3"),
            ("(d6)", "d6"),
            ("2 d 6", "2d6"),
        ];
        for (a, b) in pairs {
            assert_eq!(DiceExpr::parse(a), DiceExpr::parse(b), "{a} vs {b}");
        }
    }

    fn parse_error(column: usize, expected: &str, found: &str) -> DiceError {
        DiceError::Parse { column, expected: expected.to_string(), found: found.to_string() }
    }

    #[test]
    fn error_table() {
        let operand = "a number, a die or '('";
        let after = "'+', '-', '*' or the end of the expression";
        let cases: Vec<(&str, DiceError)> = vec![
            ("", DiceError::Empty),
            ("   ", DiceError::Empty),
            ("d", parse_error(2, "a number of sides after 'd'", "")),
            ("d+3", parse_error(2, "a number of sides after 'd'", "+")),
            ("2d6+", parse_error(5, operand, "")),
            ("+3", parse_error(1, operand, "+")),
            ("2d6 3", parse_error(5, after, "3")),
            ("2d6)", parse_error(4, after, ")")),
            ("2x6", parse_error(2, after, "x")),
            ("1 0", parse_error(3, after, "0")),
            ("--2", parse_error(2, "a number, a die or '(' after '-'", "-")),
            ("(2d6", parse_error(5, "')' to close the '(' from column 1", "")),
            ("()", parse_error(2, operand, ")")),
            ("4d6kh", parse_error(6, "how many dice to keep", "")),
            ("4d6k", parse_error(5, "how many dice to keep", "")),
            ("4d6h3", parse_error(4, after, "h")),
            ("4d6kh3!", parse_error(7, after, "!")),
            ("d6!!", parse_error(4, after, "!")),
            ("%", parse_error(1, operand, "%")),
            ("2 * é", parse_error(5, operand, "é")),
            (
                "99999999999999999999",
                parse_error(1, "a number no larger than 1000000", "99999999999999999999"),
            ),
            (
                "1234567890123456789012345678d6",
                parse_error(1, "a number no larger than 10000", "123456789012345678901234..."),
            ),
            (
                "d99999999999999999999",
                parse_error(2, "a number no larger than 1000000", "99999999999999999999"),
            ),
            (
                "4d6kh99999999999999999999",
                parse_error(6, "a number no larger than 4", "99999999999999999999"),
            ),
            ("0d6", DiceError::ZeroDice { column: 1 }),
            ("d0", DiceError::ZeroSides { column: 2 }),
            ("3d0+1", DiceError::ZeroSides { column: 3 }),
            ("4d6kh5", DiceError::BadKeep { column: 6, keep: 5, dice: 4 }),
            ("4d6kl0", DiceError::BadKeep { column: 6, keep: 0, dice: 4 }),
            ("d1!", DiceError::CannotExplode { column: 3 }),
            ("d1000001", DiceError::TooManySides { column: 2, sides: 1_000_001, limit: MAX_SIDES }),
            ("10001d6", DiceError::TooManyDice { column: 1, count: 10_001, limit: MAX_DICE }),
            (
                "5000d6+5000d6+d4",
                DiceError::TooManyDice { column: 15, count: 10_001, limit: MAX_DICE },
            ),
            // Constants stop at MAX_NUMBER, wherever they stand.
            ("1000001", parse_error(1, "a number no larger than 1000000", "1000001")),
            ("-1000001", parse_error(2, "a number no larger than 1000000", "1000001")),
            ("d6+1000001", parse_error(4, "a number no larger than 1000000", "1000001")),
            (
                "9223372036854775807*1",
                parse_error(1, "a number no larger than 1000000", "9223372036854775807"),
            ),
            (
                "-9223372036854775807-2",
                parse_error(2, "a number no larger than 1000000", "9223372036854775807"),
            ),
            // Totals, and every part on the way to one, stop at MAX_TOTAL either way.
            ("1001d1000000", DiceError::TooLarge { reach: 1_001_000_000, limit: MAX_TOTAL }),
            // The dice term is out of range before the minus sign is applied.
            ("-1001d1000000", DiceError::TooLarge { reach: 1_001_000_000, limit: MAX_TOTAL }),
            ("1000000*1001", DiceError::TooLarge { reach: 1_001_000_000, limit: MAX_TOTAL }),
            ("-1000000*1001", DiceError::TooLarge { reach: -1_001_000_000, limit: MAX_TOTAL }),
            ("-1000000*1000-d6", DiceError::TooLarge { reach: -1_000_000_006, limit: MAX_TOTAL }),
            (
                "1000d1000000+1000000",
                DiceError::TooLarge { reach: 1_001_000_000, limit: MAX_TOTAL },
            ),
            (
                "1000000*1000000-1000000*1000000",
                DiceError::TooLarge { reach: 1_000_000_000_000, limit: MAX_TOTAL },
            ),
            (
                "5000d1000000*5000d1000000",
                DiceError::TooLarge { reach: 5_000_000_000, limit: MAX_TOTAL },
            ),
            (
                "1000000*1000000*1000000*1000000",
                DiceError::TooLarge { reach: 1_000_000_000_000, limit: MAX_TOTAL },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_err(text), expected, "{text:?}");
        }
    }

    #[test]
    fn nesting_limit_is_exactly_64() {
        let ok = format!("{}d6{}", "(".repeat(64), ")".repeat(64));
        assert_eq!(DiceExpr::parse(&ok).map(|e| e.to_string()), Ok("d6".into()));
        let deep = format!("{}d6{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(parse_err(&deep), DiceError::TooDeep { column: 65, limit: MAX_DEPTH });
        // Unbalanced runs of '(' stop at the limit instead of recursing on.
        assert!(matches!(parse_err(&"(".repeat(4000)), DiceError::TooDeep { .. }));
    }

    #[test]
    fn length_limit_counts_bytes() {
        let just_fits = format!("1{}", "+1".repeat((MAX_TEXT_BYTES - 1) / 2));
        assert_eq!(just_fits.len(), MAX_TEXT_BYTES - 1);
        assert!(DiceExpr::parse(&just_fits).is_ok());
        let spaces = format!("d6{}", " ".repeat(MAX_TEXT_BYTES - 2));
        assert!(DiceExpr::parse(&spaces).is_ok());
        let too_long = format!("d6{}", " ".repeat(MAX_TEXT_BYTES - 1));
        assert_eq!(
            parse_err(&too_long),
            DiceError::TooLong { len: MAX_TEXT_BYTES + 1, limit: MAX_TEXT_BYTES }
        );
    }

    #[test]
    fn long_flat_sums_do_not_nest() {
        let text = format!("d6{}", "+d6".repeat(1300));
        let expr = DiceExpr::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expr.dice_count(), 1301);
        assert_eq!(expr.to_string(), text);
    }

    #[test]
    fn error_messages_read_plainly() {
        let cases = [
            ("d+3", "dice: expected a number of sides after 'd' at column 2, found '+'"),
            (
                "2d6+",
                "dice: expected a number, a die or '(' at column 5, found the end of the text",
            ),
            ("", "dice: the expression is empty; expected something like 2d6+3"),
            ("4d6kh5", "dice: expected to keep between 1 and 4 dice at column 6, found 5"),
            ("0d6", "dice: expected at least one die at column 1, found 0"),
            ("d0", "dice: expected at least one side at column 2, found 0"),
            (
                "d1!",
                "dice: a d1 cannot explode (it always rolls its maximum); expected at least 2 sides before the '!' at column 3",
            ),
            (
                "d2000000",
                "dice: a die with 2000000 sides at column 2; expected at most 1000000 sides",
            ),
            (
                "6000d6+6000d6",
                "dice: 12000 dice by column 8; expected at most 10000 in one expression",
            ),
            (
                "9223372036854775807+1",
                "dice: expected a number no larger than 1000000 at column 1, found '9223372036854775807'",
            ),
            (
                "2000d1000000",
                "dice: the expression can reach 2000000000; expected every result, and every part of one, between -1000000000 and 1000000000",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse_err(text).to_string(), message, "{text:?}");
        }
        assert_eq!(
            parse_err(&"(".repeat(70)).to_string(),
            "dice: parentheses nest too deep at column 65; expected at most 64 levels"
        );
        assert_eq!(
            parse_err(&" ".repeat(5000)).to_string(),
            "dice: the expression is 5000 bytes long; expected at most 4096"
        );
    }
}
