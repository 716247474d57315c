//! A JSON value with the path it was reached by, so that every refusal of a GCS file names the
//! field (`equipment[2].weapons[0].calc.damage`) as well as the file.

use serde_json::Value;

use crate::import::ImportError;

/// The longest name kept from a file; the rest is cut.
pub const NAME_CHARS: usize = 80;

/// A value in the file and where it is.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    pub value: &'a Value,
    pub path: String,
    pub file: &'a str,
}

impl<'a> Node<'a> {
    pub fn root(value: &'a Value, file: &'a str) -> Node<'a> {
        Node { value, path: String::new(), file }
    }

    /// The refusal of the file, at this node.
    pub fn error(&self, message: impl Into<String>) -> ImportError {
        ImportError::new(self.file, self.path.clone(), message)
    }

    fn child_path(&self, key: &str) -> String {
        if self.path.is_empty() { key.to_string() } else { format!("{}.{key}", self.path) }
    }

    /// A member of an object, if there (a JSON `null` counts as absent).
    pub fn get(&self, key: &str) -> Option<Node<'a>> {
        self.value.get(key).filter(|v| !v.is_null()).map(|value| Node {
            value,
            path: self.child_path(key),
            file: self.file,
        })
    }

    /// A member the file must have.
    pub fn need(&self, key: &str, what: &str) -> Result<Node<'a>, ImportError> {
        self.get(key).ok_or_else(|| {
            ImportError::new(self.file, self.child_path(key), format!("missing: {what}"))
        })
    }

    /// The items of an array member; none when it is absent, refused when it is not an array.
    pub fn items(&self, key: &str) -> Result<Vec<Node<'a>>, ImportError> {
        let Some(list) = self.get(key) else { return Ok(Vec::new()) };
        let array = list.value.as_array().ok_or_else(|| list.error("expected a list"))?;
        Ok(array
            .iter()
            .enumerate()
            .map(|(i, value)| Node { value, path: format!("{}[{i}]", list.path), file: self.file })
            .collect())
    }

    /// Text, refused when the value is something else.
    pub fn text(&self) -> Result<&'a str, ImportError> {
        self.value.as_str().ok_or_else(|| self.error("expected text"))
    }

    /// A text member, if there.
    pub fn text_of(&self, key: &str) -> Result<Option<&'a str>, ImportError> {
        self.get(key).map(|n| n.text()).transpose()
    }

    /// A name from the file as one line of printable text (control characters and runs of
    /// spaces made one space, at most [`NAME_CHARS`] characters); `None` when absent or blank.
    pub fn name_of(&self, key: &str) -> Result<Option<String>, ImportError> {
        Ok(self.text_of(key)?.map(one_line).filter(|l| !l.is_empty()))
    }

    /// A number as GCS writes it (a JSON number, sometimes a string such as "5.75").
    pub fn number(&self) -> Result<f64, ImportError> {
        let n = match self.value {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().replace(',', "").parse::<f64>().ok(),
            _ => None,
        };
        n.filter(|n| n.is_finite()).ok_or_else(|| self.error("expected a number"))
    }

    /// A whole number; a fraction or one past any field's reach is refused.
    pub fn whole(&self) -> Result<i64, ImportError> {
        let n = self.number()?;
        let limit = 1e9;
        if n.fract() != 0.0 || n.abs() > limit {
            return Err(self.error(format!("expected a whole number, found {n}")));
        }
        // Checked just above: a whole number within ±10⁹ converts exactly.
        #[expect(clippy::cast_possible_truncation, reason = "whole and within ±1e9, checked above")]
        Ok(n as i64)
    }

    /// A flag member: absent is false.
    pub fn flag(&self, key: &str) -> bool {
        self.get(key).and_then(|n| n.value.as_bool()).unwrap_or(false)
    }
}

/// Text from a file as one printable line: control characters and runs of spaces made one
/// space, at most [`NAME_CHARS`] characters.
pub fn one_line(text: &str) -> String {
    let words = text.split(|c: char| c.is_whitespace() || c.is_control()).filter(|w| !w.is_empty());
    words.collect::<Vec<_>>().join(" ").chars().take(NAME_CHARS).collect()
}
