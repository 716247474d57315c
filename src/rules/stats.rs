//! Combatant statistics: typed values keyed by field name, checked against a system's field table.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::dice::DiceExpr;

/// What a field accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole number within bounds (and never beyond [`MAX_STAT`] either way).
    Int { min: i64, max: i64 },
    /// A number with up to two decimals (GURPS Basic Speed), bounds in hundredths.
    Decimal { min: i64, max: i64 },
    /// A dice expression such as `4d6`.
    Dice,
    /// One die with an optional bonus: `d8`, `d12+1` (Savage Worlds traits).
    Die,
    /// A switch written alone (`human`) or as `human=on|off`.
    Flag,
    /// Free text.
    Text,
    /// A comma-separated list of words.
    List,
    /// A word that sets another flag field: `extra` means `wild=off`.
    Sets { field: &'static str, on: bool },
}

/// The largest whole number any field holds either way, whatever its table says.
pub const MAX_STAT: i64 = 1_000_000;

impl FieldKind {
    /// How the expected value is described in errors and help.
    pub fn expected(self) -> String {
        match self {
            FieldKind::Int { min, max } => {
                let (min, max) = stat_range(min, max);
                format!("a whole number from {min} to {max}")
            }
            FieldKind::Decimal { min, max } => {
                let (min, max) = stat_range(min, max);
                let (min, max) = (format_hundredths(min), format_hundredths(max));
                format!("a number from {min} to {max} with up to two decimals, such as 5.75")
            }
            FieldKind::Dice => "a dice expression such as 3d6".into(),
            FieldKind::Die => "a die from d4 to d12, optionally with a bonus (d12+1)".into(),
            FieldKind::Flag => "on or off (or the name alone)".into(),
            FieldKind::Text => "some text".into(),
            FieldKind::List => "a comma-separated list".into(),
            FieldKind::Sets { field, on } => {
                format!("nothing (it sets {field}={})", if on { "on" } else { "off" })
            }
        }
    }
}

/// A table's bounds, narrowed to [`MAX_STAT`] (hundredths too, so a decimal stays within
/// 10,000.00).
fn stat_range(min: i64, max: i64) -> (i64, i64) {
    (min.max(-MAX_STAT), max.min(MAX_STAT))
}

/// One field a system accepts after `add NAME`.
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: FieldKind,
    pub help: &'static str,
}

/// A whole-number field, for the systems' field tables.
pub const fn int_field(name: &'static str, min: i64, max: i64, help: &'static str) -> FieldSpec {
    FieldSpec { name, kind: FieldKind::Int { min, max }, help }
}

/// A die with a bonus, written `d8` or `d12+1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraitDie {
    pub sides: u32,
    pub bonus: i64,
}

impl fmt::Display for TraitDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides)?;
        if self.bonus != 0 {
            write!(f, "{:+}", self.bonus)?;
        }
        Ok(())
    }
}

impl TraitDie {
    /// Parse `d4`…`d12` with an optional `+N`/`-N`.
    pub fn parse(text: &str) -> Option<TraitDie> {
        let rest = text.trim().strip_prefix(['d', 'D'])?;
        let split = rest.find(['+', '-']).unwrap_or(rest.len());
        let sides: u32 = rest[..split].parse().ok()?;
        if ![4, 6, 8, 10, 12].contains(&sides) {
            return None;
        }
        let bonus = if split < rest.len() {
            rest[split..].parse::<i64>().ok().filter(|b| (-20..=20).contains(b))?
        } else {
            0
        };
        Some(TraitDie { sides, bonus })
    }
}

/// The value stored for one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatValue {
    Int(i64),
    /// Hundredths, so 5.75 is stored as 575 and equality stays exact.
    Decimal(i64),
    Dice(String),
    Die(TraitDie),
    Flag(bool),
    Text(String),
    List(Vec<String>),
}

