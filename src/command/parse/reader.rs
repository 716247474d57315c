//! [`Words`]: a cursor over a command's words, reading names, words and free text in order with
//! the length limits every command shares.

use super::{MAX_NAME, MAX_NOTE, ParseError, Token};

/// Reads a command's arguments in order.
pub(super) struct Words<'a> {
    tokens: &'a [Token],
    at: usize,
}

impl<'a> Words<'a> {
    pub(super) fn new(tokens: &'a [Token]) -> Words<'a> {
        Words { tokens, at: 0 }
    }

    pub(super) fn next(&mut self) -> Option<&'a Token> {
        let token = self.tokens.get(self.at)?;
        self.at += 1;
        Some(token)
    }

    pub(super) fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.at)
    }

    pub(super) fn name(&mut self, what: &str) -> Result<String, ParseError> {
        let token = self.next().ok_or_else(|| ParseError::new(format!("expected {what}")))?;
        if token.text.trim().is_empty() {
            return Err(ParseError::new(format!("{what} must not be empty")));
        }
        if token.text.chars().count() > MAX_NAME {
            return Err(ParseError::new(format!("{what} is longer than {MAX_NAME} characters")));
        }
        Ok(token.text.clone())
    }

    /// A non-empty word of any length (an amount, a dice expression).
    pub(super) fn word(&mut self, what: &str) -> Result<String, ParseError> {
        let token = self.next().ok_or_else(|| ParseError::new(format!("expected {what}")))?;
        if token.text.trim().is_empty() {
            return Err(ParseError::new(format!("{what} must not be empty")));
        }
        Ok(token.text.clone())
    }

    pub(super) fn end(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(extra) => Err(ParseError::new(format!("unexpected '{}' at the end", extra.text))),
        }
    }

    pub(super) fn rest(&mut self) -> &'a [Token] {
        let rest = &self.tokens[self.at.min(self.tokens.len())..];
        self.at = self.tokens.len();
        rest
    }

    /// The remaining words joined by single spaces (at most [`MAX_NOTE`] characters).
    pub(super) fn rest_text(&mut self) -> Result<String, ParseError> {
        let text = self.rest().iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
        if text.chars().count() > MAX_NOTE {
            return Err(ParseError::new(format!("the text is longer than {MAX_NOTE} characters")));
        }
        Ok(text)
    }

    pub(super) fn is_word(&self, word: &str) -> bool {
        self.peek().is_some_and(|t| !t.quoted && t.text.eq_ignore_ascii_case(word))
    }
}