impl fmt::Display for StatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatValue::Int(n) => write!(f, "{n}"),
            StatValue::Decimal(h) => write!(f, "{}", format_hundredths(*h)),
            StatValue::Dice(d) | StatValue::Text(d) => write!(f, "{d}"),
            StatValue::Die(d) => write!(f, "{d}"),
            StatValue::Flag(b) => write!(f, "{}", if *b { "on" } else { "off" }),
            StatValue::List(items) => write!(f, "{}", items.join(",")),
        }
    }
}

/// Render hundredths as the shortest decimal: 575 → "5.75", 600 → "6", 650 → "6.5".
pub fn format_hundredths(h: i64) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let (whole, frac) = (h.unsigned_abs() / 100, h.unsigned_abs() % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// Parse a decimal with at most two places into hundredths.
pub fn parse_hundredths(text: &str) -> Option<i64> {
    let text = text.trim();
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 2 {
        return None;
    }
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !all_digits(whole) || !all_digits(frac) || whole.len() > 9 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let frac: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    let value = whole * 100 + frac;
    Some(if neg { -value } else { value })
}

/// Why a field could not be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldError {
    Unknown {
        field: String,
        valid: Vec<&'static str>,
    },
    BadValue {
        field: String,
        value: String,
        expected: String,
    },
    /// A value of the right form naming something the system does not know (a damage type or
    /// condition: WOIN `immune=firee`); `why` names the nearest.
    UnknownName {
        field: String,
        value: String,
        why: String,
    },
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Unknown { field, valid } => {
                write!(f, "unknown field '{field}'; valid fields: {}", valid.join(", "))
            }
            FieldError::BadValue { field, value, expected } => {
                write!(f, "{field}={value}: expected {expected}")
            }
            FieldError::UnknownName { field, value, why } => write!(f, "{field}={value}: {why}"),
        }
    }
}

/// A weapon: its name and its fields, checked against the system's weapon field table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub stats: Stats,
}

/// A combatant's statistics as set by `add` fields and bestiary entries.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Stats(BTreeMap<String, StatValue>);

impl Stats {
    /// Set one field from its text, validated against `table`.
    pub fn set(
        &mut self,
        table: &[FieldSpec],
        field: &str,
        value: Option<&str>,
    ) -> Result<(), FieldError> {
        let key = field.to_ascii_lowercase();
        // `armor.fire` is read by a table's `armor.*`: one field per word after the dot.
        let wild = |s: &&FieldSpec| {
            s.name.strip_suffix(".*").is_some_and(|prefix| {
                key.strip_prefix(prefix).and_then(|rest| rest.strip_prefix('.')).is_some_and(
                    |word| {
                        !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_')
                    },
                )
            })
        };
        let Some(spec) = table.iter().find(|s| s.name == key).or_else(|| table.iter().find(wild))
        else {
            return Err(FieldError::Unknown {
                field: field.to_string(),
                valid: table.iter().map(|s| s.name).collect(),
            });
        };
        let bad = || FieldError::BadValue {
            field: if spec.name.ends_with(".*") { key.clone() } else { spec.name.to_string() },
            value: value.unwrap_or("").to_string(),
            expected: spec.kind.expected(),
        };
        let parsed = match (spec.kind, value) {
            (FieldKind::Flag, None) => StatValue::Flag(true),
            (FieldKind::Flag, Some(v)) => match v.to_ascii_lowercase().as_str() {
                "on" | "yes" | "true" | "1" => StatValue::Flag(true),
                "off" | "no" | "false" | "0" => StatValue::Flag(false),
                _ => return Err(bad()),
            },
            (FieldKind::Sets { field, on }, None) => {
                self.0.insert(field.to_string(), StatValue::Flag(on));
                return Ok(());
            }
            (_, None) | (FieldKind::Sets { .. }, Some(_)) => return Err(bad()),
            (FieldKind::Int { min, max }, Some(v)) => {
                let (min, max) = stat_range(min, max);
                match v.trim_start_matches('+').parse::<i64>() {
                    Ok(n) if (min..=max).contains(&n) => StatValue::Int(n),
                    _ => return Err(bad()),
                }
            }
            (FieldKind::Decimal { min, max }, Some(v)) => {
                let (min, max) = stat_range(min, max);
                match parse_hundredths(v) {
                    Some(h) if (min..=max).contains(&h) => StatValue::Decimal(h),
                    _ => return Err(bad()),
                }
            }
            (FieldKind::Dice, Some(v)) => match DiceExpr::parse(v) {
                Ok(expr) => StatValue::Dice(expr.to_string()),
                Err(err) => {
                    return Err(FieldError::BadValue {
                        field: spec.name.to_string(),
                        value: v.to_string(),
                        expected: format!("{} ({err})", spec.kind.expected()),
                    });
                }
            },
            (FieldKind::Die, Some(v)) => StatValue::Die(TraitDie::parse(v).ok_or_else(bad)?),
            (FieldKind::Text, Some(v)) if !v.trim().is_empty() => StatValue::Text(v.to_string()),
            (FieldKind::Text, Some(_)) => return Err(bad()),
            (FieldKind::List, Some(v)) => StatValue::List(
                v.split(',')
                    .map(|s| s.trim().to_ascii_lowercase())
                    .filter(|s| !s.is_empty())
                    .collect(),
            ),
        };
        let name = if spec.name.ends_with(".*") { key } else { spec.name.to_string() };
        self.0.insert(name, parsed);
        Ok(())
    }

    /// Apply a whole `FIELD=VALUE FLAG …` list.
    pub fn apply<'a>(
        &mut self,
        table: &[FieldSpec],
        fields: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
    ) -> Result<(), FieldError> {
        fields.into_iter().try_for_each(|(k, v)| self.set(table, k, v))
    }

    /// Store a whole number directly (a LUC die spent, for instance).
    pub fn set_int(&mut self, field: &str, value: i64) {
        self.0.insert(field.to_string(), StatValue::Int(value));
    }

    pub fn set_flag(&mut self, field: &str, value: bool) {
        self.0.insert(field.to_string(), StatValue::Flag(value));
    }

    /// Store a value already checked (a list under its canonical names).
    pub fn put(&mut self, field: &str, value: StatValue) {
        self.0.insert(field.to_string(), value);
    }

    /// Take a field out (to store it again under its canonical name).
    pub fn take(&mut self, field: &str) -> Option<StatValue> {
        self.0.remove(field)
    }

    pub fn get(&self, field: &str) -> Option<&StatValue> {
        self.0.get(field)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &StatValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn int(&self, field: &str) -> Option<i64> {
        match self.0.get(field) {
            Some(StatValue::Int(n)) => Some(*n),
            _ => None,
        }
    }

    pub fn int_or(&self, field: &str, default: i64) -> i64 {
        self.int(field).unwrap_or(default)
    }

    pub fn hundredths(&self, field: &str) -> Option<i64> {
        match self.0.get(field) {
            Some(StatValue::Decimal(h)) => Some(*h),
            Some(StatValue::Int(n)) => Some(n * 100),
            _ => None,
        }
    }

    pub fn flag(&self, field: &str) -> bool {
        matches!(self.0.get(field), Some(StatValue::Flag(true)))
    }

    pub fn dice(&self, field: &str) -> Option<&str> {
        match self.0.get(field) {
            Some(StatValue::Dice(d)) => Some(d),
            _ => None,
        }
    }

    pub fn die(&self, field: &str) -> Option<TraitDie> {
        match self.0.get(field) {
            Some(StatValue::Die(d)) => Some(*d),
            _ => None,
        }
    }

    pub fn text(&self, field: &str) -> Option<&str> {
        match self.0.get(field) {
            Some(StatValue::Text(t)) => Some(t),
            _ => None,
        }
    }

    pub fn list(&self, field: &str) -> &[String] {
        match self.0.get(field) {
            Some(StatValue::List(items)) => items,
            _ => &[],
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[FieldSpec] = &[
        FieldSpec { name: "agi", kind: FieldKind::Int { min: 0, max: 30 }, help: "" },
        FieldSpec { name: "speed", kind: FieldKind::Decimal { min: 0, max: 2000 }, help: "" },
        FieldSpec { name: "wide", kind: FieldKind::Int { min: i64::MIN, max: i64::MAX }, help: "" },
        FieldSpec { name: "wild", kind: FieldKind::Flag, help: "" },
        FieldSpec { name: "extra", kind: FieldKind::Sets { field: "wild", on: false }, help: "" },
        FieldSpec { name: "init", kind: FieldKind::Dice, help: "" },
        FieldSpec { name: "vigor", kind: FieldKind::Die, help: "" },
    ];

    #[test]
    fn fields_parse_by_kind() {
        let mut s = Stats::default();
        s.apply(
            TABLE,
            [("agi", Some("5")), ("speed", Some("6.25")), ("wild", None), ("vigor", Some("d12+1"))],
        )
        .unwrap();
        assert_eq!(s.int("agi"), Some(5));
        assert_eq!(s.hundredths("speed"), Some(625));
        assert!(s.flag("wild"));
        assert_eq!(s.die("vigor"), Some(TraitDie { sides: 12, bonus: 1 }));
        s.set(TABLE, "extra", None).unwrap();
        assert!(!s.flag("wild"));
    }

    #[test]
    fn unknown_field_lists_valid_ones() {
        let err = Stats::default().set(TABLE, "agility", Some("3")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown field 'agility'; valid fields: agi, speed, wide, wild, extra, init, vigor"
        );
    }

    #[test]
    fn bad_values_say_what_was_expected() {
        let err = Stats::default().set(TABLE, "agi", Some("lots")).unwrap_err();
        assert_eq!(err.to_string(), "agi=lots: expected a whole number from 0 to 30");
        let err = Stats::default().set(TABLE, "vigor", Some("d7")).unwrap_err();
        assert!(err.to_string().starts_with("vigor=d7: expected a die from d4"));
    }

    #[test]
    fn whole_numbers_stop_at_max_stat_whatever_the_table_says() {
        let mut s = Stats::default();
        s.set(TABLE, "wide", Some("-1000000")).unwrap();
        assert_eq!(s.int("wide"), Some(-MAX_STAT));
        s.set(TABLE, "wide", Some("1000000")).unwrap();
        assert_eq!(s.int("wide"), Some(MAX_STAT));
        for bad in ["1000001", "-1000001", "99999999999", "9223372036854775807"] {
            let err = s.set(TABLE, "wide", Some(bad)).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("wide={bad}: expected a whole number from -1000000 to 1000000")
            );
        }
        assert_eq!(s.int("wide"), Some(MAX_STAT), "a refused value leaves the old one");
    }

    #[test]
    fn decimals_stay_within_their_table_bounds() {
        let mut s = Stats::default();
        s.set(TABLE, "speed", Some("20")).unwrap();
        assert_eq!(s.hundredths("speed"), Some(2000));
        for bad in ["20.01", "-0.25", "999999999"] {
            let err = s.set(TABLE, "speed", Some(bad)).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "speed={bad}: expected a number from 0 to 20 with up to two decimals, such as 5.75"
                )
            );
        }
    }

    #[test]
    fn hundredths_round_trip() {
        for (text, h) in [("5.75", 575), ("6", 600), ("6.5", 650), ("0.05", 5), ("-1.5", -150)] {
            assert_eq!(parse_hundredths(text), Some(h), "{text}");
            assert_eq!(format_hundredths(h), text);
        }
        for bad in ["", ".", "1.234", "x", "1e5"] {
            assert_eq!(parse_hundredths(bad), None, "{bad}");
        }
    }
}
